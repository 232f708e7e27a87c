"""Prohis through the real command line: score checks, a whole piped game with people and bots (dealer and
physical), the inspection of a person's face-down convoy, bribes, bad input, undo."""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import random
from pathlib import Path

import pytest
from rich.console import Console

from ai.prohis import rules as R
from ai.prohis.bots.card import smuggler
from ai.prohis.components import ILLEGAL, LETTERS, NAMES
from ai.prohis.game import GAME
from companion.cli.commands.prohis import parse_seats
from companion.saves.store import Store
from companion.screen.output import JsonOutput
from companion.table.session import TableSession
from tests.conftest import run_cli
from tests.support.prohis import script

# -- score --


def test_score_text_breakdown_totals_winner(home: Path) -> None:
    run = run_cli(home, ["score", "prohis", "Ann=12g 3x l/c i", "Ben=10g 2x c/x i", "Cy=5g/l c i"])
    assert run.returncode == 0, run.stderr
    # a player's line wraps at the screen's width between words, its rest indented (a trial: past 80 columns)
    assert all(len(line) <= 100 for line in run.stdout.splitlines())
    lines = run.stdout.replace("\n  ", " ").splitlines()
    assert lines[0].startswith("Ann: 12 legal stored +12,000, 3 illegal stored +12,000")
    assert lines[0].endswith("= 32,000")
    assert "1 illegal in hand -4,000" in lines[1] and lines[1].endswith("= 21,000")
    assert lines[-1] == "Ann wins with 32,000."


def test_score_json_shared_win_and_seed_values(home: Path) -> None:
    run = run_cli(home, ["score", "prohis", "--json", "Ann=2g x/c i", "Ben=2x/c i", "Cy=i/c"])
    data = json.loads(run.stdout)
    assert [p["total"] for p in data["scores"]] == [11000, 13000, 7000]
    assert data["scores"][1]["breakdown"]["captain"] == {"warehouse": 0, "hand": 2000}
    assert data["winners"] == ["Ben"] and not data["shared"]
    data = json.loads(
        run_cli(
            home, ["score", "prohis", "--json", "--seed-values", "Ann=2g x/c i", "Ben=2x/c i", "Cy=i/c"]
        ).stdout
    )
    assert [p["total"] for p in data["scores"]] == [8000, 7000, 5000]
    data = json.loads(run_cli(home, ["score", "prohis", "--json", "A=4g/c i", "B=x/c i", "C=2g i/c"]).stdout)
    assert data["winners"] == ["A", "B", "C"] and data["shared"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["A=41g/", "B=g/", "C=g/"], "43 legal cards counted, but a 3-player game has only 40"),
        (["A=4c/", "B=g/", "C=g/"], "4 captain cards counted, but a 3-player game has only 3"),
        (["A=g z/", "B=g/", "C=g/"], "'z' is not a card"),
        (["A 4g", "B=g/", "C=g/"], "NAME=WAREHOUSE/HAND"),
        (["A=3/", "B=g/", "C=g/"], "name every card"),
        (["A=g/", "a=g/", "C=g/"], "two players are called 'a'"),
        (["A=g/", "B=g/"], "3 to 6 players, not 2"),
        # a trial: "Ann=2g c i" put the hand's controllers in the warehouse and scored them without a word
        (
            ["A=2g c i", "B=g/c i", "C=g/c i"],
            "A: type the warehouse, a /, then the hand (A=2g c i/ if the hand",
        ),
        (
            ["A=g/c i", "B=g/c i", "C=g/c"],
            "2 inspector cards counted, but a 3-player game has 3, one dealt to each",
        ),
        # a trial: a winner was named with the fourth player never counted
        (
            ["--players", "4", "A=g/c i", "B=g/c i", "C=g/c i"],
            "3 players typed for a 4-player game: type every",
        ),
        (["A=99999999999999999999g/", "B=g/", "C=g/"], "the box has 108 cards"),
        (["A=300000000g/", "B=g/", "C=g/"], "the box has 108 cards"),
        (["A=300000000 g/", "B=g/", "C=g/"], "the box has 108 cards"),
        (["A=c i/10g", "B=c i/", "C=c i/"], "A: 10 cards in hand, but a hand never holds more than 9"),
        (["A=/c i 4g 2x l l", "B=c i/", "C=c i/"], "A: 10 cards in hand, but a hand never holds more than 9"),
    ],
)
def test_score_refusals(home: Path, args: list[str], message: str) -> None:
    run = run_cli(home, ["score", "prohis", *args])
    assert run.returncode == 2
    assert message in run.stderr


