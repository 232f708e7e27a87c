"""Prudh notation: squares ``a1``-``f6``, slides and runs.

| move  | short      | forgiving long forms                                            |
|-------|------------|-----------------------------------------------------------------|
| slide | ``c3-e5``  | ``c3 ne``, ``c3ne``, ``slide c3 northeast``, ``c3 to e5``, ``C3 NE`` |
| run   | ``b2 e``   | ``b2 east``, ``run b2 e``, ``b2-b4`` (any square that way), ``b2 right`` |

``format_action`` gives the short form (a slide by its landing square, a run by its direction) and
``parse_action(state, format_action(state, m)) == m``: what a saved game keeps, in any language. ``said_action``
is what the table reads, a run's direction in the table's word for it (``b2 восток``, ``b2 est``), which it may
type too. A start square alone is accepted when it has exactly one legal move. Bad syntax raises
``ParseError``, a move the rules refuse ``IllegalError``, several fitting moves ``AmbiguousError``; each says what
would work.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ai.protocol import AmbiguousError, IllegalError, ParseError
from ai.prudh.components import (
    DARK,
    DIRECTIONS,
    FILES,
    ORTHOGONALS,
    OWNER,
    RANKS,
    RAYS,
    SQUARE_NAMES,
    seat,
    side,
    towards,
)
from ai.prudh.state import Move, PrudhState
from ai.text import closest_words, latin_word
from ai.words import current, quoted, tr, typed_forms

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
#: The English words a table in another language may also type in its own (``ai.words.typed_forms``): the
#: compass directions (their entries hold "up", "right"... too), the kinds of move, and the little words a move
#: may hold (prepositions and articles, all under ``towards``; "a move" under ``moves``), which are read past.
TYPED = (*(long for _, long, _, _ in DIRECTIONS), "slide", "run", "towards", "moves")


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words a move may be typed with in one language: English's and the table's own."""

    directions: dict[str, int]
    slide: frozenset[str]
    run: frozenset[str]
    filler: frozenset[str]
    #: The table's forms of two words ("северо-восток", "nord est"), to be read as one.
    joined: re.Pattern[str] | None
    #: Such a form as a person types it, by the one word it is read as (for a suggestion).
    shown: dict[str, str]

    @property
    def words(self) -> list[str]:
        return sorted(set(self.directions) | self.slide | self.run | self.filler)


@functools.cache
def _vocabulary(lang: str) -> Vocabulary:
    directions = dict(DIRECTION_WORDS)
    slide, run, filler = set(SLIDE_WORDS), set(RUN_WORDS), set(FILLER)
    shown: dict[str, str] = {}
    for word in TYPED:
        for form in typed_forms(word):
            one = _APART.sub("", form)
            if one != form:
                shown[one] = form
            if word in DIRECTION_WORDS:
                directions[one] = DIRECTION_WORDS[word]
            else:
                (slide if word in SLIDE_WORDS else run if word in RUN_WORDS else filler).add(one)
    joined = None
    if shown:
        ways = sorted(
            (r"[\s\-_]*".join(map(re.escape, _APART.split(f))) for f in shown.values()), key=len, reverse=True
        )
        joined = re.compile(r"\b(?:" + "|".join(ways) + r")\b")
    return Vocabulary(directions, frozenset(slide), frozenset(run), frozenset(filler), joined, shown)


def vocabulary() -> Vocabulary:
    """The words of a move in the table's language (``ai.words.current``), English's included."""
    return _vocabulary(current())


_APART = re.compile(r"[\s\-_]+")
_TOKEN = re.compile(r"[^\W\d_]+\d*|\d+")
#: Where the table's language writes words with a hyphen ("северо-восток"), a word of letters keeps its hyphens:
#: a typo of one ("северо-вастк") is matched as one word, and named as typed.
_HYPHENED = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+(?!\d))*\d*|\d+")
_COMPOUND = re.compile(r"\b(north|south|up|down)[\s\-_]+(east|west|right|left)\b")
_SQUARE = re.compile(r"[a-z]\d+")
_CAPTURE_X = re.compile(r"\b([a-z]\d)x([a-z]\d)\b")  # c3xd4, as in chess notation


def square_from(text: str) -> int:
    """``c3`` -> its index; ``ParseError`` for anything else."""
    word = text.strip().lower()
    if len(word) == 2 and word[0] in FILES and word[1] in RANKS:
        return SQUARE_NAMES.index(word)
    raise ParseError(tr("no square {square!r} on the board (a1 to f6)", square=text.strip()[:8]))


