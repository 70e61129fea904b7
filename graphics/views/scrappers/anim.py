"""Scrappers animations on the kit timeline: parts riding the conveyor (to the bin, from the hopper,
back and forth), bodgers stepping round the loop or jumping, parts switching places, pulled parts
flying to their new owner, action cards played and discarded, the wrench passing, and a tussle's
cards turned over together with the winner lit."""
from __future__ import annotations

from typing import Sequence

import pygame

from games.core.actions import Event
from games.core.words import listed
from games.scrappers.records import GUPPY, KEELIE
from games.scrappers.state import ScrappersState
from graphics.config import Theme, seat_colour
from graphics.kit.event_steps import event_steps, handlers, played_in_order
from graphics.kit.groups import grouped
from graphics.kit.timeline import Banner, Key, Move, Panel, Step, Timeline, parallel, sequence
from graphics.kit.timing import later, timings
from graphics.paint import Painter
from graphics.views.scrappers.floor import Floor
from graphics.views.scrappers.geometry import Geometry
from graphics.views.scrappers.panels import Panels
from graphics.views.scrappers.sprites import GAME, Sprites, layout
from graphics.views.scrappers.table import Table

ARC = 0.45  # a jump or a switch rises this fraction of its length


seconds = timings(GAME, "seconds")  # an animation time from data/scrappers/layout.yaml


def arc(start: pygame.Rect, end: pygame.Rect, duration: float, rise: float = ARC, face=(True, True),
        steps: int = 4) -> list[Key]:
    """Returns keys along an arc from one rect to another (rising by `rise` of the distance, negative: falling)."""
    dx, dy = end.centerx - start.centerx, end.centery - start.centery
    length = (dx * dx + dy * dy) ** 0.5
    keys = []
    for i in range(steps + 1):
        u = i / steps
        lift = -rise * length * 4 * u * (1 - u)
        rect = pygame.Rect(0, 0, round(start.width + (end.width - start.width) * u),
                           round(start.height + (end.height - start.height) * u))
        rect.center = (round(start.centerx + dx * u), round(start.centery + dy * u + lift))
        keys.append(Key(duration * u, rect, face[0] if u < 0.5 else face[1]))
    return keys


