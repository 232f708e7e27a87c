"""Prudh notation: squares, slides and runs, forgiving long forms, round trip, clear refusals, fuzzing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.protocol import AmbiguousError, IllegalError, InputError, ParseError
from ai.prudh.components import DARK, LIGHT, SQUARE_NAMES
from ai.prudh.notation import format_action, parse_action, square_from
from ai.prudh.rules import Move, PrudhConfig, PrudhState, apply, from_position, initial_state
from ai.words import language
from tests.conftest import run_cli

E, N, S, W = 2, 0, 4, 6
NE, SE, SW, NW = 1, 3, 5, 7


def sq(name: str) -> int:
    return SQUARE_NAMES.index(name)


def position(stacks: dict[str, int], to_move: int = DARK) -> PrudhState:
    board = [0] * 36
    for name, h in stacks.items():
        board[sq(name)] = h
    return from_position(PrudhConfig(), board, to_move)


START = initial_state(PrudhConfig(first=DARK))
# Dark: c3 (3) can run east (d3 light 2) and north (c4 light 1); a1, b2 slide.
MIDGAME = position({"c3": 3, "a1": 1, "b2": 1, "d3": 2, "c4": 1})


def test_squares() -> None:
    assert square_from("a1") == 0 and square_from("F6") == 35 and square_from(" c3 ") == sq("c3")
    for bad in ("g1", "a7", "a0", "aa", "", "a10"):
        with pytest.raises(ParseError):
            square_from(bad)


@pytest.mark.parametrize(
    "text",
    [
        "c3 ne",
        "c3-d4",
        "c3ne",
        "C3 NE",
        "slide c3 northeast",
        "c3 to d4",
        "c3 north-east",
        "c3 up right",
        "c3xd4",
        "C3XD4",
        "c3 x d4",
    ],
)
def test_slide_forms(text: str) -> None:
    assert parse_action(START, text) == Move(sq("c3"), NE)


@pytest.mark.parametrize(
    "text", ["c3 e", "c3 east", "run c3 e", "c3 right", "c3-d3", "c3-f3", "c3 E", "c3e", "run c3 east"]
)
def test_run_forms(text: str) -> None:
    assert parse_action(MIDGAME, text) == Move(sq("c3"), E)


def test_formats_are_short() -> None:
    assert format_action(START, Move(sq("c3"), NE)) == "c3-d4"
    assert format_action(MIDGAME, Move(sq("c3"), E)) == "c3 e"
    # a slide over empty squares is named by its landing square
    state = position({"a1": 2, "d4": 1, "f1": 1})
    assert format_action(state, Move(sq("a1"), NE)) == "a1-d4"
    assert parse_action(state, "a1-d4") == parse_action(state, "a1 ne") == Move(sq("a1"), NE)


def test_a_square_alone_when_it_has_one_move() -> None:
    state = position({"a1": 1, "b2": 1, "f1": 1, "e2": 1})
    assert parse_action(state, "a1") == Move(sq("a1"), NE)
    with pytest.raises(AmbiguousError, match="several ways"):
        parse_action(START, "c3")


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ("", ParseError, "nothing"),
        ("ne", ParseError, "which stack"),
        ("c3 nrth", ParseError, "unknown word"),
        ("c3 ne e", ParseError, "two directions"),
        ("c3 d4 e5", ParseError, "too many"),
        ("c3-d5", ParseError, "not on one line"),
        ("c3-c3", ParseError, "same square"),
        ("c3 ne d2", ParseError, "does not lie"),
        ("slide c3 e", ParseError, "diagonally"),
        ("run c3 ne", ParseError, "diagonally"),
        ("b1 ne", IllegalError, "light square"),
        ("h9 ne", ParseError, "no square .h9."),
    ],
)
def test_bad_input_is_refused_with_a_reason(text: str, kind: type[InputError], words: str) -> None:
    with pytest.raises(kind, match=words):
        parse_action(START, text)


def test_an_unknown_word_without_a_close_one_says_what_a_move_looks_like() -> None:
    with pytest.raises(ParseError) as exc:
        parse_action(START, "zz9")
    assert exc.value.suggestion is None
    assert str(exc.value) == "unknown word 'zz9': a move is a start square and a direction (c3 ne, b2 e)"


def test_a_typo_of_a_command_gets_one_line_without_the_example_of_a_move(tmp_path: Path) -> None:
    run = run_cli(tmp_path, ["play", "prudh", "--bot", "normal", "--first", "me"], ["hnt", "quit"])
    assert "unknown word 'hnt' (did you mean 'hint'?)" in run.stdout
    assert "a move is a start square" not in run.stdout


def test_rule_refusals_suggest_a_legal_move() -> None:
    with pytest.raises(IllegalError, match="needs a stack of 2") as exc:
        parse_action(START, "c3 e")
    assert exc.value.suggestion is not None and parse_action(START, exc.value.suggestion).square == sq("c3")
    with pytest.raises(IllegalError, match="captures nothing"):
        parse_action(MIDGAME, "c3 w")
    with pytest.raises(IllegalError, match="no stack to slide"):
        parse_action(MIDGAME, "c3 se")
    with pytest.raises(IllegalError, match="lands on d4"):
        parse_action(START, "c3-e5")
    with pytest.raises(IllegalError, match="empty"):
        parse_action(MIDGAME, "e1 ne")
    with pytest.raises(ParseError) as typo:
        parse_action(START, "c3 northeastt")
    assert typo.value.suggestion == "northeast"


def test_a_refusal_says_when_the_stack_has_no_legal_move() -> None:
    # a1 (1) sees nothing on its diagonal and cannot run; c1 slides onto d2
    state = position({"a1": 1, "c1": 1, "d2": 1})
    for text, words in (("a1 ne", "no stack to slide"), ("a1 n", "needs a stack of 2")):
        with pytest.raises(IllegalError, match=words) as exc:
            parse_action(state, text)
        assert exc.value.suggestion is None
        assert str(exc.value).endswith("; a1 has no legal move now")
    with pytest.raises(IllegalError) as has_one:
        parse_action(state, "c1 nw")
    assert has_one.value.suggestion == "c1-d2"


def test_light_moves_from_light_squares() -> None:
    state = apply(START, Move(sq("c3"), NE))
    assert state.to_move == LIGHT
    with pytest.raises(IllegalError, match="dark square"):
        parse_action(state, "a1 ne")
    assert parse_action(state, "b1-c2") == Move(sq("b1"), NE)


def random_states(seed: int, count: int) -> list[PrudhState]:
    rng = random.Random(seed)
    out: list[PrudhState] = []
    for variant in ("ordinary", "traditional", "tika", "tomio"):
        state = initial_state(PrudhConfig(variant=variant), seed)
        while not state.over and len(out) < count * 4:
            out.append(state)
            state = apply(state, rng.choice(state.legal))
    return out


def test_every_legal_move_round_trips_in_every_form() -> None:
    for state in random_states(3, 30):
        for move in state.legal:
            assert parse_action(state, format_action(state, move)) == move
            assert parse_action(state, str(move)) == move
            assert parse_action(state, str(move).upper()) == move


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="abcdefgh0123456789 -nesw", max_size=14))
def test_fuzzed_input_parses_to_a_legal_move_or_raises_an_input_error(text: str) -> None:
    for state in (START, MIDGAME):
        try:
            move = parse_action(state, text)
        except InputError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:
            assert move in state.legal


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_any_text_never_escapes_as_another_error(text: str) -> None:
    try:
        move = parse_action(MIDGAME, text)
    except InputError:
        return
    assert move in MIDGAME.legal


def test_a_short_typo_of_a_direction_is_suggested() -> None:
    state = initial_state(PrudhConfig(), 1)
    with pytest.raises(ParseError) as caught:
        parse_action(state, "c3 nee")
    assert caught.value.suggestion == "ne"


def test_a_typo_as_close_to_two_directions_names_both() -> None:
    """A trial: `c3 northeest` got "did you mean 'northwest'?", and that move was legal."""
    with pytest.raises(ParseError) as caught:
        parse_action(START, "c3 northeest")
    assert caught.value.suggestion is None
    assert str(caught.value) == "unknown word 'northeest' (did you mean 'northeast' or 'northwest'?)"
    with pytest.raises(ParseError) as caught:
        parse_action(START, "c3 sotheast")
    assert caught.value.suggestion == "southeast"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60))
def test_the_prompts_examples_are_moves_of_the_position(seed: int, moves: int) -> None:
    """A trial: the fixed examples (c3-e5, b2 e) were refused at the start, and all began on Dark's squares
    when Light was to move. Every example the prompt gives is a legal move of the position, typed as shown."""
    from ai.prudh.game import GAME

    state = initial_state(PrudhConfig(), seed)
    walk = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        state = apply(state, walk.choice(state.legal))
    prompt = GAME.prompt(state)
    if state.over:
        return
    examples = [part.split(")")[0] for part in prompt.split("e.g. ")[1:]]
    examples = [text for part in examples for text in part.split(" or ")]
    assert examples
    for text in examples:
        assert parse_action(state, text) in state.legal
    has_run = any(not m.is_slide for m in state.legal)
    assert ("a run (e.g." in prompt) == has_run
    assert prompt.startswith(f"{('Dark', 'Light')[state.to_move]} to move: ")


@pytest.mark.parametrize(("text", "suggestion"), [("с3 ne", "c3"), ("а1 n", "a1"), ("c3 се", "se")])
def test_a_square_typed_in_cyrillic_suggests_the_latin_square(text: str, suggestion: str) -> None:
    """A Russian keyboard types `с3` for c3 (the same shape): the squares are Latin, and the line says which."""
    with language("ru"), pytest.raises(ParseError) as info:
        parse_action(START, text)
    assert info.value.suggestion == suggestion


@pytest.mark.parametrize(
    ("lang", "run", "examples"),
    [
        ("en", "c3 e", ("a1 ne)", "c3 n)")),
        ("ru", "c3 восток", ("a1 св)", "c3 север)")),
        ("fr", "c3 est", ("a1 ne)", "c3 nord)")),
    ],
)
def test_a_run_is_said_in_the_tables_words_and_saved_in_the_notation(
    lang: str, run: str, examples: tuple[str, str]
) -> None:
    """A trial: a Russian table read «бросает c3 e» (the English letter) in a Russian sentence. The table reads a
    run's direction in its own shortest word, which it may type back; ``--json``'s ``move`` and a saved game keep
    the notation, which reads the same in every language."""
    from ai.prudh.game import GAME

    move = Move(sq("c3"), E)
    with language(lang):
        _, events = GAME.step(MIDGAME, move)
        (said,) = [e for e in events if e.kind == "move"]
        prompt = GAME.prompt(MIDGAME)
        assert parse_action(MIDGAME, run) == move
        for example in examples:  # the prompt's examples of a slide and a run, as the table may type them
            assert example in prompt and parse_action(MIDGAME, example.rstrip(")")) in MIDGAME.legal
    assert f" {run} " in said.text and said.data["move"] == GAME.format_action(MIDGAME, move) == "c3 e"


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "n e s w"), ("ru", "север восток юг запад"), ("fr", "nord est sud ouest")]
)
def test_a_hinted_run_is_said_in_the_tables_words(home: Path, lang: str, words: str) -> None:
    """A hint names a run as the table's prompt does (``Подсказка: c3 север``), which typed is that run; the
    ``--json`` fact keeps the notation. The hint searches by the clock: which run it names may differ from run to
    run (after b2-c3, c3's runs north or east), so the words are checked against its own ``move``."""
    args = [
        "play",
        "prudh",
        "--bot",
        "easy",
        "--first",
        "me",
        "--seed",
        "1",
        "--think",
        "0.2",
        "--lang",
        lang,
    ]
    run = run_cli(home, [*args, "--json"], ["b2-c3", "hint"])
    ((hint, move),) = [(e["text"], e["move"]) for e in run.of("hint")]
    square, way = move.split()
    assert way in "nesw", move  # a run (a slide's hint would name its squares)
    said = f"{square} {dict(zip('nesw', words.split(), strict=True))[way]}"
    assert f": {said} (" in hint
    again = run_cli(home / "again", [*args, "--json"], ["b2-c3", said])
    assert again.of("error") == []
    assert [e["move"] for e in again.of("move") if e["player"] == "dark"] == ["b2-c3", move]


def test_a_french_table_types_the_french_short_directions_and_a_russian_one_reads_its_own_quotes() -> None:
    """A trial: `c3 no` (nord-ouest) at a French table was "mot inconnu « no » (vouliez-vous dire « nord » ?)",
    and a Russian table's choices among directions came in English quotes ('юв' или 'юг')."""
    state = position({"c3": 1, "b4": 1, "d2": 1, "b2": 1, "d4": 1})
    with language("fr"):
        assert [parse_action(state, f"c3 {way}").direction for way in ("no", "so", "ne", "se")] == [
            NW,
            SW,
            NE,
            SE,
        ]
    with language("ru"), pytest.raises(ParseError) as info:
        parse_action(START, "c3 ю")
    assert str(info.value) == "неизвестное слово «ю» (может быть, «юв» или «юг» или «юз»?)"
