"""Scrimish: the state of one game, from private setup to the last Crown attacked."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from games.core.actions import Action, seat_name
from games.core.decisions import Decision
from games.core.flow import FlowState
from games.core.turns import TeamRotation
from games.core.zones import OWNER, Pile, fill_unknowns, minus
from games.scrimish import play  # noqa: F401  (registers the turn's decisions on FLOW)
from games.scrimish.actions import FinishSetup
from games.scrimish.arrange import setup_search, shuffled_piles
from games.scrimish.cards import Deck, load_deck
from games.scrimish.flow import ARRANGE, FLOW, OVER, PHASE_OF, PLAY, SETUP, TARGET
from games.scrimish.places import why_not
from games.scrimish.turns import make_rotation

__all__ = ["ScrimishState", "SETUP", "PLAY", "OVER"]


class ScrimishState(FlowState):
    """One position: every player's piles and discards, what is public, and who decides what.
    The rules that change it are in arrange.py (setup) and play.py (turns), registered on FLOW."""

    game_id = "scrimish"
    flow = FLOW
    decisions: list[Decision]
    piles: list[list[list[str | None]]]  # per seat, five piles, bottom card first
    known: list[list[bool]]  # per seat and pile: is the top card public?
    discards: list[Pile]  # face down; each seat remembers its own
    seen_discards: list[list[str]]  # per seat: discarded cards the whole table saw (public knowledge)
    out: list[bool]
    rotation: TeamRotation
    winning_seats: list[int]
    crowns_taken: list[int]
    beaten: list[int]
    turns: int

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        self.piles = [shuffled_piles(self) for _ in range(players)]
        self.known = [[False] * self.deck.piles for _ in range(players)]
        self.discards = [Pile([], OWNER, seat) for seat in range(players)]
        self.seen_discards = [[] for _ in range(players)]
        self.out = [False] * players
        self.rotation = make_rotation(options["mode"], players)
        self.winning_seats = []
        self.crowns_taken = [0] * players
        self.beaten = [0] * players
        self.turns = 0
        self.decisions = []
        self.ask(ARRANGE, 0, "", selected=None)

    @property
    def deck(self) -> Deck:
        """Returns the deck data (shared, immutable)."""
        return load_deck()

    # --- what is pending ------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Returns setup, play or over."""
        return PHASE_OF[self.decisions[-1].kind] if self.decisions else OVER

    @property
    def setup_seat(self) -> int:
        """Returns the seat arranging its piles (the number of seats once setup is over)."""
        return self.decisions[-1].seat if self.phase == SETUP else self.players

    @property
    def selected(self) -> tuple[int, int] | None:
        """Returns the (pile, depth) picked up during setup, if any."""
        if self.phase != SETUP:
            return None
        picked = self.decisions[-1].data["selected"]
        return tuple(picked) if picked is not None else None

    @property
    def chosen(self) -> int | None:
        """Returns the pile picked to act with this turn, if any."""
        top = self.decisions[-1] if self.decisions else None
        return top.data["pile"] if top is not None and top.kind == TARGET else None

    # --- what may be done ----------------------------------------------------------------
    def swap_ok(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Returns whether the setup seat may swap positions a and b: the Crown stays at a bottom."""
        if a == b:
            return False
        bottom = self.deck.pile_size - 1
        crown = self.deck.crown
        return ((self.card_at(self.setup_seat, *a) != crown or b[1] == bottom)
                and (self.card_at(self.setup_seat, *b) != crown or a[1] == bottom))

    def search_actions(self) -> list[Action]:
        """Returns the options worth searching: at setup one of the named setups or a shuffle, then done
        (arranging twice gains a search nothing and costs a player a wait)."""
        decision = self.decisions[-1] if self.decisions else None
        if decision is not None and decision.kind == ARRANGE and decision.data["selected"] is None:
            return [FinishSetup()] if decision.data.get("arranged") else list(setup_search(self.deck))
        return super().search_actions()

    def targets(self, seat: int) -> list[tuple[int, int]]:
        """Returns the (seat, pile) tops `seat` may attack: non-empty piles of opponents still in."""
        team = self.team_of(seat)
        return [(s, q) for s in range(self.players) if not self.out[s] and self.team_of(s) != team
                for q, pile in enumerate(self.piles[s]) if pile]

    def card_at(self, seat: int, pile: int, depth: int) -> str | None:
        """Returns the card id at `depth` (0 = top) of a pile, None if unknown or absent."""
        cards = self.piles[seat][pile]
        return cards[-1 - depth] if depth < len(cards) else None

    def team_of(self, seat: int) -> int:
        """Returns the team index of `seat` (every player is a team of one outside team games)."""
        return self.rotation.team_of(seat)

    def team_game(self) -> bool:
        """Returns whether some team has more than one player."""
        return len(self.rotation.teams) < self.players

    # --- scores -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Returns 1 for each seat on the winning team, 0 for the others."""
        return [1 if seat in self.winning_seats else 0 for seat in range(self.players)]

    def winners(self) -> list[int]:
        """Returns the seats of the winning team once the game is over."""
        return list(self.winning_seats)

    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat: won, Crowns taken, enemy cards beaten, own cards left in piles."""
        return [[("Won", score), ("Crowns taken", self.crowns_taken[seat]),
                 ("Enemy cards beaten", self.beaten[seat]),
                 ("Cards left", sum(len(p) for p in self.piles[seat]))]
                for seat, score in enumerate(self.scores())]

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns one line telling the seat to move what to do now, built from what this state holds:
        in another seat's view it names no card that seat cannot see."""
        seat = self.current_player()
        if seat is None:
            return "The game is over."
        who = seat_name(names, seat)
        if self.phase == SETUP:
            if self.selected is not None:
                return f"{who}: click another card to swap them (the Crown stays at the bottom of a pile)."
            return f'{who}: arrange your piles - swap two cards, or pick a setup, then "Done setting up".'
        if self.chosen is None:
            return f"{who}: click one of your piles to attack or discard with its top card."
        card = self.piles[seat][self.chosen][-1] if self.piles[seat][self.chosen] else None
        if card is None:  # a view in which the mover's top card is face down: say only what is public
            return f"{who} has picked pile {self.chosen + 1}: to attack with its top card, or discard it."
        top = self.deck.cards[card]
        if top.kind == "shield":
            return f"{who}: a Shield cannot attack - discard it, or Cancel and pick another pile."
        if top.kind == "crown":
            return f"{who}: attacking with the Crown wins only against a Crown - choose a pile to attack."
        return f"{who}: click an enemy pile to attack with your {top.name}, or discard it."

    def why_not(self, target: Any) -> str | None:
        """Returns why the seat to move cannot act on a place now, in the rulebook's words (places.py)."""
        return why_not(self, target)

    # --- what a seat may see --------------------------------------------------------
    def may_see(self, viewer: int | None, seat: int, pile: int, index: int) -> bool:
        """Returns whether `viewer` may see the card at `index` (0 = bottom) of a pile."""
        top = index == len(self.piles[seat][pile]) - 1
        if self.phase == OVER or (top and self.known[seat][pile]):
            return True
        if viewer != seat:
            return False
        return self.phase == SETUP or self.options["visibility"] == "beginner" or top

    def _hide(self, seat: int | None) -> None:
        """Replaces the cards `seat` may not see with None; each seat remembers its own discards."""
        self.piles = [[[card if self.may_see(seat, s, p, i) else None for i, card in enumerate(pile)]
                       for p, pile in enumerate(piles)] for s, piles in enumerate(self.piles)]
        if self.phase != OVER:
            for discards in self.discards:
                discards.hide(seat)

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals every unknown card of each seat from what is left of its deck, the Crown only at the
        bottom of a pile; discards the table saw are among that seat's discards."""
        deck, crown = self.deck.card_list(), self.deck.crown
        for owner in range(self.players):
            piles, discards = self.piles[owner], self.discards[owner].cards
            if None in discards:
                unseen = minus(self.seen_discards[owner], [c for c in discards if c is not None])
                slots = [i for i, c in enumerate(discards) if c is None]
                for i, card in zip(slots, unseen):
                    discards[i] = card
            pool = minus(deck, [c for pile in piles for c in pile if c is not None]
                         + [c for c in discards if c is not None])
            if crown in pool:
                open_bottoms = [pile for pile in piles if pile and pile[0] is None]
                rng.choice(open_bottoms)[0] = crown
                pool.remove(crown)
            fill_unknowns(piles + [discards], pool, rng)

    def check(self) -> None:
        """Raises ValueError unless every seat holds exactly one deck across piles and discards,
        the Crown lies at the bottom of a pile and the decisions fit the position."""
        deck = Counter(self.deck.card_list())
        if not (len(self.piles) == len(self.discards) == len(self.known) == len(self.out) == self.players):
            raise ValueError("wrong number of players' piles")
        for seat in range(self.players):
            held = Counter(c for pile in self.piles[seat] for c in pile) + Counter(self.discards[seat].cards)
            if held != deck:
                raise ValueError(f"seat {seat + 1}'s cards are not one whole deck")
            if not any(pile and pile[0] == self.deck.crown for pile in self.piles[seat]):
                raise ValueError(f"seat {seat + 1}'s Crown is not at the bottom of a pile")
            if len(self.piles[seat]) != self.deck.piles or len(self.known[seat]) != self.deck.piles:
                raise ValueError(f"seat {seat + 1} does not have {self.deck.piles} piles")
        for decision in self.decisions:
            if decision.kind not in PHASE_OF or not 0 <= decision.seat < self.players:
                raise ValueError("a pending decision is not one of this game's")
        if self.winning_seats:
            team = self.team_of(self.winning_seats[0])
            if sorted(self.winning_seats) != self.rotation.teams[team] or self.decisions or any(
                    not self.out[s] for s in range(self.players) if self.team_of(s) != team):
                raise ValueError("the winners are not the last team standing")
        elif not self.decisions:
            raise ValueError("the game is over without winners")