class Animator:
    """Turns one step's events into a timeline, following what moves through the events."""

    def __init__(self, geometry: Geometry, sprites: Sprites, floor: Floor, table: Table, panels: Panels,
                 seats: Sequence) -> None:
        self.geo, self.sprites, self.floor, self.table, self.panels = geometry, sprites, floor, table, panels
        self.seats = seats
        self.theme = Theme(GAME)
        self.handlers = handlers({
            "place": self._place, "move": self._move, "swap": self._swap, "switch_parts": self._switch_parts,
            "conveyor": self._conveyor, "pull": self._pull, "tussle": self._tussle, "reveal": self._reveal,
            "play": self._play, "card_done": self._card_done, "draw": self._draw, "discard": self._discard,
            "wrench": self._wrench, "round": self._round, "pulling": self._pulling, "first_foreman": self._first})

    def animate(self, events: list[Event], before: ScrappersState, after: ScrappersState,
                viewer: int | None) -> Timeline | None:
        """Returns the animation of one step's events, or None if nothing moves."""
        self.before, self.after, self.viewer = before, after, viewer
        self.slots = list(before.belt.slots)
        self.spaces = {b.id: b.space for b in before.bodgers}
        self.hidden: set = set()
        self.pulls = 0
        return played_in_order(event_steps(events, self.handlers), self.hidden)

    # --- tokens -------------------------------------------------------------------------------------
    def _token_sprite(self, bodger: str):
        """Returns a token's sprite as it looks after the step."""
        ring, symbol = self.floor.ring(self.after, bodger)
        owner = next((b.owner for b in self.after.bodgers if b.id == bodger), None)
        passed = owner is not None and self.after.passed()[owner]
        return self.sprites.token_sprite(bodger, passed, ring, symbol)

    def _token_rect(self, bodger: str, space: int) -> pygame.Rect:
        """Returns where a token stands on a space (Guppy smaller when sharing)."""
        shared = bodger == GUPPY and any(s == space for b, s in self.spaces.items() if b != GUPPY)
        return self.floor.token_rect(space, shared)

    def _place(self, data: dict, event: Event) -> Step:
        """A token leaves the setup tray for its space."""
        bodger, space = data["bodger"], data["space"]
        waiting = self._waiting()
        start = self.geo.setup_tokens(len(waiting))[waiting.index(bodger)] if bodger in waiting else \
            self.geo.token(space)
        self.spaces[bodger] = space
        self.hidden |= {("bodger", bodger), ("token", bodger)}
        end = self._token_rect(bodger, space)
        return Move(("bodger", bodger), self._token_sprite(bodger), arc(start, end, seconds("jump"), 0.2), depth=2)

    def _waiting(self) -> list[str]:
        """Returns the tokens still in the setup tray before the step, in tray order."""
        view = self.before
        tokens = [t.id for t in view.data.rules.bodgers] + [t for t in (KEELIE, GUPPY) if view.options[t]]
        return [t for t in tokens if t not in self.spaces]

    def _move(self, data: dict, event: Event) -> Step:
        """A bodger steps or dashes round the loop, or jumps (Guppy hops straight to his space)."""
        bodger, start, end, how = data["bodger"], data["from"], data["to"], data["how"]
        self.hidden.add(("bodger", bodger))
        first = self._token_rect(bodger, start)
        others = {s for b, s in self.spaces.items() if b not in (bodger, GUPPY)}
        self.spaces[bodger] = end
        last = self._token_rect(bodger, end)
        sprite = self._token_sprite(bodger)
        if how in ("jump", GUPPY):
            return Move(("bodger", bodger), sprite, arc(first, last, seconds("jump")), depth=2)
        path = self.geo.path(start, end, others if bodger != GUPPY else set())
        per = min(seconds("token"), seconds("token_most") / max(1, len(path) - 1))
        keys = [Key(0, first)] + [Key(per * i, self.geo.token(s)) for i, s in enumerate(path[1:-1], 1)] + \
            [Key(per * (len(path) - 1), last)]
        return Move(("bodger", bodger), sprite, keys, depth=2, ease="linear" if len(path) > 2 else "smooth")

    def _swap(self, data: dict, event: Event) -> Step:
        """Two bodgers switch places, passing each other."""
        (one, two), (to_one, to_two) = data["bodgers"], data["spaces"]
        moves = []
        for bodger, end, rise in ((one, to_one, ARC), (two, to_two, -ARC)):
            self.hidden.add(("bodger", bodger))
            start = self._token_rect(bodger, self.spaces[bodger])
            moves.append(Move(("bodger", bodger), self._token_sprite(bodger),
                              arc(start, self.geo.token(end), seconds("jump"), rise), depth=2))
        self.spaces[one], self.spaces[two] = to_one, to_two
        return parallel(*moves)

    # --- parts ----------------------------------------------------------------------------------------
    def _part_move(self, part: str, start: pygame.Rect, end: pygame.Rect, duration: float, rise: float = 0.0,
                   face=(True, True), fade: float = 1.0) -> Move:
        """Returns a part moving between two rects (along an arc if `rise`), fading to `fade`."""
        keys = arc(start, end, duration, rise, face) if rise else [Key(0, start, face[0]), Key(duration, end, face[1])]
        keys[-1].alpha = fade
        return Move(("part", part), self.sprites.part_sprite(part), keys, depth=1)

    def _switch_parts(self, data: dict, event: Event) -> Step:
        """Two parts on the conveyor switch places, one over the other."""
        front, other = data["slots"]
        one, two = self.slots[front], self.slots[other]
        self.hidden |= {("slot", front), ("slot", other)}
        self.slots[front], self.slots[other] = two, one
        return parallel(self._part_move(one, self.geo.part(front), self.geo.part(other), seconds("jump"), ARC),
                        self._part_move(two, self.geo.part(other), self.geo.part(front), seconds("jump"), -ARC))

    def _conveyor(self, data: dict, event: Event) -> Step:
        """The conveyor runs: parts go in the bin or back on the hopper, slide along, come from the bin or
        the hopper (face down from the hopper, turning over as they land)."""
        geo, slots = self.geo, self.slots
        hopper, bin_ = geo.pile_part(geo.hopper()), geo.pile_part(geo.bin())
        first, then, last = [], [], []
        for slot, part in data.get("binned", []):
            first.append(self._part_move(part, geo.part(slot), bin_, seconds("part"), fade=0.9))
            self.hidden.add(("slot", slot))
        if "to_hopper" in data:
            first.append(self._part_move(data["to_hopper"], geo.part(0), hopper, seconds("part")))
            self.hidden.add(("slot", 0))
        moved = {}
        for start, end in data.get("moves", []):
            part = slots[start]
            moved[end] = part
            distance = abs(end - start)
            then.append(self._part_move(part, geo.part(start), geo.part(end), seconds("part") * min(2, distance)))
            self.hidden |= {("slot", start), ("slot", end)}
        if "from_bin" in data:
            end = len(slots) - 1
            moved[end] = data["from_bin"]
            then.append(self._part_move(data["from_bin"], bin_, geo.part(end), seconds("part")))
            self.hidden |= {("slot", end), ("bin",)}
        for i, (slot, part) in enumerate(data.get("drawn", [])):
            moved[slot] = part
            last.append(later(i * seconds("part_stagger"),
                              self._part_move(part, hopper, geo.part(slot), seconds("part_in"), 0.12, (False, True))))
            self.hidden.add(("slot", slot))
        self._apply_belt(data, moved)
        together = data.get("how") in ("forward", "reverse")
        groups = [parallel(*first, *then), parallel(*last)] if together else \
            [parallel(*first), parallel(*then), parallel(*last)]
        return sequence(*(g for g in groups if g.parts))

    def _apply_belt(self, data: dict, moved: dict[int, str]) -> None:
        """Follows the conveyor's parts through a run."""
        for slot, _ in data.get("binned", []):
            self.slots[slot] = None
        if "to_hopper" in data:
            self.slots[0] = None
        for start, _ in data.get("moves", []):
            self.slots[start] = None
        for slot, part in moved.items():
            self.slots[slot] = part

    def _pull(self, data: dict, event: Event) -> Step:
        """A pulled part flies from the conveyor to its new owner's panel."""
        slot, part, seat = data["slot"], data["part"], data["seat"]
        self.hidden.add(("slot", slot))
        self.slots[slot] = None
        self.pulls += 1
        return later((self.pulls - 1) * seconds("part_stagger"),
                     self._part_move(part, self.geo.part(slot), self.panels.part_rect(self.after, seat),
                                     seconds("pull"), 0.2))

    # --- tussles --------------------------------------------------------------------------------------
    def _tussle(self, data: dict, event: Event) -> Step:
        """A caption names who tussles for what."""
        names = listed(self.before.data.name(b) for b in data["bodgers"])
        return Banner(f"Tussle! {names} for the {self.before.part_name(data['part'])}", layout().rect("caption"),
                      seconds("banner"))

    def _reveal(self, data: dict, event: Event) -> Step:
        """Every side's cards turn over together, the totals count, the winner is lit; the part goes to the
        winner (or to the bin if Keelie won)."""
        reveal = Reveal(self, data)
        slot, part, winner = data["slot"], data["part"], data["winner"]
        self.hidden.add(("slot", slot))
        self.hidden |= self._whole_hand()  # everyone watches the reveal: the last chooser's hand is put away
        if winner is None:
            return reveal.step()
        self.slots[slot] = None
        end = self.geo.pile_part(self.geo.bin()) if winner == KEELIE else self.panels.part_rect(self.after, int(winner))
        return sequence(reveal.step(), self._part_move(part, self.geo.part(slot), end, seconds("pull"), 0.2))

    # --- cards ----------------------------------------------------------------------------------------
    def _whole_hand(self) -> set:
        """Returns the places of every card of the hand on screen, before and after the step."""
        seat = self.table.hand_seat(self.before, self.viewer)
        if seat is None:
            return set()
        count = max(len(grouped(view.hands[seat].cards)) for view in (self.before, self.after))
        return {("hand", i) for i in range(count)}

    def _hand_rect(self, view: ScrappersState, seat: int, card: str | None) -> pygame.Rect:
        """Returns where a card of `seat`'s hand is on screen: in the fan if that hand is shown, else its panel."""
        if self.table.hand_seat(view, self.viewer) != seat:
            return self.geo.hand_spot(seat)
        cards = [c for c, _ in grouped(view.hands[seat].cards)]
        rects = self.geo.fan().rects(len(cards))
        if not rects:
            return self.geo.hand_spot(seat)
        index = cards.index(card) if card in cards else len(cards) - 1
        self.hidden.add(("hand", index))
        return rects[index]

    def _card_move(self, card: str | None, start: pygame.Rect, end: pygame.Rect, face=(True, True),
                   fade: float = 1.0) -> Move:
        """Returns an action card moving between two rects (turning over if its face changes)."""
        return Move(("card", card), self.sprites.card_sprite(card), [Key(0, start, face[0]),
                    Key(seconds("card"), end, face[1], fade)], depth=3)

    def _play(self, data: dict, event: Event) -> Step:
        """A card goes from the player's hand to the centre, face up."""
        seat, card = data["seat"], data["card"]
        start = self._hand_rect(self.before, seat, card)
        known = card in self.before.hands[seat].cards
        self.hidden.add(("inplay",))
        return self._card_move(card, start, self.geo.centre_card(), (known, True))

    def _card_done(self, data: dict, event: Event) -> Step:
        """The card in play goes to the discards."""
        self.hidden |= {("inplay",), ("discard",)}
        return self._card_move(data["card"], self.geo.centre_card(), layout().rect("piles.discard"))

    def _draw(self, data: dict, event: Event) -> Step | None:
        """Cards leave the deck for a hand: face up into the viewer's own fan, face down to a panel."""
        seat, count = data["seat"], data["count"]
        cards = data.get("cards") or [None] * count
        shown = self.table.hand_seat(self.after, self.viewer) == seat
        hand = [c for c, _ in grouped(self.after.hands[seat].cards)]
        rects = self.geo.fan().rects(len(hand)) if shown else []
        moves = []
        for i, card in enumerate(cards):
            kind = next((c for c in hand if c and card and c.split("#")[0] == card.split("#")[0]), None)
            end = self.geo.hand_spot(seat) if not rects else rects[hand.index(kind)] if kind else rects[-1]
            moves.append(later(i * seconds("part_stagger"), Move(
                ("draw", seat, i), self.sprites.card_sprite(card),
                [Key(0, layout().rect("piles.deck"), False), Key(seconds("card"), end, card is not None)],
                depth=3, hold=(False, False))))
        return parallel(*moves)

    def _discard(self, data: dict, event: Event) -> Step:
        """A card goes from a hand to the discards, face up."""
        seat, card = data["seat"], data["card"]
        start = self._hand_rect(self.before, seat, card)
        self.hidden.add(("discard",))
        return self._card_move(card, start, layout().rect("piles.discard"), (card in self.before.hands[seat].cards,
                                                                                True))

    # --- the round ------------------------------------------------------------------------------------
    def _wrench(self, data: dict, event: Event) -> Step:
        """The wrench passes to the next foreman's panel."""
        self.hidden.add(("wrench",))
        start, end = self.geo.wrench(self.before.foreman), self.geo.wrench(data["seat"])
        sprite = lambda assets, face_up, size: assets.image(f"{GAME}/wrench", size)  # noqa: E731
        return Move(("wrench",), sprite, arc(start, end, seconds("wrench"), 0.1), depth=4)

    def _round(self, data: dict, event: Event) -> Step:
        """A caption starts each round."""
        name = self.seats[data["foreman"]].name
        return Banner(f"Round {data['round']}: {name} is the foreman", layout().rect("caption"), seconds("banner"))

    def _first(self, data: dict, event: Event) -> Step:
        """A caption names the first foreman and why."""
        name = self.seats[data["seat"]].name
        return Banner(f"{name} is the first foreman: the most tussle symbols shown", layout().rect("caption"),
                      seconds("banner"))

    def _pulling(self, data: dict, event: Event) -> Step:
        """A caption starts part pulling."""
        return Banner("Part pulling: everyone takes the part in front of their bodger", layout().rect("caption"),
                      seconds("banner"))


