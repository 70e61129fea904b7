"""Building exact Scrappers positions for rule tests: tokens on named spaces, chosen parts on the
conveyor, chosen cards in hands, a seat to move in the action phase. Every card and part still
lies in exactly one place (the position passes check())."""
from __future__ import annotations

from typing import Callable

from games.core.bots import decision_rng
from games.core.turns import UntilAllPass, rotation
from games.scrappers import GAME
from games.scrappers.actions import Commit, CommitDone, Pass
from games.scrappers.bot import FairBot
from games.scrappers.records import Bodger, TurnLog

NAMES = ["Ann", "Ben", "Cat", "Dee"]
SLOTS = ["plug_blue_step", "plug_orange_step", "plug_purple_step", "plug_universal_jump", "plug_green_step",
         "core_orange"]  # a conveyor with the green plug in front of Lug (t4) and Puck (b4)


def table(players: int = 4, options: dict | None = None, places: dict[str, str] | None = None,
          owners: dict[str, int | None] | None = None, slots: list[str | None] | None = None,
          hands: dict[int, list[str]] | None = None, seat: int = 0, foreman: int = 0, seed: int = 0):
    """Returns a state in the action phase with `seat` to move.

    `places` maps token ids to space ids (default: one bodger per player on spaced-out spaces);
    `owners` gives each token's seat (default: Izzy 0, Lug 1, Ridge 2, Puck 3; 2 players: Izzy and
    Ridge 0, Lug and Puck 1); `slots` lists part kinds (or None) from the hopper end; `hands` lists
    card kinds per seat (seats not named keep an empty hand)."""
    state = GAME.new_state(players, options or {}, seed)
    board = state.data.board
    state.decisions.clear()
    if places is None:
        places = dict(zip(["izzy", "lug", "ridge", "puck"][:players if players > 2 else 4], ["t0", "t3", "b1", "b4"]))
        places |= {"keelie": "n"} if state.options["keelie"] else {}
        places |= {"guppy": "h"} if state.options["guppy"] else {}
    default_owner = {"izzy": 0, "lug": 1, "ridge": 2, "puck": 3} if players > 2 else \
        {"izzy": 0, "lug": 1, "ridge": 0, "puck": 1}
    owners = {**default_owner, "keelie": None, "guppy": None, **(owners or {})}
    state.bodgers = [Bodger(b, owners[b], board.index(space)) for b, space in places.items()]
    set_slots(state, slots or [None] * board.length)
    set_hands(state, hands or {})
    state.phase, state.round, state.foreman = "action", 1, foreman
    state.turn = UntilAllPass(rotation(foreman, players))
    state.turn.index = state.turn.order.index(seat)
    state.turn_log = TurnLog(seat)
    state.ask("turn", seat, "{seat}: play an action card, or pass")
    state._legal = None
    state.check()
    return state


def set_slots(state, kinds: list[str | None]) -> None:
    """Puts parts of the given kinds on the conveyor (taken from the hopper; others go back)."""
    belt = state.belt
    belt.hopper.cards += [p for p in belt.slots if p is not None] + belt.bin.cards
    belt.bin.cards, belt.known = [], 0
    belt.slots = [take(belt.hopper.cards, kind) if kind else None for kind in kinds]


def set_hands(state, hands: dict[int, list[str]]) -> None:
    """Gives each listed seat exactly the listed card kinds (from the deck); other hands go empty."""
    for pile in state.hands:
        state.deck.cards += pile.cards
        pile.cards = []
    state.deck.cards += state.discard.cards
    state.discard.cards = []
    for seat, kinds in hands.items():
        state.hands[seat].cards = [take(state.deck.cards, kind) for kind in kinds]


def stack_deck(state, kinds: list[str]) -> None:
    """Puts cards of the given kinds on top of the action deck, the first listed drawn first."""
    for k in reversed(kinds):
        state.deck.cards.append(take(state.deck.cards, k))


def give_parts(state, seat: int, kinds: list[str]) -> None:
    """Puts parts of the given kinds (from the hopper) in front of a player."""
    state.holdings[seat] += [take(state.belt.hopper.cards, k) for k in kinds]


def take(cards: list[str], kind: str) -> str:
    """Removes and returns one card of `kind` from a list of card instance ids."""
    card = next(c for c in cards if c.split("#")[0] == kind)
    cards.remove(card)
    return card


def space(state, space_id: str) -> int:
    """Returns the number of a space by id."""
    return state.data.board.index(space_id)


def where(state, bodger: str) -> str:
    """Returns the id of the space a token stands on."""
    return state.data.board.spaces[state.bodger(bodger).space].id


def kind(card: str | None) -> str | None:
    """Returns a card or part kind from an instance id."""
    return card.split("#")[0] if card else None


def find(state, test: Callable) -> object:
    """Returns the one legal action that passes `test`; fails if none or several do."""
    found = [a for a in state.legal_actions() if test(a)]
    assert len(found) == 1, f"{len(found)} matching actions among {[a.label for a in state.legal_actions()]}"
    return found[0]


def do(state, action_type, **fields) -> list:
    """Applies the one legal action of `action_type` whose fields match (`card` and `part` by kind)."""
    def matches(action) -> bool:
        if not isinstance(action, action_type):
            return False
        for name, value in fields.items():
            got = getattr(action, name)
            if name in ("card", "part"):
                got = kind(got)
            if name == "space" and isinstance(value, str):
                value = space(state, value)
            if got != value:
                return False
        return True
    return state.apply(find(state, matches))


def pass_all(state) -> list:
    """Everyone passes until the action phase is over; returns the events."""
    events = []
    while state.phase == "action" and state.pending_decision().kind == "turn":
        events += do(state, Pass)
    return events


def labels(state) -> list[str]:
    """Returns the labels of the legal actions."""
    return [a.label for a in state.legal_actions()]


def tussle_for(holdings, hand):
    """Lug (the bot, seat 1) and Puck tussle for the green plug; returns the state at Lug's commit."""
    state = table(places={"izzy": "t0", "lug": "t4", "ridge": "b1", "puck": "b4"}, slots=SLOTS,
                  hands={1: hand, 3: ["hop_it"]}, foreman=1, seat=1)
    give_parts(state, 1, holdings)
    stack_deck(state, ["rummage", "rummage"])
    pass_all(state)
    assert state.current_player() == 1 and state.pending_decision().kind == "commit"
    return state


def committed(state, bot=None, seat=1) -> list[str]:
    """Lets the bot (the fair bot unless given) commit and returns the kinds it put down."""
    bot = bot or FairBot()
    for ply in range(20):
        action = bot.choose(state.view(seat), decision_rng(0, seat, ply))
        if isinstance(action, CommitDone):
            return sorted(kind(c) for c in state.tussle.commits[state.tussle.index].cards)
        assert isinstance(action, Commit)
        state.apply(action)
    raise AssertionError("the bot never finished committing")
