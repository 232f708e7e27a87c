"""Shared test support."""

from __future__ import annotations

import random
from pathlib import Path

from ai.potra_bash.game import GAME
from ai.potra_bash.rules import PotraConfig, PotraState
from companion.cli.commands.potra_bash import parse_seats


def run_in_terminal(
    home: Path, args: list[str], lines: list[str], timeout: float = 60, prompt: bytes = b"pile>"
) -> str:
    """Run ``companion ARGS`` on a pseudo-terminal (stdin is a tty), typing ``lines``; all it printed."""
    import os
    import pty
    import select
    import subprocess
    import sys
    import time

    from tests.conftest import cli_env

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", *args], stdin=slave, stdout=slave, stderr=slave, env=cli_env(home)
    )
    os.close(slave)
    out = b""
    deadline = time.monotonic() + timeout
    pending = list(lines)

    def read(wait: float) -> bytes:
        ready, _, _ = select.select([master], [], [], wait)
        if not ready:
            return b""
        try:
            return os.read(master, 65536)
        except OSError:  # the child closed the terminal
            return b""

    while time.monotonic() < deadline:
        chunk = read(0.2)
        out += chunk
        if proc.poll() is not None and not chunk:
            break
        if pending and out.rstrip().endswith(prompt):
            os.write(master, (pending.pop(0) + "\n").encode())
            out += read(0.5)
    proc.wait(timeout=5)
    os.close(master)
    return out.decode(errors="replace").replace("\r\n", "\n")


def script(seed: int, seats: str, physical: bool = False) -> tuple[list[str], PotraState]:
    """What people would type for a whole game (random legal inputs), replaying the session's bots."""
    specs, names = parse_seats(seats)
    humans = tuple(s for s, spec in enumerate(specs) if spec.startswith("human"))
    config = PotraConfig(
        players=len(specs), names=tuple(names), physical=physical, untracked=humans if physical else ()
    )
    state = GAME.initial_state(config, seed)
    bots = {s: GAME.make_player(spec, s, config) for s, spec in enumerate(specs) if s not in humans}
    rng = random.Random(seed + 1)
    lines: list[str] = []
    entries = 0
    while not GAME.is_over(state):
        seat = GAME.to_move(state)
        legal = GAME.legal_actions(state)
        if seat in bots:
            observation = GAME.observation(state, seat)
            action = bots[seat].decide(observation, legal, random.Random(f"{seed}/{entries}")).action
        else:
            action = rng.choice(list(legal))
            lines.append(GAME.format_action(state, action))
        state = GAME.apply(state, action)
        entries += 1
    return lines, state
