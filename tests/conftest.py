from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from companion.screen.output import TextOutput

#: Every test speaks English unless it asks for a language (``--lang``, or ``COMPANION_LANG`` set again): the
#: machine's locale is not the test's.
os.environ["COMPANION_LANG"] = "en"


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str

    @property
    def events(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["event"] == kind]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private COMPANION_HOME for the test (and for in-process store use)."""
    path = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(path))
    return path


def cli_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["COMPANION_HOME"] = str(home)
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "100"
    return env


def run_cli(home: Path, args: Sequence[str], lines: Sequence[str] = (), timeout: float = 60) -> Run:
    """Run ``companion ARGS`` with the inputs piped in, one per line: in this process (fast), with the same
    environment a subprocess would get. An exception escaping the command fails the test (a person would
    have seen a traceback). ``run_cli_subprocess`` runs a real process where that matters."""
    from typer.testing import CliRunner

    from companion.cli.root import app

    text = "".join(line + "\n" for line in lines)
    env = {"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "100"}
    result = CliRunner().invoke(app, list(args), input=text, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.stdout, result.stderr)


def run_cli_subprocess(
    home: Path, args: Sequence[str], lines: Sequence[str] = (), timeout: float = 60
) -> Run:
    """Run ``companion ARGS`` as a real process with the inputs piped in, one per line."""
    text = "".join(line + "\n" for line in lines)
    proc = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        input=text,
        capture_output=True,
        text=True,
        env=cli_env(home),
        timeout=timeout,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def text_out() -> TextOutput:
    """A text screen at 80 columns writing into a string (``printed``), typed inputs echoed."""
    out = TextOutput(echo_input=True)
    out.console = Console(file=io.StringIO(), width=80, color_system=None, highlight=False)
    return out


def printed(out: TextOutput) -> str:
    return out.console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every store a test opens skips the disk flush after each input (a disk may take tens of ms for one):
    what is tested is what gets written, not how durably."""
    import companion.saves.store as store_module

    original = store_module.connect

    def connect(path: Path, timeout: float) -> tuple[sqlite3.Connection, bool, list[str]]:
        db, readonly, notices = original(path, timeout)
        db.execute("PRAGMA synchronous = OFF")
        return db, readonly, notices

    monkeypatch.setattr(store_module, "connect", connect)
