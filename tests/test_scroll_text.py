"""The scrolling text block (the game log, the rules): a growing log wraps only its new entries."""
import pygame

from graphics.widgets import ScrollText
from tests.kit_helpers import painter


def test_a_growing_log_wraps_only_its_new_entries(monkeypatch):
    paint = painter()
    wrapped = []
    original = type(paint).wrap

    def counting(self, text, *args, **kwargs):
        wrapped.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(type(paint), "wrap", counting)
    entries = [(f"Entry {i}: someone plays a card for some energy, and more words to wrap.", "text") for i in range(30)]
    log = ScrollText(pygame.Rect(0, 0, 300, 400), list(entries), gap=0.35)
    first = log.lines(paint)
    assert len(wrapped) == 30 and len(first) > 30
    log.entries = entries + [("A new entry.", "text")]
    again = log.lines(paint)
    assert wrapped[30:] == ["A new entry."]
    assert [line.text for line in again[:len(first)]] == [line.text for line in first]
    pygame.quit()
