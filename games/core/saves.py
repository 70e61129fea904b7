"""Save files: versioned JSON written atomically, read with checks that refuse damage clearly."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from games.core.errors import SaveError

FORMAT = "kitchen-table-save"
VERSION = 1


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Writes `data` as JSON to `path` so that a crash leaves either the old or the new file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"))
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def read_save(path: Path) -> dict[str, Any]:
    """Returns the checked header and body of a save file; raises SaveError saying what is wrong."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"There is no save file at {path}.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"{path.name} cannot be read ({error}).") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise SaveError(f"{path.name} is damaged: it is not a complete save file.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path.name} is not a Kitchen Table save file.")
    if data.get("version") != VERSION:
        raise SaveError(f"{path.name} was saved by another version (format {data.get('version')!r}).")
    for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int),
                      ("seats", list), ("history", list), ("state", dict)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{path.name} is damaged: its '{key}' is missing or wrong.")
    return data
