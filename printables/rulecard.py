"""A bot's :class:`ai.rules.RuleList` drawn as a paper card a person can run without the program.

The rules are grouped by the decision they answer (drawing, sending a convoy, inspecting…): one short chain
per decision, each box a rule (its number, its name and the sentence a person follows, the rule list's own
text, so the card and the program say the same) with an arrow to the action it takes ("→ inspect the convoy"),
and a "does not apply" arrow to the next rule (:mod:`printables.flowchart`). Optional side blocks (tables,
notes) fill a panel beside the chains or the room under them, all at the card's one type scale.

A list made of chains (:meth:`ai.rules.RuleList.of_chains`) IS the card: its chains in their order, each box
a rule's number, name, text and :attr:`ai.rules.Rule.action`, the last box the chain's own "Otherwise"; the
program reads the same chains when it plays. A list without chains (the Propuh automaton, one decision) is
drawn from a :class:`Decision` list naming each of its rules once with its action.

A card is one page when one page holds it at :data:`printables.flowchart.READABLE` (9 pt) or more, else two
(:func:`card_pages`): the chains on the front, the notes, tables and figure on the back; or, when the chains
alone do not fit the front, the decisions split between the pages in their order. Each page names what the
other holds ("On the back: …"); the words printed stay the rule list's.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from printables import flow, i18n, measure
from printables.flow import Block
from printables.flowchart import (
    COLUMN_GAP,
    LARGEST,
    READABLE,
    SMALLEST,
    STEP,
    Box,
    Item,
    Scale,
    card_heading,
    draw_chains,
    items,
    place,
    run_height,
)
from printables.i18n import text, tr
from printables.measure import Overflow
from printables.pdf import MARGIN, Document, Pen
from printables.sheet import footer, header


@dataclass(frozen=True)
class Step:
    """One box of a chain: a rule of the bot's list (by key) and the action it takes."""

    key: str
    action: str


@dataclass(frozen=True)
class Decision:
    """A decision point of a rule list without chains (the Propuh automaton): its title and the bot's rules
    that answer it, in order, each with its action; the last must always apply."""

    title: str
    steps: tuple[Step, ...]


def chains(rule_list: Any, decisions: Sequence[Decision] = ()) -> list[tuple[str, list[Box]]]:
    """The card's chains of boxes: the rule list's own chains when it has them (``decisions`` is then not
    read), else the decisions drawn from its rules. A rule no decision names, or a step naming no rule, is
    a defect of the card: loud (nothing the bot does may be left off the card)."""
    if rule_list.chains:
        return [own_chain(chain) for chain in rule_list.chains]
    by_key = {rule.key: rule for rule in rule_list.rules}
    named = [step.key for decision in decisions for step in decision.steps]
    if sorted(named) != sorted(by_key):
        raise ValueError(
            f"{rule_list.title!r}: the card's decisions name rules {named}, the list has {list(by_key)}"
        )
    out: list[tuple[str, list[Box]]] = []
    for decision in decisions:
        boxes = []
        for i, step in enumerate(decision.steps):
            rule = by_key[step.key]
            last = i == len(decision.steps) - 1
            boxes.append(Box(rule.key, text(rule.name), text(_arrows(rule.text)), text(step.action), last))
        out.append((text(decision.title), boxes))
    return out


GUTTER_SIDE = 16.0
#: The chains' share of the width beside a side panel, tried in this order. Narrower, a rule's box and its
#: action wrapped a few words a line (RIP's back: "→ put that / psychic / card face / down by / the round-10 /
#: card"): the chains go above the panel instead (:meth:`_Page._flowed`).
SHARES = (0.62, 0.56, 0.5)
#: A figure for the side panel: draws with (pen, x, top, width, scale) and returns the height it used.
FigureFn = Callable[[Pen, float, float, float, Scale], float]


def own_chain(chain: Any) -> tuple[str, list[Box]]:
    """One chain of a chained rule list as the card draws it: each rule's box with its own action; the
    last box is the chain's Otherwise. A rule without an action is a defect of the bot's card: loud."""
    boxes = []
    for i, rule in enumerate(chain.rules):
        if not rule.action:
            raise ValueError(f"rule {rule.key} ({rule.name}) of {chain.title!r} has no action for the card")
        last = i == len(chain.rules) - 1
        boxes.append(Box(rule.key, text(rule.name), text(_arrows(rule.text)), text(rule.action), last))
    return text(chain.title), boxes


