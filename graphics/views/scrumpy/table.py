"""The main play area on screen: the recruitment deck and strip with its discounts, the Idle Layabout
supply, the goals with their Prestige tokens, the vendors with their reward spaces, and the solo Automa."""
from __future__ import annotations

from typing import Sequence

import pygame

from games.core.match import Seat
from games.scrumpy.data import AutomaStep, Goal, Step
from games.scrumpy.market import AUTOMA, FREE
from games.scrumpy.state import ScrumpyState
from graphics.config import colour, seat_colour
from graphics.kit.table import draw_market, draw_pile
from graphics.paint import Painter, raised
from graphics.views.scrumpy.board import ink
from graphics.views.scrumpy.geometry import Geometry, inside, layout
from graphics.views.scrumpy.pieces import Faces, draw_amount, draw_marker, draw_value, icon


def card_discount(view: ScrumpyState) -> int:
    """Returns the extra discount of a card recruiting now (the Recruiter's 2), 0 if none is."""
    decision = view.pending_decision() if view.decisions else None
    if decision is None or decision.kind != "choose" or decision.data["step"]["op"] != "recruit":
        return 0
    return decision.data["step"].get("discount", 0)


def price(view: ScrumpyState, slot: int) -> int | None:
    """Returns what the worker in a strip space costs there now, a recruiting card's discount included
    (None if the space is empty)."""
    card = view.strip.slots[slot]
    if card is None:
        return None
    return max(0, view.data.worker(card).cost - view.data.rules.strip_discounts[slot] - card_discount(view))


def draw_strip(paint: Painter, view: ScrumpyState, geometry: Geometry, faces: Faces, hidden: set) -> None:
    """Draws the recruitment deck, the four strip spaces with discount and price, and the Layabout supply."""
    panel = geometry.strip_panel()
    paint.panel(panel, ink("cream"), None, 14)
    title = inside(panel, "strip.title")
    paint.text("Recruitment strip", title, "heading", ink("title"), "title", "midleft")
    rounds = view.data.rules.rounds
    paint.text(f"Round {max(1, view.round)} of {rounds}", title, "body", ink(), "bold", "midright")
    draw_pile(paint, faces, geometry.deck(), len(view.deck.cards), key=("deck",))
    slots = range(len(view.strip.slots))
    cards = [None if ("strip", slot) in hidden else card for slot, card in enumerate(view.strip.slots)]
    area, gap, below = geometry.strip_market()
    draw_market(paint, faces, area, cards, [strip_badge(view, slot) for slot in slots], [("strip", s) for s in slots],
                geometry.strip_slot(0).size, gap, below, ink("bay_edge"), 10)
    supply = view.layabouts.cards
    draw_pile(paint, faces, geometry.layabouts(), len(supply), supply[-1] if supply else None, True, ("layabouts",))
    left = len(view.strip_discard.cards)
    footer = f"Supply: {view.trees} trees · {left} worker{'s' if left != 1 else ''} gone from the strip"
    if view.options.get("start_coins") == "even":  # a rule of ours in force: said on the table all game
        footer = f"Supply: {view.trees} trees · {left} gone · evened-out coins (our rule)"
    paint.text(footer, inside(panel, "strip.footer"), "small", ink("muted"), "body", "midleft")


def strip_key(view: ScrumpyState, hidden: set) -> tuple:
    """Returns every value `draw_strip` draws the strip from (for `Painter.region`)."""
    slots = range(len(view.strip.slots))
    return (view.round, len(view.deck.cards), tuple(None if ("strip", slot) in hidden else view.strip.slots[slot]
                                                    for slot in slots),
            tuple(strip_badge(view, slot) for slot in slots), len(view.layabouts.cards), tuple(view.layabouts.cards[-1:]),
            len(view.strip_discard.cards), view.trees, view.options.get("start_coins"))


def strip_badge(view: ScrumpyState, slot: int) -> str:
    """Returns what the badge under a strip space says: its discount and what its worker costs ("-1 → 2")."""
    cost = price(view, slot)
    return f"-{view.data.rules.strip_discounts[slot]}" + (f" → {cost}" if cost is not None else "")


