"""Issue 16, typed text: markup-like and very long input at every kind of prompt of every game.

Sessions are driven in process through the real text output (rich, at 80 columns) and the JSON output: whatever
is typed, the session answers with lines, never an exception; refused input changes nothing and saves nothing;
typed text shows as written (never read as rich markup) and a long line comes back cut.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from ai.games import get
from ai.propuh.components import GRANNY
from companion.saves.store import Store
from companion.screen.output import JsonOutput, TextOutput
from companion.table.session import TableSession
from tests.conftest import run_cli

#: (name, game, config, seats): each game with its chance prompts (a physical deck) and without.
TABLES: list[tuple[str, str, Callable[[Any], Any], list[str]]] = [
    (
        "propuh-solo-table",
        "propuh",
        lambda c: replace(c, physical=True, untracked=(GRANNY,)),
        ["human", "automaton"],
    ),
    ("propuh-2p-dealer", "propuh", lambda c: replace(c, solo=False), ["human", "random"]),
    ("prudh", "prudh", lambda c: c, ["human", "random"]),
    ("rip", "rip", lambda c: c, ["human", "random"]),
    ("rip-physical", "rip", lambda c: replace(c, physical=(0,)), ["human", "random"]),
    ("potra-bash", "potra-bash", lambda c: c, ["human:Ann", "random", "human:Ben", "random"]),
    ("prohis", "prohis", lambda c: c, ["human:Ann", "random", "random", "human:Ben"]),
]

TAGS = [
    "[/x]",
    "[bold]",
    "[",
    "]",
    "[red]x[/]",
    "\\[x]",
    "[link=file:///etc]a[/link]",
    "[/]",
    "[@click]",
    ":x:",
]
MARKUP = st.sampled_from(TAGS)
FUZZ_TEXT = st.one_of(
    MARKUP,
    st.text(alphabet="[]/\\=#@:ab 1", min_size=1, max_size=25),
    st.integers(500, 12_000).map(lambda n: ("[b" * n)[:n]),
    st.integers(41, 499).map(lambda n: "x" * n),
)
FUZZ_LINE = st.tuples(st.sampled_from(["", "hand ", "hint ", "help "]), FUZZ_TEXT).map("".join)


class Screen:
    """The text output at 80 columns, captured."""

    def __init__(self) -> None:
        self.out = TextOutput(echo_input=True)
        self.buffer = io.StringIO()
        self.out.console = Console(file=self.buffer, width=80, highlight=False, no_color=True)

    def take(self) -> str:
        text = self.buffer.getvalue()
        self.buffer.seek(0)
        self.buffer.truncate()
        return text


def _session(tmp: Path, table: str, out: Any, seed: int) -> TableSession:
    _, name, config, seats = next(t for t in TABLES if t[0] == table)
    game = get(name)
    store = Store(tmp / f"{table}-{seed}.sqlite3")
    store.db.execute("PRAGMA synchronous = OFF")  # no fsync per input: the test is about text, not disks
    return TableSession.new(
        game, config(game.default_config()), seats, seed, "fuzz", store, out, {"think": 0.01}
    )


def _drive(session: TableSession, fuzz: list[str], moves: int, seed: int) -> list[tuple[str, int, int]]:
    """Run the session loop: at each prompt one fuzz line, then a random legal input. Returns, per fuzz line,
    (line, inputs saved before it, inputs saved after it)."""
    rng = random.Random(seed)
    game = session.game
    seen: list[tuple[str, int, int]] = []

    def saved() -> int:
        return len(session.store.moves(session.id))

    def script() -> Iterator[str]:
        for k in range(moves):
            if game.is_over(session.state):
                return
            line, before = fuzz[k % len(fuzz)], saved()
            yield line
            seen.append((line, before, saved()))
            if game.is_over(session.state):
                return
            yield game.format_action(session.state, rng.choice(list(game.legal_actions(session.state))))

    lines = script()
    session.run(lambda: next(lines, None))
    return seen


@pytest.mark.parametrize("table", [t[0] for t in TABLES])
@settings(
    max_examples=5,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(fuzz=st.lists(FUZZ_LINE, min_size=1, max_size=6), seed=st.integers(0, 2**16))
def test_any_typed_text_at_any_prompt_is_a_line_not_a_traceback(
    tmp_path: Path, table: str, fuzz: list[str], seed: int
) -> None:
    screen = Screen()
    session = _session(tmp_path, table, screen.out, seed)
    seen = _drive(session, fuzz, moves=6, seed=seed)
    text = screen.take()
    for line, before, after in seen:
        if line in TAGS:  # markup alone is never a move (a game may forgive junk around a real move)
            assert after == before, f"{line[:60]!r} was taken for a move"
        if len(line) > 100:  # a long line never comes back whole
            assert line[:100] not in text.replace("\n", "")


@pytest.mark.parametrize("table", [t[0] for t in TABLES])
def test_markup_shows_as_typed_and_a_long_line_comes_back_cut(tmp_path: Path, table: str) -> None:
    screen = Screen()
    session = _session(tmp_path, table, screen.out, 1)
    screen.take()
    before = session.state
    saved = session.store.moves(session.id)
    assert not session.human("[bold]zz[/bold]")
    assert not session.human("q" * 10_000)
    text = screen.take()
    errors = [" ".join(part.split()) for part in text.split("✗")[1:]]  # rows wrapped at 80 columns, joined
    assert len(errors) == 2, text
    assert "[bold]" in errors[0] or "bold" in errors[0]
    assert "unknown word ''" not in errors[0]
    assert "10,000 characters" in errors[1] and "q" * 40 + "…" in errors[1] and "q" * 41 not in errors[1]
    assert session.state == before and session.store.moves(session.id) == saved


def test_json_errors_are_cut_too(tmp_path: Path) -> None:
    buffer = io.StringIO()
    out = JsonOutput()
    out.stream = buffer
    session = _session(tmp_path, "prudh", out, 1)
    session.human("a1 " + "z" * 3000)
    session.hand("n" * 3000)
    errors = [json.loads(line)["message"] for line in buffer.getvalue().splitlines() if '"error"' in line]
    assert len(errors) == 2
    assert all(len(message) <= 300 and "…" in message for message in errors)


@pytest.mark.parametrize("game", ["prudh", "propuh", "rip", "potra-bash", "prohis"])
def test_the_issues_command_hand_slash_x_is_one_line_in_every_game(home: Path, game: str) -> None:
    args = ["play", game, "--seed", "1", "--think", "0.01"]
    run = run_cli(home, args, ["hand [/x]", "[bold]", "quit"])
    assert run.returncode == 0, run.stderr
    assert "[/x]" in run.stdout
    assert "unknown word ''" not in run.stdout
