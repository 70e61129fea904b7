"""How a bot judges a Scrappers position: what each part is worth to each player, who is likely to
win a tussle, and what a hand of cards is worth. Everything here reads only what a seat may see
(its own hand, hand sizes, the public floor), so it works on a view or on a determinized copy."""
from __future__ import annotations

import functools
import math
from typing import Callable, Optional

from games.scrappers.contraptions import fillable, plug_colours
from games.scrappers.data import GameData
from games.scrappers.records import GUPPY, KEELIE, OVER

Chances = Optional[Callable[..., dict[str, float]]]  # (state, sides, me, slot) -> each side's chance of the part

WIN = 100.0
LEVELS = (0.0, 1.0, 2.2, 3.6)  # worth of a best core with 0, 1, 2, 3 plugs
HAVE_CORE, PER_PLUG, SECOND_CORE = 0.8, 0.15, 0.3
CARD_BASE, CARD_SYMBOL = 0.3, 0.25  # worth of a card in hand
FOREMAN_EDGE = 0.5  # tussle strength a tie is worth to the foreman
SPREAD = 1.5  # tussle strengths this far apart make the stronger side about 2.7 times likelier
KEELIE_HELP = 0.3  # share of their symbols the other players are expected to put down for Keelie
COMMIT_SHARE = 0.6  # share of their symbols a tussling rival is expected to put down
BIG_STAKE = 8.0  # the fair bot's tussle rule: a part worth this much (to me, or denied to a rival) is worth every card
CHEAP_STAKE = 0.5  # below this a part is not worth a card
MEMO_LIMIT = 5_000  # positions whose evaluation is remembered at most (some 6 MB; 50,000 took 44 MB for no more speed)


def rival_weight(players: int) -> float:
    """Returns how much a rival's gain costs me: all of it with one rival, a share with more."""
    return 1.0 / (players - 1)


@functools.lru_cache(maxsize=65536)
def potential(data: GameData, parts: tuple[str, ...]) -> float:
    """Returns how far a set of parts is toward a contraption (WIN when one is complete)."""
    return _potential(data, tuple(sorted(parts)))


@functools.lru_cache(maxsize=65536)
def _potential(data: GameData, parts: tuple[str, ...]) -> float:
    colours = plug_colours(data, parts)
    fills = sorted((fillable(data.parts[p].connectors, colours) for p in parts if data.parts[p].kind == "core"),
                   reverse=True)
    if fills and fills[0] >= data.rules.plugs_per_core:
        return WIN
    plugs = sum(colours.values())
    value = PER_PLUG * min(plugs, data.rules.plugs_per_core)
    if fills:
        value += HAVE_CORE + LEVELS[fills[0]] + (SECOND_CORE * fills[1] if len(fills) > 1 else 0.0)
    return value


def part_value(data: GameData, holdings: list[str], part: str) -> float:
    """Returns how much a part adds to a player's parts."""
    return _part_value(data, tuple(holdings), part)


@functools.lru_cache(maxsize=65536)
def _part_value(data: GameData, holdings: tuple[str, ...], part: str) -> float:
    return potential(data, holdings + (part,)) - potential(data, holdings)


@functools.lru_cache(maxsize=8)
def mean_symbols(data: GameData) -> float:
    """Returns the average tussle symbols on an action card."""
    cards = [data.cards[c] for c in data.cards.instances()]
    return sum(c.symbols for c in cards) / len(cards)


def card_worth(data: GameData, card: str) -> float:
    """Returns what a card in hand is worth: a button to use and symbols for tussles."""
    worth = _card_worths(data).get(card)
    return symbols_worth(data.cards[card].symbols) if worth is None else worth


@functools.lru_cache(maxsize=8)
def _card_worths(data: GameData) -> dict[str, float]:
    """Returns `card_worth` of every card id and card instance id, worked out once per game data (a bot's
    search rates the hand in every position it weighs)."""
    return {card: symbols_worth(data.cards[card].symbols) for card in data.cards.instances() + list(data.cards.cards)}


def symbols_worth(symbols: int) -> float:
    """Returns what a card with this many tussle symbols is worth in hand."""
    return CARD_BASE + CARD_SYMBOL * symbols


def spend_cost(data: GameData, symbols: int, left: int) -> float:
    """Returns what putting a card with `symbols` down in a tussle costs when `left` cards stay in hand: its
    worth, or, when the hand is then under its size, only what it beats an average card by (the next
    maintenance draws one back in its place)."""
    worth = symbols_worth(symbols)
    if left >= data.rules.hand_size:
        return worth
    return max(0.0, worth - symbols_worth(mean_symbols(data)))


