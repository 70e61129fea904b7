"""Crumbs: the state of one game, from choosing armies to the last feeding."""
from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any, Sequence

from games.core.actions import Action, Event, seat_name
from games.core.decisions import Decision
from games.core.flow import FlowState
from games.core.zones import DOWN, Pile, fill_unknowns, minus
from games.crumbs import (  # noqa: F401 - turns registers the answers of a turn on FLOW
    armies,
    drops,
    rounds,
    table,
    turns,
    why,
)
from games.crumbs.board import Board
from games.crumbs.data import CrumbsData, Side, load_data
from games.crumbs.decisions import (
    ARMY,
    COUNT,
    FLOW,
    FLY_PICK,
    FLY_TO,
    IN_TURN,
    PHASES,
    PROMPTS,
    TO,
    TURN,
)
from games.crumbs.table import CRUMB_KINDS, Piece, board_for

CATEGORIES = ("Feeding", "Daily Buzz", "Knocked crumbs", "Stolen", "Defended", "Spent")


class CrumbsState(FlowState):
    """One position of Crumbs: armies, pieces on the park, the trail, the cards and who decides what.

    The rules are modules of functions over these fields, each saying what it reads and writes: rounds (setup
    and the round laid out on the stack) and turns (a turn's choices) answer the decisions of FLOW; buzz (the
    cards), drops (drops, scuffles, the feeding), armies (the sheets), table (where pieces lie) and trail
    (crumbs won and spent, the end) serve them; why answers why_not. The few methods below that only call a
    module are there for the views.
    """

    game_id = "crumbs"
    flow = FLOW  # every decision's options and answer: games.crumbs.rounds (setup, rounds), games.crumbs.turns
    sampled_drops = False  # True only in a search's imagined games: drops by sampled landings, not physics
    decisions: list[Decision]  # the rest of the round (draws, turns, the feeding), choices on top
    map_id: str
    armies: list[str | None]
    upgraded: list[bool]
    attack_wins: list[int]
    crumbs: list[int]
    ledger: list[dict[str, int]]  # per seat: category -> crumbs gained (spent and lost are negative)
    pieces: dict[str, Piece]
    feeders: dict[str, int]  # feeder space -> its die
    deck: Pile  # the Daily Buzz deck, face down; the rest of the 40-card box is out of the game unseen
    drawn: list[str]  # this round's cards, face up
    discard: list[str]
    round: int
    favor: int  # the seat with Granny's Favor
    free_moves: int  # left this turn
    modifiers: dict[str, int]  # this round's Daily Buzz modifiers
    winning: list[int]  # set when the game ends

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(players, options, seed)
        numbers = self.data.numbers
        self.map_id = options["map"]
        self.armies = [None] * players
        self.upgraded = [False] * players
        self.attack_wins = [0] * players
        self.crumbs = [numbers.start_crumbs] * players
        self.ledger = [{} for _ in range(players)]
        self.pieces = {"dog": Piece("dog")}
        for kind in CRUMB_KINDS:
            count = numbers.feeding_crumbs if kind == "crumb" else getattr(numbers.special_crumbs, kind)
            self.pieces.update({f"{kind}-{i + 1}": Piece(kind) for i in range(count)})
        self.feeders = {space: 1 for space in self.board.feeders}
        cards = self.data.deck()
        self.rng.shuffle(cards)
        self.deck = Pile(cards if options["race"] else cards[:self.deck_size()], DOWN)
        self.drawn, self.discard = [], []
        self.round, self.favor, self.free_moves = 1, 0, numbers.free_moves
        self.modifiers, self.winning, self.decisions = {}, [], []
        rounds.deal(self)

    @functools.cached_property
    def data(self) -> CrumbsData:
        """Returns the game data (shared, immutable; looked up once a copy, never saved)."""
        return load_data()

    @functools.cached_property
    def board(self) -> Board:
        """Returns the park in play (shared, immutable; looked up once a copy, never saved)."""
        return board_for(self.map_id)

    # --- the contract ---------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """Returns armies, start, turn, feeding or over (from the decision on top)."""
        return PHASES.get(self.decisions[-1].kind, "turn") if self.decisions else "over"

    def _apply(self, action: Action) -> list[Event]:
        """Answers the top decision, then flips any sheet whose condition now holds."""
        events = super()._apply(action)
        if not self.winning:
            events += armies.check_upgrades(self)
        return events

    def scores(self) -> list[int]:
        """Returns each seat's crumbs on the Crumb Trail."""
        return list(self.crumbs)

    def winners(self) -> list[int]:
        """Returns the winning seats once the game is over (ties share the park)."""
        return list(self.winning)

    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat: the start, what each source gave or cost, and the total."""
        start = self.data.numbers.start_crumbs
        return [[("Start", start)] + [(c, ledger.get(c, 0)) for c in CATEGORIES] + [("Total", crumbs)]
                for ledger, crumbs in zip(self.ledger, self.crumbs)]

    def why_not(self, target: Any) -> str | None:
        """Returns why the seat to move cannot act on a place now, in the rulebook's words (games.crumbs.why)."""
        return why.why_not(self, target)

    def sides(self) -> list[str]:
        """Returns each seat's army."""
        return [self.data.armies[a].name if a else "" for a in self.armies]

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns one line telling the seat to move what to do now."""
        decision = self.pending_decision()
        if decision is None or decision.kind != TURN:
            return super().status(names)
        seat = decision.seat
        free = f" ({self.free_moves} free move{'s' if self.free_moves != 1 else ''} left)" if self.free_moves else ""
        return (f"{seat_name(names, seat)}: move, spawn, use the dog or your special action, then End turn{free}. "
                f"You have {self.crumbs[seat]} crumbs.")

    # --- setup ---------------------------------------------------------------------------------
    def deck_size(self) -> int:
        """Returns how many Daily Buzz cards a game that is not a race plays with."""
        return self.players * self.options["rounds"] * self.data.numbers.buzz_per_round

    # --- rounds and the end ----------------------------------------------------------------------
    def round_label(self) -> str:
        """Returns the round counter as the table reads it: "Round 3 of 5" (a race: "Round 3")."""
        return f"Round {self.round}" if self.options["race"] else f"Round {self.round} of {self.options['rounds']}"

    # --- for the views (thin: the rules call the modules) ---------------------------------------
    def side(self, seat: int) -> Side:
        """Returns the side of the sheet a seat shows."""
        return armies.side(self, seat)

    def cost(self, seat: int, action: str) -> int:
        """Returns what an action costs a seat now, round modifiers included."""
        return armies.cost(self, seat, action)

    def on_board(self, kind: str | None = None, owner: int | None = None, space: str | None = None) -> list[str]:
        """Returns the ids of pieces on the board, filtered by kind, owner and space."""
        return table.on_board(self, kind, owner, space)

    def critters_in(self, space: str, seat: int | None = None) -> list[str]:
        """Returns the critters in a space (of one seat, if given)."""
        return table.critters_in(self, space, seat)

    def pool(self, seat: int) -> list[str]:
        """Returns a seat's critters not on the board."""
        return table.pool(self, seat)

    def armies_in(self, space: str) -> list[int]:
        """Returns the seats with critters in a space."""
        return table.armies_in(self, space)

    def controller(self, space: str) -> int | None:
        """Returns the seat controlling a space, if any."""
        return table.controller(self, space)

    def dog_space(self) -> str | None:
        """Returns the space the dog is in, None while it is in the dog house."""
        return table.dog_space(self)

    def value(self, space: str) -> int:
        """Returns a space's value now: the feeder die, the printed value, 0 for the fountain."""
        return drops.value(self, space)

    def upgrade_progress(self, seat: int) -> int:
        """Returns a seat's progress towards flipping its sheet."""
        return armies.upgrade_progress(self, seat)

    def space_name(self, space: str) -> str:
        """Returns a space's printed name."""
        return self.board.spaces[space].name

    # --- secrets and copies ----------------------------------------------------------------------
    def _hide(self, seat: int | None) -> None:
        """Hides the Daily Buzz deck (its order, and which cards of the box it holds); all else is public."""
        self.deck.hide(seat)

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals the deck from the cards of the box nobody has seen (neither drawn nor discarded)."""
        unseen = minus(self.data.deck(), self.drawn + self.discard)
        rng.shuffle(unseen)
        fill_unknowns([self.deck], unseen[:len(self.deck)], rng)

    def clone(self) -> "CrumbsState":
        """Returns an independent copy; the caches of where pieces are come along (they stay valid)."""
        other = super().clone()
        where = self.__dict__.get("_where")
        if where:
            other.__dict__["_where"] = dict(where)
            places = other.__dict__["_spaces"] = self.__dict__.get("_spaces")
            if places is not None:
                places.owner = 0  # shared: neither copy changes it in place any more
        return other

    # --- a whole position ------------------------------------------------------------------------
    def check(self) -> None:
        """Raises ValueError unless the position is whole: the box's pieces and cards all there, every
        piece on the board inside a space, no scuffle left unresolved, scores matching the ledger and
        the decisions fitting the phase."""
        if self.map_id not in self.data.maps:
            raise ValueError(f"unknown map {self.map_id!r}")
        players = self.players
        if not (len(self.armies) == len(self.upgraded) == len(self.attack_wins) == len(self.crumbs)
                == len(self.ledger) == players):
            raise ValueError("the armies, sheets and trackers do not match the number of players")
        self._check_trail()
        self._check_pieces()
        self._check_cards()
        self._check_decisions()

    def _check_trail(self) -> None:
        """Raises ValueError unless every tracker is at the start plus its gains and costs, never below 0."""
        start = self.data.numbers.start_crumbs
        for seat, (crumbs, ledger) in enumerate(zip(self.crumbs, self.ledger)):
            if crumbs < 0:
                raise ValueError(f"seat {seat + 1} has fewer than no crumbs")
            if crumbs != start + sum(ledger.values()):
                raise ValueError(f"seat {seat + 1}'s crumbs are not the start plus what its ledger says")
        if sorted(self.feeders) != sorted(self.board.feeders) or \
                any(v not in self.data.numbers.feeder_die for v in self.feeders.values()):
            raise ValueError("the feeder dice do not match the map")
        if not 0 <= self.favor < self.players:
            raise ValueError("Granny's Favor is with nobody")

    def _check_pieces(self) -> None:
        """Raises ValueError unless the box's pieces and each army's critters are all there, every piece on
        the board lies in a space and no space but the fountain holds two armies."""
        numbers = self.data.numbers
        expected = Counter({"dog": 1, "crumb": numbers.feeding_crumbs, "wet": numbers.special_crumbs.wet,
                            "stockpile": numbers.special_crumbs.stockpile})
        kinds = Counter(piece.kind for piece in self.pieces.values() if piece.kind != "critter")
        if kinds != expected:
            raise ValueError(f"the box's pieces are not all there: {dict(kinds)} instead of {dict(expected)}")
        owners = Counter(piece.owner for piece in self.pieces.values() if piece.kind == "critter")
        for seat, army in enumerate(self.armies):
            if army is not None and army not in self.data.armies:
                raise ValueError(f"seat {seat + 1} plays an unknown army {army!r}")
            if owners.pop(seat, 0) != (self.data.armies[army].critters if army else 0):
                raise ValueError(f"seat {seat + 1}'s critters are not all there")
        if owners:
            raise ValueError("a critter belongs to nobody at the table")
        for piece_id in table.on_board(self):
            if table.where(self, piece_id) is None:
                raise ValueError(f"{piece_id} lies off the board")
        for space in self.board.spaces:
            if space != self.board.fountain and len(table.armies_in(self, space)) > 1:
                raise ValueError(f"an unresolved scuffle in {self.space_name(space)}")

    def _check_cards(self) -> None:
        """Raises ValueError unless the deck, this round's cards and the discards come from the box, all
        of it in a race and players x rounds cards otherwise."""
        cards = [c for c in self.deck.cards if c is not None] + self.drawn + self.discard
        try:
            unused = minus(self.data.deck(), cards)
        except ValueError as error:
            raise ValueError(f"the Daily Buzz cards are not from the box: {error}") from None
        size = len(self.deck) + len(self.drawn) + len(self.discard)
        if (self.options["race"] and unused) or (not self.options["race"] and size != self.deck_size()):
            raise ValueError("the Daily Buzz deck has the wrong number of cards")

    def _check_decisions(self) -> None:
        """Raises ValueError unless the decisions are this game's, each choice within a turn lies on that
        seat's turn with what it needs, and the game is over exactly when nobody has anything to decide."""
        below = None
        for decision in self.decisions:
            if decision.kind not in PROMPTS or not 0 <= decision.seat < self.players:
                raise ValueError("a pending decision is not one of this game's")
            if decision.kind in IN_TURN and (below is None or below.seat != decision.seat
                                             or not (below.kind == TURN or below.kind in IN_TURN)):
                raise ValueError(f"a {decision.kind} choice is not made in its seat's turn")
            self._check_decision_data(decision)
            below = decision
        if bool(self.winning) == bool(self.decisions):
            raise ValueError("the game must be over exactly when nothing is left to decide")
        if any(not 0 <= seat < self.players for seat in self.winning):
            raise ValueError("a winner is not at the table")
        if self.decisions and self.decisions[-1].kind != ARMY and None in self.armies:
            raise ValueError("play began before every seat had an army")


    def _check_decision_data(self, decision: Decision) -> None:
        """Raises ValueError unless a decision carries what its options and answers read."""
        data, kind = decision.data, decision.kind
        if kind == ARMY and data.get("dealt") is not None and data["dealt"] not in self.data.armies:
            raise ValueError("an army dealt is not in the box")
        if kind in (COUNT, TO) and (data.get("via") not in ("move", "dash")
                                    or data.get("from") not in self.board.spaces):
            raise ValueError(f"a {kind} choice does not say where critters leave from")
        if kind == TURN and not (type(data.get("specials", 0)) is int and data.get("specials", 0) >= 0):
            raise ValueError("a turn does not say how often its special action was used")
        if kind == TO and not (type(data.get("count")) is int and data["count"] >= 1):
            raise ValueError("a movement does not say how many critters go")
        if kind in (FLY_PICK, FLY_TO):
            picked, pieces = data.get("picked"), self.pieces
            if not (isinstance(picked, list) and all(isinstance(p, str) for p in picked)
                    and len(set(picked)) == len(picked) and all(
                    p in pieces and pieces[p].kind == "critter" and pieces[p].owner == decision.seat
                    and pieces[p].pose is not None for p in picked)):
                raise ValueError("the pigeons picked to fly are not the flyer's own critters on the park")

