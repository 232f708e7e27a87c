"""Propuh's final count: no points, a side's goals done, and the tokens on the board (the ``end`` event's
breakdown, and the lines the table reads at the end)."""

from __future__ import annotations

from collections.abc import Sequence

from ai.propuh.components import (
    GRANNY,
    LOCS,
    PROPUH,
    ROLE_NAMES,
    granny_goals,
    loc_name,
    propuh_goals,
    role_name,
)
from ai.words import tr, trn


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
    for seat in (GRANNY, PROPUH):
        done = [goal_name(goal) for goal, ok in goals[seat].items() if ok]
        fields = {"name": role_name(seat), "all": len(goals[seat]), "goals": ", ".join(done)}
        if done:
            said = trn(
                "{name}: {n} of {all} goals done: {goals}.",
                "{name}: {n} of {all} goals done: {goals}.",
                len(done),
                **fields,
            )
        else:
            said = tr("{name}: 0 of {all} goals done.", **fields)
        lines.append(said)
        counts = " · ".join(f"{loc_name(loc, seat)} {tokens[seat][loc]}" for loc in LOCS)
        if seat == GRANNY:
            lines.append("  " + tr("green tokens: {counts}", counts=counts))
        else:
            lines.append("  " + tr("red tokens: {counts}", counts=counts))
    return tuple(lines)


def goal_name(goal: str) -> str:
    """A goal's short name in the table's language, from its English key (``granny_goals``): ``cook sarma``."""
    return tr(goal).split(" (")[0]
