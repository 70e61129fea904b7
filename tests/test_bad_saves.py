"""A corpus of crafted save files: each is refused with its one-line message, quickly, and the game
in progress goes on; the app starts whatever the autosave holds."""
import json
import os
import time
from pathlib import Path

import pytest

from games import registry
from games.core.errors import SaveError
from games.core.match import Match, Seat
from games.core.saves import MAX_MOVES, MESSAGE_LENGTH, one_line, printable, read_save, shown_name
from games.scrimish import GAME
from graphics.scenes.menu import MenuScene
from tests.app_driver import Driver
from tests.save_helpers import checked


@pytest.fixture(scope="module")
def good_text(tmp_path_factory) -> str:
    """Returns the text of a valid save of a Scrimish game a few moves in."""
    folder = tmp_path_factory.mktemp("good")
    match = Match(GAME, [Seat("Ada", "orange"), Seat("Bo", "sky", "casual")], {}, 5)
    for _ in range(8):
        match.apply(match.state.legal_actions()[-1] if match.state.phase == "setup" else match.state.legal_actions()[0])
    match.save(folder / "good.json")
    return (folder / "good.json").read_text()


def edit(text: str, change) -> str:
    """Returns the save with `change(data)` applied to its parsed JSON."""
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def nested(depth: int) -> str:
    """Returns JSON text of lists nested `depth` deep."""
    return "[" * depth + "]" * depth


CORPUS = {  # name -> (make the file's text from a good save's text, words the refusal contains)
    "huge float": (lambda t: t.replace('"turns":', '"turns":1e400,"x":', 1), "damaged"),
    "generator 2**70": (lambda t: edit(t, lambda d: d["state"]["rng"][1].__setitem__(0, 2**70)), "damaged"),
    "generator -5": (lambda t: edit(t, lambda d: d["state"]["rng"][1].__setitem__(0, -5)), "damaged"),
    "5000-digit integer": (lambda t: t.replace('"seed":5', '"seed":' + "9" * 5000, 1), "not a complete save"),
    "nesting bomb": (lambda t: t.replace('"options":{', '"bomb":' + nested(100_000) + ',"options":{', 1),
                     "not a complete save"),
    "deep action field": (lambda t: edit(t, lambda d: d["history"][0].__setitem__("pile", json.loads(nested(900)))),
                          "not a complete save"),
    "lone surrogate name": (lambda t: t.replace('"name":"Ada"', '"name":"A\\ud800"', 1),
                            "the name of seat 1 is not allowed. It holds a broken character (a lone surrogate)."),
    "million-character name": (lambda t: t.replace('"name":"Ada"', '"name":"' + "A" * 1_000_000 + '"', 1),
                               "damaged"),
    "seventeen-character name": (lambda t: t.replace('"name":"Ada"', '"name":"' + "A" * 17 + '"', 1),
                                 "the name of seat 1 is not allowed. It is longer than 16 letters or emoji."),
    # names an older version let through (issue 29): one rule, games.core.names, says why each is refused
    "right-to-left mark in a name": (lambda t: t.replace('"name":"Bo"', '"name":"Bo\\u200f"', 1),
                                     "crafted.json can't be loaded: the name of seat 2 is not allowed. "
                                     "It holds an invisible right-to-left mark."),
    "zero-width space in a name": (lambda t: t.replace('"name":"Ada"', '"name":"A\\u200bda"', 1),
                                   "It holds an invisible zero width space."),
    "control character in a name": (lambda t: t.replace('"name":"Ada"', '"name":"A\\u0007da"', 1),
                                    "It holds an invisible control character."),
    "line break in a name": (lambda t: t.replace('"name":"Ada"', '"name":"A\\nda"', 1),
                             "It holds a tab, line break or unusual space (a name has plain spaces only)."),
    "private-use character in a name": (lambda t: t.replace('"name":"Ada"', '"name":"A\\ue000"', 1),
                                        "It holds a private-use character (U+E000)."),
    "name the fonts cannot draw": (lambda t: t.replace('"name":"Ada"', '"name":"\\u0f40"', 1),
                                   "It holds a character the game can't draw (U+0F40)."),
    "stray joiner in a name": (lambda t: t.replace('"name":"Ada"', '"name":"A\\u200dda"', 1),
                               "It holds an invisible joiner (nothing here to join)."),
    "empty name": (lambda t: t.replace('"name":"Ada"', '"name":""', 1), "the name of seat 1 is not allowed. It is empty."),
    "name with a space at its end": (lambda t: t.replace('"name":"Ada"', '"name":"Ada "', 1),
                                     "It starts or ends with a space."),
    "ten-million-character name": (lambda t: t.replace('"name":"Ada"', '"name":"' + "A" * 10_000_000 + '"', 1),
                                   "too large"),
    "too many moves": (lambda t: edit(t, lambda d: d.__setitem__("history", d["history"] * 3000)), "more moves"),
    "players and seats disagree": (lambda t: edit(t, lambda d: d.__setitem__("players", 3)), "seats"),
    "boolean as a number": (lambda t: edit(t, lambda d: d.__setitem__("seed", True)), "'seed'"),
    "not text": (None, "not text"),  # bytes that are not UTF-8
    "other rules version": (lambda t: edit(t, lambda d: d.__setitem__("rules", 2)), "another version of Scrimish's rules"),
    "lone surrogate title": (lambda t: t.replace('"title":"Scrimish"', '"title":"Scrim\\ud800ish"', 1),
                             "crafted.json is damaged: its title is not a short line of text."),
    "lone surrogate date": (lambda t: t.replace('"saved_at":"', '"saved_at":"\\udc00', 1),
                            "crafted.json is damaged: its date is not a short line of text."),
    "control character in the title": (lambda t: t.replace('"title":"Scrimish"', '"title":"Scrim\\u0000ish"', 1),
                                       "crafted.json is damaged: its title is not a short line of text."),
    "title not text": (lambda t: edit(t, lambda d: d.__setitem__("title", ["Scrimish"])),
                       "crafted.json is damaged: its title is not a short line of text."),
    "lone surrogate deep in the position": (lambda t: edit(t, lambda d: d["state"].__setitem__("\ud800", 1)),
                                            "crafted.json is damaged: its text holds a character that is not text "
                                            "(a lone surrogate)."),
    "more moves than a game of it takes": (lambda t: edit(t, lambda d: d.__setitem__("history", d["history"] * 1000)),
                                           "crafted.json is damaged: it holds 8000 moves, more than a game of "
                                           "Scrimish takes"),
}


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_a_crafted_save_is_refused_with_one_line_and_the_game_goes_on(case, good_text, tmp_path):
    make, words = CORPUS[case]
    path = tmp_path / "crafted.json"
    if make is None:
        path.write_bytes(b"\xff\xfe\x00garbage")
    else:
        path.write_text(make(good_text), encoding="utf-8", errors="surrogatepass")
    assert make is None or path.read_text(errors="surrogatepass") != good_text
    match = Match(GAME, [Seat("Cy", "orange"), Seat("Di", "sky")], {}, 9)
    before = match.state.to_dict()
    started = time.perf_counter()
    with pytest.raises(SaveError) as refused:
        Match.load(path)
    assert time.perf_counter() - started < 5
    message = str(refused.value)
    assert words in message and "\n" not in message and len(message) <= MESSAGE_LENGTH, message
    assert match.state.to_dict() == before
    match.apply(match.state.legal_actions()[0])