class Reveal:
    """A tussle's reveal panel: one column per side, cards face down, then all face up, totals, the winner lit."""

    def __init__(self, animator: Animator, data: dict) -> None:
        self.animator = animator
        self.data = data
        view = animator.before
        self.sides = list(data["totals"])
        self.cards = {side: [] for side in self.sides}
        for commit in data["commits"]:
            side = KEELIE if commit["for_keelie"] else str(commit["seat"])
            self.cards[side] += commit["cards"]
        self.part = view.part_name(data["part"])
        self.view = view

    def step(self) -> Panel:
        """Returns the panel as a timeline step."""
        return Panel(layout().number("reveal.duration"), self.draw)

    def side_name(self, side: str) -> tuple[str, tuple[int, int, int]]:
        """Returns a side's name and colour."""
        if side == KEELIE:
            return "Keelie", self.animator.theme.colour("keelie")
        seat = self.animator.seats[int(side)]
        return seat.name, seat_colour(seat.colour).rgb

    def outcome(self) -> str:
        """Returns the result line."""
        winner = self.data["winner"]
        if winner is None:
            return f"A tie: nobody gets the {self.part}."
        if winner == KEELIE:
            return f"Keelie wins and throws the {self.part} in the bin."
        return f"{self.side_name(winner)[0]} wins the {self.part}."

    def rect(self) -> pygame.Rect:
        """Returns the panel's rect, wider for more sides, over the floor."""
        rect = layout().rect("reveal_panel")
        floor = self.animator.geo.floor
        rect.center = floor.center
        return rect.clamp(floor)

    def draw(self, paint: Painter, t: float) -> None:
        """Draws the panel at time `t`."""
        style = layout().get("reveal")
        theme = self.animator.theme
        rect, margin = self.rect(), style["margin"]
        paint.panel(rect, theme.colour("reveal"), theme.colour("reveal_edge"), 16)
        ink = theme.colour("panel_ink")
        paint.text(f"Tussle for the {self.part}", (rect.x + margin, rect.y + 4, rect.width - 2 * margin,
                   style["title"]), "heading", ink, "title")
        flipped, verdict = t >= style["flip"], t >= style["verdict"]
        width = (rect.width - 2 * margin) / len(self.sides)
        top = rect.y + style["title"] + 8
        bottom = rect.bottom - style["outcome"] - style["total"] - 8
        for i, side in enumerate(self.sides):
            x = rect.x + margin + i * width
            column = pygame.Rect(round(x + 4), top, round(width - 8), bottom - top)
            if verdict and side == self.data["winner"]:
                paint.shade(column.inflate(4, 8), theme.colour("winner"), 170, 12)
            name, rgb = self.side_name(side)
            paint.text(name, (column.x, column.y, column.width, style["name"]), "body", ink, "bold")
            paint.rect((column.x + 8, column.y + style["name"] - 4, column.width - 16, 4), rgb)
            self._cards(paint, self.cards[side], column, style, flipped)
            count = self.data['totals'][side]
            total = f"{count} symbol{'' if count == 1 else 's'}" if flipped else "?"
            paint.text(total, (column.x, bottom, column.width, style["total"]), "body", ink, "bold")
        if verdict:
            paint.text(self.outcome(), (rect.x + margin, rect.bottom - style["outcome"] - 6, rect.width - 2 * margin,
                       style["outcome"]), "body", ink, "bold")

    def _cards(self, paint: Painter, cards: list[str], column: pygame.Rect, style: dict, flipped: bool) -> None:
        """Draws a side's cards in a row, overlapping if crowded, face down until the flip."""
        w, h = style["card"]
        area = pygame.Rect(column.x, column.y + style["name"] + 4, column.width, column.height - style["name"] - 8)
        scale = min(1.0, area.height / h)
        w, h = int(w * scale), int(h * scale)
        if not cards:
            paint.text("no cards", area, "small", self.animator.theme.colour("muted"), "bold")
            return
        step = min(w + style["card_gap"], (area.width - w) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        left = area.centerx - (w + step * (len(cards) - 1)) / 2
        for i, card in enumerate(cards):
            rect = pygame.Rect(round(left + i * step), area.centery - h // 2, w, h)
            self.animator.sprites.draw_card(paint, card if flipped else None, rect)
