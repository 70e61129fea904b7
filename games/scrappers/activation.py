"""The action phase: turns until everyone has passed; an activation plays one card, presses its
buttons top to bottom (one small decision at a time: press or stop, which bodger, where to, what
to switch), discards it, then presses the buttons of the parts in front of the bodger.

A rule module over ScrappersState. Reads: foreman, players, bodgers' owners, data, deck and discard (whether a
DRAW can resolve). Writes: turn (who has passed), turn_log (what this turn used), activation, in_play, hands and
discard (the card played, DISCARD), bodgers' spaces (moves and switches), belt (FORWARD, REVERSE, SWITCH and Guppy),
deck (DRAW, through rounds' draw_cards); part pulling starts through pulling.begin_pulling."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.scrappers import buttons as btn
from games.scrappers import offered
from games.scrappers.actions import (
    MoveTo,
    Pass,
    PlayCard,
    Press,
    PressPart,
    SwitchParts,
    SwitchPlaces,
    Target,
)
from games.scrappers.data import PLAIN_BUTTONS, Button
from games.scrappers.flow import FLOW
from games.scrappers.pulling import begin_pulling
from games.scrappers.records import GUPPY, KEELIE, Activation, TurnLog
from games.scrappers.rounds import draw_cards

if TYPE_CHECKING:
    from games.scrappers.state import ScrappersState

MOVERS = {"step": btn.step_targets, "dash": btn.dash_targets, "jump": btn.jump_targets}


# --- turns ----------------------------------------------------------------------------------


def next_turn(state: ScrappersState) -> list[Event]:
    """Gives the turn to the next seat that can act (the turn step, run next)."""
    state.then({"op": "turn"})
    return []


def plays(state: ScrappersState, seat: int) -> list[Action]:
    """Returns the cards `seat` may play now and for which bodger: a standard card for one of its
    own bodgers not yet activated this turn, a Keelie card for Keelie, a Guppy card for Guppy."""
    log, rules = state.turn_log, state.data.rules
    own = state.own_bodgers(seat)
    if len(log.activated) >= len(own):
        return []
    free = [b for b in own if b not in log.activated]
    found: list[Action] = []
    data = state.data
    for card in state.kinds(state.hands[seat].cards):
        deck = data.cards[card].deck
        if deck == "standard":
            found += [offered.play_card(data, card, b) for b in free]
        elif deck == KEELIE and log.keelie_cards < rules.keelie_cards_per_turn:
            found.append(offered.play_card(data, card, KEELIE))
        elif deck == GUPPY:
            found.append(offered.play_card(data, card, GUPPY))
    return found


def can_play(state: ScrappersState, seat: int) -> bool:
    """Returns whether `plays(state, seat)` offers anything (without making the actions)."""
    log = state.turn_log
    if len(log.activated) >= [b.owner for b in state.bodgers].count(seat):
        return False
    cards, keelie = state.data.cards, log.keelie_cards < state.data.rules.keelie_cards_per_turn
    for card in state.hands[seat].cards:
        deck = cards[card].deck
        if deck == "standard" or deck == GUPPY or (deck == KEELIE and keelie):
            return True
    return False


def passed(state: ScrappersState) -> list[bool]:
    """Returns, per seat, whether its token shows the pass side (the view draws it)."""
    if state.turn is None:
        return [False] * state.players
    flags = dict(zip(state.turn.order, state.turn.passed))
    return [flags[seat] for seat in range(state.players)]


def end_turn(state: ScrappersState) -> list[Event]:
    """Ends an active turn: every passed token flips back, and the next seat is up."""
    state.turn.act()
    return next_turn(state)


# --- the card -------------------------------------------------------------------------------


def play(state: ScrappersState, seat: int, action: PlayCard) -> list[Event]:
    """Plays a card for a bodger: the activation starts with the card's first row."""
    state.in_play = state.hands[seat].remove(action.card)
    state.activation = Activation(seat, action.card, action.bodger)
    state.turn.passed = [False] * len(state.turn.order)  # "whenever a bodger is activated", passed tokens flip back
    state.turn_log.activated.append(action.bodger)
    if state.data.cards[action.card].deck == KEELIE:
        state.turn_log.keelie_cards += 1
    if state.imagined:
        return next_row(state)
    data = {"seat": seat, "card": action.card, "bodger": action.bodger}
    event = Event("play", f"{{{seat}}} plays {action.name} for {action.bodger_name}.", data, reveals=True)
    return [event] + next_row(state)


