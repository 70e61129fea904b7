"""Words the games and the table put together the same way everywhere."""
from __future__ import annotations

from typing import Iterable


def listed(words: Iterable[str]) -> str:
    """Returns the words as an English list: "A", "A and B", "A, B and C"."""
    words = list(words)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)
