"""The paper bot cards read at arm's length: every card of every game, language and paper has its body text
(the rule boxes, the notes, the side tables) at 9 pt or more; a card one page cannot hold so takes two, with
every rule once across them, each decision whole on one page, and each page naming what the other holds."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.rules import Chain, Rule, RuleList
from printables import i18n
from printables.flowchart import HEADING_STEP, READABLE, Scale
from printables.layoutcheck import layout_problems, scale_problems
from printables.pdf import Pen, new_document, recording
from printables.pdfcheck import inspect
from printables.registry import GAMES, Options, game_docs
from printables.rulecard import automa_page, normal_rules
from tests.conftest import run_cli
from tests.support.automa import automa_config

CARDS = [(game, lang, paper) for game in GAMES for lang in i18n.LANGS for paper in ("a4", "letter")]


def _card(game: str, lang: str, paper: str) -> tuple[Pen, bytes]:
    with recording() as pens:
        data = game_docs(game).documents["automa"](Options(paper, lang=lang))
    return pens[0], data


def _pages(pen: Pen) -> list[int]:
    return sorted({f.page for f in pen.frames if f.kind == "panel"})


def _framed(pen: Pen, page: int) -> list[Any]:
    """The texts drawn inside a card page's panel and side frames (not its title band and footer)."""
    frames = [f for f in pen.frames if f.kind in ("panel", "side") and f.page == page]
    return [
        d
        for d in pen.log
        if d.page == page
        and any(
            f.x - 0.5 <= d.x <= f.x + f.width + 0.5 and f.top - f.height - 1 <= d.y <= f.top + 1
            for f in frames
        )
    ]


def _body(pen: Pen, page: int) -> Scale:
    """The type scale of one card page, read from what was drawn in its frames: the headings, a step above
    the body, are its largest size."""
    return Scale(max(d.size for d in _framed(pen, page)) - HEADING_STEP)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _words(pen: Pen, page: int) -> str:
    return _norm(" ".join(d.text for d in pen.log if d.page == page))


def _rule_lines(pen: Pen, rules: Any, lang: str) -> dict[str, list[int]]:
    """Per rule key, the pages where its box's title ("Rule 12: …") is drawn."""
    with i18n.language(lang):
        label = i18n.tr("Rule {key}: {name}", key="KEY", name="")
    found: dict[str, list[int]] = {rule.key: [] for rule in rules}
    for d in pen.log:
        for rule in rules:
            if d.text.startswith(label.replace("KEY", rule.key).rstrip()):
                found[rule.key].append(d.page)
    return found


def _rule_list(game: str) -> Any:
    if game == "propuh":
        from ai.propuh.bots.automaton import automaton_rules

        return automaton_rules()
    from ai.games import get

    engine = get(game)
    if "automa" in engine.bots(0):  # the card prints the game's paper automa
        return engine.make_player("automa", 0, automa_config(engine)).rules  # type: ignore[attr-defined]
    return normal_rules(game)


@pytest.mark.parametrize(("game", "lang", "paper"), CARDS)
def test_every_bot_card_is_at_least_9_pt_on_each_page(game: str, lang: str, paper: str) -> None:
    pen, data = _card(game, lang, paper)
    pages = _pages(pen)
    assert inspect(data).pages == len(pages) in (1, 2)
    assert scale_problems(pen) == []  # each page at one type scale: its body is its largest size less a step
    scales = {_body(pen, page) for page in pages}
    assert len(scales) == 1, f"the pages at different scales: {scales}"
    (scale,) = scales
    assert scale.body >= READABLE, f"{game} {lang} {paper}: body at {scale.body} pt"
    # below the body size only the small print: the "does not apply" labels (and Propuh's figure's)
    with i18n.language(lang):
        label = i18n.tr("does not apply")
    small = {d.text for page in pages for d in _framed(pen, page) if d.size < READABLE}
    if game != "propuh":
        assert small <= {label}, sorted(small - {label})[:5]
    assert layout_problems(pen, "automa") == []


@pytest.mark.parametrize(("game", "lang", "paper"), CARDS)
def test_a_bot_cards_title_band_reads_at_arms_length(game: str, lang: str, paper: str) -> None:
    """The band's subtitle shrinks to fit beside the title: the French RIP card's was drawn at 5.8 pt."""
    pen, _ = _card(game, lang, paper)
    first = min(d.page for d in pen.log)
    title = max((d for d in pen.log if d.page == first), key=lambda d: d.size)
    band = [d for d in pen.log if d.page == first and abs(d.y - title.y) < 0.5]
    assert len(band) == 2, [d.text for d in band]
    assert min(d.size for d in band) >= 7, [(d.text, round(d.size, 2)) for d in band]


