"""Stumped in the real app loop, headless: three people and a bot at one computer, each person clicking the
glowing places as a newcomer would (a card in the hand, with a small menu where a basic card can be planted
or played as energy; a market slot or a pile to buy; a glowing hole on their own tree to grow), a light
hand-off before each person's turn (the garden stays on screen; "Show my cards"), each seeing only their own hand; four trees grow until one has ten
leaves. Screenshots of a hand-off, the market, a growth and the game's end in artifacts/stumped-4p/."""
import pytest

from games import registry
from games.core.bots import decision_rng
from games.core.match import Match, Seat
from games.core.state import SPECTATOR
from games.stumped.actions import (
    ACTION_KINDS,
    Buy,
    ClearMarket,
    EndActions,
    EndTurn,
    Gain,
    LeaveOut,
    Mulch,
    Plant,
    PlayAction,
    PlayEnergy,
    Recycle,
    Skip,
    StartGame,
    StealRoot,
    TakeMarket,
    WiltRoot,
)
from games.stumped.bot import GardenerBot
from games.stumped.records import BUY
from graphics.kit.timeline import Tween
from graphics.scenes.common import start_play
from graphics.views.stumped import StumpedView
from graphics.views.stumped.table import END_TURN
from tests.app_driver import ARTIFACTS, Driver
from tests.stumped_helpers import arrange

SEED = 7
SHOTS = "stumped-4p"


def assert_only_own_hand(play) -> None:
    """The screen shows no hand but the deciding person's own: other hands are hidden in the view, and the
    fan holds face-up cards only in that person's private view."""
    shown = play.shown
    match = play.match
    assert shown.viewer in (SPECTATOR, match.state.current_player())
    for seat in range(shown.players):
        if seat != shown.viewer:
            assert all(card is None for card in shown.hands[seat].cards), f"seat {seat}'s hand is on screen"
    faces = {key for key in play.hits.keys() if key[0] == "hand"}
    assert not faces or (shown.viewer != SPECTATOR and match.seats[shown.viewer].is_human)


def take_growth_shot(driver: Driver, play, taken: set) -> None:
    """Saves a screenshot of a segment half grown (the animation's clock set there: at the test's speed a
    growth lasts less than a frame)."""
    timeline = play.timeline
    if timeline is None or "growth" in taken:
        return
    for start, step in timeline.leaves:
        if isinstance(step, Tween) and step.slot[0] == "seg" and timeline.t <= start + step.duration:
            timeline.t = start + step.duration * 0.6
            driver.app.frame(0.0)
            taken.add("growth")
            driver.app.screenshot("growth")
            return


@pytest.mark.parametrize("clicks_wanted", [pytest.param(150, id="first 150 clicks"),
                                           pytest.param(None, id="whole game", marks=pytest.mark.slow)])
