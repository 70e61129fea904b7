"""Scrumpy "why not?": hovering a place that does not glow says, in the rulebook's words, why not now.
Each common mistake of a newcomer is built from a real position and checked against its exact message, in
the mover's view and in worlds re-dealt from it (what the mover cannot see changes nothing)."""
from __future__ import annotations

import random

import pytest

from games.scrumpy import GAME
from games.scrumpy.actions import AchieveGoal, Deliver, EndTurn, OwnerAction, PlayWorker, RecruitLayabout, Sell
from games.scrumpy.places import action_place
from tests.scrumpy_helpers import act, choose, cube, fresh, make_public, put


def _end_turn(state) -> None:
    """Ends the mover's turn after its Core Action (the goals offered afterwards are left)."""
    if state.pending_decision().kind == "after":
        act(state, EndTurn)


def _core(state, cls=OwnerAction, **fields) -> None:
    """Takes the mover's Core Action and ends its turn."""
    act(state, cls, **fields)
    _end_turn(state)


def _solo():
    """Returns a solo game at its first turn (the Automa plays between the player's turns)."""
    return fresh(1, 1, {"automa": "core"})


def _sold():
    """Returns the first turn after selling the apple: the Auxiliary Action is taken."""
    state = fresh()
    act(state, Sell, res="apple")
    return state


def _delivered():
    """Returns the next seat's turn after the First Player delivered a barrel of cider to the first reward
    space of the Farmer's Market (vendor 1, delivery 1)."""
    state = fresh()
    seat = state.current_player()
    put(state, seat, "cider", "woodcutter")
    act(state, Deliver, vendor=0, row=0, space=0)
    cube(state, "orchard")
    _core(state, OwnerAction, action="coins")
    assert state.current_player() != seat
    return state


def _owner_acted():
    """Returns the solo player's second turn of round 1: the Owner took the Market stall on the first."""
    state = _solo()
    _core(state, OwnerAction, action="coins")
    return state


def _spaces_full(sold: bool = False):
    """Returns the solo player's fourth turn: three Idle Layabouts recruited fill the worker spaces (and, if
    `sold`, the apple sold: no Secondary Action either). An Apple Picker is in hand."""
    state = _solo()
    for _ in range(3):
        _core(state, RecruitLayabout)
    put(state, 0, "hand", "apple_picker")
    if sold:
        act(state, Sell, res="apple")
    return state


def _nest_egg(core: bool = False):
    """Returns the first turn with 15 coins and Nest egg (15 coins) public: achieved, if `core`, after the
    Market stall (the turn waits for goals or End turn)."""
    state = fresh()
    make_public(state, "coins_15")
    state.me.coins = 15
    if core:
        act(state, OwnerAction, action="coins")
        assert state.pending_decision().kind == "after"
    return state


def _achieved():
    """Returns the first turn after achieving Nest egg by moving the Press cube."""
    state = _nest_egg()
    act(state, AchieveGoal, goal="coins_15")
    cube(state, "office:press")
    return state


def _second_goal():
    """Returns the cube choice of a second goal (Charity, 10 coins) after Nest egg upgraded the Press."""
    state = _achieved()
    make_public(state, "donation", 1)
    act(state, AchieveGoal, goal="donation")
    assert state.pending_decision().kind == "cube"
    return state


def _idle_hands():
    """Returns the first turn with Idle hands (3 Idle Layabouts in hand) public and met but for the timing."""
    state = fresh()
    make_public(state, "layabouts_3")
    put(state, state.current_player(), "hand", "idle_layabout", "layabout", "layabout")
    return state


def _layabout_in_hand():
    """Returns the first turn with the seat's own Idle Layabout in hand."""
    state = fresh()
    put(state, state.current_player(), "hand", "idle_layabout")
    return state


def _copying():
    """Returns a three-player game in which the First Player's Exchange Student chooses what to copy, in the
    second turn of round 1 for each: the next seat played an Apple Picker then a Woodcutter, the last seat a
    Bottler (a Master) before its Owner Action."""
    state = fresh()
    me, nxt, last = 1, 2, 0
    assert state.current_player() == me
    put(state, me, "hand", "exchange_student", "cooper")
    put(state, nxt, "hand", "apple_picker", "woodcutter")
    put(state, last, "hand", "bottler")
    _core(state, OwnerAction, action="coins")
    _core(state, PlayWorker, card="apple_picker", use=False)
    _core(state, PlayWorker, card="bottler", use=False)
    _core(state, PlayWorker, card="cooper", use=False)
    _core(state, PlayWorker, card="woodcutter", use=False)
    _core(state, OwnerAction, action="coins")
    act(state, PlayWorker, card="exchange_student", use=True)
    assert state.pending_decision().kind == "choose" and state.current_player() == me
    return state


