"""A :class:`ai.rules.RuleList` drawn as a paper automa card: a flowchart of the rules in priority order.

Each rule is a box (its number, its name and the sentence a person follows); "does not apply" arrows lead from
one rule to the next, and each box's "applies" arrow ends the decision. The text is the rule list's own, so
the card and the program can never disagree. Optional side blocks (tables, notes) fill a panel beside it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from printables import flow, fonts
from printables.flow import Block, Overflow
from printables.pdf import GREY, INK, MARGIN, Document, Pen
from printables.sheet import footer, header

BOX_FILL = (0.97, 0.95, 0.93)
STOP_FILL = (0.87, 0.93, 0.87)


def rule_lines(rule: Any, size: float, width: float) -> tuple[list[list[flow.Word]], list[list[flow.Word]]]:
    name = flow.wrap(f"Rule {rule.key}: {rule.name}".upper(), size * 1.05, width, bold=True)
    text = flow.wrap(rule.text.replace("->", "→"), size, width)
    return name, text


_PAD = 7.0
_GAP = 26.0
_STOP_W = 64.0
_ARROW_W = 30.0


def _box_height(name: list[list[flow.Word]], text: list[list[flow.Word]], size: float) -> float:
    return 2 * _PAD + len(name) * flow.leading(size * 1.05) + 3 + len(text) * flow.leading(size)


COLUMN_GAP = 16.0
#: A flowchart whose text would be smaller than this in one column beside the side panel spreads over two
#: columns of the whole page instead (the side panel is then left out).
READABLE = 8.5


def _columns(
    rules: Sequence[Any], size: float, col_w: float, height: float, columns: int
) -> list[list[Any]] | None:
    """The rules cut into at most ``columns`` consecutive runs that each fit ``height`` at ``size``, filling
    each column before the next (a column that continues ends with a "next column" line); ``None`` if they do
    not fit."""
    body = col_w - _STOP_W - _ARROW_W
    runs: list[list[Any]] = [[]]
    used = 0.0
    for rule in rules:
        name, text = rule_lines(rule, size, body - 2 * _PAD)
        h = _box_height(name, text, size)
        need = h + (_GAP if runs[-1] else 0.0)
        if runs[-1] and used + need + _GAP > height:  # room for the "next column" line below
            if len(runs) == columns:
                return None
            runs.append([])
            used, need = 0.0, h
        if need > height:
            return None
        runs[-1].append(rule)
        used += need
    return runs


def chart_layout(
    rules: Sequence[Any], width: float, height: float, columns: int = 1
) -> tuple[float, list[list[Any]]] | None:
    """The largest text size (13 pt down to 6 pt) at which the rules fit ``columns`` columns of a ``width`` by
    ``height`` area, and the runs of rules per column; ``None`` if they never fit."""
    col_w = (width - (columns - 1) * COLUMN_GAP) / columns
    size = 13.0
    while size >= 6:
        try:
            runs = _columns(rules, size, col_w, height, columns)
        except Overflow:  # a word wider than the box at this size
            runs = None
        if runs is not None:
            return size, runs
        size -= 0.25
    return None


def draw_flowchart(
    pen: Pen,
    rules: Sequence[Any],
    x: float,
    top: float,
    width: float,
    height: float,
    done: str = "do it",
    columns: int = 1,
) -> float:
    """Draw the rules from ``top`` in ``columns`` columns of a ``width`` wide area, shrinking the text to fit
    ``height``; returns the size used."""
    laid = chart_layout(rules, width, height, columns)
    if laid is None:
        raise Overflow("the rule list does not fit its card")
    size, runs = laid
    col_w = (width - (columns - 1) * COLUMN_GAP) / columns
    body = col_w - _STOP_W - _ARROW_W
    last_rule = rules[-1]
    for c, run in enumerate(runs):
        y = top
        cx = x + c * (col_w + COLUMN_GAP)
        for i, rule in enumerate(run):
            y = _draw_box(pen, rule, cx, y, body, size, done, rule is last_rule)
            if rule is last_rule:
                break
            pen.arrow(cx + body / 2, y, cx + body / 2, y - _GAP)
            label, room = "does not apply", body / 2 - 6
            if i == len(run) - 1:
                label, room = f"does not apply → rule {runs[c + 1][0].key}, next column", col_w - body / 2 - 6
            pen.text(cx + body / 2 + 5, y - _GAP / 2 - 3, label, fonts.REGULAR, 7, room, color=GREY)
            y -= _GAP
    return size


def _draw_box(
    pen: Pen, rule: Any, x: float, y: float, body: float, size: float, done: str, last: bool
) -> float:
    """One rule's box at ``y`` with its "applies" arrow to a stop pill; returns the y below the box."""
    name, text = rule_lines(rule, size, body - 2 * _PAD)
    h = _box_height(name, text, size)
    pen.rect(x, y - h, body, h, stroke=INK, fill=BOX_FILL, width=1.0, radius=5)
    ops: list[flow.Op] = []
    dy = _PAD
    for line in name:
        dy += flow.leading(size * 1.05)
        ops.append(
            flow.TextOp(_PAD, dy - size * 0.25, tuple(line), size * 1.05, body - 2 * _PAD, color=flow.ACCENT)
        )
    dy += 3
    for line in text:
        dy += flow.leading(size)
        ops.append(flow.TextOp(_PAD, dy - size * 0.22, tuple(line), size, body - 2 * _PAD))
    flow.draw_ops(pen, x, y, ops)
    mid = y - h / 2
    pen.arrow(x + body, mid, x + body + _ARROW_W, mid)
    label = "always" if last else "applies"
    pen.text(x + body + 2, mid + 3, label, fonts.REGULAR, 6.5, _ARROW_W - 3, "center", GREY)
    pill_h = 26.0
    pen.rect(x + body + _ARROW_W, mid - pill_h / 2, _STOP_W, pill_h, stroke=INK, fill=STOP_FILL, radius=9)
    pen.text(x + body + _ARROW_W, mid - 3, done, fonts.BOLD, 8.5, _STOP_W, "center")
    return y - h


