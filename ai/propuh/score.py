"""Propuh's final count: no points, a side's goals done, and the tokens on the board (the ``end`` event's
breakdown, and the lines the table reads at the end)."""

from __future__ import annotations

from collections.abc import Sequence

from ai.propuh.components import GRANNY, LOCS, PROPUH, ROLE_NAMES, granny_goals, propuh_goals


def tokens_data(tokens: Sequence[Sequence[int]]) -> dict[str, dict[str, int]]:
    return {
        ROLE_NAMES[seat].lower(): {loc.title.lower(): tokens[seat][loc] for loc in LOCS}
        for seat in (GRANNY, PROPUH)
    }


def end_lines(tokens: Sequence[Sequence[int]]) -> tuple[str, ...]:
    """Each side's breakdown at the end, a line for its goals and one for its tokens (the last board shown
    predates the final tokens)."""
    goals = {GRANNY: granny_goals(tokens), PROPUH: propuh_goals(tokens)}
    lines = []
    for seat, colour in ((GRANNY, "green"), (PROPUH, "red")):
        done = [goal.split(" (")[0] for goal, ok in goals[seat].items() if ok]
        names = f": {', '.join(done)}" if done else ""
        lines.append(f"{ROLE_NAMES[seat]}: {len(done)} of {len(goals[seat])} goals done{names}.")
        where = (loc.title if seat == GRANNY else loc.propuh_title for loc in LOCS)
        counts = " · ".join(f"{title} {tokens[seat][loc]}" for title, loc in zip(where, LOCS, strict=True))
        lines.append(f"  {colour} tokens: {counts}")
    return tuple(lines)
