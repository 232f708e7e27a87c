"""The table in the language of the box: every message in the source has its Russian and French entries, and a
Russian or French table never reads an English line.

The second proof drives every golden table session (``bench/table_golden.py``: every game and mode, a typo,
``help``, a bad line, an undo, ``resume``, ``history``) again with ``--lang ru`` and ``--lang fr``, and asserts
that no message was asked for that the catalogue lacks (``ai.words.untranslated``), that no line printed holds
a word only English uses, and that no line is wider than the English session's at 80 columns."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from ai.words import untranslated
from ai.words.catalogues import translations
from tests.support.english import english_words
from tests.support.table_golden import TRANSCRIPTS, recorder

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ru", "fr")

#: Games whose table does not yet speak Russian and French (each is taken off when its pass is done).
NOT_YET: set[str] = set()


#: The keywords the catalogue's messages are written with (``pybabel extract -k``).
KEYWORDS = {"tr": None, "trn": (1, 2), "ptr": ((1, "c"), 2)}
#: A line typed, echoed (behind a private screen's mark: ``[only Ann] > help``).
ECHO = re.compile(r"(\[[^\]]*\] )?> ")
#: A word quoted back as typed: «help», « help », 'helo'.
QUOTED = re.compile(r"«[^»]*»|'[^' ]*'")
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


@cache
def _messages() -> list[tuple[str, int, str, str | None, str | None]]:
    """Every message written in the source with a literal: its file, line, id, plural and context."""
    from babel.messages.extract import extract_from_dir

    found = []
    for package in ("ai", "companion", "printables"):
        for name, line, message, _comments, context in extract_from_dir(
            str(ROOT / package), method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            singular, plural = message if isinstance(message, tuple) else (message, None)
            if singular:
                found.append((f"{package}/{name}", line, singular, plural, context))
    return found


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text.replace("{{", "").replace("}}", "")))


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_in_the_source_has_an_entry_with_the_same_fields(lang: str) -> None:
    catalogue: dict[object, str] = translations(lang)._catalog  # type: ignore[attr-defined]
    assert len(_messages()) > 150
    missing, fields = [], []
    for where, line, singular, _plural, context in _messages():
        key = f"{context}\x04{singular}" if context else singular
        entries = [catalogue[k] for k in (key, (key, 0), (key, 1), (key, 2)) if k in catalogue]
        if not entries:
            missing.append(f"{where}:{line}: {singular!r}")
            continue
        if any(_fields(entry) - {"n"} != _fields(singular) - {"n"} for entry in entries):
            fields.append(f"{where}:{line}: {singular!r}")
    assert missing == [], (
        f"{lang}: no entry in ai/words/locale/{lang}/LC_MESSAGES/messages.po for {missing[:5]}"
    )
    assert fields == [], f"{lang}: an entry's {{fields}} differ from its message's: {fields[:5]}"


def _game(path: Path) -> str:
    return json.loads(path.read_text(encoding="utf-8"))["steps"][0]["argv"][1]


TEXT_TRANSCRIPTS = [p for p in TRANSCRIPTS if not p.name.endswith(".json.golden.json")]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", TEXT_TRANSCRIPTS, ids=lambda path: path.name.removesuffix(".golden.json"))
def test_a_table_in_the_language_of_its_box_reads_no_english(
    path: Path, lang: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if _game(path) in NOT_YET:
        request.applymarker(pytest.mark.xfail(reason=f"{_game(path)}: not yet translated", strict=True))
    recorded = json.loads(path.read_text(encoding="utf-8"))
    steps = [{**step, "argv": [*step["argv"], "--lang", lang]} for step in recorded["steps"]]
    with untranslated() as missing:
        replayed = recorder().replay({**recorded, "steps": steps}, tmp_path / "home")
    assert sorted(missing) == []
    english = []
    for was, now in zip(recorded["steps"], replayed, strict=True):
        assert now["exit"] == was["exit"], now["argv"]
        widest = max((len(line) for line in was["stdout"].splitlines()), default=0)
        for line in now["stdout"].splitlines():
            assert len(line) <= max(80, widest), (now["argv"], line)
        for line in (now["stdout"] + now["stderr"]).splitlines():
            # not what the person typed, echoed, nor a typed word quoted back (a typo and its suggestion)
            if not ECHO.match(line) and english_words(QUOTED.sub("", line)):
                english.append(line)
    assert english == []


JSON_TRANSCRIPTS = [p for p in TRANSCRIPTS if p.name.endswith(".json.golden.json")]
#: What a ``--json`` event says in the table's language: its text, the steps for the hands, and the prompt and
#: refusal a person reads.
SAID = {"text", "table", "expects", "message"}


def _facts(stdout: str) -> list[dict[str, object]]:
    events = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
    return [{k: v for k, v in event.items() if k not in SAID} for event in events]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "path", JSON_TRANSCRIPTS, ids=lambda path: path.name.removesuffix(".json.golden.json")
)
def test_json_facts_stay_english_whatever_the_language(path: Path, lang: str, tmp_path: Path) -> None:
    """A script's contract: with ``--lang``, every event has the same fields with the same values (a bot's
    ``rule`` too) as in English; only what a person reads (``SAID``) follows the language."""
    recorded = json.loads(path.read_text(encoding="utf-8"))
    steps = [{**step, "argv": [*step["argv"], "--lang", lang]} for step in recorded["steps"]]
    replayed = recorder().replay({**recorded, "steps": steps}, tmp_path / "home")
    for was, now in zip(recorded["steps"], replayed, strict=True):
        assert _facts(now["stdout"]) == _facts(was["stdout"]), now["argv"]
