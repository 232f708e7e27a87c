"""Shared test support."""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from ai.propuh.bots.automaton import automaton
from ai.propuh.components import GRANNY, PROPUH
from ai.propuh.game import GAME
from ai.propuh.rules import PropuhConfig, PropuhState
from ai.protocol import Decision, Event
from tests.conftest import cli_env, run_cli

SOLO_TABLE = PropuhConfig(physical=True, untracked=(GRANNY,))


class Quiet:
    """An Output that remembers instead of printing."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.infos: list[tuple[str, str, dict[str, Any]]] = []
        self.events: list[Event] = []
        self.private_lines: list[tuple[str, list[Any]]] = []
        self.secret_name: str | None = None

    def event(self, event: Event, private_to: str | None = None) -> None:
        self.events.append(event)

    def error(self, message: str, **data: Any) -> None:
        self.errors.append(message)

    def info(self, kind: str, text: str, **data: Any) -> None:
        self.infos.append((kind, text, data))

    def board(self, game: Any, state: Any, seat: int | None) -> None:
        return None

    def prompt(self, text: str, to_move: str | None) -> None:
        return None

    def echo(self, line: str) -> None:
        return None

    def private(self, name: str, lines: list[Any], keep: bool = False, undo: bool = False) -> None:
        self.private_lines.append((name, lines))

    def secret(self, name: str | None) -> None:
        self.secret_name = name

    def status(self, game: Any, state: Any, seat: int | None) -> None:
        return None

    def hand(self, name: str, game: Any, state: Any, seat: int, gate: bool) -> None:
        if gate:
            self.private_lines.append((name, ["hand"]))

    def thinking(self, name: str, seconds: float, hint: bool = False) -> AbstractContextManager[None]:
        return contextlib.nullcontext()

    def debug(self, player: str, move: str, decision: Decision[Any]) -> None:
        return None


def script(seed: int, difficulty: str = "3") -> tuple[list[str], PropuhState]:
    """What a person would type for a whole solo game (random legal inputs), and the final state."""
    config = PropuhConfig(difficulty=difficulty, physical=True, untracked=(GRANNY,))
    state = GAME.initial_state(config, seed)
    bot = automaton(config)
    rng = random.Random(seed)
    lines = []
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        if GAME.to_move(state) == PROPUH:
            action = bot.decide(GAME.observation(state, PROPUH), legal, rng).action
        else:
            action = rng.choice(list(legal))
            lines.append(GAME.format_action(state, action))
        state = GAME.apply(state, action)
    return lines, state


def play(home: Path, seed: int, lines: list[str], *extra: str) -> object:
    return run_cli(home, ["play", "propuh", "--solo", "--seed", str(seed), "--json", *extra], lines)


def until_prompt(proc: subprocess.Popen[str]) -> None:
    """Read a ``--json`` window's events up to its next prompt (the window must not end before it)."""
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        assert line, "the session ended early"
        if json.loads(line)["event"] == "prompt":
            return


def open_window(home: Path, *args: str) -> subprocess.Popen[str]:
    """``companion ARGS --json`` in a process of its own, as a second terminal would run it, at its first prompt."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", *args, "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(home),
    )
    until_prompt(proc)
    return proc
