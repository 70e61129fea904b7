"""Measures how players hold their action cards, for the Hard level's imagined deals: fair bots play
whole games, and at every decision outside setup each hidden hand is compared with a deal where every
unseen card is alike. A kind's weight is how often it is really in such a hand over how often an even
deal would put it there (one added to both, so a rare kind stays near 1), per phase and per number of
hidden cards in the hand (3 stands for 3 or more). Players keep their tussle cards and play or discard
the others, so a hand that has been played from is heavy with symbols.

    python -m games.scrappers.prior --games 400 > data/scrappers/hand_prior.yaml
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections import Counter, defaultdict
from typing import Iterator

from games.core.cards import kind_of
from games.scrappers.bot import FairBot
from games.scrappers.records import OVER, SETUP
from games.scrappers.state import ScrappersState

MOST_CARDS = 3  # hands of this many hidden cards or more share one table of weights
Sample = tuple[str, int, Counter, list[str]]  # phase, hidden cards, the unseen kinds, the hand's true kinds


def samples(games: int, seed: int, players: int = 2) -> Iterator[Sample]:
    """Yields, at every decision of fair-bot games outside setup, each other seat's hidden hand as the
    deciding seat could not see it; every fourth game has Keelie and Guppy in."""
    for number in range(games):
        options = {"keelie": number % 4 == 3, "guppy": number % 4 == 3}
        state = ScrappersState(players, options, seed + number)
        bots, rng = [FairBot() for _ in range(players)], random.Random(seed + number)
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            if state.phase not in (SETUP, OVER):
                unseen = Counter(kind_of(c) for c in view._unseen_cards())
                for other in range(players):
                    hidden = sum(c is None for c in view.hands[other].cards)
                    if other != seat and hidden:
                        truth = [kind_of(c) for c in _hidden_truth(state, other, seat)]
                        yield state.phase, hidden, unseen, truth
            state.apply(bots[seat].choose(view, rng))


def _hidden_truth(state: ScrappersState, other: int, seat: int) -> list[str]:
    """Returns the cards of `other` that `seat` cannot see: its hand and its unrevealed tussle cards."""
    cards = list(state.hands[other].cards)
    for pile in state._commit_piles():
        if pile.owner == other and not pile.visible_to(seat):
            cards += pile.cards
    return cards


Tally = tuple[Counter, Counter]  # per (phase, hidden cards, kind): cards really held, cards an even deal puts there


def tally(found: Iterator[Sample]) -> Tally:
    """Counts, per (phase, hidden cards, kind), the cards really held and what an even deal would hold."""
    seen, even = Counter(), Counter()
    for phase, hidden, unseen, truth in found:
        key, total = (phase, min(hidden, MOST_CARDS)), sum(unseen.values())
        for kind, count in unseen.items():
            even[(*key, kind)] += len(truth) * count / total
        seen.update((*key, kind) for kind in truth)
    return seen, even


def fit(seen: Counter, even: Counter) -> dict[str, dict[int, dict[str, float]]]:
    """Returns the weights per phase, per number of hidden cards, per kind."""
    weights: dict[str, dict[int, dict[str, float]]] = defaultdict(lambda: defaultdict(dict))
    for phase, hidden, kind in sorted(even):
        weights[phase][hidden][kind] = round((seen[phase, hidden, kind] + 1) / (even[phase, hidden, kind] + 1), 2)
    return {phase: dict(tables) for phase, tables in weights.items()}


def _tally_games(job: tuple[int, int]) -> Tally:
    """Returns the tally of `job`'s games (a count and a first seed)."""
    return tally(samples(*job))


def write_yaml(weights: dict[str, dict[int, dict[str, float]]], games: int, seed: int, out) -> None:
    """Writes the weights as hand_prior.yaml."""
    out.write("# How players hold their action cards, for the Hard level's imagined deals (games/scrappers/prior.py).\n"
              f"# Measured from {games} two-player fair-bot games (seeds {seed}..{seed + games - 1}):\n"
              "# phase -> hidden cards in the hand (3: three or more) -> card -> weight against an even deal.\n"
              "phases:\n")
    for phase, tables in weights.items():
        out.write(f"  {phase}:\n")
        for hidden, table in sorted(tables.items()):
            pairs = ", ".join(f"{kind}: {weight}" for kind, weight in table.items())
            out.write(f"    {hidden}: {{{pairs}}}\n")


def main(argv: list[str] | None = None) -> None:
    """Measures the weights and prints hand_prior.yaml."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    step = -(-args.games // args.workers)
    jobs = [(min(step, args.games - start), args.seed + start) for start in range(0, args.games, step)]
    seen, even = Counter(), Counter()
    with multiprocessing.Pool(args.workers) as pool:
        for found, expected in pool.map(_tally_games, jobs):
            seen.update(found)
            even.update(expected)
    write_yaml(fit(seen, even), args.games, args.seed, sys.stdout)


if __name__ == "__main__":
    main()
