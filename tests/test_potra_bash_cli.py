"""Potra Bash through the real command line: score checks, whole piped games (dealer and physical), bad input,
undo and resume, and hidden hands that stay hidden."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from ai.potra_bash.game import GAME
from ai.potra_bash.rules import PotraConfig
from ai.potra_bash.score import ScoreError, check_scores
from ai.words import language
from companion.cli.commands.potra_bash import parse_seats
from tests.conftest import printed, run_cli, text_out
from tests.support.potra_bash import run_in_terminal, script

# -- score --


def cards(*groups: tuple[int, int]) -> str:
    """``(value, copies), ...`` as typed: ``cards((4, 3), (1, 1))`` -> ``4,4,4,1``."""
    return ",".join(str(value) for value, n in groups for _ in range(n))


#: Ben's pile beside Ann=1,1,3,-2,-2,-2: a set of 4 and one of -3 discarded, scoring 3.
BEN = "Ben=4,4,4,3,-3,-3,-3"
#: Cy's pile beside them in a finished 3-player game (41 of the 50 cards in piles, each pile at least the 5
#: rounds they took): two sets of -3 and one -3 left, two sets each of 4, 3 and -2, three 1s: 28 cards scoring 0.
CY = "Cy=" + cards((-3, 7), (4, 6), (3, 6), (-2, 6), (1, 3))


def test_score_text_names_sets_totals_and_winner(home: Path) -> None:
    run = run_cli(home, ["score", "potra-bash", "Ann=1,1,3,-2,-2,-2", BEN, CY])
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "Ann  3 1 1 -2 -2 -2" and lines[2] == "Ben  4 4 4 3 -3 -3 -3"
    assert "discarded: -2 -2 -2" in lines[1] and lines[1].endswith("= 5  (1s: 2)")
    assert "discarded: 4 4 4, -3 -3 -3" in lines[3] and lines[3].endswith("= 3  (1s: 0)")
    assert lines[-1] == "Ann wins with 5."


def test_score_json_and_spec_examples(home: Path) -> None:
    run = run_cli(
        home,
        [
            "score",
            "potra-bash",
            "--json",
            "A=4,4,4,3,1,1,-2",
            "B=-3,-3,-3,-2,-2,-2,-2,1",
            "C=3,3,3,3,3,3,4",
            # a finished 5-player game leaves at least 45 of its 60 cards in piles: D and E score 0 and 2
            "D=" + cards((4, 6), (-3, 9)),
            "E=" + cards((-2, 6), (1, 2)),
        ],
    )
    data = json.loads(run.stdout)
    assert [p["total"] for p in data["players"]] == [3, -1, 4, 0, 2]
    assert data["players"][2]["discarded"] == [[3, 3, 3], [3, 3, 3]]
    assert data["winners"] == ["C"] and data["reason"] == "highest score"


def test_score_tie_breaks_and_one_set_option(home: Path) -> None:
    # discarded sets fill the piles to a finished 3-player game's count (41 to 50 cards)
    ann = "Ann=3,1,1," + cards((4, 6), (-3, 9))
    ben = "Ben=4,1," + cards((-2, 9), (3, 6))
    cy = "Cy=" + cards((3, 3), (4, 3), (-2, 1))
    data = json.loads(run_cli(home, ["score", "potra-bash", "--json", ann, ben, cy]).stdout)
    assert [p["total"] for p in data["players"]] == [5, 5, -2]
    assert data["winners"] == ["Ann"] and data["reason"] == "tie broken by the most 1-point cards"
    assert "broken by the most 1-point cards (2)" in data["text"]
    ann = "Ann=3,1," + cards((4, 6), (-3, 9))
    ben = "Ben=3,1," + cards((-2, 9), (3, 6))
    cy = "Cy=" + cards((1, 2), (4, 3), (-2, 1), (-3, 1))
    data = json.loads(run_cli(home, ["score", "potra-bash", "--json", ann, ben, cy]).stdout)
    assert [p["total"] for p in data["players"]] == [4, 4, -3]
    assert data["winners"] == ["Ann", "Ben"] and data["reason"] == "a draw"
    piles = ["Ann=3,3,3,3,3,3", "B=" + cards((4, 10), (-3, 10)), "C=" + cards((-2, 10), (1, 10))]
    data = json.loads(run_cli(home, ["score", "potra-bash", "--json", "--one-set", *piles]).stdout)
    assert data["players"][0]["total"] == 9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["Ann=4,4,4,4,4,4,4,4,4,4,4", "B=", "C=", "--players", "3"],
            "11 cards of 4 (Ann 11), but the 3-player deck has only 10",
        ),
        (
            ["Ann=4,4,4,4,4,4,4", "Ben=4,4,4,4,4,4", "C=", "D="],
            "13 cards of 4 (Ann 7, Ben 6), but the 4-player deck has only 12",
        ),
        # a trial: 14 fours in 3 piles were said to be over "the deck's 12", 11 over the 3-player deck's 10
        (
            ["A=" + ",".join(["4"] * 14), "B=1", "C=1"],
            "14 cards of 4 (A 14), but the 3-player deck has only 10",
        ),
        (["Ann=4,2"], "not 2 (did you mean '-2'?)"),
        (["Ann=4,-33"], "not -33 (did you mean '-3,3'?)"),  # cards run together (a trial: no suggestion)
        (["Ann=4,44"], "not 44 (did you mean '4,4'?)"),
        (["Ann=4,x"], "'x' is not a card"),
        (["Ann 4 4"], "write NAME=CARDS"),
        (["Ann=4", "ann=3"], "two piles are called 'ann'"),
        (["A=1", "B=1", "C=1", "D=1", "E=1", "F=1"], "at most 5 players"),
    ],
)
def test_score_refusals(home: Path, args: list[str], message: str) -> None:
    run = run_cli(home, ["score", "potra-bash", *args])
    assert run.returncode == 2
    assert message in run.stderr
    assert run.stdout == ""


def test_score_piles_are_the_players_and_their_deck(home: Path) -> None:
    # every player has a scoring pile: three piles are a 3-player game, held to its deck of 10 of each value
    piles = ["Ann=4,4,3,3,3,1,-2,-2,-2,-2,-3,-3", "Bot2=4,4,3,3,1,1,-2,-2,-2,-2,-2,-2", "Ben=-2,-2,1,-3"]
    refused = run_cli(home, ["score", "potra-bash", *piles])
    assert refused.returncode == 2 and refused.stdout == ""
    assert "12 cards of -2 (Ann 4, Bot2 6, Ben 2), but the 3-player deck has only 10" in refused.stderr
    # a finished 4-player game leaves at least 48 of its 60 cards in piles: Cy's 21 are sets (0 points)
    four = run_cli(home, ["score", "potra-bash", *piles, "Cy=" + cards((-3, 9), (4, 6), (3, 6))])
    assert four.returncode == 0, four.stderr
    assert four.stdout.splitlines()[-1] == "Bot2 wins with 16."
    for few in (piles[:1], piles[:2]):
        run = run_cli(home, ["score", "potra-bash", *few])
        assert run.returncode == 2 and "3 to 5 players, each with a scoring pile" in run.stderr
    run = run_cli(home, ["score", "potra-bash", "--players", "4", *piles])
    assert run.returncode == 2 and "3 piles for a 4-player game" in run.stderr
    run = run_cli(home, ["score", "potra-bash", "A=" + ",".join(["1"] * 100), "B=", "C="])
    assert run.returncode == 2 and "100 cards, but the whole deck has 60" in run.stderr
    # one card fewer than a finished game can leave in the piles is refused; that many is scored
    for count, least, whole in ((3, 41, 50), (4, 48, 60), (5, 45, 60)):
        deck = [v for v in (1, 3, 4, -2, -3) for _ in range(whole // 5)]
        for held in (least - 1, least):
            piles = [f"P{i}=" + ",".join(map(str, deck[:held][i::count])) for i in range(count)]
            if held < least:
                with pytest.raises(ScoreError) as refused:
                    check_scores(piles)
                assert str(refused.value) == (
                    f"the piles hold {held} cards, but a finished {count}-player game has dealt all {whole} "
                    f"and at most 3 per player stay in hands: the piles hold at least {least}"
                )
            else:
                assert len(check_scores(piles).scores) == count
    # every round gives every player a card, and puts at most 3 a player and the centre card in the piles: 41
    # cards at 3 players took at least 5 rounds, so every pile holds 5 (a trial: an empty pile was scored)
    for ben, refused in (("Ben=4,4,4,3", True), ("Ben=4,4,4,3,1", False)):
        cy = "Cy=" + cards((-3, 10), (4, 6), (3, 6), (-2, 6), (1, 3 if refused else 2))
        run = run_cli(home, ["score", "potra-bash", "Ann=1,1,3,-2,-2,-2", ben, cy])
        assert run.returncode == (2 if refused else 0), run.stderr
        if refused:
            assert run.stderr == (
                "error: Ben's pile holds 4 cards, but the piles' 41 cards took at least 5 rounds (at most 10 a "
                "round) and each round gives every player at least one: each pile holds at least 5\n"
            )
    run = run_cli(home, ["score", "potra-bash", "Ann=1,1,3,-2,-2,-2", BEN, "Cy="])
    assert run.returncode == 2 and run.stdout == ""
    assert "the piles hold 13 cards, but a finished 3-player game has dealt all 50" in run.stderr


def test_score_interactive_form_at_a_terminal_refuses_a_wrong_line_and_keeps_the_others(home: Path) -> None:
    """A wrong line is typed again; a name typed again replaces its pile (a trial: "two piles are called 'Cy'"
    refused the very correction the form had asked for), `drop NAME` takes a line back."""
    lines = [
        "", "Ann=1,1,3,-2,-2,-2", "Ben 4 4", "ann=4", "Ben=4,4,9", BEN, "",
        "Dan=1", "drop Dan", "drop Eve", "Ann=1,1,3,-2,-2,-2", CY, "",
    ]  # fmt: skip
    shown = run_in_terminal(home, ["score", "potra-bash"], lines)
    out = " ".join(shown.split())  # the form's lines wrap at the terminal's width
    assert "no scoring piles given: type a pile again, a missing one, or drop NAME (Ctrl-D leaves)" in out
    assert "'Ben 4 4': write NAME=CARDS, e.g. Ann=1,1,3,-2,-2,-2: type that pile again" in out
    assert "ann's line replaced." not in out and out.count("Ann's line replaced.") == 2
    assert "Ben: Potra Bash cards are 1, 3, 4, -2, -3, not 9: type that pile again" in out
    assert "not 2: type a pile again, a missing one, or drop NAME" in out  # two piles: every player has one
    assert "Dan's line dropped." in out and "no pile called 'Eve' typed" in out
    assert "Ben  4 4 4 3 -3 -3 -3\n     discarded: 4 4 4, -3 -3 -3  · 3 = 3" in shown
    assert "Ann wins with 5." in out


def test_score_interactive_form_asks_for_a_missing_pile_when_the_set_is_too_small(home: Path) -> None:
    # four piles of a five-player game hold 44 cards: too few for 4 players (48), so the form asks for more
    piles = [f"{name}=" + cards((value, 11)) for name, value in (("A", 1), ("B", 3), ("C", 4), ("D", -2))]
    out = run_in_terminal(home, ["score", "potra-bash"], [*piles, "", "E=-3,-3,-3", ""])
    out = " ".join(out.split())  # the form's lines wrap at the terminal's width
    assert "✗ the piles hold 44 cards, but a finished 4-player game has dealt all 60" in out
    assert ": type a pile again, a missing one, or drop NAME (Ctrl-D leaves)" in out
    assert "A wins with 11." in out


def test_score_interactive_form(home: Path) -> None:
    run = run_cli(
        home, ["score", "potra-bash", "--json"], ["Ann=1,1,3,-2,-2,-2", "Ben: 4 4 4 3 -3 -3 -3", CY, ""]
    )
    data = json.loads(run.stdout)
    assert [p["total"] for p in data["players"]] == [5, 3, 0]


# -- play --


def test_a_name_like_a_misspelt_level_is_a_person_with_a_note(home: Path) -> None:
    """A trial: `--seats Ann,hrad,bot` seated a person called hrad, gates and all, without a word."""
    run = run_cli(home, ["play", "potra-bash", "--seats", "Ann,hrad,bot", "--json"], ["quit"])
    assert "note: 'hrad' sits as a person; a bot is bot or bot:LEVEL (did you mean bot:hard?)" in run.stderr
    bob = run_cli(home, ["play", "potra-bash", "--seats", "Ann,Bob,bot", "--json"], ["quit"])
    assert "note:" not in bob.stderr
    # the letters of "bot" mixed up: the same note (it seated a person called bto without a word)
    bto = run_cli(home, ["play", "potra-bash", "--seats", "Ann,bto,bot", "--json"], ["quit"])
    assert "note: 'bto' sits as a person; a bot is bot or bot:LEVEL (did you mean bot?)" in bto.stderr
    # a letter more (a trial: bott seated a person); with too few seats the note comes before the refusal
    for seats, code in (("Ann,bott,bot", 0), ("Ann,bott", 2)):
        bott = run_cli(home, ["play", "potra-bash", "--seats", seats, "--json"], ["quit"])
        assert bott.returncode == code
        assert "note: 'bott' sits as a person; a bot is bot or bot:LEVEL (did you mean bot?)" in bott.stderr


def test_seats_parse() -> None:
    specs, names = parse_seats("Ann,bot,Ben,bot:hard")
    assert specs == ["human:Ann", "normal", "human:Ben", "hard"]
    assert names == ["Ann", "Bot2", "Ben", "Bot4"]
    for bad, message in [
        ("Ann,bot", "3 to 5 players"),
        ("Ann,bot:genius,bot", "no bot level 'genius'"),
        ("Ann,bot:hrad,bot", "no bot level 'hrad' \\(did you mean 'hard'\\?\\)"),
        ("Ann,ann,bot", "two seats are called"),
        ("bot,bot,bot", "nobody is playing"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_seats(bad)


def test_whole_dealer_game_piped_with_two_people(home: Path) -> None:
    seed = 11
    seats = "Ann,bot,Ben,bot:random"
    lines, final = script(seed, seats)
    run = run_cli(home, ["play", "potra-bash", "--seats", seats, "--seed", str(seed), "--json"], lines)
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    end = run.of("end")
    assert len(end) == 1
    result = GAME.result(final)
    assert end[0]["winners"] == [final.config.name(w) for w in result.winners]
    assert end[0]["scores"] == {final.config.name(s): int(result.scores[s]) for s in range(4)}  # type: ignore[index]
    # each person got their hand privately; no bot's card ever reached the output
    hands = run.of("hand")
    assert {h["private_to"] for h in hands} == {"Ann", "Ben"}
    private = [e for e in run.events if "private_to" in e]
    assert private and {e["private_to"] for e in private} <= {"Ann", "Ben"}
    bot_plays = [e for e in run.of("play") if e["player"] in ("Bot2", "Bot4")]
    # a play's reason would read the bot's hand: none at the table (issue 14); a pick may name its rule
    assert bot_plays and not any("win chance" in e.get("rule", "") for e in bot_plays)
    assert not any(e.get("rule", "").startswith("rule ") for e in bot_plays if e["player"] == "Bot2")
    history = json.loads(run_cli(home, ["history", "--json"]).stdout)["games"]
    assert history[0]["status"] == "over"


def test_whole_physical_game_piped(home: Path) -> None:
    seed = 4
    seats = "Ann,bot,bot:easy"
    lines, final = script(seed, seats, physical=True)
    run = run_cli(
        home, ["play", "potra-bash", "--seats", seats, "--physical", "--seed", str(seed), "--json"], lines
    )
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    assert run.of("end")[0]["winners"] == [final.config.name(w) for w in GAME.result(final).winners]
    assert run.of("hand") == []  # the tool never knew Ann's cards
    prompts = [p["expects"] for p in run.of("prompt")]
    assert any("Type the centre card turned up" in p for p in prompts)
    assert any(p.startswith("Type the cards dealt to Bot2: 3 more cards") for p in prompts)
    assert any(p.startswith("Type the card Bot2 drew from the deck") for p in prompts)


BAD_INPUT = [
    "Potra Bash cards are 1, 3, 4, -2, -3, not 2 (did you mean '-2'?)",
    "unknown word 'xyzzy'",
]


@pytest.mark.parametrize("seats", ["Ann,bot,bot,bot", "Ann,Ben,Cy,Dee"])
def test_bad_input_one_line_and_unchanged_then_undo_and_resume(home: Path, seats: str) -> None:
    """Bad input: one line each, nothing played. With bots in dealer mode the undo after their answers is
    refused in one line and the board stays (their cards have been seen); with people only it takes the input
    back (the board before it) and the same input is accepted again. Resumed, the game plays to its end."""
    seed = 2
    lines, _ = script(seed, seats)
    args = ["play", "potra-bash", "--seats", seats, "--seed", str(seed), "--json"]
    bots = "bot" in seats
    again = [] if bots else [lines[0]]
    first = run_cli(home, args, ["2", "xyzzy", lines[0], "board", "undo", "board", *again, lines[1], "quit"])
    assert first.of("play")[0]["player"] == "Ann" and first.of("play")[0]["card"] == int(lines[0])
    errors = [e["message"] for e in first.of("error")]
    # the boards typed for before and after the undo
    at = [i for i, e in enumerate(first.events) if e["event"] in ("undo", "error")][-1]
    before = next(e for e in reversed(first.events[:at]) if e["event"] == "board")
    after = next(e for e in first.events[at:] if e["event"] == "board")
    if bots:
        assert errors == [*BAD_INPUT, "undo stops here: Bot4's move has been seen"] and first.of("undo") == []
        assert after == before  # the refused undo changed nothing
    else:
        assert errors == BAD_INPUT
        assert first.of("undo")[0]["undone"] == lines[0]
        assert after == first.of("board")[0] != before  # back to the board before the input
    saved = first.of("saved")
    assert saved
    rest = run_cli(home, ["resume", str(saved[0]["session"]), "--json"], lines[2:])
    assert rest.of("resume")[0]["inputs"] >= 2
    assert len(rest.of("end")) == 1
    assert rest.of("error") == []


def test_text_output_marks_private_hands(home: Path) -> None:
    run = run_cli(home, ["play", "potra-bash", "--seats", "Ann,Ben,bot", "--seed", "3"], ["hand ben", "quit"])
    assert run.returncode == 0
    assert "[only Ann] Ann's hand:" in run.stdout
    assert "[only Ben] Ben's hand:" in run.stdout
    assert "Bot3's hand" not in run.stdout


def test_physical_hand_says_the_tool_does_not_see_it(home: Path) -> None:
    run = run_cli(
        home,
        ["play", "potra-bash", "--seats", "Ann,Ben,bot", "--physical", "--seed", "3"],
        ["hand ann", "quit"],
    )
    assert run.returncode == 0
    # one public line, no gate: there is nothing private to show
    assert "The tool does not see Ann's cards: they are the real ones in Ann's hand." in run.stdout
    assert "[only Ann]" not in run.stdout
    # a bot's cards are typed in view of the table: the setup says so
    assert "so their hands are open at this table; play without --physical" in " ".join(run.stdout.split())


def test_a_real_deck_with_people_only_says_nothing_of_open_hands(home: Path) -> None:
    run = run_cli(
        home, ["play", "potra-bash", "--seats", "Ann,Ben,Cy", "--physical", "--seed", "3"], ["quit"]
    )
    assert run.returncode == 0 and "open at this table" not in run.stdout


def test_bots_listed(home: Path) -> None:
    run = run_cli(home, ["bots", "potra-bash"])
    assert "hard" in run.stdout and "normal" in run.stdout


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", "Take a field card: 4 from Élise (or take 4 élise, 4@élise;"),
        ("fr", "Prendre une carte du champ\u00a0: 4 d'Élise (ou prends 4 élise, 4@élise\u00a0;"),
    ],
)
def test_help_shows_a_take_from_a_player_at_this_table(home: Path, lang: str, shown: str) -> None:
    """The help's example of a take named "Ann" at every table; now a player seated at this one."""
    run = run_cli(
        home,
        ["play", "potra-bash", "--seats", "Zoé,Élise,bot", "--seed", "5", "--lang", lang, "--json"],
        ["help"],
    )
    (text,) = [event["text"] for event in run.of("help")]
    assert shown in text and "Ann" not in text


