"""Scrimish's declared flow: its decision kinds and phases. The rule modules (arrange.py, play.py) register
each decision's options and answer on FLOW; the state (state.py) runs on it."""
from __future__ import annotations

from games.core.flow import Flow

SETUP, PLAY, OVER = "setup", "play", "over"  # the phases
ARRANGE, PILE, TARGET = "arrange", "pile", "target"  # the kinds of decision
PHASE_OF = {ARRANGE: SETUP, PILE: PLAY, TARGET: PLAY}

FLOW = Flow("scrimish")
