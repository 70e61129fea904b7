"""The frame benchmarks time what they say they time."""
from benchmarks.run import crumbs_drop_frames_ms


def test_the_crumbs_drop_benchmark_times_frames_while_a_drop_plays():
    times = crumbs_drop_frames_ms(count=30)  # found none when drops grew shorter than its old filter
    assert len(times) == 30 and all(ms > 0 for ms in times)