def card_rows(state: ScrappersState) -> tuple[tuple[Button, ...], ...]:
    """Returns the button rows of the card being played."""
    return state.data.cards[state.activation.card].rows


def pressable(state: ScrappersState, row: tuple[Button, ...]) -> list[int]:
    """Returns which buttons of a row (one, or a hazard-tape pair) can resolve now."""
    return [i for i, button in enumerate(row) if resolves(state, button, state.activation.bodger)]


def next_row(state: ScrappersState) -> list[Event]:
    """Offers the next row of buttons, or finishes the card if there is none or it cannot resolve."""
    activation, rows = state.activation, card_rows(state)
    buttons = pressable(state, rows[activation.row]) if activation.row < len(rows) else []
    if buttons:
        labels = " or ".join(rows[activation.row][i].label for i in buttons)  # only those that can resolve
        state.ask("button", activation.seat, "{seat}: press {labels}, or stop", labels=labels)
        presses = offered.presses(state.data, activation.card)[activation.row]
        state.offer([presses[i] for i in buttons] + [offered.STOP])  # button_options' answer
        return []
    return finish_card(state)


def finish_card(state: ScrappersState) -> list[Event]:
    """Discards the card played (a Keelie card draws one), then offers the part buttons."""
    activation, card = state.activation, state.in_play
    state.discard.put([card])
    state.in_play = activation.card = None
    events = [] if state.imagined else [Event("card_done", f"{state.card_name(card)} goes to the discard pile.",
                                                {"seat": activation.seat, "card": card})]
    if state.data.cards[card].deck == KEELIE:
        events += draw_cards(state, activation.seat, state.data.rules.keelie_card_draw)
    if activation.bodger == GUPPY:
        return events + end_activation(state)
    return events + offer_part(state)


# --- part buttons ---------------------------------------------------------------------------


def part_in_front(state: ScrappersState, bodger: str) -> str | None:
    """Returns the part on the conveyor space in front of a bodger, if any."""
    return state.belt.slots[state.data.board.faces(state.bodger(bodger).space)]


def offer_part(state: ScrappersState) -> list[Event]:
    """Offers the button of the part in front of the bodger, if not yet pressed this turn and it
    can resolve; otherwise the activation ends."""
    activation = state.activation
    activation.part = activation.target = None
    part = part_in_front(state, activation.bodger)
    definition = state.data.parts[part] if part is not None and part not in state.turn_log.pressed else None
    if definition is not None and resolves(state, definition.button, activation.bodger):
        state.ask("part_button", activation.seat, "{seat}: press the {part}'s {label}, or done",
                  part=definition.name, label=definition.button.label)
        state.offer([offered.press_part(state.data, part), offered.FINISH])  # part_button_options' answer
        return []
    return end_activation(state)


def end_activation(state: ScrappersState) -> list[Event]:
    """Ends an activation: in a two-player game the other bodger may go next, else the turn ends."""
    seat = state.activation.seat
    state.activation = None
    if can_play(state, seat):
        state.ask("turn", seat, "{seat}: activate your other bodger, or end your turn")
        return []
    return end_turn(state)


# --- pressing a button ----------------------------------------------------------------------


def current_button(state: ScrappersState) -> Button:
    """Returns the button being pressed: the part's, or the card's."""
    activation = state.activation
    if activation.part is not None:
        return state.data.parts[activation.part].button
    return card_rows(state)[activation.row][activation.choice]


