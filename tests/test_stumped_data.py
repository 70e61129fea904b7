"""Stumped's data files: bad data gives an error naming the file, the entry and the field."""
import shutil

import pytest

from games.core.errors import DataError
from games.stumped.cards import DATA, load_rules


@pytest.fixture
def folder(tmp_path):
    """A copy of data/stumped/ to break."""
    target = tmp_path / "stumped"
    shutil.copytree(DATA, target)
    return target


def edit(folder, name: str, old: str, new: str) -> None:
    """Replaces `old` with `new` in one data file (which must contain it)."""
    path = folder / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def refuses(folder, *words: str) -> None:
    """Asserts loading the folder fails with a message containing every word."""
    load_rules.cache_clear()
    try:
        with pytest.raises(DataError) as error:
            load_rules(folder)
    finally:
        load_rules.cache_clear()
    for word in words:
        assert word in str(error.value), str(error.value)


def test_the_shipped_data_loads(folder):
    load_rules.cache_clear()
    rules = load_rules(folder)
    assert len(rules.catalog) == 40 and rules.numbers.market_size == 8
    load_rules.cache_clear()


def test_a_bad_cost_names_the_file_the_card_and_the_field(folder):
    edit(folder, "cards.yaml", "id: earthworm, name: Earthworm, type: action, cost: 4",
         "id: earthworm, name: Earthworm, type: action, cost: three")
    refuses(folder, "cards.yaml", "earthworm", "'cost'")


def test_an_unknown_effect(folder):
    edit(folder, "cards.yaml", "{do: draw, amount: 2}]}", "{do: sing, amount: 2}]}")
    refuses(folder, "cards.yaml", "earthworm", "'do'", "sing")


def test_a_gain_without_a_kind(folder):
    edit(folder, "cards.yaml", "{do: gain, kind: sun, to: hand}", "{do: gain, to: hand}")
    refuses(folder, "cards.yaml", "sunbeam", "kind")


def test_action_cards_come_in_pairs(folder):
    edit(folder, "cards.yaml", "id: rake, name: Rake, type: action, cost: 4, count: 2",
         "id: rake, name: Rake, type: action, cost: 4, count: 3")
    refuses(folder, "cards.yaml", "rake", "pairs")


def test_the_action_cards_must_add_up_to_game_yaml(folder):
    edit(folder, "game.yaml", "action_cards: 70", "action_cards: 72")
    refuses(folder, "cards.yaml", "70", "72")


def test_an_action_card_needs_effects(folder):
    edit(folder, "cards.yaml", "effects: [{do: draw, amount: 3}]}", "effects: []}")
    refuses(folder, "cards.yaml", "rain_dance", "effects")


def test_the_basics_must_be_sun_dirt_water(folder):
    edit(folder, "cards.yaml", "id: water, name: Water, type: basic", "id: rain, name: Water, type: basic")
    refuses(folder, "cards.yaml", "sun, dirt, water")


def test_a_starting_card_that_does_not_exist(folder):
    edit(folder, "game.yaml", "starting_deck: {dirt: 5}", "starting_deck: {mud: 5}")
    refuses(folder, "starting_deck", "mud")


def test_too_few_dirt_for_the_starting_decks(folder):
    edit(folder, "game.yaml", "starting_deck: {dirt: 5}", "starting_deck: {dirt: 7}")
    refuses(folder, "too few", "dirt")


def test_a_head_start_with_a_card_that_is_not_basic(folder):
    edit(folder, "game.yaml", "2: [[], [impressive_irrigation]]", "2: [[], [rake]]")
    refuses(folder, "game.yaml", "head_start[2][1]", "basic and energy cards")


def test_a_head_start_needs_one_entry_per_seat(folder):
    edit(folder, "game.yaml", "2: [[], [impressive_irrigation]]", "2: [[]]")
    refuses(folder, "game.yaml", "head_start[2]", "one entry per seat")


def test_trees_need_standard_and_epic(folder):
    edit(folder, "game.yaml", "  epic:     {", "  huge:     {")
    refuses(folder, "game.yaml", "'trees'")


def test_win_leaves_cannot_exceed_the_leaf_supply(folder):
    edit(folder, "game.yaml", "win_leaves: 10}", "win_leaves: 11}")
    refuses(folder, "game.yaml", "win_leaves")


def test_too_few_pieces_for_the_standard_trees(folder):
    edit(folder, "game.yaml", "pieces: {trunk: 4, branch: 16,", "pieces: {trunk: 4, branch: 15,")
    refuses(folder, "game.yaml", "'pieces'", "standard trees")


def test_winter_needs_a_warning_within_its_rounds(folder):
    edit(folder, "game.yaml", "winter: {idle_rounds: 30, warn: 5}", "winter: {idle_rounds: 3, warn: 5}")
    refuses(folder, "game.yaml", "'winter'")


def test_a_leaf_has_no_holes(folder):
    edit(folder, "tree.yaml", "- {id: leaf,  length: 34, holes: []}",
         "- {id: leaf,  length: 34, holes: [{id: x, kind: side, at: 0.5, turn: 0}]}")
    refuses(folder, "tree.yaml", "leaf", "holes")


def test_a_branch_needs_one_end(folder):
    edit(folder, "tree.yaml", "- {id: end,    kind: end,  at: 1.00, turn: 0}", "")
    refuses(folder, "tree.yaml", "branch")


def test_a_hole_off_its_segment(folder):
    edit(folder, "tree.yaml", "kind: side, at: 0.34", "kind: side, at: 1.34")
    refuses(folder, "tree.yaml", "branch")
