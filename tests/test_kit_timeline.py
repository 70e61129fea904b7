"""One timeline for every game: steps in sequence or in parallel, slots shown by one step at a time."""
import pygame

from graphics.kit.timeline import (
    BOARD,
    TOP,
    Banner,
    Frames,
    Key,
    Move,
    Panel,
    Timeline,
    Tween,
    Wait,
    parallel,
    sequence,
)
from tests.kit_helpers import painter


def recorder():
    """Returns a list and a Tween draw function that appends (slot name, progress) to it."""
    seen = []
    return seen, lambda name: (lambda paint, u: seen.append((name, round(u, 2))))


def test_sequence_and_parallel_place_steps_in_time():
    a, b, c = Wait(0.5), Wait(1.0), Wait(0.25)
    timeline = Timeline(sequence(a, parallel(b, c), Wait(0.1)))
    starts = {id(step): start for start, step in timeline.leaves}
    assert starts[id(a)] == 0 and starts[id(b)] == starts[id(c)] == 0.5
    assert abs(timeline.duration - 1.6) < 1e-9
    timeline.update(0.6)
    assert {step for step, _ in timeline.playing()} == {b, c} and not timeline.done
    timeline.update(1.0)
    assert timeline.done


def test_a_slot_is_shown_by_the_latest_started_step_else_the_next_one():
    seen, draw = recorder()
    first = Tween(("tracker", 0), 1.0, draw("first"), ease="linear")
    second = Tween(("tracker", 0), 1.0, draw("second"), ease="linear")
    timeline = Timeline(sequence(Wait(1.0), first, Wait(1.0), second))
    paint = painter()
    for t, expected in ((0.5, ("first", 0.0)), (1.5, ("first", 0.5)), (2.5, ("first", 1.0)),
                        (3.5, ("second", 0.5)), (9.0, ("second", 1.0))):
        timeline.t = t
        seen.clear()
        timeline.draw(paint, BOARD)
        assert seen == [expected], t


def test_frames_rest_before_they_play_and_hold_the_last_frame():
    drawn = []
    frames = [{"a": (0, 0, 0, 0.0), "b": (5, 5, 0, 9.0)}, {"a": (1, 1, 0, 0.0), "b": (6, 6, 0, 0.0)}]
    step = Frames(frames, 2, lambda paint, item, pose: drawn.append((item, pose[0])), lambda pose: pose[3],
                  entering={"b"})
    timeline = Timeline(sequence(Wait(1.0), step))
    paint = painter()
    timeline.t = 0.5
    timeline.draw(paint)
    assert drawn == [("a", 0)]  # the dropped piece is not on the table yet
    drawn.clear()
    timeline.t = 1.1
    timeline.draw(paint)
    assert drawn == [("a", 0), ("b", 5)]  # in the air: drawn last
    drawn.clear()
    timeline.t = 5.0
    timeline.draw(paint)
    assert sorted(drawn) == [("a", 1), ("b", 6)]


def test_moves_flip_fade_and_banners_are_drawn_on_top_only():
    paint = painter()
    calls = []

    def sprite(assets, face_up, size):
        calls.append(face_up)
        return pygame.Surface(size)

    move = Move("card", sprite, [Key(0, pygame.Rect(0, 0, 100, 140), False),
                                 Key(0.4, pygame.Rect(300, 0, 100, 140), True, 0.5)])
    banner = Banner("Halberd beats Morning Star", pygame.Rect(20, 8, 1500, 64), 1.0)
    panel_draws = []
    timeline = Timeline(parallel(move, banner, Panel(0.3, lambda p, t: panel_draws.append(t))), {("top", 0, 1)})
    timeline.t = 0.1
    timeline.draw(paint, BOARD)
    timeline.t = 0.3
    timeline.draw(paint, BOARD)
    assert calls == [False, True] and len(panel_draws) == 2
    paint.hits.clear()
    timeline.draw(paint, TOP)
    assert calls == [False, True]  # the move is not drawn again on the top layer
    assert timeline.hidden == {("top", 0, 1)} and abs(timeline.duration - 1.0) < 1e-9


def test_a_card_held_large_between_two_keys_is_pictured_at_its_own_size_not_scaled_up_from_an_end():
    """Scrimish's attack holds both cards large in front for a while: those frames draw the card's own picture at
    that size (sharp, and cached: a blit), not one scaled up each frame from the move's small ends."""
    paint = painter((1920, 1080))
    asked = []

    def sprite(assets, face_up, size):
        asked.append(size)
        return assets.cached(("test-held", size), lambda: pygame.Surface(size, pygame.SRCALPHA))

    small, large = pygame.Rect(100, 600, 100, 140), pygame.Rect(800, 300, 240, 336)
    move = Move("card", sprite, [Key(0, small), Key(0.3, large), Key(1.2, large), Key(1.5, small.move(40, 0))])
    for step in range(4, 12):  # the held stretch, 0.4 s .. 1.1 s
        asked.clear()
        move.draw(paint, step / 10)
        assert asked == [paint.viewport.rect(large).size], f"at {step / 10} s the card was pictured at {asked}"
