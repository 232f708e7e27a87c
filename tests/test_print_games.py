"""The other games' printables read their engines' data. Each test skips while its engine is not built (the
engines are written at the same time as the printables); a real printables bug fails."""

from __future__ import annotations

from typing import Any

import pytest

from printables.pdf import Pen, recording
from printables.registry import GAMES, NotAvailable, Options, game_docs
from printables.rulecard import normal_rules
from tests.support.automa import automa_config


def docs_or_skip(game: str) -> dict[str, object]:
    try:
        return dict(game_docs(game).documents)
    except NotAvailable as exc:
        pytest.skip(str(exc))


def drawn(game: str, kind: str, options: Options | None = None) -> str:
    builder = game_docs(game).documents[kind]
    with recording() as pens:
        builder(options or Options("a4"))
    return " ".join(d.text for pen in pens for d in pen.log)


def card_rules(game: str) -> object:
    """The rule list an automa card prints: the game's paper automa (its ``automa`` level) where it has one,
    else its ``normal`` bot's rule list."""
    from ai.games import get

    engine = get(game)
    if "automa" in engine.bots(0):
        return engine.make_player("automa", 0, automa_config(engine)).rules  # type: ignore[attr-defined]
    return normal_rules(game)


@pytest.mark.parametrize("game", [g for g in GAMES if g != "propuh"])
def test_an_automa_card_exists_exactly_when_the_normal_bot_is_a_rule_list(game: str) -> None:
    docs = docs_or_skip(game)
    rule_list: Any = card_rules(game)
    assert ("automa" in docs) == (rule_list is not None)
    if rule_list is None:
        return
    text = drawn(game, "automa")
    for rule in rule_list.rules:
        assert f"Rule {rule.key}: {rule.name}" in text
        assert rule.text.split()[0] in text


@pytest.mark.parametrize("game", list(GAMES))
def test_bot_cards_chain_each_decision_to_an_otherwise_and_name_every_action(game: str) -> None:
    import importlib

    from printables.rulecard import chains

    module = importlib.import_module(GAMES[game][0])
    if game == "propuh":
        from ai.propuh.bots.automaton import automaton_rules

        rule_list = automaton_rules()
    else:
        rule_list = normal_rules(game)
    # a list of chains is its own card; a list without (the Propuh automaton) is drawn from its decisions
    decisions = () if rule_list.chains else module.automa_decisions()
    laid = chains(rule_list, decisions)
    placed = [box.key for _, boxes in laid for box in boxes if box.key]
    assert set(placed) == {r.key for r in rule_list.rules}
    for title, boxes in laid:
        last = boxes[-1]
        assert last.last and not any(b.last for b in boxes[:-1])
        always = "otherwise" in f"{last.name} {last.text}".lower()
        assert always, f"{game}: the chain {title!r} ends with rule {last.key}, which may not apply"
        for box in boxes:
            assert box.action and box.action not in ("do it", "place it"), box
        for _, other in laid:  # a decision never repeats a rule inside itself
            assert len({b.key for b in other}) == len(other)


def test_rip_tables_follow_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    docs_or_skip("rip")
    from ai.rip import components as cards
    from printables.games import rip

    table = rip.deck_table()
    values, counts = table.header[1:-1], table.rows[0][1:-1]
    assert [(int(v), int(n)) for v, n in zip(values, counts, strict=True)] == list(cards.DECK_COUNTS.items())
    assert table.rows[0][-1] == str(cards.DECK_SIZE)
    monkeypatch.setattr(cards, "DECK_SIZE", 77)
    assert "77" in drawn("rip", "rules")
    pad = drawn("rip", "scorepad")
    assert all(str(k) in pad for k in range(1, cards.ROUNDS + 1)) and "How to score" in pad
    assert "manors" in pad and "castles" in pad
    assert pad.count("face-down total") == 2 * 3  # two pads a page: a column per family, and how to score it


