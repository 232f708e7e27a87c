"""Potra Bash's final count: a scoring pile's sets of three discarded, its total, the ranking (1s break ties) and
how the result reads, for the end of a game and for ``companion score potra-bash`` alike; and that score check,
scoring piles typed as ``NAME=CARDS``, checked against the deck, scored and ranked. The rules of the count (sets
discarded, ranking) are the engine's (``ai.potra_bash.engine``); here they are laid out for people.

The score check: every player has a scoring pile, so the piles typed are the players: 3 to 5. A count no game
can produce is refused, naming the impossible part: fewer than 3 or more than 5 piles, a ``--players`` that is
not the number of piles, more copies of a value than the deck for that many players, fewer cards than a finished
game leaves in the piles, and a pile smaller than the number of rounds the piles took.

A finished game has dealt the whole deck (it ends when the deck is empty after an acquisition), and every card
played went to a scoring pile; only the cards still in hands are in no pile, at most ``HAND_SIZE`` (3) per player
(a hand never grows past 3, and everyone may keep 3 when the last card is drawn in lap 1 and all pass after).
So the piles of an N-player game hold the whole deck less at most 3*N cards: 41 to 50 cards for 3 players,
48 to 60 for 4, 45 to 60 for 5.

Every round gives each player at least one card: lap 1 puts a card of everyone's in the field, and the field is
shared out one card a player at a time. A round puts at most 3*N + 1 cards in the piles (three laps of plays and
the centre card), so piles holding C cards took at least C / (3*N + 1) rounds, and each pile holds at least that
many (5 each for 41 cards at 3 players).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from ai.lines import WIDTH, fit
from ai.potra_bash import engine
from ai.potra_bash.components import (
    AUTOMA_HANDICAP,
    AUTOMA_LEVEL,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SET_SIZE,
    VALUES,
    copies,
    deck,
)
from ai.potra_bash.notation import key, parse_value
from ai.protocol import InputError, ParseError
from ai.text import close_word, empty_item
from ai.words import listing, quoted, tr, trn


@dataclass(frozen=True, slots=True)
class PileScore:
    cards: tuple[int, ...]
    discarded: tuple[tuple[int, ...], ...]
    kept: tuple[int, ...]
    #: The score: the kept cards and the handicap.
    total: int
    ones: int
    #: The paper automa's handicap points (0 for a player), counted before the tie-break on 1s.
    handicap: int = 0


def score_pile(cards: Iterable[int], triples: str = "all", handicap: int = 0) -> PileScore:
    """Discard complete sets of three equal cards other than 1 (with ``triples="one"`` at most one set per
    value), then add up the rest and an automa's ``handicap`` points."""
    cards = tuple(sorted(cards, reverse=True))
    counts = Counter(cards)
    discarded: list[tuple[int, ...]] = []
    kept: list[int] = []
    for value in sorted(counts, reverse=True):
        n = counts[value]
        sets = engine.sets(value, n, triples)
        discarded.extend((value,) * SET_SIZE for _ in range(sets))
        kept.extend([value] * (n - sets * SET_SIZE))
    return PileScore(cards, tuple(discarded), tuple(kept), sum(kept) + handicap, counts[1], handicap)


def ranking(scores: Sequence[PileScore]) -> tuple[tuple[int, ...], str]:
    """The winning seats and how: ``highest score``; tie: ``most 1-point cards``; still tied: ``a draw``."""
    winners, how = engine.ranking([s.total for s in scores], [s.ones for s in scores])
    return tuple(winners), REASONS[how]


#: How a ranking was decided (``engine.ranking``), in words.
REASONS = {
    engine.BY_SCORE: "highest score",
    engine.BY_ONES: "tie broken by the most 1-point cards",
    engine.DRAW: "a draw",
}


