"""The Hard level's imagined games made cheap (issue 33): every cache and shortcut on the search's hot path
answers exactly what the plain rules answer, move by move over seeded games."""
import math
import random

import pytest

from games.crumbs import GAME, board, table
from games.crumbs.bot import BOLD, WORTHS, ParkBot
from games.crumbs.data import load_data
from games.crumbs.state import CrumbsState
from physics import Pose, head_point


def _positions(seed: int, sampled: bool = True, players: int = 2, limit: int = 400) -> list[CrumbsState]:
    """Returns copies of every position of a game of bold park bots (drops sampled unless told otherwise)."""
    state = GAME.new_state(players, {}, seed)
    state.sampled_drops = sampled
    bots = [ParkBot(BOLD) for _ in range(players)]
    rng = random.Random(seed)
    positions = []
    while not state.is_over() and len(positions) < limit:
        positions.append(state.clone())
        seat = state.current_player()
        legal = state.legal_actions()
        action = rng.choice(legal) if rng.random() < 0.2 else bots[seat].choose(state, rng)
        state.apply(action)
    positions.append(state)
    return positions


def _space_of(state: CrumbsState, piece_id: str) -> str | None:
    """Returns where a piece counts, worked out from its pose alone."""
    piece = state.pieces[piece_id]
    return None if piece.pose is None else state.board.space_at(head_point(piece.kind, Pose(*piece.pose)))


def _check_places(state: CrumbsState) -> None:
    """Asserts that every question of where pieces lie gets the answer the poses give."""
    spaces = {p: _space_of(state, p) for p, piece in state.pieces.items() if piece.pose is not None}
    for space in list(state.board.spaces) + [None]:
        for seat in [None] + list(range(state.players)):
            expected = [p for p, s in spaces.items() if s == space and state.pieces[p].kind == "critter"
                        and (seat is None or state.pieces[p].owner == seat)]
            assert table.critters_in(state, space, seat) == expected
            assert table.has_critters(state, space, seat) == bool(expected)
        if space is not None:  # (None: no filter)
            assert table.on_board(state, space=space) == [p for p, s in spaces.items() if s == space]
        seats = sorted({state.pieces[p].owner for p in table.critters_in(state, space)})
        assert table.armies_in(state, space) == seats
        owner = seats[0] if len(seats) == 1 and space != state.board.fountain else None
        assert table.controller(state, space) == owner
    for seat in range(state.players):
        assert table.controlled(state, seat) == [s for s in state.board.spaces
                                                 if table.controller(state, s) == seat]
        assert table.pool(state, seat) == [p for p, piece in state.pieces.items()
                                           if piece.kind == "critter" and piece.owner == seat and piece.pose is None]
    for kind in ("critter", "dog", "crumb", "wet", "stockpile"):
        assert table.supply(state, kind) == [p for p, piece in state.pieces.items()
                                             if piece.kind == kind and piece.pose is None]
        for owner in [None] + list(range(state.players)):
            assert table.on_board(state, kind, owner) == [
                p for p, piece in state.pieces.items() if piece.kind == kind and piece.pose is not None
                and (owner is None or piece.owner == owner)]
    assert table.on_board(state) == list(spaces)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_places_kept_up_move_by_move_answer_what_the_poses_say(seed):
    state = GAME.new_state(2, {}, seed)
    state.sampled_drops = True
    bot, rng, copies = ParkBot(BOLD), random.Random(seed), []
    while not state.is_over():
        _check_places(state)  # the live state: its places are changed in place by every pose
        if rng.random() < 0.05:  # a copy shares them until either moves a piece
            copies.append(state.clone())
        action = rng.choice(state.legal_actions()) if rng.random() < 0.2 else bot.choose(state, rng)
        state.apply(action)
        for copy in copies[-3:]:
            if not copy.is_over():
                copy.apply(rng.choice(copy.legal_actions()))
                _check_places(copy)
    _check_places(state)
    assert len(copies) > 3


def test_the_bot_chooses_as_it_would_working_each_worth_out_afresh(monkeypatch):
    positions = [p for seed in (4, 5) for p in _positions(seed)[::2] if not p.is_over()]
    memo = [ParkBot(BOLD).choose(p, random.Random(n)) for n, p in enumerate(positions)]
    assert all(WORTHS not in p.__dict__ for p in positions)  # nothing is left behind on the view
    monkeypatch.setattr(ParkBot, "worth", lambda self, view, seat, space: ParkBot._worth(view, seat, space))
    assert memo == [ParkBot(BOLD).choose(p, random.Random(n)) for n, p in enumerate(positions)]


def _old_contains(polygon, point) -> bool:
    """Returns board.contains as it was written before it was made cheap (the edge test first, whole)."""
    def on_segment(a, b, p):
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if abs(cross) > board.EPSILON * max(1.0, math.dist(a, b)):
            return False
        return min(a[0], b[0]) - board.EPSILON <= p[0] <= max(a[0], b[0]) + board.EPSILON and \
            min(a[1], b[1]) - board.EPSILON <= p[1] <= max(a[1], b[1]) + board.EPSILON
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if on_segment((x1, y1), (x2, y2), point):
            return True
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_a_point_is_in_a_space_or_pond_as_before():
    rng = random.Random(7)
    data = load_data()
    polygons = [p for m in data.maps.values() for s in m.spaces for p in (s.polygon, *s.ponds)]
    checked = 0
    for polygon in polygons:
        corners = list(polygon)
        points = [(rng.uniform(-10, 1000), rng.uniform(-10, 800)) for _ in range(200)] + corners
        for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):  # on the edges and just off them
            t = rng.random()
            points += [(x1 + t * (x2 - x1), y1 + t * (y2 - y1)), (x1 + t * (x2 - x1) + 1e-7, y1 + t * (y2 - y1))]
        for point in points:
            assert board.contains(polygon, point) == _old_contains(polygon, point), (polygon, point)
            checked += board.contains(polygon, point)
    assert checked > len(polygons)  # many points inside, not only outside
