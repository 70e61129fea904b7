"""Scrumpy: the state of one game, from setup to final scoring.

ScrumpyState keeps the declared fields (below) and the contract's methods; the rules are rule modules of
functions over the state, after RLCard's dealer / round / judger split, each saying in its docstring what
it reads and writes: setup (setup.py, the dealer), rounds and turns (turns.py), card effects
(effects.py), resources as cards (resources.py), the strip, vendors, goals and scores (market.py), the
solo Automa and who won (automa.py), secrets and invariants (secrets.py). The turn flow is declared on
FLOW (flow.py, the kit's games/core/flow.py): everything that happens is a step on `program` (plain-data
steps, the last one next); a step that needs a choice asks a decision and waits. Answering the decision
finishes that step (a pick or a choice runs it again with its `answer`) and the program runs on.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from games.core.decisions import Decision
from games.core.flow import FlowState
from games.core.zones import Pile, Row

# the rule modules (each registers its steps, options and answers on FLOW as it is imported)
from games.scrumpy import automa, effects, market, resources, secrets, turns  # noqa: F401
from games.scrumpy.automa import Automa
from games.scrumpy.cidery import Cidery
from games.scrumpy.data import AutomaCard, Data, load
from games.scrumpy.flow import FLOW
from games.scrumpy.setup import set_up
from games.scrumpy.why_not import why_not


class ScrumpyState(FlowState):
    """One position of a game of Scrumpy."""

    game_id = "scrumpy"
    flow = FLOW
    decisions: list[Decision]
    program: list[dict[str, Any]]  # pending steps, the last one runs next
    cideries: list[Cidery]
    strip: Row  # the recruitment strip, left (newest, no discount) to right (oldest)
    deck: Pile  # the recruitment deck: Masters at the bottom, Skilled on top
    strip_discard: Pile  # the worker discard pile of the main play area: one card per Refresh
    box: Pile  # workers removed from the game (a retired Investor), face up
    unseen: Pile  # Skilled and Master workers returned to the box unseen at setup
    layabouts: Pile  # the grey Idle Layabout supply
    vendors: list[str]
    vendor_spaces: list[list[list[int]]]  # per vendor, delivery and reward space: a seat, AUTOMA or FREE
    public_goals: list[str]
    goal_tokens: list[bool]  # is the Prestige token still on each public goal?
    goal_box: Pile  # goals dealt to nobody, face down
    trees: int  # trees in the supply
    first: int  # who holds the First Player barrel
    seat: int  # whose turn it is
    round: int
    aux_used: bool  # has the seat to move taken its Auxiliary Action this turn?
    die: str  # the last Forager die face rolled ("" before any)
    automa: Automa | None  # the solo opponent
    ended: bool

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        """Sets up the table for `players` seats and runs to the first decision."""
        super().__init__(players, options, seed)
        self.decisions, self.program = [], []
        set_up(self)
        self.run()

    @property
    def data(self) -> Data:
        """Returns the game's data (shared, immutable)."""
        return load()

    @property
    def me(self) -> Cidery:
        """Returns the cidery of the seat whose turn it is."""
        return self.cideries[self.seat]

    def amounts(self, stored: dict[str, int], coins: int = 0) -> str:
        """Returns '2 apples and 1 empty barrel' style text (effects.py; the view's notes use it)."""
        return effects.amounts(self, stored, coins)

    # --- secrets and invariants (secrets.py) -------------------------------------------------
    def _hide(self, seat: int | None) -> None:
        """Replaces what `seat` may not see with None."""
        secrets.hide(self, seat)

    def _fill_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deals every unknown card consistently with what `seat` has seen."""
        secrets.fill_hidden(self, seat, rng)

    def check(self) -> None:
        """Raises ValueError unless every card is in exactly one place and the table adds up."""
        secrets.check(self)

    # --- scores ----------------------------------------------------------------------------
    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat: tokens, goals, deliveries, skilled and master workers, coins / 8."""
        return [market._score_rows(self, seat) for seat in range(self.players)]

    def scores(self) -> list[int]:
        """Returns each seat's prestige (final once the game is over)."""
        return [sum(value for _, value in rows) for rows in self.score_details()]

    def sides(self) -> list[str]:
        """Returns each seat's private goal by name (for statistics: is one goal easier to win with?)."""
        return [self.data.goal(c.private_goal).name if c.private_goal else "" for c in self.cideries]

    def rivals(self) -> list[tuple[str, int]]:
        """Returns the Automa and its score in a solo game (automa.py)."""
        return automa.rivals(self)

    def rival_details(self) -> list[list[tuple[str, int]]]:
        """Returns the Automa's score by category in a solo game (automa.py)."""
        return automa.rival_details(self)

    def tie_break(self, names: Sequence[str]) -> str | None:
        """Returns how a tie for the most prestige was broken, in one line (automa.py); None if nobody tied."""
        return automa.tie_break(self, names)

    def winners(self) -> list[int]:
        """Returns the winners: most prestige, then leftover coins, then Masters; alone, beating the Automa."""
        return automa.winners(self)

    def automa_score(self) -> int:
        """Returns the Automa's prestige (automa.py; the view and the bots use it)."""
        return automa.automa_score(self)

    def automa_card(self, card_id: str) -> AutomaCard:
        """Returns an Automa card by id (automa.py; the view uses it)."""
        return automa.automa_card(self, card_id)

    def why_not(self, target: Any) -> str | None:
        """Returns why the seat to move cannot act on a place now, in the rulebook's words (why_not.py)."""
        return why_not(self, target)


FLOW.check()
