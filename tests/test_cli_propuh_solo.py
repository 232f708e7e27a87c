"""The solo Propuh table session through the real command line: scripted games, bad input, kill and resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ai.propuh.components import GRANNY, PROPUH, granny_goals, propuh_goals
from tests.conftest import cli_env, run_cli
from tests.support.sessions import play, script


@pytest.mark.parametrize(("seed", "difficulty"), [(1, "3"), (2, "1"), (3, "random")])
def test_whole_solo_game_scripted_through_the_cli(home: Path, seed: int, difficulty: str) -> None:
    lines, final = script(seed, difficulty)
    run = play(home, seed, lines, "--difficulty", difficulty)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    events = run.events  # every stdout line is JSON
    end = run.of("end")
    assert len(end) == 1
    assert end[0]["winner"] == ("granny" if final.winner == GRANNY else "propuh")
    assert end[0]["reason"] == final.reason
    propuh_plays = [e for e in events if e["event"] == "play" and e["player"] == "propuh"]
    assert propuh_plays and all(e["rule"].startswith("rule ") for e in propuh_plays)
    assert run.of("error") == []
    assert any(e["event"] == "tokens" for e in events)
    assert any(e["event"] == "deal" for e in events) == (final.round > 1)  # a game that ends is not dealt to
    history = run_cli(home, ["history", "--json"])
    games = json.loads(history.stdout)["games"]
    assert games[0]["status"] == "over"
    assert games[0]["winner"] == end[0]["winner"].capitalize()


def last_board(run: object) -> dict[str, object]:
    boards = [e for e in run.events if e["event"] == "board"]  # type: ignore[attr-defined]
    board = dict(boards[-1])
    board.pop("text", None)
    return board


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("xyzzy", "unknown word"),
        ("b2 t", "all 4 Bed 2 cards have already been played"),  # the fifth Bed 2
        ("", "nothing typed"),
        ("b9 t", "a card's value is 1 to 4, not 9"),
        ("b2", "where does"),
        ("yes", "only answers"),
        ("bde 2 t", "did you mean 'bed'"),
        ("b2 tt", "unknown word 'tt' (did you mean 't'?)"),  # a key struck twice (a trial: no suggestion)
        ("f s", "already on the Stove"),
        # cards typed after hand, as hint takes them, read "no person called 'b3 t2 s4'"
        ("hand b3 t2 s4", "hand takes a name (Granny), not 'b3 t2 s4'; for a hint: hint b3 t2 s4"),
    ],
)
def test_bad_input_gets_one_line_and_leaves_the_state_unchanged(home: Path, bad: str, message: str) -> None:
    # Four Bed 2s are seen first: Granny plays two, two are drawn for Propuh; round 2 starts.
    lines = ["b2 t", "b2", "b2 b", "b2"]
    before = play(home, 5, [*lines, "board"], "--difficulty", "1")
    after = play(home, 5, [*lines, "board", bad, "board"], "--difficulty", "1")
    assert before.of("round")[0]["round"] == 2
    errors = after.of("error")
    assert len(errors) == 1
    assert message in errors[0]["message"]
    assert "\n" not in errors[0]["message"]
    assert last_board(after) == last_board(before)
    assert "Traceback" not in after.stderr


def test_end_of_input_saves_and_says_how_to_resume(home: Path) -> None:
    run = play(home, 9, ["b3 t"])
    assert run.returncode == 0
    saved = run.of("saved")
    assert saved and "companion resume" in saved[0]["text"]


def test_undo_takes_back_the_input_and_the_automaton_answer(home: Path) -> None:
    base = play(home, 4, ["b3 t", "board"])
    run = play(home, 4, ["b3 t", "s2", "undo", "board"])
    assert run.of("undo")[0]["undone"] == "s2"
    assert last_board(run) == last_board(base)
    again = play(home, 4, ["b3 t", "s2", "undo", "s2", "board"])
    first = play(home, 4, ["b3 t", "s2", "board"])
    assert last_board(again) == last_board(first)


@pytest.mark.parametrize(("typed", "notation"), [("yes", "yes"), ("remove", "yes"), (" Keep ", "no")])
def test_undo_of_a_round_end_says_the_words_typed_and_how_the_dealt_cards_go_back(
    home: Path, typed: str, notation: str
) -> None:
    """Trials: `yes` at the figurine's question was undone as "Undone: remove", then `remove` as "Undone: yes";
    the 2 cards just dealt to Granny went back on the deck in no stated order (every later Propuh draw depends
    on it). The words are saved as typed: a resumed game's undo repeats them too."""
    lines = ["b4 b", "t1", "s2 s", "s4", typed]
    run = run_cli(home, ["play", "propuh", "--difficulty", "3", "--json"], [*lines, "undo", "quit"])
    (undo,) = run.of("undo")
    assert undo["text"] == f"Undone: {' '.join(typed.split())}"
    assert (undo["undone"], undo["typed"]) == (notation, " ".join(typed.split()))
    # a trial: Granny could not always tell the 2 new cards from her own; the tool never sees her hand and the
    # next deal gives the same 2 back, so any 2 will do
    assert undo["table"][0] == (
        "Put 2 cards from Granny's hand back on top of the deck: the 2 cards just dealt, or any 2 if you cannot "
        "tell them apart (the next deal gives the same 2 cards back)."
    )
    run_cli(home, ["play", "propuh", "--difficulty", "3", "--seed", "9"], [*lines, "quit"])
    (resumed,) = run_cli(home, ["resume", "--json"], ["undo", "quit"]).of("undo")
    assert resumed["text"] == undo["text"]


