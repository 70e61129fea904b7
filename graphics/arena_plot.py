"""Draws an arena run's win rates as horizontal bars with their 95% intervals and the fair share (a PNG)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import pygame

from games import registry
from graphics.assets import FONTS, ROOT
from graphics.config import colour, table_layout


def rows(figures: Mapping[str, Any]) -> list[list[tuple[str, str, Mapping[str, Any]]]]:
    """Returns the groups of (label, note, rate) to draw: the bots, the first player, the sides."""
    groups = [[(f["label"], "", f) for f in figures["bots"].values()],
              [("First player", figures["first_seat"]["who"], figures["first_seat"])]]
    if figures["sides"]:
        groups.append([(side, "", f) for side, f in figures["sides"].items()])
    return [[row for row in group if row[2]["games"]] for group in groups]


class Chart:
    """The geometry and fonts of the chart, from data/table/layout.yaml (arena_plot)."""

    def __init__(self, groups: list) -> None:
        self.style = table_layout().get("arena_plot")
        self.fonts = {name: pygame.font.Font(str(ROOT / "fonts" / FONTS["bold" if name == "title" else "body"]), px)
                      for name, px in self.style["fonts"].items()}
        s = self.style
        self.left = s["margin"] + s["label"]
        self.right = s["width"] - s["margin"] - s["figure"]
        self.top = s["margin"] + 2 * s["title"]
        count = sum(len(group) for group in groups)
        self.height = self.top + count * s["row"] + (len(groups) - 1) * s["gap"] + s["axis"] + s["margin"]

    def x(self, rate: float) -> int:
        """Returns the x of a win rate (0..1) on the scale."""
        return round(self.left + rate * (self.right - self.left))

    def write(self, surface: pygame.Surface, text: str, font: str, pos, anchor: str = "midleft", ink: str = "ink") -> None:
        """Writes one line of text with its `anchor` at `pos`."""
        picture = self.fonts[font].render(text, True, colour(ink))
        surface.blit(picture, picture.get_rect(**{anchor: pos}))


def draw(figures: Mapping[str, Any]) -> pygame.Surface:
    """Returns the chart of an arena run's figures."""
    pygame.font.init()
    groups = rows(figures)
    chart = Chart(groups)
    s = chart.style
    surface = pygame.Surface((s["width"], chart.height))
    surface.fill(colour("paper"))
    game = registry.get(figures["game"])
    chart.write(surface, f"{game.title}: win rates, {figures['games']} games, {figures['players']} players",
                "title", (s["margin"], s["margin"] + s["title"] // 2))
    budget = f", Hard at {figures['iterations']} iterations a move" if figures.get("iterations") else ""
    chart.write(surface, f"bars: rate per seat played; whiskers: 95% Wilson interval; dashed: fair share{budget}",
                "small", (s["margin"], s["margin"] + 3 * s["title"] // 2))
    y = chart.top
    for group in groups:
        for label, note, figure in group:
            _bar(surface, chart, y, label, note, figure)
            y += s["row"]
        y += s["gap"]
    _axis(surface, chart, chart.top, y - s["gap"])
    return surface


def _bar(surface: pygame.Surface, chart: Chart, y: int, label: str, note: str, figure: Mapping[str, Any]) -> None:
    """Draws one row: the label (and its note under it), the bar, the interval, the fair-share mark and the
    figures."""
    s = chart.style
    middle = y + s["row"] // 2
    if note:
        chart.write(surface, _fit(chart, label, s["label"] - 16, "body"), "body", (s["margin"], middle), "bottomleft")
        chart.write(surface, _fit(chart, note, s["label"] - 16, "small"), "small", (s["margin"], middle), "topleft",
                    "log_text")
    else:
        chart.write(surface, _fit(chart, label, s["label"] - 16, "body"), "body", (s["margin"], middle))
    bar = pygame.Rect(chart.left, middle - s["bar"] // 2, chart.x(figure["win_rate"]) - chart.left, s["bar"])
    pygame.draw.rect(surface, colour("button"), bar, border_radius=4)
    pygame.draw.rect(surface, colour("panel_edge"), bar, 2, border_radius=4)
    low, high = (chart.x(v) for v in figure["ci95"])
    pygame.draw.line(surface, colour("ink"), (low, middle), (high, middle), 3)
    for end in (low, high):
        pygame.draw.line(surface, colour("ink"), (end, middle - 10), (end, middle + 10), 3)
    fair = chart.x(figure["fair"])
    for top in range(y + 4, y + s["row"] - 4, 10):
        pygame.draw.line(surface, colour("accent"), (fair, top), (fair, top + 5), 3)
    low, high = figure["ci95"]
    text = f"{100 * figure['win_rate']:.1f}% [{100 * low:.0f}, {100 * high:.0f}] of {figure['games']}"
    chart.write(surface, text, "body", (chart.right + 16, middle))


def _axis(surface: pygame.Surface, chart: Chart, top: int, bottom: int) -> None:
    """Draws the percent scale under the bars with light grid lines."""
    for percent in range(0, 101, 10):
        x = chart.x(percent / 100)
        pygame.draw.line(surface, colour("rule"), (x, top), (x, bottom), 1)
        chart.write(surface, f"{percent}%", "small", (x, bottom + 8), "midtop", "log_text")
    pygame.draw.line(surface, colour("panel_edge"), (chart.left, bottom), (chart.right, bottom), 2)


def _fit(chart: Chart, text: str, width: int, face: str) -> str:
    """Returns `text`, cut with an ellipsis if it is wider than `width` in the font `face`."""
    font = chart.fonts[face]
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def save_plot(figures: Mapping[str, Any], path: Path) -> None:
    """Writes the chart of an arena run's figures to a PNG file."""
    pygame.image.save(draw(figures), str(path))
