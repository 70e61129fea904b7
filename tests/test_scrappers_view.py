"""The Scrappers view asked about places that are no longer there: every place key any picture of a game
registers, asked of every other position of that game (as a pointer resting on a place while the board
changes under it would), draws nothing of what the position does not hold and raises nothing."""
import pygame

from games import registry
from games.core.bots import RandomBot, decision_rng
from games.core.match import Seat
from graphics.views.scrappers import ScrappersView
from tests.app_driver import Driver


def positions(seed: int, plies: int):
    """Yields the views of a 3-player random game with Keelie and Guppy, every ply, of the seat to move."""
    state = registry.get("scrappers").new_state(3, {"keelie": True, "guppy": True}, seed)
    bot = RandomBot()
    for ply in range(plies):
        if state.is_over():
            return
        seat = state.current_player()
        yield state.view(seat), seat
        state.apply(bot.choose(state.view(seat), decision_rng(seed, seat, ply)))


def test_a_stale_place_key_never_reaches_the_data(tmp_path):
    driver = Driver(tmp_path, None)
    seats = [Seat(n, c) for n, c in (("Ann", "orange"), ("Bob", "sky"), ("Cy", "green"))]
    view_maker = ScrappersView(registry.get("scrappers"), seats)
    paint = driver.app.painter()
    keys, views = set(), []
    for view, seat in positions(5, 600):
        paint.hits.clear()
        view_maker.draw(paint, view, seat, set())
        view_maker.draw_live(paint, view, seat, None, set())
        keys |= paint.hits.keys()
        views.append((view, seat))
    kinds = {key[0] for key in keys}
    assert {"row", "front", "commit", "hand", "slot", "space", "bodger", "panel"} <= kinds, sorted(kinds)
    for view, seat in views[::7]:
        for key in keys:
            paint.hits.clear()
            paint.hits.add(key, pygame.Rect(600, 300, 40, 40))  # the old picture's place, still under the pointer
            view_maker.draw_zoom(paint, view, seat, key, (620, 320))
    stale = [key for view, _ in views[::7] for key in keys if not ScrappersView.holds(view, key)]
    assert any(key[0] == "row" for key in stale) and any(key[0] == "front" for key in stale)
    driver.close()


def test_every_cards_words_fit_beside_its_large_view_at_1280x720(tmp_path):
    """A hovered action card shows its name, tussle symbols and what each button does, whole and at the
    small font size, in the panel beside its large view."""
    from graphics.views.scrappers.sprites import card_text, layout
    driver = Driver(tmp_path, None, size=(1280, 720))
    paint, data = driver.app.painter(), registry.get("scrappers").new_state(2, {"keelie": True, "guppy": True}, 1).data
    (_, height), width, pad = layout().size("zoom_card"), layout().number("card_text_width"), 14
    for card in data.cards:
        text = card_text(data, card.id)
        fitted = paint.fit(text, (0, 0, width - 2 * pad, height - 2 * pad), "small")
        assert not fitted.cut and fitted.px == paint.font_px("small"), card.id
        assert card.name in text and all(b.label in text for row in card.rows for b in row)
    driver.close()


def centre_words_box(tmp_path):
    """Returns a driver at 1280x720, a 4-player state with Keelie and Guppy, and the centre's box for words."""
    driver = Driver(tmp_path, None, size=(1280, 720))
    state = registry.get("scrappers").new_state(4, {"keelie": True, "guppy": True}, 1)
    view = ScrappersView(registry.get("scrappers"), [Seat(f"P{i}", "orange") for i in range(4)])
    return driver, state, view.drawing(state).table.centre_part()[1]


def test_every_part_buttons_words_fit_the_centre_at_1280x720(tmp_path):
    """The part button's words under the part in the centre are whole for every part at 1280x720."""
    from graphics.views.scrappers.sprites import button_text
    driver, state, text = centre_words_box(tmp_path)
    paint = driver.app.painter()
    for part in state.data.parts:
        fitted = paint.fit(button_text(part.button), text, "small")
        assert not fitted.cut, part.id
    driver.close()


def test_a_tussles_words_fit_the_centre_at_1280x720_with_the_longest_names(tmp_path):
    from games.scrappers.records import Tussle
    from graphics.views.scrappers.table import tussle_words
    driver, state, box = centre_words_box(tmp_path)
    longest = max(state.data.parts, key=lambda p: len(p.name))
    state.belt.slots[0] = next(p for p in state.belt.hopper.cards if p.split("#")[0] == longest.id)
    state.tussle = Tussle(0, ["ridge", "puck", "keelie"], [0, 1], True, [0, 1, 2, 3], [False] * 4, [])
    words = tussle_words(state)
    assert longest.name in words and "Ridge, Puck and Keelie" in words
    assert not driver.app.painter().fit(words, box, "small").cut
    driver.close()
