"""Scrappers data: the shipped files load, and broken copies fail with a message naming the file,
the entry and the field."""
import shutil
from pathlib import Path

import pytest

from games.core.errors import DataError
from games.scrappers.data import DATA, load_data


def test_the_shipped_data_has_the_designed_counts():
    data = load_data()
    assert sum(c.count for c in data.cards if c.deck == "standard") == 40
    assert sum(c.count for c in data.cards if c.deck != "standard") == 20
    assert len(data.parts.instances()) == 60 and len(data.board.spaces) == 14 and data.board.length == 6


def broken(tmp_path: Path, name: str, old: str | tuple, new: str | tuple) -> Path:
    """Returns a copy of the data folder with text replacements (one or several) in one file."""
    folder = tmp_path / "scrappers"
    shutil.copytree(DATA, folder)
    path = folder / name
    text = path.read_text()
    for before, after in zip(*((old, new) if isinstance(old, tuple) else ((old,), (new,)))):
        assert before in text, f"{before!r} not in {name}"
        text = text.replace(before, after, 1)
    path.write_text(text)
    return folder


@pytest.mark.parametrize("name, old, new, words", [
    ("actions.yaml", "rows: [[{do: jump}]]}", "rows: [[{do: fly}]]}", ["actions.yaml", "hop_it", "'do'"]),
    ("actions.yaml", "[[{do: forward}]]", "[[{do: forward, colour: red}]]",
     ["actions.yaml", "belt_kick", "always black"]),
    ("actions.yaml", "symbol: gear}]]}", "symbol: cog}]]}", ["actions.yaml", "guppy_gear", "'cog'"]),
    ("actions.yaml", "count: 3, symbols: 2,\n     rows: [[{do: step}]]", "count: 2, symbols: 2,\n     rows: [[{do: step}]]",
     ["actions.yaml", "39 standard"]),
    ("actions.yaml", "rows: [[{do: step}, {do: switch}]]", "rows: [[{do: step}, {do: switch}, {do: dash}]]",
     ["either_way", "hazard-tape pair"]),
    ("actions.yaml", "deck: guppy, count: 1, symbols: 1,\n     rows: [[{do: guppy, symbol: gear}]]",
     "deck: guppy, count: 1, symbols: 1,\n     rows: [[{do: step}]]", ["guppy_gear", "only guppy buttons"]),
    ("parts.yaml", "colour: orange, button: {do: step, colour: black}", "colour: pink, button: {do: step, colour: black}",
     ["parts.yaml", "plug_orange_step", "'colour'", "pink"]),
    ("parts.yaml", "kind: plug, count: 4, colour: orange", "kind: plug, count: 3, colour: orange",
     ["parts.yaml", "59 parts"]),
    ("parts.yaml", "connectors: [orange, orange, orange, orange]", "connectors: [orange, orange, orange]",
     ["parts.yaml", "core_orange", "'connectors'"]),
    ("board.yaml", "{id: t0, name: \"top 1\", faces: 0, across: b0", "{id: t0, name: \"top 1\", faces: 0, across: b1",
     ["board.yaml", "t0", "'across'"]),
    ("board.yaml", "faces: 3, across: b3", "faces: 9, across: b3", ["board.yaml", "t3", "'faces'"]),
    ("board.yaml", "symbol: spring, x: 420", "symbol: nut, x: 420", ["board.yaml", "t1", "'symbol'"]),
    ("board.yaml", ("across: t2, symbol: gear", "across: \"\", symbol: gear"),
     ("across: t2, symbol: \"\"", "across: \"\", symbol: \"\""), ["board.yaml", "gear", "fewer than 2"]),
    ("board.yaml", ("faces: 1, across: b1", "faces: 1, across: t1"), ("faces: 2, across: b1", "faces: 2, across: t1"),
     ["board.yaml", "conveyor space 1", "no bodger space"]),
    ("rules.yaml", "{id: lug, name: Lug", "{id: izzy, name: Lug", ["rules.yaml", "'bodgers'"]),
    ("rules.yaml", "hand_size: 3", "hand_size: three", ["rules.yaml", "'hand_size'", "whole number"]),
])
def test_broken_data_is_refused_with_a_message_that_says_where(tmp_path, name, old, new, words):
    folder = broken(tmp_path, name, old, new)
    with pytest.raises(DataError) as error:
        load_data(folder)
    for word in words:
        assert word in str(error.value), f"{word!r} not in: {error.value}"


def test_no_part_has_a_draw_button_so_every_activation_costs_a_card():
    assert all(part.button.do != "draw" for part in load_data().parts)
