"""Propuh's printables read the engine's data: change the data and the printout changes with it."""

from __future__ import annotations

import pytest

from ai.propuh import components as cards
from ai.propuh.bots.automaton import automaton_rules
from printables.games import propuh
from printables.pdf import recording
from printables.registry import Options


def texts(kind: str) -> list[str]:
    with recording() as pens:
        propuh.DOCUMENTS[kind](Options("a4"))
    return [d.text for pen in pens for d in pen.log]


def test_automa_card_prints_the_automatons_own_rules_and_the_maxima() -> None:
    drawn = " ".join(texts("automa"))
    for rule in automaton_rules().rules:
        assert f"Rule {rule.key}: {rule.name}" in drawn
        for word in ("Otherwise", "clockwise"):
            assert word in drawn
    for note in automaton_rules().notes:
        assert note.split()[0] in drawn
    for loc in cards.LOCS:  # the clockwise figure names every location
        assert loc.title in drawn
    # a solo player runs the whole round from the card alone: what ends a round and the game is on it too
    words = " ".join(drawn.split())
    assert "The deck empty when Propuh must draw: the round ends." in words
    assert "Granny is tired, Propuh wins" in words


def test_token_maxima_on_the_card_follow_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(cards.MAXIMA, cards.PROPUH, (7, 8, 9))
    drawn = texts("automa")
    assert {"7", "8", "9"} <= set(drawn)
    assert "(Door 7, Stove 8, Window 9)." in " ".join(drawn).replace(" ,", ",")


def test_deck_table_follows_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    table = propuh.deck_table()
    assert table.rows[-1][-1] == str(cards.DECK_SIZE) == "28"
    monkeypatch.setattr(cards, "DECK_SIZE", 99)
    assert propuh.deck_table().rows[-1][-1] == "99"
    assert "99" in texts("rules")


def test_rule_sheet_marks_our_rulings_and_lists_every_goal() -> None:
    drawn = " ".join(texts("rules"))
    assert drawn.count("Ruling:") >= 6
    for goal in [*cards.granny_goals(((0, 0, 0), (0, 0, 0))), *cards.propuh_goals(((0, 0, 0), (0, 0, 0)))]:
        assert goal.split(" (")[0].split()[-1] in drawn


def test_solo_log_numbers_its_lines_across_pages() -> None:
    with recording() as pens:
        propuh.DOCUMENTS["scorepad"](Options("letter", pages=2))
    log = pens[0].log
    first = {d.text for d in log if d.page == 1}
    second = {d.text for d in log if d.page == 2}
    assert "1" in first and "How to fill it in" in first
    rows = max(int(t) for t in first if t.isdigit() and int(t) < 100)
    assert str(rows + 1) in second
