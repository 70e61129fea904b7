"""The table's players (from the menu): each name used at this computer with its colour and symbol; the one
chosen shows, per game, games played and won, best and average score, the bot levels (and people) it played
against, and its last ten results as two small plots (the win rate over time, the spread of its scores).
"Reset records" forgets one player's records after a yes/cancel question."""
from __future__ import annotations

import pygame

from games import registry
from games.core.levels import levels
from games.core.records import PEOPLE, GameRecord, Player, reset
from graphics.config import colour, table_layout
from graphics.kit.hitmap import HitMap
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import backdrop, title
from graphics.type_ahead import player_colour
from graphics.widgets import Button, click, row

NO_PLAYERS = "No players yet. The names typed at a game's setup are kept here, with their records."
NO_GAMES = "No games yet. A game counts when it ends with this player at the table (a game of bots does not)."


def game_title(game_id: str) -> str:
    """Returns a game's title (its id if this version does not have it)."""
    return registry.get(game_id).title if game_id in registry.ids() else game_id


def level_label(level: str) -> str:
    """Returns how a bot level (or PEOPLE) is said."""
    if level == PEOPLE:
        return "people"
    found = levels().get(level)
    return found.label if found else level


def number(value: float) -> str:
    """Returns a score as it is said: whole numbers without a point, else one decimal."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def figures(record: GameRecord) -> tuple[str, str]:
    """Returns what is said about one game's record: played, won and the scores; then the opponents."""
    share = round(100 * record.won / record.played)
    scores = f"best {number(record.best)}, average {number(record.average)}" if record.scored else \
        "no score, wins only"
    against = [f"{level_label(level)} {played} (won {won})" for level, (played, won) in
               sorted(record.against.items(), key=lambda item: _level_order(item[0]))]
    return (f"Played {record.played}, won {record.won} ({share}%); {scores}",
            "Against: " + (", ".join(against) if against else "nobody else"))


def spread(scores: list[float]) -> str:
    """Returns the range of some scores as it is said ("4\u201319", or "5" when they are all 5)."""
    low, high = min(scores), max(scores)
    return number(low) if low == high else f"{number(low)}\u2013{number(high)}"


def _level_order(level: str) -> int:
    """Returns where a level comes in the lists: the levels as offered, then people."""
    order = list(levels())
    return order.index(level) if level in order else len(order)


