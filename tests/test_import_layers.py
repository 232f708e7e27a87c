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
