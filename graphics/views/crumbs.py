"""The Crumbs table: the park with its pieces, the Crumb Trail, the Daily Buzz and the army sheets;
drops played from the physics frames, scuffles with their dice, trackers that move."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.core.actions import Action, Event
from games.crumbs.actions import (DogDrop, DogPlace, DrawBuzz, MoveFrom, MoveTo, PickCritter, PickSpace, PlaceStart,
                                  Spawn, Special)
from games.crumbs.state import CrumbsState
from graphics.config import seat_colour, table_layout
from graphics.kit.faces import CardFaces
from graphics.kit.overlay import draw_tooltip, draw_zoom
from graphics.kit.timeline import Timeline, sequence
from graphics.paint import Painter
from graphics.views.base import GameView
from graphics.views.crumbs_anim import Scuffle, Side, drop, tracker
from graphics.views.crumbs_panels import draw_buzz, draw_sheet, draw_sheets, draw_trail, draw_tracker, sheet_height
from graphics.views.crumbs_park import SPRITES, Park, crumbs_layout

SPACE_ACTIONS = (MoveFrom, MoveTo, Spawn, PickCritter, PickSpace, PlaceStart)
DRAW_ORDER = {"crumb": 0, "wet": 0, "stockpile": 0, "critter": 1, "dog": 2}  # flat pieces first


class CrumbsView(GameView):
    """Draws Crumbs and maps its actions to spaces of the park (registered as polygons on the hit map)."""

    def __init__(self, game, seats) -> None:
        super().__init__(game, seats)
        self.faces = CardFaces(game.id)

    def _park(self, view: CrumbsState) -> Park:
        """Returns the park drawing helper for the map in play (cached per map)."""
        cache = self.__dict__.setdefault("_parks", {})
        if view.map_id not in cache:
            cache[view.map_id] = Park(view.board)
        return cache[view.map_id]

    # --- places ---------------------------------------------------------------------------------
    def key_of(self, view: CrumbsState, action: Action) -> Hashable | None:
        if isinstance(action, SPACE_ACTIONS):
            return ("space", action.space)
        if isinstance(action, DrawBuzz):
            return ("deck",)
        return None

    def in_bar(self, view: CrumbsState, action: Action) -> bool:
        return isinstance(action, DrawBuzz) or self.key_of(view, action) is None

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
        park.draw_map(paint, {s: view.value(s) for s in view.board.spaces}, view.dog_space())
        for piece_id in sorted(view.on_board(), key=lambda p: DRAW_ORDER[view.pieces[p].kind]):
            if ("piece", piece_id) not in hidden:
                pose = view.pieces[piece_id].pose
                self._draw_piece(paint, view, piece_id, (pose[0], pose[1], pose[2], 0.0))
        self._draw_dog_house(paint, view, hidden)
        draw_trail(paint, view, self.seats, hidden)
        draw_buzz(paint, view, self.faces)
        draw_sheets(paint, view, self.seats, viewer)

    def _draw_piece(self, paint: Painter, view: CrumbsState, piece_id: str, pose: tuple) -> None:
        """Draws one piece with its army's sprite."""
        piece = view.pieces[piece_id]
        kind = piece.kind
        art = view.data.armies[view.armies[piece.owner]].critter if kind == "critter" else SPRITES[kind]
        self._park(view).draw_piece(paint, kind, art, pose[0], pose[1], pose[2], pose[3])

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
            draw_sheet(paint, view, self.seats, key[1], rect, True)
        elif key[0] == "space":
            self._zoom_space(paint, view, key[1], pos)
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
        steps, hidden = [], set()
        crumbs = list(before.crumbs)
        for event in events:
            if event.kind in ("pay", "gain", "lose"):
                seat = event.data["seat"]
                sign = 1 if event.kind == "gain" else -1
                end = max(0, crumbs[seat] + sign * event.data["amount"])
                steps.append(tracker(seat, crumbs[seat], end, lambda p, s, v, view=after: draw_tracker(
                    p, view, self.seats, s, v)))
                crumbs[seat] = end
                hidden.add(("tracker", seat))
            elif event.kind == "drop":
                frames = event.data["frames"]
                steps.append(drop(frames, set(event.data["dropped"]),
                                  lambda p, pid, pose, view=after: self._draw_piece(p, view, pid, pose)))
                hidden |= {("piece", p) for p in (frames[0] if frames else ())} | {("piece", p) for p in event.data["dropped"]}
            elif event.kind == "scuffle":
                steps.append(self._scuffle(after, event.data).step())
        return Timeline(sequence(*steps), hidden) if steps else None

    def _scuffle(self, view: CrumbsState, data: dict) -> Scuffle:
        """Returns the scuffle panel for a scuffle event, over the space it happens in."""
        rect = crumbs_layout().rect("scuffle_panel")
        rect.width = max(rect.width, len(data["sides"]) * crumbs_layout().number("scuffle.column"))
        park = self._park(view)
        centre = park.point(view.board.centre(data["space"]))
        rect.center = (int(centre[0]), int(centre[1]))
        rect.clamp_ip(park.rect if rect.width <= park.rect.width else table_layout().rect("play.board"))
        sides = []
        for side in data["sides"]:
            seat = side["seat"]
            army = view.data.armies[view.armies[seat]].name
            sides.append(Side(self.seats[seat].name, army, seat_colour(self.seats[seat].colour).rgb,
                              side["rolls"][-1], side["critters"], side["bonus"], side["total"], seat == data["winner"]))
        return Scuffle(rect, f"Scuffle in {view.space_name(data['space'])}", sides)
