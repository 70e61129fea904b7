"""Stumped "why not?": hovering a place that does not glow says, in the rules' words, why not now.
Each common mistake of a newcomer is built from a real position and checked against its exact message, in the
mover's view and in re-dealt worlds (what the mover cannot see changes nothing)."""
from __future__ import annotations

import random

import pytest

from games.stumped import GAME
from games.stumped.actions import PILE, Buy, EndActions, Grow, LeaveOut, Plant, PlayAction, PlayEnergy
from games.stumped.places import BUY_LATER, END_TURN, FINISH, GROW_FIRST, action_place
from games.stumped.records import CLEAR, TAKE
from tests.stumped_helpers import RULES, arrange, begin_turn, grow_tree, new, put_in_market

HAND = ["dirt", "dirt", "dirt", "dirt", "dirt"]


def _acting(hand=HAND, players: int = 3, **options):
    """Seat 0's first Action phase with exactly this hand; seat 2 has a Sun and a Water in its roots."""
    state = new(players, **options)
    arrange(state, 2, hand=HAND, roots={"sun": 1, "water": 1})
    return arrange(state, 0, hand=hand)


def _played(*cards, hand=HAND, **options):
    """Seat 0's Action phase after playing `cards` (action cards by name, "energy:<card>" as energy)."""
    state = _acting([card.removeprefix("energy:") for card in cards] + list(hand), **options)
    for card in cards:
        state.apply(PlayEnergy(card[7:]) if card.startswith("energy:") else PlayAction(card))
    return state


def _market(energy: int = 5, keep: int = 0, bought: tuple[str, ...] = ()):
    """Seat 0's Market phase with `energy` from Dirt played as energy, `keep` Dirt still in hand."""
    state = _acting(["dirt"] * (energy + keep))
    for _ in range(energy):
        state.apply(PlayEnergy("dirt"))
    if keep:  # with an empty hand the Action phase is over by itself
        state.apply(EndActions())
    for card in bought:
        state.apply(Buy(card, PILE, RULES.card(card).cost))
    return state


def _water_gone():
    """Seat 2 holds every Water of the supply (bought over many turns): seat 0 at the market with 9 energy."""
    state = new(3)
    arrange(state, 2, hand=HAND, discard=["water"] * state.piles.left("water"))
    arrange(state, 0, hand=["fancy_fertilizer"] * 3)
    for _ in range(3):
        state.apply(PlayEnergy("fancy_fertilizer"))  # the last card played: on to the market
    return state


def _growing():
    """Seat 0's second turn: a complete set in its roots gives growth before anything else."""
    state = new(3)
    arrange(state, 0, hand=HAND, roots={"sun": 1, "dirt": 1, "water": 1})
    begin_turn(state, 0)
    return state


ALL_BRANCHES = [("trunk", "base", "base"), ("branch", "trunk", "left"), ("branch", "branch 1", "end"),
                ("branch", "branch 2", "end"), ("branch", "branch 3", "end")]  # trunk right and top stay free

FRUITFUL = [("trunk", "base", "base"), ("branch", "trunk", "left"), ("branch", "trunk", "right"),
            ("branch", "trunk", "top"), ("branch", "branch 1", "end"), ("fruit", "branch 2", "end"),
            ("fruit", "branch 3", "end")]  # the end of branch 4 stays free


def _grown(plan=ALL_BRANCHES, leaf: bool = True, players: int = 3):
    """Seat 0's tree has grown every branch (`plan`); a set in its roots gives 2 growth, and a leaf is grown with
    the first (`leaf`): 1 growth is left to spend."""
    state = new(players)
    grow_tree(state, 0, plan)
    arrange(state, 0, hand=HAND, roots={"sun": 1, "dirt": 1, "water": 1})
    begin_turn(state, 0)
    if leaf:
        state.apply(Grow("leaf", "branch 1", "side 1"))
    return state


def _catalog():
    """Seat 0 has played a Seed Catalog (take a market card costing up to 4); a Golden Shovel (7) is in slot 0."""
    state = _acting()
    put_in_market(state, 0, "golden_shovel")
    arrange(state, 0, hand=["seed_catalog"] + HAND[1:])
    state.apply(PlayAction("seed_catalog"))
    return state


def _hoe():
    """Seat 0 has played a Garden Hoe (put up to 2 basics from the discard pile into the roots)."""
    state = new(3)
    arrange(state, 0, hand=["garden_hoe"] + HAND[1:], deck=["dirt"] * 5, discard=["sun", "dirt"])
    state.apply(PlayAction("garden_hoe"))
    return state


