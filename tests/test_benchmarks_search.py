"""The views the Hard level's benchmark searches from: mid-game, with a real choice that Hard searches, seen by the
seat to move."""
from benchmarks.search import midgame_views
from games import registry


def test_midgame_views_are_views_with_a_choice():
    views = midgame_views("scrimish", 2, 3)
    assert len(views) == 3
    for view in views:
        assert view.rng is None and view.viewer == view.current_player()
        assert len(view.search_actions()) > 1


def test_midgame_views_are_decisions_the_hard_level_searches():
    """A decision left to the guide is answered without a search: timing it would report no iterations."""
    guided = registry.get("scrumpy").search.guide.decisions
    views = midgame_views("scrumpy", 2, 4)
    assert len(views) == 4
    assert all(view.pending_decision().kind not in guided for view in views)
