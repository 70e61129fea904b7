"""Setting up the table: how many players, each seat's name, colour and human or bot, variants. Opened from the
menu, it starts as this game was last set up; a person's name field offers the known players as a name is typed
(the table's records, games/core/records.py)."""
from __future__ import annotations

import math
import secrets
from dataclasses import dataclass

import pygame

from games.core.aids import OPTIONS as AIDS
from games.core.aids import Aids, mark_played, setup_defaults
from games.core.game import Choice, Game, Option
from games.core.levels import NORMAL
from games.core.match import Match, Seat
from games.core.names import clean_name
from games.core.records import Player, SeatPlan, remember_setup
from graphics.config import colour, seat_colour, seat_colours, table_layout
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import backdrop, players_text, start_play, title
from graphics.type_ahead import TypeAhead
from graphics.widgets import Button, TextField, click, row

HUMAN = "human"
OURS = "Our rule"  # the tag on a variant set to a rule of ours, not the rulebook's
HUMAN_TIP = "A person at the table plays this seat. Click for a computer player: Easy, Normal or Hard."


class SetupScene(Scene):
    """Choose players and variants, then Start."""

    name = "setup"

    def __init__(self, app, game: Game, players: int | None = None, bots: set[int] | None = None,
                 level: str = NORMAL) -> None:
        super().__init__(app)
        self.game = game
        from_menu = players is None and bots is None  # then the seats are as this game was last set up
        counts = game.player_counts()
        self.players = players if players in counts else counts[0]
        bots = set(range(1, game.max_players)) if bots is None else bots
        colours = seat_colours()
        self.kinds = [HUMAN] + [kind.id for kind in game.levels]
        self.seat_colour = [colours[i % len(colours)].id for i in range(game.max_players)]
        self.seat_kind = [level if i in bots else HUMAN for i in range(game.max_players)]
        self.names = [TextField(self._default_name(i), pygame.Rect(0, 0, 1, 1)) for i in range(game.max_players)]
        self.type_ahead = TypeAhead()  # the known players a human seat's name field offers
        self._offered: tuple | None = None  # what the type-ahead last looked up (the focused seat, its text, ...)
        if from_menu:
            self._restore(app.records.fresh().setups.get(game.id))
        self.options = {option.id: option.default_for(self.players) for option in game.options}
        self.aids = setup_defaults(app.settings.data_dir, game.id, app.preferences.hints)  # the coach, hints
        self.layout()

    def _restore(self, plan: list[SeatPlan] | None) -> None:
        """Sets the seats as a setup of this game last left them: how many, each name, colour and human or
        bot level (a plan this game cannot take is left alone)."""
        if not plan or len(plan) not in self.game.player_counts():
            return
        self.players = len(plan)
        for seat, saved in enumerate(plan):
            self.seat_kind[seat] = saved.kind if saved.kind in self.kinds else self.seat_kind[seat]
            self.names[seat].text = saved.name
            self._give_colour(seat, saved.colour, keep_others=False)

    def _give_colour(self, seat: int, colour_id: str, keep_others: bool = True) -> None:
        """Gives a seat a colour, swapping with the seat that has it; with `keep_others`, not if that seat
        is at the table."""
        if colour_id not in [c.id for c in seat_colours()]:
            return
        holder = self.seat_colour.index(colour_id) if colour_id in self.seat_colour else None
        if holder is not None and holder != seat:
            if keep_others and holder < self.players:
                return
            self.seat_colour[holder] = self.seat_colour[seat]
        self.seat_colour[seat] = colour_id

    def _default_name(self, seat: int) -> str:
        """Returns the name a seat gets until someone types one."""
        kind = self.seat_kind[seat]
        return f"Player {seat + 1}" if kind == HUMAN else bot_name(self.game, kind, seat)

    def layout(self) -> None:
        """Places every widget for the current player count."""
        layout = table_layout()
        counts_area = layout.rect("setup.players")
        self.count_buttons = row([(players_text(n), n) for n in self.game.player_counts()], counts_area, 220, 16, 60)
        seats = layout.rect("setup.seats")
        row_style = layout.get("setup.seat_row")
        rows = seats.height - row_style["first"] - row_style["bottom"] - row_style["note"]
        pitch = min(row_style["height"], rows / self.players)
        field = min(row_style["field"], int(pitch) - row_style["spacing"])  # every seat inside the panel
        self.seat_buttons = []
        for seat in range(self.players):
            y = int(seats.top + row_style["first"] + seat * pitch)

            def cell(name: str) -> pygame.Rect:
                x, width = row_style[name]
                return pygame.Rect(seats.left + x, y, width, field)

            self.names[seat].rect = cell("name")
            self.seat_buttons.append(Button("", cell("swatch"), ("colour", seat)))
            label = "Human" if self.seat_kind[seat] == HUMAN else self.game.bot_kind(self.seat_kind[seat]).label
            self.seat_buttons.append(Button(label, cell("kind"), ("kind", seat)))
        left = row_style["swatch"][0]
        self.note_rect = pygame.Rect(seats.left + left, int(seats.top + row_style["first"] + self.players * pitch),
                                     seats.width - 2 * left, row_style["note"])
        self.shown_options = [option for option in self.game.options
                              if option.applies(self.options) and len(option.choices_for(self.players)) > 1]
        self.chosen = [self._choice(option) for option in self.shown_options]
        self.option_blocks = option_blocks(self.app.painter(), layout.rect("setup.options"),
                                           [[option_help(o, c) for c in o.choices_for(self.players)]
                                            for o in self.shown_options])
        self.option_buttons = [Button(choice.label, block.button, option.id)
                               for option, choice, block in zip(self.shown_options, self.chosen, self.option_blocks)]
        self.nav = row([("Back", "back"), ("Rules", "rules"), ("Start", "start")], layout.rect("setup.buttons"),
                       *layout.get("setup.nav"))
        self.aid_buttons = row([(aid_label(aid, self.aids[aid.id]), aid.id) for aid in AIDS], layout.rect("setup.aids"),
                               *layout.get("setup.nav"))

    def _choice(self, option: Option) -> Choice:
        """Returns the choice an option has now."""
        return next(c for c in option.choices_for(self.players) if c.value == self.options[option.id])

    def seats(self) -> list[Seat]:
        """Returns the seats as chosen so far."""
        return [Seat(clean_name(self.names[i].text) or f"Player {i + 1}", self.seat_colour[i],
                     None if self.seat_kind[i] == HUMAN else self.seat_kind[i]) for i in range(self.players)]

    def handle(self, event, pos) -> None:
        taken = self.type_ahead.handle(event, pos)
        if isinstance(taken, Player):
            self._take(taken)
        if taken:
            return
        for seat in range(self.players):
            if self.names[seat].handle(event, pos):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        button = click(self.count_buttons + self.seat_buttons + self.option_buttons + self.aid_buttons + self.nav, pos)
        if button is None:
            return
        if button in self.count_buttons:
            self._set_players(button.value)
        elif button in self.option_buttons:
            self._next_choice(button.value)
        elif button in self.aid_buttons:
            self.aids[button.value] = not self.aids[button.value]
        elif button in self.seat_buttons:
            what, seat = button.value
            self._next_colour(seat) if what == "colour" else self._next_kind(seat)
        elif button.value == "back":
            self.app.pop()
        elif button.value == "rules":
            self.app.push_scene("rules", game=self.game)
        else:
            self._start()
        self.layout()

    def _take(self, player: Player) -> None:
        """Fills the name field the list was for with a known player's name (and colour, if free)."""
        seat = self.names.index(self.type_ahead.target)
        field = self.names[seat]
        field.text, field.focused, field.selected, field.note, field.full = player.name, False, False, "", False
        self._give_colour(seat, player.colour)
        self.type_ahead.offer(None, [], 0)
        self._offered = None

    def _offer(self) -> None:
        """Offers the known players for the focused name field of a human seat: those whose name starts as
        typed (all of them while the field's text is selected), none named at another seat."""
        fields = self.names[:self.players]
        focused = next((s for s, f in enumerate(fields) if f.focused and self.seat_kind[s] == HUMAN), None)
        if focused is None:
            self._offered = None
            self.type_ahead.offer(None, [], 0)
            return
        field = fields[focused]
        others = tuple(f.text for f in fields if f is not field)
        asked = (focused, "" if field.selected else field.text, others)
        if asked != self._offered:  # looked up again only when what is typed changes (not every frame)
            self._offered = asked
            offers = self.app.records.book.offers(asked[1], others)
            self.type_ahead.offer(field, offers, table_layout().rect("setup.seats").bottom)

    def update(self, dt: float) -> None:
        self._offer()

    def _set_players(self, players: int) -> None:
        """Changes the number of seats, keeping option values that stay open."""
        self.players = players
        for option in self.game.options:
            if self.options[option.id] not in [c.value for c in option.choices_for(players)]:
                self.options[option.id] = option.default_for(players)

    def _next_choice(self, option_id: str) -> None:
        """Moves an option to its next choice."""
        option = next(o for o in self.game.options if o.id == option_id)
        values = [c.value for c in option.choices_for(self.players)]
        self.options[option_id] = values[(values.index(self.options[option_id]) + 1) % len(values)]

    def _next_colour(self, seat: int) -> None:
        """Gives a seat the next colour no other seat uses."""
        ids = [c.id for c in seat_colours()]
        taken = {self.seat_colour[s] for s in range(self.players) if s != seat}
        index = ids.index(self.seat_colour[seat])
        for step in range(1, len(ids) + 1):
            candidate = ids[(index + step) % len(ids)]
            if candidate not in taken:
                self.seat_colour[seat] = candidate
                return

    def _next_kind(self, seat: int) -> None:
        """Cycles a seat between human and each level of bot, renaming it if it had a default name."""
        was_default = self.names[seat].text == self._default_name(seat)
        self.seat_kind[seat] = self.kinds[(self.kinds.index(self.seat_kind[seat]) + 1) % len(self.kinds)]
        if was_default:
            self.names[seat].text = self._default_name(seat)

    def _start(self) -> None:
        """Starts the match with these seats and options."""
        seed = self.app.settings.seed if self.app.settings.seed is not None else secrets.randbelow(2**31)
        match = Match(self.game, self.seats(), self.options, seed, autosave=self.app.settings.autosave,
                      aids=Aids.chosen(self.aids, self.players))
        match.autosave()
        mark_played(self.app.settings.data_dir, self.game.id)
        plans = [SeatPlan(seat.name, seat.colour, seat.bot or HUMAN) for seat in match.seats]
        _, problem = self.app.records.change(lambda book: remember_setup(book, self.game.id, plans))
        if problem:
            self.app.toast(problem)
        start_play(self.app, match)

    def picture(self) -> object:
        """Returns the caret's blink while a name is being typed (the rest changes only on input)."""
        blink = int(self.app.time * 2) % 2 if any(field.focused for field in self.names) else None
        return blink, self.type_ahead.picture()

    def draw(self, paint: Painter) -> None:
        layout = table_layout()
        backdrop(paint, 40)
        title(paint, f"{self.game.title}: who is playing?", layout.rect("setup.title"), "heading")
        mouse = self.app.mouse
        for button in self.count_buttons:
            if button.value == self.players:
                paint.glow(button.rect, colour("selected"), 1.0, 12)
            button.draw(paint, mouse)
        self._draw_seats(paint, layout.rect("setup.seats"), mouse)
        self._draw_options(paint, layout.rect("setup.options"), mouse)
        for button in self.nav:
            button.draw(paint, mouse)
        for aid, button in zip(AIDS, self.aid_buttons):
            button.draw(paint, mouse)
            paint.hits.tip(button.rect, aid.help)
        self.type_ahead.draw(paint)

    def _draw_seats(self, paint: Painter, area: pygame.Rect, mouse) -> None:
        """Draws one row per seat: colour and symbol, name, human or bot."""
        paint.panel(area)
        inset = table_layout().number("setup.option.inset")
        paint.text("Seats (click the symbol for another colour)",
                   (area.left + inset, area.top + 12, area.width - 2 * inset, 44), "body", colour("ink"), "bold",
                   "midleft")
        blink = int(self.app.time * 2) % 2 == 0
        for seat in range(self.players):
            swatch, kind = self.seat_buttons[2 * seat], self.seat_buttons[2 * seat + 1]
            info = seat_colour(self.seat_colour[seat], self.app.preferences.palette)
            paint.rect(swatch.rect, colour("swatch"), 10)
            paint.rect(swatch.rect, colour("panel_edge"), 10, 2)
            paint.symbol(info.symbol, swatch.rect.center, swatch.rect.height * 0.7, info.rgb)
            self.names[seat].draw(paint, blink)
            kind.draw(paint, mouse)
            level = self.seat_kind[seat]
            paint.hits.tip(kind.rect, HUMAN_TIP if level == HUMAN else self.game.bot_kind(level).blurb)
        note = self.name_note()
        if note:
            paint.text(note, self.note_rect, "small", colour("error"), "bold", "midleft")

    def name_note(self) -> str:
        """Returns what the name rule left out of a name being typed, said under the seats ("" if nothing):
        the focused field's note, else the first field's that has one."""
        fields = self.names[:self.players]
        noted = [seat for seat in range(self.players) if fields[seat].note]
        focused = [seat for seat in noted if fields[seat].focused]
        if not noted:
            return ""
        seat = (focused or noted)[0]
        return f"Seat {seat + 1}: {fields[seat].note}"

    def _draw_options(self, paint: Painter, area: pygame.Rect, mouse) -> None:
        """Draws each variant: its name, its current choice (click to change) and its help, fitted."""
        paint.panel(area)
        style = table_layout().get("setup.option")
        paint.text("Variants (click to change)", (area.left + style["inset"], area.top + 12,
                                                  area.width - 2 * style["inset"], 44), "body", colour("ink"), "bold",
                   "midleft")
        for option, choice, button, block in zip(self.shown_options, self.chosen, self.option_buttons,
                                                 self.option_blocks):
            label = block.label
            if choice.ours:
                draw_ours_tag(paint, block.label)
                label = label.inflate(-table_layout().number("setup.ours_tag.width") - style["gap"], 0)
                label.left = block.label.left
            paint.text(option.label, label, "body", colour("ink"), "bold", "midleft")
            button.draw(paint, mouse)
            text = option_help(option, choice)
            if text:
                paint.paragraph(text, block.help, "small")