def test_three_people_and_a_bot_grow_four_trees_with_the_mouse(tmp_path, clicks_wanted):
    """By default the first 150 clicks (28 -> 9.5 CPU-s) with every check but the end's; the whole game is slow."""
    shots = SHOTS if clicks_wanted is None else f"{SHOTS}-start"
    driver = Driver(tmp_path, shots, speed=40)
    seats = [Seat("Ann", "orange"), Seat("Bob", "sky"), Seat("Gardener bot", "green", "gardener"),
             Seat("Dee", "yellow")]
    match = Match(registry.get("stumped"), seats, {}, SEED)
    start_play(driver.app, match)
    play, chooser = driver.scene, GardenerBot()
    taken, clicks, handoffs, kinds = set(), 0, 0, set()
    for _ in range(200_000):
        if driver.scene.name == "gameover" or clicks == clicks_wanted:
            break
        assert driver.scene is play, "Stumped's hand-offs are light: no screen hides the garden"
        assert_only_own_hand(play)
        if play.reveal_for is not None and not play.busy():
            assert not any(key[0] == "hand" for key in play.hits.keys()), "a hand face up before Show my cards"
            handoffs += 1
            if "handoff" not in taken:
                taken.add("handoff")
                driver.app.screenshot("handoff")
            driver.click(driver.button("Show my cards").rect)
            continue
        if play.my_turn():
            decision = play.shown.pending_decision()
            action = chooser.choose(play.shown, decision_rng(SEED, play.viewer, len(match.history)))
            if decision.kind == BUY and "market" not in taken and play.shown.turn.energy >= 4:
                taken.add("market")
                driver.app.screenshot("market")
            before = len(match.history)
            driver.play_action(play, action)
            assert len(match.history) == before + 1 and match.history[-1].action == action, \
                f"the click did not play {action}"
            clicks += 1
            kinds.add(type(action).__name__)
            continue
        take_growth_shot(driver, play, taken)
        driver.frames(1)
    else:
        pytest.fail("the game did not finish")
    state = match.state
    if clicks_wanted is None:
        assert state.is_over() and max(state.scores()) == state.tree_kind.win_leaves
        assert all(tree.segments for tree in state.trees), "every tree grew"
        assert clicks > 150 and handoffs > 20
    else:
        assert clicks == clicks_wanted and handoffs > 10 and not state.is_over()
    assert {"Grow", "Plant", "PlayEnergy", "Buy", "EndTurn"} <= kinds
    assert {"market", "growth", "handoff"} <= taken
    files = {p.name.split("-", 1)[1] for p in (ARTIFACTS / shots).glob("*.png")}
    assert {"play.png", "handoff.png", "market.png", "growth.png"} | ({"gameover.png"} if clicks_wanted is None
                                                                       else set()) <= files
    driver.close()


CHOICES = {"mulch": Mulch, "recycle": Recycle, "take_market": TakeMarket, "clear_market": ClearMarket,
           "steal_root": StealRoot, "wilt_root": WiltRoot, "gain": Gain}  # an effect -> the action it asks for


class Curious:
    """Chooses at random, but first a kind of action not clicked yet, or an action card (to play, buy or
    take) whose effect asks for a kind of choice not made yet; it ends a phase or a choice only when there
    is nothing else to do (so that its deck fills with action cards) and mulches only what it must
    and leaves out only one pair at setup."""

    def __init__(self, seen: set) -> None:
        self.seen = seen

    def fresh(self, view, action) -> bool:
        """Returns whether `action` may lead to a kind of action not clicked yet."""
        if type(action).__name__ not in self.seen:
            return True
        card = getattr(action, "card", None)
        if not isinstance(action, (PlayAction, Buy, TakeMarket)) or view.rules.card(card).type != "action":
            return False
        return any(CHOICES[effect.do].__name__ not in self.seen
                   for effect in view.rules.card(card).effects if effect.do in CHOICES)

    def choose(self, view, rng):
        """Returns a legal action, a fresh one if there is any."""
        legal = view.legal_actions()
        fresh = [action for action in legal if self.fresh(view, action)]
        ends = [action for action in legal if isinstance(action, (EndActions, EndTurn, Skip, StartGame))]
        busy = [action for action in legal if action not in ends and not isinstance(action, (Mulch, LeaveOut))]
        return rng.choice(fresh or busy or ends or legal)


@pytest.mark.parametrize("every_click", [False, pytest.param(True, marks=pytest.mark.slow)],
                         ids=["new kinds clicked", "every action clicked"])
def test_every_kind_of_action_can_be_clicked(tmp_path, every_click):
    """Two people (pairs left out at setup, the catch-up cards in play, then curious about every card) click every kind of Stumped
    action, each click doing exactly one action. By default the actions of kinds already clicked are played by the
    rules (the same games); under slow every action is clicked."""
    driver = Driver(tmp_path, None, speed=60)
    kinds: set[str] = set()
    wanted = {kind.__name__ for kind in ACTION_KINDS}
    for seed in range(1, 8):
        match = Match(registry.get("stumped"), [Seat("Ann", "orange"), Seat("Bob", "sky")],
                      {"action_cards": "choose", "catch_up": "on"}, seed)
        if not every_click:
            driver.click_new_kinds(match, Curious(kinds), seed, kinds, wanted, 3_000)
        else:
            start_play(driver.app, match)
            play, chooser = driver.scene, Curious(kinds)
            for _ in range(3_000):
                if match.state.is_over() or kinds >= wanted:
                    break
                action = driver.step_as_people(play, chooser, seed)
                if action is not None:
                    kinds.add(type(action).__name__)
        if kinds >= wanted:
            break
    assert kinds == wanted
    driver.close()