def format_action(state: PrudhState, move: Move) -> str:
    """A slide as start and landing square (``c3-e5``), a run as start square and direction (``b2 e``)."""
    if move.is_slide:
        for t in RAYS[move.square][move.direction]:
            if state.board[t]:
                return f"{SQUARE_NAMES[move.square]}-{SQUARE_NAMES[t]}"
    return str(move)


def said_direction(direction: int) -> str:
    """A direction in the table's words, from the catalogue's ``input`` forms of its name: a run's by its name
    (``e``; ``восток``, ``est``), a slide's as short as it is typed (``ne``; ``св``, ``ne``)."""
    short, long, _, _ = DIRECTIONS[direction]
    forms = typed_forms(long)
    if not forms:
        return short
    return forms[0] if direction in ORTHOGONALS else min(forms, key=len)


def said_move(move: Move) -> str:
    """A move by its start square and direction in the table's words (``b2 e``, ``b2 восток``)."""
    return f"{SQUARE_NAMES[move.square]} {said_direction(move.direction)}"


def said_action(state: PrudhState, move: Move) -> str:
    """``format_action`` as the table reads it: a slide by its squares, a run in the table's words."""
    return format_action(state, move) if move.is_slide else said_move(move)


def _words(text: str, words: Vocabulary) -> list[str]:
    text = _COMPOUND.sub(lambda m: m.group(1) + m.group(2), text.lower())
    text = _CAPTURE_X.sub(r"\1 \2", text)
    if words.joined is None:
        return _TOKEN.findall(text)
    text = words.joined.sub(lambda m: _APART.sub("", m.group(0)), text)
    return _HYPHENED.findall(text)


def _unknown(word: str, words: Vocabulary) -> ParseError:
    # a short typo ("nee") may be a two-letter direction; a longer one is matched against the long words
    one = word.replace("-", "")
    pool = [w for w in words.words if len(w) > 2 or (len(one) <= 3 and len(w) == 2)]
    tied = closest_words(one, pool)
    if not tied:  # a square or a direction typed on a Russian keyboard: "с3" for c3
        latin = latin_word(one, [*SQUARE_NAMES, *words.words])
        tied = [latin] if latin is not None else []
    tied = [words.shown.get(w, w) for w in tied]
    if len(tied) > 1:  # `northeest` is as close to northeast as to northwest: name both, never pick one
        return ParseError(
            tr(
                "unknown word {word!r} (did you mean {choices}?)",
                word=word[:20],
                choices=tr(" or ").join(map(quoted, sorted(tied))),  # as the table's language quotes
            )
        )
    if tied:
        return ParseError(tr("unknown word {word!r}", word=word[:20]), suggestion=tied[0])
    return ParseError(
        tr("unknown word {word!r}", word=word[:20]),
        more=tr("a move is a start square and a direction (c3 ne, b2 e)"),
    )


def _direction_between(start: int, target: int) -> int:
    df = target % 6 - start % 6
    dr = target // 6 - start // 6
    if (df, dr) == (0, 0):
        raise ParseError(tr("the start and the target are the same square"))
    if df and dr and abs(df) != abs(dr):
        raise ParseError(
            tr(
                "{start} and {target} are not on one line (slides go diagonally, runs straight)",
                start=SQUARE_NAMES[start],
                target=SQUARE_NAMES[target],
            )
        )
    step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    return next(i for i, (_, _, f, r) in enumerate(DIRECTIONS) if (f, r) == step)


def parse_action(state: PrudhState, text: str) -> Move:
    vocab = vocabulary()
    words = _words(text, vocab)
    if not words:
        raise ParseError(tr("nothing to read: type a start square and a direction, e.g. c3 ne or b2 e"))
    squares: list[int] = []
    direction: int | None = None
    kind: str | None = None
    for typed in words:
        word = typed.replace("-", "")
        if word in vocab.filler:
            continue
        if word in vocab.slide or word in vocab.run:
            kind = "slide" if word in vocab.slide else "run"
            continue
        if word in vocab.directions:
            if direction is not None and direction != vocab.directions[word]:
                raise ParseError(tr("two directions: give one"))
            direction = vocab.directions[word]
            continue
        if _SQUARE.fullmatch(word):
            squares.append(square_from(word))
            continue
        raise _unknown(typed, vocab)
    if not squares:
        raise ParseError(tr("which stack? start with its square, e.g. c3 ne or b2 e"))
    if len(squares) > 2:
        raise ParseError(
            tr("too many squares: a start square and a direction (c3 ne) or a landing square (c3-e5)")
        )
    start = squares[0]
    target = squares[1] if len(squares) == 2 else None
    if target is not None:
        way = _direction_between(start, target)
        if direction is not None and direction != way:
            raise ParseError(
                tr(
                    "{target} does not lie {way} of {start}",
                    target=SQUARE_NAMES[target],
                    way=side(direction),
                    start=SQUARE_NAMES[start],
                )
            )
        direction = way
    if kind is not None and direction is not None and (direction & 1 == 1) != (kind == "slide"):
        raise ParseError(tr("a slide goes diagonally (ne, se, sw, nw) and a run straight (n, e, s, w)"))
    _check_square(state, start)
    if direction is None:
        options = [
            m for m in state.legal if m.square == start and (kind is None or m.is_slide == (kind == "slide"))
        ]
        if len(options) == 1:
            return options[0]
        if not options:
            name = SQUARE_NAMES[start]
            if kind == "slide":
                raise IllegalError(tr("{square} has no legal slide", square=name))
            if kind == "run":
                raise IllegalError(tr("{square} has no legal run", square=name))
            raise IllegalError(tr("{square} has no legal move", square=name))
        names = ", ".join(said_action(state, m) for m in options)
        raise AmbiguousError(
            tr("{square} can move several ways: {moves}", square=SQUARE_NAMES[start], moves=names)
        )
    move = Move(start, direction)
    _check_move(state, move, target)
    return move


