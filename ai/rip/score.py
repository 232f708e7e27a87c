"""Checking a finished RIP game from each family's tokens and, when it came to it, the round-10 cards.

Tokens are typed as letters (``MMC``: two manors and a castle). Without an instant win, the tokens of rounds
1-9 are 9 of the 10, so the round-10 token is the one left; the face-down cards (``5 p8``) decide round 10.

A count no game can produce is refused, naming the impossible part: more tokens of a kind than the box holds,
or than a family can hold before its instant win stops the game; more face-down cards than the rounds the
family lost (the loser of a round places at most one); a ghost value more often than one deck has it; one
psychic card twice. Card 2 face down fetches nothing in round 10: both decks are empty by then (21 cards: 5
dealt, then 2 drawn after each of rounds 1-8), so it allows no card more (a real game's round 10 gives it an
empty deck: ``round10_tables``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ai.protocol import ParseError
from ai.rip.cards import (
    DECK_COUNTS,
    INSTANT_WIN,
    ROUNDS,
    SEAT_NAMES,
    TOKEN_COUNTS,
    TOKEN_NAMES,
    PsychicCard,
    card_catalogue,
)
from ai.rip.round10 import Counted, counted, round10_text
from ai.rip.rules import Card, outcome, round10_tables, totals
from ai.text import plural


@dataclass(frozen=True, slots=True)
class ScoreCheck:
    winners: tuple[int, ...]
    reason: str
    round10: tuple[int, int] | None
    #: Each family's face-down cards as round 10 counted them (the breakdown); empty without round 10.
    counted: tuple[tuple[Counted, ...], tuple[Counted, ...]] = ((), ())

    def round10_text(self) -> str:
        """``Round 10: Green 9 (p8, 2 counts 3, 4 counts 5, 1), Blue 6 (6).``, or "" without round 10."""
        return "" if self.round10 is None else round10_text(self.round10, self.counted)


def parse_tokens(text: str, who: str) -> tuple[str, ...]:
    letters = tuple(ch for ch in text.upper() if not ch.isspace() and ch not in ",")
    bad = [ch for ch in letters if ch not in TOKEN_COUNTS]
    if bad:
        raise ParseError(f"{who}: tokens are letters M (manor) and C (castle), not {bad[0]!r}")
    return letters


def parse_cards(text: str, who: str, cards: Mapping[int, PsychicCard]) -> tuple[Card, ...]:
    out = []
    for word in text.replace(",", " ").lower().split():
        if re.fullmatch(r"p[0-9]{1,3}", word):
            n = int(word[1:])
            if n not in cards:
                raise ParseError(f"{who}: there is no psychic card {n} (known: 1-14 and your card file)")
            out.append(Card(True, n))
        elif re.fullmatch(r"[1-6]", word):
            out.append(Card(False, int(word)))
        else:
            # a psychic card's number typed bare (7 for p7) gets its written form
            hint = f"p{word}" if word.isdigit() and len(word) <= 3 and int(word) in cards else None
            raise ParseError(
                f"{who}: face-down cards are ghost values 1-6 or psychic cards like p8, not {word!r}",
                suggestion=hint,
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
    for seat in (0, 1):
        for kind, need in INSTANT_WIN.items():
            if tokens[seat].count(kind) > need:
                raise ParseError(
                    f"{SEAT_NAMES[seat]} cannot hold {tokens[seat].count(kind)} {TOKEN_NAMES[kind]}s: "
                    f"the game stops as soon as a family holds {need}"
                )
    instant = [s for s in (0, 1) for kind, need in INSTANT_WIN.items() if tokens[s].count(kind) >= need]
    if len(instant) == 2:
        if instant[0] != instant[1]:
            raise ParseError("both families cannot hold an instant win: the game stops at the first")
        raise ParseError(
            f"{SEAT_NAMES[instant[0]]} cannot hold two instant wins: the game stops at the first"
        )
    if instant:
        given = (green_down or "", blue_down or "")
        if any(given):  # not needed, but still checked: cards no game could have left are refused
            downs = (parse_cards(given[0], "Green", catalogue), parse_cards(given[1], "Blue", catalogue))
            check_downs(downs, (len(tokens[1]), len(tokens[0])), catalogue)
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
    check_downs(downs, (len(tokens[1]), len(tokens[0])), catalogue)
    tables = round10_tables(downs, catalogue)
    t = totals(tables, catalogue, round10=True)
    winners, reason = outcome(tokens, token10, (t[0], t[1]))
    return ScoreCheck(winners, reason, (t[0], t[1]), counted(downs, tables, catalogue))


def check_downs(
    downs: Sequence[Sequence[Card]], lost: Sequence[int], cards: Mapping[int, PsychicCard]
) -> None:
    """Refuses face-down cards no game can leave: more than the rounds each family lost (one per lost round),
    a ghost value beyond one deck's copies, a psychic card twice."""
    seen: dict[int, str] = {}
    for seat in (0, 1):
        who = SEAT_NAMES[seat]
        if len(downs[seat]) > lost[seat]:
            lost_text = f"lost {plural(lost[seat], 'round')}"
            fetch = [c.n for c in downs[seat] if c.psychic and cards[c.n].has("fetch")]
            # a trial typed the ghost card 2 would fetch, as an old ruling asked: the decks are empty by then
            empty = (
                f" (card {fetch[0]} fetches nothing in round 10: both decks are empty by then)"
                if fetch
                else ""
            )
            raise ParseError(
                f"{who} {lost_text} (the other family's tokens), so put at most "
                f"{plural(lost[seat], 'card')} face down, not {len(downs[seat])}{empty}"
            )
        ghosts = Counter(c.n for c in downs[seat] if not c.psychic)
        for value, n in sorted(ghosts.items()):
            if n > DECK_COUNTS[value]:
                have = f"{DECK_COUNTS[value]} cop{'y' if DECK_COUNTS[value] == 1 else 'ies'}"
                raise ParseError(f"{who}: {n} face-down {value}s, but a deck has {have} of the {value}")
        for c in downs[seat]:
            if c.psychic:
                if c.n in seen:
                    where = "twice" if seen[c.n] == who else f"for both {seen[c.n]} and {who}"
                    raise ParseError(f"psychic card {c.n} face down {where}: there is one card {c.n}")
                seen[c.n] = who


def verdict(check: ScoreCheck) -> str:
    if len(check.winners) == 2:
        return f"A draw: {check.reason}."
    return f"{SEAT_NAMES[check.winners[0]]} wins: {check.reason}."