def _setup_full():
    """The table leaves out pairs: seat 0 has left out all it may (8 action cards stay for the market)."""
    state = GAME.new_state(3, {"action_cards": "choose"}, 1)
    while any(isinstance(action, LeaveOut) for action in state.legal_actions()):
        state.apply(next(action for action in state.legal_actions() if isinstance(action, LeaveOut)))
    return state


def _last_kept(state) -> tuple:
    return ("leave", next(card for card in RULES.action_ids if card not in state.left_out))


TURN_STARTS = "Your tree grows from complete sets in your roots (1 Sun, 1 Dirt, 1 Water), as your turn starts."

MISTAKES = [  # (what the player tries, the position, the place hovered, the exact line)
    ("an action card after energy", lambda: _played("energy:dirt", hand=["earthworm"] + HAND[1:]),
     ("hand", "earthworm"), "Action cards come before energy: you have played energy this turn."),
    ("a fourth action card", lambda: _played("compost_tea", "compost_tea", "wheelbarrow", hand=["wheelbarrow", "dirt"]),
     ("hand", "wheelbarrow"), "No more action cards this turn: you have played 3 (up to 3, more with +1 action)."),
    ("buy in the Action phase", lambda: _acting(), ("market", 0), BUY_LATER),
    ("buy a Sun from the pile in the Action phase", lambda: _acting(), ("pile", "sun"), BUY_LATER),
    ("buy a Sun with 5 energy", lambda: _market(5), ("pile", "sun"), "Sun costs 8 energy: you have 5."),
    ("buy from an empty pile", _water_gone, ("pile", "water"), "The Water pile is empty: none left to buy or take."),
    ("play a card at the market", lambda: _market(4, keep=1), ("hand", "dirt"),
     "Cards are played in the Action phase, before the market: this turn's is over."),
    ("play a card before spending growth", _growing, ("hand", "dirt"), GROW_FIRST),
    ("buy before spending growth", _growing, ("market", 3), GROW_FIRST),
    ("grow another player's tree", _growing, ("tree", 1), "You grow only your own tree."),
    ("plant by clicking the roots", lambda: _acting(), ("roots", 0, "sun"),
     "To plant, click a Sun, Dirt or Water in your hand: a full set grows your tree next turn."),
    ("grow the tree in the Action phase", lambda: _acting(), ("tree", 0), TURN_STARTS),
    ("take from another player's roots", lambda: _acting(), ("roots", 2, "sun"),
     "Only a card that says so (Squirrel, Gopher) acts on another player's roots."),
    ("Squirrel one's own roots", lambda: _played("squirrel"), ("roots", 0, "dirt"),
     "Your card acts on another player's roots, not your own."),
    ("Squirrel an empty stack", lambda: _played("squirrel"), ("roots", 2, "dirt"),
     "There is no Dirt in these roots: choose a card that is there."),
    ("take a card too dear with a Seed Catalog", _catalog, ("market", 0),
     "Your card takes a market card costing up to 4: Golden Shovel costs 7."),
    ("play a card while a Seed Catalog waits", _catalog, ("hand", "dirt"), FINISH[TAKE].format(limit=4)),
    ("take an Irrigation with a Greenhouse", lambda: _played("greenhouse"), ("pile", "impressive_irrigation"),
     "Your card takes a basic resource: choose the Sun, Dirt or Water pile."),
    ("plant while Pruning Shears wait", lambda: _played("pruning_shears"), ("hand", "dirt"), FINISH[CLEAR]),
    ("Garden Hoe from the discard pile", _hoe, ("discard", 0),
     "Click a glowing stack in your roots: a card of that kind comes from this pile."),
    ("Garden Hoe a Water not in the discard pile", _hoe, ("roots", 0, "water"),
     "There is no Water in your discard pile to put back in your roots."),
    ("play a card just bought", lambda: _market(5, bought=("dirt",)), ("discard", 0),
     "Bought cards wait in your discard pile until it is shuffled into a new deck."),
    ("draw from the deck", lambda: _acting(), ("deck", 0),
     "You draw 5 new cards at the end of your turn (or when a card says Draw)."),
    ("take back a card played", lambda: _played("energy:dirt"), ("played", 0),
     "A card played stays played: it goes to your discard pile at the end of your turn."),
    ("buy from the action deck", lambda: _market(5), ("action_deck",),
     "Cards are bought from the face-up market, not from the face-down deck."),
    ("buy a discarded market card", lambda: _market(5), ("market_discard",),
     "Discarded market cards cannot be bought: they return when the action deck runs out."),
    ("a fruit with 1 growth", _grown, ("hole", 0, "branch 4", "end"), "A fruit costs 2 growth: you have 1."),
    ("a branch on the trunk when all have grown", _grown, ("hole", 0, "trunk", "right"),
     "Only a branch grows on the trunk, and your 4 branches have all grown."),
    ("a fruit when both have grown", lambda: _grown(FRUITFUL, leaf=False), ("hole", 0, "branch 4", "end"), "Only a branch or a fruit grows on a branch's end, and your 4 branches and 2 "
                                     "fruit have all grown."),
    ("leave out one pair too many", _setup_full, None,
     "At least 8 action cards must stay to fill the market."),
    ("leave out a pair twice", _setup_full, ("leave", "morning_dew"),
     "Morning Dew is left out already: every copy is out of the game."),
]


