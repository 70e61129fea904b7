"""Animation timings: seconds read from a game's layout (data/<game>/layout.yaml) by name, and a step started
after a delay."""
from __future__ import annotations

from typing import Callable

from graphics.config import game_layout
from graphics.kit.timeline import Step, Wait, sequence


def timings(game_id: str, section: str) -> Callable[[str], float]:
    """Returns seconds(name): the number at `<section>.<name>` of the game's layout (read when asked), the
    time an animation of the game takes."""
    def seconds(name: str) -> float:
        """Returns an animation time from the game's layout."""
        return game_layout(game_id).number(f"{section}.{name}")
    return seconds


def later(delay: float, step: Step) -> Step:
    """Returns `step` starting after `delay` seconds (itself when there is no delay)."""
    return sequence(Wait(delay), step) if delay > 0 else step
