"""Contraptions: which plugs fit which core. A plug fits a side of its own colour; a universal plug
fits any side. Players may rearrange their parts at any time, so the rules keep every player's
parts in their best arrangement and a player wins the moment one core can be completed."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from games.scrappers.data import UNIVERSAL, GameData


@dataclass(frozen=True)
class Contraption:
    """A core with a plug (or None) on each of its sides, in the core's connector order."""

    core: str
    plugs: tuple[str | None, ...]

    @property
    def fitted(self) -> int:
        """Returns how many sides have a plug."""
        return sum(plug is not None for plug in self.plugs)


def fillable(connectors: Sequence[str], plug_colours: Counter) -> int:
    """Returns how many sides of a core with `connectors` the plugs (colour -> count) can fill."""
    need = Counter(connectors)
    matched = sum(min(count, plug_colours[colour]) for colour, count in need.items())
    return matched + min(plug_colours[UNIVERSAL], len(connectors) - matched)


def plug_colours(data: GameData, parts: Iterable[str]) -> Counter:
    """Returns the plugs among `parts` counted by colour ('universal' included)."""
    return Counter(data.parts[p].colour for p in parts if data.parts[p].kind == "plug")


def progress(data: GameData, parts: Sequence[str]) -> int:
    """Returns the most plugs that one core among `parts` can hold (0 without a core)."""
    colours = plug_colours(data, parts)
    cores = [data.parts[p] for p in parts if data.parts[p].kind == "core"]
    return max((fillable(core.connectors, colours) for core in cores), default=0)


def complete(data: GameData, parts: Sequence[str]) -> bool:
    """Returns whether `parts` complete a contraption: a core with a plug on every side."""
    return progress(data, parts) >= data.rules.plugs_per_core


def arrange(data: GameData, parts: Sequence[str]) -> tuple[list[Contraption], list[str]]:
    """Returns the best arrangement: contraptions (the most complete first) and loose plugs.

    Cores are filled one at a time, the one that can take the most plugs first; each side takes a
    plug of its own colour before a universal one."""
    plugs = [p for p in parts if data.parts[p].kind == "plug"]
    cores = [p for p in parts if data.parts[p].kind == "core"]
    built = []
    while cores:
        colours = plug_colours(data, plugs)
        core = max(cores, key=lambda c: (fillable(data.parts[c].connectors, colours), -cores.index(c)))
        cores.remove(core)
        built.append(_fit(data, core, plugs))
    return built, plugs


def _fit(data: GameData, core: str, plugs: list[str]) -> Contraption:
    """Returns `core` with plugs taken from `plugs` (removed from it): matching colours first."""
    sides: list[str | None] = []
    for colour in data.parts[core].connectors:
        match = next((p for p in plugs if data.parts[p].colour == colour), None)
        sides.append(match)
        if match is not None:
            plugs.remove(match)
    for index, side in enumerate(sides):
        if side is None:
            universal = next((p for p in plugs if data.parts[p].colour == UNIVERSAL), None)
            if universal is not None:
                sides[index] = universal
                plugs.remove(universal)
    return Contraption(core, tuple(sides))
