"""Golden table sessions: fixed inputs typed at every game and mode, with the screens they gave (a script).

Run it from the repository root with the project installed to record the sessions again::

    python bench/table_golden.py [--only NAME]

Each scenario plays a game with a fixed seed: a few moves, a typo of a command, ``help``, a bad line, an
``undo``, then the input ends; ``companion resume`` continues with more moves and another undo; ``companion
history`` lists the games. The moves are chosen once, at recording time, from the legal actions of the seat
to move (a seeded choice in the replayed state), and stored as the lines typed: the transcript is data.
Every scenario is recorded twice, with ``--json`` and as the text screen at 80 columns without colour.

``tests/test_table_golden.py`` replays every transcript and compares the output exactly: the same inputs give
the same screens. Only what is inherently variable is normalised (dates, the data directory's path).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "table_golden"

#: A move chosen at recording time; ``END`` ends the input (the next phase is ``companion resume``).
MOVE, END = "<move>", "<end>"

#: The first phase: moves, a typo of ``help``, ``help``, a bad line, an undo; then the input ends; resume
#: plays on with another undo; the last phase ends the input again.
PLAN = (
    MOVE,
    MOVE,
    "helo",
    "help",
    MOVE,
    "xyzzy 42",
    "undo",
    MOVE,
    MOVE,
    END,
    MOVE,
    "undo",
    MOVE,
    MOVE,
    "board",
)

#: name -> the ``companion play`` arguments (bots that never search: random, easy, normal, the automaton).
SCENARIOS: dict[str, list[str]] = {
    "propuh-solo": ["play", "propuh", "--solo", "--seed", "11"],
    "propuh-solo-whole": ["play", "propuh", "--solo", "--seed", "3", "--difficulty", "1"],
    "propuh-solo-dealer": ["play", "propuh", "--solo", "--dealer", "--seed", "12", "--difficulty", "2"],
    "propuh-as-granny": ["play", "propuh", "--as", "granny", "--bot", "normal", "--seed", "13"],
    "propuh-as-propuh": ["play", "propuh", "--as", "propuh", "--bot", "easy", "--seed", "14"],
    "propuh-physical": ["play", "propuh", "--as", "granny", "--bot", "normal", "--physical", "--seed", "15"],
    "rip": ["play", "rip", "--bot", "normal", "--first", "me", "--seed", "16"],
    "potra-bash-bots": ["play", "potra-bash", "--seats", "Ann,bot,bot:easy", "--seed", "17"],
    "potra-bash-people": ["play", "potra-bash", "--seats", "Ann,Ben,bot", "--seed", "18"],
    "potra-bash-physical": [
        "play",
        "potra-bash",
        "--seats",
        "Ann,bot,bot:random",
        "--physical",
        "--seed",
        "19",
    ],
    "prudh": ["play", "prudh", "--bot", "normal", "--first", "me", "--seed", "20"],
    "prohis-bots": ["play", "prohis", "--seats", "Ann,bot,bot:easy", "--seed", "21"],
    "prohis-people": ["play", "prohis", "--seats", "Ann,Ben,bot", "--seed", "22"],
    "prohis-physical": ["play", "prohis", "--seats", "Ann,bot,bot:random", "--physical", "--seed", "23"],
}

#: A whole game to its end, then what a person may type after it.
WHOLE = (*(MOVE,) * 90, "undo", MOVE, "board", "quit")
#: Scenarios with a plan of their own.
PLANS = {"propuh-solo-whole": WHOLE}

ENV = {"NO_COLOR": "1", "COLUMNS": "80"}


def run_step(home: Path, argv: Sequence[str], lines: Sequence[str]) -> dict[str, Any]:
    """``companion ARGV`` in this process with ``lines`` piped in, as a pipe feeds a real process."""
    from typer.testing import CliRunner

    from companion.cli.root import app

    text = "".join(line + "\n" for line in lines)
    started_as = sys.argv
    sys.argv = ["companion", *argv]  # the way on that a screen names is the plain command's
    try:
        result = CliRunner().invoke(app, list(argv), input=text, env={"COMPANION_HOME": str(home), **ENV})
    finally:
        sys.argv = started_as
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return {
        "stdout": normalise(result.stdout, home),
        "stderr": normalise(result.stderr, home),
        "exit": result.exit_code,
    }


def normalise(text: str, home: Path) -> str:
    """What varies between runs of the same inputs: the data directory's path, dates and times."""
    text = text.replace(str(home), "<HOME>")
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[+-]\d\d:\d\d|Z)?", "<TIME>", text)
    return re.sub(r"\d{4}-\d\d-\d\d", "<DATE>", text)


