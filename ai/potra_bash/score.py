"""The score check: scoring piles typed as ``NAME=CARDS``, checked against the deck, scored and ranked."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ai.potra_bash.cards import MAX_PLAYERS, MIN_PLAYERS, VALUES, copies
from ai.potra_bash.notation import key, parse_value
from ai.potra_bash.rules import PileScore, explain, ranking, score_pile
from ai.protocol import ParseError


class ScoreError(ValueError):
    """Piles that cannot be scored (one line for the person)."""


@dataclass(frozen=True, slots=True)
class ScoreReport:
    names: tuple[str, ...]
    scores: tuple[PileScore, ...]
    winners: tuple[int, ...]
    reason: str
    players: int | None
    triples: str
    #: Warnings that do not stop the check (three piles beyond a 3-player deck, without --players).
    notes: tuple[str, ...] = ()

    @property
    def summary(self) -> str:
        return explain(self.scores, self.names)

    def lines(self) -> list[str]:
        width = max(len(n) for n in self.names)
        out = []
        for name, s in zip(self.names, self.scores, strict=True):
            cards = " ".join(str(v) for v in s.cards) or "(no cards)"
            sets = ", ".join(" ".join(str(v) for v in group) for group in s.discarded) or "none"
            kept = _sum_text(s.kept)
            out.append(f"{name:<{width}}  {cards}  · discarded: {sets}  · {kept} = {s.total}  ({s.ones}× 1)")
        out.append(self.summary[0].upper() + self.summary[1:] + ".")
        out.extend(f"Note: {note}." for note in self.notes)
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": "potra-bash",
            "triples": self.triples,
            "players": [
                {
                    "name": name,
                    "cards": list(s.cards),
                    "discarded": [list(group) for group in s.discarded],
                    "kept": list(s.kept),
                    "total": s.total,
                    "ones": s.ones,
                }
                for name, s in zip(self.names, self.scores, strict=True)
            ],
            "winners": [self.names[w] for w in self.winners],
            "reason": self.reason,
            "text": self.summary,
            "notes": list(self.notes),
        }


def _sum_text(values: tuple[int, ...]) -> str:
    if not values:
        return "0"
    text = str(values[0])
    for v in values[1:]:
        text += f" + {v}" if v >= 0 else f" − {-v}"
    return text


def parse_pile(text: str) -> tuple[str, tuple[int, ...]]:
    """``Ann=1,1,3,-2`` (or ``Ann: 1 1 3 -2``) -> name and cards."""
    sep = "=" if "=" in text else ":" if ":" in text else None
    if sep is None:
        raise ScoreError(f"{text!r}: write NAME=CARDS, e.g. Ann=1,1,3,-2,-2,-2")
    name, _, cards_text = text.partition(sep)
    name = name.strip()
    if not name or not key(name):
        raise ScoreError(f"{text!r}: the pile needs a name before {sep!r}")
    cards: list[int] = []
    for word in cards_text.replace(",", " ").replace(";", " ").split():
        word = word.replace("−", "-").replace("–", "-")
        try:
            value = parse_value(word)
        except ParseError as exc:
            raise ScoreError(f"{name}: {exc}") from exc
        if value is None:
            raise ScoreError(f"{name}: {word!r} is not a card ({', '.join(str(v) for v in VALUES)})")
        cards.append(value)
    return name, tuple(cards)


def check_scores(texts: list[str], players: int | None = None, triples: str = "all") -> ScoreReport:
    """Score the piles; refuses fewer than one pile, more than 5, repeated names, more copies than the deck."""
    if not texts:
        raise ScoreError("no scoring piles given")
    piles = [parse_pile(t) for t in texts]
    if len(piles) > MAX_PLAYERS:
        raise ScoreError(f"Potra Bash has at most {MAX_PLAYERS} players, not {len(piles)} piles")
    if players is not None and len(piles) > players:
        raise ScoreError(f"{len(piles)} piles for a {players}-player game")
    keys = [key(name) for name, _ in piles]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            raise ScoreError(f"two piles are called {piles[i][0]!r}")
    # Without --players the game may have had more players than piles typed: only the full deck's limit holds.
    count = players if players is not None else MAX_PLAYERS
    limit = copies(count)
    total: Counter[int] = Counter(v for _, cards in piles for v in cards)
    for value in VALUES:
        if total[value] > limit:
            deck = f"{count}-player deck" if count == MIN_PLAYERS else "deck"
            raise ScoreError(
                f"the piles hold {total[value]} cards of {value}, but the {deck} has only {limit}"
            )
    notes: list[str] = []
    if players is None and len(piles) == MIN_PLAYERS:
        small = copies(MIN_PLAYERS)
        over = [value for value in VALUES if total[value] > small]
        if over:
            values = ", ".join(f"{total[v]} of {v}" for v in over)
            notes.append(
                f"these piles hold {values}: more than a 3-player deck has ({small} of each); "
                "if the game had 3 players, a pile is wrong (check with --players 3)"
            )
    scores = tuple(score_pile(cards, triples) for _, cards in piles)
    winners, reason = ranking(scores)
    return ScoreReport(tuple(n for n, _ in piles), scores, winners, reason, players, triples, tuple(notes))
