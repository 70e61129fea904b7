"""The Crumbs table: the park with its pieces, the Crumb Trail, the Daily Buzz and the army sheets;
drops played from the physics frames, scuffles with their dice, trackers that move."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

import games.crumbs as crumbs_rules
from games.core.actions import Action, Event
from games.core.errors import DataError
from games.crumbs.actions import ChooseArmy, DogDrop, DogPlace, DrawBuzz, MoveFrom, Spawn, Special
from games.crumbs.board import centroid
from games.crumbs.data import DATA as CRUMBS_DATA
from games.crumbs.state import CrumbsState
from games.crumbs.why import action_place
from graphics.assets import Assets
from graphics.config import seat_colour, table_layout
from graphics.kit.event_steps import event_steps, handlers, played_in_order
from graphics.kit.faces import CardFaces
from graphics.kit.overlay import clear_spot, draw_tooltip, draw_zoom
from graphics.kit.timeline import Panel, Step, parallel, sequence
from graphics.paint import Painter
from graphics.sound import drop_cues
from graphics.views.base import GameView
from graphics.views.crumbs.anim import Feeding, Knock, Knocks, Scuffle, Side, drop, scuffle_size, tracker
from graphics.views.crumbs.panels import (
    army_folds,
    draw_armies,
    draw_army_zoom,
    draw_buzz,
    draw_sheet,
    draw_sheets,
    draw_tracker,
    draw_trail,
    sheet_height,
    tracker_points,
)
from graphics.views.crumbs.park import SPRITES, Park, crumbs_layout
from physics import load_params
from physics.drop import FRAME_RATE

DRAW_ORDER = {"crumb": 0, "wet": 0, "stockpile": 0, "critter": 1, "dog": 2}  # flat pieces first
ARMIES_PANEL = ("armies",)  # hidden while the setup drop after the last army choice plays


class CrumbsView(GameView):
    """Draws Crumbs and maps its actions to spaces of the park (registered as polygons on the hit map)."""

    def __init__(self, game, seats) -> None:
        super().__init__(game, seats)
        self.faces = CardFaces(game.id)

    @classmethod
    def check_data(cls, game_id: str) -> None:
        """Loads the layout, the Daily Buzz card faces and the physics of drops, and finds each army's critter
        sprite (graphics/assets/crumbs/<critter>.svg); raises DataError or ValueError."""
        super().check_data(game_id)
        load_params()
        data, assets = crumbs_rules.load_data(), Assets()
        for index, army in enumerate(data.armies.values()):
            if not assets.has_image(f"crumbs/{army.critter}"):
                raise DataError(f"{CRUMBS_DATA / 'armies.yaml'}: armies[{index}] (id {army.id!r}): field 'critter': "
                                f"no sprite graphics/assets/crumbs/{army.critter}.svg to draw it with")

    def _park(self, view: CrumbsState) -> Park:
        """Returns the park drawing helper for the map in play (cached per map)."""
        cache = self.__dict__.setdefault("_parks", {})
        if view.map_id not in cache:
            cache[view.map_id] = Park(view.board)
        return cache[view.map_id]

    # --- places ---------------------------------------------------------------------------------
    def key_of(self, view: CrumbsState, action: Action) -> Hashable | None:
        return action_place(action)

    def in_bar(self, view: CrumbsState, action: Action) -> bool:
        return isinstance(action, (DrawBuzz, ChooseArmy)) or self.key_of(view, action) is None

    def selected(self, view: CrumbsState) -> Hashable | None:
        decision = view.pending_decision()
        start = decision.data.get("from") if decision is not None else None
        return ("space", start) if start else None

    def label(self, view: CrumbsState, action: Action, names: Sequence[str]) -> str:
        seat = view.current_player()
        text = action.describe(names)
        if view.phase != "turn" or seat is None:
            return text
        in_turn = view.pending_decision().kind == "turn"  # not answering a choice on top of the turn
        if isinstance(action, MoveFrom) and in_turn:
            return f"{text} ({'free' if view.free_moves else view.cost(seat, 'move')})"
        cost = {Spawn: "spawn", DogDrop: "dog_drop", DogPlace: "dog_place", Special: "special"}.get(type(action))
        if cost and not (cost == "spawn" and not in_turn):
            return f"{text} ({view.cost(seat, cost)})"
        return text

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, paint: Painter, view: CrumbsState, viewer: int | None, hidden: set[Hashable]) -> None:
        park = self._park(view)
        # the armies panel covers the park while armies are chosen (not while the setup drop after the last choice
        # plays: that is drawn on the park); the dice are rolled after it
        choosing = view.phase == "armies" and ARMIES_PANEL not in hidden
        park.draw_map(paint, {s: view.value(s) for s in view.board.spaces}, view.dog_space(),
                      rolled=view.phase != "armies", covered=choosing, labels=False)
        drawn = []
        for piece_id in sorted(view.on_board(), key=lambda p: DRAW_ORDER[view.pieces[p].kind]):
            if ("piece", piece_id) not in hidden:
                pose = view.pieces[piece_id].pose
                self._draw_piece(paint, view, piece_id, (pose[0], pose[1], pose[2], 0.0))
                if view.pieces[piece_id].kind in ("critter", "dog"):
                    drawn.append(park.piece_rect(view.pieces[piece_id].kind, pose[0], pose[1]))
        for space_id, space in view.board.spaces.items():  # names over the pieces: a piece never hides one
            park.draw_labels(paint, space, space_id == view.dog_space(), drawn)
        self._draw_dog_house(paint, view, hidden)
        draw_trail(paint, view, self.seats, hidden)
        draw_buzz(paint, view, self.faces)
        draw_sheets(paint, view, self.seats, viewer)
        if choosing:
            draw_armies(paint, view, self.seats)

    def _draw_piece(self, paint: Painter, view: CrumbsState, piece_id: str, pose: tuple) -> None:
        """Draws one piece with its army's sprite."""
        piece = view.pieces[piece_id]
        kind = piece.kind
        art = view.data.armies[view.armies[piece.owner]].critter if kind == "critter" else SPRITES[kind]
        mark = seat_colour(self.seats[piece.owner].colour) if kind == "critter" else None
        self._park(view).draw_piece(paint, kind, art, pose[0], pose[1], pose[2], pose[3], mark)

    def _draw_dog_house(self, paint: Painter, view: CrumbsState, hidden: set[Hashable]) -> None:
        """Draws the dog house, with the dog beside it when it is home."""
        rect = crumbs_layout().rect("dog_house")
        paint.image("crumbs/dog_house", (rect.x, rect.y, rect.height, rect.height))
        if view.pieces["dog"].pose is None and ("piece", "dog") not in hidden:
            paint.image("crumbs/dog", (rect.x + rect.height, rect.y + rect.height / 3, rect.height, rect.height / 2))
        text = "The dog is home" if view.pieces["dog"].pose is None else "The dog is out"
        paint.text(text, (rect.x + 2 * rect.height, rect.y, 260, rect.height), "small", (255, 244, 222), "bold",
                   "midleft")

    def draw_zoom(self, paint: Painter, view: CrumbsState, viewer: int | None, key: Hashable, pos) -> None:
        if key[0] == "sheet":
            width = crumbs_layout().number("sheet_zoom_width")
            rect = pygame.Rect(0, 0, width, int(sheet_height(paint, view, key[1], width)))
            rect.topright = (int(pos[0]) - 20, int(pos[1]) - rect.height // 2)
            rect.clamp_ip(pygame.Rect(0, 0, *paint.viewport.canvas))
            draw_sheet(paint, view, self.seats, key[1], rect)
        elif key[0] == "space":
            self._zoom_space(paint, view, key[1], pos)
        elif key[0] == "army" and army_folds(paint, view, key[1]):
            draw_army_zoom(paint, key[1], view, pos)
        elif key[0] == "buzz" and view.drawn:
            card = view.data.cards[view.drawn[-1]]
            draw_zoom(paint, lambda p, rect: self.faces.draw(p, card, rect), paint.hits.rect_of(("deck",)) or pos,
                      crumbs_layout().size("buzz_zoom"))

    def _zoom_space(self, paint: Painter, view: CrumbsState, space_id: str, pos) -> None:
        """Shows what a space holds: value, controller, critters, crumbs, neighbours."""
        space = view.board.spaces[space_id]
        owner = view.controller(space_id)
        names = [self.seats[s].name for s in range(view.players)]
        lines = [f"{space.name}: value {view.value(space_id)}"
                 + (" (feeder die)" if space.kind == "feeder" else " (fountain, shared)" if space.kind == "fountain"
                    else ""),
                 "Controlled by " + (names[owner] if owner is not None else "nobody")]
        for seat in view.armies_in(space_id):
            lines.append(f"{names[seat]}: {len(view.critters_in(space_id, seat))} critter(s)")
        crumbs = [c for c in view.on_board(space=space_id) if view.pieces[c].kind != "critter" and c != "dog"]
        if crumbs:
            lines.append(f"{len(crumbs)} crumb(s) here")
        if space.ponds:
            lines.append("Pond: crumbs in it score only for the Ducks")
        if view.dog_space() == space_id:
            lines.append("The dog is here: this space scores nothing")
        lines.append("Next to: " + ", ".join(view.board.spaces[s].name for s in view.board.adjacent[space_id]))
        draw_tooltip(paint, "\n".join(lines), pos, crumbs_layout().number("space_tip_width"))

    # --- animation --------------------------------------------------------------------------------
    def animate(self, events: list[Event], before: CrumbsState, after: CrumbsState, viewer: int | None):
        hidden: set[Hashable] = set()
        if before.phase == "armies" and after.phase != "armies":
            hidden.add(ARMIES_PANEL)  # the last army is chosen: the setup drop plays on the park, not under the panel
        crumbs = list(before.crumbs)

        def trail(data: dict, event: Event) -> Step:
            """A tracker slides along the Crumb Trail (with a feeding's score shown on the spaces)."""
            seat = data["seat"]
            sign = 1 if event.kind == "gain" else -1
            start = tracker_points(after, crumbs)[seat]
            crumbs[seat] = max(0, crumbs[seat] + sign * data["amount"])
            slide = tracker(seat, start, tracker_points(after, crumbs)[seat],
                            lambda p, s, point: draw_tracker(p, self.seats, s, point))
            rows = data.get("rows") if event.kind == "gain" else None
            hidden.add(("tracker", seat))
            return parallel(slide, self._feeding(after, seat, rows)) if rows else slide

        def dropped(data: dict, event: Event) -> Step:
            """Pieces fall as the physics computed them, then marks show what they knocked elsewhere."""
            frames = data["frames"]
            played = drop(frames, set(data["dropped"]),
                          lambda p, pid, pose, view=after: self._draw_piece(p, view, pid, pose))
            hidden.update({("piece", p) for p in (frames[0] if frames else ())})
            hidden.update({("piece", p) for p in data["dropped"]})
            step = parallel(played, *drop_cues(data.get("impacts", ()), FRAME_RATE / played.fps))
            knocks = self._knocks(after, data)
            return sequence(step, knocks) if knocks is not None else step

        table = handlers({("pay", "gain", "lose"): trail, "drop": dropped,
                          "scuffle": lambda data, event: self._scuffle(after, data).step()})
        return played_in_order(event_steps(events, table), hidden)

    def _scuffle(self, view: CrumbsState, data: dict) -> Scuffle:
        """Returns the scuffle panel for a scuffle event, beside the space it happens in (never over it)."""
        space = self.space_rect(view, data["space"])
        areas = [crumbs_layout().rect("park"), table_layout().rect("play.board")]
        rect = clear_spot(space, scuffle_size(len(data["sides"])), [space], areas, table_layout().size("canvas"), 16)
        sides = []
        for side in data["sides"]:
            seat = side["seat"]
            army = view.data.armies[view.armies[seat]]
            sides.append(Side(self.seats[seat].name, army.name, army.critter, seat_colour(self.seats[seat].colour),
                              side["rolls"][-1],
                              side["critters"], side["bonus"], side["total"], seat == data["winner"]))
        return Scuffle(rect, f"Scuffle in {view.space_name(data['space'])}", sides)

    def _knocks(self, view: CrumbsState, data: dict) -> Panel | None:
        """Returns the marks of the pieces a drop knocked into another space (crumbs left out, as in the log)."""
        park = self._park(view)
        last = data["frames"][-1] if data["frames"] else {}
        knocks = []
        for piece_id, knock in data["knocks"].items():
            kind = data["kinds"][piece_id]
            if knock["to"] == knock["from"] or kind == "crumb" or piece_id not in last or piece_id not in data["start"]:
                continue
            owner = data["owners"][piece_id]
            seat = seat_colour(self.seats[owner].colour) if kind == "critter" else None
            knocks.append(Knock(park.point(data["start"][piece_id][:2]), park.point(last[piece_id][:2]), seat,
                                f"from {view.space_name(knock['from'])}"))
        return Knocks(knocks, park.rect).step() if knocks else None

    def space_rect(self, view: CrumbsState, space_id: str) -> pygame.Rect:
        """Returns the logical bounding rect of a space of the park."""
        points = self._park(view).polygon(view.board.spaces[space_id].polygon)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)

    def _feeding(self, view: CrumbsState, seat: int, rows) -> Panel:
        """Returns one player's feeding score shown on each space as it is scored: crumbs x value (+ bonuses)."""
        park = self._park(view)
        labels = []
        for space_id, count, points in rows:
            value = view.value(space_id)
            extra = points - count * value
            text = f"{count} \u00d7 {value}" + (f" {'+' if extra > 0 else '-'} {abs(extra)}" if extra else "") + \
                f" = {points}"
            space = view.board.spaces[space_id]
            labels.append((park.point(space.spot or centroid(space.polygon)), text))
        return Feeding(seat_colour(self.seats[seat].colour), labels, park.rect).step()
