"""Scrimish's lean playout for the search: it plays the very game the rules engine plays when it picks
`rng.choice(search_actions())` at every move (the same random numbers drawn from the same options in the
same order, the same cards moved), in every mode; its table of attacks is the rulebook's; a playout ends
with the winners the engine would name, and its rewards add up."""
import random

import pytest

from games import registry
from games.scrimish import combat
from games.scrimish.cards import load_deck
from games.scrimish.combat import Outcome
from games.scrimish.flow import PLAY
from games.scrimish.playout import ATTACKER, DEFENDER, NOBODY, playout, tables

GAME = registry.get("scrimish")
MODES = [(2, "duel"), (3, "free_for_all"), (6, "free_for_all"), (4, "2v2"), (6, "3v3"), (6, "2v2v2")]


def positions(players: int, mode: str, seed: int, count: int = 25):
    """Yields full states along a random game: at the start of turns and with a pile chosen."""
    state = GAME.new_state(players, {"mode": mode}, seed)
    rng = random.Random(seed)
    while not state.is_over() and count:
        if state.phase == PLAY:
            yield state
            count -= 1
        state.apply(rng.choice(state.search_actions()))


def engine_playout(state, rng: random.Random) -> None:
    """Plays the engine to the end with uniformly random search actions."""
    while not state.is_over():
        state.apply(rng.choice(state.search_actions()))


@pytest.mark.parametrize("players, mode", MODES)
def test_a_playout_plays_the_game_the_engine_plays_with_the_same_luck(players, mode):
    moves = 0
    for position in positions(players, mode, seed=players):
        for luck in range(3):
            engine, lean = position.clone(), position.clone()
            engine_playout(engine, random.Random(luck))
            rewards = playout(lean, random.Random(luck))
            assert lean.piles == engine.piles and lean.out == engine.out
            assert [d.cards for d in lean.discards] == [d.cards for d in engine.discards]
            assert lean.winning_seats == engine.winning_seats and lean.is_over()
            assert rewards == [1 / len(engine.winners()) if s in engine.winners() else 0.0 for s in range(players)]
            moves += engine.turns - position.turns
    assert moves > 500


def test_the_attack_table_is_the_rulebook_s():
    deck = load_deck()
    abilities, fights = tables(deck)
    for mine, attacker in deck.cards.items():
        assert abilities[mine] == (attacker.kind != "shield", attacker.kind != "crown")
        for theirs, defender in deck.cards.items():
            if attacker.kind == "shield":
                assert (mine, theirs) not in fights
                continue
            outcome = combat.resolve(attacker, defender)
            mine_lost, theirs_lost, fallen = fights[mine, theirs]
            assert mine_lost == (outcome in (Outcome.DEFENDER_WINS, Outcome.BOTH_DISCARDED))
            assert theirs_lost == (outcome in (Outcome.ATTACKER_WINS, Outcome.BOTH_DISCARDED))
            assert fallen == {Outcome.CROWN_TAKEN: DEFENDER, Outcome.CROWN_LOST: ATTACKER}.get(outcome, NOBODY)


@pytest.mark.parametrize("players, mode", MODES)
def test_a_playout_ends_the_game_and_rewards_the_winning_team(players, mode):
    for seed in range(20):
        world = GAME.new_state(players, {"mode": mode}, seed)
        rewards = playout(world, random.Random(seed))
        winners = world.winning_seats
        assert winners and sorted(winners) == sorted(world.rotation.teams[world.rotation.team_of(winners[0])])
        assert sum(rewards) == pytest.approx(1.0)
        assert all((r > 0) == (seat in winners) for seat, r in enumerate(rewards))
