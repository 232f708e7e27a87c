"""The table's screen: the board or a status line, the end, undo's steps, --reveal-bots, Ctrl-C, the command
named for resuming, and facts as fields in --json. The gates of a shared screen are ``test_session_gates``."""

from __future__ import annotations

import io
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ai.games import get, names
from ai.lines import between
from ai.protocol import Event
from companion.messages import command_name
from companion.saves.store import Store
from companion.screen.output import JsonOutput, hanging
from companion.table.session import TableSession
from tests.conftest import printed, run_cli, text_out


def test_with_one_person_hand_shows_at_once_and_a_move_right_after_is_played(home: Path) -> None:
    args = ["play", "propuh", "--as", "granny", "--bot", "normal", "--seed", "4"]
    run = run_cli(home, args, ["hand", "t3 t", "quit"])
    assert run.returncode == 0, run.stderr
    assert "[only" not in run.stdout and "Your hand (Granny): t3 s1 s3 b4" in run.stdout
    assert "Granny plays Table 3 on the Table." in run.stdout


def test_the_board_after_the_bots_a_status_line_after_a_persons_own_input(home: Path) -> None:
    """Ann, Ben, then a bot: after Ann's card no bot moved, so one line; after Ben's the bot played: the board."""
    from ai.potra_bash.game import GAME
    from ai.potra_bash.rules import PotraConfig

    config = PotraConfig(players=3, names=("Ann", "Ben", "Bot3"))
    seed = next(s for s in range(50) if GAME.to_move(GAME.initial_state(config, s)) == 0)
    state = GAME.initial_state(config, seed)
    lines = []
    for _ in range(2):
        action = GAME.legal_actions(state)[0]
        lines.append(GAME.format_action(state, action))
        state = GAME.apply(state, action)
    args = ["play", "potra-bash", "--seats", "Ann,Ben,bot", "--seed", str(seed), "--think", "0.05"]
    run = run_cli(home, args, [*lines, "quit"])
    assert run.returncode == 0, run.stderr
    ann, ben = run.stdout.split("\n> ")[1:3]
    assert "┏" not in ann and "Round 1, lap 1 · centre" in ann  # Ann's own input: one status line
    assert "┏" in ben  # the bot answered Ben: the board


def test_every_games_end_event_carries_winners_and_scores_and_the_winner_is_printed_once(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "s.sqlite3")
    for name in names():
        game = get(name)
        config = game.default_config()
        seats = ["random"] * game.num_players(game.initial_state(config, 1))
        events: list[Event] = []
        out = text_out()
        session = TableSession.new(game, config, seats, 1, "end", store, out)
        original = session.show

        def keep(evs: list[Event], original: Any = original, events: list[Event] = events) -> None:
            events.extend(evs)
            original(evs)

        session.show = keep  # type: ignore[method-assign]
        session.run(lambda: None)
        (end,) = [e for e in events if e.kind == "end"]
        result = game.result(session.state)
        winners = [game.seat_name(session.state, w).lower() for w in result.winners]
        assert [str(w).lower() for w in end.data["winners"]] == winners, name
        assert "scores" in end.data or result.scores is None, name
        text = printed(out)
        # no board after the end: its winner line would say it a second time
        assert text.index(end.text[:20]) > text.rfind("┏"), name
    store.close()


def test_undo_names_the_steps_back_and_with_several_people_the_input_typed_in_view(home: Path) -> None:
    """Potra Bash has no secret input: a card played face up is said (a trial: "Ben's last input" kept back
    what the table had seen); a Prohis turn, typed behind its gate, is not (below). A table of people only: the
    undo is allowed (with a bot, its answer has been seen, below)."""
    args = ["play", "potra-bash", "--seats", "Ann,Ben,Cy,Dee", "--seed", "1", "--json"]
    first = run_cli(home, args, [])
    prompt = first.of("prompt")[0]
    board = first.of("board")[0]
    assert prompt["to_move"] == "Ben"
    (hand,) = [e for e in first.events if e.get("event") == "hand" and e.get("player") == "Ben"]
    card = str(hand["hand"][0])
    run = run_cli(home, args, [card, "undo", "quit"])
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    (undo,) = run.of("undo")
    assert undo["undone"] == card and undo["text"] == f"Undone: Ben's input {card}"
    assert undo["table"] and undo["table"][-1].startswith(f"Put the {card} in front of Ben back")
    assert run.of("board")[-1] == board


