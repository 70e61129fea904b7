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
