"""A drop in Crumbs: pieces fall onto the fenced board, bounce, slide, knock others and come to rest.

Top-down pymunk plane plus a height z per piece. A dropped piece's height is planned ahead as a
chain of parabolas (fall, bounce, fall, ...) drawn from the rng, so the step loop never integrates
it: it only applies each bounce's kick when its time comes and turns board friction on once the
piece has settled. Pieces in the air pass over fences and over each other unless their height
ranges overlap (checked in pre_solve callbacks).
"""
from __future__ import annotations

import bisect
import math
import random
from collections import abc
from dataclasses import dataclass
from operator import sub
from typing import Iterator, NamedTuple, Sequence

import pymunk
import pymunk.batch

from physics import geometry
from physics.params import PhysicsParams, PieceSpec, load_params

try:  # pymunk's own C binding: reading an arbiter's shapes through it skips two Shape wrappers per contact
    from pymunk._chipmunk_cffi import ffi as _ffi
    from pymunk._chipmunk_cffi import lib as _lib
except ImportError:  # pragma: no cover - another pymunk build: the public (slower) Arbiter.shapes
    _ffi = _lib = None

FRAME_RATE = 60
AIR, FENCE, LOOSE, GROUND = 1, 2, 3, 4  # collision types: a piece in the air, a fence, a piece lying untouched,
# a piece on the board with its friction on. Only pairs with something in the air or untouched call Python.
_MARGIN = 0.5  # mm: fences stand this far inside the outline; placed strays keep this clear
_HAND = pymunk.ShapeFilter(group=1)  # pieces still falling from the hand pass through each other
_FREE = pymunk.ShapeFilter()
_XYA = pymunk.batch.BodyFields.POSITION | pymunk.batch.BodyFields.ANGLE
_Xya = tuple[float, float, float]  # a pose as (x, y, angle) while a drop is worked out
Frame = dict[str, tuple[float, float, float, float]]  # piece id -> (x, y, angle, height above the board)
BOARD, FENCE_HIT = -2, -1  # what a piece hit, besides another piece (by index), while a phase records impacts
PAIRS = 4096  # a pair of piece indices (or a piece and FENCE_HIT) as one number: first * PAIRS + second


class Impact(NamedTuple):
    """Something hitting something in a drop (for its sound): `time` seconds after the drop's first frame (on
    its 60 Hz frames), the impulse of the hit (g mm/s), the piece that moved into it and what it hit: another
    piece's id, "board" (landing from the air) or "fence"."""

    time: float
    impulse: float
    piece: str
    hit: str


@dataclass(frozen=True)
class Pose:
    """Where a piece lies: mm from the board's top-left (y down), facing `angle` radians."""

    x: float
    y: float
    angle: float


@dataclass(frozen=True)
class Piece:
    """A piece of the drop; `pose` is where a resting piece lies (None for one being dropped)."""

    id: str
    kind: str
    pose: Pose | None = None


@dataclass(frozen=True)
class Arena:
    """The fenced playing area (a polygon in mm), the fences' height and where drops are aimed."""

    outline: tuple[tuple[float, float], ...]
    fence_height: float
    drop_centre: tuple[float, float]


@dataclass(frozen=True)
class DropResult:
    """What a drop did: final poses, 60 Hz frames (id -> (x, y, angle, z)), what strayed, and every impact in
    order of time (landings on the board, pieces hitting pieces and fences)."""

    poses: dict[str, Pose]
    frames: "Frames"
    knocked: frozenset[str]
    redrops: dict[str, int]
    placed: frozenset[str]
    sim_seconds: float
    impacts: tuple[Impact, ...] = ()


def head_point(kind: str, pose: Pose, params: PhysicsParams | None = None) -> tuple[float, float]:
    """Returns where a piece counts: a crumb's centre, a critter's head, the dog's snout."""
    offset = (params or load_params()).spec(kind).head_offset
    return pose.x + offset * math.cos(pose.angle), pose.y + offset * math.sin(pose.angle)


