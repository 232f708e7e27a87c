"""The score check: scoring piles typed as ``NAME=CARDS``, checked against the deck, scored and ranked.

Every player has a scoring pile (an empty one is typed ``Ann=``), so the piles typed are the players: 3 to 5.
A count no game can produce is refused, naming the impossible part: fewer than 3 or more than 5 piles, a
``--players`` that is not the number of piles, more copies of a value than the deck for that many players.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ai.potra_bash.cards import MAX_PLAYERS, MIN_PLAYERS, VALUES, copies
from ai.potra_bash.notation import key, parse_value
from ai.potra_bash.scoring import PileScore, end_text, explain, pile_data, ranking, score_pile
from ai.protocol import ParseError

#: A pile typed with more cards than this is refused before anything is built (the deck has 60 cards).
MAX_TYPED = 60


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
        return [*end_text(self.scores, self.names), *(f"Note: {note}." for note in self.notes)]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": "potra-bash",
            "triples": self.triples,
            "players": [
                {"name": name, **pile_data(s)} for name, s in zip(self.names, self.scores, strict=True)
            ],
            "winners": [self.names[w] for w in self.winners],
            "reason": self.reason,
            "text": self.summary,
            "notes": list(self.notes),
        }


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
    words = cards_text.replace(",", " ").replace(";", " ").split()
    if len(words) > MAX_TYPED:
        raise ScoreError(f"{name}: {len(words)} cards, but the whole deck has {MAX_TYPED}")
    for word in words:
        word = word.replace("−", "-").replace("–", "-")
        try:
            value = parse_value(word)
        except ParseError as exc:
            raise ScoreError(f"{name}: {exc}") from exc
        if value is None:
            raise ScoreError(f"{name}: {word!r} is not a card ({', '.join(str(v) for v in VALUES)})")
        cards.append(value)
    return name, tuple(cards)


def check_piles(texts: list[str], players: int | None = None) -> list[tuple[str, tuple[int, ...]]]:
    """The piles typed so far, parsed and checked against each other and the deck (the interactive form checks
    each line with this); ``check_scores`` adds what only the whole set of piles can tell."""
    piles = [parse_pile(t) for t in texts]
    most = players if players is not None else MAX_PLAYERS
    if len(piles) > most:
        game = f"a {players}-player game" if players is not None else "Potra Bash"
        raise ScoreError(f"{len(piles)} piles, but {game} has at most {most} players")
    keys = [key(name) for name, _ in piles]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            raise ScoreError(f"two piles are called {piles[i][0]!r}")
    # while piles are still to come, the game may have had more players than piles typed
    count = players if players is not None else MAX_PLAYERS
    limit = copies(count)
    total: Counter[int] = Counter(v for _, cards in piles for v in cards)
    for value in VALUES:
        if total[value] > limit:
            raise ScoreError(
                f"the piles hold {total[value]} cards of {value}, but the "
                f"{f'{players}-player ' if players is not None else ''}deck has only {limit}"
            )
    return piles


def check_scores(texts: list[str], players: int | None = None, triples: str = "all") -> ScoreReport:
    """Score the piles; refuses what no game can leave (see the module's docstring)."""
    if not texts:
        raise ScoreError("no scoring piles given")
    check_piles(texts, players)
    count = len(texts)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ScoreError(
            f"Potra Bash is for {MIN_PLAYERS} to {MAX_PLAYERS} players, each with a scoring pile: "
            f"type every player's pile (an empty one as NAME=), not {count}"
        )
    if players is not None and players != count:
        raise ScoreError(
            f"{count} piles for a {players}-player game: type every player's pile (NAME= if empty)"
        )
    piles = check_piles(texts, count)
    scores = tuple(score_pile(c, triples) for _, c in piles)
    winners, reason = ranking(scores)
    return ScoreReport(tuple(n for n, _ in piles), scores, winners, reason, players, triples)