def test_undo_after_a_bots_answer_in_dealer_mode_is_refused_and_changes_nothing(home: Path) -> None:
    """Bot4's card has been seen, and Ben's draw came from the tool's deck: the undo would let the table play
    Ben's turn again knowing it. One line, and the next board is the one before it."""
    args = ["play", "potra-bash", "--seats", "Ann,bot,Ben,bot", "--seed", "5", "--json", "--think", "0.05"]
    first = run_cli(home, args, [])
    assert first.of("prompt")[0]["to_move"] == "Ben"
    (hand,) = [e for e in first.events if e.get("event") == "hand" and e.get("player") == "Ben"]
    card = str(hand["hand"][0])
    run = run_cli(home, args, [card, "board", "undo", "board", "quit"])
    assert run.returncode == 0, run.stderr
    assert [e["player"] for e in run.of("play")] == ["Ben", "Bot4"]
    assert [e["message"] for e in run.of("error")] == ["undo stops here: Bot4's move has been seen"]
    assert run.of("undo") == []
    before, after = run.of("board")[-2:]
    assert after == before and after["to_move"] == "Ann"


def test_reveal_bots_adds_debug_events_to_json_only(home: Path) -> None:
    args = ["play", "propuh", "--as", "granny", "--bot", "hard", "--seed", "4", "--think", "0.05", "--json"]
    plain = run_cli(home, args, ["t3 t", "quit"])
    revealed = run_cli(home, [*args, "--reveal-bots"], ["t3 t", "quit"])
    assert plain.of("debug") == []
    debug = revealed.of("debug")
    assert debug and debug[0]["player"] == "Propuh" and "win chance" in debug[0]["debug"]
    text = run_cli(home, [*args[:-1], "--reveal-bots"], [])
    assert text.returncode == 2 and "--json" in text.stderr


def test_ctrl_c_while_a_bot_thinks_stops_and_says_the_game_is_saved(tmp_path: Path) -> None:
    from ai.propuh.rules import PropuhConfig

    store = Store(tmp_path / "s.sqlite3")
    out = JsonOutput()
    out.stream = io.StringIO()
    session = TableSession.new(get("propuh"), PropuhConfig(solo=False), ["hard", "human"], 3, "t", store, out)

    def interrupted(seat: int, observation: Any) -> Any:
        raise KeyboardInterrupt

    session.decide = interrupted  # type: ignore[method-assign]
    session.run(lambda: None)
    last = out.stream.getvalue().splitlines()[-1]
    assert '"event": "saved"' in last and f"resume {session.id}" in last
    store.close()


def test_the_resume_command_is_named_as_it_can_be_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = tmp_path / "venv" / "bin" / "companion"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script)])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command_name() == str(script)
    monkeypatch.setenv("PATH", str(script.parent) + os.pathsep + "/nonexistent")
    assert command_name() == "companion"
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "companion" / "__main__.py")])
    assert command_name().endswith(" -m companion")


def test_a_word_after_a_command_is_read_as_a_person_means_it(home: Path) -> None:
    """A trial: `board bot2` got "unknown word 'board' (did you mean 'board'?)", `undo 2` "did you mean
    'window'?". A word after board or help changes nothing; after undo or quit it is refused, nothing done."""
    args = ["play", "propuh", "--as", "granny", "--bot", "normal", "--seed", "2", "--json"]
    run = run_cli(home, args, ["board granny", "help me", "undo 2", "quit now", "quit"])
    assert [e["message"] for e in run.of("error")] == [
        "undo takes back one input at a time: type undo alone",
        "type quit alone to stop (the game is saved)",
    ]
    assert len(run.of("board")) >= 2 and len(run.of("help")) == 1 and len(run.of("saved")) == 1


def test_json_errors_and_notes_carry_their_facts_as_fields(home: Path, tmp_path: Path) -> None:
    """A trial: an error event had its message only (a full disk and a typo looked alike), and the notes about
    the saved-games file were wrapped text on standard error, not events."""
    args = ["play", "propuh", "--as", "granny", "--bot", "normal", "--seed", "2", "--json"]
    run = run_cli(home, args, ["bde 3 t", "quit"])
    (error,) = run.of("error")
    assert error == {
        "event": "error",
        "message": "unknown word 'bde' (did you mean 'bed'?)",
        "kind": "parse",
        "input": "bde 3 t",
        "suggestion": "bed",
    }
    (home / "companion.sqlite3").write_bytes(b"not a database at all" * 100)
    played = run_cli(home, ["play", "prudh", "--bot", "random", "--json"], ["quit"])  # an event stream
    assert played.stderr == ""
    (note,) = played.of("note")
    assert note["text"].startswith("the saved-games file was damaged (not a database)")


def test_a_long_resume_command_gets_a_line_of_its_own(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, home: Path
) -> None:
    """The stop line broke a long command at a space (the path at the end of one line, ``resume 1`` on the
    next, a hard break a person copying it would copy too): it starts a line of its own, whole."""
    # a command of 80 characters exactly, whatever the length of the temporary folder: the line is longer than 100
    base = Path(tempfile.mkdtemp(prefix="companion-"))
    request.addfinalizer(lambda: shutil.rmtree(base))
    script = base / ("d" * (80 - len(str(base)) - len("//companion"))) / "companion"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script)])
    monkeypatch.setenv("PATH", "/nonexistent")
    run = run_cli(home, ["play", "propuh", "--seed", "3"], ["quit"])
    lines = run.stdout.splitlines()
    assert lines[-2] == "Stopped; game #1 is saved. Continue it with:"
    assert lines[-1] == f"  {script} resume 1"
    short = run_cli(home, ["play", "propuh", "--seed", "3", "--json"], ["quit"])
    assert short.of("saved")[0]["command"] == f"{script} resume 2"


