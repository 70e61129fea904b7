"""Scrappers "why not?": hovering a place that does not glow says, in the rulebook's words, why not now.
Each common mistake is built from a real position (the rules' own moves from a set table) and checked
against its exact message, in the mover's view and in worlds where everything the mover cannot see is
dealt again."""
from __future__ import annotations

import random

import pytest

from games.scrappers import GAME
from games.scrappers.actions import ChooseToken, MoveTo, Pass, PlaceOn, PlayCard, Press, PressPart, Stop
from games.scrappers.places import action_place
from games.scrappers.why import GUPPY_UNTOUCHABLE, OCCUPIED, PART_ONCE, PULL
from tests.scrappers_helpers import SLOTS, do, space, table, tussle_for

SPREAD = {"izzy": "t0", "lug": "t3", "ridge": "b1", "puck": "b4"}  # Izzy at the hopper end of the top row


def _turn(**table_args):
    """Ann (seat 0, Izzy) to play a card."""
    return table(**{"places": SPREAD, "slots": SLOTS, "hands": {0: ["hop_it", "shove"]}, **table_args})


def _playing(card: str, places=None, slots=SLOTS, presses=(), hand=("hop_it",), players=4, **options):
    """Ann has played `card` for Izzy and pressed `presses` (button labels) in order."""
    state = table(players, options or None, places or SPREAD, slots=slots, hands={0: [card, *hand]})
    do(state, PlayCard, card=card, bodger="izzy")
    for label in presses:
        do(state, Press, button=label)
    return state


def _second_activation():
    """Two players: Ann's Izzy pressed the orange plug's STEP and came back to it; Ridge may go next."""
    state = table(2, places={"izzy": "t1", "lug": "t4", "ridge": "b0", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["belt_yank", "hop_it"]})
    do(state, PlayCard, card="belt_yank", bodger="izzy")
    do(state, Stop)
    do(state, PressPart, part="plug_orange_step")
    do(state, MoveTo, space="t2")
    do(state, PressPart, part="plug_purple_step")
    do(state, MoveTo, space="t1")
    assert state.pending_decision().kind == "turn" and state.current_player() == 0
    return state


def _keelie_played():
    """Two players with Keelie: Ann has played a Keelie card and holds another."""
    state = table(2, {"keelie": True}, slots=SLOTS, hands={0: ["keelie_scoots", "keelie_zooms", "hop_it"]})
    do(state, PlayCard, card="keelie_scoots", bodger="keelie")
    while state.pending_decision().kind != "turn":
        state.apply(next(a for a in state.legal_actions() if a.label in ("Stop pressing", "Done")))
    assert state.current_player() == 0
    return state


def _placing():
    """Setup: the first foreman has placed a bodger and the next player has taken Lug."""
    state = GAME.new_state(4, {}, 3)
    do(state, ChooseToken, bodger="izzy")
    do(state, PlaceOn, space="t2")
    do(state, ChooseToken, bodger="lug")
    return state


def _maintaining():
    """Round 2's maintenance: everyone passed the first round."""
    state = table(hands={0: ["hop_it"]}, slots=SLOTS)
    do(state, Pass)
    assert state.pending_decision().kind == "maintain"
    return state


def _part_button():
    """After Belt Yank Izzy at top 2 may press the orange plug's STEP."""
    state = table(places={"izzy": "t1", "lug": "t4", "ridge": "b0", "puck": "b4"}, slots=SLOTS,
                  hands={0: ["belt_yank", "hop_it"]})
    do(state, PlayCard, card="belt_yank", bodger="izzy")
    do(state, Stop)
    assert state.pending_decision().kind == "part_button"
    return state


def _guppy_moving():
    """Ann has played Guppy Spots a Gear; Guppy, on the gear at the hopper end, may go to either other gear."""
    state = table(options={"guppy": True}, places={**SPREAD, "guppy": "h"}, slots=SLOTS, hands={0: ["guppy_gear"]})
    do(state, PlayCard, card="guppy_gear", bodger="guppy")
    do(state, Press, button="GUPPY: gear")
    assert state.pending_decision().kind == "move"
    return state


