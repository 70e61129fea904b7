"""Scrumpy animations on the kit timeline: cards moving between strip, hand, worker spaces, stores, piles
and the cards in use (face up where the viewer may see them), cubes flying to vendors and goals, the
strip sliding and refilling, coins and prestige rising from a cidery, the Forager die, captions."""
from __future__ import annotations

from typing import Hashable, Sequence

import pygame

from games.core.actions import Event
from games.core.cards import kind_of
from games.core.match import Seat
from games.scrumpy.data import RESOURCES
from games.scrumpy.state import ScrumpyState
from graphics.config import colour, seat_colour
from graphics.kit.event_steps import event_steps, handlers
from graphics.kit.timeline import Banner, Key, Move, Panel, Step, Timeline, Wait, parallel, sequence
from graphics.kit.timing import timings
from graphics.paint import Painter
from graphics.views.scrumpy.board import pill_rects
from graphics.views.scrumpy.geometry import GAME, Geometry, inside, layout, orchard_cell
from graphics.views.scrumpy.hand import fan, fan_area, hand_rects
from graphics.views.scrumpy.pieces import Faces, icon

CARD_EVENTS = ("play", "recruit", "take_free", "layabout", "move", "secondary", "retire", "automa_take",
               "strip_discard", "draw", "discard", "refresh")
FLOATERS = {"coins": "coins", "sell": "coins", "prestige": "prestige", "token": "prestige", "advertise": "prestige",
            "donate": "coins"}
seconds = timings(GAME, "anim")  # an animation time from data/scrumpy/layout.yaml


class Animator:
    """Builds the timeline of one action's events, between the view before and the view after."""

    def __init__(self, faces: Faces, seats: Sequence[Seat]) -> None:
        self.faces, self.seats = faces, list(seats)

    def timeline(self, events: list[Event], before: ScrumpyState, after: ScrumpyState,
                 viewer: int | None) -> Timeline | None:
        """Returns the animation of `events`, or None if nothing moves."""
        build = _Build(self, before, after, viewer)
        event_steps(events, build.handlers)  # the handlers add to the build, merging moves (no step of their own)
        build.settle_strip()
        root = build.root()
        return Timeline(root, build.hidden) if root is not None else None


