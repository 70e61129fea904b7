"""Scrappers in the real app loop, headless: four players with Keelie and Guppy at one computer (three
people and a bot, or four people) clicking the glowing places, a light hand-off ("Show my cards")
before each person's cards. Tussle cards are put down in private and revealed together; the game ends
with a built contraption. Screenshots of a conveyor move, a tussle commitment, its reveal and the end."""
import pygame
import pytest

from games import registry
from games.core.bots import RandomBot, decision_rng
from games.core.match import Match, Seat
from games.core.state import SPECTATOR
from games.scrappers import actions as act
from games.scrappers.actions import ACTION_KINDS
from games.scrappers.bot import FairBot
from graphics.kit.timeline import Banner, Move, Panel
from graphics.scenes.common import start_play
from graphics.views.scrappers.anim import Animator
from graphics.views.scrappers.sprites import layout
from graphics.views.scrappers.table import Table
from tests.app_driver import ARTIFACTS, Driver
from tests.kit_helpers import DrawnTexts

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
    """No tussle card put down is on screen except the viewer's own, in their private view (while they choose,
    and while their last click's animation plays)."""
    shown = play.shown
    if shown.tussle is None:
        return
    for index, pile in enumerate(shown.tussle.commits):
        mine = shown.viewer != SPECTATOR and pile.owner == shown.viewer and index <= shown.tussle.index
        assert mine or not pile.cards, "someone else's tussle cards are on screen"


@pytest.mark.parametrize("bots, seed, shots, clicks_wanted", [
    pytest.param((None, None, "fair", None), SEED, f"{SHOTS}-start", 120, id="three people and a bot, 120 clicks"),
    pytest.param((None, None, "fair", None), SEED, SHOTS, None, id="three people and a bot", marks=pytest.mark.slow),
    pytest.param((None,) * 4, 2, None, None, id="four people", marks=pytest.mark.slow)])  # whole games: 35, 60 CPU-s
def test_four_at_one_computer_tussle_in_secret_and_build_a_contraption(tmp_path, monkeypatch, bots, seed, shots,
                                                                       clicks_wanted):
    """By default the first 120 clicks with every check but the end's; the whole games are slow."""
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
        if driver.scene.name == "gameover" or clicks == clicks_wanted:
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
    if clicks_wanted is None:
        assert state.is_over() and state.ended == "contraption"
        assert max(state.scores()) == state.data.rules.plugs_per_core
    else:
        assert clicks == clicks_wanted and not state.is_over()
    people = {s for s, bot in enumerate(bots) if bot is None}
    assert clicks > 100 and light > 20 and committed <= people and len(committed) >= 2
    assert {"conveyor-move", "tussle-reveal", "tussle-commit"} <= taken
    if shots:
        files = {p.name.split("-", 1)[1] for p in (ARTIFACTS / shots).glob("*.png")}
        end = {"gameover.png"} if clicks_wanted is None else set()
        assert {"play.png", "conveyor-move.png", "tussle-commit.png", "tussle-reveal.png"} | end <= files
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


@pytest.mark.parametrize("every_click", [False, pytest.param(True, marks=pytest.mark.slow)],
                         ids=["new kinds clicked", "every action clicked"])
def test_every_kind_of_action_can_be_clicked(tmp_path, every_click):
    """Two people choosing at random click every kind of Scrappers action (popups included), each click
    doing exactly one action (even when the hand closes up under the mouse: under slow, where every action of
    the games is clicked; by default the actions of kinds already clicked are played by the rules, the same games)."""
    driver = Driver(tmp_path, None, speed=60)
    kinds: set[str] = set()
    wanted = {kind.__name__ for kind in ACTION_KINDS}
    for seed in range(1, 6):
        match = Match(registry.get("scrappers"), [Seat("Ann", "orange"), Seat("Bob", "sky")],
                      {"keelie": True, "guppy": True}, seed)
        if not every_click:
            driver.click_new_kinds(match, RandomBot(), seed, kinds, None, 60_000)  # the whole game, as below
        else:
            start_play(driver.app, match)
            play, chooser = driver.scene, RandomBot()
            for _ in range(60_000):
                if match.state.is_over():
                    break
                action = driver.step_as_people(play, chooser, seed)
                if action is not None:
                    kinds.add(type(action).__name__)
        assert match.state.is_over()
        if kinds >= wanted:
            break
    assert kinds == wanted
    driver.close()


