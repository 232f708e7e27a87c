"""The packages keep their shape: the import-linter contracts in ``pyproject.toml`` hold (companion's layers,
no cycle in any package, ``ai`` never importing ``companion`` or ``printables``, no game importing another)."""

from __future__ import annotations

from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def test_no_test_module_imports_another() -> None:
    """What several test modules share lives in ``tests/support`` (or ``conftest``): a test module is a leaf."""
    import ast

    crossings = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests.test_"):
                crossings.append(f"{path.name}: {node.module}")
            if isinstance(node, ast.Import):
                crossings += [
                    f"{path.name}: {a.name}" for a in node.names if a.name.startswith("tests.test_")
                ]
    assert crossings == []
