"""The undo summary counts what it lists: the bots' moves and the moves the rules made themselves (a Potra Bash
take that was the only choice)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_cli
from tests.test_potra_bash_cli import script


def test_potra_undo_after_the_end_counts_the_forced_takes_it_lists(home: Path) -> None:
    seed, seats = 17, "Ann,bot:easy,bot:easy,bot:easy"
    lines, _ = script(seed, seats)
    run = run_cli(
        home, ["play", "potra-bash", "--seats", seats, "--seed", str(seed), "--json"], [*lines, "undo"]
    )
    assert len(run.of("end")) == 1
    (undo,) = run.of("undo")
    forced = undo.get("forced_moves", 0)
    assert forced >= 1  # this game ends on takes that were the only choice
    assert (
        len(undo["table"]) == 1 + undo["bot_moves"] + forced
    )  # one step a take: the input's, then each after
    assert undo["text"] == (
        f"Undone: {lines[-1]}, and the {undo['bot_moves']} bot moves and {forced} forced "
        f"move{'s' if forced > 1 else ''} after it"
    )