@given(
    st.lists(st.text(alphabet="ab →", min_size=0, max_size=120), min_size=1, max_size=4), st.integers(20, 100)
)
def test_a_wrapped_line_keeps_its_words_and_indents_its_rest(lines: list[str], width: int) -> None:
    """A line longer than the screen wraps at spaces, its rest indented under its start; nothing is lost."""
    text = "\n".join(lines)
    shown = hanging(text, width)
    assert shown.split() == text.split()
    for line in shown.split("\n"):
        assert len(line) <= width or " " not in line.strip()


def test_a_help_line_wrapped_at_80_columns_continues_indented() -> None:
    line = "  p10 4 names the value card 10 makes: every ghost of that value counts 2 more on both sides"
    assert hanging(line, 80).split("\n") == [
        "  p10 4 names the value card 10 makes: every ghost of that value counts 2 more",
        "    on both sides",
    ]


@given(
    st.lists(st.lists(st.sampled_from(["a", "bb", "ccc"]), min_size=1, max_size=8), min_size=1, max_size=6),
    st.integers(20, 100),
)
def test_a_status_line_breaks_between_its_parts_and_a_long_part_between_its_words(
    parts: list[list[str]], width: int
) -> None:
    """A status line wider than the screen breaks between its `` · `` parts, a part too long for a line between
    its words, the rest indented; read back (each break a space again) it is the same line."""
    line = " · ".join(" ".join(words) for words in parts)
    shown = between(line, width)
    lines = shown.split("\n")
    assert " ".join(text.strip() for text in lines) == line
    assert all(text.startswith("  ") and not text.startswith("   ") for text in lines[1:])
    assert all(len(text) <= width for text in lines)
    if len(line) <= width:
        assert shown == line


@pytest.fixture
def screen_80(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A text screen 80 columns wide, without colour."""
    from companion.screen.output import TextOutput

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    return TextOutput(echo_input=True)


def test_an_error_wider_than_the_screen_continues_indented_under_its_text(
    screen_80: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """A terminal's own wrap started an error's rest at the left edge, where it read as a line of its own."""
    message = "'helo' is not a move here; expected bribe CARDS or no bribe (did you mean 'help'?)"
    screen_80.error(message)
    screen_80.secret_name = "Ann"
    screen_80.error(message)
    assert capsys.readouterr().out.splitlines() == [
        "✗ 'helo' is not a move here; expected bribe CARDS or no bribe (did you mean",
        "  'help'?)",
        "[only Ann] ✗ 'helo' is not a move here; expected bribe CARDS or no bribe (did",
        "  you mean 'help'?)",
    ]


def test_a_private_line_wider_than_the_screen_continues_indented_too(
    screen_80: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """A transcript's private help broke at the left edge (and kept a space at each line's end)."""
    help_line = (
        "Cards: g legal, x illegal, l lieutenant, c captain, i inspector (major); counts may prefix: 2g x."
    )
    screen_80.private("Ann", [help_line])
    assert capsys.readouterr().out.splitlines() == [
        "[only Ann] Cards: g legal, x illegal, l lieutenant, c captain, i inspector",
        "  (major); counts may prefix: 2g x.",
    ]


def test_a_prompt_wider_than_the_screen_continues_indented_too(
    screen_80: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trial: a prompt wrapped by rich started its rest at the left edge and kept a space at the line's end."""
    text = "Green: put a card face down for round 10? down 6, down p14, down (secret, named in round 10), or none"
    screen_80.prompt(text, "Green")
    assert capsys.readouterr().out.splitlines() == [
        "Green: put a card face down for round 10? down 6, down p14, down (secret, named",
        "  in round 10), or none",
    ]


def test_a_wrapped_line_never_starts_with_a_dash(screen_80: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """A Russian Prohis prompt broke at 80 columns as '(номер карты, 1' / '— слева)': a line that starts with a
    dash reads as a list's item, and the number was parted from what it says."""
    text = "Боря: переверните ещё одну карту конвоя игрока Bot3: 2, 3 или 4 (номер карты, 1 — слева)"
    screen_80.prompt(text, "Боря")
    shown = capsys.readouterr().out.splitlines()
    assert shown == [
        "Боря: переверните ещё одну карту конвоя игрока Bot3: 2, 3 или 4 (номер карты,",
        "  1 — слева)",
    ]
    assert between("aaaa bbbb cccc dddd — eeee", 20) == "aaaa bbbb cccc\n  dddd — eeee"
