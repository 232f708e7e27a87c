"""A bot card drawn from a rule list made of chains is exactly those chains: the bot's own boxes, in its
order, each with its own action, the last of each chain its own Otherwise (no box the card adds)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from ai.rules import Chain, Rule, RuleList
from printables.layoutcheck import layout_problems
from printables.pdf import new_document, recording
from printables.rulecard import Decision, Step, automa_page, chains


def _pick(value: str) -> Any:
    def choose(obs: object, legal: Sequence[str]) -> str | None:
        return value if value in legal else None

    return choose


def _card() -> RuleList[Any, str]:
    draw = Chain(
        "Your turn: draw or send",
        lambda obs, legal: obs == "turn",
        (
            Rule(
                "1", "Full hand", "With 5 cards in hand, send them all.", _pick("s"), action="send the convoy"
            ),
            Rule("2", "Otherwise", "Otherwise draw.", _pick("d"), action="draw the top card"),
        ),
    )
    inspect = Chain(
        "Another's convoy",
        lambda obs, legal: obs == "inspect",
        (
            Rule("3", "Big convoy", "A convoy of 4 or more cards.", _pick("i"), action="inspect the convoy"),
            Rule("4", "Otherwise", "Otherwise let it pass.", _pick("p"), action="let the convoy pass"),
        ),
    )
    return RuleList.of_chains("A chained bot", (draw, inspect), ("A note under the chains.",))


def test_a_chained_list_is_its_own_chains_and_the_decisions_are_not_read() -> None:
    card = _card()
    ignored = (Decision("Hand-made", (Step("2", "do it"),)),)
    laid = chains(card, ignored)
    assert [title for title, _ in laid] == [chain.title for chain in card.chains]
    for (_, boxes), chain in zip(laid, card.chains, strict=True):
        assert [(b.key, b.name, b.action) for b in boxes] == [(r.key, r.name, r.action) for r in chain.rules]
        assert [b.last for b in boxes] == [False] * (len(boxes) - 1) + [True]


def test_the_chained_card_prints_each_rule_its_action_and_no_box_of_its_own() -> None:
    card = _card()
    with recording() as pens:
        doc = new_document("a4", "card")
        automa_page(doc, "Card", "sub", "foot", card, intro="Follow the rules from the top.")
        doc.finish()
    log = pens[0].log
    drawn = " ".join(d.text for d in log)
    for rule in card.rules:
        assert f"Rule {rule.key}: {rule.name}" in drawn
        assert f"→ {rule.action}" in drawn
    for absent in ("do it", "(this card's own rule)", "Other rules"):
        assert absent not in drawn
    # the chains are drawn in their order, down the page: the first chain's title above the second's
    tops = {d.text: d.y for d in log if d.text in {chain.title for chain in card.chains}}
    assert tops[card.chains[0].title] > tops[card.chains[1].title]
    assert "A note under the chains." in drawn
    # a card this short leaves its page empty below (the largest size is capped): nothing else is wrong
    assert [p for p in layout_problems(pens[0], "automa") if "empty" not in p] == []


def test_a_rule_without_an_action_for_the_card_is_refused() -> None:
    silent = Chain("One", lambda obs, legal: True, (Rule("1", "Otherwise", "Otherwise pass.", _pick("p")),))
    with pytest.raises(ValueError, match=r"rule 1 .* has no action"):
        chains(RuleList.of_chains("Silent", (silent,)))
    # a list without chains is drawn from decisions that must name each of its rules once
    flat = RuleList("Flat", _card().rules)
    with pytest.raises(ValueError, match="decisions name rules"):
        chains(flat, (Decision("Some", (Step("1", "send"), Step("2", "draw"))),))


def test_a_card_page_off_its_type_scale_is_found() -> None:
    """The measure of each card page: its texts at one body size, headings a step above, small print."""
    from printables import fonts
    from printables.flowchart import SMALL, Scale
    from printables.layoutcheck import scale_problems

    scale = Scale(10.0)
    doc = new_document("a4", "card")
    pen = doc.pen
    for i, size in enumerate((scale.heading, scale.body, SMALL)):
        pen.text(50, 700 - 30 * i, "text", fonts.REGULAR, size, 100)
    pen.frame("panel", 40, 720, 300, 600, 500)
    assert scale_problems(pen) == []
    pen.text(50, 500, "a side panel at its own size", fonts.REGULAR, 11.75, 200)
    assert scale_problems(pen) == [
        "page 1: a bot card's text at [7.0, 10.0, 11.75, 12.0] pt, not one type scale"
    ]
    doc.finish()


@pytest.mark.parametrize("game", ["propuh", "rip", "potra-bash", "prudh", "prohis"])
def test_no_bot_card_squeezes_an_action_into_a_few_words_a_line(game: str) -> None:
    """RIP's back (A4, English) had its chains beside the psychic cards in 45% of the width: "→ put that /
    psychic / card face / down by / the / round-10 / card", 5.5 ems a line. Now at least 7 on every card."""
    from printables import registry

    docs = registry.game_docs(game)
    for lang in ("en", "fr", "ru"):
        for paper in ("a4", "letter"):
            with recording() as pens:
                docs.documents["automa"](registry.Options(paper=paper, lang=lang))
            widths = [d.box_width / d.size for pen in pens for d in pen.log if d.text.startswith("→")]
            assert widths and min(widths) >= 7.0, (lang, paper, min(widths))