def resolves(state: ScrappersState, button: Button, active: str) -> bool:
    """Returns whether `button` can resolve for the active bodger."""
    if button.do == "draw":
        return bool(state.deck.cards or state.discard.cards)
    if button.do == "discard":
        return bool(state.hands[state.activation.seat].cards)
    if button.do == "forward":
        return state.belt.can_forward()
    if button.do == "reverse":
        return state.belt.can_reverse()
    places = state.places()
    for candidate in candidates(state, button, active, places):
        if can_affect(state, button, candidate, places):
            return True
    return False


def candidates(state: ScrappersState, button: Button, active: str, places: dict[str, int] | None = None) -> list[str]:
    """Returns the bodgers `button` may affect by its colour (before asking whether anything would happen);
    `places`, when given, is `state.places()`."""
    if button.do == "guppy" or button.colour == "black":
        return [GUPPY if button.do == "guppy" else active]
    if button.colour == "red":
        return btn.bodgers_next_to(state.data.board, state.places() if places is None else places, active)
    seat = state.activation.seat
    return [b.id for b in state.bodgers if b.id not in (active, GUPPY) and b.owner != seat]


def can_affect(state: ScrappersState, button: Button, bodger: str, places: dict[str, int] | None = None) -> bool:
    """Returns whether `outcomes(state, button, bodger)` offers anything (without making the actions); `places`,
    when given, is `state.places()`."""
    board, places = state.data.board, state.places() if places is None else places
    if button.do == "guppy":
        return bool(btn.guppy_targets(board, button.symbol, places.get(GUPPY)))
    if button.do in MOVERS:
        return bool(MOVERS[button.do](board, btn.blocked_for(places, bodger), places[bodger]))
    return bool(btn.bodgers_next_to(board, places, bodger)) or \
        bool(btn.part_switches(board, state.belt.slots, places[bodger]))


def targets(state: ScrappersState, button: Button, active: str, places: dict[str, int] | None = None) -> list[str]:
    """Returns the bodgers `button` can affect with some result: black your own, red one next to
    yours, blue "anyone else's" (another player's, or Keelie; never your own other bodger; never
    Guppy, except that Guppy buttons move only him). `places`, when given, is `state.places()`."""
    places = state.places() if places is None else places
    return [c for c in candidates(state, button, active, places) if can_affect(state, button, c, places)]


def outcomes(state: ScrappersState, button: Button, bodger: str, places: dict[str, int] | None = None) -> list[Action]:
    """Returns what `button` may do to `bodger`: where it may move, or what it may switch with; `places`, when
    given, is `state.places()`."""
    data, places = state.data, state.places() if places is None else places
    board = data.board
    if button.do == "guppy":
        here = places.get(GUPPY)
        return [offered.move_to(data, s) for s in btn.guppy_targets(board, button.symbol, here)]
    if button.do in MOVERS:
        spaces = MOVERS[button.do](board, btn.blocked_for(places, bodger), places[bodger])
        return [offered.move_to(data, s) for s in spaces]
    found: list[Action] = [offered.switch_places(data, b) for b in btn.bodgers_next_to(board, places, bodger)]
    slots = state.belt.slots
    return found + [SwitchParts(c, f"{state.part_name(slots[c])} on conveyor space {c + 1}")
                    for c in btn.part_switches(board, slots, places[bodger])]


def press(state: ScrappersState, button: Button) -> list[Event]:
    """Presses a button that can resolve: plain buttons act at once, others ask for a target."""
    activation = state.activation
    events = [] if state.imagined else [Event("press", f"{{{activation.seat}}} presses {button.label}.", {
        "seat": activation.seat, "button": button.do, "colour": button.colour, "part": activation.part})]
    if button.do in PLAIN_BUTTONS:
        return events + plain_button(state, button.do) + button_done(state)
    places = state.places()
    bodgers = targets(state, button, activation.bodger, places)
    if len(bodgers) == 1:
        return events + affect(state, bodgers[0], button, places)
    state.ask("target", activation.seat, "{seat}: choose the bodger {label} affects", label=button.label)
    state.offer([offered.target(state.data, b) for b in bodgers])  # target_options' answer
    return events


