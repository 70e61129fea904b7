"""The casual Scrimish bot: fair (views only), sensible, and better than random."""
import random

import pytest

from games.core.bots import RandomBot, decision_rng
from games.core.match import Match, Seat
from games.scrimish import GAME
from games.scrimish.actions import Attack, ChoosePile, FinishSetup
from games.scrimish.bot import CasualBot
from tests.scrimish_helpers import FULL, playing
from tests.test_scrimish_playthroughs import MODES, check_end, check_invariants


def play(state, bots, seed):
    for ply in range(20_000):
        seat = state.current_player()
        if seat is None:
            return state
        state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)))
        check_invariants(state)
    raise AssertionError("game did not end")


def test_casual_bot_beats_the_random_bot():
    wins = 0
    for seed in range(40):
        bots = [CasualBot(), RandomBot()] if seed % 2 else [RandomBot(), CasualBot()]
        state = play(GAME.new_state(2, {}, seed), bots, seed)
        wins += isinstance(bots[state.winners()[0]], CasualBot)
    assert wins >= 32


@pytest.mark.parametrize("players, options", MODES)
def test_casual_bots_finish_every_mode(players, options):
    for seed in range(3):
        state = play(GAME.new_state(players, options, seed), [CasualBot() for _ in range(players)], seed)
        check_end(state)


def test_the_bot_sets_up_a_guarded_crown_and_finishes_setup():
    state = GAME.new_state(2, {}, 4)
    bot = CasualBot()
    for ply in range(200):
        action = bot.choose(state.view(0), decision_rng(4, 0, ply))
        state.apply(action)
        if isinstance(action, FinishSetup):
            break
    else:
        pytest.fail("the bot never finished setting up")
    crown_pile = next(pile for pile in state.piles[0] if pile[0] == "crown")
    assert any(card in ("shield", "longsword", "halberd") for card in crown_pile[1:])


def test_the_bot_attacks_a_known_crown():
    theirs = [list(p) for p in FULL]
    theirs[3] = ["crown"]
    state = playing(piles={0: FULL, 1: theirs}, first=0)
    state.known[1][3] = True
    bot = CasualBot()
    choice = bot.choose(state.view(0), random.Random(1))
    state.apply(choice)
    assert isinstance(state.legal_actions()[0], Attack)
    assert bot.choose(state.view(0), random.Random(1)).target_pile == 3


def test_the_bot_beats_a_known_card_with_its_weakest_winner():
    theirs = [["morning_star", "dagger"], *FULL[1:]]
    mine = [["dagger"], ["sword"], ["war_axe"], ["longsword"], ["crown"]]
    state = playing(piles={0: mine, 1: theirs}, first=0)
    state.known[1][0] = True
    bot = CasualBot()
    pile = bot.choose(state.view(0), random.Random(2))
    assert pile == ChoosePile(2)  # the War Axe (4) is the weakest card that beats a Morning Star (3)
    state.apply(pile)
    assert bot.choose(state.view(0), random.Random(2)) == Attack(2, 1, 0)


def test_the_bot_does_not_throw_its_crown_away():
    mine = [["crown"], ["dagger"], [], [], []]
    state = playing(piles={0: mine, 1: FULL}, first=0)
    for seed in range(10):
        assert CasualBot().choose(state.view(0), random.Random(seed)) != ChoosePile(0)


def test_bots_are_handed_views_only(tmp_path):
    seen = []

    class Spy(CasualBot):
        def choose(self, view, rng):
            seen.append(view)
            return super().choose(view, rng)

    match = Match(GAME, [Seat("A", "orange", "casual"), Seat("B", "sky", "casual")], {}, 3)
    for _ in range(40):
        bot, view, rng = match.bot_request()
        match.apply(Spy().choose(view, rng))
    assert seen and all(v.viewer == v.current_player() for v in seen)
    for view in seen:
        other = 1 - view.viewer
        hidden = [c for pile in view.piles[other] for c in pile[:-1]]
        assert all(c is None for c in hidden)


@pytest.mark.parametrize("first", ["preset", "shuffle"])
def test_a_search_arranges_once_at_setup_then_is_offered_only_done(first):
    from games.scrimish.actions import Shuffle, UsePreset

    state = GAME.new_state(2, {}, 4)
    offered = state.search_actions()
    assert FinishSetup() in offered and Shuffle() in offered and any(isinstance(a, UsePreset) for a in offered)
    state.apply(next(a for a in offered if isinstance(a, UsePreset)) if first == "preset" else Shuffle())
    assert state.search_actions() == [FinishSetup()]
    assert Shuffle() in state.legal_actions(), "a person may still arrange again"
    state.apply(FinishSetup())
    assert state.setup_seat == 1 and Shuffle() in state.search_actions(), "the next seat arranges afresh"
