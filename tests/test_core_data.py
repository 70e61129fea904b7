"""The YAML loader: typed, frozen results and errors naming the file, the entry and the field."""
import dataclasses
import shutil
from pathlib import Path
from typing import Literal

import pytest

from games.core.data import at_least, build, load_list
from games.core.errors import DataError
from games.scrimish.cards import DATA, load_deck


@dataclasses.dataclass(frozen=True)
class Sample:
    id: str
    count: int
    kind: Literal["a", "b"]
    tags: tuple[str, ...] = ()
    weight: float = 1.0


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "sample.yaml"
    path.write_text(text)
    return path


def test_valid_entries_become_frozen_dataclasses(tmp_path):
    path = write(tmp_path, "items:\n  - {id: x, count: 2, kind: a, tags: [p, q], weight: 3}\n")
    (item,) = load_list(path, "items", Sample)
    assert item == Sample("x", 2, "a", ("p", "q"), 3.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.count = 5


@pytest.mark.parametrize("entry, field, words", [
    ("{id: x, count: two, kind: a}", "count", "whole number"),
    ("{id: x, count: 2, kind: c}", "kind", "one of"),
    ("{id: x, count: 2}", "kind", "missing"),
    ("{id: x, count: 2, kind: a, colour: red}", "colour", "unknown field"),
    ("{id: x, count: true, kind: a}", "count", "whole number"),
    ("{id: x, count: 2, kind: a, tags: p}", "tags", "list"),
])
def test_errors_name_file_entry_and_field(tmp_path, entry, field, words):
    path = write(tmp_path, f"items:\n  - {{id: ok, count: 1, kind: b}}\n  - {entry}\n")
    with pytest.raises(DataError) as error:
        load_list(path, "items", Sample)
    message = str(error.value)
    assert str(path) in message and "items[1]" in message and "id 'x'" in message
    assert f"'{field}'" in message and words in message


def test_broken_yaml_names_the_file(tmp_path):
    path = write(tmp_path, "items: [\n  - {id: x\n")
    with pytest.raises(DataError, match="sample.yaml: not valid YAML"):
        load_list(path, "items", Sample)


def test_missing_top_level_key(tmp_path):
    with pytest.raises(DataError, match="top-level 'items:'"):
        load_list(write(tmp_path, "other: []\n"), "items", Sample)


def test_build_reports_where_for_nested_values():
    with pytest.raises(DataError, match=r"here: field 'weight': expected a number"):
        build(Sample, {"id": "x", "count": 1, "kind": "a", "weight": "heavy"}, "here")


def copy_deck(tmp_path: Path) -> Path:
    folder = tmp_path / "scrimish"
    shutil.copytree(DATA, folder)
    return folder


def test_the_shipped_deck_is_one_of_each_rulebook_count():
    deck = load_deck()
    counts = {card.id: card.count for card in deck.cards.values()}
    assert counts == {"dagger": 5, "sword": 5, "morning_star": 3, "war_axe": 3, "halberd": 2, "longsword": 2,
                      "archer": 2, "shield": 2, "crown": 1}
    assert [deck.cards[c].value for c in ("dagger", "sword", "morning_star", "war_axe", "halberd", "longsword")] \
        == [1, 2, 3, 4, 5, 6]
    assert (deck.piles, deck.pile_size) == (5, 5)


def test_a_deck_that_does_not_fill_the_piles_is_refused(tmp_path):
    folder = copy_deck(tmp_path)
    text = (folder / "deck.yaml").read_text().replace("count: 5, art: dagger", "count: 4, art: dagger")
    (folder / "deck.yaml").write_text(text)
    with pytest.raises(DataError, match="deck.yaml: the counts add up to 24"):
        load_deck(folder)


def test_a_card_with_a_bad_field_is_named(tmp_path):
    folder = copy_deck(tmp_path)
    text = (folder / "deck.yaml").read_text().replace("value: 6, count: 2", "value: six, count: 2")
    (folder / "deck.yaml").write_text(text)
    with pytest.raises(DataError, match=r"deck.yaml: cards\[5\] \(id 'longsword'\): field 'value'"):
        load_deck(folder)


def test_a_preset_without_the_crown_at_the_bottom_is_refused(tmp_path):
    folder = copy_deck(tmp_path)
    text = (folder / "presets.yaml").read_text().replace(
        "[shield, war_axe, longsword, halberd, crown]", "[crown, war_axe, longsword, halberd, shield]")
    (folder / "presets.yaml").write_text(text)
    with pytest.raises(DataError, match=r"presets\[0\] \(id 'balanced'\).*Crown must be the bottom"):
        load_deck(folder)


def test_a_key_given_twice_is_refused_with_its_line(tmp_path):
    path = write(tmp_path, "items:\n  - id: x\n    count: 2\n    count: 3\n    kind: a\n")
    with pytest.raises(DataError, match=r"sample.yaml: .*the key 'count' is given twice.*line 4"):
        load_list(path, "items", Sample)


def test_an_alias_bomb_is_refused_quickly(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 12)]
    path = write(tmp_path, "\n".join(lines) + "\nitems: *a11\n")
    assert path.stat().st_size < 2000
    with pytest.raises(DataError, match="aliases .* expand to more than"):
        load_list(path, "items", Sample)


@pytest.mark.parametrize("text", ["a: &x [1, *x]\nitems: *x\n", "items:\n  - &y {id: y, kind: a, count: 1, more: [*y]}\n",
                                  "a: &x {b: [c, {d: *x}]}\nitems: []\n"])
def test_an_alias_that_refers_to_what_holds_it_is_refused_not_a_hang(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(DataError, match=r"sample.yaml: an alias \(\*name\) refers to the entry that holds it"):
        load_list(path, "items", Sample)


def test_one_alias_used_twice_is_not_a_loop(tmp_path):
    path = write(tmp_path, "base: &b {count: 2, kind: a}\npair: [*b, [*b]]\nitems:\n  - {<<: *b, id: x}\n")
    assert [item.id for item in load_list(path, "items", Sample)] == ["x"]


def test_small_aliases_still_work(tmp_path):
    path = write(tmp_path, "base: &base {count: 2, kind: a}\nitems:\n  - {<<: *base, id: x}\n  - {<<: *base, id: y}\n")
    assert [item.id for item in load_list(path, "items", Sample)] == ["x", "y"]


@dataclasses.dataclass(frozen=True)
class Bounded:
    id: str
    count: int = dataclasses.field(metadata=at_least(0))
    faces: tuple[int, ...] = dataclasses.field(default=(1,), metadata=at_least(1, 6))


@pytest.mark.parametrize("entry, words", [
    ("{id: x, count: -20}", "field 'count': must be at least 0, got -20"),
    ("{id: x, count: 1, faces: [1, 7]}", "field 'faces': must be between 1 and 6, got 7"),
])
def test_numbers_outside_their_declared_range_are_refused(tmp_path, entry, words):
    path = write(tmp_path, f"items:\n  - {entry}\n")
    with pytest.raises(DataError) as error:
        load_list(path, "items", Bounded)
    assert words in str(error.value) and "items[0] (id 'x')" in str(error.value)