def affect(state: ScrappersState, bodger: str, button: Button | None = None,
           places: dict[str, int] | None = None) -> list[Event]:
    """Applies the button to `bodger`: at once if there is one result, else asks which. `button` and `places`,
    when given, are `current_button(state)` and `state.places()`."""
    state.activation.target = bodger
    button = current_button(state) if button is None else button
    options = outcomes(state, button, bodger, places)
    if len(options) == 1:
        return outcome(state, options[0])
    kind = "switch" if button.do == "switch" else "move"
    prompt = "{seat}: choose what {name} switches with" if kind == "switch" else "{seat}: choose where {name} goes"
    state.ask(kind, state.activation.seat, prompt, name=state.data.name(bodger))
    state.offer(options)  # outcome_options' answer
    return []


def outcome(state: ScrappersState, action: Action) -> list[Event]:
    """Carries out one result of the button on the affected bodger: a move, or a switch."""
    if isinstance(action, MoveTo):
        return move(state, action)
    if isinstance(action, SwitchPlaces):
        return switch_places(state, action)
    return switch_parts(state, action)


def move(state: ScrappersState, action: MoveTo) -> list[Event]:
    """Moves the affected bodger; Guppy then bins the part in front of him and runs the belt."""
    who = state.bodger(state.activation.target)
    start, who.space = who.space, action.space
    how = current_button(state).do
    events = [] if state.imagined else [_moved(state, who.id, start, action, how)]
    if who.id == GUPPY:
        moved = state.belt.guppy(state.data.board.faces(action.space), state.rng)
        if not state.imagined:
            events.append(Event("conveyor", "Guppy plays with the conveyor.", {"how": "guppy", **moved},
                                reveals="turned_up" in moved))
    return events + button_done(state)


def _moved(state: ScrappersState, bodger: str, start: int, action: MoveTo, how: str) -> Event:
    """Returns the event of a bodger's move."""
    verb = "goes" if how == GUPPY else f"{how}s" if how != "dash" else "dashes"
    data = {"bodger": bodger, "from": start, "to": action.space, "how": how}
    return Event("move", f"{state.data.name(bodger)} {verb} to {action.name}.", data)


def switch_places(state: ScrappersState, action: SwitchPlaces) -> list[Event]:
    """Switch: the affected bodger and a bodger next to it change places."""
    one, two = state.bodger(state.activation.target), state.bodger(action.bodger)
    one.space, two.space = two.space, one.space
    if state.imagined:
        return button_done(state)
    data = {"bodgers": [one.id, two.id], "spaces": [one.space, two.space]}
    text = f"{state.data.name(one.id)} and {state.data.name(two.id)} switch places."
    return [Event("swap", text, data)] + button_done(state)


def switch_parts(state: ScrappersState, action: SwitchParts) -> list[Event]:
    """Switch: the part in front of the affected bodger and the part next to it change places."""
    slots = state.belt.slots
    front = state.data.board.faces(state.bodger(state.activation.target).space)
    slots[front], slots[action.slot] = slots[action.slot], slots[front]
    if state.imagined:
        return button_done(state)
    data = {"slots": [front, action.slot], "parts": [slots[front], slots[action.slot]]}
    return [Event("switch_parts", f"The {state.part_name(slots[action.slot])} and the "
                  f"{state.part_name(slots[front])} switch places.", data)] + button_done(state)


def plain_button(state: ScrappersState, do: str) -> list[Event]:
    """DRAW, DISCARD (a random card of yours), FORWARD or REVERSE."""
    seat = state.activation.seat
    if do == "draw":
        return draw_cards(state, seat, 1)
    if do == "discard":
        card = state.rng.choice(state.hands[seat].cards)
        state.discard.put([state.hands[seat].remove(card)])
        if state.imagined:
            return []
        data = {"seat": seat, "card": card, "random": True}
        return [Event("discard", f"{{{seat}}} discards {state.card_name(card)} at random.", data, reveals=True)]
    moved = state.belt.forward(state.rng) if do == "forward" else state.belt.reverse()
    if state.imagined:
        return []
    return [Event("conveyor", f"The conveyor runs {do}.", {"how": do, **moved}, reveals="turned_up" in moved)]