def test_refused_card_of_a_hidden_hand_does_not_say_what_the_hand_holds(home: Path) -> None:
    """Issue 15: with two people, "Ann holds no 1" on the shared screen told the table what Ann's hand lacks."""
    run = run_cli(
        home, ["play", "potra-bash", "--seats", "Ann,Ben,bot", "--seed", "5"], ["", "", "1", "quit"]
    )
    assert run.returncode == 0
    assert "holds no" not in run.stdout
    assert "Ann cannot play that card now: type hand to see Ann's cards" in run.stdout


def test_score_rows_fit_80_columns_and_break_only_between_items(home: Path) -> None:
    """Issue 15: rows of ~100 characters wrapped inside a sum ("+ 1 − 2 = 5") and a set ("-2 -2" / "-2")."""
    long = "Cy=" + cards((-3, 10), (4, 6), (3, 6), (-2, 6), (1, 3))
    run = run_cli(home, ["score", "potra-bash", "Ann=1,1,3,-2,-2,-2", "Ben=4,4,4,3,1", long])
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines) and len(lines) > 7  # Cy's pile and sets take two lines each
    assert "     -3 -3 -3, -3 -3 -3  · 1 + 1 + 1 - 3 = 0  (1s: 3)" in lines  # sets and the sum whole
    assert "     -3 -3 -3 -3 -3 -3 -3 -3 -3 -3" in lines  # Cy's pile breaks between values
    for line in lines:
        assert not line.lstrip().startswith(("+", "−", "=")) and not line.rstrip().endswith(("+", "−"))


