"""Every Crumbs rule in the rulebook, its examples, and our rulings (data/crumbs/rulings.md)."""
from collections import Counter

import pytest

from games.core.errors import IllegalAction
from games.crumbs import GAME, armies, buzz, drops, rounds, scuffle, table, trail
from games.crumbs.actions import (
    Cancel,
    ChooseArmy,
    DogDrop,
    DogPlace,
    DrawBuzz,
    DropCrumbs,
    EndTurn,
    MoveCount,
    MoveFrom,
    MoveTo,
    PickSpace,
    PlaceStart,
    Spawn,
)
from games.crumbs.board import Board
from games.crumbs.data import load_data
from games.crumbs.scuffle import ATTACKER, DEFENDER, NEITHER
from tests.crumbs_helpers import Dice, empty_park, put, put_crumb, skip_to_feeding

DATA = load_data()


# --- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    state = GAME.new_state(players, {}, 3)
    assert len(state.deck) == players * 5 and set(state.deck) <= set(DATA.cards)
    assert state.crumbs == [5] * players and table.dog_space(state) is None
    assert state.phase == "armies" and state.current_player() == 0
    for seat in range(players):
        state.apply(state.legal_actions()[0])
    assert state.phase == "turn" and state.pending_decision().kind == "draw" and state.current_player() == state.favor
    assert all(v in DATA.numbers.feeder_die for v in state.feeders.values()) and len(state.feeders) == 4
    for seat in range(players):
        on_board = len(table.on_board(state, "critter", seat))
        assert on_board == (3 if state.armies[seat] == "pigeons" else 2)
        assert on_board + len(table.pool(state, seat)) == armies.army(state, seat).critters
    for space in state.board.spaces:  # setup scuffles are resolved
        assert space == state.board.fountain or len(table.armies_in(state, space)) <= 1


def test_the_daily_buzz_deck_is_players_times_five_of_the_forty_card_box():
    assert len(DATA.deck()) == 40 and Counter(DATA.deck())["loud_noise"] == 3
    state = GAME.new_state(3, {"rounds": 7}, 1)
    assert len(state.deck) == 21
    assert len(GAME.new_state(3, {"race": True}, 1).deck) == 40


def test_armies_are_chosen_in_seat_order_or_dealt():
    state = GAME.new_state(3, {}, 1)
    state.apply(ChooseArmy("ducks"))
    assert ChooseArmy("ducks") not in state.legal_actions() and len(state.legal_actions()) == 3
    dealt = GAME.new_state(3, {"armies": "random"}, 1)
    assert len(dealt.legal_actions()) == 1


def test_granny_favor_is_drawn_at_random():
    favors = set()
    for seed in range(12):
        state = GAME.new_state(2, {"armies": "random"}, seed)
        state.apply(state.legal_actions()[0])
        state.apply(state.legal_actions()[0])
        favors.add(state.favor)
    assert favors == {0, 1}


def test_alternate_starting_spaces():
    state = GAME.new_state(3, {"start": "place"}, 2)
    for army in ("squirrels", "pigeons", "ducks"):
        state.apply(ChooseArmy(army))
    order = rounds.turn_order(state)
    assert state.phase == "start" and [d.seat for d in reversed(state.decisions)] == order + order + [1]
    first = state.current_player()
    state.apply(PlaceStart("north_lawn"))
    assert PlaceStart("north_lawn") not in state.legal_actions()  # the next player may not join
    while state.phase == "start":
        state.apply(max(state.legal_actions(), key=lambda a: a.space != state.board.fountain))
    assert len(table.on_board(state, "critter", 1)) == 3 and len(table.on_board(state, "critter", first)) == 2
    for space in state.board.spaces:
        assert space == state.board.fountain or len(table.armies_in(state, space)) <= 1


