"""The factory floor and each action button as a small pure function; the belt (FORWARD, REVERSE,
Guppy, maintenance, an empty hopper); which plugs fit which core."""
import random
from collections import Counter

import pytest

from games.core.zones import DOWN, UP, Pile
from games.scrappers import buttons as btn
from games.scrappers.belt import Belt
from games.scrappers.board import ANTICLOCKWISE, CLOCKWISE
from games.scrappers.contraptions import arrange, complete, fillable, progress
from games.scrappers.data import load_data

DATA = load_data()
BOARD = DATA.board
S = {s.id: i for i, s in enumerate(BOARD.spaces)}


def blocked(*ids: str) -> frozenset[int]:
    return frozenset(S[i] for i in ids)


def ids(spaces) -> set[str]:
    return {BOARD.spaces[s].id for s in spaces}


# --- the board ----------------------------------------------------------------------------------
def test_the_loop_runs_clockwise_round_the_conveyor_and_closes():
    order = [s.id for s in BOARD.spaces]
    assert order == ["t0", "t1", "t2", "t3", "t4", "t5", "n", "b5", "b4", "b3", "b2", "b1", "b0", "h"]
    assert BOARD.step(S["h"], CLOCKWISE) == S["t0"] and BOARD.step(S["t0"], ANTICLOCKWISE) == S["h"]
    assert ids(BOARD.neighbours(S["t5"])) == {"t4", "n"}


def test_every_conveyor_space_is_faced_from_both_sides_and_the_ends_from_three():
    assert [len(f) for f in BOARD.facing] == [3, 2, 2, 2, 2, 3]
    assert ids(BOARD.facing[0]) == {"t0", "b0", "h"} and ids(BOARD.facing[5]) == {"t5", "b5", "n"}
    for space, across in enumerate(BOARD.across):
        if across is not None:
            assert BOARD.faces(space) == BOARD.faces(across) and BOARD.across[across] == space


def test_each_guppy_symbol_is_on_several_spaces():
    for symbol in BOARD.symbols:
        assert len(BOARD.with_symbol(symbol)) >= 2


# --- STEP, DASH, JUMP ----------------------------------------------------------------------------
def test_step_goes_one_space_either_way_but_never_onto_a_bodger():
    assert ids(btn.step_targets(BOARD, blocked(), S["t2"])) == {"t1", "t3"}
    assert ids(btn.step_targets(BOARD, blocked("t3"), S["t2"])) == {"t1"}
    assert btn.step_targets(BOARD, blocked("t1", "t3"), S["t2"]) == []


def test_step_never_crosses_the_conveyor():
    assert "b2" not in ids(btn.step_targets(BOARD, blocked(), S["t2"]))


def test_dash_runs_until_the_space_before_the_next_bodger():
    assert ids(btn.dash_targets(BOARD, blocked("t5", "b3"), S["t2"])) == {"t4", "b2"}
    assert btn.dash_end(BOARD, blocked("t5", "b3"), S["t2"], CLOCKWISE) == S["t4"]
    assert btn.dash_end(BOARD, blocked("t5", "b3"), S["t2"], ANTICLOCKWISE) == S["b2"]  # round the hopper end


def test_dash_cannot_start_toward_a_bodger_next_to_it():
    assert btn.dash_end(BOARD, blocked("t3", "b0"), S["t2"], CLOCKWISE) is None
    assert ids(btn.dash_targets(BOARD, blocked("t3", "b0"), S["t2"])) == {"h"}
    assert btn.dash_targets(BOARD, blocked("t1", "t3"), S["t2"]) == []


def test_jump_goes_exactly_two_over_bodgers_or_over_the_conveyor():
    assert ids(btn.jump_targets(BOARD, blocked("t1", "t3"), S["t2"])) == {"t0", "t4", "b2"}
    assert ids(btn.jump_targets(BOARD, blocked("t4", "b2"), S["t2"])) == {"t0"}
    assert btn.jump_targets(BOARD, blocked("t0", "t4", "b2"), S["t2"]) == []


