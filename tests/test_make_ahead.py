"""Pictures made ahead, in a frame's spare time: a Scrappers card or part first shown in the middle of an animation
was rasterized in that frame (5-12 ms at 1440p, the slowest frames of a real window); now the first one drawn at a
size asks for the rest of the catalog at that size, and the app makes them after the frames it draws."""
import time

import pygame

from games import registry
from graphics.app import AHEAD_SECONDS
from graphics.views.scrappers.sprites import Sprites
from tests.app_driver import Driver
from tests.kit_helpers import painter


def test_what_is_asked_ahead_is_made_once_oldest_first_and_only_while_time_is_left():
    assets = painter().assets
    made = []
    for key in ("a", "b", "a", "c"):
        assets.ahead(key, lambda key=key: made.append(key))
    assets.make_ahead(time.perf_counter() - 1)  # no time left: nothing is made
    assert made == []
    assets.make_ahead(time.perf_counter() + 60)
    assert made == ["a", "b", "c"], "asked twice, made twice; or not oldest first"
    assets.make_ahead(time.perf_counter() + 60)
    assert made == ["a", "b", "c"], "made again"
    assets.cached("kept", lambda: pygame.Surface((2, 2)))
    assets.ahead("kept", lambda: made.append("kept"))
    assets.make_ahead(time.perf_counter() + 60)
    assert made == ["a", "b", "c"], "a picture the cache holds was asked for again"


def test_a_new_window_size_forgets_what_was_asked_for_the_old_one():
    assets = painter().assets
    made = []
    assets.ahead("old size", lambda: made.append(1))
    assets.clear_sized()
    assets.make_ahead(time.perf_counter() + 60)
    assert made == []


def test_every_frame_makes_what_was_asked_until_its_spare_time_is_spent(tmp_path, monkeypatch):
    app = Driver(tmp_path, None).app
    app.goto("menu")
    untils = []
    monkeypatch.setattr(app.assets, "make_ahead", untils.append)
    for _ in range(3):
        start = time.perf_counter()
        app.frame(1 / 60)
        end = time.perf_counter()
        assert untils, "a frame did not make what was asked ahead"
        assert start + AHEAD_SECONDS <= untils.pop() <= end + AHEAD_SECONDS, \
            "a frame makes pictures ahead until AHEAD_SECONDS after it began"


def test_a_scrappers_card_or_part_drawn_at_a_new_size_has_the_rest_of_its_kind_made_ahead_at_that_size():
    paint = painter((2560, 1440))
    assets, data = paint.assets, registry.get("scrappers").new_state(2, {}, 0).data
    sprites = Sprites(data)
    card = next(iter(data.cards)).id
    part = next(iter(data.parts)).id
    sprites.card(assets, card, (213, 299))
    sprites.part(assets, part, 104)
    assert len(assets.images) < 20, "the whole catalog was made at once, in the frame that drew one card"
    assets.make_ahead(time.perf_counter() + 60)
    for other in [None, *(c.id for c in data.cards)]:
        assert ("scrappers-card", other, (213, 299)) in assets.images, f"card {other} was not made ahead"
    for other in [None, *(p.id for p in data.parts)]:
        assert ("scrappers-part", other, 104, True) in assets.images, f"part {other} was not made ahead"
    assert isinstance(assets.images._items[("scrappers-card", card, (213, 299))], pygame.Surface)


def test_an_icon_first_made_at_a_size_asks_for_its_folders_other_icons_at_that_size():
    assets = painter().assets
    assets.image("scrumpy/icon_apple", (30, 30))
    icons = sorted(f"scrumpy/{path.stem}" for path in (assets.root / "scrumpy").glob("icon_*.svg"))
    assert len(icons) > 5 and all((name, (30, 30)) not in assets.images for name in icons if name != "scrumpy/icon_apple")
    assets.make_ahead(time.perf_counter() + 60)
    assert all((name, (30, 30)) in assets.images for name in icons), "an icon of the folder was not made ahead"
    assert ("scrumpy/icon_apple", (31, 31)) not in assets.images, "made at a size nothing asked for"
    assets.image("scrumpy/art_cooper", (60, 80))
    assert not assets._ahead, "a card's art (not an icon) asked for pictures ahead"
