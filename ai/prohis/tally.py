"""Prohis's final count: each player's points per card type in warehouse and hand, the totals and the winner.

The end of a game in the session and ``companion score prohis`` both build a ``ScoreReport`` here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.prohis.cards import KINDS, NAMES, amount, values
from ai.text import listing

Counts = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerScore:
    name: str
    warehouse: Counts
    hand: Counts
    #: Per card type: (warehouse points, hand points).
    breakdown: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(w + h for w, h in self.breakdown)


@dataclass(frozen=True, slots=True)
class ScoreReport:
    players: int
    seed_values: bool
    scores: tuple[PlayerScore, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        best = max(p.total for p in self.scores)
        return tuple(p.name for p in self.scores if p.total == best)

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": "score",
            "game": "prohis",
            "players": self.players,
            "values": "seed" if self.seed_values else "published",
            "scores": [
                {
                    "name": p.name,
                    "warehouse": {NAMES[k]: p.warehouse[k] for k in KINDS},
                    "hand": {NAMES[k]: p.hand[k] for k in KINDS},
                    "breakdown": {
                        NAMES[k]: {"warehouse": p.breakdown[k][0], "hand": p.breakdown[k][1]} for k in KINDS
                    },
                    "total": p.total,
                }
                for p in self.scores
            ],
            "winners": list(self.winners),
            "shared": len(self.winners) > 1,
            "reason": "a shared win: the highest total, tied"
            if len(self.winners) > 1
            else "the highest total",
            "text": self.lines()[len(self.scores)],  # the verdict, as Potra Bash's says it
        }

    def lines(self) -> list[str]:
        out = []
        for p in self.scores:
            parts = []
            for k in KINDS:
                w, h = p.breakdown[k]
                if p.warehouse[k]:
                    parts.append(f"{amount(p.warehouse[k], k)} stored {w:+,}")
                if p.hand[k]:
                    parts.append(f"{amount(p.hand[k], k)} in hand {h:+,}")
            out.append(f"{p.name}: {', '.join(parts) or 'nothing'} = {p.total:,}")
        winners = self.winners
        if len(winners) > 1:
            out.append(f"Shared win: {listing(winners)} with {max(p.total for p in self.scores):,}.")
        else:
            out.append(f"{winners[0]} wins with {max(p.total for p in self.scores):,}.")
        if self.seed_values:
            out.append("(the summary's values: illegal 1,000 and inspector 3,000 in the warehouse)")
        return out

    def players_data(self) -> dict[str, Any]:
        """The ``end`` event's fields: ``winners``, ``scores`` (name: total) and ``breakdown`` (name: cards and
        points per card type)."""
        return {
            "winners": list(self.winners),
            "scores": {p.name: p.total for p in self.scores},
            "breakdown": {
                p.name: {
                    NAMES[k]: {
                        "warehouse": p.warehouse[k],
                        "hand": p.hand[k],
                        "points": p.breakdown[k][0] + p.breakdown[k][1],
                    }
                    for k in KINDS
                    if p.warehouse[k] or p.hand[k]
                }
                for p in self.scores
            },
        }


def report(
    names: Sequence[str],
    warehouses: Sequence[Counts],
    hands: Sequence[Counts],
    players: int,
    seed_values: bool = False,
) -> ScoreReport:
    """Each player's points from their warehouse and hand (every card named)."""
    v = values(seed_values)
    scores = tuple(
        PlayerScore(name, w, h, tuple((w[k] * v.warehouse[k], h[k] * v.hand[k]) for k in KINDS))
        for name, w, h in zip(names, warehouses, hands, strict=True)
    )
    return ScoreReport(players, seed_values, scores)
