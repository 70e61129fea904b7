"""Golden transcripts: a seeded bot game written out move by move, compared with the file kept under
tests/golden/ (rewrite it with UPDATE_GOLDEN=1 when a change is meant)."""
from __future__ import annotations

import os
from pathlib import Path

from games.core.bots import decision_rng

FOLDER = Path(__file__).parent / "golden"


def transcript(state, bots, seed: int, names, labels: bool = False, public: bool = False,
               limit: int = 20_000) -> list[str]:
    """Plays `state` to the end with one bot per seat (each from its view) and returns a line per action
    (its label, or its description with `names`) and per event (as the whole table sees it if `public`)."""
    lines = []
    for ply in range(limit):
        seat = state.current_player()
        if seat is None:
            break
        action = bots[seat].choose(state.view(seat), decision_rng(seed, seat, ply))
        lines.append(f"{seat}: {action.label if labels else action.describe(names)}")
        lines += [f"   {(event.seen_by(None) if public else event).describe(names)}" for event in state.apply(action)]
    return lines


def assert_golden(name: str, lines: list[str]) -> None:
    """Asserts that the transcript is the one kept in tests/golden/`name` (or rewrites it if asked)."""
    text = "\n".join(lines) + "\n"
    path = FOLDER / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text)
    assert text == path.read_text()