class PlayersScene(Scene):
    """The list of players and the chosen one's records."""

    name = "players"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.first = 0
        self.chosen: str | None = None  # the chosen player's key
        self.asking = False  # the reset question is up
        self.load()

    # --- what is shown ---------------------------------------------------------------------
    def load(self) -> None:
        """Reads the records again and places the buttons."""
        self.players = self.app.records.fresh().by_recency()
        if self.chosen not in [p.key for p in self.players]:
            self.chosen = self.players[0].key if self.players else None
        self.layout()

    def player(self) -> Player | None:
        """Returns the chosen player."""
        return next((p for p in self.players if p.key == self.chosen), None)

    def page_size(self) -> int:
        """Returns how many players a page of the list holds."""
        style = table_layout().get("players.entry")
        return max(1, int((table_layout().rect("players.list").height - style["top"]) // (style["height"] + style["gap"])))

    def layout(self) -> None:
        """Places an entry per player of the page, the page and reset buttons, and the question's buttons."""
        layout = table_layout()
        style = layout.get("players.entry")
        area = layout.rect("players.list")
        size = self.page_size()
        self.entries = [Button(player.name, pygame.Rect(area.x + style["inset"],
                                                        area.y + style["top"] + i * (style["height"] + style["gap"]),
                                                        area.width - 2 * style["inset"], style["height"]), player.key)
                        for i, player in enumerate(self.players[self.first:self.first + size])]
        self.nav = row([("Earlier", -size), ("Later", size)], layout.rect("players.pages"), *layout.get("players.nav")) \
            + row([("Reset records", "reset"), ("Back", "back")], layout.rect("players.buttons"),
                  *layout.get("players.nav"))  # the list's pages, then what is done with the chosen player
        earlier, later, reset_button, _ = self.nav
        earlier.enabled = self.first > 0
        later.enabled = self.first + size < len(self.players)
        chosen = self.player()
        reset_button.enabled = chosen is not None and bool(chosen.games)
        self.answers = row([("Yes, reset", "yes"), ("Cancel", "cancel")], layout.rect("players.answers"),
                           *layout.get("players.nav"))

    # --- input -----------------------------------------------------------------------------
    def handle(self, event, pos) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.asking:
                self.asking = False
            else:
                self.app.pop()
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        if self.asking:
            answer = click(self.answers, pos)
            if answer is not None:
                self.asking = False
                if answer.value == "yes":
                    self._reset()
            return
        button = click(self.entries + self.nav, pos)
        if button is None:
            return
        if button in self.entries:
            self.chosen = button.value
        elif isinstance(button.value, int):
            self.first = max(0, self.first + button.value)
        elif button.value == "reset":
            self.asking = True
        else:
            self.app.pop()
            return
        self.layout()

    def _reset(self) -> None:
        """Forgets the chosen player's records (the file is read again first) and says so."""
        player = self.player()
        if player is None:
            return
        _, problem = self.app.records.change(lambda book: reset(book, player.name))
        self.app.toast(problem or f"{player.name}'s records are reset.")
        self.load()

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, paint: Painter) -> None:
        layout = table_layout()
        backdrop(paint, 60)
        title(paint, "Players", layout.rect("players.title"), "heading")
        area = layout.rect("players.list")
        paint.panel(area)
        mouse = self.app.mouse
        if not self.players:
            paint.text(NO_PLAYERS, area.inflate(-60, -60), "body", colour("ink"))
        for button, player in zip(self.entries, self.players[self.first:]):
            self._draw_entry(paint, button, player, button.hit(mouse) and not self.asking)
        for button in self.nav:
            button.draw(paint, mouse)
        self._draw_records(paint, layout.rect("players.records"))
        if self.asking:
            paint.hits = HitMap()  # nothing under the question answers the pointer
            self._draw_question(paint)

    def _draw_entry(self, paint: Painter, button: Button, player: Player, hover: bool) -> None:
        """Draws one player in the list: a swatch with the symbol in its colour, the name; the chosen one lit."""
        style = table_layout().get("players.entry")
        rect = button.rect
        if player.key == self.chosen:
            paint.rect(rect, colour("glow"), 12)
        elif hover:
            paint.rect(rect, colour("button_hover"), 12)
        paint.rect(rect, colour("panel_edge"), 12, 2)
        swatch = pygame.Rect(rect.x + style["pad"], rect.y + (rect.height - style["swatch"]) // 2, style["swatch"],
                             style["swatch"])
        info = player_colour(player)
        paint.rect(swatch, colour("swatch"), 8)
        paint.rect(swatch, colour("panel_edge"), 8, 2)
        paint.symbol(info.symbol, swatch.center, swatch.height * 0.7, info.rgb)
        text = pygame.Rect(swatch.right + style["pad"], rect.y, rect.right - swatch.right - 2 * style["pad"],
                           rect.height)
        paint.text(player.name, text, "body", colour("ink"), "body", "midleft")

    def _draw_records(self, paint: Painter, area: pygame.Rect) -> None:
        """Draws the chosen player's records: a block per game played, then the games not played yet."""
        paint.panel(area)
        style = table_layout().get("players.block")
        inner = area.inflate(-2 * style["pad"], -2 * style["pad"])
        player = self.player()
        if player is None:
            return
        head = pygame.Rect(inner.x, inner.y, inner.width, style["head"])
        paint.text(f"{player.name}: records", head, "heading", colour("ink"), "title", "midleft")
        games = [game.id for game in registry.all() if game.id in player.games]
        games += sorted(g for g in player.games if g not in games)  # a game this version does not have, last
        if not games:
            paint.paragraph(NO_GAMES, pygame.Rect(inner.x, head.bottom + style["gap"], inner.width, 200), "body")
            return
        unplayed = [game.title for game in registry.all() if game.id not in player.games]
        foot = style["line"] if unplayed else 0
        room = inner.bottom - head.bottom - foot
        height = min(style["most"], room / len(games))
        for index, game_id in enumerate(games):
            block = pygame.Rect(inner.x, int(head.bottom + index * height), inner.width, int(height))
            self._draw_game(paint, block, game_id, player.games[game_id], player)
        if unplayed:
            paint.text(f"Not played yet: {', '.join(unplayed)}", (inner.x, inner.bottom - foot, inner.width, foot),
                       "small", colour("log_text"), "body", "midleft")

    def _draw_game(self, paint: Painter, block: pygame.Rect, game_id: str, record: GameRecord,
                   player: Player) -> None:
        """Draws one game's block: its title and figures at the left, the two plots at the right."""
        style = table_layout().get("players.block")
        paint.line(block.topleft, block.topright, colour("rule"), 1)
        text_w = style["text"]
        name = pygame.Rect(block.x, block.y + 4, text_w, style["title"])
        paint.text(game_title(game_id), name, "body", colour("ink"), "bold", "midleft")
        played, against = figures(record)
        line = pygame.Rect(block.x, name.bottom, text_w, style["line"])
        paint.text(played, line, "small", colour("ink"), "body", "midleft")
        paint.paragraph(against, pygame.Rect(block.x, line.bottom, text_w, block.bottom - line.bottom - 4), "small")
        plots = pygame.Rect(block.x + text_w + style["plot_gap"], block.y + 8,
                            block.width - text_w - style["plot_gap"], block.height - 16)
        half = (plots.width - style["plot_gap"]) // 2
        rgb = player_colour(player).rgb
        win_rate_plot(paint, pygame.Rect(plots.x, plots.y, half, plots.height), record, rgb)
        left = plots.x + half + style["plot_gap"]
        second = pygame.Rect(left, plots.y, plots.right - left, plots.height)
        if record.scored:
            score_strip(paint, second, record, rgb)
        else:
            results_strip(paint, second, record, rgb)

    def _draw_question(self, paint: Painter) -> None:
        """Draws the reset question over the screen."""
        canvas = pygame.Rect(0, 0, *self.app.canvas)
        paint.shade(canvas, colour("dim"), 120)
        panel = table_layout().rect("players.question")
        paint.panel(panel)
        player = self.player()
        question = f"Forget all of {player.name}'s records? The name and colour stay." if player else ""
        paint.text(question, panel.inflate(-60, 0).move(0, -50), "body", colour("ink"), "bold")
        for button in self.answers:
            button.draw(paint, self.app.mouse)

    def context(self) -> str:
        return f"players, {len(self.players)} players, chosen {self.chosen!r}, page from {self.first}"


# --- the small plots ---------------------------------------------------------------------------------
def plot_frame(paint: Painter, area: pygame.Rect, caption: str) -> pygame.Rect:
    """Draws a plot's caption above its box and the box; returns the box inside its margins."""
    style = table_layout().get("players.plot")
    paint.text(caption, (area.x, area.y, area.width, style["caption"]), "small", colour("log_text"), "body",
               "midleft")
    box = pygame.Rect(area.x, area.y + style["caption"], area.width, area.height - style["caption"])
    paint.rect(box, colour("paper"), 8)
    paint.rect(box, colour("rule"), 8, 1)
    return box.inflate(-2 * style["margin"], -2 * style["margin"])


def win_rate_plot(paint: Painter, area: pygame.Rect, record: GameRecord, rgb) -> None:
    """Draws the win rate after each of the last ten games as a line (a sparkline), with the 50% line; a
    filled mark where the game was won, a small one where it was lost."""
    last = record.last
    box = plot_frame(paint, area, f"Win rate: {round(100 * last[-1].win_rate)}% now")
    paint.hits.tip(area, f"The share of games won after each of the last {len(last)}; a filled dot: a game won.")
    style = table_layout().get("players.plot")
    half = box.bottom - box.height / 2
    for x in range(box.left, box.right, 12):
        paint.line((x, half), (min(x + 6, box.right), half), colour("rule"), 1)
    step = box.width / max(1, len(last) - 1)
    points = [(box.left + (i * step if len(last) > 1 else box.width / 2), box.bottom - r.win_rate * box.height)
              for i, r in enumerate(last)]
    for start, end in zip(points, points[1:]):
        paint.line(start, end, colour("ink"), 2)
    for point, result in zip(points, last):
        paint.symbol("circle", point, style["dot"] if result.won else style["dot"] / 2,
                     rgb if result.won else colour("paper"))


def score_strip(paint: Painter, area: pygame.Rect, record: GameRecord, rgb) -> None:
    """Draws the scores of the last ten games as dots along a scale from the lowest of them to the best score
    ever (equal scores stacked), with the average marked by a line."""
    scores = [r.score for r in record.last if r.score is not None]
    low, high = min(scores + [record.best]), record.best
    box = plot_frame(paint, area, f"Scores {spread(scores)}, best {number(high)}")
    dot = table_layout().number("players.plot.dot")
    paint.hits.tip(area, f"The scores of the last {len(scores)} games from the lowest to the best ever; a filled dot: "
                         f"a game won; the red line: the average.")
    span = high - low
    paint.line((box.left, box.centery), (box.right, box.centery), colour("rule"), 2)
    def x_of(score: float) -> float:
        return box.centerx if span == 0 else box.left + (score - low) / span * box.width
    if record.average is not None:
        x = x_of(min(max(record.average, low), high))
        paint.line((x, box.top), (x, box.bottom), colour("accent"), 2)
    stacked: dict[float, int] = {}
    for result in record.last:
        if result.score is None:
            continue
        level = stacked.get(result.score, 0)
        stacked[result.score] = level + 1
        y = box.centery + (level + 1) // 2 * dot * 0.8 * (-1 if level % 2 else 1)
        paint.symbol("circle", (x_of(result.score), min(max(y, box.top), box.bottom)), dot,
                     rgb if result.won else colour("paper"))


def results_strip(paint: Painter, area: pygame.Rect, record: GameRecord, rgb) -> None:
    """Draws the last ten results of a game without a score as a row of marks: won filled, lost hollow."""
    last = record.last
    box = plot_frame(paint, area, f"Won {sum(r.won for r in last)} of the last {len(last)}")
    paint.hits.tip(area, f"The last {len(last)} games, oldest first; a filled dot: a game won.")
    style = table_layout().get("players.plot")
    step = box.width / max(1, len(last))
    for i, result in enumerate(last):
        center = (box.left + step * (i + 0.5), box.centery)
        paint.symbol("circle", center, style["dot"] if result.won else style["dot"] * 0.6,
                     rgb if result.won else colour("paper"))
