"""How fast the command line answers a person (a script, not a test).

Run it from the repository root with the project installed (``pip install .``)::

    python bench/bench_start.py [--runs 21]

It prints two medians over fresh interpreters, each with its quartiles:

- ``companion --help``: the console script, from start to exit (target: 120 ms or less);
- ``companion play propuh --solo``: from start to the first prompt on standard output, with standard input a
  pipe that stays open (target: 150 ms or less). The game is saved in a throw-away ``COMPANION_HOME``.

The console script is the one beside this interpreter (``.venv/bin/companion``). Standard library only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def script() -> str:
    found = Path(sys.executable).with_name("companion")
    if not found.exists():
        raise SystemExit(f"no console script at {found}: install the project in this environment first")
    return str(found)


def help_ms() -> float:
    start = time.perf_counter()
    subprocess.run([script(), "--help"], capture_output=True, check=True)
    return (time.perf_counter() - start) * 1000


def first_prompt_ms(home: str) -> float:
    env = {**os.environ, "COMPANION_HOME": home, "NO_COLOR": "1"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [script(), "play", "propuh", "--solo"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdout is not None and proc.stdin is not None
    try:
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("the game ended before its first prompt")
            if line.startswith(b"Granny:"):  # the prompt of Granny's first move
                return (time.perf_counter() - start) * 1000
    finally:
        proc.stdin.close()
        proc.kill()
        proc.wait()


def summary(label: str, times: list[float], target: float) -> None:
    q1, median, q3 = statistics.quantiles(times, n=4)
    verdict = "within" if median <= target else "over"
    print(f"{label:<34}{median:7.1f} ms median [{q1:.1f}, {q3:.1f}] ({verdict} the {target:.0f} ms target)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    help_ms()  # fills the OS file cache, not timed
    summary("companion --help:", [help_ms() for _ in range(runs)], 120)
    with tempfile.TemporaryDirectory() as home:
        first_prompt_ms(home)
        summary("play propuh --solo, first prompt:", [first_prompt_ms(home) for _ in range(runs)], 150)


if __name__ == "__main__":
    main()
