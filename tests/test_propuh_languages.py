"""A Propuh table in Russian and French through the real command line: the long forms a person types in the
table's language are read as the English ones, and a typo of one is answered with the closest."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from ai.propuh.game import GAME
from ai.propuh.notation import TYPED, words
from ai.propuh.state import PropuhConfig
from ai.words import language, typed_forms
from tests.conftest import run_cli


@pytest.mark.parametrize(
    ("lang", "figurine", "moved", "play", "played", "typo", "meant"),
    [
        (
            "ru",
            "фигурка кровать",
            "Бабушка переставляет фигурку на Кровать.",
            "кровать 3 на печь",
            "Бабушка кладёт Кровать 3 на Печь.",
            "кроват 2",
            "(может быть, «кровать»?)",
        ),
        (
            "fr",
            "figurine lit",
            "Mamie déplace la figurine sur le Lit.",
            "lit 3 sur fourneau",
            "Mamie joue Lit 3 sur le Fourneau.",
            "fourneu 2",
            "(vouliez-vous dire «\u00a0fourneau\u00a0»\u00a0?)",
        ),
    ],
)
def test_long_forms_typed_in_the_tables_language_are_read_and_a_typo_of_one_is_suggested(
    home: Path, lang: str, figurine: str, moved: str, play: str, played: str, typo: str, meant: str
) -> None:
    run = run_cli(
        home, ["play", "propuh", "--solo", "--seed", "5", "--lang", lang], [figurine, play, typo, "quit"]
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout + run.stderr
    assert moved in out
    assert played in out
    assert meant in out
    assert "Traceback" not in out


def test_english_long_forms_stay_readable_at_every_table() -> None:
    """A person may type the English words whatever the table's language; a language only adds forms."""
    with language("en"):
        english = words()
    assert all(typed_forms(word) == () for word in TYPED)
    for lang in ("ru", "fr"):
        with language(lang):
            local = words()
            assert all(local.suits[word] == loc for word, loc in english.suits.items())
            assert set(english.vocabulary) < set(local.vocabulary)
            # no form of another language takes a letter of the short notation (``b3 d``: the Door)
            assert not (set(local.filler) - set(english.filler)) & set(english.suits)


@pytest.mark.parametrize(("lang", "granny"), [("en", "Granny"), ("ru", "Бабушка"), ("fr", "Mamie")])
@pytest.mark.parametrize("difficulty", ["1", "2", "3"])
def test_each_sides_goals_stay_whole_on_a_board_of_80_columns(
    lang: str, granny: str, difficulty: str
) -> None:
    # the goals line was left to the screen's wrap, which broke it inside a side ("Propuh⏎0/2") or opened a
    # line with the separator ("·  Propuh 0/2")
    with language(lang):
        state = GAME.initial_state(PropuhConfig(difficulty=difficulty), 1)
        buffer = io.StringIO()
        Console(file=buffer, width=80, color_system=None).print(GAME.render(state, GAME.to_move(state)))
    lines = buffer.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 80
    assert any(re.search(rf"{granny} \d/4 \(", line) for line in lines), lines
    assert any(re.search(r"Propuh \d/2 \(", line) for line in lines), lines
    assert not any(line.lstrip().startswith("·") for line in lines), lines


@pytest.mark.parametrize(("lang", "seen"), [("fr", "la donne"), ("ru", "раздачу")])
def test_undo_refused_after_a_solo_dealer_deal_names_the_deal_in_the_tables_language(
    home: Path, lang: str, seen: str
) -> None:
    """The round's last input (the figurine's removal) brings the tool's deal: the undo after it is refused,
    the deal named in the table's words."""
    args = ["play", "propuh", "--solo", "--dealer", "--difficulty", "random", "--random-cards", "3"]
    run = run_cli(
        home, [*args, "--seed", "7", "--lang", lang, "--json"], ["t4 t", "t2 s", "yes", "undo", "quit"]
    )
    assert run.returncode == 0, run.stderr
    (error,) = run.of("error")
    assert seen in str(error["message"]) and "the deal" not in str(error["message"])