# --- the board ----------------------------------------------------------------------------------
def test_adjacent_spaces_share_a_side_not_a_corner():
    board = Board(DATA.maps["central_park"])
    assert "oak_grove" in board.adjacent["north_lawn"]
    assert "rose_garden" not in board.adjacent["north_lawn"]  # they meet at one corner only
    assert set(board.adjacent["fountain"]) == {"north_lawn", "west_lawn", "east_lawn", "south_lawn"}


@pytest.mark.parametrize("map_id", list(DATA.maps))
def test_every_map_is_a_connected_park(map_id):
    board = Board(DATA.maps[map_id])
    seen, todo = set(), [board.fountain]
    while todo:
        space = todo.pop()
        if space not in seen:
            seen.add(space)
            todo += board.adjacent[space]
    assert seen == set(board.spaces) and len(board.feeders) == 4


# --- a turn --------------------------------------------------------------------------------------
def test_a_turn_starts_with_the_daily_buzz():
    state = GAME.new_state(2, {"armies": "random"}, 5)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.legal_actions() == [DrawBuzz()]
    deck = len(state.deck)
    events = state.apply(DrawBuzz())
    assert events[0].kind == "buzz" and len(state.deck) == deck - 1 and len(state.drawn) == 1


def test_the_first_movement_is_free_then_movements_cost_two():
    state = empty_park()
    put(state, 0, "north_lawn", 3)
    state.apply(MoveFrom("north_lawn"))
    assert state.legal_actions() == [MoveCount(1), MoveCount(2), MoveCount(3), Cancel()]
    state.apply(MoveCount(2))
    assert {a.space for a in state.legal_actions() if isinstance(a, MoveTo)} == set(state.board.adjacent["north_lawn"])
    state.apply(MoveTo("fountain"))
    assert state.crumbs[0] == 5 and len(table.critters_in(state, "fountain", 0)) == 2
    state.apply(MoveFrom("fountain"))
    state.apply(MoveCount(1))
    state.apply(MoveTo("east_lawn"))
    assert state.crumbs[0] == 3 and state.ledger[0]["Spent"] == -2


def test_you_cannot_pay_below_zero():
    state = empty_park()
    put(state, 0, "north_lawn", 1)
    state.crumbs[0] = 1
    state.free_moves = 0
    state._legal = None
    assert state.legal_actions() == [EndTurn()]
    with pytest.raises(IllegalAction):
        state.apply(MoveFrom("north_lawn"))


def test_at_most_three_critters_move():
    state = empty_park()
    put(state, 0, "fountain", 5)
    state.apply(MoveFrom("fountain"))
    assert max(a.count for a in state.legal_actions() if isinstance(a, MoveCount)) == 3


def test_spawning_costs_five_or_four_for_pigeons_on_own_spaces_or_the_fountain():
    state = empty_park(("ducks", "pigeons"))
    put(state, 0, "duck_pond", 1)
    spawns = {a.space for a in state.legal_actions() if isinstance(a, Spawn)}
    assert spawns == {"duck_pond", "fountain"}
    state.apply(Spawn("fountain"))
    assert state.crumbs[0] == 0 and len(table.critters_in(state, "fountain", 0)) == 1
    assert armies.cost(state, 1, "spawn") == 4


def test_dog_drop_costs_two_and_dog_placement_five_and_the_dog_goes_home_at_reset():
    state = empty_park()
    state.apply(DogPlace())
    state.apply(PickSpace("east_lawn"))
    assert state.crumbs[0] == 0 and table.dog_space(state) == "east_lawn"
    state.crumbs[0] = 2
    state._legal = None
    state.apply(DogDrop())
    assert state.crumbs[0] == 0 and table.dog_space(state) is not None
    drops.reset(state)
    assert table.dog_space(state) is None


