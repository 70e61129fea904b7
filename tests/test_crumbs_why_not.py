"""Crumbs "why not?": hovering a place that does not glow (a space of the park, the Daily Buzz deck, an army,
your army sheet) says, in the rulebook's words, why not now. Each common mistake is built from a real
position (real setups and actions; critters put on the park as the helpers do) and checked against its exact
message in the mover's view, and in views whose hidden Daily Buzz deck is re-dealt."""
from __future__ import annotations

import random
import re

import pytest

from games.crumbs import GAME, table, trail
from games.crumbs.actions import (
    ChooseArmy,
    DogPlace,
    Done,
    MoveCount,
    MoveFrom,
    MoveTo,
    PickCritter,
    PickSpace,
    PlaceStart,
    Spawn,
    Special,
)
from games.crumbs.why import WHY, action_place
from tests.crumbs_helpers import empty_park, put, put_crumb, skip_to_feeding


def _park(armies=("pigeons", "ducks"), **critters):
    """Returns the first turn of a game (the Daily Buzz drawn) with seat 0's critters put in spaces;
    `enemy_<space>=n` puts seat 1's."""
    state = empty_park(armies)
    for name, count in critters.items():
        seat, space = (1, name[6:]) if name.startswith("enemy_") else (0, name)
        put(state, seat, space, count)
    return state


def _play(state, *actions):
    """Plays actions through the rules, as clicks would."""
    for action in actions:
        state.apply(action)
    return state


def _new_game(players: int = 2, **options):
    """Returns a new game, armies being chosen."""
    return GAME.new_state(players, options, 3)


def _drawing():
    """Returns a real game just set up (the setup drop played): Granny's Favor (seat 1) is to draw the Daily Buzz."""
    state = _play(_new_game(), ChooseArmy("pigeons"), ChooseArmy("ducks"))
    assert state.favor == state.current_player() == 1
    return state


def _rich(state, seat: int = 0, amount: int = 10):
    """Gives a seat crumbs from the Daily Buzz (as a card would)."""
    trail.gain(state, seat, amount, "Daily Buzz", "a card")
    state._legal = None
    return state


def _all_pigeons_out():
    state = _park(rose_garden=6, oak_grove=5)
    assert not table.pool(state, 0)
    return state


def _paid_twice():
    """Ducks: the free movement and a paid one (5 - 2 = 3 crumbs left)."""
    state = _park(("ducks", "pigeons"), west_lawn=2)
    return _play(state, MoveFrom("west_lawn"), MoveCount(1), MoveTo("oak_grove"), MoveFrom("oak_grove"),
                 MoveTo("rose_garden"))


def _flying(*spaces):
    state = _park(rose_garden=2, oak_grove=2, fountain=1)
    return _play(state, Special("Feathered Friends"), *[PickCritter(s) for s in spaces])


def _alternate_start():
    state = _play(_new_game(start="place"), ChooseArmy("pigeons"), ChooseArmy("ducks"))
    return _play(state, PlaceStart("north_lawn"))


def _feeding():
    """Returns the end of a round's turns: Granny's Favor is to drop the crumbs."""
    state = _park(oak_grove=2)
    skip_to_feeding(state)
    return state


def _moved_out():
    """Pigeons, all on the park: the free movement and two paid ones leave 1 crumb."""
    state = _all_pigeons_out()
    for _ in range(3):
        _play(state, MoveFrom("rose_garden"), MoveCount(1), MoveTo("oak_grove"))
    return state


def _squirrels(**stockpiles):
    """Squirrels holding West Lawn, with stockpile crumbs put in spaces (`space=n`)."""
    state = _park(("squirrels", "ducks"), west_lawn=2)
    for space, count in stockpiles.items():
        for _ in range(count):
            put_crumb(state, "stockpile", space)
    return state


def _random_armies():
    state = _new_game(3, armies="random")
    assert state.pending_decision().data["dealt"] == "pigeons"
    return state


