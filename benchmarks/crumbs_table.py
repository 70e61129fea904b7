"""Prints how physical Crumbs feels at the table, one JSON object per line: {"name", "value", "unit"}.

Run with `python3 benchmarks/crumbs_table.py [GAMES]` (default 200 park-bot games, the maps in turn,
2, 3 and 4 players in turn). Targets, not asserted (issue 7):
  crumbs.feedings_moving_a_critter_pct >= 20: a feeding's crumbs knock a critter into another space
  crumbs.fountain_crumb_share_ratio.<map> <= 1.5: the fountain's share of feeding crumbs over its
      share of the board's area
Also printed: the spaces a feeding's crumbs reach, the share of knocked critters that changed space,
how often a drop strays, and the CPU time of a 3-player park-bot game.
"""
from __future__ import annotations

import json
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.crumbs import GAME  # noqa: E402
from games.crumbs.board import area  # noqa: E402
from games.crumbs.bot import ParkBot  # noqa: E402
from games.crumbs.table import board_for  # noqa: E402
from games.simulate import play_out  # noqa: E402

MAPS = tuple(GAME.options[0].choices[i].value for i in range(len(GAME.options[0].choices)))


def emit(name: str, value: float, unit: str) -> None:
    """Prints one figure."""
    print(json.dumps({"name": name, "value": round(value, 4), "unit": unit}), flush=True)


def feeding_facts(seed: int) -> dict:
    """Plays one park-bot game (map and player count from the seed) and returns what its drops did."""
    map_id, players = MAPS[seed % len(MAPS)], 2 + seed % 3
    state, events = GAME.new_state(players, {"map": map_id}, seed), []
    play_out(state, [ParkBot() for _ in range(players)], seed, events=events)
    board = board_for(map_id)
    facts = {"map": map_id, "feedings": 0, "moving": 0, "crumbs": 0, "in_fountain": 0, "spaces": [],
             "knocked_critters": 0, "changed_space": 0, "drops": 0, "strays": 0}
    for event in events:
        if event.kind != "drop":
            continue
        data = event.data
        facts["drops"] += 1
        facts["strays"] += bool(data["redropped"])
        critters = {p: k for p, k in data["knocks"].items() if data["kinds"][p] == "critter"}
        facts["knocked_critters"] += len(critters)
        facts["changed_space"] += sum(k["from"] != k["to"] for k in critters.values())
        if data["reason"] != "feeding":
            continue
        last = data["frames"][-1]
        spots = [board.space_at(last[p][:2]) for p in data["dropped"]]
        facts["feedings"] += 1
        facts["moving"] += any(k["from"] != k["to"] for k in critters.values())
        facts["crumbs"] += len(spots)
        facts["in_fountain"] += sum(space == board.fountain for space in spots)
        facts["spaces"].append(len(set(spots)))
    return facts


def fountain_area_share(map_id: str) -> float:
    """Returns the fountain's share of the board's area."""
    board = board_for(map_id)
    return area(board.spaces[board.fountain].polygon) / (board.width * board.height)


def park_game_cpu_ms(games: int = 20) -> float:
    """Returns the mean CPU time of a 3-player park-bot game with default options."""
    start = time.process_time()
    for seed in range(games):
        play_out(GAME.new_state(3, {}, seed), [ParkBot() for _ in range(3)], seed)
    return (time.process_time() - start) * 1000 / games


def main(games: int = 200, workers: int = 2) -> None:
    """Plays the games and prints the figures."""
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        results = pool.map(feeding_facts, range(games), chunksize=10)
    total = Counter()
    by_map = {map_id: Counter() for map_id in MAPS}
    spaces = []
    for facts in results:
        spaces += facts.pop("spaces")
        map_id = facts.pop("map")
        total.update(facts)
        by_map[map_id].update(facts)
    emit("crumbs.feedings_moving_a_critter_pct", 100 * total["moving"] / total["feedings"], "%")
    for map_id, counts in by_map.items():
        share = counts["in_fountain"] / counts["crumbs"] if counts["crumbs"] else 0.0
        emit(f"crumbs.fountain_crumb_share_ratio.{map_id}", share / fountain_area_share(map_id), "x")
        emit(f"crumbs.fountain_crumb_share_pct.{map_id}", 100 * share, "%")
    emit("crumbs.feeding_spaces_reached_mean", statistics.mean(spaces), "spaces")
    emit("crumbs.knocked_critters_changing_space_pct",
         100 * total["changed_space"] / max(1, total["knocked_critters"]), "%")
    emit("crumbs.drops_with_strays_pct", 100 * total["strays"] / max(1, total["drops"]), "%")
    emit("crumbs.park_game_cpu_ms", park_game_cpu_ms(), "ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
