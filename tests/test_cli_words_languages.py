"""The general commands' own words in Russian and French (resume, abandon, history, bots, an unknown game):
every message they ask for is in the catalogue and no line of theirs reads English; ``--json`` keeps its English
fields."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ai.words import untranslated
from tests.conftest import run_cli
from tests.support.english import english_words

LANGS = ("ru", "fr")


def _english(text: str) -> list[str]:
    """Lines with a word only English uses, past what is typed or saved as written (``--options``, a saved
    game's cells, which the saved-games package words)."""
    return [line for line in text.splitlines() if english_words(re.sub(r"--[\w-]+", "", line))]


@pytest.mark.parametrize("lang", LANGS)
def test_the_general_commands_speak_the_language(lang: str, tmp_path: Path) -> None:
    steps = [
        ["history"],
        ["resume"],
        ["resume", "7"],
        ["history", "--game", "prudh"],
        ["history", "--game", "potra"],
        ["bots", "potra"],
        ["play", "prohis", "--seats", "Ann,bto"],
        ["play", "prohis", "--seats", "Ann,bot:hadr,bot"],
        ["play", "prohis", "--seats", "Ann,ann,bot"],
        ["play", "prohis", "--seats", "bot,bot,bot"],
        ["play", "prohis", "--seats", "Ann,bot,:"],
        ["play", "prudh", "--reveal-bots"],
    ]
    with untranslated() as missing:
        for args in steps:
            run = run_cli(tmp_path, [*args, "--lang", lang])
            assert run.returncode in (0, 2)
            assert _english(run.stdout + run.stderr) == [], args
    run_cli(tmp_path, ["play", "prudh"], ["quit"])  # a game's own words are its own test's
    with untranslated() as also:
        run = run_cli(tmp_path, ["abandon", "1", "--lang", lang])
        assert run.returncode == 0 and _english(run.stdout) == []
        history = run_cli(tmp_path, ["history", "--lang", lang])
        assert "prudh" in history.stdout and history.stdout.splitlines()[0].strip() in ("Партии", "Parties")
    assert sorted(missing | also) == []


def test_history_json_keeps_its_english_fields(tmp_path: Path) -> None:
    run_cli(tmp_path, ["play", "prudh"], ["quit"])
    english = json.loads(run_cli(tmp_path, ["history", "--json"]).stdout)
    assert json.loads(run_cli(tmp_path, ["history", "--json", "--lang", "ru"]).stdout) == english


@pytest.mark.parametrize("lang", LANGS)
def test_the_arena_reports_speak_the_language(lang: str, tmp_path: Path) -> None:
    with untranslated() as missing:
        table = run_cli(
            tmp_path,
            ["arena", "potra-bash", "--games", "2", "--strong", "easy", "--weak", "random", "--lang", lang],
        )
        exploiter = run_cli(
            tmp_path,
            ["arena", "prudh", "--exploiter", "greedy", "--vs", "random", "--games", "2", "--lang", lang],
        )
    assert sorted(missing) == []
    word = {"ru": "интервал", "fr": "intervalle"}[lang]
    assert table.returncode == exploiter.returncode == 0
    assert word in table.stdout and word in exploiter.stdout
    assert _english(table.stdout + table.stderr) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_usage_error_and_a_note_on_an_unused_option_speak_the_language(lang: str, tmp_path: Path) -> None:
    error = {"ru": "ошибка:", "fr": "erreur"}[lang]
    with untranslated() as missing:
        typo = run_cli(tmp_path, ["play", "rip", "--foo", "--lang", lang])
        propuh = run_cli(tmp_path, ["score", "propuh", "--lang", lang])
        unused = run_cli(tmp_path, ["play", "rip", "--bot", "normal", "--physical", "--lang", lang])
    assert typo.returncode == propuh.returncode == 2
    assert typo.stderr.startswith(error) and propuh.stderr.startswith(error)
    assert "--physical" in unused.stderr and _english(unused.stderr) == []
    assert sorted(missing) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["propuh", "rip", "potra-bash", "prudh", "prohis"])
def test_bots_says_what_each_level_and_exploiter_does_in_the_language(
    game: str, lang: str, tmp_path: Path
) -> None:
    with untranslated() as missing:
        listed = run_cli(tmp_path, ["bots", game, "--lang", lang]).stdout
    described = re.sub(r"(?m)^  \S+", "", listed)  # each level's and exploiter's name is typed as it is
    assert _english(described) == [] and sorted(missing) == []


