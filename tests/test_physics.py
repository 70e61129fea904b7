"""The physics of a Crumbs drop: pieces end inside the fences, strays are re-dropped, runs replay."""
import ast
import dataclasses
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import physics
from physics import Arena, Piece, Pose, geometry, head_point, load_params, simulate_drop
from physics.drop import FRAME_RATE

ROOT = Path(__file__).resolve().parents[1]
PARAMS = load_params()
SIDE = 500.0
BOARD = Arena(((0.0, 0.0), (SIDE, 0.0), (SIDE, SIDE), (0.0, SIDE)), 30.0, (250.0, 250.0))
HEXAGON = Arena(tuple((250 + 240 * math.cos(k * math.pi / 3), 250 + 240 * math.sin(k * math.pi / 3))
                      for k in range(6)), 30.0, (250.0, 250.0))
KINDS = ("crumb", "wet", "stockpile", "critter", "dog")
MANY = settings(max_examples=150, deadline=None, database=None)
SOME = settings(max_examples=60, deadline=None, database=None)


def resting_critters(seed: int, count: int = 12) -> list[Piece]:
    """Returns `count` critters spread over the board on a jittered grid."""
    rng = random.Random(seed)
    spots = [(60.0 + 95.0 * (k % 5), 60.0 + 95.0 * (k // 5)) for k in range(25)]
    rng.shuffle(spots)
    return [Piece(f"critter-{k}", "critter", Pose(x + rng.uniform(-20, 20), y + rng.uniform(-20, 20),
                                                  rng.uniform(-math.pi, math.pi)))
            for k, (x, y) in enumerate(spots[:count])]


def to_drop(count: int, kind: str = "crumb") -> list[Piece]:
    """Returns `count` pieces of `kind` to drop."""
    return [Piece(f"{kind}-{k}", kind) for k in range(count)]


def end_circles(kind: str, pose: Pose) -> list[tuple[float, float, float]]:
    """Returns the two end circles (x, y, radius) of a piece's capsule, worked out independently."""
    spec = PARAMS.spec(kind)
    half, r = (spec.length - spec.width) / 2, spec.width / 2
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    return [(pose.x + half * c, pose.y + half * s, r), (pose.x - half * c, pose.y - half * s, r)]


def inside_board(kind: str, pose: Pose) -> bool:
    """Returns whether the whole piece lies inside the square board (clear of every fence)."""
    return all(r <= x <= SIDE - r and r <= y <= SIDE - r for x, y, r in end_circles(kind, pose))


def kinds_of(*groups: list[Piece]) -> dict[str, str]:
    """Returns piece id -> kind."""
    return {p.id: p.kind for group in groups for p in group}


def test_the_package_exports_the_interface():
    names = {"Arena", "DropResult", "Piece", "Pose", "head_point", "load_params", "simulate_drop"}
    assert names <= set(physics.__all__)


def test_physics_never_imports_pygame_graphics_or_games_nor_uses_the_global_random():
    for path in (ROOT / "physics").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        modules += [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
        assert not {m.split(".")[0] for m in modules} & {"pygame", "graphics", "games"}, path
        uses = {n.attr for n in ast.walk(tree)
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "random"}
        assert uses <= {"Random"}, path


@MANY
@given(seed=st.integers(0, 10**6), count=st.integers(1, 20), critters=st.integers(0, 14))
def test_every_piece_ends_wholly_inside_the_fences(seed, count, critters):
    resting, dropped = resting_critters(seed, critters), to_drop(count)
    result = simulate_drop(BOARD, resting, dropped, random.Random(seed))
    kinds = kinds_of(resting, dropped)
    assert set(result.poses) == set(kinds)
    for pid, pose in result.poses.items():
        assert inside_board(kinds[pid], pose), (pid, pose)


@SOME
@given(seed=st.integers(0, 10**6), mix=st.lists(st.sampled_from(KINDS), min_size=1, max_size=12))
def test_every_kind_ends_inside_a_hexagonal_board(seed, mix):
    dropped = [Piece(f"{kind}-{k}", kind) for k, kind in enumerate(mix)]
    result = simulate_drop(HEXAGON, [], dropped, random.Random(seed))
    for piece in dropped:
        for x, y, r in end_circles(piece.kind, result.poses[piece.id]):
            sides = zip(HEXAGON.outline, HEXAGON.outline[1:] + HEXAGON.outline[:1])
            gaps = [_distance_to_side((x, y), a, b) for a, b in sides]
            assert min(gaps) >= r and math.dist((x, y), (250, 250)) < 240


@SOME
@given(seed=st.integers(0, 10**6))
def test_every_piece_ends_inside_an_l_shaped_board(seed):
    l_board = Arena(((0.0, 0.0), (300.0, 0.0), (300.0, 200.0), (150.0, 200.0), (150.0, 400.0), (0.0, 400.0)),
                    30.0, (100.0, 150.0))
    dropped = to_drop(10) + [Piece("dog", "dog"), Piece("ducks-1", "critter")]
    result = simulate_drop(l_board, [], dropped, random.Random(seed))
    for piece in dropped:
        spec, pose = PARAMS.spec(piece.kind), result.poses[piece.id]
        shape = geometry.footprint(spec.length, spec.width, pose.x, pose.y, pose.angle)
        assert geometry.clearance(l_board.outline, shape) >= 0, (piece.id, pose)


def _distance_to_side(p, a, b):
    """Returns the distance from p to the line through a and b."""
    return abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / math.dist(a, b)


@SOME
@given(seed=st.integers(0, 10**6))
def test_nothing_is_nan_and_frames_are_60_hz_ending_at_the_final_poses(seed):
    resting, dropped = resting_critters(seed), to_drop(20) + [Piece("dog", "dog")]
    result = simulate_drop(BOARD, resting, dropped, random.Random(seed))
    ids = set(kinds_of(resting, dropped))
    assert len(result.frames) == round(result.sim_seconds * FRAME_RATE) + 1
    assert all(set(frame) == ids for frame in result.frames)
    assert all(math.isfinite(v) for frame in result.frames for values in frame.values() for v in values)
    assert all(math.isfinite(v) for pose in result.poses.values() for v in (pose.x, pose.y, pose.angle))
    assert all(values[3] >= 0 for frame in result.frames for values in frame.values())
    assert result.frames[-1] == {pid: (p.x, p.y, p.angle, 0.0) for pid, p in result.poses.items()}
    assert all(result.frames[0][p.id][3] >= PARAMS.drop_height for p in dropped)
    assert all(result.frames[0][p.id] == (p.pose.x, p.pose.y, p.pose.angle, 0.0) for p in resting)
    assert all(-math.pi <= result.poses[p.id].angle <= math.pi for p in dropped)


def test_a_crumb_in_the_air_passes_over_a_resting_piece_until_it_is_low_enough_to_hit_it():
    still = dataclasses.replace(PARAMS, drop_radius=0.0, drop_speed=0.0, drop_spin=0.0, bounce_kick=0.0)
    dog = Piece("dog", "dog", Pose(255.0, 250.0, 0.0))
    result = simulate_drop(BOARD, [dog], to_drop(1), random.Random(0), still)
    track = [frame["crumb-0"] for frame in result.frames]
    low = next(k for k, (_, _, _, z) in enumerate(track) if z < PARAMS.spec("dog").height)
    assert low > 10 and {(x, y) for x, y, _, _ in track[:low]} == {(250.0, 250.0)}
    x, y = result.poses["crumb-0"].x, result.poses["crumb-0"].y
    dog_half = (PARAMS.spec("dog").length - PARAMS.spec("dog").width) / 2
    nearest_on_dog = (min(max(x, 255.0 - dog_half), 255.0 + dog_half), 250.0)
    assert math.dist((x, y), nearest_on_dog) > PARAMS.spec("dog").width / 2


def test_a_normal_drop_settles_in_a_few_seconds():
    result = simulate_drop(BOARD, resting_critters(3), to_drop(20), random.Random(3))
    assert 0.3 < result.sim_seconds <= PARAMS.max_seconds * (PARAMS.max_redrops + 1)


def test_the_same_seed_replays_bit_for_bit_and_ignores_the_global_random():
    resting, dropped = resting_critters(7), to_drop(20) + to_drop(2, "dog")[:1]
    random.seed(1)
    first = simulate_drop(BOARD, resting, dropped, random.Random(42))
    random.seed(2)
    random.random()
    second = simulate_drop(BOARD, resting, dropped, random.Random(42))
    assert first == second
    assert repr(first) == repr(second)
    other = simulate_drop(BOARD, resting, dropped, random.Random(43))
    assert other.poses != first.poses


def test_a_stray_aimed_drop_redrops_the_strays_then_everything_is_inside():
    params = dataclasses.replace(PARAMS, drop_radius=80.0, drop_speed=900.0)
    edge = Arena(BOARD.outline, 30.0, (30.0, 250.0))
    results = [simulate_drop(edge, resting_critters(s, 6), to_drop(20), random.Random(s), params)
               for s in range(3)]
    assert any(result.redrops for result in results)
    for result in results:
        assert all(count >= 1 for count in result.redrops.values())
        for pid in result.redrops:
            assert any(not inside_board("crumb", Pose(*frame[pid][:3])) for frame in result.frames)
        assert all(inside_board("crumb" if pid.startswith("crumb") else "critter", pose)
                   for pid, pose in result.poses.items())


@pytest.mark.parametrize("max_redrops", [0, 2])
def test_hopeless_strays_are_redropped_a_bounded_number_of_times_then_placed(max_redrops):
    params = dataclasses.replace(PARAMS, max_redrops=max_redrops)
    outside = Arena(BOARD.outline, 30.0, (-250.0, 250.0))  # aimed off the board: every piece strays
    dropped = to_drop(12) + [Piece("dog", "dog"), Piece("pigeons-1", "critter")]
    result = simulate_drop(outside, resting_critters(5, 8), dropped, random.Random(5), params)
    redropped = set(result.redrops)
    assert all(count <= max_redrops for count in result.redrops.values())
    assert result.placed
    assert result.placed <= {p.id for p in dropped} | {f"critter-{k}" for k in range(8)}
    if max_redrops == 0:
        assert not redropped and result.placed == {p.id for p in dropped}
    kinds = kinds_of(resting_critters(5, 8), dropped)
    assert all(inside_board(kinds[pid], result.poses[pid]) for pid in result.placed)
    again = simulate_drop(outside, resting_critters(5, 8), dropped, random.Random(5), params)
    assert again == result


def test_placed_pieces_do_not_overlap_each_other():
    params = dataclasses.replace(PARAMS, max_redrops=0)
    outside = Arena(BOARD.outline, 30.0, (250.0, -300.0))
    result = simulate_drop(outside, [], to_drop(20), random.Random(9), params)
    assert len(result.placed) == 20
    spots = [(p.x, p.y) for p in result.poses.values()]
    width = PARAMS.spec("crumb").width
    assert all(math.dist(a, b) >= width for i, a in enumerate(spots) for b in spots[i + 1:])


def test_a_critter_right_under_the_drop_is_knocked():
    target = Piece("target", "critter", Pose(250.0, 250.0, 0.3))
    result = simulate_drop(BOARD, [target], to_drop(20), random.Random(1))
    assert "target" in result.knocked
    assert result.poses["target"] != target.pose


@SOME
@given(seed=st.integers(0, 10**6))
def test_knocked_pieces_moved_and_the_others_stayed_exactly_put(seed):
    resting = resting_critters(seed, 14) + [Piece("centre", "critter", Pose(250.0, 262.0, 1.0))]
    result = simulate_drop(BOARD, resting, to_drop(20), random.Random(seed))
    assert result.knocked <= {p.id for p in resting}
    for piece in resting:
        after = result.poses[piece.id]
        moved = math.hypot(after.x - piece.pose.x, after.y - piece.pose.y)
        turned = abs(math.remainder(after.angle - piece.pose.angle, math.tau))
        if piece.id in result.knocked:
            assert moved > PARAMS.knock_distance or turned > PARAMS.knock_angle
        else:
            assert after == piece.pose


def test_a_crumb_drop_feels_like_the_real_game():
    """Spread over most of the board, some knocks, strays now and then but not in most drops."""
    results = [simulate_drop(BOARD, resting_critters(s), to_drop(20), random.Random(s)) for s in range(40)]
    spreads, cells = [], []
    for result in results:
        spots = [(p.x, p.y) for pid, p in result.poses.items() if pid.startswith("crumb")]
        spreads.append(sum(math.dist(spot, (250, 250)) for spot in spots) / len(spots))
        cells.append(len({(int(x // 125), int(y // 125)) for x, y in spots}))
    assert sum(spreads) / len(spreads) > 90 and sum(cells) / len(cells) >= 8
    assert 0 < sum(bool(r.knocked) for r in results) < 40
    assert 0 < sum(bool(r.redrops) for r in results) < 20


def test_a_drop_with_nothing_dropped_leaves_everything_in_place():
    resting = resting_critters(2)
    result = simulate_drop(BOARD, resting, [], random.Random(0))
    assert result.poses == {p.id: p.pose for p in resting}
    assert not result.knocked and not result.redrops and not result.placed


def test_callback_errors_are_raised_not_swallowed(monkeypatch):
    def broken(self, index):
        raise RuntimeError("boom in a callback")
    monkeypatch.setattr("physics.drop._Phase.height", broken)
    with pytest.raises(RuntimeError, match="boom"):
        simulate_drop(BOARD, [Piece("c", "critter", Pose(250.0, 250.0, 0.0))], to_drop(20), random.Random(0))


@pytest.mark.parametrize("resting, dropped, message", [
    ([], [Piece("a", "crumb"), Piece("a", "crumb")], "unique"),
    ([], [Piece("a", "pebble")], "unknown piece kind"),
    ([Piece("a", "crumb")], [], "needs a pose"),
])
def test_bad_pieces_are_rejected(resting, dropped, message):
    with pytest.raises(ValueError, match=message):
        simulate_drop(BOARD, resting, dropped, random.Random(0))


def test_head_point_is_the_centre_of_a_crumb_and_the_front_of_a_critter_or_the_dog():
    pose = Pose(100.0, 200.0, math.pi / 2)
    assert head_point("crumb", pose) == (100.0, 200.0)
    assert head_point("wet", pose, PARAMS) == (100.0, 200.0)
    for kind in ("critter", "dog"):
        spec = PARAMS.spec(kind)
        hx, hy = head_point(kind, pose)
        assert hx == pytest.approx(100.0) and 200.0 + spec.length / 4 < hy <= 200.0 + spec.length / 2
        ex, ey = head_point(kind, Pose(0.0, 0.0, 0.0))
        assert ex > 0 and ey == 0.0
    assert PARAMS.spec("dog").head_offset > PARAMS.spec("critter").head_offset


def test_load_params_reads_the_default_file_once():
    assert load_params() is load_params()
    assert load_params().spec("critter").length > load_params().spec("critter").width


@pytest.mark.parametrize("edit, field", [
    (("restitution: 0.39", "restitution: high"), "restitution"),
    (("max_redrops: 3", "max_redrops: 2.5"), "max_redrops"),
    (("gravity: 9810.0", "gravity: -1"), "gravity"),
    (("critter:   {length: 30.0", "critter:   {length: yes"), "pieces.critter.length"),
    (("drop_spin: 12.0", "drop_spinn: 12.0"), "drop_spin"),
])
def test_a_broken_physics_file_is_rejected_naming_file_and_field(tmp_path, edit, field):
    text = (ROOT / "data" / "crumbs" / "physics.yaml").read_text(encoding="utf-8")
    assert edit[0] in text
    path = tmp_path / "physics.yaml"
    path.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        load_params(path)
    assert str(path) in str(caught.value) and f"'{field}" in str(caught.value)


def test_a_physics_file_that_is_not_yaml_is_rejected(tmp_path):
    path = tmp_path / "physics.yaml"
    path.write_text("gravity: [1, 2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid YAML"):
        load_params(path)


REPLAY = """
import hashlib, random, sys
sys.path.insert(0, {root!r})
from tests.test_physics import BOARD, resting_critters, to_drop
from physics import simulate_drop
result = simulate_drop(BOARD, resting_critters(11), to_drop(20), random.Random(11))
print(hashlib.sha256(repr(result).encode()).hexdigest())
"""


def test_a_drop_replays_bit_for_bit_in_another_process_with_other_hash_seeds():
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", REPLAY.format(root=str(ROOT))], env=env, cwd=ROOT,
                             capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1


@pytest.mark.parametrize("seed, wild", [(3, False), (2, True)])
def test_frames_put_together_on_request_show_the_heights_the_drop_stepped_through(seed, wild, monkeypatch):
    """Frames are built from each phase's poses and planned arcs only when asked for; their heights
    must be the ones the steps saw (including redrops, whose first frame repeats the last)."""
    from physics import drop as drop_module
    live, snapshot = {}, drop_module._Phase._snapshot

    def recording(self, buffer):
        live.setdefault(id(self), []).append({pid: self.height(i) for i, pid in enumerate(self.ids)})
        return snapshot(self, buffer)

    monkeypatch.setattr(drop_module._Phase, "_snapshot", recording)
    params = dataclasses.replace(PARAMS, drop_speed=2500.0, bounce_kick=1.5, drop_radius=150.0) if wild else PARAMS
    result = simulate_drop(HEXAGON, resting_critters(seed, 6), to_drop(15) + [Piece("dog", "dog")],
                           random.Random(seed), params)
    phases = list(live.values())
    expected = phases[0] + [heights for phase in phases[1:] for heights in phase[1:]]
    assert (result.redrops or not wild) and len(expected) == len(result.frames)
    frames = list(result.frames)
    assert [{pid: pose[3] for pid, pose in frame.items()} for frame in frames[:-1]] == expected[:-1]
    assert frames == result.frames and result.frames[-3:] == frames[-3:] and result.frames[-1] == frames[-1]


def test_reading_contacts_through_pymunks_c_binding_changes_nothing(monkeypatch):
    """The contact gates read an arbiter's shapes through pymunk's cffi module when it is there; the
    public Arbiter.shapes must give the very same drop."""
    from physics import drop as drop_module
    assert drop_module._lib is not None, "pymunk's C binding moved: the gates fall back to the slower public API"
    args = (BOARD, resting_critters(5), to_drop(20) + [Piece("dog", "dog")])
    fast = simulate_drop(*args, random.Random(5))
    monkeypatch.setattr(drop_module, "_lib", None)
    public = simulate_drop(*args, random.Random(5))
    assert fast.poses == public.poses and fast.frames == public.frames and fast.knocked == public.knocked
