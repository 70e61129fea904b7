"""The step each kind of event makes: a view's animator gives a table of handlers by event kind, and the
events of one move become the steps of one timeline, played one after another in the events' order."""
from __future__ import annotations

from typing import Callable, Iterable, Mapping

from games.core.actions import Event
from graphics.kit.timeline import Step, Timeline, sequence

# A handler gets the event's data (what most read) and the event (its kind, its words); it returns the step that
# shows the event, or None when the event moves nothing on screen.
Handler = Callable[[dict, Event], "Step | None"]


def handlers(table: Mapping[str | tuple[str, ...], Handler]) -> dict[str, Handler]:
    """Returns a handler table by event kind, from one where a tuple of kinds shares a handler (kinds shown the
    same way); a kind named twice raises ValueError."""
    spread: dict[str, Handler] = {}
    for kinds, handler in table.items():
        for kind in (kinds,) if isinstance(kinds, str) else kinds:
            if kind in spread:
                raise ValueError(f"the event kind '{kind}' has two handlers")
            spread[kind] = handler
    return spread


def event_steps(events: Iterable[Event], table: Mapping[str, Handler]) -> list[Step]:
    """Returns the steps the events make, in order: each event goes to its kind's handler; a kind without one,
    or a handler returning None, adds no step."""
    steps = []
    for event in events:
        handler = table.get(event.kind)
        step = handler(event.data, event) if handler is not None else None
        if step is not None:
            steps.append(step)
    return steps


def played_in_order(steps: list[Step], hidden: set) -> Timeline | None:
    """Returns the steps played one after another while the board leaves the places in `hidden` empty, or None
    when there is no step (nothing moves)."""
    return Timeline(sequence(*steps), hidden) if steps else None
