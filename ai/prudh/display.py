"""What the screen shows of a Prudh game: a label for the history, the setup to lay out, and the board as data
and as a rich renderable.
"""

from __future__ import annotations

from typing import Any

from ai.protocol import Event
from ai.prudh import components, rules
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
from ai.prudh.notation import said_move
from ai.prudh.state import PrudhConfig, PrudhState
from ai.words import tr, trn


def describe(config: PrudhConfig) -> str:
    label = VARIANT_TITLES[config.variant]
    if config.capture_points == "stack":
        label = tr("{label}, captures score h", label=label)
    if config.first is not None:
        label = tr("{label}, {seat} first", label=label, seat=components.seat(config.first))
    return label


def capture_points(points: str) -> str:
    """What a capture scores under the option ``points`` (``CAPTURE_POINTS``), in the table's language."""
    return tr(CAPTURE_POINTS[points])


def setup_events(state: PrudhState) -> list[Event]:
    text = tr(
        "Dark owns the dark squares (a1 is dark), Light the light ones. Edge rule: {variant}. Captures score "
        "{points}. {seat} moves first.",
        variant=VARIANT_TITLES[state.config.variant],
        points=capture_points(state.config.capture_points),
        seat=components.seat(state.first),
    )
    return [
        Event(
            "setup",
            text,
            table=(tr("Put one piece on every square (36 pieces)."),),
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
    from rich.table import Table
    from rich.text import Text

    from ai.grid import Board

    marked = last_move_squares(state)
    variant = VARIANT_TITLES[state.config.variant]
    if state.over:
        title = tr("Prudh · {variant} · ply {n} · game over", variant=variant, n=state.plies)
    else:
        title = tr("Prudh · {variant} · ply {n}", variant=variant, n=state.plies)
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
    dark = tr("Dark (you)") if seat == 0 else tr("Dark")
    light = tr("Light (you)") if seat == 1 else tr("Light")
    lines.append(
        Text(
            tr(
                "{dark} {dark_score} · {light} {light_score}{pit} · off the board {removed} · {first} moves first",
                dark=dark,
                dark_score=final[0],
                light=light,
                light_score=final[1],
                pit=tr(" · pit {pit}", pit=state.pit) if state.config.variant == "tomio" else "",
                removed=state.removed,
                first=components.seat(state.first),
            )
        )
    )
    if state.last is not None and state.last_mover is not None:
        lines.append(
            Text(
                tr(
                    "Last move: {seat} {move} (marked *)",
                    seat=components.seat(state.last_mover),
                    move=last_move_text(state, said=True),
                )
            )
        )
    lines.append(Text(tr("Dark squares in [brackets]; a number is a stack's height.")))
    if state.over and state.winner is not None:
        lines.append(
            Text(
                tr(
                    "{winner} won. {reason}.",
                    winner=components.seat(state.winner),
                    reason=rules.end_reason(state),
                ),
                style="bold",
            )
        )
    else:
        lines.append(
            Text(
                trn(
                    "{seat} to move ({n} legal move).",
                    "{seat} to move ({n} legal moves).",
                    len(state.legal),
                    seat=components.seat(state.to_move),
                )
            )
        )
    return Board(*lines)


def _cell(height: int, owner: int, marked: bool) -> Any:
    from rich.text import Text

    inner = str(height) if height else " "
    text = f"[{inner}]" if owner == 0 else f" {inner} "
    text = (text + ("*" if marked else " ")).rjust(5)
    style = "bold white on grey30" if owner == 0 else "black on grey82"
    if marked:
        style += " underline"
    return Text(text, style=style)


def last_move_text(state: PrudhState, said: bool = False) -> str | None:
    """The last move in the short notation (a slide by its landing square); ``said``: a run in the table's words,
    as the board says it (``--json`` keeps the notation)."""
    move, done = state.last, state.last_outcome
    if move is None or done is None:
        return None
    if done.landing is not None:
        return f"{SQUARE_NAMES[move.square]}-{SQUARE_NAMES[done.landing]}"
    return said_move(move) if said else str(move)


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
