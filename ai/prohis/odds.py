"""Prohis: the odds behind the ``normal`` card's die, where it inspects a convoy or refuses a bribe.

A convoy's size, the controller put forward and the bribe's worth give the die faces on which the card
inspects (``inspect_faces``); ``die_table`` is the same printed as the card's table, a row per controller and
run of bribe worths. The card (``ai.prohis.bots.card``) rolls against it, and so do ``hard``'s play-outs.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ai.prohis.components import CONTROLLERS, ILLEGAL, LEGAL, RANK, values


def exact_risk(convoy: Sequence[int], rank: int) -> float:
    """The chance an inspection of ``rank`` cards of ``convoy``, turned in random order, meets an illegal good
    before a controller."""
    perms = list(itertools.permutations(convoy))
    caught = 0
    for perm in perms:
        for card in perm[:rank]:
            if card == ILLEGAL:
                caught += 1
                break
            if card in CONTROLLERS:
                break
    return caught / len(perms)


#: Faces added to the indifference point of ``inspect_faces`` (see there).
EXTRA_FACES = 1


@functools.lru_cache(maxsize=256)
def inspect_faces(size: int, controller: int, worth: int = 0, seed_values: bool = False) -> int:
    """Die faces (of six) on which to inspect a convoy of ``size`` cards with ``controller``, a bribe worth
    ``worth`` in the inspector's warehouse offered (0: none): the card's die table.

    The chance makes a smuggler indifferent between hiding contraband and sending clean goods: a typical
    dirty convoy (half illegal, rounded up) must not gain more when it passes than it loses when caught,
    counted against what an inspection of a clean convoy costs the inspector (his controller goes to the
    smuggler's hand) — ``q = (V_dirty − V_clean) / (loss_dirty + loss_clean)``, the inspector's minimax in a
    two-player model. A bribe is refused on as many faces, fewer for a bribe worth more than the +2,000 of
    declining (k × 2,000 / its worth, rounded, at least 1). Then one face more (``EXTRA_FACES``): the card's
    own smugglers send contraband whenever they hold some instead of mixing as the model's smuggler does, and
    a seat that always inspects them won 30.9% of 1,000 games against the indifference faces, 29.4% with one
    more (README, Exploiters). Never on all six faces (one sign, or none, must not decide)."""
    v = values(seed_values)
    h = v.hand[controller]
    dirty = [ILLEGAL] * ((size + 1) // 2) + [LEGAL] * (size // 2)
    catch = exact_risk(tuple(dirty), RANK[controller])
    v_dirty = sum(v.warehouse[c] for c in dirty)
    v_clean = size * v.warehouse[LEGAL]
    inspected = -catch * (v_dirty + 2000) + (1 - catch) * (v_dirty + 2 * h)
    q = (v_dirty - v_clean) / max(1.0, v_dirty - inspected + 2 * h)
    faces = min(5, max(1, math.floor(6 * q + 0.5)))
    if worth > 2000:
        faces = max(1, math.floor(faces * 2000 / worth + 0.5))
    return min(5, faces + EXTRA_FACES)


@dataclass(frozen=True, slots=True)
class DieRow:
    """One row of the card's die table: a controller, the bribe worths it covers (``low`` to ``high``; 0: no
    bribe too; ``high`` ``None``: or more), the faces for convoys of 2, 3 and 4 cards."""

    controller: int
    low: int
    high: int | None
    faces: tuple[int, ...]


SIZES = (2, 3, 4)
#: Bribes are worth whole thousands; from this worth on every cell of the table is 1.
_WORTHS = range(0, 41000, 1000)


def die_table(seed_values: bool = False) -> tuple[DieRow, ...]:
    """The die table printed on the card, read from ``inspect_faces``: per controller, the runs of bribe worths
    that give the same faces (no bribe with the smallest)."""
    rows: list[DieRow] = []
    for controller in CONTROLLERS:
        runs: list[DieRow] = []
        for worth in _WORTHS:
            faces = tuple(inspect_faces(size, controller, worth, seed_values) for size in SIZES)
            if runs and runs[-1].faces == faces:
                runs[-1] = DieRow(controller, runs[-1].low, worth, faces)
            else:
                runs.append(DieRow(controller, worth, worth, faces))
        last = runs[-1]
        runs[-1] = DieRow(controller, last.low, None, last.faces)
        rows += runs
    return tuple(rows)