MISTAKES = [  # (what the player tries, the position, the place hovered, the exact line)
    ("click a space before drawing the Daily Buzz", _drawing, ("space", "fountain"),
     "Draw the Daily Buzz card first: every turn begins with it."),
    ("use the special action before drawing", _drawing, ("sheet", 1),
     "Draw the Daily Buzz card first: every turn begins with it."),
    ("use the special action at the feeding", _feeding, ("sheet", 0),
     "Every turn of this round is over: Granny's Favor drops the crumbs now."),
    ("draw a second Daily Buzz card", _park, ("deck",),
     "You have drawn this turn's Daily Buzz card: one card a turn."),
    ("draw a Daily Buzz card while placing starting critters (seen in a real window)", _alternate_start, ("deck",),
     "The Daily Buzz begins each turn, once everyone's first critters are on the park."),
    ("draw a Daily Buzz card at the feeding", _feeding, ("deck",),
     "Every turn of this round is over: Granny's Favor drops the crumbs now."),
    ("spawn on an empty space far from one's critters", lambda: _park(rose_garden=2), ("space", "duck_pond"),
     "You spawn only onto a space with your critters, or onto the fountain."),
    ("move into the empty space next door by clicking it", lambda: _park(oak_grove=2), ("space", "west_lawn"),
     "Spawn only where your critters are or in the fountain; to move here, click their space first."),
    ("attack an enemy space by clicking it", lambda: _park(oak_grove=2, enemy_north_lawn=2), ("space", "north_lawn"),
     "The Ducks hold this space: to attack it, click your critters' space next to it first."),
    ("attack an enemy space far away", lambda: _park(rose_garden=2, enemy_picnic_spot=1), ("space", "picnic_spot"),
     "None of your critters are next to this space: a movement goes to a space sharing a side."),
    ("move to a space that touches only at a corner", lambda: _play(_park(rose_garden=1), MoveFrom("rose_garden")),
     ("space", "west_lawn"), "Critters move only to a space sharing a side with Rose Garden, not a corner."),
    ("click the space the critter leaves", lambda: _play(_park(rose_garden=1), MoveFrom("rose_garden")),
     ("space", "rose_garden"), "Your critter leaves from here: click the space it goes to, or Cancel."),
    ("click the space the critters leave", lambda: _play(_park(rose_garden=3), MoveFrom("rose_garden"), MoveCount(2)),
     ("space", "rose_garden"), "Your critters leave from here: click the space they go to, or Cancel."),
    ("click where they go before saying how many", lambda: _play(_park(oak_grove=3), MoveFrom("oak_grove")),
     ("space", "west_lawn"), "First choose how many critters go (1 to 3), then the space they go to."),
    ("move again with 1 crumb after the free movement", lambda: _play(
        _park(oak_grove=2, fountain=1), Spawn("fountain"), MoveFrom("oak_grove"), MoveCount(1), MoveTo("west_lawn")),
     ("space", "oak_grove"), "Your free movement is used: another costs 2 crumbs, a spawn 4; you have 1."),
    ("spawn in the fountain with 3 crumbs", _paid_twice, ("space", "fountain"),
     "Spawning a critter costs you 5 crumbs, and you have 3."),
    ("spawn with every critter on the park", _all_pigeons_out, ("space", "fountain"),
     "All your pigeons are on the park: none is left to spawn."),
    ("use the special action with 1 crumb", lambda: _play(_park(rose_garden=1, oak_grove=1), Spawn("rose_garden")),
     ("sheet", 0), "Feathered Friends costs 2 crumbs, and you have 1."),
    ("fly pigeons with all of them in one space", lambda: _park(rose_garden=3), ("sheet", 0),
     "Feathered Friends needs your pigeons in two spaces: they fly to another pigeon-occupied space."),
    ("fly a fourth pigeon", lambda: _flying("rose_garden", "rose_garden", "oak_grove"), ("space", "fountain"),
     "Feathered Friends flies up to 3 pigeons: Fly them, or Cancel."),
    ("fly pigeons to an empty space", lambda: _play(_flying("rose_garden"), Done("Fly them")), ("space", "duck_pond"),
     "Pigeons fly only to a space where other pigeons of yours stand."),
    ("move again with no critter left to spawn", _moved_out, ("space", "rose_garden"),
     "Your free movement is used: another costs 2 crumbs, and you have 1."),
    ("dash to the space next door", lambda: _play(_park(("chipmunks", "ducks"), rose_garden=1), Special("Dash"),
                                                  PickSpace("rose_garden")),
     ("space", "oak_grove"), "A dash goes to a space exactly two steps away from Rose Garden."),
    ("fly from a space without pigeons", _flying, ("space", "duck_pond"),
     "No pigeons of yours here: click the spaces your pigeons fly from."),
    ("pick the same lone pigeon twice", lambda: _play(_park(rose_garden=1, oak_grove=2, fountain=1),
                                                      Special("Feathered Friends"), PickCritter("rose_garden")),
     ("space", "rose_garden"), "Every pigeon of yours here is picked already."),
    ("fly the last pigeon that could be flown to", lambda: _play(_park(rose_garden=1, oak_grove=1),
                                                                 Special("Feathered Friends"),
                                                                 PickCritter("rose_garden")),
     ("space", "oak_grove"), "Pigeons fly to a space that other pigeons occupy: leave one pigeon of yours elsewhere."),
    ("fly pigeons back where they came from", lambda: _play(_park(rose_garden=2, oak_grove=1),
                                                            Special("Feathered Friends"), PickCritter("rose_garden"),
                                                            Done("Fly them")),
     ("space", "rose_garden"), "These pigeons all come from here: they fly to another space with your pigeons."),
    ("Dash with no chipmunk on the park", lambda: _park(("chipmunks", "ducks")), ("sheet", 0),
     "Dash moves chipmunks already on the park: none of yours is there."),
    ("Splash while holding only the fountain", lambda: _park(("ducks", "pigeons"), fountain=2), ("sheet", 0),
     "Splash needs a space you control: you control none."),
    ("Bury where a stockpile crumb lies already", lambda: _squirrels(west_lawn=1), ("sheet", 0),
     "Bury needs a space you control that has no stockpile crumb yet."),
    ("Bury with every stockpile crumb on the park", lambda: _squirrels(north_lawn=9), ("sheet", 0),
     "No stockpile crumbs are left in the supply."),
    ("Splash twice in a turn", lambda: _play(_rich(_park(("ducks", "pigeons"), west_lawn=2)), Special("Splash"),
                                             PickSpace("west_lawn")),
     ("sheet", 0), "Splash is once a turn: you have used it this turn."),
    ("Splash into a space one does not control", lambda: _play(_park(("ducks", "pigeons"), west_lawn=2),
                                                                Special("Splash")),
     ("space", "north_lawn"), "Splash puts its crumbs only in a space you control."),
    ("Splash into the fountain where one's ducks stand (seen in a real window)",
     lambda: _play(_park(("ducks", "pigeons"), west_lawn=2, fountain=1), Special("Splash")), ("space", "fountain"),
     "Nobody controls the fountain, even with your critters in it: Splash needs a space you control."),
    ("Bury twice in the same space", lambda: _play(_rich(_park(("squirrels", "ducks"), west_lawn=2, lily_pond=1)),
                                                   Special("Bury"),
                                                   PickSpace("west_lawn"), Special("Bury")),
     ("space", "west_lawn"), "This space already holds a stockpile crumb: Bury only where there is none."),
    ("Dash from a space without chipmunks", lambda: _play(_park(("chipmunks", "ducks"), oak_grove=1), Special("Dash")),
     ("space", "fountain"), "Dash starts from a space with your chipmunks."),
    ("place the dog where it already is", lambda: _play(_rich(_park()), DogPlace(), PickSpace("north_lawn"),
                                                        DogPlace()),
     ("space", "north_lawn"), "The dog is already here: place him on another space."),
    ("move during the feeding", _feeding,
     ("space", "oak_grove"), "Every turn of this round is over: Granny's Favor drops the crumbs now."),
    ("take an army somebody took", lambda: _play(_new_game(3), ChooseArmy("pigeons")), ("army", "pigeons"),
     "The Pigeons are taken: choose an army nobody plays."),
    ("choose another army than the one dealt", _random_armies, ("army", "ducks"),
     "Armies are dealt at random at this table: yours are the Pigeons."),
    ("start on an opponent's space", _alternate_start, ("space", "north_lawn"),
     "At the start, never place on a space with an opponent's critters: pick an empty one or yours."),
]


