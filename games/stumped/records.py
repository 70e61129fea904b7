"""Small records of a Stumped position: the turn in progress, the kinds of decision and the flow that
answers them (FLOW: each decision kind's options and answer are registered on it by turns.py and effects.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.actions import Action, Event
from games.core.flow import Flow
from games.core.record import Record

FLOW = Flow("stumped")

SETUP, GROW, ACT, BUY = "setup", "grow", "act", "buy"  # decisions of the phases
MULCH, RECYCLE, GAIN, TAKE, CLEAR, STEAL, WILT = (  # decisions of card effects
    "mulch", "recycle", "gain", "take_market", "clear_market", "steal_root", "wilt_root")
KINDS = (SETUP, GROW, ACT, BUY, MULCH, RECYCLE, GAIN, TAKE, CLEAR, STEAL, WILT)
PHASES = ("setup", "growth", "action", "market", "renewal")


@dataclass(eq=False)
class Turn(Record):
    """The turn in progress: whose it is, its phase and what is left to spend."""

    seat: int = 0
    phase: str = "setup"
    actions_left: int = 0  # action cards the player may still play
    energy: int = 0
    buys_left: int = 0
    growth: int = 0  # growth still to spend on the tree, at once
    energy_played: bool = False  # once energy is played, no more action cards (our ruling)


def offer(state: Any, options: list[Action]) -> list[Event]:
    """Keeps the options just worked out for the decision now on top as the state's legal actions (the kit's
    cache, cleared by the next apply), where nothing changes before that decision is answered; returns no
    events. Imagined games would otherwise work every decision's options out twice."""
    state._legal = tuple(options)
    return []