def _arrows(sentence: str) -> str:
    return sentence.replace("->", "→")


@dataclass(frozen=True)
class _Laid:
    """A card laid out at one scale: where the chains go and the text units around them."""

    scale: Scale
    columns: int
    chart_w: float
    runs: list[list[Item]]
    intro: list[flow.Unit]
    notes: list[flow.Unit]
    side: list[flow.Unit] | None  # None: no side panel (its blocks, if any, are in ``notes`` or ``tails``)
    #: In two columns: the notes and the side panel's blocks flowed into the room under each column's chains.
    tails: dict[int, list[flow.Unit]] = field(default_factory=dict)
    #: The chains above the panel (:meth:`_Page._flowed`): the two columns of ``tails`` start this far under
    #: the intro, each half the width.
    under: float | None = None


#: A term and its definition on a card (a template: French puts a space before the colon).
TERM = "**{name}**: {meaning}"


def automa_page(
    doc: Document,
    title: str,
    subtitle: str,
    foot: str,
    rule_list: Any,
    decisions: Sequence[Decision] = (),
    side: Sequence[Block] = (),
    intro: str = "",
    figure: FigureFn | None = None,
    notes_title: str = "Notes",
    notes: Sequence[str] | None = None,
    terms: Sequence[tuple[str, str]] = (),
) -> None:
    """The card: its chains (:func:`chains`: the rule list's own, or ``decisions`` for a list without
    chains), with the rule list's notes, or ``notes``, below, and, if given, a side panel: ``figure`` (drawn
    at the panel's top) above the ``side`` blocks. Everything is at one :class:`Scale`, the largest at which
    the page holds it all (see :meth:`_Page.at` for where the chains and the panel go); a card that one page
    holds only below :data:`READABLE` takes two pages (:func:`card_pages`). ``terms`` (name, definition) are
    drawn above the chains on every page that holds chains: a term a rule uses is on the rule's side."""
    pen = doc.pen
    top = header(pen, title, subtitle)
    width = pen.width - 2 * MARGIN
    bottom = MARGIN + 8
    chain_list = chains(rule_list, decisions)
    note_texts = tuple(rule_list.notes if notes is None else notes)
    note_blocks: list[Block] = [flow.Heading(notes_title, 2), flow.Bullets(note_texts)] if note_texts else []
    intro_blocks: list[Block] = [flow.Para(intro)] if intro else []
    term_blocks: list[Block] = (
        [flow.Bullets(tuple(tr(TERM, name=text(name), meaning=text(meaning)) for name, meaning in terms))]
        if terms
        else []
    )
    with flow.headings(card_heading):
        whole = _Page(
            chain_list,
            note_blocks,
            [*intro_blocks, *term_blocks],
            list(side),
            figure,
            width,
            top,
            bottom,
            terms=term_blocks,
        )
        pages = card_pages(whole, title)
        for n, (page, laid) in enumerate(pages):
            if n:
                pen.new_page()
                header(pen, title, subtitle)
            _draw(pen, laid, page.chain_list, page.figure, width, top, bottom)
            last = n == len(pages) - 1
            footer(pen, foot if last else tr("{foot} · continued on the back", foot=text(foot)))


_T = TypeVar("_T")


def largest(
    attempt: Callable[[Scale], _T | None], above: float = 0.0, near: float | None = None
) -> _T | None:
    """``attempt`` at the largest body size (larger than ``above``) where it fits, over the steps from
    :data:`LARGEST` down to :data:`SMALLEST` (:func:`printables.flow.first_fit`), ``near`` first."""
    steps = int((LARGEST - max(SMALLEST - STEP, above)) / STEP + 0.01)
    start = None if near is None else round((LARGEST - near) / STEP)
    return flow.first_fit(lambda k: attempt(Scale(LARGEST - k * STEP)), steps, start)


#: A card's pages, each what it holds and its layout.
Pages = list[tuple["_Page", "_Laid"]]


#: The scale each search of :func:`card_pages` found, by card and search: the same card on the other paper or
#: in another language lands on it or a step away.
_FOUND: dict[str, dict[str, float]] = {}


