"""The gates of a shared screen: a person's private news, hand and secret input (a Prohis convoy, a count)
behind "pass the screen", and what undo, quit, Ctrl-C and a closed window do there."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ai.games import get
from ai.protocol import Event
from companion.saves.store import Store
from companion.screen.output import TextOutput
from companion.table.session import TableSession
from tests.conftest import printed, text_out


def _gated(monkeypatch: pytest.MonkeyPatch, answers: list[str] | Callable[[str], str]) -> list[str]:
    """``input()`` at the gates answers in turn (or ``answers(prompt)`` answers each: the keys, or an exception
    raised); returns the gates' prompts as they come."""
    gates: list[str] = []

    def typed(prompt: str = "") -> str:
        gates.append(prompt)
        if callable(answers):
            return answers(prompt)
        if len(gates) > len(answers):
            raise AssertionError(f"one gate too many: {prompt}")
        return answers[len(gates) - 1]

    monkeypatch.setattr("builtins.input", typed)
    return gates


def _prohis_two_people(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    answers: list[str],
    people: tuple[int, ...] = (),
    options: dict[str, Any] | None = None,
    third: str = "normal",
) -> tuple[Store, TextOutput, TableSession, list[str]]:
    """Prohis in dealer mode, Ann and Ben at one screen with a bot, at a terminal whose gates answer in turn;
    ``people``: the seats the game treats as people (the CLI's ``untracked``: their hands dealt privately);
    ``third``: the third seat (``human``: a table of people only)."""
    from ai.prohis.rules import ProhisConfig

    store = Store(tmp_path / "s.sqlite3")
    out = text_out()
    out.interactive = True
    gates = _gated(monkeypatch, answers)
    config = ProhisConfig(
        players=3, names=("Ann", "Ben", "Cy" if third == "human" else "Bot3"), untracked=people
    )
    seats = ["human", "human", third]
    session = TableSession.new(get("prohis"), config, seats, 3, "t", store, out, options)
    return store, out, session, gates


def _reader(lines: list[str]) -> Any:
    it = iter(lines)
    return lambda: next(it, None)


def test_a_gate_takes_only_enter_and_refuses_a_typed_move_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = text_out()
    out.interactive = True
    answers = iter(["t4 t", "", ""])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    out.event(Event("play", "Granny plays Bed 3 on the Table.", table=("Put Bed 3 on the Table.",)))
    out.private("Ann", [Event("hand", "Ann's hand: t4 s1", private_to=0)])
    text = printed(out)
    refusals = [line.strip() for line in text.splitlines() if line.startswith("✗")]
    # not repeated: a line typed at a gate may be a secret typed too early
    assert refusals == ["✗ Wiped, not played: press Enter alone (or type quit); type moves later."]
    assert "Ann's hand: t4 s1" in text
    # the screen was cleared after the private view: the table's own lines come back
    assert text.rstrip().endswith("  → Put Bed 3 on the Table.")
    # and the board instead of a status line, until it has been drawn again
    game = get("potra-bash")
    state = game.initial_state(game.default_config(), 1)
    out.status(game, state, None)
    assert "┏" in printed(out)[len(text) :]
    out.status(game, state, None)
    assert printed(out).splitlines()[-1].startswith("Round 1, lap 1 · centre")