@pytest.mark.parametrize(("game", "lang", "paper"), CARDS)
def test_a_two_page_card_holds_every_rule_once_each_decision_on_one_page(
    game: str, lang: str, paper: str
) -> None:
    pen, _ = _card(game, lang, paper)
    rule_list = _rule_list(game)
    found = _rule_lines(pen, rule_list.rules, lang)
    assert all(len(pages) == 1 for pages in found.values()), found
    if len(_pages(pen)) == 1:
        return
    drawn = {page: _words(pen, page) for page in (1, 2)}
    with i18n.language(lang):
        on_back = _norm(i18n.tr("**On the back:** {what}", what="").strip("* "))
        on_front = _norm(i18n.tr("**On the front:** {what}", what="").strip("* "))
        onward = i18n.tr("{foot} · continued on the back", foot="").strip(" ·")
        titles = [_norm(i18n.text(chain.title)) for chain in rule_list.chains]
    assert on_back in drawn[1] and onward in drawn[1]
    assert on_front in drawn[2] and onward not in drawn[2]
    for chain in rule_list.chains:  # a decision never split: its rules on one page
        pages = {found[rule.key][0] for rule in chain.rules}
        assert len(pages) == 1, f"{chain.title!r} on pages {pages}"
    # the decisions keep their order across the pages, and each page names the other's
    order = [found[chain.rules[0].key][0] for chain in rule_list.chains]
    assert order == sorted(order)
    for title, page in zip(titles, order, strict=True):
        assert title in drawn[3 - page], f"page {3 - page} does not say where {title!r} is"


def test_the_cli_prints_the_long_card_on_two_pages_and_a_short_one_on_one(home: Path, tmp_path: Path) -> None:
    run = run_cli(home, ["print", "automa", "prohis", "--lang", "en", "--out", str(tmp_path)])
    assert run.returncode == 0, run.stderr
    assert inspect((tmp_path / "prohis-automa-a4.pdf").read_bytes()).pages == 2
    run = run_cli(home, ["print", "automa", "propuh", "--lang", "en", "--out", str(tmp_path)])
    assert inspect((tmp_path / "propuh-automa-a4.pdf").read_bytes()).pages == 1


def _pick(value: str) -> Any:
    return lambda obs, legal: value if value in legal else None


WORDS = [
    "the",
    "convoy",
    "card",
    "inspector",
    "draws",
    "a",
    "legal",
    "illegal",
    "good",
    "from",
    "display",
    "pile",
    "hand",
    "when",
]


@st.composite
def rule_lists(draw: st.DrawFn) -> RuleList[Any, str]:
    sizes = draw(st.lists(st.integers(1, 6), min_size=1, max_size=7))
    key = 0
    chain_list = []
    for c, size in enumerate(sizes):
        rules = []
        for i in range(size):
            key += 1
            text = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=3, max_size=30)))
            name = "Otherwise" if i == size - 1 else f"rule {key}"
            rules.append(Rule(str(key), name, text.capitalize() + ".", _pick("x"), action=f"do {key}"))
        chain_list.append(Chain(f"Decision {c + 1}", lambda obs, legal: True, tuple(rules)))
    notes = tuple(draw(st.lists(st.sampled_from(["A note.", " ".join(WORDS) + "."]), max_size=6)))
    return RuleList.of_chains("Card", tuple(chain_list), notes)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_lists(), st.sampled_from(["a4", "letter"]))
def test_any_card_has_each_rule_once_each_decision_whole_one_scale(rule_list: Any, paper: str) -> None:
    with recording() as pens:
        doc = new_document(paper, "card")
        automa_page(doc, "Card", "sub", "foot", rule_list, intro="Follow the rules from the top.")
        doc.finish()
    pen = pens[0]
    pages = _pages(pen)
    assert len(pages) in (1, 2)
    found = _rule_lines(pen, rule_list.rules, "en")
    assert all(len(p) == 1 for p in found.values()), found
    for chain in rule_list.chains:
        assert len({found[rule.key][0] for rule in chain.rules}) == 1
        # the decision's heading (a step above the body), not its name in the other page's "On the front:" line
        titles = [d.page for d in pen.log if d.text == chain.title and d.size > _body(pen, d.page).body]
        assert titles == [found[chain.rules[0].key][0]]
    assert len({_body(pen, page) for page in pages}) == 1
    assert [p for p in layout_problems(pen, "automa") if "empty" not in p] == []
    pointers = [re.search(r"On the (back|front)", _words(pen, page)) is not None for page in pages]
    assert pointers == [len(pages) == 2] * len(pages)
