"""Stumped's card faces: the whole rules text where a card is big enough to read it, else the effect in a
few words (Card.summary: "+2 cards, +1 action"), so that every card on the table says what it does; the
card shown large on hover always has its whole text."""
from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from graphics.kit.faces import CardFaces, face_style
from graphics.views.stumped.geometry import GAME, layout


class StumpedFaces(CardFaces):
    """Card faces that switch to the short effect on cards narrower than `card_text.full_width` window pixels."""

    def __init__(self) -> None:
        super().__init__(GAME)
        short = layout().get("card_text")
        style = dataclasses.replace(face_style(GAME), fields={**self.style.fields, "text": "summary"},
                                    text_width=int(short["summary_width"]), text_size=float(short["summary_size"]),
                                    floor=float(short["summary_floor"]), text=tuple(short["summary_box"]),
                                    picture=tuple(short["summary_picture"]))
        self.short = CardFaces(GAME, style)
        self.full_width = int(short["full_width"])

    def surface(self, assets, card: Any | None, size: tuple[int, int]) -> pygame.Surface:
        """Returns the face at `size` window pixels: the short effect on a small card."""
        if card is not None and size[0] < self.full_width:
            return self.short.surface(assets, card, size)
        return super().surface(assets, card, size)
