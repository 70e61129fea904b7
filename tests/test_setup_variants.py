"""The setup screen and the table's rules: the rulebook's way is every variant's default, a rule of ours is
marked "Our rule" with the figure that justifies it, a variant with one choice for this many players is not
shown, every seat fits at the biggest table, and the rules viewer lists what the table plays with."""
import dataclasses

import pygame
import pytest

from games import registry
from games.core.game import OURS, Choice, Option
from games.core.match import Match, Seat
from graphics.config import table_layout
from graphics.scenes.rules import RulesScene
from graphics.scenes.setup import OURS as OURS_TAG
from graphics.scenes.setup import SetupScene, option_help
from tests.app_driver import Driver
from tests.test_core_options import a_game

COINS = Option("coins", "Starting coins", (
    Choice("rulebook", "Rulebook: 3, 4, 5, 6"),
    Choice("even", "Evened out: 4, 4, 5, 5", ours="First player wins 19% of 200 games with the rulebook's, 31% so."),
    Choice("solo", "Solo purse", (1,))), "Coins by turn order.")


def with_options(game_id: str, *extra: Option):
    """Returns a registered game with more options (ids of their own) in front of its own."""
    game = registry.get(game_id)
    options = extra + game.options
    return dataclasses.replace(game, option_list=lambda: options)


@pytest.mark.parametrize("game", registry.all(), ids=lambda g: g.id)
def test_no_game_defaults_to_a_rule_of_ours_at_any_player_count(game):
    for option in game.options:
        for players in game.player_counts():
            choices = option.choices_for(players)
            assert not choices[0].ours, f"{game.id}: {option.id} defaults to our rule at {players} players"
            for choice in choices:
                assert not choice.ours or len(choice.ours) > 20, f"{choice.label}: say why, with the figure"


def test_a_game_whose_option_puts_our_rule_first_is_refused():
    backwards = Option("coins", "Coins", (COINS.choices[1], COINS.choices[0]))
    with pytest.raises(ValueError, match="defaults to our rule"):
        _ = a_game(backwards).options


def test_the_setup_marks_our_rule_and_says_why_and_hides_a_variant_with_one_choice(tmp_path):
    driver = Driver(tmp_path, "setup-ours")
    game = with_options("scrimish", COINS)
    driver.app.push_scene("setup", game=game, players=2)
    driver.frames(2)
    setup = driver.scene
    assert isinstance(setup, SetupScene)
    coins = setup.option_buttons[0]
    assert coins.label.startswith("Rulebook") and not setup.chosen[0].ours
    driver.click(coins.rect)
    setup = driver.scene
    assert setup.option_buttons[0].label.startswith("Evened out") and setup.chosen[0].ours
    assert "31%" in option_help(setup.shown_options[0], setup.chosen[0])
    driver.app.screenshot("ours")
    solo = Option("opponent", "Solo opponent", (Choice("automa", "Automa", (1,)), Choice("none", "None", (2,))))
    driver.app.pop()
    driver.app.push_scene("setup", game=with_options("scrimish", solo), players=2)
    driver.frames(2)
    assert "opponent" not in [o.id for o in driver.scene.shown_options]
    assert driver.scene.options["opponent"] == "none"


def test_the_our_rule_tag_is_drawn_beside_the_variant_name(tmp_path, monkeypatch):
    drawn = []
    monkeypatch.setattr("graphics.scenes.setup.draw_ours_tag", lambda paint, label: drawn.append(label))
    driver = Driver(tmp_path, None)
    driver.app.push_scene("setup", game=with_options("scrimish", COINS), players=2)
    driver.frames(2)
    assert drawn == []
    driver.click(driver.scene.option_buttons[0].rect)
    assert drawn and drawn[-1] == driver.scene.option_blocks[0].label
    assert OURS_TAG == "Our rule"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", registry.all(), ids=lambda g: g.id)
def test_every_seat_of_the_biggest_table_fits_its_panel_above_the_buttons(tmp_path, game, size):
    driver = Driver(tmp_path, f"setup-{game.id}-{size[0]}", size=size)
    driver.app.push_scene("setup", game=game, players=game.player_counts()[-1], bots={1, 3, 5, 7})
    driver.frames(2)
    setup = driver.scene
    panel, nav = table_layout().rect("setup.seats"), [b.rect for b in setup.nav]
    cells = [field.rect for field in setup.names[:setup.players]] + [b.rect for b in setup.seat_buttons]
    for cell in cells:
        assert panel.contains(cell), f"{cell} leaves the seats panel {panel}"
        assert not any(cell.colliderect(button) for button in nav)
    rows = sorted(field.rect for field in setup.names[:setup.players])
    assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:])), "seat rows overlap"
    assert min(r.height for r in rows) >= 40, "a name field too small to read"


