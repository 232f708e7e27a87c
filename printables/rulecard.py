"""A bot's :class:`ai.rules.RuleList` drawn as a paper card a person can run without the program.

The rules are grouped by the decision they answer (drawing, sending a convoy, inspecting…): one short chain
per decision, each box a rule (its number, its name and the sentence a person follows, the rule list's own
text, so the card and the program say the same) with an arrow to the action it takes ("→ inspect the convoy"),
and a "does not apply" arrow to the next rule. Optional side blocks (tables, notes) fill a panel beside the
chains.

A list made of chains (:meth:`ai.rules.RuleList.of_chains`) IS the card: its chains in their order, each box
a rule's number, name, text and :attr:`ai.rules.Rule.action`, the last box the chain's own "Otherwise"; the
program reads the same chains when it plays. A list without chains (the Propuh automaton, one decision) is
drawn from a :class:`Decision` list naming its rules and their actions; where the bot's own list has no
"Otherwise" for a decision, the card's is added and marked "(card)".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from printables import flow, fonts
from printables.flow import Block, Overflow
from printables.i18n import text, tr
from printables.pdf import GREY, INK, MARGIN, Document, Pen
from printables.sheet import footer, header

BOX_FILL = (0.97, 0.95, 0.93)
STOP_FILL = (0.87, 0.93, 0.87)


@dataclass(frozen=True)
class Step:
    """One box of a chain: a rule of the bot's list (by key) and the action it takes."""

    key: str
    action: str


@dataclass(frozen=True)
class Decision:
    """A decision point: its title, the bot's rules that answer it in order, and the card's own "Otherwise"
    action when the last of them does not always apply."""

    title: str
    steps: tuple[Step, ...]
    otherwise: str = ""


@dataclass(frozen=True)
class Box:
    key: str
    name: str
    text: str
    action: str
    last: bool


def chains(rule_list: Any, decisions: Sequence[Decision] = ()) -> list[tuple[str, list[Box]]]:
    """The card's chains of boxes: the rule list's own chains when it has them (``decisions`` is then not
    read), else the decisions drawn from its rules, and rules no decision names in a last chain (so nothing
    the bot does is left off the card)."""
    if rule_list.chains:
        return [own_chain(chain) for chain in rule_list.chains]
    by_key = {rule.key: rule for rule in rule_list.rules}
    used: set[str] = set()
    out: list[tuple[str, list[Box]]] = []
    for decision in decisions:
        boxes = []
        for step in decision.steps:
            rule = by_key.get(step.key)
            if rule is None:
                continue
            used.add(step.key)
            boxes.append(Box(rule.key, text(rule.name), text(_arrows(rule.text)), text(step.action), False))
        if decision.otherwise:
            boxes.append(
                Box("", tr("Otherwise"), tr("(this card's own rule)"), text(decision.otherwise), True)
            )
        if boxes:
            last = boxes[-1]
            boxes[-1] = Box(last.key, last.name, last.text, last.action, True)
            out.append((text(decision.title), boxes))
    rest = [r for r in rule_list.rules if r.key not in used]
    if rest:
        boxes = [Box(r.key, text(r.name), text(r.text), tr("do it"), False) for r in rest]
        boxes[-1] = Box(rest[-1].key, text(rest[-1].name), text(rest[-1].text), tr("do it"), True)
        out.append((tr("Other rules"), boxes))
    return out


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


_PAD = 5.0
_GAP = 16.0
_ARROW_W = 22.0
COLUMN_GAP = 14.0


def _box_lines(box: Box, size: float, body: float, pill: float) -> tuple[list[Any], list[Any], list[Any]]:
    title = f"{tr('Rule {key}', key=box.key)}: {box.name}" if box.key else box.name
    name = flow.wrap(title, size, body - 2 * _PAD, bold=True)
    text = flow.wrap(box.text, size, body - 2 * _PAD)
    action = flow.wrap("→ " + box.action, size, pill - 2 * _PAD, bold=True)
    return name, text, action


def _box_height(box: Box, size: float, body: float, pill: float) -> float:
    name, text, action = _box_lines(box, size, body, pill)
    return max(
        2 * _PAD + (len(name) + len(text)) * flow.leading(size), 2 * _PAD + len(action) * flow.leading(size)
    )


def _heading_height(size: float) -> float:
    return flow.leading(size * 1.15) + 4


@dataclass(frozen=True)
class _Item:
    chain: int
    box: Box | None  # None: the decision's heading
    height: float


def _items(chain_list: list[tuple[str, list[Box]]], size: float, col_w: float) -> list[_Item]:
    body, pill = _widths(col_w)
    items = []
    for c, (_, boxes) in enumerate(chain_list):
        items.append(_Item(c, None, _heading_height(size)))
        for box in boxes:
            items.append(_Item(c, box, _box_height(box, size, body, pill) + (0 if box.last else _GAP)))
    return items


