"""Animation timings: seconds read by name from a game's layout, and a step started later."""
import pytest

from games.core.errors import DataError
from graphics.config import game_layout
from graphics.kit.timeline import Timeline, Wait
from graphics.kit.timing import later, timings


@pytest.mark.parametrize("game, section", [("scrumpy", "anim"), ("stumped", "seconds"), ("scrappers", "seconds")])
def test_seconds_are_the_numbers_of_the_games_layout_section(game, section):
    seconds = timings(game, section)
    entries = game_layout(game).get(section)
    assert entries and all(seconds(name) == value for name, value in entries.items()
                           if isinstance(value, (int, float)))


def test_a_timing_missing_from_the_layout_is_a_data_error_naming_it():
    with pytest.raises(DataError, match="seconds.no_such_timing"):
        timings("stumped", "seconds")("no_such_timing")


def test_a_later_step_waits_its_delay_and_no_delay_is_the_step_itself():
    step = Wait(0.5)
    assert later(0, step) is step and later(-1, step) is step
    delayed = Timeline(later(0.25, step))
    assert delayed.duration == 0.75 and [start for start, leaf in delayed.leaves if leaf is step] == [0.25]
