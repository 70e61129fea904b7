"""Scrappers in the real app loop, headless: four players with Keelie and Guppy at one computer (three
people and a bot, or four people) clicking the glowing places, a light hand-off ("Show my cards")
before each person's cards. Tussle cards are put down in private and revealed together; the game ends
with a built contraption. Screenshots of a conveyor move, a tussle commitment, its reveal and the end."""
import pytest

from games import registry
from games.core.bots import RandomBot, decision_rng
from games.core.match import Match, Seat
from games.core.state import SPECTATOR
from games.scrappers.actions import ACTION_KINDS
from games.scrappers.bot import FairBot
from graphics.kit.timeline import Banner, Move, Panel
from graphics.scenes.common import start_play
from graphics.views.scrappers_anim import Animator
from tests.app_driver import ARTIFACTS, Driver

SEED = 4
SHOTS = "app-scrappers"


def record_animations(monkeypatch) -> dict:
    """Returns a map from each timeline the view makes to the kinds of events it shows."""
    made = {}
    original = Animator.animate

    def spy(self, events, before, after, viewer):
        timeline = original(self, events, before, after, viewer)
        if timeline is not None:
            made[id(timeline)] = {event.kind for event in events}
        return timeline

    monkeypatch.setattr(Animator, "animate", spy)
    return made


def assert_secret_commitments(play) -> None:
    """No tussle card put down is on screen except the deciding person's own, in their private view."""
    shown = play.shown
    if shown.tussle is None:
        return
    for index, pile in enumerate(shown.tussle.commits):
        mine = shown.viewer != SPECTATOR and index == shown.tussle.index and pile.owner == shown.viewer
        assert mine or not pile.cards, "someone else's tussle cards are on screen"


@pytest.mark.parametrize("bots, seed, shots", [((None, None, "fair", None), SEED, SHOTS), ((None,) * 4, 2, None)],
                         ids=["three people and a bot", "four people"])
def test_four_at_one_computer_tussle_in_secret_and_build_a_contraption(tmp_path, monkeypatch, bots, seed, shots):
    animations = record_animations(monkeypatch)
    driver = Driver(tmp_path, shots, speed=40)
    names = ("Ann", "Bob", "Cy", "Dee")
    seats = [Seat(names[i] if bot is None else "Fair bot", colour, bot)
             for i, (bot, colour) in enumerate(zip(bots, ("orange", "sky", "green", "yellow")))]
    match = Match(registry.get("scrappers"), seats, {"keelie": True, "guppy": True}, seed)
    start_play(driver.app, match)
    play, chooser = driver.scene, FairBot(nodes=30)
    taken, clicks, light, committed = set(), 0, 0, set()
    for _ in range(120_000):
        if driver.scene.name == "gameover":
            break
        assert driver.scene is play
        assert play.shown.viewer in (SPECTATOR, match.state.current_player())
        assert_secret_commitments(play)
        if play.reveal_for is not None and not play.busy():
            light += 1
            driver.click(driver.button("Show my cards").rect)
            continue
        if play.my_turn():
            decision = play.shown.pending_decision()
            action = chooser.choose(play.shown, decision_rng(seed, play.viewer, len(match.history)))
            if decision.kind == "commit":
                committed.add(play.viewer)
                name = "tussle-commit-cards" if play.shown.tussle.commits[play.shown.tussle.index].cards else \
                    "tussle-commit"
                if name not in taken:
                    taken.add(name)
                    driver.app.screenshot(name)
            before = len(match.history)
            driver.play_action(play, action)
            assert len(match.history) == before + 1, f"the click did not play {action}"
            clicks += 1
            continue
        take_shots(driver, play, animations, taken)
        driver.frames(1)
    else:
        pytest.fail("the game did not finish")
    state = match.state
    assert state.is_over() and state.ended == "contraption"
    assert max(state.scores()) == state.data.rules.plugs_per_core
    people = {s for s, bot in enumerate(bots) if bot is None}
    assert clicks > 100 and light > 20 and committed <= people and len(committed) >= 2
    assert {"conveyor-move", "tussle-reveal", "tussle-commit"} <= taken
    if shots:
        files = {p.name.split("-", 1)[1] for p in (ARTIFACTS / shots).glob("*.png")}
        assert {"play.png", "conveyor-move.png", "tussle-commit.png", "tussle-reveal.png", "gameover.png"} <= files
    driver.close()


def take_shots(driver: Driver, play, animations: dict, shots: set) -> None:
    """Saves a screenshot of a conveyor move mid-way and of a tussle's reveal once the cards are turned."""
    timeline = play.timeline
    if timeline is None:
        return
    kinds = animations.get(id(timeline), set())
    parts = [(step, t) for step, t in timeline.playing(Move) if step.slot[0] == "part"]
    if "conveyor" in kinds and "conveyor-move" not in shots and any(0.4 < t / step.duration < 0.7
                                                                    for step, t in parts):
        shots.add("conveyor-move")
        driver.app.screenshot("conveyor-move")
    reveals = [(step, t) for step, t in timeline.playing(Panel) if not isinstance(step, Banner)]
    if "reveal" in kinds and "tussle-reveal" not in shots and any(t > step.duration * 0.6 for step, t in reveals):
        shots.add("tussle-reveal")
        driver.app.screenshot("tussle-reveal")


def test_every_kind_of_action_can_be_clicked(tmp_path):
    """Two people choosing at random click every kind of Scrappers action (popups included), each click
    doing exactly one action (even when the hand closes up under the mouse)."""
    driver = Driver(tmp_path, None, speed=60)
    kinds = set()
    for seed in range(1, 6):
        match = Match(registry.get("scrappers"), [Seat("Ann", "orange"), Seat("Bob", "sky")],
                      {"keelie": True, "guppy": True}, seed)
        start_play(driver.app, match)
        play, chooser = driver.scene, RandomBot()
        for _ in range(60_000):
            if match.state.is_over():
                break
            action = driver.step_as_people(play, chooser, seed)
            if action is not None:
                kinds.add(type(action).__name__)
        assert match.state.is_over()
        if kinds >= {kind.__name__ for kind in ACTION_KINDS}:
            break
    assert kinds == {kind.__name__ for kind in ACTION_KINDS}
    driver.close()