ME = "me"  # the seat to move, in a target

def _before_first_round():
    """Returns the initial recruitment of the first seat to pick, a Forager in its hand."""
    state = GAME.new_state(3, {}, 1)
    assert state.pending_decision().kind == "initial"
    put(state, state.current_player(), "hand", "forager")
    return state


def _recruiting():
    """Returns the first turn's Recruiter choosing a strip worker (2 coins off besides the strip's discount)."""
    state = fresh()
    put(state, state.current_player(), "hand", "recruiter")
    act(state, PlayWorker, card="recruiter", use=True)
    assert state.pending_decision().data["step"]["op"] == "recruit"
    return state


def _partnered():
    """Returns the Business Partner's second Owner Action to choose, the Market stall chosen first."""
    state = fresh()
    put(state, state.current_player(), "hand", "business_partner")
    act(state, PlayWorker, card="business_partner", use=True)
    choose(state, "coins")
    assert state.pending_decision().data["step"]["op"] == "owner"
    return state


MISTAKES = [  # (what the player tries, the position, the place hovered, the exact line)
    ("play an Idle Layabout", _layabout_in_hand, ("hand", "idle_layabout"),
     "An Idle Layabout has no Core Action: it can only represent a stored resource or be discarded."),
    ("recruit a worker one cannot afford", fresh, ("strip", 0),
     "Orchard Overseer costs 6 coins on this space: you have 3 coins."),
    ("recruit with the Recruiter a worker one cannot afford", _recruiting, ("strip", 0),
     "Orchard Overseer costs 4 coins on this space: you have 3 coins."),
    ("play a card before the initial recruitment", _before_first_round, ("hand", "forager"),
     "Before the first round, take one worker from the strip for free."),
    ("take the same Owner Action twice with the Business Partner", _partnered, ("office", ME, "coins"),
     "You have chosen this Owner Action already: the two must be different."),
    ("take a second Auxiliary Action", _sold, ("store", ME, "wood"),
     "You have taken this turn's Auxiliary Action: one before each Core Action."),
    ("sell from an empty store", fresh, ("store", ME, "bottle"),
     "You have no bottles of cider stored: nothing to sell."),
    ("deliver without the cider", fresh, ("vendor", 0, 1, 0),
     "You need 3 more bottles of cider for this delivery."),
    ("deliver to a taken reward space", _delivered, ("vendor", 0, 0, 0),
     "This reward space is taken: a delivery needs an unoccupied reward space."),
    ("send the Owner out twice in a round", _owner_acted, ("office", ME, "press"),
     "Your Owner has already acted this round (Market stall): once per round."),
    ("play a fourth worker", lambda: _spaces_full(sold=True), ("hand", "apple_picker"),
     "Your worker spaces are full: this Core Action must be your Owner Action."),
    ("recruit with the worker spaces full", _spaces_full, ("layabouts",),
     "Your worker spaces are full: this Core Action must be your Owner Action."),
    ("play a card after the Core Action", lambda: _nest_egg(core=True), ("hand", "forager"),
     "You have taken this turn's Core Action: achieve a goal, or End turn."),
    ("achieve a goal not met", fresh, ("goal", "wood_8"),
     "Woodpile needs 8 stored wood: you have 1."),
    ("achieve a goal twice", _achieved, ("goal", "coins_15"),
     "You have achieved Nest egg: each player can complete each goal only once."),
    ("achieve Idle hands before the fourth Core Action", _idle_hands, ("goal", "layabouts_3"),
     "Idle hands: only after all parts of your fourth and final Core Action of a round."),
    ("upgrade a hand spot by clicking it", fresh, ("spot", ME, "size"),
     "Upgrades happen when you deliver to a vendor or achieve a goal: this cube moves then."),
    ("move a cube that has gone", _second_goal, ("office", ME, "press"),
     "Press is upgraded already: its cube has gone. Move another cube."),
    ("recruit from the deck", fresh, ("deck",),
     "Recruit from the workers on the strip: the recruitment deck only refills it."),
    ("take from the draw pile", fresh, ("draw", ME),
     "You cannot look through your draw pile: actions and the Refresh draw from it."),
    ("use a played worker again", _spaces_full, ("space", ME, 0),
     "A played worker stays in its space until the Refresh phase."),
    ("copy a Master", _copying, ("space", 0, 0), "Master workers cannot be copied."),
    ("copy an opponent's earlier worker", _copying, ("space", 2, 0),
     "Only an opponent's most recently played worker can be copied."),
    ("copy one's own worker with the Exchange Student", _copying, ("space", 1, 0),
     "This copies an opponent's worker, not one of yours."),
]


