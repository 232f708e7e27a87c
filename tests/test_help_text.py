"""``help`` at the table: one line a topic, so the screen wraps each at its own width (a text wrapped in the
source at 110 columns broke into ragged halves at 80)."""

from __future__ import annotations

import pytest

from ai import games


@pytest.mark.parametrize("name", games.names())
def test_each_line_of_help_is_a_whole_topic(name: str) -> None:
    engine = games.get(name)
    text = engine.input_help(engine.initial_state(engine.default_config(), 1))
    lines = text.splitlines()
    assert len(lines) >= 4
    for line in lines:
        assert line.strip(), f"{name}: a blank line in help"
        if not line.startswith(" "):  # an indented line is an item under the topic above it
            assert not line[0].islower(), f"{name}: {line[:40]!r}… continues the line above it"
