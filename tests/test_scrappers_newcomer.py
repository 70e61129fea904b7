"""What a table that had never seen Scrappers found in a real window (issue 30, "Done means")."""
import re

import pytest

from games import registry
from graphics.views.scrappers_geometry import Geometry
from graphics.views.scrappers_sprites import layout, part_text


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