# --- scuffles -------------------------------------------------------------------------------------
def test_the_rulebook_scuffle_example():
    """Pigeons move 3 critters onto 2 ducks; pigeons roll 1, ducks 3: 4 against 5, the ducks win."""
    state = empty_park(("pigeons", "ducks"))
    put(state, 0, "oak_grove", 3)
    put(state, 1, "north_lawn", 2)
    state.rng = Dice(1, 3)
    state.apply(MoveFrom("oak_grove"))
    state.apply(MoveCount(3))
    events = state.apply(MoveTo("north_lawn"))
    fight = next(e for e in events if e.kind == "scuffle")
    assert [(s["seat"], s["role"], s["total"]) for s in fight.data["sides"]] == [(0, "attacker", 4), (1, "defender", 5)]
    assert table.controller(state, "north_lawn") == 1 and len(table.critters_in(state, "fountain", 0)) == 3


def test_ties_go_to_the_attacker():
    sides = [scuffle.Side(0, ATTACKER, 2), scuffle.Side(1, DEFENDER, 2)]
    assert scuffle.resolve(sides, (1, 2, 3), Dice(2, 2)).seat == 0


def test_without_an_attacker_ties_roll_again_until_someone_wins():
    sides = [scuffle.Side(0, NEITHER, 2), scuffle.Side(1, NEITHER, 2)]
    winner = scuffle.resolve(sides, (1, 2, 3), Dice(3, 3, 1, 1, 1, 2))
    assert winner.seat == 1 and sides[0].rolls == [3, 1, 1]


def test_three_armies_scuffle_and_tied_attackers_roll_off():
    sides = [scuffle.Side(0, ATTACKER, 1), scuffle.Side(1, ATTACKER, 1), scuffle.Side(2, DEFENDER, 1)]
    winner = scuffle.resolve(sides, (1, 2, 3), Dice(3, 3, 3, 1, 2))
    assert winner.seat == 1


def test_losers_go_to_the_fountain_and_the_winner_controls_the_space():
    state = empty_park(("chipmunks", "ducks"))
    put(state, 0, "oak_grove", 1)
    put(state, 1, "north_lawn", 1)
    state.rng = Dice(3, 1)
    state.apply(MoveFrom("oak_grove"))
    state.apply(MoveTo("north_lawn"))
    assert table.controller(state, "north_lawn") == 0 and table.critters_in(state, "fountain", 1)


def test_the_fountain_is_shared_and_never_scuffles():
    state = empty_park()
    put(state, 0, "fountain", 2)
    put(state, 1, "north_lawn", 1)
    state.decisions.pop()  # seat 0 ends its turn; seat 1 moves into the fountain where seat 0 sits
    state.decisions.pop()
    state._legal = None
    state.apply(MoveFrom("north_lawn"))
    events = state.apply(MoveTo("fountain"))
    assert not any(e.kind == "scuffle" for e in events)
    assert table.armies_in(state, "fountain") == [0, 1] and table.controller(state, "fountain") is None


def test_moving_into_an_empty_or_own_space_is_peaceful():
    state = empty_park()
    put(state, 0, "north_lawn", 2)
    put(state, 0, "duck_pond", 1)
    state.apply(MoveFrom("north_lawn"))
    state.apply(MoveCount(1))
    events = state.apply(MoveTo("duck_pond"))
    assert not any(e.kind == "scuffle" for e in events)


def test_round_cards_and_sheets_modify_scuffles():
    state = empty_park(("chipmunks", "squirrels"))
    state.modifiers = {"attack": 1, "defense": 2}
    state.upgraded = [True, True]
    assert drops.combat_bonus(state, 0, ATTACKER, "north_lawn") == 2  # card +1, Bulging Cheeks +1
    assert drops.combat_bonus(state, 1, DEFENDER, "north_lawn") == 2  # card +2
    put_crumb(state, "stockpile", "north_lawn")
    assert drops.combat_bonus(state, 1, DEFENDER, "north_lawn") == 3  # card +2, Winter Stores guards a stockpile +1


