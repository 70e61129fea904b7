"""The frame benchmarks time what they say they time."""
import os
import sys

import pytest

from benchmarks.run import child, crumbs_drop_frames_ms


def test_the_crumbs_drop_benchmark_times_frames_while_a_drop_plays():
    times = crumbs_drop_frames_ms(count=30)  # found none when drops grew shorter than its old filter
    assert len(times) == 30 and all(ms > 0 for ms in times)


def test_a_measuring_process_that_fails_says_why():
    """One idle_cpu run exited 1 and nothing said why: a failed child raises with its exit code and its stderr."""
    assert child([sys.executable, "-c", "print('4.5 1.2')"], dict(os.environ)).split() == ["4.5", "1.2"]
    with pytest.raises(RuntimeError, match=r"exited 3:[\s\S]*no window here"):
        child([sys.executable, "-c", "import sys; sys.stderr.write('no window here'); sys.exit(3)"], dict(os.environ))
