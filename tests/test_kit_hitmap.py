"""The hit map: shapes registered while drawing, asked front-most first; a cached layer's map behind."""
import pygame

from graphics.kit.hitmap import HitMap


def test_the_front_most_shape_answers():
    hits = HitMap()
    hits.add("back", (0, 0, 100, 100))
    hits.add("front", (50, 50, 100, 100))
    assert hits.key_at((75, 75)) == "front" and hits.key_at((25, 25)) == "back" and hits.key_at((200, 5)) is None


def test_polygons_hit_inside_only():
    hits = HitMap()
    hits.add("triangle", [(0, 0), (100, 0), (0, 100)])
    assert hits.key_at((10, 10)) == "triangle" and hits.key_at((90, 90)) is None
    assert hits.rect_of("triangle").collidepoint((50, 50)) and isinstance(hits.shape_of("triangle"), tuple)


def test_a_layer_map_sits_behind_what_is_drawn_after_it():
    layer = HitMap()
    layer.add(("space", "a"), (0, 0, 100, 100))
    layer.tip((0, 0, 100, 20), "full text")
    frame = HitMap()
    frame.include(layer)
    frame.add(("card", 1), (40, 40, 20, 20))
    assert frame.key_at((50, 50)) == ("card", 1) and frame.key_at((10, 90)) == ("space", "a")
    assert frame.tip_at((10, 10)) == "full text" and frame.keys() == {("space", "a"), ("card", 1)}
    layer.clear()
    assert frame.key_at((10, 90)) is None


def test_a_point_inside_is_found_where_the_key_is_not_covered():
    hits = HitMap()
    hits.add("under", (0, 0, 100, 100))
    hits.add("over", (20, 20, 60, 60))
    point = hits.point_in("under")
    assert point is not None and hits.key_at(point) == "under"
    assert hits.shape_of("over") == pygame.Rect(20, 20, 60, 60) and hits.point_in("missing") is None


def test_the_point_found_is_the_first_of_the_centre_and_grid_with_its_neighbours_inside_else_the_first_inside():
    """point_in stops at the first point that answers (issue 32: it scanned the whole grid, 2/3 of a screen test's
    time); the point is the one the whole scan chose: the first whose neighbours answer too, else the first."""
    import random

    from graphics.kit import hitmap

    def scanned(hits, key):
        rect = hits.rect_of(key)
        grid = [(rect.x + rect.width * (i + 0.5) / hitmap.SAMPLES, rect.y + rect.height * (j + 0.5) / hitmap.SAMPLES)
                for j in range(hitmap.SAMPLES) for i in range(hitmap.SAMPLES)]
        found = [p for p in [rect.center] + grid if hits.key_at(p) == key]
        inside = [p for p in found if all(hits.key_at((p[0] + dx, p[1] + dy)) == key for dx, dy in hitmap.MARGIN)]
        kind = "covered" if not found else "first" if inside[:1] == found[:1] else "a later one" if inside else \
            "no neighbours inside"
        return (inside or found or [None])[0], kind

    rng = random.Random(3)
    kinds = {"covered": 0, "first": 0, "a later one": 0, "no neighbours inside": 0}
    for _ in range(300):
        hits = HitMap()
        for index in range(6):
            hits.add(index, (rng.randrange(100), rng.randrange(100), rng.randrange(1, 60), rng.randrange(1, 60)))
        for index in range(6):
            expected, kind = scanned(hits, index)
            assert hits.point_in(index) == expected
            kinds[kind] += 1
    assert all(kinds.values()), kinds  # every case of the rule was tried
