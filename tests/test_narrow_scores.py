"""A score check on a phone (40 columns): each line laid out for the screen, broken between cards of different
values, sets and a player's kinds of cards, never inside a word or a set, nor a count away from its card."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.terminal import drive


def _lines(home: Path, args: list[str], last: str) -> list[str]:
    shown = "".join(drive(home, ["score", *args], [(last, "")], columns=40, settle=0.5))
    return re.sub(r"\x1b\[[0-9;]*m", "", shown).replace("\u00a0", " ").replace("\r\n", "\n").splitlines()


def test_potra_bash_piles_are_laid_out_for_a_narrow_screen(tmp_path: Path) -> None:
    """A trial at 40 columns in Russian: the breakdown, laid out for 80, was cut by the terminal inside a word
    ("(еди" / "ниц: 3)") and inside a set ("3 3" / "3,")."""
    cy = "Cy=" + ",".join(["-3"] * 7 + ["4"] * 6 + ["3"] * 6 + ["-2"] * 6 + ["1"] * 3)
    args = ["potra-bash", "Ann=1,1,3,-2,-2,-2", "Ben=4,4,4,3,-3,-3,-3", cy, "--lang", "ru"]
    lines = _lines(tmp_path, args, "с результатом 5.")
    assert all(len(line) <= 40 for line in lines), lines
    assert lines[lines.index("Cy   4 4 4 4 4 4 3 3 3 3 3 3 1 1 1") :][:7] == [
        "Cy   4 4 4 4 4 4 3 3 3 3 3 3 1 1 1",
        "     -2 -2 -2 -2 -2 -2",
        "     -3 -3 -3 -3 -3 -3 -3",
        "     сброшено: 4 4 4, 4 4 4, 3 3 3,",
        "     3 3 3, -2 -2 -2, -2 -2 -2,",
        "     -3 -3 -3, -3 -3 -3",
        "     · 1 + 1 + 1 - 3 = 0  (единиц: 3)",
    ]


def test_prohis_cards_break_between_their_kinds_on_a_narrow_screen(tmp_path: Path) -> None:
    """A trial at 40 columns: a count was parted from its card ("+3,000, 1" / "inspector in hand") and the total
    from its sign ("=" / "11,000")."""
    args = ["prohis", "Ann=12g 3x l/c i", "Ben=10g 2x c/x i", "Cy=5g/l c i"]
    lines = _lines(tmp_path, args, "Ann wins with 32,000.")
    assert all(len(line) <= 40 for line in lines), lines
    assert lines[lines.index("Cy: 5 legal stored +5,000,") :][:4] == [
        "Cy: 5 legal stored +5,000,",
        "  1 lieutenant in hand +1,000,",
        "  1 captain in hand +2,000,",
        "  1 inspector in hand +3,000 = 11,000",
    ]
