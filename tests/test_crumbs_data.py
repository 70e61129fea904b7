"""Crumbs data files: what ships is complete, and a broken file names the file, entry and field."""
import json
import shutil
from pathlib import Path

import pytest

from games.core.errors import DataError
from games.core.match import Match, Seat
from games.crumbs import GAME
from games.crumbs.data import DATA, load_data


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """Returns a copy of data/crumbs with one replacement made in one file."""
    folder = tmp_path / "crumbs"
    shutil.copytree(DATA, folder)
    text = (folder / name).read_text()
    assert old in text
    (folder / name).write_text(text.replace(old, new, 1))
    return folder


def test_what_ships():
    data = load_data()
    assert len(data.maps) == 4 and set(data.armies) == {"pigeons", "ducks", "squirrels", "chipmunks"}
    assert len(data.deck()) == 40 and data.numbers.feeding_crumbs == 20
    assert (data.numbers.special_crumbs.wet, data.numbers.special_crumbs.stockpile) == (12, 9)


@pytest.mark.parametrize("name, old, new, words", [
    ("armies.yaml", "{spawn_cost: 4, fly: 3}", "{spawn_cost: 4, flying: 3}",
     r"armies\[0\] \(id 'pigeons'\): field 'basic.numbers': unknown number 'flying'"),
    ("armies.yaml", "critters: 11", "critters: eleven", r"armies\[0\] \(id 'pigeons'\): field 'critters'"),
    ("buzz.yaml", "{do: dog_drop}", "{do: dog_dance}", r"cards\[3\] \(id 'off_the_leash'\): field 'effects'"),
    ("buzz.yaml", "count: 3\n  - id: sprinklers", "count: 4\n  - id: sprinklers", "must hold 40 cards"),
    ("maps.yaml", "polygon: [[0, 0], [184, 0], [0, 163]]", "polygon: [[0, 0], [170, 0], [0, 163]]",
     r"maps\[0\] \(id 'central_park'\): field 'spaces': the spaces cover"),
    ("maps.yaml", "spot: [257, 80]", "spot: [900, 80]", r"spaces\[2\] \(id 'north_lawn'\): field 'spot'"),
    ("game.yaml", "feeder_die: [1, 2, 2, 3, 3, 4]", "feeder_die: [1, 2, x]", r"game.yaml: field 'feeder_die'\[2\]"),
    ("game.yaml", "feeding_crumbs: 20", "feeding_crumbs: -20",
     r"game.yaml: field 'feeding_crumbs': must be between 1 and 100, got -20"),
    ("game.yaml", "  move: 2 ", "  move: -2 ", r"game.yaml: field 'costs': field 'move': must be between 0 and 50"),
    ("game.yaml", "  move: 2 ", "  move: 2\n  move: 3\n ", r"game.yaml: not valid YAML .*the key 'move' is given twice"),
    ("game.yaml", "scuffle_die: [1, 1, 2, 2, 3, 3]", "scuffle_die: []", r"game.yaml: field 'scuffle_die': a die needs"),
    ("game.yaml", "rounds: {default: 5, min: 1, max: 10}", "rounds: {default: 12, min: 1, max: 10}",
     r"game.yaml: field 'rounds': the default 12 must lie between min 1 and max 10"),
    ("game.yaml", "fence_height: 30", "fence_height: 0", r"game.yaml: field 'fence_height': must be between 1.0"),
    ("maps.yaml", "id: oak_grove", "id: rose_garden",
     r"maps\[0\] \(id 'central_park'\): spaces\[1\] \(id 'rose_garden'\): field 'id': another space"),
    ("maps.yaml", "value: 2\n        polygon: [[0, 0]", "value: -2\n        polygon: [[0, 0]",
     r"maps\[0\] \(id 'central_park'\): field 'spaces'\[0\]: field 'value': must be between 0 and 10, got -2"),
    ("maps.yaml", "polygon: [[0, 0], [184, 0], [0, 163]]", "polygon: [[0, 0], [184, 0], [0, 163], [-5, 80]]",
     r"spaces\[0\] \(id 'rose_garden'\): field 'polygon': the corner \(-5, 80\) lies off"),
    ("armies.yaml", "{spawn_cost: 4, fly: 3}", "{spawn_cost: -4, fly: 3}",
     r"armies\[0\] \(id 'pigeons'\): field 'basic.numbers': spawn_cost must be between 0 and 20, got -4"),
    ("armies.yaml", "critters: 11", "critters: 0", r"armies\[0\] \(id 'pigeons'\): field 'critters': must be between 1"),
    ("armies.yaml", "colour: [150, 152, 164]", "colour: [150, 352, 164]", r"armies\[0\] \(id 'pigeons'\): field 'colour'"),
    ("armies.yaml", "special_cost: 2", "special_cost: -1", r"armies\[0\] \(id 'pigeons'\): field 'basic': field 'special_cost'"),
    ("buzz.yaml", "count: 3\n  - id: sprinklers", "count: 0\n  - id: sprinklers",
     r"cards\[0\] \(id 'loud_noise'\): field 'count': must be between 1 and 40, got 0"),
    ("physics.yaml", "restitution: 0.28", "restitution: high", r"physics.yaml: field 'restitution': expected a number"),
    ("physics.yaml", "restitution: 0.28", "restitution: 1.5", r"physics.yaml: field 'restitution': 1.5 is out of range"),
    ("physics.yaml", "gravity: 9810.0", "gravity: 9810.0\ngravity: 9000.0", r"physics.yaml: not valid YAML .*'gravity' is given twice"),
    ("physics.yaml", "critter:   {length: 30.0", "critter:   {length: -30.0", r"physics.yaml: field 'pieces.critter.length'"),
    ("physics.yaml", "low:    {restitution: 0.22", "low:    {restitutio: 0.22", r"physics.yaml: field 'bounce.low.restitutio'"),
    ("physics.yaml", "high:   {restitution: 0.31", "high:   {restitution: 3.1", r"physics.yaml: field 'bounce.high.restitution'"),
    ("physics.yaml", "  normal: {}\n", "", r"physics.yaml: field 'bounce.normal': missing"),
])
def test_a_broken_file_is_named_with_its_entry_and_field(tmp_path, name, old, new, words):
    with pytest.raises(DataError, match=words):
        load_data(broken(tmp_path, name, old, new))


def test_a_crumbs_match_saves_and_loads_with_its_drops_replayed(tmp_path):
    seats = [Seat("Ann", "orange", "park"), Seat("Ben", "sky", "park")]
    match = Match(GAME, seats, {"rounds": 2}, 12, autosave=tmp_path / "autosave.json")
    for _ in range(12):
        match.play_bot()
    assert not match.state.is_over()
    loaded = Match.load(tmp_path / "autosave.json")
    assert json.loads(json.dumps(loaded.state.to_dict())) == json.loads(json.dumps(match.state.to_dict()))
    while not match.state.is_over():
        match.play_bot()
        loaded.play_bot()
    assert loaded.state.scores() == match.state.scores()


def test_the_rulings_are_written_for_players():
    text = (DATA / "rulings.md").read_text(encoding="utf-8")
    assert "`" not in text and ".yaml" not in text and ".py" not in text and "tests/" not in text
    assert "Bounce" in text and "What changed in this edition" in text
