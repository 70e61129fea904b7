"""Scrumpy in the real app loop, headless, played with posted mouse events as a newcomer would: a
3-player game of two people (light hand-offs: "Show my cards") and a fair bot, and a solo game
against the Automa. Fair bots decide for the people through the view; the test clicks the glowing
place (through the small menu where a place offers several actions) or the action-bar button.
Screenshots of a delivery, a recruit and final scoring land in artifacts/scrumpy-*/."""
import pygame
import pytest

from games import registry
from games.core.bots import RandomBot, decision_rng
from games.core.match import Match, Seat
from games.core.state import SPECTATOR
from games.scrumpy.actions import Deliver, MoveCube, Recruit
from games.scrumpy.bot import FairBot
from graphics.scenes.common import start_play
from tests.app_driver import ARTIFACTS, Driver

GAME = registry.get("scrumpy")
MIDWAY = 0.14  # seconds into an action's animation: its first card or cube is in flight
SHOTS = {"delivery": ("delivers to", (Deliver, MoveCube)), "recruit": ("recruits", (Recruit,))}  # name -> the
# words of its log line, the actions that may show them


def play_with_the_mouse(driver: Driver, match: Match, chooser, shots: dict[str, tuple], max_frames=80_000,
                        clicks: int | None = None, until: frozenset[str] | None = None) -> dict:
    """Plays every person's decision with the mouse until the game-over screen (or until `clicks` clicks of
    actions, or until every kind of action in `until` was clicked); saves a screenshot named by `shots` (name -> words of the log line, action types) early in the first
    animation whose log line has those words; animations of those actions play at normal speed until then.
    Returns what happened."""
    play = driver.scene
    seen = {"clicks": 0, "reveals": 0, "kinds": set(), "shots": set(), "private": set()}
    speed = driver.app.settings.speed
    for _ in range(max_frames):
        if driver.scene.name == "gameover" or seen["clicks"] == clicks or (until and until <= seen["kinds"]):
            driver.frames(3)
            return seen
        timeline = play.timeline
        if timeline is not None and timeline.t >= min(timeline.duration / 2, MIDWAY):
            for name, (words, _) in shots.items():
                if name not in seen["shots"] and words in play.status_text():
                    driver.app.draw()
                    driver.app.screenshot(name)
                    seen["shots"].add(name)
        if play.shown.viewer != SPECTATOR:
            assert play.shown.viewer == match.state.current_player() or play.busy()
            seen["private"].add(play.shown.viewer)
        if play.reveal_for is not None and not play.busy():
            driver.click(driver.button("Show my cards").rect)
            seen["reveals"] += 1
            continue
        if play.my_turn():
            action = chooser.choose(play.shown, decision_rng(9, play.viewer, len(match.history)))
            slow = any(isinstance(action, kinds) for name, (_, kinds) in shots.items() if name not in seen["shots"])
            driver.app.settings.speed = 1 if slow else speed
            before = len(match.history)
            driver.play_action(play, action)
            assert match.history[before].action == action, f"the click did not play {action}"
            seen["clicks"] += 1
            seen["kinds"].add(type(action).__name__)
            continue
        driver.frames(1)
    pytest.fail("the game did not finish")


@pytest.mark.slow
def test_three_players_two_people_and_a_bot_play_a_whole_game_with_the_mouse(tmp_path):
    driver = Driver(tmp_path, "scrumpy-3p", speed=25, seed=8)
    seats = [Seat("Ann", "orange"), Seat("Ben", "sky"), Seat("Fair bot", "green", "fair")]
    match = Match(GAME, seats, {}, 8, autosave=tmp_path / "autosave.json")
    start_play(driver.app, match)
    seen = play_with_the_mouse(driver, match, FairBot(), SHOTS)
    assert match.state.is_over() and driver.scene.name == "gameover"
    assert seen["shots"] == {"delivery", "recruit"} and seen["private"] == {0, 1} and seen["reveals"] >= 10
    assert {"Deliver", "Recruit", "OwnerAction", "PlayWorker", "Pick", "AchieveGoal"} <= seen["kinds"]
    driver.app.screenshot("final-scoring")
    names = {p.name.split("-", 1)[1] for p in (ARTIFACTS / "scrumpy-3p").glob("*.png")}
    assert {"play.png", "delivery.png", "recruit.png", "gameover.png", "final-scoring.png"} <= names
    driver.close()


def test_three_players_two_people_and_a_bot_play_the_first_hundred_clicks_with_the_mouse(tmp_path):
    """The whole game's checks on its first 100 clicks (the whole game is slow; the solo game below plays to the
    end by default): each person sees only their own cards, light hand-offs, the shots, every main kind of action."""
    driver = Driver(tmp_path, "scrumpy-3p-start", speed=25, seed=9)
    seats = [Seat("Ann", "orange"), Seat("Ben", "sky"), Seat("Fair bot", "green", "fair")]
    match = Match(GAME, seats, {}, 9, autosave=tmp_path / "autosave.json")  # a deal whose first 100 clicks
    # meet every main kind (with the suite's bot seed, tests/conftest.py; deal 8 achieves no goal that soon)
    start_play(driver.app, match)
    seen = play_with_the_mouse(driver, match, FairBot(), SHOTS, clicks=100)
    assert seen["clicks"] == 100 and not match.state.is_over()
    assert seen["shots"] == {"delivery", "recruit"} and seen["private"] == {0, 1} and seen["reveals"] >= 10
    assert {"Deliver", "Recruit", "OwnerAction", "PlayWorker", "Pick", "AchieveGoal"} <= seen["kinds"]
    names = {p.name.split("-", 1)[1] for p in (ARTIFACTS / "scrumpy-3p-start").glob("*.png")}
    assert {"play.png", "delivery.png", "recruit.png"} <= names
    driver.close()