def reason_text(reason: str) -> str:
    """A ranking's reason (``REASONS``, kept in English as data) as the table reads it."""
    if reason == REASONS[engine.BY_SCORE]:
        return tr("highest score")
    if reason == REASONS[engine.BY_ONES]:
        return tr("tie broken by the most 1-point cards")
    return tr("a draw")


def explain(scores: Sequence[PileScore], names: Sequence[str]) -> str:
    """How the result came about, in a sentence (``Ann wins with 12``)."""
    winners, reason = ranking(scores)
    best = scores[winners[0]].total
    who = listing(names[w] for w in winners)
    if reason == "highest score":
        return tr("{name} wins with {best}", name=who, best=best)
    tied = [names[i] for i, s in enumerate(scores) if s.total == best]
    ones = scores[winners[0]].ones
    if reason == "a draw":
        return tr(
            "a draw between {names}: tied at {best} with {ones} 1-point cards each",
            names=who,
            best=best,
            ones=ones,
        )
    return tr(
        "{name} wins: {tied} tied at {best}, broken by the most 1-point cards ({ones})",
        name=who,
        tied=", ".join(tied),
        best=best,
        ones=ones,
    )


def _sum_text(values: tuple[int, ...]) -> str:
    if not values:
        return "0"
    text = str(values[0])
    for v in values[1:]:
        text += f" + {v}" if v >= 0 else f" - {-v}"  # the minus the cards are written with
    return text


def pile_lines(name: str, score: PileScore, width: int = 0, screen: int = WIDTH) -> list[str]:
    """The pile, then its sets of three discarded, what counts and its 1s, each broken to fit ``screen``
    columns between cards of different values, sets and the sum, never inside one (``layout.fit``); an automa's
    handicap on a line of its own, with the score it makes.

    ``Ann   4 4 4 3 1`` / ``      discarded: 4 4 4  · 3 + 1 = 4  (1s: 1)`` (the 1s break a tie)"""
    indent = " " * (max(width, len(name)) + 2)
    runs = [" ".join(str(v) for v in group) for _, group in groupby(score.cards)] or [tr("(no cards)")]
    sets = [" ".join(str(v) for v in group) for group in score.discarded] or [tr("none")]
    total = f"{_sum_text(score.kept)} = {score.total - score.handicap}"
    terms = [f"  · {total}"] if len(indent) + len(total) + 2 <= screen else ["  ·", *_terms(total)]
    listed = [f" {s}," for s in sets[:-1]] + [f" {sets[-1]}"]
    counted = [indent + tr("discarded:"), *listed, *terms, "  " + tr("(1s: {ones})", ones=score.ones)]
    lines = [
        fit([f"{name:<{width}} ", *runs], indent=indent, width=screen),
        fit(counted, sep="", indent=indent, width=screen),
    ]
    if score.handicap:
        lines.append(
            indent
            + tr(
                "{line}: +{points}  · score {score}",
                line=tr(HANDICAP_LINE),
                points=score.handicap,
                score=score.total,
            )
        )
    return lines


#: The line of an automa's breakdown that adds its handicap (as the score pad prints it).
HANDICAP_LINE = "automa's handicap"


def _terms(total: str) -> list[str]:
    """A sum too long for one line, in its terms: ``4``, `` + 3``, `` = 7``."""
    words = total.split(" ")
    return [" " + words[0], *(f" {op} {v}" for op, v in zip(words[1::2], words[2::2], strict=True))]


def end_text(scores: Sequence[PileScore], names: Sequence[str], screen: int = WIDTH) -> list[str]:
    """Every pile's breakdown, two lines each (laid out for ``screen`` columns), then the result as a
    sentence."""
    width = max(len(n) for n in names)
    how = explain(scores, names)
    lines = [line for n, s in zip(names, scores, strict=True) for line in pile_lines(n, s, width, screen)]
    return [*lines, how[0].upper() + how[1:] + "."]


