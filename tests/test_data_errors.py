"""Broken data files in the app: a corpus of broken files, each with the one-line message a player sees
(file, entry, field); a game whose data is broken is greyed out in the menu and cannot be started; a broken
table file (data/table/) shows a plain error screen instead of a traceback."""
import argparse
import shutil
from pathlib import Path

import pygame
import pytest

import games.scrimish.cards as scrimish_cards
import graphics.config as config
from games import registry
from games.core.game import DATA_ROOT, data_message
from games.crumbs.data import load_data
from graphics.kit.faces import face_style
from graphics.views import data_problem
from tests.app_driver import ARTIFACTS, Driver

# (file under data/, text to find, what to put instead, the one-line message)
SCRIMISH = [
    ("scrimish/deck.yaml", "value: 1, count: 5", "value: 1, count: 0",
     "data/scrimish/deck.yaml: cards[0] (id 'dagger'): field 'count': must be at least 1, got 0"),
    ("scrimish/deck.yaml", "count: 5, art: dagger", "count: five, art: dagger",
     "data/scrimish/deck.yaml: cards[0] (id 'dagger'): field 'count': expected a whole number, got 'five'"),
    ("scrimish/deck.yaml", "kind: shield", "kind: wall",
     "data/scrimish/deck.yaml: cards[7] (id 'shield'): field 'kind': expected one of 'weapon', 'archer', "
     "'shield', 'crown', got 'wall'"),
    ("scrimish/deck.yaml", "piles: 5", "piles: 5\npiles: 6",
     "data/scrimish/deck.yaml: not valid YAML (the key 'piles' is given twice"),
    ("scrimish/deck.yaml", "pile_size: 5", "pile_size: 4",
     "data/scrimish/deck.yaml: the counts add up to 25, not 5 piles x 4 cards"),
    ("scrimish/presets.yaml", "[shield, war_axe, longsword, halberd, crown]",
     "[shield, war_axe, longsword, halberd, crwn]",
     "data/scrimish/presets.yaml: presets[0] (id 'balanced'): field 'piles': unknown card 'crwn'"),
    ("scrimish/layout.yaml", "lift: 8", "lift: 8\nlift: 9",
     "data/scrimish/layout.yaml: not valid YAML (the key 'lift' is given twice"),
    ("scrimish/layout.yaml", "  fields: {title: name,", "  fields: {titel: name,",
     "data/scrimish/layout.yaml: card_face: field 'fields': unknown part 'titel' (parts: title, cost, text, art, "
     "icons, corner)"),
    # found by tests/test_data_mutations.py: each passed the check and crashed in play
    ("scrimish/deck.yaml", "name: Dagger,", "name: '',",  # IndexError telling 'a Dagger' in the log
     "data/scrimish/deck.yaml: cards[0] (id 'dagger'): field 'name': must not be empty"),
    ("scrimish/layout.yaml", "me: [40, 470, 1460, 470]", "me: []",  # DataError while drawing, not in the check
     "data/scrimish/layout.yaml: layout entry 'me' is empty"),
    ("scrimish/layout.yaml", "stack_step: 4 ", "stack_step: 1000000000 ",  # out of memory drawing a stack
     "data/scrimish/layout.yaml: layout entry 'stack_step': must be between -10000 and 10000, got 1000000000"),
    ("scrimish/layout.yaml", "others: [40, 84, 1460, 380]", "others: [40, 84, 1460, 0]",  # a surface of no height
     "data/scrimish/layout.yaml: layout entry 'others': a [x, y, width, height] needs a height, got [40, 84, 1460, 0]"),
    ("scrimish/layout.yaml", "others: [40, 84, 1460, 380]", "others: [40, 84, 0, 380]",  # and of no width
     "data/scrimish/layout.yaml: layout entry 'others': a [x, y, width, height] needs a width"),
    ("scrimish/layout.yaml", "max_card_width: 150", "max_card_width: -1",  # 'Invalid resolution' drawing a card
     "data/scrimish/layout.yaml: layout entry 'max_card_width': a width, height, size, ratio, scale or time in seconds "
     "must be more than 0, got -1"),
]
CRUMBS = [
    ("crumbs/armies.yaml", "  - id: ducks", "  - id: pigeons",
     "data/crumbs/armies.yaml: two entries have the id 'pigeons'"),
    ("crumbs/game.yaml", "free_moves: 1 ", "free_moves: one ",
     "data/crumbs/game.yaml: field 'free_moves': expected a whole number, got 'one'"),
    ("crumbs/maps.yaml", "        kind: value\n        value: 2\n",
     "        kind: valley\n        value: 2\n",
     "data/crumbs/maps.yaml: maps[0] (id 'central_park'): field 'spaces'[0]: field 'kind': "
     "expected one of 'fountain', 'value', 'feeder', got 'valley'"),
    ("crumbs/armies.yaml", "critter: pigeon", "critter: [pigeon",
     "data/crumbs/armies.yaml: not valid YAML"),
    ("crumbs/armies.yaml", "critter: pigeon", "critter: parrot",  # passed the check, then crashed drawing the park
     "data/crumbs/armies.yaml: armies[0] (id 'pigeons'): field 'critter': no sprite "
     "graphics/assets/crumbs/parrot.svg to draw it with"),
    ("crumbs/armies.yaml", "  - id: pigeons", "  - id: ''",  # two armies met as the same one in play
     "data/crumbs/armies.yaml: armies[0] (id ''): field 'id': must not be empty"),
    ("crumbs/armies.yaml", "  - id: chipmunks", "retired:\n  - id: chipmunks",  # a fourth seat had no army
     "data/crumbs/armies.yaml: 'armies' needs at least 4, one for each seat of the biggest table, got 3"),
    ("crumbs/maps.yaml", "ponds: [[[474, 80]", "ponds: [[], [[474, 80]",  # pygame refused to draw the pond
     "data/crumbs/maps.yaml: maps[0] (id 'central_park'): spaces[ ... field 'ponds': a pond needs at least three "
     "corners and an area"),
]
LAYOUTS = [  # the other games' layouts (found by tests/test_data_mutations.py: each crashed mid-draw)
    ("scrappers/layout.yaml", "centre_tokens: 96", "centre_tokens: -1",
     "data/scrappers/layout.yaml: layout entry 'centre_tokens': must be 0 or more, got -1"),
    ("scrappers/layout.yaml", "  name: [150, 36]", "  name: [-1, 36]",
     "data/scrappers/layout.yaml: layout entry 'floor_sizes.name[0]': must be 0 or more, got -1"),
    ("scrappers/layout.yaml", "panels: [1146, 86, 364, 864]", "panels: [1146, 86, -1, 864]",
     "data/scrappers/layout.yaml: layout entry 'panels[2]': must be 0 or more, got -1"),
    ("scrappers/layout.yaml", "centre_tokens: 96", "centre_tokens: 0",  # ZeroDivisionError laying out tokens
     "data/scrappers/layout.yaml: layout entry 'centre_tokens': must be more than 0, got 0"),
    ("scrappers/layout.yaml", "panels: [1146, 86, 364, 864]", "panels: [1146, 86, 0, 864]",  # 'Invalid resolution'
     "data/scrappers/layout.yaml: layout entry 'panels': a [x, y, width, height] needs a width"),
]
TABLE = [
    ("table/layout.yaml", "canvas: [1920, 1080]", "canvas: [1920]",
     "data/table/layout.yaml: layout entry 'canvas' must be [width, height]"),
    ("table/theme.yaml", "ink: [43, 29, 18]", "ink: [43, 29, 318]",
     "data/table/theme.yaml: table: colour 'ink' must be [red, green, blue], each 0 to 255"),
    ("table/seats.yaml", "symbol: circle}", "symbol: blob}",
     "data/table/seats.yaml: colours[0] (id 'orange'): field 'symbol': expected one of 'circle', 'triangle', "
     "'square', 'diamond', 'star', 'cross', 'hexagon', 'pentagon', got 'blob'"),
    ("table/layout.yaml", "  body: 24", "  body: 24\n  body: 25",
     "data/table/layout.yaml: not valid YAML (the key 'body' is given twice"),
    ("table/layout.yaml", "floor: small", "floor: smol",  # a KeyError fitting the first text drawn
     "data/table/layout.yaml: layout entry 'text.floor' must name a font size (title, heading, body, small, tiny), "
     "got 'smol'"),
    ("table/layout.yaml", "  gap: 8", "  gap: -1",
     "data/table/layout.yaml: layout entry ' ... gap': must be 0 or more, got -1"),
]


