"""Prints the Crumbs drop figures, one JSON object per line: {"name": ..., "value": ..., "unit": ...}.

Run with `python3 benchmarks/crumbs_physics.py`. A drop here is 20 crumbs onto the 500 x 500 mm
board with 12 critters and the dog resting on it. Target, not asserted: drop CPU p50 <= 15 ms.
"""
from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from physics import Arena, Piece, Pose, load_params, simulate_drop  # noqa: E402

BOARD = Arena(outline=((0.0, 0.0), (500.0, 0.0), (500.0, 500.0), (0.0, 500.0)), fence_height=30.0,
              drop_centre=(250.0, 250.0))
SEEDS = range(50)


def resting_pieces(seed: int, critters: int = 12, dog: bool = True) -> list[Piece]:
    """Returns critters (and the dog) spread over the board on a jittered grid, fixed by `seed`."""
    rng = random.Random(f"scene-{seed}")
    spots = [(60.0 + 95.0 * (k % 5), 60.0 + 95.0 * (k // 5)) for k in range(25)]
    rng.shuffle(spots)
    pieces = [Piece(f"critter-{k}", "critter", Pose(x + rng.uniform(-20, 20), y + rng.uniform(-20, 20),
                                                    rng.uniform(-math.pi, math.pi)))
              for k, (x, y) in enumerate(spots[:critters])]
    if dog:
        x, y = spots[critters]
        pieces.append(Piece("dog", "dog", Pose(x, y, rng.uniform(-math.pi, math.pi))))
    return pieces


def crumbs(count: int = 20) -> list[Piece]:
    """Returns `count` crumbs to drop."""
    return [Piece(f"crumb-{k}", "crumb") for k in range(count)]


def timed_drops() -> list[tuple[float, float]]:
    """Returns (CPU ms, simulated s) for each seeded drop."""
    params, dropped = load_params(), crumbs()
    results = []
    for seed in SEEDS:
        resting, rng = resting_pieces(seed), random.Random(seed)
        start = time.process_time()
        result = simulate_drop(BOARD, resting, dropped, rng, params)
        results.append(((time.process_time() - start) * 1000, result.sim_seconds))
    return results


def emit(name: str, value: float, unit: str) -> None:
    """Prints one figure."""
    print(json.dumps({"name": name, "value": round(value, 4), "unit": unit}), flush=True)


def drop_cpu_ms() -> float:
    """Prints and returns the median CPU time of a 20-crumb drop."""
    value = statistics.median(ms for ms, _ in timed_drops())
    emit("crumbs.drop_cpu_ms_p50", value, "ms")
    return value


def drop_sim_s() -> float:
    """Prints and returns the median simulated time until a 20-crumb drop rests."""
    value = statistics.median(s for _, s in timed_drops())
    emit("crumbs.drop_sim_s_p50", value, "s")
    return value


if __name__ == "__main__":
    drop_cpu_ms()
    drop_sim_s()