def test_quit_at_a_gate_stops_and_says_the_game_is_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Two people at one screen: the dealt hands go behind a gate at once; quit typed there stops the game."""
    from ai.prohis.rules import ProhisConfig

    store = Store(tmp_path / "s.sqlite3")
    out = text_out()
    out.interactive = True
    gates: list[str] = []

    def typed(prompt: str = "") -> str:
        gates.append(prompt)
        if len(gates) > 1:
            raise AssertionError(f"quit at the gate was refused: {printed(out).splitlines()[-1]}")
        return "quit"

    monkeypatch.setattr("builtins.input", typed)
    config = ProhisConfig(
        players=3, names=("Ann", "Ben", "Bot3"), untracked=(0, 1)
    )  # as the CLI seats people
    session = TableSession.new(get("prohis"), config, ["human", "human", "normal"], 3, "t", store, out)
    session.run(lambda: pytest.fail("no input is read after quit at the gate"))  # type: ignore[arg-type, return-value]
    assert len(gates) == 1 and gates[0].startswith(
        "For Ben's eyes only"
    )  # his dealt hand (Ann's, last, stays)
    # nothing typed yet: resuming says the setup again, Ben's hand too, so no "type hand Ben" is asked
    assert printed(out).rstrip().endswith(f"resume {session.id}")
    assert "Stopped; game" in printed(out)
    store.close()


def test_the_first_players_dealt_hand_stays_on_their_screen_for_their_first_turn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Prohis, Ann and Ben dealt by the tool, Ann first: Ben's hand behind his gate, then Ann's, which stays
    for her turn (before: Ann's gate, Ben's, then Ann's again for her turn)."""
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path, ["", "", "", "quit"], (0, 1))
    session.run(_reader(["pile"]))
    assert gates[0].startswith("For Ben's eyes only") and gates[1] == "Press Enter to hide. "
    assert (
        gates[2].startswith("For Ann's eyes only") and gates[3] == "Press Enter to hide. " and len(gates) == 4
    )
    assert "[only Ann] > pile" in printed(out)
    # her screen says it stays hers, and until when (a trial: the hand looked left on the shared screen)
    hand_then_turn = printed(out).split("Ann's hand:")[1].split("[only Ann] > pile")[0]
    assert "(Still Ann's screen for the input below; hidden when Ann is done.)" in hand_then_turn
    store.close()


def test_a_persons_own_news_and_hand_behind_their_gate_need_no_second_gate(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Prohis, two people: Ann's turn is typed behind her gate; `hand` there shows her cards at once, and the
    card she draws is shown there too (before: a second gate and "Press Enter to hide" each time)."""
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path, ["", "", "quit"])
    session.run(_reader(["hand", "pile"]))
    # Ann's gate; after her draw is shown, Enter hides it; then Ben's turn: his own gate, where quit stops
    assert len(gates) == 3 and "only Ann is looking" in gates[0]
    assert gates[1] == "Press Enter to hide. " and "only Ben is looking" in gates[2]
    text = printed(out)
    after_hand = text[text.index("[only Ann] > hand") :]
    assert (
        after_hand.index("Your hand:")
        < after_hand.index("[only Ann] > pile")
        < after_hand.index("You drew a")
    )
    assert "For Ann's eyes only" not in "".join(gates)
    store.close()


def test_a_turn_of_two_draws_is_one_gate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Prohis, two people: Ann takes a display card, then the pile's top; the card drawn is shown behind the
    gate her turn opened (before: the screen hidden after the take, then "For Ann's eyes only" for the draw)."""
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path, ["", "", "quit"])
    session.run(_reader(["take x", "pile"]))
    assert "only Ann is looking" in gates[0] and gates[1] == "Press Enter to hide. "
    assert "only Ben is looking" in gates[2] and len(gates) == 3
    text = printed(out)
    assert text.index("[only Ann] > take x") < text.index("[only Ann] > pile") < text.index("You drew a")
    store.close()


def test_a_bribe_offered_to_a_person_stays_on_their_screen_while_they_answer(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Prohis, two people: Ben inspects Ann's convoy, Ann offers him a lieutenant; the offer and his answer are
    behind one gate, and his `hand` there shows the offer (before: the offer hidden before he answered, and
    never shown again)."""
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path, [""] * 6)
    session.run(_reader(["convoy x x g", "inspect i", "bribe l", "hand", "accept"]))
    offer = next(i for i, gate in enumerate(gates) if "For Ben's eyes only" in gate)
    assert gates[offer + 1] == "Press Enter to hide. "
    text = printed(out)
    answer = text[text.index("Ann offers you: 1 lieutenant.") :]
    assert "Ann offers you: 1 lieutenant (accept or refuse)." in answer.split("[only Ben] > accept")[0]
    assert "[only Ben] > hand" in answer and "[only Ben] > accept" in answer
    store.close()


def test_undo_at_the_gate_before_a_persons_news_takes_the_input_back_unseen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ann offers Ben a bribe; `undo` typed at "For Ben's eyes only" takes the bribe back without showing it
    (before: refused, so Ben had to see the cards first), and Ann is asked again behind her gate."""
    # Ann's convoy, Ben's controller (dealer mode: asked behind his gate), Ann's bribe, then Ben's eyes only
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path, ["", "", "", "undo", "quit"])
    session.run(_reader(["convoy x x g", "inspect i", "bribe l"]))
    assert "For Ben's eyes only" in gates[3] and "Pass the screen to Ann" in gates[4]
    text = printed(out)
    assert "Undone: Ann's last input" in text and "Ann offers you" not in text and "not played" not in text
    assert text.rstrip().endswith(f"resume {session.id}")
    store.close()


