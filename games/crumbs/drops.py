"""Drops and what follows them: knocked critters scuffle, knocked special crumbs score at once;
and the feeding: Granny's Favor drops the crumbs, every army scores, the park is reset.

Reads the pieces, the sheets, the feeder dice, the options (bounce), `sampled_drops` and the crumbs; writes
the pieces, the crumbs and ledger (scores and steals), `attack_wins`, and at the reset `favor`, `drawn`,
`discard`, `modifiers`, `round` and `free_moves`; draws on `rng`; lays out the next round or ends the game.
"""
from __future__ import annotations

import hashlib
import math
import random
from typing import TYPE_CHECKING

from games.core.actions import Event
from games.crumbs import armies, rounds, scuffle, table, trail
from games.crumbs.scuffle import ATTACKER, DEFENDER, NEITHER
from games.crumbs.table import CRUMB_KINDS
from physics import Arena, DropResult, Pose, simulate_drop
from physics import Piece as Body

if TYPE_CHECKING:
    from games.crumbs.state import CrumbsState

SPECIAL_KINDS = ("wet", "stockpile")
DROP_TEXT = {
    "setup drop": "Everyone's first critters tumble onto the park.",
    "feeding": "The crumbs rain down on the park.",
    "dog drop": "The dog is dropped over the park.",
}


# --- a drop -------------------------------------------------------------------------------
def drop(state: CrumbsState, dropped: list[str], reason: str) -> list[Event]:
    """Drops pieces over the centre, applies where everything came to rest, resolves the results."""
    board = state.board
    control = table.control_map(state)
    pieces = state.pieces
    before = {p: table.where(state, p) for p, piece in pieces.items() if piece.pose is not None}
    start = {p: pieces[p].pose for p in before}
    resting = [Body(p, pieces[p].kind, Pose(*pieces[p].pose)) for p in sorted(before) if p not in dropped]
    falling = [Body(p, pieces[p].kind) for p in sorted(dropped)]
    arena = Arena(board.outline, state.data.numbers.fence_height, (board.width / 2, board.height / 2))
    params = state.data.physics.bounced(state.options.get("bounce", "normal"))
    if state.sampled_drops:
        result = sampled_drop(state, falling)
    else:
        result = simulate_drop(arena, resting, falling, drop_rng(state), params)
    for piece_id in sorted(result.knocked.union(dropped)):  # the other pieces are put back exactly as they lay
        pose = result.poses[piece_id]
        table.set_pose(state, piece_id, (pose.x, pose.y, pose.angle))
    knocks = {p: {"from": before[p], "to": table.where(state, p)} for p in sorted(result.knocked)}
    moved = set(dropped) | {p for p, knock in knocks.items() if knock["to"] != knock["from"]}
    data = {"reason": reason, "frames": result.frames, "start": start, "dropped": sorted(dropped),
            "kinds": {p: pieces[p].kind for p in result.poses},
            "owners": {p: pieces[p].owner for p in result.poses}, "knocked": sorted(result.knocked),
            "knocks": knocks, "redropped": sorted(result.redrops), "impacts": result.impacts}
    events = [Event("drop", DROP_TEXT.get(reason, f"{reason}: pieces are dropped over the park."), data,
                    reveals=True)]
    events += knock_lines(state, knocks)
    events += _scuffles_after(state, control, moved)
    events += knocked_crumbs(state, before, set(result.knocked) - set(dropped))
    return events


def sampled_drop(state: CrumbsState, falling: list[Body]) -> DropResult:
    """Returns a stand-in for a drop, for a search's imagined games: each falling piece lands at a
    random point of the park, its chance by area (real feedings give every space about its share of
    the area: benchmarks/crumbs_table.py), knocking nothing; no frames."""
    board, rng = state.board, state.rng
    margin = state.data.physics.spec("critter").length / 2 + board.fence_width
    poses = {body.id: Pose(rng.uniform(margin, board.width - margin), rng.uniform(margin, board.height - margin),
                           rng.uniform(-math.pi, math.pi)) for body in falling}
    return DropResult(poses, [], frozenset(), {}, frozenset(), 0.0)


