"""Potra Bash notation: short and long forms, names, the three error kinds with suggestions."""

from __future__ import annotations

import dataclasses
import re

import pytest

from ai.potra_bash.notation import expected_input, parse_action
from ai.potra_bash.rules import PASS, Draw, Phase, Play, PotraConfig, PotraState, Take, initial_state
from ai.protocol import AmbiguousError, IllegalError, ParseError
from ai.words import language


def play_state() -> PotraState:
    config = PotraConfig(players=3, names=("Ann", "Bot 2", "Annika"))
    s = initial_state(config, 1)
    return dataclasses.replace(s, hands=((-3, -2, 4), (1, 1, 1), (3, 3, 3)), starter=0, lap=2)


def take_state() -> PotraState:
    s = play_state()
    return dataclasses.replace(
        s, phase=Phase.TAKE, picker=0, field=((1, 4), (2, 4), (0, -2), (2, -3)), plays=((1, 4),)
    )


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("4", Play(4)),
        ("play 4", Play(4)),
        ("p4", Play(4)),
        ("-2", Play(-2)),
        ("−2", Play(-2)),
        ("minus 3", Play(-3)),
        ("minus two", Play(-2)),
        ("minus-3", Play(-3)),
        ("Minus Three", Play(-3)),
        ("m2", Play(-2)),
        ("  PASS ", PASS),
        ("x", PASS),
    ],
)
def test_play_forms(text: str, action: object) -> None:
    assert parse_action(play_state(), text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("4 from Bot 2", Take(4, 1)),
        ("take 4 bot2", Take(4, 1)),
        ("t4 bot 2", Take(4, 1)),
        ("4@annika", Take(4, 2)),
        ("-3", Take(-3, 2)),
        ("take minus 3 from annik", Take(-3, 2)),
        ("minus three from annika", Take(-3, 2)),
    ],
)
def test_take_forms(text: str, action: object) -> None:
    assert parse_action(take_state(), text) == action


@pytest.mark.parametrize(
    ("state", "text", "kind", "message"),
    [
        (play_state, "2", ParseError, "cards are 1, 3, 4, -2, -3, not 2"),
        (play_state, "1", IllegalError, "Ann cannot play that card now"),
        (play_state, "pas 4", ParseError, "unknown word"),
        (play_state, "pasx", ParseError, "unknown word 'pasx'"),
        (play_state, "4 4", ParseError, "one card at a time"),
        (
            play_state,
            "4 from ann",
            IllegalError,
            "no card is taken before the third lap is over; a card is played from the hand now: type its value "
            "alone",
        ),
        (play_state, "take 4 annika", IllegalError, "no card is taken before the third lap is over"),
        # a take without its owner is no play of the card (it was played: the player meant to take it)
        (play_state, "4 from", IllegalError, "no card is taken before the third lap is over"),
        (play_state, "t4", IllegalError, "no card is taken before the third lap is over"),
        (play_state, "from ann", IllegalError, "no card is taken before the third lap is over"),
        (take_state, "from annika", ParseError, "which card? 1, 3, 4, -2, -3"),
        (play_state, "4 zed", ParseError, "unknown word 'zed'"),
        (take_state, "4", AmbiguousError, "whose 4? 4 from Bot 2 or 4 from Annika"),
        (take_state, "4 from ann", IllegalError, "no 4 of Ann"),
        (take_state, "-2", IllegalError, "must take another player's card"),
        (take_state, "1", IllegalError, "there is no 1 on the field"),
        (take_state, "4 from zed", ParseError, "nobody called 'zed'"),
        (take_state, "4 from Zed", ParseError, "nobody called 'Zed'"),  # as typed, not 'zed'
        # the names after a colon: the suggestion's own brackets follow ("(…) (did you mean…)" read as two asides)
        (take_state, "4 from Zed", ParseError, "nobody called 'Zed' at this table: Ann, "),
        (play_state, "4 Zed", ParseError, "unknown word 'Zed'"),
        (take_state, "pass", IllegalError, "nobody passes while the field is shared out: Ann takes a card"),
    ],
)
def test_errors(state: object, text: str, kind: type[Exception], message: str) -> None:
    with pytest.raises(kind, match=re.escape(message)) as info:
        parse_action(state(), text)  # type: ignore[operator]
    assert type(info.value) is kind


def test_suggestions() -> None:
    with pytest.raises(ParseError) as info:
        parse_action(play_state(), "2")
    assert info.value.suggestion == "-2"
    with pytest.raises(ParseError) as info:
        parse_action(play_state(), "pss")
    assert info.value.suggestion == "pass"
    with pytest.raises(
        ParseError
    ) as info:  # a trial: "did you mean 'pas'?", a short form nobody needs taught
        parse_action(play_state(), "paas")
    assert info.value.suggestion == "pass"
    for state in (
        play_state,
        take_state,
    ):  # one card is played or taken: "44" is not offered as "4,4" (a trial)
        with pytest.raises(ParseError, match="not 44") as info:
            parse_action(state(), "play 44")
        assert info.value.suggestion is None
    both = dataclasses.replace(take_state(), picker=1, field=((0, 4), (2, 4), (1, 3)))
    with pytest.raises(AmbiguousError, match="fits Ann, Annika"):
        parse_action(both, "4 from an")