def button_done(state: ScrappersState) -> list[Event]:
    """After a button: the card's next row, or (once the card is discarded) the next part."""
    if state.in_play is not None:
        state.activation.row += 1
        return next_row(state)
    return offer_part(state)


# --- the flow: turns and the decisions of an activation -----------------------------------------
@FLOW.step("turn")
def turn(state: ScrappersState, step: dict[str, Any]) -> list[Event]:
    """Gives the turn to the next seat that can act; a player without cards passes by himself (and the
    next seat is up); once everyone has passed, part pulling starts."""
    seat = state.turn.current()
    if seat is None:
        state.turn = state.turn_log = None
        return begin_pulling(state)
    state.turn_log = TurnLog(seat)
    if can_play(state, seat):
        state.ask("turn", seat, "{seat}: play an action card, or pass")
        return []
    state.turn.pass_turn()
    state.then({"op": "turn"})
    return [Event("pass", f"{{{seat}}} has no action cards and passes.", {"seat": seat, "auto": True})]


@FLOW.options("turn")
def turn_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """A turn: play a card, or pass (End turn once a bodger has been activated)."""
    return plays(state, decision.seat) + [offered.END_TURN if state.turn_log.activated else offered.PASS]


@FLOW.answer("turn")
def take_turn(state: ScrappersState, decision: Decision, action: Action) -> list[Event]:
    """Plays a card, passes or ends the turn."""
    if isinstance(action, PlayCard):
        return play(state, decision.seat, action)
    if isinstance(action, Pass):
        seat = decision.seat
        state.turn.pass_turn()
        return [Event("pass", f"{{{seat}}} passes.", {"seat": seat, "auto": False})] + next_turn(state)
    return end_turn(state)


@FLOW.options("button")
def button_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """The next row: press (one of) its buttons, or stop."""
    activation = state.activation
    row, presses = card_rows(state)[activation.row], offered.presses(state.data, activation.card)[activation.row]
    return [presses[i] for i in pressable(state, row)] + [offered.STOP]


@FLOW.answer("button")
def press_row(state: ScrappersState, decision: Decision, action: Action) -> list[Event]:
    """Presses the button chosen, or stops pressing the card's buttons."""
    if isinstance(action, Press):
        state.activation.choice = action.choice
        return press(state, card_rows(state)[action.row][action.choice])
    return finish_card(state)


@FLOW.options("part_button")
def part_button_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """After the card: press the part's button, or be done."""
    part = part_in_front(state, state.activation.bodger)
    return [offered.press_part(state.data, part), offered.FINISH]


@FLOW.answer("part_button")
def press_part(state: ScrappersState, decision: Decision, action: Action) -> list[Event]:
    """Presses the part's button, or ends the activation."""
    if isinstance(action, PressPart):
        state.turn_log.pressed.append(action.part)
        state.activation.part = action.part
        return press(state, state.data.parts[action.part].button)
    return end_activation(state)


@FLOW.options("target")
def target_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """A red or blue button: the bodgers it can affect."""
    bodgers = targets(state, current_button(state), state.activation.bodger)
    return [offered.target(state.data, b) for b in bodgers]


@FLOW.answer("target")
def choose_target(state: ScrappersState, decision: Decision, action: Target) -> list[Event]:
    """The button affects the bodger chosen."""
    return affect(state, action.bodger)


@FLOW.options("move", "switch")
def outcome_options(state: ScrappersState, decision: Decision) -> list[Action]:
    """Step, Dash, Jump or Guppy: where the bodger may go; Switch: what it may switch with."""
    return outcomes(state, current_button(state), state.activation.target)


@FLOW.answer("move", "switch")
def choose_outcome(state: ScrappersState, decision: Decision, action: Action) -> list[Event]:
    """The button moves the bodger, or switches it or its part."""
    return outcome(state, action)