def broken_copy(tmp_path: Path, file: str, find: str, put: str) -> Path:
    """Returns a copy of data/ with one file broken."""
    root = tmp_path / "data"
    shutil.copytree(DATA_ROOT, root, ignore=shutil.ignore_patterns("*.txt", "*.md"))
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert find in text, f"{file} no longer holds {find!r}: update the corpus"
    path.write_text(text.replace(find, put, 1), encoding="utf-8")
    return root


def assert_message(message: str | None, expected: str) -> None:
    """The message is one line and says what the corpus expects ('...' stands for any words)."""
    assert message is not None and "\n" not in message and len(message) <= 400
    start = 0
    for part in expected.split(" ... "):
        found = message.find(part, start)
        assert found >= 0, f"{message!r} does not say {part!r}"
        start = found + len(part)


def _clear() -> None:
    """Forgets every data file read so far."""
    for cached in (scrimish_cards.load_deck, load_data, config.game_layout, config.table_layout,
                   config.seat_colours, config._theme, face_style):
        cached.cache_clear()


@pytest.fixture
def clean_caches():
    """Forgets every data file read before and after a test that points the loaders elsewhere."""
    _clear()
    yield
    _clear()


def point_at(monkeypatch, root: Path) -> None:
    """Makes the loaders the app checks with read the data folder `root`."""
    monkeypatch.setattr(scrimish_cards, "DATA", root / "scrimish")
    monkeypatch.setattr(config, "DATA_ROOT", root)
    monkeypatch.setattr(config, "TABLE", root / "table")
    monkeypatch.setattr("games.crumbs.load_data", lambda: load_data(root / "crumbs"))
    monkeypatch.setattr("games.crumbs.table.load_data", lambda: load_data(root / "crumbs"))
    monkeypatch.setattr("graphics.views.crumbs.view.load_params", lambda: None)  # physics.yaml: another test's
    _clear()


