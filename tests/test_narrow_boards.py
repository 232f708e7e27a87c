"""A board keeps to the screen: on a phone beside the table (40 to 60 columns) no heading or number is cut
short. RIP's and Potra Bash's tables read "psyc…", "sco…" and "Gr…" at 40 columns, Propuh's "Table/D…" and
"(unresol…"; where a table does not fit, each row is a line of ``heading value`` pairs."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from ai import games

DATA = Path(__file__).parent / "data" / "table_golden"

CASES = [
    ("propuh", {}),
    ("rip", {}),
    ("potra-bash", {"players": 5}),
    ("prohis", {"players": 6}),
    ("prudh", {}),
]


def _golden_first_step_at_40(home: Path, name: str) -> list[str]:
    """The lines the first step of the table golden ``name`` (``DATA``) prints at 40 columns, run as a process."""
    import json
    import subprocess
    import sys

    from tests.conftest import cli_env

    first = json.loads((DATA / f"{name}.golden.json").read_text(encoding="utf-8"))["steps"][0]
    proc = subprocess.run(
        [sys.executable, "-m", "companion", *first["argv"]],
        input="".join(line + "\n" for line in first["input"]),
        capture_output=True,
        text=True,
        env={**cli_env(home), "COLUMNS": "40"},
        timeout=60,
    )
    return proc.stdout.splitlines()


def _shown(game: Any, state: Any, width: int) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None).print(game.render(state, game.to_move(state)))
    return buffer.getvalue()


def _states(name: str, options: dict[str, Any], seed: int) -> list[Any]:
    game = games.get(name)
    config = game.config_from_dict({**game.config_to_dict(game.default_config()), **options})
    state = game.initial_state(config, seed)
    rng = random.Random(seed)
    out = [state]
    for k in range(400):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
        if k % 23 == 0:
            out.append(state)
    return [*out, state]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_no_board_is_cut_short_at_any_width(name: str, options: dict[str, Any]) -> None:
    game = games.get(name)
    for state in _states(name, options, seed=3):
        for width in (36, 40, 50, 60, 80, 120):
            shown = _shown(game, state, width)
            assert "…" not in shown, (width, shown)
            assert max(len(line) for line in shown.splitlines()) <= width, (width, shown)


@pytest.mark.parametrize(("name", "options"), CASES[:4])
def test_a_wide_screen_keeps_the_table_and_a_narrow_one_every_row(name: str, options: dict[str, Any]) -> None:
    game = games.get(name)
    state = _states(name, options, seed=5)[3]
    wide, narrow = _shown(game, state, 120), _shown(game, state, 40)
    assert "┃" in wide and "┃" not in narrow
    seats = [game.seat_name(state, s) for s in range(game.num_players(state))]
    for seat in seats if name not in ("propuh",) else ["Granny", "Propuh"]:
        assert seat.lower() in wide.lower() and seat.lower() in narrow.lower(), seat


def _printed(renderable: Any, width: int) -> list[str]:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None).print(renderable)
    return buffer.getvalue().splitlines()


def test_a_cell_that_would_wrap_prints_the_rows_as_lines_each_part_kept_with_its_count() -> None:
    """A trial: at 50 columns a wrapped cell parted counts from their cards ("1 legal, 1" / "illegal") and made the
    board taller than at 40; at 40 the last -3 of a long pile fell back to the left edge."""
    from ai.grid import Grid

    seen = "2 illegal, 1 lieutenant, 1 captain, 1 inspector"
    grid = Grid(
        ("player", "hand", "seen in warehouse"), [["Ann", "6", seen], ["Bo", "5", ""]], title="Prohis"
    )
    assert "┃" in "\n".join(_printed(grid, 80))  # room enough: the table, nothing wrapped
    assert _printed(grid, 40) == [
        "Prohis",
        "Ann: hand 6",
        "  seen in warehouse 2 illegal,",
        "  1 lieutenant, 1 captain, 1 inspector",
        "Bo: hand 5",
    ]
    pile = "4 4 1 -2 -2 -2 -2 -3 -3 -3"
    lines = _printed(Grid(("player", "scoring pile"), [["Bot4", pile]]), 24)
    assert lines == ["Bot4:", "  scoring pile 4 4 1 -2", "  -2 -2 -2 -3 -3 -3"]


def _screen(shown: list[str]) -> list[str]:
    """The lines a terminal showed, without their bold and with a no-break space as a space."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", "".join(shown))
    return text.replace("\r\n", "\n").replace("\u00a0", " ").splitlines()


