"""What the screen shows of a Prudh game: a label for the history, the setup to lay out, and the board as data
and as a rich renderable.
"""

from __future__ import annotations

from typing import Any

from ai.protocol import Event
from ai.prudh import rules
from ai.prudh.components import (
    CAPTURE_POINTS,
    FILES,
    OWNER,
    RANKS,
    RAYS,
    SEAT_NAMES,
    SIZE,
    SQUARE_NAMES,
    VARIANT_TITLES,
)
from ai.prudh.state import PrudhConfig, PrudhState
from ai.text import plural


def describe(config: PrudhConfig) -> str:
    label = VARIANT_TITLES[config.variant]
    if config.capture_points == "stack":
        label += ", captures score h"
    if config.first is not None:
        label += f", {SEAT_NAMES[config.first]} first"
    return label


def setup_events(state: PrudhState) -> list[Event]:
    variant = VARIANT_TITLES[state.config.variant]
    text = (
        f"Dark owns the dark squares (a1 is dark), Light the light ones. "
        f"Edge rule: {variant}. Captures score {CAPTURE_POINTS[state.config.capture_points]}. "
        f"{SEAT_NAMES[state.first]} moves first."
    )
    return [
        Event(
            "setup",
            text,
            table=("Put one piece on every square (36 pieces).",),
            data={
                "names": [name.lower() for name in SEAT_NAMES],
                "variant": state.config.variant,
                "capture_points": state.config.capture_points,
                "first": SEAT_NAMES[state.first].lower(),
            },
        )
    ]


def board_data(state: PrudhState, seat: int | None = None) -> dict[str, Any]:
    final = state.final_scores
    return {
        "variant": state.config.variant,
        "to_move": None if state.over else SEAT_NAMES[state.to_move].lower(),
        "first": SEAT_NAMES[state.first].lower(),
        "squares": {SQUARE_NAMES[sq]: h for sq, h in enumerate(state.board)},
        "scores": {"dark": final[0], "light": final[1]},
        "pit": state.pit,
        "removed": state.removed,
        "on_board": state.on_board(),
        "last_move": last_move_text(state),
        "legal_moves": len(state.legal),
        "over": state.over,
    }


def render(state: PrudhState, seat: int | None = None) -> Any:
    """The board drawn with rich: stack heights, dark squares in brackets, the last move marked with *."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    marked = last_move_squares(state)
    title = f"Prudh · {VARIANT_TITLES[state.config.variant]} · ply {state.plies}"
    if state.over:
        title += " · game over"
    table = Table(show_header=True, box=None, padding=(0, 0))
    table.add_column("", justify="right")
    for letter in FILES:
        table.add_column(f" {letter}  ", justify="center")
    for r in reversed(range(SIZE)):
        cells: list[Text | str] = [f"{RANKS[r]} "]
        for f in range(SIZE):
            sq = r * SIZE + f
            cells.append(_cell(state.board[sq], OWNER[sq], sq in marked))
        table.add_row(*cells)
    lines: list[Any] = [Text(title), table]
    final = state.final_scores
    you = [" (you)" if seat == s else "" for s in (0, 1)]
    score = f"Dark{you[0]} {final[0]} · Light{you[1]} {final[1]}"
    if state.config.variant == "tomio":
        score += f" · pit {state.pit}"
    score += f" · off the board {state.removed} · {SEAT_NAMES[state.first]} moved first"
    lines.append(Text(score))
    if state.last is not None and state.last_mover is not None:
        lines.append(Text(f"Last move: {SEAT_NAMES[state.last_mover]} {last_move_text(state)} (marked *)"))
    lines.append(Text("Dark squares in [brackets]; a number is a stack's height."))
    if state.over and state.winner is not None:
        lines.append(Text(f"{SEAT_NAMES[state.winner]} won. {rules.end_reason(state)}.", style="bold"))
    else:
        lines.append(Text(f"{SEAT_NAMES[state.to_move]} to move ({plural(len(state.legal), 'legal move')})."))
    return Group(*lines)


def _cell(height: int, owner: int, marked: bool) -> Any:
    from rich.text import Text

    inner = str(height) if height else " "
    text = f"[{inner}]" if owner == 0 else f" {inner} "
    text = (text + ("*" if marked else " ")).rjust(5)
    style = "bold white on grey30" if owner == 0 else "black on grey82"
    if marked:
        style += " underline"
    return Text(text, style=style)


def last_move_text(state: PrudhState) -> str | None:
    """The last move in the short notation (a slide by its landing square)."""
    move, done = state.last, state.last_outcome
    if move is None or done is None:
        return None
    if done.landing is not None:
        return f"{SQUARE_NAMES[move.square]}-{SQUARE_NAMES[done.landing]}"
    return str(move)


def last_move_squares(state: PrudhState) -> set[int]:
    """The squares the last move touched: its start, a slide's landing, a run's drops."""
    move, done = state.last, state.last_outcome
    if move is None or done is None:
        return set()
    squares = {move.square}
    if done.landing is not None:
        squares.add(done.landing)
    elif not move.is_slide:
        squares.update(RAYS[move.square][move.direction][: done.reach])
    return squares
