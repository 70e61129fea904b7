"""Random and bot games of Scrappers in every variant and player count with invariants at every
step; save, clone and replay round trips; a golden transcript of a seeded bot game. (Views,
determinizations and undo are checked for every game by tests/test_contract.py.)"""
import json
import random

import pytest

from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.scrappers import GAME
from games.scrappers.bot import FairBot
from games.scrappers.contraptions import complete
from tests.golden import assert_golden, transcript

OPTIONS = [{}, {"keelie": True}, {"guppy": True}, {"keelie": True, "guppy": True}]
VARIANTS = [(players, options) for players in (2, 3, 4) for options in OPTIONS]
MAX_ACTIONS = 20_000


def check_invariants(state) -> None:
    """Asserts what must hold after every action (check() covers cards, parts and tokens)."""
    state.check()
    spaces = [b.space for b in state.bodgers if b.id != "guppy"]
    assert len(spaces) == len(set(spaces)), "two bodgers on one space"
    if state.phase != "setup":
        expected = {"keelie"} if state.options["keelie"] else set()
        expected |= {"guppy"} if state.options["guppy"] else set()
        assert {b.id for b in state.bodgers if b.owner is None} == expected
    assert sum(len(h) for h in state.hands) + len(state.deck) + len(state.discard) <= 60
    if not state.is_over():
        assert state.legal_actions()
        assert not any(complete(state.data, held) for held in state.holdings)


def check_end(state) -> None:
    """Asserts a finished game: a reason, winners with the best score, a completed contraption if
    one ended it."""
    assert state.is_over() and state.ended in ("contraption", "parts", "rounds")
    winners = state.winners()
    assert winners and all(state.scores()[w] == max(state.scores()) for w in winners)
    if state.ended == "contraption":
        assert len(winners) == 1 and complete(state.data, state.holdings[winners[0]])


@pytest.mark.parametrize("players, options", VARIANTS, ids=[f"{p}p-{'+'.join(o) or 'plain'}" for p, o in VARIANTS])
def test_random_games_keep_every_invariant_and_end(players, options):
    for seed in range(3):
        state = GAME.new_state(players, options, seed)
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if state.is_over():
                break
            check_invariants(state)
            state.apply(rng.choice(state.legal_actions()))
        else:
            pytest.fail(f"seed {seed} did not end")
        check_end(state)


BOT_VARIANTS = [(2, {"guppy": True}), (3, {"keelie": True}), (4, {})]  # and 3p with both in the golden game


@pytest.mark.parametrize("players, options", BOT_VARIANTS, ids=[f"{p}p-{'+'.join(o) or 'plain'}" for p, o in BOT_VARIANTS])
def test_fair_bots_finish_every_variant(players, options):
    state = GAME.new_state(players, options, 11)
    bots = [FairBot() for _ in range(players)]
    for ply in range(MAX_ACTIONS):
        seat = state.current_player()
        if seat is None:
            break
        state.apply(bots[seat].choose(state.view(seat), decision_rng(11, seat, ply)))
        if ply % 10 == 0:
            check_invariants(state)
    check_end(state)


def test_save_clone_and_replay_round_trip_with_keelie_and_guppy(tmp_path):
    seats = [Seat(name, "orange") for name in ("Ann", "Ben", "Cat", "Dee")]
    match = Match(GAME, seats, {"keelie": True, "guppy": True}, 31)
    rng = random.Random(31)
    tussled = False
    while len(match.history) < 400 and not match.state.is_over():
        tussled |= match.state.tussle is not None
        match.apply(rng.choice(match.state.legal_actions()))
    assert tussled, "the round trip should cross a tussle"
    match.save(tmp_path / "game.json")
    loaded = Match.load(tmp_path / "game.json")
    assert loaded.state.to_dict() == match.state.to_dict()
    clone = match.state.clone()
    restored = GAME.state_from_dict(json.loads(json.dumps(match.state.to_dict())))
    for _ in range(200):
        if clone.is_over():
            break
        action = rng.choice(clone.legal_actions())
        assert clone.apply(action) == restored.apply(action) == loaded.state.apply(action)
    assert clone.to_dict() == restored.to_dict() == loaded.state.to_dict()


def test_a_damaged_state_is_refused():
    state = GAME.new_state(3, {}, 1)
    data = state.to_dict()
    data["hands"][0]["cards"].append(data["deck"]["cards"][0])
    with pytest.raises(ValueError):
        GAME.state_from_dict(data)


def test_golden_transcript_of_a_seeded_bot_game():
    """A change of rules or bot behaviour shows up here; rewrite with UPDATE_GOLDEN=1 if intended."""
    state = GAME.new_state(3, {"keelie": True, "guppy": True}, 7)
    lines = transcript(state, [FairBot() for _ in range(3)], 7, ["North", "East", "South"], limit=MAX_ACTIONS)
    assert_golden("scrappers_fair_seed7.txt", lines + [f"winners: {state.winners()} after {state.round} rounds ({state.ended})"])
