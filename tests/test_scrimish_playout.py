"""Scrimish's lean playout for the search: every move it plays moves the cards exactly as the rules
engine does, in every mode; a playout ends with the same winners the engine would name, and its
rewards add up."""
import random

import pytest

from games import registry
from games.scrimish.actions import Attack, ChoosePile, Discard
from games.scrimish.flow import PLAY
from games.scrimish.playout import moves, play, playout

GAME = registry.get("scrimish")
MODES = [(2, "duel"), (3, "free_for_all"), (6, "free_for_all"), (4, "2v2"), (6, "3v3"), (6, "2v2v2")]


def positions(players: int, mode: str, seed: int, count: int = 25):
    """Yields full states at the start of turns along a random game."""
    state = GAME.new_state(players, {"mode": mode}, seed)
    rng = random.Random(seed)
    while not state.is_over() and count:
        if state.phase == PLAY and state.chosen is None:
            yield state
            count -= 1
        state.apply(rng.choice(state.search_actions()))


@pytest.mark.parametrize("players, mode", MODES)
def test_every_lean_move_moves_the_cards_as_the_rules_do(players, mode):
    checked = 0
    for position in positions(players, mode, seed=players):
        seat = position.current_player()
        for pile, cards in enumerate(position.piles[seat]):
            if not cards:
                continue
            for move in moves(position, seat, pile):
                engine, lean = position.clone(), position.clone()
                engine.apply(ChoosePile(pile))
                engine.apply(Discard(pile) if move is None else Attack(pile, *move))
                over = play(lean, seat, pile, move)
                assert lean.piles == engine.piles and lean.out == engine.out
                assert [d.cards for d in lean.discards] == [d.cards for d in engine.discards]
                assert over == engine.is_over() and lean.winning_seats == engine.winning_seats
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("players, mode", MODES)
def test_the_lean_moves_are_the_search_actions_after_a_pile(players, mode):
    for position in positions(players, mode, seed=10 + players, count=10):
        seat = position.current_player()
        for pile, cards in enumerate(position.piles[seat]):
            if not cards:
                continue
            chosen = position.clone()
            chosen.apply(ChoosePile(pile))
            expected = {(a.target_seat, a.target_pile) if isinstance(a, Attack) else None
                        for a in chosen.search_actions()}
            assert set(moves(position, seat, pile)) == expected


@pytest.mark.parametrize("players, mode", MODES)
def test_a_playout_ends_the_game_and_rewards_the_winning_team(players, mode):
    for seed in range(20):
        world = GAME.new_state(players, {"mode": mode}, seed)
        rewards = playout(world, random.Random(seed))
        winners = world.winning_seats
        assert winners and sorted(winners) == sorted(world.rotation.teams[world.rotation.team_of(winners[0])])
        assert sum(rewards) == pytest.approx(1.0)
        assert all((r > 0) == (seat in winners) for seat, r in enumerate(rewards))
