"""Prohis's words typed in the language of the table: a long form of the catalogue (``ai.prohis.notation
.typed_words``) is read as the English word it stands for, and a close typo of it is suggested, through the real
command line."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ai.prohis import rules as R
from ai.prohis.components import LEGAL
from ai.prohis.game import GAME, help_text
from ai.protocol import IllegalError, ParseError
from ai.words import language
from tests.conftest import run_cli
from tests.support.prohis import script

#: Ann holds 3 legal, 1 illegal, a captain and an inspector (seed 22).
START = ["play", "prohis", "--seats", "Ann,Ben,bot", "--seed", "22", "--json"]


@pytest.mark.parametrize(
    ("lang", "typo", "word", "convoy"),
    [
        ("ru", "капитн", "капитан", "конвой товар контрабанда капитан"),
        ("fr", "capitane", "capitaine", "convoi légale illégale capitaine"),
    ],
)
def test_a_person_types_prohis_words_in_the_tables_language_and_a_typo_gets_the_word_suggested(
    home: Path, lang: str, typo: str, word: str, convoy: str
) -> None:
    first, *cards = convoy.split()
    typed = " ".join([first, *cards[:-1], typo])
    run = run_cli(home, [*START, "--lang", lang], [typed, convoy, "inspect i"])
    assert run.returncode == 0, run.stderr
    assert [(e["input"], e.get("suggestion")) for e in run.of("error")] == [(typed, word)]
    assert [(e["player"], e["size"]) for e in run.of("convoy")] == [("Ann", 3)]
    assert [(e["player"], e["controller"]) for e in run.of("commit")] == [("Ben", "inspector")]


def test_english_adds_no_long_form() -> None:
    from ai.prohis.notation import typed_words
    from ai.words import language

    with language("en"):
        assert typed_words() == {}
    with language("fr"):
        assert typed_words()["convoi"] == "convoy"


#: What a Russian or French table types for each English move word: the words its prompts and help print.
SAID = {
    "ru": {
        "take": "взять",
        "pile": "колода",
        "stop": "стоп",
        "pass": "пас",
        "convoy": "конвой",
        "bribe": "взятка",
        "no bribe": "без взятки",
        "no": "нет",
        "inspect": "досмотр",
        "accept": "принять",
        "refuse": "отказать",
        "decline": "пропустить",
    },
    "fr": {
        "take": "prends",
        "pile": "pioche",
        "stop": "stop",
        "pass": "passe",
        "convoy": "convoi",
        "bribe": "pot-de-vin",
        "no bribe": "sans pot-de-vin",
        "no": "non",
        "inspect": "contrôle",  # with a controller's letter: contrôle c
        "accept": "accepter",
        "refuse": "refuser",
        "decline": "laisser",
    },
}
#: The judge's inspect with no bribe is said as a verb in French (« contrôler, ou laisser »).
JUDGE_INSPECT = {"ru": "досмотр", "fr": "contrôler"}
#: What is notation in every language: the card letters, counts, a count's place, the end's WAREHOUSE/HAND.
NOTATION = re.compile(r"[0-9gxlci?/]+")
#: The table's help command.
HELP = {"ru": "помощь", "fr": "aide"}


def _said(line: str, lang: str) -> str:
    """An English line of the game as that table types it: its move words in the table's words, the inspector's
    pick by its number alone (the prompt names the places), the notation unchanged."""
    words = SAID[lang]
    first, *rest = line.split()
    if line == "no bribe":
        return words["no bribe"]
    if first == "turn":
        return " ".join(rest)
    if line == "inspect":
        return JUDGE_INSPECT[lang]
    return " ".join([words.get(first, first), *rest])


#: The decisions a game meets: each is typed in the table's words at least once.
EVERY_DECISION = {
    "take",
    "pile",
    "stop",
    "pass",
    "convoy",
    "inspect CONTROLLER",
    "no",
    "bribe",
    "no bribe",
    "accept",
    "refuse",
    "inspect",
    "decline",
    "turn",
}


def _kind(line: str) -> str:
    first, *rest = line.split()
    if first in ("convoy", "bribe") and len(rest) == 1 and rest[0].isdigit():
        return f"{first} N"
    if first == "inspect" and rest:
        return "inspect CONTROLLER"
    return "no bribe" if line == "no bribe" else first


def _facts(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events with what is said in the table's language left out (the facts a script reads stay English; a
    bot's public reason, ``rule``, is said in the table's language)."""
    return [{k: v for k, v in e.items() if k not in ("text", "table", "expects", "rule")} for e in events]


