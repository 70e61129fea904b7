"""Scrimish "why not?": hovering a place that does not glow says, in the rulebook's words, why not now.
Each common mistake is built from a real position and checked against its exact message, in the mover's view."""
from __future__ import annotations

import random

import pytest

from games.scrimish import GAME
from games.scrimish.actions import Cancel, ChoosePile, SelectCard
from tests.scrimish_helpers import FULL, playing

SHIELD_FIRST = [FULL[3], FULL[1], FULL[2], FULL[0], FULL[4]]  # pile 1 has a Shield on top


def _setup(seed: int = 1, picked: tuple[int, int] | None = None):
    state = GAME.new_state(2, {}, seed)
    state.piles[0] = [list(reversed(pile)) for pile in FULL]  # the Crown at the bottom of pile 1
    state._legal = None
    if picked is not None:
        state.apply(SelectCard(*picked))
    return state


def _chose(pile: int, players: int = 2, piles=None, **options):
    state = playing(players, piles or {0: SHIELD_FIRST}, **options)
    state.apply(ChoosePile(pile))
    return state


MISTAKES = [  # (what the player tries, the position, the place hovered, the exact line)
    ("attack with a Shield", lambda: _chose(0), ("pile", 1, 0),
     "Shield Cards cannot be used to attack: discard it, or Cancel and pick another pile."),
    ("click an enemy pile before picking one's own", lambda: playing(2), ("pile", 1, 2),
     "Pick one of your own piles first, then the enemy pile to attack."),
    ("act with a card under the top", lambda: playing(2, visibility="beginner"), ("card", 0, 1, 2),
     "Only the top card of a pile can attack or be attacked."),
    ("attack a card under an enemy top", lambda: _chose(1), ("card", 1, 0, 1),
     "Only the top card of a pile can attack or be attacked."),
    ("switch piles without Cancel", lambda: _chose(1), ("pile", 0, 2),
     "You have picked pile 2: Cancel first to act with another pile."),
    ("attack a teammate", lambda: _chose(1, 4, {0: SHIELD_FIRST}, mode="2v2"), ("pile", 2, 0),
     "You never attack your own team's piles."),
    ("act with a teammate's pile", lambda: playing(4, mode="2v2"), ("pile", 2, 0),
     "That is your teammate's pile: pick one of your own piles to act with."),
    ("take back a discarded card", lambda: playing(2), ("discard", 0),
     "Discarded cards are out of the game: they never come back."),
    ("move the Crown up a pile", lambda: _setup(picked=(0, 4)), ("card", 0, 1, 2),
     "The Crown must stay at the bottom of a pile: it only swaps with another bottom card."),
    ("put a card under the Crown's place", lambda: _setup(picked=(2, 1)), ("card", 0, 0, 4),
     "The Crown must stay at the bottom of a pile: it only swaps with another bottom card."),
    ("arrange another player's piles", lambda: _setup(), ("pile", 1, 0),
     "Each player arranges only their own piles, in secret."),
    ("discard during setup", lambda: _setup(), ("discard", 0),
     'Nothing is discarded during setup: arrange your piles, then "Done setting up".'),
]


@pytest.mark.parametrize("what, build, target, line", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_common_mistake_says_why_not(what, build, target, line):
    state = build()
    seat = state.current_player()
    assert state.view(seat).why_not(target) == line
    for seed in range(3):  # what the mover cannot see changes nothing
        world = state.view(seat).determinize(random.Random(seed))
        assert world.view(seat).why_not(target) == line


def test_glowing_places_and_other_views_say_nothing():
    state = _chose(1)
    assert state.why_not(("pile", 1, 0)) is None  # a Sword may attack it
    assert state.why_not(("pile", 0, 1)) is None  # the picked pile: Cancel
    assert state.why_not(("hand", 0)) is None  # not a Scrimish place
    assert len(MISTAKES) >= 10
    state.apply(Cancel())
    assert state.why_not(("pile", 0, 0)) is None  # a Shield pile may still be picked (to discard)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_play_scene_shows_why_not_in_the_status_panel_for_the_mover_only(tmp_path, size):
    from games.core.match import Match, Seat
    from graphics.config import table_layout
    from graphics.scenes.common import start_play
    from tests.app_driver import Driver
    driver = Driver(tmp_path, f"scrimish-why-not-{size[0]}", size=size)
    match = Match(GAME, [Seat("WWWWWWWWWWWWWWWW", "orange"), Seat("Bot", "sky", "casual")], {}, 3)
    match.state = _chose(0)  # a Shield picked up
    start_play(driver.app, match)
    driver.frames(5)
    play = driver.scene
    assert play.my_turn()
    line = "Shield Cards cannot be used to attack: discard it, or Cancel and pick another pile."
    driver.hover(play.point_of(("pile", 1, 0)), 3)
    assert play.status_text() == line and play.hover not in play.targets()
    status = table_layout().rect("play.status")
    assert not any(status.colliderect(rect) for rect in map(play.rect_of, play.targets()) if rect is not None)
    driver.app.draw()
    driver.app.screenshot("shield")
    driver.hover(play.point_of(("pile", 0, 0)), 3)  # the picked pile glows (Cancel): the usual line
    assert play.status_text() == match.state.status(match.names)
    driver.close()
    driver = Driver(tmp_path, None, size=size)  # the bot decides: the person at the screen is told nothing
    match = Match(GAME, [Seat("Bot", "orange", "casual"), Seat("Ann", "sky")], {}, 3)
    match.state = _chose(0)
    start_play(driver.app, match)
    driver.frames(1)
    play = driver.scene
    driver.hover(play.point_of(("pile", 1, 0)), 1)
    assert play.hover == ("pile", 1, 0) and not play.my_turn() and play.why_not() is None
    driver.close()