# --- one-click losses (issue 28) ------------------------------------------------------------------
def two_people(tmp_path, hand, seed=3):
    """Ann and Bob at the screen, Ann to play her first turn with `hand`; returns (driver, play)."""
    driver = Driver(tmp_path, None, speed=60)
    match = Match(registry.get("stumped"), [Seat("Ann", "orange"), Seat("Bob", "sky")], {}, seed)
    arrange(match.state, 0, hand=hand, deck=["dirt"] * 5)
    start_play(driver.app, match)
    play = driver.scene
    driver.frames(2)
    driver.click(driver.button("Show my cards").rect)
    driver.frames(3)
    assert play.my_turn() and play.viewer == 0
    return driver, play


def test_ending_a_turn_with_energy_unspent_is_asked_first_and_far_from_go_to_the_market(tmp_path):
    driver, play = two_people(tmp_path, ["impressive_irrigation", "dirt", "dirt", "dirt", "dirt"])
    match = play.match
    driver.play_action(play, PlayEnergy("impressive_irrigation"))
    go = next(b for b in play._bar if isinstance(b.value, EndActions))
    driver.click(go.rect)
    assert match.state.pending_decision().kind == BUY and match.state.turn.energy == 2
    driver.frames(3)
    play.targets()
    assert not any(isinstance(b.value, EndTurn) for b in play._bar), "End your turn took the bar's place"
    end = play.hits.rect_of(END_TURN)
    assert end is not None and not end.colliderect(go.rect)
    driver.click(go.rect)  # the second click of a double click on "Go to the market" does nothing
    assert match.state.pending_decision().kind == BUY
    before = len(match.history)
    driver.click(end)
    assert len(match.history) == before, "the turn ended without asking"
    assert play.popup and play.popup[0].label == "End my turn with 2 energy unspent"
    driver.click(play.popup[1].rect)  # Cancel
    assert len(match.history) == before and match.state.turn.seat == 0
    driver.click(play.hits.rect_of(END_TURN))
    driver.click(play.popup[0].rect)
    assert isinstance(match.history[-1].action, EndTurn) and match.state.turn.seat == 1
    driver.close()


def test_nothing_is_asked_when_nothing_can_be_bought(tmp_path):
    driver, play = two_people(tmp_path, ["dirt"] * 5)
    view = play.shown
    assert StumpedView.confirm(play.view, view, EndTurn()) is None
    assert StumpedView.confirm(play.view, view, EndActions()) is None
    driver.close()


def test_the_hand_does_not_reflow_under_the_pointer_when_a_card_is_played(tmp_path):
    hand = ["dirt", "sun", "water", "impressive_irrigation", "fancy_fertilizer"]
    driver, play = two_people(tmp_path, hand)
    keys = [("hand", card) for card in hand]
    before = {key: play.hits.rect_of(key) for key in keys}
    assert all(before.values())
    for played, action in (("sun", Plant("sun")), ("impressive_irrigation", PlayEnergy("impressive_irrigation"))):
        driver.play_action(play, action)
        driver.hover((0, 0), 5)  # the pointer away: no card lifted
        keys.remove(("hand", played))
        after = {key: play.hits.rect_of(key) for key in keys}
        assert after == {key: before[key] for key in keys}, "the hand re-flowed"
        assert play.hits.rect_of(("hand", played)) is None
    pointer = before[("hand", "dirt")].center  # a second click where the first landed still finds that card
    driver.click((pointer[0] - 1, pointer[1] - 1, 2, 2))
    assert play.popup or play.match.state.hands[0].cards.count("dirt") == 0
    driver.close()
