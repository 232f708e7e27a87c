"""RIP's final count: who wins (``outcome``), round 10 card by card (``counted``: what each face-down card did
when both families turned them up, said by the game's round 10 and by ``score rip`` alike, so a table can check
every card it turns up), and checking a finished game from each family's tokens and, when it came to it, the
round-10 cards (``check_score``).

Tokens are typed as letters (``MMC``: two manors and a castle; at a Russian table ``УУЗ``, the edition's усадьба and
замок, as its board shows them: ``token_letter``). Without an instant win, the tokens of rounds
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
from typing import Any

from ai.protocol import ParseError
from ai.rip.components import (
    CASTLE,
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
from ai.text import empty_item
from ai.words import ptr, quoted, tr, trn

# -- the final count: who wins, and round 10 card by card ----------------------------------------------


def outcome(
    tokens: Sequence[Sequence[str]],
    token10: str | None = None,
    totals10: tuple[int, int] | None = None,
) -> tuple[tuple[int, ...], str]:
    """Who wins from the tokens each seat took in rounds 1-9 and, when it came to it, the round-10 totals.

    Returns the winners (both for a draw) and the reason, in English (a program's fact: ``--json``, the saved
    game). An instant win needs 4 manors or 3 castles; with no instant win after round 9, the higher round-10
    total takes ``token10`` and then wins (an instant win first if that token makes one); a tie goes to more
    tokens, then it is a draw.
    """
    winners, kind, f = _decide(tokens, token10, totals10)
    if kind == "instant":
        return winners, f"{SEAT_NAMES[f['seat']]} holds {f['need']} {TOKEN_NAMES[f['token']]}s"
    if kind == "round10 instant":
        return winners, (
            f"{SEAT_NAMES[f['seat']]} wins round 10 ({f['high']} to {f['low']}) "
            f"and holds {f['need']} {TOKEN_NAMES[f['token']]}s"
        )
    if kind == "round10":
        return winners, f"{SEAT_NAMES[f['seat']]} wins round 10 ({f['high']} to {f['low']})"
    if kind == "tokens":
        return winners, (
            f"round 10 tied at {f['total']}; {SEAT_NAMES[f['seat']]} holds more tokens ({f['high']} to {f['low']})"
        )
    return winners, f"a draw: round 10 tied at {f['total']} and {f['tokens']} tokens each"


def said_outcome(
    tokens: Sequence[Sequence[str]],
    token10: str | None = None,
    totals10: tuple[int, int] | None = None,
) -> str:
    """``outcome``'s reason in the language of the table."""
    _winners, kind, f = _decide(tokens, token10, totals10)
    if kind in ("instant", "round10 instant"):
        name, castle = tr(SEAT_NAMES[f["seat"]]), f["token"] == CASTLE
        if kind == "instant":
            if castle:
                return tr("{name} holds {need} castles", name=name, need=f["need"])
            return tr("{name} holds {need} manors", name=name, need=f["need"])
        if castle:
            return tr(
                "{name} wins round 10 ({high} to {low}) and holds {need} castles",
                name=name,
                high=f["high"],
                low=f["low"],
                need=f["need"],
            )
        return tr(
            "{name} wins round 10 ({high} to {low}) and holds {need} manors",
            name=name,
            high=f["high"],
            low=f["low"],
            need=f["need"],
        )
    if kind == "round10":
        return tr(
            "{name} wins round 10 ({high} to {low})",
            name=tr(SEAT_NAMES[f["seat"]]),
            high=f["high"],
            low=f["low"],
        )
    if kind == "tokens":
        return tr(
            "round 10 tied at {total}; {name} holds more tokens ({high} to {low})",
            total=f["total"],
            name=tr(SEAT_NAMES[f["seat"]]),
            high=f["high"],
            low=f["low"],
        )
    return tr(
        "a draw: round 10 tied at {total} and {tokens} tokens each", total=f["total"], tokens=f["tokens"]
    )


