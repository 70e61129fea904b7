"""Scrumpy: the state of one game, from setup to final scoring.

The rules are split by role into mixins: setup (setup.py), turns and rounds (turns.py), card
effects and resources (effects.py, resources.py), the strip, vendors and goals (market.py), the
solo Automa (automa.py), secrets and invariants (secrets.py). Everything that happens is a step
on `program` (a stack of plain-data steps, the last one next); a step that needs a choice pushes a
decision and waits. Answering the decision finishes that step and the program runs on.
"""
from __future__ import annotations

from typing import Any, ClassVar, Sequence

from games.core.actions import Action, Event
from games.core.decisions import Decision, DecisionStack
from games.core.state import State
from games.core.zones import Pile, Row
from games.scrumpy.automa import Automa, AutomaMixin
from games.scrumpy.cidery import Cidery
from games.scrumpy.data import Data, load
from games.scrumpy.effects import EffectsMixin
from games.scrumpy.market import MarketMixin
from games.scrumpy.resources import ResourcesMixin
from games.scrumpy.secrets import SecretsMixin
from games.scrumpy.setup import set_up
from games.scrumpy.turns import TurnsMixin
from games.scrumpy.why_not import why_not


class ScrumpyState(TurnsMixin, EffectsMixin, ResourcesMixin, MarketMixin, AutomaMixin, SecretsMixin,
                   DecisionStack, State):
    """One position of a game of Scrumpy."""

    game_id = "scrumpy"
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
    _PICKED: ClassVar[dict[str, Any]] = {}  # step name -> its answer to a pick
    _CHOSE: ClassVar[dict[str, Any]] = {}  # step name -> its answer to a choice

    def __init__(self, players: int, options: dict[str, Any], seed: int) -> None:
        """Sets up the table for `players` seats and runs to the first decision."""
        super().__init__(players, options, seed)
        self.decisions, self.program = [], []
        set_up(self)
        self._run()

    @property
    def data(self) -> Data:
        """Returns the game's data (shared, immutable)."""
        return load()

    @property
    def me(self) -> Cidery:
        """Returns the cidery of the seat whose turn it is."""
        return self.cideries[self.seat]

    # --- running the program ------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        """Answers the top decision and runs the program until the next decision."""
        decision = self.pop()
        events = _ANSWERS[decision.kind](self, decision, action)
        return events + self._run()

    def _run(self) -> list[Event]:
        """Runs pending steps until one asks a question or nothing is left (the game is over)."""
        events: list[Event] = []
        while not self.decisions and self.program:
            step = self.program.pop()
            events += self._step(step)
        return events

    def _step(self, step: dict[str, Any]) -> list[Event]:
        """Runs one step."""
        handler = _STEPS.get(step["op"])
        if handler is None:
            raise ValueError(f"unknown step {step['op']!r}")
        return handler(self, step)

    def then(self, *steps: dict[str, Any]) -> None:
        """Schedules steps to run next, in the order given."""
        self.program.extend(reversed(steps))

    def ask(self, kind: str, seat: int, prompt: str, **data: Any) -> list[Event]:
        """Pushes a decision for `seat` and returns no events (the program waits for the answer).
        The prompt names the deciding seat as {0}, whichever seat that is."""
        self.push(kind, seat, prompt.replace("{0}", "{%d}" % seat), **data)
        return []

    # --- scores ----------------------------------------------------------------------------
    def score_details(self) -> list[list[tuple[str, int]]]:
        """Returns, per seat: tokens, goals, deliveries, skilled and master workers, coins / 8."""
        return [self._score_rows(seat) for seat in range(self.players)]

    def scores(self) -> list[int]:
        """Returns each seat's prestige (final once the game is over)."""
        return [sum(value for _, value in rows) for rows in self.score_details()]

    def sides(self) -> list[str]:
        """Returns each seat's private goal by name (for statistics: is one goal easier to win with?)."""
        return [self.data.goal(c.private_goal).name if c.private_goal else "" for c in self.cideries]

    def why_not(self, target: Any) -> str | None:
        """Returns why the seat to move cannot act on a place now, in the rulebook's words (why_not.py)."""
        return why_not(self, target)

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns the top decision's prompt, or the result once the game is over."""
        if self.decisions:
            return self.decisions[-1].text(names)
        return "The game is over."


_ANSWERS: dict[str, Any] = {}
_STEPS: dict[str, Any] = {}


def _collect() -> None:
    """Fills the answer and step tables from the mixins' `_answer_<kind>` and `_op_<name>` methods."""
    for name in dir(ScrumpyState):
        if name.startswith("_answer_"):
            _ANSWERS[name[len("_answer_"):]] = getattr(ScrumpyState, name)
        elif name.startswith("_op_"):
            _STEPS[name[len("_op_"):]] = getattr(ScrumpyState, name)
        elif name.startswith("_picked_"):
            ScrumpyState._PICKED[name[len("_picked_"):]] = getattr(ScrumpyState, name)
        elif name.startswith("_chose_"):
            ScrumpyState._CHOSE[name[len("_chose_"):]] = getattr(ScrumpyState, name)


_collect()