def test_rip_pad_leaves_open_only_the_cells_to_write_in(monkeypatch: pytest.MonkeyPatch) -> None:
    docs_or_skip("rip")
    from ai.rip import components as cards
    from printables import sheet
    from printables.games import rip

    grids: list[sheet.Grid] = []

    def spy(pen: Pen, grid: sheet.Grid, x: float, top: float, width: float, size: float = 8.0) -> float:
        grids.append(grid)
        return sheet.draw_grid(pen, grid, x, top, width, size)

    monkeypatch.setattr(rip, "draw_grid", spy)
    drawn("rip", "scorepad")
    grid = grids[0]
    totals = [i for i, column in enumerate(grid.columns) if column.label == "face-down total"]
    assert [grid.columns[i].group for i in totals] == list(rip.names())  # one per family
    last = cards.ROUNDS  # the round-10 row
    assert len(grid.rows) == last + 1
    for row in range(last):  # rounds 1–9: no face-down total to write
        assert all((row, c) in grid.shaded for c in totals)
    assert not any((last, c) in grid.shaded for c in totals)  # round 10: the totals are written there


def test_prudh_worked_example_is_computed_by_the_engine() -> None:
    docs_or_skip("prudh")
    from printables.games import prudh

    text = drawn("prudh", "rules")
    assert "Ruling:" in text
    assert prudh.worked_example() is not None
    pad = drawn("prudh", "scorepad")
    assert "last-move" in pad and "pit" in pad


def test_potra_bash_deck_and_examples_follow_the_engine() -> None:
    docs_or_skip("potra-bash")
    from ai.potra_bash import components as cards
    from ai.potra_bash import rules
    from printables.engines.potra_bash import EXAMPLES
    from printables.games import potra_bash

    deck = potra_bash.deck_table()
    assert deck.rows[-1][1:] == tuple(
        str(len(cards.deck(n))) for n in range(cards.MIN_PLAYERS, cards.MAX_PLAYERS + 1)
    )
    examples = potra_bash.examples().rows
    assert [row[-1].replace("−", "-") for row in examples] == ["3", "-1", "4"]  # the spec's examples
    for row, pile in zip(examples, EXAMPLES, strict=True):
        assert row[-1].replace("−", "-") == str(rules.score_pile(pile).total)


@pytest.mark.parametrize("players", [3, 5])
def test_potra_bash_pad_has_a_column_group_per_player(players: int) -> None:
    docs_or_skip("potra-bash")
    text = drawn("potra-bash", "scorepad", Options("letter", players=players))
    assert f"player {players}:" in text and f"player {players + 1}:" not in text
    assert "How to score" in text
    with pytest.raises(ValueError, match="players"):
        game_docs("potra-bash").players_for(2)


def test_prohis_values_follow_the_engine() -> None:
    docs_or_skip("prohis")
    from printables.engines import prohis as e

    text = drawn("prohis", "rules")
    for t in e.card_types():
        assert t.name in text
    pad = drawn("prohis", "scorepad", Options("a4", players=6))
    assert "How to score" in pad


def test_a_missing_engine_is_not_available_but_a_printables_bug_is_loud() -> None:
    from printables.registry import engine_fault

    with pytest.raises(ImportError) as missing:
        __import__("ai.no_such_engine")
    assert engine_fault(missing.value)
    with pytest.raises(ZeroDivisionError) as bug:
        _ = 1 / len(())
    assert not engine_fault(bug.value)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "ru", "fr"])
def test_rip_aid_prints_the_psychic_cards_in_order_by_number_from_their_heading(
    paper: str, lang: str
) -> None:
    """Issue: the balanced columns left the header and card 1 at the foot of the left column, cards 2-29 in the
    right one without a header; kept whole in the right column, the table held the aid at 7.5 pt in French on
    Letter (a trial). Now the table has no header row: its heading and at least two cards, then on by number
    at the top of the right column, every card once, in order, none above the heading."""
    docs_or_skip("rip")
    from printables import i18n
    from printables.games import rip

    with recording() as pens, i18n.language(lang):
        rip.build_aid(Options(paper, lang=lang))
        heading, number = i18n.tr("Psychic cards"), i18n.tr("no.")
    (pen,) = pens
    middle = pen.width / 2
    top_card = [d for d in pen.log if d.y > pen.height / 2]  # the upper of the two cards
    (head,) = [d for d in top_card if d.text == heading]
    numbers = [*(str(n) for n in range(1, 15)), "15–29"]
    rows = [d for d in top_card if d.text in numbers and (d.x > middle or d.y <= head.y)]
    # reading order: down the left column, then down the right one
    ordered = sorted(rows, key=lambda d: (d.x > middle, -d.y))
    assert [d.text for d in ordered] == numbers
    left = [d for d in ordered if (d.x > middle) == (head.x > middle)]
    assert len(left) >= 2 or head.x > middle  # the heading is never left alone with one card
    assert not any(d.text == number for d in top_card)  # no header row to repeat


