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


def flowchart_height(rules: Sequence[Any], size: float, width: float) -> float:
    body = width - _STOP_W - _ARROW_W
    total = 0.0
    for rule in rules:
        name, text = rule_lines(rule, size, body - 2 * _PAD - _BADGE)
        total += _box_height(name, text, size) + _GAP
    return total - _GAP


_PAD = 7.0
_BADGE = 0.0
_GAP = 26.0
_STOP_W = 64.0
_ARROW_W = 30.0


def _box_height(name: list[list[flow.Word]], text: list[list[flow.Word]], size: float) -> float:
    return 2 * _PAD + len(name) * flow.leading(size * 1.05) + 3 + len(text) * flow.leading(size)


def draw_flowchart(
    pen: Pen, rules: Sequence[Any], x: float, top: float, width: float, height: float, done: str = "do it"
) -> float:
    """Draw the rules from ``top`` in a column ``width`` wide, shrinking the text to fit ``height``; returns the
    size used."""
    size = 13.0
    while flowchart_height(rules, size, width) > height:
        size -= 0.25
        if size < 6:
            raise Overflow("the rule list does not fit its card")
    body = width - _STOP_W - _ARROW_W
    y = top
    for i, rule in enumerate(rules):
        name, text = rule_lines(rule, size, body - 2 * _PAD)
        h = _box_height(name, text, size)
        pen.rect(x, y - h, body, h, stroke=INK, fill=BOX_FILL, width=1.0, radius=5)
        ops: list[flow.Op] = []
        dy = _PAD
        for line in name:
            dy += flow.leading(size * 1.05)
            ops.append(
                flow.TextOp(
                    _PAD, dy - size * 0.25, tuple(line), size * 1.05, body - 2 * _PAD, color=flow.ACCENT
                )
            )
        dy += 3
        for line in text:
            dy += flow.leading(size)
            ops.append(flow.TextOp(_PAD, dy - size * 0.22, tuple(line), size, body - 2 * _PAD))
        flow.draw_ops(pen, x, y, ops)
        # "applies" arrow to a stop pill
        mid = y - h / 2
        last = i == len(rules) - 1
        pen.arrow(x + body, mid, x + body + _ARROW_W, mid)
        label = "always" if last else "applies"
        pen.text(x + body + 2, mid + 3, label, fonts.REGULAR, 6.5, _ARROW_W - 3, "center", GREY)
        pill_h = 26.0
        pen.rect(x + body + _ARROW_W, mid - pill_h / 2, _STOP_W, pill_h, stroke=INK, fill=STOP_FILL, radius=9)
        pen.text(x + body + _ARROW_W, mid - 3, done, fonts.BOLD, 8.5, _STOP_W, "center")
        y -= h
        if not last:
            pen.arrow(x + body / 2, y, x + body / 2, y - _GAP)
            pen.text(
                x + body / 2 + 5,
                y - _GAP / 2 - 3,
                "does not apply",
                fonts.REGULAR,
                7,
                body / 2 - 6,
                color=GREY,
            )
            y -= _GAP
    return size


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
    ``side`` blocks."""
    pen = doc.pen
    top = header(pen, title, subtitle)
    width = pen.width - 2 * MARGIN
    bottom = MARGIN + 8
    chart_w = width * 0.6 if side or figure is not None else width
    y = top
    if intro:
        units = flow.layout([flow.Para(intro)], chart_w, 9.0)
        flow.draw_units(pen, MARGIN, y, units)
        y -= flow.height(units) + 4
    notes: list[Block] = []
    if rule_list.notes:
        notes = [flow.Heading(notes_title, 2), flow.Bullets(tuple(rule_list.notes))]
    note_units = flow.layout(notes, chart_w, 8.0) if notes else []
    note_h = flow.height(note_units)
    chart_h = y - bottom - note_h - 10
    draw_flowchart(pen, rule_list.rules, MARGIN, y, chart_w, chart_h, done)
    if note_units:
        flow.draw_units(pen, MARGIN, bottom + note_h, note_units)
    if side or figure is not None:
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