LONG_NAMES = ("Bartholomew-Quin", "Wilhelmina-Ross")  # 16 and 15 characters
STATES = {"setup", "maintenance", "card in play", "no card in play", "part button", "tussle", "after the last button",
          "bot activation"}


def still_click(driver: Driver, point) -> None:
    """Presses and releases the left button where the pointer already rests, with no motion (a real mouse)."""
    pos = driver.app.viewport.point(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    driver.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    driver.frames(1)


def hover_everything(driver: Driver, play) -> int:
    """Rests the pointer on every place of the screen in turn, long enough for its large view or tooltip."""
    keys = sorted(play.hits.keys(), key=repr)
    for key in keys:
        point = play.hits.point_in(key)
        if point is None:
            continue
        driver.hover(point, 1)
        play.hover_since -= 1  # as if it had rested there a second
        driver.frames(2)
    return len(keys)


def scene_state(play, last_row: bool) -> str | None:
    """Returns which of STATES the screen is in, if any."""
    shown = play.shown
    decision = shown.pending_decision()
    if decision is None:
        return None
    if last_row:
        return "after the last button"
    if not play.my_turn():
        return "bot activation" if shown.activation is not None and play.viewer is None else None
    return {"place_token": "setup", "place_space": "setup", "maintain": "maintenance", "button": "card in play",
            "turn": "no card in play", "part_button": "part button", "commit": "tussle"}.get(decision.kind)


def test_a_real_mouse_hovering_every_place_and_resting_after_clicks_breaks_nothing(tmp_path, monkeypatch):
    """Two people with long names and two bots, played with a mouse that moves only when the hand does: every
    place of the screen hovered (large view or tooltip up) with a card in play, none, at the part button,
    in a tussle, after a card's last button and during a bot's activation; every click pressed where the
    pointer rests with no motion, the pointer left there; the pointer resting on the centre while the bots
    play. Nothing may raise."""
    texts = DrawnTexts(monkeypatch)
    driver = Driver(tmp_path, None, speed=60)
    seats = [Seat(LONG_NAMES[0], "orange"), Seat("Fair bot", "sky", "fair"), Seat(LONG_NAMES[1], "green"),
             Seat("Canny bot", "yellow", "fair")]
    seen: dict[str, int] = {}
    for seed in (3, 8):
        match = Match(registry.get("scrappers"), seats, {"keelie": True, "guppy": True}, seed)
        start_play(driver.app, match)
        play, chooser, last_row = driver.scene, RandomBot(), False
        centre = layout().rect("centre").center
        for _ in range(40_000):
            if match.state.is_over() or STATES <= set(seen):
                break
            state = scene_state(play, last_row) if not play.busy() else None
            if state is not None and state not in seen:
                seen[state] = hover_everything(driver, play)
            last_row = False
            if play.reveal_for is not None and not play.busy():
                driver.click(driver.button("Show my cards").rect)
            elif not play.my_turn():
                driver.hover(centre, 3)
            else:
                action = chooser.choose(play.shown, decision_rng(seed, play.viewer, len(match.history)))
                place = play.view.key_of(play.shown, action)
                if place is None or place not in play.targets() or len(play.targets()[place]) > 1:
                    driver.play_action(play, action)
                    continue
                driver.hover(play.point_of(place), 25)
                still_click(driver, play.point_of(place) or centre)
                driver.confirm(play, action)
                activation = match.state.activation
                last_row = isinstance(action, act.Press) and (activation is None or activation.card is None)
                driver.frames(40)
    assert set(seen) == STATES, f"never seen: {STATES - set(seen)}"
    assert all(count >= 10 for count in seen.values()), seen
    named = [(text, fitted) for text, _, fitted in texts.calls if any(name in text for name in LONG_NAMES)]
    assert named and not [text for text, fitted in named if fitted.cut], "a long name is cut at 1280x720"
    assert not {text for text, _, fitted in texts.calls if fitted.cut}, "a text is cut at 1280x720"
    driver.close()


def test_the_last_choosers_hand_is_put_away_while_everyone_watches_a_tussle_reveal(tmp_path, monkeypatch):
    """Two people: when the last person to choose tussle cards clicks Done, the reveal plays on their screen
    while the table gathers round; no card of their hand may be drawn face up until it is over."""
    animations = record_animations(monkeypatch)
    drawn = []
    original = Table.draw_hand

    def spy(self, paint, view, viewer, hover, hidden):
        before = len([k for k in paint.hits.keys() if k[0] == "hand"])
        original(self, paint, view, viewer, hover, hidden)
        after = len([k for k in paint.hits.keys() if k[0] == "hand"])
        drawn.append((viewer, after - before))

    monkeypatch.setattr(Table, "draw_hand", spy)
    driver = Driver(tmp_path, None, speed=60)
    reveals = 0
    for seed in (1, 2, 3):
        match = Match(registry.get("scrappers"), [Seat("Ann", "orange"), Seat("Bob", "sky")], {}, seed)
        start_play(driver.app, match)
        play, chooser = driver.scene, RandomBot()
        for _ in range(20_000):
            if match.state.is_over() or reveals >= 3:
                break
            drawn.clear()
            driver.step_as_people(play, chooser, seed)
            timeline = play.timeline
            if timeline is not None and "reveal" in animations.get(id(timeline), set()) and play.viewer is not None \
                    and len(play.shown.hands[play.viewer]):
                reveals += 1
                while play.timeline is timeline:
                    drawn.clear()
                    driver.frames(1)
                    if play.timeline is timeline:  # still revealing in the frame just drawn
                        assert all(count == 0 for viewer, count in drawn if viewer is not None), \
                            "a hand card is face up under the reveal"
    assert reveals >= 3
    driver.close()


def test_a_maintenance_discard_asks_first_and_cancel_keeps_the_card(tmp_path):
    driver = Driver(tmp_path, None, speed=60)
    match = Match(registry.get("scrappers"), [Seat("Bartholomew-Quin", "orange"), Seat("Bob", "sky")], {}, 4)
    start_play(driver.app, match)
    play, asked = driver.scene, 0
    for _ in range(5_000):
        if play.reveal_for is not None and not play.busy():
            driver.click(driver.button("Show my cards").rect)
            continue
        if not play.my_turn():
            driver.frames(1)
            continue
        decision = play.shown.pending_decision()
        action = next((a for a in play.shown.legal_actions() if isinstance(a, act.DiscardCard)), None)
        if decision.kind != "maintain" or action is None:
            driver.step_as_people(play, RandomBot(), 4)
            continue
        hand = len(match.state.hands[decision.seat])
        place = play.view.key_of(play.shown, action)
        driver.click((*[int(v) - 1 for v in play.point_of(place)], 2, 2))
        question = [b for b in play.popup if b.label.startswith("Discard")]
        assert question and question[0].label == f"Discard {action.name}? Undo cannot take it back"
        assert len(match.state.hands[decision.seat]) == hand, "the card went before the answer"
        driver.click(driver.button("Cancel").rect)
        assert not play.popup and len(match.state.hands[decision.seat]) == hand
        before = len(match.history)
        driver.play_action(play, action)  # clicks the card, then answers yes (Driver.confirm)
        assert len(match.history) == before + 1 and len(match.state.hands[decision.seat]) == hand - 1
        asked += 1
        if asked == 2:
            break
    assert asked == 2
    driver.close()