def test_the_good_save_of_the_corpus_loads(good_text, tmp_path):
    (tmp_path / "good.json").write_text(good_text)
    assert Match.load(tmp_path / "good.json").state.to_dict()["game"] == "scrimish"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_named_pipe_is_never_opened_for_reading(tmp_path):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    started = time.perf_counter()
    with pytest.raises(SaveError, match="not a regular file"):
        read_save(pipe)
    assert time.perf_counter() - started < 1


@pytest.mark.parametrize("autosave", ["nesting bomb", "named pipe", "dangling symlink", "directory"])
def test_the_app_starts_and_loads_whatever_the_autosave_and_saves_folder_hold(autosave, tmp_path, good_text):
    auto = tmp_path / "autosave.json"
    if autosave == "nesting bomb":
        auto.write_text(CORPUS["nesting bomb"][0](good_text))
    elif autosave == "named pipe":
        os.mkfifo(auto)
    elif autosave == "dangling symlink":
        auto.symlink_to(tmp_path / "gone.json")
    else:
        auto.mkdir()
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "dangling.json").symlink_to(tmp_path / "nowhere.json")
    os.mkfifo(saves / "pipe.json")
    (saves / "good.json").write_text(good_text)
    driver = Driver(tmp_path, None)
    driver.app.reset(MenuScene(driver.app))
    driver.frames(2)
    assert driver.scene.name == "menu" and not driver.button("Continue").enabled
    driver.click(driver.button("Load").rect)
    assert driver.scene.name == "load"
    checked(driver)
    labels = {button.label: button.enabled for button in driver.scene.entries}
    assert any("good" in label and "Scrimish" in label and enabled for label, enabled in labels.items())
    assert labels["pipe.json is not a save file (not a regular file)."] is False
    assert any(label.startswith("There is no save file at") and label.endswith("dangling.json.") and not enabled
               for label, enabled in labels.items())
    driver.close()