def card_pages(whole: _Page, name: str = "") -> Pages:
    """The card's pages, all at one scale. One page when it holds the whole card at :data:`READABLE` or
    more. Else two, at the largest scale either split reaches: by concept (the chains a person runs on the
    front; the notes, the side panel and its figure on the back) or by decision (the decisions in their order,
    the front holding as many as it can, the rest and the notes on the back; a decision is never cut, so every
    "does not apply" arrow stays on its page). Larger type wins; at equal scale the split by concept. Each page
    says what the other holds; the front's footer says that the card continues on the back.

    The one page is searched from :data:`READABLE` up: when it does not hold the card there, its own largest
    size matters only if two pages do no better than :data:`READABLE`, and is searched only then (a smaller
    scale never needs more room). Each search starts at the scale it found for the card called ``name`` on
    the other paper or in another language (:data:`_FOUND`)."""
    found = _FOUND.setdefault(name, {})
    readable = largest(whole.at, above=READABLE - STEP, near=found.get("one", READABLE))
    if readable is not None:
        found["one"] = readable.scale.body
        return [(whole, readable)]
    count = len(whole.chain_list)
    backed = bool(whole.notes or whole.side or whole.figure)  # by concept, the back would hold something

    def by_concept(scale: Scale) -> Pages | None:
        return _split(whole, count, scale)

    def by_decision(scale: Scale) -> Pages | None:
        # the front holds as many decisions as it can; once it holds them and the back does not hold the rest,
        # a front with fewer leaves the back more: no split fits at this scale
        for k in range(count - 1, 0, -1):
            front, back = _halves(whole, k)
            laid = front.at(scale)
            if laid is not None:
                rest = back.at(scale)
                return None if rest is None else [(front, laid), (back, rest)]
        return None

    # the split by decision first (on the cards that take two pages it gives the larger type), then the split
    # by concept only at its scale or above, where it wins
    split = largest(by_decision, near=found.get("split"))
    if split is not None:
        found["split"] = split[0][1].scale.body
    above = split[0][1].scale.body - STEP if split is not None else 0.0
    two = largest(by_concept, above=above, near=found.get("concept")) if backed else None
    if two is not None:
        found["concept"] = two[0][1].scale.body
    two = two or split
    if two is not None and two[0][1].scale.body >= READABLE:
        return two  # the one page holds the card only below READABLE
    one = whole.lay_out()
    if two is None or (one is not None and one.scale.body >= two[0][1].scale.body):
        if one is None:
            raise Overflow("the rule list does not fit its card")
        return [(whole, one)]
    return two


def _split(whole: _Page, k: int, scale: Scale) -> Pages | None:
    """The card on two pages at ``scale`` (:func:`_halves`); ``None`` if a page does not hold its part."""
    pages: Pages = []
    for page in _halves(whole, k):
        laid = page.at(scale)
        if laid is None:
            return None
        pages.append((page, laid))
    return pages


def _halves(whole: _Page, k: int) -> tuple[_Page, _Page]:
    """The card's two pages: the intro and the first ``k`` decisions on the front; the other decisions, the
    notes, the figure and the side panel on the back."""
    front_chains, back_chains = whole.chain_list[:k], whole.chain_list[k:]
    headings = [i18n.text(b.text) for b in [*whole.notes, *whole.side] if isinstance(b, flow.Heading)]
    on_back = [title for title, _ in back_chains] + headings
    on_front = [title for title, _ in front_chains]
    front = replace(
        whole,
        chain_list=front_chains,
        notes=[],
        intro=[*whole.intro, flow.Para(tr("**On the back:** {what}", what=" · ".join(on_back)))],
        side=[],
        figure=None,
    )
    back = replace(
        whole,
        chain_list=back_chains,
        intro=[
            flow.Para(tr("**On the front:** {what}", what=" · ".join(on_front))),
            *(whole.terms if back_chains else []),
        ],
    )
    return front, back