def aid_label(aid: Option, value: bool) -> str:
    """Returns the text of a learning aid's switch ("Teach us: On")."""
    return f"{aid.label}: {next(c.label for c in aid.choices if c.value == value)}"


def bot_name(game: Game, kind: str, seat: int) -> str:
    """Returns the name a bot seat gets until someone types one ("Normal bot 2")."""
    return f"{game.bot_kind(kind).label} bot {seat + 1}"


@dataclass(frozen=True)
class OptionBlock:
    """Where one variant is drawn: its name, its button and its help."""

    label: pygame.Rect
    button: pygame.Rect
    help: pygame.Rect


def option_help(option: Option, choice: Choice) -> str:
    """Returns what the setup says under an option: its help, and for our own rule why a table might choose it."""
    return "\n".join(text for text in (option.help, choice.ours) if text)


def draw_ours_tag(paint: Painter, label: pygame.Rect) -> None:
    """Marks a variant set to our own rule rather than the rulebook's: a tag at the right of its name."""
    style = table_layout().get("setup.ours_tag")
    rect = pygame.Rect(0, 0, style["width"], label.height - 4)
    rect.midright = label.midright
    paint.rect(rect, colour("accent"), 10)
    paint.text(OURS, rect.inflate(-12, -4), "small", colour("banner_text"), "bold")


