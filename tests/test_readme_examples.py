"""Every complete ``companion score`` example in the README runs as written and is accepted (exit status 0): the
examples a person copies first must not be refused (a saved game's ``--game`` check is left out: it needs that
game in the store)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import run_cli

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def score_examples() -> list[str]:
    found = {m.group(1) for m in re.finditer(r"`(companion score [^`…]+)`", README)}
    found |= {m.group(1) for m in re.finditer(r"^\$? ?(companion score [^…\n]+)$", README, re.M)}
    return sorted(c for c in found if "--game" not in c)


def test_the_readme_has_score_examples_for_four_games() -> None:
    games = {shlex.split(c)[2] for c in score_examples()}
    assert games >= {"rip", "potra-bash", "prohis"}


@pytest.mark.parametrize("command", score_examples())
def test_a_readme_score_example_is_accepted(home: Path, command: str) -> None:
    run = run_cli(home, shlex.split(command)[1:])
    assert run.returncode == 0, run.stderr
    assert " wins" in run.stdout or "Shared win" in run.stdout