def drop_rng(state: CrumbsState) -> random.Random:
    """Returns a fresh generator for one drop, seeded by one draw from the game's.

    A drop's frames are public (every screen animates them) and carry values drawn from its
    generator; a generator of its own keeps the game's (dice, shuffles) out of reach of anyone
    reading them. The draw goes through a hash, so not even that draw shows in the frames.
    """
    draw = state.rng.getrandbits(64).to_bytes(8, "big")
    return random.Random(int.from_bytes(hashlib.sha256(b"crumbs-drop" + draw).digest(), "big"))


def knock_lines(state: CrumbsState, knocks: dict[str, dict]) -> list[Event]:
    """Returns a line for the log for each critter, the dog or special crumb knocked into another space."""
    events = []
    for piece_id, knock in knocks.items():
        piece = state.pieces[piece_id]
        if knock["to"] == knock["from"] or piece.kind == "crumb":
            continue
        whose = (f"{{{piece.owner}}}'s {armies.army(state, piece.owner).critter}" if piece.kind == "critter"
                 else "The dog" if piece.kind == "dog" else f"A {piece.kind} crumb")
        text = f"{whose} is knocked from {state.space_name(knock['from'])} into {state.space_name(knock['to'])}."
        events.append(Event("knock", text, {"piece": piece_id, "seat": piece.owner, **knock}))
    return events


def _scuffles_after(state: CrumbsState, control: dict, moved: set[str]) -> list[Event]:
    """Resolves a scuffle in every space that critters entered and now holds two or more armies."""
    entered = {table.where(state, p) for p in moved if state.pieces[p].kind == "critter"}
    events = []
    for space in state.board.spaces:
        if space not in entered or space == state.board.fountain:
            continue
        seats = table.armies_in(state, space)
        if len(seats) < 2:
            continue
        defender = control.get(space) if control.get(space) in seats else None
        roles = {seat: DEFENDER if seat == defender else ATTACKER if defender is not None else NEITHER
                 for seat in seats}
        events += fight(state, space, roles)
    return events


def knocked_crumbs(state: CrumbsState, before: dict, knocked: set[str]) -> list[Event]:
    """Scores each special crumb knocked into another space for that space's controller, at once."""
    events = []
    for crumb in sorted(knocked):
        if state.pieces[crumb].kind not in SPECIAL_KINDS or table.where(state, crumb) == before.get(crumb):
            continue
        space = table.where(state, crumb)
        seat = table.controller(state, space) if space else None
        if seat is None:
            continue
        points = crumb_points(state, seat, space, crumb)
        if points:
            events += trail.gain(state, seat, points, "Knocked crumbs",
                                f"a {state.pieces[crumb].kind} crumb knocked into {state.space_name(space)}")
    return events


# --- scuffles -----------------------------------------------------------------------------
def fight(state: CrumbsState, space: str, roles: dict[int, str]) -> list[Event]:
    """Resolves a scuffle in a space; losers' critters there go to the fountain."""
    sides = [scuffle.Side(seat, role, len(table.critters_in(state, space, seat)), combat_bonus(state, seat, role, space))
             for seat, role in roles.items()]
    winner = scuffle.resolve(sides, state.data.numbers.scuffle_die, state.rng)
    losers = [side.seat for side in sides if side is not winner]
    sent = []
    for seat in losers:
        for critter in table.critters_in(state, space, seat):
            table.place(state, critter, state.board.fountain)
            sent.append(critter)
    data = {"space": space, "winner": winner.seat, "sent": sent,
            "sides": [{"seat": s.seat, "role": s.role, "critters": s.critters, "bonus": s.bonus,
                       "rolls": list(s.rolls), "total": s.total} for s in sides]}
    scores = ", ".join(f"{{{s.seat}}} {s.rolls[-1]}+{s.critters}{f'+{s.bonus}' if s.bonus else ''}={s.total}"
                       for s in sides)
    text = f"Scuffle in {state.space_name(space)}: {scores}. {{{winner.seat}}} wins."
    events = [Event("scuffle", text, data, reveals=True)]
    if winner.role == ATTACKER:
        state.attack_wins[winner.seat] += 1
        steal = armies.number(state, winner.seat, "steal")
        for seat in losers if steal else []:
            taken = trail.lose(state, seat, steal, "Stolen")
            if taken:
                events += trail.gain(state, winner.seat, taken, "Stolen", f"stolen from {{{seat}}}")
    if winner.role == DEFENDER:
        events += trail.gain(state, winner.seat, armies.number(state, winner.seat, "defend_reward"), "Defended",
                            f"{armies.side(state, winner.seat).ability}: the attack is beaten off")
    return events


