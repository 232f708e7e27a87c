"""Prudh's components and the board's geometry as data: squares, colours, directions, rays, edge variants.

Squares are numbered ``rank * 6 + file`` (a1 = 0, b1 = 1, ..., f6 = 35). a1 is dark; a square is dark when
file + rank is even. Seat 0 (Dark) owns the dark squares, seat 1 (Light) the light ones.

Printables read the module-level constants here (``VARIANTS``, ``EDGE_RULES``, ``EDGE_OPTIONS``,
``CAPTURE_POINTS``, ...). The names of the seats and directions as a sentence of the table says them (``seat``,
``seat_of``, ``towards``, ``side``) are at the end.
"""

from __future__ import annotations

from typing import Final

from ai.words import ptr, tr

SIZE: Final = 6
SQUARES: Final = SIZE * SIZE
PIECES: Final = 36
FILES: Final = "abcdef"
RANKS: Final = "123456"

DARK: Final = 0
LIGHT: Final = 1
SEAT_NAMES: Final = ("Dark", "Light")

#: Directions in the order of the compass: index, short name, long name, (file step, rank step).
DIRECTIONS: Final[tuple[tuple[str, str, int, int], ...]] = (
    ("n", "north", 0, 1),
    ("ne", "northeast", 1, 1),
    ("e", "east", 1, 0),
    ("se", "southeast", 1, -1),
    ("s", "south", 0, -1),
    ("sw", "southwest", -1, -1),
    ("w", "west", -1, 0),
    ("nw", "northwest", -1, 1),
)
#: Diagonals (slides) and orthogonals (runs), as direction indices.
DIAGONALS: Final = (1, 3, 5, 7)
ORTHOGONALS: Final = (0, 2, 4, 6)

#: The four edge variants, chosen when a game starts, in the order of the rulebook.
VARIANTS: Final = ("ordinary", "traditional", "tika", "tomio")
VARIANT_TITLES: Final = {
    "ordinary": "Ordinary",
    "traditional": "Traditional",
    "tika": "Tika",
    "tomio": "Tomío",
}
#: What happens to the N - k extra pieces of a run that reaches the edge: (last drop captured, did not).
EDGE_RULES: Final = {
    "ordinary": (
        "one piece captures; the extras go back to the start square",
        "the extras go back to the start square",
    ),
    "traditional": (
        "all remaining pieces land on the edge capture: all are removed and scored",
        "the extras go back to the start square",
    ),
    "tika": (
        "the enemy stack and one capturing piece are removed and scored; the extras stay there as an enemy stack",
        "the extras go back to the start square",
    ),
    "tomio": (
        "one piece captures; the extras go to the pit",
        "the extras go to the pit",
    ),
}
#: A variant's handling option that leaves the position as its rule does (the rulebook allows it under Ordinary).
EDGE_OPTIONS: Final = {
    "ordinary": "you may instead leave the extras on the start square and move only the pieces the run needs",
}
#: Capture scoring: "all" (the captured stack and the capturing piece, h + 1; the default ruling) or
#: "stack" (only the captured stack, h; the option).
CAPTURE_POINTS: Final = {
    "all": "h + 1: the captured stack and the capturing piece",
    "stack": "h: the captured stack",
}
#: Under Tomío the pit's pieces score 1 each for the player who made the last move.
PIT_POINTS: Final = 1
#: Sizes, for planning search (from the spec): legal opening moves, and the usual game length in plies.
OPENING_MOVES: Final = 50
GAME_PLIES: Final = (18, 51)
#: A hard limit on the length of a game, in plies: every move lowers the pieces on the board or the stacks.
MAX_PLIES: Final = 2 * PIECES


def square_name(square: int) -> str:
    return FILES[square % SIZE] + RANKS[square // SIZE]


def owner(square: int) -> int:
    """The seat that owns ``square``: Dark when file + rank is even (a1 is dark)."""
    return (square % SIZE + square // SIZE) & 1


def _ray(square: int, direction: int) -> tuple[int, ...]:
    _, _, df, dr = DIRECTIONS[direction]
    f, r = square % SIZE, square // SIZE
    out = []
    f, r = f + df, r + dr
    while 0 <= f < SIZE and 0 <= r < SIZE:
        out.append(r * SIZE + f)
        f, r = f + df, r + dr
    return tuple(out)


SQUARE_NAMES: Final = tuple(square_name(sq) for sq in range(SQUARES))
OWNER: Final = tuple(owner(sq) for sq in range(SQUARES))
#: The squares of each seat.
SEAT_SQUARES: Final = (
    tuple(sq for sq in range(SQUARES) if OWNER[sq] == DARK),
    tuple(sq for sq in range(SQUARES) if OWNER[sq] == LIGHT),
)
#: ``RAYS[square][direction]``: the squares from ``square`` (excluded) to the edge.
RAYS: Final = tuple(tuple(_ray(sq, d) for d in range(8)) for sq in range(SQUARES))


# -- the names inside a sentence, in the table's language (ai.words): a literal catalogue entry each (``ptr``
# under a context where the form differs from the name alone), so the catalogue's test sees every one --


def seat(index: int) -> str:
    """A seat's name as the subject of a sentence: Dark, Тёмный, Sombre."""
    return (tr("Dark"), tr("Light"))[index]


def seat_of(index: int) -> str:
    """A seat's name as the owner of a thing, for "{seat}'s stack": Light, Светлого, de Clair."""
    return (ptr("of", "Dark"), ptr("of", "Light"))[index]


def towards(direction: int) -> str:
    """A direction as the way a stack goes ("going north"): north, на север, vers le nord."""
    return (
        ptr("towards", "north"),
        ptr("towards", "northeast"),
        ptr("towards", "east"),
        ptr("towards", "southeast"),
        ptr("towards", "south"),
        ptr("towards", "southwest"),
        ptr("towards", "west"),
        ptr("towards", "northwest"),
    )[direction]


def side(direction: int) -> str:
    """A direction as the side of a square ("north of c3"): north, к северу, au nord."""
    return (
        ptr("side", "north"),
        ptr("side", "northeast"),
        ptr("side", "east"),
        ptr("side", "southeast"),
        ptr("side", "south"),
        ptr("side", "southwest"),
        ptr("side", "west"),
        ptr("side", "northwest"),
    )[direction]
