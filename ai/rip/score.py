"""RIP's final count: who wins (``outcome``), round 10 card by card (``counted``: what each face-down card did
when both families turned them up, said by the game's round 10 and by ``score rip`` alike, so a table can check
every card it turns up), and checking a finished game from each family's tokens and, when it came to it, the
round-10 cards (``check_score``).

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
from ai.rip.components import (
    DECK_COUNTS,
    INSTANT_WIN,
    ROUNDS,
    SEAT_NAMES,
    TOKEN_COUNTS,
    TOKEN_NAMES,
    PsychicCard,
    card_catalogue,
)
from ai.rip.effects import card_values, round10_tables, totals
from ai.rip.state import Card, InPlay
from ai.text import plural

# -- the final count: who wins, and round 10 card by card ----------------------------------------------


def outcome(
    tokens: Sequence[Sequence[str]],
    token10: str | None = None,
    totals10: tuple[int, int] | None = None,
) -> tuple[tuple[int, ...], str]:
    """Who wins from the tokens each seat took in rounds 1-9 and, when it came to it, the round-10 totals.

    Returns the winners (both for a draw) and the reason. An instant win needs 4 manors or 3 castles; with
    no instant win after round 9, the higher round-10 total takes ``token10`` and then wins (an instant win
    first if that token makes one); a tie goes to more tokens, then it is a draw.
    """
    for seat in (0, 1):
        for kind, need in INSTANT_WIN.items():
            if list(tokens[seat]).count(kind) >= need:
                return (seat,), f"{SEAT_NAMES[seat]} holds {need} {TOKEN_NAMES[kind]}s"
    if totals10 is None:
        raise ValueError("no instant win: the round-10 totals are needed")
    a, b = totals10
    if a != b:
        seat = 0 if a > b else 1
        if token10 is not None:
            kind = token10
            if list(tokens[seat]).count(kind) + 1 >= INSTANT_WIN[kind]:
                return (seat,), (
                    f"{SEAT_NAMES[seat]} wins round 10 ({max(a, b)} to {min(a, b)}) "
                    f"and holds {INSTANT_WIN[kind]} {TOKEN_NAMES[kind]}s"
                )
        return (seat,), f"{SEAT_NAMES[seat]} wins round 10 ({max(a, b)} to {min(a, b)})"
    n0, n1 = len(tokens[0]), len(tokens[1])
    if n0 != n1:
        seat = 0 if n0 > n1 else 1
        return (
            seat,
        ), f"round 10 tied at {a}; {SEAT_NAMES[seat]} holds more tokens ({max(n0, n1)} to {min(n0, n1)})"
    return (0, 1), f"a draw: round 10 tied at {a} and {n0} tokens each"


@dataclass(frozen=True, slots=True)
class Counted:
    """One face-down card as round 10 counted it: ``counts`` its strength, ``named`` the value card 10 named,
    ``discarded`` whether a card 11 took it out."""

    card: str  # as typed: "4", "p8"
    counts: int = 0
    named: int = 0
    discarded: bool = False
    #: A psychic card that counts as a ghost (p3, p13): its count is said even at 0 (a card 12 took it away),
    #: where a card with no strength of its own (p8) stands bare.
    ghost: bool = False

    def text(self) -> str:
        if self.discarded:
            return f"{self.card} discarded"
        if self.named:
            return f"{self.card} names {self.named}" + (f", counts {self.counts}" if self.counts else "")
        if self.card.startswith("p"):
            return f"{self.card} counts {self.counts}" if self.counts or self.ghost else self.card
        return self.card if self.counts == int(self.card) else f"{self.card} counts {self.counts}"

    def as_dict(self) -> dict[str, object]:
        """For ``--json``: ``named`` ``None`` where no value was named."""
        return {
            "card": self.card,
            "counts": self.counts,
            "named": self.named or None,
            "discarded": self.discarded,
        }


def counted(
    downs: Sequence[Sequence[Card]], tables: Sequence[Sequence[InPlay]], cards: Mapping[int, PsychicCard]
) -> tuple[tuple[Counted, ...], tuple[Counted, ...]]:
    """What each face-down card (``downs``, in the order typed) did in round 10, as it stood there (``tables``:
    ``round10_tables``); ``card_values`` counts as the totals do."""
    values = card_values(tables, cards, round10=True)
    out: list[tuple[Counted, ...]] = []
    for seat in (0, 1):
        left = list(zip(tables[seat], values[seat], strict=True))
        row = []
        for card in downs[seat]:
            name = f"p{card.n}" if card.psychic else str(card.n)
            match = next((i for i, (x, _) in enumerate(left) if x.card == card), None)
            if match is None:
                row.append(Counted(name, discarded=True))
                continue
            x, value = left.pop(match)
            ghost = card.psychic and cards[card.n].ghost is not None
            row.append(Counted(name, value, x.named, ghost=ghost))
        out.append(tuple(row))
    return out[0], out[1]


def cards_json(cards: Sequence[Sequence[Counted]]) -> dict[str, list[dict[str, object]]]:
    """Each family's cards for ``--json``: ``{"green": [...], "blue": [...]}``."""
    return {SEAT_NAMES[seat].lower(): [c.as_dict() for c in cards[seat]] for seat in (0, 1)}


def round10_text(totals: Sequence[int], cards: Sequence[Sequence[Counted]]) -> str:
    """``Round 10: Green 9 (p8, 2 counts 3, 4 counts 5, 1), Blue 6 (6).``"""
    sides = []
    for seat in (0, 1):
        shown = ", ".join(c.text() for c in cards[seat]) or "no card"
        sides.append(f"{SEAT_NAMES[seat]} {totals[seat]} ({shown})")
    return f"Round 10: {sides[0]}, {sides[1]}."


# -- checking a finished game -----------------------------------------------------------------------------


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
            # card 2 face down fetches nothing: both decks are empty by round 10, so it allows no card more
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
