"""Every data file broken one field at a time (tests/data_mutations.py): each id reference made unknown, each
number 0, -1 and huge, each list and text emptied. Either the data check refuses it in one line naming the file
(the menu greys the game out), or short seeded games and a bot game drawn in the headless app run with no
error and the contract's invariants. A seeded sample by default; every mutation under `-m slow`. The cases
these runs found are in tests/test_data_errors.py with their messages."""
import pytest

from games import registry
from tests.data_mutations import Mutated, forget, mutations, outcome, problem_of, sample

FILES = [game.id for game in registry.all()] + ["table"]
SAMPLE = 6  # mutations per game's files in the default run (about 60 s on two cores in all)
CASES = [pytest.param(mutation, id=mutation.name) for game_id in FILES
         for mutation in sample(mutations(game_id), SAMPLE if game_id != "table" else 3)]


def played(mutation) -> list:
    """Returns the game a mutation is played in: its own, or for a table file one of the five (varied)."""
    if mutation.file.parent.name != "table":
        return [registry.get(mutation.file.parent.name)]
    return [registry.all()[sum(map(ord, mutation.name)) % len(registry.all())]]


@pytest.mark.parametrize("mutation", CASES)
def test_a_sampled_data_mutation_is_refused_or_plays(mutation, monkeypatch, tmp_path):
    outcome(mutation, monkeypatch, tmp_path, played(mutation))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", FILES)
def test_every_data_mutation_is_refused_or_plays(game_id, tmp_path):
    failures = []
    for mutation in mutations(game_id):
        patch = pytest.MonkeyPatch()
        try:
            outcome(mutation, patch, tmp_path, played(mutation))
        except Exception as error:  # noqa: BLE001 - every failure listed at once
            failures.append(f"{mutation.name}: {type(error).__name__}: {' '.join(str(error).split())[:200]}")
        finally:
            patch.undo()
    assert not failures, f"{len(failures)} mutations broke play:\n" + "\n".join(failures)


@pytest.mark.parametrize("path, value", [(("rounds", "max"), 1_000_000_000), (("feeder_die", 0), 0)])
def test_crumbs_mutations_the_whole_run_found_are_refused_naming_the_field(path, value, monkeypatch, tmp_path):
    """Found by the slow run: a billion rounds filled memory with setup choices; a feeder die face of 0 failed as
    a broken position instead of a data error."""
    mutation = next(m for m in mutations("crumbs") if m.path == path and m.value == value)
    outcome(mutation, monkeypatch, tmp_path, played(mutation))
    with Mutated(mutation, monkeypatch):
        assert f"field '{path[0]}" in problem_of("crumbs") or "field 'max'" in problem_of("crumbs")
    forget()


FOUND_ON_5_DECEMBER = [  # (mutation, what the refusal names): each broke play in the slow run until refused
    ("scrappers/layout.yaml:.floor_sizes.name[1]=0", "'floor_sizes.name': a [width, height] needs both"),
    ("scrappers/layout.yaml:.colour_marks.orange=''", "'colour_marks.orange': must be one of circle"),
    ("stumped/layout.yaml:.pile_card[0]=0", "'pile_card': a [width, height] needs both"),
    ("scrumpy/automa.yaml:.levels=[]", "field 'levels': needs the levels core and advanced"),
    ("scrumpy/automa.yaml:.levels[0].decks=[]", "field 'decks': needs at least one deck"),
    ("scrumpy/game.yaml:.resources[0].name=''", "field 'name': must not be empty"),
    ("scrumpy/game.yaml:.forager_die[4].steps[0].n=-1", "field 'n': must be between 0 and 99"),
    ("scrumpy/workers.yaml:.cards[12].core[1].n=1000000000", "field 'n': must be between 0 and 99"),
    ("table/layout.yaml:.canvas[0]=0", "'canvas' must be [width, height], each at least 1"),
]


@pytest.mark.parametrize("name, named", FOUND_ON_5_DECEMBER)
def test_mutations_the_whole_run_found_on_5_december_are_refused_naming_the_field(name, named, monkeypatch, tmp_path):
    game_id = name.split("/", 1)[0]
    (mutation,) = [m for m in mutations(game_id) if m.name == name]
    assert outcome(mutation, monkeypatch, tmp_path, played(mutation)).startswith("refused: ")
    with Mutated(mutation, monkeypatch):
        assert named in problem_of(game_id)
    forget()


def test_the_mutations_reach_every_kind_of_field():
    found = {game_id: mutations(game_id) for game_id in FILES}
    for game_id, listed in found.items():
        kinds = {m.kind for m in listed}
        assert {"number", "list", "text"} <= kinds, (game_id, kinds)
        assert {m.file.name for m in listed} >= ({"layout.yaml"} if game_id != "table" else {"theme.yaml"})
    assert all(any(m.kind == "reference" for m in found[g]) for g in FILES if g != "table")
    critters = [m for m in found["crumbs"] if m.path[-1:] == ("critter",) and m.kind == "reference"]
    assert len(critters) == 4  # each army's critter sprite


def test_a_mutated_file_is_what_the_app_reads_and_it_is_forgotten_after(monkeypatch):
    count = next(m for m in mutations("scrimish") if m.path == ("cards", 0, "count") and m.value == 0)
    with Mutated(count, monkeypatch):
        assert "field 'count': must be at least 1, got 0" in problem_of("scrimish")
    assert problem_of("scrimish") is None
    forget()
