"""The undo summary says what it lists: whose turns the bots took after the input, and the moves the rules made
themselves (a Potra Bash take that was the only choice)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from ai.games import get
from ai.protocol import Decision
from companion.table.entries import Answer, Answers, Entry
from tests.conftest import run_cli
from tests.test_potra_bash_cli import script


def test_potra_undo_after_the_end_counts_the_forced_takes_it_lists(home: Path) -> None:
    seed, seats = 1, "Ann,bot:easy,bot:easy,bot:easy"
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
    turns = undo["bot_turns"]
    assert len(turns) >= 2 and all(a != b for a, b in pairwise(turns))
    names = list(dict.fromkeys(turns))  # each seat named once
    # whose the forced moves were (a trial: "with 3 forced moves", one of them the person's own)
    forced_by = list(dict.fromkeys(e["player"] for e in run.events if e.get("forced") is True))
    assert forced_by
    by = " and ".join(f"{name}'s" for name in forced_by) if len(forced_by) <= 2 else None
    assert undo["text"].startswith(
        f"Undone: {lines[-1]}, and the moves of {', '.join(names[:-1])} and {names[-1]} after it, with "
        + ("a forced move" if forced == 1 else f"{forced} forced moves")
        + " ("
    )
    assert by is None or undo["text"].endswith(f"({by})")


class Fickle:
    """A bot that answers the same position differently each time it is asked (as a search by the clock may)."""

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, observation: object, legal: list[object], rng: object) -> Decision[object]:
        self.calls += 1
        return Decision(legal[self.calls % len(legal)])


def test_a_bot_answers_what_it_has_seen_the_same_way_after_an_undo(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial: RIP's `hard` played 2, 2, 6 after a draw, then 6 alone after undo and the same draw (the table
    learnt what it kept back, and could undo until it liked the answer). A move taken back is made again when
    the bot sees the same: after the same draw, and after another draw it cannot see (a person's own deck)."""
    game = get("rip")
    bot = Fickle()
    monkeypatch.setattr(game, "make_player", lambda *args, **kwargs: bot)
    draw = "3 3 3 4 2"
    args = ["play", "rip", "--seed", "2", "--first", "bot", "--json"]
    run = run_cli(home, args, [draw, "undo", draw, "undo", "2 2 2 3 4", "quit"])
    first, again, unseen = _blue_between_undos(run.events)
    assert len(first) > 1 and first == again == unseen
    assert bot.calls == len(first)  # asked once for each of its moves, never again
    # saved with the game: after quit and resume too
    before, _ = _blue_between_undos(run_cli(home, args, [draw, "undo", "quit"]).events)
    (resumed,) = _blue_between_undos(run_cli(home, ["resume", "--json"], [draw, "quit"]).events)
    assert len(before) > 1 and resumed == before


def _blue_between_undos(events: list[dict[str, object]]) -> list[list[object]]:
    """Blue's moves (their texts) between undos."""
    answers: list[list[object]] = [[]]
    for event in events:
        if event["event"] == "undo":
            answers.append([])
        elif event.get("player") == "blue" and event["event"] not in ("deal", "resume", "start"):
            answers[-1].append(event["text"])
    return answers


def test_bot_moves_saved_from_an_undo_are_read_as_data() -> None:
    """A record from disk is data to judge: what is not a saved move is ignored, never a crash."""
    junk = Answers({"a": "x", "b": [1, 2], "c": ["only one"], "d": None})
    assert all(junk.after(key) is None for key in "abcd")
    saved = Answers.as_saved([("k", Entry("bot", "2", "rule 1", None))])
    assert saved == {"k": ["2", "rule 1"]}
    kept = Answers()
    kept.add(saved)
    assert kept.after("k") == Answer("2", "rule 1") and kept.after("j") is None
    assert Answers(saved).after("k") == Answer("2", "rule 1")  # as read back from the file
    assert Answers.key((1, "a")) == Answers.key((1, "a")) != Answers.key((1, "b"))


def test_a_bot_is_asked_again_when_what_it_sees_differs(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Prudh hides nothing: another move undone and typed instead is a new position for the bot."""
    game = get("prudh")
    bot = Fickle()
    monkeypatch.setattr(game, "make_player", lambda *args, **kwargs: bot)
    args = ["play", "prudh", "--seed", "3", "--first", "me", "--json"]
    run = run_cli(home, args, ["c3 ne", "undo", "e1 nw", "undo", "c3 ne", "quit"])
    answers = [e["move"] for e in run.events if e["event"] == "move" and e["player"] == "light"]
    assert len(answers) == 3 and answers[2] == answers[0] and bot.calls == 2


def test_undo_names_the_bots_turn_it_took_back_not_each_of_its_moves(home: Path) -> None:
    """A trial: RIP's undo said "the 4 bot moves" for three cards and "Blue ends the turn" (the end of a turn
    moves nothing). The summary names whose turn it took back, once for moves in a row."""
    args = ["play", "rip", "--seed", "2", "--first", "bot", "--bot", "normal", "--json"]
    run = run_cli(home, args, ["3 3 3 4 2", "undo", "quit"])
    blue = [e for e in run.events if e.get("player") == "blue" and e["event"] in ("play", "turn")]
    (undo,) = run.of("undo")
    assert len(blue) >= 2 and undo["bot_moves"] == len(blue)  # its card(s) and the end of its turn
    assert undo["bot_turns"] == ["Blue"]
    assert undo["text"] == "Undone: 3 3 3 4 2, and Blue's turn after it"  # as typed
    assert undo["undone"] == "draw 2 3 3 3 4"  # in the notation