def simulate_drop(arena: Arena, resting: Sequence[Piece], dropped: Sequence[Piece], rng: random.Random,
                  params: PhysicsParams | None = None) -> DropResult:
    """Returns the outcome of dropping `dropped` over the arena's centre onto `resting`."""
    params = params or load_params()
    _check(arena, resting, dropped, params)
    kinds = {p.id: p.kind for p in (*resting, *dropped)}
    poses = {p.id: (p.pose.x, p.pose.y, p.pose.angle) for p in resting}
    strays, redrops, tracks, steps, impacts = [p.id for p in dropped], {}, [], 0, []
    for attempt in range(params.max_redrops + 1):
        for pid in strays if attempt else ():
            redrops[pid] = redrops.get(pid, 0) + 1
        outcome = _Phase(arena, params, kinds, poses, strays, rng).run()
        start = sum(len(track) - 1 for track in tracks) / FRAME_RATE  # this phase's first frame follows the last's
        impacts += [impact._replace(time=impact.time + start) for impact in outcome.impacts]
        tracks.append(outcome.track)
        poses, steps = outcome.poses, steps + outcome.steps
        strays = [pid for pid in kinds if not _inside(arena, params, kinds[pid], poses[pid])]
        if not strays:
            break
    poses = _place(arena, params, kinds, poses, strays)
    seconds = steps / (FRAME_RATE * params.steps_per_frame)
    return _result(resting, params, poses, tracks, redrops, strays, seconds, tuple(impacts))


def _check(arena: Arena, resting: Sequence[Piece], dropped: Sequence[Piece], params: PhysicsParams) -> None:
    """Raises ValueError for duplicate ids, unknown kinds, missing poses or a degenerate arena."""
    ids = [p.id for p in (*resting, *dropped)]
    if len(set(ids)) != len(ids):
        raise ValueError(f"piece ids must be unique, got {sorted(i for i in ids if ids.count(i) > 1)}")
    for piece in (*resting, *dropped):
        params.spec(piece.kind)
    if any(p.pose is None for p in resting):
        raise ValueError("every resting piece needs a pose")
    if len(arena.outline) < 3 or abs(geometry.signed_area(arena.outline)) <= 0:
        raise ValueError("the arena outline must be a polygon with an area")


def _inside(arena: Arena, params: PhysicsParams, kind: str, pose: _Xya) -> bool:
    """Returns whether a piece at `pose` lies wholly inside the fences."""
    spec = params.spec(kind)
    return geometry.is_inside(arena.outline, geometry.footprint(spec.length, spec.width, *pose))


def _place(arena: Arena, params: PhysicsParams, kinds: dict[str, str],
           poses: dict[str, _Xya], strays: list[str]) -> dict[str, _Xya]:
    """Returns the poses with each stray put at the nearest free spot inside the fences."""
    poses, toward = dict(poses), arena.drop_centre
    if not geometry.contains(arena.outline, toward):
        toward = geometry.centroid(arena.outline)
    for pid in strays:
        spec = params.spec(kinds[pid])
        others = [geometry.footprint(params.spec(kinds[o]).length, params.spec(kinds[o]).width, *poses[o])
                  for o in kinds if o != pid and (o not in strays or strays.index(o) < strays.index(pid))]
        x, y = geometry.place(arena.outline, (spec.length, spec.width), poses[pid], toward, others, _MARGIN)
        poses[pid] = (x, y, poses[pid][2])
    return poses


def _result(resting: Sequence[Piece], params: PhysicsParams, poses: dict[str, _Xya],
            tracks: list["_Track"], redrops: dict[str, int], placed: list[str], seconds: float,
            impacts: tuple[Impact, ...] = ()) -> DropResult:
    """Returns the DropResult, with resting pieces that barely moved put back exactly."""
    final = {pid: Pose(*pose) for pid, pose in poses.items()}
    knocked = set()
    for piece in resting:
        if _moved(piece.pose, final[piece.id], params):
            knocked.add(piece.id)
        else:
            final[piece.id] = piece.pose
    frames = Frames(tracks, {pid: (p.x, p.y, p.angle, 0.0) for pid, p in final.items()})
    return DropResult(final, frames, frozenset(knocked), redrops, frozenset(placed), seconds, impacts)


