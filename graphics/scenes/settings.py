"""The Settings screen (the menu's Settings, and Esc's in a game): sound volume and mute, animation speed, asking
before a move that cannot be taken back, the setup's hints, full screen and the seat colours' palette. Each change
applies at once and is kept in the data folder (App.prefer, graphics/preferences.py); Back returns where it came
from."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from graphics.config import colour, seat_colours, table_layout
from graphics.paint import Painter
from graphics.preferences import SPEEDS, VOLUME_STEPS
from graphics.scene import Scene
from graphics.scenes.common import title
from graphics.widgets import Button, click


@dataclass(frozen=True)
class Setting:
    """One row of the screen: the preference it changes, its name, its choices and its tooltip."""

    key: str
    label: str
    choices: tuple[tuple[str, Any], ...]
    tip: str


SETTINGS = (
    Setting("volume", "Sound volume", tuple((f"{step * 100 // VOLUME_STEPS}%", step / VOLUME_STEPS)
                                            for step in range(1, VOLUME_STEPS + 1)),
            "How loud the table's sounds are: click a step (you hear the turn's chime at that loudness)."),
    Setting("muted", "Sound", (("On", False), ("Off", True)),
            "Sound on or off. M switches it in a game too, and that is remembered as well."),
    Setting("speed", "Animation speed", tuple((name.capitalize(), name) for name in SPEEDS),
            "How fast cards and pieces move and computer players take their turns."),
    Setting("confirm", "Confirm moves without undo", (("On", True), ("Off", False)),
            "On: a move that could be clicked by surprise and cannot be undone asks \"Are you sure?\" first."),
    Setting("hints", "Hints at setup", (("Allowed", True), ("Off", False)),
            "Whether a new game's setup starts with Hints allowed (H shows good moves). Each game can still "
            "switch them."),
    Setting("fullscreen", "Full screen", (("On", True), ("Off", False)),
            "The table fills the whole screen (F11 switches it too)."),
    Setting("palette", "Seat colours", (("Standard", "standard"), ("Colour-blind", "colour_blind")),
            "Colour-blind: seat colours kept further apart for people who mix up reds, greens or blues. Every "
            "seat keeps its symbol."),
)
PREVIEW_TIP = "The seat colours as the table draws them now, each with its symbol."


class SettingsScene(Scene):
    """A panel over the screen it came from (the menu, or a game under its Esc menu), a row per setting."""

    name = "settings"
    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        if app.preferences_notice in app.notices:  # the damaged file's line has been seen: here are the defaults
            app.notices.remove(app.preferences_notice)
        layout = table_layout()
        rows, pitch = layout.rect("settings.rows"), layout.number("settings.row")
        height = layout.number("settings.control")
        label_w, gap = layout.number("settings.label"), layout.number("settings.gap")
        self.labels: list[pygame.Rect] = []
        self.rows: list[pygame.Rect] = []  # each row whole (its tooltip's place)
        self.buttons: list[Button] = []
        for index, setting in enumerate(SETTINGS + (None,)):
            top = int(rows.top + index * pitch)
            self.rows.append(pygame.Rect(rows.left, top, rows.width, height))
            self.labels.append(pygame.Rect(rows.left, top, label_w, height))
            if setting is None:
                continue
            area = pygame.Rect(rows.left + label_w + gap, top, rows.width - label_w - gap, height)
            if setting.key == "volume":
                area.width -= layout.number("settings.value") + gap
            count = len(setting.choices)
            width = (area.width - gap * (count - 1)) / count
            for i, (label, value) in enumerate(setting.choices):
                rect = pygame.Rect(int(area.left + i * (width + gap)), top, int(width), height)
                self.buttons.append(Button("" if setting.key == "volume" else label, rect, (setting.key, value)))
        self.value_rect = pygame.Rect(rows.right - layout.number("settings.value"), rows.top,
                                      layout.number("settings.value"), height)
        self.back = Button("Back", layout.rect("settings.back"), ("back", None))
        self.buttons.append(self.back)

    def chosen(self, key: str) -> Any:
        """Returns what a setting is now (full screen: what the window is)."""
        if key == "fullscreen":
            return pygame.display.is_fullscreen()
        return getattr(self.app.preferences, key)

    def picture(self) -> object:
        return self.app.preferences, self.chosen("fullscreen")

    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        button = click(self.buttons, pos)
        if button is None:
            return
        key, value = button.value
        if key == "back":
            self.app.pop()
        elif key == "fullscreen":
            if value != self.chosen("fullscreen"):
                self.app.toggle_fullscreen()  # (kept in the preferences by the app, as F11 is)
        else:
            self.app.prefer(**({key: value} | ({"muted": False} if key == "volume" else {})))  # a loudness is heard
            if key == "volume" or key == "muted" and not value:
                self.app.sounds.play("turn")  # hear what was chosen

    def draw(self, paint: Painter) -> None:
        layout = table_layout()
        paint.shade((0, 0, *self.app.canvas), colour("dim"), 150)
        paint.panel(layout.rect("settings.panel"))
        title(paint, "Settings", layout.rect("settings.title"), "heading")
        mouse = self.app.mouse
        for setting, label, row in zip(SETTINGS, self.labels, self.rows):
            paint.text(setting.label, label, "body", colour("ink"), "bold", "midleft")
            paint.hits.tip(row, setting.tip)
        volume = self.app.preferences.volume
        for button in self.buttons:
            key, value = button.value
            if key == "volume":
                self._draw_step(paint, button, value <= volume + 1e-9, mouse)
                continue
            if key != "back" and value == self.chosen(key):
                paint.glow(button.rect, colour("selected"), 1.0, 12)
            button.draw(paint, mouse)
        paint.text(f"{round(volume * 100)}%", self.value_rect, "body", colour("ink"), "bold")
        self._draw_preview(paint, self.labels[-1], self.rows[-1])

    def _draw_step(self, paint: Painter, button: Button, lit: bool, mouse) -> None:
        """Draws one step of the volume: filled up to the volume chosen, lighter when the sound is off."""
        rect = button.rect
        fill = colour("accent") if lit else colour("button_disabled")
        if button.hit(mouse):
            paint.glow(rect, colour("glow"), 1.0, 8)
        paint.rect(rect, fill, 8)
        if lit and self.app.preferences.muted:
            paint.shade(rect, colour("button_disabled"), 150, 8)
        paint.rect(rect, colour("panel_edge"), 8, 2)

    def _draw_preview(self, paint: Painter, label: pygame.Rect, row: pygame.Rect) -> None:
        """Draws every seat colour of the chosen palette with its symbol, as the games draw them."""
        size = table_layout().number("settings.swatch")
        paint.text("Seats look like", label, "body", colour("ink"), "bold", "midleft")
        colours = seat_colours(self.app.preferences.palette)
        left = label.right + table_layout().number("settings.gap")
        step = (row.right - left - size) / max(1, len(colours) - 1)
        for i, seat in enumerate(colours):
            swatch = pygame.Rect(0, 0, size, size)
            swatch.center = (int(left + size / 2 + i * step), row.centery)
            paint.rect(swatch, colour("swatch"), 10)
            paint.rect(swatch, colour("panel_edge"), 10, 2)
            paint.symbol(seat.symbol, swatch.center, size * 0.7, seat.rgb)
        paint.hits.tip(row, PREVIEW_TIP)