def test_a_board_line_wider_than_a_phone_goes_on_indented_broken_between_its_parts(tmp_path: Path) -> None:
    """A trial at 40 columns: the terminal's wrap started the rest of Propuh's deck line at the left edge
    ("Deck: 23 · Granny holds 3 · figurine on" / "the Stove"), the goals and the unseen cards were laid out for
    80 columns ("make the" / "         bed)"), and a count could be parted from its word ("pile: 50" /
    "cards")."""
    from tests.support.terminal import drive

    args = ["play", "propuh", "--solo", "--difficulty", "3", "--seed", "5"]
    lines = _screen(drive(tmp_path, args, [("(e.g. b3 t)", "quit\r"), ("saved", "")], columns=40))
    board = lines[lines.index("Goals: Granny 0/4 (to do: set the table,") :]
    assert board[:7] == [
        "Goals: Granny 0/4 (to do: set the table,",
        "         cook sarma, clean the house,",
        "         make the bed)",
        "       Propuh 0/2 (to do: open the door,",
        "         open the window)",
        "Deck: 23 · Granny holds 3 ·",
        "  figurine on the Stove",
    ]
    assert board[7:10] == [
        "Unseen: Table 1×1 2×4 3×4 4×2",
        "        Stove 1×1 2×2 3×2 4×1",
        "        Bed 1×1 2×4 3×4 4×2",
    ]


def test_every_game_breaks_a_long_board_line_between_its_parts_and_indents_its_rest() -> None:
    """Prudh's score line and legend at 45 columns went on at the left edge, where they read as lines of their
    own; RIP's legend and hand line did at 80."""
    from ai.grid import Board

    line = "Dark (you) 0 · Light 0 · off the board 0 · Light moves first"
    assert _printed(
        Board(Text(line), Text("Dark squares in [brackets]; a number is a stack's height.")), 45
    ) == [
        "Dark (you) 0 · Light 0 · off the board 0 ·",
        "  Light moves first",
        "Dark squares in [brackets]; a number is a",
        "  stack's height.",
    ]
    assert _printed(Board(Text("Display: legal, illegal, legal, legal · pile: 50 cards")), 50) == [
        "Display: legal, illegal, legal, legal ·",
        "  pile: 50 cards",
    ]
    assert _printed(Board(Text("  Inspecteur 5\u00a0000 · entrepôt 4\u00a0000 · pioche 50")), 22) == [
        "  Inspecteur 5\u00a0000 ·",
        "    entrepôt 4\u00a0000 ·",
        "    pioche 50",
    ]


@pytest.mark.parametrize(
    ("args", "columns", "first", "rest"),
    [
        (
            ["rip", "--tutorial", "--seed", "3", "--lang", "fr"],
            50,
            "Vert : piochez 5 cartes et tapez-les, p. ex.",
            "  1 1 2 3 5",
        ),
        (
            ["propuh", "--as", "propuh", "--seed", "11", "--lang", "ru"],
            45,
            "Propuh: сыграйте карту на место, например",
            "  b3 d (окно 3 на дверь)",
        ),
    ],
    ids=["rip-fr-50", "propuh-ru-45"],
)
def test_a_prompts_example_of_cards_is_never_broken_over_two_lines(
    tmp_path: Path, args: list[str], columns: int, first: str, rest: str
) -> None:
    """A trial at 50 columns in French: RIP's draw prompt ended "p. ex. 1 1 2" / "  3 5", read as two inputs; at
    45 in Russian Propuh's ended "например b3" / "  d (окно 3 на дверь)"; at 80 Potra Bash's help ended a line
    with "hint 4" and began the next with "-2 1", Prudh's with "b2" / "  e"."""
    from tests.support.terminal import drive

    play = ["play", *args, "--bot", "easy"]
    lines = _screen(drive(tmp_path, play, [("> ", "quit\r"), ("", "")], columns=columns, settle=1.0))
    at = lines.index(first)
    assert lines[at + 1] == rest


