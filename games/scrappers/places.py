"""Where each action is clicked: the one mapping from an action to its place on the table, shared by
the rules (why_not: a place is silent if any legal action's place is it) and the view (key_of), so the
two cannot disagree. Pure data, no drawing.

Places: ("hand", i) the i-th kind of card in the mover's hand (cards are shown one per kind, in hand
order), ("commit", i) the i-th kind among the cards the mover has put down in a tussle, ("token", id) a
token waiting to be placed, ("space", n) a bodger space, ("bodger", id) a token on the floor, ("slot", c)
a conveyor space, ("row", r, i) a button of the card in play, ("front",) the part in front of the
activated bodger; the view also draws ("deck",), ("discard",), ("hopper",), ("bin",), ("panel", seat)."""
from __future__ import annotations

from typing import Any, Sequence

from games.core.actions import Action
from games.core.cards import kind_of
from games.scrappers import actions as act

HAND_ACTIONS = (act.DiscardCard, act.PlayCard, act.Commit)
BODGER_ACTIONS = (act.Target, act.SwitchPlaces)
SPACE_ACTIONS = (act.PlaceOn, act.MoveTo)


def shown_kinds(cards: Sequence[str | None]) -> list[str]:
    """Returns the first card of each known kind among `cards`, in order: the cards a hand shows."""
    seen: dict[str, str] = {}
    for card in cards:
        if card is not None:
            seen.setdefault(kind_of(card), card)
    return list(seen.values())


def card_place(zone: str, cards: Sequence[str | None], card: str) -> tuple | None:
    """Returns the place of a card's kind among cards shown one per kind."""
    kinds = [kind_of(c) for c in shown_kinds(cards)]
    return (zone, kinds.index(kind_of(card))) if kind_of(card) in kinds else None


def card_at(cards: Sequence[str | None], index: int) -> str | None:
    """Returns the card shown at a hand or commit place (None past the end)."""
    shown = shown_kinds(cards)
    return shown[index] if 0 <= index < len(shown) else None


def action_place(action: Action, state: Any) -> tuple | None:
    """Returns the place a click does `action` on, None for the action bar (Done, Pass, Stop...)."""
    seat = state.current_player()
    if isinstance(action, HAND_ACTIONS):
        return card_place("hand", state.hands[seat].cards, action.card)
    if isinstance(action, act.TakeBack):
        return card_place("commit", state.tussle.commits[state.tussle.index].cards, action.card)
    if isinstance(action, act.ChooseToken):
        return ("token", action.bodger)
    if isinstance(action, SPACE_ACTIONS):
        return ("space", action.space)
    if isinstance(action, BODGER_ACTIONS):
        return ("bodger", action.bodger)
    if isinstance(action, act.SwitchParts):
        return ("slot", action.slot)
    if isinstance(action, act.Press):
        return ("row", action.row, action.choice)
    if isinstance(action, act.PressPart):
        return ("front",)
    return None