def test_status_line_breaks_between_players_at_80_columns() -> None:
    config = PotraConfig(players=5, names=("Annabelle", "Benedict", "Bot3", "Bot4", "Bot5"))
    state, rng = GAME.initial_state(config, 5), random.Random(1)
    for _ in range(9):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    lines = GAME.status(state, 0).splitlines()
    assert len(lines) == 2 and all(len(line) <= 80 for line in lines)
    assert lines[0].endswith("Benedict 4 -2,") and lines[1] == "  Bot3 3, Bot4 3, Bot5 3 · your hand: 1 1 4"


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_take_prompt_breaks_only_between_choices_at_80_columns(lang: str) -> None:
    # at 80 columns the screen's wrap cut a choice in two ("-3⏎de Bot4"), the "-3" read as a choice of its own
    from ai.potra_bash.notation import expected_input
    from ai.potra_bash.rules import Phase

    config = PotraConfig(players=5, names=("Annabelle", "Benedict", "Bot3", "Bot4", "Bot5"))
    field = ((1, 4), (1, -3), (2, -2), (2, 1), (3, -3), (3, 3), (4, -3), (4, 4))
    state = dataclasses.replace(GAME.initial_state(config, 1), phase=Phase.TAKE, picker=0, field=field)
    out = text_out()
    with language(lang):
        out.prompt(expected_input(state), None)
    lines = printed(out).splitlines()
    assert len(lines) >= 2 and all(len(line) <= 80 for line in lines), lines
    assert all(line.rstrip().endswith(",") for line in lines[:-1]), lines
    assert printed(out).count("Bot3") == 2 and printed(out).count("Bot4") == 2
    with language(lang):  # each choice copied from the screen as shown is read
        shown = expected_input(state).split(":", 1)[1].split(",")
        taken = {GAME.parse_action(state, choice) for choice in shown}
    assert taken == set(GAME.legal_actions(state))


