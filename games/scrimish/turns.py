"""Turn order: teams take turns in a circle and the members of a team take turns attacking.

A two-player game and a free-for-all are the special case of one player per team.
"""
from __future__ import annotations

from games.core.turns import ANTICLOCKWISE, CLOCKWISE, TeamRotation

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


def make_rotation(mode: str, players: int) -> TeamRotation:
    """Returns the turn order of a mode, seat 0 first: a free-for-all goes counter-clockwise, as the
    rulebook says (seats are numbered clockwise); teams alternate clockwise."""
    return TeamRotation(make_teams(mode, players), 0, [], ANTICLOCKWISE if mode == "free_for_all" else CLOCKWISE)
