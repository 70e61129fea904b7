"""Crumbs at the table: drops scatter over the park and knock pieces, pieces are set down as the
rulebook says, a drop tells the view what it did, and a drop's frames reveal nothing of the game's
generator."""
import math
import random

import pytest

from games.crumbs import GAME, drops, table
from games.crumbs.board import area
from games.crumbs.table import FENCE_MARGIN
from physics import geometry
from tests.crumbs_helpers import empty_park, put

MAPS = [choice.value for choice in GAME.options[0].choices]


def crumb_spaces(state) -> list[str]:
    """Returns the space of each plain crumb on the board."""
    return [table.where(state, c) for c in table.on_board(state, "crumb")]


@pytest.mark.parametrize("map_id", MAPS)
def test_a_feeding_scatters_over_the_park_and_the_fountain_gets_no_more_than_its_share(map_id):
    reached, in_fountain, crumbs = [], 0, 0
    for seed in range(16):
        state = empty_park(("pigeons", "ducks", "squirrels"), seed=seed, map=map_id)
        for seat, space in enumerate(s for s in state.board.spaces if s != state.board.fountain):
            if seat < 3:
                put(state, seat, space, 2)
        drops.drop(state, table.supply(state, "crumb"), "feeding")
        spaces = crumb_spaces(state)
        reached.append(len(set(spaces)))
        in_fountain += spaces.count(state.board.fountain)
        crumbs += len(spaces)
    board = state.board
    fountain_share = area(board.spaces[board.fountain].polygon) / (board.width * board.height)
    assert sum(reached) / len(reached) >= 7
    assert in_fountain / crumbs <= 1.5 * fountain_share


def test_crumbs_falling_on_critters_knock_them_into_other_spaces_in_many_feedings():
    moved = 0
    for seed in range(20):
        state = empty_park(("pigeons", "ducks", "squirrels", "chipmunks"), seed=seed)
        for seat, space in enumerate(["fountain", "north_lawn", "west_lawn", "east_lawn"]):
            put(state, seat, space, 3)
        events = drops.drop(state, table.supply(state, "crumb"), "feeding")
        knocks = events[0].data["knocks"]
        moved += any(k["from"] != k["to"] for p, k in knocks.items() if state.pieces[p].kind == "critter")
    assert moved >= 4  # at least one feeding in five


# --- placing ---------------------------------------------------------------------------------------
def footprint_of(state, piece_id):
    spec = state.data.physics.spec(state.pieces[piece_id].kind)
    return geometry.footprint(spec.length, spec.width, *state.pieces[piece_id].pose)


@pytest.mark.parametrize("map_id", MAPS)
def test_placed_pieces_keep_off_the_fences_each_other_and_the_value_or_die(map_id):
    """Two critters of one army in every space, three of each in the fountain."""
    state = empty_park(("pigeons", "ducks", "squirrels", "chipmunks"), map=map_id)
    placing = state.data.numbers.placing
    for seat in range(4):
        put(state, seat, state.board.fountain, 3)
    for k, space in enumerate(s for s in state.board.spaces if s != state.board.fountain):
        put(state, k % 4, space, 2)
    placed = table.on_board(state, "critter")
    assert len(placed) == 12 + 2 * (len(state.board.spaces) - 1)
    outline = state.board.outline
    for critter in placed:
        shape = footprint_of(state, critter)
        space = table.where(state, critter)
        assert geometry.clearance(outline, shape) >= placing.fence_gap - 1e-9, critter
        assert geometry.clearance(state.board.spaces[space].polygon, shape) >= 0, critter
        spot = state.board.label_spot(space)
        if spot is not None:
            assert geometry.segment_distance(shape[0], shape[1], spot, spot) - shape[2] >= placing.label_clearance - 0.5
        for other in placed:
            if other != critter:
                assert not geometry.overlaps(shape, footprint_of(state, other), placing.piece_gap - 1e-9)