def test_text_mode_shows_board_and_rule_without_traceback(home: Path) -> None:
    run = run_cli(home, ["play", "propuh", "--seed", "1"], ["b3 t", "s2", "bde 3 t", "quit"])
    assert run.returncode == 0
    assert "rule 3: clockwise" in run.stdout
    assert "did you mean 'bed'?" in run.stdout
    assert "Unseen:" in run.stdout
    # the hint wraps at 80 columns where the program's path is long: compared with every break taken out
    assert "companionresume" in "".join(run.stdout.split())
    assert "Traceback" not in run.stdout + run.stderr


def _read_until_prompts(proc: subprocess.Popen[str], count: int) -> list[dict[str, object]]:
    seen = []
    prompts = 0
    assert proc.stdout is not None
    while prompts < count:
        line = proc.stdout.readline()
        assert line, "the session ended early"
        event = json.loads(line)
        seen.append(event)
        prompts += event["event"] == "prompt"
    return seen


def test_session_killed_mid_round_resumes_with_nothing_lost(home: Path) -> None:
    seed = 11
    lines, final = script(seed)
    cut = 5  # mid round 2 or so
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "propuh", "--seed", str(seed), "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(home),
    )
    assert proc.stdin is not None
    _read_until_prompts(proc, 1)
    for line in lines[:cut]:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        _read_until_prompts(proc, 1)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)

    uninterrupted = play(home, seed, [*lines[:cut], "board"])
    resumed = run_cli(home, ["resume", "1", "--json"], ["board", *lines[cut:]])
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.of("resume")[0]["inputs"] >= cut
    first_board = dict(resumed.of("board")[1])
    first_board.pop("text", None)
    assert first_board == last_board(uninterrupted)
    end = resumed.of("end")
    assert end and end[0]["reason"] == final.reason


def test_resume_without_id_takes_the_latest_open_game(home: Path) -> None:
    play(home, 21, ["b3 t"])
    run = run_cli(home, ["resume", "--json"], ["s2"])
    assert run.of("resume")[0]["session"] == 1
    assert [e for e in run.of("play") if e["player"] == "propuh"]


def test_resume_with_no_game_is_one_clear_line(home: Path) -> None:
    run = run_cli(home, ["resume"])
    assert run.returncode == 2
    assert run.stderr.strip() == "error: no open game to resume"


def test_history_reports_solo_win_rate_per_difficulty(home: Path) -> None:
    for seed, difficulty in ((1, "3"), (2, "1")):
        lines, _ = script(seed, difficulty)
        play(home, seed, lines, "--difficulty", difficulty)
    data = json.loads(run_cli(home, ["history", "--json"]).stdout)
    assert set(data["solo_win_rates"]) == {"1", "3"}
    assert all(row["games"] == 1 for row in data["solo_win_rates"].values())
    text = run_cli(home, ["history"]).stdout
    assert "win rate" in text


def test_store_lives_under_companion_home(home: Path) -> None:
    play(home, 1, ["b3 t"])
    assert (home / "companion.sqlite3").exists()


