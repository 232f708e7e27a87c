"""Every habit of every game against ``hard`` and ``normal``: the strength document's table of them (a script, not a
test).

Run it from the repository root with the project installed (``pip install -e .``)::

    python bench/habits.py --out DIR                 # run what DIR does not hold yet, then print the table
    python bench/habits.py --out DIR --games 50      # the same at fewer games (a quick look; not the doc's table)
    python bench/habits.py --out DIR prohis rip      # only these games
    python bench/habits.py --out DIR --vs hard       # only against one level

For each game and level it runs ``companion arena GAME --exploiter all --vs LEVEL --json`` once, at the counts the
document gives the search (``COUNTS``), 500 games a habit in sessions of 10 at one table (the bots keep what they
saw between the games of a session), seed 1, and keeps the run's output in ``DIR/GAME-LEVEL-GAMES.jsonl`` (one JSON object
a habit), so the table can be printed again without playing. It prints one markdown row a habit: its share of the
games with a 95% Wilson interval over games (a little narrow: the games of a session are not independent), the fair
share (Propuh: what the ``--vs`` bot itself wins in the habit's role on the same deals, measured in the same run),
whether the habit's interval lies above the fair share, around it or below it, and whether the target holds
(against ``hard``: not above; against ``normal``: at most 10 points above the fair share); after the table, the
command of each run. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

GAMES = ("propuh", "rip", "potra-bash", "prudh", "prohis")
LEVELS = ("hard", "normal")
#: The search's counts in the strength document's exploiter tables: play-outs a decision, or Prudh's time a move.
COUNTS = {
    "propuh": ("--iterations", "100"),
    "rip": ("--iterations", "20"),
    "potra-bash": ("--iterations", "20"),
    "prudh": ("--think", "0.1", "--cpu-clock"),
    "prohis": ("--iterations", "20"),
}
#: Games where ``--games`` counts the games in each seat (the run plays twice as many).
PER_SEAT = frozenset({"rip", "prudh"})
NAMES = {"propuh": "Propuh", "rip": "RIP", "potra-bash": "Potra Bash", "prudh": "Prudh", "prohis": "Prohis"}


def command(game: str, level: str, games: int, jobs: int) -> list[str]:
    per_run = games // 2 if game in PER_SEAT else games
    out = ["arena", game, "--exploiter", "all", "--vs", level, "--games", str(per_run), "--seed", "1"]
    out += ["--session", "10", "--jobs", str(jobs)]
    if level == "hard":
        out += COUNTS[game]
    return out


def run(game: str, level: str, games: int, jobs: int, where: Path) -> list[dict[str, Any]]:
    if where.exists():
        return [json.loads(line) for line in where.read_text(encoding="utf-8").splitlines() if line.strip()]
    args = [sys.executable, "-m", "companion", *command(game, level, games, jobs), "--json"]
    with tempfile.TemporaryDirectory() as home:
        done = subprocess.run(
            args, capture_output=True, text=True, check=False, env={**os.environ, "COMPANION_HOME": home}
        )
    if done.returncode != 0:
        raise SystemExit(f"{game} against {level} failed: {done.stderr.strip()}")
    part = where.with_suffix(".part")
    part.write_text(done.stdout, encoding="utf-8")
    part.replace(where)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def percent(share: float, interval: list[float] | None = None) -> str:
    text = f"{100 * share:.1f}%"
    if interval is not None:
        text += f" [{100 * interval[0]:.1f}, {100 * interval[1]:.1f}]"
    return text


def verdict(report: dict[str, Any]) -> str:
    low, high = report["ci95"]
    fair = report["fair_share"]
    if fair < low:
        return "above"
    return "below" if fair > high else "inside"


def held(report: dict[str, Any]) -> bool:
    """The target: against ``hard`` the fair share is not below the habit's interval; against any other level the
    habit wins at most 10 points above its fair share."""
    if report["vs"] == "hard":
        return verdict(report) != "above"
    return float(report["share"]) - float(report["fair_share"]) <= 0.10


def row(game: str, report: dict[str, Any]) -> str:
    fair = report["fair_share"]
    fair_text = percent(fair, report["fair_ci95"]) if game == "propuh" else percent(fair)
    level = report["vs"]
    share = percent(report["share"], report["ci95"])
    games = f"{report['games']:,}"
    name = report["exploiter"]
    if game == "propuh":  # each habit keeps to one role: the seat it played
        name += " (Granny)" if "0" in report["seats"] else " (Propuh)"
    target = "held" if held(report) else "**not held**"
    return f"| {NAMES[game]} | {name} | {level} | {games} | {share} | {fair_text} | {verdict(report)} | {target} |"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="the games (default: all five: " + ", ".join(GAMES) + ")")
    parser.add_argument("--out", type=Path, required=True, help="where each run's output is kept")
    parser.add_argument("--vs", choices=LEVELS, action="append", help="the level (default: both)")
    parser.add_argument("--games", type=int, default=500, dest="count", help="games a habit (default 500)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"no game {unknown[0]!r}; the games are " + ", ".join(GAMES))
    chosen = args.games or list(GAMES)
    levels = args.vs or list(LEVELS)
    rows = [
        "| game | habit | vs | games | share [95% CI] | fair share | the habit's share is | target |",
        "|---|---|---|---|---|---|---|---|",
    ]
    commands = []
    for game in chosen:
        for level in levels:
            where = args.out / f"{game}-{level}-{args.count}.jsonl"
            reports = run(game, level, args.count, args.jobs, where)
            rows += [row(game, report) for report in reports]
            commands.append("companion " + " ".join(command(game, level, args.count, args.jobs)))
            print(f"{game} against {level}: {len(reports)} habits", file=sys.stderr, flush=True)
    print("\n".join(rows))
    print()
    print("\n".join(f"- `{line}`" for line in commands))


if __name__ == "__main__":
    main()
