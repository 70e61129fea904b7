"""The Scrimish screen, measured: the attack banner over the status panel, status lines that fit, names that
never cover "Team N", numbered piles with their top nearest the player, bots that arrange their piles where
everyone sees it, seats laid out so that a free-for-all reads counter-clockwise, underlined 6s, a setup zoom
beside the piles, a game-over panel sized to its content and a log of whole entries."""
import math

import pygame
import pytest

from games import registry
from games.core.actions import Event
from games.core.match import Match, Seat
from games.scrimish import combat
from games.scrimish.actions import ChoosePile, Discard
from games.scrimish.cards import load_deck
from games.scrimish.flow import SETUP
from games.scrimish.play import outcome_text
from graphics.config import colour, seat_colours, table_layout
from graphics.kit.text import positions
from graphics.kit.timeline import Banner, Move
from graphics.paint import Painter
from graphics.scenes.common import start_play
from graphics.scenes.gameover import panel_rects
from graphics.scenes.play import PlayScene
from graphics.views.scrimish import ScrimishView
from graphics.views.scrimish.geometry import Geometry
from tests.app_driver import Driver
from tests.kit_helpers import measured, painter
from tests.scrimish_helpers import playing

NAMES = ["WWWWWWWWWWWWWWWW", "Bartholomew Long", "Maximilian Wood", "Wilhelmina Rossi", "Christabel Harte",
         "Florentyna Ames"]
GAME = registry.get("scrimish")
SIZES = [(1280, 720), (1920, 1080)]
MODES = [(2, "duel")] + [(n, "free_for_all") for n in (3, 4, 5, 6)] + [(4, "2v2"), (6, "3v3"), (6, "2v2v2")]


def seats(players: int, bot: str | None = "casual") -> list[Seat]:
    colours = seat_colours()
    return [Seat(NAMES[i], colours[i].id, bot) for i in range(players)]


def drawn_texts(monkeypatch) -> list:
    """Records every text drawn from now on: (text, its window rect, how it was fitted, align)."""
    calls = []
    original = Painter.text

    def spy(paint, text, rect, size="body", rgb=None, face="body", align="center", floor=None):
        fitted = original(paint, text, rect, size, rgb, face, align, floor)
        calls.append((text, paint.viewport.rect(rect), fitted, align))
        return fitted

    monkeypatch.setattr(Painter, "text", spy)
    return calls


def ink_box(rect: pygame.Rect, fitted, align: str) -> pygame.Rect:
    """Returns where a fitted text's lines were drawn, in window pixels."""
    boxes = [pygame.Rect(corner, (width, fitted.step)) for (_, corner), width in
             zip(positions(fitted, rect, align), fitted.widths)]
    return boxes[0].unionall(boxes[1:])


# --- the attack banner ------------------------------------------------------------------------------
def test_the_attack_banner_is_drawn_over_the_status_panel(tmp_path):
    driver = Driver(tmp_path, "scrimish-banner", speed=1)
    match = Match(GAME, seats(2), {}, 7)
    start_play(driver.app, match)
    play = driver.scene
    for _ in range(20_000):
        driver.frames(1)
        banners = play.timeline.playing(Banner) if play.timeline else []
        if banners and banners[0][1] > 0.3:
            break
    else:
        pytest.fail("no attack was shown")
    banner = banners[0][0]
    status = table_layout().rect("play.status")
    assert banner.rect.colliderect(status) and banner.rect.top <= status.top
    driver.app.draw()
    driver.app.screenshot("banner")
    probe = driver.app.viewport.point((banner.rect.left + 12, banner.rect.centery))  # beside the text
    assert tuple(driver.app.window.get_at(probe))[:3] == colour("banner")
    driver.close()


# --- status lines -----------------------------------------------------------------------------------
def attack_lines(names: list[str], seat: int, foe: int) -> set[str]:
    """Returns the log and status line of every attacker against every defender."""
    deck = load_deck()
    lines = set()
    for mine in deck.cards.values():
        for theirs in deck.cards.values():
            if mine.kind == "shield":
                continue
            outcome = combat.resolve(mine, theirs)
            text = (f"{{{seat}}} attacks {{{foe}}}'s pile 5: {deck.named[mine.id]} against {deck.named[theirs.id]} - "
                    f"{outcome_text(deck, outcome, mine.id, theirs.id)}")
            lines.add(Event("attack", text, {}).describe(names))
    return lines


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players, mode", [(2, "duel"), (6, "free_for_all")])
def test_every_attack_line_fits_the_status_panel_whole(size, players, mode):
    paint = painter(size)
    box = PlayScene.status_box(table_layout().rect("play.status"))
    screen = paint.viewport.rect(box)
    names = NAMES[:players]
    lines = attack_lines(names, 0, 1) | attack_lines(names, 1, 0)
    assert len(lines) >= 2 * 72 - 10
    state = playing(players, mode=mode)
    for seat in range(players):
        state.rotation.start_with(seat)
        lines.add(state.status(names))
        for pile in range(5):
            trial = state.clone()
            trial.decisions[-1].seat = seat
            trial.apply(ChoosePile(pile))
            lines.add(trial.status(names))
    for line in lines:
        fitted = paint.fit(line, box, "body", "bold")
        width, height = measured(paint, fitted)
        assert not fitted.cut and width <= screen.width and height <= screen.height, line


