"""Every text the app draws fits its box at 1280x720: whole bot games of Scrimish, Crumbs, Scrappers, Scrumpy and Stumped with
16-character names (the biggest tables at moments of a game by default, whole under `slow`), every status line and
event of those games, measured again with the fonts."""
import pytest

from games import registry
from games.core.match import Match, Seat
from graphics.config import seat_colours, table_layout
from graphics.scenes.common import start_play
from graphics.scenes.handoff import HandoffScene
from tests.app_driver import Driver
from tests.kit_helpers import DrawnTexts, measured

NAMES = ["WWWWWWWWWWWWWWWW", "Bartholomew Long", "Maximilian Wood", "Wilhelmina Rossi", "Christabel Harte",
         "Florentyna Ames", "Montgomery Bell", "Gwendolyn Parks"]


def play_to_the_end(tmp_path, monkeypatch, game_id: str, players: int, options: dict):
    """Plays a bot game in the app at 1280x720; returns the driver, the match and the recorded texts."""
    driver = Driver(tmp_path, None, size=(1280, 720), speed=60)
    recorder = DrawnTexts(monkeypatch)
    game = registry.get(game_id)
    colours = seat_colours()
    seats = [Seat(NAMES[i], colours[i].id, game.bots[0].id) for i in range(players)]
    match = Match(game, seats, options, 11)
    start_play(driver.app, match)
    for _ in range(60_000):
        driver.frames(1)
        if driver.scene.name == "gameover":
            driver.frames(3)
            return driver, match, recorder.calls
    pytest.fail("the game did not finish")


def play_in_moments(tmp_path, monkeypatch, game_id: str, players: int, options: dict, stops: list):
    """Plays a bot game by the rules alone and shows it in the app at 1280x720 at moments: at each stop (moves
    made, and the kind of decision waiting or None for any) the seat to move is a person for 30 frames (their
    hand-off passed), and at the end. Returns the driver, the match and the recorded texts."""
    driver = Driver(tmp_path, None, size=(1280, 720), speed=60)
    recorder = DrawnTexts(monkeypatch)
    game = registry.get(game_id)
    seats = [Seat(NAMES[i], colour.id, game.bots[0].id) for i, colour in enumerate(seat_colours()[:players])]
    match = Match(game, seats, options, 11)
    for stop, kind in stops + [(10 ** 6, None)]:
        while not match.state.is_over() and (len(match.history) < stop or
                                             kind not in (None, match.state.pending_decision().kind)):
            match.play_bot()
        if not match.state.is_over():
            seat = match.state.current_player()
            match.seats[seat] = Seat(match.seats[seat].name, match.seats[seat].colour, None)
        start_play(driver.app, match)
        driver.frames(30)
        if isinstance(driver.scene, HandoffScene):
            driver.click((0, 0, 1920, 1080), frames=10)
        if not match.state.is_over():
            match.seats[seat] = seats[seat]
    assert match.state.is_over() and driver.scene.name == "gameover"
    return driver, match, recorder.calls


def assert_everything_fits(calls) -> None:
    """Every recorded text, measured again with its font, lies inside its rect."""
    seen, fonts = set(), {}
    for text, rect, fitted in calls:
        if (tuple(rect), fitted) in seen:  # drawn again in a later frame: measured once
            continue
        seen.add((tuple(rect), fitted))
        width, height = measured(None, fitted, fonts)
        assert width <= rect.width and height <= rect.height, f"{text!r} ({width}x{height}) overflows {rect}"


def assert_statuses_fit_whole(driver, match) -> None:
    """Every status line and event of the game fits the status box whole (no ellipsis)."""
    paint = driver.app.painter()
    box = driver.app.stack[1].status_box(table_layout().rect("play.status"))
    names = match.names
    lines = set()
    state = match.game.new_state(len(names), match.options, match.seed)  # replayed: old snapshots are dropped
    for step in match.history:
        lines.add(state.view(state.current_player()).status(names))  # what the seat to move reads
        state.apply(step.action)
        lines |= {event.describe(names) for event in step.events}
        lines |= {event.seen_by(seat).describe(names) for event in step.events for seat in range(len(names))}
    for name in names:
        lines |= {f"{name} is thinking...", f"Waiting for {name}.",
                  f"{name}'s turn: click Show my cards when only {name} can see the screen."}
    for line in lines - {""}:
        fitted = paint.fit(line, box, "body", "bold")
        width, height = measured(paint, fitted)
        screen = paint.viewport.rect(box)
        assert not fitted.cut and width <= screen.width and height <= screen.height, line


def assert_names_whole(calls, names) -> None:
    """Seat names of 16 ordinary letters are never cut (sixteen W's may be, with the whole name on hover)."""
    names = [name for name in names if name != NAMES[0]]
    drawn = [(text, rect, fitted) for text, rect, fitted in calls if text in names]
    assert drawn and not {(text, tuple(rect)) for text, rect, fitted in drawn if fitted.cut}