def _moved(before: Pose, after: Pose, params: PhysicsParams) -> bool:
    """Returns whether a piece moved or turned more than the knock thresholds."""
    turn = abs(math.remainder(after.angle - before.angle, math.tau))
    moved = math.hypot(after.x - before.x, after.y - before.y)
    return moved > params.knock_distance or turn > params.knock_angle


class Frames(abc.Sequence):
    """A drop's 60 Hz frames (id -> (x, y, angle, z)), the last one at the final poses.

    A drop keeps only what it needs anyway (every body's pose after each frame, and each dropped
    piece's arcs through the air); a frame is put together when something asks for it, so rules,
    bots and fuzzers that never draw pay nothing for the animation.
    """

    def __init__(self, tracks: list["_Track"], last: Frame) -> None:
        self._tracks = tracks  # one per drop or redrop; each after the first repeats its predecessor's last
        self._last = last
        self._built: dict[int, Frame] = {}
        self._count = sum(len(track) for track in tracks) - len(tracks) + 1

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("frame index out of range")
        frame = self._built.get(index)
        if frame is None:
            frame = self._built[index] = self._build(index)
        return frame

    def __iter__(self) -> Iterator[Frame]:
        return (self[i] for i in range(self._count))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (Frames, list)):
            return NotImplemented
        if isinstance(other, Frames) and self._last == other._last and self._tracks == other._tracks:
            return True  # made from the same records: the same frames
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Frames({self._count} frames)"

    def _build(self, index: int) -> Frame:
        """Returns frame `index` put together from its drop phase's records."""
        if index == self._count - 1:
            return dict(self._last)
        for track in self._tracks:
            if index < len(track):
                return track.frame(index)
            index -= len(track) - 1  # the next phase's first frame is this one's last
        raise IndexError("frame index out of range")


class _Track:
    """What one phase kept to rebuild its frames: each frame's poses and the pieces' planned arcs."""

    def __init__(self, snapshots: list[bytes], slots: list[tuple[int, int, str, float]],
                 arcs: list[tuple[float, float, float] | None], bounces: list[tuple[float, int, float]],
                 dt: float, steps_per_frame: int, half_g: float) -> None:
        self.snapshots, self.slots, self.arcs, self.bounces = snapshots, slots, arcs, bounces
        self.times = [bounce[0] for bounce in bounces]
        self.dt, self.steps_per_frame, self.half_g = dt, steps_per_frame, half_g

    def __len__(self) -> int:
        return len(self.snapshots)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Track) and vars(self) == vars(other)

    __hash__ = None  # type: ignore[assignment]

    def frame(self, n: int) -> Frame:
        """Returns frame n: every piece's pose after n frames and its height then, exactly as stepped."""
        floats, heights = _floats(self.snapshots[n]), self.heights(n)
        return {pid: (floats[k], floats[k + 1], floats[k + 2] - turns, heights[i]) for k, i, pid, turns in self.slots}

    def heights(self, n: int) -> list[float]:
        """Returns each piece's height after n frames: the bounces applied so far are those due by the
        frame's last step (see _Phase._step_frame), and the time is the frame's end."""
        arcs = list(self.arcs)
        if n:
            due = bisect.bisect_right(self.times, (n * self.steps_per_frame - 1) * self.dt)
            for t, index, up in self.bounces[:due]:
                arcs[index] = (t, 0.0, up) if up else None
        time, half_g = (n * self.steps_per_frame) * self.dt, self.half_g
        return [max(0.0, arc[1] + (arc[2] - half_g * (time - arc[0])) * (time - arc[0])) if arc else 0.0
                for arc in arcs]


