"""How fast the command line starts (a script, not a test).

Run it from the repository root with the project installed in a venv (``pip install -e .``)::

    python bench/bench_start.py [--runs 21] [--against OTHER_VENV] [--parts] [--lang ru] [--lang fr]

Each run starts fresh interpreters of this venv and measures their CPU time (user + system, the children's
``getrusage``), which a shared machine disturbs less than wall time:

- ``python -c pass``: the denominator, the same venv's interpreter with its site-packages (an editable install
  loads its finder here too);
- ``companion --help``: the console script, from start to exit (target: 4.5 times ``python -c pass`` or less);
- ``companion play propuh --solo --json`` with standard input empty: to its first prompt, where input ends and
  it exits (target: 7 times or less). Each run saves in a fresh throw-away ``COMPANION_HOME``;
- with ``--lang LANG``, the same solo start at a table of that language (``solo-LANG``: ``--lang LANG`` added),
  and the median of each run's ratio to the English one (target: 1.05 or less, the language costing nothing
  measurable).

It prints the median CPU time of each over the runs, and the medians of each run's ratio to its own
``python -c pass``. With ``--parts``, two more commands show what the solo start is made of: a fresh interpreter
importing the standard library's modules that the start loads (``stdlib``), then those and the other
distributions' (``libs``: typer, filelock…); what the start costs beyond ``libs`` is the project's own modules
(compiled, from source, then run) and the game's own work to its prompt. With ``--against``, the other venv
(e.g. the base commit installed editable) runs the same commands, alternated with these run by run, and its
figures are printed beside. The process lowers its own priority (``nice 5``), as its children do.

Each venv's label says how it reads the project. A ``pip install .`` (the README's first command) is an installed
copy whose bytecode pip wrote at install: its ``python -c pass`` loads no editable finder, so the same start is a
larger multiple of it. An editable checkout (``pip install -e .``) under ``PYTHONDONTWRITEBYTECODE`` compiles the
project's sources at every start; ``PYTHONPYCACHEPREFIX=DIR`` without that variable measures its starts from
cached bytecode without writing into either tree. Compare figures of one kind only. Standard library only.
"""

from __future__ import annotations

import argparse
import ast
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

#: Target ratios to ``python -c pass``.
TARGETS = {"help": 4.5, "solo": 7.0}
#: Target ratio of the solo start in another language to the English one.
LANGUAGE_TARGET = 1.05
COMMANDS = ("pass", "help", "solo")
#: The project's packages, which an editable install compiles at each start without bytecode.
OURS = ("ai", "companion", "printables")
#: The solo start to its prompt in a fresh interpreter, then the modules it loaded on standard error's last line.
PROBE = """
import sys
sys.argv = ["companion", *sys.argv[1:]]
from companion.cli import main
try:
    main()
except SystemExit:
    pass
print(sorted(sys.modules), file=sys.stderr)
"""
#: A fresh interpreter importing the modules listed after it (those that cannot be imported by name skipped).
IMPORT_ALL = """
import importlib, sys
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except Exception:
        pass
"""


def cpu_seconds(argv: list[str], home: str) -> float:
    """The CPU time (user + system) of one run of ``argv`` with standard input empty."""
    env = {**os.environ, "COMPANION_HOME": home, "NO_COLOR": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, input=b"", capture_output=True, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def commands(venv: Path, langs: Sequence[str] = ()) -> dict[str, list[str]]:
    bin_dir = venv / "bin"
    script = bin_dir / "companion"
    if not script.exists():
        raise SystemExit(f"no console script at {script}: install the project in that venv first")
    solo = [str(script), "play", "propuh", "--solo", "--json"]
    return {
        "pass": [str(bin_dir / "python"), "-c", "pass"],
        "help": [str(script), "--help"],
        "solo": solo,
        **{f"solo-{lang}": [*solo, "--lang", lang] for lang in langs},
    }


def with_parts(argv: dict[str, list[str]]) -> dict[str, list[str]]:
    """``argv`` with the two parts of the solo start: the standard library's modules it loads, and those with the
    other distributions' (its modules but ours)."""
    python = argv["pass"][0]
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "COMPANION_HOME": home, "NO_COLOR": "1"}
        run = subprocess.run(  # from elsewhere: ``-c`` puts the working directory (a checkout) first on the path
            [python, "-c", PROBE, *argv["solo"][1:]],
            input=b"",
            capture_output=True,
            env=env,
            cwd=home,
            check=False,
        )
    modules = ast.literal_eval(run.stderr.decode().strip().splitlines()[-1])
    libs = [m for m in modules if m.split(".")[0] not in OURS and m != "__main__"]
    stdlib = [m for m in libs if m.split(".")[0] in sys.stdlib_module_names]
    return {**argv, "stdlib": [python, "-c", IMPORT_ALL, *stdlib], "libs": [python, "-c", IMPORT_ALL, *libs]}