def test_status_line_while_the_field_is_taken_names_no_lap_and_no_centre_to_turn_up() -> None:
    """A trial: while the field was being taken the status read "Round 1, lap 3 · centre to turn up"."""
    from ai.potra_bash.rules import Phase

    state, rng = GAME.initial_state(PotraConfig(players=3), 4), random.Random(2)
    while state.phase != Phase.TAKE:
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    line = GAME.status(state, 0)
    assert (
        line.startswith(f"Round {state.round}, taking · deck ") and "lap" not in line and "centre" not in line
    )


def test_no_hint_at_a_real_deck_with_several_people(home: Path) -> None:
    """A trial: `hint 4 -2 1` typed at the shared prompt was read, the hand left on the screen and the answer put
    behind a gate; now refused in one line, typed hand or not. One person alone still gets the hint."""
    two = ["play", "potra-bash", "--physical", "--seats", "Ann,bot,Ben", "--seed", "1"]
    run = run_cli(home, two, ["3 3 4", "-2", "hint 4 -2 1", "hint"])
    assert run.stdout.count("no hint here: the tool does not see your cards") == 2
    assert "Hint:" not in run.stdout
    one = ["play", "potra-bash", "--physical", "--seats", "Ann,bot,bot", "--seed", "1"]
    run = run_cli(home, one, ["3 3 4", "3 3 4", "-2", "hint 4 -2 1"])
    assert "Hint: " in run.stdout


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1"])
def test_score_on_an_output_without_the_minus_sign(home: Path, encoding: str) -> None:
    """A trial: with a Windows code page (output to a file) the score stopped halfway at the minus sign (U+2212)
    with "something unexpected went wrong"; now every line is written, the minus as "-"."""
    import subprocess
    import sys

    from tests.conftest import cli_env

    piles = ["Ann=1,1,3,-2,-2,-2", "Ben=4,4,4,3,1", "Cy=" + cards((-3, 10), (4, 6), (3, 6), (-2, 6), (1, 3))]
    env = {**cli_env(home), "PYTHONIOENCODING": encoding}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "score", "potra-bash", *piles],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode(encoding)
    assert "1 + 1 + 1 - 3 = 0" in out and out.rstrip().endswith("Ann wins with 5.")


