"""A lean random playout of Scrimish for a search's rollouts: the rest of a game played on plain pile
lists with uniformly random moves (a pile, then an attack or a discard, as the search actions offer
them, in their order), without decisions, events or log text. It moves cards exactly as `ScrimishState`
does and draws the same random numbers as the engine playing `rng.choice(search_actions())` (tests hold
the two to the same game), and returns each seat's reward."""
from __future__ import annotations

import functools
import random

from games.scrimish import combat
from games.scrimish.cards import Deck
from games.scrimish.combat import Outcome
from games.scrimish.flow import PLAY, SETUP
from games.scrimish.state import ScrimishState

NOBODY, DEFENDER, ATTACKER = 0, 1, 2  # whose Crown an attack takes


@functools.lru_cache(maxsize=4)
def tables(deck: Deck) -> tuple[dict[str, tuple[bool, bool]], dict[tuple[str, str], tuple[bool, bool, int]]]:
    """Returns, for one deck, per card id (may attack, may discard), and per (attacker, defender) ids what
    the attack does (combat.resolve, the rulebook's table): (attacker discarded, defender discarded, whose
    Crown falls: NOBODY, DEFENDER or ATTACKER)."""
    cards = deck.cards
    abilities = {card: (kind.kind != "shield", kind.kind != "crown") for card, kind in cards.items()}
    fights = {}
    for mine, attacker in cards.items():
        if attacker.kind == "shield":
            continue
        for theirs, defender in cards.items():
            outcome = combat.resolve(attacker, defender)
            fights[mine, theirs] = (
                outcome is Outcome.DEFENDER_WINS or outcome is Outcome.BOTH_DISCARDED,
                outcome is Outcome.ATTACKER_WINS or outcome is Outcome.BOTH_DISCARDED,
                DEFENDER if outcome is Outcome.CROWN_TAKEN else ATTACKER if outcome is Outcome.CROWN_LOST else NOBODY)
    return abilities, fights


def playout(world: ScrimishState, rng: random.Random, limit: int = 2_000) -> list[float]:
    """Plays a full state to the end with random moves and returns each seat's reward (a win shared
    by the winning team); an unfinished game after `limit` moves scores 1/n each."""
    while world.phase == SETUP:
        world.apply(rng.choice(world.search_actions()))
    if world.phase == PLAY and not play_on(world, rng, limit):
        return [1.0 / world.players] * world.players
    winners = world.winning_seats
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(world.players)]


def play_on(world: ScrimishState, rng: random.Random, limit: int) -> bool:
    """Plays up to `limit` random moves of a state in play; returns whether the game ended (its winners set).
    A move: a non-empty pile (unless one is chosen), then an attack on an enemy pile's top in the order of
    `ScrimishState.targets` (not with a Shield) or a discard (not of the Crown)."""
    abilities, fights = tables(world.deck)
    piles, out, rotation, choice = world.piles, world.out, world.rotation, rng.choice
    discards = [pile.cards for pile in world.discards]
    seats = range(world.players)
    team = [rotation.team_of(seat) for seat in seats]
    enemies = [[s for s in seats if team[s] != team[seat]] for seat in seats]
    seat, pile = world.current_player(), world.chosen
    for _ in range(limit):
        own = piles[seat]
        if pile is None:
            pile = choice([p for p, cards in enumerate(own) if cards])
        mine = own[pile]
        may_attack, may_discard = abilities[mine[-1]]
        found: list[tuple[int, int] | None] = [(s, q) for s in enemies[seat] if not out[s]
                                               for q, cards in enumerate(piles[s]) if cards] if may_attack else []
        if may_discard:
            found.append(None)
        move = choice(found)
        if move is None:
            discards[seat].append(mine.pop())
        else:
            foe, target = move
            theirs = piles[foe][target]
            mine_lost, theirs_lost, fallen = fights[mine[-1], theirs[-1]]
            if mine_lost:
                discards[seat].append(mine.pop())
            if theirs_lost:
                discards[foe].append(theirs.pop())
            if fallen:
                out[foe if fallen == DEFENDER else seat] = True
                teams_in = rotation.teams_in(out)
                if len(teams_in) == 1:
                    world.winning_seats = list(rotation.teams[teams_in[0]])
                    world.decisions.clear()
                    return True
        rotation.advance(seat, out)
        seat, pile = rotation.current(out), None
    return False
