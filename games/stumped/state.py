"""Stumped: the state of one game, from the market's first deal to the tree with the leaves that win.

Cards are card ids; copies are alike. Hands are private, decks face down, discard piles, roots, the
market and the piles public. Every card a player owns is public knowledge (`owned`): bought and
taken cards are seen, mulched ones too, so a seat knows what is in another player's hand and deck
together, only not which is where (`known_in_hand` records the cards the whole table knows are in
a hand: those taken into it, and all of it whenever the deck runs out).

The state keeps the declared fields and the contract; the rules are modules of functions over it:
deal.py (setting out and moving cards), turns.py (the flow: setup, phases and their decisions),
effects.py (what action cards do) and judge.py (how the game ends), the flow declared on FLOW.
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any, Sequence

from games.core.actions import Action, seat_name
from games.core.decisions import Decision
from games.core.flow import FlowState
from games.core.zones import Pile, Row, Supply, minus
from games.stumped import deal, effects, turns  # noqa: F401 - effects registers its decisions on FLOW
from games.stumped.actions import Buy
from games.stumped.cards import BASICS, Rules, TreeKind, load_rules
from games.stumped.places import why_not
from games.stumped.records import ACT, BUY, FLOW, GROW, KINDS, PHASES, SETUP, Turn
from games.stumped.tree import Tree, check_tree


class StumpedState(FlowState):
    """One position: every player's cards, roots and tree, the market and piles, and who decides what."""

    game_id = "stumped"
    flow = FLOW
    decisions: list[Decision]
    program: list[dict[str, Any]]  # steps to run before the next decision (turns.py): at most the turn's own
    hands: list[Pile]  # private to their owners
    decks: list[Pile]  # face down: nobody knows the order, not even the owner
    discards: list[Pile]  # face up
    roots: list[dict[str, int]]  # per seat: the Sun, Dirt and Water stacks under the tree
    played: list[str]  # the play area: cards played this turn by the seat whose turn it is
    owned: list[dict[str, int]]  # per seat: every card it owns, wherever it is (public knowledge)
    known_in_hand: list[list[str]]  # per seat: cards the whole table knows are in its hand
    trees: list[Tree]
    segments: list[Supply]  # per seat: the segments it may still grow
    action_deck: Pile  # face down
    market: Row
    market_discard: Pile  # face up: shuffled into a new action deck when that runs out
    piles: Supply  # the supply piles (Sun, Dirt, Water) and the energy piles
    mulched: list[str]  # removed from the game
    left_out: list[str]  # action cards taken out at setup (every copy)
    turn: Turn
    queue: list[tuple[str, int]]  # effects of played action cards still to do: (card, effect index)
    round: int
    idle_rounds: int  # whole rounds in a row in which no tree grew (winter comes after too many)
    grew_this_round: bool
    turns_taken: list[int]
    winning_seats: list[int]

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        deal.set_out_table(self, options["action_cards"] == "gentle")
        deal.seat_players(self)
        self.decisions, self.program = [], []
        if options["action_cards"] == "choose":
            turns.ask_setup(self, 0)
        else:
            turns.begin(self)
            self.run()

    # --- data ---------------------------------------------------------------------------------------
    @functools.cached_property
    def rules(self) -> Rules:
        """Returns the cards, numbers and tree shapes (shared, immutable; kept on the position once read, not
        copied: an imagined game reads them at every step)."""
        return load_rules()

    @property
    def tree_kind(self) -> TreeKind:
        """Returns this game's tree size: segment supply, leaves that win, last round."""
        return self.rules.numbers.trees[self.options["tree"]]

    @property
    def copies(self) -> int:
        """Returns how many copies of the game's cards are on the table."""
        return self.rules.numbers.copies[self.players]

    def action_universe(self) -> list[str]:
        """Returns every action card in this game (copies repeated), left-out cards excluded."""
        return list(_universe(self.rules, tuple(self.left_out), self.copies))

    def can_leave_out(self, card: str) -> bool:
        """Returns whether leaving out `card` (every copy) still leaves enough action cards to fill the market."""
        return turns.can_leave_out(self, card)

    def hand_limit(self, seat: int) -> int:
        """Returns the cards `seat` draws at Renewal: the hand size plus one per fruit on its tree."""
        return turns.hand_limit(self, seat)

    # --- playing ------------------------------------------------------------------------------------
    def search_actions(self) -> list[Action]:
        """Returns the options worth searching: one Buy per card (not per market slot)."""
        seen, actions = set(), []
        for action in self._legal_tuple():
            key = (action.card, action.cost) if isinstance(action, Buy) else action
            if key not in seen:
                seen.add(key)
                actions.append(action)
        return actions

    # --- scores -------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Returns the leaves on each tree."""
        return [tree.leaves for tree in self.trees]

    def winners(self) -> list[int]:
        """Returns the winning seats once the game is over."""
        return list(self.winning_seats)

    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat: won, leaves, branches, fruit and cards owned."""
        return [[("Won", int(seat in self.winning_seats)), ("Leaves", tree.leaves), ("Branches", tree.count("branch")),
                 ("Fruit", tree.count("fruit")), ("Cards", sum(self.owned[seat].values()))]
                for seat, tree in enumerate(self.trees)]

    def statistics(self) -> dict[str, float]:
        """Returns the rounds played and the winner's leaves, for the simulator's report."""
        winter = self.idle_rounds >= self.rules.numbers.winter.idle_rounds
        return {"rounds": self.round - winter, "winner's leaves": max(self.scores()), "winter (%)": 100.0 * winter}

    def winter_in(self) -> int | None:
        """Returns how many more whole rounds without growth bring winter, once the warning is due; else None."""
        winter = self.rules.numbers.winter
        left = winter.idle_rounds - self.idle_rounds
        return left if left <= winter.warn else None

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns one line telling the seat to move what to do now."""
        decision = self.pending_decision()
        if decision is None:
            return "The game is over."
        who, turn = seat_name(names, decision.seat), self.turn
        if decision.kind == GROW:
            return f"{who}: click a glowing hole to grow your tree ({turn.growth} growth to spend)."
        if decision.kind == ACT:
            left = turn.actions_left
            actions = "no more action cards after energy" if turn.energy_played else \
                f"play up to {left} action card{'s' if left != 1 else ''}" if left else "no action cards left"
            return (f"{who}: {actions}, plant Sun, Dirt and Water, play energy "
                    f"({turn.energy} so far), then go to the market.")
        if decision.kind == BUY:
            return f"{who}: buy up to {turn.buys_left} card{'s' if turn.buys_left != 1 else ''} with " \
                   f"{turn.energy} energy, or end your turn."
        return decision.text(names) + "."

    def why_not(self, target: Any) -> str | None:
        """Returns why the seat to move cannot act on a place now, in the rules' words (games/stumped/places.py)."""
        return why_not(self, target)

    # --- what a seat may see ------------------------------------------------------------------------
    def _hide(self, seat: int | None) -> None:
        """Hides other players' hands, every deck's cards and the action deck's order."""
        for pile in self.hands + self.decks + [self.action_deck]:
            pile.hide(seat)

    def visible(self, seat: int) -> list[str]:
        """Returns the cards of `seat` that the whole table sees: discard pile, roots, play area."""
        cards = list(self.discards[seat].cards) + [card for card in BASICS for _ in range(self.roots[seat][card])]
        return cards + (list(self.played) if seat == self.turn.seat else [])

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals each player's unseen cards (what it owns minus what is seen) between hand and deck, the
        cards known to be in a hand staying there, and the action deck from the action cards not seen."""
        for owner in range(self.players):
            hidden = minus(self._owned_list(owner), self.visible(owner))
            hand_, deck = self.hands[owner], self.decks[owner]
            if owner == seat:
                deck.cards = minus(hidden, hand_.cards)
                rng.shuffle(deck.cards)
                continue
            known = list(self.known_in_hand[owner])
            pool = minus(hidden, known)
            rng.shuffle(pool)
            unknown = len(hand_.cards) - len(known)
            hand_.cards, deck.cards = known + pool[:unknown], pool[unknown:]
        seen = self.market.cards() + self.market_discard.cards + self.mulched
        seen += [card for owner in range(self.players) for card in self._owned_list(owner)]
        actions = set(self.rules.action_ids)
        self.action_deck.cards = minus(self.action_universe(), [card for card in seen if card in actions])
        rng.shuffle(self.action_deck.cards)

    def _owned_list(self, seat: int) -> list[str]:
        """Returns every card `seat` owns as a list, in catalog order."""
        owned = self.owned[seat]
        return [card for card in sorted(owned, key=self.rules.order.__getitem__) for _ in range(owned[card])]

    # --- invariants ---------------------------------------------------------------------------------
    def check(self) -> None:
        """Raises ValueError unless every card is in exactly one place, each seat owns what it holds,
        hands are the right size, trees grew by the rules and the decisions fit the position."""
        if not (len(self.hands) == len(self.decks) == len(self.discards) == len(self.roots) == len(self.owned)
                == len(self.trees) == len(self.segments) == len(self.known_in_hand) == self.players):
            raise ValueError("wrong number of players' places")
        self._check_cards()
        for seat in range(self.players):
            self._check_seat(seat)
        for decision in self.decisions:
            if decision.kind not in KINDS or not 0 <= decision.seat < self.players:
                raise ValueError("a pending decision is not one of this game's")
        top = self.decisions[-1].kind if self.decisions else None
        if self.program != ([] if top in (None, SETUP, ACT, BUY) else [{"op": turns.TURN}]):
            raise ValueError("the steps still to run do not fit the decision pending")
        if self.turn.phase not in PHASES or min(self.turn.energy, self.turn.buys_left, self.turn.actions_left,
                                                 self.turn.growth) < 0:
            raise ValueError("the turn in progress is damaged")
        if bool(self.winning_seats) == bool(self.decisions):
            raise ValueError("the game must be either over with winners or waiting for a decision")

    def _check_cards(self) -> None:
        """Raises ValueError unless each card id is in exactly as many places as the game has copies."""
        found = Counter(self.action_deck.cards)
        found.update(self.market.cards())
        found.update(self.market_discard.cards)
        found.update(self.mulched)
        for counts in [self.piles.counts] + self.owned:
            found.update(counts)
        expected = Counter(self.action_universe())
        for card in self.rules.pile_ids:
            expected[card] = self.rules.card(card).count * self.copies
        if +found != +expected:
            raise ValueError(f"cards are lost or doubled: {dict((+found) - expected) or dict(expected - found)}")
        if self.turn.phase != "setup" and None in self.market.slots and (self.action_deck.cards or self.market_discard.cards):
            raise ValueError("a market slot is empty while cards are left to fill it")

    def _check_seat(self, seat: int) -> None:
        """Raises ValueError unless a seat's cards, hand and tree are whole."""
        hand = Counter(self.hands[seat].cards)
        held = hand + Counter(self.decks[seat].cards)
        held.update(self.visible(seat))
        if held != +Counter(self.owned[seat]):
            raise ValueError(f"seat {seat + 1} does not hold exactly the cards it owns")
        known = Counter(self.known_in_hand[seat])
        if known - hand or (not self.decks[seat].cards and known != hand):
            raise ValueError(f"seat {seat + 1}: the cards known to be in its hand are not there")
        limit, size = self.hand_limit(seat), len(self.hands[seat])
        if seat != self.turn.seat and not (size == limit or (size < limit and not self.decks[seat].cards)):
            raise ValueError(f"seat {seat + 1} holds {size} cards between turns, not {limit}")
        check_tree(self.trees[seat], self.rules.shapes, f"seat {seat + 1}'s tree")
        for kind, count in self.tree_kind.segments.items():
            if self.segments[seat].left(kind) + self.trees[seat].count(kind) != count:
                raise ValueError(f"seat {seat + 1}'s {kind} pieces do not add up to {count}")
        if min(self.roots[seat].values()) < 0 or set(self.roots[seat]) != set(BASICS):
            raise ValueError(f"seat {seat + 1}'s roots are damaged")


@functools.lru_cache(maxsize=64)
def _universe(rules: Rules, left_out: tuple[str, ...], copies: int) -> tuple[str, ...]:
    """Returns the action cards of a game with these cards left out and this many copies."""
    return tuple(card for card in rules.action_ids if card not in left_out
                 for _ in range(rules.card(card).count * copies))