@dataclass
class _Page:
    """What a card page holds and the room it has: finds the largest scale at which it all fits."""

    chain_list: list[tuple[str, list[Box]]]
    notes: list[Block]
    intro: list[Block]
    side: list[Block]
    figure: FigureFn | None
    width: float
    top: float
    bottom: float
    #: The terms the rules use (part of ``intro``), drawn again above the chains a back page holds.
    terms: list[Block] = field(default_factory=list)

    def lay_out(self, above: float = 0.0) -> _Laid | None:
        """The layout with the largest scale (:meth:`at`) above ``above``, or ``None`` if the page cannot hold
        it at any."""
        return largest(self.at, above)

    def at(self, scale: Scale) -> _Laid | None:
        """The layout at ``scale``: the chains in one column (beside the side panel, if any, else above it
        with the panel and the notes in two columns under them), else in two columns with the rest flowed
        under them; ``None`` if none fits. No column of chains is narrower than :data:`NARROWEST`."""
        if self.side or self.figure is not None:
            one = self._beside(scale) or self._flowed(scale, 1)
        else:
            one = self._attempt(scale, 1, 1.0)
        return one if one is not None else self._flowed(scale, 2)

    def _beside(self, scale: Scale) -> _Laid | None:
        """The chains beside the side panel at ``scale``, at the first share of the width where both fit (the
        shares narrow: once the chains do not fit, a narrower share will not either). The panel is tried
        first at each share (where it does not fit, the chains are not laid out), and not at all where even
        its shortest parts do not fit together (:meth:`_side_may_fit`)."""
        try:
            room = self._room(scale)
        except Overflow:  # the intro does not fit the page's width: no share holds the panel
            return None
        if not self._side_may_fit(scale, room):
            return None
        for share in SHARES:
            side = self._side_units(scale, share, room)
            if side is None:
                continue
            laid = self._attempt(scale, 1, share)
            if laid is None:
                return None
            return _Laid(scale, 1, laid.chart_w, laid.runs, laid.intro, laid.notes, side)
        return None

    def _side_may_fit(self, scale: Scale, room: float) -> bool:
        """Whether the side panel may fit beside the chains at some share at ``scale``: its blocks are shortest
        at their widest (beside the last share), its figure at whichever share; ``False`` where the two at
        their shortest do not fit together in ``room`` (:meth:`_room`), so at no share. The figure is measured
        only where the blocks leave it room."""
        try:
            need = flow.height(flow.layout(self.side, self._side_width(SHARES[-1]), scale.body))
            if self.figure is not None:
                if need > room - 6 + measure.EPSILON:
                    return False
                room -= min(_figure_height(self.figure, self._side_width(s), scale) for s in SHARES) + 6
        except Overflow:
            return True  # :meth:`_side_units` says where
        return need <= room + measure.EPSILON

    def _side_units(self, scale: Scale, share: float, room: float) -> list[flow.Unit] | None:
        """The side panel (its figure above its blocks) beside chains taking ``share`` of the width, under the
        intro, at ``scale``; ``None`` if it does not fit ``room``, the page's height under the intro (:meth:`_room`;
        its figure is measured only where its blocks leave it room)."""
        side_w = self._side_width(share)
        try:
            units = flow.layout(self.side, side_w, scale.body)
            if self.figure is not None:
                if flow.height(units) > room - 6 + measure.EPSILON:
                    return None
                room -= _figure_height(self.figure, side_w, scale) + 6
        except Overflow:
            return None
        return units if flow.height(units) <= room + measure.EPSILON else None

    def _side_width(self, share: float) -> float:
        return self.width * (1 - share) - GUTTER_SIDE

    def _room(self, scale: Scale) -> float:
        """The page's height under the intro at ``scale``: worked out once per scale by :meth:`_beside`."""
        return self.top - flow.height(flow.layout(self.intro, self.width, scale.body)) - self.bottom

    def _attempt(
        self, scale: Scale, columns: int, share: float, below: Sequence[Block] | None = None
    ) -> _Laid | None:
        """The intro (full width), the chains in ``columns`` columns of ``share`` of the width and the notes
        (or ``below``) under them, at ``scale``; ``None`` if they do not fit."""
        chart_w = self.width * share
        if not _wide_enough((chart_w - (columns - 1) * COLUMN_GAP) / columns, scale):
            return None
        try:
            intro = flow.layout(self.intro, self.width, scale.body)
            notes = flow.layout(self.notes if below is None else below, chart_w, scale.body)
            chart_h = self.top - flow.height(intro) - self.bottom - flow.height(notes) - 6
            col_w = (chart_w - (columns - 1) * COLUMN_GAP) / columns
            runs = place(items(self.chain_list, scale, col_w), chart_h, columns)
        except Overflow:
            return None
        return None if runs is None else _Laid(scale, columns, chart_w, runs, intro, notes, None)

    def _flowed(self, scale: Scale, columns: int) -> _Laid | None:
        """The chains in ``columns`` columns of the whole width (one: across it), the notes, the figure and the
        side panel's blocks flowed into two columns under them: under the chains across the width, or into
        the room left under each column of chains (under the second first when the first is nearly full);
        ``None`` if they do not fit."""
        col_w = (self.width - COLUMN_GAP) / 2
        chain_w = self.width if columns == 1 else col_w
        if not _wide_enough(chain_w, scale):
            return None
        try:
            intro = flow.layout(self.intro, self.width, scale.body)
            chart_h = self.top - flow.height(intro) - self.bottom
            runs = place(items(self.chain_list, scale, chain_w), chart_h, columns)
            if runs is None:
                return None
            figure = [_figure_block(self.figure, col_w, scale)] if self.figure is not None else []
            units = flow.layout(sections([*self.notes, *figure, *self.side]), col_w, scale.body)
        except Overflow:
            return None
        under = None
        if columns == 1:
            under = run_height(runs[0]) + _TAIL_GAP if runs[0] else 0.0
            rooms = [chart_h - under] * 2
        else:
            rooms = [chart_h - run_height(run) - _TAIL_GAP if run else chart_h for run in [*runs, []][:2]]
        tails = _tails(units, rooms)
        return (
            None if tails is None else _Laid(scale, columns, self.width, runs, intro, [], None, tails, under)
        )