def test_jump_from_the_end_spaces_has_no_way_over_the_conveyor():
    assert ids(btn.jump_targets(BOARD, blocked(), S["n"])) == {"t4", "b4"}


def test_guppy_neither_blocks_nor_is_blocked():
    places = {"izzy": S["t2"], "guppy": S["t3"], "lug": S["t5"]}
    assert btn.blocked_for(places, "izzy") == blocked("t5")
    assert btn.blocked_for(places, "guppy") == blocked("t2", "t5")
    assert btn.dash_end(BOARD, btn.blocked_for(places, "izzy"), S["t2"], CLOCKWISE) == S["t4"]


# --- SWITCH ----------------------------------------------------------------------------------
def test_switch_partners_are_the_bodgers_next_to_it_never_guppy():
    places = {"izzy": S["t2"], "ridge": S["t3"], "guppy": S["t1"], "lug": S["b2"]}
    assert btn.bodgers_next_to(BOARD, places, "izzy") == ["ridge"]


def test_switch_parts_needs_a_part_in_front_and_one_next_to_it():
    slots = ["a", None, "c", "d", None, "f"]
    assert btn.part_switches(BOARD, slots, S["t2"]) == [3]
    assert btn.part_switches(BOARD, slots, S["t3"]) == [2]
    assert btn.part_switches(BOARD, slots, S["t1"]) == []  # nothing in front
    assert btn.part_switches(BOARD, slots, S["h"]) == []  # a, with a gap beside it
    assert btn.part_switches(BOARD, ["a", "b", None, None, None, None], S["b0"]) == [1]


def test_guppy_goes_to_another_space_with_the_symbol():
    gears = BOARD.with_symbol("gear")
    assert set(btn.guppy_targets(BOARD, "gear", gears[0])) == set(gears[1:])
    assert set(btn.guppy_targets(BOARD, "gear", None)) == set(gears)


# --- the belt ----------------------------------------------------------------------------------
def belt(slots, hopper=(), bin_=()) -> Belt:
    return Belt(list(slots), Pile(list(hopper), DOWN), 0, Pile(list(bin_), UP))


def test_forward_bins_the_last_part_moves_all_one_space_and_draws_at_the_hopper_end():
    b = belt(["a", None, "c", "d", "e", "f"], hopper=["x", "y"])
    moved = b.forward(random.Random(0))
    assert b.slots == ["y", "a", None, "c", "d", "e"] and b.bin.cards == ["f"] and b.hopper.cards == ["x"]
    assert moved["binned"] == [[5, "f"]] and [0, "y"] in moved["drawn"]


def test_reverse_puts_the_first_part_on_the_hopper_and_the_bin_top_at_the_bin_end():
    b = belt(["a", "b", None, "d", "e", "f"], hopper=["x"], bin_=["p", "q"])
    moved = b.reverse()
    assert b.slots == ["b", None, "d", "e", "f", "q"] and b.hopper.cards == ["x", "a"] and b.known == 1
    assert b.bin.cards == ["p"] and moved["to_hopper"] == "a" and moved["from_bin"] == "q"


def test_reverse_with_an_empty_bin_leaves_the_bin_end_empty():
    b = belt(["a", "b", "c", "d", "e", "f"])
    b.reverse()
    assert b.slots == ["b", "c", "d", "e", "f", None]


def test_forward_and_reverse_cannot_press_when_nothing_would_move():
    assert not belt([None] * 6).can_forward() and not belt([None] * 6).can_reverse()
    assert belt([None] * 6, hopper=["x"]).can_forward() and not belt([None] * 6, hopper=["x"]).can_reverse()
    assert belt([None] * 6, bin_=["x"]).can_reverse()


def test_maintenance_bins_slides_toward_the_bin_and_fills_from_the_bin_end():
    b = belt(["a", None, "c", None, "e", "f"], hopper=["z", "y", "x"])
    b.maintain(random.Random(0))
    assert b.bin.cards == ["f"]
    assert b.slots == ["z", "y", "x", "a", "c", "e"]  # x was on top: drawn first, nearest the bin


