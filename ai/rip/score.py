"""Checking a finished RIP game from each family's tokens and, when it came to it, the round-10 cards.

Tokens are typed as letters (``MMC``: two manors and a castle). Without an instant win, the tokens of rounds
1-9 are 9 of the 10, so the round-10 token is the one left; the face-down cards (``5 p8``) decide round 10.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from ai.protocol import ParseError
from ai.rip.cards import INSTANT_WIN, ROUNDS, SEAT_NAMES, TOKEN_COUNTS, PsychicCard, card_catalogue
from ai.rip.rules import Card, outcome, round10_tables, totals


@dataclass(frozen=True, slots=True)
class ScoreCheck:
    winners: tuple[int, ...]
    reason: str
    round10: tuple[int, int] | None


def parse_tokens(text: str, who: str) -> tuple[str, ...]:
    letters = tuple(ch for ch in text.upper() if not ch.isspace() and ch not in ",")
    bad = [ch for ch in letters if ch not in TOKEN_COUNTS]
    if bad:
        raise ParseError(f"{who}: tokens are letters M (manor) and C (castle), not {bad[0]!r}")
    return letters


def parse_cards(text: str, who: str, cards: Mapping[int, PsychicCard]) -> tuple[Card, ...]:
    out = []
    for word in text.replace(",", " ").lower().split():
        if word.startswith("p") and word[1:].isdigit():
            n = int(word[1:])
            if n not in cards:
                raise ParseError(f"{who}: there is no psychic card {n} (known: 1-14 and your card file)")
            out.append(Card(True, n))
        elif word.isdigit() and 1 <= int(word) <= 6:
            out.append(Card(False, int(word)))
        else:
            raise ParseError(
                f"{who}: face-down cards are ghost values 1-6 or psychic cards like p8, not {word!r}"
            )
    return tuple(out)


def check_score(
    green: str,
    blue: str,
    green_down: str | None = None,
    blue_down: str | None = None,
    cards: Mapping[int, PsychicCard] | None = None,
) -> ScoreCheck:
    """Who won. Raises ``ParseError`` (one line) for impossible tokens or missing round-10 cards."""
    catalogue = cards if cards is not None else card_catalogue()
    tokens = (parse_tokens(green, "Green"), parse_tokens(blue, "Blue"))
    both = Counter(tokens[0]) + Counter(tokens[1])
    for kind, n in TOKEN_COUNTS.items():
        if both[kind] > n:
            raise ParseError(f"there are only {n} {kind} tokens, not {both[kind]}")
    if sum(both.values()) > ROUNDS + 1:
        raise ParseError("there are only 10 tokens")
    instant = [s for s in (0, 1) for kind, need in INSTANT_WIN.items() if tokens[s].count(kind) >= need]
    if len(instant) == 2:
        raise ParseError("both families cannot hold an instant win: the game stops at the first")
    if instant:
        winners, reason = outcome(tokens)
        return ScoreCheck(winners, reason, None)
    if sum(both.values()) != ROUNDS:
        raise ParseError(
            f"without an instant win the game reached round 10: type the {ROUNDS} tokens of rounds 1-9 "
            f"(you typed {sum(both.values())})"
        )
    token10 = next(kind for kind, n in TOKEN_COUNTS.items() if both[kind] < n)
    if green_down is None or blue_down is None:
        raise ParseError(
            "the game reached round 10: give both families' face-down cards (none: an empty text)"
        )
    downs = (parse_cards(green_down, "Green", catalogue), parse_cards(blue_down, "Blue", catalogue))
    t = totals(round10_tables(downs, catalogue), catalogue, round10=True)
    winners, reason = outcome(tokens, token10, (t[0], t[1]))
    return ScoreCheck(winners, reason, (t[0], t[1]))


def verdict(check: ScoreCheck) -> str:
    if len(check.winners) == 2:
        return f"A draw: {check.reason}."
    return f"{SEAT_NAMES[check.winners[0]]} wins: {check.reason}."
