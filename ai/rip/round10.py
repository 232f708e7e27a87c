"""Round 10 card by card: what each face-down card did when both families turned them up (its strength, the
value a card 10 named, a card 11's discard), in the order they lie; the game's round 10 and ``score rip`` both
say it, so a table can check every card it turns up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ai.rip.cards import SEAT_NAMES, PsychicCard
from ai.rip.state import Card, InPlay
from ai.rip.totals import card_values


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
