"""Seeds replay on any Python: every draw in ``ai/`` goes through ``ai.rng``, built on ``getrandbits`` alone.

The values below are pinned: a Python whose ``shuffle``, ``choice`` or ``sample`` draw differently still
deals the same games from the same seeds. The golden games (``tests/test_golden.py``) pin whole games.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from ai import rng

AI = Path(__file__).resolve().parent.parent / "ai"
#: The methods of ``random.Random`` whose algorithm Python does not promise to keep.
UNSTABLE = {"shuffle", "choice", "choices", "randrange", "randint", "sample", "binomialvariate"}


def test_pinned_draws_of_fixed_seeds() -> None:
    deck = list(range(10))
    rng.shuffle(random.Random(1), deck)
    assert deck == [6, 8, 9, 7, 5, 3, 0, 4, 1, 2]
    r = random.Random("deal/7")
    assert [rng.below(r, 6) for _ in range(8)] == [0, 3, 1, 3, 4, 0, 0, 5]
    assert rng.sample(r, list(range(30)), 5) == [16, 19, 23, 22, 29]
    assert rng.choice(r, "abcdef") == "b"
    assert rng.randint(r, 1, 6) == 4


@given(st.integers(0, 2**32), st.lists(st.integers(), max_size=70), st.integers(0, 70))
def test_the_draws_are_the_standard_librarys_on_the_python_the_games_were_recorded_on(
    seed: int, items: list[int], k: int
) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(items), list(items)
    rng.shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    if items:
        assert rng.choice(ours, items) == theirs.choice(items)
        assert rng.randrange(ours, 3, 3 + len(items)) == theirs.randrange(3, 3 + len(items))
    k = min(k, len(items))
    assert rng.sample(ours, items, k) == theirs.sample(items, k)
    assert ours.random() == theirs.random()


def test_no_module_of_ai_draws_with_an_unstable_method_of_random() -> None:
    found = []
    for path in AI.rglob("*.py"):
        if path.name == "rng.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in UNSTABLE
                and not (isinstance(node.func.value, ast.Name) and node.func.value.id in ("seeded", "self"))
            ):
                found.append(f"{path.relative_to(AI)}:{node.lineno} .{node.func.attr}()")
    assert found == []