def _refuse(state: PrudhState, square: int, message: str) -> IllegalError:
    """A refusal that suggests the stack's first legal move, or says it has none."""
    options = [m for m in state.legal if m.square == square]
    if options:
        return IllegalError(message, suggestion=said_action(state, options[0]))
    return IllegalError(
        tr("{refusal}; {square} has no legal move now", refusal=message, square=SQUARE_NAMES[square])
    )


def _check_square(state: PrudhState, square: int) -> None:
    if state.over:
        raise IllegalError(tr("the game is over"))
    seat = state.to_move
    name = SQUARE_NAMES[square]
    if OWNER[square] != seat:
        if seat == DARK:
            raise IllegalError(tr("{square} is a light square: Dark moves from dark squares", square=name))
        raise IllegalError(tr("{square} is a dark square: Light moves from light squares", square=name))
    if not state.board[square]:
        raise IllegalError(tr("{square} is empty", square=name))


def _check_move(state: PrudhState, move: Move, target: int | None) -> None:
    name = SQUARE_NAMES[move.square]
    height = state.board[move.square]
    if move.is_slide:
        landing = next((t for t in RAYS[move.square][move.direction] if state.board[t]), None)
        if landing is None:
            raise _refuse(
                state,
                move.square,
                tr(
                    "no stack to slide onto {way} of {square} (a slide must join two stacks)",
                    way=side(move.direction),
                    square=name,
                ),
            )
        if target is not None and target != landing:
            raise IllegalError(
                tr(
                    "the slide from {square} {way} lands on {landing}, not {target}",
                    square=name,
                    way=towards(move.direction),
                    landing=SQUARE_NAMES[landing],
                    target=SQUARE_NAMES[target],
                ),
                suggestion=said_action(state, move),
            )
    else:
        if height < 2:
            raise _refuse(
                state, move.square, tr("a run needs a stack of 2 or more; {square} has 1", square=name)
            )
        if move not in state.legal:
            raise _refuse(
                state,
                move.square,
                tr(
                    "the run from {square} {way} captures nothing (a run must capture)",
                    square=name,
                    way=towards(move.direction),
                ),
            )
    if move not in state.legal:  # pragma: no cover - the checks above cover every refusal
        raise IllegalError(tr("{move} is not legal here", move=str(move)))


def expected_input(state: PrudhState) -> str:
    if state.over:
        return tr("The game is over.")
    to_move = seat(state.to_move)
    # the examples are moves of this position, so that one typed as shown is played (a fixed example may be
    # illegal now, or start on the other seat's squares)
    slide = next((m for m in state.legal if m.is_slide), None)
    run = next((m for m in state.legal if not m.is_slide), None)
    if slide is not None and run is not None:
        return tr(
            "{seat} to move: a slide (e.g. {slide} or {short}) or a run (e.g. {run})",
            seat=to_move,
            slide=format_action(state, slide),
            short=said_move(slide),
            run=said_action(state, run),
        )
    if slide is not None:
        return tr(
            "{seat} to move: a slide (e.g. {slide} or {short}); no run captures now",
            seat=to_move,
            slide=format_action(state, slide),
            short=said_move(slide),
        )
    if run is not None:
        return tr("{seat} to move: a run (e.g. {run})", seat=to_move, run=said_action(state, run))
    return tr(
        "{seat} to move: a slide or a run", seat=to_move
    )  # pragma: no cover - a game goes on with a move
