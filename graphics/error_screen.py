"""A plain window for when the app's own data (data/table/) is broken: the app cannot draw its usual frame
without it, so this says which file, entry and field is wrong with pygame's default font, and waits."""
from __future__ import annotations

import pygame

from graphics.kit.text import wrap

BACKGROUND, INK, MUTED = (32, 24, 18), (255, 240, 205), (200, 180, 150)
TITLE = "Kitchen Table cannot start: one of its data files is broken."
HINT = "Fix the file and start again. Press any key or close the window to quit."


def show_data_error(message: str, settings) -> int:
    """Shows `message` until a key, a click or closing the window (at once with --exit-when-over, after
    saving a screenshot if asked for); returns the exit code 1."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption("Kitchen Table")
    window = pygame.display.set_mode(settings.size, pygame.RESIZABLE)
    clock = pygame.time.Clock()
    while True:
        draw_error(window, message)
        pygame.display.flip()
        if settings.screenshots is not None:
            settings.screenshots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(window, str(settings.screenshots / "001-data-error.png"))
        if settings.exit_when_over or _dismissed():
            break
        clock.tick(20)
    pygame.quit()
    return 1


def _dismissed() -> bool:
    """Returns whether the player closed the window, pressed a key or clicked."""
    for event in pygame.event.get():
        if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            return True
    return False


def draw_error(window: pygame.Surface, message: str) -> list[pygame.Rect]:
    """Draws the title, the message and the hint, wrapped to the window; returns where each line went."""
    window = pygame.display.get_surface() or window
    width, height = window.get_size()
    margin = width // 16
    unit = max(14, height // 30)
    window.fill(BACKGROUND)
    placed, y = [], height // 8
    for text, size, ink in ((TITLE, unit * 3 // 2, INK), (message, unit, INK), (HINT, unit, MUTED)):
        font = pygame.font.Font(None, size)
        for line in wrap(font, text, width - 2 * margin, break_words=True):
            surface = font.render(line, True, ink)
            placed.append(window.blit(surface, (margin, y)))
            y += font.get_linesize()
        y += unit
    return placed
