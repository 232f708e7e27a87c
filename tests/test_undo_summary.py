"""The undo summary counts what it lists: the bots' moves and the moves the rules made themselves (a Potra Bash
take that was the only choice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.games import get
from ai.protocol import Decision
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


class Fickle:
    """A bot that answers the same position differently each time it is asked (as a search by the clock may)."""

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, observation: object, legal: list[object], rng: object) -> Decision[object]:
        self.calls += 1
        return Decision(legal[self.calls % len(legal)])


def test_a_bot_answers_the_same_inputs_again_the_same_way_after_an_undo(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial: RIP's `hard` played 2, 2, 6 after a draw, then 6 alone after undo and the same draw (the table
    learnt what it kept back, and could undo until it liked the answer). A move taken back is made again."""
    game = get("rip")
    bot = Fickle()
    monkeypatch.setattr(game, "make_player", lambda *args, **kwargs: bot)
    draw = "3 3 3 4 2"
    args = ["play", "rip", "--seed", "2", "--first", "bot", "--json"]
    run = run_cli(home, args, [draw, "undo", draw, "undo", "2 2 2 3 4", "quit"])
    answers: list[list[str]] = [[]]
    for event in run.events:
        if event["event"] == "undo":
            answers.append([])
        elif event.get("player") == "blue" and event["event"] != "deal":
            answers[-1].append(event["text"])
    first, again, other = answers
    assert len(first) > 1 and first == again  # the same draw, the same answer
    assert other  # another draw: the bot is asked again
