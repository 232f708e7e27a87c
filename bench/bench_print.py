"""How long ``companion print all all`` takes, and every document in every language on both papers
(``--lang all --paper all``: 120 PDFs, aim <= 3 s) (a script, not a test).

Run it from the repository root with the project installed::

    python bench/bench_print.py

It runs ``python -m companion print all all --paper a4 --force`` into a temporary directory in a fresh
interpreter five times (start-up, imports and fonts included, as a person would see it) and prints the
median and the worst wall-clock time, the number of PDFs written and their total size, and the median start
of ``companion --help`` for comparison. It measures twice: with compiled bytecode cached as after any normal
install (the cache goes to a temporary ``PYTHONPYCACHEPREFIX``, after one warm-up run, so the checkout is
not touched), and with no bytecode cache at all (``PYTHONDONTWRITEBYTECODE=1``: every module compiled from
source at every start, as on a machine that sets it). Standard library only.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 5


def timed(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "companion", *args], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def cpu_timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run: the CPU time (user + system of the child) does not grow with the
    machine's load the way the wall time does."""
    before = os.times()
    wall = timed(args, env)
    after = os.times()
    return wall, (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )


def measure(label: str, env: dict[str, str]) -> None:
    print(f"{label}:")
    for extra in ([], ["--lang", "all", "--paper", "all"]):
        with tempfile.TemporaryDirectory() as tmp:
            args = ["print", "all", "all", "--out", tmp, "--force", *extra]
            timed(args, env)  # warm-up: fills the bytecode cache when there is one
            runs = [cpu_timed(args, env) for _ in range(RUNS)]
            files = sorted(Path(tmp).glob("*.pdf"))
            size = sum(f.stat().st_size for f in files)
        times, cpu = [w for w, _ in runs], [c for _, c in runs]
        name = " ".join(["companion print all all", *extra])
        print(f"  {name}: median {statistics.median(times):.2f} s, worst {max(times):.2f} s")
        print(f"    CPU (user + system): median {statistics.median(cpu):.2f} s, worst {max(cpu):.2f} s")
        print(f"    {len(files)} PDFs, {size / 1024:.0f} KiB in all ({RUNS} runs, fresh interpreter each)")
    help_times = [timed(["--help"], env) for _ in range(RUNS)]
    print(f"  companion --help: median {statistics.median(help_times) * 1000:.0f} ms")
    print(f"  load average while measuring: {os.getloadavg()[0]:.1f}")


def main() -> None:
    base = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    }
    with tempfile.TemporaryDirectory() as cache:
        measure("bytecode cached", {**base, "PYTHONPYCACHEPREFIX": cache})
    measure("no bytecode cache", {**base, "PYTHONDONTWRITEBYTECODE": "1"})


if __name__ == "__main__":
    main()