def sections(blocks: Sequence[Block]) -> list[Block]:
    """``blocks`` as sections kept whole (a heading and what follows it up to the next heading): flowed under
    two columns of chains, a table or a list never starts under one and ends under the other, with a
    decision's chain between its two halves."""
    out: list[list[Block]] = []
    for block in blocks:
        if not out or isinstance(block, flow.Heading):
            out.append([])
        out[-1].append(block)
    return [flow.Keep(tuple(section)) for section in out]


#: The narrowest a column of chains may be, in ems of the body type: narrower, a rule's box and its action
#: wrapped a few words a line (RIP's back at 12.5 pt in half the width: 20.6 ems).
NARROWEST = 23.0


def _wide_enough(column: float, scale: Scale) -> bool:
    return column >= NARROWEST * scale.body - measure.EPSILON


#: The space between a column's last chain and the text flowed under it.
_TAIL_GAP = 10.0


def _tails(units: list[flow.Unit], rooms: list[float]) -> dict[int, list[flow.Unit]] | None:
    """``units`` flowed into the columns' rooms in order (both, else only the second), or ``None``."""
    if not units:
        return {}
    for start in range(len(rooms)):
        heights = rooms[start:]
        try:
            cols = flow.columns(units, heights)
        except Overflow:
            continue
        if len(cols) > len(heights):
            continue
        fits = all(flow.height(col) <= heights[i] + measure.EPSILON for i, col in enumerate(cols))
        # a column never ends on a unit kept with the next (a heading cut from its text)
        kept = any(col and col[-1].keep_with_next for col in cols[:-1])
        if fits and not kept:
            return {start + i: col for i, col in enumerate(cols) if col}
    return None


def _figure_block(figure: FigureFn, width: float, scale: Scale) -> flow.Figure:
    """``figure`` at ``scale`` as a block of its measured height, to flow with the text."""

    def draw(pen: Pen, x: float, top: float, w: float) -> None:
        figure(pen, x, top, w, scale)

    return flow.Figure(_figure_height(figure, width, scale), width, draw)


def _figure_height(figure: FigureFn, width: float, scale: Scale) -> float:
    """The height ``figure`` takes at ``width`` and ``scale``, measured by drawing it on a scratch page."""
    return _measured(figure, width, scale, i18n.current())


@functools.lru_cache(maxsize=256)
def _measured(figure: FigureFn, width: float, scale: Scale, lang: str) -> float:
    """:func:`_figure_height` in ``lang`` (its words change its size), remembered: the layout search asks
    for the same figure again at each share it tries."""
    from printables.pdf import new_scratch_pen

    return figure(new_scratch_pen(), 0, 800, width, scale)