@dataclass(frozen=True)
class _Outcome:
    """One phase's result: poses by id as (x, y, angle), what its frames are made from, its steps."""

    poses: dict[str, _Xya]
    track: _Track
    steps: int
    impacts: list[Impact]


class _Phase:
    """One drop or redrop, in a fresh pymunk space, stepped until everything rests."""

    def __init__(self, arena: Arena, params: PhysicsParams, kinds: dict[str, str],
                 poses: dict[str, _Xya], dropping: list[str], rng: random.Random):
        """Builds the space: fences, resting pieces where they lie, dropped ones in the hand."""
        self.params, self.fence_height, self.ids = params, arena.fence_height, list(kinds)
        self.dt, self.half_g = 1 / (FRAME_RATE * params.steps_per_frame), params.gravity / 2
        self.time, self.errors, self.events = 0.0, [], []
        self.hits: list[tuple[float, int, int, float]] = []  # (time, piece, what it hit, impulse): see Impact
        self.touching: dict[int, int] = {}  # a height-gated pair (see _touch) -> the last step it touched in
        self.specs = specs = [params.spec(kinds[pid]) for pid in self.ids]
        self.heights = [spec.height for spec in specs]
        self.arcs: list[tuple[float, float, float] | None] = [None] * len(self.ids)
        self.space = self._space(arena.outline)
        self.shapes, self.gripped, self.loose = [], [False] * len(self.ids), []
        self.bodies = [self._add(i, spec) for i, spec in enumerate(specs)]
        for i, pid in enumerate(self.ids):
            if pid in dropping:
                self._launch(i, arena.drop_centre, rng)
            else:
                self._rest(i, poses[pid])
        self.events.sort()
        self.dropping, self.launched = set(dropping), list(self.arcs)
        self._pair = self._fast_pair if _lib is not None else self._public_pair
        if _lib is not None:
            self._index = {_lib.cpShapeGetHashID(shape._shape): i for i, shape in enumerate(self.shapes)}
            self._a, self._b = _ffi.new("cpShape *[1]"), _ffi.new("cpShape *[1]")
        self._closing = self._fast_closing if _lib is not None else self._public_closing

    def _space(self, outline: Sequence[tuple[float, float]]) -> pymunk.Space:
        """Returns an empty space with the fences and the height-gated collision handlers."""
        space = pymunk.Space()
        space.iterations = self.params.solver_iterations
        space.collision_bias = (1 - self.params.overlap_fix) ** FRAME_RATE
        radius = self.params.fence_thickness / 2
        for a, b in geometry.outward_fences(outline, radius - _MARGIN):
            fence = pymunk.Segment(space.static_body, a, b, radius)
            fence.collision_type, fence.elasticity = FENCE, self.params.fence_elasticity
            fence.friction = self.params.piece_friction
            space.add(fence)
        for other in (AIR, LOOSE, GROUND):
            space.on_collision(AIR, other, pre_solve=self._gate_pieces)
        for other in (LOOSE, GROUND):
            space.on_collision(LOOSE, other, pre_solve=self._touch_loose)
        space.on_collision(AIR, FENCE, pre_solve=self._gate_fence)
        for other in (GROUND, FENCE):  # pieces sliding into each other or a fence: only a new contact calls Python
            space.on_collision(GROUND, other, begin=self._begin_contact)
        return space

    def _add(self, index: int, spec: PieceSpec) -> pymunk.Body:
        """Returns a new body for piece `index`: a disc or a capsule, with board friction joints."""
        half, radius = (spec.length - spec.width) / 2, spec.width / 2
        if half > 0:
            body = pymunk.Body(spec.mass, pymunk.moment_for_segment(spec.mass, (-half, 0), (half, 0), radius))
            shape = pymunk.Segment(body, (-half, 0), (half, 0), radius)
        else:
            body = pymunk.Body(spec.mass, pymunk.moment_for_circle(spec.mass, 0, radius))
            shape = pymunk.Circle(body, radius)
        shape.collision_type, shape.friction, shape.elasticity = LOOSE, self.params.piece_friction, \
            self.params.piece_elasticity
        object.__setattr__(shape, "piece_id", self.ids[index])  # pymunk's own __setattr__ is slow and adds nothing
        object.__setattr__(shape, "piece_index", index)
        self.shapes.append(shape)
        self.space.add(body, shape)
        return body

    def _grip(self, index: int) -> None:
        """Gives piece `index` the board's sliding and turning friction (joints to the board)."""
        body, spec = self.bodies[index], self.specs[index]
        slide = pymunk.PivotJoint(self.space.static_body, body, (0, 0), (0, 0))
        turn = pymunk.GearJoint(self.space.static_body, body, 0.0, 1.0)
        slide.max_bias = turn.max_bias = 0.0
        slide.max_force = self.params.board_friction * spec.mass * self.params.gravity
        turn.max_force = slide.max_force * self.params.spin_friction * spec.width
        self.space.add(slide, turn)
        self.gripped[index] = True
        self.shapes[index].collision_type = GROUND

    def _grip_loose(self) -> None:
        """Grips the resting pieces that something touched during the last step."""
        for index in sorted(set(self.loose)):
            if not self.gripped[index]:
                self._grip(index)
        self.loose.clear()

    def _rest(self, index: int, pose: _Xya) -> None:
        """Puts piece `index` on the board at `pose` (gripped only once something touches it)."""
        body = self.bodies[index]
        body.position, body.angle = pose[:2], pose[2]

    def _launch(self, index: int, centre: tuple[float, float], rng: random.Random) -> None:
        """Puts piece `index` in the hand over `centre` and plans its bounces, all from `rng`."""
        p, body = self.params, self.bodies[index]
        reach, bearing = p.drop_radius * math.sqrt(rng.random()), math.tau * rng.random()
        z0 = p.drop_height + p.drop_height_spread * rng.random()
        speed, heading = p.drop_speed * math.sqrt(rng.random()), math.tau * rng.random()
        body.position = centre[0] + reach * math.cos(bearing), centre[1] + reach * math.sin(bearing)
        body.velocity = speed * math.cos(heading), speed * math.sin(heading)
        body.angle, body.angular_velocity = math.tau * rng.random(), p.drop_spin * (2 * rng.random() - 1)
        self.shapes[index].filter, self.shapes[index].collision_type = _HAND, AIR
        self.arcs[index] = (0.0, z0, 0.0)
        self._plan_bounces(index, z0, rng)

    def _plan_bounces(self, index: int, z0: float, rng: random.Random) -> None:
        """Adds the bounce events of piece `index`, falling from `z0`, to the event list."""
        p, g = self.params, self.params.gravity
        t, z, vz = 0.0, z0, 0.0
        for _ in range(64):
            impact = math.sqrt(vz * vz + 2 * g * z)
            t += (vz + impact) / g
            up = impact * min(0.95, p.restitution * (1 + p.restitution_spread * (2 * rng.random() - 1)))
            kick = p.bounce_kick * impact * rng.random() ** p.bounce_kick_power
            heading = math.tau * rng.random()
            spin = p.bounce_spin * impact * (2 * rng.random() - 1)
            up = up if up >= p.settle_speed else 0.0
            self.events.append((t, index, up, kick * math.cos(heading), kick * math.sin(heading), spin, impact))
            if not up:
                return
            z, vz = 0.0, up
        self.events[-1] = self.events[-1][:2] + (0.0,) + self.events[-1][3:]

    def _bounce(self, event: tuple[float, int, float, float, float, float, float]) -> None:
        """Applies one bounce: its sideways kick and spin, a shove to whatever it landed on, then the
        next arc or board friction."""
        t, index, up, kx, ky, spin, impact = event
        body, keep = self.bodies[index], 1 - self.params.bounce_friction
        vx, vy = body.velocity
        body.velocity = vx * keep + kx, vy * keep + ky
        body.angular_velocity = body.angular_velocity * keep + spin
        if self.params.landing_shove:
            self._land_on(index, impact, (kx, ky))
        self.shapes[index].filter = _FREE
        self.arcs[index] = (t, 0.0, up) if up else None
        if not up:
            self._grip(index)

    def _land_on(self, index: int, impact: float, kick: tuple[float, float]) -> None:
        """Shoves the pieces lying on the board that piece `index` comes down on, and it off them.

        A piece that lands on another does not stop dead on top of it: part of its fall (landing_shove)
        turns sideways, as a collision between the two along the line from its centre to the nearest
        point of the other, so a crumb falling on a critter pushes it and skips off.
        """
        shape, body = self.shapes[index], self.bodies[index]
        x, y = body.position
        for info in self.space.shape_query(shape):
            other = getattr(info.shape, "piece_index", None)
            if other is None or self.arcs[other] is not None:
                continue  # a fence, or a piece still in the air
            target = self.bodies[other]
            half = (self.specs[other].length - self.specs[other].width) / 2
            ox, oy = target.position
            c, s = math.cos(target.angle), math.sin(target.angle)
            along = max(-half, min(half, (x - ox) * c + (y - oy) * s))
            dx, dy = ox + along * c - x, oy + along * s - y
            distance = math.hypot(dx, dy)
            if distance < 1e-9:
                dx, dy = kick if any(kick) else (1.0, 0.0)
                distance = math.hypot(dx, dy)
            mine, theirs = self.specs[index].mass, self.specs[other].mass
            impulse = (1 + self.params.piece_elasticity) * mine * theirs / (mine + theirs) \
                * impact * self.params.landing_shove
            ux, uy = dx / distance, dy / distance
            self.hits.append((self.time, index, other, impulse / self.params.landing_shove))  # the whole knock
            vx, vy = target.velocity
            target.velocity = vx + ux * impulse / theirs, vy + uy * impulse / theirs
            vx, vy = body.velocity
            body.velocity = vx - ux * impulse / mine, vy - uy * impulse / mine
            if not self.gripped[other]:
                self._grip(other)

    def height(self, index: int) -> float:
        """Returns how high piece `index` is above the board now."""
        arc = self.arcs[index]
        if arc is None:
            return 0.0
        tau = self.time - arc[0]
        return max(0.0, arc[1] + (arc[2] - self.half_g * tau) * tau)

    def _gate_pieces(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Lets two pieces touch only while their height ranges overlap."""
        try:
            i, j = self._pair(arbiter)
            if self.arcs[i] is None and self.arcs[j] is None:
                touch = True
            else:
                zi, zj = self.height(i), self.height(j)
                touch = zi < zj + self.heights[j] and zj < zi + self.heights[i]
            arbiter.process_collision = touch
            if touch:  # a hit where the pair did not touch in the step before (_touch, inlined: called a lot)
                key = i * PAIRS + j if i < j else j * PAIRS + i
                if self.touching.get(key, -2) < self.steps - 1:
                    self._hit(arbiter, i, j)
                self.touching[key] = self.steps
            if touch and not (self.gripped[i] and self.gripped[j]):
                self.loose += [k for k in (i, j) if self.arcs[k] is None and not self.gripped[k]]
        except BaseException as error:  # pymunk swallows callback errors: keep them for run()
            self.errors.append(error)

    def _touch_loose(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Lets two pieces on the board touch, and gives an untouched one its board friction."""
        try:
            i, j = self._pair(arbiter)
            self.loose += [k for k in (i, j) if not self.gripped[k]]
            self._hit(arbiter, i, j)  # the first touch of an untouched piece (it is gripped after this step)
        except BaseException as error:  # pymunk swallows callback errors: keep them for run()
            self.errors.append(error)

    def _gate_fence(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Lets a piece hit a fence only while it is lower than the fence."""
        try:
            i = self._pair(arbiter)[0]
            arbiter.process_collision = touch = self.height(i) < self.fence_height
            if touch:
                self._touch(arbiter, i, FENCE_HIT)
        except BaseException as error:  # pymunk swallows callback errors: keep them for run()
            self.errors.append(error)

    def _begin_contact(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Records a piece on the board sliding into another or into a fence."""
        try:
            i, j = self._pair(arbiter)
            self._hit(arbiter, i, j)
        except BaseException as error:  # pymunk swallows callback errors: keep them for run()
            self.errors.append(error)

    def _touch(self, arbiter: pymunk.Arbiter, i: int, j: int) -> None:
        """Records a hit where a height-gated pair (j a piece or FENCE_HIT) touches now but did not in the step
        before."""
        key = i * PAIRS + j if i < j or j < 0 else j * PAIRS + i
        if self.touching.get(key, -2) < self.steps - 1:
            self._hit(arbiter, i, j)
        self.touching[key] = self.steps

    def _hit(self, arbiter: pymunk.Arbiter, i: int, j: int) -> None:
        """Records piece `i` and `j` (a piece, or FENCE_HIT) meeting, if they close faster than rest_speed: its
        impulse, (1 + elasticity) * reduced mass * closing speed along the contact normal (turning left out)."""
        closing = self._closing(arbiter, i, j)
        if closing > self.params.rest_speed:
            if j >= 0:
                mine, theirs = self.specs[i].mass, self.specs[j].mass
                mass, bounce = mine * theirs / (mine + theirs), self.params.piece_elasticity
            else:
                mass, bounce = self.specs[i].mass, self.params.fence_elasticity
            self.hits.append((self.time, i, j, (1 + bounce) * mass * closing))

    def _fast_closing(self, arbiter: pymunk.Arbiter, i: int, j: int) -> float:
        """Returns how fast piece `i` moves into `j` (a piece, or FENCE_HIT) along the contact normal, read in C."""
        lib = _lib
        normal = lib.cpArbiterGetNormal(arbiter._arbiter)
        v = lib.cpBodyGetVelocity(self.bodies[i]._body)
        if j < 0:
            return v.x * normal.x + v.y * normal.y
        w = lib.cpBodyGetVelocity(self.bodies[j]._body)
        return (v.x - w.x) * normal.x + (v.y - w.y) * normal.y

    def _public_closing(self, arbiter: pymunk.Arbiter, i: int, j: int) -> float:
        """Returns how fast piece `i` moves into `j` (a piece, or FENCE_HIT) along the contact normal."""
        normal, (vx, vy) = arbiter.normal, self.bodies[i].velocity
        wx, wy = self.bodies[j].velocity if j >= 0 else (0.0, 0.0)
        return (vx - wx) * normal.x + (vy - wy) * normal.y

    def _fast_pair(self, arbiter: pymunk.Arbiter) -> tuple[int, int]:
        """Returns the piece indices of an arbiter's shapes (the second is -1 for a fence), read in C."""
        lib = _lib
        lib.cpArbiterGetShapes(arbiter._arbiter, self._a, self._b)
        index = self._index
        return index[lib.cpShapeGetHashID(self._a[0])], index.get(lib.cpShapeGetHashID(self._b[0]), -1)

    @staticmethod
    def _public_pair(arbiter: pymunk.Arbiter) -> tuple[int, int]:
        """Returns the piece indices of an arbiter's shapes (the second is -1 for a fence)."""
        a, b = arbiter.shapes
        return a.piece_index, getattr(b, "piece_index", -1)

    def run(self) -> _Outcome:
        """Returns the phase's outcome: steps the space until everything rests or time runs out."""
        p, buffer = self.params, pymunk.batch.Buffer()
        order = self._batch_order(buffer)
        snapshots = [self._snapshot(buffer)]
        quiet, needed, limit = 0, max(1, math.ceil(p.rest_seconds * FRAME_RATE)), p.rest_speed / FRAME_RATE
        self.cursor, self.steps, max_steps = 0, 0, math.ceil(p.max_seconds * FRAME_RATE) * p.steps_per_frame
        while self.steps < max_steps and quiet < needed:
            self._step_frame()
            snapshots.append(self._snapshot(buffer))
            settled = self.cursor == len(self.events) and _still(_floats(snapshots[-1]), _floats(snapshots[-2]), limit)
            quiet = quiet + 1 if settled else 0
        return self._outcome(snapshots, order, self.steps)

    def _step_frame(self) -> None:
        """Advances one frame: the bounces that are due, then the physics steps; raises callback errors."""
        for _ in range(self.params.steps_per_frame):
            self.time = self.steps * self.dt
            while self.cursor < len(self.events) and self.events[self.cursor][0] <= self.time:
                self._bounce(self.events[self.cursor])
                self.cursor += 1
            self.space.step(self.dt)
            self.steps += 1
            if self.loose:
                self._grip_loose()
        if self.errors:
            raise self.errors[0]
        self.time = self.steps * self.dt

    def _batch_order(self, buffer: pymunk.batch.Buffer) -> list[int | None]:
        """Returns, for each body the batch reads return, its piece index (None for the static body)."""
        buffer.clear()
        pymunk.batch.get_space_bodies(self.space, pymunk.batch.BodyFields.BODY_ID, buffer)
        index_of = {body.id: i for i, body in enumerate(self.bodies)}
        return [index_of.get(body_id) for body_id in memoryview(buffer.int_buf()).cast("P").tolist()]

    def _snapshot(self, buffer: pymunk.batch.Buffer) -> bytes:
        """Returns every body's (x, y, angle) in batch order, as packed doubles (see _floats)."""
        buffer.clear()
        pymunk.batch.get_space_bodies(self.space, _XYA, buffer)
        return bytes(buffer.float_buf())

    def _outcome(self, snapshots: list[bytes], order: list[int | None], steps: int) -> _Outcome:
        """Returns the poses and what the frames are made from, each dropped piece's angle brought into
        [-pi, pi] at rest."""
        last, slots, poses = _floats(snapshots[-1]), [], {}
        for k, i in sorted(((k, i) for k, i in enumerate(order) if i is not None), key=lambda ki: ki[1]):
            pid, angle = self.ids[i], last[3 * k + 2]
            turns = math.tau * round(angle / math.tau) if pid in self.dropping else 0.0
            slots.append((3 * k, i, pid, turns))
            poses[pid] = (last[3 * k], last[3 * k + 1], angle - turns)
        bounces = [(t, index, up) for t, index, up, *_ in self.events]
        track = _Track(snapshots, slots, self.launched, bounces, self.dt, self.params.steps_per_frame, self.half_g)
        ids, what = self.ids, {BOARD: "board", FENCE_HIT: "fence"}
        landings = [(t, i, BOARD, self.specs[i].mass * (impact + up))  # each bounce applied: the fall stopped,
                    for t, i, up, _, _, _, impact in self.events[:self.cursor]]  # part of it sent back up
        impacts = [Impact(t, impulse, ids[i], what.get(j) or ids[j])
                   for t, i, j, impulse in sorted(self.hits + landings)]
        return _Outcome(poses, track, steps, impacts)


def _floats(snapshot: bytes) -> list[float]:
    """Returns a snapshot's numbers (kept packed: a phase reads a few hundred, most never unpacked)."""
    return memoryview(snapshot).cast("d").tolist()


def _still(now: list[float], before: list[float], limit: float) -> bool:
    """Returns whether no body moved more than `limit` mm (or turned limit/20 radians) between reads."""
    moves = list(map(abs, map(sub, now, before)))
    turns = moves[2::3]
    del moves[2::3]
    return max(moves, default=0.0) < limit and max(turns, default=0.0) < limit / 20
