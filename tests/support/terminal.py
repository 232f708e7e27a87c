"""Shared test support."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import cli_env


def drive(
    home: Path,
    args: list[str],
    steps: list[tuple[str, str]],
    timeout: float = 60,
    settle: float = 0.0,
    columns: int | None = None,
    then_signal: int | None = None,
    env: dict[str, str] | None = None,
) -> list[str]:
    """Run ``companion ARGS`` on a pseudo-terminal; for each step wait until the output since the previous
    step shows its text, then type its keys. The output between steps, one string a step, and what the last
    ``settle`` seconds showed after the last step (after ``then_signal``, sent to the process, ended it)."""
    main, terminal = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", *args],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env={**cli_env(home), **({"COLUMNS": str(columns)} if columns else {}), **(env or {})},
        preexec_fn=_own_terminal,
    )
    os.close(terminal)
    shown: list[str] = []
    deadline = time.monotonic() + timeout

    def read_until(wait: str, until: float) -> bytes:
        """What the terminal shows until ``wait`` (empty: nothing) appears or ``until`` passes."""
        out = b""
        while not (wait and wait.encode() in out) and time.monotonic() < until:
            ready, _, _ = select.select([main], [], [], 0.1)
            if ready:
                try:
                    out += os.read(main, 65536)
                except OSError:
                    break
        return out

    try:
        for wait, keys in steps:
            out = read_until(wait, deadline)
            assert wait.encode() in out, f"no {wait!r} in {out.decode(errors='replace')[-600:]!r}"
            shown.append(out.decode(errors="replace"))
            if keys:
                time.sleep(0.1)  # the prompt is drawn; the line editor reads the keys from here
                os.write(main, keys.encode())
        if then_signal is not None:  # then the signal, and what the terminal shows until the game is saved
            # once the line editor waits: a signal in the instant before it does is read at the next key (the
            # editor's own race, Ctrl-C's too)
            time.sleep(0.3)
            proc.send_signal(then_signal)
            shown.append(read_until("is saved", time.monotonic() + 30).decode(errors="replace"))
            return shown
        shown.append(read_until("", time.monotonic() + settle).decode(errors="replace"))
    finally:
        proc.kill()
        proc.wait(timeout=5)
        os.close(main)
    return shown


def _own_terminal() -> None:
    """In the child: a session of its own with the pseudo-terminal as its terminal, as a shell gives it (Ctrl-C
    typed there interrupts it), and Ctrl-C's signal handled by default, as an interactive shell starts a command:
    a suite run in the background of a script inherits SIGINT ignored, and Python then sets no handler of its
    own, so the Ctrl-C typed would do nothing."""
    import fcntl
    import signal
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