def test_prohis_aid_says_the_counts_are_the_box_and_what_a_smaller_table_uses() -> None:
    docs_or_skip("prohis")
    from ai.prohis import components as cards

    used = [t - r for t, r in zip(cards.TOTALS, cards.REMOVED_3_4, strict=True)]
    text = drawn("prohis", "aid")
    assert f"{cards.TOTALS[0]}" in text and "Count: in the box" in text
    assert f"3–4-player game uses {used[0]} legal goods, {used[1]} illegal goods" in text


def _words(text: str) -> str:
    return " ".join(text.split())


def test_what_a_trial_read_wrong_on_paper_is_said_outright() -> None:
    """paperF: the RIP pad's "card 13: −2 there" read as a value of −2 (the engine counts 4 − 2); the Prudh
    pad's "h + 1 each" scored a Traditional run's extras short; the Propuh aid dealt a solo Propuh 2 cards."""
    rip = _words(drawn("rip", "scorepad"))  # the engine's count: tests/test_rip_round10.py
    assert "card 13 counts 2 there" in rip and "−2 there" not in rip
    prudh = _words(drawn("prudh", "scorepad"))
    assert "1 for each piece a capture removes" in prudh and "every piece landing on the edge" in prudh
    aid = _words(drawn("propuh", "aid"))
    assert "solo: to Granny only, never a single last card" in aid
    assert "At most one card is unresolved" in _words(drawn("propuh", "automa").replace("*", ""))


@pytest.mark.parametrize("lang", ["en", "ru", "fr"])
def test_a_pads_row_labels_share_one_size(lang: str) -> None:
    """A trial: the French and Russian Prohis pads set their long row labels wrapped at 6.5 pt beside short ones
    at 8 pt. The label column now has one size, a label wrapped where it needs it."""
    with recording() as pens:
        game_docs("prohis").documents["scorepad"](Options("a4", players=6, pages=1, lang=lang))
    log = [d for d in pens[0].log if d.page == 1]
    head = next(d for d in log if d.x > 100 and d.font.endswith("Bold") and d.size < 8 and d.text)  # "worth"
    first_grid = [d for d in log if d.y < head.y and d.y > head.y - 250 and d.x < head.x - 50 and d.text]
    labels = [d for d in first_grid if not d.font.endswith("Bold")]  # the total row is bold
    assert len(labels) >= 9 and len({d.size for d in labels}) == 1, {(d.text, d.size) for d in labels}


@pytest.mark.parametrize("kind", ["rules", "aid", "automa"])
def test_prudh_ordinary_option_to_leave_the_extras_is_printed_under_the_variants(kind: str) -> None:
    """Issue 37: the seed lets an Ordinary run leave its extras on the start square; every Prudh page that
    prints the variants says so, from the engine's data."""
    from ai.prudh.components import EDGE_OPTIONS

    text = _words(drawn("prudh", kind).replace("*", ""))
    assert f"Ordinary: {EDGE_OPTIONS['ordinary']}." in text


def test_potra_bash_aid_in_russian_says_a_card_is_drawn_not_a_1_taken() -> None:
    """The Russian aid's laps read "затем берёт 1" and "возьмите 1": in a game with cards of value 1, "takes a 1"."""
    aid = _words(drawn("potra-bash", "aid", Options("letter", lang="ru")))
    assert "затем добирает одну карту из колоды" in aid and "доберите одну из колоды или пасуйте" in aid
    assert "берёт 1." not in aid and "возьмите 1 " not in aid


def test_rip_pad_in_russian_says_the_instant_win_in_a_sentence_that_takes_the_counts_as_they_are() -> None:
    """The Russian pad read "сразу при 4 усадьбы или 3 замка": after «при» the counts need another case."""
    pad = _words(drawn("rip", "scorepad", Options("letter", lang="ru")))
    assert "сразу, как только у семьи 4 усадьбы или 3 замка" in pad
    assert "при 4 усадьбы" not in pad
