"""Random and bot games of Crumbs in every variant and player count, with invariants at every step;
views, saves, clones and determinism; a golden transcript."""
import json
import os
import random
from pathlib import Path

import pytest

from games.core.bots import RandomBot, decision_rng
from games.crumbs import GAME
from games.crumbs.bot import ParkBot
from games.crumbs.data import load_data

DATA = load_data()
MAPS = list(DATA.maps)
VARIANTS = [  # (players, options): every map, player count and rule variant
    (2, {"map": MAPS[0]}), (3, {"map": MAPS[1], "start": "place"}), (4, {"map": MAPS[2], "armies": "random"}),
    (4, {"map": MAPS[3], "race": True, "target": 30}), (2, {"map": MAPS[1], "rounds": 1}),
    (3, {"map": MAPS[2], "rounds": 10, "armies": "random", "start": "place"}), (2, {"map": MAPS[3], "race": True}),
    (4, {"map": MAPS[0], "rounds": 3}),
]


def check_invariants(state) -> None:
    """Asserts what must hold after every action."""
    start = DATA.numbers.start_crumbs
    for seat in range(state.players):
        assert state.crumbs[seat] >= 0
        assert state.crumbs[seat] == start + sum(state.ledger[seat].values()), "score != start + gains - spends"
        if state.armies[seat]:
            mine = [p for p, v in state.pieces.items() if v["kind"] == "critter" and v["owner"] == seat]
            assert len(mine) == state.army(seat).critters
    kinds = [v["kind"] for v in state.pieces.values()]
    assert kinds.count("crumb") == 20 and kinds.count("wet") == 12 and kinds.count("stockpile") == 9
    for piece in state.on_board():
        assert state.where(piece) is not None, f"{piece} lies off the board"
    for space in state.board.spaces:
        assert space == state.board.fountain or len(state.armies_in(space)) <= 1, f"unresolved scuffle in {space}"
    if not state.is_over():
        assert state.legal_actions()


def check_view(state) -> None:
    """Asserts that views hide the deck's order and nothing else depends on it."""
    for seat in list(range(state.players)) + [None]:
        view = state.view(seat)
        assert view.deck == [None] * len(state.deck)
        shuffled = state.clone()
        random.Random(1).shuffle(shuffled.deck)
        assert shuffled.view(seat).to_dict() == view.to_dict()


def play(state, bots, seed, check_every=1):
    """Plays a game to the end, checking invariants; returns the number of actions."""
    for ply in range(30_000):
        if state.is_over():
            return ply
        if ply % check_every == 0:
            check_invariants(state)
        if ply % 40 == 0:
            check_view(state)
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply)))
    pytest.fail("the game did not end")


def check_end(state) -> None:
    """Asserts the winners of a finished game."""
    check_invariants(state)
    if state.options["race"] and max(state.crumbs) >= state.options["target"]:
        assert len(state.winners()) == 1 and state.crumbs[state.winners()[0]] >= state.options["target"]
    else:
        assert state.winners() == state.leaders()


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_keep_every_invariant(variant):
    players, options = VARIANTS[variant]
    for game in range(3):
        seed = 100 * variant + game
        state = GAME.new_state(players, options, seed)
        play(state, [RandomBot() for _ in range(players)], seed)
        check_end(state)


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_park_bots_finish_every_variant(variant):
    players, options = VARIANTS[variant]
    seed = 7 + variant
    state = GAME.new_state(players, options, seed)
    play(state, [ParkBot() for _ in range(players)], seed, check_every=5)
    check_end(state)
    if players == 4 and not options.get("race") and state.options["rounds"] <= 5:
        assert max(state.crumbs) < DATA.numbers.trail_length  # a 4-player game lands inside the Crumb Trail


def test_the_park_bot_beats_random_bots():
    wins = 0
    for seed in range(8):
        bots = [ParkBot(), RandomBot()] if seed % 2 else [RandomBot(), ParkBot()]
        state = GAME.new_state(2, {"rounds": 3}, seed)
        play(state, bots, seed, check_every=50)
        wins += any(isinstance(bots[w], ParkBot) for w in state.winners())
    assert wins >= 6


def test_save_clone_and_replay_round_trips_mid_game():
    state = GAME.new_state(3, {"map": MAPS[1]}, 21)
    rng = random.Random(21)
    bots = [ParkBot() for _ in range(3)]
    for ply in range(120):
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat), decision_rng(21, seat, ply)))
    saved = json.loads(json.dumps(state.to_dict()))
    restored, clone = GAME.state_from_dict(saved), state.clone()
    assert restored.to_dict() == saved == clone.to_dict()
    for ply in range(120, 400):
        if state.is_over():
            break
        seat = state.current_player()
        action = bots[seat].choose(state.view(seat), decision_rng(21, seat, ply))
        for copy in (state, restored, clone):
            copy.apply(action)
    assert json.loads(json.dumps(restored.to_dict())) == json.loads(json.dumps(state.to_dict())) \
        == json.loads(json.dumps(clone.to_dict()))
    assert rng  # the bots, not this generator, chose every action


def transcript(seed: int, disturb: bool) -> list[str]:
    """Plays a seeded random game; with `disturb`, calls the global random between actions."""
    state = GAME.new_state(2, {"rounds": 2}, seed)
    chooser = random.Random(seed)
    lines = []
    while not state.is_over():
        if disturb:
            random.seed(random.random())
        action = chooser.choice(state.legal_actions())
        lines += [action.label] + [event.describe() for event in state.apply(action)]
    return lines + [json.dumps(state.to_dict()["pieces"])]


def test_games_and_drops_ignore_the_global_random_generator():
    assert transcript(5, False) == transcript(5, True)


GOLDEN = Path(__file__).parent / "golden" / "crumbs_park_seed3.txt"


def test_golden_transcript_of_a_seeded_bot_game():
    """Any change of rules, data, physics or bot shows up here; rewrite with UPDATE_GOLDEN=1 if intended."""
    state = GAME.new_state(3, {"rounds": 2}, 3)
    bots = [ParkBot() for _ in range(3)]
    lines = []
    for ply in range(5000):
        seat = state.current_player()
        if seat is None:
            break
        action = bots[seat].choose(state.view(seat), decision_rng(3, seat, ply))
        lines.append(f"{seat}: {action.label}")
        lines += [f"   {event.describe(['Ann', 'Ben', 'Cat'])}" for event in state.apply(action)]
    lines.append(f"scores {state.scores()} winners {state.winners()}")
    text = "\n".join(lines) + "\n"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()
