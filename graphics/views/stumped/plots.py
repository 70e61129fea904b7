"""The garden: one plot per player with its seat badge, its tree (the frame of stumped/tree.py), the leaf
count, and the soil: the roots (Sun, Dirt and Water stacks with their counts), the deck, the discard
pile and the hand's size. Registers ("tree", seat), ("roots", seat, kind), ("deck", seat),
("discard", seat), ("hand_count", seat) and, on the growing tree, ("hole", seat, parent, hole): at 5-8
players, while the viewer grows, on that tree drawn large over the market (a plot's tree is too small to
click its holes)."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.stumped.cards import BASICS
from games.stumped.records import GROW
from games.stumped.state import StumpedState
from graphics.config import Theme, seat_colour
from graphics.kit.faces import CardFaces
from graphics.kit.table import badge_parts, draw_seat_badge
from graphics.paint import Painter
from graphics.views.stumped.geometry import GAME, Geometry, layout
from graphics.views.stumped.tree import Frame, TreePainter, bounds, fit, frame_for


def growing(view: StumpedState) -> int | None:
    """Returns the seat choosing where to grow, if a growth decision is pending."""
    decision = view.pending_decision()
    return decision.seat if decision is not None and decision.kind == GROW else None


def frame_of(view: StumpedState, geometry: Geometry) -> Frame:
    """Returns the frame of every tree of a view (free holes of the growing tree included)."""
    seat = growing(view)
    spots = view.trees[seat].spots(view.rules.shapes) if seat is not None else ()
    return frame_for(geometry, view.trees, spots, seat)


def badge_name(paint: Painter, rect: pygame.Rect, name: str) -> tuple[str, str]:
    """Returns a plot's name as drawn and its text size: as it is, smaller if it would be cut, or, a long
    word that fits no line, broken over two lines (never cut)."""
    for size in ("body", "small"):
        if not paint.fit(name, badge_parts(paint, rect, "", size).name, size, "bold").cut:
            return name, size
    width = badge_parts(paint, rect, "", "small").name.width
    return "\n".join(paint.wrap(name, width, "small", "bold", break_words=True)), "small"


def closeup_frame(view: StumpedState, frame: Frame, seat: int) -> Frame:
    """Returns `frame` with `seat`'s tree and its buds fitted, as large as they may be, into the close-up panel."""
    spots = view.trees[seat].spots(view.rules.shapes)
    scale, origin = fit(bounds(view.trees[seat], spots), layout().rect("closeup.tree"), layout().number("closeup.most"),
                        bool(spots))
    scales, origins = list(frame.scales), list(frame.origins)
    scales[seat], origins[seat] = scale, origin
    return Frame(tuple(scales), tuple(origins))