def strength(state, side: str, me: int, seats: list[int], drawn: bool = False) -> float:
    """Returns the symbols `side` (a seat as text, or 'keelie') is expected to put down in a tussle
    among `seats`: my own hand exactly, the others' by hand size (plus the tussle draw unless
    `drawn`: the cards are already in hand)."""
    data, mean = state.data, mean_symbols(state.data)
    if side == KEELIE:
        helpers = [s for s in range(state.players) if s not in seats]
        return KEELIE_HELP * mean * sum(len(state.hands[s]) for s in helpers)
    seat = int(side)
    draw = 0.0 if drawn else data.rules.tussle_draw * mean
    if seat == me:
        return state.symbols(state.hands[me].cards) + draw
    return COMMIT_SHARE * mean * len(state.hands[seat]) + draw


def win_chances(state, sides: list[str], me: int, slot: int | None = None) -> dict[str, float]:
    """Returns each side's chance of winning a tussle (at `slot`), from expected strengths."""
    seats = [int(s) for s in sides if s != KEELIE]
    power = {s: strength(state, s, me, seats) + (FOREMAN_EDGE if s == str(state.foreman) else 0.0) for s in sides}
    top = max(power.values())
    weights = {s: math.exp((p - top) / SPREAD) for s, p in power.items()}
    total = sum(weights.values())
    return {s: w / total for s, w in weights.items()}


def expected_gains(state, me: int, chances: Chances = None) -> list[float]:
    """Returns each seat's expected gain from the parts in front of the bodgers, pulled now (each tussle's
    odds by `chances`, or by `win_chances`). (Written out for the bots' searches: a part with one side in front
    goes to it whole, without asking the odds.)"""
    data, spaces = state.data, state.data.board.spaces
    gains = [0.0] * state.players
    at: dict[int, set[str]] = {}
    for bodger in state.bodgers:
        if bodger.id != GUPPY:
            side = KEELIE if bodger.owner is None else str(bodger.owner)
            slot = spaces[bodger.space].faces
            sides = at.get(slot)
            if sides is None:
                at[slot] = {side}
            else:
                sides.add(side)
    slots, holdings = state.belt.slots, state.holdings
    for slot, sides in at.items():
        part = slots[slot]
        if part is None:
            continue
        if len(sides) == 1:
            side = next(iter(sides))
            if side != KEELIE:
                seat = int(side)
                gains[seat] += part_value(data, holdings[seat], part)  # its chance is 1.0: the same sum
            continue
        for side, chance in (chances or win_chances)(state, sorted(sides), me, slot).items():
            if side != KEELIE:
                seat = int(side)
                gains[seat] += chance * part_value(data, holdings[seat], part)
    return gains


def evaluate(state, me: int, chances: Chances = None) -> float:
    """Returns how good the position is for `me`: my parts and the parts I expect to pull (each tussle's
    odds by `chances`, or by `win_chances`), less my rivals', plus my hand. With the default odds a position
    is worked out once (`remembered`): the fair bot's searches weigh the same floor again and again."""
    if state.phase == OVER:
        return WIN * 2 if me in state.winners() else -WIN * 2
    if chances is None:
        return remembered(state, me)
    return _evaluate(state, me, chances)


def position_key(state, me: int) -> tuple:
    """Returns everything `evaluate` with the default odds reads of an unfinished position, for `me`: the tokens
    (in order), the belt, the parts held, my hand (in order), every hand's size and the foreman."""
    return (me, state.foreman, tuple([(b.id, b.owner, b.space) for b in state.bodgers]), tuple(state.belt.slots),
            tuple(map(tuple, state.holdings)), tuple(state.hands[me].cards),
            tuple([len(pile.cards) for pile in state.hands]))


def remembered(state, me: int) -> float:
    """Returns `evaluate(state, me)` of an unfinished position, each position (`position_key`) worked out once per
    game data (forgotten all at once when MEMO_LIMIT positions are held)."""
    memo, key = _memo(state.data), position_key(state, me)
    value = memo.get(key)
    if value is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        value = memo[key] = _evaluate(state, me, None)
    return value


@functools.lru_cache(maxsize=1)
def _memo(data: GameData) -> dict[tuple, float]:
    """Returns the evaluations remembered for one game data, the last one asked for (see `remembered`)."""
    return {}


def _evaluate(state, me: int, chances: Chances) -> float:
    """Returns `evaluate` of an unfinished position, worked out."""
    data, gains = state.data, expected_gains(state, me, chances)
    worth = [potential(data, tuple(held)) + gain for held, gain in zip(state.holdings, gains)]
    rivals = sum(w for seat, w in enumerate(worth) if seat != me)
    worths = _card_worths(data)
    hand = sum([worths.get(c) or card_worth(data, c) for c in state.hands[me].cards if c is not None])
    return worth[me] - rival_weight(state.players) * rivals + hand

