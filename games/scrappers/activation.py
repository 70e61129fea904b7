"""The action phase: turns until everyone has passed; an activation plays one card, presses its
buttons top to bottom (one small decision at a time: press or stop, which bodger, where to, what
to switch), discards it, then presses the buttons of the parts in front of the bodger.

A mixin of ScrappersState: it reads and writes the state's fields."""
from __future__ import annotations

from typing import Any

from games.core.actions import Action, Event
from games.core.decisions import Decision
from games.scrappers import buttons as btn
from games.scrappers.actions import (
    EndTurn,
    FinishActivation,
    MoveTo,
    Pass,
    PlayCard,
    Press,
    PressPart,
    Stop,
    SwitchParts,
    SwitchPlaces,
    Target,
)
from games.scrappers.data import PLAIN_BUTTONS, Button
from games.scrappers.flow import FLOW
from games.scrappers.pulling import begin_pulling
from games.scrappers.records import GUPPY, KEELIE, Activation, TurnLog

MOVERS = {"step": btn.step_targets, "dash": btn.dash_targets, "jump": btn.jump_targets}


class ActionPhase:
    """Mixin: turns, activations and action buttons."""

    # --- turns ----------------------------------------------------------------------------------
    def next_turn(self) -> list[Event]:
        """Gives the turn to the next seat that can act (the turn step, run next)."""
        self.then({"op": "turn"})
        return []

    def plays(self, seat: int) -> list[Action]:
        """Returns the cards `seat` may play now and for which bodger: a standard card for one of its
        own bodgers not yet activated this turn, a Keelie card for Keelie, a Guppy card for Guppy."""
        log, rules = self.turn_log, self.data.rules
        own = self.own_bodgers(seat)
        if len(log.activated) >= len(own):
            return []
        free = [b for b in own if b not in log.activated]
        found: list[Action] = []
        for card in self.kinds(self.hands[seat].cards):
            deck, name = self.data.cards[card].deck, self.card_name(card)
            if deck == "standard":
                found += [PlayCard(card, b, name, self.data.name(b)) for b in free]
            elif deck == KEELIE and log.keelie_cards < rules.keelie_cards_per_turn:
                found.append(PlayCard(card, KEELIE, name, self.data.name(KEELIE)))
            elif deck == GUPPY:
                found.append(PlayCard(card, GUPPY, name, self.data.name(GUPPY)))
        return found

    def passed(self) -> list[bool]:
        """Returns, per seat, whether its token shows the pass side (the view draws it)."""
        if self.turn is None:
            return [False] * self.players
        flags = dict(zip(self.turn.order, self.turn.passed))
        return [flags[seat] for seat in range(self.players)]

    def end_turn(self) -> list[Event]:
        """Ends an active turn: every passed token flips back, and the next seat is up."""
        self.turn.act()
        return self.next_turn()

    # --- the card -------------------------------------------------------------------------------
    def play(self, seat: int, action: PlayCard) -> list[Event]:
        """Plays a card for a bodger: the activation starts with the card's first row."""
        self.in_play = self.hands[seat].remove(action.card)
        self.activation = Activation(seat, action.card, action.bodger)
        self.turn.passed = [False] * len(self.turn.order)  # "whenever a bodger is activated", passed tokens flip back
        self.turn_log.activated.append(action.bodger)
        if self.data.cards[action.card].deck == KEELIE:
            self.turn_log.keelie_cards += 1
        data = {"seat": seat, "card": action.card, "bodger": action.bodger}
        event = Event("play", f"{{{seat}}} plays {action.name} for {action.bodger_name}.", data, reveals=True)
        return [event] + self.next_row()

    def card_rows(self) -> tuple[tuple[Button, ...], ...]:
        """Returns the button rows of the card being played."""
        return self.data.cards[self.activation.card].rows

    def pressable(self, row: tuple[Button, ...]) -> list[int]:
        """Returns which buttons of a row (one, or a hazard-tape pair) can resolve now."""
        return [i for i, button in enumerate(row) if self.resolves(button, self.activation.bodger)]

    def next_row(self) -> list[Event]:
        """Offers the next row of buttons, or finishes the card if there is none or it cannot resolve."""
        activation, rows = self.activation, self.card_rows()
        pressable = self.pressable(rows[activation.row]) if activation.row < len(rows) else []
        if pressable:
            labels = " or ".join(rows[activation.row][i].label for i in pressable)  # only those that can resolve
            self.ask("button", activation.seat, "{seat}: press {labels}, or stop", labels=labels)
            return []
        return self.finish_card()

    def finish_card(self) -> list[Event]:
        """Discards the card played (a Keelie card draws one), then offers the part buttons."""
        activation, card = self.activation, self.in_play
        self.discard.put([card])
        self.in_play = activation.card = None
        events = [Event("card_done", f"{self.card_name(card)} goes to the discard pile.",
                        {"seat": activation.seat, "card": card})]
        if self.data.cards[card].deck == KEELIE:
            events += self.draw_cards(activation.seat, self.data.rules.keelie_card_draw)
        if activation.bodger == GUPPY:
            return events + self.end_activation()
        return events + self.offer_part()

    # --- part buttons ---------------------------------------------------------------------------
    def part_in_front(self, bodger: str) -> str | None:
        """Returns the part on the conveyor space in front of a bodger, if any."""
        return self.belt.slots[self.data.board.faces(self.bodger(bodger).space)]

    def offer_part(self) -> list[Event]:
        """Offers the button of the part in front of the bodger, if not yet pressed this turn and it
        can resolve; otherwise the activation ends."""
        activation = self.activation
        activation.part = activation.target = None
        part = self.part_in_front(activation.bodger)
        if part is not None and part not in self.turn_log.pressed \
                and self.resolves(self.data.parts[part].button, activation.bodger):
            self.ask("part_button", activation.seat, "{seat}: press the {part}'s {label}, or done",
                      part=self.part_name(part), label=self.data.parts[part].button.label)
            return []
        return self.end_activation()

    def end_activation(self) -> list[Event]:
        """Ends an activation: in a two-player game the other bodger may go next, else the turn ends."""
        seat = self.activation.seat
        self.activation = None
        if self.plays(seat):
            self.ask("turn", seat, "{seat}: activate your other bodger, or end your turn")
            return []
        return self.end_turn()

    # --- pressing a button ----------------------------------------------------------------------
    def current_button(self) -> Button:
        """Returns the button being pressed: the part's, or the card's."""
        activation = self.activation
        if activation.part is not None:
            return self.data.parts[activation.part].button
        return self.card_rows()[activation.row][activation.choice]

    def resolves(self, button: Button, active: str) -> bool:
        """Returns whether `button` can resolve for the active bodger."""
        if button.do == "draw":
            return bool(self.deck.cards or self.discard.cards)
        if button.do == "discard":
            return bool(self.hands[self.activation.seat].cards)
        if button.do == "forward":
            return self.belt.can_forward()
        if button.do == "reverse":
            return self.belt.can_reverse()
        return bool(self.targets(button, active))

    def targets(self, button: Button, active: str) -> list[str]:
        """Returns the bodgers `button` can affect with some result: black your own, red one next to
        yours, blue "anyone else's" (another player's, or Keelie; never your own other bodger; never
        Guppy, except that Guppy buttons move only him)."""
        if button.do == "guppy" or button.colour == "black":
            candidates = [GUPPY if button.do == "guppy" else active]
        elif button.colour == "red":
            candidates = btn.bodgers_next_to(self.data.board, self.places(), active)
        else:
            seat = self.activation.seat
            candidates = [b.id for b in self.bodgers if b.id not in (active, GUPPY) and b.owner != seat]
        return [c for c in candidates if self.outcomes(button, c)]

    def outcomes(self, button: Button, bodger: str) -> list[Action]:
        """Returns what `button` may do to `bodger`: where it may move, or what it may switch with."""
        board, places = self.data.board, self.places()
        names = board.spaces
        if button.do == "guppy":
            here = places.get(GUPPY)
            return [MoveTo(s, names[s].name) for s in btn.guppy_targets(board, button.symbol, here)]
        if button.do in MOVERS:
            spaces = MOVERS[button.do](board, btn.blocked_for(places, bodger), places[bodger])
            return [MoveTo(s, names[s].name) for s in spaces]
        found: list[Action] = [SwitchPlaces(b, self.data.name(b)) for b in btn.bodgers_next_to(board, places, bodger)]
        slots = self.belt.slots
        return found + [SwitchParts(c, f"{self.part_name(slots[c])} on conveyor space {c + 1}")
                        for c in btn.part_switches(board, slots, places[bodger])]

    def press(self, button: Button) -> list[Event]:
        """Presses a button that can resolve: plain buttons act at once, others ask for a target."""
        activation = self.activation
        data = {"seat": activation.seat, "button": button.do, "colour": button.colour, "part": activation.part}
        events = [Event("press", f"{{{activation.seat}}} presses {button.label}.", data)]
        if button.do in PLAIN_BUTTONS:
            return events + self.plain_button(button.do) + self.button_done()
        targets = self.targets(button, activation.bodger)
        if len(targets) == 1:
            return events + self.affect(targets[0])
        self.ask("target", activation.seat, "{seat}: choose the bodger {label} affects", label=button.label)
        return events

    def affect(self, bodger: str) -> list[Event]:
        """Applies the button to `bodger`: at once if there is one result, else asks which."""
        self.activation.target = bodger
        options = self.outcomes(self.current_button(), bodger)
        if len(options) == 1:
            return self.outcome(options[0])
        kind = "switch" if self.current_button().do == "switch" else "move"
        prompt = "{seat}: choose what {name} switches with" if kind == "switch" else "{seat}: choose where {name} goes"
        self.ask(kind, self.activation.seat, prompt, name=self.data.name(bodger))
        return []

    def outcome(self, action: Action) -> list[Event]:
        """Carries out one result of the button on the affected bodger: a move, or a switch."""
        if isinstance(action, MoveTo):
            return self.move(action)
        if isinstance(action, SwitchPlaces):
            return self.switch_places(action)
        return self.switch_parts(action)

    def move(self, action: MoveTo) -> list[Event]:
        """Moves the affected bodger; Guppy then bins the part in front of him and runs the belt."""
        who = self.bodger(self.activation.target)
        start, who.space = who.space, action.space
        how = self.current_button().do
        data = {"bodger": who.id, "from": start, "to": action.space, "how": how}
        verb = "goes" if how == GUPPY else f"{how}s" if how != "dash" else "dashes"
        events = [Event("move", f"{self.data.name(who.id)} {verb} to {action.name}.", data)]
        if who.id == GUPPY:
            moved = self.belt.guppy(self.data.board.faces(action.space), self.rng)
            events.append(Event("conveyor", "Guppy plays with the conveyor.", {"how": "guppy", **moved}))
        return events + self.button_done()

    def switch_places(self, action: SwitchPlaces) -> list[Event]:
        """Switch: the affected bodger and a bodger next to it change places."""
        one, two = self.bodger(self.activation.target), self.bodger(action.bodger)
        one.space, two.space = two.space, one.space
        data = {"bodgers": [one.id, two.id], "spaces": [one.space, two.space]}
        text = f"{self.data.name(one.id)} and {self.data.name(two.id)} switch places."
        return [Event("swap", text, data)] + self.button_done()

    def switch_parts(self, action: SwitchParts) -> list[Event]:
        """Switch: the part in front of the affected bodger and the part next to it change places."""
        slots = self.belt.slots
        front = self.data.board.faces(self.bodger(self.activation.target).space)
        slots[front], slots[action.slot] = slots[action.slot], slots[front]
        data = {"slots": [front, action.slot], "parts": [slots[front], slots[action.slot]]}
        return [Event("switch_parts", f"The {self.part_name(slots[action.slot])} and the "
                      f"{self.part_name(slots[front])} switch places.", data)] + self.button_done()

    def plain_button(self, do: str) -> list[Event]:
        """DRAW, DISCARD (a random card of yours), FORWARD or REVERSE."""
        seat = self.activation.seat
        if do == "draw":
            return self.draw_cards(seat, 1)
        if do == "discard":
            card = self.rng.choice(self.hands[seat].cards)
            self.discard.put([self.hands[seat].remove(card)])
            data = {"seat": seat, "card": card, "random": True}
            return [Event("discard", f"{{{seat}}} discards {self.card_name(card)} at random.", data, reveals=True)]
        moved = self.belt.forward(self.rng) if do == "forward" else self.belt.reverse()
        return [Event("conveyor", f"The conveyor runs {do}.", {"how": do, **moved})]

    def button_done(self) -> list[Event]:
        """After a button: the card's next row, or (once the card is discarded) the next part."""
        if self.in_play is not None:
            self.activation.row += 1
            return self.next_row()
        return self.offer_part()