def test_the_table_may_choose_who_starts_and_the_deal_stays_the_seeds(home: Path) -> None:
    # the rules: "determine the starting player": the table's choice, or a draw when it names nobody
    args = ["play", "potra-bash", "--seats", "Ann,Ben,bot", "--seed", "3", "--json"]
    drawn = run_cli(home, args, ["quit"])
    chosen = run_cli(home, [*args, "--first", "be"], ["quit"])
    assert drawn.of("setup")[0]["starter"] != "Ben" and chosen.of("setup")[0]["starter"] == "Ben"
    assert [h["hand"] for h in chosen.of("hand")] == [h["hand"] for h in drawn.of("hand")]
    assert chosen.of("setup")[0]["centre"] == drawn.of("setup")[0]["centre"]
    resumed = run_cli(home, ["resume", "2", "--json"], ["quit"])
    assert resumed.returncode == 0 and any(b.get("to_move") for b in resumed.of("board"))
    refused = run_cli(home, [*args, "--first", "Cy"])
    assert refused.returncode != 0 and "name one of Ann, Ben, Bot3" in refused.stderr
    with pytest.raises(ValueError, match="not at the table"):
        PotraConfig(players=3, first=3)


@pytest.mark.parametrize(
    ("lang", "play", "typo", "passing", "suggested", "passes"),
    [
        ("ru", "сыграть 4", "пасс", "пас", "«пас»", "Ann пасует."),
        ("fr", "joue 4", "pase", "passe", "«\u00a0passe\u00a0»", "Ann passe."),
    ],
)
def test_a_table_types_its_own_language_and_a_typo_of_it_is_suggested(
    home: Path, lang: str, play: str, typo: str, passing: str, suggested: str, passes: str
) -> None:
    args = ["play", "potra-bash", "--seats", "Ann,Ben,Cy", "--physical", "--first", "Ann", "--seed", "1"]
    # the centre card, lap 1 (Ann in her words, Ben and Cy by value), then Ann's pass mistyped and typed
    lines = ["4", play, "3", "1", typo, passing, "quit"]
    run = run_cli(home, [*args, "--lang", lang], lines)
    assert run.returncode == 0, run.stderr
    out = run.stdout + run.stderr
    assert f"Ann {'играет' if lang == 'ru' else 'joue un'} 4 " in out
    refused = [line for line in out.splitlines() if typo in line and line.startswith("✗")]
    assert refused and suggested in refused[0], out
    assert passes in out
    # the same words mean nothing to an English table
    english = run_cli(home, [*args, "--lang", "en"], ["4", play, "quit"])
    assert "Ann plays a 4" not in english.stdout


