"""Hands memory the app no longer uses back to the system between matches."""
from __future__ import annotations

import ctypes
import ctypes.util
import functools

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
MMAP_BYTES = 128 * 2**10  # glibc's own starting threshold


@functools.lru_cache(maxsize=1)
def _libc():
    """Returns glibc, or None where the C library is another (macOS, Windows, musl)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim, libc.mallopt  # noqa: B018 - glibc's own functions, or AttributeError
        return libc
    except (OSError, AttributeError, TypeError):
        return None


def keep_big_blocks_apart() -> None:
    """Makes glibc give every block of 128 KB or more (text lines, card faces, the board layer: pixels) pages of
    its own, returned to the system when freed. By default glibc raises that threshold to the largest block
    freed so far (the last match's board layer), and then keeps surfaces in its heap, where their holes
    stay: 20 games of Scrimish grew 69 -> 74 MB from the second game to the fifth; with this 66 -> 66."""
    libc = _libc()
    if libc is not None:
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_BYTES)


def release_memory() -> None:
    """Returns the free pages of the C heap to the system: the pixels of a match's text and board layers are
    freed in the middle of the heap, which glibc otherwise keeps (docs/performance.md). No gc.collect() here:
    it costs 60-100 ms at every start, and Python's own collections free the last match's cycles soon."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