# --- names and teams ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players, mode", [(4, "2v2"), (6, "3v3"), (6, "2v2v2"), (6, "free_for_all")])
def test_long_names_never_cover_the_team_or_the_discards(tmp_path, monkeypatch, size, players, mode):
    driver = Driver(tmp_path, None, size=size)
    match = Match(GAME, seats(players), {"mode": mode}, 3)
    start_play(driver.app, match)
    calls = drawn_texts(monkeypatch)
    driver.frames(3)
    play = driver.scene
    play.board.forget()
    driver.app.draw()
    named = {text: ink_box(rect, fitted, align) for text, rect, fitted, align in calls if text in NAMES[:players]}
    tags = [(text, rect, fitted, align) for text, rect, fitted, align in calls if text.startswith("Team ")]
    assert len(named) == players and (len({tuple(t[1]) for t in tags}) == players or mode == "free_for_all")
    for text, rect, fitted, align in tags:
        assert not fitted.cut, text
        box = ink_box(rect, fitted, align)
        assert not any(box.colliderect(name) for name in named.values()), text
    geometry = Geometry(play.shown, play.viewer)
    for seat in range(players):
        pill = driver.app.viewport.rect(geometry.discard_pill(seat))
        assert not pill.colliderect(named[NAMES[seat]])
    driver.close()


# --- piles -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, mode", MODES)
def test_piles_are_numbered_under_their_top_card(players, mode):
    state = GAME.new_state(players, {"mode": mode}, 1)
    for viewer in (0, players - 1):
        view = state.view(viewer)
        geometry = Geometry(view, viewer)
        cards = [geometry.card_rect(s, p, d) for s in range(players) for p in range(5) for d in range(5)]
        for seat in range(players):
            for pile in range(5):
                number, stack = geometry.pile_number(seat, pile), geometry.slot(seat, pile)  # under the stack
                assert 0 <= number.top - stack.bottom <= 4 and stack.left <= number.centerx <= stack.right
                if geometry.fanned(seat):
                    assert geometry.top_rect(seat, pile) == stack
                assert geometry.areas[seat].contains(number)
                assert number.collidelist(cards) < 0
        fan = [geometry.card_rect(viewer, 0, depth) for depth in range(5)]  # the viewer's own, fanned at setup
        assert [rect.y for rect in fan] == sorted((rect.y for rect in fan), reverse=True), "top card nearest"


def test_the_pile_numbers_are_drawn(monkeypatch):
    paint = painter()
    calls = drawn_texts(monkeypatch)
    view = playing(2).view(0)
    ScrimishView(GAME, seats(2)).draw(paint, view, 0, set())
    numbers = [text for text, *_ in calls if text in "12345"]
    assert sorted(numbers) == sorted("12345" * 2)


# --- bots setting up -----------------------------------------------------------------------------------
def test_a_bot_arranges_its_piles_quickly_and_where_everyone_sees_it(tmp_path):
    driver = Driver(tmp_path, "scrimish-bot-setup", speed=1)
    match = Match(GAME, seats(3), {"mode": "free_for_all"}, 3)
    start_play(driver.app, match)
    play, frames, swaps = driver.scene, 0, set()
    while match.state.phase == SETUP:
        driver.frames(1)
        frames += 1
        for step, t in (play.timeline.playing(Move) if play.timeline else []):
            if id(step) not in swaps:
                swaps.add(id(step))
                if len(swaps) == 2:
                    driver.app.screenshot("swap")
        assert frames < 60 * 12, "three bots took more than 12 seconds to set up"
    assert frames / 60 / 3 < 3.5 and len(swaps) >= 6
    driver.close()


# --- where the seats sit -------------------------------------------------------------------------------
def turn_order(players: int, first: int) -> list[int]:
    """Returns the seats in free-for-all turn order from `first`, as the rules play them."""
    state = playing(players, first=first, mode="free_for_all")
    order = []
    for _ in range(players):
        seat = state.current_player()
        order.append(seat)
        state.apply(ChoosePile(0))
        state.apply(Discard(0))
    return order