def combat_bonus(state: CrumbsState, seat: int, role: str, space: str) -> int:
    """Returns a side's modifiers: Daily Buzz cards this round and its army sheet."""
    bonus = 0
    if role == ATTACKER:
        bonus += state.modifiers.get("attack", 0) + armies.number(state, seat, "attack_bonus")
    if role == DEFENDER:
        bonus += state.modifiers.get("defense", 0) + armies.number(state, seat, "defense_bonus")
        if state.board.has_pond(space):
            bonus += armies.number(state, seat, "pond_defense")
        if table.on_board(state, "stockpile", space=space):
            bonus += armies.number(state, seat, "stockpile_defense")
    flock = armies.number(state, seat, "flock_size")
    if flock and len(table.critters_in(state, space, seat)) >= flock:
        bonus += armies.number(state, seat, "flock_bonus")
    return bonus


# --- feeding, scoring, reset ---------------------------------------------------------------
def feed(state: CrumbsState) -> list[Event]:
    """Drops every plain crumb, scores in turn order, then resets the park for the next round."""
    crumbs = table.supply(state, "crumb")
    events = [Event("feeding", f"{{{state.favor}}} drops {len(crumbs)} crumbs.", {"seat": state.favor})]
    events += drop(state, crumbs, "feeding")
    for seat in rounds.turn_order(state):
        if state.winning:
            return events
        points, rows = feeding_score(state, seat)
        events += trail.gain(state, seat, points, "Feeding", "the feeding", {"rows": rows})
    return events if state.winning else events + reset(state)


def feeding_score(state: CrumbsState, seat: int) -> tuple[int, list[tuple[str, int, int]]]:
    """Returns a seat's crumbs from the board, with (space, crumbs there, points) rows."""
    rows = []
    for space in table.controlled(state, seat):
        if space == table.dog_space(state):
            continue
        crumbs = [c for kind in CRUMB_KINDS for c in table.on_board(state, kind, space=space)]
        points = sum(crumb_points(state, seat, space, crumb) for crumb in crumbs)
        if crumbs:
            rows.append((space, len(crumbs), points))
    return sum(points for _, _, points in rows), rows


def crumb_points(state: CrumbsState, seat: int, space: str, crumb: str) -> int:
    """Returns what one crumb in a space is worth to the seat controlling it."""
    if space == table.dog_space(state) or space == state.board.fountain:
        return 0
    pose = state.pieces[crumb].pose
    in_pond = state.board.in_pond(space, (pose[0], pose[1]))
    if in_pond and not armies.number(state, seat, "ponds_score"):
        return 0
    kind = state.pieces[crumb].kind
    bonus = {"wet": armies.number(state, seat, "wet_bonus"), "stockpile": armies.number(state, seat, "stockpile_bonus")}.get(kind, 0)
    if state.board.has_pond(space):
        bonus += armies.number(state, seat, "pond_space_bonus")
    flock = armies.number(state, seat, "flock_size")
    if flock and len(table.critters_in(state, space, seat)) >= flock:
        bonus += armies.number(state, seat, "flock_feed_bonus")
    return value(state, space) + bonus + (armies.number(state, seat, "pond_crumb_bonus") if in_pond else 0)


def value(state: CrumbsState, space: str) -> int:
    """Returns a space's value now: the feeder die, the printed value, 0 for the fountain."""
    if space in state.feeders:
        return state.feeders[space]
    return state.board.spaces[space].value