# --- the flow: turns and the decisions of an activation -----------------------------------------
@FLOW.step("turn")
def turn(state: Any, step: dict[str, Any]) -> list[Event]:
    """Gives the turn to the next seat that can act; a player without cards passes by himself (and the
    next seat is up); once everyone has passed, part pulling starts."""
    seat = state.turn.current()
    if seat is None:
        state.turn = state.turn_log = None
        return begin_pulling(state)
    state.turn_log = TurnLog(seat)
    if state.plays(seat):
        state.ask("turn", seat, "{seat}: play an action card, or pass")
        return []
    state.turn.pass_turn()
    state.then({"op": "turn"})
    return [Event("pass", f"{{{seat}}} has no action cards and passes.", {"seat": seat, "auto": True})]


@FLOW.options("turn")
def turn_options(state: Any, decision: Decision) -> list[Action]:
    """A turn: play a card, or pass (End turn once a bodger has been activated)."""
    return state.plays(decision.seat) + [EndTurn() if state.turn_log.activated else Pass()]


@FLOW.answer("turn")
def take_turn(state: Any, decision: Decision, action: Action) -> list[Event]:
    """Plays a card, passes or ends the turn."""
    if isinstance(action, PlayCard):
        return state.play(decision.seat, action)
    if isinstance(action, Pass):
        seat = decision.seat
        state.turn.pass_turn()
        return [Event("pass", f"{{{seat}}} passes.", {"seat": seat, "auto": False})] + state.next_turn()
    return state.end_turn()


