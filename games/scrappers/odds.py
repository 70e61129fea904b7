"""Tussle odds read from the fair bot's tussle rule, for the canny fair bot's evaluation.

`win_chances` guesses what a rival shows from its hand size alone. But the fair bot's rule decides from
what everyone sees (the part's worth to each side, hand sizes) and the rival's own cards, so for every
mix of cards the rival may hold it says exactly what the rival would show: nothing for a part worth
little to it, everything for a part worth the game, else its strongest cards, up to enough to beat what my hand size suggests,
as far as the part repays them. Over every mix of the deck's tussle symbols a hand may hold (weighed by
how likely the deal is), and the cards I hold and will draw, that gives my chance of the part. Two sides
without Keelie, before the tussle begins; any other tussle keeps `win_chances`."""
from __future__ import annotations

import functools
import math

from games.scrappers.evaluate import (
    BIG_STAKE,
    CHEAP_STAKE,
    COMMIT_SHARE,
    evaluate,
    mean_symbols,
    part_value,
    rival_weight,
    symbols_worth,
    win_chances,
)
from games.scrappers.pulling import at_part, tussle_draws
from games.scrappers.records import KEELIE

Mix = tuple[int, ...]  # how many cards of a hand carry 0, 1, 2, ... tussle symbols


def read_chances(state, sides: list[str], me: int, slot: int | None = None) -> dict[str, float]:
    """Returns each side's chance of winning the tussle at `slot`: the rival showing what the fair bot's
    rule would on each hand it may hold, I showing all I hold and draw."""
    rivals = [s for s in sides if s != str(me)]
    tussle = state.tussle
    if slot is None or KEELIE in sides or len(rivals) != 1 or str(me) not in sides \
            or (tussle is not None and tussle.slot == slot):
        return win_chances(state, sides, me, slot)
    data, rival = state.data, int(rivals[0])
    part = state.belt.slots[slot]
    bodgers = at_part(state, slot)
    draws = {seat: tussle_draws(state, seat, bodgers) for seat in (me, rival)}
    counts = _deck(state)
    mine, theirs = part_value(data, state.holdings[me], part), part_value(data, state.holdings[rival], part)
    stake = theirs + rival_weight(state.players) * mine
    fights = mine + rival_weight(state.players) * theirs >= CHEAP_STAKE  # whether the rival expects me to fight
    sees = COMMIT_SHARE * mean_symbols(data) * (len(state.hands[me]) + draws[me]) if fights else 0.0
    target = max(1, int(sees) + (0 if state.foreman == rival else 1))
    refill = round(symbols_worth(mean_symbols(data)) * 1000)
    shown = _shown(counts, len(state.hands[rival]) + draws[rival], target, round(stake * 100),
                   stake >= BIG_STAKE or mine >= BIG_STAKE, data.rules.hand_size, refill)
    held = state.symbols(state.hands[me].cards)
    win = lose = 0.0
    for mix, chance in _hands(counts, draws[me]):
        total = held + _symbols(mix)
        for shows, odds in shown.items():
            if total > shows or (total == shows and state.foreman == me):
                win += chance * odds
            elif total < shows or state.foreman == rival:
                lose += chance * odds
    return {str(me): win, str(rival): lose}


def evaluate_read(state, me: int) -> float:
    """Returns the evaluation with each two-sided tussle's odds read from the fair bot's rule."""
    return evaluate(state, me, read_chances)


def _deck(state) -> Mix:
    """Returns how many cards of the game's action deck carry 0, 1, 2, ... tussle symbols."""
    return _deck_counts(state.data, bool(state.options.get("keelie")), bool(state.options.get("guppy")))


@functools.lru_cache(maxsize=16)
def _deck_counts(data, keelie: bool, guppy: bool) -> Mix:
    symbols = [data.cards[c].symbols for c in data.action_deck(keelie, guppy)]
    return tuple(symbols.count(value) for value in range(max(symbols) + 1))


def _symbols(mix: Mix) -> int:
    """Returns the tussle symbols of a hand."""
    return sum(value * count for value, count in enumerate(mix))


@functools.lru_cache(maxsize=4096)
def _hands(counts: Mix, size: int) -> tuple[tuple[Mix, float], ...]:
    """Returns every mix a hand of `size` cards dealt from the deck may hold, with its chance."""
    size = min(size, sum(counts))
    total = math.comb(sum(counts), size)
    found = []

    def deal(value: int, left: int, mix: list[int], ways: int) -> None:
        if value == len(counts) - 1:
            if left <= counts[value]:
                found.append((tuple(mix + [left]), ways * math.comb(counts[value], left) / total))
            return
        for take in range(min(left, counts[value]) + 1):
            deal(value + 1, left - take, mix + [take], ways * math.comb(counts[value], take))
    deal(0, size, [], 1)
    return tuple(found)


@functools.lru_cache(maxsize=16384)
def _shown(counts: Mix, size: int, target: int, stake_cents: int, all_in: bool, keep: int = 0,
           refill_mils: int = 0) -> dict[int, float]:
    """Returns the chance of each total the fair bot's rule shows with a hand of `size` cards: everything
    when `all_in`, nothing for a part worth nothing, else its strongest cards up to `target` that the stake repays."""
    stake = stake_cents / 100
    shown: dict[int, float] = {}
    for mix, chance in _hands(counts, size):
        if all_in:
            shows = _symbols(mix)
        elif stake <= 0:
            shows = 0
        else:
            shows = _rule(mix, target, stake, keep, refill_mils / 1000)
        shown[shows] = shown.get(shows, 0.0) + chance
    return shown


def _rule(mix: Mix, target: int, stake: float, keep: int = 0, refill: float = 0.0) -> int:
    """Returns what the fair bot's rule shows from a hand: its strongest cards until `target`, each only
    if the cards so far and it cost no more than `stake` (a card leaving fewer than `keep` in hand costs
    only what it beats an average card, worth `refill`, by: maintenance draws one back)."""
    total = cost = 0.0
    left = sum(mix)
    for value in range(len(mix) - 1, 0, -1):
        for _ in range(mix[value]):
            worth = symbols_worth(value)
            price = worth if left - 1 >= keep else max(0.0, worth - refill)
            if total < target and cost + price <= stake:
                total += value
                cost += price
                left -= 1
    return int(total)