def automa_page(
    doc: Document,
    title: str,
    subtitle: str,
    foot: str,
    rule_list: Any,
    side: Sequence[Block] = (),
    intro: str = "",
    figure: Callable[[Pen, float, float, float], float] | None = None,
    done: str = "do it",
    notes_title: str = "Notes",
) -> None:
    """One page: the flowchart of ``rule_list`` (with its notes below) and, if given, a side panel: ``figure``
    (drawn at the panel's top by a function of the pen, x, top and width that returns its height) above the
    ``side`` blocks. A rule list too long to stay readable beside the panel fills two columns of the whole page
    instead, without the panel."""
    pen = doc.pen
    top = header(pen, title, subtitle)
    width = pen.width - 2 * MARGIN
    bottom = MARGIN + 8
    has_side = bool(side) or figure is not None
    notes: list[Block] = []
    if rule_list.notes:
        notes = [flow.Heading(notes_title, 2), flow.Bullets(tuple(rule_list.notes))]

    def area(chart_w: float) -> tuple[list[flow.Unit], list[flow.Unit], float]:
        intro_units = flow.layout([flow.Para(intro)], chart_w, 9.0) if intro else []
        note_units = flow.layout(notes, chart_w, 8.0) if notes else []
        chart_h = top - flow.height(intro_units) - (4 if intro else 0) - bottom - flow.height(note_units) - 10
        return intro_units, note_units, chart_h

    chart_w, columns = (width * 0.6, 1) if has_side else (width, 1)
    intro_units, note_units, chart_h = area(chart_w)
    one = chart_layout(rule_list.rules, chart_w, chart_h, 1)
    if one is None or one[0] < READABLE:  # too small: two columns over the whole page, without the side panel
        wide = area(width)
        two = chart_layout(rule_list.rules, width, wide[2], 2)
        if two is not None and (one is None or two[0] > one[0]):
            chart_w, columns, has_side = width, 2, False
            intro_units, note_units, chart_h = wide
    y = top
    if intro_units:
        flow.draw_units(pen, MARGIN, y, intro_units)
        y -= flow.height(intro_units) + 4
    draw_flowchart(pen, rule_list.rules, MARGIN, y, chart_w, chart_h, done, columns)
    if note_units:
        flow.draw_units(pen, MARGIN, bottom + flow.height(note_units), note_units)
    if has_side:
        sx = MARGIN + chart_w + GUTTER_SIDE
        sw = width - chart_w - GUTTER_SIDE
        stop = top
        if figure is not None:
            stop -= figure(pen, sx, top, sw) + 6
        _, units = flow.fit(side, sw, stop - bottom, 9.0)
        flow.draw_units(pen, sx, stop, units)
    footer(pen, foot)


GUTTER_SIDE = 18.0


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


def table_rulings(*modules: Any) -> list[str]:
    """The docstring rulings that matter at a table, first letter lowered: those about what the program itself
    does ("the tool …") are left to the program's help."""
    return [t[0].lower() + t[1:] for t in docstring_rulings(*modules) if "the tool" not in t]
