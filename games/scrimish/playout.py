"""A lean random playout of Scrimish for a search's rollouts: the rest of a game played on plain pile
lists with uniformly random moves (a pile, then an attack or a discard, as the search actions offer
them), without decisions, events or log text. It moves cards exactly as `ScrimishState` does (tests
hold the two to the same result for every move) and returns each seat's reward."""
from __future__ import annotations

import functools
import random

from games.scrimish import combat
from games.scrimish.cards import Card
from games.scrimish.combat import Outcome
from games.scrimish.flow import PLAY, SETUP
from games.scrimish.state import ScrimishState

LOSES_ATTACKER = (Outcome.DEFENDER_WINS, Outcome.BOTH_DISCARDED)
LOSES_DEFENDER = (Outcome.ATTACKER_WINS, Outcome.BOTH_DISCARDED)


@functools.lru_cache(maxsize=None)
def resolve(attacker: Card, defender: Card) -> Outcome:
    """Returns the outcome of one attack (the rulebook's table, remembered per pair of cards)."""
    return combat.resolve(attacker, defender)


def playout(world: ScrimishState, rng: random.Random, limit: int = 2_000) -> list[float]:
    """Plays a full state to the end with random moves and returns each seat's reward (a win shared
    by the winning team); an unfinished game after `limit` moves scores 1/n each."""
    while world.phase == SETUP:
        world.apply(rng.choice(world.search_actions()))
    if world.phase == PLAY:
        seat, pile = world.current_player(), world.chosen
        for _ in range(limit):
            if pile is None:
                pile = rng.choice([p for p, cards in enumerate(world.piles[seat]) if cards])
            move = rng.choice(moves(world, seat, pile))
            if play(world, seat, pile, move):
                break
            world.rotation.advance(seat, world.out)
            seat, pile = world.rotation.current(world.out), None
        else:
            return [1.0 / world.players] * world.players
    winners = world.winning_seats
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(world.players)]


def moves(world: ScrimishState, seat: int, pile: int) -> list[tuple[int, int] | None]:
    """Returns what the top of `pile` may do: attack a (seat, pile) top, or None to discard it."""
    top = world.deck.cards[world.piles[seat][pile][-1]]
    found: list[tuple[int, int] | None] = world.targets(seat) if top.kind != "shield" else []
    return found + [None] if top.kind != "crown" else found


def play(world: ScrimishState, seat: int, pile: int, move: tuple[int, int] | None) -> bool:
    """Plays one move on the piles; returns whether the game is over."""
    piles, cards = world.piles, world.deck.cards
    if move is None:
        world.discards[seat].cards.append(piles[seat][pile].pop())
        return False
    foe, target = move
    outcome = resolve(cards[piles[seat][pile][-1]], cards[piles[foe][target][-1]])
    if outcome in LOSES_ATTACKER:
        world.discards[seat].cards.append(piles[seat][pile].pop())
    if outcome in LOSES_DEFENDER:
        world.discards[foe].cards.append(piles[foe][target].pop())
    loser = foe if outcome is Outcome.CROWN_TAKEN else seat if outcome is Outcome.CROWN_LOST else None
    if loser is None:
        return False
    world.out[loser] = True
    teams_in = world.rotation.teams_in(world.out)
    if len(teams_in) > 1:
        return False
    world.winning_seats = list(world.rotation.teams[teams_in[0]])
    world.decisions.clear()
    return True