def draw_goals(paint: Painter, view: ScrumpyState, geometry: Geometry, seats: Sequence[Seat]) -> None:
    """Draws the public goals (token, prestige, who achieved them) and the focus seat's private goal, a region of
    its own over the panel (the public goals stay as they are when the focus changes)."""
    public = goals_key(view)
    paint.region("goals", public, raised(geometry.goals_panel()), lambda p: _public_goals(p, view, geometry, seats))
    row = geometry.goal_row(len(view.public_goals))
    # its prestige disc stands out of the row a little, over the public goals (their key is in this one's)
    paint.region("private goal", (public, geometry.focus, view.cideries[geometry.focus].private_goal),
                 row.inflate(4, 8), lambda p: _private_goal(p, view, geometry.focus, row, seats))


def goals_key(view: ScrumpyState) -> tuple:
    """Returns every value the public goals are drawn from (for `Painter.region`): the goals, their tokens and
    who achieved each."""
    return (tuple(view.public_goals), tuple(view.goal_tokens), tuple(tuple(cidery.goals) for cidery in view.cideries),
            None if view.automa is None else tuple(view.automa.goals))


def _public_goals(paint: Painter, view: ScrumpyState, geometry: Geometry, seats: Sequence[Seat]) -> None:
    """Draws the goals' panel and the public goals."""
    panel = geometry.goals_panel()
    paint.panel(panel, ink("cream"), None, 14)
    paint.text("Goals", inside(panel, "goals.title"), "heading", ink("title"), "title", "midleft")
    for index, goal_id in enumerate(view.public_goals):
        _goal_row(paint, view, seats, geometry.goal_row(index), goal_id, view.goal_tokens[index], "")


def _private_goal(paint: Painter, view: ScrumpyState, focus: int, row: pygame.Rect, seats: Sequence[Seat]) -> None:
    """Draws the focus seat's private goal in its row, or that it is secret."""
    private = view.cideries[focus].private_goal
    if private is None:
        paint.shade(row, ink("board_edge"), 40, 8)
        paint.text(f"{seats[focus].name}'s private goal is secret.", row.inflate(-12, 0), "small", ink("muted"),
                   "body", "midleft")
    else:
        _goal_row(paint, view, seats, row, private, False, "Private: ")


