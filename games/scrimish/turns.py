"""Turn order: teams take turns in a circle and the members of a team take turns attacking.

A two-player game and a free-for-all are the special case of one player per team.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MODES = {  # mode id -> number of teams (None: every player alone)
    "duel": None,
    "free_for_all": None,
    "2v2": 2,
    "3v3": 2,
    "2v2v2": 3,
}


def make_teams(mode: str, players: int) -> list[list[int]]:
    """Returns the teams as lists of seats; teammates sit apart so turns alternate around the table."""
    count = MODES[mode] or players
    return [[seat for seat in range(players) if seat % count == team] for team in range(count)]


@dataclass
class Rotation:
    """Whose turn it is: the team to move and, per team, the member who attacks next."""

    teams: list[list[int]]
    team: int
    member: list[int]

    @classmethod
    def starting_with(cls, teams: list[list[int]], seat: int) -> "Rotation":
        """Returns the rotation in which `seat` moves first."""
        team = next(t for t, members in enumerate(teams) if seat in members)
        member = [0] * len(teams)
        member[team] = teams[team].index(seat)
        return cls(teams, team, member)

    def current(self, out: list[bool]) -> int:
        """Returns the seat to move: the team's next member who is still in."""
        members = self.teams[self.team]
        for step in range(len(members)):
            seat = members[(self.member[self.team] + step) % len(members)]
            if not out[seat]:
                return seat
        raise ValueError("the team to move has no players left")

    def advance(self, seat: int, out: list[bool]) -> None:
        """Ends `seat`'s turn: its team's next member moves next time, and the next team still in now."""
        members = self.teams[self.team]
        self.member[self.team] = (members.index(seat) + 1) % len(members)
        for step in range(1, len(self.teams) + 1):
            team = (self.team + step) % len(self.teams)
            if any(not out[s] for s in self.teams[team]):
                self.team = team
                return

    def team_of(self, seat: int) -> int:
        """Returns the index of the team `seat` plays for."""
        return next(t for t, members in enumerate(self.teams) if seat in members)

    def teams_in(self, out: list[bool]) -> list[int]:
        """Returns the teams that still have a player whose Crown stands."""
        return [t for t, members in enumerate(self.teams) if any(not out[s] for s in members)]

    def to_dict(self) -> dict[str, Any]:
        """Returns the rotation as plain data."""
        return {"teams": self.teams, "team": self.team, "member": self.member}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rotation":
        """Returns a rotation from `to_dict` output."""
        return cls([list(map(int, m)) for m in data["teams"]], int(data["team"]), list(map(int, data["member"])))