def test_a_solo_game_against_the_automa_with_the_mouse(tmp_path):
    driver = Driver(tmp_path, "scrumpy-solo", speed=25, seed=3)
    match = Match(GAME, [Seat("Ann", "orange")], {"automa": "advanced"}, 3, autosave=tmp_path / "autosave.json")
    start_play(driver.app, match)
    seen = play_with_the_mouse(driver, match, FairBot(), SHOTS)
    state = match.state
    assert state.is_over() and seen["reveals"] == 0 and seen["clicks"] > 50 and seen["shots"] == set(SHOTS)
    (name, score), = state.rivals()
    assert name == "Automa" and state.automa.discard.cards
    play = driver.app.stack[1]
    winner = "Ann" if state.winners() else "Automa"
    assert play.status_text() == f"Game over: {winner} wins."
    driver.app.screenshot("final-scoring")
    driver.close()


class Newcomer:
    """Plays like a fair bot but now and then tries any legal action, so every kind comes up."""

    def __init__(self, curious: float = 0.35) -> None:
        self.curious, self.fair, self.random = curious, FairBot(), RandomBot()

    def choose(self, view, rng):
        return (self.random if rng.random() < self.curious else self.fair).choose(view, rng)


@pytest.mark.parametrize("every_click", [False, pytest.param(True, marks=pytest.mark.slow)],
                         ids=["new kinds clicked", "every action clicked"])
def test_every_kind_of_action_can_be_clicked(tmp_path, every_click):
    """People trying everything click every kind of Scrumpy action, each on its place or button. By default the
    actions of kinds already clicked are played by the rules (the same games); under slow every action is clicked."""
    wanted = frozenset({"TakeFree", "Deliver", "Sell", "Secondary", "OwnerAction", "PlayWorker", "Recruit",
                        "RecruitLayabout", "EndTurn", "Pick", "Choose", "MoveCube", "Done"})
    kinds: set[str] = set()
    for seed in (2, 5, 6, 3, 4, 7):
        driver = Driver(tmp_path, None, speed=40, seed=seed)
        match = Match(GAME, [Seat("Ann", "orange"), Seat("Ben", "sky")], {}, seed)
        if not every_click:
            driver.click_new_kinds(match, Newcomer(), 9, kinds, set(wanted), 80_000)
        else:
            start_play(driver.app, match)
            kinds |= play_with_the_mouse(driver, match, Newcomer(), {}, until=wanted - kinds)["kinds"]  # stops once seen
        driver.close()
        if wanted <= kinds:
            break
    assert wanted <= kinds, kinds


def test_the_focus_cidery_glows_only_for_its_own_decisions(tmp_path):
    """While a person decides, every legal action has a glowing place or a button."""
    driver = Driver(tmp_path, None, speed=40, seed=4)
    match = Match(GAME, [Seat("Ann", "orange"), Seat("Bot", "sky", "fair")], {}, 4)
    start_play(driver.app, match)
    play = driver.scene
    checked = 0
    for _ in range(4000):
        if play.my_turn():
            targets = play.targets()
            buttons = {b.value for b in play._bar}
            for action in play.shown.legal_actions():
                place = play.view.key_of(play.shown, action)
                assert (place in targets and play.point_of(place) is not None) or action in buttons, action
            checked += 1
            if checked >= 20:
                break
            driver.play_action(play, FairBot().choose(play.shown, decision_rng(1, 0, len(match.history))))
            continue
        driver.frames(1)
    assert checked >= 20
    pygame.event.clear()
    driver.close()


def test_the_setup_shows_only_the_variants_a_table_of_that_size_can_choose(tmp_path):
    from graphics.scenes.setup import option_help
    driver = Driver(tmp_path, "scrumpy-setup", seed=2)
    for players in (1, 2, 3, 4):
        driver.app.push_scene("setup", game=GAME, players=players)
        driver.frames(2)
        setup = driver.scene
        shown = [o.id for o in setup.shown_options]
        assert shown == (["automa"] if players == 1 else ["start_coins"]), (players, shown)  # no dead Solo opponent
        if players > 1:
            button = setup.option_buttons[0]
            assert button.label.startswith("Rulebook") and not setup.chosen[0].ours
            assert "evened" not in option_help(setup.shown_options[0], setup.chosen[0]).lower()
            driver.click(button.rect)
            setup = driver.scene
            assert setup.option_buttons[0].label.startswith("Evened out") and setup.chosen[0].ours
            assert "%" in option_help(setup.shown_options[0], setup.chosen[0])
            driver.app.screenshot(f"setup-{players}")
        driver.app.pop()
        driver.frames(1)
    driver.close()


def test_the_game_over_screen_names_the_private_goals_and_a_tie_break(tmp_path, monkeypatch):
    from tests.test_scrumpy_tie_break import tied_game
    state = tied_game()
    driver = Driver(tmp_path, "scrumpy-tie", seed=4)
    match = Match(GAME, [Seat("Ann", "orange"), Seat("Ben", "sky"), Seat("Cat", "green")], {}, 4,
                  autosave=tmp_path / "autosave.json")
    match.state = state
    start_play(driver.app, match)
    driver.frames(5)
    play = next(s for s in driver.app.stack if s.name == "play")
    assert all(c.private_goal for c in play.shown.cideries)  # every private goal is shown once the game is over
    driver.frames(60)
    assert driver.scene.name == "gameover" and "tie on" in driver.scene.note
    driver.app.screenshot("gameover-tie")
    driver.close()
