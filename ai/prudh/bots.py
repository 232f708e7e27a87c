"""Heuristic Prudh players as ordered, explained priority rules (``normal``; ``easy`` adds noise).

Each rule looks one move ahead: what the move scores, whether it ends the game, and the largest capture the
opponent could answer with. Moves that would end the game in a loss are set aside while any other is left.
``NORMAL_RULES`` is the rule list printables show as an automa card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ai.prudh.board import SEAT_SQUARES
from ai.prudh.rules import Move, PrudhState, apply, legal_codes, play_code
from ai.rules import Rule, RuleList, RulePlayer


@dataclass(frozen=True, slots=True)
class Look:
    """One legal move seen one move ahead, from the mover's side."""

    move: Move
    points: int
    ends: bool  # the opponent cannot answer: the game ends
    wins: bool  # ... and the mover wins it
    threat: int  # the largest capture the opponent could answer with
    tallest: int  # the mover's tallest stack on its own colour afterwards


def best_capture(state: PrudhState, seat: int) -> int:
    """The most points ``seat`` could score with one run on ``state``'s board."""
    best = 0
    board = state.board
    stack_only = state.config.capture_points == "stack"
    for code in legal_codes(board, seat):
        if code & 1:
            continue
        copy = list(board)
        points, _, _ = play_code(copy, seat, code, state.config.variant, stack_only)
        best = max(best, points)
    return best


@lru_cache(maxsize=64)
def looks(state: PrudhState) -> tuple[Look, ...]:
    seat = state.to_move
    out = []
    for move in state.legal:
        after = apply(state, move)
        out.append(
            Look(
                move=move,
                points=after.scores[seat] - state.scores[seat],
                ends=after.over,
                wins=after.over and after.winner == seat,
                threat=0 if after.over else best_capture(after, 1 - seat),
                tallest=max(after.board[sq] for sq in SEAT_SQUARES[seat]),
            )
        )
    return tuple(out)


def _candidates(obs: PrudhState, legal: Sequence[Move]) -> list[Look]:
    allowed = set(legal)
    seen = [lk for lk in looks(obs) if lk.move in allowed]
    safe = [lk for lk in seen if not lk.ends or lk.wins]
    return safe or seen


def _key_tidy(lk: Look) -> tuple[int, int]:
    return (lk.move.square, lk.move.direction)


def _win_now(obs: PrudhState, legal: Sequence[Move]) -> Move | None:
    wins = [lk for lk in _candidates(obs, legal) if lk.wins]
    return min(wins, key=lambda lk: (-lk.points, _key_tidy(lk))).move if wins else None


def _capture(obs: PrudhState, legal: Sequence[Move]) -> Move | None:
    runs = [lk for lk in _candidates(obs, legal) if lk.points and lk.points > lk.threat]
    if not runs:
        return None
    return min(runs, key=lambda lk: (lk.threat - lk.points, -lk.points, _key_tidy(lk))).move


def _deny(obs: PrudhState, legal: Sequence[Move]) -> Move | None:
    if best_capture(obs, 1 - obs.to_move) == 0:
        return None
    options = _candidates(obs, legal)
    return min(options, key=lambda lk: (lk.threat - lk.points, -lk.tallest, _key_tidy(lk))).move


def _build(obs: PrudhState, legal: Sequence[Move]) -> Move | None:
    options = [lk for lk in _candidates(obs, legal) if lk.threat == 0]
    if not options:
        return None
    return min(options, key=lambda lk: (-lk.tallest, -lk.points, _key_tidy(lk))).move


def _least_harm(obs: PrudhState, legal: Sequence[Move]) -> Move | None:
    options = _candidates(obs, legal)
    if not options:
        return None
    return min(options, key=lambda lk: (lk.threat - lk.points, -lk.tallest, _key_tidy(lk))).move


def normal_rules() -> RuleList[PrudhState, Move]:
    return RuleList(
        title="Prudh (heuristic)",
        rules=(
            Rule(
                "1",
                "win now",
                "If a move leaves the opponent without a move and you win the count, play it.",
                _win_now,
            ),
            Rule(
                "2",
                "largest capture",
                "Make the run that gains most: its points minus the largest capture the opponent could answer with, "
                "if that is more than nothing.",
                _capture,
            ),
            Rule(
                "3",
                "deny runs",
                "If the opponent could capture now, make the move that leaves their best capture smallest "
                "(then: your tallest stack tallest).",
                _deny,
            ),
            Rule(
                "4",
                "build safely",
                "Otherwise, among moves that give the opponent no capture, make your tallest stack tallest.",
                _build,
            ),
            Rule(
                "5",
                "least harm",
                "Otherwise, the move that leaves the opponent's best capture smallest.",
                _least_harm,
            ),
        ),
        notes=(
            "Never make a move that ends the game in a loss while another move is left.",
            "Ties: the lowest start square (a1, b1, ... f6), then north, northeast, east, ... clockwise.",
        ),
    )


#: The normal bot's rules, for printables (an automa card).
NORMAL_RULES = normal_rules()


def normal(noise: float = 0.0, name: str = "normal") -> RulePlayer[PrudhState, Move]:
    return RulePlayer(name, NORMAL_RULES, noise=noise, say_whims=True)  # nothing is hidden in Prudh