def test_a_propuh_start_line_names_its_options_in_the_language(tmp_path: Path) -> None:
    english = run_cli(tmp_path, ["play", "propuh", "--solo", "--dealer", "--seed", "1"], ["quit"]).stdout
    russian = run_cli(tmp_path, ["play", "propuh", "--solo", "--dealer", "--lang", "ru"], ["quit"]).stdout
    assert english.splitlines()[0].endswith("[dealer].")
    assert russian.splitlines()[0].endswith("[сдаёт программа].")


@pytest.mark.parametrize(
    ("lang", "quoted"), [("en", "'xyzzy'"), ("ru", "«xyzzy»"), ("fr", "«\u00a0xyzzy\u00a0»")]
)
@pytest.mark.parametrize(
    "game", [["rip", "--bot", "normal"], ["propuh", "--solo"], ["prohis", "--seats", "Ann,bot,bot"]]
)
def test_a_refused_word_is_quoted_back_as_the_language_quotes(
    game: list[str], lang: str, quoted: str, tmp_path: Path
) -> None:
    run = run_cli(tmp_path, ["play", *game, "--seed", "1", "--lang", lang], ["xyzzy"])
    refusal = next(line for line in run.stdout.splitlines() if "✗" in line)
    assert quoted in refusal


@pytest.mark.parametrize("lang", LANGS)
def test_a_searched_hint_says_why_in_the_language(lang: str, tmp_path: Path) -> None:
    run = run_cli(
        tmp_path, ["play", "potra-bash", "--seats", "Ann,bot,bot", "--seed", "12", "--lang", lang], ["hint"]
    )
    hint = next(line for line in run.stdout.splitlines() if line.startswith(("Подсказка", "Indice")))
    assert _english(hint) == [] and "search" not in hint


#: Propuh's solo table up to the figurine's question ("yes or no"), whose answer the hint names.
FIGURINE_QUESTION = (["play", "propuh", "--solo", "--difficulty", "3"], ["f t", "t3 t", "b4", "b3 b", "s3"])


@pytest.mark.parametrize(("lang", "words"), [("ru", ("да", "нет")), ("fr", ("oui", "non"))])
def test_a_hinted_answer_is_the_word_the_prompt_asks_for_in_the_language(
    lang: str, words: tuple[str, str], tmp_path: Path
) -> None:
    """The prompt asks "да или нет": the hint says "да" or "нет", not the notation's English "yes", and the word
    it says, typed, is taken. ``--json`` keeps the notation's word as its fact."""
    args, inputs = FIGURINE_QUESTION
    hint_word = {"ru": "подсказка", "fr": "indice"}[lang]
    run = run_cli(tmp_path / "text", [*args, "--lang", lang], [*inputs, hint_word])
    hint = next(line for line in run.stdout.splitlines() if line.startswith(("Подсказка", "Indice")))
    said = hint.split(":", 1)[1].split("(")[0].strip()
    assert said in words
    again = run_cli(tmp_path / "again", [*args, "--lang", lang, "--json"], [*inputs, said])
    assert again.of("error") == [] and len(again.of("remove") + again.of("keep")) == 1
    facts = run_cli(tmp_path / "json", [*args, "--lang", lang, "--json"], [*inputs, "hint"])
    assert [e["move"] for e in facts.of("hint")] in (["yes"], ["no"])


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_a_hints_reason_is_an_english_fact_in_json(lang: str, tmp_path: Path) -> None:
    """``--json`` keeps its facts English, a hint's ``reason`` too (as a bot's ``rule``); its ``text`` speaks the
    table's language. The searched rule's reason reads "rule 1: clean; search agrees" or "chosen by search"."""
    args, inputs = FIGURINE_QUESTION
    facts = run_cli(tmp_path, [*args, "--lang", lang, "--json"], [*inputs, "hint"])
    (reason,) = [e["reason"] for e in facts.of("hint")]
    assert reason.endswith("; search agrees") or reason == "chosen by search", reason