class Plots:
    """Draws the players' plots."""

    def __init__(self, faces: CardFaces, seats: Sequence) -> None:
        self.faces = faces
        self.seats = seats
        self.theme = Theme(GAME)
        self.trees = TreePainter()

    def draw(self, paint: Painter, view: StumpedState, geometry: Geometry, hidden: set[Hashable],
             closeup: int | None = None) -> Frame:
        """Draws every plot; returns the trees' frame. The free holes of the growing tree are buds on it, or,
        with `closeup` (the grower's seat), on its tree drawn large in the close-up panel."""
        frame = frame_of(view, geometry)
        grower = growing(view)
        for seat in range(view.players):
            self.draw_plot(paint, view, geometry, frame, seat, hidden)
            if seat == grower and closeup is None:
                self.trees.draw_buds(paint, frame, seat, *self._holes(view, seat))
        if closeup is not None:
            self.draw_closeup(paint, view, frame, closeup, hidden)
        return frame

    @staticmethod
    def closeup_seat(view: StumpedState, geometry: Geometry, viewer: int | None) -> int | None:
        """Returns the seat whose tree is shown large while it grows: the viewer's own, in a garden of two rows
        (5-8 players), where a plot's tree is too small to click its holes."""
        grower = growing(view)
        return grower if grower is not None and geometry.compact and grower == viewer else None

    def draw_closeup(self, paint: Painter, view: StumpedState, frame: Frame, seat: int,
                     hidden: set[Hashable]) -> None:
        """Draws the growing player's tree large over the market, with a bud on each hole it may grow in."""
        panel = layout().rect("closeup.panel")
        self._sky(paint, panel)
        paint.rect(panel, seat_colour(self.seats[seat].colour).rgb, 14, 5)
        title = f"Grow your tree: {view.turn.growth} growth to spend"
        paint.text(title, layout().rect("closeup.title"), "body", self.theme.colour("ink"), "bold", "midleft")
        large = closeup_frame(view, frame, seat)
        self.trees.draw_tree(paint, large, seat, view.trees[seat], hidden)
        self.trees.draw_buds(paint, large, seat, *self._holes(view, seat))

    @staticmethod
    def _holes(view: StumpedState, seat: int):
        """Returns every free hole of the growing tree, and the (parent, hole) of those something may grow in now
        (the others are drawn too, without a glow: hovering one says why nothing grows there now)."""
        live = {(action.parent, action.hole) for action in view.legal_actions() if hasattr(action, "hole")}
        return view.trees[seat].spots(view.rules.shapes), live

    def active(self, view: StumpedState, seat: int) -> bool:
        """Returns whether a plot is lit: the player whose turn it is, or a winner."""
        return seat in view.winners() if view.is_over() else seat == view.turn.seat

    def draw_plot(self, paint: Painter, view: StumpedState, geometry: Geometry, frame: Frame, seat: int,
                  hidden: set[Hashable]) -> None:
        """Draws one plot: sky, badge, tree, leaf count and soil."""
        plot, colour = geometry.plot(seat), seat_colour(self.seats[seat].colour)
        lit = self.active(view, seat)
        self._sky(paint, plot)
        if lit:
            paint.rect(plot, colour.rgb, 14, 5)
        else:
            paint.rect(plot, self.theme.colour("plot_edge"), 14, 2)
        name, size = badge_name(paint, geometry.badge(seat), self.seats[seat].name)
        draw_seat_badge(paint, geometry.badge(seat), name, colour, "", lit, ink=self.theme.colour("ink"), size=size)
        paint.hits.add(("tree", seat), geometry.tree_area(seat))
        self.trees.draw_tree(paint, frame, seat, view.trees[seat], hidden)
        self._leaf_count(paint, view, geometry, seat)
        self._soil(paint, view, geometry, seat, hidden)

    def _sky(self, paint: Painter, plot: pygame.Rect) -> None:
        """Draws a plot's sky: a soft gradient with rounded corners."""
        screen = paint.viewport.rect(plot)
        top, bottom = self.theme.colour("sky_top"), self.theme.colour("sky_bottom")
        radius = paint.viewport.px(14)

        def build() -> pygame.Surface:
            surface = pygame.Surface(screen.size, pygame.SRCALPHA)
            h = max(1, screen.height)
            for y in range(h):
                u = y / h
                rgb = tuple(int(a + (b - a) * u) for a, b in zip(top, bottom))
                pygame.draw.line(surface, rgb, (0, y), (screen.width, y))
            mask = pygame.Surface(screen.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
            surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            return surface
        paint.surface.blit(paint.assets.cached(("stumped-sky", screen.size, top, bottom), build), screen)

    def _leaf_count(self, paint: Painter, view: StumpedState, geometry: Geometry, seat: int) -> None:
        """Draws '7/10' beside a leaf in the tree area's corner."""
        rect = geometry.leaves(seat)
        paint.rect(rect, self.theme.colour("leaf_count"), rect.height // 2)
        paint.rect(rect, self.theme.colour("plot_edge"), rect.height // 2, 2)
        icon = pygame.Rect(rect.x + 4, rect.y + 2, rect.height - 4, rect.height - 4)
        paint.image(f"{GAME}/icon_leaf", icon)
        text = f"{view.trees[seat].leaves}/{view.tree_kind.win_leaves}"
        paint.text(text, (icon.right + 2, rect.y, rect.right - icon.right - 8, rect.height), "small",
                   self.theme.colour("ink"), "bold")

    # --- the soil -----------------------------------------------------------------------------
    def _soil(self, paint: Painter, view: StumpedState, geometry: Geometry, seat: int,
              hidden: set[Hashable]) -> None:
        """Draws the ground with the roots' three stacks, the deck, the discard pile and the hand."""
        soil, ground = geometry.soil(seat), geometry.ground(seat)
        earth, edge = self.theme.colour("soil"), self.theme.colour("soil_dark")
        if geometry.compact:  # a strip of ground under the tree, the soil a column beside it
            paint.rect(pygame.Rect(ground.x, ground.y, ground.width + 20, ground.height), earth, 8)
            paint.rect(pygame.Rect(ground.x, ground.y, ground.width, ground.height // 2), earth)
            paint.rect(soil, earth, 14)
            paint.rect(pygame.Rect(soil.x, soil.y, 16, soil.height), earth)
            paint.rect(pygame.Rect(soil.x, soil.y, soil.width, 16), earth)
            paint.line((ground.x, ground.y), (soil.x, ground.y), edge, 3)
            paint.line((soil.x, soil.y), (soil.x, ground.y), edge, 3)
        else:
            paint.rect(soil, earth, 14)
            paint.rect(pygame.Rect(soil.x, soil.y, soil.width, 16), earth)
            paint.line((soil.x, soil.y), (soil.right, soil.y), edge, 3)
        for kind in BASICS:
            self.stack(paint, geometry, seat, kind, view.roots[seat][kind], kind, ("roots", seat, kind))
        self.stack(paint, geometry, seat, "deck", len(view.decks[seat]), None, ("deck", seat))
        discard = view.discards[seat].cards
        self.stack(paint, geometry, seat, "discard", len(discard), discard[-1] if discard else None,
                   ("discard", seat))
        self.stack(paint, geometry, seat, "hand", len(view.hands[seat]), None, ("hand_count", seat), fan=True)

    def stack(self, paint: Painter, geometry: Geometry, seat: int, what: str, count: int, card: str | None,
              key: Hashable, fan: bool = False) -> None:
        """Draws a small stack in the soil (its top card face up if given, else backs) and its count below."""
        rect, label = geometry.soil_card(seat, what), geometry.soil_count(seat, what)
        step, most = layout().number("plot.stack_step"), int(layout().number("plot.stack_most"))
        if count <= 0 and card is not None:  # an empty root stack: its resource faded, so each stack is known
            self.mini(paint, card, rect)
            paint.shade(rect, self.theme.colour("soil"), int(layout().number("plot.empty_fade")), 4)
        elif count <= 0:
            paint.rect(rect, self.theme.colour("soil_text"), 5, 2)
        elif fan:
            self.fanned(paint, rect, min(count, 3))
        else:
            for i in range(min(count, most)):
                self.mini(paint, card, rect.move(0, int(-i * step)))
        paint.text(str(count), label, "small", self.theme.colour("soil_text"), "bold")
        paint.hits.add(key, rect.union(label))

    def fanned(self, paint: Painter, rect: pygame.Rect, shown: int) -> None:
        """Draws a few backs fanned like a hand held up (a hand's size, told apart from a deck)."""
        screen = paint.viewport.rect(rect)
        back = self.faces.surface(paint.assets, None, screen.size)
        turn = layout().number("plot.hand_fan")
        for i in range(shown):
            angle = (i - (shown - 1) / 2) * turn
            turned = paint.assets.cached(("stumped-fan", screen.size, angle),
                                         lambda a=angle: pygame.transform.rotozoom(back, -a, 1.0))
            paint.surface.blit(turned, turned.get_rect(midbottom=(screen.centerx + round(angle / 3), screen.bottom)))

    def mini(self, paint: Painter, card: str | None, rect) -> None:
        """Draws a small card: its back, or a plain face with its picture (no text at this size)."""
        screen = paint.viewport.rect(rect)
        if card is None:
            self.faces.draw(paint, None, rect)
            return
        art = f"{GAME}/art_{card}"

        def build() -> pygame.Surface:
            surface = pygame.Surface(screen.size, pygame.SRCALPHA)
            radius = max(2, screen.width // 7)
            pygame.draw.rect(surface, self.theme.colour("card_paper"), surface.get_rect(), border_radius=radius)
            pygame.draw.rect(surface, self.theme.colour("card_edge"), surface.get_rect(), max(1, screen.width // 16),
                             border_radius=radius)
            inner = surface.get_rect().inflate(-max(2, screen.width // 6), -max(2, screen.width // 6))
            if paint.assets.has_image(art):
                picture = paint.assets.image(art, inner.size)
                surface.blit(picture, picture.get_rect(center=inner.center))
            return surface
        shadow = self.faces.shadow(paint.assets, screen.size)
        paint.surface.blit(shadow, screen.move(1, 1))
        paint.surface.blit(paint.assets.cached(("stumped-mini", card, screen.size), build), screen)