def test_at_a_persons_own_prompt_board_help_and_hint_need_no_second_gate(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`board`, `help` and `hint` typed at Ann's own secret prompt answer there (before: the screen hidden and
    a new gate for each); the hint is hers alone, hidden with her screen."""
    from ai.prohis.rules import ProhisConfig

    store = Store(tmp_path / "s.sqlite3")
    out = text_out()
    out.interactive = True
    gates = _gated(monkeypatch, ["", "", "quit"])
    config = ProhisConfig(players=3, names=("Ann", "Ben", "Bot3"))
    options = {"think": 0.05}
    session = TableSession.new(
        get("prohis"), config, ["human", "human", "normal"], 3, "t", store, out, options
    )
    session.run(_reader(["board", "help", "hint", "pile"]))
    assert (
        "only Ann is looking" in gates[0] and gates[1] == "Press Enter to hide. " and "only Ben" in gates[2]
    )
    text = printed(out)
    mine = text[text.index("[only Ann] > board") : text.index("[only Ann] > pile")]
    assert "Hint: " in mine and "[only Ann] > help" in mine
    store.close()


def test_quit_or_ctrl_c_where_a_persons_lines_are_shown_clears_the_screen_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`quit` at "Press Enter to hide" and Ctrl-C at a person's own prompt clear the screen before the game
    stops (before: the private lines stayed on the terminal), and Ctrl-C says "Stopped", not "Input ended"."""
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path, ["", "quit"])
    monkeypatch.setattr(out.console, "clear", lambda *args: out.console.file.write("<cleared>\n"))
    session.run(_reader(["hand", "pile"]))
    text = printed(out)
    assert gates[-1] == "Press Enter to hide. " and "<cleared>" in text[text.index("You drew a") :]
    store.close()

    (tmp_path / "2").mkdir()
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path / "2", ["", "", ""])
    monkeypatch.setattr(out.console, "clear", lambda *args: out.console.file.write("<cleared>\n"))

    def ctrl_c() -> str:
        raise KeyboardInterrupt

    session.run(ctrl_c)
    text = printed(out)
    assert "<cleared>" in text[text.index("Pass the screen to Ann") if "Pass the screen" in text else 0 :]
    assert "Stopped; game" in text and "Input ended" not in text
    store.close()


