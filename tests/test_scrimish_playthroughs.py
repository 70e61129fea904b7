"""Many random Scrimish games in every mode with Scrimish's own invariants at every step, and a golden
transcript of a seeded bot game. (Views, determinizations, clones, saves and determinism are
checked for every game by tests/test_contract.py.)"""
import random
from collections import Counter

import pytest

from games.scrimish import GAME
from games.scrimish.bot import CasualBot
from games.scrimish.cards import load_deck
from tests.golden import assert_golden, transcript

DECK = sorted(load_deck().card_list())
MODES = [  # (players, options): every mode and both visibility variants
    (2, {"visibility": "beginner"}), (2, {"visibility": "advanced", "memory_aid": False}),
    (3, {"mode": "free_for_all"}), (4, {"mode": "free_for_all", "visibility": "advanced"}),
    (4, {"mode": "2v2"}), (5, {"mode": "free_for_all"}), (6, {"mode": "3v3"}),
    (6, {"mode": "2v2v2", "visibility": "advanced"}),
]
GAMES_PER_CHUNK = 50
CHUNKS = [(mode, chunk) for mode in range(len(MODES)) for chunk in range(6)]


def check_invariants(state) -> None:
    """Asserts what must hold in every Scrimish position."""
    for seat in range(state.players):
        piles, discards = state.piles[seat], state.discards[seat]
        held = sorted([c for pile in piles for c in pile] + discards.cards)
        assert held == DECK, f"seat {seat}'s 25 cards are not all in piles or discards"
        assert "crown" not in discards.cards
        assert max(map(len, piles)) <= 5
        assert all(pile or not known for pile, known in zip(piles, state.known[seat]))
        if state.seen_discards[seat]:
            assert Counter(state.seen_discards[seat]) <= Counter(discards.cards)
    if not state.is_over():
        assert state.legal_actions(), "a seat to move with nothing to do"
        assert not state.out[state.current_player()]


def check_end(state) -> None:
    """Asserts a finished game: one team left, its members win, scores add up."""
    winners = state.winners()
    team = state.team_of(winners[0])
    assert winners == state.rotation.teams[team]
    assert any(not state.out[s] for s in winners)
    assert all(state.out[s] for s in range(state.players) if state.team_of(s) != team)
    assert state.scores() == [1 if s in winners else 0 for s in range(state.players)]
    assert sum(state.crowns_taken) <= sum(state.out)  # a Crown that attacks a non-Crown also puts its owner out


@pytest.mark.parametrize("mode, chunk", CHUNKS)
def test_random_playthroughs_keep_every_invariant(mode, chunk):
    players, options = MODES[mode]
    for game in range(GAMES_PER_CHUNK):
        seed = 1000 * mode + GAMES_PER_CHUNK * chunk + game
        state = GAME.new_state(players, options, seed)
        rng = random.Random(seed)
        for step in range(20_000):
            if state.is_over():
                break
            check_invariants(state)
            state.apply(rng.choice(state.legal_actions()))
        else:
            pytest.fail(f"seed {seed} did not end")
        check_invariants(state)
        check_end(state)


def test_the_default_run_plays_at_least_2000_games():
    assert len(CHUNKS) * GAMES_PER_CHUNK >= 2000


def test_golden_transcript_of_a_seeded_bot_game():
    """A change of rules or bot behaviour shows up here; rewrite with UPDATE_GOLDEN=1 if intended."""
    state = GAME.new_state(2, {}, 7)
    lines = transcript(state, [CasualBot(), CasualBot()], 7, ["North", "South"], labels=True, limit=10_000)
    assert_golden("scrimish_casual_seed7.txt", lines + [f"winners: {state.winners()}"])