@pytest.mark.parametrize(
    ("lang", "prompt", "drop", "quit_", "dropped", "left"),
    [
        ("ru", "стопка>", "убрать", "выход", "Строка игрока Dan убрана.", "Выход; ничего не подсчитано."),
        ("fr", "pile>", "retirer", "quitter", "Ligne de Dan retirée.", "Quitté ; rien n'a été compté."),
    ],
)
def test_score_form_takes_its_commands_in_the_tables_language(
    home: Path, lang: str, prompt: str, drop: str, quit_: str, dropped: str, left: str
) -> None:
    """The form's own words (its prompt, drop a line, leave) are in the language it speaks, as it names them."""
    shown = run_in_terminal(
        home,
        ["score", "potra-bash", "--lang", lang],
        ["", "Dan=1", f"{drop} Dan", quit_],
        prompt=prompt.encode(),
    )
    out = " ".join(shown.split())
    assert f"{drop} " in out.split(dropped)[0]  # the form names the word it reads before it is typed
    assert dropped in out and left in out


def test_names_in_any_script_are_seated_scored_and_told_apart(home: Path) -> None:
    """A Russian table: `--seats Аня,bot,Боря,bot:hard,Вика` was refused as two seats called 'Боря' (a name was
    matched by its Latin letters only, so every Cyrillic name matched as empty)."""
    specs, names = parse_seats("Аня,bot,Боря,bot:hard,Вика")
    assert specs == ["human:Аня", "normal", "human:Боря", "hard", "human:Вика"]
    assert names == ["Аня", "Bot2", "Боря", "Bot4", "Вика"]
    with pytest.raises(ValueError, match="two seats are called 'аня'"):
        parse_seats("Аня,bot,аня")
    first = run_cli(
        home, ["play", "potra-bash", "--seats", "Аня,Боря,Вика", "--first", "Бор", "--json"], ["quit"]
    )
    assert first.returncode == 0, first.stderr
    assert first.of("setup")[0]["starter"] == "Боря"
    score = run_cli(
        home,
        [
            "score",
            "potra-bash",
            "Аня=1,1,3,-2,-2,-2",
            "Боря=" + BEN.split("=")[1],
            "Вика=" + CY.split("=")[1],
        ],
    )
    assert score.returncode == 0, score.stderr
    assert score.stdout.splitlines()[-1] == "Аня wins with 5."