# --- values and scoring ---------------------------------------------------------------------------
def test_the_rulebook_scoring_example():
    """2 crumbs in a space with a feeder die of 3 and 1 on a printed 2: the pigeons score 8."""
    state = empty_park(("pigeons", "ducks"))
    state.feeders["north_lawn"] = 3
    put(state, 0, "north_lawn", 1)
    put(state, 0, "bandstand", 1)
    put_crumb(state, "crumb", "north_lawn")
    put_crumb(state, "crumb", "north_lawn")
    put_crumb(state, "crumb", "bandstand")
    assert drops.feeding_score(state, 0)[0] == 8


def test_fountain_and_dog_spaces_are_worth_nothing():
    state = empty_park()
    put(state, 0, "fountain", 1)
    put(state, 0, "bandstand", 1)
    put_crumb(state, "crumb", "fountain")
    put_crumb(state, "crumb", "bandstand")
    assert drops.feeding_score(state, 0)[0] == 2
    table.place(state, "dog", "bandstand")
    assert drops.feeding_score(state, 0)[0] == 0


def test_crumbs_in_ponds_score_only_for_the_ducks():
    for army, points in (("pigeons", 0), ("ducks", 3 + 1)):  # the ducks: value 3, +1 in a pond space
        state = empty_park((army, "squirrels"))
        put(state, 0, "duck_pond", 1)
        put_crumb(state, "crumb", "duck_pond", in_pond=True)
        assert drops.feeding_score(state, 0)[0] == points


def test_feeding_drops_all_twenty_crumbs_scores_in_turn_order_and_resets():
    state = empty_park(("squirrels", "ducks"), seed=4)
    put(state, 0, "north_lawn", 1)
    put(state, 1, "south_lawn", 1)
    skip_to_feeding(state)
    assert state.legal_actions() == [DropCrumbs()]
    events = state.apply(DropCrumbs())
    drop = next(e for e in events if e.kind == "drop")
    assert sorted(drop.data["dropped"]) == sorted(f"crumb-{i}" for i in range(1, 21))
    scored = [e.data["seat"] for e in events if e.kind == "gain" and "rows" in e.data]
    assert scored == [seat for seat in (0, 1) if seat in scored]  # Granny's Favor (seat 0) scores first
    assert table.on_board(state, "crumb") == [] and state.round == 2 and state.phase == "turn"
    assert state.crumbs[state.favor] == max(state.crumbs)


def test_favor_goes_to_the_leader_and_ties_are_rolled_off():
    state = empty_park(("squirrels", "ducks"))
    state.crumbs = [9, 12]
    drops.reset(state)
    assert state.favor == 1
    state.crumbs = [12, 12]
    state.rng = Dice(1, 3)
    drops.reset(state)
    assert state.favor == 1


def test_special_crumbs_knocked_into_a_space_score_at_once():
    state = empty_park(("ducks", "pigeons"), seed=2)
    put(state, 0, "north_lawn", 1)
    wet = put_crumb(state, "wet", "fountain")
    before = {wet: "fountain"}
    table.set_pose(state, wet, tuple(state.pieces[table.critters_in(state, "north_lawn", 0)[0]].pose[:2]) + (0.0,))
    state.feeders["north_lawn"] = 2
    events = drops.knocked_crumbs(state, before, {wet})
    assert state.crumbs[0] == 5 + 2 + 1  # one crumb of a 2-space, +1 for a wet crumb (Paddlers)
    assert events[0].data["amount"] == 3 and state.ledger[0]["Knocked crumbs"] == 3


# --- the end and the variants ----------------------------------------------------------------------
def test_the_game_ends_after_the_round_of_the_last_card():
    state = empty_park(("ducks", "pigeons"), rounds=1)
    assert len(state.deck) == 2
    state.deck.cards = []  # the last card has been drawn
    state.drawn = ["bakery"]
    skip_to_feeding(state)
    state.apply(DropCrumbs())
    assert state.is_over() and state.winners() == drops.leaders(state)


