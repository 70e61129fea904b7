"""Privacy on one screen: a human's private view is on screen only while that human decides;
otherwise the public view; a hand-off (full or light) comes before a human's private view whenever
the last private view on screen was someone else's."""
import dataclasses

import pytest

from games import registry
from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.core.state import SPECTATOR
from games.scrimish import GAME as SCRIMISH
from games.scrimish.bot import CasualBot
from graphics.scenes.common import start_play
from graphics.scenes.handoff import HandoffScene
from graphics.scenes.play import PlayScene
from tests.app_driver import Driver


def play_and_watch(driver: Driver, play: PlayScene, max_frames: int = 40_000) -> dict:
    """Plays the humans' turns with the mouse and checks, frame by frame, whose view is drawn."""
    bot = CasualBot()
    match = play.match
    seen = {"private": set(), "public_during_bot": 0, "handoffs": 0, "light": 0}
    last_private = None
    handoff_since_last = False
    for _ in range(max_frames):
        scene = driver.scene
        if scene.name == "gameover":
            return seen
        if isinstance(scene, HandoffScene):
            seen["handoffs"] += 1
            handoff_since_last = True
            driver.click((0, 0, 1920, 1080))
            continue
        assert scene is play
        mover = match.state.current_player()
        shown = play.shown.viewer
        if shown != SPECTATOR:
            assert shown == mover, f"seat {shown}'s private view is on screen while seat {mover} decides"
            assert match.seats[shown].is_human
            if last_private is not None and last_private != shown:
                assert handoff_since_last, f"seat {shown}'s view followed seat {last_private}'s without a hand-off"
            if last_private != shown:
                handoff_since_last = False
            last_private = shown
            seen["private"].add(shown)
        if mover is not None and not match.seats[mover].is_human:
            assert shown == SPECTATOR, "a private view is on screen while a bot moves"
            seen["public_during_bot"] += 1
        if getattr(play, "reveal_for", None) is not None and not play.busy():
            assert shown == SPECTATOR
            seen["light"] += 1
            handoff_since_last = True
            driver.click(driver.button("Show my cards").rect)
            continue
        if play.my_turn():
            action = bot.choose(play.shown, decision_rng(4, play.viewer, len(match.history)))
            driver.play_action(play, action)
            continue
        driver.frames(1)
    pytest.fail("the game did not finish")


def table(tmp_path, game, kinds, shots):
    """Returns a driver and the play scene of a match with seats human (None) or bot ('casual')."""
    driver = Driver(tmp_path, shots, speed=40)
    seats = [Seat(f"Seat {i + 1}", "orange", kind) for i, kind in enumerate(kinds)]
    match = Match(game, seats, {"mode": "free_for_all"} if len(kinds) == 3 else {}, 6)
    start_play(driver.app, match)
    driver.frames(2)
    return driver, driver.app.stack[1]


def test_human_bot_human_shows_each_human_only_while_they_decide(tmp_path):
    driver, play = table(tmp_path, SCRIMISH, [None, "casual", None], "privacy-hbh")
    seen = play_and_watch(driver, play)
    assert seen["private"] == {0, 2}
    assert seen["public_during_bot"] > 0 and seen["handoffs"] >= 2
    driver.close()


def test_one_human_sees_the_public_table_while_the_bot_moves_without_hand_offs(tmp_path):
    driver, play = table(tmp_path, SCRIMISH, [None, "casual"], None)
    seen = play_and_watch(driver, play)
    assert seen["private"] == {0} and seen["handoffs"] == 0 and seen["public_during_bot"] > 0
    driver.close()


def test_a_light_hand_off_keeps_the_public_table_and_covers_only_the_private_parts(tmp_path):
    light = dataclasses.replace(SCRIMISH, handoff="light")
    driver, play = table(tmp_path, light, [None, None], "privacy-light")
    seen = play_and_watch(driver, play, 20_000)
    assert seen["handoffs"] == 0 and seen["light"] >= 2 and seen["private"] == {0, 1}
    driver.close()


def test_the_log_waits_for_the_board_while_a_seat_is_shown_the_steps_it_missed(tmp_path):
    """Found playing Stumped by hand (human, bot, human at 1280x720): while the second person was shown the first
    person's private steps again, the log already told the bot's turn that came after them. The log shows exactly
    the steps before the first one still to be animated."""
    game = registry.get("stumped")
    driver = Driver(tmp_path, None, speed=40)
    seats = [Seat(f"Seat {i + 1}", "orange", kind) for i, kind in enumerate([None, "gardener", None])]
    start_play(driver.app, Match(game, seats, {}, 6))
    driver.frames(2)
    play = driver.app.stack[1]
    started = play.noises.start
    animating = []  # the index of each step the play scene starts animating, in order

    def start(index, *args):
        animating.append(index)
        return started(index, *args)

    play.noises.start = start
    chooser = game.bot_kind("normal").make()
    match, replayed = play.match, 0
    for _ in range(20_000):
        if replayed >= 3:
            break
        if isinstance(driver.scene, HandoffScene):
            driver.click((0, 0, 1920, 1080))
            continue
        if getattr(play, "reveal_for", None) is not None and not play.busy():
            driver.click(driver.button("Show my cards").rect)
            continue
        if play.my_turn():
            view = play.shown
            driver.play_action(play, chooser.choose(view, decision_rng(4, play.viewer, len(match.history))))
            continue
        driver.frames(1)
        pending = [entry[4] for entry in play.queue]
        if play.timeline is not None:
            later = len(match.history) - len(play.queue) - 1  # where the step animated now would be, in order
            replayed += animating[-1] < later
            pending.append(animating[-1])
        first = min(pending, default=len(match.history))
        lines = [event.seen_by(play.viewer).describe(match.names) for step in match.history[:first]
                 for event in step.events]
        assert [text for text, _ in play.log.entries] == (lines or ["No moves yet."])
    assert replayed >= 3, "no seat was shown the steps it missed"
    driver.close()