def test_help_does_not_import_reportlab_the_games_or_rich_markdown() -> None:
    """Of ``ai`` only the words (``ai.words``: the help speaks the table's language)."""
    code = (
        "import sys\n"
        "sys.argv = ['companion', '--help']\n"
        "from companion.cli.root import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = ('reportlab', 'ai.', 'rich.markdown', 'markdown_it')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy) and not m.startswith('ai.words')),"
        " file=sys.stderr)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stderr.strip().splitlines()[-1] == "[]"
    assert "play" in proc.stdout


def test_end_text_gives_each_sides_goals_and_tokens(home: Path) -> None:
    """Issue 14: the game ended with one line and the last board shown predated the final tokens."""
    lines, final = script(1)
    run = run_cli(home, ["play", "propuh", "--solo", "--seed", "1"], lines)
    assert run.returncode == 0, run.stderr
    tail = run.stdout[run.stdout.index(" wins: ") :]
    goals = {"Granny": granny_goals(final.tokens), "Propuh": propuh_goals(final.tokens)}
    for side, colour in (("Granny", "green"), ("Propuh", "red")):
        done = sum(goals[side].values())
        assert f"{side}: {done} of {len(goals[side])} goals done" in tail
        assert f"{colour} tokens: " in tail
    table, door = final.tokens[GRANNY][0], final.tokens[PROPUH][0]
    assert f"Table {table} ·" in tail and f"Door {door} ·" in tail


def test_resume_counts_one_input_in_the_singular(home: Path) -> None:
    assert run_cli(home, ["play", "propuh", "--seed", "1"], ["b3 t", "quit"]).returncode == 0
    run = run_cli(home, ["resume"], ["quit"])
    assert "1 input replayed." in run.stdout


def test_the_difficulty_cards_drawn_name_their_location_by_both_sides_of_the_board(home: Path) -> None:
    """A difficulty card places Propuh's tokens, and the board's two sides name a location twice (Table/Door):
    said by Granny's side alone ("Table +2"), it did not match a card printed with Propuh's ("Door +2")."""
    args = ["play", "propuh", "--solo", "--difficulty", "random", "--seed", "4", "--json"]
    (drawn,) = run_cli(home, args, ["quit"]).of("difficulty")
    assert drawn["text"] == "Difficulty cards drawn: Table/Door +2, Stove +1."
    assert drawn["cards"] == "Table +2, Stove +1"  # the facts keep the spec's names
    (setup,) = run_cli(home, [*args, "--lang", "fr"], ["quit"]).of("difficulty")
    assert setup["text"] == "Cartes de difficulté tirées\u00a0: Table/Porte +2, Fourneau +1."


def test_a_draw_of_a_value_no_card_has_is_refused_without_naming_propuhs_cards(home: Path) -> None:
    """At the draw for Propuh, "Propuh cards have values 1 to 4" read as the cards Propuh holds."""
    run = play(home, 5, ["b2 t", "s5", "board"], "--difficulty", "1")
    (error,) = run.of("error")
    assert error["input"] == "s5" and error["message"] == "a card's value is 1 to 4, not 5"
    assert run.of("prompt")[-1]["to_move"] == "chance"


def test_undo_of_a_draw_takes_propuhs_card_back_then_puts_it_on_the_deck(home: Path) -> None:
    """A trial: "Take Propuh's Table 4 back from the discard pile: it is the card drawn again." read as if the
    card stayed out, and the next step put it back on the deck."""
    run = run_cli(home, ["play", "propuh", "--difficulty", "3", "--json"], ["b3 t", "s2", "undo", "quit"])
    (undo,) = run.of("undo")
    assert undo["table"][-2:] == [
        "Take Propuh's Stove 2 back off the Stove.",
        "Put Stove 2 back on top of the deck.",
    ]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "skip-blocked: rule 3 would land on the Stove, so one location further"),
        (
            "fr",
            "option skip-blocked\u00a0: la règle 3 tomberait sur le Fourneau, donc un emplacement plus loin",
        ),
    ],
)
def test_skip_blocked_says_why_rule_3_goes_one_location_further(home: Path, lang: str, said: str) -> None:
    """Granny's Table 4 on the Table, Stove 2 drawn at difficulty 3: rule 3 counts from the Table to the Stove,
    which 2(b) blocks, and --skip-blocked goes on to the Window; the table, counting clockwise itself, is told
    why the card is not on the Stove."""
    args = ["play", "propuh", "--solo", "--difficulty", "3", "--skip-blocked", "--lang", lang, "--json"]
    run = run_cli(home, args, ["t4 t", "s2", "quit"])
    assert run.returncode == 0, run.stderr
    (play,) = [e for e in run.of("play") if e["player"] == "propuh"]
    assert play["location"] == "bed"
    assert said in str(play["text"])