def _widths(col_w: float) -> tuple[float, float]:
    pill = col_w * 0.34
    return col_w - pill - _ARROW_W, pill


def _place(items: list[_Item], height: float, columns: int) -> list[list[_Item]] | None:
    """Items in at most ``columns`` columns, a decision never split; ``None`` if they do not fit."""
    runs: list[list[_Item]] = [[]]
    used = 0.0
    groups: list[list[_Item]] = []
    for item in items:
        if item.box is None:
            groups.append([])
        groups[-1].append(item)
    for group in groups:
        need = sum(i.height for i in group) + (8 if runs[-1] else 0)
        if used + need > height:
            if len(runs) == columns or not runs[-1]:
                return None
            runs.append([])
            used, need = 0.0, need - 8
        if need > height:
            return None
        runs[-1].extend(group)
        used += need
    return runs


def draw_chains(
    pen: Pen,
    runs: list[list[_Item]],
    chain_list: list[tuple[str, list[Box]]],
    x: float,
    top: float,
    width: float,
    size: float,
    columns: int,
) -> float:
    """Draw the placed chains; returns the height the tallest column used."""
    col_w = (width - (columns - 1) * COLUMN_GAP) / columns
    body, pill = _widths(col_w)
    tallest = 0.0
    for c, run in enumerate(runs):
        cx = x + c * (col_w + COLUMN_GAP)
        y = top
        for item in run:
            if item.box is None:
                if y < top:
                    y -= 8
                title = chain_list[item.chain][0]
                hs = flow.fit_size(title, col_w, size * 1.15, 6, bold=True)
                pen.text(cx, y - hs, title, fonts.BOLD, hs, col_w, color=flow.ACCENT)
                y -= item.height
                continue
            y = _draw_box(pen, item.box, cx, y, body, pill, size)
        tallest = max(tallest, top - y)
    return tallest


def _draw_box(pen: Pen, box: Box, x: float, y: float, body: float, pill: float, size: float) -> float:
    """One rule's box at ``y`` with its arrow to the action; returns the y below it (and its arrow down)."""
    name, text, action = _box_lines(box, size, body, pill)
    h = _box_height(box, size, body, pill)
    pen.rect(x, y - h, body, h, stroke=INK, fill=BOX_FILL, width=0.8, radius=4)
    ops: list[flow.Op] = []
    dy = _PAD - size * 0.22
    for line in name:
        dy += flow.leading(size)
        ops.append(flow.TextOp(_PAD, dy, tuple(line), size, body - 2 * _PAD, color=flow.ACCENT))
    for line in text:
        dy += flow.leading(size)
        ops.append(flow.TextOp(_PAD, dy, tuple(line), size, body - 2 * _PAD))
    flow.draw_ops(pen, x, y, ops)
    mid = y - h / 2
    pen.arrow(x + body + 2, mid, x + body + _ARROW_W - 2, mid)
    px = x + body + _ARROW_W
    ph = len(action) * flow.leading(size) + 2 * _PAD
    pen.rect(px, mid - ph / 2, pill, ph, stroke=INK, fill=STOP_FILL, radius=6)
    ops = [
        flow.TextOp(
            _PAD, _PAD - size * 0.22 + (i + 1) * flow.leading(size), tuple(line), size, pill - 2 * _PAD
        )
        for i, line in enumerate(action)
    ]
    flow.draw_ops(pen, px, mid + ph / 2, ops)
    if box.last:
        return y - h
    pen.arrow(x + body / 2, y - h, x + body / 2, y - h - _GAP + 1)
    label = tr("does not apply")
    ls = min(size * 0.8, 7.5)
    pen.text(
        x + body / 2 + 4, y - h - _GAP / 2 - ls * 0.35, label, fonts.REGULAR, ls, body / 2 - 6, color=GREY
    )
    return y - h - _GAP


