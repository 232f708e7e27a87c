"""Prudh notation: squares ``a1``-``f6``, slides and runs.

| move  | short      | forgiving long forms                                            |
|-------|------------|-----------------------------------------------------------------|
| slide | ``c3-e5``  | ``c3 ne``, ``c3ne``, ``slide c3 northeast``, ``c3 to e5``, ``C3 NE`` |
| run   | ``b2 e``   | ``b2 east``, ``run b2 e``, ``b2-b4`` (any square that way), ``b2 right`` |

``format_action`` gives the short form (a slide by its landing square, a run by its direction) and
``parse_action(state, format_action(state, m)) == m``. A start square alone is accepted when it has exactly
one legal move. Bad syntax raises ``ParseError``, a move the rules refuse ``IllegalError``, several fitting
moves ``AmbiguousError``; each says what would work.
"""

from __future__ import annotations

import re

from ai.protocol import AmbiguousError, IllegalError, ParseError
from ai.prudh.components import DIRECTIONS, FILES, OWNER, RANKS, RAYS, SEAT_NAMES, SQUARE_NAMES
from ai.prudh.state import Move, PrudhState
from ai.text import closest_words

DIRECTION_WORDS: dict[str, int] = {}
for _i, (_short, _long, _, _) in enumerate(DIRECTIONS):
    DIRECTION_WORDS[_short] = _i
    DIRECTION_WORDS[_long] = _i
DIRECTION_WORDS.update(
    {
        "up": 0,
        "north": 0,
        "right": 2,
        "down": 4,
        "left": 6,
        "upright": 1,
        "downright": 3,
        "downleft": 5,
        "upleft": 7,
    }
)
SLIDE_WORDS = frozenset({"slide", "slides", "sl", "diagonal", "diag"})
RUN_WORDS = frozenset({"run", "runs", "r"})
FILLER = frozenset(
    {"from", "to", "onto", "on", "towards", "toward", "move", "moves", "go", "goes", "the", "x"}
)
VOCABULARY = sorted(set(DIRECTION_WORDS) | SLIDE_WORDS | RUN_WORDS | FILLER)

_TOKEN = re.compile(r"[a-z]+\d*|\d+")
_COMPOUND = re.compile(r"\b(north|south|up|down)[\s\-_]+(east|west|right|left)\b")
_SQUARE = re.compile(r"[a-z]\d+")
_CAPTURE_X = re.compile(r"\b([a-z]\d)x([a-z]\d)\b")  # c3xd4, as in chess notation


def square_from(text: str) -> int:
    """``c3`` -> its index; ``ParseError`` for anything else."""
    word = text.strip().lower()
    if len(word) == 2 and word[0] in FILES and word[1] in RANKS:
        return SQUARE_NAMES.index(word)
    raise ParseError(f"no square {text.strip()[:8]!r} on the board (a1 to f6)")


def format_action(state: PrudhState, move: Move) -> str:
    """A slide as start and landing square (``c3-e5``), a run as start square and direction (``b2 e``)."""
    if move.is_slide:
        for t in RAYS[move.square][move.direction]:
            if state.board[t]:
                return f"{SQUARE_NAMES[move.square]}-{SQUARE_NAMES[t]}"
    return str(move)


def _words(text: str) -> list[str]:
    text = _COMPOUND.sub(lambda m: m.group(1) + m.group(2), text.lower())
    text = _CAPTURE_X.sub(r"\1 \2", text)
    return _TOKEN.findall(text)


def _unknown(word: str) -> ParseError:
    # a short typo ("nee") may be a two-letter direction; a longer one is matched against the long words
    pool = [w for w in VOCABULARY if len(w) > 2 or (len(word) <= 3 and len(w) == 2)]
    tied = closest_words(word, pool)
    if len(tied) > 1:  # `northeest` is as close to northeast as to northwest: name both, never pick one
        return ParseError(
            f"unknown word {word[:20]!r} (did you mean {' or '.join(map(repr, sorted(tied)))}?)"
        )
    if tied:
        return ParseError(f"unknown word {word[:20]!r}", suggestion=tied[0])
    return ParseError(
        f"unknown word {word[:20]!r}", more="a move is a start square and a direction (c3 ne, b2 e)"
    )


def _direction_between(start: int, target: int) -> int:
    df = target % 6 - start % 6
    dr = target // 6 - start // 6
    if (df, dr) == (0, 0):
        raise ParseError("the start and the target are the same square")
    if df and dr and abs(df) != abs(dr):
        raise ParseError(
            f"{SQUARE_NAMES[start]} and {SQUARE_NAMES[target]} are not on one line (slides go diagonally, runs straight)"
        )
    step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    return next(i for i, (_, _, f, r) in enumerate(DIRECTIONS) if (f, r) == step)


