"""When a scene raises: the error is logged with what finds the moment again, one line goes on screen, and
the app stays on its feet (a bug in a view must never close the window with the evening's game in it)."""
from __future__ import annotations

import sys
import time
import traceback
from pathlib import Path

LOG_FILE = "kitchen-table.log"
MESSAGE = "Something went wrong drawing this; the game is saved."
UNSAVED = "Something went wrong drawing this; the game goes on, though saving has failed (see Esc)."
REPEAT_SECONDS = 5.0  # a second mishap this soon after the first: the scene's own recovery did not help


def record(folder: Path, context: str, error: BaseException) -> None:
    """Appends the error, its traceback and `context` (the game, seed and move) to the log in `folder`, and
    prints the same to standard error; a log that cannot be written is skipped."""
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    entry = f"--- {stamp} {context}\n{trace}"
    print(entry, file=sys.stderr, end="")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / LOG_FILE, "a", encoding="utf-8") as log:
            log.write(entry)
    except OSError:
        pass
