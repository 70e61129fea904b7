"""The coach's words (data/<game>/coach.yaml): a card for every kind of decision a game reaches, no card for a
kind the game no longer has, every card's rulebook section a heading the rules viewer shows, and a broken file
named by file, entry and field."""
import random

import pytest

from games import registry
from games.core.errors import DataError
from graphics.kit import coach
from graphics.scenes.rules import HEADINGS, answer_notes, prose
from tests.test_contract import variants

GAMES = registry.all()
BY_GAME = [pytest.param(game, id=game.id) for game in GAMES]
CASES = [pytest.param(game, players, options, id=f"{game.id}-{players}p-{sorted(options.items())}")
         for game in GAMES for players, options in variants(game)]


def reached_kinds(game, players: int, options: dict, seeds=range(2)) -> set[str]:
    """Returns the decision kinds random games of this table reach."""
    kinds = set()
    for seed in seeds:
        state, rng = game.new_state(players, options, seed), random.Random(seed)
        while not state.is_over():
            kinds.add(state.pending_decision().kind)
            state.apply(rng.choice(state.legal_actions()))
    return kinds


def declared_kinds(game) -> set[str]:
    """Returns the decision kinds a game's declared flow answers (games/core/flow.py)."""
    return type(game.new_state(game.player_counts()[0], {}, 0)).flow.kinds()


def viewer_headings(game) -> list[str]:
    """Returns the headings of the game's rules as the rules viewer shows them (the rulebook with its draft
    notes answered, then our rulings)."""
    headings = []
    for part, text in game.rules_text():
        entries = prose(answer_notes(game, text) if part == "Rulebook" else text)
        headings += [entry for entry, style in entries if style in HEADINGS]
    return headings


@pytest.mark.parametrize("game, players, options", CASES)
def test_every_decision_reached_has_a_card(game, players, options):
    cards = coach.for_game(game).decisions
    missing = sorted(reached_kinds(game, players, options) - set(cards))
    assert not missing, f"{game.id}: no coach card for the decision kind(s) {missing} (data/{game.id}/coach.yaml)"


@pytest.mark.parametrize("game", BY_GAME)
def test_every_card_names_a_kind_the_game_has(game):
    stale = sorted(set(coach.for_game(game).decisions) - declared_kinds(game))
    assert not stale, f"{game.id}: coach cards for kinds the game no longer has: {stale}"


@pytest.mark.parametrize("game", BY_GAME)
def test_every_section_is_a_heading_of_the_rules_viewer(game):
    shown = {heading.casefold() for heading in viewer_headings(game)}
    data = coach.for_game(game)
    named = [("turn", data.turn.section)] + [(kind, card.section) for kind, card in data.decisions.items()]
    wrong = [(kind, section) for kind, section in named if section.strip().casefold() not in shown]
    assert not wrong, f"{game.id}: coach sections the rules viewer has no heading for: {wrong}"


def test_a_misspelt_section_is_not_a_heading():
    game = registry.get("scrappers")
    shown = {heading.casefold() for heading in viewer_headings(game)}
    assert "tussling for parts" in shown and "tusling for parts" not in shown


def test_the_checks_see_a_stale_and_a_missing_kind():
    game = registry.get("scrimish")
    assert declared_kinds(game) == {"arrange", "pile", "target"}
    assert reached_kinds(game, 2, {}, seeds=[0]) == {"arrange", "pile", "target"}


@pytest.mark.parametrize("text, message", [
    ("turn: {title: T, phases: [a], section: S}\ndecisions:\n  pile: {title: P, what: w, glow: g, section: S}\n",
     "coach.yaml: field 'decisions'['pile']: field 'choices' is missing"),
    ("turn: {title: T, phases: [a], section: S}\ndecisions:\n  pile: {title: P, what: w, glow: g, choices: c,"
     " section: S, colour: red}\n", "coach.yaml: field 'decisions'['pile']: unknown field 'colour'"),
    ("turn: {title: T, phases: [], section: S}\ndecisions: {}\n", "coach.yaml: field 'turn': field 'phases'"),
    ("turn: {title: T, phases: [a], section: S}\ndecisions:\n  pile: {title: P, what: w, glow: '', choices: c,"
     " section: S}\n", "coach.yaml: field 'decisions'['pile']: field 'glow': must not be empty"),
    ("decisions: {}\n", "coach.yaml: field 'turn' is missing"),
    ("turn: [\n", "coach.yaml: not valid YAML"),
])
def test_a_broken_coach_file_names_the_file_entry_and_field(tmp_path, text, message):
    path = tmp_path / "coach.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as error:
        coach.load(path)
    assert message in str(error.value)


def test_the_menu_refuses_a_game_whose_coach_file_is_broken(monkeypatch):
    from pathlib import Path

    from graphics.views import data_problem
    from tests.data_mutations import forget
    game = registry.get("scrappers")
    target, real = (game.data_dir() / coach.FILE).resolve(), Path.read_text
    broken = real(target, encoding="utf-8").replace("    section: Tussling for Parts\n", "")

    def read_text(path, *args, **kwargs):
        return broken if Path(path).resolve() == target else real(path, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", read_text)
    forget()
    try:
        assert data_problem(game) == "data/scrappers/coach.yaml: field 'decisions'['commit']: field 'section' is missing"
    finally:
        monkeypatch.undo()
        forget()
    assert data_problem(game) is None


def test_the_coach_chooses_its_words_without_pygame():
    from tests.test_rules_are_headless import ROOT, imported_modules
    assert not [name for name in imported_modules(ROOT / "graphics" / "kit" / "coach.py")
                if name.split(".")[0] == "pygame"]


def test_a_stumped_tree_view_without_width_is_refused_naming_it(monkeypatch):
    """Found when the coach's files changed the data mutations' sample: Stumped's tree plane was exempt from the
    layout check as a whole (its corner may be below 0), so a width of 0 divided by zero while drawing."""
    from tests.data_mutations import Mutated, mutations, problem_of
    mutation = next(m for m in mutations("stumped") if m.name == "stumped/layout.yaml:.tree.view[2]=0")
    with Mutated(mutation, monkeypatch):
        assert problem_of("stumped") == \
            "data/stumped/layout.yaml: layout entry 'tree.view': a [x, y, width, height] needs a width"
