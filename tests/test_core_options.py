"""Variant options: an option may apply only while other options have given values."""
import pytest

from games.core.game import Choice, Game, Option
from games.crumbs import GAME as CRUMBS

ON_OFF = (Choice(False, "Off"), Choice(True, "On"))


def a_game(*options: Option) -> Game:
    return Game(id="toy", title="Toy", min_players=2, max_players=2, option_list=lambda: options, blurb="",
                action_kinds=(), make_state=None, restore_state=None)


def test_an_option_applies_only_while_the_options_it_names_have_those_values():
    target = Option("target", "Target", (Choice(50, "50"), Choice(75, "75")), only_if={"race": True})
    assert target.only_if == (("race", True),)
    assert target.applies({"race": True, "target": 50})
    assert not target.applies({"race": False, "target": 50})
    assert not target.applies({})
    plain = Option("race", "Race", ON_OFF)
    assert plain.only_if == () and plain.applies({}) and plain.applies({"race": False})
    assert hash(target) == hash(Option("target", "Target", target.choices, only_if={"race": True}))


def test_an_option_may_depend_only_on_another_option_of_its_game():
    good = a_game(Option("race", "Race", ON_OFF), Option("target", "Target", (Choice(50, "50"),), only_if={"race": True}))
    assert [o.id for o in good.options] == ["race", "target"]
    assert good.resolve_options(2, {"race": False}) == {"race": False, "target": 50}
    with pytest.raises(ValueError, match="'target' depends on 'rice'"):
        _ = a_game(Option("race", "Race", ON_OFF), Option("target", "T", (Choice(5, "5"),), only_if={"rice": True})).options
    with pytest.raises(ValueError, match="depends on 'target'"):
        _ = a_game(Option("target", "T", (Choice(5, "5"),), only_if={"target": 5})).options


def test_crumbs_race_target_shows_only_in_a_race_and_rounds_only_outside_one():
    options = {o.id: o for o in CRUMBS.options}
    assert options["target"].applies({"race": True}) and not options["target"].applies({"race": False})
    assert options["rounds"].applies({"race": False}) and not options["rounds"].applies({"race": True})
    assert all(options[o].applies({"race": False}) for o in ("map", "race", "armies", "start"))