#: Whether the venv's ``companion`` is an installed copy with its bytecode (``pip install .`` compiles it at install)
#: or an editable checkout (which has bytecode only where the interpreter may write it).
HOW_READ = """
import importlib.util, os, companion
cached = os.path.exists(importlib.util.cache_from_source(companion.__file__))
print(("installed" if "site-packages" in companion.__file__ else "editable") + ("+bytecode" if cached else ""))
"""


def how_read(python: str) -> str:
    """How ``python``'s venv reads the project at a start: an installed copy's bytecode, an editable checkout's
    cached bytecode (``PYTHONPYCACHEPREFIX`` included), or an editable checkout compiled at every start
    (``PYTHONDONTWRITEBYTECODE``)."""
    # from elsewhere: ``-c`` would put a checkout first on the path
    with tempfile.TemporaryDirectory() as home:
        run = subprocess.run([python, "-c", HOW_READ], capture_output=True, cwd=home, check=False)
    kind = run.stdout.decode().strip()
    if kind.startswith("installed"):
        return "an installed copy, its bytecode written at install" if kind.endswith("bytecode") else kind
    if kind.endswith("bytecode"):
        return "an editable checkout, from cached bytecode"
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return "an editable checkout, compiled from source at every start"
    return "an editable checkout, compiled at its first start, then from cached bytecode"


def one_run(argv: dict[str, list[str]]) -> dict[str, float]:
    times = {}
    for name in argv:
        with tempfile.TemporaryDirectory() as home:
            times[name] = cpu_seconds(argv[name], home)
    return times


def report(label: str, runs: list[dict[str, float]]) -> None:
    print(f"{label}:")
    for name in runs[0]:
        ms = statistics.median(r[name] for r in runs) * 1000
        line = f"  {name:<7}{ms:7.1f} ms CPU median"
        if name != "pass":
            ratios = [r[name] / r["pass"] for r in runs]
            q1, median, q3 = statistics.quantiles(ratios, n=4)
            line += f"   ratio {median:5.2f}x [{q1:.2f}, {q3:.2f}]"
            of_medians = ms / (statistics.median(r["pass"] for r in runs) * 1000)
            if name in TARGETS:
                verdict = "within" if median <= TARGETS[name] else "over"
                line += f" ({verdict} {TARGETS[name]}x; ratio of medians {of_medians:.2f}x)"
            else:
                line += f" (ratio of medians {of_medians:.2f}x)"
        print(line)
        if name.startswith("solo-"):  # the language's own cost: against the English start of the same run
            to_english = [r[name] / r["solo"] for r in runs]
            q1, median, q3 = statistics.quantiles(to_english, n=4)
            verdict = "within" if median <= LANGUAGE_TARGET else "over"
            print(" " * 33 + f"to solo {median:5.3f}x [{q1:.3f}, {q3:.3f}] ({verdict} {LANGUAGE_TARGET}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--against", type=Path, help="another venv to measure alternately (e.g. the base's)")
    parser.add_argument(
        "--parts",
        action="store_true",
        help="also the solo start's standard library and other distributions alone",
    )
    parser.add_argument(
        "--lang",
        action="append",
        default=[],
        choices=("ru", "fr"),
        help="also the solo start at a table of this language (solo-LANG) and its ratio to the English one",
    )
    options = parser.parse_args()
    os.nice(5)
    here = Path(sys.executable).parent.parent
    venvs = {"this venv": commands(here, options.lang)}
    if options.against is not None:
        venvs[f"against {options.against}"] = commands(options.against, options.lang)
    if options.parts:
        venvs = {label: with_parts(argv) for label, argv in venvs.items()}
    for argv in venvs.values():
        one_run(argv)  # fills the OS file cache and writes the bytecode, not counted
    runs: dict[str, list[dict[str, float]]] = {label: [] for label in venvs}
    for _ in range(options.runs):
        for label, argv in venvs.items():
            runs[label].append(one_run(argv))
    print(f"{options.runs} runs, CPU time (user + system)")
    for label, measured in runs.items():
        python = venvs[label]["pass"][0]
        report(f"{label} ({python}; {how_read(python)})", measured)


if __name__ == "__main__":
    main()