def test_ties_share_the_win():
    state = empty_park(("ducks", "pigeons"))
    state.crumbs = [20, 20]
    trail.finish(state)
    assert state.winners() == [0, 1]


def test_race_ends_the_moment_a_player_reaches_the_target():
    state = empty_park(("ducks", "pigeons"), race=True, target=30)
    state.crumbs = [29, 5]
    events = trail.gain(state, 0, 2, "Feeding", "test")
    assert state.is_over() and state.winners() == [0] and events[-1].kind == "win"


def test_a_race_reshuffles_the_discards_when_the_deck_runs_out():
    state = empty_park(("ducks", "pigeons"), race=True)
    state.discard, state.deck.cards = state.deck.cards[:-1], []
    buzz.draw_buzz(state, 0)
    assert len(state.deck) == 38 and state.discard == []


@pytest.mark.parametrize("rounds", [1, 10])
def test_longer_or_shorter_games(rounds):
    assert len(GAME.new_state(4, {"rounds": rounds}, 1).deck) == 4 * rounds


def test_knocked_critters_change_space_and_scuffle():
    """Pigeons rest in the fountain with their heads a hair from North Lawn, which the ducks hold.
    Over many seeded crumb drops some pigeons are knocked over the line: each time that starts a
    scuffle, and afterwards no space holds two armies."""
    import math
    crossed = 0
    for seed in range(30):
        state = empty_park(("pigeons", "ducks"), seed=seed)
        put(state, 1, "north_lawn", 2)
        fountain = state.board.spaces["fountain"].polygon
        north = state.board.spaces["north_lawn"].polygon
        (ax, ay), (bx, by) = next((a, b) for a, b in zip(fountain, fountain[1:] + fountain[:1])
                                  if a in north and b in north)
        length = math.dist((ax, ay), (bx, by))
        nx, ny = (by - ay) / length, -(bx - ax) / length  # unit normal pointing out of the fountain
        if (ax + bx) / 2 + nx * 20 < 0 or not state.board.space_at(((ax + bx) / 2 + nx * 20, (ay + by) / 2 + ny * 20)) \
                == "north_lawn":
            nx, ny = -nx, -ny
        for k, pigeon in enumerate(table.pool(state, 0)[:6]):
            t = (k + 1) / 7
            x, y = ax + (bx - ax) * t - nx * 10, ay + (by - ay) * t - ny * 10
            table.set_pose(state, pigeon, (x, y, math.atan2(ny, nx)))
            assert table.where(state, pigeon) == "fountain"
        events = drops.drop(state, table.supply(state, "crumb"), "feeding")
        entered = [p for p in table.on_board(state, "critter", 0) if table.where(state, p) == "north_lawn"]
        if any(e.kind == "scuffle" and e.data["space"] == "north_lawn" for e in events):
            crossed += 1
        elif entered:
            pytest.fail("pigeons entered the ducks' space without a scuffle")
        for space in state.board.spaces:
            assert space == state.board.fountain or len(table.armies_in(state, space)) <= 1
    assert crossed >= 3, crossed


# --- whole positions, saves and the one secret -------------------------------------------------------
def _damaged(change) -> str:
    """Returns the message of the ValueError that check() raises once `change` damaged a game in play."""
    state = empty_park(("pigeons", "ducks"))
    put(state, 0, "north_lawn", 2)
    put(state, 1, "oak_grove", 1)
    state.check()
    change(state)
    with pytest.raises(ValueError) as error:
        state.check()
    return str(error.value)


def _two_armies(state):
    table.place(state, table.pool(state, 1)[0], "north_lawn")


def _off_board(state):
    table.set_pose(state, table.pool(state, 1)[0], (-40.0, -40.0, 0.0))


