"""The kit's event dispatch: a table of handlers by event kind turns one move's events into the steps of one
timeline, in order; kinds with no handler, or handlers that show nothing, add no step."""
import pytest

from games.core.actions import Event
from graphics.kit.event_steps import event_steps, handlers, played_in_order
from graphics.kit.timeline import Timeline, Wait


def test_each_event_goes_to_its_kinds_handler_in_order_with_its_data():
    seen = []
    table = handlers({"draw": lambda data, event: seen.append(("draw", data["n"], event.kind)) or Wait(data["n"]),
                      ("pay", "gain"): lambda data, event: seen.append((event.kind, data["n"], event.text)) or None})
    events = [Event("gain", "{0} gains", {"n": 1}), Event("draw", "", {"n": 2}), Event("shout", "", {"n": 3}),
              Event("pay", "{0} pays", {"n": 4}), Event("draw", "", {"n": 5})]
    steps = event_steps(events, table)
    assert seen == [("gain", 1, "{0} gains"), ("draw", 2, "draw"), ("pay", 4, "{0} pays"), ("draw", 5, "draw")]
    assert [step.duration for step in steps] == [2, 5]  # the unknown kind and the handlers returning None: no step


def test_a_tuple_of_kinds_shares_one_handler_and_a_kind_named_twice_is_refused():
    show = lambda data, event: None  # noqa: E731
    assert set(handlers({("pay", "gain", "lose"): show, "drop": show})) == {"pay", "gain", "lose", "drop"}
    with pytest.raises(ValueError, match="'gain' has two handlers"):
        handlers({("pay", "gain"): show, "gain": show})


def test_steps_play_one_after_another_hiding_their_places_and_no_step_is_no_timeline():
    first, second = Wait(0.5), Wait(0.25)
    timeline = played_in_order([first, second], {("card", 1)})
    assert isinstance(timeline, Timeline) and timeline.hidden == {("card", 1)}
    assert [(start, step) for start, step in timeline.leaves] == [(0.0, first), (0.5, second)]
    assert timeline.duration == 0.75
    assert played_in_order([], {("card", 1)}) is None
