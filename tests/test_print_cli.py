"""``companion print``: what it writes and says, refusals, progress, and a fast ``--help``."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printables.pdfcheck import inspect
from printables.registry import GAMES, KINDS, NotAvailable, Options, game_docs
from tests.conftest import cli_env, run_cli


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The documents' language defaults to the locale's: these tests run in an English one."""
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "COMPANION_LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_prints_in_the_language_asked_or_the_locales(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = run_cli(home, ["print", "rules", "rip", "--lang", "ru", "--out", str(tmp_path)])
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"записан {tmp_path / 'rip-rules-a4-ru.pdf'}"  # the screen speaks it too
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    run = run_cli(home, ["print", "aid", "prohis", "--out", str(tmp_path)])
    assert run.stdout.strip() == f"écrit\u00a0: {tmp_path / 'prohis-aid-a4-fr.pdf'}"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # no German: English
    run = run_cli(home, ["print", "aid", "prohis", "--out", str(tmp_path)])
    assert run.stdout.strip() == f"wrote {tmp_path / 'prohis-aid-a4.pdf'}"
    run = run_cli(
        home, ["print", "scorepad", "prudh", "--lang", "all", "--paper", "all", "--out", str(tmp_path)]
    )
    names = {line.rsplit("/", 1)[-1] for line in run.stdout.splitlines()}
    assert names == {f"prudh-scorepad-{p}{s}.pdf" for p in ("a4", "letter") for s in ("", "-ru", "-fr")}
    run = run_cli(home, ["print", "rules", "rip", "--lang", "de", "--out", str(tmp_path)])
    assert run.returncode == 2 and "de" in run.stderr and "Traceback" not in run.stderr


def test_the_language_comes_from_the_locale_variables_in_their_order() -> None:
    from printables.i18n import default_language

    assert default_language({}) == "en"
    assert default_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert default_language({"LANGUAGE": "fr:en", "LANG": "ru_RU.UTF-8"}) == "fr"
    assert default_language({"LC_ALL": "C", "LANG": "fr_FR"}) == "en"
    assert default_language({"LANGUAGE": "de:ru"}) == "ru"


