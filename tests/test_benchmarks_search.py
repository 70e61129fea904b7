"""The views the Hard level's benchmark searches from: mid-game, with a real choice, seen by the seat to move."""
from benchmarks.search import midgame_views


def test_midgame_views_are_views_with_a_choice():
    views = midgame_views("scrimish", 2, 3)
    assert len(views) == 3
    for view in views:
        assert view.rng is None and view.viewer == view.current_player()
        assert len(view.search_actions()) > 1