@FLOW.options("button")
def button_options(state: Any, decision: Decision) -> list[Action]:
    """The next row: press (one of) its buttons, or stop."""
    row = state.card_rows()[state.activation.row]
    return [Press(state.activation.row, i, row[i].label) for i in state.pressable(row)] + [Stop()]


@FLOW.answer("button")
def press_row(state: Any, decision: Decision, action: Action) -> list[Event]:
    """Presses the button chosen, or stops pressing the card's buttons."""
    if isinstance(action, Press):
        state.activation.choice = action.choice
        return state.press(state.card_rows()[action.row][action.choice])
    return state.finish_card()


@FLOW.options("part_button")
def part_button_options(state: Any, decision: Decision) -> list[Action]:
    """After the card: press the part's button, or be done."""
    part = state.part_in_front(state.activation.bodger)
    return [PressPart(part, state.data.parts[part].button.label), FinishActivation()]


@FLOW.answer("part_button")
def press_part(state: Any, decision: Decision, action: Action) -> list[Event]:
    """Presses the part's button, or ends the activation."""
    if isinstance(action, PressPart):
        state.turn_log.pressed.append(action.part)
        state.activation.part = action.part
        return state.press(state.data.parts[action.part].button)
    return state.end_activation()


@FLOW.options("target")
def target_options(state: Any, decision: Decision) -> list[Action]:
    """A red or blue button: the bodgers it can affect."""
    targets = state.targets(state.current_button(), state.activation.bodger)
    return [Target(b, state.data.name(b)) for b in targets]


@FLOW.answer("target")
def choose_target(state: Any, decision: Decision, action: Target) -> list[Event]:
    """The button affects the bodger chosen."""
    return state.affect(action.bodger)


@FLOW.options("move", "switch")
def outcome_options(state: Any, decision: Decision) -> list[Action]:
    """Step, Dash, Jump or Guppy: where the bodger may go; Switch: what it may switch with."""
    return state.outcomes(state.current_button(), state.activation.target)


@FLOW.answer("move", "switch")
def choose_outcome(state: Any, decision: Decision, action: Action) -> list[Event]:
    """The button moves the bodger, or switches it or its part."""
    return state.outcome(action)
