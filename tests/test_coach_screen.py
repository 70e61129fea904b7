"""The coach's card on screen: every card of every game fits its box at 1280x720 and 1920x1080, and the card
never covers a glowing place: people play (with the mouse, through the card's time on screen) at the biggest
table of every game with 16-character names, and no target's rect meets the card's room."""
import random

import pygame
import pytest

from games import registry
from games.core.aids import Aids
from games.core.match import Match, Seat
from graphics.config import seat_colours, table_layout
from graphics.kit import coach
from graphics.kit.coach_card import CoachCard
from graphics.scenes.common import start_play
from tests.app_driver import Driver
from tests.kit_helpers import measured, painter

GAMES = registry.all()
SIZES = [(1280, 720), (1920, 1080)]
NAMES = ["WWWWWWWWWWWWWWWW", "Bartholomew Long", "Maximilian Wood", "Wilhelmina Rossi", "Christabel Harte",
         "Florentyna Ames", "Montgomery Bell", "Gwendolyn Parks"]


def every_card(game) -> list[coach.Said]:
    """Returns what the coach can show in a game: the walkthrough and each kind's card."""
    words = coach.for_game(game)
    said = [coach.Said(0, coach.WALKTHROUGH, words.turn.title, words.turn.phases, words.turn.section)]
    return said + [coach.Said(0, kind, card.title, card.paragraphs(), card.section)
                   for kind, card in words.decisions.items()]


def assert_fits(paint, text: str, rect: pygame.Rect, size: str, face: str, where: str) -> None:
    """Asserts that `text` fits `rect` whole (not cut, measured again with its font)."""
    fitted = paint.fit(text, rect, size, face)
    width, height = measured(paint, fitted)
    box = paint.viewport.rect(rect)
    assert not fitted.cut and width <= box.width and height <= box.height, f"{where}: {text!r} does not fit {rect}"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_coach_card_fits_its_box(game, size):
    paint = painter(size)
    room = table_layout().rect("play.coach.card")
    gap = table_layout().number("play.coach.gap")
    pad = table_layout().number("text.padding")
    for said in every_card(game):
        where = f"{game.id} {said.kind} at {size[0]}x{size[1]}"
        card, title, paragraphs, buttons = CoachCard.parts(paint, said)
        assert room.contains(card), f"{where}: the card is taller than its room"
        assert paragraphs[-1].bottom + gap <= buttons[0].rect.top, f"{where}: its words run into its buttons"
        assert_fits(paint, said.title, title, "heading", "title", where)
        for text, rect in zip(said.paragraphs, paragraphs):
            assert_fits(paint, text, rect, "small", "body", where)
        for button in buttons:
            assert_fits(paint, button.label, button.rect.inflate(-2 * pad, -pad), "small", "bold", where)


def test_a_card_too_long_for_its_room_is_caught():
    paint = painter((1280, 720))
    said = coach.Said(0, "turn", "A title", ("A sentence of a card. " * 60,), "Setup")
    card, _, paragraphs, buttons = CoachCard.parts(paint, said)
    room = table_layout().rect("play.coach.card")
    assert card.bottom <= room.bottom and paragraphs[-1].bottom > buttons[0].rect.top


@pytest.mark.parametrize("decisions", [12, pytest.param(40, marks=pytest.mark.slow)], ids=lambda n: f"{n} decisions")
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_card_never_covers_a_glowing_place(tmp_path, game, decisions):
    """The first decisions of a person at the biggest table (forty under `slow`: the table of eight at Stumped
    takes a minute)."""
    driver = Driver(tmp_path, None, size=SIZES[0], speed=60)  # places are laid out on one logical canvas: one size
    players = game.player_counts()[-1]
    colours = seat_colours()
    seats = [Seat(NAMES[i], colours[i].id, None if i == 0 else game.levels[0].id) for i in range(players)]
    match = Match(game, seats, {}, 7, aids=Aids(True, True, [0] * players))
    start_play(driver.app, match)
    play, room, rng = driver.scene, table_layout().rect("play.coach.card"), random.Random(3)
    shown, made = 0, 0
    while made < decisions and not match.state.is_over():
        if not play.my_turn():
            driver.frames(1)
            continue
        driver.frames(1)
        said = play.coach.said()
        shown += said is not None  # at each kind met for the first time (acting moves the coach on)
        for key in play.targets():
            rect = play.rect_of(key)
            assert rect is None or not rect.colliderect(room), \
                f"{game.id}: the coach's card would cover {key} at {rect} ({match.state.pending_decision().kind})"
        action, before = rng.choice(play.shown.search_actions()), len(match.history)
        driver.play_action(play, action)  # a click on the board (or the bar) while the card is up
        assert len(match.history) > before and match.history[before].action == action, f"the click did not play {action}"
        made += 1
    assert 0 < shown <= made, "no move was clicked with the card up"
    driver.close()
