"""RIP round 10: every psychic card placed face down, checked against shared/rules/rip.md, through the score
check (``ai.rip.score.check_score``, the same ``round10_tables`` that decides round 10 in a real game) and the
CLI; the score check refusing counts no game can produce; card files refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.protocol import ParseError
from ai.rip.components import CardFileError, card_catalogue, load_cards
from ai.rip.rules import G, P, round10_tables, totals
from ai.rip.score import check_score
from tests.conftest import run_cli

# Green holds 5 tokens and Blue 4 after round 9: Green lost 4 rounds, Blue 5; the round-10 token is a castle.
GREEN, BLUE = "MMMCC", "MMMC"


def round10(green_down: str, blue_down: str, own_side: bool = False) -> tuple[int, int]:
    cards = card_catalogue(named_both_sides=not own_side)
    check = check_score(GREEN, BLUE, green_down, blue_down, cards)
    assert check.round10 is not None
    return check.round10


@pytest.mark.parametrize(
    ("green_down", "blue_down", "expected", "why"),
    [
        ("p1", "", (0, 0), "card 1 claims this round's psychic card: round 10 has none"),
        ("p2", "", (0, 0), "card 2 fetches nothing: both decks are empty by round 10"),
        ("p2 5", "", (5, 0), "card 2 fetches nothing; the 5 is another face-down card"),
        ("p3", "", (1, 0), "card 3 counts as a ghost of 1; its peek does nothing"),
        ("p4", "", (2, 0), "card 4 counts as a ghost of 2"),
        ("p5", "", (3, 0), "card 5 counts as a ghost of 3"),
        ("p6 2", "3", (2, 3), "card 6: no next card in round 10"),
        ("p7", "", (3, 0), "card 7 counts as a ghost of 3, in round 10 only"),
        ("p8 2 4 1", "6", (3 + 5 + 1, 6), "card 8: own even ghosts +1"),
        ("p9 1 3 2", "6", (2 + 4 + 2, 6), "card 9: own odd ghosts +1"),
        ("p10 3 3", "5", (10, 5), "card 10 names the 3 (+2 to each)"),
        ("p12 5", "1 2 2", (5, 0), "card 12: the opponent's 1s and 2s count 0"),
        ("p13", "", (2, 0), "card 13 counts 2 in round 10 (4 − 2)"),
        ("p14 1", "1", (1, 1), "card 14: no turns in round 10"),
    ],
)
def test_each_psychic_card_face_down_in_round_10(
    green_down: str, blue_down: str, expected: tuple[int, int], why: str
) -> None:
    assert round10(green_down, blue_down) == expected, why


def test_card_10_names_the_value_best_for_its_owner_on_both_sides_or_its_own() -> None:
    # both sides: naming 5 would give Blue +2 as well; naming 3 helps Green alone
    assert round10("p10 3 5", "5") == (3 + 2 + 5, 5)
    # own side only: the 5 is worth as much as the 3
    assert round10("p10 3 5", "5 5", own_side=True) in ((10, 10),)


def test_card_11_discards_the_opponents_only_card() -> None:
    """The issue's case: card 11 face down discards Blue's 5, so Green takes round 10 4-0 and a 3rd castle."""
    check = check_score(GREEN, BLUE, "4 p11", "5")
    assert check.round10 == (4, 0)
    assert check.winners == (0,) and "3 castles" in check.reason


def test_card_11_discards_the_card_that_helps_the_opponent_most() -> None:
    assert round10("p11 3", "1 p8 4") == (3, 1)  # the 4 is worth 5 with card 8, card 8 alone 1
    assert round10("p11 3", "p9 1 1 1") == (3, 3)  # card 9 adds 3: gone, three 1s remain
    # the 4 goes: Blue's card 10 alone adds nothing (naming 2 would help Green)
    assert round10("p11 2", "p10 4") == (2, 0)


def test_card_11_against_card_12_and_card_10() -> None:
    # Blue's 12 nulls Green's 1s and 2s: Green's 11 takes the 12 away
    assert round10("p11 2 2 1", "p12 4") == (5, 4)
    # Blue's 11 against Green's card 10: without the 10 Green has 6 (a tie); without a 3 the 10 names
    # the other 3 and Green has 5: Blue discards a 3, knowing how the 10 will then be named
    assert round10("p10 3 3", "p11 5 1") == (5, 6)


def test_round10_tables_is_what_a_real_game_uses() -> None:
    cards = card_catalogue()
    tables = round10_tables(((G(4), P(11)), (G(5),)), cards)
    assert totals(tables, cards, round10=True) == (4, 0)
    # a fetch takes the highest ghost left in its owner's deck
    tables = round10_tables(((P(2),), ()), cards, ((1, 3, 3), ()))
    assert totals(tables, cards, round10=True) == (3, 0)


def test_the_cli_gives_green_the_game_on_card_11() -> None:
    run = run_cli(
        Path("."),
        ["score", "rip", "--green", GREEN, "--blue", BLUE, "--green-down", "4 p11", "--blue-down", "5"],
    )
    assert run.returncode == 0
    assert " ".join(run.stdout.split()) == (  # wrapped at the screen's width
        "Round 10: Green 4 (4, p11), Blue 0 (5 discarded). Green wins: Green wins round 10 (4 to 0) and holds "
        "3 castles."
    )


# -- counts no game can produce -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("green", "blue", "green_down", "blue_down", "message"),
    [
        (GREEN, BLUE, "1 1 1 1 1 1 2 2 2 2 2", "5", "Green lost 4 rounds"),
        (GREEN, BLUE, "1 2 3 4 5", "", "at most 4 cards face down, not 5"),
        (GREEN, BLUE, "6 6", "5", "2 face-down 6s, but a deck has 1 copy"),
        (GREEN, BLUE, "1 1 1 1", "3 3 3 3 3", "a deck has 4 copies of the 3"),
        (GREEN, BLUE, "p8", "p8", "psychic card 8 face down for both Green and Blue"),
        (GREEN, BLUE, "p8 p8", "", "psychic card 8 face down twice"),
        (GREEN, BLUE, "p99999999999999999999", "", "not 'p99999999999999999999'"),
        (GREEN, BLUE, "7", "", "ghost values 1-6"),
        ("MMMMM", "C", None, None, "Green cannot hold 5 manors"),
        ("M", "CCCC", None, None, "Blue cannot hold 4 castles"),
        ("MMMMCCC", "", None, None, "Green cannot hold two instant wins"),
        ("MMMM", "CCC", None, None, "both families cannot hold an instant win"),
        ("MMMMMMM", "", None, None, "only 6 M tokens"),
        ("MMMM", "CC", "6 6", None, "a deck has 1 copy of the 6"),  # checked even when an instant win decides
    ],
)
def test_the_score_check_refuses_what_no_game_can_produce(
    green: str, blue: str, green_down: str | None, blue_down: str | None, message: str
) -> None:
    with pytest.raises(ParseError, match=message):
        check_score(green, blue, green_down, blue_down)


def test_card_2_allows_no_face_down_card_more_the_decks_being_empty_by_round_10() -> None:
    """An old ruling had the table type the ghost card 2 fetched in round 10 (``p2 6``) and allowed one card
    more for it; but 5 dealt and 2 drawn after each of rounds 1-8 are the 21 cards of a deck."""
    assert round10("p2 6 1 1", "") == (8, 0)  # Green lost 4 rounds: 4 cards
    with pytest.raises(
        ParseError, match=r"at most 4 cards face down, not 5 \(card 2 fetches nothing in round 10"
    ):
        check_score(GREEN, BLUE, "p2 6 1 1 1", "")
    with pytest.raises(ParseError, match=r"at most 4 cards face down, not 5$"):
        check_score(GREEN, BLUE, "p3 6 1 1 1", "")


def test_every_deck_is_empty_when_a_real_game_reaches_round_10() -> None:
    """The ground of the card-2 check above, from the engine: random games that reach round 10."""
    import random

    from ai.games import get

    game = get("rip")
    reached = 0
    for seed in range(150):
        state = game.initial_state(game.default_config(), seed)
        rng = random.Random(seed)
        while not game.is_over(state) and state.round < 10:
            state, _ = game.step(state, rng.choice(game.legal_actions(state)))
        if state.round >= 10:
            reached += 1
            assert all(not side.deck for side in state.sides), seed
    assert reached >= 10


def test_the_cli_refuses_in_one_line(home: Path) -> None:
    run = run_cli(
        home, ["score", "rip", "--green", GREEN, "--blue", BLUE, "--green-down", "6 6", "--blue-down", ""]
    )
    assert run.returncode != 0 and run.stdout == ""
    assert run.stderr.strip().count("\n") == 0 and "a deck has 1 copy of the 6" in run.stderr


# -- card files ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe[[card]]\n", "not a text file in UTF-8"),
        (("a = " + "[" * 5000 + "]" * 5000 + "\n").encode(), "nested too deep"),
        (b'[[card]]\nid = 45\nlevel = 2\ntext = "x"\neffects = []\n', "from 15 to 29, not 45"),
        (b'[[card]]\nid = 14\nlevel = 2\ntext = "x"\neffects = []\n', "card 14 is a known card"),
    ],
)
def test_a_bad_card_file_is_one_line(tmp_path: Path, home: Path, content: bytes, message: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_bytes(content)
    with pytest.raises(CardFileError, match=message):
        load_cards(path)
    run = run_cli(home, ["score", "rip", "--green", "MMMM", "--blue", "", "--cards", str(path)])
    assert run.returncode != 0 and message in run.stderr and run.stderr.strip().count("\n") == 0


def test_a_games_round_10_names_every_card_turned_up_with_what_it_counted() -> None:
    """A card 11 face down used to leave "Blue reveals nothing (0)" while Blue's 5 lay turned up on the table:
    the game's round 10 now lists every face-down card as ``score rip`` does, and the counts add up."""
    import random

    from ai.games import get

    game = get("rip")
    checked = 0
    for seed in range(60):
        state = game.initial_state(game.default_config(), seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            state, events = game.step(state, rng.choice(game.legal_actions(state)))
            for event in (e for e in events if e.kind == "round10"):
                checked += 1
                for seat, family in enumerate(("green", "blue")):
                    cards = event.data["cards"][family]
                    assert [c["card"] for c in cards] == [str(c) for c in state.sides[seat].down]
                    assert sum(c["counts"] for c in cards) == event.data["totals"][seat]
                assert event.text.startswith("Round 10: Green ")
    assert checked >= 5


def test_a_psychic_ghost_card_12_cancelled_says_it_counts_0(tmp_path: Path) -> None:
    """A trial: "Green 0 (p3, p4, 2 counts 0)" read as if p3 and p4 had no strength of their own; a psychic card
    that counts as a ghost says its count even at 0, a card with none of its own (p8) stands bare."""
    tokens = ["score", "rip", "--green", "MMMCC", "--blue", "MMCC"]
    run = run_cli(tmp_path, [*tokens, "--green-down", "p3 p4 2", "--blue-down", "p12"])
    assert run.returncode == 0, run.stderr
    assert "Green 0 (p3 counts 0, p4 counts 0, 2 counts 0), Blue 0 (p12)" in run.stdout
    bare = run_cli(tmp_path, [*tokens, "--green-down", "p4 p8", "--blue-down", "p12 1"])
    assert "Green 0 (p4 counts 0, p8), Blue 1 (p12, 1)" in bare.stdout


def test_face_down_cards_after_an_instant_win_are_said_not_to_count(tmp_path: Path) -> None:
    """A trial: the round-10 cards typed beside an instant win were passed over without a word."""
    args = ["score", "rip", "--green", "MMCCC", "--blue", "MCM"]
    run = run_cli(tmp_path, [*args, "--green-down", "5", "--blue-down", "3"])
    assert " ".join(run.stdout.split()) == (  # wrapped at the screen's width
        "Green wins: Green holds 3 castles. The face-down cards do not count: the game stopped before round 10."
    )
    assert "do not count" not in run_cli(tmp_path, args).stdout
