"""The pages as a pen drew them, measured: text off the page or overlapping, frames overfull or too empty,
rule-sheet columns unbalanced, text too small, name fields too short (``printables.pdfcheck`` reads the PDF
file's structure; this reads the pen's log)."""

from __future__ import annotations

from collections import Counter
from typing import Any

#: A card or a side panel may be at most this much empty.
MOST_EMPTY = 1 / 3
#: A rule-sheet column before the last page is at least this full (a block kept whole may leave a gap).
COLUMN_FULL = 0.8
#: The smallest body text on a rule sheet.
RULE_BODY = 9.5
#: The smallest body text on a player aid, read at arm's length: the Russian and French aids on Letter, the
#: longest, must hold it too.
AID_BODY = 8.0
#: The smallest text on a score pad, its footer's size: headers and "How to score" boxes in Russian and French
#: included.
PAD_TEXT = 6.5
#: The shortest line to write a name on: 35 mm.
NAME_FIELD = 35 * 72 / 25.4


def _box(d: Any) -> tuple[float, float, float, float]:
    """A drawn text's ink box: from its descent to its cap height."""
    return (d.x, d.y - 0.22 * d.size, d.x + d.width, d.y + 0.72 * d.size)


def _inside(d: Any, f: Any) -> bool:
    return bool(f.x - 0.5 <= d.x <= f.x + f.width + 0.5 and f.top - f.height - 1 <= d.y <= f.top + 1)


def layout_problems(pen: Any, kind: str) -> list[str]:
    """What is wrong with the pages a pen drew (a document of ``kind``: rules, aid, scorepad, automa): text
    off the page or overlapping other text, frames overfull, cards and panels more than a third empty (but
    the emptier page of a bot card on two pages), rule-sheet columns unbalanced, body text smaller than
    9.5 pt on a rule sheet, 8 pt on a player aid or 6.5 pt on a score pad, more than one body size on a sheet of cards, a bot card's text off its type
    scale, name fields shorter than 35 mm."""
    problems: list[str] = []
    by_page: dict[int, list[Any]] = {}
    for d in pen.log:
        by_page.setdefault(d.page, []).append(d)
        x0, y0, x1, y1 = _box(d)
        if x0 < -0.01 or x1 > pen.width + 0.01 or y0 < 0 or y1 > pen.height:
            problems.append(f"page {d.page}: {d.text!r} leaves the page")
    for page, drawn in by_page.items():
        boxes = sorted((_box(d), d.text) for d in drawn)
        for i, ((ax0, ay0, ax1, ay1), text) in enumerate(boxes):
            for (bx0, by0, bx1, by1), other in boxes[i + 1 :]:
                if bx0 >= ax1 - 0.3:
                    break
                if min(ay1, by1) - max(ay0, by0) > 0.5 and min(ax1, bx1) - max(ax0, bx0) > 0.3:
                    problems.append(f"page {page}: {text!r} overlaps {other!r}")
    # a bot card on two pages is at the one scale its fuller page allows: the other holds what it holds
    panels = [f for f in pen.frames if f.kind == "panel"] if kind == "automa" else []
    slack = (
        {f.page for f in panels} - {max(panels, key=lambda f: f.used / f.height).page} if panels else set()
    )
    for f in pen.frames:
        if f.used > f.height + 0.01:
            problems.append(f"page {f.page}: a {f.kind} holds {f.used:.0f} pt in {f.height:.0f} pt")
        if f.kind in ("card", "panel") and f.used < (1 - MOST_EMPTY) * f.height and f.page not in slack:
            problems.append(f"page {f.page}: a {f.kind} is {1 - f.used / f.height:.0%} empty")
    columns = [f for f in pen.frames if f.kind == "column"]
    if columns:
        last = max(f.page for f in columns)
        for f in columns:
            if f.page < last and f.used < COLUMN_FULL * f.height:
                problems.append(f"page {f.page}: a column is {1 - f.used / f.height:.0%} empty")
        end = [f for f in columns if f.page == last]
        if len(end) == 2 and end[1].used < end[0].used - 0.25 * end[0].height:
            problems.append(f"page {last}: columns of {end[0].used:.0f} and {end[1].used:.0f} pt")
        small = {d.size for d in pen.log for f in columns if d.page == f.page and _inside(d, f)}
        if small and min(small) < RULE_BODY - 0.01:
            problems.append(f"rule sheet text at {min(small)} pt")
    cards = [f for f in pen.frames if f.kind == "card"]
    sizes = {round(d.size, 2) for d in pen.log for f in cards if d.page == f.page and _inside(d, f)}
    if len(sizes) > 3:
        problems.append(f"card text at {len(sizes)} sizes: {sorted(sizes)}")
    inside = Counter(round(d.size, 2) for d in pen.log for f in cards if d.page == f.page and _inside(d, f))
    if kind == "aid" and inside and (body := inside.most_common(1)[0][0]) < AID_BODY - 0.01:
        problems.append(f"player aid text at {body} pt")
    if kind == "scorepad" and (pad := {d.size for d in pen.log}) and min(pad) < PAD_TEXT - 0.01:
        problems.append(f"score pad text at {min(pad)} pt")
    if kind == "automa":
        problems += scale_problems(pen)
    for b in pen.blanks:
        if b.name and b.width < NAME_FIELD:
            problems.append(f"page {b.page}: the field {b.label!r} is {b.width / 72 * 25.4:.0f} mm")
    return problems


def scale_problems(pen: Any) -> list[str]:
    """A bot card's texts (inside its panel and side frames: everything but the page's title band and
    footer) at one type scale (:class:`printables.flowchart.Scale`): a body size, headings a step above it,
    small print; nothing else."""
    from printables.flowchart import HEADING_STEP, SMALLEST, STEP, Scale

    problems = []
    frames = [f for f in pen.frames if f.kind in ("panel", "side")]
    for page in sorted({f.page for f in frames}):
        sizes = {
            round(d.size, 2) for d in pen.log for f in frames if f.page == page == d.page and _inside(d, f)
        }
        scale = Scale(max(sizes) - HEADING_STEP)
        steps = (scale.body - SMALLEST) / STEP
        if abs(steps - round(steps)) > 0.01 or sizes - {scale.heading, scale.body, scale.small}:
            problems.append(f"page {page}: a bot card's text at {sorted(sizes)} pt, not one type scale")
    return problems