def _decide(
    tokens: Sequence[Sequence[str]],
    token10: str | None = None,
    totals10: tuple[int, int] | None = None,
) -> tuple[tuple[int, ...], str, dict[str, Any]]:
    """The winners, the kind of the win and its facts (``outcome``)."""
    for seat in (0, 1):
        for kind, need in INSTANT_WIN.items():
            if list(tokens[seat]).count(kind) >= need:
                return (seat,), "instant", {"seat": seat, "need": need, "token": kind}
    if totals10 is None:
        raise ValueError("no instant win: the round-10 totals are needed")
    a, b = totals10
    if a != b:
        seat = 0 if a > b else 1
        won = {"seat": seat, "high": max(a, b), "low": min(a, b)}
        if token10 is not None:
            kind = token10
            if list(tokens[seat]).count(kind) + 1 >= INSTANT_WIN[kind]:
                return (seat,), "round10 instant", won | {"need": INSTANT_WIN[kind], "token": kind}
        return (seat,), "round10", won
    n0, n1 = len(tokens[0]), len(tokens[1])
    if n0 != n1:
        seat = 0 if n0 > n1 else 1
        return (seat,), "tokens", {"seat": seat, "total": a, "high": max(n0, n1), "low": min(n0, n1)}
    return (0, 1), "draw", {"total": a, "tokens": n0}


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
            return tr("{card} discarded", card=self.card)
        if self.named:
            if self.counts:
                return tr(
                    "{card} names {value}, counts {counts}",
                    card=self.card,
                    value=self.named,
                    counts=self.counts,
                )
            return tr("{card} names {value}", card=self.card, value=self.named)
        if self.card.startswith("p"):
            if self.counts or self.ghost:
                return tr("{card} counts {counts}", card=self.card, counts=self.counts)
            return self.card
        if self.counts == int(self.card):
            return self.card
        return tr("{card} counts {counts}", card=self.card, counts=self.counts)

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
    shown = [", ".join(c.text() for c in cards[seat]) or tr("no card") for seat in (0, 1)]
    return tr(
        "Round 10: Green {green} ({green_cards}), Blue {blue} ({blue_cards}).",
        green=totals[0],
        green_cards=shown[0],
        blue=totals[1],
        blue_cards=shown[1],
    )


# -- checking a finished game -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreCheck:
    winners: tuple[int, ...]
    reason: str
    round10: tuple[int, int] | None
    #: Each family's face-down cards as round 10 counted them (the breakdown); empty without round 10.
    counted: tuple[tuple[Counted, ...], tuple[Counted, ...]] = ((), ())
    #: The reason in the language of the table (``reason`` stays English: ``--json``).
    said: str = ""

    def round10_text(self) -> str:
        """``Round 10: Green 9 (p8, 2 counts 3, 4 counts 5, 1), Blue 6 (6).``, or "" without round 10."""
        return "" if self.round10 is None else round10_text(self.round10, self.counted)


def token_letter(kind: str) -> str:
    """The letter a token of ``kind`` (``MANOR``, ``CASTLE``) is shown and typed as at this table: ``M`` and ``C``,
    in Russian ``У`` and ``З`` (усадьба, замок)."""
    return ptr("token", kind)


#: Letters read as a token whatever the table's language: the program's own, and the Cyrillic М and С a Russian
#: keyboard types for them.
_ANY_LETTER = {kind: kind for kind in TOKEN_COUNTS} | {"\u041c": "M", "\u0421": "C"}


def parse_tokens(text: str, who: str) -> tuple[str, ...]:
    """The tokens typed as letters (``MMC``; the table's own letters or the program's), each letter once per token
    or after its count as the board writes it (``2M 1C``, ``2У 1З``), in the program's letters."""
    letters = {**_ANY_LETTER, **{token_letter(kind): kind for kind in TOKEN_COUNTS}}
    typed = "".join(ch for ch in text.upper() if not ch.isspace() and ch != ",")
    out: list[str] = []
    for count, letter in re.findall(r"(\d*)(\D|$)", typed):
        if letter not in letters:  # a count with no letter after it too ("УУЗЗ3": a 3 typed for З)
            if not (letter or count):
                continue
            raise ParseError(
                tr(
                    "{who}: tokens are letters M (manor) and C (castle), not {letter}",
                    who=tr(who),
                    letter=quoted(letter or count),
                )
            )
        n = int(count) if count else 1
        if n > ROUNDS + 1:
            raise ParseError(tr("there are only 10 tokens"))
        out += [letters[letter]] * n
    return tuple(out)


