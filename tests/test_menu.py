"""The menu: every way out of it is a button whose label fits, none over another or the notice line."""
import pygame

from graphics.config import table_layout
from tests.app_driver import Driver


def test_the_menu_s_buttons_each_lead_somewhere_fit_their_labels_and_do_not_overlap(tmp_path):
    driver = Driver(tmp_path, "menu-buttons")
    driver.app.goto("menu")
    driver.frames(2)
    menu, paint = driver.scene, driver.app.painter()
    assert [b.value for b in menu.buttons] == ["continue", "load", "replays", "players", "settings", "quit"]
    boxes = [b.rect for b in menu.buttons] + [t.rect for t in menu.tiles] + [table_layout().rect("menu.notice")]
    for n, button in enumerate(menu.buttons):
        assert pygame.Rect((0, 0), table_layout().size("canvas")).contains(button.rect)
        assert not any(button.rect.colliderect(other) for other in boxes[n + 1:]), button.label
        assert paint.measure(button.label, button.size, "bold") <= button.rect.width - 24, button.label
    for value in ("load", "replays", "players", "settings"):
        driver.click(next(b for b in menu.buttons if b.value == value).rect)
        assert driver.scene.name == value, f"{value} opened {driver.scene.name}"
        driver.key(pygame.K_ESCAPE)
        assert driver.scene.name == "menu", f"Esc on {value} did not come back to the menu"
    driver.close()


def test_a_game_without_its_cover_is_greyed_out_with_the_file_named_and_the_menu_draws(tmp_path, monkeypatch):
    import graphics.views as views
    from graphics.assets import Assets

    covers = tmp_path / "covers"
    covers.mkdir()
    for game_id in ("crumbs", "scrappers", "scrumpy", "stumped"):
        (covers / f"{game_id}.svg").write_bytes((views.COVERS / f"{game_id}.svg").read_bytes())
    monkeypatch.setattr(views, "COVERS", covers)
    real = Assets.has_image
    monkeypatch.setattr(Assets, "has_image", lambda self, name: name != "covers/scrimish" and real(self, name))
    driver = Driver(tmp_path / "data", "menu-no-cover")
    driver.app.goto("menu")
    driver.frames(2)
    menu = driver.scene
    assert menu.problems["scrimish"] == ("graphics/assets/covers/scrimish.svg: the game's cover is missing (the "
                                         "picture on its menu tile, an SVG or PNG)")
    assert not next(t for t in menu.tiles if t.value == "scrimish").enabled
    assert all(menu.problems[game_id] is None for game_id in ("crumbs", "scrappers", "scrumpy", "stumped"))
    driver.close()
