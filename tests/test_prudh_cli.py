"""``companion play prudh`` and ``companion score prudh`` through the command line: a whole piped game, undo,
hint, bad input, resume, and the score check against the saved game."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.prudh.components import DARK, LIGHT
from companion.messages import command_name
from tests.conftest import Run, run_cli
from tests.support.prudh import script


def play(home: Path, seed: int, variant: str, lines: list[str], *extra: str) -> Run:
    return run_cli(
        home, ["play", "prudh", "--variant", variant, "--seed", str(seed), "--json", *extra], lines
    )


@pytest.mark.parametrize(
    ("seed", "variant", "colour", "first"),
    [(1, "tika", "dark", "me"), (2, "tomio", "light", "bot"), (3, "traditional", "dark", "bot")],
)
def test_whole_piped_game_against_normal(
    home: Path, seed: int, variant: str, colour: str, first: str
) -> None:
    me = DARK if colour == "dark" else LIGHT
    first_seat = me if first == "me" else 1 - me
    lines, final = script(seed, variant, me, first_seat)
    args = (
        f"play prudh --variant {variant} --bot normal --colour {colour} --first {first} --seed {seed} --json"
    )
    run = run_cli(home, args.split(), lines)
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    (end,) = run.of("end")
    assert end["scores"] == {"dark": final.final_scores[0], "light": final.final_scores[1]}
    assert end["winner"] == ("dark" if final.winner == DARK else "light")
    moves = run.of("move")
    assert len(moves) == final.plies
    bot_moves = [e for e in moves if e["player"] != colour]
    # the bot's reason in plain words: never the card's rule number or its dice
    assert bot_moves and all(e["rule"] and not e["rule"].startswith("rule ") for e in bot_moves)
    assert not any("dice" in e["rule"] for e in bot_moves)
    assert run.of("setup")[0]["variant"] == variant
    # the score check by hand agrees with the tool's record
    mover = final.last_mover
    assert mover is not None
    count = [
        "score", "prudh", "--variant", variant,
        "--dark", str(final.scores[0]), "--light", str(final.scores[1]),
        "--last", "dark" if mover == DARK else "light",
        "--tallest", str(final.bonus - final.pit), "--pit", str(final.pit),
        "--first", "dark" if final.first == DARK else "light",
        "--game", "1", "--json",
    ]  # fmt: skip
    checked = run_cli(home, count)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    (score,) = checked.of("score")
    assert score["matches"] is True and score["scores"] == end["scores"]
    wrong = list(count)
    wrong[wrong.index("--dark") + 1] = str(final.scores[0] + 2)
    differs = run_cli(home, wrong)
    assert differs.returncode == 1 and differs.of("score")[0]["matches"] is False


def test_bad_input_undo_hint_and_board(home: Path) -> None:
    run = play(
        home, 5, "tika", ["c3 nrth", "b1 ne", "c3 e", "hint", "c3 ne", "undo", "b2-c3", "board"],
        "--bot", "hard", "--first", "me", "--think", "0.05",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    errors = [e["message"] for e in run.of("error")]
    assert len(errors) == 3
    assert "unknown word" in errors[0] and "north" in errors[0]
    assert "light square" in errors[1]
    assert "needs a stack of 2" in errors[2]
    (hint,) = run.of("hint")
    assert hint["move"] and hint["reason"].startswith("looked ahead")
    assert not any(word in hint["reason"] for word in ("depth", "position", "estimate", "rule"))
    assert run.of("undo")[0]["undone"] == "c3-d4"
    mine = [e["move"] for e in run.of("move") if e["player"] == "dark"]
    assert mine == ["c3-d4", "b2-c3"]
    assert run.of("board")[-1]["squares"]["c3"] == 2
    assert run.of("saved")


def test_text_output_draws_the_board(home: Path) -> None:
    run = run_cli(
        home, ["play", "prudh", "--bot", "random", "--first", "me", "--seed", "1"], ["c3 ne", "quit"]
    )
    assert run.returncode == 0
    assert "Prudh · Ordinary" in run.stdout and "[2]" in run.stdout and "Last move" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr


def test_resume_continues_the_same_game(home: Path) -> None:
    lines, final = script(4, "ordinary", DARK, DARK)
    cut = len(lines) // 2
    first = play(home, 4, "ordinary", lines[:cut], "--bot", "normal", "--first", "me")
    assert first.returncode == 0 and not first.of("end")
    resumed = run_cli(home, ["resume", "1", "--json"], lines[cut:])
    assert resumed.returncode == 0, resumed.stderr
    (resume,) = resumed.of("resume")
    # what was typed and the bot's answers, counted apart (a trial: "15 inputs replayed" for 11 typed)
    assert (resume["inputs"], resume["bot_moves"]) == (cut, cut)
    (start,) = first.of("start")  # a script reading the stream knows who sits where from either event
    assert (resume["seed"], resume["seats"]) == (start["seed"], start["seats"]) == (4, start["seats"])
    assert [seat["bot"] for seat in resume["seats"]] == [None, "normal"]
    assert resume["text"].endswith(f": {cut} inputs and {cut} bot moves replayed.")
    (end,) = resumed.of("end")
    assert end["scores"] == {"dark": final.final_scores[0], "light": final.final_scores[1]}


def test_resume_before_anything_was_typed_says_it_resumes(home: Path) -> None:
    """Stopped at the first prompt, resumed: the setup again, under a line saying it is a resumed game (before:
    the start line again, as if a new game began)."""
    assert (
        run_cli(
            home, ["play", "prudh", "--bot", "random", "--first", "me", "--seed", "1"], ["quit"]
        ).returncode
        == 0
    )
    resumed = run_cli(home, ["resume", "--json"], ["quit"])
    (resume,) = resumed.of("resume")
    assert not resumed.of("start") and (resume["inputs"], resume["bot_moves"]) == (0, 0)
    assert resume["seed"] == 1 and [seat["bot"] for seat in resume["seats"]] == [None, "random"]
    text = run_cli(home, ["resume"], ["quit"]).stdout
    assert text.startswith(  # the game named (a trial: "Resuming game #5 (advanced, you are Green)")
        "Resuming game #1 (Prudh: Ordinary, Dark first): nothing typed yet; the setup as it was said."
    )
    # with several open games, the latest is resumed and the others are named
    assert run_cli(home, ["play", "rip", "--bot", "random"], ["quit"]).returncode == 0
    latest = run_cli(home, ["resume"], ["quit"])
    assert latest.stdout.startswith("Resuming game #2 (RIP: ")
    # the command as it can be run here, whole on a line of its own when the note is wider than the screen (100)
    before, after = (
        "note: other open games: #1 Prudh (Ordinary, Dark first);",
        "resume N continues one of them",
    )
    whole = f"{before} {command_name()} {after}"
    assert latest.stderr == (whole if len(whole) <= 100 else f"{before}\n  {command_name()} {after}") + "\n"


def test_score_refuses_impossible_counts(home: Path) -> None:
    run = run_cli(
        home, ["score", "prudh", "--dark", "30", "--light", "8", "--last", "dark", "--tallest", "3"]
    )
    assert run.returncode == 2 and "more than 36" in run.stderr
    ok = run_cli(
        home, ["score", "prudh", "--dark", "10", "--light", "12", "--last", "dark", "--tallest", "3"]
    )
    assert ok.returncode == 0 and "Dark 13, Light 12: Dark wins." in ok.stdout
    # a trial: nothing captured and a stack of 30 was accepted; without a run (a run always captures) every
    # stack stands on its own colour's 18 pieces
    none = run_cli(
        home, ["score", "prudh", "--dark", "0", "--light", "0", "--last", "dark", "--tallest", "30"]
    )
    assert none.returncode == 2 and "the tallest stack is at most 18, not 30" in none.stderr
    most = run_cli(
        home, ["score", "prudh", "--dark", "0", "--light", "0", "--last", "dark", "--tallest", "18"]
    )
    assert most.returncode == 0, most.stderr
    # a trial: with nothing captured every move was a slide, whose last left a stack of 2 or more
    one = run_cli(
        home,
        [
            "score",
            "prudh",
            "--dark",
            "0",
            "--light",
            "0",
            "--last",
            "light",
            "--tallest",
            "1",
            "--first",
            "dark",
        ],
    )
    assert one.returncode == 2 and "the tallest stack is at least 2, not 1" in one.stderr
    # a trial: with --capture-points stack a capture scores h and still removes its capturing piece (30 + 5
    # scored and a stack of 1 were accepted: 38 pieces at least)
    stack = ["score", "prudh", "--capture-points", "stack", "--last", "dark", "--tallest", "1"]
    for dark, light, refused in ((30, 5, True), (18, 16, True), (18, 15, False)):
        run = run_cli(home, [*stack, "--dark", str(dark), "--light", str(light)])
        assert run.returncode == (2 if refused else 0), run.stderr
        if refused:
            assert f"{dark} + {light} captured and at least 2 capturing pieces, a stack of 1" in run.stderr
    # a tie names the option that settles it
    tie = run_cli(
        home, ["score", "prudh", "--dark", "10", "--light", "13", "--last", "dark", "--tallest", "3"]
    )
    assert tie.returncode == 2 and tie.stderr.rstrip().endswith("(--first dark or --first light)")


def test_a_match_alternates_the_first_player(home: Path) -> None:
    def first_of(game: int) -> str:
        args = f"play prudh --bot random --first me --match-game {game} --seed 1 --json".split()
        return str(run_cli(home, args, ["quit"]).of("setup")[0]["first"])

    assert [first_of(g) for g in (1, 2, 3)] == ["dark", "light", "dark"]
    refused = run_cli(home, ["play", "prudh", "--match-game", "2"], ["quit"])
    assert refused.returncode == 2 and "game 1" in refused.stderr


def test_bots_are_listed(home: Path) -> None:
    run = run_cli(home, ["bots", "prudh"])
    assert run.returncode == 0
    for level in ("random", "easy", "normal", "hard"):
        assert level in run.stdout
    bad = run_cli(home, ["play", "prudh", "--bot", "grandmaster"])
    assert bad.returncode == 2


def test_score_against_a_saved_game_takes_its_rules_and_names_what_differs(home: Path) -> None:
    """With --game the variant, the scoring option and the first player come from the record; a count under
    other rules is refused; a wrong count says which of its parts differ from the record."""
    lines, final = script(6, "tomio", DARK, LIGHT)
    run = play(home, 6, "tomio", lines, "--bot", "normal", "--first", "bot")
    assert run.returncode == 0 and run.of("end"), run.stderr
    mover = final.last_mover
    assert mover is not None
    tallest = final.bonus - final.pit
    count = [
        "score", "prudh", "--dark", str(final.scores[0]), "--light", str(final.scores[1]),
        "--last", "dark" if mover == DARK else "light", "--tallest", str(tallest), "--pit", str(final.pit),
        "--game", "1",
    ]  # fmt: skip
    same = run_cli(home, count)
    assert same.returncode == 0, same.stderr
    assert flat(same.stdout).startswith("Tomío: ") and "your count matches." in flat(same.stdout)
    as_json = run_cli(home, [*count, "--json"]).of("score")[0]
    assert as_json["variant"] == "tomio" and as_json["matches"] is True
    assert as_json["winners"] == [as_json["winner"]]  # a list, as every game's score gives it
    assert as_json["recorded"]["first"] == "light" and as_json["recorded"]["tallest"] == tallest
    other = run_cli(home, [*count, "--variant", "ordinary"])
    assert other.returncode == 2
    assert "game #1 was played with --variant tomio, not ordinary" in other.stderr
    wrong = list(count)
    wrong[wrong.index("--tallest") + 1] = str(tallest + 1)
    differs = run_cli(home, wrong)
    assert differs.returncode == 1
    assert f"Tallest stack: you said {tallest + 1}, the record has {tallest}." in flat(differs.stdout)
    # every part is compared, not only the sums (a trial: a tallest stack one too high and the mover's
    # captures one too low made the recorded score and read "your count matches")
    moved = "--dark" if mover == DARK else "--light"
    shifted = list(count)
    shifted[shifted.index(moved) + 1] = str(final.scores[mover] - 1)
    shifted[shifted.index("--tallest") + 1] = str(tallest + 1)
    offset = run_cli(home, shifted)
    assert offset.returncode == 1, offset.stdout + offset.stderr
    assert f"you said {tallest + 1}, the record has {tallest}" in flat(offset.stdout)
    assert "your count DIFFERS" in flat(offset.stdout) and "your count matches" not in flat(offset.stdout)
    # who moved first is part of the count (a trial: --first dark against a record of light matched)
    first = run_cli(home, [*count, "--first", "dark"])
    assert first.returncode == 1 and "Moved first: you said dark, the record has light." in flat(first.stdout)


@pytest.mark.parametrize(
    ("lang", "typo", "suggested", "typed"),
    [
        ("ru", "a1 северо-вастк", "северо-восток", "a1 северо-восток"),
        ("fr", "a1 nord-oest", "nord-ouest", "a1 nord est"),
    ],
)
def test_a_move_is_typed_in_the_tables_language_and_a_typo_of_its_word_is_suggested(
    home: Path, lang: str, typo: str, suggested: str, typed: str
) -> None:
    run = play(home, 1, "ordinary", [typo, typed], "--bot", "random", "--first", "me", "--lang", lang)
    assert run.returncode == 0, run.stderr
    (error,) = run.of("error")
    assert error["suggestion"] == suggested and suggested in error["message"]
    assert [e["move"] for e in run.of("move") if e["player"] == "dark"] == ["a1-b2"]


def test_a_russian_table_types_a_diagonal_in_two_letters_as_english_does(home: Path) -> None:
    """«a1 св» at a Russian table, as «a1 ne» in English (a trial: «неизвестное слово «сз»»)."""
    run = play(home, 1, "ordinary", ["a1 св"], "--bot", "random", "--first", "me", "--lang", "ru")
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    assert [e["move"] for e in run.of("move") if e["player"] == "dark"] == ["a1-b2"]


def flat(text: str) -> str:
    """Printed text with its lines joined: a sentence is wrapped at the screen's width."""
    return " ".join(text.split())
