"""A game's turn flow, declared once: the decisions its players face and the steps that run between them.

The model is boardgame.io's phases and turn orders, and Scrumpy's step program:

- A **decision** is one choice a seat must make (games.core.decisions.Decision: kind, seat, prompt, data).
  Pending decisions form a stack; the top one rules the turn. For each kind, the game registers its
  **options** (what the seat may do) and its **answer** (what doing it changes):

      FLOW = Flow("scrimish")

      @FLOW.options("pile")
      def pile_options(state, decision): return [ChoosePile(p) for p in ...]

      @FLOW.answer("pile")
      def choose_pile(state, decision, action): state.ask("target", decision.seat, "{seat}: attack"); return []

  The flow pops the decision before its answer runs: answering finishes it. An answer that leaves the same
  decision open (a setup that goes on after a swap) puts it back with `state.keep(decision)`.
- A **step** is plain data (`{"op": "refill", "row": 2}`) on the state's `program`, the last one next;
  `state.then(*steps)` schedules steps to run in the order given. After an answer, the flow runs steps until
  one asks a decision or none is left. Phases are steps that schedule their turns and the next phase; turn
  orders (who goes next) are the records of games.core.turns (rotation, EachOnce, UntilAllPass,
  TeamRotation), kept on the state. A game whose answers schedule everything themselves needs no steps.
- A prompt names the deciding seat as `{seat}` (any seat as `{0}`, `{1}`..., data as `{name}`).

A state class derives from FlowState and names its flow (`flow = FLOW`); a game with steps declares the
`program: list[dict[str, Any]]` field it saves. Nothing here knows any game.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Sequence

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.core.state import State

Options = Callable[[Any, Decision], list[Action]]
Answer = Callable[[Any, Decision, Action], list[Event]]
Step = Callable[[Any, dict[str, Any]], list[Event]]


class Flow:
    """The declared flow of one game: per decision kind its options and its answer, and the steps by name."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._options: dict[str, Options] = {}
        self._answers: dict[str, Answer] = {}
        self._steps: dict[str, Step] = {}

    def options(self, *kinds: str) -> Callable[[Options], Options]:
        """Registers a function `(state, decision) -> actions` as the options of decisions of these kinds."""
        return self._register(self._options, kinds, "options")

    def answer(self, *kinds: str) -> Callable[[Answer], Answer]:
        """Registers a function `(state, decision, action) -> events` that answers decisions of these kinds."""
        return self._register(self._answers, kinds, "answer")

    def step(self, *ops: str) -> Callable[[Step], Step]:
        """Registers a function `(state, step) -> events` that runs steps with these ops."""
        return self._register(self._steps, ops, "step")

    def _register(self, table: dict[str, Any], names: Sequence[str], what: str) -> Callable:
        """Returns a decorator putting a function in `table` under each name (once each)."""
        def register(function: Any) -> Any:
            for name in names:
                if name in table:
                    raise ValueError(f"{self.game}: a second {what} for {name!r}")
                table[name] = function
            return function
        return register

    # The three below run at every move of every imagined game: one dict lookup each, the gap named only on a miss.
    def options_of(self, state: Any, decision: Decision) -> list[Action]:
        """Returns what the seat of `decision` may do."""
        function = self._options.get(decision.kind) or self._gap(self._options, decision.kind, "options")
        return function(state, decision)

    def answer_to(self, state: Any, decision: Decision, action: Action) -> list[Event]:
        """Plays `action` as the answer to `decision` (already taken off the stack)."""
        function = self._answers.get(decision.kind) or self._gap(self._answers, decision.kind, "answer")
        return function(state, decision, action)

    def run_step(self, state: Any, step: dict[str, Any]) -> list[Event]:
        """Runs one step of the program."""
        function = self._steps.get(step["op"]) or self._gap(self._steps, step["op"], "step")
        return function(state, step)

    def kinds(self) -> set[str]:
        """Returns the decision kinds this flow answers."""
        return set(self._answers)

    def check(self) -> None:
        """Raises ValueError unless every decision kind has both its options and its answer."""
        lonely = set(self._options) ^ set(self._answers)
        if lonely:
            raise ValueError(f"{self.game}: decision kinds without both options and answer: {sorted(lonely)}")

    def _gap(self, table: dict[str, Any], name: str, what: str) -> Any:
        """Raises ValueError naming a kind or op with no function registered."""
        raise ValueError(f"{self.game} has no {what} for {name!r}")


class FlowState(State):
    """A state whose turns run on a declared Flow: the top decision says who moves and what they may do."""

    flow: ClassVar[Flow]
    decisions: list[Decision]
    program: ClassVar[Sequence[dict[str, Any]]] = ()  # a game with steps declares `program: list[...]`, saved

    # --- the contract -------------------------------------------------------------------
    def current_player(self) -> int | None:
        """Returns the seat of the top decision, or None when nothing is pending (the game is over)."""
        decisions = self.decisions
        return decisions[-1].seat if decisions else None

    def pending_decision(self) -> Decision | None:
        """Returns the decision on top of the stack, if any."""
        return self.decisions[-1] if self.decisions else None

    def _legal_actions(self) -> list[Action]:
        """Returns the options of the top decision."""
        return self.flow.options_of(self, self.decisions[-1]) if self.decisions else []

    def _apply(self, action: Action) -> list[Event]:
        """Answers the top decision, then runs the program until someone must decide again."""
        decision = self.decisions.pop()
        return self.flow.answer_to(self, decision, action) + self.run()

    def status(self, names: Sequence[str] = ()) -> str:
        """Returns the top decision's prompt."""
        decision = self.pending_decision()
        return decision.text(names) if decision else "The game is over."

    # --- asking and scheduling ----------------------------------------------------------
    def ask(self, kind: str, seat: int, prompt: str = "", **data: Any) -> Decision:
        """Puts a decision for `seat` on top of the stack and returns it."""
        decision = Decision(kind, seat, prompt, data)
        self.decisions.append(decision)
        return decision

    def offer(self, options: list[Action]) -> None:
        """Keeps the options just worked out for the decision now on top (exactly what its registered options
        would return) as the legal actions, where nothing changes before that decision is answered: imagined
        games would otherwise work them out twice. The kit's cache, cleared by the next apply."""
        self._legal = tuple(options)

    def keep(self, decision: Decision) -> None:
        """Puts a decision that an answer left open back on top of the stack."""
        self.decisions.append(decision)

    def then(self, *steps: dict[str, Any]) -> None:
        """Schedules steps to run next, in the order given."""
        if not isinstance(self.program, list):
            raise TypeError(f"{type(self).__name__} declares no `program` field for its steps")
        self.program.extend(reversed(steps))

    def run(self) -> list[Event]:
        """Runs pending steps until one asks a decision or none is left."""
        events: list[Event] = []
        program = self.program
        while program and not self.decisions:  # an empty tuple where a game declares no program
            events += self.flow.run_step(self, program.pop())  # type: ignore[attr-defined]
        return events
