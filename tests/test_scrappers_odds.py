"""The canny fair bot's tussle odds: what the fair bot's tussle rule would show, over every hand the
rival may hold, against all the cards I hold and draw."""
import math
import random
from collections import Counter

import pytest

from games.core.bots import decision_rng
from games.scrappers.actions import Commit, CommitDone
from games.scrappers.bot import FairBot
from games.scrappers.evaluate import BIG_STAKE, CHEAP_STAKE, part_value, win_chances
from games.scrappers.odds import _hands, _rule, _shown, read_chances
from tests.scrappers_helpers import give_parts, kind, pass_all, space, table

GREEN = ["plug_blue_step", "plug_orange_step", "plug_purple_step", "plug_universal_jump", "plug_green_step", None]
SLOT = 4  # the green plug, in front of t4 and b4
WINNING = ["core_green", "plug_green_switch", "plug_green_jump", "plug_green_dash"]  # with the green plug: a contraption


def facing(hands: dict[int, list[str]], parts: dict[int, list[str]], foreman: int = 0, seed: int = 0):
    """Two players in the action phase; Izzy (seat 0) and Lug (seat 1) face the green plug, the other
    parts face nobody."""
    state = table(players=2, places={"izzy": "t4", "lug": "b4", "ridge": "t0", "puck": "b1"}, slots=GREEN,
                  hands=hands, foreman=foreman, seat=foreman, seed=seed)
    for seat, kinds in parts.items():
        give_parts(state, seat, kinds)
    assert state.data.board.faces(space(state, "t4")) == state.data.board.faces(space(state, "b4")) == SLOT
    return state


def test_every_hand_the_deck_may_deal_is_counted_once_with_its_chance():
    counts = (3, 4, 2)
    for size in range(5):
        hands = _hands(counts, size)
        assert math.isclose(sum(chance for _, chance in hands), 1.0)
        assert all(sum(mix) == size and all(m <= c for m, c in zip(mix, counts)) for mix, _ in hands)
    # two cards from 3 blanks, 4 ones, 2 twos: both twos in 1 deal of C(9, 2) = 36
    assert dict(_hands(counts, 2))[(0, 0, 2)] == pytest.approx(1 / 36)


def test_the_rule_puts_down_its_strongest_cards_up_to_the_target_that_the_part_repays():
    mix = (1, 1, 1, 1)  # a blank, a one, a two and a three
    assert _rule(mix, 4, 10.0) == 5  # three, then two: 5 for a target of 4
    assert _rule(mix, 3, 10.0) == 3
    assert _rule(mix, 7, 10.0) == 6  # 6 symbols cannot reach 7: all it holds still wins if the rival holds back
    assert _rule(mix, 4, 1.0) == 2  # the three (worth 1.05) costs more than 1.0; the two (0.8) does not
    assert _rule(mix, 4, CHEAP_STAKE) == 0  # no card is worth so little
    shown = _shown((10, 10, 10, 10), 3, 2, round(CHEAP_STAKE * 100) - 1, False)
    assert shown == {0: pytest.approx(1.0)}  # a part worth less than a card: nothing
    everything = _shown((10, 10, 10, 10), 2, 99, 0, True)
    assert sum(everything.values()) == pytest.approx(1.0) and max(everything) == 6


def test_a_part_worth_nothing_to_both_goes_to_the_foreman_for_nothing():
    plugs = ["plug_orange_step", "plug_orange_jump", "plug_purple_step", "plug_purple_jump"]
    state = facing({0: ["rummage"], 1: ["big_wrench", "big_wrench"]}, {0: plugs}, foreman=0)
    give_parts(state, 1, ["plug_orange_dash", "plug_orange_switch", "plug_purple_dash", "plug_purple_switch"])
    view = state.view(0)
    stake = part_value(state.data, state.holdings[1], "plug_green_step") + \
        part_value(state.data, state.holdings[0], "plug_green_step")
    assert stake == 0  # a fifth plug without a core adds nothing: the fair bot's rule keeps Lug's cards
    assert read_chances(view, ["0", "1"], 0, SLOT)["0"] == pytest.approx(1.0)
    assert win_chances(view, ["0", "1"], 0, SLOT)["0"] < 0.9  # the old guess fears Lug's two cards


def test_a_rival_fights_with_everything_for_the_part_that_wins_it_the_game():
    state = facing({0: ["big_wrench", "shove"], 1: ["rummage", "rummage"]}, {1: WINNING},
                   foreman=0)
    assert part_value(state.data, state.holdings[1], "plug_green_step") >= BIG_STAKE
    odds = read_chances(state.view(0), ["0", "1"], 0, SLOT)
    assert 0 < odds["0"] < 1 and odds["0"] + odds["1"] == pytest.approx(1.0)  # one of us is foreman: no one-sided tie


@pytest.mark.parametrize("hand,parts,foreman", [
    (["shove", "hop_it"], {0: ["core_green"]}, 1),
    (["shove", "hop_it"], {0: ["core_green"], 1: ["core_orange_green"]}, 0),
    (["hop_it"], {1: ["core_green", "plug_green_jump"]}, 0),
    (["hop_it"], {0: ["core_green"], 1: ["core_green_blue", "plug_green_jump"]}, 1),
])
def test_the_odds_match_whole_tussles_played_by_the_fair_bots_rule(hand, parts, foreman):
    # Izzy (seat 0) puts down every card she holds; Lug follows the fair bot's rule with hands dealt
    # from Izzy's view. The read odds are Izzy's share of those tussles, within sampling error (and the
    # deal of a whole deck instead of what Izzy has not seen).
    state = facing({0: hand, 1: ["rummage", "rummage"]}, parts, foreman=foreman)
    view = state.view(0)
    odds = read_chances(view, ["0", "1"], 0, SLOT)
    wins, games = Counter(), 300
    for seed in range(games):
        world = view.determinize(random.Random(seed))
        pass_all(world)
        assert world.tussle is not None and world.tussle.slot == SLOT
        for ply in range(30):
            if world.tussle is None:
                break
            seat = world.current_player()
            if seat == 0:
                puts = [a for a in world.legal_actions() if isinstance(a, Commit) and world.data.cards[a.card].symbols]
                world.apply(puts[0] if puts else CommitDone())
            else:
                world.apply(FairBot().choose(world.view(1), decision_rng(seed, 1, ply)))
        won = [str(seat) for seat in (0, 1) if any(kind(p) == "plug_green_step" for p in world.holdings[seat])]
        wins[won[0] if won else None] += 1
    assert abs(wins["0"] / games - odds["0"]) < 0.09
    assert abs(wins["1"] / games - odds["1"]) < 0.09
