"""typer's help of every command in Russian and French: each command's help page, walked from ``companion
--help``, asks the catalogue for every text it shows (docstrings and ``help=`` strings are not ``tr`` literals,
so the extraction test cannot see them) and reads no English word; English stays as written."""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ai.words import untranslated
from tests.conftest import run_cli
from tests.support.english import english_words

LANGS = ("ru", "fr")


def _help(args: list[str]) -> str:
    from companion.cli.root import app

    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def _words(line: str) -> str:
    """A help line without what is typed as written: options (``--first``), choices (``<me|bot|random>``), the
    values in its brackets (``[default: hard]``) and the table's commands (``hand`` is understood at a table
    of any language)."""
    from companion.table.game import COMMANDS

    line = re.sub(r"<[^>]*>|[^\s\[]+\]", "", line)
    line = re.sub(r"(?<![\w-])--?[\w-]+", "", line)
    return re.sub(rf"\b(?:{'|'.join(COMMANDS)})\b", "", line)


@cache
def command_paths() -> list[tuple[str, ...]]:
    """Every command and group, by the words that name it: read from each group's help page (its list)."""
    paths: list[tuple[str, ...]] = [()]
    i = 0
    while i < len(paths):
        page = _help(list(paths[i]))
        listed = page.partition("\nCommands:\n")[2]
        for line in listed.splitlines():
            if line.startswith("  ") and not line.startswith("   "):
                paths.append((*paths[i], line.split()[0]))
        i += 1
    return paths


def test_the_walk_reaches_every_command() -> None:
    paths = command_paths()
    assert {("play", "rip"), ("score", "prohis"), ("arena", "prudh"), ("print",), ("history",)} <= set(paths)
    assert len(paths) > 20


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_page_has_every_text_in_the_catalogue_and_no_english_word(lang: str) -> None:
    missing: set[str] = set()
    english: list[str] = []
    for path in command_paths():
        with untranslated() as lacking:
            page = _help([*path, "--lang", lang])
        missing |= {f"{' '.join(path)}: {message!r}" for message in lacking}
        english += [f"{' '.join(path)}: {line}" for line in page.splitlines() if english_words(_words(line))]
    assert sorted(missing) == []
    assert english == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_help_page_speaks_the_language_in_clicks_own_words_too(lang: str) -> None:
    page = _help(["play", "rip", "--lang", lang])
    usage, options_metavar, options, default, help_line = {
        "ru": (
            "Использование:",
            "[ПАРАМЕТРЫ]",
            "Параметры:",
            "по умолчанию:",
            "Показать эту справку и выйти.",
        ),
        "fr": ("Usage\u00a0:", "[OPTIONS]", "Options :", "par défaut :", "Afficher cette aide et quitter."),
    }[lang]
    assert (
        page.startswith(f"{usage} ") and f" play rip {options_metavar}\n" in page.splitlines(keepends=True)[0]
    )
    assert f"\n{options}\n" in page.replace("\u00a0", " ")
    assert default in page.replace("\u00a0", " ")
    assert help_line in page
    number = {"ru": "число", "fr": "nombre"}[lang]
    assert f"--think <{number}>" in page  # the value's type in its place


def test_english_help_is_as_written() -> None:
    page = _help(["play", "rip"])
    assert page.startswith("Usage: ") and "\n\n  Play RIP against the tool:" in page
    assert "\nOptions:\n" in page and "[default: hard]" in page and "Show this message and exit." in page


USAGE_ERRORS = [
    ["play", "rip", "--famly", "green"],
    ["play", "rip", "--family", "drak"],
    ["play", "rip", "--family", "bleu"],
    ["play", "rip", "--think", "abc"],
    ["play", "rip", "--think", "nan"],
    ["play", "rip", "--difficulty", "9"],
    ["play", "rip", "--seed"],
    ["abandon"],
    ["abandon", "x"],
    ["resume", "1", "2"],
    ["foo"],
    ["play", "rpi"],
    ["score", "propuh"],
    ["play", "potra-bash", "--bot", "hard"],
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", USAGE_ERRORS, ids=" ".join)
def test_a_usage_error_is_one_line_in_the_language(args: list[str], lang: str, tmp_path: Path) -> None:
    english = run_cli(tmp_path, args)
    with untranslated() as missing:
        said = run_cli(tmp_path, [*args, "--lang", lang])
    assert sorted(missing) == []
    assert said.returncode == english.returncode == 2
    assert len(said.stderr.splitlines()) == 1 and said.stderr != english.stderr
    assert english_words(_words(said.stderr)) == []


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_no_help_page_breaks_a_line_after_a_hyphen_or_runs_past_80_columns(lang: str) -> None:
    """A trial read 'companion print automa potra-' at the end of one line of `score potra-bash --help` and
    'bash).' on the next: a name or a command to copy is wrapped at spaces only."""
    for path in command_paths():
        page = _help([*path, "--lang", lang])
        lines = page.splitlines()
        assert all(len(line) <= 80 for line in lines), path
        for line, following in pairwise(lines):
            assert not (re.search(r"\w-$", line) and following.strip()), (path, line, following)