@pytest.mark.parametrize("lang", ["ru", "fr"])
@pytest.mark.parametrize(("physical", "seed"), [(False, 60), (True, 7)])
def test_a_whole_prohis_game_typed_in_the_words_its_table_prints(
    home: Path, lang: str, physical: bool, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every decision of a game (take, pile, stop, convoy, inspect, bribe and no bribe, accept, refuse, inspect,
    decline, the inspector's pick, pass; at a real deck a convoy and a bribe by their size, the cards typed, the
    count) typed in Russian or French with only the words its prompts and help print: the same game as in
    English, event for event, and not one input refused."""
    seats = "Ann,Ben,bot"
    lines = script(home / "script", seats, seed, physical)
    capsys.readouterr()
    args = ["play", "prohis", "--seats", seats, "--seed", str(seed), "--json"] + (
        ["--physical"] if physical else []
    )
    english = run_cli(home / "en", args, ["help", *lines])
    typed = [HELP[lang], *(_said(line, lang) for line in lines)]
    run = run_cli(home / lang, [*args, "--lang", lang], typed)
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    assert _facts(run.events) == _facts(english.events)
    assert run.of("end")
    # every word typed but the notation is a word the table printed: in its help or a prompt
    printed = " ".join([*(e["text"] for e in run.of("help")), *(e["expects"] for e in run.of("prompt"))])
    shown = set(re.findall(r"[\w-]+", printed.lower()))
    words = {w for line in typed for w in line.lower().split() if not NOTATION.fullmatch(w)}
    assert words - shown == set()
    # at a real deck a person's convoy is said by its size (convoy 3)
    decisions = EVERY_DECISION - {"convoy"} | {"convoy N", "bribe N"} if physical else EVERY_DECISION
    assert decisions <= {_kind(line) for line in lines}


#: The moves the help prints as examples, in each language; the real deck's help adds its own.
EXAMPLES = {
    "ru": {
        False: [
            "взять x",
            "колода",
            "стоп",
            "конвой x g g",
            "пас",
            "досмотр l",
            "досмотр c",
            "досмотр i",
            "нет",
        ],
        True: ["конвой 3", "взятка 2"],
    },
    "fr": {
        False: [
            "prends x",
            "pioche",
            "stop",
            "convoi x g g",
            "passe",
            "contrôle l",
            "contrôle c",
            "contrôle i",
            "non",
        ],
        True: ["convoi 3", "pot-de-vin 2"],
    },
}
#: What the inspector and the smuggler say, printed bare (accept / refuse, the pick's number).
ANSWERS = {
    "ru": ["принять", "отказать", "досмотр", "пропустить", "2", "взятка g g", "без взятки"],
    "fr": ["accepter", "refuser", "contrôler", "laisser", "2", "pot-de-vin g g", "sans pot-de-vin"],
}


def _states(physical: bool, seed: int) -> list[R.ProhisState]:
    """Every state of a game of two people and a bot, moves chosen at random: each kind of decision arises."""
    config = R.ProhisConfig(players=3, physical=physical, untracked=(0, 1))
    state, rng, states = R.initial_state(config, seed), random.Random(seed), []
    while state.phase not in (R.Phase.OVER, R.Phase.COUNT) and R.legal_actions(state):
        states.append(state)
        state = R.apply(state, rng.choice(R.legal_actions(state)))
    return states


@pytest.mark.parametrize("lang", ["ru", "fr"])
@pytest.mark.parametrize(("physical", "seed"), [(False, 60), (True, 7)])
def test_every_example_the_help_prints_is_a_move_the_table_reads(
    lang: str, physical: bool, seed: int
) -> None:
    """Each example the help prints, as printed, is read as a move at some point of a game (the card letters and
    counts stay the notation)."""
    with language(lang):
        shown = help_text(physical)
        examples = [*EXAMPLES[lang][False], *(EXAMPLES[lang][True] if physical else []), *ANSWERS[lang]]
        assert [e for e in examples if e not in shown] == []
        states = _states(physical, seed)

        def read(example: str) -> bool:
            for state in states:
                try:
                    GAME.parse_action(state, example)
                except (IllegalError, ParseError):
                    continue
                return True
            return False

        assert [e for e in examples if not read(e)] == []


def _final_round(display: tuple[int | None, ...], physical: bool = False) -> R.ProhisState:
    """Ann (a person) to play with 6 cards in hand, the draw pile empty and ``display`` left."""
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,), physical=physical)
    state = GAME.initial_state(config, 1)
    return dataclasses.replace(state, active=0, pile=(), display=display, final_left=3, pending=())


@pytest.mark.parametrize("physical", [False, True])
def test_the_final_round_prompt_offers_only_what_is_left_to_take(physical: bool) -> None:
    left = _final_round((None, LEGAL, LEGAL, None), physical)
    assert {GAME.format_action(left, a).split()[0] for a in GAME.legal_actions(left)} >= {"take", "pass"}
    prompt = GAME.prompt(left)
    assert prompt.startswith("Ann: take CARD, or convoy ") and prompt.endswith(", or pass")
    assert "pile" not in prompt
    taken = GAME.apply(left, GAME.parse_action(left, "take g"))
    assert GAME.prompt(taken) == "Ann: take another display card, or stop"
    last = _final_round((None, LEGAL, None, None), physical)
    taken = GAME.apply(last, GAME.parse_action(last, "take g"))
    assert GAME.prompt(taken) == "Ann: the display and the pile are empty: stop"
    empty = _final_round((None, None, None, None), physical)
    assert GAME.prompt(empty).startswith("Ann: convoy ") and GAME.prompt(empty).endswith(", or pass")
    assert "take" not in GAME.prompt(empty) and "pile" not in GAME.prompt(empty)


def test_the_final_round_prompt_offers_no_convoy_to_a_hand_too_small_for_one() -> None:
    for display, prompt in (
        ((LEGAL, None, None, None), "Ann: take CARD, or pass"),
        ((None, None, None, None), "Ann: nothing to take and too few cards for a convoy: pass"),
    ):
        state = _final_round(display)
        state = dataclasses.replace(state, hands=(R.counts_of((LEGAL,)), *state.hands[1:]))
        assert GAME.prompt(state) == prompt
        assert {GAME.format_action(state, a).split()[0] for a in GAME.legal_actions(state)} <= {
            "take",
            "pass",
        }


def test_a_word_that_is_no_card_at_a_deal_names_only_the_cards_the_pile_holds() -> None:
    """A physical deal asks for what the pile gave: no captain or inspector is in it, so none is listed."""
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), physical=True)
    state = GAME.initial_state(config, 23)
    assert state.pending
    with pytest.raises(ParseError, match=re.escape("'helo' is not a card (g, x, l)")):
        GAME.parse_action(state, "helo")
    with pytest.raises(ParseError, match=re.escape("'helo' is not a card (g, x, l, c, i)")):
        GAME.parse_action(dataclasses.replace(state, pending=()), "convoy helo g")


def test_a_word_that_is_no_card_is_quoted_as_typed_at_a_french_table_not_in_english(home: Path) -> None:
    """A French table that types a move where the display card is asked hears its own word back ("« prends »
    n'est pas une carte"), not the English word the tool reads it as ("take")."""
    args = ["play", "prohis", "--seats", "Moi,automa,automa", "--physical", "--seed", "3", "--lang", "fr"]
    run = run_cli(home, [*args, "--json"], ["prends g", "légale légale g g"])
    assert run.returncode == 0, run.stderr
    errors = [str(e["message"]) for e in run.of("error")]
    assert len(errors) == 1 and "prends" in errors[0] and "take" not in errors[0], errors
    assert [e["card"] for e in run.of("refill")] == ["legal"] * 4  # long forms still read as cards
