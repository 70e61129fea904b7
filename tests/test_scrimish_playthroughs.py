"""Random Scrimish games in every mode, checking invariants at every step, views for leaks,
clones and saves mid-game, determinism, and a golden transcript of a seeded bot game."""
import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from games.core.bots import decision_rng
from games.scrimish import GAME
from games.scrimish.bot import CasualBot
from games.scrimish.cards import load_deck

DECK = sorted(load_deck().card_list())
MODES = [  # (players, options): every mode and both visibility variants
    (2, {"visibility": "beginner"}), (2, {"visibility": "advanced", "memory_aid": False}),
    (3, {"mode": "free_for_all"}), (4, {"mode": "free_for_all", "visibility": "advanced"}),
    (4, {"mode": "2v2"}), (6, {"mode": "3v3"}), (6, {"mode": "2v2v2", "visibility": "advanced"}),
]
GAMES_PER_CHUNK = 50
CHUNKS = [(mode, chunk) for mode in range(len(MODES)) for chunk in range(6)]
LEAK_EVERY = 23  # check views for leaks at every 23rd step


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


def rerandomized(state, seat):
    """Returns a copy with every card hidden from `seat` shuffled among the hidden places of its owner."""
    view = state.view(seat)
    copy = state.clone()
    rng = random.Random(7)
    for owner in range(state.players):
        places = [(p, i) for p, pile in enumerate(view.piles[owner]) for i, card in enumerate(pile) if card is None]
        cards = [copy.piles[owner][p][i] for p, i in places] + copy.discards[owner]
        rng.shuffle(cards)
        for (p, i), card in zip(places, cards):
            copy.piles[owner][p][i] = card
        copy.discards[owner] = cards[len(places):]
    return copy


def check_views(state) -> None:
    """Asserts that no view depends on a card its seat may not see, and that views keep the seat's options."""
    for seat in list(range(state.players)) + [None]:
        view = state.view(seat)
        assert rerandomized(state, seat).view(seat).to_dict() == view.to_dict()
        if seat is not None and seat == state.current_player():
            assert view.legal_actions() == state.legal_actions()


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
            if step % LEAK_EVERY == 0 and game % 5 == 0:
                check_views(state)
            state.apply(rng.choice(state.legal_actions()))
        else:
            pytest.fail(f"seed {seed} did not end")
        check_invariants(state)
        check_end(state)


def test_the_default_run_plays_at_least_2000_games():
    assert len(CHUNKS) * GAMES_PER_CHUNK >= 2000


def test_the_leak_check_catches_a_leak():
    state = GAME.new_state(2, {}, 5)
    leaky = rerandomized(state, 1)
    assert leaky.to_dict() != state.to_dict()  # seat 0's hidden cards moved ...
    assert leaky.view(0).to_dict() != state.view(0).to_dict()  # ... which seat 0 would notice


@pytest.mark.parametrize("players, options", MODES)
def test_clone_and_save_round_trips_mid_game(players, options):
    state = GAME.new_state(players, options, 77)
    rng = random.Random(77)
    for _ in range(150 * players):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    clone = state.clone()
    restored = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert clone.to_dict() == state.to_dict() == restored.to_dict()
    for _ in range(300):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        for copy in (state, clone, restored):
            copy.apply(action)
    assert clone.to_dict() == state.to_dict() == restored.to_dict()


def test_a_clone_is_independent():
    state = GAME.new_state(2, {}, 3)
    clone = state.clone()
    clone.apply(clone.legal_actions()[0])
    clone.rng.random()
    assert clone.to_dict() != state.to_dict()
    assert state.selected is None


def play_transcript(seed: int, disturb: bool) -> list[str]:
    """Plays a seeded random game; with `disturb`, calls the global random between actions."""
    state = GAME.new_state(2, {}, seed)
    chooser = random.Random(seed)
    lines = []
    while not state.is_over():
        if disturb:
            random.seed(random.random())
            random.shuffle(list(range(10)))
        action = chooser.choice(state.legal_actions())
        lines += [action.label] + [event.describe() for event in state.apply(action)]
    return lines


def test_games_ignore_the_global_random_generator():
    assert play_transcript(11, False) == play_transcript(11, True)


GOLDEN = Path(__file__).parent / "golden" / "scrimish_casual_seed7.txt"


def bot_transcript(seed: int = 7) -> str:
    """Returns the transcript of two casual bots playing a seeded game."""
    state = GAME.new_state(2, {}, seed)
    lines, bots = [], [CasualBot(), CasualBot()]
    for ply in range(10_000):
        seat = state.current_player()
        if seat is None:
            break
        action = bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply))
        lines.append(f"{seat}: {action.label}")
        lines += [f"   {event.describe(['North', 'South'])}" for event in state.apply(action)]
    lines.append(f"winners: {state.winners()}")
    return "\n".join(lines) + "\n"


def test_golden_transcript_of_a_seeded_bot_game():
    """A change of rules or bot behaviour shows up here; rewrite with UPDATE_GOLDEN=1 if intended."""
    text = bot_transcript()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()
