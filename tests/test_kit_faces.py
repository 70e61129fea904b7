"""Card faces composed from card YAML: any game's cards are drawn from its `card_face:` style, once per size."""
from dataclasses import dataclass

import pygame
import pytest

from games.core.data import build
from games.core.errors import DataError
from games.scrimish.cards import load_deck
from graphics.assets import SurfaceCache
from graphics.kit.faces import CardFaces, FaceStyle, face_of
from tests.kit_helpers import painter

STUMPED_LIKE = {  # what a new game writes in data/<game>/layout.yaml under card_face:
    "fields": {"title": "name", "cost": "cost", "text": "effect", "art": "art", "icons": "icons"},
    "art": "stumped/art_{}", "icon": "stumped/icon_{}",
    "title": [0.08, 0.04, 0.66, 0.1], "cost": [0.76, 0.02, 0.2, 0.14], "picture": [0.08, 0.16, 0.84, 0.36],
    "icons": [0.08, 0.54, 0.84, 0.08], "text": [0.08, 0.64, 0.84, 0.32], "detail_width": 60,
}


@dataclass(frozen=True)
class MarketCard:
    """A catalog entry of a game that has no view code yet."""

    id: str
    name: str
    cost: int
    effect: str
    art: str
    icons: dict


CARDS = [MarketCard("sapling", "Sapling", 2, "Grow one segment. Draw a card.", "sapling", {"leaf": 1}),
         MarketCard("gale", "Autumn Gale of the Northern Wood", 7,
                    "Every other player discards two cards; you gain energy equal to the cards discarded this way, "
                    "then trash this card. " * 2, "gale", {"wind": 3, "leaf": 2})]


def test_a_new_games_cards_are_drawn_from_yaml_alone():
    paint = painter()
    faces = CardFaces("stumped", build(FaceStyle, STUMPED_LIKE, "card_face"))
    for card in CARDS:
        assert face_of(card, faces.style.fields).cost == str(card.cost)
        for size in ((60, 84), (150, 210), (300, 420)):
            surface = faces.surface(paint.assets, card, size)
            assert surface.get_size() == size
            assert faces.surface(paint.assets, card, size) is surface  # rasterized once per size
    assert faces.surface(paint.assets, None, (150, 210)).get_size() == (150, 210)  # the back
    faces.draw(paint, CARDS[1], pygame.Rect(100, 100, 200, 280))


def test_a_small_card_shows_its_title_and_a_large_one_its_text_too(monkeypatch):
    paint = painter()
    style = build(FaceStyle, {**STUMPED_LIKE, "detail_width": 40, "text_width": 120}, "card_face")
    faces = CardFaces("stumped", style)
    drawn = []
    monkeypatch.setattr(CardFaces, "_text", lambda self, surface, assets, text, *rest: drawn.append((surface.get_width(), text)))
    for width in (30, 60, 150):
        faces.surface(paint.assets, CARDS[0], (width, width * 7 // 5))
    assert drawn == [(60, "Sapling"), (150, "Sapling"), (150, CARDS[0].effect)]


def test_scrimish_faces_come_from_its_layout():
    paint = painter()
    faces = CardFaces("scrimish")
    deck = load_deck()
    face = faces.face(deck.cards["morning_star"])
    assert (face.title, face.corner, face.art) == ("Morning Star", "3", "morning_star")
    small = faces.surface(paint.assets, deck.cards["crown"], (100, 140))
    big = faces.surface(paint.assets, deck.cards["crown"], (300, 420))
    assert small.get_size() == (100, 140) and big.get_size() == (300, 420)


def test_a_style_naming_an_unknown_part_is_refused():
    with pytest.raises(DataError, match="unknown part 'flavour'"):
        build(FaceStyle, {"fields": {"flavour": "text"}}, "card_face")


def test_the_image_cache_is_bounded():
    cache = SurfaceCache(budget=100 * 100 * 4 * 3)
    pygame.display.init()
    for i in range(10):
        cache.get(("sprite", i), lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    assert len(cache) == 3 and cache.used <= cache.budget
    kept = cache.get(("sprite", 9), lambda: pytest.fail("rebuilt a kept surface"))
    assert kept.get_size() == (100, 100)


@pytest.mark.parametrize("size", [(60, 84), (150, 210)])
def test_a_six_is_underlined_so_that_turned_round_it_does_not_read_as_nine(size):
    """The corner index of a 6 (and a 9) carries a line under it in both corners; other indices do not."""
    import dataclasses
    paint = painter()
    faces = CardFaces("scrimish")
    assert {"6", "9"} <= set(faces.style.underline)
    plain = CardFaces("scrimish", dataclasses.replace(faces.style, underline=()))
    deck = load_deck()
    x, y, w, h = faces.style.corner

    def ink(cards: CardFaces, card, turned: bool) -> pygame.Rect:
        surface = cards.surface(paint.assets, card, size)
        box = pygame.Rect(int(x * size[0]), int(y * size[1]), int(w * size[0]), int(h * size[1]))
        if turned:
            box.bottomright = (size[0] - box.x, size[1] - box.y)
        mark = pygame.Surface(box.size, pygame.SRCALPHA)
        mark.blit(surface, (0, 0), box)
        dark = pygame.mask.from_threshold(mark, (43, 29, 18, 255), (60, 60, 60, 255))
        return dark.get_bounding_rects()[0].unionall(dark.get_bounding_rects())

    for turned in (False, True):
        six, five = ink(faces, deck.cards["longsword"], turned), ink(faces, deck.cards["halberd"], turned)
        bare = ink(plain, deck.cards["longsword"], turned)
        assert six.height > bare.height, "the 6 has its line"
        assert five == ink(plain, deck.cards["halberd"], turned), "the 5 has none"


def test_a_card_s_id_given_for_its_definition_is_an_error_not_a_blank_face():
    faces = CardFaces("scrimish")
    paint = painter()
    faces.draw(paint, load_deck().cards["dagger"], pygame.Rect(0, 0, 100, 150))  # the definition draws
    with pytest.raises(TypeError, match="not from its id 'dagger'"):
        faces.draw(paint, "dagger", pygame.Rect(0, 0, 100, 150))
