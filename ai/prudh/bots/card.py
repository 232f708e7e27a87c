"""Heuristic Prudh players: the ``normal`` bot's card, seven named rules a person runs at the table (``easy``
adds noise).

Every condition is read on the board as it is, or as it would be after one move of yours: what a run scores,
whether a stack of yours is **open** (a taller enemy stack stands in its rank or file, no more squares away than
its own height: the opponent could capture it next move), your tallest stack, and whether the opponent is left
without a move. No rule counts the opponent's answers, but one: rule 2 answers an opponent whose record
(``ai.prudh.record``, what the table saw it do over the session) shows it copying your moves mirrored, with the
move worth most once its copy is made. Moves that would end the game in a loss are set aside
while any other is left. Equal moves are a dice roll (``Tie``, ``dice_pick``): the bot picks one at random, as
a person holding the card does with two dice for a start square and one for a direction, so no fixed line can
be learned and replayed against it.

Why the card reads "open" stacks: a capture is only worth what it does not give back. The old card weighed
each move by the largest capture the opponent could answer with (a count over every answer, which no person
does at a glance) and, as it always broke ties the same way, four lines of play decided every game: the quiet
habit won three of them. The mirror rule answers a habit of the second player (copy the opponent's move
reflected left to right, or top to bottom: either swaps the colours, and keeps the tie that goes to the second
player): only a run that crosses the mirror's middle line cannot be copied. When no such run is there, a seat
that copies is told by its record, and its copy is foreseen.

Edge variants change what a run scores (Traditional: the extras captured at the edge score too; Tomío: the
extras go to the pit, 1 point each for the last mover) and, under Tika, leave an enemy stack on the edge
square: the rules read the board after the move, so they count all of it (notes on the card).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ai import rng as seeded
from ai.protocol import Decision
from ai.prudh import record
from ai.prudh.components import ORTHOGONALS, OWNER, PIT_POINTS, RAYS, SEAT_SQUARES, SIZE, VARIANT_TITLES
from ai.prudh.engine import has_move, play_code, run_codes
from ai.prudh.rules import apply
from ai.prudh.state import Move, PrudhState
from ai.rules import Chain, Rule, RuleList
from ai.words import tr

#: A rule's answer: the moves it ranks best (one, or several tied: the bot picks one at random).
Tie = tuple[Move, ...]
#: What the card's rules are typed over: they are offered legal moves and answer with a ``Tie``.
Choice = Move | Tie

#: How a person holding the card picks one of several moves with dice (``dice_pick``): a move is a start
#: square and a direction, one move a direction from a square.
DICE_PICK = (
    "roll two dice for a square (file 1–6 = a–f, then rank 1–6) and go on from it a1, b1 … f1, a2 … (after f6, "
    "a1) to the first square where one of them starts; of those starting there, taken clockwise from north "
    "(north, northeast, east … northwest), roll a die (7 or 8 of them: two dice) and count that many, from the "
    "first again after the last."
)


def dice_pick(moves: Sequence[Move], rng: random.Random) -> Move:
    """One of ``moves`` picked as ``DICE_PICK`` says, the rolls drawn from ``rng``: a person with the card and
    real dice picks the same way (a random number over 50 equal moves is not something a table can do)."""
    if len(moves) == 1:
        return moves[0]
    square = (seeded.randint(rng, 1, SIZE) - 1) + (seeded.randint(rng, 1, SIZE) - 1) * SIZE
    starts = {move.square for move in moves}
    while square not in starts:
        square = (square + 1) % (SIZE * SIZE)
    here = sorted((move for move in moves if move.square == square), key=lambda move: move.direction)
    count = sum(seeded.randint(rng, 1, 6) for _ in range(1 if len(here) <= 6 else 2))
    return here[(count - 1) % len(here)]


Choose = Callable[[PrudhState, Sequence[Choice]], Tie | None]
#: Directions of a run: along a rank (east, west) and along a file (north, south).
NORTH, EAST, SOUTH, WEST = 0, 2, 4, 6


@dataclass(frozen=True, slots=True)
class Look:
    """One legal move seen one move ahead, from the mover's side: only what the board shows after it."""

    move: Move
    points: int
    ends: bool  # the opponent is left without a move: the game ends
    wins: bool  # ... and the mover wins the count
    open: int  # the mover's tallest open stack afterwards (0: none is open)
    tallest: int  # the mover's tallest stack on its own colour afterwards
    reach: int  # the most the mover could score with one run on the board afterwards
    crosses: bool  # a run that drops a piece across the middle line (files c|d, or ranks 3|4)