def _draw(
    pen: Pen,
    laid: _Laid,
    chain_list: list[tuple[str, list[Box]]],
    figure: FigureFn | None,
    width: float,
    top: float,
    bottom: float,
) -> None:
    """Draw a laid-out card below the header: intro, chains and notes, then the side panel."""
    y = top
    if laid.intro:
        flow.draw_units(pen, MARGIN, y, laid.intro)
        y -= flow.height(laid.intro)
    used = draw_chains(pen, laid.runs, chain_list, MARGIN, y, laid.chart_w, laid.scale, laid.columns)
    if laid.notes:
        flow.draw_units(pen, MARGIN, y - used - 6, laid.notes)
    filled = used + (6 + flow.height(laid.notes) if laid.notes else 0.0)
    col_w = (laid.chart_w - (laid.columns - 1) * COLUMN_GAP) / laid.columns
    if laid.under is not None:  # the chains above two columns of text
        col_w = (laid.chart_w - COLUMN_GAP) / 2
    for c, units in laid.tails.items():
        if laid.under is not None:
            chains_h = laid.under
        else:
            chains_h = run_height(laid.runs[c]) + _TAIL_GAP if c < len(laid.runs) and laid.runs[c] else 0.0
        flow.draw_units(pen, MARGIN + c * (col_w + COLUMN_GAP), y - chains_h, units)
        filled = max(filled, chains_h + flow.height(units))
    # the panel's frame starts under the header, so the intro counts as the card's text
    filled += top - y
    pen.frame("panel", MARGIN, top, laid.chart_w, top - bottom, filled)
    if laid.side is None:
        return
    sx = MARGIN + laid.chart_w + GUTTER_SIDE
    sw = width - laid.chart_w - GUTTER_SIDE
    stop = y
    if figure is not None:
        stop -= figure(pen, sx, y, sw, laid.scale) + 6
    flow.draw_units(pen, sx, stop, laid.side)
    pen.frame("side", sx, y, sw, y - bottom, y - stop + flow.height(laid.side))


def normal_rules(game: str, seat: int = 0) -> Any | None:
    """The rule list of ``game``'s ``normal`` bot in ``seat``, or ``None`` when that bot is not a list of
    priority rules (or the engine cannot make it yet)."""
    from ai.rules import RuleList

    try:
        from ai.games import get

        engine = get(game)
        player = engine.make_player("normal", seat, engine.default_config())
    except Exception:  # an engine still being built: no card rather than a traceback
        return None
    rules = getattr(player, "rules", None)
    return rules if isinstance(rules, RuleList) else None


def docstring_rulings(*modules: Any) -> list[str]:
    """The rulings written in the modules' docstrings: each item or paragraph that starts with "Ruling:"
    (or "- Ruling:"), continuation lines joined, without the label and the reST markup."""
    out = []
    for module in modules:
        lines = (module.__doc__ or "").splitlines()
        i = 0
        while i < len(lines):
            line = lines[i].strip().removeprefix("- ").replace("**Ruling**", "Ruling:").replace("::", ":")
            if line.startswith("Ruling:"):
                text = [line.removeprefix("Ruling:").strip()]
                i += 1
                while i < len(lines):
                    nxt = lines[i].strip()
                    if not nxt or nxt.startswith(("-", "Ruling", "**Ruling")):
                        break
                    text.append(nxt)
                    i += 1
                joined = " ".join(text).replace("``", "")
                out.append(re.sub(r"\*(\w[^*]*)\*", r"\1", joined))
                continue
            i += 1
    return out


#: Words that mark a docstring ruling as about the program (what "the tool" does, typing mistakes, the
#: specification's tables): left to the program's help, not printed for the table.
PROGRAM_WORDS = ("the tool", "typed", "the spec")


def table_rulings(*modules: Any) -> list[str]:
    """The docstring rulings that matter at a table, first letter lowered: those about the program itself
    (:data:`PROGRAM_WORDS`) are left to the program's help."""
    return [
        t[0].lower() + t[1:] for t in docstring_rulings(*modules) if not any(w in t for w in PROGRAM_WORDS)
    ]