@pytest.mark.parametrize("change, message", [
    (lambda s: s.crumbs.__setitem__(0, -1), "fewer than no crumbs"),
    (lambda s: s.crumbs.__setitem__(1, 9), "ledger"),
    (lambda s: s.pieces.pop("pigeons-4"), "critters are not all there"),
    (lambda s: s.pieces.pop("wet-3"), "box's pieces"),
    (_off_board, "off the board"),
    (_two_armies, "unresolved scuffle in North Lawn"),
    (lambda s: s.deck.put(["loud_noise"] * 4), "not from the box"),
    (lambda s: s.deck.cards.pop(), "wrong number of cards"),
    (lambda s: s.decisions.clear(), "over exactly when"),
    (lambda s: s.feeders.__setitem__("north_lawn", 7), "feeder dice"),
])
def test_check_refuses_a_damaged_position(change, message):
    assert message in _damaged(change)


def test_a_save_of_a_damaged_position_is_refused():
    state = empty_park(("pigeons", "ducks"))
    put(state, 0, "north_lawn", 2)
    put(state, 1, "north_lawn", 1)
    with pytest.raises(ValueError, match="unresolved scuffle"):
        GAME.state_from_dict(state.to_dict())


def test_pieces_write_the_generic_plain_data_and_are_shared_by_copies():
    from games.core.record import _codec
    from games.crumbs.table import Piece
    state = empty_park(("pigeons", "ducks"))
    put(state, 0, "north_lawn", 1)
    for piece in state.pieces.values():
        assert piece.to_dict() == _codec(Piece).to_dict(piece)
    clone = state.clone()
    assert clone.pieces["dog"] is state.pieces["dog"]
    table.place(clone, "dog", "bandstand")
    assert table.dog_space(state) is None and clone.dog_space() == "bandstand"
    assert GAME.state_from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_views_hide_the_daily_buzz_deck_and_nothing_else():
    state = empty_park(("pigeons", "ducks"))
    full = state.to_dict()
    for seat in (0, 1, None):
        view = state.view(seat).to_dict()
        assert view["deck"]["cards"] == [None] * len(state.deck)
        assert {k: v for k, v in view.items() if k not in ("deck", "rng", "viewer")} == \
            {k: v for k, v in full.items() if k not in ("deck", "rng", "viewer")}


def test_a_determinized_deck_comes_from_the_cards_nobody_has_seen():
    import random
    state = empty_park(("pigeons", "ducks"), rounds=4)
    state.drawn = [state.deck.cards.pop()]
    decks = set()
    for seed in range(20):
        world = state.view(0).determinize(random.Random(seed))
        assert len(world.deck) == len(state.deck) == 7
        assert not Counter(world.deck.cards) - (Counter(DATA.deck()) - Counter(state.drawn))
        decks.add(tuple(sorted(world.deck.cards)))
    assert len(decks) > 1  # which cards of the box are in the deck is not known either
    race = empty_park(("pigeons", "ducks"), race=True)
    race.discard, race.drawn = [race.deck.cards.pop()], [race.deck.cards.pop()]
    world = race.view(1).determinize(random.Random(1))
    assert Counter(world.deck.cards) == Counter(DATA.deck()) - Counter(race.discard + race.drawn)


def _fly_pick(state):
    state.ask("fly_pick", 0, picked=["ducks-1"])


def _count_elsewhere(state):
    state.ask("count", 1, via="move", **{"from": "north_lawn"})


@pytest.mark.parametrize("change, message", [
    (_fly_pick, "not the flyer's own critters"),
    (_count_elsewhere, "not made in its seat's turn"),
    (lambda s: s.ask("to", 0, via="walk", count=1, **{"from": "north_lawn"}), "where critters leave from"),
    (lambda s: s.ask("to", 0, via="move", count=0, **{"from": "north_lawn"}), "how many critters go"),
])
def test_check_refuses_choices_that_do_not_fit_the_turn(change, message):
    assert message in _damaged(change)
