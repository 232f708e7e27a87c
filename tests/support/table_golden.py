"""The golden table sessions' recorder (``bench/table_golden.py``), loaded once for the tests that replay them."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent.parent
#: Every recorded session: ``NAME.golden.json`` (the text screen) and ``NAME.json.golden.json`` (``--json``).
TRANSCRIPTS = sorted((ROOT / "tests" / "data" / "table_golden").glob("*.golden.json"))


@cache
def recorder() -> ModuleType:
    """``bench/table_golden.py`` as a module: ``replay``, ``SCENARIOS``, ``run_step``."""
    spec = importlib.util.spec_from_file_location("table_golden", ROOT / "bench" / "table_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