@pytest.mark.parametrize("what, build, target, line", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_common_mistake_says_why_not(what, build, target, line):
    state = build()
    state.check()
    target = target or _last_kept(state)
    seat = state.current_player()
    assert seat == 0 and state.view(seat).why_not(target) == line
    assert len(line) <= 100 and "\n" not in line
    for seed in range(3):  # what the mover cannot see changes nothing
        world = state.view(seat).determinize(random.Random(seed))
        assert world.view(seat).why_not(target) == line


def test_glowing_places_and_places_nobody_acts_on_say_nothing():
    assert len(MISTAKES) >= 10
    state = _acting(["earthworm"] + HAND[1:])
    assert state.why_not(("hand", "earthworm")) is None and state.why_not(("hand", "dirt")) is None  # both glow
    assert state.why_not(("tree", 1)) is None and state.why_not(("deck", 1)) is None  # another's: nothing to say
    assert state.why_not(("hand_count", 0)) is None and state.why_not(("dance",)) is None
    state.apply(Plant("dirt"))
    state.apply(PlayEnergy("dirt"))
    state.apply(PlayEnergy("dirt"))
    state.apply(EndActions())
    assert state.current_player() == 0 and state.why_not(END_TURN) is None
    assert state.why_not(("pile", "dirt")) is None  # 2 energy buys a Dirt
    gentle = _acting(action_cards="gentle")  # no card touches others: nothing to name
    assert gentle.why_not(("roots", 2, "sun")) is None


def test_every_legal_action_has_the_place_the_view_draws_it_on():
    from games.core.match import Seat
    from graphics.views.stumped import StumpedView
    kit = StumpedView(GAME, [Seat(f"P{i}", "orange") for i in range(3)])
    for build in (_acting, _growing, _catalog, _hoe, _water_gone, _setup_full):
        state = build()
        for action in state.legal_actions():
            assert kit.key_of(state, action) == action_place(action, state)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_play_scene_shows_why_not_in_the_status_panel_for_the_mover_only(tmp_path, size):
    from games.core.match import Match, Seat
    from graphics.config import table_layout
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    driver = Driver(tmp_path, f"stumped-why-not-{size[0]}", size=size)
    seats = [Seat("WWWWWWWWWWWWWWWW", "orange")] + [Seat(f"Bot {i}", "sky", "gardener") for i in range(1, 8)]
    match = Match(GAME, seats, {}, 3)
    state = match.state
    arrange(state, 0, hand=["compost_tea", "dirt", "dirt", "dirt", "dirt"])
    state.apply(PlayEnergy("dirt"))  # energy first: the Compost Tea may no longer be played
    start_play(driver.app, match)
    driver.frames(5)
    play = driver.scene
    assert play.my_turn()
    line = "Action cards come before energy: you have played energy this turn."
    driver.hover(play.point_of(("hand", "compost_tea")), 3)
    assert play.status_text() == line and play.hover not in play.targets()
    status = table_layout().rect("play.status")
    assert not any(status.colliderect(rect) for rect in map(play.rect_of, play.targets()) if rect is not None)
    driver.app.draw()
    driver.app.screenshot("energy-first")
    driver.hover(play.point_of(("roots", 5, "sun")), 3)  # at 8 players: another's roots, in the small plots
    assert play.status_text() == "Only a card that says so (Squirrel, Gopher) acts on another player's roots."
    driver.hover(play.point_of(("hand", "dirt")), 3)  # a Dirt glows: the usual line
    assert play.status_text() == match.state.status(match.names)
    driver.close()
    driver = Driver(tmp_path, None, size=size)  # a bot decides: the person at the screen is told nothing
    match = Match(GAME, [Seat("Bot", "orange", "gardener"), Seat("Ann", "sky")], {}, 3)
    start_play(driver.app, match)
    driver.frames(1)
    play = driver.scene
    driver.hover(play.point_of(("tree", 0)), 1)
    assert not play.my_turn() and play.why_not() is None
    driver.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_line_fits_the_status_panel_whole_on_one_line_at_full_size(size):
    from graphics.config import table_layout
    from graphics.scenes.play import PlayScene
    from tests.kit_helpers import measured, painter
    paint = painter(size)
    box = PlayScene.status_box(table_layout().rect("play.status"))
    screen = paint.viewport.rect(box)
    lines = [line for *_, line in MISTAKES] + [text.format(limit=10) for text in FINISH.values()]
    for line in lines:
        fitted = paint.fit(line, box, "body", "bold")
        width, _ = measured(paint, fitted)
        assert len(fitted.lines) == 1 and fitted.px == paint.font_px("body") and not fitted.cut, line
        assert width <= screen.width, line


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 8])
def test_a_card_shown_large_never_covers_the_status_line(tmp_path, size, players):
    """While a card is hovered the status line says why it does not glow: the card shown large keeps clear of it
    (found in a real window: the Sun pile's card covered the line's start, at the board's left edge)."""
    from games.core.match import Match, Seat
    from graphics.config import table_layout
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    driver = Driver(tmp_path, None, size=size)
    seats = [Seat("W" * 16, "orange")] + [Seat(f"Bot {i}", "sky", "gardener") for i in range(1, players)]
    match = Match(GAME, seats, {}, 3)
    arrange(match.state, 0, hand=["dirt"] * 7)
    for _ in range(5):
        match.state.apply(PlayEnergy("dirt"))
    match.state.apply(EndActions())  # the Market phase: every market card, pile, hand card and card played shown
    start_play(driver.app, match)
    driver.frames(5)
    play = driver.scene
    status = table_layout().rect("play.status")
    keys = [key for key in play.hits.keys() if key[0] in ("market", "pile", "hand", "played", "discard")
            and play.view._card_at(play.shown, play.viewer, key) is not None]
    assert len(keys) >= 8 + 5 + 1 + 5
    for key in keys:
        play.view.zoomed = None
        driver.hover(play.point_of(key), 25)
        assert play.view.zoomed is not None and not play.view.zoomed.colliderect(status), key
    driver.close()


