"""The figures of ``docs/strength.md`` and ``docs/benchmarks.md``, made again from their commands (a script, not a
test).

Run it from the repository root with the project installed (``pip install -e .``)::

    python bench/figures.py                  # every cheap figure, at the counts the docs give
    python bench/figures.py --quick          # the same at a tenth of the games (a ladder: its first block only)
    python bench/figures.py --list           # every figure and its command; nothing is run
    python bench/figures.py ladder-rip       # the figures named (a key, or the start of keys); expensive too

It prints one markdown table a document: each figure, the command that makes it, the figure as recorded in the
docs with the commit it was measured at, and the figure of this run. A figure the docs sum over blocks of games
(the ladders: one run a seed) runs every block and sums the wins, with a 95% Wilson interval over the sum. An
expensive figure (hours of one core) is listed with its command and its recorded value and run only when named;
so is a benchmark script's output (printed after the tables, as the script prints it). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: What a run of ``companion arena … --json`` reads as: (wins, games).
Reader = Callable[[dict[str, Any]], tuple[float, int]]


def seat_wins(seat: int, part: str = "two_players") -> Reader:
    """A two-player Propuh arena: the wins of one seat (0 Granny, 1 Propuh)."""

    def read(report: dict[str, Any]) -> tuple[float, int]:
        return float(report[part]["seats"][seat]["wins"]), int(report[part]["games"])

    return read


def solo_wins(difficulty: str) -> Reader:
    def read(report: dict[str, Any]) -> tuple[float, int]:
        run = report["difficulties"][difficulty]
        return float(run["seats"][0]["wins"]), int(run["games"])

    return read


def a_wins(report: dict[str, Any]) -> tuple[float, int]:
    """A heads-up arena (RIP, Prudh): the first bot's wins over both seats."""
    return float(report["a_wins"]), int(report["games"])


def strong_wins(report: dict[str, Any]) -> tuple[float, int]:
    """One strong seat against weaker ones (Potra Bash, Prohis)."""
    return float(report["wins"]), int(report["games"])


def exploiter_wins(report: dict[str, Any]) -> tuple[float, int]:
    return float(report["wins"]), int(report["games"])


@dataclass(frozen=True)
class Figure:
    """One figure of the docs: the ``companion`` arguments that make it, run once a seed in ``seeds`` (a ladder's
    blocks) or as written, and what the docs recorded, at which commit."""

    key: str
    doc: str
    what: str
    args: tuple[str, ...]
    read: Reader
    recorded: str
    at: str
    cheap: bool = True
    seeds: tuple[int, ...] = ()
    games_option: str = "--games"
    #: Blocks run as written besides the seeded ones (a ladder block of another size).
    extra: tuple[tuple[str, ...], ...] = ()

    def commands(self) -> list[tuple[str, ...]]:
        if not self.seeds:
            return [self.args, *self.extra]
        return [*((*self.args, "--seed", str(seed)) for seed in self.seeds), *self.extra]

    def shown(self) -> str:
        text = "companion " + " ".join(self.args)
        if self.seeds:
            text += " --seed S, S = " + ", ".join(str(s) for s in self.seeds[:3])
            text += f", … {self.seeds[-1]}" if len(self.seeds) > 3 else ""
        for block in self.extra:
            text += "; and companion " + " ".join(block)
        return text


@dataclass(frozen=True)
class Script:
    """A benchmark script whose output the docs quote (run as ``python bench/NAME …``)."""

    key: str
    args: tuple[str, ...]
    recorded: str
    at: str
    cheap: bool = False
    doc: str = field(default="benchmarks")

    def shown(self) -> str:
        return "python " + " ".join(self.args)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def share(wins: float, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.1f}% [{100 * low:.1f}, {100 * high:.1f}] of {games:,}"


