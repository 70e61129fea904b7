"""The table's learning aids chosen at setup: "Teach us" on the first time a game is played at this computer,
hints allowed unless switched off; both kept in the save with what the coach taught and the hints each seat used."""
import json

import pytest

from games import registry
from games.core.aids import HINTS, PLAYED, TEACH, Aids, mark_played, played_games, setup_defaults
from games.core.errors import SaveError
from games.core.match import Match, Seat
from graphics.config import table_layout
from tests.app_driver import Driver

SCRIMISH = registry.get("scrimish")


def _match(aids=None) -> Match:
    return Match(SCRIMISH, [Seat("Ann", "orange"), Seat("Bob", "sky", "normal")], {}, 4, aids=aids)


def test_teach_us_is_on_until_the_game_has_been_played_here(tmp_path):
    assert setup_defaults(tmp_path, "scrimish") == {TEACH.id: True, HINTS.id: True}
    mark_played(tmp_path, "scrimish")
    assert setup_defaults(tmp_path, "scrimish")[TEACH.id] is False
    assert setup_defaults(tmp_path, "crumbs")[TEACH.id] is True
    (tmp_path / PLAYED).write_text("{not json")  # damaged: the coach is merely offered again
    assert played_games(tmp_path) == set()
    (tmp_path / PLAYED).write_text(json.dumps({"games": ["crumbs", 3]}))
    assert played_games(tmp_path) == {"crumbs"}


def test_the_setup_switches_start_the_match_with_the_tables_aids(tmp_path):
    driver = Driver(tmp_path, "setup-aids")
    driver.app.push_scene("setup", game=SCRIMISH, players=2)
    driver.frames(1)
    setup = driver.scene
    teach, hints = setup.aid_buttons
    assert (teach.label, hints.label) == ("Teach us: On", "Hints: Allowed")
    area, nav = table_layout().rect("setup.aids"), [b.rect for b in setup.nav]
    assert all(area.contains(b.rect) and not any(b.rect.colliderect(n) for n in nav) for b in setup.aid_buttons)
    driver.hover(hints.rect.center, 2)
    driver.app.draw()
    assert driver.app.hits.tip_at(hints.rect.center) == HINTS.help
    driver.click(hints.rect)
    assert driver.scene.aid_buttons[1].label == "Hints: Off"
    driver.click(driver.button("Start").rect)
    match = driver.scene.match
    assert (match.aids.teach, match.aids.hints, match.aids.hints_used) == (True, False, [0, 0])
    assert "scrimish" in played_games(tmp_path)
    driver.app.pop()
    driver.app.push_scene("setup", game=SCRIMISH, players=2)
    driver.frames(1)
    assert driver.scene.aid_buttons[0].label == "Teach us: Off", "the second game here starts without the coach"


def test_the_aids_round_trip_through_a_save(tmp_path):
    match = _match(Aids(True, False, [0, 0]))
    match.aids.hint_asked(0)
    match.aids.taught.add((0, "arrange"))
    match.save(tmp_path / "a.json")
    loaded = Match.load(tmp_path / "a.json")
    assert loaded.aids == match.aids


def test_a_save_from_before_the_aids_loads_with_the_coach_off_and_hints_allowed(tmp_path):
    data = _match().to_dict()
    del data["aids"]
    (tmp_path / "old.json").write_text(json.dumps(data))
    assert Match.load(tmp_path / "old.json").aids == Aids(False, True, [0, 0])


@pytest.mark.parametrize("aids, why", [
    ("yes", "its 'aids' is not a table"),
    ({"teach": 1, "hints": True, "hints_used": [0, 0], "taught": []}, "no teach or hints switch"),
    ({"teach": True, "hints": True, "hints_used": [0], "taught": []}, "not one count per seat"),
    ({"teach": True, "hints": True, "hints_used": [0, -1], "taught": []}, "not one count per seat"),
    ({"teach": True, "hints": True, "hints_used": [0, 0], "taught": [[2, "arrange"]]}, "(seat, decision) pairs"),
    ({"teach": True, "hints": True, "hints_used": [0, 0], "taught": [[0, "x" * 65]]}, "(seat, decision) pairs"),
])
def test_damaged_aids_refuse_the_save_saying_what_is_wrong(tmp_path, aids, why):
    data = _match().to_dict()
    data["aids"] = aids
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="is damaged") as refused:
        Match.load(tmp_path / "bad.json")
    assert why in str(refused.value)
