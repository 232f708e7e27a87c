"""A plain terminal: an encoding without the tool's own characters (``LANG=C``, ``PYTHONIOENCODING=ascii``)
gets each in its plain form, never a ``?`` that reads as "unknown", and a table keeps its columns."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import cli_env


def _plain_run(home: Path, args: list[str], lines: list[str]) -> str:
    env = {**cli_env(home), "PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C", "COLUMNS": "80"}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        input="".join(line + "\n" for line in lines).encode(),
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.decode("ascii")


def test_propuhs_figurine_on_an_ascii_screen_is_a_mark_not_a_question_mark(home: Path) -> None:
    """A trial with LANG=C: the figurine's ♟ beside its location read "Stove ?", as if the tool did not know."""
    out = _plain_run(home, ["play", "propuh", "--solo", "--difficulty", "3", "--seed", "5"], ["quit"])
    rows = [line for line in out.splitlines() if line.startswith("|") and "/" in line]
    assert "|Stove *    |  0/3   |  1/1   |             |" in rows, out
    assert len({len(row) for row in rows}) == 1  # the columns line up
    assert "?" not in "".join(rows)