@pytest.mark.parametrize("what, build, target, line", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_common_mistake_says_why_not(what, build, target, line):
    state = build()
    seat = state.current_player()
    target = tuple(seat if part == ME else part for part in target)
    assert state.view(seat).why_not(target) == line
    assert len(line) <= 100 and "\n" not in line
    for seed in range(3):  # what the mover cannot see changes nothing
        world = state.view(seat).determinize(random.Random(seed))
        assert world.view(seat).why_not(target) == line


def test_glowing_places_and_places_of_no_action_say_nothing():
    state = fresh()
    me = state.current_player()
    view = state.view(me)
    glowing = {action_place(action, view) for action in view.legal_actions()} - {None}
    assert {("store", me, "apple"), ("strip", 3), ("office", me, "press"), ("layabouts",)} <= glowing
    assert all(view.why_not(place) is None for place in glowing)
    assert view.why_not(("board", 0)) is None  # another cidery: hovered to see it whole
    assert view.why_not(("office", 0, "press")) is None  # another's Office: nobody expects to act there
    assert view.why_not(("store", 0, "bottle")) is None
    assert view.why_not("strip") is None and view.why_not(()) is None
    assert len(MISTAKES) >= 10
    act(state, OwnerAction, action="coins")  # the Market stall; the next seat is to move
    assert state.why_not(("office", me, "press")) is None  # not the mover's Office any more


def test_the_same_place_says_different_things_as_the_turn_goes_on():
    state = _nest_egg()
    me = state.current_player()
    assert state.why_not(("goal", "coins_15")) is None  # 15 coins: it glows
    assert state.why_not(("hand", "forager")) is None  # a worker may be played
    act(state, OwnerAction, action="coins")
    assert state.why_not(("hand", "forager")) == "You have taken this turn's Core Action: achieve a goal, or End turn."
    act(state, AchieveGoal, goal="coins_15")
    cube(state, "orchard")
    assert state.current_player() == me and state.pending_decision().kind == "after"  # Charity is still offered
    line = "You have achieved Nest egg: each player can complete each goal only once."
    assert state.why_not(("goal", "coins_15")) == line


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_play_scene_shows_why_not_in_the_status_panel(tmp_path, size, monkeypatch):
    from games.core.match import Match, Seat
    from graphics.config import table_layout
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    state = fresh(4, 2)
    me = state.current_player()
    names = ["WWWWWWWWWWWWWWWW", "MMMMMMMMMMMMMMMM", "Ωμέγα Ωμέγα Ωμέγ", "QQQQQQQQQQQQQQQQ"]
    seats = [Seat(name, colour, None if seat == me else "fair")
             for seat, (name, colour) in enumerate(zip(names, ["orange", "sky", "green", "purple"]))]
    driver = Driver(tmp_path, f"scrumpy-why-not-{size[0]}", size=size)
    match = Match(GAME, seats, {}, 2)
    match.state = state
    start_play(driver.app, match)
    driver.frames(5)
    play = driver.scene
    assert play.my_turn()
    line = "Upgrades happen when you deliver to a vendor or achieve a goal: this cube moves then."
    driver.hover(play.point_of(("spot", me, "size")), 3)
    assert play.hover == ("spot", me, "size") and play.status_text() == line
    status = table_layout().rect("play.status")
    assert not any(status.colliderect(rect) for rect in map(play.rect_of, play.targets()) if rect is not None)
    driver.app.draw()
    driver.app.screenshot("spot")
    driver.hover(play.point_of(("store", me, "bottle")), 3)
    assert play.status_text() == "You have no bottles of cider stored: nothing to sell."
    driver.hover(play.point_of(("office", me, "press")), 3)  # it glows: the usual line
    assert play.status_text() == match.state.status(match.names)
    import graphics.views.scrumpy.view as scrumpy_view
    from graphics.kit.overlay import draw_zoom
    zooms = []  # where cards are shown large
    monkeypatch.setattr(scrumpy_view, "draw_zoom", lambda *args, **kw: zooms.append(draw_zoom(*args, **kw)))
    driver.hover(play.point_of(("strip", 0)), 40)  # a dead strip worker, shown large after a moment
    assert play.status_text() == "Advertiser costs 6 coins on this space: you have 3 coins."
    driver.app.draw()
    driver.app.screenshot("strip")
    assert zooms and not any(zoom.colliderect(status) for zoom in zooms)  # the line stays readable
    driver.close()


def _places(view, seat: int) -> list[tuple]:
    """Returns every place of the table the view draws for `seat` (its hand's kinds included)."""
    me = view.cideries[seat]
    places = [("strip", slot) for slot in range(len(view.strip.slots))] + [("deck",), ("layabouts",), ("automa",)]
    places += [("hand", kind) for kind in me.kinds("hand")] + [("pool", kind) for kind in me.kinds("pool")]
    places += [("goal", goal) for goal in view.public_goals + ([me.private_goal] if me.private_goal else [])]
    places += [("vendor", v, r, s) for v, rows in enumerate(view.vendor_spaces) for r, spaces in enumerate(rows)
               for s in range(len(spaces))]
    for other in range(view.players):
        places += [("space", other, index) for index in range(len(view.cideries[other].spaces))]
    places += [("store", seat, res) for res in me.stores] + [("orchard", seat), ("draw", seat), ("discard", seat)]
    places += [("office", seat, action.id) for action in view.data.rules.owner_actions]
    return places + [("spot", seat, "size"), ("spot", seat, "keep"), ("board", (seat + 1) % view.players)]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_place_of_random_games_answers_in_one_short_line_from_the_view(players):
    lines = set()
    for seed in range(2):
        state = GAME.new_state(players, {}, seed)
        rng = random.Random(seed)
        for step in range(400):
            if state.is_over():
                break
            if step % 7 == 0:
                seat = state.current_player()
                view = state.view(seat)
                glowing = {action_place(action, view) for action in view.legal_actions()}
                world = view.determinize(random.Random(step)).view(seat)
                for place in _places(view, seat):
                    line = view.why_not(place)
                    assert line is None or (place not in glowing and len(line) <= 100 and "\n" not in line
                                            and "None" not in line), (place, line)
                    assert world.why_not(place) == line, f"{place} tells a secret"
                    lines.add(line)
            state.apply(rng.choice(state.legal_actions()))
    assert len(lines) >= 10  # many different reasons came up


def test_a_table_with_more_worker_spaces_is_told_that_the_owner_is_due(monkeypatch):
    """With four worker spaces (a table that edits game.yaml), three Core Actions can leave a space free:
    the fourth must still be the Owner Action (rulings.md, "The Owner Action is compulsory once a round")."""
    import dataclasses

    from games.scrumpy.data import load
    from games.scrumpy.state import ScrumpyState
    data = load()
    wider = dataclasses.replace(data, rules=dataclasses.replace(data.rules, worker_spaces=4))
    monkeypatch.setattr(ScrumpyState, "data", property(lambda self: wider))
    state = _solo()
    for _ in range(3):
        _core(state, RecruitLayabout)
    put(state, 0, "hand", "apple_picker")
    act(state, Sell, res="wood")  # no Secondary Action left either
    assert state.me.free_space() == 3 and not state.me.meeple
    line = "The Owner Action is compulsory once a round: your last Core Action must be an Owner Action."
    assert state.why_not(("hand", "apple_picker")) == line
    assert state.why_not(("layabouts",)) == line
    assert state.why_not(("space", 0, 3)) == line


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_line_fits_the_status_panel_whole_on_one_line_at_full_size(size):
    """Each line of games/scrumpy/why_not.py, filled with the longest names and numbers the game has, is
    drawn whole in the status panel, on one line, in the panel's usual font size."""
    import string

    from games.scrumpy import why_not as lines
    from graphics.config import table_layout
    from graphics.scenes.play import PlayScene
    from tests.kit_helpers import measured, painter
    data = fresh().data
    longest = {
        "name": max([w.name for w in data.workers] + [g.name for g in data.goals]
                    + [a.name for a in data.rules.owner_actions] + ["This hand spot"], key=len),
        "price": "99 coins", "have": "99 coins", "plural": max((r.plural for r in data.rules.resources), key=len),
        "missing": "1 more barrel of cider and 2 more bottles of cider",
        "need": "3 identical deliveries to one vendor"}
    texts = [value.format(**{key: longest[key] for _, key, _, _ in string.Formatter().parse(value) if key})
             for name, value in vars(lines).items() if name.isupper() and isinstance(value, str)]
    assert len(texts) >= 30
    paint = painter(size)
    box = PlayScene.status_box(table_layout().rect("play.status"))
    usual = paint.fit("Ann: take a Core Action", box, "body", "bold").px
    for text in texts:
        fitted = paint.fit(text, box, "body", "bold")
        width, _ = measured(paint, fitted)
        assert not fitted.cut and len(fitted.lines) == 1 and fitted.px == usual, text
        assert width <= paint.viewport.rect(box).width and len(text) <= 100, text
