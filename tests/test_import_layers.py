"""The packages keep their shape: the import-linter contracts in ``pyproject.toml`` hold (companion's layers,
no cycle, ``ai`` never importing ``companion`` or ``printables``), and no game imports another game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("propuh", "rip", "potra_bash", "prudh", "prohis")


def test_the_import_contracts_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def _imports(path: Path, package: str) -> set[str]:
    """The modules a source file imports, relative imports resolved against its ``package``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_no_game_imports_another_game() -> None:
    """By the files' imports: two of the games are namespace packages (no ``__init__.py``), which the import
    graph of import-linter leaves out."""
    crossings = []
    for game in GAMES:
        files = sorted((ROOT / "ai" / game).rglob("*.py"))
        assert files
        for path in files:
            package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
            crossings += [
                (path.name, module)
                for module in _imports(path, package)
                if any(
                    module == f"ai.{other}" or module.startswith(f"ai.{other}.")
                    for other in GAMES
                    if other != game
                )
            ]
    assert crossings == []
