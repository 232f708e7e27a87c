"""Seeded draws that replay on any Python: shuffle, choice, randrange and sample on promised primitives.

A saved game is replayed from its seed, and a deal, a bot's noise or a search's play-out must come out the
same on every Python the tool runs on. The standard library promises a stable sequence only for
``Random.random()`` and ``getrandbits()`` given the same seed; the algorithms of ``shuffle``, ``choice``,
``randrange`` and ``sample`` have changed between versions. These functions draw only through
``getrandbits`` and are the algorithms of CPython 3.11, so games seeded before keep their deals.

Every deal, shuffle and random pick in ``ai/`` goes through this module, never through the methods of
``random.Random`` above (``random()``, ``uniform()`` and ``getrandbits()`` are safe to call directly).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)``, ``n > 0``: rejection sampling on ``n.bit_length()`` bits."""
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(rng: random.Random, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place (Fisher–Yates from the end)."""
    getrandbits = rng.getrandbits
    size = len(items)
    steps = _STEPS[size] if size < len(_STEPS) else _steps(size)
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of ``shuffle`` on ``size`` items: each position from the end, the number of places it draws
    from (itself and those before it) and the bits of that draw."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


#: ``_steps`` of the sizes the games shuffle, made once.
_STEPS = tuple(_steps(size) for size in range(64))


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """One element of a non-empty sequence, uniformly."""
    if not items:
        raise IndexError("cannot choose from an empty sequence")
    return items[below(rng, len(items))]


def randrange(rng: random.Random, start: int, stop: int | None = None) -> int:
    """A uniform integer in ``range(start)`` or ``range(start, stop)`` (step 1)."""
    if stop is None:
        if start <= 0:
            raise ValueError("empty range")
        return below(rng, start)
    if stop <= start:
        raise ValueError(f"empty range ({start}, {stop})")
    return start + below(rng, stop - start)


def randint(rng: random.Random, low: int, high: int) -> int:
    """A uniform integer in ``[low, high]``, both included."""
    return randrange(rng, low, high + 1)


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``k`` distinct positions of ``population`` in selection order (a pool for small populations, a set of
    chosen positions for large ones, as CPython 3.11 chooses)."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("sample larger than population or negative")
    result: list[T] = []
    setsize = 21
    if k > 5:
        size = 1
        while size < k * 3:  # 4 ** ceil(log(3k, 4)), in integers
            size *= 4
        setsize += size
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = below(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for _ in range(k):
            j = below(rng, n)
            while j in selected:
                j = below(rng, n)
            selected.add(j)
            result.append(population[j])
    return result