def _boxed_in():
    """Either Way (STEP or SWITCH across hazard tape) with Izzy boxed in between Lug and Ridge."""
    return _playing("either_way", places={"izzy": "t1", "lug": "t0", "ridge": "t2", "puck": "b4"})


def _empty_belt():
    """Lever Pull (FORWARD or REVERSE) with nothing on the conveyor or in the bin, parts in the hopper."""
    return _playing("lever_pull", slots=[None] * 6)


MISTAKES = [  # (what the player tries, the position, the place hovered, the exact line)
    ("press a part's button before playing a card", _turn, ("slot", 0),
     "Play an action card first: then you may press this part's button."),
    ("take a part off the conveyor", _turn, ("slot", 3), PULL),
    ("click your bodger to activate it", _turn, ("bodger", "izzy"),
     "Play an action card from your hand to activate Izzy."),
    ("click a space to walk there", _turn, ("space", "t1"),
     "Bodgers move by action buttons: play an action card from your hand first."),
    ("click another player's bodger", _turn, ("bodger", "lug"),
     "Play a card with a red or blue button to affect another player's bodger."),
    ("press the second button first", lambda: _playing("switch_and_shuffle"), ("row", 1, 0),
     "Press the action buttons in order from top to bottom: this one comes later."),
    ("press a button twice", lambda: _playing("rummage", presses=["DRAW"]), ("row", 0, 0),
     "You have pressed this button: each button is pressed once, top to bottom."),
    ("play a second card during an activation", lambda: _playing("rummage"), ("hand", 0),
     "One action card at a time: finish the card in play first."),
    ("STEP a boxed-in bodger", _boxed_in, ("row", 0, 0),
     "Izzy cannot move 1 space: both spaces next to Izzy are taken."),
    ("REVERSE an empty conveyor", _empty_belt, ("row", 0, 1),
     "The conveyor and the bin are empty: REVERSE moves nothing."),
    ("shove a bodger that is not next to yours",
     lambda: _playing("shove", places={"izzy": "t0", "lug": "t1", "ridge": "h", "puck": "b4"},
                      presses=["STEP (red)"]), ("bodger", "puck"),
     "A red button affects only a bodger in a space next to Izzy."),
    ("fling your own other bodger", lambda: _playing("fling", players=2, presses=["JUMP (blue)"]), ("bodger", "ridge"),
     "A blue button affects anyone else's bodger, never your own."),
    ("fling Guppy", lambda: _playing("fling", places={**SPREAD, "guppy": "h"}, presses=["JUMP (blue)"], guppy=True),
     ("bodger", "guppy"), GUPPY_UNTOUCHABLE),
    ("STEP two spaces", lambda: _playing("shuffle_along", presses=["STEP (black)"]), ("space", "t2"),
     "STEP moves exactly 1 space."),
    ("stop a DASH early", lambda: _playing("elbow_through", presses=["DASH (black)"]), ("space", "t1"),
     "DASH moves until blocked by another bodger: it cannot stop on the way."),
    ("DASH through a bodger", lambda: _playing("elbow_through", presses=["DASH (black)"]), ("space", "t4"), OCCUPIED),
    ("JUMP onto a bodger",
     lambda: _playing("hop_it", places={"izzy": "t1", "lug": "t3", "ridge": "b4", "puck": "b5"},
                      presses=["JUMP (black)"]),
     ("space", "t3"), OCCUPIED),
    ("JUMP only 1 space",
     lambda: _playing("hop_it", places={"izzy": "t1", "lug": "t3", "ridge": "b4", "puck": "b5"},
                      presses=["JUMP (black)"]),
     ("space", "t2"), "JUMP moves exactly 2 spaces, along the loop or over the conveyor."),
    ("SWITCH with a part further along",
     lambda: _playing("swap_shop", places={"izzy": "t2", "lug": "t5", "ridge": "b0", "puck": "n"},
                      presses=["SWITCH (black)"]), ("slot", 5),
     "SWITCH swaps the part in front of Izzy only with a part next to it."),
    ("SWITCH a part into an empty conveyor space",
     lambda: _playing("swap_shop", places={"izzy": "t2", "lug": "t3", "ridge": "b0", "puck": "n"},
                      slots=SLOTS[:3] + [None] + SLOTS[4:], presses=["SWITCH (black)"]), ("slot", 3),
     "A part does not move into an empty conveyor space."),
    ("press a part's button twice in a turn", _second_activation, ("slot", 1), PART_ONCE),
    ("activate the same bodger twice in a turn", _second_activation, ("bodger", "izzy"),
     "You can activate each of your bodgers only once a turn."),
    ("play a second Keelie card in a turn", _keelie_played, ("hand", 0),
     "You cannot play more than 1 Keelie card a turn."),
    ("click Keelie again after a Keelie card", _keelie_played, ("bodger", "keelie"),
     "You cannot play more than 1 Keelie card a turn."),
    ("press the button of a part not in front of you", _part_button, ("slot", 4),
     "You may press only the button of the part in front of Izzy."),
    ("place a bodger on a taken space", _placing, ("space", "t2"), "This space is taken: place Lug on an empty space."),
    ("click the deck to draw in maintenance", _maintaining, ("deck",),
     'Discard what you like, then "Draw up to a full hand": you draw up to 3.'),
    ("beckon a boxed-in bodger",
     lambda: _playing("beckon", places={"izzy": "t0", "lug": "t3", "ridge": "t2", "puck": "t4"},
                      presses=["STEP (blue)"]),
     ("bodger", "lug"), "Lug cannot move 1 space: both spaces next to Lug are taken."),
    ("send Guppy to a space without his symbol", _guppy_moving, ("space", "t0"),
     "Guppy goes only to a space showing a gear."),
    ("leave Guppy where he is", _guppy_moving, ("space", "h"),
     "Guppy is on this space already: he goes to another gear."),
    ("press the part's button on the conveyor", _part_button, ("slot", 1),
     'Press this part\'s button on its large picture in the centre, or "Done: skip the part\'s button".'),
    ("move a bodger in maintenance", _maintaining, ("bodger", "izzy"),
     "Bodgers move in the action phase: now discard cards, then draw up to 3."),
    ("click the part being tussled for", lambda: tussle_for([], ["hop_it"]), ("slot", 4),
     'The most tussle symbols wins: put cards down from your hand, then "Done choosing tussle cards".'),
]