def test_score_refusal_of_too_many_goods_in_french_names_the_type_as_a_label(home: Path) -> None:
    """A French table typed 42 legal goods at 4 players: "42 cartes légale comptées" (the adjective, singular,
    beside a plural noun); the type is named as a label, as the Russian sentence does."""
    run = run_cli(home, ["score", "prohis", "--lang", "fr", "A=41g/c i", "B=g/c i", "C=c i/", "D=c i/"])
    assert run.returncode == 2
    assert (
        "42 cartes «\u00a0légale\u00a0» comptées, mais une partie à 4\u00a0joueurs n'en a que 40"
        in run.stderr
    )


def test_score_hand_of_nine_is_the_largest_a_game_leaves(home: Path) -> None:
    # 7 cards in hand, then a draw of 2: 9 is accepted (10 is refused above)
    run = run_cli(home, ["score", "prohis", "A=/c i 4g 2x l", "B=c i/", "C=c i/"])
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("A: ")


def test_score_form_at_a_terminal_refuses_a_wrong_line_and_keeps_the_others(home: Path) -> None:
    from tests.support.potra_bash import run_in_terminal

    # a trial: one wrong count, found at the empty line, lost every line typed; now the players are kept and
    # a name typed again replaces that player's line
    lines = ["A=5g/c i 9g", "A=5g/c i", "B=g/x c i", "C=l/c", "", "c=l/c i", "B=2g/x c i", ""]
    out = run_in_terminal(home, ["score", "prohis"], lines, prompt=b"player>")
    assert "✗ A: 11 cards in hand, but a hand never holds more than 9" in out
    assert "✗ 2 inspector cards counted, but a 3-player game has 3" in out and "type a player again" in out
    assert "C's line replaced." in out and "B's line replaced." in out  # under the name as first typed
    assert out.rstrip().splitlines()[-1] == "A wins with 10,000."


def test_score_form_refuses_a_player_too_many_as_typed_and_drops_a_line(home: Path) -> None:
    """A trial: with --players 4 a fifth line was kept, and the error at the empty line could not be undone."""
    from tests.support.potra_bash import run_in_terminal

    lines = ["A=5g/c i", "B=g/x c i", "C=l/c i", "Dd=c i/", "Ed=c i/", "drop Dd", "D=c i/", ""]
    out = run_in_terminal(home, ["score", "prohis", "--players", "4"], lines, prompt=b"player>")
    flat = " ".join(out.split())
    assert "5 players for a 4-player game: type that player again, or drop NAME" in flat
    assert "Dd's line dropped." in flat and out.rstrip().splitlines()[-1] == "A wins with 10,000."
    # quit leaves without a score (a trial: Ctrl-D scored the lines so far, and failed on them)
    left = run_in_terminal(home, ["score", "prohis"], ["A=5g/c i", "quit"], prompt=b"player>")
    assert "Left; nothing was scored." in left and "error" not in left


@pytest.mark.parametrize(
    ("lang", "prompt", "won"), [("fr", "joueur>", "A gagne"), ("ru", "игрок>", "Побеждает A")]
)
def test_score_form_prompts_in_the_tables_language(home: Path, lang: str, prompt: str, won: str) -> None:
    """A trial: `companion score prohis --lang fr` asked each line at an English 'player>' prompt."""
    from tests.support.potra_bash import run_in_terminal

    lines = ["A=5g/c i", "B=g/x c i", "C=l/c i", ""]
    out = run_in_terminal(
        home, ["score", "prohis", "--lang", lang], lines, timeout=20, prompt=prompt.encode()
    )
    assert "player>" not in out and won in out.rstrip().splitlines()[-1]


def test_score_lines_from_stdin(home: Path) -> None:
    run = run_cli(home, ["score", "prohis"], ["A=5g/c i", "B=g/x c i", "C=l/c i", ""])
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == "A wins with 10,000."


# -- a whole game --