def quicken(args: Sequence[str], option: str) -> tuple[str, ...]:
    """The same command at a tenth of the games (at least 10)."""
    out = list(args)
    if option in out:
        where = out.index(option) + 1
        out[where] = str(max(10, int(out[where]) // 10))
    return tuple(out)


def run_figure(figure: Figure, quick: bool) -> str:
    wins, games = 0.0, 0
    commands = figure.commands()[:1] if quick else figure.commands()
    for command in commands:
        if quick:
            command = quicken(command, figure.games_option)
        done = subprocess.run(
            [sys.executable, "-m", "companion", *command, "--json"],
            capture_output=True,
            text=True,
            check=False,
        )
        lines = [line for line in done.stdout.splitlines() if line.strip()]
        if done.returncode != 0 or not lines:
            return "failed: " + (done.stderr.strip().splitlines() or ["no output"])[-1]
        block_wins, block_games = figure.read(json.loads(lines[-1]))
        wins += block_wins
        games += block_games
    return share(wins, games) + (" (quick)" if quick else "")


def run_script(script: Script) -> str:
    done = subprocess.run([sys.executable, *script.args], capture_output=True, text=True, check=False)
    return done.stdout.rstrip() or done.stderr.rstrip()


def blocks(first: int, count: int) -> tuple[int, ...]:
    """The ladders' seeds: 1, 1001, 2001, … (``first`` the first)."""
    return tuple(first + 1000 * i for i in range(count))


def propuh_levels() -> list[Figure]:
    recorded = {
        ("random", "random"): "7.6% [6.1, 9.4]",
        ("random", "easy"): "0.2% [0.1, 0.7]",
        ("random", "normal"): "0.0% [0.0, 0.4]",
        ("easy", "random"): "68.7% [65.8, 71.5]",
        ("easy", "easy"): "23.7% [21.2, 26.4]",
        ("easy", "normal"): "11.0% [9.2, 13.1]",
        ("normal", "random"): "95.9% [94.5, 97.0]",
        ("normal", "easy"): "65.1% [62.1, 68.0]",
    }
    out = [
        Figure(
            f"propuh-granny-{granny}-propuh-{propuh}",
            "strength",
            f"Propuh: the {granny} Granny against the {propuh} Propuh, her wins",
            ("arena", "propuh", "--granny", granny, "--propuh", propuh, "--games", "1000", "--seed", "1"),
            seat_wins(0),
            value,
            "ee8e24a",
        )
        for (granny, propuh), value in recorded.items()
    ]
    out.append(
        Figure(
            "propuh-granny-normal-propuh-normal",
            "strength",
            "Propuh: the normal Granny against the normal Propuh (her lead-low rule)",
            ("arena", "propuh", "--granny", "normal", "--propuh", "normal", "--games", "1000", "--seed", "1"),
            seat_wins(0),
            "33.8% [30.9, 36.8]",
            "60ca1b7",
        )
    )
    solo = (("1", "95.4% [94.4, 96.2]"), ("2", "92.5% [91.3, 93.6]"), ("3", "91.9% [90.6, 93.0]"))
    for difficulty, value in (*solo, ("random", "92.2% [90.9, 93.3]")):
        out.append(
            Figure(
                f"propuh-solo-normal-{difficulty}",
                "strength",
                f"Propuh solo: the normal Granny against the automaton, difficulty {difficulty}",
                (
                    "arena",
                    "propuh",
                    "--granny",
                    "normal",
                    "--difficulty",
                    difficulty,
                    "--games",
                    "2000",
                    "--seed",
                    "12345",
                ),
                solo_wins(difficulty),
                value,
                "064056d",
            )
        )
    return out


#: The games' names as the docs write them.
NAMES = {"propuh": "Propuh", "rip": "RIP", "prudh": "Prudh", "prohis": "Prohis", "potra-bash": "Potra Bash"}


def exploiters() -> list[Figure]:
    rows = {
        "propuh": (
            ("counter-clean", "68.4% [65.5, 71.2]"),
            ("door-window", "19.2% [16.9, 21.8]"),
            ("stove-spoiler", "51.1% [48.0, 54.2]"),
            ("last-word", "12.8% [10.9, 15.0]"),
            ("stove-guard", "23.4% [20.9, 26.1]"),
            ("bait", "16.5% [14.3, 18.9]"),
        ),
        "rip": (
            ("castles", "35.1% [32.2, 38.1]"),
            ("fight-all", "45.4% [42.3, 48.5]"),
            ("banker", "24.9% [22.3, 27.7]"),
            ("late", "35.1% [32.2, 38.1]"),
            ("hoarder", "22.7% [20.2, 25.4]"),
            ("psychic-first", "43.5% [40.5, 46.6]"),
        ),
        "prudh": (
            ("greedy", "35.9% [33.0, 38.9]"),
            ("tower", "17.7% [15.5, 20.2]"),
            ("squeeze", "38.3% [35.3, 41.4]"),
            ("quiet", "44.5% [41.4, 47.6]"),
            ("mirror", "36.5% [33.6, 39.5]"),
            ("flip", "38.8% [35.8, 41.9]"),
        ),
        "prohis": (
            ("clean-bribe", "17.1% [14.8, 19.5]"),
            ("never-bribe", "17.1% [14.9, 19.6]"),
            ("bait", "18.2% [16.0, 20.7]"),
            ("collector", "10.7% [9.0, 12.8]"),
            ("inspector", "24.4% [21.8, 27.1]"),
            ("bribe-one", "23.6% [21.1, 26.4]"),
            ("honest", "15.1% [13.0, 17.4]"),
            ("spare-inspect", "27.2% [24.5, 30.0]"),
            ("spare-early", "27.6% [24.9, 30.4]"),
            ("early-run", "29.9% [27.1, 32.8]"),
        ),
        "potra-bash": (
            ("lowball", "18.6% [16.3, 21.1]"),
            ("keep-cards", "25.9% [23.3, 28.7]"),
            ("centre-grab", "21.0% [18.6, 23.6]"),
            ("sniper", "27.3% [24.6, 30.1]"),
            ("high-roller", "17.0% [14.8, 19.4]"),
            ("ones-first", "27.2% [24.6, 30.1]"),
        ),
    }
    at = {
        "propuh": "4f91bc4",
        "rip": "a547e7c",
        "prudh": "44e1b9d",
        "prohis": "9955cc1",
        "potra-bash": "4f91bc4",
    }
    games = {"rip": "500", "prudh": "500"}  # per seat: 1,000 games in all
    return [
        Figure(
            f"exploit-{game}-{name}",
            "strength",
            f"{NAMES[game]}: the {name} habit against normal",
            (
                "arena",
                game,
                "--exploiter",
                name,
                "--vs",
                "normal",
                "--games",
                games.get(game, "1000"),
                "--seed",
                "1",
            ),
            exploiter_wins,
            value,
            at[game],
        )
        for game, names in rows.items()
        for name, value in names
    ]


def levels() -> list[Figure]:
    out = [
        Figure(
            "rip-normal-random",
            "strength",
            "RIP: normal against random, seats swapped",
            ("arena", "rip", "--a", "normal", "--b", "random", "--games", "500"),
            a_wins,
            "99.3% [98.6, 99.7]",
            "be9049f",
        )
    ]
    for game, seed, rows, at in (
        (
            "potra-bash",
            "1",
            (("normal", "easy", "34.9% [32.0, 37.9]"), ("normal", "random", "65.2% [62.2, 68.1]")),
            "cd6a946",
        ),
        (
            "prohis",
            "7",
            (
                ("normal", "easy", "36.9% [33.9, 39.9]"),
                ("normal", "random", "75.9% [73.2, 78.5]"),
                ("easy", "random", "63.5% [60.5, 66.4]"),
            ),
            "9b3b9d5",
        ),
    ):
        for strong, weak, value in rows:
            out.append(
                Figure(
                    f"{game}-{strong}-{weak}",
                    "strength",
                    f"{NAMES[game]}: one {strong} seat against three {weak}",
                    ("arena", game, "--strong", strong, "--weak", weak, "--games", "1000", "--seed", seed),
                    strong_wins,
                    value,
                    at,
                )
            )
    return out


def ladders() -> list[Figure]:
    """``hard`` against ``normal`` at what 1 s buys: hours of one core each."""
    clock = ("--think", "1", "--cpu-clock")
    potra_ladder = (
        "arena",
        "potra-bash",
        "--strong",
        "hard",
        "--weak",
        "normal",
        "--players",
        "4",
        "--iterations",
        "7000",
    )
    return [
        Figure(
            "ladder-propuh-propuh",
            "strength",
            "Ladder: hard Propuh against the normal Granny, 1 s a move",
            ("arena", "propuh", "--granny", "normal", "--propuh", "hard", *clock, "--games", "25"),
            seat_wins(1),
            "94.0% [91.6, 95.8] of 500",
            "9a9c650",
            cheap=False,
            seeds=blocks(1, 20),
        ),
        Figure(
            "ladder-propuh-granny",
            "strength",
            "Ladder: hard Granny against the normal Propuh, 1 s a move",
            ("arena", "propuh", "--granny", "hard", "--propuh", "normal", *clock, "--games", "25"),
            seat_wins(0),
            "61.8% [57.5, 66.0] of 500",
            "d3ae064",
            cheap=False,
            seeds=blocks(1, 20),
        ),
        Figure(
            "ladder-rip",
            "strength",
            "Ladder: RIP hard against normal, 1 s a decision, seats swapped",
            ("arena", "rip", "--a", "hard", "--b", "normal", *clock, "--games", "25"),
            a_wins,
            "87.2% [84.0, 89.8] of 500",
            "f2699cd",
            cheap=False,
            seeds=blocks(1, 10),
        ),
        Figure(
            "ladder-potra-bash",
            "strength",
            "Ladder: Potra Bash, one hard seat (7,000 deals a move) against three normal",
            (*potra_ladder, "--games", "20"),
            strong_wins,
            "40.7% [36.5, 45.1] of 500",
            "9949cb5, 9a9c650",
            cheap=False,
            seeds=(*blocks(6001, 20), 50001, 51001),
            extra=((*potra_ladder, "--games", "60", "--seed", "5001"),),
        ),
        Figure(
            "ladder-prohis",
            "strength",
            "Ladder: Prohis, one hard seat against three normal, 1 s a move",
            (
                "arena",
                "prohis",
                "--strong",
                "hard",
                "--weak",
                "normal",
                "--players",
                "4",
                *clock,
                "--games",
                "40",
            ),
            strong_wins,
            "50.2% [45.9, 54.5] of 520",
            "0e9cc66, 9a9c650",
            cheap=False,
            seeds=blocks(8001, 13),
        ),
        Figure(
            "ladder-prudh",
            "strength",
            "Ladder: Prudh hard against normal, 1 s a move, colours swapped",
            ("arena", "prudh", "--a", "hard", "--b", "normal", *clock, "--games", "25"),
            a_wins,
            "99.8% [98.9, 100.0] of 500",
            "f2699cd",
            cheap=False,
            seeds=blocks(1, 10),
        ),
        Figure(
            "prudh-hard-card",
            "strength",
            "Prudh: hard at 0.1 s a move against the card, Ordinary",
            (
                "arena",
                "prudh",
                "--a",
                "hard",
                "--b",
                "normal",
                "--games",
                "250",
                "--think",
                "0.1",
                "--seed",
                "11",
            ),
            a_wins,
            "94.2% [91.8, 95.9] of 500",
            "be01813",
            cheap=False,
        ),
        Figure(
            "prohis-hard-200",
            "strength",
            "Prohis: hard at 200 deals a move against three normal",
            (
                "arena",
                "prohis",
                "--strong",
                "hard",
                "--weak",
                "normal",
                "--iterations",
                "200",
                "--games",
                "500",
            ),
            strong_wins,
            "74.6% [70.6, 78.2] of 500",
            "09bc12c",
            cheap=False,
            seeds=(1,),
        ),
        Figure(
            "rip-hard-100",
            "strength",
            "RIP: hard at 100 play-outs a move against the card",
            (
                "arena",
                "rip",
                "--a",
                "hard",
                "--b",
                "normal",
                "--iterations",
                "100",
                "--games",
                "125",
                "--seed",
                "21",
            ),
            a_wins,
            "74.8% [69.1, 79.8] of 250",
            "c16db68",
            cheap=False,
        ),
    ]


def scripts() -> list[Script]:
    return [
        Script(
            "bench",
            ("bench/bench.py",),
            "2,450 random solo games/s; 1.5 µs an automaton decision",
            "064056d",
            True,
        ),
        Script(
            "bench-start",
            ("bench/bench_start.py",),
            "--help 79 ms [77, 85]; first prompt 116 ms",
            "7b58253",
            True,
        ),
        Script(
            "bench-print", ("bench/bench_print.py",), "120 PDFs: 2.15 s of CPU median (load 20)", "28d500f"
        ),
        Script("bench-prudh", ("bench/bench_prudh.py",), "perft 350,000–400,000 positions/s", "be9049f"),
        Script(
            "bench-engines",
            ("bench/bench_engines.py",),
            "random games per CPU s: Propuh 8,220, RIP 4,560, Potra Bash 3,330, Prohis 910, Prudh 1,930",
            "7c149f9, 47c57a0",
        ),
        Script(
            "bench-one-second",
            ("bench/bench_one_second.py",),
            "Propuh 6,809, RIP 5,082, Potra Bash 7,160, Prohis 2,720 a CPU second",
            "9561e85",
        ),
        Script(
            "bench-think",
            ("bench/bench_think.py", "--think", "1.0", "--games", "1", "--game", "potra-bash"),
            "longest turn 0.904 s",
            "e31334a",
        ),
        Script(
            "bench-history",
            ("bench/bench_history.py", "--games", "50", "--runs", "5"),
            "history 259 ms against 211 ms",
            "b9a4fee",
        ),
    ]


def catalogue() -> list[Figure | Script]:
    return [*propuh_levels(), *levels(), *exploiters(), *ladders(), *scripts()]


def chosen(everything: Sequence[Figure | Script], names: Sequence[str]) -> list[Figure | Script]:
    if not names:
        return [item for item in everything if item.cheap]
    picked = [item for item in everything if any(item.key.startswith(name) for name in names)]
    unknown = [name for name in names if not any(item.key.startswith(name) for item in everything)]
    if unknown:
        raise SystemExit(f"no figure named {', '.join(unknown)}: python bench/figures.py --list shows them")
    return picked


def cell(text: str) -> str:
    return text.replace("|", "\\|")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("names", nargs="*", help="keys or key prefixes; by default every cheap figure")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a tenth of the games, a ladder's first block only: a check that the commands run",
    )
    parser.add_argument("--list", action="store_true", help="list every figure and its command; run nothing")
    options = parser.parse_args(argv)

    everything = catalogue()
    picked = [] if options.list else chosen(everything, options.names)
    outputs: list[tuple[Script, str]] = []
    for doc in ("strength", "benchmarks"):
        rows = [item for item in everything if item.doc == doc]
        print(f"\n### docs/{doc}.md\n")
        print("| figure | command | recorded (in commit) | this run |")
        print("|---|---|---|---|")
        for item in rows:
            if item in picked:
                start = time.perf_counter()
                if isinstance(item, Figure):
                    now = run_figure(item, options.quick)
                else:
                    outputs.append((item, run_script(item)))
                    now = "below"
                now += f" ({time.perf_counter() - start:.0f} s)"
            else:
                now = "not run" if item.cheap else "not run (expensive: name it to run it)"
            what = item.what if isinstance(item, Figure) else item.key
            recorded = f"{item.recorded} ({item.at})"
            print(f"| {cell(what)} | `{cell(item.shown())}` | {cell(recorded)} | {cell(now)} |", flush=True)
    for script, text in outputs:
        print(f"\n#### `{script.shown()}`\n\n```\n{text}\n```")
    return 0


if __name__ == "__main__":
    sys.exit(main())