def test_the_command_to_continue_a_stopped_game_keeps_the_tables_language(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Russian table quit and was told "Продолжить: companion resume 1": typed as shown, the game went on in
    English. The game keeps its language: the plain command shown continues it in Russian."""
    for key in ("COMPANION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    args = ["play", "potra-bash", "--seats", "Аня,bot,bot", "--seed", "3", "--json"]
    saved = run_cli(home, [*args, "--lang", "ru"], ["выход"]).of("saved")[0]
    # the text says it; the ``command`` fact of --json stays the same in every language
    assert saved["text"].endswith("resume 1") and saved["command"].endswith("resume 1"), saved
    words = saved["text"].split()
    resumed = run_cli(home, words[words.index("resume") :], ["выход"])
    assert resumed.returncode == 0 and "Продолжить:" in resumed.stdout, resumed.stdout + resumed.stderr
    english = run_cli(home, args, ["quit"]).of("saved")[0]["text"]
    assert english.endswith("resume 2"), english


def test_score_against_a_saved_game_names_the_pile_that_differs(home: Path) -> None:
    """A trial: a pile typed one card short was scored as typed ("Eve wins with 8" where the game had given 14),
    with no way to compare it with the game; --game N compares each pile with the record, as score prudh does."""
    seed = 3
    seats = "Ann,Ben,Cy,Dee,Eve"
    lines, final = script(seed, seats)
    played = run_cli(home, ["play", "potra-bash", "--seats", seats, "--seed", str(seed), "--json"], lines)
    assert played.returncode == 0 and played.of("end"), played.stderr
    names = [final.config.name(s) for s in range(5)]
    piles = [f"{n}={','.join(map(str, sorted(p)))}" for n, p in zip(names, final.piles, strict=True)]
    same = run_cli(home, ["score", "potra-bash", *piles, "--game", "1"])
    assert same.returncode == 0, same.stderr
    assert " ".join(same.stdout.split()).endswith(": your piles match.")
    data = json.loads(run_cli(home, ["score", "potra-bash", *piles, "--game", "1", "--json"]).stdout)
    assert data["matches"] is True and data["recorded"]["scores"] == played.of("end")[0]["scores"]
    # the last pile typed without its last card: the check says whose pile lacks which card
    short = sorted(final.piles[4])
    wrong = [*piles[:4], f"{names[4]}={','.join(map(str, short[:-1]))}"]
    differs = run_cli(home, ["score", "potra-bash", *wrong, "--game", "1"])
    assert differs.returncode == 1, differs.stderr
    assert f"your piles DIFFER. {names[4]}: the record also has {short[-1]}." in " ".join(
        differs.stdout.split()
    )
    unknown = run_cli(
        home, ["score", "potra-bash", *piles[:4], piles[4].replace(names[4], "Zed"), "--game", "1"]
    )
    assert unknown.returncode == 2 and "game #1 has no player Zed" in unknown.stderr
    assert run_cli(home, ["score", "potra-bash", *piles, "--game", "2"]).returncode == 2
