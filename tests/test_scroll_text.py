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



def fresh_layout(paint, entries, snap: str, width: int = 300):
    """Returns the lines, scroll stops, height and scroll limit of `entries` laid out from nothing."""
    block = ScrollText(pygame.Rect(0, 0, width, 200), list(entries), gap=0.35, snap=snap)
    return block.lines(paint), block._stops, block.content_height(paint), block.max_offset(paint)


def test_a_log_laid_out_again_keeps_the_lines_of_its_first_entries_and_ends_as_if_laid_out_anew():
    """A log that grows keeps the very lines of the entries it had; every change (more entries, fewer, one
    changed, a table that grows, another width) ends with the lines, stops and scroll limit of a fresh layout."""
    paint = painter()
    words = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen".split()
    entries = [(" ".join(words[:3 + i % 11]), ["text", "sub", "heading"][i % 3]) for i in range(40)]
    entries[5] = ("1. " + entries[5][0], "item")
    table = [("Card\tCost", "head"), ("Fox\t3", "row"), ("Badger with a rather long name\t5", "row")]
    changes = [entries[:10], entries[:25], entries[:25] + table[:2], entries[:25] + table, entries[:18],
               entries[:12] + [("changed", "text")] + entries[13:30], entries]
    for snap in ["entry", "line"]:
        log = ScrollText(pygame.Rect(0, 0, 300, 200), [], gap=0.35, snap=snap)
        for shown in changes:
            log.entries = list(shown)
            lines, stops, total, most = fresh_layout(paint, shown, snap)
            assert log.lines(paint) == lines and log._stops == stops
            assert log.content_height(paint) == total and log.max_offset(paint) == most
            assert most == next((stop for stop in stops if total - stop <= 200), stops[-1])
        grown = log.lines(paint)
        log.entries = entries + [("A new entry.", "text")]
        assert all(new is old for new, old in zip(log.lines(paint), grown)) and len(log.lines(paint)) > len(grown)
        log.rect = pygame.Rect(0, 0, 220, 200)
        assert log.lines(paint) == fresh_layout(paint, log.entries, snap, 220)[0]
    pygame.quit()


def test_the_scroll_limit_is_the_first_stop_from_which_the_rest_fits():
    paint = painter()
    log = ScrollText(pygame.Rect(0, 0, 300, 200), [(f"Entry {i}", "text") for i in range(50)], snap="line")
    log.lines(paint)
    stops, total = log._stops, log.content_height(paint)
    assert log.max_offset(paint) == next(stop for stop in stops if total - stop <= 200) > 0
    log.rect = pygame.Rect(0, 0, 300, 10 ** 4)
    assert log.max_offset(paint) == 0.0
    log.scroll(paint, 10 ** 3)
    assert log.offset == 0.0
    log.rect = pygame.Rect(0, 0, 300, 100)
    log.scroll(paint, 10 ** 3)
    assert log.offset == log.max_offset(paint) == next(stop for stop in stops if total - stop <= 100)
    pygame.quit()
