"""Scrappers data: the shipped files load, and broken copies fail with a message naming the file,
the entry and the field."""
import re
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


def test_no_part_has_a_draw_button_so_only_the_card_played_gives_cards_back():
    assert all(part.button.do != "draw" for part in load_data().parts)


def rulings() -> str:
    """Returns the rulings as one line of text."""
    return " ".join((DATA / "rulings.md").read_text().split())


def test_the_rulings_name_the_button_colours_the_cards_hold():
    data, text = load_data(), rulings()
    colours = {}
    for card in data.cards:
        for button in (b for row in card.rows for b in row if b.do != "guppy"):
            colours.setdefault(button.do, set()).add(button.colour)
    sentence = re.search(r"Colours on the cards: (.*?)\.", text).group(1)
    claimed = {}
    for clause in sentence.split(";"):
        buttons = re.findall(r"\b[A-Z]{3,}\b", clause)
        named = set(re.findall(r"\b(black|red|blue)\b", clause))
        claimed |= {button.lower(): named for button in buttons}
    assert claimed == {do: colours[do] for do in ("step", "dash", "jump", "switch")}
    plain = re.search(r"\*\*([A-Z, and]+) are always black\*\*", text).group(1)
    assert {do: colours[do] for do in ("draw", "discard", "forward", "reverse")} == \
        {word.lower(): {"black"} for word in re.findall(r"[A-Z]{4,}", plain)}


def test_the_rulings_say_which_cards_give_cards_back():
    data, text = load_data(), rulings()
    net = {}
    for card in data.cards:
        draws = sum(1 for row in card.rows for b in row if b.do == "draw")
        discards = sum(1 for row in card.rows for b in row if b.do == "discard")
        keelie = data.rules.keelie_card_draw if card.deck == "keelie" else 0
        net[card.name] = draws + keelie - discards - 1  # the card played, and every button pressed
    gains = set(re.findall(r"([A-Z]\w+) gains one", text))
    keeps = set(re.findall(r"([A-Z]\w+) keeps the hand size", text))
    keelie = {card.name for card in data.cards if card.deck == "keelie"}
    assert "every Keelie card keeps the hand size" in text and "Every other card costs at least one" in text
    assert {name for name, n in net.items() if n > 0} == gains == {"Rummage"}
    assert {name for name, n in net.items() if n == 0} == keeps | keelie
    assert all(n < 0 for name, n in net.items() if name not in gains | keeps | keelie)
    assert not any(b.do == "draw" for part in data.parts for b in (part.button,)), "the rulings: no part has DRAW"


def test_the_rulings_counts_are_the_datas():
    data, text = load_data(), rulings()
    standard = [c for c in data.cards if c.deck == "standard"]
    found = re.search(r"(\d+) standard cards\*\* in (\d+) designs, (\d+) to (\d+) tussle symbols each \((\d+) symbols",
                      text).groups()
    symbols = [c.symbols for c in standard]
    assert tuple(map(int, found)) == (sum(c.count for c in standard), len(standard), min(symbols), max(symbols),
                                      sum(c.symbols * c.count for c in standard))
    keelie, guppy = re.search(r"(\d+) Keelie cards .*? and (\d+) Guppy cards", text).groups()
    assert (int(keelie), int(guppy)) == tuple(sum(c.count for c in data.cards if c.deck == d)
                                              for d in ("keelie", "guppy"))
    buttons = re.search(r"Every part has one action button\*\* \((.*?)\)", text).group(1)
    assert {part.button.do.upper() for part in data.parts} == set(re.findall(r"[A-Z]{4,}", buttons))
