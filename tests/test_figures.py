"""Tables of figures on a narrow screen: a row a line, no figure cut, each beside its column's name."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table
from typer.testing import CliRunner

from companion.screen.figures import print_table


def _table(rows: list[tuple[str, str, str]]) -> Table:
    table = Table(title="exploit:greedy seat by seat")
    for column in ("seat", "wins", "95% interval"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(*row)
    return table


def _printed(table: Table, width: int) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    print_table(console, table)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def test_a_table_that_fits_is_a_table_and_a_narrow_screen_gets_a_row_a_line() -> None:
    rows = [("Dark", "100.0%", "72.2% – 100.0%"), ("Light", "80.0%", "49.0% – 94.3%")]
    assert "┃" in _printed(_table(rows), 80)
    narrow = _printed(_table(rows), 30)
    assert "…" not in narrow and "┃" not in narrow
    assert narrow.splitlines()[:3] == [
        "exploit:greedy seat by seat",
        "Dark · wins 100.0% ·",  # wrapped between parts only
        "  95% interval 72.2% – 100.0%",
    ]
    joined = " ".join(line.strip() for line in narrow.splitlines())
    assert "Dark · wins 100.0% · 95% interval 72.2% – 100.0%" in joined
    assert "Light · wins 80.0% · 95% interval 49.0% – 94.3%" in joined


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Dark", "Light", "Granny", "two players"]),
            st.floats(0, 1).map(lambda x: f"{x:.1%}"),
            st.tuples(st.floats(0, 1), st.floats(0, 1)).map(lambda p: f"{p[0]:.1%} – {p[1]:.1%}"),
        ),
        min_size=1,
        max_size=4,
    ),
    st.integers(20, 60),
)
def test_no_figure_is_cut_or_parted_from_its_name_at_any_width(
    rows: list[tuple[str, str, str]], width: int
) -> None:
    lines = _printed(_table(rows), width).splitlines()
    assert all(len(line) <= width for line in lines) and not any("…" in line for line in lines)
    text = " ".join(line.strip() for line in lines)
    for seat, wins, interval in rows:
        if "┃" in text:  # the table fits: every figure whole in its cell
            assert all(figure in text for figure in (seat, wins, interval))
        else:
            assert f"wins {wins}" in text and f"95% interval {interval}" in text and seat in text


def test_the_propuh_arena_at_40_columns_cuts_no_figure(tmp_path: Path) -> None:
    from companion.cli.root import app

    run = CliRunner().invoke(
        app,
        ["arena", "propuh", "--granny", "normal", "--propuh", "normal", "--games", "20"],
        env={"COMPANION_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "40"},
    )
    assert run.exit_code == 0
    assert "…" not in run.stdout and "95% interval" in run.stdout and "Granny wins" in run.stdout
    assert all(len(line) <= 40 for line in run.stdout.splitlines())


def test_bots_at_a_narrow_terminal_wrap_between_words_under_the_text(tmp_path: Path) -> None:
    """A trial at 40 columns: the terminal broke `companion bots rip` inside words ("bank high ca/rds")."""
    from tests.support.terminal import drive

    shown = "".join(drive(tmp_path, ["bots", "rip"], [("Exploiters", "")], settle=2.0, columns=40))
    lines = shown.replace("\r\n", "\n").splitlines()
    assert lines and all(len(line) <= 40 for line in lines)
    assert "  normal     priority rules: fight for" in lines
    assert "             castles and game-deciding" in lines  # under the text, not under the name
