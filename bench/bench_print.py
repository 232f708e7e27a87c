"""The CPU time of ``companion print all all --lang all --paper all`` (120 PDFs), as a ratio (a script, not a
test).

Run it from the repository root with the project installed::

    python bench/bench_print.py [--runs 5] [--against ../other-checkout] [--cached]

Each run is a fresh interpreter writing the 120 PDFs into a temporary directory (start-up, imports, fonts and
catalogues included, as a person would see it); its CPU time is the child's user + system time, which grows
less with the machine's load than the wall time does. The runs of every command are interleaved, so that a
change in the machine's load falls on all of them alike, and the medians are printed with the worst run:

- ``python -c pass`` with this interpreter: the unit of the ratios (an interpreter's start);
- this checkout's print, as a ratio to ``python -c pass``;
- with ``--against DIR``, the print of another checkout (its own ``DIR/.venv/bin/python``, e.g. a worktree of
  main), and this checkout's CPU time as a share of that one's (the target: at most 0.5 of the main of
  ``f3febd1``).

By default the environment is taken as it is (``PYTHONDONTWRITEBYTECODE`` included, if it is set: every
module is then compiled from source at every start); ``--cached`` measures with compiled bytecode cached, as
after a normal install, in a temporary ``PYTHONPYCACHEPREFIX`` filled by one warm-up run. Standard library only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

PRINT = ["-m", "companion", "print", "all", "all", "--lang", "all", "--paper", "all", "--force"]


def cpu(command: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    """The user + system CPU seconds of one run of ``command`` (a fresh process)."""
    before = os.times()
    subprocess.run(command, check=True, capture_output=True, env=env, cwd=cwd)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another checkout with its own .venv")
    parser.add_argument("--cached", action="store_true", help="with compiled bytecode cached")
    args = parser.parse_args()
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if args.cached:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        out = Path(tmp) / "pdfs"
        here = Path.cwd()
        commands: dict[str, tuple[list[str], Path | None]] = {
            "python -c pass": ([sys.executable, "-c", "pass"], None),
            "this checkout": ([sys.executable, *PRINT, "--out", str(out)], here),
        }
        if args.against is not None:
            other = args.against.resolve()
            python = str(other / ".venv" / "bin" / "python")
            commands["--against"] = ([python, *PRINT, "--out", str(out)], other)
        for command, cwd in commands.values():  # warm-up: the OS file cache, and the bytecode cache if any
            cpu(command, env, cwd)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (command, cwd) in commands.items():
                times[name].append(cpu(command, env, cwd))
        written = len(list(out.glob("*.pdf")))
    median = {name: statistics.median(t) for name, t in times.items()}
    unit = median["python -c pass"]
    mode = "bytecode cached" if args.cached else "environment as is"
    print(f"companion print all all --lang all --paper all: {written} PDFs, {args.runs} runs, {mode}")
    for name, t in times.items():
        ratio = f", {median[name] / unit:.1f} × python -c pass" if name != "python -c pass" else ""
        print(f"  {name:<16} CPU median {median[name]:.2f} s (worst {max(t):.2f} s){ratio}")
    if "--against" in median:
        share = median["this checkout"] / median["--against"]
        print(f"  this checkout / {args.against}: {share:.2f} of its CPU time (target: at most 0.50)")
    print(f"  load average while measuring: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
