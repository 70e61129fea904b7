"""Every Stumped card says what it does, readably, at 1280x720 (issue 28: cards printed no effect there):
the hand's cards the effect in a few words, the card shown large on hover the whole rules text, uncut."""
import pytest

from games.stumped.cards import load_rules
from graphics.kit.text import fit
from graphics.views.stumped.faces import StumpedFaces
from graphics.views.stumped.geometry import layout
from tests.app_driver import Driver

RULES = load_rules()
READABLE = 10  # window pixels: the smallest text we call readable
SMALL = 1280 / 1920  # the 1280x720 window's scale of the 1920x1080 canvas


@pytest.fixture(scope="module")
def assets(tmp_path_factory):
    driver = Driver(tmp_path_factory.mktemp("faces"), None, size=(1280, 720))
    yield driver.app.painter().assets
    driver.close()


def fitted(assets, style, text: str, size: tuple[int, int]):
    w, h = size
    box = (int(style.text[2] * w), int(style.text[3] * h))
    floor = max(7, int(h * style.floor))
    return fit(assets, text, box, style.text_face, max(floor, int(h * style.text_size)), floor)


def window(name: str, scale: float) -> tuple[int, int]:
    w, h = layout().size(name)
    return int(w * scale), int(h * scale)


def test_every_card_has_a_short_effect():
    for card in RULES.catalog:
        assert card.summary and len(card.summary) <= 40, card.id
    assert RULES.card("sunbeam").summary == "Sun to hand"
    assert RULES.card("impressive_irrigation").summary == "+2 energy"


@pytest.mark.parametrize("scale", [SMALL, 1.0])
def test_hand_cards_show_their_effect_readably_and_uncut(assets, scale):
    faces = StumpedFaces()
    size = window("hand_card", scale)
    style = faces.style if size[0] >= faces.full_width else faces.short.style
    assert size[0] >= style.text_width, "the hand's cards print no effect"
    for card in RULES.catalog:
        text = card.text if style is faces.style else card.summary
        result = fitted(assets, style, text, size)
        assert not result.cut and result.px >= READABLE, (card.id, size, result.px)


@pytest.mark.parametrize("scale", [SMALL, 1.0])
def test_the_card_shown_large_has_its_whole_text_readable(assets, scale):
    faces = StumpedFaces()
    size = window("zoom_card", scale)
    assert size[0] >= faces.full_width
    for card in RULES.catalog:
        result = fitted(assets, faces.style, card.text, size)
        assert not result.cut and result.px >= READABLE + 3, (card.id, result.px)


def test_market_cards_print_their_effect_uncut_at_1280(assets):
    faces = StumpedFaces()
    size = window("market_card", SMALL)
    assert faces.short.style.text_width <= size[0] < faces.full_width
    for card in RULES.catalog:
        assert not fitted(assets, faces.short.style, card.summary, size).cut, card.id
