"""The rules and the physics never import pygame or the graphics package."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("pygame", "graphics")


def imported_modules(path: Path) -> list[str]:
    """Returns every module name a Python file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_games_and_physics_do_not_import_pygame_or_graphics():
    files = [p for folder in ("games", "physics") for p in (ROOT / folder).rglob("*.py")]
    assert files, "no rules files found"
    offenders = [(str(p.relative_to(ROOT)), name) for p in files for name in imported_modules(p)
                 if name.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_the_check_sees_a_pygame_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom pygame import Rect\n")
    assert "pygame" in imported_modules(sample)