def reset(state: CrumbsState) -> list[Event]:
    """Favor to the leader, crumbs picked up (Hoarders keep some), dog home, cards discarded."""
    favor, events = one_of(state, leaders(state), "the most crumbs")
    state.favor = favor
    events.append(Event("favor", f"{{{favor}}} has the most crumbs and takes Granny's Favor.", {"seat": favor}))
    events += keep_stockpiles(state)
    for crumb in table.on_board(state, "crumb") + table.on_board(state, "wet") + _stray_stockpiles(state):
        table.set_pose(state, crumb, None)
    table.set_pose(state, "dog", None)
    state.discard += state.drawn
    state.drawn = []
    state.modifiers = {}
    events.append(Event("reset", f"End of round {state.round}: crumbs picked up, the dog goes home.",
                        {"round": state.round}))
    if rounds.game_ends_now(state):  # the counter stays on the last round played
        return events + trail.finish(state)
    state.round += 1
    rounds.start_round(state)
    state.free_moves = state.data.numbers.free_moves
    return events


def _stray_stockpiles(state: CrumbsState) -> list[str]:
    """Returns the stockpile crumbs no hoarding army holds at the reset: only a space controlled by an
    army that keeps crumbs (the Squirrels) keeps its stockpile crumbs on the board."""
    hoarders = {seat for seat in range(state.players) if state.armies[seat] and armies.number(state, seat, "keep_per_space")}
    return [c for c in table.on_board(state, "stockpile") if table.controller(state, table.where(state, c)) not in hoarders]


def keep_stockpiles(state: CrumbsState) -> list[Event]:
    """Hoarders: turns up to `keep_per_space` crumbs in each space they control into stockpile crumbs,
    the most valuable spaces first, at most `keep_limit` in all (0: no limit)."""
    events = []
    for seat in range(state.players):
        keep = armies.number(state, seat, "keep_per_space") if state.armies[seat] else 0
        left = armies.number(state, seat, "keep_limit") or None
        spaces = sorted(table.controlled(state, seat), key=lambda s: -value(state, s)) if keep else []
        for space in spaces:
            for crumb in table.on_board(state, "crumb", space=space)[:keep if left is None else min(keep, left)]:
                supply = table.supply(state, "stockpile")
                if not supply:
                    return events
                table.convert(state, crumb, supply[0])
                if left is not None:
                    left -= 1
                events.append(Event("stockpile", f"{{{seat}}} stockpiles a crumb in {state.space_name(space)}.",
                                    {"seat": seat, "space": space}))
    return events


def leaders(state: CrumbsState) -> list[int]:
    """Returns the seats with the most crumbs."""
    best = max(state.crumbs)
    return [seat for seat, crumbs in enumerate(state.crumbs) if crumbs == best]


def trailing(state: CrumbsState) -> list[int]:
    """Returns the seats with the fewest crumbs."""
    least = min(state.crumbs)
    return [seat for seat, crumbs in enumerate(state.crumbs) if crumbs == least]


def roll_off(state: CrumbsState, seats: list[int]) -> int:
    """Breaks a tie: each roll a scuffle die, again until one rolls highest; returns the winner."""
    return _roll_off(state, seats)[0]


def _roll_off(state: CrumbsState, seats: list[int]) -> tuple[int, list[scuffle.Side]]:
    """Rolls off among `seats`; returns the winner and every side with its rolls."""
    sides = [scuffle.Side(seat, NEITHER, 0) for seat in seats]
    return scuffle.resolve(sides, state.data.numbers.scuffle_die, state.rng).seat, sides


def one_of(state: CrumbsState, seats: list[int], what: str) -> tuple[int, list[Event]]:
    """Returns the one seat a rule singles out ("the player with the most crumbs"): a tie among
    several is settled by a roll-off, as the rulebook's tie rule says, and the log shows it."""
    if len(seats) == 1:
        return seats[0], []
    winner, sides = _roll_off(state, seats)
    rolls = ", ".join(f"{{{side.seat}}} {' then '.join(map(str, side.rolls))}" for side in sides)
    text = f"A tie for {what}: a roll-off ({rolls}). {{{winner}}} wins it."
    return winner, [Event("roll_off", text, {"seats": list(seats), "winner": winner,
                                             "rolls": {str(s.seat): list(s.rolls) for s in sides}}, reveals=True)]
