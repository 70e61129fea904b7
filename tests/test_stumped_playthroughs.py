"""Whole Stumped games: busy random play in every variant and player count with Stumped's invariants at
every step, bots that finish, a golden transcript of a seeded bot game, and save / clone / replay round
trips. (Views, determinizations and the global generator are checked for every game by
tests/test_contract.py.)"""
import json
import random

import pytest

from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.stumped import GAME
from games.stumped.actions import EndActions, EndTurn, Skip, StartGame
from tests.golden import assert_golden, transcript

VARIANTS = [(2, {}), (2, {"tree": "epic"}), (3, {}), (3, {"action_cards": "gentle"}), (4, {"action_cards": "choose"}),
            (5, {}), (6, {"tree": "epic", "catch_up": "on"}), (7, {"action_cards": "gentle"}), (8, {})]
GARDENER = GAME.bots[0].make()
LATER = {EndActions, EndTurn, Skip, StartGame}  # busy play does these less often, to try more cards


def busy_choice(state, rng: random.Random):
    """Returns the gardener bot's choice half of the time, else a random legal action that moves on
    (End, Done, Start) only one time in four: games that grow trees and still try every card."""
    if rng.random() < 0.5:
        return GARDENER.choose(state.view(state.current_player()), rng)
    legal = state.legal_actions()
    busy = [action for action in legal if type(action) not in LATER]
    return rng.choice(busy) if busy and rng.random() < 0.75 else rng.choice(legal)


def check_step(state, before_seat) -> None:
    """Asserts what must hold at every step beyond `check()`: views hide other hands and every deck."""
    state.check()
    seat = state.current_player()
    if seat is None:
        return
    view = state.view(seat)
    for other in range(state.players):
        assert all(card is None for card in view.decks[other].cards)
        if other != seat:
            assert all(card is None for card in view.hands[other].cards)
    if before_seat is not None and before_seat != state.turn.seat:  # a renewal just happened
        hand, limit = state.hands[before_seat], state.hand_limit(before_seat)
        assert len(hand) == limit or (len(hand) < limit and not state.decks[before_seat].cards)


@pytest.mark.parametrize("players, options", VARIANTS)
def test_busy_random_games_keep_every_invariant(players, options):
    kinds = set()
    for seed in range(3 if players <= 4 else 1):
        state = GAME.new_state(players, options, seed)
        rng = random.Random(seed)
        for _ in range(20_000):
            if state.is_over():
                break
            seat = state.turn.seat
            kinds.update(event.kind for event in state.apply(busy_choice(state, rng)))
            check_step(state, seat)
        else:
            pytest.fail(f"seed {seed} did not end")
        assert state.winners() and all(s in range(players) for s in state.winners())
    assert {"harvest", "grow", "play", "plant", "energy", "buy", "reshuffle", "draw"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("players, options", VARIANTS)
def test_many_busy_random_games_keep_every_invariant(players, options):
    for seed in range(40):
        state = GAME.new_state(players, options, 1000 + seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.turn.seat
            state.apply(busy_choice(state, rng))
            check_step(state, seat)


def test_busy_play_uses_every_kind_of_card_effect():
    kinds = set()
    for seed in range(12):
        state = GAME.new_state(3, {}, 100 + seed)
        rng = random.Random(seed)
        while not state.is_over():
            kinds.update(event.kind for event in state.apply(busy_choice(state, rng)))
    effects = {"mulch", "gain", "recycle", "take", "clear", "flood", "steal", "wilt", "market_reshuffle", "win"}
    assert effects <= kinds, effects - kinds


def bot_game(players: int, options: dict, seed: int):
    """Plays a game of gardener bots from their views; returns the final state."""
    state = GAME.new_state(players, options, seed)
    bots = [GAME.bots[0].make() for _ in range(players)]
    for ply in range(20_000):
        seat = state.current_player()
        if seat is None:
            return state
        state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)))
    pytest.fail("the bots did not finish")


@pytest.mark.parametrize("players, options", VARIANTS)
def test_bots_finish_every_variant_by_growing_the_leaves(players, options):
    state = bot_game(players, options, 1)
    winner = state.winners()[0]
    assert state.trees[winner].leaves == state.tree_kind.win_leaves
    assert state.idle_rounds < state.rules.numbers.winter.idle_rounds


NAMES = ["North", "East", "South"]


def test_golden_transcript_of_a_seeded_bot_game():
    """A change of rules, data or bot behaviour shows up here (as the table saw it); rewrite with
    UPDATE_GOLDEN=1 if intended."""
    state = GAME.new_state(3, {}, 7)
    lines = transcript(state, [GAME.bots[0].make() for _ in range(3)], 7, NAMES, public=True)
    assert_golden("stumped_gardener_seed7.txt", lines + [f"winners: {state.winners()} leaves: {state.scores()} round: {state.round}"])


def test_save_clone_and_replay_round_trips_mid_game(tmp_path):
    seats = [Seat("Ann", "orange", "gardener"), Seat("Ben", "sky", "gardener"), Seat("Cat", "green", None)]
    match = Match(GAME, seats, {"action_cards": "gentle"}, 31, autosave=tmp_path / "auto.json")
    rng = random.Random(31)
    while len(match.history) < 150 and not match.state.is_over():
        if match.bot_seat() is not None:
            match.play_bot()
        else:
            match.apply(busy_choice(match.state, rng))
    loaded = Match.load(tmp_path / "auto.json")
    assert loaded.state.to_dict() == match.state.to_dict()
    replayed = GAME.new_state(3, {"action_cards": "gentle"}, 31)
    for step in match.history:
        replayed.apply(step.action)
    assert replayed.to_dict() == match.state.to_dict()
    restored = GAME.state_from_dict(json.loads(json.dumps(match.state.to_dict())))
    clone = match.state.clone()
    for copy in (restored, clone, match.state):
        while not copy.is_over():
            copy.apply(busy_choice(copy, random.Random(len(copy.mulched) + copy.round)))
    assert restored.to_dict() == clone.to_dict() == match.state.to_dict()


def test_a_damaged_save_is_refused():
    state = GAME.new_state(3, {}, 4)
    data = json.loads(json.dumps(state.to_dict()))
    data["hands"][1]["cards"].append("sun")
    with pytest.raises(ValueError, match="owns"):
        GAME.state_from_dict(data)
    data = json.loads(json.dumps(state.to_dict()))
    data["trees"][0]["segments"] = [{"name": "leaf 1", "kind": "leaf", "parent": "base", "hole": "base",
                                     "x": 0.0, "y": 0.0, "angle": 0.0}]
    with pytest.raises(ValueError, match="leaf 1"):
        GAME.state_from_dict(data)
