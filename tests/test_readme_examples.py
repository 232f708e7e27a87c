"""Every complete ``companion score`` example in the README and the guides in ``docs/`` runs as written and is
accepted (exit status 0): the examples a person copies first must not be refused (a saved game's ``--game``
check is left out: it needs that game in the store). The README keeps the command CI runs where ``.ci/run``
reads it, and every guide it names is there."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
GUIDES = {"propuh", "rip", "potra-bash", "prudh", "prohis", "printables", "table", "strength", "benchmarks"}


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def score_examples(page: Path) -> set[str]:
    found = {m.group(1) for m in re.finditer(r"`(companion score [^`…]+)`", text(page))}
    found |= {m.group(1) for m in re.finditer(r"^\$? ?(companion score [^…\n]+)$", text(page), re.M)}
    return {c for c in found if "--game" not in c}


def all_examples() -> list[str]:
    return sorted(set().union(*(score_examples(page) for page in PAGES)))


def test_the_guides_are_in_docs() -> None:
    assert {page.stem for page in PAGES[1:]} >= GUIDES


def test_the_readme_has_score_examples_for_four_games() -> None:
    games = {shlex.split(c)[2] for c in all_examples()}
    assert games >= {"rip", "potra-bash", "prohis"}


@pytest.mark.parametrize("game", ["rip", "potra-bash", "prohis"])
def test_a_game_s_guide_holds_its_own_score_examples(game: str) -> None:
    assert {shlex.split(c)[2] for c in score_examples(ROOT / "docs" / f"{game}.md")} == {game}


@pytest.mark.parametrize("command", all_examples())
def test_a_readme_score_example_is_accepted(home: Path, command: str) -> None:
    run = run_cli(home, shlex.split(command)[1:])
    assert run.returncode == 0, run.stderr
    assert " wins" in run.stdout or "Shared win" in run.stdout


def test_the_readme_links_only_to_pages_that_exist() -> None:
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text(README))
    assert {Path(link).stem for link in links if link.startswith("docs/")} >= GUIDES
    assert [link for link in links if not (ROOT / link).exists()] == []


@pytest.mark.parametrize("page", PAGES[1:], ids=lambda page: page.name)
def test_a_guide_links_only_to_sections_that_exist(page: Path) -> None:
    for target, anchor in re.findall(r"\]\(([\w./-]*\.md)#([\w-]+)\)", text(page)):
        headings = re.findall(r"^#+ (.+)$", text(page.parent / target), re.M)
        slugs = {re.sub(r"[^\w -]", "", h).strip().lower().replace(" ", "-") for h in headings}
        assert anchor in slugs, f"{page.name} links to {target}#{anchor}"


def test_the_readme_keeps_the_command_ci_runs() -> None:
    lines = text(README).splitlines()
    marker = lines.index("<!-- test-command -->")
    assert lines[marker + 1] == "```sh"
    assert lines[marker + 2].startswith("python3 -m venv .venv && ") and "pytest" in lines[marker + 2]
    assert len(lines) <= 300
