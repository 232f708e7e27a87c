"""A saved game continues in the language it was played in: ``companion resume`` speaks the game's language
(``--lang`` on the resume line wins, and the game goes on in it), a game saved before its language was kept
speaks the command line's, as does every error before the game is known."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.support.sessions import open_window, script, until_prompt

RIP = ["play", "rip", "--bot", "normal", "--first", "me", "--seed", "16"]


def _saved_language(home: Path, number: int = 1) -> object:
    db = sqlite3.connect(home / "companion.sqlite3")
    try:
        (options,) = db.execute("SELECT options FROM sessions WHERE id = ?", (number,)).fetchone()
    finally:
        db.close()
    return json.loads(options).get("lang")


def test_a_russian_game_resumed_without_lang_speaks_russian(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started with --lang ru on a machine that speaks English: resumed plainly, text and --json, it goes on in
    Russian, whatever COMPANION_LANG says; the stop line shows the plain command."""
    started = run_cli(home, [*RIP, "--lang", "ru", "--json"], ["выход"])
    (saved,) = started.of("saved")
    assert saved["text"].endswith(" resume 1") and saved["command"].endswith(" resume 1"), saved
    assert _saved_language(home) == "ru"
    text = run_cli(home, ["resume", "1"], ["выход"])
    assert text.returncode == 0, text.stderr
    assert "Продолжаем партию №1" in text.stdout and "Остановлено; партия №1 сохранена." in text.stdout
    assert "Resuming" not in text.stdout and "Stopped" not in text.stdout
    monkeypatch.setenv("COMPANION_LANG", "fr")
    plain = run_cli(home, ["resume", "--json"], ["выход"])
    (resumed,) = plain.of("resume")
    assert resumed["text"].startswith("Продолжаем партию №1"), resumed
    (again,) = plain.of("saved")
    assert again["text"].endswith(" resume 1") and again["command"] == saved["command"], again
    assert _saved_language(home) == "ru"


def test_lang_on_the_resume_line_wins_and_the_game_goes_on_in_it(home: Path) -> None:
    """A Russian game resumed with --lang fr speaks French, and so does the next plain resume: the command the
    stopped table is shown continues it in the language the table last spoke. --json's facts stay the same."""
    run_cli(home, [*RIP, "--lang", "ru"], ["выход"])
    french = run_cli(home, ["resume", "1", "--lang", "fr", "--json"], ["quitter"])
    assert french.returncode == 0, french.stderr
    (resumed,) = french.of("resume")
    assert resumed["text"].startswith("Reprise de la partie nº\u00a01"), resumed
    (saved,) = french.of("saved")
    assert saved["text"].startswith("Arrêté") and saved["text"].endswith(" resume 1"), saved
    assert _saved_language(home) == "fr"
    plain = run_cli(home, ["resume", "1"], ["quitter"])
    assert "Reprise de la partie nº\u00a01" in plain.stdout and "Продолжаем" not in plain.stdout
    # a command not tied to one game keeps the command line's language
    history = run_cli(home, ["history"])
    assert "unfinished" in history.stdout, history.stdout


def test_a_game_saved_without_its_language_resumes_as_before(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game saved before its language was kept speaks the command line's language (COMPANION_LANG, --lang),
    and its stop line names --lang where a plain command would speak another."""
    run_cli(home, [*RIP, "--lang", "ru"], ["выход"])
    db = sqlite3.connect(home / "companion.sqlite3")
    db.execute("UPDATE sessions SET options = json_remove(options, '$.lang')")
    db.commit()
    db.close()
    english = run_cli(home, ["resume", "1"], ["quit"])
    assert "Resuming game #1" in english.stdout and english.stdout.rstrip().endswith(" resume 1")
    monkeypatch.setenv("COMPANION_LANG", "fr")
    french = run_cli(home, ["resume", "1", "--json"], ["quitter"])
    (resumed,) = french.of("resume")
    assert resumed["text"].startswith("Reprise de la partie nº\u00a01"), resumed
    assert french.of("saved")[0]["text"].endswith(" resume 1")
    assert _saved_language(home) is None
    monkeypatch.setenv("COMPANION_LANG", "en")
    russian = run_cli(home, ["resume", "1", "--lang", "ru", "--json"], ["выход"])
    assert russian.of("resume")[0]["text"].startswith("Продолжаем партию №1")
    # named on the resume line, the language is the game's from then on
    assert _saved_language(home) == "ru"
    assert russian.of("saved")[0]["text"].endswith(" resume 1")


def test_an_error_before_the_game_is_known_speaks_the_command_lines_language(home: Path) -> None:
    run_cli(home, [*RIP, "--lang", "ru"], ["выход"])
    assert run_cli(home, ["resume", "7"]).stderr.strip() == "error: no game #7"
    db = sqlite3.connect(home / "companion.sqlite3")
    db.execute("UPDATE sessions SET config = 'not json'")
    db.commit()
    db.close()
    unreadable = run_cli(home, ["resume", "1"])
    assert unreadable.returncode == 2
    assert unreadable.stderr.startswith("error: game #1 cannot be resumed: its record is unreadable")


def test_a_killed_russian_window_resumes_in_russian(home: Path) -> None:
    lines, _ = script(11)
    proc = open_window(home, "play", "propuh", "--solo", "--seed", "11", "--lang", "ru")
    assert proc.stdin is not None
    for line in lines[:2]:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        until_prompt(proc)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)

    resumed = run_cli(home, ["resume"], ["выход"])
    assert resumed.returncode == 0, resumed.stderr
    assert "Продолжаем партию №1" in resumed.stdout and "Остановлено; партия №1 сохранена." in resumed.stdout
    assert "Stopped" not in resumed.stdout
    facts = run_cli(home, ["resume", "--json"], ["выход"])
    assert facts.of("resume")[0]["inputs"] >= 2
