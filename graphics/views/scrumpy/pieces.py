"""Scrumpy's pieces on screen: worker card faces read from workers.yaml, cubes, the Owner meeple, resource
icons with counts and the small pills (coins, prestige) every cidery shows."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from games.scrumpy.data import load
from graphics.config import SeatColour, colour
from graphics.kit.faces import CardFaces
from graphics.kit.text import fit
from graphics.paint import Painter
from graphics.views.scrumpy.geometry import GAME, layout

ICONS = {"apple": "apple", "wood": "wood", "barrel": "barrel", "bottle": "bottle", "cider": "cider",
         "coin": "coin", "coins": "coin", "prestige": "prestige", "tree": "tree", "die": "die"}


def icon(name: str) -> str:
    """Returns the sprite of an icon (a resource, coin, prestige, tree, die ...)."""
    return f"scrumpy/icon_{ICONS.get(name, name)}"


@dataclass(frozen=True)
class WorkerFace:
    """What a worker card shows: the fields layout.yaml's card_face maps to parts of the face."""

    name: str
    cost: str  # "" for core workers and Idle Layabouts (no cost badge)
    text: str
    art: str
    icons: tuple[tuple[str, int], ...]  # the corner (Auxiliary) action's reward


@functools.lru_cache(maxsize=64)
def worker_face(kind: str) -> WorkerFace:
    """Returns the face of a worker kind or card instance, from its YAML."""
    worker = load().worker(kind)
    cost = str(worker.cost) if worker.tier in ("skilled", "master") else ""
    aux = layout().get("secondary").get(worker.secondary, "")
    text = worker.text if not aux or "Auxiliary" in worker.text else f"{worker.text}\n{aux}"
    icons = ((worker.secondary, 1),) if worker.secondary != "none" else ()
    return WorkerFace(worker.name, cost, text, worker.art, icons)


class Faces(CardFaces):
    """Scrumpy's card faces: a card is drawn from its id (None: its back)."""

    def __init__(self) -> None:
        super().__init__(GAME)

    def draw(self, paint: Painter, card, rect, lift: float = 0) -> pygame.Rect:
        return super().draw(paint, self.of(card), rect, lift)

    def sprite(self, card):
        return super().sprite(self.of(card))

    def _text(self, surface, assets, text: str, box, face: str, ink: str, size: float | None,
              align: str = "center") -> None:
        """Draws a card's text; its name starts at one line of the green band and wraps into a second line
        (down over the picture's frame) only on a card too small for it on one, set in the narrower body face
        if even two lines of the title face would cut it ("Master Procrastinator" at 1280x720)."""
        if box == self.style.title and size is None:
            size = layout().number("card_title_size")
            floor = self._floor(surface)
            px = max(floor, int(surface.get_height() * size))
            tiny = tuple(layout().get("card_title_small"))
            for box, face in ((box, face), (box, "body"), (tiny, "body")):  # the last one is drawn, cut or not
                if not fit(assets, text, self._box(surface, box).size, face, px, floor).cut:
                    break
        super()._text(surface, assets, text, box, face, ink, size, align)

    @staticmethod
    def of(card) -> WorkerFace | None:
        """Returns the face of a card id (None stays None: a back)."""
        return card if card is None or isinstance(card, WorkerFace) else worker_face(card)


def draw_cube(paint: Painter, rect, rgb) -> None:
    """Draws an upgrade cube of a seat's colour (a rounded square with a lit top)."""
    rect = pygame.Rect(rect)
    paint.rect(rect.move(2, 3), colour("shadow"), 4)
    paint.rect(rect, rgb, 4)
    paint.rect(pygame.Rect(rect.x + 3, rect.y + 3, rect.width - 6, rect.height // 3), _lighter(rgb), 3)
    paint.rect(rect, colour("symbol_outline"), 4, 2)


def draw_marker(paint: Painter, center, size: float, seat: SeatColour | None) -> None:
    """Draws who holds a vendor space or a goal: the seat's symbol in its colour (the Automa's gear if None)."""
    if seat is None:
        paint.image("scrumpy/icon_automa", (center[0] - size / 2, center[1] - size / 2, size, size))
    else:
        paint.symbol(seat.symbol, center, size, seat.rgb)


def draw_meeple(paint: Painter, rect, rgb) -> None:
    """Draws the Owner meeple in a seat's colour."""
    rect = pygame.Rect(rect)
    w, h = rect.width, rect.height
    shape = [(0.5, 0.0), (0.68, 0.08), (0.7, 0.28), (1.0, 0.42), (0.98, 0.56), (0.72, 0.54), (0.95, 1.0),
             (0.58, 1.0), (0.5, 0.8), (0.42, 1.0), (0.05, 1.0), (0.28, 0.54), (0.02, 0.56), (0.0, 0.42),
             (0.3, 0.28), (0.32, 0.08)]
    points = [paint.viewport.point((rect.x + fx * w, rect.y + fy * h)) for fx, fy in shape]
    shadow = [(x + 3, y + 3) for x, y in points]
    pygame.draw.polygon(paint.surface, colour("shadow"), shadow)
    pygame.draw.polygon(paint.surface, rgb, points)
    pygame.draw.polygon(paint.surface, colour("symbol_outline"), points, max(1, paint.viewport.px(2)))


def draw_amount(paint: Painter, rect, name: str, amount, ink=None, size: str = "small", side: float = 0) -> None:
    """Draws an icon (`side` high, else as high as `rect`) followed by an amount ("[apple] 4"), fitted into `rect`."""
    rect = pygame.Rect(rect)
    side = side or rect.height
    paint.image(icon(name), (rect.x, rect.centery - side / 2, side, side))
    paint.text(str(amount), (rect.x + side + 2, rect.y, rect.width - side - 2, rect.height), size,
               ink or colour("ink", GAME), "bold", "midleft")


def draw_value(paint: Painter, rect, prestige: int) -> None:
    """Draws the prestige something scores at the end: a red disc with the number."""
    rect = pygame.Rect(rect)
    side = min(rect.width, rect.height)
    disc = pygame.Rect(0, 0, side, side)
    disc.center = rect.center
    paint.rect(disc.move(1, 2), colour("shadow"), side // 2)
    paint.rect(disc, colour("star", GAME), side // 2)
    paint.rect(disc, colour("token", GAME), side // 2, 2)
    paint.text(str(prestige), disc.inflate(-4, -4), "small", colour("label", GAME), "bold", floor="tiny")


def draw_pill(paint: Painter, rect, name: str, amount, tip: str = "") -> None:
    """Draws a counter pill with an icon (coins, prestige), registering a note for hover."""
    rect = pygame.Rect(rect)
    paint.rect(rect, colour("counter"), rect.height // 2)
    paint.rect(rect, colour("panel_edge"), rect.height // 2, 2)
    draw_amount(paint, rect.inflate(-rect.height // 2, -6), name, amount)
    if tip:
        paint.hits.tip(rect, tip)


def _lighter(rgb) -> tuple[int, int, int]:
    """Returns a colour halfway to white."""
    return tuple(min(255, (c + 255) // 2) for c in rgb)