class _Build:
    """The steps and hidden places of one timeline, made event by event in the layout of `before`. Cards
    moving between the same kinds of places, with only coins or prestige in between, move together (and at the
    end every seat's sales of a resource move together); coins and prestige of one seat add up to one "+5"
    that rises while what follows plays."""

    def __init__(self, animator: Animator, before: ScrumpyState, after: ScrumpyState, viewer: int | None) -> None:
        self.faces, self.seats = animator.faces, animator.seats
        self.before, self.after, self.viewer = before, after, viewer
        self.geometry = Geometry(before, viewer)
        self.items: list[list] = []  # [key, Step | list of Moves | amount], in order
        self.final = False  # after the game's end every seat sells everything at once
        self.hidden: set[Hashable] = set()
        self.count = 0
        self.handlers = handlers({  # each adds the steps of its events to the build (see add)
            CARD_EVENTS: lambda data, event: self.cards(event.kind, data),
            ("cube", "automa_deliver", "automa_goal"): lambda data, event: self.cube(data),
            tuple(FLOATERS): self.amount, "die": self.die,
            ("plant", "uproot"): lambda data, event: self.tree(data["seat"], event.kind == "plant"),
            ("round", "automa_card", "end", "reveal"): self.banner})

    # --- events ------------------------------------------------------------------------------------
    def amount(self, data: dict, event: Event) -> None:
        """Adds the coins or prestige a seat gains or gives (they rise from its cidery)."""
        if "seat" in data:
            amount = data.get("prestige" if FLOATERS[event.kind] == "prestige" else "coins", 0)
            if amount:
                self.add(("floater", data["seat"], FLOATERS[event.kind], event.kind == "donate"), amount)

    def die(self, data: dict, event: Event) -> None:
        """Adds the Forager die rolled."""
        self.add(None, Panel(seconds("die"), self._die(self.before.data.rules.forager_die[data["face"]].name)))

    def banner(self, data: dict, event: Event) -> None:
        """Adds a caption: a round, an Automa card, the end, a reveal."""
        self.final = self.final or event.kind == "end"
        self.add(None, Banner(event.describe([seat.name for seat in self.seats]),
                              layout().rect("anim.banner_rect"), seconds("banner")))

    def add(self, key: tuple | None, payload) -> None:
        """Adds a step (key None), card moves (merged into the last group of the same key when only coins or
        prestige came since) or an amount of coins or prestige (added to the seat's earlier one)."""
        for item in reversed(self.items):
            if key is not None and item[0] == key:
                item[1] = item[1] + payload
                return
            if key is None or key[0] != "floater" and not self.final and (item[0] is None or item[0][0] != "floater"):
                break
        self.items.append([key, payload])

    def root(self) -> Step | None:
        """Returns the timeline's steps in order; coins and prestige rise while the steps after them play."""
        tail: Step | None = None
        for key, payload in reversed(self.items):
            if key is not None and key[0] == "floater":
                step = self.floater(key[1], key[2], f"{'-' if key[3] else '+'}{payload}")
                tail = step if tail is None else parallel(step, tail)
            else:
                step = payload if key is None else self.together(payload)
                tail = step if tail is None else sequence(step, tail)
        return tail

    def cards(self, kind: str, data: dict) -> None:
        """Adds the moves of the cards an event names (several cards move together, a little apart)."""
        seat = data.get("seat")
        if kind == "refresh":
            moves = []
            for index, space in enumerate(self.before.cideries[seat].spaces):
                for card in space:
                    moves.append((card, self.place(["space", seat, index]), ["discard", seat]))
                self.hidden.add(("space", seat, index))
            self.add(("cards", kind, seat), [self.move(card, rect, to) for card, rect, to in moves])
            return
        source, target = data.get("from"), data.get("to")
        if source is None or target is None:
            return
        cards = data.get("cards") or ([data["card"]] if data.get("card") else [data.get("kind")] * data.get("count", 1))
        moves = [self.move(card, self.take(source, card), target) for card in cards]
        self.add(("cards", kind, source[0], target[0]), moves)  # every seat's sales at the end move together

    def take(self, source: list, card: str | None) -> pygame.Rect:
        """Returns where a card leaves from, hiding it there meanwhile."""
        where = source[0]
        if where == "hand" and source[1] == self.geometry.focus:
            kind = kind_of(card) if card else None
            rect = self._hand_rect(kind)
            self.count += 1
            self.hidden.add(("hand_out", kind, self.count))
            return rect
        if where == "strip":
            self.hidden.add(("strip", source[1]))
        if where == "space":
            self.hidden.add(("space", source[1], source[2]))
        return self.place(source)

    def _hand_rect(self, kind: str | None) -> pygame.Rect:
        """Returns the rect of a card of `kind` in the focus hand as it is drawn (a back for None)."""
        placed = hand_rects(self.before, self.geometry, self.hidden)
        for key, rect, group, _ in placed:
            if group == kind:
                return rect
        return placed[-1][1] if placed else self.geometry.hand_part("fan")

    def place(self, where: list) -> pygame.Rect:
        """Returns the rect of a place named by an event: a seat's zone, the strip, the deck, a supply."""
        geometry, zone = self.geometry, where[0]
        if zone == "strip":
            return geometry.strip_slot(where[1]) if len(where) > 1 else geometry.strip_slot(0)
        if zone in ("deck", "strip_discard"):
            return geometry.deck()
        if zone == "layabouts":
            return geometry.layabouts()
        if zone == "automa":
            return geometry.below
        if zone == "box":
            return geometry.deck()
        seat = where[1]
        if zone == "space":
            return geometry.part(seat, "space", where[2])
        if not geometry.whole(seat):
            return self._small(geometry.board(seat))
        if zone in RESOURCES:
            bay = geometry.part(seat, "store", RESOURCES.index(zone))
            w, h = layout().size("board.store_card")
            return pygame.Rect(bay.centerx - w // 2, bay.bottom - 4 - h, w, h)
        if zone == "hand":
            area = fan_area(self.before, geometry)
            count = len(self.before.cideries[seat].hand.cards) + 1
            return fan(area, "hand.card").rects(min(count, 8))[-1]
        if zone in ("draw", "discard", "pool"):
            return geometry.hand_part(zone) if zone != "pool" else self._small(geometry.hand_part("pool"))
        return geometry.board(seat)

    @staticmethod
    def _small(area: pygame.Rect) -> pygame.Rect:
        """Returns a small card in the middle of an area (a compact cidery, the cards in use)."""
        w, h = layout().size("automa.worker_card")
        return pygame.Rect(area.centerx - w // 2, area.centery - h // 2, w, h)

    def move(self, card: str | None, start: pygame.Rect, target: list) -> Move:
        """Returns a card's move from a rect to a place, face up where the viewer may see it there."""
        end = self.place(target)
        up_start = card is not None and self._face_up(target, True)
        up_end = card is not None and self._face_up(target, False)
        fade = 0.2 if target[0] in ("box", "strip_discard") else 1.0
        self.count += 1
        slot = ("card", card) if card else ("card?", self.count)
        return Move(slot, self.faces.sprite(card), [Key(0, start, up_start), Key(seconds("card"), end, up_end, fade)],
                    depth=10, hold=(False, True))

    @staticmethod
    def _face_up(target: list, start: bool) -> bool:
        """Returns whether a moving card shows its face (stores, draw and deck hide it at its end)."""
        if start:
            return True
        return target[0] not in RESOURCES and target[0] not in ("draw", "deck")

    @staticmethod
    def together(moves: list[Move]) -> Step:
        """Returns moves played together, each starting a little after the one before (all within a moment)."""
        stagger = min(seconds("stagger"), seconds("card") * 2 / max(1, len(moves)))
        return parallel(*[sequence(Wait(i * stagger), m) if i else m for i, m in enumerate(moves)])

    # --- cubes, trees, floaters, the die --------------------------------------------------------------
    def cube(self, data: dict) -> None:
        """Adds a cube flying from a cidery (or the Automa) to a vendor space or a goal."""
        seat = data.get("seat")
        target = data["target"]
        if target[0] == "vendor":
            end = self.geometry.vendor_space(*target[1:])
        else:
            index = self._goal_index(target[1])
            end = self.geometry.goal_row(index) if index is not None else self.geometry.goals_panel()
            end = pygame.Rect(end.right - end.height, end.y, end.height // 2, end.height // 2)
        side = layout().number("board.cube")
        if seat is None:
            start = pygame.Rect(self.geometry.below.x + 10, self.geometry.below.y + 10, side, side)
            rgb = colour("automa", "scrumpy")
        else:
            start = self._cube_place(seat, data["place"])
            rgb = seat_colour(self.seats[seat].colour).rgb
            self.hidden.add(("cube", seat, data["place"]))
        end = pygame.Rect(end.centerx - side // 2, end.centery - side // 2, side, side)
        self.count += 1
        self.add(None, Move(("cube", self.count), cube_sprite(rgb), [Key(0, start), Key(seconds("cube"), end)],
                            depth=20, hold=(False, True)))

    def _goal_index(self, goal: str) -> int | None:
        """Returns the row of a goal in the goals panel."""
        if goal in self.before.public_goals:
            return self.before.public_goals.index(goal)
        return len(self.before.public_goals)

    def _cube_place(self, seat: int, place: str) -> pygame.Rect:
        """Returns where a cube leaves from: an Office tile, a hand spot or the orchard."""
        side = layout().number("board.cube")
        geometry = self.geometry
        if not geometry.whole(seat):
            rect = geometry.board(seat)
        elif place == "orchard":
            cidery = self.before.cideries[seat]
            spaces = self.before.data.rules.orchard_spaces
            rect = orchard_cell(geometry.part(seat, "orchard"), spaces - cidery.orchard_cubes)
        elif place.startswith("office:"):
            ids = [a.id for a in self.before.data.rules.owner_actions]
            rect = geometry.part(seat, "office", ids.index(place.split(":")[1]))
        else:
            rect = geometry.part(seat, "spot", ("size", "keep").index(place.split(":")[1]))
        return pygame.Rect(rect.centerx - side // 2, rect.centery - side // 2, side, side)

    def tree(self, seat: int, planted: bool) -> None:
        """Adds a tree moving between the supply (the strip panel) and a cidery's orchard."""
        footer = inside(self.geometry.strip_panel(), "strip.footer")  # "Supply: 9 trees"
        supply = pygame.Rect(footer.x, footer.y, footer.height, footer.height)
        orchard = self.geometry.part(seat, "orchard")
        if self.geometry.whole(seat):
            trees = self.before.cideries[seat].trees
            orchard = orchard_cell(orchard, trees if planted else max(0, trees - 1))
        start, end = (supply, orchard) if planted else (orchard, supply)
        self.count += 1
        keys = [Key(0, start), Key(seconds("card"), end)]
        self.add(None, Move(("tree", self.count), image_sprite(icon("tree")), keys, depth=20, hold=(False, planted)))

    def floater(self, seat: int, name: str, text: str) -> Panel:
        """Returns coins or prestige rising from a cidery's pills ('+2')."""
        pill = pill_rects(self.geometry.board(seat), self.geometry.whole(seat))[name]
        rise = layout().number("anim.floater_rise")
        box = pygame.Rect(pill)

        def draw(paint: Painter, t: float) -> None:
            u = t / seconds("floater")
            rect = box.move(0, int(-rise * u))
            paint.rect(rect, colour("floater_edge", "scrumpy"), rect.height // 2)
            inner = rect.inflate(-8, -4)
            paint.image(icon(name), (inner.x, inner.y, inner.height, inner.height))
            paint.text(text, (inner.x + inner.height + 4, inner.y, inner.width - inner.height - 4, inner.height),
                       "small", colour("floater", "scrumpy"), "bold", "midleft")
        return Panel(seconds("floater"), draw)

    @staticmethod
    def _die(face: str):
        """Returns the drawing of the Forager die panel showing a face."""
        rect = layout().rect("anim.die_rect")

        def draw(paint: Painter, t: float) -> None:
            paint.panel(rect, colour("banner"), colour("button"), 16)
            margin = layout().number("anim.die_margin")
            side = rect.height - 2 * margin
            spin = t < seconds("die") / 2
            die = pygame.Rect(rect.x + margin, rect.y + margin, side, side)
            if spin:
                die = die.inflate(-int(side * 0.2 * abs(((t * 8) % 2) - 1)), 0)
            paint.image(icon("die"), die)
            text = "Rolling..." if spin else face
            paint.text(text, (die.right + margin, rect.y, rect.right - die.right - 2 * margin, rect.height), "body",
                       colour("banner_text"), "bold", "midleft")
        return draw

    # --- the strip ---------------------------------------------------------------------------------
    def settle_strip(self) -> None:
        """Slides the strip's workers to their new spaces and deals new ones from the deck, if it changed."""
        old, new = self.before.strip.slots, self.after.strip.slots
        if old == new:
            return
        moves = []
        for slot, card in enumerate(new):
            self.hidden.add(("strip", slot))
            if card is None:
                continue
            end = self.geometry.strip_slot(slot)
            if card in old:
                start = self.geometry.strip_slot(old.index(card))
                moves.append(Move(("card", card), self.faces.sprite(card), [Key(0, start), Key(seconds("card"), end)],
                                  hold=(True, True)))
            else:
                moves.append(Move(("card", card), self.faces.sprite(card),
                                  [Key(0, self.geometry.deck(), False), Key(seconds("card"), end, True)],
                                  hold=(False, True)))
        if moves:
            self.add(None, self.together(moves))


def cube_sprite(rgb):
    """Returns a sprite function for a flying cube of a colour."""
    def build(assets, face_up: bool, size: tuple[int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            surface = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(2, size[0] // 6)
            pygame.draw.rect(surface, rgb, surface.get_rect(), border_radius=radius)
            pygame.draw.rect(surface, colour("symbol_outline"), surface.get_rect(), max(1, size[0] // 12),
                             border_radius=radius)
            return surface
        return assets.cached(("cube", rgb, size), make)
    return build


def image_sprite(name: str):
    """Returns a sprite function for an image asset."""
    return lambda assets, face_up, size: assets.image(name, size)