@pytest.mark.parametrize("file, find, put, expected", SCRIMISH + CRUMBS + LAYOUTS,
                         ids=[f"{row[0]}-{i}" for i, row in enumerate(SCRIMISH + CRUMBS + LAYOUTS)])
def test_a_broken_game_file_gives_its_one_line_message(tmp_path, monkeypatch, clean_caches, file, find, put,
                                                       expected):
    point_at(monkeypatch, broken_copy(tmp_path, file, find, put))
    game = registry.get(file.split("/")[0])
    assert_message(data_problem(game), expected)
    other = registry.get("crumbs" if game.id == "scrimish" else "scrimish")
    assert data_problem(other) is None


@pytest.mark.parametrize("file, find, put, expected", TABLE, ids=[row[0] + str(i) for i, row in enumerate(TABLE)])
def test_a_broken_table_file_gives_its_one_line_message(tmp_path, monkeypatch, clean_caches, file, find, put,
                                                        expected):
    point_at(monkeypatch, broken_copy(tmp_path, file, find, put))
    with pytest.raises(config.DataError) as caught:
        config.check_table()
    assert_message(data_message(caught.value), expected)


def test_the_shipped_data_has_no_problem():
    assert [data_problem(game) for game in registry.all()] == [None] * len(registry.all())
    config.check_table()


def test_a_message_is_one_short_line_naming_the_file_from_the_data_folder():
    message = data_message(f"/somewhere/deep/crumbs/maps.yaml: maps[0]:\n field 'x': {'y' * 5000}")
    assert message.startswith("data/crumbs/maps.yaml: maps[0]: field 'x': yyy") and message.endswith("...")
    assert len(message) == 400 and "\n" not in message


