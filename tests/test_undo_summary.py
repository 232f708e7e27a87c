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
from tests.support.potra_bash import script


def test_potra_undo_after_the_end_counts_the_forced_takes_it_lists(home: Path) -> None:
    """At a real deck (the bots' cards typed at the table) the undo after the end takes back the last input,
    the bots' turns and the takes the rules made (a trial: "with 3 forced moves", one of them the person's own);
    in dealer mode the bots' cards have been seen: refused in one line, the end's board unchanged."""
    seed, seats = 3, "Ann,bot:easy,bot:easy,bot:easy"
    lines, _ = script(seed, seats, physical=True)
    args = ["play", "potra-bash", "--seats", seats, "--seed", str(seed), "--json"]
    run = run_cli(home, [*args, "--physical"], [*lines, "undo"])
    assert len(run.of("end")) == 1 and run.of("error") == []
    (undo,) = run.of("undo")
    forced = undo.get("forced_moves", 0)
    assert forced >= 1  # this game ends on takes that were the only choice
    assert (
        len(undo["table"]) == 1 + undo["bot_moves"] + forced
    )  # one step a take: the input's, then each after
    turns = undo["bot_turns"]
    assert len(turns) >= 2 and all(a != b for a, b in pairwise(turns))
    names = list(dict.fromkeys(turns))  # each seat named once
    # whose the forced moves were, in the order of the span
    forced_by = list(dict.fromkeys(e["player"] for e in _last_span(run.events) if e.get("forced") is True))
    assert len(forced_by) == 3 and "Ann" in forced_by
    assert [f"{name}'s" for name in forced_by] == ["Bot4's", "Ann's", "Bot2's"]
    assert undo["text"] == (
        f"Undone: {lines[-1]}, and the moves of {', '.join(names[:-1])} and {names[-1]} after it, with "
        f"{forced} forced moves (Bot4's, Ann's and Bot2's)"
    )

    dealer_lines, _ = script(1, seats)
    dealer = run_cli(
        home,
        ["play", "potra-bash", "--seats", seats, "--seed", "1", "--json"],
        [*dealer_lines, "board", "undo", "board"],
    )
    assert len(dealer.of("end")) == 1 and dealer.of("undo") == []
    assert [e["message"] for e in dealer.of("error")] == ["undo stops here: Bot4's move has been seen"]
    before, after = dealer.of("board")[-2:]
    assert after == before and after["phase"] == "over"


def _last_span(events: list[dict[str, object]]) -> list[dict[str, object]]:
    """The events of the last input and what followed it, up to the undo: from the last prompt before the end."""
    end = next(i for i, e in enumerate(events) if e["event"] == "end")
    start = max(i for i, e in enumerate(events[:end]) if e["event"] == "prompt")
    return events[start + 1 : end]


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
    learnt what it kept back, and could undo until it liked the answer). RIP's bot holds hidden cards: the undo
    after its answer is refused, and it is never asked again. Where the undo is allowed (a real deck: Propuh
    with the bot's cards typed at the table) a move taken back is made again when the bot sees the same, after
    quit and resume too."""
    game = get("rip")
    bot = Fickle()
    monkeypatch.setattr(game, "make_player", lambda *args, **kwargs: bot)
    draw = "3 3 3 4 2"
    args = ["play", "rip", "--seed", "2", "--first", "bot", "--json"]
    run = run_cli(home, args, [draw, "board", "undo", "board", "quit"])
    (first,) = _blue_between_undos(run.events)
    assert len(first) > 1 and bot.calls == len(first)  # asked once for each of its moves, never again
    assert [e["message"] for e in run.of("error")] == ["undo stops here: Blue's move has been seen"]
    before, after = run.of("board")[-2:]
    assert after == before

    propuh = get("propuh")
    granny = Fickle()
    monkeypatch.setattr(propuh, "make_player", lambda *args, **kwargs: granny)
    dealt = ["t3 b2 b2 b2", "t2 t3 t4 s2"]  # Granny's cards, then Propuh's
    card = "t2 b"  # Propuh's Table 2 on the Window
    args = ["play", "propuh", "--as", "propuh", "--bot", "normal", "--physical", "--seed", "8", "--json"]
    run = run_cli(home, args, [*dealt, card, "undo", card, "quit"])
    assert run.of("error") == [] and len(run.of("undo")) == 1
    first, again = _granny_between_undos(run.events)
    assert len(first) == 2 and again == first[1:]  # her opening card, then her answer: the same again
    assert granny.calls == len(first)  # the answer to the same was made again, not asked for
    # saved with the game: after quit and resume too
    before, _ = _granny_between_undos(run_cli(home, args, [*dealt, card, "undo", "quit"]).events)
    (resumed,) = _granny_between_undos(run_cli(home, ["resume", "--json"], [card, "quit"]).events)
    assert len(before) == 2 and resumed == before[1:]
    assert granny.calls == 2 * len(first)  # the new game asked once for each; the resumed one never


def _granny_between_undos(events: list[dict[str, object]]) -> list[list[object]]:
    """Granny's moves (their texts) between undos."""
    answers: list[list[object]] = [[]]
    for event in events:
        if event["event"] == "undo":
            answers.append([])
        elif event.get("player") == "granny" and event["event"] in ("play", "figurine"):
            answers[-1].append(event["text"])
    return answers


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
    moves nothing). The summary names whose turn it took back, once for moves in a row: Granny's figurine and
    card at a real deck (Propuh's undo is allowed there), the input as typed and in the notation. RIP's own
    undo after the bot's turn is refused: its cards have been seen."""
    args = ["play", "propuh", "--as", "propuh", "--bot", "normal", "--physical", "--seed", "8", "--json"]
    # the deal as seed 8 makes it, round 1 to its end, then round 2's cards typed: Propuh's as "B4  s3"
    typed = ["t3 b2 b2 b2", "t2 t3 t4 s2", "t2 b", "t3 d", "s3 b1", "B4  s3", "undo", "quit"]
    run = run_cli(home, args, typed)
    assert run.of("error") == []
    at = next(i for i, e in enumerate(run.events) if e["event"] == "undo")
    start = max(
        i for i, e in enumerate(run.events[:at]) if e["event"] == "prompt" and e["to_move"] == "chance"
    )
    granny = [e for e in run.events[start:at] if e.get("player") == "granny"]
    assert [e["event"] for e in granny] == ["figurine", "play"]
    (undo,) = run.of("undo")
    assert undo["bot_moves"] == len(granny) == 2  # the figurine and the card
    assert undo["bot_turns"] == ["Granny"]
    assert undo["text"] == "Undone: B4 s3, and Granny's turn after it"  # as typed
    assert undo["undone"] == "b4 s3"  # in the notation

    rip = ["play", "rip", "--seed", "2", "--first", "bot", "--bot", "normal", "--json"]
    run = run_cli(home, rip, ["3 3 3 4 2", "undo", "quit"])
    assert run.of("undo") == []
    assert [e["message"] for e in run.of("error")] == ["undo stops here: Blue's move has been seen"]