@pytest.mark.parametrize("players, options", [(4, {"mode": "2v2"}),
                                             pytest.param(6, {"mode": "2v2v2"}, marks=pytest.mark.slow)])
def test_scrimish_texts_fit_at_1280x720(tmp_path, monkeypatch, players, options):
    """Whole games (the table of six slow; by default it is shown at moments of a game, below)."""
    driver, match, calls = play_to_the_end(tmp_path, monkeypatch, "scrimish", players, options)
    assert_everything_fits(calls)
    assert_statuses_fit_whole(driver, match)
    assert_names_whole(calls, match.names)
    driver.close()


@pytest.mark.parametrize("players", [3, 4])
def test_crumbs_texts_fit_at_1280x720(tmp_path, monkeypatch, players):
    driver, match, calls = play_to_the_end(tmp_path, monkeypatch, "crumbs", players, {"rounds": 1})
    assert_everything_fits(calls)
    assert_statuses_fit_whole(driver, match)
    assert_names_whole(calls, match.names)
    driver.close()


@pytest.mark.parametrize("players, options", [(1, {"automa": "advanced"}),
                                             pytest.param(4, {}, marks=pytest.mark.slow)])
def test_scrumpy_texts_fit_at_1280x720(tmp_path, monkeypatch, players, options):
    """Whole games (the table of four slow, 13 CPU-s; by default it is shown at moments of a game, below)."""
    driver, match, calls = play_to_the_end(tmp_path, monkeypatch, "scrumpy", players, options)
    assert_everything_fits(calls)
    assert_statuses_fit_whole(driver, match)
    if players > 1:  # alone at the table is the sixteen W's, which may be cut
        assert_names_whole(calls, match.names)
    driver.close()


def test_the_measure_catches_an_overflow(tmp_path):
    """The check itself: a rect too small for one line at the floor is reported."""
    driver = Driver(tmp_path, None, size=(1280, 720))
    paint = driver.app.painter()
    rect = (0, 0, 400, 8)
    fitted = paint.fit("Too small", rect, "body")
    with pytest.raises(AssertionError):
        assert_everything_fits([("Too small", paint.viewport.rect(rect), fitted)])
    driver.close()


@pytest.mark.parametrize("players", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_scrappers_texts_fit_at_1280x720(tmp_path, monkeypatch, players):
    """Whole games (the table of four slow, 18 CPU-s; by default it is shown at moments of a game, below)."""
    driver, match, calls = play_to_the_end(tmp_path, monkeypatch, "scrappers", players, {"keelie": True, "guppy": True})
    assert_everything_fits(calls)
    assert_statuses_fit_whole(driver, match)
    assert_names_whole(calls, match.names)
    driver.close()


@pytest.mark.parametrize("players, tree", [pytest.param(4, "standard", marks=pytest.mark.slow),
                                           pytest.param(8, "epic", marks=pytest.mark.slow)])
def test_stumped_texts_fit_at_1280x720(tmp_path, monkeypatch, players, tree):
    """Whole games, slow (the 4-seat one 20 CPU-s); by default the table of eight at moments of a game, below."""
    driver, match, calls = play_to_the_end(tmp_path, monkeypatch, "stumped", players, {"tree": tree})
    assert_everything_fits(calls)
    assert_statuses_fit_whole(driver, match)
    assert_names_whole(calls, match.names)
    driver.close()


@pytest.mark.parametrize("tree", ["standard", "epic"])
def test_stumped_texts_fit_on_the_table_of_eight(tmp_path, monkeypatch, tree):
    """The table of eight (standard trees, the default, and epic ones) at moments of a bot game: a person's
    action phase, market and growth early and late, and the end; the whole game is the slow test above."""
    stops = [(0, "act"), (40, "buy"), (300, "grow"), (900, "act"), (1200, "grow")]
    driver, match, calls = play_in_moments(tmp_path, monkeypatch, "stumped", 8, {"tree": tree}, stops)
    assert_everything_fits(calls)
    assert_names_whole(calls, match.names)
    driver.close()


@pytest.mark.parametrize("game_id, players, options, stops", [
    ("scrimish", 6, {"mode": "2v2v2"}, [0, 40, 100, 160, 220]),
    ("scrumpy", 4, {}, [0, 60, 150, 250, 340]),
    ("scrappers", 4, {"keelie": True, "guppy": True}, [0, 150, 400, 700, 950])], ids=["scrimish-6", "scrumpy-4", "scrappers-4"])
def test_the_biggest_tables_texts_fit_at_moments_of_a_game(tmp_path, monkeypatch, game_id, players, options, stops):
    """The tables whose whole games are slow above, shown at moments of a bot game (a person deciding, early
    to late, and the end); every status line and event of the whole game fits too."""
    driver, match, calls = play_in_moments(tmp_path, monkeypatch, game_id, players, options,
                                           [(stop, None) for stop in stops])
    assert_everything_fits(calls)
    assert_statuses_fit_whole(driver, match)
    assert_names_whole(calls, match.names)
    driver.close()