def automa_page(
    doc: Document,
    title: str,
    subtitle: str,
    foot: str,
    rule_list: Any,
    decisions: Sequence[Decision] = (),
    side: Sequence[Block] = (),
    intro: str = "",
    figure: Callable[[Pen, float, float, float], float] | None = None,
    notes_title: str = "Notes",
    notes: Sequence[str] | None = None,
) -> None:
    """One page: the card's chains (:func:`chains`: the rule list's own, or ``decisions`` for a list without
    chains), with the rule list's notes, or ``notes``, below, and, if given, a side panel:
    ``figure`` (drawn at the panel's top by a function of the pen, x, top and width that returns its height)
    above the ``side`` blocks, at the chains' size. Chains too long to stay readable beside the panel fill
    two columns of the whole page, the panel below them."""
    pen = doc.pen
    top = header(pen, title, subtitle)
    width = pen.width - 2 * MARGIN
    bottom = MARGIN + 8
    chain_list = chains(rule_list, decisions)
    note_texts = tuple(rule_list.notes if notes is None else notes)
    note_blocks: list[Block] = []
    if note_texts:
        note_blocks = [flow.Heading(notes_title, 2), flow.Bullets(note_texts)]
    has_side = bool(side) or figure is not None
    intro_blocks: list[Block] = [flow.Para(intro)] if intro else []
    # beside a side panel: the share of the width that lets the panel's text be largest (closest to the
    # chains' size) while the chains stay readable
    share, one, best = 1.0, None, -1.0
    for r in SHARES if has_side else (1.0,):
        laid_r = _fit_page(chain_list, note_blocks, intro_blocks, width, width * r, 1, top, bottom)
        if laid_r is None or laid_r[0] < READABLE:
            continue
        room = top - flow.height(laid_r[2]) - bottom
        side_size = (
            _side_size(side, figure, width * (1 - r) - GUTTER_SIDE, room, laid_r[0]) if has_side else 0
        )
        if side_size > best:
            share, one, best = r, laid_r, side_size
    columns, chart_w, extra = 1, width * share, list(note_blocks)
    if one is None or one[0] < READABLE:  # too small beside the panel: two columns, the panel's text below
        extra = [*note_blocks, *side]
        two = _fit_page(chain_list, extra, intro_blocks, width, width, 2, top, bottom)
        if two is None:
            raise Overflow("the rule list does not fit its card")
        columns, chart_w, has_side, laid = 2, width, False, two
    else:
        laid = one
    size, runs, intro_units, note_units = laid
    y = top
    if intro_units:
        flow.draw_units(pen, MARGIN, y, intro_units)
        y -= flow.height(intro_units)
    used = draw_chains(pen, runs, chain_list, MARGIN, y, chart_w, size, columns)
    if note_units:
        flow.draw_units(pen, MARGIN, y - used - 6, note_units)
    pen.frame("panel", MARGIN, y, chart_w, y - bottom, used + 6 + flow.height(note_units))
    if has_side:
        sx = MARGIN + chart_w + GUTTER_SIDE
        sw = width - chart_w - GUTTER_SIDE
        stop = y
        if figure is not None:
            stop -= figure(pen, sx, y, sw) + 6
        # the chains' size when the panel fits at it, else the largest that fits
        _, units = flow.fit(side, sw, stop - bottom, size)
        flow.draw_units(pen, sx, stop, units)
        pen.frame("side", sx, stop, sw, stop - bottom, flow.height(units))
    footer(pen, foot)


GUTTER_SIDE = 16.0
#: The chains' share of the width beside a side panel, tried in this order.
SHARES = (0.62, 0.56, 0.5)


def _side_size(
    side: Sequence[Block],
    figure: Callable[[Pen, float, float, float], float] | None,
    width: float,
    height: float,
    size: float,
) -> float:
    """The size the side panel's text gets in a ``width`` × ``height`` panel (at most ``size``); the figure
    is measured by drawing it on a scratch page."""
    if figure is not None:
        from printables.pdf import new_scratch_pen

        height -= figure(new_scratch_pen(), 0, 800, width) + 6
    try:
        return flow.fit(side, width, height, size)[0]
    except Overflow:
        return 0.0


#: The largest text on a bot card, and the smallest that stays in one column beside the side panel.
LARGEST = 14.0
READABLE = 8.5


def _fit_page(
    chain_list: list[tuple[str, list[Box]]],
    notes: Sequence[Block],
    intro: Sequence[Block],
    width: float,
    chart_w: float,
    columns: int,
    top: float,
    bottom: float,
) -> tuple[float, list[list[_Item]], list[flow.Unit], list[flow.Unit]] | None:
    """The largest size (0.25 pt steps from :data:`LARGEST` down to 6 pt, found by bisection: a smaller size
    never needs more room) at which the intro (full width), the chains and the notes below them fit."""

    def attempt(size: float) -> tuple[float, list[list[_Item]], list[flow.Unit], list[flow.Unit]] | None:
        intro_units = flow.layout(intro, width, size)
        try:
            note_units = flow.layout(notes, chart_w, size)
        except Overflow:
            return None
        chart_h = top - flow.height(intro_units) - bottom - flow.height(note_units) - 6
        col_w = (chart_w - (columns - 1) * COLUMN_GAP) / columns
        try:
            runs = _place(_items(chain_list, size, col_w), chart_h, columns)
        except Overflow:
            return None
        return None if runs is None else (size, runs, intro_units, note_units)

    steps = int((LARGEST - 6) / 0.25)
    low, high = 0, steps + 1  # attempt(LARGEST - k * 0.25) fits for k >= answer
    best = None
    while low < high:
        mid = (low + high) // 2
        laid = attempt(LARGEST - mid * 0.25)
        if laid is not None:
            best, high = laid, mid
        else:
            low = mid + 1
    return best


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
