"""Options a new user tried: each is either used, or refused (or noted) in one line; help texts say what the
modes do; a misspelt game name gets a suggestion; a score line with an empty card is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli


def test_propuh_two_people_is_a_documented_seat_and_each_first_hand_goes_behind_its_gate(home: Path) -> None:
    assert "human for two people at one screen" in " ".join(
        run_cli(home, ["play", "propuh", "--help"]).stdout.split()
    )
    args = ["play", "propuh", "--as", "granny", "--bot", "human", "--seed", "3", "--json"]
    run = run_cli(home, args, ["quit"])
    assert run.returncode == 0, run.stderr
    (setup,) = run.of("setup")
    assert "your hand is on the screen" not in setup["text"]
    dealt = run.of("dealt")
    assert [(d["private_to"], len(d["cards"])) for d in dealt] == [("Granny", 4), ("Propuh", 4)]
    # one person against a bot: their hand, never the bot's
    run = run_cli(
        home, ["play", "propuh", "--as", "propuh", "--bot", "normal", "--seed", "3", "--json"], ["quit"]
    )
    assert [d["player"] for d in run.of("dealt")] == ["propuh"]
    bad = run_cli(home, ["play", "propuh", "--as", "granny", "--bot", "genius"])
    assert bad.returncode == 2 and "human (two people at one screen)" in bad.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--random-cards", "3"], "--random-cards 3 goes with --difficulty random"),
        (["--solo", "--as", "granny"], "--solo and --as granny contradict each other"),
        (["--as", "propuh", "--difficulty", "1"], "--difficulty is for the solo game"),
        (["--bot", "hard"], "--bot is for two players"),
        (["--physical", "--dealer"], "--physical and --dealer contradict each other"),
        (["--ignore-limit", "--skip-blocked"], "--skip-blocked changes nothing with --ignore-limit"),
        (
            ["--ignore-limit", "--no-granny-from", "last"],
            "--no-granny-from last changes nothing with --ignore",
        ),
    ],
)
def test_propuh_options_that_would_be_ignored_are_refused_in_one_line(
    home: Path, args: list[str], words: str
) -> None:
    run = run_cli(home, ["play", "propuh", *args, "--seed", "1"], ["quit"])
    assert run.returncode == 2
    assert run.stderr.startswith(f"error: {words}") and run.stderr.count("\n") == 1
    assert run.stdout == ""  # nothing started


def test_propuh_solo_physical_is_noted_and_plays_the_real_deck(home: Path) -> None:
    run = run_cli(home, ["play", "propuh", "--physical", "--seed", "1", "--json"], ["quit"])
    assert run.returncode == 0
    assert run.stderr == "note: the solo game uses the real deck already; --physical changes nothing.\n"
    assert "Deal 3 cards to Granny" in " ".join(run.of("setup")[0]["table"])
    run = run_cli(
        home, ["play", "propuh", "--difficulty", "random", "--random-cards", "3", "--json"], ["quit"]
    )
    assert run.returncode == 0 and len(run.of("difficulty")[0]["cards"].split(",")) == 3


def test_prohis_help_says_what_each_mode_keeps(home: Path) -> None:
    text = " ".join(run_cli(home, ["play", "prohis", "--help"]).stdout.split())
    assert "People's cards stay physical and face down." not in text
    assert "Dealer mode (the default): the tool shuffles, deals and keeps every hand, people's too" in text
    assert "With --physical the deck is real: people's cards stay real and face down" in text


@pytest.mark.parametrize(("typed", "meant"), [("potra", "potra-bash"), ("prohs", "prohis")])
def test_a_misspelt_game_gets_a_suggestion(home: Path, typed: str, meant: str) -> None:
    for args in (["bots", typed], ["history", "--game", typed]):
        run = run_cli(home, args)
        assert run.returncode == 2
        assert run.stderr.startswith(f"error: unknown game '{typed}'; did you mean {meant}? known: ")
    assert run_cli(home, ["bots", "Potra_Bash"]).returncode == 0


@pytest.mark.parametrize(
    ("args", "bad"),
    [
        (["potra-bash", "Ann=1,1,,3", "Bo=4,3", "Cy=1"], "'1,1,,3'"),
        (["potra-bash", "Ann=1,1,3,", "Bo=4,3", "Cy=1"], "'1,1,3,'"),
        (["prohis", "Ann=12g,,3x l/c i", "Bo=g/c i", "Cy=x/c i"], "'12g,,3x l'"),
        # a trial: RIP's face-down cards read '5,,3' as 5 and 3, where the other checks refuse a card left out
        (["rip", "--green", "MMMCC", "--blue", "MMMC", "--green-down", "5,,3", "--blue-down", "4"], "'5,,3'"),
    ],
)
def test_a_score_line_with_an_empty_card_is_refused_in_one_line(
    home: Path, args: list[str], bad: str
) -> None:
    run = run_cli(home, ["score", *args])
    assert run.returncode == 2
    who = "Green" if args[0] == "rip" else "Ann"
    assert run.stderr == f"error: {who}: an empty card between commas in {bad}; type each card once\n"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["potra-bash", "Ann=1,1,,3", "Bo=4,3", "Cy=1"], "Ann : une carte vide entre deux virgules"),
        (["potra-bash", "Ann=1,1,5,3", "Bo=4,3", "Cy=1"], "Ann : les cartes de Potra Bash sont"),
        (["prohis", "Ann=12g,,3x l/c i", "Bo=g/c i", "Cy=x/c i"], "Ann : une carte vide entre deux virgules"),
        (["prohis", "Ann=12q/c i", "Bo=g/c i", "Cy=x/c i"], "Ann : "),
    ],
)
def test_a_refused_score_line_names_its_player_in_the_tables_typography(
    home: Path, args: list[str], said: str
) -> None:
    """A trial: these refusals were written 'Ann: …' at a French table, where every other line puts a space
    before the colon."""
    run = run_cli(home, ["score", *args, "--lang", "fr"])
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert run.stderr.replace("\xa0", " ").startswith(f"erreur : {said}"), run.stderr


def test_score_propuh_says_how_propuh_ends_instead_of_suggesting_another_game(home: Path) -> None:
    run = run_cli(home, ["score", "propuh"])
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert run.stderr.startswith("error: Propuh has no final count to check: the goals on the boards")
    assert "did you mean" not in run.stderr.lower()
    # a misspelt game that is checked still gets its suggestion
    run = run_cli(home, ["score", "prohs"])
    assert "(did you mean 'prohis'?)" in run.stderr
    # asked for its help (a trial: an "error:" line): the same answer as help, on standard output
    run = run_cli(home, ["score", "propuh", "--help"])
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.startswith("Propuh has no final count to check:") and "score --help lists" in run.stdout


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["play", "propuh", "--sed", "3"], "error: No such option: --sed (did you mean '--seed'?)\n"),
        (["play", "propuhh"], "error: No such command 'propuhh' (did you mean 'propuh'?)\n"),
        (["plya", "propuh"], "error: No such command 'plya' (did you mean 'play'?)\n"),
        (["play", "propuh", "--langg", "fr"], "error: No such option: --langg (did you mean '--lang'?)\n"),
    ],
)
def test_a_misspelt_option_or_command_gets_the_one_name_it_most_likely_meant(
    home: Path, args: list[str], line: str
) -> None:
    """As every other typo: click listed each name near it ('Possible options: --as, --seed'; 'Did you mean
    'propuh', 'prudh', 'prohis'?')."""
    run = run_cli(home, args)
    assert run.returncode == 2 and run.stderr == line
