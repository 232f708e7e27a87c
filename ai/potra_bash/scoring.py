"""Potra Bash scoring: a scoring pile's sets of three discarded, its total, the ranking (1s break ties) and how
the result reads, for the end of a game and for ``companion score potra-bash`` alike."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from ai.potra_bash.cards import NO_SET_VALUES, SET_SIZE
from ai.potra_bash.layout import WIDTH, fit
from ai.text import listing


@dataclass(frozen=True, slots=True)
class PileScore:
    cards: tuple[int, ...]
    discarded: tuple[tuple[int, ...], ...]
    kept: tuple[int, ...]
    total: int
    ones: int


def score_pile(cards: Iterable[int], triples: str = "all") -> PileScore:
    """Discard complete sets of three equal cards other than 1 (with ``triples="one"`` at most one set per
    value), then add up the rest."""
    cards = tuple(sorted(cards, reverse=True))
    counts = Counter(cards)
    discarded: list[tuple[int, ...]] = []
    kept: list[int] = []
    for value in sorted(counts, reverse=True):
        n = counts[value]
        sets = 0 if value in NO_SET_VALUES else n // SET_SIZE
        if triples == "one":
            sets = min(sets, 1)
        discarded.extend((value,) * SET_SIZE for _ in range(sets))
        kept.extend([value] * (n - sets * SET_SIZE))
    return PileScore(cards, tuple(discarded), tuple(kept), sum(kept), counts[1])


def ranking(scores: Sequence[PileScore]) -> tuple[tuple[int, ...], str]:
    """The winning seats and how: ``highest score``; tie: ``most 1-point cards``; still tied: ``a draw``."""
    best = max(s.total for s in scores)
    top = [i for i, s in enumerate(scores) if s.total == best]
    if len(top) == 1:
        return (top[0],), "highest score"
    most = max(scores[i].ones for i in top)
    ones = [i for i in top if scores[i].ones == most]
    if len(ones) == 1:
        return (ones[0],), "tie broken by the most 1-point cards"
    return tuple(ones), "a draw"


def explain(scores: Sequence[PileScore], names: Sequence[str]) -> str:
    """How the result came about, in a sentence (``Ann wins with 12``)."""
    winners, reason = ranking(scores)
    best = scores[winners[0]].total
    who = listing(names[w] for w in winners)
    if reason == "highest score":
        return f"{who} wins with {best}"
    tied = [names[i] for i, s in enumerate(scores) if s.total == best]
    if reason == "a draw":
        return f"a draw between {who}: tied at {best} with {scores[winners[0]].ones} 1-point cards each"
    return (
        f"{who} wins: {', '.join(tied)} tied at {best}, broken by the most 1-point cards "
        f"({scores[winners[0]].ones})"
    )


def _sum_text(values: tuple[int, ...]) -> str:
    if not values:
        return "0"
    text = str(values[0])
    for v in values[1:]:
        text += f" + {v}" if v >= 0 else f" - {-v}"  # the minus the cards are written with
    return text


def pile_lines(name: str, score: PileScore, width: int = 0) -> list[str]:
    """The pile, then its sets of three discarded, what counts and its 1s, each broken to fit 80 columns
    between cards of different values, sets and the sum, never inside one (``layout.fit``).

    ``Ann   4 4 4 3 1`` / ``      discarded: 4 4 4  · 3 + 1 = 4  (1s: 1)`` (the 1s break a tie)"""
    indent = " " * (max(width, len(name)) + 2)
    runs = [" ".join(str(v) for v in group) for _, group in groupby(score.cards)] or ["(no cards)"]
    sets = [" ".join(str(v) for v in group) for group in score.discarded] or ["none"]
    total = f"{_sum_text(score.kept)} = {score.total}"
    terms = [f"  · {total}"] if len(indent) + len(total) + 2 <= WIDTH else ["  ·", *_terms(total)]
    listed = [f" {s}," for s in sets[:-1]] + [f" {sets[-1]}"]
    counted = [f"{indent}discarded:", *listed, *terms, f"  (1s: {score.ones})"]
    return [fit([f"{name:<{width}} ", *runs], indent=indent), fit(counted, sep="", indent=indent)]


def _terms(total: str) -> list[str]:
    """A sum too long for one line, in its terms: ``4``, `` + 3``, `` = 7``."""
    words = total.split(" ")
    return [" " + words[0], *(f" {op} {v}" for op, v in zip(words[1::2], words[2::2], strict=True))]


def end_text(scores: Sequence[PileScore], names: Sequence[str]) -> list[str]:
    """Every pile's breakdown, two lines each, then the result as a sentence."""
    width = max(len(n) for n in names)
    how = explain(scores, names)
    lines = [line for n, s in zip(names, scores, strict=True) for line in pile_lines(n, s, width)]
    return [*lines, how[0].upper() + how[1:] + "."]


def pile_data(score: PileScore) -> dict[str, Any]:
    return {
        "cards": list(score.cards),
        "discarded": [list(group) for group in score.discarded],
        "kept": list(score.kept),
        "total": score.total,
        "ones": score.ones,
    }


def scores_data(scores: Sequence[PileScore], names: Sequence[str]) -> dict[str, Any]:
    """The result as data: ``winners``, ``reason``, ``scores`` (name: total) and ``breakdown`` (name: pile)."""
    winners, reason = ranking(scores)
    return {
        "winners": [names[w] for w in winners],
        "reason": reason,
        "scores": {n: s.total for n, s in zip(names, scores, strict=True)},
        "breakdown": {n: pile_data(s) for n, s in zip(names, scores, strict=True)},
    }