def open_stacks(board: Sequence[int], seat: int) -> list[int]:
    """The heights of ``seat``'s open stacks: a taller enemy stack stands in the same rank or file, no more
    squares away than its own height (the opponent could capture the stack next move)."""
    out = []
    for sq in SEAT_SQUARES[seat]:
        h = board[sq]
        if h and any(
            board[t] > h and OWNER[t] != seat and i < board[t]
            for d in ORTHOGONALS
            for i, t in enumerate(RAYS[sq][d])
        ):
            out.append(h)
    return out


def best_run(board: Sequence[int], seat: int, variant: str, stack_only: bool) -> int:
    """The most points ``seat`` could score with one run on ``board``."""
    best = 0
    for code in run_codes(board, seat):
        copy = list(board)
        best = max(best, play_code(copy, seat, code, variant, stack_only)[0])
    return best


def crosses_middle(move: Move, height: int) -> bool:
    """A run that drops a piece on the other half of the board along its line: files a–c | d–f for a run east
    or west, ranks 1–3 | 4–6 for a run north or south."""
    file, rank = move.square % SIZE, move.square // SIZE
    half = SIZE // 2
    start = {EAST: file, WEST: -file - 1, NORTH: rank, SOUTH: -rank - 1}.get(move.direction)
    middle = half if move.direction in (EAST, NORTH) else -half
    return start is not None and start < middle <= start + height


@lru_cache(maxsize=64)
def looks(state: PrudhState) -> tuple[Look, ...]:
    seat = state.to_move
    variant, stack_only = state.config.variant, state.config.capture_points == "stack"
    out = []
    for move in state.legal:
        board = list(state.board)
        points, _, pit = play_code(board, seat, move.code, variant, stack_only)
        ends = not has_move(board, 1 - seat)
        wins = False
        if ends:
            mine = state.scores[seat] + points + max(board[sq] for sq in SEAT_SQUARES[seat])
            mine += (state.pit + pit) * PIT_POINTS
            theirs = state.scores[1 - seat]
            wins = mine > theirs or (mine == theirs and seat != state.first)
        out.append(
            Look(
                move=move,
                points=points,
                ends=ends,
                wins=wins,
                open=max(open_stacks(board, seat), default=0),
                tallest=max(board[sq] for sq in SEAT_SQUARES[seat]),
                reach=best_run(board, seat, variant, stack_only),
                crosses=not move.is_slide and crosses_middle(move, state.board[move.square]),
            )
        )
    return tuple(out)


def candidates(obs: PrudhState, legal: Sequence[Choice]) -> list[Look]:
    """The legal moves, seen one move ahead; never a move that ends the game in a loss while another is left."""
    allowed = set(legal)
    seen = [lk for lk in looks(obs) if lk.move in allowed]
    safe = [lk for lk in seen if not lk.ends or lk.wins]
    return safe or seen


def best(options: Sequence[Look], key: Callable[[Look], Any]) -> Tie | None:
    """The moves ``key`` ranks lowest (several when tied: one is picked at random), or ``None``."""
    if not options:
        return None
    low = min(key(lk) for lk in options)
    return tuple(lk.move for lk in options if key(lk) == low)


def ranked(key: Callable[[Look], Any], keep: Callable[[Look], bool] = lambda lk: True) -> Choose:
    """A rule's choice: among the candidate moves ``keep`` holds for, those ``key`` ranks lowest."""

    def choose(obs: PrudhState, legal: Sequence[Choice]) -> Tie | None:
        return best([lk for lk in candidates(obs, legal) if keep(lk)], key)

    return choose


