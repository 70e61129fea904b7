"""Actions and events: the plain data that flows between a state, the table and the log."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence


def seat_name(names: Sequence[str], seat: int) -> str:
    """Returns the name of a seat, or a generic one when no names are known."""
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


@dataclass(frozen=True)
class Action:
    """A decision a seat can make; subclasses are frozen dataclasses of plain values."""

    back_out: ClassVar[bool] = False  # True for Cancel-like actions that a search leaves out

    def describe(self, names: Sequence[str] = ()) -> str:
        """Returns the human text for buttons and the log, with seat names filled in."""
        return type(self).__name__

    @property
    def label(self) -> str:
        """Returns the text for this action with generic seat names."""
        return self.describe(())

    def to_dict(self) -> dict[str, Any]:
        """Returns this action as JSON-safe plain data."""
        values = {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"type": type(self).__name__, **values}


def _plain(value: Any) -> Any:
    """Returns tuples as lists so that values survive JSON."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def action_from_dict(kinds: Sequence[type[Action]], data: Any) -> Action:
    """Builds an action of one of `kinds` from `to_dict` output; raises ValueError if malformed."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"not an action: {data!r}")
    by_name = {kind.__name__: kind for kind in kinds}
    kind = by_name.get(data["type"])
    if kind is None:
        raise ValueError(f"unknown action type {data['type']!r}")
    values = {}
    for f in dataclasses.fields(kind):
        if f.name not in data:
            raise ValueError(f"action {data['type']} lacks field {f.name!r}")
        value = data[f.name]
        values[f.name] = tuple(_tuplify(v) for v in value) if isinstance(value, list) else value
    return kind(**values)


def _tuplify(value: Any) -> Any:
    """Returns nested lists as tuples so that rebuilt actions stay hashable."""
    return tuple(_tuplify(v) for v in value) if isinstance(value, list) else value


@dataclass(frozen=True)
class Secret:
    """The details of an event that only `seats` may see (a drawn card, a committed tussle card)."""

    seats: tuple[int, ...]
    text: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log and the animations.

    `text` and `data` are what every seat may know; `secret`, if any, replaces them for the seats
    it names. `text` may name seats as {0}, {1}, ... which `describe` fills with names. `reveals`
    marks an event that showed hidden information, after which undo may not go back.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    reveals: bool = False
    secret: Secret | None = None

    def seen_by(self, seat: int | None) -> "Event":
        """Returns this event as `seat` sees it (None: a spectator): its own version, no secret left."""
        secret = self.secret
        if secret is None:
            return self
        if seat is not None and seat in secret.seats:
            return Event(self.kind, secret.text, secret.data, self.reveals)
        return Event(self.kind, self.text, self.data, self.reveals)

    def describe(self, names: Sequence[str] = ()) -> str:
        """Returns the log line with seat names filled in."""
        seats = range(max(len(names), 8))
        return self.text.format(*(seat_name(names, s) for s in seats))