@pytest.mark.parametrize("players", [3, 8])
def test_a_hole_nothing_can_grow_in_is_drawn_without_a_glow_and_says_why(tmp_path, players):
    """Every free hole of the growing tree is drawn; those nothing can grow in now (here the branch ends: no
    branch left and a fruit costs 2 growth) are faint rings, never targets, and hovering one says why."""
    from games.core.match import Match, Seat
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    driver = Driver(tmp_path, f"stumped-why-not-holes-{players}")
    seats = [Seat("W" * 16, "orange")] + [Seat(f"Bot {i}", "sky", "gardener") for i in range(1, players)]
    match = Match(GAME, seats, {}, 3)
    match.state = _grown(players=players)
    start_play(driver.app, match)
    driver.frames(5)
    play = driver.scene
    holes = {key for key in play.hits.keys() if key[0] == "hole"}
    dead = {("hole", 0, "branch 4", "end"), ("hole", 0, "trunk", "right"), ("hole", 0, "trunk", "top")}
    assert dead <= holes and not dead & set(play.targets())
    assert holes - dead and holes - dead <= set(play.targets())  # the side holes: a leaf may grow there
    driver.hover(play.point_of(("hole", 0, "branch 4", "end")), 3)
    assert play.status_text() == "A fruit costs 2 growth: you have 1."
    driver.app.draw()
    driver.app.screenshot("dead-end")
    driver.close()


def test_a_place_just_clicked_says_no_why_not_until_the_mouse_moves(tmp_path):
    """Played in a real window: after a Squirrel took a Water, the pointer still on the robbed roots made the status
    line say "Only a card that says so (Squirrel, Gopher) acts on another player's roots.", which read as a refusal
    of the move just made. The place just clicked says nothing until the mouse moves off; then it says why."""
    from games.core.match import Match, Seat
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    driver = Driver(tmp_path, None)
    match = Match(GAME, [Seat("Ann", "orange"), Seat("Bot 1", "sky", "gardener"), Seat("Bot 2", "lime", "gardener")],
                  {}, 3)
    state = _acting(["squirrel"] + HAND[1:])
    state.apply(PlayAction("squirrel"))
    match.state = state
    start_play(driver.app, match)
    driver.frames(5)
    play = driver.scene
    water = ("roots", 2, "water")
    assert water in play.targets()
    driver.click(play.rect_of(water), frames=60)
    assert state.roots[0]["water"] == 1 and state.roots[2]["water"] == 0  # the move was made
    assert play.my_turn() and play.hover == water and water not in play.targets()
    assert play.status_text() == state.status(match.names)  # the usual line, not a refusal
    driver.hover(play.point_of(("hand", "dirt")), 2)
    driver.hover(play.point_of(water), 2)
    assert play.status_text() == "Only a card that says so (Squirrel, Gopher) acts on another player's roots."
    driver.close()