def parse_action(state: PrudhState, text: str) -> Move:
    words = _words(text)
    if not words:
        raise ParseError("nothing to read: type a start square and a direction, e.g. c3 ne or b2 e")
    squares: list[int] = []
    direction: int | None = None
    kind: str | None = None
    for word in words:
        if word in FILLER:
            continue
        if word in SLIDE_WORDS or word in RUN_WORDS:
            kind = "slide" if word in SLIDE_WORDS else "run"
            continue
        if word in DIRECTION_WORDS:
            if direction is not None and direction != DIRECTION_WORDS[word]:
                raise ParseError("two directions: give one")
            direction = DIRECTION_WORDS[word]
            continue
        if _SQUARE.fullmatch(word):
            squares.append(square_from(word))
            continue
        raise _unknown(word)
    if not squares:
        raise ParseError("which stack? start with its square, e.g. c3 ne or b2 e")
    if len(squares) > 2:
        raise ParseError(
            "too many squares: a start square and a direction (c3 ne) or a landing square (c3-e5)"
        )
    start = squares[0]
    target = squares[1] if len(squares) == 2 else None
    if target is not None:
        towards = _direction_between(start, target)
        if direction is not None and direction != towards:
            raise ParseError(
                f"{SQUARE_NAMES[target]} does not lie {DIRECTIONS[direction][1]} of {SQUARE_NAMES[start]}"
            )
        direction = towards
    if kind is not None and direction is not None and (direction & 1 == 1) != (kind == "slide"):
        raise ParseError("a slide goes diagonally (ne, se, sw, nw) and a run straight (n, e, s, w)")
    _check_square(state, start)
    if direction is None:
        options = [
            m for m in state.legal if m.square == start and (kind is None or m.is_slide == (kind == "slide"))
        ]
        if len(options) == 1:
            return options[0]
        if not options:
            raise IllegalError(f"{SQUARE_NAMES[start]} has no legal {kind or 'move'}")
        names = ", ".join(format_action(state, m) for m in options)
        raise AmbiguousError(f"{SQUARE_NAMES[start]} can move several ways: {names}")
    move = Move(start, direction)
    _check_move(state, move, target)
    return move


def _refuse(state: PrudhState, square: int, message: str) -> IllegalError:
    """A refusal that suggests the stack's first legal move, or says it has none."""
    options = [m for m in state.legal if m.square == square]
    if options:
        return IllegalError(message, suggestion=format_action(state, options[0]))
    return IllegalError(f"{message}; {SQUARE_NAMES[square]} has no legal move now")


def _check_square(state: PrudhState, square: int) -> None:
    if state.over:
        raise IllegalError("the game is over")
    seat = state.to_move
    name = SQUARE_NAMES[square]
    if OWNER[square] != seat:
        raise IllegalError(
            f"{name} is a {SEAT_NAMES[1 - seat].lower()} square: {SEAT_NAMES[seat]} moves from "
            f"{SEAT_NAMES[seat].lower()} squares"
        )
    if not state.board[square]:
        raise IllegalError(f"{name} is empty")


def _check_move(state: PrudhState, move: Move, target: int | None) -> None:
    name = SQUARE_NAMES[move.square]
    height = state.board[move.square]
    way = DIRECTIONS[move.direction][1]
    if move.is_slide:
        landing = next((t for t in RAYS[move.square][move.direction] if state.board[t]), None)
        if landing is None:
            raise _refuse(
                state, move.square, f"no stack to slide onto {way} of {name} (a slide must join two stacks)"
            )
        if target is not None and target != landing:
            raise IllegalError(
                f"the slide from {name} {way} lands on {SQUARE_NAMES[landing]}, not {SQUARE_NAMES[target]}",
                suggestion=format_action(state, move),
            )
    else:
        if height < 2:
            raise _refuse(state, move.square, f"a run needs a stack of 2 or more; {name} has 1")
        if move not in state.legal:
            raise _refuse(
                state, move.square, f"the run from {name} {way} captures nothing (a run must capture)"
            )
    if move not in state.legal:  # pragma: no cover - the checks above cover every refusal
        raise IllegalError(f"{move} is not legal here")


def expected_input(state: PrudhState) -> str:
    if state.over:
        return "The game is over."
    seat = SEAT_NAMES[state.to_move]
    # the examples are moves of this position, so that one typed as shown is played (a fixed example may be
    # illegal now, or start on the other seat's squares)
    slide = next((m for m in state.legal if m.is_slide), None)
    run = next((m for m in state.legal if not m.is_slide), None)
    parts = []
    if slide is not None:
        parts.append(f"a slide (e.g. {format_action(state, slide)} or {slide})")
    if run is not None:
        parts.append(f"a run (e.g. {format_action(state, run)})")
    moves = " or ".join(parts) if parts else "a slide or a run"
    if run is None and slide is not None:
        moves += "; no run captures now"
    return f"{seat} to move: {moves}"
