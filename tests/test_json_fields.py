"""``--json`` names who acts as the prompts and the board do: a player's name beside every seat number, the
names in ``setup``, the convoy's ``owner`` in a Prohis ``turned`` event, cards as lists; and every fact a
sentence states is a field (whose convoy a judgement concerns, how many of a token a RIP round's winner holds,
the height of the stack a Prudh run starts from, who sits where)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ai.prohis import rules as R
from ai.prohis.game import GAME
from tests.conftest import run_cli


def _events(config: R.ProhisConfig, seed: int, moves: int = 250) -> list:
    rng = random.Random(seed)
    state = GAME.initial_state(config, seed)
    out = list(GAME.setup_events(state))
    for _ in range(moves):
        legal = list(GAME.legal_actions(state))
        if GAME.is_over(state) or not legal:
            break
        state, events = GAME.step(state, rng.choice(legal))
        out += events
    return out


@pytest.mark.parametrize("physical", [False, True])
def test_prohis_events_name_the_actor_beside_its_seat(physical: bool) -> None:
    config = R.ProhisConfig(
        players=4, names=("Ann", "Bo", "Cy", "Di"), untracked=(0,) if physical else (0, 2), physical=physical
    )
    events = [e for seed in range(3) for e in _events(config, seed)]
    kinds = {e.kind for e in events}
    assert {"take", "convoy", "turned"} <= kinds
    for event in events:
        if "seat" in event.data:
            assert event.data["player"] == config.name(event.data["seat"]), event
        if event.kind == "turned":
            assert "seat" not in event.data and event.data["owner"] in config.names
        if event.kind in ("bribe_cards", "seized_cards"):
            assert isinstance(event.data["cards"], list) and all(len(c) == 1 for c in event.data["cards"])
    (setup,) = [e for e in events[:1] if e.kind == "setup"]
    assert setup.data["names"] == ["Ann", "Bo", "Cy", "Di"] and setup.data["players"] == 4


def test_a_bribe_offered_lists_its_cards() -> None:
    config = R.ProhisConfig(players=3, names=("Ann", "Bo", "Cy"), untracked=(0,))
    for seed in range(300):
        for event in _events(config, seed, 120):
            if event.kind == "bribe_cards":
                cards = event.data["cards"]
                assert isinstance(cards, list) and cards == sorted(cards) and set(cards) <= set("gxlci")
                assert event.data["player"] != event.data["to"] and event.private_to is not None
                return
    raise AssertionError("no bribe offered")


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["prohis", "--seats", "Ann,bot,bot"], ["Ann", "Bot2", "Bot3"]),
        (["potra-bash", "--seats", "Ann,bot,bot"], ["Ann", "Bot2", "Bot3"]),
        (["propuh", "--as", "granny", "--bot", "random"], ["granny", "propuh"]),
        (["rip", "--bot", "random"], ["green", "blue"]),
        (["prudh", "--bot", "random"], ["dark", "light"]),
    ],
)
def test_every_game_lists_its_players_in_setup(home: Path, args: list[str], names: list[str]) -> None:
    run = run_cli(home, ["play", *args, "--seed", "2", "--json"], ["quit"])
    assert run.returncode == 0, run.stderr
    assert run.of("setup")[0]["names"] == names
    (start,) = run.of("start")
    assert start["game"] == args[0]  # a script knows which game it reads
    # who sits where: a person's seat has no bot; the others name their level
    bots = [seat["bot"] for seat in start["seats"]]
    assert bots.count(None) == 1 and all(bot in (None, "normal", "random") for bot in bots)
    assert len(bots) == len(names)
    if args[0] in ("prohis", "potra-bash"):
        assert [seat["name"] for seat in start["seats"]] == names


def test_a_judgement_names_whose_convoy_it_is() -> None:
    config = R.ProhisConfig(players=4, names=("Ann", "Bo", "Cy", "Di"), untracked=(0,))
    judged: set[str] = set()
    for seed in range(40):
        smuggler = None
        for event in _events(config, seed, 400):
            if event.kind == "convoy":
                smuggler = event.data["player"]
            if event.kind in ("accept", "refuse", "decline", "inspect"):
                assert event.data["smuggler"] == smuggler != event.data["player"], event
                judged.add(event.kind)
    assert judged == {"accept", "refuse", "decline", "inspect"}


def test_a_rip_round_says_how_many_of_its_token_the_winner_holds() -> None:
    from ai.rip.game import GAME as RIP

    rounds = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = RIP.initial_state(RIP.default_config(), seed)
        held: dict[tuple[str, str], int] = {}
        while not RIP.is_over(state):
            state, events = RIP.step(state, rng.choice(list(RIP.legal_actions(state))))
            for event in events:
                if event.kind == "round":
                    key = (event.data["winner"], event.data["token"])
                    held[key] = held.get(key, 0) + 1
                    assert event.data["count"] == held[key], event
                    assert f"({held[key]} " in event.text
                    rounds += 1
    assert rounds > 100


def test_a_prudh_run_gives_the_height_it_starts_from() -> None:
    from ai.prudh.game import GAME as PRUDH

    runs = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = PRUDH.initial_state(PRUDH.default_config(), seed)
        while not PRUDH.is_over(state):
            move = rng.choice(list(PRUDH.legal_actions(state)))
            before = state
            state, events = PRUDH.step(state, move)
            for event in [e for e in events if e.kind == "move" and e.data["kind"] == "run"]:
                assert event.data["stack"] == before.board[move.square] >= 1
                assert f"from a stack of {event.data['stack']}:" in event.text
                assert event.data["extras"] >= 0
                runs += 1
    assert runs > 50


def test_an_event_of_facts_alone_carries_no_empty_sentence(home: Path) -> None:
    """Propuh's token count after a play is facts alone; ``--json`` gave it ``"text": ""`` (stop 28's list)."""
    lines = ["b4 b", "s2", "t3 t", "t1", "quit"]
    run = run_cli(home, ["play", "propuh", "--seed", "3", "--json"], lines)
    events = run.events
    tokens = run.of("tokens")
    assert tokens and all("text" not in e and set(e["tokens"]) == {"granny", "propuh"} for e in tokens)
    assert all(e.get("text", "x") != "" for e in events)


@pytest.mark.parametrize(
    ("args", "kind", "message", "facts"),
    [
        (["resume", "99", "--json"], "refused", "no game #99", {"session": 99}),
        (
            ["play", "prohis", "--seats", "Ann", "--json"],
            "refused",
            "Prohis is for 3 to 6 players, not 1",
            {},
        ),
        (
            ["play", "prohis", "--seats", "Ann,bot,bot", "--json", "--bot", "hard"],
            "usage",
            "No such option: --bot",
            {"option": "--bot"},
        ),
        (
            ["play", "propuh", "--solo", "--json", "--sed", "3"],
            "usage",
            "No such option: --sed",
            {"option": "--sed", "possible": ["--as", "--seed"], "suggestion": "--seed"},
        ),
        (
            ["play", "prudh", "--colour", "drak", "--json"],
            "usage",
            "Invalid value for '--colour'",
            {"option": "--colour", "suggestion": "dark"},
        ),
    ],
)
def test_a_command_stopped_before_its_first_event_says_why_on_standard_output(
    home: Path, args: list[str], kind: str, message: str, facts: dict[str, object]
) -> None:
    """A trial: under ``--json``, play and resume refused on stderr alone, leaving a script nothing to read; then
    the facts were in its message only (which game, which option, the suggestion)."""
    run = run_cli(home, args)
    assert run.returncode == 2
    (error,) = run.events
    assert error["event"] == "error" and error["kind"] == kind and error["message"].startswith(message)
    assert {key: error[key] for key in error if key not in ("event", "kind", "message")} == facts
    assert run.stderr.startswith(f"error: {message}")


def test_a_fault_of_the_saved_games_file_is_an_event_under_json(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "companion.sqlite3").mkdir()  # a directory where the file should be
    run = run_cli(home, ["play", "propuh", "--json"], ["quit"])
    assert run.returncode == 2
    (error,) = run.events
    assert error["kind"] == "fault" and "companion.sqlite3" in error["message"]


@pytest.mark.parametrize("game", ["potra-bash", "prohis"])
def test_the_default_person_is_a_name_the_sentences_can_use(home: Path, game: str) -> None:
    """A trial: Potra Bash's default seat "You" read "You plays a -2", "You's hand", "Bot3 takes You's 1"."""
    run = run_cli(home, ["play", game, "--seed", "2", "--json"], ["quit"])
    assert run.of("setup")[0]["names"][0] == "Player"
    assert not [e["text"] for e in run.events if "You " in e.get("text", "") or "You's" in e.get("text", "")]


