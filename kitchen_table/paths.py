"""Where the games' data lives: `data/` beside the packages in a checkout, or the copy the wheel installs
inside this package (kitchen_table/data). Found from the code, never from the working directory."""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
MARK = Path("table") / "seats.yaml"  # a file every data folder has: a stray `data/` elsewhere is not taken


def data_root() -> Path:
    """Returns the folder of the games' data (data/<game>/, data/table/)."""
    for folder in (HERE.parent / "data", HERE / "data"):  # a checkout, then an installed wheel
        if (folder / MARK).is_file():
            return folder
    raise FileNotFoundError(f"Kitchen Table's data is missing: neither {HERE.parent / 'data'} nor {HERE / 'data'} "
                            f"holds {MARK.as_posix()} (reinstall the package)")


DATA_ROOT = data_root()