def option_blocks(paint: Painter, area: pygame.Rect, helps: list[list[str]]) -> list[OptionBlock]:
    """Returns a block per variant inside `area`, given the help text of each of its choices: in one column, or
    in two if one is too tall (a last block alone in its row spans both); each block as tall as its longest help
    needs, so that every help is shown whole and changing a choice never moves a button from under the pointer."""
    style = table_layout().get("setup.option")
    inset, gap = style["inset"], style["gap"]
    room, full = area.height - style["top"] - inset, area.width - 2 * inset
    for columns in (1, 2):
        widths = [full if columns == 1 or (i % 2 == 0 and i == len(helps) - 1) else (full - gap) / 2
                  for i in range(len(helps))]
        heights_of_help = [max((paint.fit(text, (0, 0, width, 10_000), "small").height / paint.viewport.scale
                                for text in texts if text), default=0) for texts, width in zip(helps, widths)]
        heights = [style["label"] + style["button"] + 6 + math.ceil(h) + gap for h in heights_of_help]
        rows = [max(heights[i:i + columns]) for i in range(0, len(helps), columns)]
        if sum(rows) <= room:
            break
    blocks, top = [], area.top + style["top"]
    for i, (help_h, width) in enumerate(zip(heights_of_help, widths)):
        if i and i % columns == 0:
            top += rows[i // columns - 1]
        x = area.left + inset + (i % columns) * (width + gap)
        label = pygame.Rect(int(x), int(top), int(width), style["label"])
        button = pygame.Rect(int(x), label.bottom, int(width), style["button"])
        help_rect = pygame.Rect(int(x), button.bottom + 6, int(width), math.ceil(help_h))
        blocks.append(OptionBlock(label, button, help_rect))
    return blocks
