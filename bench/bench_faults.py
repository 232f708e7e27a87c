"""Issue 16 trials with bigger counts than the tests (a script, not a test).

Run it from the repository root with the project installed (``pip install -e '.[dev]'``)::

    nice -n 10 python bench/bench_faults.py [--kills 94] [--inputs 400] [--cuts 64] [--flips 200]

- **kills**: a solo Propuh game typed through a real ``companion`` process; the last input is sent and the
  process is killed (SIGKILL) 0–60 ms later, so kills land before, inside and after the transactions of that
  input and the automaton's answers. Then ``resume`` runs. Counted: a game whose saved inputs end it but whose
  status is not "over" (after the kill; after ``resume``), an acknowledged input missing, a traceback.
- **inputs**: per table (the seven of ``tests/test_faults_input.py``), markup-like, random and very long lines
  typed at every prompt of seeded games, in process through the text output at 80 columns. Counted: an
  exception, a refused line that changed the saved game.
- **store**: a saved-games file cut at evenly spaced lengths, random bytes, and single bytes flipped at random
  places; ``history`` and ``resume`` run on each, in process. Counted: an exception (a traceback), the note
  that the file was moved aside, a record changed by a command; a file that passed the start-up check and
  that SQLite found damaged during ``resume`` (moved aside then, the open game written whole into a new file:
  counted missing if the new file does not hold it).

Standard library and the project only; prints one line per trial kind with its counts.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.conftest import cli_env
from tests.test_cli_propuh_solo import script

FILE = "companion.sqlite3"


def _rows(path: Path) -> tuple[Any, ...]:
    """The games and moves, read as companion reads them (a killed write's journal is rolled back first)."""
    db = sqlite3.connect(path)
    try:
        return tuple(db.execute("SELECT id, status, winner FROM sessions ORDER BY id")), tuple(
            db.execute("SELECT session_id, seq, actor, text FROM moves ORDER BY session_id, seq")
        )
    finally:
        db.close()


def _over(path: Path) -> bool:
    """Whether the saved inputs of game 1, replayed from its seed, end the game."""
    from ai.games import get

    db = sqlite3.connect(path)
    try:
        name, config, seed = db.execute("SELECT game, config, seed FROM sessions WHERE id = 1").fetchone()
        texts = [row[0] for row in db.execute("SELECT text FROM moves WHERE session_id = 1 ORDER BY seq")]
    finally:
        db.close()
    game = get(name)
    state = game.initial_state(game.config_from_dict(json.loads(config)), seed)
    for text in texts:
        state = game.apply(state, game.parse_action(state, text))
    return bool(game.is_over(state))


def _prompt(proc: subprocess.Popen[str]) -> None:
    assert proc.stdout is not None
    while json.loads(proc.stdout.readline())["event"] != "prompt":
        pass


def kills(trials: int) -> dict[str, int]:
    counts = {"trials": 0, "over_when_saved": 0, "playing_after_kill": 0, "playing_after_resume": 0}
    counts.update({"inputs_lost": 0, "tracebacks": 0})
    rng = random.Random(16)
    for trial in range(trials):
        home = Path(tempfile.mkdtemp(prefix="kill-"))
        seed = 100 + trial
        lines, _ = script(seed)
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "play", "propuh", "--solo", "--seed", str(seed), "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=cli_env(home),
        )
        assert proc.stdin is not None and proc.stdout is not None
        for line in lines:
            _prompt(proc)
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        time.sleep(rng.uniform(0, 0.06))  # the ending input is on its way: kill before, inside or after it
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdin.close()
        proc.stdout.close()
        (game,), moves = _rows(home / FILE)
        typed = [text for _, _, actor, text in moves if actor == "human"]
        ended = _over(home / FILE)  # the saved inputs, replayed, end the game
        counts["over_when_saved"] += ended
        counts["inputs_lost"] += typed[: len(lines) - 1] != lines[:-1]
        counts["playing_after_kill"] += ended and game[1] != "over"
        resumed = subprocess.run(
            [sys.executable, "-m", "companion", "resume", "1", "--json"],
            input="",
            capture_output=True,
            text=True,
            env=cli_env(home),
        )
        counts["tracebacks"] += "Traceback" in resumed.stderr
        (after,), _ = _rows(home / FILE)
        counts["playing_after_resume"] += _over(home / FILE) and after[1] != "over"
        counts["trials"] += 1
        shutil.rmtree(home, ignore_errors=True)
    return counts


