"""``companion score prohis``: final scores from each player's warehouse and hand counts.

A player is typed ``NAME=WAREHOUSE/HAND`` with cards in the game's notation, e.g. ``Ann=12g 3x l/c i x``
(12 legal, 3 illegal and a lieutenant stored; a captain, an inspector and an illegal good still in hand).
Counts beyond the components for the player count are refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ai.prohis.cards import KINDS, MAX_PLAYERS, MIN_PLAYERS, NAMES, UNKNOWN, amount, deck_counts, values
from ai.prohis.notation import parse_cards
from ai.prohis.rules import Counts, counts_of
from ai.protocol import InputError


class ScoreError(ValueError):
    """Input that cannot be scored; the message is one line for the person."""


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
            out.append(f"Shared win: {' and '.join(winners)} with {max(p.total for p in self.scores):,}.")
        else:
            out.append(f"{winners[0]} wins with {max(p.total for p in self.scores):,}.")
        if self.seed_values:
            out.append("(the summary's values: illegal 1,000 and inspector 3,000 in the warehouse)")
        return out


def parse_player(text: str) -> tuple[str, Counts, Counts]:
    name, sep, rest = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ScoreError(f"{text!r}: type NAME=WAREHOUSE/HAND, e.g. Ann=12g 3x l/c i")
    stored, _, held = rest.partition("/")
    try:
        warehouse = (
            counts_of(parse_cards(stored.replace(",", " ").split())) if stored.strip() else counts_of(())
        )
        hand = counts_of(parse_cards(held.replace(",", " ").split())) if held.strip() else counts_of(())
    except InputError as exc:
        raise ScoreError(f"{name}: {exc}") from exc
    if warehouse[UNKNOWN] or hand[UNKNOWN]:
        raise ScoreError(f"{name}: name every card (g, x, l, c, i), not a bare count")
    return name, warehouse, hand


def check_scores(texts: list[str], players: int | None = None, seed_values: bool = False) -> ScoreReport:
    if not texts:
        raise ScoreError("no players typed")
    parsed = [parse_player(t) for t in texts]
    names = [p[0].lower() for p in parsed]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise ScoreError(f"two players are called {parsed[i][0]!r}")
    count = players if players is not None else len(parsed)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ScoreError(f"Prohis is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}")
    if len(parsed) > count:
        raise ScoreError(f"{len(parsed)} players typed for a {count}-player game")
    deck = deck_counts(count)
    for k in KINDS:
        total = sum(w[k] + h[k] for _, w, h in parsed)
        if total > deck[k]:
            raise ScoreError(
                f"{total} {NAMES[k]} cards counted, but a {count}-player game has only {deck[k]}"
            )
    v = values(seed_values)
    scores = tuple(
        PlayerScore(
            name,
            w,
            h,
            tuple((w[k] * v.warehouse[k], h[k] * v.hand[k]) for k in KINDS),
        )
        for name, w, h in parsed
    )
    return ScoreReport(count, seed_values, scores)
