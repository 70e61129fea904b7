"""Playing: the board, the status line, the action bar, the log, bots, hand-offs and animations."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import partial
from typing import Any, Hashable

import pygame

from games.core import replays
from games.core.actions import Action, Event
from games.core.errors import SaveError
from games.core.match import Match
from games.core.saves import shown_path
from games.core.state import SPECTATOR, State
from graphics.bot_runner import BotRunner
from graphics.config import colour, shown_seats, table_layout
from graphics.kit.board_layer import BoardLayer
from graphics.kit.coach_card import CoachCard
from graphics.kit.hint_marks import HINT, HintMarks
from graphics.kit.hitmap import HitMap
from graphics.kit.timeline import BOARD, TOP, Timeline
from graphics.paint import Painter
from graphics.scene import Scene
from graphics.scenes.common import start_play
from graphics.sound import TableSounds
from graphics.views import view_for
from graphics.widgets import Button, ScrollText, click, column, fitted_row, row

CANCEL = "cancel"


@dataclass(frozen=True)
class Confirmed:
    """A popup entry that does an action the player was asked to confirm."""

    action: Action


AWAY = (-1.0, -1.0)  # a pointer off the canvas: what the scene sees while another is on top of it


class PlayScene(Scene):
    """Shows one seat's view of a match and turns clicks on glowing places into actions."""

    name = "play"
    covers_window = True  # the board layer blits the whole window first

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.view = view_for(match.game)(match.game, shown_seats(match.seats, app.preferences.palette))
        self.humans = [s for s, seat in enumerate(match.seats) if seat.is_human]
        self.viewer: int | None = None  # whose private view is on screen; None: the public view
        self.last_private: int | None = None  # whose private view was on screen last
        self.shown: State = match.state.view(None)
        self.queue: deque[tuple[list[Event], State, State, int | None, int]] = deque()
        self.timeline: Timeline | None = None
        self.missed: dict[int, list[int]] = {seat: [] for seat in self.humans}  # steps shown in private
        self.reveal_for: int | None = None  # light hand-off: waiting for this seat's "show my cards"
        self._shown_key: tuple = ()
        self.bots = BotRunner()
        self.hint = HintMarks()  # the Hint button and the H key
        layout = table_layout()
        self.log = ScrollText(layout.rect("play.log_text"), [], "small", snap="entry")  # whole entries from the top
        self.popup: list[Button] = []
        self.pressed: Hashable | None = None
        self.pressed_at: tuple[float, float] | None = None  # where the place was pressed (a drag starts there)
        self.hover: Hashable | None = None
        self.hover_since = 0.0
        self.over_wait = 0.0
        self.finished = False
        self._targets_for: tuple | None = None
        self._targets: dict[Hashable, list[Action]] = {}
        self._bar: list[Button] = []
        self._log_count: tuple = ()
        self._described: dict[int | None, list[tuple[Any, list[str]]]] = {}  # per viewer: each step, its log lines
        self.board = BoardLayer()  # the board drawn once per change of what is shown
        self.hits = HitMap()  # everything on screen in the last frame drawn, front-most last
        self._showing = ""
        self._animating = 0  # the index of the step the timeline animates (while there is one)
        self._save_told: str | None = None  # the autosave problem the table was last told of
        self._why_not: tuple[object, object, str | None] = (None, None, None)  # view, (hover, my turn), answer
        self._acted_on: tuple[Hashable, tuple] | None = None  # the place just clicked and where, till the mouse moves
        self._was_mine = False  # whether the person at the screen could act at the last frame (the turn's chime)
        self.noises = TableSounds(match.game.id, app.sounds)  # each step's sounds as its animation starts
        self.coach = CoachCard(self)  # the coach's card ("Teach us") and the rule for the decision (F1)

    def preferred(self, before) -> None:
        """Draws the seats in the palette the table chose now (Settings): a new view, the board drawn again."""
        if self.app.preferences.palette != before.palette:
            self.view = view_for(self.match.game)(self.match.game,
                                                   shown_seats(self.match.seats, self.app.preferences.palette))
            self.board.forget()

    # --- whose screen this is -------------------------------------------------------------
    def human_to_move(self) -> int | None:
        """Returns the seat to move if a person plays it."""
        seat = self.match.state.current_player()
        return seat if seat is not None and self.match.seats[seat].is_human else None

    def my_turn(self) -> bool:
        """Returns whether the person looking at the screen may act now."""
        return not self.busy() and self.human_to_move() is not None and self.human_to_move() == self.viewer

    def busy(self) -> bool:
        """Returns whether an animation is playing or waiting."""
        return self.timeline is not None or bool(self.queue)

    def take_seat(self, seat: int) -> None:
        """Shows `seat`'s private view (after a hand-off if needed), replaying first, in that view,
        the steps it missed while another human's private view was on screen."""
        self.viewer = self.last_private = seat
        self.reveal_for = None
        self.forget_pointer()
        history = self.match.history
        for index in self.missed.get(seat, []):
            step = history[index]
            after = history[index + 1].before if index + 1 < len(history) else self.match.state
            if step.before is not None and after is not None:
                events = [event.seen_by(seat) for event in step.events]
                self.queue.append((events, step.before.view(seat), after.view(seat), seat, index))
        self.missed[seat] = []
        self._shown_key = ()
        self.shown = self.queue[0][1] if self.queue else self.match.state.view(seat)

    def show_public(self) -> None:
        """Puts the public view on screen (nobody's private cards)."""
        if self.viewer is not None or self.shown.viewer != SPECTATOR:
            self.viewer = None
            self.shown = self.match.state.view(None)
            self.forget_pointer()

    def forget_pointer(self) -> None:
        """Drops what the pointer was resting on and any open menu (whenever the seat on screen changes): a
        zoomed card of the last person must not stay up for the next, nor a key from an old picture reach a view."""
        self.hover, self.hover_since = None, self.app.time
        self.popup = []

    def refresh(self) -> None:
        """Redraws from the match after something outside the scene changed it (undo, load)."""
        self.bots.cancel()
        self.queue.clear()
        self.timeline = None
        self.popup = []
        moves = len(self.match.history)  # steps undone are no longer there to be watched by the others
        self.missed = {seat: [index for index in steps if index < moves] for seat, steps in self.missed.items()}
        self.shown = self.match.state.view(self.viewer)
        self._targets_for = None
        self.noises.forget(moves)

    def context(self) -> str:
        """Returns the game, seed and move count (for the log of an error)."""
        match = self.match
        return (f"play {match.game.id}, seed {match.seed}, move {len(match.history)}, {len(match.seats)} seats, "
                f"options {match.options}, viewer {self.viewer}")

    def saved(self) -> bool:
        return self.match.save_problem is None

    def recover(self) -> None:
        """Goes on after an error from the autosave (the last position saved whole), on a fresh play scene:
        a new view with nothing hovered or cached, and a hand-off before anyone's private view."""
        self.bots.cancel()
        match = self.match
        if match.autosave_path is not None and match.save_problem is None:  # (a stale autosave would lose moves)
            try:
                match = Match.load(match.autosave_path, autosave=match.autosave_path)
            except SaveError:
                match = self.match
        start_play(self.app, match)

    def _chime(self) -> None:
        """Plays the turn's chime when the person at the screen may act again (after bots, a hand-off or
        an animation), once per turn."""
        mine = self.my_turn()
        if mine and not self._was_mine:
            self.app.sounds.play("turn")
        self._was_mine = mine

    # --- acting -----------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Plays an action for the seat to move and queues its animation: in the actor's private view
        if that human decides again next, else in the public view."""
        actor = self.match.state.current_player()
        private = self.viewer if self.viewer == actor else None
        self.coach.acted()
        events = self.match.apply(action)
        if self.match.state.is_over():  # the game ends with this move (once: a finished game takes no moves)
            self._keep_replay()
        before = self.match.history[-1].before
        keep = private if private is not None and self.match.state.current_player() == private else None
        index = len(self.match.history) - 1
        self.queue.append(([event.seen_by(keep) for event in events], before.view(keep),
                           self.match.state.view(keep), keep, index))
        if keep is not None:
            for seat in self.humans:
                if seat != keep:
                    self.missed[seat].append(index)
        self.popup = []

    def _keep_replay(self) -> None:
        """Keeps the game that just ended for the Replays screen (games/core/replays.py); says so if it cannot."""
        problem = replays.keep(self.match.to_dict(), self.app.settings.data_dir)
        if problem is not None:
            self.app.toast(problem)

    def choose(self, action: Action) -> None:
        """Does what a click chose, first asking in a small menu if the view says a click could do it by
        surprise and undo could not take it back (unless the table turned those questions off in Settings)."""
        question = self.view.confirm(self.shown, action) if self.app.preferences.confirm else None
        if question is None:
            self.play(action)
            return
        area = pygame.Rect(0, 0, table_layout().number("play.confirm_width"), 150)
        area.center = table_layout().rect("play.board").center
        self.popup = column([(question, Confirmed(action)), ("Cancel", CANCEL)], area, 64, 14)

    def undo(self) -> None:
        """Takes back the last action of the person to move, if the rules allow."""
        if not self.busy() and self.match.undo():
            self.refresh()
        elif not self.busy():
            self.app.toast("Nothing to undo: only your own moves this turn, before anything was revealed.")

    def targets(self) -> dict[Hashable, list[Action]]:
        """Returns the legal actions of the person at the screen, grouped by board place."""
        key = (len(self.match.history), id(self.match.state), self.viewer, self.my_turn(), self.reveal_for)
        if key != self._targets_for:
            self._targets_for = key
            self._targets = {}
            bar: list[Action] = []
            if self.my_turn():
                for action in self.shown.legal_actions():
                    place = self.view.key_of(self.shown, action)
                    if place is not None:
                        self._targets.setdefault(place, []).append(action)
                    if self.view.in_bar(self.shown, action):
                        bar.append(action)
            self._bar = self._bar_buttons(bar)
            self.hint.dress(self)
        return self._targets

    def _bar_buttons(self, actions: list[Action]) -> list[Button]:
        """Returns the action bar: the actions with no board place, then Hint (where the table allows hints), Undo and
        Menu."""
        area = table_layout().rect("play.action_bar")
        fixed, gap = table_layout().number("play.fixed_buttons"), table_layout().number("play.bar_gap")
        room = pygame.Rect(area.x, area.y, area.width - fixed - gap, area.height)
        names = self.match.names
        main = fitted_row(self.app.painter(), [(self.view.label(self.shown, a, names), a) for a in actions], room,
                          16, 76)
        fixed_labels = [("Undo", "undo"), ("Menu", "menu")]
        if self.match.aids.hints:
            fixed_labels.insert(0, ("Hint", HINT))
        extra = row(fixed_labels, pygame.Rect(area.right - fixed, area.y, fixed, area.height),
                    (fixed - gap * (len(fixed_labels) - 1)) // len(fixed_labels), gap, 76)
        next(b for b in extra if b.value == "undo").enabled = self.my_turn() and self.match.can_undo()
        if self.reveal_for is not None and not self.busy():
            name = self.match.names[self.reveal_for]
            main = fitted_row(self.app.painter(), [(f"Show my cards ({name})", "reveal")], room, 16, 76)
        return main + extra

    # --- input ------------------------------------------------------------------------
    def handle(self, event, pos) -> None:
        if self.coach.handle(event, pos):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
            elif event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
                self.hint.ask(self)
            elif event.key == pygame.K_m and not event.mod & pygame.KMOD_CTRL:
                self.app.toggle_sound()
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.app.mouse):
                self.log.scroll(self.app.painter(), -event.y * 3)
            return
        if event.type == pygame.MOUSEMOTION:
            hover = self.key_at(pos) if not self.busy() else None
            if hover != self.hover:
                self.hover, self.hover_since = hover, self.app.time
            if self._acted_on is not None and self._moved(self._acted_on[1], pos):
                self._acted_on = None
            return
        if getattr(event, "button", 0) != 1 or pos is None:
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._press(pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._release(pos)

    def _press(self, pos) -> None:
        """A press: a popup choice, or a board place with one action (the start of a drag)."""
        if self.popup:
            chosen = click(self.popup, pos)
            self.popup = []
            if chosen is None or chosen.value == CANCEL:
                return
            if isinstance(chosen.value, Confirmed):
                self.play(chosen.value.action)
            else:
                self.choose(chosen.value)
            return
        place = self._place_at(pos)
        if place is None:
            return
        actions = self.targets()[place]
        self._acted_on = (place, pos)
        if len(actions) == 1:
            self.choose(actions[0])
            self.pressed, self.pressed_at = place, pos
        else:
            names = self.match.names
            area = pygame.Rect(int(pos[0]) + 10, int(pos[1]) + 10, table_layout().number("play.popup_width"),
                               70 * len(actions))
            area.clamp_ip(pygame.Rect(0, 0, *self.app.canvas))
            self.popup = column([(self.view.label(self.shown, a, names), a) for a in actions], area, 60, 10)

    def _release(self, pos) -> None:
        """A release: the end of a drag onto another place, or an action-bar button."""
        pressed, self.pressed = self.pressed, None
        place = self._place_at(pos)
        if pressed is not None and place is not None and place != pressed and self._dragged(pos):
            actions = self.targets()[place]
            if len(actions) == 1:
                self.choose(actions[0])
            return
        self.targets()
        button = click(self._bar, pos)
        if button is None:
            return
        if button.value == "menu":
            self.open_menu()
        elif button.value == "undo":
            self.undo()
        elif button.value == HINT:
            self.hint.ask(self)
        elif button.value == "reveal":
            self.take_seat(self.reveal_for)
        elif self.my_turn():
            self.choose(button.value)

    def _dragged(self, pos) -> bool:
        """Returns whether the mouse moved since the press (a click whose action changed the board under the
        mouse is not a drag onto what is there now)."""
        return self._moved(self.pressed_at or pos, pos)

    @staticmethod
    def _moved(start, pos) -> bool:
        """Returns whether the mouse went from `start` to `pos` further than a hand's tremble."""
        return abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > table_layout().number("play.drag_distance")

    def _place_at(self, pos) -> Hashable | None:
        """Returns the glowing place under a point, if it is the person's turn."""
        if not self.my_turn():
            return None
        place = self.key_at(pos)
        return place if place in self.targets() else None

    def key_at(self, pos) -> Hashable | None:
        """Returns the board place under a logical point, front-most first (from the hit map of the last frame)."""
        return self.hits.key_at(pos) if pos is not None else None

    def rect_of(self, key: Hashable) -> pygame.Rect | None:
        """Returns where a board place was drawn in the last frame (its bounding rect)."""
        return self.hits.rect_of(key)

    def point_of(self, key: Hashable) -> tuple[float, float] | None:
        """Returns a point at which the mouse would find `key` (for tests and demos)."""
        return self.hits.point_in(key)

    def open_menu(self) -> None:
        """Opens the Esc menu over the game."""
        self.app.push_scene("pause", play=self)

    # --- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._tell_saving()
        self.targets()
        self.hint.update(self)
        self._chime()
        speed = self.app.settings.speed
        self.noises.update(dt * speed)
        if self.timeline is not None:
            self.timeline.update(dt * speed)
            if self.timeline.done:
                self.timeline = None
                self.shown = self._after
                if not self.queue:
                    self._catch_up()
            return
        if self.queue:
            events, before, after, viewer, index = self.queue.popleft()
            self.viewer = viewer
            self._after, self._animating = after, index
            described = (e.describe(self.match.names) for e in events)
            self._showing = next((text for text in described if text), self._showing) if events else ""
            action = self.match.history[index].action if index < len(self.match.history) else None
            happened = self.match.history[index].events if index < len(self.match.history) else events
            animate = partial(self.view.animate_action, action, before=before, after=after, viewer=viewer)
            self.timeline = self.noises.start(index, happened, events, animate)  # sounds: as the whole table saw it
            self.shown = before if self.timeline else after
            if self.timeline is None and not self.queue:
                self._catch_up()
            return
        self._catch_up()
        if self.match.state.is_over():
            self.show_public()
            self._finish(dt * speed)
            return
        human = self.human_to_move()
        if human is None:
            self.show_public()
            action = self.bots.poll(self.match, dt, speed, self.view.think_seconds(self.shown))
            if action is not None:
                self.play(action)
            return
        if human == self.viewer or human == self.reveal_for:
            return
        self.show_public()
        handoff = self._handoff_for(human)
        if handoff == "full":
            self.app.push_scene("handoff", play=self, seat=human)
        elif handoff == "light":
            self.reveal_for = human
        else:
            self.take_seat(human)

    def _tell_saving(self) -> None:
        """Says once when the autosave stops working (why, in one line: the game goes on and every move tries
        again) and once when it works again."""
        problem = self.match.save_problem
        if problem == self._save_told:
            return
        if problem is not None:
            self.app.toast(problem)
        elif self.match.autosave_path is not None:
            self.app.toast(f"Saving works again: {shown_path(self.match.autosave_path)}.")
        self._save_told = problem

    def _catch_up(self) -> None:
        """Once nothing is animating, shows the position as it is now (after replays of older steps)."""
        key = (len(self.match.history), id(self.match.state), self.viewer)
        if key != self._shown_key:
            self._shown_key = key
            self.shown = self.match.state.view(self.viewer)

    def _handoff_for(self, seat: int) -> str | None:
        """Returns the hand-off needed before `seat`'s private view ("full", "light") or None: one is
        needed whenever another human's private view was the last on screen, or nobody's yet."""
        game = self.match.game
        if not game.private_views or len(self.humans) < 2 or self.last_private == seat:
            return None
        return game.handoff

    def _finish(self, dt: float) -> None:
        """Waits a moment on the final board, then shows the game-over screen."""
        self.over_wait += dt
        if self.over_wait >= table_layout().number("play.over_pause") and not self.finished:
            self.finished = True
            self.shown = self.match.state.view(self.viewer)
            self.app.push_scene("gameover", play=self)

    # --- drawing ------------------------------------------------------------------------
    def picture(self) -> object:
        """Returns what the play scene shows now; the window is drawn again only when it changes."""
        zoom = self.hover is not None and not self.busy() and \
            self.app.time - self.hover_since >= table_layout().number("hover_seconds")
        glow = self.glow_strength() if self.my_turn() else None
        return (id(self.shown), self.viewer, self.reveal_for, self.timeline.t if self.timeline else None,
                len(self.queue), len(self.match.history), self.status_text(), self.hover, zoom, glow,
                len(self.popup), self.match.can_undo(), self.hint.picture(), self.coach.picture())

    def glow_strength(self) -> float:
        """Returns how strongly legal places glow now: a slow pulse in a few steps, so that a screen
        waiting for a click is drawn only a few times a second."""
        steps = table_layout().number("play.glow_steps")
        phase = abs(((self.app.time * table_layout().number("play.glow_speed")) % 2) - 1)
        return 0.5 + 0.5 * round(phase * steps) / steps

    def draw(self, paint: Painter) -> None:
        layout = table_layout()
        hidden = self.timeline.hidden if self.timeline else set()
        self.board.draw(paint, self.view, self.shown, self.viewer, hidden, self.app.canvas)
        self.view.draw_live(paint, self.shown, self.viewer, None if self.busy() else self.hover, hidden)
        if self.my_turn():
            self._draw_targets(paint)
        if self.timeline:
            self.timeline.draw(paint, BOARD)
        self._draw_status(paint, layout.rect("play.status"))
        self._draw_log(paint, layout.rect("play.log"))
        self.targets()
        mouse = self.app.mouse if self.app.scene is self else AWAY  # under the Esc menu nothing is hovered
        for button in self._bar:
            button.draw(paint, mouse)
        self.coach.draw(paint, mouse)
        self.hint.draw(self, paint)
        self._follow_pointer(paint.hits.key_at(mouse) if not self.busy() else None)
        if self.hover is not None and self.app.time - self.hover_since >= layout.number("hover_seconds") \
                and not self.popup:
            self.view.draw_zoom(paint, self.shown, self.viewer, self.hover, mouse)
        for button in self.popup:
            button.draw(paint, mouse)
        if self.timeline:
            self.timeline.draw(paint, TOP)
        self.hits = paint.hits

    def _follow_pointer(self, under: Hashable | None) -> None:
        """Makes the hovered place the one under the pointer in the picture being drawn: when the board
        changes under a resting pointer, a key from the old picture never reaches the view."""
        if under != self.hover:
            self.hover, self.hover_since = under, self.app.time

    def _draw_targets(self, paint: Painter) -> None:
        """Makes every place with a legal action glow, and outlines the picked-up one."""
        strength = self.glow_strength()
        picked = self.view.selected(self.shown)
        for place in self.targets():
            shape = paint.hits.shape_of(place)
            if place != picked and shape is not None:
                hot = place == self.hover  # under the pointer: lit and glowing full, not pulsing with the rest
                if hot and isinstance(shape, pygame.Rect):
                    paint.shade(shape, colour("glow"), table_layout().number("play.hover_light"), 10)
                self.view.draw_highlight(paint, place, shape, 1.0 if hot else strength, False)
        shape = paint.hits.shape_of(picked) if picked is not None else None
        if shape is not None:
            self.view.draw_highlight(paint, picked, shape, strength, True)

    def _draw_status(self, paint: Painter, rect: pygame.Rect) -> None:
        """Draws the one line that says what to do now (wrapped or shrunk to fit its panel)."""
        paint.panel(rect, colour("panel"), None, table_layout().number("panel_radius"))
        paint.text(self.status_text(), self.status_box(rect), "body", colour("ink"), "bold", "midleft")

    @staticmethod
    def status_box(rect: pygame.Rect) -> pygame.Rect:
        """Returns where the status text goes inside its panel."""
        pad = table_layout().number("text.padding")
        return rect.inflate(-4 * pad, -pad // 2)

    def status_text(self) -> str:
        """Returns what the screen should tell the table now."""
        state, names = self.match.state, self.match.names
        if state.is_over():
            rivals = sorted(state.rivals(), key=lambda rival: -rival[1])[:1]
            winners = [names[s] for s in state.winners()] or [name for name, _ in rivals]
            return f"Game over: {' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'}."
        seat = state.current_player()
        if self.busy() and self._showing:
            return self._showing
        if not self.match.seats[seat].is_human:
            return f"{names[seat]} is thinking..."
        if seat == self.reveal_for:
            return f"{names[seat]}'s turn: click Show my cards when only {names[seat]} can see the screen."
        if seat != self.viewer:
            return f"Waiting for {names[seat]}."
        return self.why_not() or self.shown.status(names)

    def why_not(self) -> str | None:
        """Returns why the hovered place does not glow, while the seat at the screen decides (from its view);
        asked of the rules once per view shown and place hovered (the status line is read every frame)."""
        if self._acted_on is not None and self.hover == self._acted_on[0]:
            return None  # the place just clicked, its move made: a "why not" there read as a refusal of it
        shown, asked, answer = self._why_not
        if shown is not self.shown or asked != (self.hover, self.my_turn()):
            answer = None
            if self.my_turn() and self.hover is not None and self.hover not in self.targets():
                answer = self.shown.why_not(self.view.target_of(self.shown, self.hover))
            self._why_not = (self.shown, (self.hover, self.my_turn()), answer)
        return answer

    def _described_steps(self, shown: int) -> list[tuple[Any, list[str]]]:
        """Returns the first `shown` steps of the match, each with its log lines as the viewer sees them: a step
        is described once per viewer (a long game's log grows by a step at a time), again after an undo."""
        described = self._described.setdefault(self.viewer, [])
        steps = self.match.history[:shown]
        same = 0
        while same < min(len(described), len(steps)) and described[same][0] is steps[same]:
            same += 1
        del described[same:]
        described += [(step, [event.seen_by(self.viewer).describe(self.match.names) for event in step.events])
                      for step in steps[same:]]
        return described

    def log_steps(self) -> int:
        """Returns how many steps of the match the log shows: those before the first step still to be animated
        (a step replayed for a seat that missed it included: the later steps wait until the board shows them)."""
        pending = [entry[4] for entry in self.queue] + ([self._animating] if self.timeline is not None else [])
        return min(pending, default=len(self.match.history))

    def _draw_log(self, paint: Painter, rect: pygame.Rect) -> None:
        """Draws the scrolling game log, newest at the bottom."""
        paint.panel(rect, colour("panel"), None, table_layout().number("panel_radius"))
        paint.text("Game log", table_layout().rect("play.log_title"), "heading", colour("accent"), "title", "midleft")
        shown = self.log_steps()
        if (shown, self.viewer) != self._log_count:  # the log is rebuilt only when it changes
            self._log_count = (shown, self.viewer)
            lines = [line for _, described in self._described_steps(shown) for line in described]
            self.log.entries = [(line, "text") for line in lines] or [("No moves yet.", "text")]
            self.log.gap = 0.35
            self.log.to_end(paint)
        self.log.draw(paint, colour("log_text"))