def inputs(per_table: int) -> dict[str, Any]:
    from tests.test_faults_input import TABLES, Screen, _drive, _session

    rng = random.Random(16)
    pool = ["[/x]", "[bold]", "[", "]", "[red]x[/]", "\\[x]", "[link=file:///etc]a[/link]", "[/]", "[@click]"]
    counts: dict[str, Any] = {"lines": 0, "exceptions": 0, "refused_but_saved": 0, "tables": len(TABLES)}
    for name, *_ in TABLES:
        done = 0
        seed = 0
        while done < per_table:
            fuzz = []
            for _ in range(6):
                kind = rng.random()
                if kind < 0.4:
                    text = rng.choice(pool)
                elif kind < 0.8:
                    text = "".join(rng.choice("[]/\\=#@:ab 1") for _ in range(rng.randint(1, 25)))
                else:
                    text = "[b" * rng.randint(250, 6000)
                fuzz.append(rng.choice(["", "hand ", "hint ", "help "]) + text)
            screen = Screen()
            home = Path(tempfile.mkdtemp(prefix="inputs-"))
            try:
                session = _session(home, name, screen.out, seed)
                seen = _drive(session, fuzz, moves=8, seed=seed)
            except Exception as exc:  # what a person would have seen as a traceback
                counts["exceptions"] += 1
                print(f"  {name} seed {seed}: {type(exc).__name__}: {exc}"[:200], file=sys.stderr)
                seen = [(line, 0, 0) for line in fuzz]
            for line, before, after in seen:
                tag = line.split(" ", 1)[-1] in pool
                counts["refused_but_saved"] += tag and after != before
            counts["lines"] += len(seen)
            done += len(seen)
            seed += 1
            shutil.rmtree(home, ignore_errors=True)
    return counts


def _cli(home: Path, args: list[str]) -> tuple[int, str, BaseException | None]:
    from typer.testing import CliRunner

    from companion.cli.root import app

    env = {"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "80"}
    result = CliRunner().invoke(app, args, input="", env=env)
    error = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stderr, error


def store(cuts: int, flips: int) -> dict[str, int]:
    counts = {
        "files": 0,
        "exceptions": 0,
        "moved_aside": 0,
        "read_back": 0,
        "unread_said": 0,
        "refused": 0,
        "records_changed": 0,
        "moved_in_session": 0,
        "open_game_missing": 0,
    }
    template = Path(tempfile.mkdtemp(prefix="store-"))
    from typer.testing import CliRunner

    from companion.cli.root import app

    for seed in (1, 2, 3):  # three games, unfinished, of different lengths
        lines, _ = script(seed)
        CliRunner().invoke(
            app,
            ["play", "propuh", "--solo", "--seed", str(seed), "--json"],
            input="".join(line + "\n" for line in lines[: 5 + 10 * seed]),
            env={"COMPANION_HOME": str(template)},
        )
    original = (template / FILE).read_bytes()
    rng = random.Random(16)
    variants: list[bytes] = [original[: len(original) * k // cuts] for k in range(1, cuts)]
    variants += [rng.randbytes(rng.randint(1, 40_000)) for _ in range(8)]
    for _ in range(flips):
        flipped = bytearray(original)
        flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
        variants.append(bytes(flipped))
    for data in variants:
        home = Path(tempfile.mkdtemp(prefix="store-"))
        (home / FILE).write_bytes(data)
        try:
            before = _rows(home / FILE)
        except sqlite3.Error:
            before = None
        for args in (["history"], ["resume", "1"]):
            code, err, exc = _cli(home, args)
            counts["exceptions"] += exc is not None
            if exc is not None:
                print(f"  {args}: {type(exc).__name__}: {exc}"[:200], file=sys.stderr)
            counts["refused"] += code == 2 and "error:" in err
            said = " ".join(err.split())  # the note is wrapped at the screen's width
            counts["read_back"] += re.search(r"with (the )?[1-9]\d* (other )?games? \(", said) is not None
            counts["unread_said"] += "stays in the moved file" in said
            if args == ["history"]:
                at_start = list(home.glob("companion.damaged-*.sqlite3"))
        moved = list(home.glob("companion.damaged-*.sqlite3"))
        counts["moved_aside"] += bool(moved)
        if moved and not at_start:
            # found damaged by a write of resume (its lock, taken first, went into the damaged file): the open
            # game goes whole into a new file, which must hold it
            counts["moved_in_session"] += 1
            counts["open_game_missing"] += 1 not in [row[0] for row in _rows(home / FILE)[0]]
        elif moved:
            counts["records_changed"] += moved[0].read_bytes() != data
        elif before is not None:
            after = _rows(home / FILE)
            # resume of an open game may finish nothing here (no input typed); games and moves stay as they were
            counts["records_changed"] += after[1] != before[1]
        counts["files"] += 1
        shutil.rmtree(home, ignore_errors=True)
    shutil.rmtree(template, ignore_errors=True)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=94)
    parser.add_argument("--inputs", type=int, default=400, help="typed lines per table")
    parser.add_argument("--cuts", type=int, default=64)
    parser.add_argument("--flips", type=int, default=200)
    args = parser.parse_args()
    os.environ["NO_COLOR"] = "1"
    for name, run in (
        ("store", lambda: store(args.cuts, args.flips)),
        ("inputs", lambda: inputs(args.inputs)),
        ("kills", lambda: kills(args.kills)),
    ):
        start = time.perf_counter()
        counts = run()
        print(f"{name}: {json.dumps(counts)} ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