def test_an_empty_hopper_is_refilled_by_shuffling_the_bin():
    b = belt([None] * 6, hopper=[], bin_=["p", "q", "r"])
    moved = b.maintain(random.Random(3))
    assert sorted(p for p in b.slots if p) == ["p", "q", "r"] and not b.bin.cards
    assert moved["reshuffled"] == 3


def test_with_no_parts_anywhere_the_conveyor_stays_empty():
    b = belt([None] * 6)
    b.maintain(random.Random(0))
    assert b.empty()


def test_guppy_bins_the_part_before_him_slides_and_draws_one_at_the_hopper_end():
    b = belt(["a", "b", "c", "d", "e", "f"], hopper=["x", "y"])
    b.guppy(2, random.Random(0))
    assert b.slots == ["y", "a", "b", "d", "e", "f"] and b.bin.cards == ["c"]
    b = belt(["a", "b", "c", "d", "e", "f"], hopper=["x"])
    b.guppy(0, random.Random(0))
    assert b.slots == ["x", "b", "c", "d", "e", "f"] and b.bin.cards == ["a"]


def test_guppy_with_nothing_in_front_only_slides_the_belt():
    b = belt([None, "b", None, "d", "e", "f"], hopper=["x"])
    b.guppy(2, random.Random(0))
    assert b.slots == ["x", None, "b", "d", "e", "f"] and not b.bin.cards


def test_the_hopper_keeps_parts_put_back_public_until_drawn():
    b = belt(["a", "b", "c", "d", "e", "f"], hopper=["x", "y"])
    b.reverse()
    b.hidden_view()
    assert b.hopper.cards == [None, None, "a"]


# --- contraptions ------------------------------------------------------------------------------
def parts(*kinds: str) -> list[str]:
    pool = DATA.parts.instances()
    out = []
    for k in kinds:
        card = next(c for c in pool if c.split("#")[0] == k and c not in out)
        out.append(card)
    return out


def test_a_plug_fits_a_side_of_its_colour_and_a_universal_plug_any_side():
    assert fillable(("orange", "green", "orange", "green"), Counter({"orange": 3})) == 2
    assert fillable(("orange", "green", "orange", "green"), Counter({"orange": 3, "universal": 1})) == 3
    assert fillable(("blue",) * 4, Counter({"universal": 4})) == 4


def test_four_plugs_on_one_core_complete_a_contraption():
    held = parts("core_orange_green", "plug_orange_step", "plug_green_step", "plug_orange_switch")
    assert progress(DATA, held) == 3 and not complete(DATA, held)
    assert complete(DATA, held + parts("plug_universal_jump"))
    assert not complete(DATA, parts("plug_orange_step", "plug_orange_switch", "plug_orange_jump", "plug_orange_dash"))


def test_plugs_on_two_cores_do_not_add_up():
    held = parts("core_orange", "core_green", "plug_orange_step", "plug_orange_switch", "plug_green_step",
                 "plug_green_switch")
    assert progress(DATA, held) == 2 and not complete(DATA, held)


def test_the_arrangement_fills_the_best_core_first_and_keeps_loose_plugs():
    held = parts("core_green", "core_orange_green", "plug_orange_step", "plug_orange_switch", "plug_green_step",
                 "plug_universal_jump", "plug_blue_step")
    built, loose = arrange(DATA, held)
    assert built[0].core.startswith("core_orange_green") and built[0].fitted == 4
    assert built[1].fitted == 0 and [p.split("#")[0] for p in loose] == ["plug_blue_step"]
    assert sorted([p for c in built for p in c.plugs if p] + loose) == sorted(p for p in held if "plug" in p)


@pytest.mark.parametrize("core", [p.id for p in DATA.parts if p.kind == "core"])
def test_every_core_can_be_completed_with_the_plugs_in_the_game(core):
    colours = Counter(p.colour for p in DATA.parts for _ in range(p.count) if p.kind == "plug")
    assert fillable(DATA.parts[core].connectors, colours) == 4