@pytest.mark.parametrize("broken", ["scrimish", "crumbs"])
def test_the_menu_greys_out_a_broken_game_and_it_cannot_be_started(tmp_path, monkeypatch, clean_caches, broken):
    file, find, put, expected = SCRIMISH[0] if broken == "scrimish" else CRUMBS[0]
    root = broken_copy(tmp_path, file, find, put)
    driver = Driver(tmp_path, f"data-error-{broken}")
    point_at(monkeypatch, root)
    driver.app.goto("menu")
    driver.frames(2)
    menu = driver.scene
    tile = next(t for t in menu.tiles if t.value == broken)
    assert not tile.enabled and all(t.enabled for t in menu.tiles if t is not tile)
    assert_message(menu.problems[broken], expected)
    driver.click(tile.rect)
    assert driver.scene.name == "menu"
    pos = driver.app.viewport.point(tile.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(40)
    assert driver.app.hits.tip_at(tile.rect.center) == menu.problems[broken]
    driver.app.screenshot("menu-hover")
    working = next(t for t in menu.tiles if t.value != broken)
    driver.click(working.rect)
    assert driver.scene.name == "setup"
    driver.close()


def test_a_save_of_a_broken_game_is_refused_with_the_message(tmp_path, monkeypatch, clean_caches):
    from games.core.match import Match, Seat
    from graphics.scenes.common import open_match
    match = Match(registry.get("scrimish"), [Seat("Ann", "orange"), Seat("Bob", "sky", "casual")], {}, 3)
    match.save(tmp_path / "game.json")
    driver = Driver(tmp_path, None)
    driver.app.goto("menu")
    point_at(monkeypatch, broken_copy(tmp_path, *SCRIMISH[6][:3]))
    assert open_match(driver.app, tmp_path / "game.json") is None
    assert driver.scene.name == "menu" and "lift" in driver.app._toast[0]
    driver.close()


def _args(tmp_path: Path, **extra) -> argparse.Namespace:
    values = dict(size="1280x720", screenshots=ARTIFACTS / "data-error-table", exit_when_over=True, speed=1.0,
                  seed=None, fullscreen=False, load=None, game=None, players=None, bots=None)
    values.update(extra)
    return argparse.Namespace(**values)


def test_a_broken_table_file_shows_a_plain_error_screen(tmp_path, monkeypatch, clean_caches):
    from graphics.launch import launch
    point_at(monkeypatch, broken_copy(tmp_path, *TABLE[1][:3]))
    shots = ARTIFACTS / "data-error-table"
    shutil.rmtree(shots, ignore_errors=True)
    assert launch(_args(tmp_path), lambda spec, players: set(), tmp_path) == 1
    assert (shots / "001-data-error.png").exists()


def test_the_error_screen_fits_its_message_in_the_window():
    from graphics.error_screen import draw_error
    pygame.display.init()
    pygame.font.init()
    for size in ((1280, 720), (1920, 1080)):
        window = pygame.display.set_mode(size)
        message = data_message(TABLE[2][3] + " and more words" * 8)
        for line in draw_error(window, message):
            assert window.get_rect().contains(line)
    pygame.display.quit()


def test_a_game_with_broken_data_cannot_be_started_from_the_command_line(tmp_path, monkeypatch, clean_caches):
    from graphics.launch import launch
    driver_root = broken_copy(tmp_path, *SCRIMISH[1][:3])
    point_at(monkeypatch, driver_root)
    monkeypatch.setattr("graphics.app.App.run", lambda app: (app.frame(1 / 60), app.errors or app.scene.name)[1])
    assert launch(_args(tmp_path, game="scrimish", exit_when_over=False, screenshots=None),
                  lambda spec, players: set(), tmp_path) == "menu"


# --- found by tests/test_data_mutations.py: each passed the data check and crashed in play --------------------
# (file under data/, the keys and indexes down to a field, its new value, the one-line message)
MUTATED = [
    ("scrumpy/goals.yaml", ("goals", 6, "stores", "cider"), 0,  # ZeroDivisionError in the bot's goal progress
     "data/scrumpy/goals.yaml: goals[6] (id 'cider_3'): field 'stores': cider must be between 1 and 100, got 0"),
    ("scrumpy/goals.yaml", ("goals", 0, "prestige"), 10 ** 9,
     "data/scrumpy/goals.yaml: goals[0] (id 'wood_8'): field 'prestige': must be between 0 and 100, got 1000000000"),
    ("scrumpy/game.yaml", ("resources", 4, "limit"), -1,  # the state's own check failed at the first move
     "data/scrumpy/game.yaml: field 'resources'[4]: field 'limit': must be between 1 and 99, got -1"),
    ("scrumpy/game.yaml", ("start_coins", "rulebook", 1), -1,  # likewise
     "data/scrumpy/game.yaml: field 'start_coins.rulebook': each seat starts with 0 to 99 coins, got [3, -1, 5, 6]"),
    ("scrumpy/game.yaml", ("setup", 4, "public_goals"), -1,  # IndexError dealing the goals
     "data/scrumpy/game.yaml: field 'setup'[4]: field 'public_goals': must be between 0 and 99, got -1"),
    ("scrumpy/game.yaml", ("rounds",), 10 ** 9,  # a game that never ends
     "data/scrumpy/game.yaml: field 'rounds': must be between 1 and 20, got 1000000000"),
    ("stumped/cards.yaml", ("cards", 39, "count"), 10 ** 9,  # the supply took 15 GB and more before a move
     "data/stumped/cards.yaml: cards[39] (id 'late_frost'): field 'count': must be at most 99, got 1000000000"),
    ("stumped/game.yaml", ("market_columns",), 10 ** 9,
     "data/stumped/game.yaml: field 'market_columns': must be between 1 and 8, got 1000000000"),
    ("stumped/tree.yaml", ("segments", 1, "holes", 0, "turn"), 10 ** 9,
     "data/stumped/tree.yaml: segments[1] (id 'branch'): field 'holes'[0]: field 'turn': must be between -180 and 180"),
    ("scrappers/rules.yaml", ("round_limit",), 10 ** 9,  # bounded with the others (no crash seen)
     "data/scrappers/rules.yaml: field 'round_limit': must be between 0 and 200, got 1000000000"),
    ("scrappers/parts.yaml", ("parts", 0, "count"), 10 ** 9,
     "data/scrappers/parts.yaml: ... field 'count': must be between 1 and 99, got 1000000000"),
    ("scrimish/deck.yaml", ("cards", 0, "count"), 10 ** 9,  # the data check itself built 10^9 cards (GBs)
     "data/scrimish/deck.yaml: cards[0] (id 'dagger'): fields 'count' and 'value': at most 20 cards of a kind, "
     "a value from 0 to 20; got 1000000000 and 1"),
    ("scrimish/deck.yaml", ("piles",), 10 ** 9,
     "data/scrimish/deck.yaml: 'piles' and 'pile_size' must be whole numbers, 1 to 8 piles of 1 to 20 cards"),
    ("scrumpy/workers.yaml", ("cards", 0, "count"), 10 ** 9,  # bounded like every game's card counts
     "data/scrumpy/workers.yaml: cards[0] (id 'idle_layabout'): field 'count': must be between 1 and 99, got 1000000000"),
    ("table/levels.yaml", ("levels",), [],  # KeyError: no bot 'easy' at the first bot seat
     "data/table/levels.yaml: 'levels' must be easy, normal and hard, once each; got none"),
]


@pytest.mark.parametrize("file, path, value, expected", MUTATED, ids=[f"{row[0]}-{i}" for i, row in enumerate(MUTATED)])
def test_a_mutated_field_gives_its_one_line_message(monkeypatch, file, path, value, expected):
    from tests.data_mutations import Mutated, Mutation, problem_of
    with Mutated(Mutation(DATA_ROOT / file, path, value, "found"), monkeypatch):
        assert_message(problem_of(file.split("/")[0]), expected)
    assert problem_of(file.split("/")[0]) is None
