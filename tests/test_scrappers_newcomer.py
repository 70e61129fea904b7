"""What a table that had never seen Scrappers found in a real window (issue 30, "Done means")."""
import re

import pytest

from games import registry
from graphics.views.scrappers.geometry import Geometry
from graphics.views.scrappers.sprites import layout, part_text


@pytest.mark.parametrize("count", range(1, 7))
def test_the_setup_tray_leaves_room_for_every_bodger_name(count):
    # Seen at 1280x720 with 4 players: "Izzy" and "Lug" were covered by the row below, "Ridge" and "Puck" cut off.
    state = registry.get("scrappers").new_state(4, {"keelie": True, "guppy": True}, 1)
    geo = Geometry(state.data.board, 4)
    tokens = geo.setup_tokens(count)
    labels = [geo.setup_token_label(t) for t in tokens]
    area = layout().rect("centre")
    for own, label in zip(tokens, labels):
        assert area.contains(label), (label, area)
        assert label.top >= own.bottom
        for token in tokens:
            if token is not own:
                assert not label.colliderect(token.inflate(8, 8)), (label, token)   # the glow round a token
    for i, a in enumerate(tokens):
        assert area.contains(a)
        assert a.width >= 60
        for b in tokens[i + 1:]:
            assert not a.inflate(8, 8).colliderect(b.inflate(8, 8))


def test_a_part_tooltip_reads_as_english():
    # Seen hovering an orange plug: "Fits a orange side of a core."
    data = registry.get("scrappers").new_state(2, {}, 1).data
    texts = [part_text(data, part.id) for part in data.parts]
    assert any("an orange side" in text for text in texts)
    for text in texts:
        assert not re.search(r"\ba [aeiou]", text), text


def _bar_labels() -> set[str]:
    """Returns the words on every action-bar button a few random games show (actions without a place)."""
    from games.core.bots import RandomBot, decision_rng
    from games.core.match import Seat
    from games.scrappers.places import action_place
    from graphics.views.scrappers import ScrappersView
    game = registry.get("scrappers")
    view_maker = ScrappersView(game, [Seat(n, c) for n, c in (("Ann", "orange"), ("Bob", "sky"), ("Cy", "green"))])
    labels = set()
    for seed in (1, 2, 3):
        state = game.new_state(3, {}, seed)
        for ply in range(400):
            if state.is_over():
                break
            labels |= {view_maker.label(state, a, ()) for a in state.legal_actions() if action_place(a, state) is None}
            seat = state.current_player()
            state.apply(RandomBot().choose(state.view(seat), decision_rng(seed, seat, ply)))
    return labels


def _why_lines(module: str = "why") -> list[str]:
    """Returns the string literals of a rules module (why.py: the why-not lines; pulling.py: its prompts) but its
    docstrings."""
    import ast
    import pathlib
    source = (pathlib.Path(__file__).parents[1] / "games" / "scrappers" / f"{module}.py").read_text()
    strings = [n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return [s for s in strings if not s.startswith(("Why not?", "Returns", "Mixin"))]


def test_every_button_the_coach_and_why_not_name_is_on_the_action_bar():
    # Seen: "Press a glowing button of the card in play first, or Stop." (the button says "Stop pressing"),
    # and "... then Done." where the button says "Done choosing tussle cards".
    import pathlib

    import yaml
    coach = yaml.safe_load((pathlib.Path(__file__).parents[1] / "data" / "scrappers" / "coach.yaml").read_text())
    texts = [card["choices"] for card in coach["decisions"].values()]
    why = _why_lines() + _why_lines("pulling")  # also the tussle's prompt: it said "..., then done"
    for line in why:   # a button named bare ("or Stop.", "then Done.") is not the button's words
        assert not re.search(r"\b(or|then) (Stop|Done|done|Draw up)\b", line), line
    quoted = {q for text in texts + why for q in re.findall(r'"([^"]+)"', text)}
    assert {"Stop pressing", "Done choosing tussle cards", "Draw up to a full hand"} <= quoted
    labels = _bar_labels()
    assert not quoted - labels, (quoted - labels, labels)