def test_a_searching_bot_says_it_thinks_under_json_too(home: Path) -> None:
    """A trial: a front end reading ``--json`` had nothing to show while a bot searched."""
    args = ["play", "prudh", "--seed", "1", "--bot", "hard", "--think", "0.2", "--first", "me", "--json"]
    run = run_cli(home, args, ["c3 ne", "quit"])
    kinds = [e["event"] for e in run.events]
    assert run.of("thinking") == [{"event": "thinking", "player": "Light", "up_to": 0.2}]
    assert kinds.index("thinking") == len(kinds) - 1 - kinds[::-1].index("move") - 1  # just before its move


def test_the_only_persons_own_news_is_marked_private_as_behind_a_gate(home: Path) -> None:
    """A trial: alone at the table, the dealt cards came without ``private_to``, a hand event with it."""
    run = run_cli(
        home, ["play", "propuh", "--as", "granny", "--bot", "normal", "--seed", "2", "--json"], ["quit"]
    )
    (dealt,) = run.of("dealt")
    assert dealt["private_to"] == "Granny" and dealt["player"] == "granny"
    assert all("private_to" not in e for e in run.of("setup"))


def test_a_refused_command_names_the_input_it_answers(home: Path) -> None:
    """A trial: "nothing to undo" under ``--json`` did not say which line it answered; a refused move did."""
    lines = ["undo", "b4 b", "undo 2", "hand Bob", "", "quit"]
    run = run_cli(home, ["play", "propuh", "--seed", "3", "--json"], lines)
    errors = [(e["kind"], e.get("input")) for e in run.of("error")]
    assert errors == [("refused", "undo"), ("refused", "undo 2"), ("refused", "hand Bob"), ("refused", "")]


