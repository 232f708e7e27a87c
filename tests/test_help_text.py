"""``help`` at the table: one line a topic, so the screen wraps each at its own width (a text wrapped in the
source at 110 columns broke into ragged halves at 80)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai import games
from tests.conftest import run_cli


@pytest.mark.parametrize("name", games.names())
def test_each_line_of_help_is_a_whole_topic(name: str) -> None:
    engine = games.get(name)
    text = engine.input_help(engine.initial_state(engine.default_config(), 1))
    lines = text.splitlines()
    assert len(lines) >= 3  # a topic a line: at least the cards, the moves and the commands
    for line in lines:
        assert line.strip(), f"{name}: a blank line in help"
        if not line.startswith(" "):  # an indented line is an item under the topic above it
            assert not line[0].islower(), f"{name}: {line[:40]!r}… continues the line above it"


@pytest.mark.parametrize("tutorial", [True, False])
def test_rip_help_lists_the_psychic_cards_in_play(tutorial: bool) -> None:
    """A trial: the tutorial's help listed cards 10-14, which only the advanced game may draw; a game's help
    lists the nine in its line, each once."""
    import re

    from ai.rip.rules import RipConfig

    game = games.get("rip")
    for seed in range(5):
        state = game.initial_state(RipConfig(tutorial=tutorial), seed)
        cards = game.input_help(state).split("Psychic cards:\n", 1)[1]
        listed = [int(n) for n in re.findall(r"^  p(\d+) ", cards, re.MULTILINE)]
        assert sorted(listed) == sorted(state.line) and len(listed) == 9
        if tutorial:
            assert max(listed) == 9


@pytest.mark.parametrize(
    ("args", "says", "never"),
    [
        (
            ["propuh", "--solo", "--dealer"],
            ("board, hint, help",),
            ("Cards dealt", "drawn for Propuh", "add your"),
        ),
        (
            ["propuh", "--solo"],
            ("Cards dealt", "drawn for Propuh", "hint (add your hand: hint b3 t2 s4)"),
            (),
        ),
        (["potra-bash", "--seats", "Ann,bot,bot"], ("prompt), hint, help",), ("Type each card", "add your")),
        (
            ["potra-bash", "--seats", "Ann,bot,bot", "--physical"],
            ("Type each card", "hint 4 -2 1"),
            ("hand NAME",),
        ),
        (
            ["potra-bash", "--seats", "Ann,Ben,bot", "--physical"],
            ("board, help, quit",),
            ("hint", "hand NAME"),
        ),
        (["prohis", "--seats", "Ann,bot,bot"], ("hand, hint, help",), ("Type each card",)),
        (["prohis", "--seats", "Ann,bot,bot", "--physical"], ("hint CARDS (your hand",), ()),
        (["prohis", "--seats", "Ann,Ben,bot", "--physical"], ("hint CARDS behind your own screen",), ()),
    ],
)
def test_help_offers_only_what_this_table_takes(
    home: Path, args: list[str], says: tuple[str, ...], never: tuple[str, ...]
) -> None:
    """A trial: help offered "hint 4 -2 1" at a real deck with two people, where a hint is refused (typed, the
    hand would show), and "hand NAME" there, where the cards and piles are the real ones; Propuh's help told a
    table the tool deals for how to type the cards dealt."""
    run = run_cli(home, ["play", *args, "--seed", "3", "--json"], ["help"])
    (text,) = [e["text"] for e in run.of("help")]
    assert all(part in text for part in says) and not any(part in text for part in never), text
