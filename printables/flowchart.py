"""A bot card's chains drawn as a flowchart at one type scale: each rule a box (its number, name and text)
with an arrow to a pill holding its action, a "does not apply" arrow down to the next rule, the chains
placed in columns, a decision never split.

:class:`Scale` is the one type scale of every bot card (``printables.rulecard`` lays the page out with it;
``printables.layoutcheck`` measures it on every card page).
"""

from __future__ import annotations

from dataclasses import dataclass

from printables import flow, fonts, i18n, measure
from printables.i18n import tr
from printables.pdf import GREY, INK, Pen

BOX_FILL = (0.97, 0.95, 0.93)
STOP_FILL = (0.87, 0.93, 0.87)


@dataclass(frozen=True)
class Box:
    """One box of a chain: a rule's number, name and text, the action it takes, and whether it is the last
    of its chain (no "does not apply" arrow below it)."""

    key: str
    name: str
    text: str
    action: str
    last: bool


_PAD = 5.0
_GAP = 16.0
_ARROW_W = 22.0
COLUMN_GAP = 14.0

#: The one type scale of every bot card. Everything on the card is at its body size (the rules' boxes and
#: actions, the intro, the notes, the side panel and its tables), the largest step of 0.5 pt from
#: :data:`LARGEST` down to :data:`SMALLEST` at which the whole card fits its page; every heading (a decision's
#: title, the notes' and the side panel's headings, a figure's title) is :data:`HEADING_STEP` above it, bold;
#: the "does not apply" labels and a figure's small print are at :data:`SMALL` (or the body size, if
#: smaller). The page's title, subtitle and footer are those of every document. A card that one page holds
#: only below :data:`READABLE` takes two pages (``printables.rulecard.card_pages``).
LARGEST = 14.0
SMALLEST = 6.0
#: The smallest body size a person reads at arm's length, a pencil in hand.
READABLE = 9.0
STEP = 0.5
HEADING_STEP = 2.0
SMALL = 7.0


@dataclass(frozen=True)
class Scale:
    """The sizes of one card: its body, its headings and its small print."""

    body: float

    @property
    def heading(self) -> float:
        return self.body + HEADING_STEP

    @property
    def small(self) -> float:
        return min(SMALL, self.body)


@i18n.remembered
def _box_lines(
    box: Box, size: float, body: float, pill: float
) -> tuple[tuple[measure.Line, ...], tuple[measure.Line, ...], tuple[measure.Line, ...]]:
    title = tr("Rule {key}: {name}", key=box.key, name=box.name) if box.key else box.name
    name = measure.wrap(title, size, body - 2 * _PAD, bold=True)
    text = measure.wrap(box.text, size, body - 2 * _PAD)
    action = measure.wrap("→ " + box.action, size, pill - 2 * _PAD, bold=True)
    return name, text, action


def _box_height(box: Box, size: float, body: float, pill: float) -> float:
    name, text, action = _box_lines(box, size, body, pill)
    return max(
        2 * _PAD + (len(name) + len(text)) * flow.leading(size), 2 * _PAD + len(action) * flow.leading(size)
    )


def title_units(title: str, scale: Scale, width: float) -> list[flow.Unit]:
    """A title (a decision's, a figure's) as lines of the card's heading size, bold, in the accent colour."""
    return flow.text_units(title, scale.heading, width, bold=True, color=flow.ACCENT)


@dataclass(frozen=True)
class Item:
    chain: int
    box: Box | None  # None: the decision's heading
    height: float


def items(chain_list: list[tuple[str, list[Box]]], scale: Scale, col_w: float) -> list[Item]:
    body, pill = _widths(col_w, chain_list, scale.body)
    items = []
    for c, (title, boxes) in enumerate(chain_list):
        heading = flow.height(title_units(title, scale, col_w)) + 4
        items.append(Item(c, None, heading))
        for box in boxes:
            items.append(Item(c, box, _box_height(box, scale.body, body, pill) + (0 if box.last else _GAP)))
    return items


def _widths(col_w: float, chain_list: list[tuple[str, list[Box]]], size: float) -> tuple[float, float]:
    """The widths of a rule's box and of its action's pill in a column: the pill a third of it, or wider if an
    action has a longer word (French and Russian have some)."""
    actions = (measure.widest_word(box.action, size, True) for _, boxes in chain_list for box in boxes)
    widest = max((w for w in actions if w is not None), default=0.0)
    pill = max(col_w * 0.34, widest + 2 * _PAD + 1)
    return col_w - pill - _ARROW_W, pill


def place(items: list[Item], height: float, columns: int) -> list[list[Item]] | None:
    """Items in at most ``columns`` columns, a decision never split; ``None`` if they do not fit."""
    runs: list[list[Item]] = [[]]
    used = 0.0
    groups: list[list[Item]] = []
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
    runs: list[list[Item]],
    chain_list: list[tuple[str, list[Box]]],
    x: float,
    top: float,
    width: float,
    scale: Scale,
    columns: int,
) -> float:
    """Draw the placed chains; returns the height the tallest column used."""
    col_w = (width - (columns - 1) * COLUMN_GAP) / columns
    body, pill = _widths(col_w, chain_list, scale.body)
    tallest = 0.0
    for c, run in enumerate(runs):
        cx = x + c * (col_w + COLUMN_GAP)
        y = top
        for item in run:
            if item.box is None:
                if y < top:
                    y -= 8
                flow.draw_units(pen, cx, y, title_units(chain_list[item.chain][0], scale, col_w))
                y -= item.height
                continue
            y = _draw_box(pen, item.box, cx, y, body, pill, scale)
        tallest = max(tallest, top - y)
    return tallest


def _draw_box(pen: Pen, box: Box, x: float, y: float, body: float, pill: float, scale: Scale) -> float:
    """One rule's box at ``y`` with its arrow to the action; returns the y below it (and its arrow down)."""
    size = scale.body
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
    ls = scale.small
    # the gap between two boxes is free across the column: the label may run on under the action's pill
    room = body / 2 - 6 + _ARROW_W + pill
    pen.text(x + body / 2 + 4, y - h - _GAP / 2 - ls * 0.35, label, fonts.REGULAR, ls, room, color=GREY)
    return y - h - _GAP


def card_heading(size: float, level: int) -> float:
    """A heading's size on a bot card (for :func:`printables.flow.headings`): a step of the card's scale above
    its body, at any level."""
    return Scale(size).heading


def run_height(run: list[Item]) -> float:
    """The height a column of chains takes as :func:`draw_chains` draws it (8 pt between two decisions)."""
    headings = sum(1 for item in run if item.box is None)
    return sum(item.height for item in run) + 8 * max(headings - 1, 0)