@pytest.mark.parametrize(("args", "view"), [(["--seed", "2"], "Player"), (["--seats", "Ann,Ben,bot"], None)])
def test_a_board_drawn_from_one_persons_view_says_whose(
    home: Path, args: list[str], view: str | None
) -> None:
    """A trial: the only person's hand came in every ``board`` event with nothing to say whose it was."""
    run = run_cli(home, ["play", "potra-bash", *args, "--json"], ["quit"])
    (board,) = run.of("board")
    assert board.get("view_of") == view and ("hand" in board) == (view is not None)


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["play", "potra-bash", "--seats", "Ann,bot,bot"], "Ann"),
        (["play", "prohis", "--seats", "Ann,bot,bot"], "Ann"),
        (["play", "prudh", "--bot", "easy"], "Dark"),
    ],
)
def test_the_only_persons_hint_is_marked_private_as_their_dealt_cards_are(
    home: Path, args: list[str], name: str
) -> None:
    """A trial scripting `--json` alone at the table: the hint (built from that person's hand) came without
    ``private_to`` while the person's own hand and draws carried it."""
    run = run_cli(home, [*args, "--seed", "2", "--think", "0.05", "--json"], ["hint", "quit"])
    assert run.returncode == 0, run.stderr
    (hint,) = run.of("hint")
    assert hint["private_to"] == name and hint["move"]


@pytest.mark.parametrize(
    "args",
    [
        ["rip", "--seed", "16", "--first", "me"],
        ["propuh", "--solo", "--dealer", "--seed", "12"],
        ["prudh", "--first", "me", "--seed", "3"],
        ["potra-bash", "--seats", "Ann,Ben,bot", "--seed", "18"],
        ["prohis", "--seats", "Ann,bot,bot", "--seed", "5"],
    ],
    ids=lambda args: args[0],
)
def test_a_prompt_names_the_seat_to_move_as_the_board_before_it_does(home: Path, args: list[str]) -> None:
    """A trial: one stream said ``"to_move": "granny"`` in its board and ``"Granny"`` in the prompt after it.
    Every prompt names the seat to move as the board does (``TableGame.seat_fact``)."""
    first = (
        ["draw 1 2 5 5 6"] if args[0] == "rip" else []
    )  # a real deck: Green's five cards, then Green plays
    run = run_cli(home, ["play", *args, "--json"], [*first, "board", "help", "board"])
    pairs = [
        (board["to_move"], prompt["to_move"])
        for board, prompt in zip(run.events, run.events[1:], strict=False)
        if board["event"] == "board" and prompt["event"] == "prompt"
    ]
    assert pairs and all(a == b for a, b in pairs), pairs
