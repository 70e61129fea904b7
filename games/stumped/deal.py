"""The dealer of Stumped: setting out the table, and moving cards between decks, hands, discard piles,
the market and the supply.

Functions over a StumpedState. They read `rules`, `tree_kind`, `copies`, `options` and `players`, use the
state's `rng` for shuffles, and write the card places: `piles`, `hands`, `decks`, `discards`,
`known_in_hand`, `roots`, `played`, `action_deck`, `market`, `market_discard`, `mulched`, `owned`; setting
out the table also writes every other field's starting value (`left_out`, `trees`, `segments`, `turn`,
`queue`, `round`, `idle_rounds`, `grew_this_round`, `turns_taken`, `winning_seats`).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from games.core.actions import Event, Secret
from games.core.zones import DOWN, OWNER, UP, Pile, Row, Supply
from games.stumped.cards import BASICS
from games.stumped.records import Turn
from games.stumped.tree import Tree

if TYPE_CHECKING:
    from games.stumped.state import StumpedState


def set_out_table(state: StumpedState, gentle: bool) -> None:
    """Lays out the piles, the (unshuffled) action deck and an empty market; nobody's turn yet."""
    rules, numbers = state.rules, state.rules.numbers
    state.piles = Supply({card: rules.card(card).count * state.copies for card in rules.pile_ids})
    state.left_out = [card for card in rules.action_ids if gentle and rules.card(card).touches_others]
    state.action_deck = Pile(state.action_universe(), DOWN)
    state.market = Row([None] * numbers.market_size)
    state.market_discard = Pile([], UP)
    state.mulched, state.played, state.queue = [], [], []
    state.turn, state.round, state.winning_seats = Turn(), 1, []
    state.idle_rounds, state.grew_this_round = 0, False


def seat_players(state: StumpedState) -> None:
    """Gives each player the rulebook's identical starting hand (5 Dirt), an empty tree and its segments,
    and, with the table option of ours, the later seats' catch-up cards."""
    players, numbers = state.players, state.rules.numbers
    start = [card for card, count in numbers.starting_deck.items() for _ in range(count)]
    for card in start * players:
        state.piles.take(card)
    state.hands = [Pile(list(start), OWNER, seat) for seat in range(players)]
    state.decks = [Pile([], DOWN) for _ in range(players)]
    state.discards = [Pile([], UP) for _ in range(players)]
    state.roots = [{card: 0 for card in BASICS} for _ in range(players)]
    state.owned = [dict(Counter(start)) for _ in range(players)]
    state.known_in_hand = [list(start) for _ in range(players)]  # the deck is empty: all of it is known
    state.trees = [Tree() for _ in range(players)]
    state.segments = [Supply(dict(state.tree_kind.segments)) for _ in range(players)]
    state.turns_taken = [0] * players
    if state.options.get("catch_up") == "on":
        for seat in range(players):
            _head_start(state, seat, numbers.head_start[players][seat])


def _head_start(state: StumpedState, seat: int, cards: tuple[str, ...]) -> None:
    """Puts a later seat's catch-up cards from the supply onto its discard pile."""
    for card in cards:
        state.piles.take(card)
        state.owned[seat][card] = state.owned[seat].get(card, 0) + 1
    state.discards[seat].put(cards)


def draw(state: StumpedState, seat: int, count: int) -> list[Event]:
    """Draws up to `count` cards, shuffling the discard pile into a new deck when the deck runs out."""
    deck, hand, discard = state.decks[seat], state.hands[seat], state.discards[seat]
    drawn: list[str] = []
    events: list[Event] = []
    for _ in range(count):
        if not deck.cards:
            state.known_in_hand[seat] = list(hand.cards)  # every card not in view is in the hand now
            if not discard.cards:
                break
            deck.cards, discard.cards = discard.cards, []
            deck.shuffle(state.rng)
            if not state.imagined:
                events.append(Event("reshuffle", f"{{{seat}}} shuffles their discard pile into a new deck "
                                    f"({len(deck)} cards).", {"seat": seat, "count": len(deck)}))
        card = deck.cards.pop()
        hand.cards.append(card)
        drawn.append(card)
    if not deck.cards:
        state.known_in_hand[seat] = list(hand.cards)
    if state.imagined:
        return events
    public = {"seat": seat, "count": len(drawn)}
    names = ", ".join(state.rules.name(card) for card in drawn)
    secret = Secret((seat,), f"{{{seat}}} draws {names or 'nothing'}.", {**public, "cards": drawn})
    plural = "card" if len(drawn) == 1 else "cards"
    events.append(Event("draw", f"{{{seat}}} draws {len(drawn)} {plural}.", public, reveals=True, secret=secret))
    return events


def refill_market(state: StumpedState) -> list[Event]:
    """Fills the empty market slots from the action deck, shuffling the discarded market cards into a
    new action deck when it runs out (a slot stays empty if there are none)."""
    events = []
    for slot in [index for index, card in enumerate(state.market.slots) if card is None]:
        if not state.action_deck.cards and state.market_discard.cards:
            count = len(state.market_discard)
            state.action_deck.cards, state.market_discard.cards = state.market_discard.cards, []
            state.action_deck.shuffle(state.rng)
            if not state.imagined:
                events.append(Event("market_reshuffle", f"The discarded market cards ({count}) are shuffled into "
                                    "a new action deck.", {"count": count}))
        if not state.action_deck.cards:
            break
        card = state.market.slots[slot] = state.action_deck.cards.pop()
        if not state.imagined:
            events.append(Event("refill", f"{state.rules.name(card)} comes into the market.",
                                {"slot": slot, "card": card}, reveals=True))
    return events


def take_from_hand(state: StumpedState, seat: int, card: str) -> None:
    """Takes one copy of `card` out of `seat`'s hand (and out of what the table knows is there)."""
    state.hands[seat].remove(card)
    if card in state.known_in_hand[seat]:
        state.known_in_hand[seat].remove(card)


def put(state: StumpedState, seat: int, card: str, to: str) -> None:
    """Puts a card the table has seen into a seat's hand, roots or discard pile."""
    if to == "hand":
        state.hands[seat].cards.append(card)
        state.known_in_hand[seat].append(card)
    elif to == "roots":
        state.roots[seat][card] += 1
    else:
        state.discards[seat].put([card])


def distinct(state: StumpedState, cards: list[str]) -> list[str]:
    """Returns the distinct card ids among `cards`, in catalog order."""
    return sorted(set(cards), key=state.rules.order.__getitem__)
