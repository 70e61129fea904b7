"""Scrappers' turn flow, declared once (games.core.flow): the rule modules register the options and the answer of
each decision kind and the steps that run between decisions on FLOW.

Decisions: place_token and place_space (setup.py), maintain (rounds.py), turn, button, part_button, target, move
and switch (activation.py), commit (pulling.py). Steps: "turn" (the next seat's turn of the action phase, seats
without cards passing by themselves) and "pull" (the next bodger's part in part pulling)."""
from __future__ import annotations

from games.core.flow import Flow

FLOW = Flow("scrappers")
