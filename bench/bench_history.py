"""What ``history`` costs now that it replays the unfinished games (a script, not a test).

Saves N unfinished Propuh solo and N unfinished Prudh games (each one input short of its end) in a temporary
``COMPANION_HOME``, then times ``companion history`` in a fresh process, with the replay and without it (the
story told from the record alone, as before), best of ``--runs``.

    nice -n 10 python bench/bench_history.py --games 20 --runs 3
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.prudh.components import DARK
from tests.conftest import cli_env, run_cli
from tests.test_cli_propuh_solo import script
from tests.test_prudh_cli import script as prudh_script

#: ``history`` without the replay: the stories told as before (from the record alone).
WITHOUT = "import companion.saves.history as s; f = s.story; s.story = lambda r, moves=None: f(r); "


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        for seed in range(1, args.games + 1):
            lines, _ = script(seed)
            run_cli(home, ["play", "propuh", "--solo", "--seed", str(seed)], lines[:-1])
            moves, _ = prudh_script(seed, "tika", DARK, DARK)
            prudh = [
                "play",
                "prudh",
                "--variant",
                "tika",
                "--seed",
                str(seed),
                "--first",
                "me",
                "--bot",
                "normal",
            ]
            run_cli(home, prudh, moves[:-1])
        db = sqlite3.connect(home / "companion.sqlite3")
        games, inputs = db.execute("SELECT count(DISTINCT session_id), count(*) FROM moves").fetchone()
        db.close()
        env = cli_env(home)
        for name, prefix in (("with the replay", ""), ("without", WITHOUT)):
            code = (
                prefix
                + "from companion.cli.root import main; import sys; sys.argv = ['companion', 'history']; main()"
            )
            best = float("inf")
            for _ in range(args.runs):
                start = time.perf_counter()
                done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
                best = min(best, time.perf_counter() - start)
                assert done.returncode == 0 and done.stdout.count("unfinished") == games, done.stderr
            print(f"{games} unfinished games, {inputs} saved inputs: history {name}: {best * 1000:.0f} ms")


if __name__ == "__main__":
    main()