def test_prints_one_document_and_says_where(home: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = run_cli(home, ["print", "automa", "propuh", "--out", str(out), "--paper", "letter"])
    assert run.returncode == 0, run.stderr
    path = out / "propuh-automa-letter.pdf"
    assert run.stdout.strip() == f"wrote {path}"
    assert inspect(path.read_bytes()).media_boxes[0][2:] == (612.0, 792.0)


def test_refuses_to_overwrite_without_force(home: Path, tmp_path: Path) -> None:
    args = ["print", "rules", "propuh", "--out", str(tmp_path)]
    assert run_cli(home, args).returncode == 0
    path = tmp_path / "propuh-rules-a4.pdf"
    path.write_bytes(b"mine")
    again = run_cli(home, args)
    assert again.returncode == 2
    assert again.stderr.strip() == (
        f"error: refusing to overwrite {path} (--force overwrites; --skip-existing writes only the others)"
    )
    assert path.read_bytes() == b"mine"
    forced = run_cli(home, [*args, "--force"])
    assert forced.returncode == 0
    assert inspect(path.read_bytes()).pages >= 1


def _failing_writes(monkeypatch: pytest.MonkeyPatch, failure: BaseException, at: int) -> None:
    """Writing a file fails from the ``at``-th on, half of it on the disk first (a full disk), or Ctrl-C."""
    write = Path.write_bytes
    calls = []

    def fake(path: Path, data: bytes) -> int:  # type: ignore[override]
        calls.append(path)
        if len(calls) < at:
            return write(path, data)
        write(path, data[: len(data) // 2])
        raise failure

    monkeypatch.setattr(Path, "write_bytes", fake)


def test_a_full_disk_leaves_no_cut_off_pdf_and_the_rest_can_be_written_after(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial filled the disk: a 24 KB PDF without its end was left under its name, the files written were not
    listed, and the same command then refused to overwrite the cut-off one."""
    args = ["print", "all", "propuh", "--out", str(tmp_path)]
    with monkeypatch.context() as patch:
        _failing_writes(patch, OSError(errno.ENOSPC, "No space left on device"), at=3)
        run = run_cli(home, args)
    names = [f"propuh-{kind}-a4.pdf" for kind in ("rules", "aid", "scorepad", "automa")]
    assert run.returncode == 2
    assert run.stdout.splitlines() == [f"wrote {tmp_path / name}" for name in names[:2]]
    assert run.stderr.strip() == (
        f"error: could not write {tmp_path / names[2]}: the disk is full (nothing of it left); 2 of 4 files "
        "written: free some space, then run the same command again with --skip-existing"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names[:2])  # no part file either
    again = run_cli(home, [*args, "--skip-existing"])
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == [f"wrote {tmp_path / name}" for name in names[2:]]
    assert again.stderr.strip() == "note: 2 of the 4 files already there, kept"
    assert all(inspect((tmp_path / name).read_bytes()).pages >= 1 for name in names)
    done = run_cli(home, [*args, "--skip-existing"])
    assert (done.returncode, done.stdout.strip()) == (0, "note: nothing to write: all 4 files are there")
    both = run_cli(home, [*args, "--skip-existing", "--force"])
    assert both.returncode == 2 and "choose one" in both.stderr


def test_ctrl_c_while_printing_says_what_was_written_and_how_to_finish(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial pressed Ctrl-C at 63 of 120: nothing was said, and the same command refused to overwrite."""
    args = ["print", "all", "prudh", "--out", str(tmp_path)]
    with monkeypatch.context() as patch:
        _failing_writes(patch, KeyboardInterrupt(), at=2)
        run = run_cli(home, args)
    assert run.returncode == 130
    assert run.stdout.splitlines() == [f"wrote {tmp_path / 'prudh-rules-a4.pdf'}"]
    assert run.stderr.strip() == (
        "error: stopped: 1 of 4 files written; to write the rest, run the same command again with --skip-existing"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["prudh-rules-a4.pdf"]
    assert run_cli(home, [*args, "--skip-existing"]).returncode == 0
    assert len(list(tmp_path.iterdir())) == 4


def test_skip_existing_writes_again_a_file_that_is_not_a_whole_pdf(home: Path, tmp_path: Path) -> None:
    """A trial left an empty file and one cut short (as an older version left on a full disk): both were kept."""
    args = ["print", "all", "rip", "--out", str(tmp_path)]
    assert run_cli(home, args).returncode == 0
    aid, rules = tmp_path / "rip-aid-a4.pdf", tmp_path / "rip-rules-a4.pdf"
    aid.write_bytes(aid.read_bytes()[:5000])
    rules.write_bytes(b"")
    run = run_cli(home, [*args, "--skip-existing"])
    assert run.returncode == 0
    assert run.stdout.splitlines() == [f"wrote {rules}", f"wrote {aid}"]
    assert run.stderr.splitlines() == [
        f"note: {rules}, {aid} are not a whole PDF: written again",
        "note: 2 of the 4 files already there, kept",
    ]
    assert inspect(aid.read_bytes()).pages >= 1 and inspect(rules.read_bytes()).pages >= 1


def test_a_directory_that_cannot_be_written_is_named(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial (as a user without the right) was told about the first file and to run again with
    --skip-existing, which failed the same way."""
    import printables.jobs

    out = tmp_path / "out"
    out.mkdir()
    access = printables.jobs.os.access

    def writable(path: object, mode: int) -> bool:  # as a person without the right to write there
        return access(path, mode) and not (Path(str(path)) == out and mode & os.W_OK)

    monkeypatch.setattr(printables.jobs.os, "access", writable)
    run = run_cli(home, ["print", "all", "propuh", "--out", str(out)])
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.strip() == (
        f"error: could not write {out}: the directory is not writable: make it writable, or choose another --out"
    )
    assert list(out.iterdir()) == []


def test_a_bad_output_place_gets_one_line_without_the_systems_error_number(
    home: Path, tmp_path: Path
) -> None:
    """A trial: "[Errno 17] File exists" for --out naming a file, "[Errno 21] Is a directory" after --force
    where a directory has the PDF's name, and "9 is not in the range 1<=x<=8" for a Potra Bash pad."""
    afile = tmp_path / "afile"
    afile.write_text("mine")
    run = run_cli(home, ["print", "rules", "propuh", "--out", str(afile)])
    assert (run.returncode, run.stderr.strip()) == (
        2,
        f"error: --out {afile} is a file, not a directory: name a directory for the PDFs",
    )
    folder = tmp_path / "d" / "propuh-rules-a4.pdf"
    folder.mkdir(parents=True)
    run = run_cli(home, ["print", "rules", "propuh", "--out", str(folder.parent), "--force"])
    assert (run.returncode, run.stderr.strip()) == (
        2,
        f"error: {folder} is a directory, not a PDF: move it or choose another --out",
    )
    blocked = tmp_path / "blocked"  # a directory under a file: the system refuses to make it
    run = run_cli(home, ["print", "rules", "propuh", "--out", str(afile / "blocked")])
    assert run.returncode == 2 and "Errno" not in run.stderr and len(run.stderr.splitlines()) == 1
    assert run.stderr.startswith(f"error: could not write {afile / 'blocked'}: not a directory"), run.stderr
    assert not blocked.exists()
    named = tmp_path / "rules.pdf"
    run = run_cli(home, ["print", "rules", "propuh", "--out", str(named)])
    assert run.returncode == 2 and "looks like a file's name" in run.stderr and not named.exists()
    run = run_cli(home, ["print", "pad", "potra_bash", "--players", "9", "--out", str(tmp_path)])
    assert (run.returncode, run.stderr.strip()) == (2, "error: Potra Bash is for 3–5 players, not 9")
    run = run_cli(home, ["print", "automa", "propuh", "--players", "3", "--out", str(tmp_path)])
    assert run.returncode == 0
    assert run.stderr.strip() == "note: --players is for score pads: the automa cards do not use it"
    # paperF: --pages on a rule sheet was ignored without a word; all of one game refused a player count
    # that all games took with a note
    run = run_cli(home, ["print", "rules", "propuh", "--pages", "3", "--out", str(tmp_path)])
    assert run.returncode == 0
    assert (
        run.stderr.strip()
        == "note: --pages is for score pads and player aids: the rule references print once"
    )
    run = run_cli(home, ["print", "all", "propuh", "--players", "3", "--force", "--out", str(tmp_path)])
    assert run.returncode == 0 and "propuh-scorepad-a4.pdf" in run.stdout
    assert run.stderr.strip() == (
        "note: the Propuh score pad has no player count: its score pad uses its default instead"
    )


def test_print_all_writes_every_available_document_and_names_the_rest(home: Path, tmp_path: Path) -> None:
    run = run_cli(home, ["print", "all", "all", "--out", str(tmp_path)])
    assert run.returncode == 0, run.stderr
    expected = []
    for game in GAMES:
        try:
            docs = game_docs(game)
        except NotAvailable:
            assert f"note: {game}: not available yet" in run.stderr
            continue
        expected += [f"{game}-{kind}-a4.pdf" for kind in KINDS if kind in docs.documents]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(expected)
    assert len(run.stdout.splitlines()) == len(expected)
    assert "\x1b[" not in run.stderr  # NO_COLOR: no escape codes on stderr
    assert "━" not in run.stderr  # no progress bar drawn into a pipe
    assert "propuh-automa-a4.pdf" in expected


def test_bad_requests_get_one_line_and_write_nothing(home: Path, tmp_path: Path) -> None:
    for args, message in (
        (["print", "rules", "chess"], "unknown game 'chess'"),
        (["print", "scorepad", "propuh", "--players", "3"], "score pad has no player count"),
        (["print", "scorepad", "rip", "--players", "3"], "RIP is for 2 players, not 3"),
    ):
        run = run_cli(home, [*args, "--out", str(tmp_path)])
        assert run.returncode == 2
        assert message in run.stderr and len(run.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
    bad_kind = run_cli(home, ["print", "poster", "propuh", "--out", str(tmp_path)])
    assert bad_kind.returncode == 2


def test_help_does_not_import_reportlab(home: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion", "--help"],
        capture_output=True,
        text=True,
        env=cli_env(home),
        timeout=60,
    )
    assert proc.returncode == 0
    assert "print" in proc.stdout
    imported = proc.stderr
    assert "typer" in imported  # the import log is really there
    assert "reportlab" not in imported and "printables" not in imported


def test_a_fresh_process_writes_the_same_bytes(home: Path, tmp_path: Path) -> None:
    """Every document, printed by a real process with another hash seed, is byte-identical to the one built
    here: nothing depends on the time, the process or set and dict ordering."""
    env = {**cli_env(home), "PYTHONHASHSEED": "12345"}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "print", "all", "all", "--out", str(tmp_path), "--pages", "2"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    written = sorted(tmp_path.iterdir())
    assert len(written) == len(GAMES) * len(KINDS)
    for game in GAMES:
        for kind, build in game_docs(game).documents.items():
            path = tmp_path / f"{game}-{kind}-a4.pdf"
            assert path.read_bytes() == build(Options("a4", pages=2)), path.name


def test_typos_get_a_suggestion_and_long_forms_are_understood(home: Path, tmp_path: Path) -> None:
    for args, message in (
        (["rulse", "propuh"], "error: unknown document 'rulse'; did you mean rules?"),
        (["rules", "propu"], "error: unknown game 'propu'; did you mean propuh?"),
        (["aid", "rip", "--lang", "de"], "error: unknown language 'de' (en, ru, fr, all)"),
        (["aid", "rip", "--paper", "a5"], "error: unknown paper 'a5' (a4, letter, all)"),
    ):
        run = run_cli(home, ["print", *args, "--out", str(tmp_path)])
        assert run.returncode == 2 and len(run.stderr.splitlines()) == 1
        assert run.stderr.startswith(message), run.stderr
    assert list(tmp_path.iterdir()) == []
    run = run_cli(
        home,
        ["print", "Rule", "Potra_Bash", "--lang", "Russian", "--paper", "Letter", "--out", str(tmp_path)],
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"записан {tmp_path / 'potra-bash-rules-letter-ru.pdf'}"


def test_a_long_language_word_speaks_that_language_on_the_screen_too(tmp_path: Path) -> None:
    """``--lang french`` prints the French documents and says what it wrote in French, as ``--lang fr`` does."""
    home = tmp_path / "home"
    for lang in ("French", "fr"):
        run = run_cli(
            home, ["print", "rules", "prohis", "--lang", lang, "--paper", "letter", "--out", str(tmp_path)]
        )
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == f"écrit\u00a0: {tmp_path / 'prohis-rules-letter-fr.pdf'}"
        (tmp_path / "prohis-rules-letter-fr.pdf").unlink()
