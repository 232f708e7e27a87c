"""A plain terminal: an encoding without the tool's own characters (``LANG=C``, ``PYTHONIOENCODING=ascii``)
gets each in its plain form, never a ``?`` that reads as "unknown", and a table keeps its columns."""

from __future__ import annotations

import re
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


def test_a_dumb_terminal_gets_its_own_width_no_control_codes_and_the_hand_scrolled_off(
    tmp_path: Path,
) -> None:
    """A trial with TERM=dumb at 60 columns: rich laid every line out for 80 (cut by the terminal inside words,
    "10 of each v" / "alue"), the clear after "Press Enter to hide" did nothing there (Ann's hand stayed on the
    screen above Ben's gate), and the line editor scrolled the gate's prompt sideways ("<ress Enter when only Ann
    is looking.")."""
    from tests.support.terminal import drive

    args = ["play", "potra-bash", "--seats", "Ann,Ben,bot", "--seed", "4"]
    steps = [("only Ann is", "\r"), ("Press Enter to hide.", "\r"), ("only Ben is", "quit\r"), ("saved", "")]
    shown = drive(tmp_path, args, steps, columns=60, env={"TERM": "dumb"})
    assert not any("\x1b" in part for part in shown)
    lines = "".join(shown).replace("\r\n", "\n").splitlines()
    assert all(len(line) <= 60 for line in lines)
    assert "The tool has shuffled its own deck of 50 cards (10 of each" in lines
    assert "For Ann's eyes only: press Enter when only Ann is" in lines  # the prompt, "looking.", leaves room
    # after Enter at "Press Enter to hide" (the prompt's last space may come with it): the screen scrolled clear,
    # then the table's lines again
    hidden = shown[2].lstrip(" ")
    assert hidden.startswith("\r\n" * 25) and "Ann's hand" not in hidden and "Game #1" in hidden


def test_a_french_table_on_an_ascii_screen_reads_its_letters_without_accents(home: Path) -> None:
    """A trial with LANG=C and --lang fr: every accented letter was a "?" ("difficult? 3", "Fen?tre", "d?placez");
    now its letter, one column as before, so the table keeps its columns, and « » as quotes."""
    args = ["play", "propuh", "--solo", "--difficulty", "3", "--seed", "5", "--lang", "fr"]
    out = _plain_run(home, args, ["aide", "quit"])
    assert out.startswith("Partie no 1 : solo, difficulte 3.")
    rows = [line for line in out.splitlines() if line.startswith("|") and "/" in line]
    assert "|Lit/Fenetre |  0/2  |  1/3   |               |" in rows, out
    assert len({len(row) for row in rows}) == 1
    assert re.search(r"\w\?|\?\w", out) is None, out  # no letter lost (French sets a space before its "?")