@pytest.mark.parametrize("what, build, target, line", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_common_mistake_says_why_not(what, build, target, line):
    state = build()
    seat = state.current_player()
    view = state.view(seat)
    assert not any(action_place(action) == target for action in view.legal_actions()), "the place glows"
    assert view.why_not(target) == line
    assert len(line) <= 100 and "\n" not in line
    for seed in range(3):  # the hidden Daily Buzz deck re-dealt changes nothing
        world = view.determinize(random.Random(seed))
        assert world.view(seat).why_not(target) == line


def test_every_line_is_some_mistake_s_and_at_most_100_characters():
    assert len(MISTAKES) >= 10
    lines = [mistake[3] for mistake in MISTAKES]
    for key, text in WHY.items():  # a {field} stands for any words
        pattern = re.compile(".+".join(re.escape(part) for part in re.split(r"\{\w+\}", text)) + "$")
        assert any(pattern.match(line) for line in lines), f"no mistake says {key!r}"
        assert len(text) <= 100


def test_glowing_places_and_places_nobody_acts_on_say_nothing():
    state = _park(oak_grove=2, rose_garden=1, enemy_north_lawn=2)
    assert state.why_not(("space", "oak_grove")) is None  # move from it
    assert state.why_not(("space", "fountain")) is None  # spawn there
    assert state.why_not(("sheet", 1)) is None  # an opponent's sheet is only read
    assert state.why_not(("buzz",)) is None  # the drawn card is only read
    assert state.why_not(("sheet", 0)) is None  # Feathered Friends is offered (a button)
    assert state.why_not("space") is None and state.why_not(("space", "nowhere")) is None
    state = _play(state, MoveFrom("oak_grove"))
    assert state.why_not(("space", "north_lawn")) == "First choose how many critters go (1 to 2), then the space they go to."
    state = _play(state, MoveCount(2))
    assert state.why_not(("space", "north_lawn")) is None  # now it glows: the attack


def test_the_view_clicks_where_the_rules_say():
    from games.core.match import Seat
    from graphics.views import view_for
    kit = view_for(GAME)(GAME, [Seat("A", "orange"), Seat("B", "sky")])
    state = _park(oak_grove=2)
    for action in state.legal_actions():
        assert kit.key_of(state, action) == action_place(action)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_play_scene_shows_why_not_in_the_status_panel_for_the_mover_only(tmp_path, size):
    from games.core.match import Match, Seat
    from graphics.config import table_layout
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    names = ["WWWWWWWWWWWWWWWW", "MMMMMMMMMMMMMMMM", "Bot three", "Bot four"]
    driver = Driver(tmp_path, f"crumbs-why-not-{size[0]}", size=size)
    seats = [Seat(names[0], "orange"), Seat(names[1], "sky", "park"), Seat(names[2], "green", "park"),
             Seat(names[3], "purple", "park")]
    match = Match(GAME, seats, {}, 3)
    state = empty_park(("pigeons", "ducks", "squirrels", "chipmunks"))
    put(state, 0, "oak_grove", 2)
    put(state, 1, "north_lawn", 2)
    match.state = state
    start_play(driver.app, match)
    driver.frames(5)
    play = driver.scene
    assert play.my_turn()
    line = "The Ducks hold this space: to attack it, click your critters' space next to it first."
    driver.hover(play.point_of(("space", "north_lawn")), 3)
    assert play.hover == ("space", "north_lawn") and play.hover not in play.targets()
    assert play.status_text() == line
    status = table_layout().rect("play.status")
    assert not any(status.colliderect(rect) for rect in map(play.rect_of, play.targets()) if rect is not None)
    driver.app.draw()
    driver.app.screenshot("attack")
    driver.hover(play.point_of(("space", "oak_grove")), 3)  # it glows (move from it): the usual line
    assert play.status_text() == match.state.status(match.names)
    driver.close()
    driver = Driver(tmp_path, None, size=size)  # a bot decides: the person at the screen is told nothing
    match = Match(GAME, [Seat("Bot", "orange", "park"), Seat("Ann", "sky")], {}, 3)
    state = empty_park()
    put(state, 0, "oak_grove", 2)
    put(state, 1, "north_lawn", 2)
    match.state = state
    start_play(driver.app, match)
    driver.frames(1)
    play = driver.scene
    driver.hover(play.point_of(("space", "north_lawn")), 1)
    assert play.hover == ("space", "north_lawn") and not play.my_turn() and play.why_not() is None
    driver.close()


def test_while_armies_are_chosen_the_covered_park_answers_no_hover():
    """Found in a real window: between the army columns the hidden park's spaces showed their tooltip, and
    why-not spoke of a park nobody could see."""
    from games.core.match import Seat
    from graphics.views import view_for
    from tests.kit_helpers import painter
    kit = view_for(GAME)(GAME, [Seat("A", "orange"), Seat("B", "sky")])
    paint = painter()
    state = _new_game()
    kit.draw(paint, state.view(0), 0, set())
    assert {key[0] for key in paint.hits.keys()} >= {"army"} and not any(k[0] == "space" for k in paint.hits.keys())
    assert state.why_not(("space", "fountain")) is None
    state = _drawing()  # every army chosen: the park answers again
    paint.hits.clear()
    kit.draw(paint, state.view(state.current_player()), state.current_player(), set())
    assert ("space", "fountain") in paint.hits.keys()


def test_an_army_sheet_says_1_crumb_not_1_crumbs(monkeypatch):
    """Found in a real window while hovering a sheet to read why Dash was not offered: "1 crumbs"."""
    from games.core.match import Seat
    from graphics.views import view_for
    from tests.kit_helpers import DrawnTexts, painter
    kit = view_for(GAME)(GAME, [Seat("A", "orange"), Seat("B", "sky")])
    state = _play(_park(rose_garden=1, oak_grove=1), Spawn("rose_garden"))  # 5 - 4 = 1 crumb left
    texts = DrawnTexts(monkeypatch)
    kit.draw(painter(), state.view(0), 0, set())
    drawn = [call[0] for call in texts.calls]
    assert "1 crumb" in drawn and "5 crumbs" in drawn and "1 crumbs" not in drawn
