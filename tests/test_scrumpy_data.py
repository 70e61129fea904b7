"""Scrumpy data files: what ships is complete, and a broken file names the file, entry and field."""
import shutil
from pathlib import Path

import pytest

from games.core.errors import DataError
from games.scrumpy.data import DATA, RESOURCES, load


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """Returns a copy of data/scrumpy with one replacement made in one file."""
    folder = tmp_path / "scrumpy"
    shutil.copytree(DATA, folder)
    text = (folder / name).read_text()
    assert old in text, old
    (folder / name).write_text(text.replace(old, new, 1))
    return folder


def test_what_ships():
    data = load()
    tiers = {}
    for card in data.workers:
        tiers[card.tier] = tiers.get(card.tier, 0) + card.count
    assert tiers == {"core": 13, "grey": 12, "skilled": 16, "master": 20}
    assert {c.id for c in data.workers if c.tier == "skilled"} == {
        "apprentice", "investor", "orchard_overseer", "manager", "forager_planter", "trader", "advertiser", "carpenter"}
    assert len([c for c in data.workers if c.tier == "master"]) == 10
    assert all(c.cost == 6 for c in data.workers if c.tier == "skilled")
    assert all(c.cost == 8 for c in data.workers if c.tier == "master")
    assert len(data.vendors) == 6 and len(data.goals) == 13 and len(data.automa) == 24
    assert [r.id for r in data.rules.resources] == list(RESOURCES)
    assert {(r.id, r.sell_coins, r.sell_prestige) for r in data.rules.resources} == {
        ("apple", 1, 0), ("wood", 1, 0), ("barrel", 2, 0), ("bottle", 0, 1), ("cider", 0, 2)}


def test_owner_actions_and_upgrades_match_the_rulebook_table():
    data = load()
    plain = {a.id: ([s.plain() for s in a.basic], [s.plain() for s in a.upgraded]) for a in data.rules.owner_actions}
    assert plain["press"][0][0] == {"op": "process", "pay": {"apple": 2}, "make": {"bottle": 1}}  # once
    assert plain["press"][1][0]["times"] == 2 and plain["cooper"][1][0]["times"] == 2
    assert plain["coins"] == ([{"op": "coins", "n": 2}], [{"op": "coins", "n": 3}])
    assert plain["forage"] == ([{"op": "forage"}], [{"op": "forage", "extra_apple": 1}])
    assert plain["draw"] == ([{"op": "draw", "n": 3}, {"op": "discard", "n": 2}],
                             [{"op": "draw", "n": 4}, {"op": "discard", "n": 2}])


@pytest.mark.parametrize("name, old, new, words", [
    ("workers.yaml", "core: [{op: gain, res: apple, per: tree}]", "core: [{op: harvest, res: apple}]",
     r"workers.yaml: cards\[1\] \(id 'apple_picker'\): field 'core'\[0\]: field 'op': unknown step 'harvest'"),
    ("workers.yaml", "core: [{op: gain, res: wood, per: tree}]", "core: [{op: gain, res: wod, per: tree}]",
     r"cards\[2\] \(id 'woodcutter'\): field 'core'\[0\]: unknown resource 'wod'"),
    ("workers.yaml", "core: [{op: copy, scope: opponent}]", "core: [{op: copy}]",
     r"\(id 'exchange_student'\): field 'core'\[0\]: field 'scope': a 'copy' step needs it"),
    ("workers.yaml", "    count: 2\n    core: [{op: gain, res: apple, per: tree}]",
     "    count: 3\n    core: [{op: gain, res: apple, per: tree}]", "core workers of one colour add up to 14"),
    ("workers.yaml", "secondary: coin\n    text: Draw 4", "secondary: cash\n    text: Draw 4",
     r"\(id 'manager'\): field 'secondary'"),
    ("vendors.yaml", "      - {pay: {bottle: 1}, reward: [{op: gain, res: apple, n: 1}], prestige: 1}\n", "",
     r"vendors\[0\] \(id 'supermarket'\): field 'deliveries': a vendor has 2 deliveries"),
    ("vendors.yaml", "{pay: {cider: 1}, reward: [{op: layabout}], prestige: 4}",
     "{pay: {cider: 1}, reward: [{op: layabout}], prestige: four}", r"vendors\[3\] \(id 'bar'\): field 'deliveries'\[0\]: field 'prestige'"),
    ("goals.yaml", "prestige: 4, stores: {wood: 8}", "prestige: 4, wood: 8",
     r"goals.yaml: goals\[0\] \(id 'wood_8'\): unknown field 'wood'"),
    ("goals.yaml", "prestige: 4, stores: {wood: 8}", "prestige: 4, stores: {timber: 8}",
     r"goals\[0\] \(id 'wood_8'\): field 'stores': unknown resource 'timber'"),  # once a KeyError in play
    ("game.yaml", "rounds: 6 ", "rounds: 0 ", r"field 'rounds': must be between 1 and 20, got 0"),  # once a division by zero
    ("game.yaml", "strip_discounts: [0, 1, 2, 3]", "strip_discounts: [0, 1, 2]", "the strip has 4 spaces"),
    ("game.yaml", "  3: {trees: 15, vendors: 3, skilled: 14, masters: 18, public_goals: 3}",
     "  3: {trees: 15, vendors: 3, skilled: 14, masters: 22, public_goals: 3}", r"setup\[3\]: more cards"),
    ("automa.yaml", "  - {id: c11, deck: core, name: Market closed, do: [{prestige: 0}]}\n", "",
     "the core Automa deck needs 12 cards"),
    ("automa.yaml", "do: [{take: right}, {prestige: 0}]}", "do: [{take: right, prestige: 0}]}",
     r"cards\[0\] \(id 'c01'\): field 'do'\[0\]: an Automa step needs exactly one"),
])
def test_broken_data_names_file_entry_and_field(tmp_path, name, old, new, words):
    with pytest.raises(DataError, match=words) as error:
        load(broken(tmp_path, name, old, new))
    assert str(tmp_path / "scrumpy" / name) in str(error.value)
