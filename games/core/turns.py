"""Turn orders as small named strategies: rotations from a seat, each player once in order,
until everyone has passed, teams in turn. Seat numbers go clockwise around the table."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from games.core.record import Record

CLOCKWISE, ANTICLOCKWISE = 1, -1


def rotation(start: int, players: int, direction: int = CLOCKWISE, skip: Sequence[int] = ()) -> list[int]:
    """Returns every seat once, from `start` round the table in `direction`, leaving out `skip`."""
    seats = [(start + direction * step) % players for step in range(players)]
    return [seat for seat in seats if seat not in skip]


def next_seat(seat: int, players: int, direction: int = CLOCKWISE, skip: Sequence[int] = ()) -> int | None:
    """Returns the next seat after `seat` in `direction` that is not skipped (None if there is none)."""
    for step in range(1, players + 1):
        candidate = (seat + direction * step) % players
        if candidate not in skip:
            return candidate
    return None


@dataclass(eq=False)
class EachOnce(Record):
    """Each seat of `order` acts once, in order ("from the foreman clockwise")."""

    order: list[int]
    index: int = 0

    def current(self) -> int | None:
        """Returns the seat to act, or None once everyone has."""
        return self.order[self.index] if self.index < len(self.order) else None

    def advance(self) -> bool:
        """Moves to the next seat; returns whether everyone has now acted."""
        self.index += 1
        return self.index >= len(self.order)


@dataclass(eq=False)
class UntilAllPass(Record):
    """Seats take turns round `order` until all have passed in a row; acting un-passes everyone."""

    order: list[int]
    index: int = 0
    passed: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.passed:
            self.passed = [False] * len(self.order)

    def current(self) -> int | None:
        """Returns the seat to act, or None once every seat has passed."""
        return None if all(self.passed) else self.order[self.index]

    def act(self) -> None:
        """The seat to act did something: every pass is taken back, and the next seat is up."""
        self.passed = [False] * len(self.order)
        self._next()

    def pass_turn(self) -> bool:
        """The seat to act passes; returns whether everyone has now passed."""
        self.passed[self.index] = True
        if all(self.passed):
            return True
        self._next()
        return False

    def _next(self) -> None:
        """Moves to the next seat in the order (passed seats still get a turn, as the rules say)."""
        self.index = (self.index + 1) % len(self.order)


@dataclass(eq=False)
class TeamRotation(Record):
    """Teams take turns in `direction`; within a team, members take turns. One-seat teams make a
    plain rotation. Seats that are out are skipped."""

    teams: list[list[int]]
    team: int = 0
    member: list[int] = field(default_factory=list)
    direction: int = CLOCKWISE

    def __post_init__(self) -> None:
        if not self.member:
            self.member = [0] * len(self.teams)

    def start_with(self, seat: int) -> None:
        """Makes `seat` the one to move."""
        self.team = self.team_of(seat)
        self.member[self.team] = self.teams[self.team].index(seat)

    def current(self, out: Sequence[bool]) -> int:
        """Returns the seat to move: its team's next member who is still in."""
        members = self.teams[self.team]
        start = self.member[self.team]
        for step in range(len(members)):
            seat = members[(start + step) % len(members)]
            if not out[seat]:
                return seat
        raise ValueError("the team to move has no players left")

    def advance(self, seat: int, out: Sequence[bool]) -> None:
        """Ends `seat`'s turn: its team's next member moves next time, and the next team still in now."""
        members = self.teams[self.team]
        self.member[self.team] = (members.index(seat) + 1) % len(members)
        teams = self.teams
        count = len(teams)
        for step in range(1, count + 1):
            team = (self.team + self.direction * step) % count
            for member in teams[team]:  # the first team with a player still in
                if not out[member]:
                    self.team = team
                    return

    def team_of(self, seat: int) -> int:
        """Returns the index of the team `seat` plays for."""
        for index, members in enumerate(self.teams):
            if seat in members:
                return index
        raise ValueError(f"seat {seat} is in no team")

    def teams_in(self, out: Sequence[bool]) -> list[int]:
        """Returns the teams that still have a player in."""
        return [t for t, members in enumerate(self.teams) if any(not out[s] for s in members)]
