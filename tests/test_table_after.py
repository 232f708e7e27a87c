"""A game started ``--after`` another continues the evening at that table: its bots have seen the earlier games
(``ai.habits``), made again from their saved inputs whenever the game is opened (``resume`` restores it)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ai.potra_bash.game import GAME as POTRA
from ai.prohis.game import GAME
from companion.saves.store import Store
from companion.screen.output import JsonOutput
from companion.table.earlier import earlier_states
from companion.table.session import TableSession
from tests.conftest import run_cli


def _opened(number: int, game: Any = GAME) -> TableSession:
    store = Store()
    record = store.get(number)
    assert record is not None
    out = JsonOutput()
    out.stream = io.StringIO()
    return TableSession(game, record, store, out)


def test_the_bots_of_a_game_after_another_start_with_what_they_saw_there(home: Path) -> None:
    seats = ["--seats", "Ann,normal,hard,normal", "--think", "0.01", "--json"]
    first = run_cli(home, ["play", "prohis", *seats, "--seed", "3", "--first", "Bot2"], ["pile", "no", "no"])
    (saved,) = first.of("saved")
    second = run_cli(home, ["play", "prohis", *seats, "--seed", "4", "--after", str(saved["session"])], [])
    (again,) = second.of("saved")
    session = _opened(again["session"])
    (last,) = earlier_states(GAME, session.store, session.record)
    assert last.record == _opened(saved["session"]).state.record
    assert any(map(any, last.record))  # the table saw something done
    for seat, bot in session.players.items():
        assert bot.past == last.record and bot.games == 1, seat
    chained = run_cli(home, ["play", "prohis", *seats, "--seed", "5", "--after", str(again["session"])], [])
    (third,) = chained.of("saved")
    assert len(earlier_states(GAME, session.store, _opened(third["session"]).record)) == 2


def test_an_earlier_game_that_cannot_come_before_is_refused_in_one_line(home: Path) -> None:
    run = run_cli(home, ["play", "prohis", "--seats", "Ann,bot,bot", "--after", "7", "--json"], [])
    assert run.returncode != 0
    assert "there is no game #7" in run.stderr + run.stdout
    first = run_cli(home, ["play", "prohis", "--seats", "Ann,bot,bot", "--json"], [])
    (saved,) = first.of("saved")
    run = run_cli(
        home, ["play", "prohis", "--seats", "Ann,bot,bot,bot", "--after", str(saved["session"])], []
    )
    assert run.returncode != 0 and "had 3 seats, this one has 4" in run.stderr + run.stdout


def test_the_start_line_says_which_game_it_follows(tmp_path: Path) -> None:
    seats = ["--seats", "Ann,normal,hard,normal"]
    run_cli(tmp_path, ["play", "prohis", *seats, "--seed", "2"], ["quit"])
    second = run_cli(tmp_path, ["play", "prohis", "--after", "1", *seats], ["quit"])
    assert ", after game #1." in " ".join(second.stdout.split())


def test_potra_bash_bots_after_another_game_start_with_what_they_saw_there(home: Path) -> None:
    seats = ["--seats", "Ann,normal,hard,normal", "--think", "0.01", "--json"]
    first = run_cli(home, ["play", "potra-bash", *seats, "--seed", "3", "--first", "Bot2"], [])
    (saved,) = first.of("saved")
    second = run_cli(
        home, ["play", "potra-bash", *seats, "--seed", "4", "--after", str(saved["session"])], []
    )
    (again,) = second.of("saved")
    session = _opened(again["session"], POTRA)
    (last,) = earlier_states(POTRA, session.store, session.record)
    assert last.record == _opened(saved["session"], POTRA).state.record
    assert any(map(any, last.record))  # the bots played high or minus cards before Ann's turn
    for seat, bot in session.players.items():
        assert bot.past == last.record and bot.games == 1, seat


def test_a_rip_game_after_another_starts_its_bot_with_what_it_saw_there(home: Path) -> None:
    from ai.rip.game import GAME as RIP

    args = ["play", "rip", "--bot", "normal", "--first", "me", "--json"]
    first = run_cli(home, [*args, "--seed", "3"], ["1 1 2 2 5", "1"])
    (saved,) = first.of("saved")
    second = run_cli(home, [*args, "--seed", "4", "--after", str(saved["session"])], [])
    (again,) = second.of("saved")
    store = Store()
    record = store.get(again["session"])
    assert record is not None
    session = TableSession(RIP, record, store, JsonOutput())
    (last,) = earlier_states(RIP, store, session.record)
    assert any(map(any, last.record))  # the person's first turn: a fight for a manor or a castle
    (bot,) = session.players.values()
    assert bot.past == last.record and bot.games == 1


def test_propuh_s_bots_of_a_game_after_another_start_with_what_they_saw_there(home: Path) -> None:
    from ai.propuh.game import GAME as PROPUH_GAME
    from ai.propuh.state import Play, PropuhConfig

    state = PROPUH_GAME.initial_state(PropuhConfig(solo=False), 3)
    first_card = next(a for a in PROPUH_GAME.legal_actions(state) if isinstance(a, Play))
    typed = [PROPUH_GAME.format_action(state, first_card)]
    seats = ["--as", "granny", "--bot", "normal", "--json"]
    first = run_cli(home, ["play", "propuh", *seats, "--seed", "3"], typed)
    (saved,) = first.of("saved")
    second = run_cli(home, ["play", "propuh", *seats, "--seed", "4", "--after", str(saved["session"])], [])
    (again,) = second.of("saved")
    store = Store()
    record = store.get(again["session"])
    assert record is not None
    out = JsonOutput()
    out.stream = io.StringIO()
    session = TableSession(PROPUH_GAME, record, store, out)
    (last,) = earlier_states(PROPUH_GAME, store, record)
    assert sum(last.record[0]) >= 2  # Granny's card counted by its location and as a lead
    (bot,) = session.players.values()
    assert bot.past == last.record and bot.games == 1
    solo = run_cli(home, ["play", "propuh", "--after", str(saved["session"])], [])
    assert solo.returncode != 0 and "--after is for two players" in solo.stderr + solo.stdout
