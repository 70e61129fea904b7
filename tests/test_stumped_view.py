"""The Stumped table's geometry on its own: plots side by side inside the garden at every table size,
the soil's stacks inside their plot, and every tree of a finished game inside its plot's tree area."""
import pytest

from games import registry
from games.core.match import Match, Seat
from graphics.views.stumped.geometry import SOIL, geometry_for, layout
from graphics.views.stumped.plots import closeup_frame, frame_of, growing
from graphics.views.stumped.tree import TreePainter, frame_for, reach, tree_room

PLAYERS = range(2, 9)


@pytest.mark.parametrize("players", PLAYERS)
def test_plots_lie_in_the_garden_without_overlapping(players):
    geometry = geometry_for(players, 4)
    garden = layout().rect("garden")
    plots = [geometry.plot(seat) for seat in range(players)]
    assert all(garden.contains(plot) for plot in plots)
    assert not any(a.colliderect(b) for i, a in enumerate(plots) for b in plots[i + 1:])
    for seat, plot in enumerate(plots):
        parts = [geometry.badge(seat), geometry.tree_area(seat), geometry.soil(seat), geometry.leaves(seat)]
        assert all(plot.contains(part) for part in parts), seat
        assert not geometry.tree_area(seat).colliderect(geometry.soil(seat))
        stacks = [geometry.soil_card(seat, what).union(geometry.soil_count(seat, what)) for what in SOIL]
        assert all(geometry.soil(seat).contains(stack) for stack in stacks)
        assert not any(a.colliderect(b) for i, a in enumerate(stacks) for b in stacks[i + 1:])


def test_a_garden_of_two_rows_keeps_its_soil_beside_the_trees():
    small, big = geometry_for(4, 4), geometry_for(8, 4)
    assert small.soil(0).top > small.tree_area(0).top and small.soil(0).width == small.plot(0).width
    assert big.soil(0).left >= big.tree_area(0).right and big.tree_area(0).height > big.plot(0).height / 2


def test_the_rects_handed_out_are_copies():
    geometry = geometry_for(3, 4)
    rect = geometry.plot(1)
    rect.x += 500
    assert geometry.plot(1).x != rect.x


@pytest.mark.parametrize("players, options", [(4, {}), (8, {}), (2, {"tree": "epic"})])
def test_every_grown_tree_fits_its_plot(players, options):
    seats = [Seat(f"P{i}", "orange", "gardener") for i in range(players)]
    match = Match(registry.get("stumped"), seats, options, 5)
    while not match.state.is_over():
        match.play_bot()
    trees = match.state.trees
    geometry = geometry_for(players, 4)
    frame = frame_for(geometry, trees)
    assert max(tree.leaves for tree in trees) == match.state.tree_kind.win_leaves
    for seat, tree in enumerate(trees):
        area = geometry.tree_area(seat).inflate(2, 2)
        points = [frame.point(seat, x, y) for segment in tree.segments for x, y in reach(segment)]
        assert points and all(area.collidepoint(point) for point in points), seat
    assert frame.scales[0] <= layout().number("tree.most")


@pytest.mark.parametrize("players", [3, 8])
def test_the_buds_of_a_growing_tree_stay_below_the_leaf_count_and_in_their_plot(players):
    """Every bud of the growing tree, its glow included, lies in the room its tree may fill (below the leaf count,
    inside the plot's padding), and in the close-up panel where a garden of two rows shows one (found playing at
    1280x720 by hand: the top bud of a tall thin tree rode over the leaf count)."""
    seats = [Seat(f"P{i}", "orange", "gardener") for i in range(players)]
    match = Match(registry.get("stumped"), seats, {}, 3)
    geometry = geometry_for(players, 4)
    painter = TreePainter()
    glow = layout().number("tree.bud_glow")
    checked = 0
    while not match.state.is_over():
        view = match.state.view(None)
        seat = growing(view)
        if seat is not None:
            spots = view.trees[seat].spots(view.rules.shapes)
            frame = frame_of(view, geometry)
            rooms = [(frame, tree_room(geometry, seat))]
            if geometry.compact:
                rooms.append((closeup_frame(view, frame, seat), layout().rect("closeup.tree")))
            for fitted, room in rooms:
                centres = painter.bud_centres(fitted, seat, spots)
                for (x, y), r in zip(centres, painter.bud_radii(fitted, seat, centres)):
                    out = r + glow  # how far the bud's glow reaches from its centre
                    assert room.left <= x - out and x + out <= room.right, (x, r, room)
                    assert room.top <= y - out, (y, r, room)
            checked += 1
        match.play_bot()
    assert checked > 10