def pile_data(score: PileScore) -> dict[str, Any]:
    data = {
        "cards": list(score.cards),
        "discarded": [list(group) for group in score.discarded],
        "kept": list(score.kept),
        "total": score.total,
        "ones": score.ones,
    }
    if score.handicap:
        data["handicap"] = score.handicap
    return data


def scores_data(scores: Sequence[PileScore], names: Sequence[str]) -> dict[str, Any]:
    """The result as data: ``winners``, ``reason``, ``scores`` (name: total) and ``breakdown`` (name: pile)."""
    winners, reason = ranking(scores)
    return {
        "winners": [names[w] for w in winners],
        "reason": reason,
        "scores": {n: s.total for n, s in zip(names, scores, strict=True)},
        "breakdown": {n: pile_data(s) for n, s in zip(names, scores, strict=True)},
    }


#: A pile typed with more cards than this is refused before anything is built (the deck has 60 cards).
MAX_TYPED = 60


class ScoreError(InputError):
    """Piles that cannot be scored (one line for the person; ``suggestion``: the name a typo most likely meant)."""


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

    def lines(self, screen: int = WIDTH) -> list[str]:
        """The breakdown laid out for ``screen`` columns, the result and the notes."""
        notes = (tr("Note: {note}.", note=note) for note in self.notes)
        return [*end_text(self.scores, self.names, screen), *notes]

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": "score",
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
        raise ScoreError(tr("{text}: write NAME=CARDS, e.g. Ann=1,1,3,-2,-2,-2", text=quoted(text)))
    name, _, cards_text = text.partition(sep)
    name = name.strip()
    if not name or not key(name):
        raise ScoreError(tr("{text}: the pile needs a name before {sep}", text=quoted(text), sep=quoted(sep)))
    cards: list[int] = []
    empty = empty_item(cards_text)
    if empty:
        raise ScoreError(tr("{name}: {error}", name=name, error=empty))
    words = cards_text.replace(",", " ").replace(";", " ").split()
    if len(words) > MAX_TYPED:
        raise ScoreError(
            tr("{name}: {n} cards, but the whole deck has {most}", name=name, n=len(words), most=MAX_TYPED)
        )
    for word in words:
        word = word.replace("−", "-").replace("–", "-")
        try:
            value = parse_value(word)
        except ParseError as exc:
            raise ScoreError(tr("{name}: {error}", name=name, error=exc)) from exc
        if value is None:
            values = ", ".join(str(v) for v in VALUES)
            raise ScoreError(
                tr("{name}: {word} is not a card ({values})", name=name, word=quoted(word), values=values)
            )
        cards.append(value)
    return name, tuple(cards)


def check_piles(texts: list[str], players: int | None = None) -> list[tuple[str, tuple[int, ...]]]:
    """The piles typed so far, parsed and checked against each other and the deck (the interactive form checks
    each line with this); ``check_scores`` adds what only the whole set of piles can tell."""
    piles = [parse_pile(t) for t in texts]
    most = players if players is not None else MAX_PLAYERS
    if len(piles) > most:
        raise ScoreError(
            tr(
                "{n} piles, but a {players}-player game has at most {most} players",
                n=len(piles),
                players=players,
                most=most,
            )
            if players is not None
            else tr("{n} piles, but Potra Bash has at most {most} players", n=len(piles), most=most)
        )
    keys = [key(name) for name, _ in piles]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            raise ScoreError(tr("two piles are called {name}", name=quoted(piles[i][0])))
    # while piles are still to come, the game may have had more players than piles typed
    count = players if players is not None else MAX_PLAYERS
    limit = copies(count)
    total: Counter[int] = Counter(v for _, cards in piles for v in cards)
    for value in VALUES:
        if total[value] > limit:
            # whose: the form refuses the line that went over, which may not be the wrong one
            whose = ", ".join(f"{name} {cards.count(value)}" for name, cards in piles if value in cards)
            fields = {"n": total[value], "value": value, "whose": whose, "limit": limit, "players": players}
            raise ScoreError(
                tr(
                    "the piles hold {n} cards of {value} ({whose}), but the {players}-player deck has only {limit}",
                    **fields,
                )
                if players is not None
                else tr(
                    "the piles hold {n} cards of {value} ({whose}), but the deck has only {limit}", **fields
                )
            )
    return piles