def _goal_row(paint: Painter, view: ScrumpyState, seats: Sequence[Seat], row: pygame.Rect, goal_id: str,
              token: bool, prefix: str) -> None:
    """Draws one goal: name and prestige, its token if still there, the seats that achieved it, its text."""
    goal = view.data.goal(goal_id)
    paint.shade(row, ink("bay"), 150, 8)
    half = row.height // 2
    side = layout().number("goals.token")
    marker = layout().number("goals.marker")
    achieved = [s for s in range(view.players) if goal_id in view.cideries[s].goals]
    automa = view.automa is not None and goal_id in view.automa.goals
    right = row.right - 4
    amount = pygame.Rect(right - side, row.y + (half - side) // 2, side, side)
    draw_value(paint, amount, goal.prestige)
    right = amount.x - 4
    if token:
        token_rect = pygame.Rect(right - side, row.y + (half - side) // 2, side, side)
        paint.image("scrumpy/icon_prestige", token_rect)
        paint.hits.tip(token_rect, "Prestige token: taken by the first to achieve this goal")
        right = token_rect.x - 4
    for holder in [seat_colour(seats[s].colour) for s in achieved] + ([None] if automa else []):
        draw_marker(paint, (right - marker / 2, row.y + half / 2), marker, holder)
        right -= marker + 4
    paint.text(prefix + goal.name, (row.x + 6, row.y, right - row.x - 10, half), "small", ink(), "bold", "midleft")
    draw_condition(paint, pygame.Rect(row.x + 6, row.y + half, row.width - 12, row.height - half), goal)
    paint.hits.add(("goal", goal_id), row)


def condition_parts(goal: Goal) -> list[tuple[str, str]]:
    """Returns what a goal asks as (icon, text) pieces ("" for no icon): 'Have [wood] 8', 'Donate [coin] 10'."""
    parts: list[tuple[str, str]] = [("", "Donate")] if goal.donate else [("", "Have")]
    parts += [(res, str(n)) for res, n in goal.stores.items()]
    for name, amount in (("prestige", goal.tokens), ("coins", goal.coins or goal.donate), ("tree", goal.trees)):
        if amount:
            parts.append((name, str(amount)))
    if goal.hand:
        parts.append(("cards", f"{goal.hand} in hand"))
    if goal.layabouts_in_hand:
        parts = [("", f"{goal.layabouts_in_hand} Layabouts in hand")]
    if goal.same_delivery:
        parts = [("", f"{goal.same_delivery} identical deliveries")]
    if goal.end_of_round:
        parts.append(("", "(round end)"))
    return parts


def draw_condition(paint: Painter, line: pygame.Rect, goal: Goal) -> None:
    """Draws a goal's condition in icons and words on one line (the whole text shows on hover)."""
    side = layout().number("goals.icon")
    x = line.x
    for name, text in condition_parts(goal):
        if name:
            paint.image(icon(name), (x, line.centery - side / 2, side, side))
            x += side + 2
        width = paint.measure(text, "small") + 2
        paint.text(text, (x, line.y, min(width, line.right - x), line.height), "small", ink("muted"), "body",
                   "midleft")
        x += width + 6
        if x >= line.right:
            break


def draw_vendors(paint: Painter, view: ScrumpyState, geometry: Geometry, seats: Sequence[Seat]) -> None:
    """Draws every vendor: name, and for each delivery what to pay, the fixed reward, the prestige it scores
    at the end and its four reward spaces (free ones show their reward)."""
    for v, vendor_id in enumerate(view.vendors):
        vendor = view.data.vendor(vendor_id)
        block = geometry.vendors[v]
        paint.panel(block, ink("cream"), None, 12)
        paint.text(vendor.name, inside(block, "vendor.name"), "body", ink("title"), "title", "midleft")
        for r, delivery in enumerate(vendor.deliveries):
            line = geometry.vendor_row(v, r)
            _pay(paint, inside(line, "vendor.pay"), delivery.pay)
            _reward(paint, inside(line, "vendor.reward"), delivery.reward)
            draw_value(paint, inside(line, "vendor.prestige"), delivery.prestige)
            for s, holder in enumerate(view.vendor_spaces[v][r]):
                _space(paint, view, seats, geometry.vendor_space(v, r, s), s, holder)
                paint.hits.add(("vendor", v, r, s), geometry.vendor_space(v, r, s))


def vendors_key(view: ScrumpyState, geometry: Geometry) -> tuple:
    """Returns every value `draw_vendors` draws the vendors from (for `Painter.region`)."""
    return (tuple(tuple(block) for block in geometry.vendors), tuple(view.vendors),
            tuple(tuple(tuple(holders) for holders in rows) for rows in view.vendor_spaces))


def _pay(paint: Painter, rect: pygame.Rect, pay) -> None:
    """Draws what a delivery asks for: an icon and a number per resource."""
    width = rect.width / max(1, len(pay))
    for i, (res, n) in enumerate(pay.items()):
        draw_amount(paint, (rect.x + i * width, rect.y, width, rect.height), res, n)


def reward_parts(steps: Sequence[Step]) -> list[tuple[str, str]]:
    """Returns (icon, text) for each step of a reward: '+2' apples, the die, cards drawn, a tree, a Layabout."""
    parts = []
    for step in steps:
        if step.op == "gain":
            parts.append((step.res, f"+{step.n}"))
        elif step.op == "forage":
            parts.append(("die", "↻" if step.reroll else ""))
        elif step.op == "draw":
            parts.append(("cards", f"+{step.n}"))
        elif step.op in ("coins", "prestige"):
            parts.append((step.op, f"+{step.n}"))
        elif step.op == "tree":
            parts.append(("tree", "+1"))
        elif step.op == "layabout":
            parts.append(("layabout", "!"))
    return parts


def _reward(paint: Painter, rect: pygame.Rect, steps: Sequence[Step]) -> None:
    """Draws a delivery's fixed reward after an arrow."""
    paint.text("→", (rect.x, rect.y, 22, rect.height), "body", ink(), "bold")
    x = rect.x + 24
    for name, text in reward_parts(steps):
        draw_amount(paint, (x, rect.y, rect.right - x, rect.height), name, text)
        x += rect.height + 40


def _space(paint: Painter, view: ScrumpyState, seats: Sequence[Seat], rect: pygame.Rect, index: int,
           holder: int) -> None:
    """Draws a reward space: its reward while free, else the marker of who delivered there."""
    paint.rect(rect, ink("space_free"), 8)
    paint.rect(rect, ink("space_edge"), 8, 2)
    if holder == FREE:
        parts = reward_parts(view.data.spaces[index])
        if parts:
            name, text = parts[0]
            draw_amount(paint, rect.inflate(-6, -8), name, text.lstrip("+"), size="tiny")
        return
    seat = None if holder == AUTOMA else seat_colour(seats[holder].colour)
    draw_marker(paint, rect.center, rect.height - 6, seat)


def automa_text(view: ScrumpyState, steps: Sequence[AutomaStep]) -> str:
    """Returns what Automa steps do, in words."""
    words = []
    for step in steps:
        if step.take:
            words.append({"right": "take the rightmost strip worker", "left": "take the leftmost strip worker",
                          "master": "take the rightmost Master on the strip (else the rightmost worker)"}[step.take])
        elif step.deliver:
            words.append(f"deliver to the free delivery scoring {'least' if step.deliver == 'cheap' else 'most'}")
        elif step.goal:
            words.append("claim the first public goal it has not claimed")
        else:
            words.append(f"gain {step.prestige} prestige" if step.prestige else "do nothing")
    return ", else ".join(words)


def draw_automa(paint: Painter, view: ScrumpyState, geometry: Geometry, faces: Faces) -> None:
    """Draws the solo Automa: its level, the card it flipped last, its deck, the workers it took and its score."""
    automa = view.automa
    panel = geometry.below
    paint.panel(panel, ink("cream"), colour("automa", "scrumpy"), 14)
    level = view.data.level(automa.level)
    title = inside(panel, "automa.title")
    paint.image("scrumpy/icon_automa", (title.x, title.y, title.height, title.height))
    paint.text(f"Automa ({level.name})", title.move(title.height + 8, 0), "heading", ink("title"), "title",
               "midleft")
    if automa.discard.cards:
        card = view.automa_card(automa.discard.cards[-1])
        text = f"Last card: {card.name}: {automa_text(view, card.do)}"
        if card.also:
            text += f"; then {automa_text(view, card.also)}"
    else:
        text = f"It flips a card after each of your turns. {level.text}"
    paint.text(text, inside(panel, "automa.text"), "small", ink(), "body", "topleft")
    draw_pile(paint, faces, inside(panel, "automa.deck"), len(automa.deck.cards))
    area = inside(panel, "automa.workers")
    size = layout().size("automa.worker_card")
    step = min(size[0] + 6, (area.width - size[0]) / max(1, len(automa.workers) - 1)) if automa.workers else 0
    for i, card in enumerate(automa.workers):
        faces.draw(paint, card, (area.x + i * step, area.y, *size))
    if not automa.workers:
        paint.text("No workers yet", area, "small", ink("muted"), "body", "midleft")
    paint.hits.add(("automa",), area)
    stats = inside(panel, "automa.stats")
    line = layout().number("automa.line")
    rows = [f"Cubes left: {automa.cubes}", f"Prestige tokens: {automa.tokens}",
            f"Goals: {', '.join(view.data.goal(g).name for g in automa.goals) or 'none'}",
            f"Score so far: {view.automa_score()}"]
    for i, row in enumerate(rows):
        paint.text(row, (stats.x, stats.y + i * line, stats.width, line), "small", ink(), "bold", "midleft")
    rules = inside(panel, "automa.rules")
    if rules.bottom <= panel.bottom:
        paint.paragraph(f"After each of your turns the Automa flips a card and does the first thing on it that it "
                        f"can. It scores its tokens, goals and deliveries and 1 per Skilled or Master worker; "
                        f"beat its score to win. {level.text}", rules, "small", ink("muted"))