def test_placed_critters_are_not_lined_up_side_by_side():
    state = empty_park()
    for critter in put(state, 0, "oak_grove", 3):
        assert table.where(state, critter) == "oak_grove"
    angles = sorted(state.pieces[c].pose[2] for c in table.on_board(state, "critter", 0))
    assert all(abs(math.remainder(a - b, math.pi)) > 0.3 for a, b in zip(angles, angles[1:]))


def test_placing_is_fixed_by_the_position_not_by_luck():
    one, two = empty_park(seed=1), empty_park(seed=2)
    assert put(one, 0, "north_lawn", 3) == put(two, 0, "north_lawn", 3)
    assert [one.pieces[c].pose for c in table.on_board(one, "critter")] == \
        [two.pieces[c].pose for c in table.on_board(two, "critter")]


def test_a_stockpile_crumb_kept_at_a_fence_stays_wholly_inside_the_park():
    state = empty_park(("squirrels", "ducks"))
    put(state, 0, "rose_garden", 1)
    crumb = table.supply(state, "crumb")[0]
    radius = state.data.physics.spec("crumb").length / 2
    table.set_pose(state, crumb, (state.board.fence_width + radius + 0.5, 40.0, 0.0))  # resting against the west fence
    assert table.where(state, crumb) == "rose_garden"
    drops.keep_stockpiles(state)
    kept = table.on_board(state, "stockpile", space="rose_garden")
    assert len(kept) == 1 and state.pieces[crumb].pose is None
    shape = footprint_of(state, kept[0])
    assert geometry.clearance(state.board.outline, shape) >= FENCE_MARGIN - 1e-9
    assert geometry.is_inside(state.board.outline, shape)


# --- what a drop did, and its generator ------------------------------------------------------------
def knocked_into_a_scuffle(seeds=range(40)):
    """Returns the events of a drop in which a pigeon resting by the fountain's edge is knocked into North
    Lawn, held by the ducks."""
    for seed in seeds:
        state = empty_park(("pigeons", "ducks"), seed=seed)
        put(state, 1, "north_lawn", 1)
        for k, pigeon in enumerate(table.pool(state, 0)[:6]):
            table.set_pose(state, pigeon, (190.0 + 25 * k, 178.0, -math.pi / 2))
            assert table.where(state, pigeon) == "fountain"
        events = drops.drop(state, table.supply(state, "crumb"), "feeding")
        if any(e.kind == "scuffle" for e in events):
            return state, events
    pytest.fail("no pigeon was knocked into North Lawn")


def test_the_drop_event_says_what_was_knocked_from_where_and_comes_before_the_scuffles_it_caused():
    state, events = knocked_into_a_scuffle()
    kinds = [e.kind for e in events]
    drop, scuffle = kinds.index("drop"), kinds.index("scuffle")
    assert drop < scuffle and kinds.index("knock") < scuffle
    knocks = events[drop].data["knocks"]
    assert set(knocks) == set(events[drop].data["knocked"])
    into = [p for p, k in knocks.items() if k["to"] == "north_lawn"]
    assert into and all(knocks[p]["from"] == "fountain" and p.startswith("pigeons") for p in into)
    lines = [e for e in events if e.kind == "knock"]
    assert any(e.describe(["Ann", "Ben"]).startswith("Ann's pigeon is knocked from Fountain into North Lawn")
               for e in lines)


def test_a_drop_draws_once_from_the_game_generator_and_simulates_with_its_own(monkeypatch):
    state = empty_park()
    seen = []
    real = drops.simulate_drop

    def spy(arena, resting, dropped, rng, params=None):
        seen.append(rng)
        return real(arena, resting, dropped, rng, params)

    monkeypatch.setattr(drops, "simulate_drop", spy)
    expected = random.Random()
    expected.setstate(state.rng.getstate())
    expected.getrandbits(64)
    drops.drop(state, table.supply(state, "crumb"), "feeding")  # nothing to scuffle over: the drop is the only draw
    assert state.rng.getstate() == expected.getstate()
    assert seen and seen[0] is not state.rng
    assert seen[0].getstate() != state.rng.getstate()