def mirrored(board: Sequence[int]) -> bool:
    """The board reads the same left to right (a↔f, b↔e, c↔d)."""
    return all(
        board[r * SIZE + f] == board[r * SIZE + SIZE - 1 - f] for r in range(SIZE) for f in range(SIZE // 2)
    )


def flipped(board: Sequence[int]) -> bool:
    """The board reads the same top to bottom (1↔6, 2↔5, 3↔4)."""
    return all(
        board[r * SIZE + f] == board[(SIZE - 1 - r) * SIZE + f] for r in range(SIZE // 2) for f in range(SIZE)
    )


def _break_mirror(obs: PrudhState, legal: Sequence[Choice]) -> Tie | None:
    """On a board that reads the same left to right, a run along a rank across the middle; top to bottom, a
    run along a file across the middle (the copy of a run along any other line would be the same run)."""
    along = ({EAST, WEST} if mirrored(obs.board) else set()) | (
        {NORTH, SOUTH} if flipped(obs.board) else set()
    )
    if not along:
        return None
    return ranked(lambda lk: (lk.open, -lk.points), lambda lk: lk.crosses and lk.move.direction in along)(
        obs, legal
    )


def _rescue(obs: PrudhState, legal: Sequence[Choice]) -> Tie | None:
    # only when a move makes the largest open stack smaller (otherwise the rule would fire on moves that
    # rescue nothing, such as all 50 at the opening); rule 7 ranks the same moves the same way
    stacks = open_stacks(obs.board, obs.to_move)
    if not stacks:
        return None
    now = max(stacks)
    return ranked(lambda lk: (lk.open, -lk.tallest), lambda lk: lk.open < now)(obs, legal)


#: A copy of your moves seen at least ``COPIES`` times, and at least ``COPY_RATE`` times as often as another move
#: where the copy was legal, before rule 2 reads it: the card copies about one move in twenty where it could, and
#: now and then three of its first five.
COPIES = 5
COPY_RATE = 3


def copier(obs: PrudhState) -> Callable[[Move], Move] | None:
    """How the opponent copies your moves, if its record shows the habit (``COPIES``, ``COPY_RATE``): your move
    reflected left to right (``record.reflected``) or top to bottom (``record.flipped``); else ``None``."""
    if not obs.record:
        return None
    counts = obs.record[1 - obs.to_move]
    for mirror, yes, no in (
        (record.reflected, record.MIRRORED, record.UNMIRRORED),
        (record.flipped, record.FLIPPED, record.UNFLIPPED),
    ):
        if counts[yes] >= COPIES and counts[yes] >= COPY_RATE * counts[no]:
            return mirror
    return None


def _after_copy(obs: PrudhState, move: Move, mirror: Callable[[Move], Move]) -> int:
    """What ``move`` is worth against an opponent who answers it with its copy: its points, minus the copy's,
    plus the most you could then capture with one run (the copy not legal: its points and what you could capture
    after it alone)."""
    mover = obs.to_move
    after = apply(obs, move)
    mine = after.scores[mover] - obs.scores[mover]
    copy = mirror(move)
    if after.over or copy not in after.legal:
        return mine
    answered = apply(after, copy)
    theirs = answered.scores[1 - mover] - after.scores[1 - mover]
    if answered.over:
        return mine - theirs
    config = obs.config
    return mine - theirs + best_run(answered.board, mover, config.variant, config.capture_points == "stack")


def _against_copier(obs: PrudhState, legal: Sequence[Choice]) -> Tie | None:
    mirror = copier(obs)
    if mirror is None:
        return None
    return best(candidates(obs, legal), lambda lk: (-_after_copy(obs, lk.move, mirror), lk.open, -lk.tallest))


def _mirrors(obs: PrudhState, legal: Sequence[Choice]) -> Tie | None:
    """Rule 2: break a mirror image on the board; else answer an opponent seen copying your moves."""
    return _break_mirror(obs, legal) or _against_copier(obs, legal)


VARIANT_NOTES = {
    "traditional": "a run capturing on the edge also scores its extras.",
    "tika": "a run capturing on the edge leaves its extras there, an enemy stack.",
    "tomio": "a run's extras go to the pit: count them in rule 1.",
}


def normal_rules() -> RuleList[PrudhState, Choice]:
    return RuleList.of_chains(
        "Prudh (heuristic)",
        (
            Chain(
                "The bot's move",
                lambda obs, legal: True,
                (
                    Rule(
                        "1",
                        "win now",
                        "If a move leaves the opponent no move and you then win the count, make it.",
                        ranked(lambda lk: -lk.points, lambda lk: lk.wins),
                        action="make that move (the one scoring most)",
                    ),
                    Rule(
                        "2",
                        "break the mirror",
                        "If the board reads the same left to right (a↔f…), make a run along a rank across the middle "
                        "(c|d); if top to bottom (1↔6…), along a file across 3|4. Else if the opponent copied your "
                        "moves so 5+ times, 3 of 4 times it could: the move best once copied (your points − the copy's "
                        "+ your best run then).",
                        _mirrors,
                        action="make that run (leaving your largest open stack smallest, then most points)",
                    ),
                    Rule(
                        "3",
                        "safe capture",
                        "If a run leaves no stack of yours open, make it.",
                        ranked(lambda lk: -lk.points, lambda lk: lk.points > 0 and not lk.open),
                        action="make the run scoring most",
                    ),
                    Rule(
                        "4",
                        "good trade",
                        "If a run scores more than 1 + the height of your largest stack it leaves open, make it.",
                        ranked(
                            lambda lk: (lk.open - lk.points, -lk.points),
                            lambda lk: lk.points > 0 and lk.points > lk.open + 1,
                        ),
                        action="make the run with most points minus that stack's height; then most points",
                    ),
                    Rule(
                        "5",
                        "rescue",
                        "If a move makes your largest open stack smaller, make the one that leaves it smallest.",
                        _rescue,
                        action="make that move (then: your tallest stack tallest)",
                    ),
                    Rule(
                        "6",
                        "safe build",
                        "If a slide leaves no stack of yours open, make it.",
                        ranked(
                            lambda lk: (-lk.reach, -lk.tallest), lambda lk: lk.move.is_slide and not lk.open
                        ),
                        action="make the slide after which you could capture most (then: your tallest stack tallest)",
                    ),
                    Rule(
                        "7",
                        "Otherwise",
                        "Otherwise make the move that leaves your largest open stack smallest.",
                        ranked(lambda lk: (lk.open, -lk.tallest)),
                        action="make that move (then: your tallest stack tallest)",
                    ),
                ),
            ),
        ),
        (
            "Open: a stack of yours that a taller enemy stack in its rank or file can reach (no farther than its "
            "height): it could be captured next move.",
            "Never make a move that ends the game in a loss while another move is left.",
            f"Moves still equal: {DICE_PICK}",
            *(f"{VARIANT_TITLES[v]}: {text}" for v, text in VARIANT_NOTES.items()),
        ),
    )


#: The normal bot's card, for printables.
NORMAL_RULES = normal_rules()


@dataclass(slots=True)
class CardPlayer:
    """Plays a Prudh rule list, picking one of tied moves at random; with ``noise`` > 0 it sometimes plays a
    random legal move instead (said at the table: nothing is hidden in Prudh)."""

    name: str
    rules: RuleList[PrudhState, Choice]
    noise: float = 0.0

    def decide(self, observation: PrudhState, legal: Sequence[Move], rng: random.Random) -> Decision[Move]:
        if self.noise and len(legal) > 1 and rng.random() < self.noise:
            return Decision(dice_pick(legal, rng), reason=tr("a whim (random move)"))
        rule, choice = self.rules.first(observation, legal)
        why = rule.explain(observation)
        said = PLAIN_REASONS.get(rule.key)
        plain = said(observation) if said is not None else rule.name
        tie = (choice,) if isinstance(choice, Move) else choice
        if len(tie) == 1:
            return Decision(tie[0], reason=plain, debug=why)
        return Decision(
            dice_pick(tie, rng),
            reason=tr("{reason}; one of {n} equally good moves", reason=plain, n=len(tie)),
            debug=f"{why}, one of {len(tie)} equal moves picked by dice",
        )


#: Why the card made its move, as the table reads it (``Decision.reason``, in its language): plain words, never the rule's
#: number or the dice (those go to ``Decision.debug``), keyed by the rule of ``normal_rules``.
PLAIN_REASONS: dict[str, Callable[[PrudhState], str]] = {
    "1": lambda obs: tr("it leaves no move to the opponent, and the count then wins"),
    "2": lambda obs: (
        tr("the board is a mirror image: this run across the middle breaks it")
        if _break_mirror(obs, obs.legal) is not None
        else tr("the opponent copies its moves: this one gains most once it is copied")
    ),
    "3": lambda obs: tr("it captures and leaves no stack open to capture"),
    "4": lambda obs: tr("it captures more than the stack it leaves open to capture"),
    "5": lambda obs: tr("it makes the tallest stack open to capture smaller"),
    "6": lambda obs: tr("a slide that leaves no stack open to capture"),
    "7": lambda obs: tr("it leaves the tallest stack open to capture as small as it can"),
}


def normal(noise: float = 0.0, name: str = "normal") -> CardPlayer:
    return CardPlayer(name, NORMAL_RULES, noise)