def _key(state, place: tuple) -> tuple:
    """Returns a place with a space id turned into its number."""
    if place[0] == "space" and isinstance(place[1], str):
        return ("space", space(state, place[1]))
    return place


@pytest.mark.parametrize("what, build, place, line", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_common_mistake_says_why_not(what, build, place, line):
    state = build()
    seat = state.current_player()
    target = _key(state, place)
    assert all(action_place(a, state) != target for a in state.legal_actions()), f"{what}: the place glows"
    assert state.view(seat).why_not(target) == line
    assert len(line) <= 100 and "\n" not in line, "one line of the status panel"
    for seed in range(3):  # what the mover cannot see changes nothing
        world = state.view(seat).determinize(random.Random(seed))
        assert world.view(seat).why_not(target) == line


def test_glowing_places_and_places_of_other_games_say_nothing():
    assert len(MISTAKES) >= 10
    state = _turn(slots=SLOTS[:2] + [None] + SLOTS[3:])
    places = {action_place(action, state) for action in state.legal_actions()} - {None}
    assert places == {("hand", 0), ("hand", 1)} and all(state.why_not(p) is None for p in places)
    assert state.why_not(("slot", 2)) is None  # an empty conveyor space: nothing to say
    assert state.why_not(("pile", 1, 0)) is None and state.why_not(("card", 0, 1, 2)) is None  # Scrimish places
    assert state.why_not(("hand", 9)) is None and state.why_not(("row", 0, 0)) is None  # nothing there
    assert state.why_not(("panel", 1)) is None and state.why_not("hand") is None
    assert _part_button().why_not(("front",)) is None  # the part's button glows


def test_the_prompt_names_only_the_buttons_that_can_be_pressed():
    """Found in a real window: Either Way with Izzy boxed in said "press STEP (black) or SWITCH (black), or stop"
    while STEP does not glow."""
    assert _boxed_in().status(["Ann"]) == "Ann: press SWITCH (black), or stop"
    assert _playing("either_way").status(["Ann"]) == "Ann: press STEP (black) or SWITCH (black), or stop"


def test_a_guppy_card_points_to_no_part_button():
    state = table(options={"guppy": True}, places={**SPREAD, "guppy": "t5"}, slots=SLOTS,
                  hands={0: ["guppy_rampages"]})
    do(state, PlayCard, card="guppy_rampages", bodger="guppy")
    assert state.pending_decision().kind == "button"
    assert state.why_not(("slot", 5)) == PULL  # Guppy cards press no part buttons (rulings.md): not "comes after"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_play_scene_shows_why_not_in_the_status_panel_whole(tmp_path, monkeypatch, size):
    """The biggest table (four players, Keelie and Guppy) with a 16-character name: hovering dead places shows
    their lines in the status panel, uncut, and the panel covers no glowing place."""
    from games.core.match import Match, Seat
    from graphics.config import table_layout
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    from tests.kit_helpers import DrawnTexts
    texts = DrawnTexts(monkeypatch)
    driver = Driver(tmp_path, f"scrappers-why-not-{size[0]}", size=size)
    seats = [Seat("WWWWWWWWWWWWWWWW", "orange"), Seat("Bot", "sky", "fair"), Seat("Bot 2", "green", "fair"),
             Seat("Bot 3", "yellow", "fair")]
    match = Match(GAME, seats, {"keelie": True, "guppy": True}, 3)
    match.state = _turn(options={"keelie": True, "guppy": True}, places={**SPREAD, "keelie": "n", "guppy": "h"})
    start_play(driver.app, match)
    driver.frames(5)
    play = driver.scene
    assert play.my_turn()
    titles = [fitted for text, _, fitted in texts.calls if text.startswith("Your hand")]
    assert titles and all(fitted.lines[0].startswith("Your hand: 2 cards") for fitted in titles), \
        "the 16-character name cut the hand's count"  # found in a real window at 1280x720
    status = table_layout().rect("play.status")
    assert not any(status.colliderect(rect) for rect in map(play.rect_of, play.targets()) if rect is not None)
    hovered = {("bodger", "izzy"): "Play an action card from your hand to activate Izzy.",
               ("slot", 3): PULL, ("bodger", "guppy"): "Only Guppy cards move Guppy: no other button can affect him.",
               ("deck",): "Action cards are drawn in maintenance, by DRAW buttons and in tussles."}
    for place, line in hovered.items():
        driver.hover(play.point_of(place), 3)
        assert play.hover == place and play.status_text() == line
        texts.calls.clear()
        driver.app.draw()
        drawn = [fitted for text, _, fitted in texts.calls if text == line]
        assert drawn and not any(fitted.cut for fitted in drawn), f"{line!r} is cut at {size}"
    driver.app.screenshot("part")
    driver.hover(play.point_of(("hand", 0)), 3)  # Hop It glows: the usual line
    assert play.status_text() == match.state.status(match.names)
    driver.close()


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_with_keelie_and_guppy_answer_every_drawn_place_briefly_and_privately(players):
    """The contract test plays two players without the optional rules and never draws the hand: here every
    place drawn (the hand too) at positions of random games with Keelie and Guppy."""
    from games.core.match import Seat
    from graphics.views import view_for
    from tests.kit_helpers import painter
    paint, state, rng = painter(), GAME.new_state(players, {"keelie": True, "guppy": True}, players), random.Random(1)
    kit = view_for(GAME)(GAME, [Seat(f"P{i + 1}", "orange") for i in range(players)])
    answered = set()
    for step in range(400):
        if state.is_over():
            break
        if step % 5 == 0:
            seat = state.current_player()
            view = state.view(seat)
            glowing = {kit.key_of(view, action) for action in view.legal_actions()} - {None}
            paint.hits.clear()
            kit.draw(paint, view, seat, set())
            kit.draw_live(paint, view, seat, None, set())
            world = view.determinize(random.Random(step)).view(seat)
            for key in paint.hits.keys():
                line = view.why_not(key)
                assert line is None or (key not in glowing and "\n" not in line and 0 < len(line) <= 100), (key, line)
                assert world.why_not(key) == line, f"{key} tells a secret"
                answered.add((view.pending_decision().kind, key[0]) if line else None)
        state.apply(rng.choice(state.legal_actions()))
    kinds = {kind for kind, _ in answered - {None}}
    assert {"turn", "button", "maintain"} <= kinds, kinds