def check_scores(
    texts: list[str],
    players: int | None = None,
    triples: str = "all",
    automas: Sequence[str] = (),
    level: int = AUTOMA_LEVEL,
) -> ScoreReport:
    """Score the piles; refuses what no game can leave (see the module's docstring). The piles named in
    ``automas`` are the paper automa's: they add the handicap of difficulty ``level``."""
    if not texts:
        raise ScoreError(tr("no scoring piles given"))
    count = len(texts)
    # every pile is typed: their number is the game's, and its deck (not the largest) the one to count against
    check_piles(
        texts, players if players is not None else count if MIN_PLAYERS <= count <= MAX_PLAYERS else None
    )
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ScoreError(
            tr(
                "Potra Bash is for {least} to {most} players, each with a scoring pile: type every player's pile, "
                "not {n}",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                n=count,
            )
        )
    if players is not None and players != count:
        raise ScoreError(
            tr("{n} piles for a {players}-player game: type every player's pile", n=count, players=players)
        )
    piles = check_piles(texts, count)
    check_finished(piles)
    keys = [key(name) for name, _ in piles]
    for name in automas:
        if key(name) not in keys:
            line = tr(
                "--automa {name}: no pile is called that ({names})",
                name=name,
                names=", ".join(n for n, _ in piles),
            )
            close = close_word(key(name), keys, short=True)  # "Bsh": the pile it most likely meant
            raise ScoreError(line, suggestion=None if close is None else piles[keys.index(close)][0])
    if level not in AUTOMA_HANDICAP:
        raise ScoreError(
            tr("the automa's difficulty is one of {levels}", levels=", ".join(map(str, AUTOMA_HANDICAP)))
        )
    blind = {key(name) for name in automas}
    points = AUTOMA_HANDICAP[level]
    scores = tuple(score_pile(c, triples, points if key(n) in blind else 0) for n, c in piles)
    winners, reason = ranking(scores)
    return ScoreReport(tuple(n for n, _ in piles), scores, winners, reason, players, triples)


def check_finished(piles: list[tuple[str, tuple[int, ...]]]) -> None:
    """Refuse piles too small for a finished game: the whole deck less at most 3 cards per hand."""
    players = len(piles)
    whole = len(deck(players))
    least = whole - HAND_SIZE * players
    held = sum(len(cards) for _, cards in piles)
    if held < least:
        raise ScoreError(
            tr(
                "the piles hold {held} cards, but a finished {players}-player game has dealt all {whole} and at "
                "most {hand} per player stay in hands: the piles hold at least {least}",
                held=held,
                players=players,
                whole=whole,
                hand=HAND_SIZE,
                least=least,
            )
        )
    # every round gives each player at least one card (lap 1 puts a card of everyone's in the field, and the
    # field is shared out a card a player at a time), and at most 3 cards a player and the centre card in all
    per_round = HAND_SIZE * players + 1
    rounds = -(-held // per_round)
    for name, cards in piles:
        if len(cards) < rounds:
            raise ScoreError(
                trn(
                    "{name}'s pile holds {n} card, but the piles' {held} cards took at least {rounds} rounds (at "
                    "most {per_round} a round) and each round gives every player at least one: each pile holds at "
                    "least {rounds}",
                    "{name}'s pile holds {n} cards, but the piles' {held} cards took at least {rounds} rounds (at "
                    "most {per_round} a round) and each round gives every player at least one: each pile holds at "
                    "least {rounds}",
                    len(cards),
                    name=name,
                    held=held,
                    rounds=rounds,
                    per_round=per_round,
                )
            )