def test_a_mistyped_word_before_the_card_is_suggested_not_the_name_after_it() -> None:
    """``tkae 4 bot 2``: the name after the card is right; the typo is the verb (it was read into the name:
    "nobody called 'tkae bot 2' (did you mean 'Bot 2'?)")."""
    with pytest.raises(ParseError, match="unknown word 'tkae'") as info:
        parse_action(take_state(), "tkae 4 bot 2")
    assert info.value.suggestion == "take"
    assert parse_action(take_state(), "Annika 4") == Take(
        4, 2
    )  # a name before the card still names the owner
    # after the card too (a trial: "4 form Bot5" said "nobody called 'form Bot5' (did you mean 'Bot5'?)")
    with pytest.raises(ParseError, match="unknown word 'form'") as info:
        parse_action(take_state(), "4 form bot 2")
    assert info.value.suggestion == "from"
    assert parse_action(take_state(), "4 from the bot 2") == Take(4, 1)  # the little words are read past


def test_a_name_that_fits_several_players_is_enough_when_only_one_has_the_card() -> None:
    # "an" fits Ann and Annika, but Ann (the picker) may not take her own -2 and has no 4 on the field
    assert parse_action(take_state(), "4 from an") == Take(4, 2)
    assert parse_action(take_state(), "-3 from an") == Take(-3, 2)
    with pytest.raises(IllegalError, match="must take another player's card"):
        parse_action(take_state(), "-2 from ann")


def test_a_french_prompt_s_choices_typed_as_shown_take_those_cards() -> None:
    # the French prompt elides «de» before a name with a vowel ("-2 d'Ann"): typed back, it names Ann, not "d'ann"
    state = dataclasses.replace(take_state(), picker=1)
    with language("fr"):
        shown = expected_input(state).split(":", 1)[1].strip().split(", ")
        assert [choice.replace("\u00a0", " ") for choice in shown] == [
            "4 d'Annika",
            "-2 d'Ann",
            "-3 d'Annika",
        ]
        taken = [parse_action(state, choice) for choice in shown]
        assert parse_action(state, "-2 d’Ann") == Take(-2, 0)
        assert parse_action(state, "prends 4 de Annika") == Take(4, 2)
    assert taken == [Take(4, 2), Take(-2, 0), Take(-3, 2)]
    with pytest.raises(ParseError, match="d'Ann"):  # English reads no French elision; the name as typed
        parse_action(state, "-2 d'Ann")
    arcy = PotraConfig(players=3, names=("Arcy", "D'Arcy", "Bo"))
    field = ((0, 4), (1, 4), (2, 4), (0, 3))
    took = dataclasses.replace(initial_state(arcy, 1), phase=Phase.TAKE, picker=2, field=field)
    with language("fr"):  # the prompt's "4 d'Arcy" and "4 de D'Arcy" are two players
        shown = expected_input(took).split(":", 1)[1].strip().replace("\u00a0", " ").split(", ")
        assert shown[:2] == ["4 d'Arcy", "4 de D'Arcy"]
        assert [parse_action(took, choice) for choice in shown[:2]] == [Take(4, 0), Take(4, 1)]


def test_a_russian_tables_misspelt_name_is_refused_as_typed_with_the_name_it_fits() -> None:
    """«3 у игрока Ана» was refused as «ана», a name nobody at the table typed."""
    config = PotraConfig(players=3, names=("Аня", "Боря", "Bot3"))
    state = dataclasses.replace(
        initial_state(config, 1), phase=Phase.TAKE, picker=1, field=((0, 3), (2, -3)), plays=((0, 3),)
    )
    with language("ru"):
        assert parse_action(state, "3 у игрока Аня") == Take(3, 0)
        with pytest.raises(ParseError, match="«Ана»") as info:
            parse_action(state, "3 у игрока Ана")
    assert info.value.suggestion == "Аня"


def test_typed_cards_in_physical_mode() -> None:
    config = PotraConfig(players=3, names=("Ann", "Bot2", "Bot3"), physical=True, untracked=(0,))
    s = initial_state(config, 1)
    assert parse_action(s, "draw 4") == Draw(4)
    assert parse_action(s, "-3") == Draw(-3)
    with pytest.raises(IllegalError, match="nobody passes now: first type the card Bot2 got"):
        parse_action(s, "pass")


@pytest.mark.parametrize(
    ("lang", "typed", "meant"), [("ru", "оот", "от"), ("fr", "dee", "de"), ("en", "frrom", "from")]
)
def test_a_key_struck_twice_in_a_short_word_is_suggested(lang: str, typed: str, meant: str) -> None:
    """A trial: "3 оот Борис" and "-2 dee Bot3" got no suggestion ("уу" did: one letter struck twice); a word of
    two letters with one of them doubled is the word meant."""
    with language(lang), pytest.raises(ParseError) as info:
        parse_action(take_state(), f"4 {typed} bot 2")
    assert info.value.suggestion == meant
