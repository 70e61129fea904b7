"""What a table that had never seen Scrimish found in a real window (issue 30, "Done means")."""
import pygame
import pytest

from games import registry
from games.core.match import Seat
from graphics.config import seat_colours, table_layout
from graphics.views.scrimish import ScrimishView
from tests.kit_helpers import painter
from tests.scrimish_helpers import playing

GAME = registry.get("scrimish")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players,aid", [(2, False), (2, True), (6, True)])
def test_the_discards_tip_is_as_tall_as_its_words_and_stays_off_the_status_line(size, players, aid):
    # Seen at 1280x720: hovering the bot's discard pill showed one line in a box three times its height,
    # reaching over the status line and cutting the why-not line short.
    paint = painter(size)
    state = playing(players, memory_aid=aid)
    view_maker = ScrimishView(GAME, [Seat(f"Player {i + 1}", seat_colours()[i].id, None) for i in range(players)])
    view = state.view(0)
    view_maker.draw(paint, view, 0, set())
    board = table_layout().rect("play.board")
    pad = view_maker.theme.size("discard_tip_pad")
    for seat in range(players):
        anchor = paint.hits.rect_of(("discard", seat))
        assert anchor is not None
        rect, text = view_maker.discard_tip(paint, view, seat, anchor.center)
        assert board.contains(rect), (rect, board)
        inner = rect.inflate(-2 * pad[0], -2 * pad[1])
        fitted = paint.fit(text, inner, "small")
        assert not fitted.cut
        assert rect.height <= fitted.height / paint.viewport.scale + 2 * pad[1] + 8, (rect, text)
    pygame.display.quit()


def test_setup_lines_name_the_done_button_as_it_reads():
    # Seen: "... or pick a setup, then Done." while the button says "Done setting up".
    from games.scrimish.actions import FinishSetup
    state = GAME.new_state(2, {}, 1)
    label = FinishSetup().describe(())
    assert f'"{label}"' in state.status(["Ann", "Bob"])
    lines = [state.why_not(("discard", 1)), state.why_not(("discard", 0))]
    assert any(line and f'"{label}"' in line for line in lines), lines


def test_the_setup_line_fits_one_line_with_a_long_name_at_1920x1080():
    # Seen at 1920x1080 with "Bartholomew Long": the setup line wrapped, 'then "Done setting' / 'up".'
    from graphics.config import table_layout as layout
    paint = painter((1920, 1080))
    state = GAME.new_state(6, {"mode": "free_for_all"}, 1)
    line = state.status(["Bartholomew Long"] + [f"Normal bot {i}" for i in range(2, 7)])
    from graphics.scenes.play import PlayScene
    fitted = paint.fit(line, PlayScene.status_box(layout().rect("play.status")), "body", "bold")
    assert len(fitted.lines) == 1 and fitted.px == paint.font_px("body"), fitted.lines
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_hint_mark_leaves_the_value_in_the_corner_of_each_card_readable(size):
    # Seen at 1920x1080: the marks 1, 2, 3 of a hint sat on the top-left value of the very cards they pointed at.
    from graphics.kit.hint_marks import mark_centre
    paint = painter(size)
    state = playing(2)
    view_maker = ScrimishView(GAME, [Seat(f"Player {i + 1}", seat_colours()[i].id, None) for i in range(2)])
    view = state.view(0)
    view_maker.draw(paint, view, 0, set())
    mark = table_layout().number("play.hint_mark")
    corner = view_maker.theme.layout.get("card_face")["corner"]
    rects = [paint.hits.rect_of(view_maker.key_of(view, action)) for action in view.legal_actions()]
    assert len(rects) == 5 and None not in rects
    for rect in rects:
        badge = pygame.Rect(0, 0, mark, mark)
        badge.center = mark_centre(rect, view_maker.HINT_MARK_AT)
        value = pygame.Rect(rect.x + corner[0] * rect.width, rect.y + corner[1] * rect.height,
                            corner[2] * rect.width, corner[3] * rect.height)
        assert not badge.colliderect(value), (badge, value)
    pygame.display.quit()


def test_hint_marks_sit_midtop_on_the_piles_and_top_left_on_the_bar_buttons(tmp_path):
    # Seen: at midtop everywhere, the marks covered the words of "Setup: Balanced" and "Setup: Fortress".
    from tests.test_hints_app import ask_and_wait, marks, table, wait_for_turn
    driver, play = table(tmp_path, GAME, [None, "normal"])
    wait_for_turn(driver, play)
    ask_and_wait(driver, play)
    driver.frames(2)
    setup = marks(play)
    bar = {tuple(b.rect) for b in play._bar}
    assert setup and all(rect in bar for rect in setup)
    assert {play.hint.mark_at(play, pygame.Rect(rect)) for rect in setup} == {"topleft"}
    driver.play_action(play, next(a for a in play.shown.search_actions() if a.describe(()) == "Done setting up"))
    wait_for_turn(driver, play)
    ask_and_wait(driver, play)
    driver.frames(2)
    piles = marks(play)
    assert piles and not any(rect in bar for rect in piles)
    assert {play.hint.mark_at(play, pygame.Rect(rect)) for rect in piles} == {"midtop"}
    driver.close()