def steps(play: Sequence[str], phases: Sequence[Sequence[str]], as_json: bool) -> list[dict[str, Any]]:
    """The commands of a transcript: ``play`` with the first phase's lines, ``resume`` with each next one,
    then ``history``."""
    flag = ["--json"] if as_json else []
    out = [{"argv": [*play, *flag], "input": list(phases[0])}]
    out += [{"argv": ["resume", *flag], "input": list(lines)} for lines in phases[1:]]
    out.append({"argv": ["history", *flag], "input": []})
    return out


def replay(transcript: dict[str, Any], home: Path) -> list[dict[str, Any]]:
    """Each step of ``transcript`` run again in a fresh ``home``: its input and what it printed."""
    return [{**step, **run_step(home, step["argv"], step["input"])} for step in transcript["steps"]]


def _next_move(play: Sequence[str], phases: list[list[str]], rng: random.Random) -> str | None:
    """A legal input for whoever types next after ``phases`` (a person's move or a card dealt), chosen by
    ``rng`` from the replayed state; ``None`` when the game is over."""
    from ai.games import get
    from companion.saves.store import Store
    from companion.screen.output import JsonOutput
    from companion.table.game import TableGame

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        for step in steps(play, phases, as_json=True)[:-1]:
            run_step(home, step["argv"], step["input"])
        old = os.environ.get("COMPANION_HOME")
        os.environ["COMPANION_HOME"] = str(home)
        try:
            store = Store()
            record = store.latest_open()
            if record is None:
                return None
            game = get(record.game)
            table = TableGame(game, record, store, JsonOutput(False))
            state = table.state
            if game.is_over(state) or not table.is_human_turn():
                return None
            legal = sorted(game.legal_actions(state), key=lambda a: game.format_action(state, a))
            return str(game.format_action(state, rng.choice(legal)))
        finally:
            if old is None:
                del os.environ["COMPANION_HOME"]
            else:
                os.environ["COMPANION_HOME"] = old


def build(name: str, play: Sequence[str]) -> list[list[str]]:
    """The lines of each phase for scenario ``name``, the moves chosen in the replayed state."""
    rng = random.Random(name)
    phases: list[list[str]] = [[]]
    for token in PLANS.get(name, PLAN):
        if token == END:
            phases.append([])
        elif token == MOVE:
            line = _next_move(play, phases, rng)
            if line is not None:
                phases[-1].append(line)
        else:
            phases[-1].append(token)
    return phases


def record(name: str) -> None:
    play = SCENARIOS[name]
    phases = build(name, play)
    for as_json in (False, True):
        transcript = {"scenario": name, "json": as_json, "steps": steps(play, phases, as_json)}
        with tempfile.TemporaryDirectory() as tmp:
            transcript["steps"] = replay(transcript, Path(tmp))
        path = DATA / f"{name}{'.json' if as_json else ''}.golden.json"
        path.write_text(json.dumps(transcript, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {sum(len(s['input']) for s in transcript['steps'])} lines typed")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--only", choices=sorted(SCENARIOS), action="append")
    args = parser.parse_args(argv)
    DATA.mkdir(parents=True, exist_ok=True)
    for name in args.only or SCENARIOS:
        record(name)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