def parse_cards(text: str, who: str, cards: Mapping[int, PsychicCard]) -> tuple[Card, ...]:
    empty = empty_item(text)
    if empty:  # a card left out or a comma too many: the count of face-down cards matters in round 10
        raise ParseError(tr("{name}: {error}", name=tr(who), error=empty))
    out = []
    for word in text.replace(",", " ").lower().split():
        if re.fullmatch(r"p[0-9]{1,3}", word):
            n = int(word[1:])
            if n not in cards:
                raise ParseError(
                    tr(
                        "{who}: there is no psychic card {number} (known: 1-14 and your card file)",
                        who=tr(who),
                        number=n,
                    )
                )
            out.append(Card(True, n))
        elif re.fullmatch(r"[1-6]", word):
            out.append(Card(False, int(word)))
        else:
            # a psychic card's number typed bare (7 for p7) gets its written form
            hint = f"p{word}" if word.isdigit() and len(word) <= 3 and int(word) in cards else None
            raise ParseError(
                tr(
                    "{who}: face-down cards are ghost values 1-6 or psychic cards like p8, not {word}",
                    who=tr(who),
                    word=quoted(word),
                ),
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
            raise ParseError(
                tr(
                    "there are only {n} {kind} tokens, not {typed}",
                    n=n,
                    kind=token_letter(kind),
                    typed=both[kind],
                )
            )
    if sum(both.values()) > ROUNDS + 1:
        raise ParseError(tr("there are only 10 tokens"))
    for seat in (0, 1):
        for kind, need in INSTANT_WIN.items():
            if tokens[seat].count(kind) > need:
                held, name = tokens[seat].count(kind), tr(SEAT_NAMES[seat])
                count = (
                    trn("{n} castle", "{n} castles", held)
                    if kind == CASTLE
                    else trn("{n} manor", "{n} manors", held)
                )
                raise ParseError(
                    tr(
                        "{name} cannot hold {count}: the game stops as soon as a family holds {need}",
                        name=name,
                        count=count,
                        need=need,
                    )
                )
    instant = [s for s in (0, 1) for kind, need in INSTANT_WIN.items() if tokens[s].count(kind) >= need]
    if len(instant) == 2:
        if instant[0] != instant[1]:
            raise ParseError(tr("both families cannot hold an instant win: the game stops at the first"))
        raise ParseError(
            tr(
                "{name} cannot hold two instant wins: the game stops at the first",
                name=tr(SEAT_NAMES[instant[0]]),
            )
        )
    if instant:
        given = (green_down or "", blue_down or "")
        if any(given):  # not needed, but still checked: cards no game could have left are refused
            downs = (parse_cards(given[0], "Green", catalogue), parse_cards(given[1], "Blue", catalogue))
            check_downs(downs, (len(tokens[1]), len(tokens[0])), catalogue)
        winners, reason = outcome(tokens)
        return ScoreCheck(winners, reason, None, said=said_outcome(tokens))
    if sum(both.values()) != ROUNDS:
        raise ParseError(
            tr(
                "without an instant win the game reached round 10: type the {n} tokens of rounds 1-9 (you typed "
                "{typed})",
                n=ROUNDS,
                typed=sum(both.values()),
            )
        )
    token10 = next(kind for kind, n in TOKEN_COUNTS.items() if both[kind] < n)
    if green_down is None or blue_down is None:
        raise ParseError(
            tr("the game reached round 10: give both families' face-down cards (none: an empty text)")
        )
    downs = (parse_cards(green_down, "Green", catalogue), parse_cards(blue_down, "Blue", catalogue))
    check_downs(downs, (len(tokens[1]), len(tokens[0])), catalogue)
    tables = round10_tables(downs, catalogue)
    t = totals(tables, catalogue, round10=True)
    winners, reason = outcome(tokens, token10, (t[0], t[1]))
    said = said_outcome(tokens, token10, (t[0], t[1]))
    return ScoreCheck(winners, reason, (t[0], t[1]), counted(downs, tables, catalogue), said)


def check_downs(
    downs: Sequence[Sequence[Card]], lost: Sequence[int], cards: Mapping[int, PsychicCard]
) -> None:
    """Refuses face-down cards no game can leave: more than the rounds each family lost (one per lost round),
    a ghost value beyond one deck's copies, a psychic card twice."""
    seen: dict[int, str] = {}
    for seat in (0, 1):
        who = tr(SEAT_NAMES[seat])
        if len(downs[seat]) > lost[seat]:
            fetch = [c.n for c in downs[seat] if c.psychic and cards[c.n].has("fetch")]
            # card 2 face down fetches nothing: both decks are empty by round 10, so it allows no card more
            empty = (
                tr(
                    " (card {number} fetches nothing in round 10: both decks are empty by then)",
                    number=fetch[0],
                )
                if fetch
                else ""
            )
            raise ParseError(
                tr(
                    "{who} {lost} (the other family's tokens), so put at most {cards} face down, not {typed}{empty}",
                    who=who,
                    lost=trn("lost {n} round", "lost {n} rounds", lost[seat]),
                    cards=trn("{n} card", "{n} cards", lost[seat]),
                    typed=len(downs[seat]),
                    empty=empty,
                )
            )
        ghosts = Counter(c.n for c in downs[seat] if not c.psychic)
        for value, n in sorted(ghosts.items()):
            if n > DECK_COUNTS[value]:
                have = trn("{n} copy", "{n} copies", DECK_COUNTS[value])
                raise ParseError(
                    tr(
                        "{who}: {n} face-down {value}s, but a deck has {have} of the {value}",
                        who=who,
                        n=n,
                        value=value,
                        have=have,
                    )
                )
        for c in downs[seat]:
            if c.psychic:
                if c.n in seen:
                    if seen[c.n] == who:
                        raise ParseError(
                            tr(
                                "psychic card {number} face down twice: there is one card {number}",
                                number=c.n,
                            )
                        )
                    raise ParseError(
                        tr(
                            "psychic card {number} face down for both {first} and {second}: there is one card "
                            "{number}",
                            number=c.n,
                            first=seen[c.n],
                            second=who,
                        )
                    )
                seen[c.n] = who


def verdict(check: ScoreCheck) -> str:
    said = check.said or check.reason
    if len(check.winners) == 2:
        return tr("A draw: {reason}.", reason=said)
    return tr("{name} wins: {reason}.", name=tr(SEAT_NAMES[check.winners[0]]), reason=said)
