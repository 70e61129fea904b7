"""The rules viewer: the rulebook and our rulings, scrollable."""
from __future__ import annotations

import pygame

from games.core.game import Game
from graphics.config import colour, table_layout
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import backdrop
from graphics.widgets import ScrollText, click, row


class RulesScene(Scene):
    """Reads a game's rulebook and rulings; wheel or buttons scroll."""

    name = "rules"

    def __init__(self, app, game: Game) -> None:
        super().__init__(app)
        self.game = game
        panel = table_layout().rect("rules.panel")
        entries = []
        for heading, text in game.rules_text():
            entries.append((f"{game.title}: {heading}", "heading"))
            entries += [styled(line) for line in text.splitlines() if line.strip()]
        self.text = ScrollText(panel.inflate(-60, -60), entries, gap=0.25)
        self.buttons = row([("Up", -12), ("Down", 12), ("Back", "back")], table_layout().rect("rules.buttons"),
                           260, 30, 70)

    def handle(self, event, pos) -> None:
        paint = self.app.painter()
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_ESCAPE: None, pygame.K_DOWN: 2, pygame.K_UP: -2, pygame.K_PAGEDOWN: 12,
                     pygame.K_PAGEUP: -12}
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in steps:
                self.text.scroll(paint, steps[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.text.scroll(paint, -event.y * 3)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            button = click(self.buttons, pos)
            if button and button.value == "back":
                self.app.pop()
            elif button:
                self.text.scroll(paint, button.value)

    def draw(self, paint: Painter) -> None:
        backdrop(paint, 60)
        panel = table_layout().rect("rules.panel")
        paint.panel(panel, colour("paper"), None, 20)
        self.text.draw(paint)
        for button in self.buttons:
            button.draw(paint, self.app.mouse)


def styled(line: str) -> tuple[str, str]:
    """Returns a rulebook or rulings line with its style: short title-like lines and # lines are subheadings."""
    text = line.strip().replace("**", "")
    if text.startswith("#"):
        return text.lstrip("# "), "sub"
    if len(text) < 40 and not text.startswith("-") and text[-1] not in ".:!?)":
        return text, "sub"
    return text, "text"
