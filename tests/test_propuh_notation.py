"""Propuh notation: short and long forms, round trips, and the three input errors (syntax, illegal, ambiguous)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.propuh.components import GRANNY, KINDS, Card, Loc
from ai.propuh.game import GAME
from ai.propuh.notation import VOCABULARY, describe_action, parse_card, parse_location
from ai.propuh.rules import Action, Draw, MoveFigurine, Phase, Play, PropuhConfig, PropuhState, Remove
from ai.protocol import AmbiguousError, IllegalError, InputError, ParseError
from ai.words import language

T, S, B = Loc.TABLE, Loc.STOVE, Loc.BED

SOLO_TABLE = PropuhConfig(physical=True, untracked=(GRANNY,))


def card(text: str) -> Card:
    return Card(Loc("tsb".index(text[0])), int(text[1]))


def solo_table() -> PropuhState:
    """The solo table with a real deck: Granny may play any card not yet accounted for."""
    return GAME.initial_state(SOLO_TABLE, 0)


def drawing() -> PropuhState:
    state = GAME.apply(solo_table(), Play(card("b3"), T))
    assert state.phase == Phase.DRAW
    return state


def removing() -> PropuhState:
    state = replace(solo_table(), phase=Phase.REMOVE, plays=4, tokens=((0, 0, 0), (0, 1, 0)))
    assert GAME.legal_actions(state) == [Remove(True), Remove(False)]
    return state


def holding(hand: str) -> PropuhState:
    """A two-player dealer state where Granny holds ``hand`` and plays first."""
    cards = tuple(sorted(card(c) for c in hand.split()))
    return replace(GAME.initial_state(PropuhConfig(solo=False), 0), hands=(cards, ()))


def finished() -> PropuhState:
    rng = random.Random(0)
    state = GAME.initial_state(PropuhConfig(), 0)
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state


# --- parsing ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "b3 t",
        "B3 T",
        "b3t",
        "  b3   t ",
        "b3 d",
        "b3 door",
        "bed 3 on table",
        "Bed 3 on the Table",
        "window 3 door",
        "w3 t",
        "play bed 3 on the table",
        "3 bed table",
        "bed 3 to door",
    ],
)
def test_parse_play_short_and_long(text: str) -> None:
    assert GAME.parse_action(solo_table(), text) == Play(card("b3"), T)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("s2 b", Play(card("s2"), B)),
        ("stove 2 window", Play(card("s2"), B)),
        ("t4 s", Play(card("t4"), S)),
        ("door 4 on stove", Play(card("t4"), S)),
        ("t1 b", Play(card("t1"), B)),
    ],
)
def test_parse_other_plays(text: str, action: Action) -> None:
    assert GAME.parse_action(solo_table(), text) == action


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("f t", T),
        ("F T", T),
        ("f b", B),
        ("figurine bed", B),
        ("figurine table", T),
        ("move figurine to bed", B),
        ("move figurine to window", B),
        ("fig door", T),
    ],
)
def test_parse_figurine(text: str, where: Loc) -> None:
    assert GAME.parse_action(solo_table(), text) == MoveFigurine(where)


def test_figurine_needs_one_location() -> None:
    for text in ("f", "figurine", "f 3", "f t b"):
        with pytest.raises(ParseError):
            GAME.parse_action(solo_table(), text)
    with pytest.raises(IllegalError):  # it already stands on the Stove
        GAME.parse_action(solo_table(), "f s")


@pytest.mark.parametrize("text", ["s2", "S2", "stove 2", "2 stove", "draw s2", "draw stove 2", "drew s2"])
def test_parse_draws(text: str) -> None:
    assert GAME.parse_action(drawing(), text) == Draw(card("s2"))


def test_a_draw_is_only_typed_when_a_card_is_drawn() -> None:
    with pytest.raises(IllegalError):
        GAME.parse_action(solo_table(), "draw s2")
    with pytest.raises(ParseError):
        GAME.parse_action(drawing(), "s2 t")
    with pytest.raises(IllegalError):
        GAME.parse_action(drawing(), "f t")


@pytest.mark.parametrize(
    ("text", "yes"),
    [("yes", True), ("y", True), ("Y", True), ("remove", True), ("no", False), ("n", False), ("keep", False)],
)
def test_parse_yes_no(text: str, yes: bool) -> None:
    assert GAME.parse_action(removing(), text) == Remove(yes)


def test_yes_no_only_answers_the_removal() -> None:
    with pytest.raises(IllegalError):
        GAME.parse_action(solo_table(), "yes")
    with pytest.raises(ParseError):
        GAME.parse_action(removing(), "b3 t")
    with pytest.raises(ParseError):
        GAME.parse_action(removing(), "yes no")


def test_the_removal_prompt_says_granny_answers() -> None:
    """A trial: with two people at the table, "Remove a Propuh token …? yes or no" did not say whose answer."""
    assert GAME.prompt(removing()).startswith("Granny: remove a Propuh token from the")


def test_play_needs_a_location() -> None:
    with pytest.raises(ParseError, match="where does Bed 3 go"):
        GAME.parse_action(solo_table(), "b3")


@pytest.mark.parametrize("text", ["", "   ", "on the", "?!", "3", "t", "b3 t s", "t t t"])
def test_nothing_to_read_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        GAME.parse_action(solo_table(), text)


def test_parse_card_and_location() -> None:
    assert parse_card("b3") == parse_card("bed 3") == parse_card("3 window") == parse_card("W3") == card("b3")
    assert parse_location("door") == parse_location("t") == parse_location("the table") == T
    assert parse_location("window") == B and parse_location("s") == S
    with pytest.raises(ParseError):
        parse_card("b")
    with pytest.raises(ParseError):
        parse_location("t b")


# --- errors with suggestions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("bde 3 t", "bed"),
        ("b3 tabel", "table"),
        ("stvoe 2 t", "stove"),
        ("windwo 3 door", "window"),
        ("figurin bed", "figurine"),
    ],
)
def test_close_typo_suggests_the_word(text: str, suggestion: str) -> None:
    with pytest.raises(ParseError) as info:
        GAME.parse_action(solo_table(), text)
    assert info.value.suggestion == suggestion
    assert f"did you mean {suggestion!r}" in str(info.value)


def test_typo_at_the_removal_prompt_suggests_too() -> None:
    with pytest.raises(ParseError) as info:
        GAME.parse_action(removing(), "yse")
    assert info.value.suggestion == "yes"


@pytest.mark.parametrize(
    ("lang", "text", "suggestion"),
    [
        ("ru", "даа", "да"),
        ("ru", "нт", "нет"),
        ("fr", "ouii", "oui"),
        ("en", "noo", "no"),
        ("en", "yess", "yes"),
    ],
)
def test_a_typo_of_a_short_answer_at_the_removal_prompt_suggests_that_answer(
    lang: str, text: str, suggestion: str
) -> None:
    # a Russian table's "даа" was offered "сдана" (a word of the deal), as "да" has two letters only
    with language(lang), pytest.raises(ParseError) as info:
        GAME.parse_action(removing(), text)
    assert info.value.suggestion == suggestion
    with language(lang):
        assert GAME.parse_action(removing(), suggestion) == Remove(suggestion in ("да", "oui", "yes"))


@pytest.mark.parametrize(("state", "text"), [(removing, "x9"), (solo_table, "q3 t")])
def test_an_unknown_word_is_quoted_whole_as_typed(state: Callable[[], PropuhState], text: str) -> None:
    """A trial: "x9" at the removal prompt was refused as "unknown word 'x'", a part of what was typed."""
    with pytest.raises(ParseError) as info:
        GAME.parse_action(state(), text)
    assert str(info.value).startswith(f"unknown word '{text.split()[0]}'")


def test_far_typo_has_no_suggestion() -> None:
    with pytest.raises(ParseError) as info:
        GAME.parse_action(solo_table(), "xyzzy 3 t")
    assert info.value.suggestion is None
    assert "xyzzy" in str(info.value)
    with pytest.raises(ParseError) as info:
        parse_location("bde")
    assert info.value.suggestion == "bed"


def test_parse_errors_leave_the_state_alone() -> None:
    state = solo_table()
    before = copy.deepcopy(state)
    for text in ("bde 3 t", "b5 t", "yes", "f s"):
        with pytest.raises(InputError):
            GAME.parse_action(state, text)
    assert state == before


# --- suit-only cards -------------------------------------------------------------------------------------


def test_suit_only_card_when_one_value_fits() -> None:
    state = holding("b3 t2 t4")
    assert GAME.parse_action(state, "b t") == Play(card("b3"), T)
    assert GAME.parse_action(state, "bed on the stove") == Play(card("b3"), S)


def test_suit_only_card_is_ambiguous_when_several_values_fit() -> None:
    with pytest.raises(AmbiguousError) as info:
        GAME.parse_action(holding("b3 t2 t4"), "t s")
    assert "t2" in str(info.value) and "t4" in str(info.value)
    with pytest.raises(AmbiguousError) as info:
        GAME.parse_action(solo_table(), "b t")  # any unseen Bed card could be in Granny's hand
    assert all(f"b{v}" in str(info.value) for v in (1, 2, 3, 4))


def test_suit_only_card_that_cannot_be_played_is_illegal() -> None:
    with pytest.raises(IllegalError, match="no Stove card"):
        GAME.parse_action(holding("b3 t2 t4"), "s t")


def test_duplicates_in_hand_are_one_value() -> None:
    assert GAME.parse_action(holding("b2 b2 t1"), "b s") == Play(card("b2"), S)


# --- values ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["b5 t", "b0 t", "t9 s", "b12 t", "5 bed table", "bed 7 on table"])
def test_values_outside_1_to_4_are_refused(text: str) -> None:
    with pytest.raises(ParseError, match="1 to 4"):
        GAME.parse_action(solo_table(), text)


@pytest.mark.parametrize("text", ["s5", "s0", "draw bed 6"])
def test_drawn_values_outside_1_to_4_are_refused(text: str) -> None:
    with pytest.raises(ParseError, match="1 to 4"):
        GAME.parse_action(drawing(), text)


def test_a_huge_value_is_a_parse_error() -> None:
    for state, text in ((solo_table(), "b" + "9" * 5000 + " t"), (drawing(), "s" + "1" * 5000)):
        with pytest.raises(ParseError, match="1 to 4"):
            GAME.parse_action(state, text)


# --- formatting and round trips --------------------------------------------------------------------------


def test_format_is_the_short_form() -> None:
    state = solo_table()
    assert GAME.format_action(state, Play(card("b3"), T)) == "b3 t"
    assert GAME.format_action(state, Play(card("s1"), B)) == "s1 b"
    assert GAME.format_action(state, MoveFigurine(B)) == "f b"
    assert GAME.format_action(state, Draw(card("s2"))) == "s2"
    assert GAME.format_action(state, Remove(True)) == "yes"  # as the prompt asks: yes or no
    assert GAME.format_action(state, Remove(False)) == "no"


CONFIGS = st.sampled_from(
    [
        PropuhConfig(),
        PropuhConfig(difficulty="1"),
        PropuhConfig(solo=False),
        SOLO_TABLE,
        PropuhConfig(physical=True),
        PropuhConfig(solo=False, physical=True),
        PropuhConfig(solo=False, physical=True, untracked=(GRANNY,)),
    ]
)


def states_of_a_game(config: PropuhConfig, seed: int, rng: random.Random) -> list[PropuhState]:
    state = GAME.initial_state(config, seed)
    states = [state]
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
        states.append(state)
    return states


@settings(max_examples=40, deadline=None)
@given(config=CONFIGS, seed=st.integers(0, 2**32), rng=st.randoms(use_true_random=False))
def test_parse_format_round_trip_for_every_legal_action(
    config: PropuhConfig, seed: int, rng: random.Random
) -> None:
    for state in states_of_a_game(config, seed, rng):
        for action in GAME.legal_actions(state):
            text = GAME.format_action(state, action)
            assert GAME.parse_action(state, text) == action, text
            if not isinstance(action, Remove):
                assert GAME.parse_action(state, describe_action(action)) == action


def test_every_kind_of_card_round_trips() -> None:
    state = solo_table()
    for kind in KINDS:
        for where in (T, S, B):
            action = Play(kind, where)
            assert GAME.parse_action(state, GAME.format_action(state, action)) == action
        assert parse_card(str(kind)) == parse_card(kind.long) == kind


# --- garbage never raises anything but an input error ----------------------------------------------------


def fixed_states() -> list[PropuhState]:
    return [solo_table(), drawing(), removing(), holding("b3 t2 t4"), finished()]


STATES = fixed_states()

WORDS = st.sampled_from([*VOCABULARY, "0", "1", "2", "3", "4", "5", "12", "bde", "x", "b3", "t4s", "-", "?"])


def accepts_or_refuses(state: PropuhState, text: str) -> None:
    try:
        action = GAME.parse_action(state, text)
    except InputError as error:
        assert str(error).strip()
        assert "\n" not in error.message
    else:
        assert action in GAME.legal_actions(state)


@settings(max_examples=100, deadline=None)
@given(index=st.integers(0, len(STATES) - 1), text=st.text())
def test_garbage_raises_only_input_errors(index: int, text: str) -> None:
    accepts_or_refuses(STATES[index], text)


@settings(max_examples=100, deadline=None)
@given(index=st.integers(0, len(STATES) - 1), words=st.lists(WORDS, max_size=5))
def test_word_salad_raises_only_input_errors(index: int, words: list[str]) -> None:
    accepts_or_refuses(STATES[index], " ".join(words))


def test_the_game_over_refuses_every_input() -> None:
    state = finished()
    for text in ("b3 t", "f t", "yes", "s2", "draw s2"):
        with pytest.raises(InputError):
            GAME.parse_action(state, text)


def test_propuh_s_own_plays_read_as_his_side_of_the_board_names_them() -> None:
    """A trial: Propuh typed `b4 w` (the Window) and undo answered "Undone: Propuh's input b4 b" (Granny's Bed,
    no place on his board). His plays are written with his names (door, stove, window), hers with hers; either
    name is read on either turn, so the text parses back to the same play."""
    from ai.propuh.components import PROPUH

    seen = {GRANNY: set(), PROPUH: set()}
    for seed in range(20):
        state = GAME.initial_state(PropuhConfig(solo=False), seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            action = rng.choice(list(legal))
            if isinstance(action, Play):
                text = GAME.format_action(state, action)
                assert GAME.parse_action(state, text) == action
                seen[GAME.to_move(state)].add(text.split()[1])
            state = GAME.apply(state, action)
    assert seen == {GRANNY: {"t", "s", "b"}, PROPUH: {"d", "s", "w"}}


@pytest.mark.parametrize(("text", "suggestion"), [("т4 t", "t"), ("t4 с", "s"), ("б2 t", "b")])
def test_a_letter_typed_in_cyrillic_suggests_the_latin_letter_it_stands_for(
    text: str, suggestion: str
) -> None:
    """A Russian keyboard types `т4 с` for t4 s: the notation's letters are Latin, and the line says which."""
    with language("ru"), pytest.raises(ParseError) as info:
        GAME.parse_action(solo_table(), text)
    assert info.value.suggestion == suggestion
