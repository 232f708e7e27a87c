"""Lines typed at a shared screen: the up arrow brings back what the table typed in view (``board``, ``hand
Ann``), never a line typed behind a gate or at one (it may be a secret: a convoy, a card typed before the
screen passed), and a line typed at a gate is wiped from the screen. A trial: hiding a private screen emptied
the whole history, the table's own lines too."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import cli_env, run_cli_subprocess
from tests.support.terminal import (
    drive,
)

UP = "\x1b[A"


def test_the_up_arrow_keeps_the_tables_lines_and_forgets_a_line_typed_at_a_gate(home: Path) -> None:
    gate, hide = "press Enter when only Ann is looking", "Press Enter to hide"
    ben = "press Enter when only Ben is looking"
    args = ["play", "potra-bash", "--seats", "Ann,Ben,bot:normal", "--seed", "3"]
    shown = drive(
        home,
        args,
        [
            (gate, "\r"),
            (hide, "\r"),
            (ben, "\r"),
            (hide, "\r"),  # the dealt hands
            ("must play a card", "board\r"),
            ("must play a card", "hand Ann\r"),
            (gate, "g4 secret\r"),  # typed at the gate: refused, never recalled
            ("not played", "\r"),
            (hide, "\r"),
            ("must play a card", UP + "\r"),  # the last line the table typed: hand Ann, not the secret
            (gate, "\r"),
            (hide, "\r"),
            ("must play a card", UP + UP + "\r"),  # and before it: board
            ("must play a card", "quit\r"),
        ],
    )
    # shown[i]: the screen up to step i's text, before its keys: what the keys of step i - 1 brought
    # a trial: a convoy typed at "Pass the screen to Ann" stayed on the shared screen, echoed by the terminal:
    # the rows it took are cleared (the cursor up to the prompt's row, the screen below it erased)
    typed, wiped = shown[7].index("g4 secret"), shown[7].index("\x1b[1F\x1b[J")
    assert typed < wiped < shown[7].index("Wiped, not played")
    assert "g4 secret" not in "".join(shown[8:])
    assert "hand Ann" in shown[10]  # recalled and typed again: the gate comes back
    assert "board" in shown[13] and "Centre card" in shown[13]  # recalled: the board drawn again


class History:
    """The line editor's history, as ``readline`` keeps it."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    def get_current_history_length(self) -> int:
        return len(self.lines)

    def remove_history_item(self, index: int) -> None:
        del self.lines[index]