def test_a_line_typed_behind_a_gate_is_not_recalled_by_the_next_person(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The line editor's history is emptied when a person's screen is hidden: the up arrow at Ben's prompt
    does not bring back Ann's convoy (before: it did)."""
    readline = pytest.importorskip("readline")
    readline.clear_history()
    store, _, session, _ = _prohis_two_people(monkeypatch, tmp_path, ["", "", "quit"])
    recalled: list[int] = []
    lines = iter(["convoy x x g", "no"])

    def typed_at_the_prompt() -> str | None:
        recalled.append(readline.get_current_history_length())
        line = next(lines, None)
        if line is not None:
            readline.add_history(line)  # as input() does at a terminal
        return line

    session.run(typed_at_the_prompt)
    assert recalled[:2] == [0, 0]  # Ben, asked to inspect after Ann's convoy, recalls nothing
    readline.clear_history()
    store.close()


def test_after_undo_the_bribe_is_shown_again_with_the_question(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ben accepts Ann's bribe, then takes it back: behind his new gate the offer comes with the question
    (before: only "accept or refuse", the offer shown again only if he thought of `hand`)."""
    store, out, session, _ = _prohis_two_people(monkeypatch, tmp_path, [""] * 8)
    session.run(_reader(["convoy x x g", "inspect i", "bribe l", "accept", "undo", "refuse"]))
    text = printed(out)
    again = text[text.index("Undone: Ben's last input") :]
    assert again.index("Ann offers you: 1 lieutenant") < again.index("[only Ben] > refuse")
    store.close()


def test_a_stray_enter_or_undo_with_nothing_to_undo_keeps_the_persons_screen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """At Ann's first prompt (her dealt hand kept for it): Enter alone and `undo` are answered there, the
    screen still hers (before: hidden, then "nothing typed" in the open and a new gate)."""
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path, ["", "", "", "quit"], (0, 1))
    session.run(_reader(["", "undo", "pile"]))
    assert (
        gates[2].startswith("For Ann's eyes only") and gates[3] == "Press Enter to hide. " and len(gates) == 4
    )
    text = printed(out)
    assert "[only Ann] ✗ nothing typed" not in text  # at a terminal the line is hers, unmarked
    mine = text[text.index("Ann's hand") : text.index("You drew a")]
    assert "nothing typed" in mine and "nothing to undo" in mine
    store.close()


@pytest.mark.parametrize("third", ["human", "normal"])
def test_undo_at_a_persons_gate_takes_back_without_passing_the_screen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, third: str
) -> None:
    """Ann draws (her turn ends); undo at Ben's gate. With people only it takes the draw back: Ann's turn again,
    behind her gate. With a bot at the table the card Ann drew came from the tool's pile, unseen by the others:
    the undo is refused in one line and Ben's turn stays, behind his gate again."""
    store, out, session, gates = _prohis_two_people(
        monkeypatch, tmp_path, ["", "", "undo", "quit"], third=third
    )
    session.run(_reader(["pile"]))
    text = printed(out)
    assert "not played" not in text
    if third == "human":
        assert ["only Ann" in gates[0], "only Ben" in gates[2], "only Ann" in gates[3]] == [True, True, True]
        assert "Undone: Ann's last input" in text
        assert session.entries == [] and get("prohis").to_move(session.state) == 0
    else:
        assert ["only Ann" in gates[0], "only Ben" in gates[2], "only Ben" in gates[3]] == [True, True, True]
        assert "> undo\n✗ undo stops here: the card drawn has been seen\n" in text and "Undone" not in text
        assert [e.text for e in session.entries] == ["pile"] and get("prohis").to_move(session.state) == 1
    assert text.rstrip().endswith(f"resume {session.id}")
    store.close()


def _potra_two_people(tmp_path: Path) -> tuple[Store, TextOutput, TableSession, Any]:
    """Potra Bash, Ann and Ben at one terminal with a bot, the bots' first moves made: a person to play."""
    from ai.potra_bash.rules import PotraConfig

    store = Store(tmp_path / "s.sqlite3")
    out = text_out()
    out.interactive = True
    game = get("potra-bash")
    config = PotraConfig(players=3, names=("Ann", "Ben", "Bot3"))
    session = TableSession.new(game, config, ["human:Ann", "human:Ben", "normal"], 2, "t", store, out)
    session.play_bots()
    return store, out, session, game


def _typed(play: str, typed: list[str], gates: list[str], times: int = 1) -> Callable[[], str | None]:
    """A reader that types ``play`` at each of its first ``times`` reads (each read noted in ``typed``, and as
    ``(typed)`` among the ``gates`` met), then ends the input."""

    def reader() -> str | None:
        typed.append(play)
        gates.append("(typed)")
        return play if len(typed) <= times else None

    return reader


@pytest.mark.parametrize("leave", ["quit", "ctrl-d", "ctrl-c"])
def test_quit_at_the_gate_of_a_persons_news_says_who_has_not_seen_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, leave: str
) -> None:
    """Potra Bash, two people: Ann plays and draws; quit at the gate before her draw: the saved line says she
    has not seen it and how she will (before: resumed at Ben's prompt, the draw never shown). Ctrl-D and Ctrl-C
    there say the same (a trial: "Input ended", Ann not named)."""
    store, out, session, game = _potra_two_people(tmp_path)
    assert game.to_move(session.state) in (0, 1)
    play = game.format_action(session.state, game.legal_actions(session.state)[0])
    mover = session.seat_label(game.to_move(session.state))
    gates: list[str] = []
    typed: list[str] = []

    def at_the_gate(prompt: str = "") -> str:  # the setup's gates pass; the first after the play is left
        gates.append(prompt)
        if typed and leave == "ctrl-d":
            raise EOFError
        if typed and leave == "ctrl-c":
            raise KeyboardInterrupt
        return "quit" if typed else ""

    reader = _typed(play, typed, gates)
    monkeypatch.setattr("builtins.input", at_the_gate)
    session.run(reader)
    after = gates[gates.index("(typed)") + 1 :]
    assert len(after) == 1 and f"For {mover}'s eyes only" in after[0]
    said = " ".join(printed(out).split())
    assert said.endswith(
        f"resume {session.id} ({mover} has not seen what was for {mover}'s eyes yet: after resuming, type hand "
        f"{mover})"
    )
    store.close()


def test_the_count_asked_of_a_person_is_typed_behind_the_same_gate(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Prohis with a real deck, Ann and Ben at one screen: the request to count is for one person's eyes and
    that person types the count next, so it stays on their screen for it (before: their gate, the request,
    "Press Enter to hide", then "Pass the screen" to the same person); the table's lines shown meanwhile come
    back when it is hidden."""
    import random

    from ai.prohis import rules as R
    from ai.prohis.score import format_count, possible_count

    game = get("prohis")
    gates: list[str] = []

    store = Store(tmp_path / "s.sqlite3")
    out = text_out()
    out.interactive = True

    def typed(prompt: str = "") -> str:
        gates.append(prompt)
        out.console.file.write(f"<{prompt}>\n")
        return ""

    monkeypatch.setattr("builtins.input", typed)
    config = R.ProhisConfig(players=3, names=("Ann", "Ben", "Bot3"), physical=True, untracked=(0, 1))
    session = TableSession.new(game, config, ["human:Ann", "human:Ben", "normal"], 4, "t", store, out)
    rng = random.Random(4)
    counts: list[int] = []  # the gates before each count typed

    def read() -> str | None:
        state = session.state
        if game.is_over(state):
            return None
        if state.phase == R.Phase.COUNT:
            if game.to_move(state) >= 0:  # a person's count (a bot's unturned cards are the table's)
                counts.append(len(gates))
            return format_count(possible_count(state, rng))
        return game.format_action(state, rng.choice(list(game.legal_actions(state))))

    session.run(read)
    assert game.is_over(session.state) and len(counts) == 2
    for n in counts:
        name = gates[n - 1].split("only ")[1].split(" is looking")[0]
        assert gates[n - 1].startswith(f"For {name}'s eyes only"), gates[n - 3 : n]
    text = printed(out)
    assert "Ann: count your warehouse" in text and "Ben: count your warehouse" in text
    # the table's lines shown while the screen was the counter's come back once it is hidden
    first = text.index("<Press Enter to hide. >", text.index("count your warehouse"))
    assert "Now the count" in text[first:]
    store.close()


def test_a_secret_inputs_prompt_is_shown_behind_its_gate_never_before_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A trial: "Ann: take CARD, pile, or convoy CARDS" stood above "Pass the screen to Ann", and Ann typed her
    convoy at the gate, in view. The table sees the gate alone; the prompt comes once the screen is hers."""
    store, out, session, gates = _prohis_two_people(monkeypatch, tmp_path, ["", "", "quit"])
    shown_at_gate: list[str] = []
    answer = __import__("builtins").input

    def typed(prompt: str = "") -> str:
        shown_at_gate.append(printed(out))
        return str(answer(prompt))

    monkeypatch.setattr("builtins.input", typed)
    session.run(_reader(["pile"]))
    assert "only Ann is looking" in gates[0] and "Ann: take CARD" not in shown_at_gate[0]
    after = printed(out)[len(shown_at_gate[0]) :]
    assert after.index("Ann: take CARD") < after.index("You drew a")
    store.close()


def _propuh_two_people(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, answers: Callable[[str], str]
) -> tuple[Store, TextOutput, TableSession]:
    """Propuh, Granny and Propuh both people at one screen (the tool deals); ``answers`` answers each gate."""
    from ai.propuh.rules import PropuhConfig

    store = Store(tmp_path / "s.sqlite3")
    out = text_out()
    out.interactive = True
    _gated(monkeypatch, answers)
    session = TableSession.new(
        get("propuh"), PropuhConfig(solo=False), ["human", "human"], 3, "t", store, out
    )
    return store, out, session


@pytest.mark.parametrize("leave", ["quit at the first gate", "ctrl-c at its hide"])
def test_a_stop_at_a_gate_names_everyone_whose_news_waits_and_resume_names_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, leave: str
) -> None:
    """A trial: the round's end deals 2 cards to each; `quit` at Granny's gate named only Granny, Ctrl-C at her
    "Press Enter to hide" nobody, and resuming named nobody (a killed window neither)."""
    dealt = {"round": False}

    def answers(prompt: str) -> str:
        if not dealt["round"]:
            return ""
        if leave == "quit at the first gate":
            return "quit"
        if prompt.startswith("Press Enter to hide"):
            raise KeyboardInterrupt
        return ""

    store, out, session = _propuh_two_people(monkeypatch, tmp_path, answers)
    game = session.game
    moves: list[str] = []

    def reader() -> str | None:
        state = session.state
        if dealt["round"]:
            return None
        move = game.format_action(state, game.legal_actions(state)[0])
        if state.plays == 3:  # Propuh's last card: the round ends, both are dealt
            dealt["round"] = True
        moves.append(move)
        return move

    session.run(reader)
    said = " ".join(printed(out).split())
    expected = "Granny and Propuh have not seen" if leave.startswith("quit") else "Propuh has not seen"
    assert expected in said, said[-400:]
    assert said.rstrip().endswith(
        "hand Granny, hand Propuh)" if leave.startswith("quit") else "type hand Propuh)"
    )
    store.close()
    # resuming (a new window) names them again, once
    again = Store(tmp_path / "s.sqlite3")
    out2 = text_out()
    resumed = TableSession(game, again.get(session.id), again, out2)  # type: ignore[arg-type]
    resumed.resumed = True
    resumed.run(lambda: None)
    told = " ".join(printed(out2).split())
    who = "Granny and Propuh" if leave.startswith("quit") else "Propuh"
    assert f"When the game stopped, {who} had not seen what was for" in told  # as it stood then
    assert "Propuh: " in told or "hand Propuh" in told
    resumed_again = TableSession(game, again.get(session.id), again, text_out())  # type: ignore[arg-type]
    resumed_again.resumed = True
    assert resumed_again.unseen.names == []
    again.close()


def test_a_window_closed_at_a_persons_gate_leaves_their_news_unseen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Driven in tmux: closing the window (SIGHUP, then the terminal fails with an OSError) at "For Ann's eyes
    only" counted her news as seen, so resuming did not name her."""
    store, _, session, game = _potra_two_people(tmp_path)
    play = game.format_action(session.state, game.legal_actions(session.state)[0])
    mover = session.seat_label(game.to_move(session.state))
    typed: list[str] = []

    def at_the_gate(prompt: str = "") -> str:
        if typed:
            raise OSError(5, "Input/output error")  # the terminal is gone
        return ""

    monkeypatch.setattr("builtins.input", at_the_gate)
    session.run(lambda: (typed.append(play), play)[1] if not typed else None)
    record = store.get(session.id)
    assert record is not None and record.options.get("unseen") == [mover]
    store.close()


def test_undo_at_the_gate_of_a_persons_own_draw_takes_the_play_back_unseen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Potra Bash, two people and a bot: Ann plays and draws from the tool's deck; `undo` at "For Ann's eyes
    only", before anybody has seen the card, takes her play back (before: refused, "the card drawn has been
    seen"). Her draw is never shown; played again, the play draws the same card."""
    store, out, session, game = _potra_two_people(tmp_path)
    before = session.state
    action = game.legal_actions(before)[0]
    play = game.format_action(before, action)
    mover = session.seat_label(game.to_move(before))
    gates: list[str] = []
    typed: list[str] = []

    def at_the_gate(prompt: str = "") -> str:  # undo at the first gate after the first play; Enter elsewhere
        gates.append(prompt)
        return "undo" if gates.count("(typed)") == 1 and gates[-2] == "(typed)" else ""

    monkeypatch.setattr("builtins.input", at_the_gate)
    session.run(_typed(play, typed, gates, times=2))  # the play, typed again after the undo
    text = printed(out)
    undone = text.index(f"Undone: {mover}'s input {play}")
    assert "has been seen" not in text and f"{mover} draws a " not in text[:undone]
    drawn = game.step(before, action)[0]  # the deck as it was: the same card
    assert [entry.text for entry in session.entries if entry.actor == "human"] == [play]
    assert session.states[session.states.index(before) + 1] == drawn
    assert text.count(f"{mover} draws a ") == 1
    store.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [("ru", "после продолжения наберите «рука Аня», «рука Боря»"), ("fr", "tapez «\u00a0main Aude\u00a0»")],
)
def test_the_hand_to_type_after_unseen_news_is_quoted_as_a_command(lang: str, said: str) -> None:
    """A Russian table resumed after a window was killed at a gate read "наберите рука Аня", a command run into
    the sentence; the command is quoted, as the table's other messages quote «рука ИМЯ» and « main »."""
    from ai.words import language
    from companion.table.unseen_news import unseen_sentence

    with language(lang):
        text = unseen_sentence(["Аня", "Боря"] if lang == "ru" else ["Aude"], lang == "ru")
    assert said in text