def angle(rect: pygame.Rect, centre: tuple[float, float]) -> float:
    """Returns the direction of a seat area from the table's centre, counter-clockwise on screen, in degrees
    from straight down (the viewer)."""
    return (math.degrees(math.atan2(-(rect.centery - centre[1]), rect.centerx - centre[0])) + 90) % 360


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_free_for_all_reads_counter_clockwise_with_the_next_player_on_the_right(players):
    for viewer in range(players):
        order = turn_order(players, viewer)
        assert order[0] == viewer and sorted(order) == list(range(players))
        geometry = Geometry(playing(players, mode="free_for_all").view(viewer), viewer)
        areas = [geometry.areas[seat] for seat in order]
        table = areas[0].unionall(areas[1:])
        angles = [angle(area, table.center) for area in areas]
        assert angles[0] == pytest.approx(0, abs=1)
        assert angles == sorted(angles), f"viewer {viewer}: {order} at {angles}"
        assert areas[1].centerx > areas[0].centerx, "the next player is the first one to the right"
        assert all(not a.colliderect(b) for i, a in enumerate(areas) for b in areas[i + 1:])


# --- the hover zoom -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 6])
def test_the_setup_zoom_covers_no_pile(size, players):
    paint = painter(size)
    view = GAME.new_state(players, {"mode": "duel" if players == 2 else "3v3"}, 1).view(0)
    geometry = Geometry(view, 0)
    piles = geometry.all_pile_rects()
    board = table_layout().rect("play.board")
    drawn = []
    from graphics.kit import overlay
    original = overlay.clear_spot

    def spy(*args, **kwargs):
        drawn.append(original(*args, **kwargs))
        return drawn[-1]

    overlay.clear_spot = spy
    try:
        view_ = ScrimishView(GAME, seats(players))
        for pile in range(5):
            for depth in range(5):
                key = ("card", 0, pile, depth)
                view_.draw_zoom(paint, view, 0, key, geometry.card_rect(0, pile, depth).center)
    finally:
        overlay.clear_spot = original
    assert len(drawn) == 25
    for rect in drawn:
        assert rect.collidelist(piles) < 0 and board.contains(rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players, mode", [(2, "duel"), (4, "free_for_all"), (6, "3v3"), (6, "free_for_all")])
def test_a_hovered_card_of_any_seat_is_shown_large_over_no_pile(size, players, mode):
    """In play, the large card of any seat's hovered top card covers no pile: beside the seat's piles, else
    beside the viewer's own, else smaller, else beside the board over the log (a crowded table)."""
    paint = painter(size)
    state = GAME.new_state(players, {"mode": mode}, 1)
    while state.phase == "setup":
        state.apply(next(a for a in state.legal_actions() if type(a).__name__ == "FinishSetup"))
    view_ = ScrimishView(GAME, seats(players))
    board, log = table_layout().rect("play.board"), table_layout().rect("play.log")
    for viewer in (0, None):
        view = state.view(viewer)
        geometry = Geometry(view, viewer)
        piles = geometry.all_pile_rects()
        for seat in range(players):
            for pile in range(5):
                rect = view_.draw_zoom(paint, view, viewer, ("card", seat, pile, 0),
                                       geometry.card_rect(seat, pile, 0).center)
                assert rect is not None
                assert rect.collidelist(piles) < 0, f"viewer {viewer}: seat {seat}'s pile {pile + 1} zoom covers a pile"
                assert board.contains(rect) or log.contains(rect), f"viewer {viewer}: seat {seat}'s pile {pile + 1}"


# --- game over ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_game_over_panel_fits_its_rows_and_leaves_the_log_clear(players):
    rects = panel_rects(players)
    style = table_layout().get("gameover")
    panel = rects["panel"]
    need = style["title"] + style["head_height"] + players * style["row_height"] + style["buttons"]
    assert need <= panel.height <= need + 2 * style["padding"] + 2 * style["gap"] + 1
    assert all(panel.contains(rects[part]) for part in ("title", "table", "buttons"))
    assert rects["title"].bottom <= rects["table"].top and rects["table"].bottom <= rects["buttons"].top
    assert not panel.colliderect(table_layout().rect("play.log"))
    assert table_layout().rect("play.board").contains(panel)


# --- the log ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_log_shows_whole_entries_inside_its_panel(tmp_path, size):
    driver = Driver(tmp_path, None, size=size, speed=60)
    match = Match(GAME, seats(2), {}, 4)
    start_play(driver.app, match)
    play = driver.scene
    paint = driver.app.painter()
    checked = 0
    for _ in range(20_000):
        driver.frames(1)
        if driver.scene.name == "gameover":
            break
        if len(match.history) % 7 == 0:
            shown = play.log.visible(paint)
            if shown:
                checked += 1
                first = shown[0][0]
                assert first.top == min(line.top for line in play.log.lines(paint) if line.entry == first.entry)
                assert all(play.log.rect.contains(rect) for _, rect in shown)
                assert shown[0][1].top == play.log.rect.top
    assert checked > 10
    driver.close()
