"""No piece comes to rest on a fence: the fences stand on the board's edges with a width, the drop's
fences are their inner faces, and the park is drawn with the fences as thick as they stand."""
import pytest

from games.crumbs import GAME, table
from games.crumbs.drops import drop
from graphics.views.crumbs.park import fence_pixels
from physics import geometry
from tests.crumbs_helpers import empty_park, put

MAPS = [choice.value for choice in GAME.options[0].choices]


def on_a_fence(state) -> list[str]:
    """Returns the pieces on the board whose footprint reaches into a fence (the band along the edges)."""
    board, found = state.board, []
    for piece_id, piece in state.pieces.items():
        if piece.pose is None:
            continue
        spec = state.data.physics.spec(piece.kind)
        shape = geometry.footprint(spec.length, spec.width, *piece.pose)
        if geometry.clearance(board.outline, shape) < 0 or not geometry.is_inside(board.outline, shape):
            found.append(piece_id)
    return found


def test_the_fences_have_a_width_and_the_park_lies_inside_them():
    board = empty_park().board
    assert board.fence_width == GAME_DATA_FENCE > 0
    xs, ys = [p[0] for p in board.outline], [p[1] for p in board.outline]
    assert (min(xs), min(ys), max(xs), max(ys)) == (board.fence_width, board.fence_width,
                                                    board.width - board.fence_width, board.height - board.fence_width)
    assert board.fence_distance((board.fence_width, board.height / 2)) == 0


GAME_DATA_FENCE = empty_park().data.numbers.fence_width


@pytest.mark.parametrize("bounce", ["normal", "high"])
@pytest.mark.parametrize("map_id", MAPS)
def test_no_piece_comes_to_rest_on_a_fence_in_many_seeded_drops(map_id, bounce):
    """Feedings onto critters set down all round the park (pieces are knocked against the fences), then
    the dog and more critters dropped, over many seeds."""
    drops = 0
    for seed in range(6):
        state = empty_park(("pigeons", "ducks", "squirrels", "chipmunks"), seed=seed, map=map_id, bounce=bounce)
        for k, space in enumerate(state.board.spaces):
            put(state, k % 4, space, 2)
        assert not on_a_fence(state), "set down on a fence"
        for dropped in (table.supply(state, "crumb"), ["dog"], table.pool(state, 0)[:3] + table.pool(state, 1)[:2]):
            drop(state, dropped, "test")
            drops += 1
            assert not on_a_fence(state), f"seed {seed}: {on_a_fence(state)} rest on a fence"
    assert drops == 18


@pytest.mark.parametrize("width", [780, 520, 1170])
def test_the_park_draws_its_fences_as_thick_as_they_stand(width):
    board = empty_park().board
    to_px = width / board.width
    assert fence_pixels(board, to_px) == round(board.fence_width * to_px)
