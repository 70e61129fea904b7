"""Scrumpy's declared turn flow (games/core/flow.py): the rule modules register on FLOW the options and the
answer of each decision kind and the steps of the program that runs between decisions."""
from __future__ import annotations

from games.core.flow import Flow

FLOW = Flow("scrumpy")