def test_parse_seats() -> None:
    assert parse_seats("Ann,bot,bot:hard,Ben") == (
        ["human:Ann", "normal", "hard", "human:Ben"],
        ["Ann", "Bot2", "Bot3", "Ben"],
    )
    # a level alone is a bot of that level (a person typing the levels of two bots)
    assert parse_seats("Ann,normal,Hard") == (["human:Ann", "normal", "hard"], ["Ann", "Bot2", "Bot3"])
    for bad in (
        "Ann,bot",
        "bot,bot,bot",
        "Ann,Ann,bot",
        "Ann,bot:great,bot",
        "normal,easy,hard",
        "Ann,1,bot",
    ):
        with pytest.raises(ValueError):
            parse_seats(bad)


@pytest.mark.parametrize("game", ["prohis", "potra-bash"])
def test_a_level_asked_with_bot_is_shown_how_bots_sit(home: Path, game: str) -> None:
    """RIP, Prudh and Propuh take --bot LEVEL; here the bots sit in --seats, and the one line says how."""
    run = run_cli(home, ["play", game, "--bot", "hard"])
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert (
        "No such option: --bot (bots sit in --seats here, each with its level: --seats Ann,bot:hard"
        in run.stderr
    )


@pytest.mark.parametrize("physical", [False, True])
def test_whole_piped_game_people_and_bots(
    home: Path, physical: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = "Ann,bot,bot:easy,Ben"
    lines = script(home, seats, 11, physical)
    capsys.readouterr()
    args = ["play", "prohis", "--seats", seats, "--seed", "11", "--json"] + (
        ["--physical"] if physical else []
    )
    run = run_cli(home, args, lines)
    assert run.returncode == 0, run.stderr
    events = run.events
    assert not run.of("error")
    end = run.of("end")
    # at a physical table each person counts their cards (in dealer mode the tool kept them), then the end
    # names everyone's points
    assert len(end) == 1 and (len(run.of("count")) >= 2 if physical else not run.of("count"))
    assert set(end[0]["scores"]) == set(end[0]["breakdown"]) == {"Ann", "Bot2", "Bot3", "Ben"}
    assert (end[0]["winners"] and " wins with " in end[0]["text"]) or "Shared win" in end[0]["text"]
    kinds = {e["event"] for e in events}
    assert {"convoy", "commit", "inspector"} <= kinds
    # a bot's hand or a bribe to a bot never reaches the output
    for event in events:
        if event.get("private_to"):
            assert event["private_to"] in ("Ann", "Ben")


def test_bot_inspects_person_convoy_names_positions(home: Path) -> None:
    """Dealer mode: the tool keeps Ann's hand, so she types her convoy's cards (one she was not dealt is
    refused) and the tool itself names each card turned over, by its position."""
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    seeds = [s for s in range(200) if GAME.initial_state(config, s).active == 0]
    for seed in seeds[:25]:
        # random bots: the card keeps its controllers until near the end, so it would not inspect a first convoy
        args = ["play", "prohis", "--seats", "Ann,bot:random,bot:random", "--seed", str(seed), "--json"]
        hand = run_cli(home, args, ["quit"]).of("hand")[0]["hand"]
        convoy = [*[k for k in hand if k in "gx"][:2], "c"]
        missing = next((k for k in "gxl" if k not in hand), None)
        if missing:
            refused = run_cli(home, args, [f"convoy {missing} c", "quit"])
            assert refused.of("error") and not refused.of("convoy")
        for answer in ("no bribe", "bribe i"):  # a bot may decline a convoy with no bribe, or refuse a bribe
            run = run_cli(home, args, ["convoy " + " ".join(convoy), answer, "quit"])
            turned = run.of("turned")
            if run.of("error") or not turned:
                continue
            assert not any("card from your left" in e["expects"] for e in run.of("prompt"))
            assert all(t["card"] in [NAMES[LETTERS.index(k)] for k in convoy] for t in turned)
            assert all(1 <= t["position"] <= 3 for t in turned)
            return
    pytest.fail("no bot inspected Ann's convoy in 25 games")


def test_bot_bribe_to_person_is_private() -> None:
    """A bot's bribe: everyone hears its size; only the inspector gets the cards (and the normal bot bribes
    a risky convoy with legal goods)."""
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    state = GAME.initial_state(config, 1)
    hands = (R.counts_of([5] * 6), R.counts_of((1, 1, 0, 0)), R.counts_of((0,)))
    state = dataclasses.replace(state, hands=hands, active=1, pending=())
    state = GAME.apply(state, GAME.parse_action(state, "convoy x x"))
    state = GAME.apply(state, GAME.parse_action(state, "no"))  # Bot3, who holds no controller, is asked too
    state = GAME.apply(state, GAME.parse_action(state, "inspect i"))  # Ann
    bot = GAME.make_player("normal", 1, config)
    decision = bot.decide(GAME.observation(state, 1), GAME.legal_actions(state), random.Random(0))
    # the rule reads the convoy: the table hears no rule (issue 14), the whole reason is debug only
    assert decision.action.verb == "bribe" and decision.reason is None and decision.debug
    own = smuggler().decide(GAME.observation(state, 1), GAME.legal_actions(state), random.Random(0))
    assert own.action == decision.action and own.debug == "rule 12: contraband bribe, rolled 4 (1–4)"
    _, events = GAME.step(state, decision.action)
    public = [e for e in events if e.private_to is None]
    private = [e for e in events if e.private_to is not None]
    assert public[0].kind == "bribe" and "cards" not in public[0].data
    assert private[0].kind == "bribe_cards" and private[0].private_to == 0
    assert private[0].screened  # behind "only the inspector looks", even with one person at the table


def test_person_who_seizes_a_bots_convoy_is_told_its_cards() -> None:
    """Ann takes Bot2's whole convoy into her warehouse: she alone learns the cards never turned over (she
    needs them to hold the right cards and to count her score)."""
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    state = GAME.initial_state(config, 1)
    hands = (R.counts_of((3, 4, 0, 0)), R.counts_of((1, 1, 0, 0)), R.counts_of((0,)))
    state = dataclasses.replace(state, hands=hands, active=1, pending=())
    trial = state
    for text in ("convoy x x g", "no", "inspect c", "no bribe", "inspect"):  # Bot3's only answer: no
        trial = GAME.apply(trial, GAME.parse_action(trial, text))
    # Ann picks an illegal good first: two cards are never turned over
    trial, events = GAME.step(trial, GAME.parse_action(trial, f"turn {trial.convoy.index(ILLEGAL) + 1}"))
    turned = [e for e in events if e.kind == "turned"]
    assert len(turned) == 1
    assert turned[0].private_to is None and turned[0].data["card"] == "illegal"
    private = [e for e in events if e.private_to is not None]
    assert [(e.kind, e.private_to) for e in private] == [("seized_cards", 0)]
    assert private[0].text == "Into your warehouse from Bot2's convoy: 1 legal, 2 illegal."
    assert R.cards_of(trial.warehouses[0]) == (0, 1, 1, 3)
    # her own view lists what the tool saw go into her warehouse; the shared board does not
    console = Console(record=True, width=120)
    console.print(GAME.render(trial, 0))
    console.print(GAME.render(trial, None))
    text = console.export_text()
    assert text.count("Your warehouse: 1 legal, 2 illegal, 1 captain") == 1


def test_score_lines_name_plural_controllers(home: Path) -> None:
    run = run_cli(home, ["score", "prohis", "Ann=3l 2i/2c", "Ben=g/c i", "Cy=x/"])
    assert run.stdout.splitlines()[0] == (
        "Ann: 3 lieutenants stored +9,000, 2 captains in hand +4,000, 2 inspectors stored +10,000 = 23,000"
    )


@pytest.mark.parametrize("seats", ["Ann,bot,bot", "Ann,Ben,Cy"])
def test_bad_input_one_line_and_undo(home: Path, seats: str) -> None:
    """Bad input: one line each. Then ``pile`` draws a card from the tool's pile: with bots in dealer mode the
    undo is refused in one line (the card drawn and the bots' answers have been seen), the board unchanged;
    with people only it takes the draw back."""
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    seed = next(s for s in range(100) if GAME.initial_state(config, s).active == 0)
    assert GAME.initial_state(R.ProhisConfig(players=3), seed).active == 0
    args = ["play", "prohis", "--seats", seats, "--seed", str(seed), "--json"]
    run = run_cli(home, args, ["convoy 9", "conovy 2", "take z", "pile", "board", "undo", "board", "quit"])
    errors = [e["message"] for e in run.of("error")]
    assert errors[0] == "a convoy has 2 to 4 cards, not 9"
    assert "did you mean 'convoy'" in errors[1]
    assert "'z' is not a card" in errors[2]
    boards = run.of("board")
    if "bot" in seats:
        assert errors[3:] == ["undo stops here: Bot3's move has been seen"] and run.of("undo") == []
        assert boards[-1] == boards[-2] and boards[-1]["hands"]["Ann"] == 7
    else:
        assert len(errors) == 3
        (undo,) = run.of("undo")  # a turn is typed behind its person's gate: not repeated
        assert undo["text"] == "Undone: Ann's last input" and "undone" not in undo
        assert boards[-1] == boards[-2] == boards[0] != boards[-3]  # the board before the draw
        assert boards[-1]["active"] == "Ann" and boards[-1]["hands"]["Ann"] == 6


def test_hint_needs_the_typed_hand_and_bots_listed(home: Path) -> None:
    """In dealer mode the tool keeps the person's hand: hint needs nothing typed (at a physical table it does)."""
    config = R.ProhisConfig(players=3, untracked=(0,))
    seed = next(s for s in range(100) if GAME.initial_state(config, s).active == 0)
    args = ["play", "prohis", "--seats", "Ann,bot,bot", "--seed", str(seed), "--json"]
    run = run_cli(home, args, ["hint", "quit"])
    assert not run.of("error")
    hint = run.of("hint")[0]
    # in plain words: no rule number, no die arithmetic
    assert hint["reason"] and hint["move"] and not any(w in hint["reason"] for w in ("rule ", "rolled", "–"))
    listing = run_cli(home, ["bots", "prohis"])
    assert all(level in listing.stdout for level in ("random", "easy", "normal", "hard"))


def test_physical_table_text_names_its_options_and_the_bots_cards(home: Path) -> None:
    args = ["play", "prohis", "--seats", "Ann,bot,bot", "--physical", "--seed-values", "--seed", "3"]
    run = run_cli(home, args, ["quit"])
    said = " ".join(run.stdout.split())
    assert said.startswith(
        "Game #1: 3 players (Ann, Bot2, Bot3), physical deck, the French summary's seed values (in a warehouse: illegal "
        "1,000, inspector 3,000)."
    )
    assert "Bot2: 4 cards still due; type the 4 cards dealt face down to Bot2" in said
    # without --seed-values the start line names the published values
    run = run_cli(home, ["play", "prohis", "--seats", "Ann,bot,bot", "--seed", "3"], ["quit"])
    said = " ".join(run.stdout.split())
    assert said.startswith(
        "Game #2: 3 players (Ann, Bot2, Bot3), published values (in a warehouse: illegal 4,000, inspector 5,000)."
    )


def test_with_several_people_a_convoy_is_typed_behind_the_persons_gate(home: Path) -> None:
    """Issue 14: ``convoy x g g`` and its refusals stayed on the shared screen."""
    args = ["play", "prohis", "--seats", "Ann,bot,bot,Ben", "--seed", "3", "--think", "0.05"]
    typed = ["no", "no", "convoy l l", "convoy x x x g", "convoy g x", "undo", "quit"]
    out = run_cli(home, args, typed).stdout
    lines = out.splitlines()
    # the refusal says what the hand lacks (a trial read the whole convoy: "does not hold 1 legal, 2 illegal")
    assert "[only Ben] > convoy l l" in lines and "[only Ben] ✗ Ben's hand holds no lieutenants" in lines
    assert "[only Ben] ✗ Ben's hand holds only 2 illegal" in lines
    assert "[only Ben] > convoy g x" in lines and "Ben sends a convoy of 2 cards face down." in lines
    assert not any(line.startswith(("> convoy", "✗")) for line in lines)
    assert "Undone: Ben's last input" in out and "g x" not in out.split("Undone")[1]
    run = run_cli(home, [*args, "--json"], typed)
    errors = run.of("error")
    assert len(errors) == 2 and all(error["private_to"] == "Ben" for error in errors)
    # one person at the screen: nothing to hide from anyone, no gate
    alone = run_cli(home, ["play", "prohis", "--seats", "Ann,bot,bot", "--seed", "3"], ["board", "quit"])
    assert "[only" not in alone.stdout.replace("[only Ann] Ann's hand", "")


@pytest.mark.parametrize(
    ("seats", "warned"), [("Ann,bot,bot", True), ("Ann,Ben,Cy", False), ("Ann,bot,bot,dealer", False)]
)
def test_a_physical_table_with_bots_is_told_their_hands_are_open(
    home: Path, seats: str, warned: bool
) -> None:
    """At a physical table a bot's cards are typed in view, and its convoy's cards are named in the steps: the
    setup says so, and how to keep them secret (dealer mode); a table of people only is not told."""
    physical = [] if seats.endswith("dealer") else ["--physical"]
    seats = seats.removesuffix(",dealer")
    run = run_cli(home, ["play", "prohis", "--seats", seats, *physical, "--seed", "5"], ["quit"])
    assert run.returncode == 0, run.stderr
    said = " ".join(run.stdout.split())
    assert ("open at this table; play without --physical to keep them secret" in said) is warned


def test_undo_makes_no_round_trip_through_a_display_slot(home: Path) -> None:
    """A trial: undoing a convoy listed six moves through display slot 1 (a legal card back to the supply, a
    lieutenant out, an illegal card out...), which held a legal card before and after, and named the bots'
    answers as "the turns of Bot2, Bot3, Bot4, Bot2, Bot3 and Bot4". In dealer mode the bots' answers have
    been seen: the undo of the convoy is refused, the board unchanged; the steps back the game names for that
    span are checked on the session's own states."""
    typed = [
        "captain",
        "yes",
        "turn 1",
        "turn 3",
        "no",
        "inspect i",
        "inspect",
        "turn 1",
        "turn 3",
        "take legal",
        "pile",
        "convoy g x g",
    ]
    args = ["play", "prohis", "--seats", "Ann,bot,bot,bot", "--seed", "4", "--json"]
    run = run_cli(home, args, [*typed, "board", "undo", "board"])
    assert [e["message"] for e in run.of("error")] == ["undo stops here: Bot4's move has been seen"]
    assert run.of("undo") == []
    before, after = run.of("board")[-2:]
    assert after == before
    # the saved game opened in-process: the span the undo would take back, and its steps as the game names them
    (saved,) = run.of("saved")
    store = Store()
    record = store.get(saved["session"])
    assert record is not None
    out = JsonOutput()
    out.stream = io.StringIO()
    session = TableSession(GAME, record, store, out)
    keep = max(i for i, entry in enumerate(session.entries) if entry.actor == "human")
    assert session.entries[keep].text == "convoy g x g"
    # whose turns the bots' answers were (moves in a row by one seat: one turn)
    movers = [GAME.to_move(state) for state in session.states[keep + 1 : -1]]
    turns = [GAME.seat_name(session.state, seat) for seat, _ in itertools.groupby(movers)]
    assert turns == ["Bot2", "Bot3", "Bot4"] * 2
    steps = GAME.undo_span_steps(session.states[keep:], [e.action for e in session.entries[keep:]])
    assert steps is not None
    # the bots' takes moved cards through display slot 1 and left it as it was (they read Ann's tally: she steps
    # up early and inspects, so they draw rather than send): no step names it
    span = session.states[keep:]
    assert len({state.display[0] for state in span}) > 1  # it did change in between
    assert span[0].display[0] == span[-1].display[0]
    assert [step for step in steps if "display slot 1" in step] == []
    pile = max(i for i, entry in enumerate(session.entries[:keep]) if entry.actor == "human")
    assert session.entries[pile].text == "pile"
    steps = GAME.undo_span_steps(
        session.states[pile : keep + 1], [e.action for e in session.entries[pile:keep]]
    )
    assert steps is not None and [step for step in steps if "display slot 1" in step] == []
    store.close()


def test_an_undo_that_moves_nothing_at_the_table_says_so(home: Path) -> None:
    typed = ["captain", "yes", "undo"]  # an inspection announced: nothing has moved since the controller
    run = run_cli(home, ["play", "prohis", "--seats", "Ann,bot,bot,bot", "--seed", "4", "--json"], typed)
    (undo,) = run.of("undo")
    assert undo["table"] == ["Nothing to put back at the table."]


def test_the_table_may_designate_the_first_player_and_the_deal_stays_the_seeds(home: Path) -> None:
    # the rules: "un premier joueur est désigné": the table's choice, or a draw when it names nobody
    args = ["play", "prohis", "--seats", "Ann,Ben,bot", "--seed", "3", "--json"]
    drawn = run_cli(home, args, ["quit"])
    chosen = run_cli(home, [*args, "--first", "BEN"], ["quit"])
    assert drawn.of("setup")[0]["first"] == "Ann" and chosen.of("setup")[0]["first"] == "Ben"
    assert chosen.of("board")[0]["to_move"] == "Ben"
    hands = {h["player"]: h["hand"] for h in drawn.of("hand")}
    assert {h["player"]: h["hand"] for h in chosen.of("hand")} == hands
    assert chosen.of("board")[0]["display"] == drawn.of("board")[0]["display"]
    resumed = run_cli(home, ["resume", "2", "--json"], ["quit"])
    assert resumed.returncode == 0 and resumed.of("board")[-1]["to_move"] == "Ben"
    prefix = run_cli(home, [*args, "--first", "bo"], ["quit"])
    assert prefix.of("setup")[0]["first"] == "Bot3"
    typo = run_cli(home, [*args, "--first", "Bne"])
    assert typo.returncode != 0 and "(did you mean Ben?)" in typo.stderr
    assert "Traceback" not in typo.stderr and len(typo.stderr.strip().splitlines()) == 1
    unknown = run_cli(home, [*args, "--first", "Cy"])
    assert unknown.returncode != 0 and "did you mean" not in unknown.stderr
    assert "name one of Ann, Ben, Bot3" in unknown.stderr
    with pytest.raises(ValueError, match="not at the table"):
        R.ProhisConfig(players=3, first=3)


def test_status_line_breaks_between_counts_at_80_columns(home: Path) -> None:
    """The line after a person's input broke "your hand: 2" from "legal" at the terminal's edge."""
    args = ["play", "prohis", "--seats", "Ann,bot,bot,bot", "--seed", "4", "--first", "Ann"]
    lines = run_cli(home, args, ["take g", "quit"]).stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Ann's turn · pile 45"))
    assert lines[at] == "Ann's turn · pile 45 · warehouses: Ann 0, Bot2 0, Bot3 0, Bot4 0 ·"
    assert lines[at + 1] == "  your hand: 4 legal, 1 illegal, 1 captain, 1 inspector"


PHYSICAL_ANN_BEN = [
    "play",
    "prohis",
    "--seats",
    "Ann,Ben,bot",
    "--physical",
    "--seed",
    "5",
    "--first",
    "Ann",
    "--json",
]


def test_no_hint_at_a_real_deck_with_several_people_even_with_the_hand_typed(home: Path) -> None:
    """A trial: at `--physical` with Ann and Ben, `hint` alone was refused ("typing them would show them to the
    table") but `hint g g x c i` typed at the shared prompt was read, the hand left on the screen. Now both
    are refused in one line; a person alone at a real deck still gets the hint from the hand typed."""
    two = ["play", "prohis", "--seats", "Ann,Ben,bot", "--physical", "--seed", "5"]
    run = run_cli(home, two, ["x x x l", "x l l l", "inspect c", "no", "hint g g x c i", "hint", "quit"])
    assert run.stdout.count("no hint here: the tool does not see your cards") == 2
    assert "Hint:" not in run.stdout
    one = ["play", "prohis", "--seats", "Ann,bot,bot", "--physical", "--seed", "5", "--first", "Ann"]
    run = run_cli(home, one, ["x x x l", "x x g g", "g l g g", "hint g g x l c i", "quit"])
    assert "Hint: " in run.stdout


def test_hand_at_a_real_deck_passes_the_screen_only_when_the_tool_holds_something_of_the_persons(
    home: Path,
) -> None:
    """At `--physical`, `hand Ann` passed the screen to Ann to show her the public board: her cards are real and
    in her hand. It says so in one line, no gate; in dealer mode her hand goes behind her gate as before."""
    physical = ["play", "prohis", "--seats", "Ann,Ben,bot", "--physical", "--seed", "5"]
    run = run_cli(home, physical, ["g g g g", "g g x l", "hand Ann", "quit"])  # Bot3's cards, the display
    assert "Ann: inspect Bot3's convoy" in run.stdout  # at the table's prompt, not behind a gate
    said = "The tool does not see Ann's cards: they are the real ones in Ann's hand."
    assert said in run.stdout and "[only Ann]" not in run.stdout
    dealer = ["play", "prohis", "--seats", "Ann,Ben,bot", "--seed", "5"]
    run = run_cli(home, dealer, ["hand Ann", "", "", "quit"])
    assert "[only Ann]" in run.stdout and "Your hand:" in run.stdout and said not in run.stdout


def test_a_hint_behind_the_persons_own_screen_takes_the_hand_typed_there(home: Path) -> None:
    """At `--physical` with Ann and Ben, Ann's turn is typed behind her gate (a convoy may name her cards): a hint
    with her hand typed there is nobody else's to see, so it is answered there, for her only (it was refused as
    if typed at the shared prompt)."""
    run = run_cli(home, PHYSICAL_ANN_BEN, ["x x x g", "x l l l", "hint", "hint g g x x c i", "quit"])
    errors = [(e["input"], e["message"], e.get("private_to")) for e in run.of("error")]
    assert errors == [
        ("hint", "the tool cannot see your hand: type it after hint, e.g. hint g g x c i", "Ann")
    ]
    (hint,) = run.of("hint")
    assert hint["private_to"] == "Ann" and hint["move"]
    assert "no hint here" not in run.stdout


def test_a_persons_convoy_stored_unseen_is_not_counted_by_a_refusal_at_the_table(home: Path) -> None:
    """A trial: at `--physical`, Ann sent `convoy l l` behind her gate and nobody inspected; when the table then
    typed a display card, the 5th lieutenant the table had seen was refused "all 6 are accounted for", telling
    everyone that Ann's unseen convoy held two. A convoy stored unturned is now as unknown as a counted one: the
    card is taken, and a 7th lieutenant the table saw is still refused."""
    args = PHYSICAL_ANN_BEN
    inputs = ["x x x g", "x l l l", "convoy l l", "no", "take l", "l", "take l", "l"]
    run = run_cli(home, args, inputs)
    assert not run.of("error"), run.of("error")
    assert [e["card"] for e in run.of("refill")][-2:] == ["lieutenant", "lieutenant"]
    run = run_cli(home, ["resume", "--json"], ["l", "l"])
    refused = [e["message"] for e in run.of("error")]
    assert refused == ["no lieutenant card can still be in the deck: all 6 are accounted for"], refused


def test_a_persons_convoy_on_the_table_is_not_counted_by_a_refusal_of_a_controller(home: Path) -> None:
    """A trial: at `--physical`, the table had seen 4 lieutenants and Ann sent `convoy l l` behind her gate;
    Ben's `inspect l`, typed in view, was refused "at most 0 can be in that hand", telling everyone that the
    convoy held the other two. It is taken now, as it is after `convoy 2`."""
    args = PHYSICAL_ANN_BEN
    for convoy in ("convoy l l", "convoy 2"):
        run = run_cli(home, args, ["x x x l", "x l l l", convoy, "inspect l"])
        assert not run.of("error"), run.of("error")
        assert [e["controller"] for e in run.of("commit")] == ["lieutenant"]


def test_a_persons_bribe_taken_by_a_bot_is_not_counted_by_a_refusal_at_the_table(home: Path) -> None:
    """A trial: at `--physical`, Ann bribed Bot3 with `bribe l l` behind her gate and it took the bribe; the 5th
    lieutenant the table then saw in the display was refused "all 6 are accounted for", telling everyone what the
    bribe held. A person's bribe is as unknown to the table as a stored convoy: the card is taken."""
    args = [
        "play",
        "prohis",
        "--seats",
        "Ann,Ben,automa",
        "--physical",
        "--seed",
        "1",
        "--first",
        "Ann",
        "--json",
    ]
    inputs = [
        "x x x g",
        "",
        "convoy 4",
        "no",
        "bribe l l",
        "take x",
        "l",
        "take l",
        "l",
        "l",
        "l",
        "take l",
        "l",
    ]
    run = run_cli(home, args, inputs)
    assert [e["event"] for e in run.of("accept")] == ["accept"]
    assert [e["message"] for e in run.of("error") if e["kind"] != "refused"] == []
    assert [e["card"] for e in run.of("refill")].count("lieutenant") == 5