@pytest.mark.parametrize("map_id", MAPS)
def test_the_dog_and_crowds_placed_in_any_space_lie_wholly_in_the_park_and_count_there(map_id):
    state = empty_park(("pigeons", "ducks"), map=map_id)
    for space in state.board.spaces:
        table.set_pose(state, "dog", None)
        table.place(state, "dog", space)
        assert table.where(state, "dog") == space
        assert geometry.clearance(state.board.outline, footprint_of(state, "dog")) >= 0
    table.set_pose(state, "dog", None)
    smallest = min((s for s in state.board.spaces if s != state.board.fountain),
                   key=lambda s: len(state.board.spots(s, 16, 21, 32)))
    for critter in put(state, 0, smallest, 6):
        assert table.where(state, critter) == smallest
        assert geometry.clearance(state.board.outline, footprint_of(state, critter)) >= 0


# --- the table's bounce --------------------------------------------------------------------------
def test_bounce_is_a_table_option_low_normal_or_high():
    option = next(o for o in GAME.options if o.id == "bounce")
    assert [c.value for c in option.choices] == ["normal", "low", "high"]
    assert GAME.new_state(2, {}, 1).options["bounce"] == "normal"
    physics = GAME.new_state(2, {}, 1).data.physics
    assert physics.bounced("normal") == physics
    assert physics.bounced("low").restitution < physics.restitution < physics.bounced("high").restitution
    with pytest.raises(ValueError, match="unknown bounce level 'wild'"):
        physics.bounced("wild")


def test_more_bounce_scatters_the_crumbs_further():
    spread = {}
    for level in ("low", "normal", "high"):
        distances = []
        for seed in range(6):
            state = empty_park(("pigeons", "ducks"), seed=seed, bounce=level)
            put(state, 0, "north_lawn", 2)
            drops.drop(state, table.supply(state, "crumb"), "feeding")
            distances += [math.dist(state.pieces[c].pose[:2], (250, 250)) for c in table.on_board(state, "crumb")]
        spread[level] = sum(distances) / len(distances)
    assert spread["low"] < spread["normal"] < spread["high"]


# --- a search's stand-in for drops -----------------------------------------------------------------
def test_a_searchs_imagined_game_drops_by_sampled_landings_and_plays_on_by_the_rules():
    from games.core.ismcts import random_policy

    game = GAME
    state = game.new_state(3, {}, 5)
    world = state.view(0).determinize(random.Random(2))
    game.search.world(world)
    rng, drops = random.Random(3), []
    while not world.is_over():
        events = world.apply(random_policy(world, rng))
        world.check()
        drops += [e for e in events if e.kind == "drop"]
    assert len(drops) >= 5 and all(not e.data["frames"] and not e.data["knocked"] for e in drops)
    assert all(table.where(world, p) is not None for p in table.on_board(world))
    assert not state.sampled_drops and not state.clone().sampled_drops and not world.view(0).sampled_drops


def test_sampled_landings_cover_the_park_by_area():
    from physics import Piece as Body

    game = GAME
    world = game.new_state(2, {}, 1).view(None).determinize(random.Random(1))
    game.search.world(world)
    counts, total = {}, 0
    for _ in range(40):
        for p, pose in drops.sampled_drop(world, [Body(f"c{i}", "crumb") for i in range(50)]).poses.items():
            space = world.board.space_at((pose.x, pose.y))
            counts[space] = counts.get(space, 0) + 1
            total += 1
    fountain = world.board.fountain
    share = counts.get(fountain, 0) / total
    expected = area(world.board.spaces[fountain].polygon) / (world.board.width * world.board.height)
    assert 0.7 * expected <= share <= 1.3 * expected
