"""The ``hard`` Prudh bot (``hard``): alpha-beta (negamax) with iterative deepening, move ordering and a transposition
table, within a time budget; it solves the position exactly once the search reaches the end of every line.

Values are from the point of view of the player to move. A finished game is worth ``WIN + margin`` to its
winner and ``-WIN + margin`` to its loser (margin = the difference of the final scores, so a win is always
better than any loss and a bigger win better than a smaller one). Unfinished positions at the search horizon
get a heuristic: the score difference plus ``TALL_WEIGHT`` times the difference of the tallest stacks on each
side's colour (the last mover's bonus, and the reach of its runs), after a quiescence search: beyond the
horizon the player to move may stop there ("stand pat") or make a run (every run captures), up to
``QUIESCENCE`` captures in a row. Move ordering: the table's move, runs by points, then slides by a history
score (how often each slide cut the search off); slides are only played when the loop reaches them.

Exactness: every node records whether its value rests on a heuristic leaf (directly or through a table
entry). When an iteration completes without one, the root value is the game-theoretic value and the search
stops: this is how the bot "solves the position once few moves remain".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ai.levels import Request
from ai.protocol import Decision
from ai.prudh.components import PIT_POINTS, SEAT_SQUARES
from ai.prudh.engine import has_move, legal_codes, play_code, run_codes
from ai.prudh.state import Move, PrudhConfig, PrudhState
from ai.search import RESERVE, clock
from ai.words import tr, trn

WIN = 10_000.0
TALL_WEIGHT = 0.3
EXACT, LOWER, UPPER = 0, 1, 2
MAX_DEPTH = 80
TABLE_LIMIT = 400_000
#: How many captures in a row the search follows beyond its horizon.
QUIESCENCE = 4


class _Timeout(Exception):
    pass


@dataclass(frozen=True, slots=True)
class SearchResult:
    move: Move
    value: float
    depth: int
    nodes: int
    solved: bool


class AlphaBeta:
    """One search over one position; ``table`` may be shared between searches of the same game."""

    def __init__(
        self,
        state: PrudhState,
        deadline: float | None = None,
        max_nodes: int | None = None,
        table: dict[tuple[bytes, int, int, int], tuple[int, int, float, int, bool]] | None = None,
    ) -> None:
        self.variant = state.config.variant
        self.stack_only = state.config.capture_points == "stack"
        self.first = state.first
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.table = table if table is not None else {}
        self.nodes = 0
        self.next_check = 1024
        self.history: dict[int, int] = {}
        self.inexact = False
        self.state = state

    # -- leaves --

    def _terminal(self, board: Sequence[int], seat: int, diff: int, pit: int) -> float:
        """``seat`` cannot move: the other player moved last and adds their bonus. ``diff`` is seat's lead."""
        last = 1 - seat
        bonus = max(board[sq] for sq in SEAT_SQUARES[last]) + pit * PIT_POINTS
        margin = diff - bonus  # from seat's view
        if margin > 0 or (margin == 0 and seat != self.first):
            return WIN + margin
        return -WIN + margin

    def _heuristic(self, board: Sequence[int], seat: int, diff: int) -> float:
        mine = max(board[sq] for sq in SEAT_SQUARES[seat])
        theirs = max(board[sq] for sq in SEAT_SQUARES[1 - seat])
        return diff + TALL_WEIGHT * (mine - theirs)

    # -- the search --

    def negamax(
        self, board: list[int], seat: int, diff: int, pit: int, depth: int, alpha: float, beta: float
    ) -> tuple[float, int]:
        """The value of the position for ``seat`` and its best move code (-1 at a leaf)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + 1024
            if self.deadline is not None and clock() > self.deadline:
                raise _Timeout
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise _Timeout
        if depth <= 0:
            return self.quiesce(board, seat, diff, pit, alpha, beta, QUIESCENCE), -1
        codes = legal_codes(board, seat)
        if not codes:
            return self._terminal(board, seat, diff, pit), -1
        key = (bytes(board), seat, diff, pit)
        entry = self.table.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, e_flag, e_value, e_move, e_exact = entry
            tt_move = e_move
            if (e_depth >= depth or e_exact) and (
                e_flag == EXACT
                or (e_flag == LOWER and e_value >= beta)
                or (e_flag == UPPER and e_value <= alpha)
            ):
                if not e_exact:
                    self.inexact = True
                return e_value, e_move
        outer = self.inexact
        self.inexact = False
        # children, ordered: the table's move, then runs by points scored, then slides by their history
        # (how often each cut the search off); a slide scores nothing, so it is only played when reached
        runs: dict[int, tuple[int, list[int], int]] = {}
        slides: list[int] = []
        for code in codes:
            if code & 1:
                slides.append(code)
            else:
                child = board.copy()
                points, _, to_pit = play_code(child, seat, code, self.variant, self.stack_only)
                runs[code] = (points, child, to_pit)
        history = self.history
        order = sorted(runs, key=lambda c: -runs[c][0])
        slides.sort(key=lambda c: -history.get(c, 0))
        order += slides
        if tt_move in runs or (tt_move & 1 and tt_move in slides):
            order.remove(tt_move)
            order.insert(0, tt_move)
        alpha0 = alpha
        best = -2 * WIN
        best_code = order[0]
        for code in order:
            prepared = runs.get(code)
            if prepared is None:
                child = board.copy()
                points, _, to_pit = play_code(child, seat, code, self.variant, self.stack_only)
            else:
                points, child, to_pit = prepared
            value = -self.negamax(child, 1 - seat, -(diff + points), pit + to_pit, depth - 1, -beta, -alpha)[
                0
            ]
            if value > best:
                best, best_code = value, code
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if code & 1:
                            history[code] = history.get(code, 0) + depth * depth
                        break
        exact = not self.inexact
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        if len(self.table) < TABLE_LIMIT:
            self.table[key] = (depth, flag, best, best_code, exact)
        self.inexact = outer or not exact
        return best, best_code

    def quiesce(
        self, board: list[int], seat: int, diff: int, pit: int, alpha: float, beta: float, left: int
    ) -> float:
        """Beyond the horizon: the heuristic ("stand pat"), or better, a capture (runs only, ``left`` deep)."""
        if not has_move(board, seat):
            return self._terminal(board, seat, diff, pit)
        self.inexact = True
        best = self._heuristic(board, seat, diff)
        if left <= 0 or best >= beta:
            return best
        alpha = max(alpha, best)
        for code in run_codes(board, seat):
            self.nodes += 1
            child = board.copy()
            points, _, to_pit = play_code(child, seat, code, self.variant, self.stack_only)
            value = -self.quiesce(child, 1 - seat, -(diff + points), pit + to_pit, -beta, -alpha, left - 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def root(self, depth: int) -> tuple[float, int, bool]:
        s = self.state
        diff = s.scores[s.to_move] - s.scores[1 - s.to_move]
        self.inexact = False
        value, code = self.negamax(list(s.board), s.to_move, diff, s.pit, depth, -3 * WIN, 3 * WIN)
        return value, code, not self.inexact

    def run(self, max_depth: int = MAX_DEPTH) -> SearchResult:
        """Iterative deepening until solved, out of time or nodes, or at ``max_depth``."""
        legal = self.state.legal
        if not legal:
            raise ValueError("no legal move")
        best = SearchResult(legal[0], 0.0, 0, 0, False)
        for depth in range(1, max_depth + 1):
            try:
                value, code, solved = self.root(depth)
            except _Timeout:
                break
            best = SearchResult(Move.from_code(code), value, depth, self.nodes, solved)
            if solved:
                break
        return SearchResult(best.move, best.value, best.depth, self.nodes, best.solved)


def describe_value(value: float) -> str:
    if value >= WIN - 200:
        margin = round(value - WIN)
        return f"a win by {margin}" if margin else "a win (a tie goes to the second player)"
    if value <= -WIN + 200:
        margin = round(-WIN - value)
        return f"a loss by {margin}" if margin else "a loss (a tie goes to the second player)"
    return f"estimate {round(value, 1) + 0.0:+.1f} points"  # + 0.0: never "-0.0"


def plain_value(value: float) -> str:
    """What the search found, as the table reads it (in its language): plain words, no depth, count of positions
    or score estimate (those go to ``Decision.debug``)."""
    if value >= WIN - 200:
        margin = round(value - WIN)
        if not margin:
            return tr(
                "looked ahead to the end: with the best play on both sides this move wins: a tie goes to the player "
                "who moved second"
            )
        return trn(
            "looked ahead to the end: with the best play on both sides this move wins by {n} point",
            "looked ahead to the end: with the best play on both sides this move wins by {n} points",
            margin,
        )
    if value <= -WIN + 200:
        margin = round(-WIN - value)
        if not margin:
            return tr(
                "looked ahead to the end: with the best play on both sides this move loses: a tie goes to the player "
                "who moved second; the least bad move"
            )
        return trn(
            "looked ahead to the end: with the best play on both sides this move loses by {n} point; the least bad move",
            "looked ahead to the end: with the best play on both sides this move loses by {n} points; the least bad move",
            margin,
        )
    lead = round(value)
    if lead > 0:
        return trn(
            "looked ahead: the best move, leading by about {n} point a few moves on",
            "looked ahead: the best move, leading by about {n} points a few moves on",
            lead,
        )
    if lead < 0:
        return trn(
            "looked ahead: the best move, trailing by about {n} point a few moves on",
            "looked ahead: the best move, trailing by about {n} points a few moves on",
            -lead,
        )
    return tr("looked ahead: the best move, the game even a few moves on")


class AlphaBetaPlayer:
    """``hard``: bounded by ``think`` seconds per move, or by ``max_nodes``/``max_depth`` (reproducible)."""

    def __init__(
        self,
        think: float | None = 1.0,
        max_nodes: int | None = None,
        max_depth: int = MAX_DEPTH,
        name: str = "hard",
    ) -> None:
        self.think = think
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.name = name
        self._table: dict[tuple[bytes, int, int, int], tuple[int, int, float, int, bool]] = {}
        self._context: tuple[str, str, int] | None = None

    def search(self, state: PrudhState) -> SearchResult:
        """Search ``state``; the table is kept between the moves of one game (same rules, same first player)."""
        context = (state.config.variant, state.config.capture_points, state.first)
        if len(self._table) >= TABLE_LIMIT or context != self._context:
            self._table.clear()
            self._context = context
        # the deadline keeps ``RESERVE`` of ``think`` for the work around the search (the node check's
        # granularity, unwinding, the reason): the whole move stays within ``think``
        deadline = None if self.think is None else clock() + self.think * (1 - RESERVE)
        return AlphaBeta(state, deadline, self.max_nodes, self._table).run(self.max_depth)

    def decide(self, observation: PrudhState, legal: Sequence[Move], rng: random.Random) -> Decision[Move]:
        if len(legal) == 1:
            return Decision(legal[0], reason=tr("the only legal move"))
        result = self.search(observation)
        how = "solved" if result.solved else f"search depth {result.depth}"
        return Decision(
            result.move,
            reason=plain_value(result.value),
            value=result.value,
            debug=f"{how}, {describe_value(result.value)}, {result.nodes:,} position{'' if result.nodes == 1 else 's'}",
        )


def hard(request: Request[PrudhConfig]) -> AlphaBetaPlayer:
    """The search bot for ``request``: ``iterations`` positions when given (reproducible: the arena passes it),
    ``think`` seconds a move otherwise."""
    return AlphaBetaPlayer(think=None if request.iterations else request.think, max_nodes=request.iterations)