@pytest.mark.parametrize("lang", LANGS)
def test_the_propuh_arena_writes_numbers_as_the_language_does(lang: str, tmp_path: Path) -> None:
    args = ["arena", "propuh", "--games", "2", "--difficulty", "1", "--granny", "random"]
    english = run_cli(tmp_path, args).stdout
    spoken = run_cli(tmp_path, [*args, "--lang", lang]).stdout
    assert re.search(r"\d\.\d%", english) and not re.search(r"\d\.\d", spoken)
    assert re.search(r"\d,\d\u00a0?%", spoken)  # French: a no-break space before the sign


@pytest.mark.parametrize(("lang", "seat"), [("en", "Green"), ("ru", "Зелёный"), ("fr", "Vert")])
def test_history_names_your_seat_in_the_language(lang: str, seat: str, tmp_path: Path) -> None:
    run_cli(tmp_path, ["play", "rip", "--bot", "normal"], ["quit"])
    listed = run_cli(tmp_path, ["history", "--lang", lang]).stdout
    assert f" {seat} " in listed
    assert (
        json.loads(run_cli(tmp_path, ["history", "--json", "--lang", lang]).stdout)["games"][0]["you"]
        == "Green"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_print_notes_and_an_unknown_game_speak_the_language(lang: str, tmp_path: Path) -> None:
    args = ["print", "aid", "rip", "--out", str(tmp_path), "--lang", lang]
    run_cli(tmp_path, args)
    again = run_cli(tmp_path, [*args, "--skip-existing"])
    typo = run_cli(tmp_path, ["print", "aid", "rpi", "--lang", lang])
    note = {"ru": "примечание:", "fr": "note\u00a0:"}[lang]
    assert again.stdout.startswith(note) and _english(again.stdout) == []
    assert "«" in typo.stderr and "'rpi'" not in typo.stderr


@pytest.mark.parametrize(
    ("lang", "said"), [("ru", "это не файл базы данных"), ("fr", "pas un fichier de base")]
)
def test_a_damaged_file_is_named_in_the_language(lang: str, said: str, tmp_path: Path) -> None:
    """SQLite's own words for the damage ("not a database") are said in the table's language; English keeps them."""
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "companion.sqlite3").write_bytes(bytes(range(256)) * 12)
    run = run_cli(tmp_path, ["history", "--lang", lang])
    assert said in " ".join(run.stderr.split()) and "not a database" not in run.stderr


def test_an_undo_past_a_bot_names_its_seat_in_a_form_russian_keeps(tmp_path: Path) -> None:
    """«ход Светлый» is wrong Russian: a fixed seat is declined by its catalogue's genitive («ход Светлого»; a
    trial found «ход игрока Светлый», the form for a person's name, which cannot decline, awkward), and a person's
    name follows «игрока», which declines, as in «карты игрока Аня»."""
    args = ["play", "prudh", "--bot", "normal", "--first", "me", "--seed", "3", "--lang", "ru"]
    out = run_cli(tmp_path, args, ["c3 ne", "undo"]).stdout
    assert "Отменено: «c3 ne» и ход Светлого после этого" in out
    french = run_cli(tmp_path / "fr", [*args[:-1], "fr"], ["c3 ne", "undo"]).stdout
    assert "Annulé : « c3 ne », et ensuite le tour de Clair" in french.replace("\u00a0", " ")
    english = run_cli(tmp_path / "en", args[:-2], ["c3 ne", "undo"]).stdout
    assert "Undone: c3 ne, and Light's turn after it" in english


def test_an_undo_with_two_people_in_russian_quotes_the_input_alone(tmp_path: Path) -> None:
    """«Отменено: «ввод игрока Бабушка t2 t»» quoted whose input it was as if it had been typed: the input alone
    is quoted, as in French («Annulé : « b1 b », tapé par Mamie»)."""
    args = ["play", "propuh", "--as", "propuh", "--bot", "human", "--seed", "8", "--json", "--lang", "ru"]
    run = run_cli(tmp_path, args, ["b2 b", "t2 b", "t3 t", "undo", "quit"])
    (undone,) = run.of("undo")
    assert undone["text"] == "Отменено: ввод игрока Бабушка «t3 t»"
    single = ["play", "prudh", "--bot", "normal", "--first", "me", "--seed", "3", "--lang", "ru", "--json"]
    (alone,) = run_cli(tmp_path / "one", single, ["c3 ne", "undo"]).of("undo")
    assert alone["text"].startswith("Отменено: «c3 ne» ")