def test_the_rules_viewer_lists_what_the_table_plays_with_and_marks_our_rules(tmp_path):
    driver = Driver(tmp_path, "rules-table")
    game = with_options("scrimish", COINS)
    match = Match(game, [Seat("Ann", "orange"), Seat("Bob", "sky")], {"coins": "even"}, 1)
    lines = game.table_rules(2, match.options)
    assert lines[0] == f"Starting coins: Evened out: 4, 4, 5, 5 ({OURS}. {COINS.choices[1].ours})"
    assert any(line.startswith("Mode: One on one") for line in lines)
    scene = RulesScene(driver.app, game, match)
    texts = [text for text, _ in scene.text.entries]
    assert texts[0] == "This table plays with" and texts[1] == f"\u2022 {lines[0]}"
    driver.app.push(scene)
    driver.frames(2)
    plain = RulesScene(driver.app, game)
    assert "This table plays with" not in [text for text, _ in plain.text.entries]


def test_the_esc_menu_opens_the_rules_with_the_tables_variants(tmp_path):
    driver = Driver(tmp_path, None)
    from graphics.scenes.common import start_play
    match = Match(registry.get("scrimish"), [Seat("Ann", "orange"), Seat("Bob", "sky", "normal")], {}, 1)
    start_play(driver.app, match)
    driver.frames(2)
    driver.click(driver.button("Menu").rect)
    driver.click(driver.button("Rules").rect)
    assert driver.scene.name == "rules" and driver.scene.text.entries[0][0] == "This table plays with"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", registry.all(), ids=lambda g: g.id)
def test_every_variant_and_its_longest_help_fit_the_panel_and_stay_put_whatever_is_chosen(tmp_path, game, size):
    driver = Driver(tmp_path, None, size=size)
    panel = table_layout().rect("setup.options")
    for players in game.player_counts():
        driver.app.push_scene("setup", game=game, players=players)
        driver.frames(1)
        setup = driver.scene
        for option in list(setup.shown_options):
            for _ in option.choices_for(players):
                before = {o.id: b for o, b in zip(setup.shown_options, setup.option_blocks)}
                button = next(b for b in setup.option_buttons if b.value == option.id)
                driver.click(button.rect)
                setup = driver.scene
                blocks = setup.option_blocks
                for block in blocks:
                    for rect in (block.label, block.button, block.help):
                        assert panel.contains(rect), f"{game.id} {players}: {rect} leaves the variants panel {panel}"
                paint, pad = driver.app.painter(), driver.app.painter().text_style["padding"]
                for shown in setup.option_buttons:
                    fitted = paint.fit(shown.label, shown.rect.inflate(-2 * pad, -pad), shown.size, "bold")
                    assert not fitted.cut, f"{game.id} {players}: the choice {shown.label!r} is cut on its button"
                whole = [b.label.union(b.help) for b in blocks]
                assert not any(a.colliderect(b) for i, a in enumerate(whole) for b in whole[i + 1:]), "blocks overlap"
                if [o.id for o in setup.shown_options] == list(before):  # no variant appeared or went
                    assert {o.id: b for o, b in zip(setup.shown_options, blocks)} == before, "a block moved"
        driver.app.pop()


def test_a_name_field_selects_its_name_when_clicked_so_typing_replaces_it(tmp_path):
    driver = Driver(tmp_path, None)
    driver.app.push_scene("setup", game=registry.get("scrimish"), players=2)
    driver.frames(1)
    field = driver.scene.names[0]
    assert field.text == "Player 1"
    driver.click(field.rect)
    driver.type_text("Bartholomew-Quin")
    assert field.text == "Bartholomew-Quin", "the default name was not replaced"
    driver.key(pygame.K_BACKSPACE)
    driver.type_text("x")
    assert field.text == "Bartholomew-Quix", "a later key edits, it does not replace"
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.type_text("Ada")
    driver.key(pygame.K_RETURN)
    assert driver.scene.seats()[0].name == "Ada"
