"""The Russian tables call a paper opponent by one word, as its printed cards do: "автомат" (the cards' titles:
"Автомат Propuh", "автомат Bash"), and its handicap "фора" (the difficulty tables' "очки форы"); a screen or a
footer that said "автома" / "гандикап" named a second thing a person had to match with the card."""

from __future__ import annotations

import re

from ai.words import catalogues


def _entries() -> list[tuple[str, str]]:
    return [
        (m.id, m.string)
        for m in catalogues.read("ru")
        if isinstance(m.id, str) and isinstance(m.string, str) and m.string and not m.fuzzy
    ]


def test_the_russian_catalogue_calls_the_paper_opponent_automat_and_its_handicap_fora() -> None:
    other = re.compile(r"\bавтом(а|ы|е|у|ой)\b|гандикап", re.IGNORECASE)
    assert [s for _, s in _entries() if other.search(s)] == []


def test_propuhs_rule_2_reads_as_russian() -> None:
    """ "но не если" is a word-for-word "but not if"; Russian says "кроме случаев, когда"."""
    (rule,) = [
        s for i, s in _entries() if i.startswith("Otherwise play it on the location of its own suit, unless")
    ]
    assert "кроме случаев, когда" in rule and "но не если" not in rule