def test_temporary_files_left_by_an_interrupted_write_are_cleaned_up_at_start(tmp_path, good_text):
    (tmp_path / "saves").mkdir()
    stale = [tmp_path / ".autosave.json.k9x2.tmp", tmp_path / "saves" / ".game.json.q1.tmp"]
    for path in stale:
        path.write_text(good_text[:100])
    (tmp_path / "autosave.json").write_text(good_text)
    driver = Driver(tmp_path, None)
    assert not any(path.exists() for path in stale)
    assert (tmp_path / "autosave.json").read_text() == good_text
    driver.close()


def test_a_save_from_before_a_change_of_rules_is_refused_as_such_not_as_damaged(tmp_path):
    """Stumped's rules version 2 plays the rulebook's setup, and version 3 saves the turn flow's steps: a save
    of version 1 (no 'rules' in it) or 2 cannot replay under it, and says so."""
    from games.stumped import GAME as STUMPED
    match = Match(STUMPED, [Seat("Ada", "orange"), Seat("Bo", "sky")], {}, 5)
    match.save(tmp_path / "stumped.json")
    assert STUMPED.rules_version == 3 and json.loads((tmp_path / "stumped.json").read_text())["rules"] == 3
    Match.load(tmp_path / "stumped.json")  # today's save loads
    for old in (lambda d: d.pop("rules"), lambda d: d.__setitem__("rules", 2)):
        (tmp_path / "old.json").write_text(edit((tmp_path / "stumped.json").read_text(), old))
        with pytest.raises(SaveError, match="another version of Stumped's rules") as refused:
            Match.load(tmp_path / "old.json")
        assert "damaged" not in str(refused.value)


def test_a_file_name_that_is_not_utf8_is_shown_with_a_replacement_character(tmp_path, good_text):
    """A file name is any bytes on Linux; Python holds the undecodable ones as lone surrogates, which no font
    draws: every message names the file with U+FFFD instead, and a good save under such a name opens."""
    folder = os.fsencode(tmp_path)
    damaged, good = Path(os.fsdecode(folder + b"/\xff.json")), Path(os.fsdecode(folder + b"/caf\xe9 \xfe.json"))
    damaged.write_text(good_text[:80])
    good.write_text(good_text)
    with pytest.raises(SaveError) as refused:
        Match.load(damaged)
    assert str(refused.value) == "\ufffd.json is damaged: it is not a complete save file."
    str(refused.value).encode("utf-8")
    assert shown_name(good) == "caf\ufffd \ufffd.json"
    assert Match.load(good).game.id == "scrimish"
    with pytest.raises(SaveError) as missing:
        Match.load(Path(os.fsdecode(folder + b"/gone\xff.json")))
    assert str(missing.value).endswith("/gone\ufffd.json.") and str(missing.value).startswith("There is no save file at")


def test_every_message_is_one_line_that_can_be_drawn():
    assert one_line("a\ud800b\x00c\n\nd") == "a\ufffdb\ufffdc d"
    assert printable("plain words, 12:00") == "plain words, 12:00"


def test_a_save_of_a_game_whose_data_is_broken_says_so_not_damaged(tmp_path, good_text):
    (tmp_path / "good.json").write_text(good_text)
    problem = "data/scrimish/deck.yaml: cards[0] (id 'dagger'): field 'count': must be at least 1, got 0"
    with pytest.raises(SaveError) as refused:
        Match.load(tmp_path / "good.json", data_problem=lambda game: problem)
    assert str(refused.value) == one_line(f"Scrimish's data is broken, so good.json cannot be opened: {problem}")
    assert "damaged" not in str(refused.value)


@pytest.mark.parametrize("game", sorted(registry.ids()))
def test_each_game_bounds_its_moves_far_above_what_a_game_reaches(game):
    """Game.longest_game refuses a save of more moves than a game takes, so that no save replays for long;
    random bots at the biggest table (the longest games measured) stay far below it."""
    from games.simulate import play_out
    spec = registry.get(game)
    assert spec.longest_game is not None and spec.longest_game <= MAX_MOVES
    players = spec.max_players
    random_bot = spec.bot_kind("random")
    for seed in range(2):
        state = spec.new_state(players, {}, seed)
        moves = play_out(state, [random_bot.make() for _ in range(players)], seed)
        assert moves * 2 < spec.longest_game, (game, seed, moves)


@pytest.mark.parametrize("typed_name", ["👩\u200d💻", "Zoe\u0301", "Zoé", "🇫🇷 Léa", "1\ufe0f\u20e3 Bo", "Ann Lee"])
def test_a_save_with_any_name_the_setup_allows_loads(typed_name, good_text, tmp_path):
    path = tmp_path / "names.json"
    path.write_text(edit(good_text, lambda d: d["seats"][0].__setitem__("name", typed_name)), encoding="utf-8")
    assert Match.load(path).seats[0].name == typed_name