def test_the_line_that_names_the_command_to_resume_goes_on_indented_on_a_phone(tmp_path: Path) -> None:
    """A trial at 40 columns: after quit, "Continue it" / "with:" went on at the left edge, and a command wider
    than the screen was broken there too ("…python -m companion" / "resume 1")."""
    from tests.support.terminal import drive

    args = ["play", "propuh", "--solo", "--difficulty", "3", "--seed", "5"]
    lines = _screen(drive(tmp_path, args, [("> ", "quit\r"), ("", "")], columns=40, settle=1.0))
    stop = lines[lines.index("> quit") + 1 :]
    assert stop[:2] == ["Stopped; game #1 is saved. Continue it", "  with:"]
    assert all(len(line) <= 40 for line in stop) and all(line.startswith("  ") for line in stop[1:])
    assert " ".join(line.strip() for line in stop[2:]).endswith("-m companion resume 1")


def test_the_end_breakdown_and_a_list_of_cards_break_between_their_parts_on_a_phone(home: Path) -> None:
    """A trial at 40 columns: Propuh's breakdown parted a location from its count ("Table 1 · Stove 0 · Bed" /
    "2"), and Prohis's board a count from its card ("9 legal, 4 illegal, 1" / "  lieutenant, 1 captain")."""
    from ai.grid import Board

    lines = _golden_first_step_at_40(home, "propuh-solo-whole")
    at = lines.index("  green tokens: Table 2 · Stove 2 ·")
    assert lines[at + 1] == "    Bed 1"
    assert all(len(line) <= 40 for line in lines[at - 3 : at + 6]), lines[at - 3 : at + 6]
    warehouse = Text("Your warehouse: 9 legal, 4 illegal, 1 lieutenant, 1 captain")
    assert _printed(Board(warehouse), 40) == [
        "Your warehouse: 9 legal, 4 illegal,",
        "  1 lieutenant, 1 captain",
    ]


def test_a_status_line_a_game_broke_for_80_columns_is_broken_again_for_a_phone(home: Path) -> None:
    """A trial at 40 columns: Prohis's status line, broken by the game for 80 columns, went on at the left edge
    ("Bot2's turn · pile 50 · convoy of 4 ·" / "warehouses: Ann 2, …")."""
    lines = _golden_first_step_at_40(home, "prohis-bots")
    at = lines.index("Bot2's turn · pile 50 · convoy of 4 ·")
    assert lines[at + 1 : at + 3] == [
        "  warehouses: Ann 2, Bot2 0, Bot3 0 ·",
        "  your hand: 2 legal, 1 lieutenant",
    ]


def test_a_number_that_ends_a_clause_stays_with_its_word_on_a_phone(tmp_path: Path) -> None:
    """A trial at 40 columns in Russian: the step after a RIP card ended "у особняка" / "    1."; at 80 Prohis's
    setup ended a line with "illegal" and began the next with "4,000"."""
    from tests.support.terminal import drive

    args = ["play", "rip", "--tutorial", "--bot", "easy", "--first", "me", "--seed", "5", "--lang", "ru"]
    steps = [("1 1 2 3 5", "draw 1 2 3 5 5\r"), ("2 2 5", "2 more\r"), ("2 против 0", "quit\r"), ("", "")]
    lines = _screen(drive(tmp_path, args, steps, columns=40, settle=1.0))
    at = lines.index("  → Зелёный: ваша карта 2 ложится лицом")
    assert lines[at + 1 : at + 3] == ["    вверх на сторону Зелёного у", "    особняка 1."]
