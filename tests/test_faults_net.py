"""The last safety net: an exception no command expected is one line and exit status 1 from ``main()``, and
``COMPANION_DEBUG=1`` shows the traceback instead."""

from __future__ import annotations

import sys

import pytest

import companion.cli.root as cli


def _boom() -> None:
    raise RuntimeError("x" * 500 + "\nsecond line")


@pytest.mark.parametrize(
    ("argv", "saved"),
    [(["play", "rip"], True), (["--json", "resume"], True), (["score", "rip"], False), ([], False)],
)
def test_an_unexpected_exception_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], saved: bool
) -> None:
    """Saved inputs are spoken of only where a game was being played (a trial: `score` spoke of them)."""
    monkeypatch.setattr(cli, "app", _boom)
    monkeypatch.setattr(sys, "argv", ["companion", *argv])
    monkeypatch.delenv("COMPANION_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exited:
        cli.main()
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: something unexpected went wrong (RuntimeError: ")
    assert "x" * 200 not in err and "COMPANION_DEBUG=1" in err
    assert ("every input accepted before this was saved" in err) == saved


def test_companion_debug_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "app", _boom)
    monkeypatch.setenv("COMPANION_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli.main()