def test_the_lines_typed_behind_a_secret_gate_are_forgotten_when_the_screen_is_hidden(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Prohis convoy typed behind Ann's gate is never recalled after it; what the table typed before stays."""
    from companion.screen.output import TextOutput

    history = History("board", "hand Ann")
    monkeypatch.setitem(sys.modules, "readline", history)
    monkeypatch.setattr("builtins.input", lambda prompt="": "")  # Enter at every gate
    out = TextOutput()
    out.interactive = True
    assert out.secret("Ann") is None  # "Pass the screen to Ann": Enter
    history.lines += ["hand", "convoy g g x"]  # typed behind the gate
    out.secret(None)  # the screen hidden
    assert history.lines == ["board", "hand Ann"]
    out.private("Ben", ["Ben draws a legal good."])  # private news: nothing typed, nothing forgotten
    assert history.lines == ["board", "hand Ann"]


def test_an_enter_typed_ahead_does_not_pass_the_next_persons_gate(home: Path) -> None:
    """A trial: a double Enter at Ann's "Press Enter to hide" passed "For Ben's eyes only" too, and Ben's hand
    showed while Ann was looking. Keys typed before a gate appears are dropped: Ben's gate waits for its own."""
    shown = drive(
        home,
        ["play", "potra-bash", "--seats", "Ann,Ben,bot:normal", "--seed", "2"],
        [
            ("press Enter when only Ann is looking", "\r"),
            ("Press Enter to hide", "\r\r"),  # a double press
            ("press Enter when only Ben is looking", ""),
        ],
        settle=1.0,
    )
    assert "Ann's hand" in shown[1] and "Ben's hand" not in "".join(shown)


def error_event(stderr: str) -> dict[str, str]:
    return {"event": "error", "kind": "refused", "message": stderr.strip().removeprefix("error: ")}


def test_several_people_at_a_terminal_need_the_output_on_it(home: Path) -> None:
    """A trial: `play prohis --seats Ann,Ben,normal | tee game.log` waited at every gate but never cleared the
    screen, and the log held every hand; `--json` at the keyboard printed each hand at once. Refused before
    anything is saved; one person, or input from a program, plays as before."""
    main, terminal = pty.openpty()
    try:
        for extra, words in (([], "cannot go to a pipe or a file"), (["--json"], "--json is for a program")):
            run = subprocess.run(
                [sys.executable, "-m", "companion", "play", "prohis", "--seats", "Ann,Ben,normal", *extra],
                stdin=terminal,
                capture_output=True,
                text=True,
                env=cli_env(home),
                timeout=60,
            )
            assert run.returncode == 2 and words in run.stderr
            # nothing of the game; under --json the refusal as an event (as every command's)
            assert run.stdout == ("" if not extra else json.dumps(error_event(run.stderr)) + "\n")
        alone = subprocess.run(
            [sys.executable, "-m", "companion", "play", "prudh", "--bot", "random", "--json"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            env=cli_env(home),
            timeout=60,
        )
        assert alone.returncode == 0 and '"event": "start"' in alone.stdout
    finally:
        os.close(main)
        os.close(terminal)
    assert (
        not list(home.glob("*.sqlite3"))
        or "prohis"
        not in subprocess.run(
            [sys.executable, "-m", "companion", "history"], capture_output=True, text=True, env=cli_env(home)
        ).stdout.lower()
    )


def test_resume_refused_for_a_shared_game_names_the_other_open_games(home: Path) -> None:
    """A trial: plain `resume | cat` picked the latest game, several people's, refused it, and said nothing of
    the other open game that could go to the pipe."""
    for args in (["prudh", "--bot", "random"], ["prohis", "--seats", "Ann,Ben,normal"]):  # from a program
        started = subprocess.run(
            [sys.executable, "-m", "companion", "play", *args],
            input="quit\n",
            capture_output=True,
            text=True,
            env=cli_env(home),
            timeout=60,
        )
        assert started.returncode == 0, started.stderr
    main, terminal = pty.openpty()
    try:
        run = subprocess.run(
            [sys.executable, "-m", "companion", "resume"],
            stdin=terminal,
            capture_output=True,
            text=True,
            env=cli_env(home),
            timeout=60,
        )
    finally:
        os.close(main)
        os.close(terminal)
    assert run.returncode == 2 and run.stdout == ""
    assert "cannot go to a pipe or a file" in run.stderr
    assert "other open games: #1 Prudh" in run.stderr and "#2" not in run.stderr


def test_a_gate_wraps_between_words_on_a_narrow_screen_and_a_line_typed_there_is_wiped(home: Path) -> None:
    """A trial at 40 columns: "when on/ly Ann is looking" (input() cannot wrap its prompt). The gate is wrapped
    between words, its rest indented ("only Ann is looking." had gone on at the left edge), its last line the
    prompt; a line typed there is wiped with every row of the gate, and the refusal is wrapped the same way."""
    args = ["play", "potra-bash", "--seats", "Ann,Ben,bot:normal", "--seed", "2"]
    shown = drive(
        home,
        args,
        [("only Ann is looking. ", "a secret typed at the narrow gate\r"), ("Wiped", "")],
        columns=40,
        settle=1.0,
    )
    gate = shown[0][shown[0].rindex("For Ann's eyes only") :]
    assert gate.startswith("For Ann's eyes only: press Enter when\r\n  only Ann is looking.")
    # the echo took two rows (a prompt of 23 and 33 typed), the gate one more above: three rows cleared
    assert "\x1b[3F\x1b[J" in shown[1]
    assert "✗ Wiped, not played: press Enter alone\r\n  (or type quit); type moves later." in "".join(
        shown[1:]
    )


def test_a_window_killed_at_a_persons_news_names_them_on_resume(home: Path) -> None:
    """A trial: the window closed while Ann's drawn card waited behind her gate; resuming said nothing of it,
    and nothing at the table shows it. The names are saved before the gates open."""
    args = ["play", "potra-bash", "--seats", "Ann,Ben,bot:normal", "--seed", "2"]
    drive(
        home,
        args,
        [
            ("only Ann is looking", "\r"),
            ("Press Enter to hide", "\r"),
            ("only Ben is looking", "\r"),
            ("Press Enter to hide", "\r"),
            ("must play a card", "1\r"),  # Ann's hand: -3 -2 1
            ("For Ann's eyes only", ""),  # killed here
        ],
    )
    resumed = run_cli_subprocess(home, ["resume"], ["quit"])
    said = " ".join(resumed.stdout.split())
    assert "When the game stopped, Ann had not seen what was for Ann's eyes: type hand Ann." in said
    again = run_cli_subprocess(home, ["resume"], ["quit"])
    assert "When the game stopped" not in again.stdout  # said once


def test_a_terminated_window_clears_a_hand_on_the_screen_and_resume_clears_what_a_kill_left(
    home: Path,
) -> None:
    """A trial: `kill -TERM` while Ann's hand was shown left it on the shared screen (no handler), and the
    next window's `resume` printed below what a `kill -9` had left there."""
    args = ["play", "potra-bash", "--seats", "Ann,Ben,bot:normal", "--seed", "2"]
    shown = drive(
        home,
        args,
        [("only Ann is looking", "\r"), ("Press Enter to hide", "")],  # Ann's hand on the screen
        settle=1.0,
        then_signal=signal.SIGTERM,
    )
    assert "Ann's hand" in shown[1]
    assert "\x1b[3J" in shown[-1] and "game #1 is saved" in shown[-1]  # cleared, scrollback too, then saved
    resumed = drive(home, ["resume"], [("only Ann is looking", "")])
    assert resumed[0].startswith("\x1b[2J\x1b[3J\x1b[H")  # before anything else
