"""The psychic cards as the fast path (``ai.rip.fast``) reads them, made once per catalogue (``tables(cards)``):
each card's ``CardInfo`` and its plain strength, what a hand of owned cards may do (``Owned``), the totals of
two tables that hold a card changing others, remembered by the tables' contents (their signatures) and summed
from what a card of each printed value is worth (``Worth``), and round 10's totals.

A table's signature is a number that stands for what lies on it, in any order (the totals do not depend on the
order): its ghosts as a hand's code (``ai.rip.fast_hands``) and one bit a psychic card in play (with the value
named, card 10). Each psychic card exists once in a game, so a table's signature is its contents exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from ai.rip.cards import PsychicCard
from ai.rip.effects import Active, CardInfo, card_info, per_catalogue
from ai.rip.legal import plays_of
from ai.rip.state import Action, Card, Down, G, InPlay, P, Turn
from ai.rip.totals import actives, reaching, round10_tables, strength, totals

_K = TypeVar("_K")
_V = TypeVar("_V")
#: A memo of one ``Owned`` (its legal actions, plays, face-down choices) keeps at most this many entries.
KEPT = 1024


def keep(memo: dict[_K, _V], key: _K, value: _V) -> _V:
    """``value``, remembered in ``memo`` under ``key`` while it holds fewer than ``KEPT`` entries."""
    if len(memo) < KEPT:
        memo[key] = value
    return value


#: A ghost card of each value in play, shared.
GHOST_IN_PLAY = {v: InPlay(G(v)) for v in range(0, 10)}

#: The bit of each psychic card in play, with its named value, in table signatures (made as first met).
_BITS: dict[tuple[int, int], int] = {}
#: Signatures' psychic bits start above the ghosts' octal digits.
_FIRST_BIT = 1 << 18


def psychic_bit(number: int, named: int) -> int:
    """The signature bit of psychic card ``number`` in play (``named``: the value card 10 named, else 0)."""
    got = _BITS.get((number, named))
    if got is None:
        got = _BITS[number, named] = _FIRST_BIT << len(_BITS)
    return got


class Owned:
    """What one seat's owned psychic cards (a sorted tuple) allow, made once per tuple and catalogue."""

    __slots__ = (
        "_tables",
        "cards",
        "changed",
        "discard",
        "downs",
        "facedown",
        "fetch",
        "fixed",
        "gainer",
        "layout",
        "legal",
        "playable",
        "round10_only",
        "varied",
    )

    def __init__(self, owned: tuple[int, ...], tables: CardTables) -> None:
        info = tables.info
        self.cards = owned
        self._tables = tables
        #: ``minus``'s and ``plus``'s answers.
        self.changed: dict[tuple[int, int], Owned] = {}
        #: ``legal.plays_of``'s layout: each playable card's plays, or how they are made.
        self.layout = tables.plays.layout(owned)
        #: The one-card plays of these cards when none depends on a deck or a table (else None).
        self.fixed: tuple[Turn, ...] | None = None
        if all(how == "fixed" for _, how, _ in self.layout):
            self.fixed = tuple(play for _, _, plays in self.layout for play in plays)
        #: With ``fixed`` plays: the legal actions of a turn with no constraint, per hand code (``Fast.legal``).
        self.legal: dict[int, tuple[Action, ...]] = {}
        #: Cards playable in rounds 1-9 (card 14: enough cards left?).
        self.playable = len(self.layout)
        #: Whether any may change a total in a play-out (``policy.may_gain``); whether one fetches from the deck.
        self.gainer = any(n in tables.gainers for n in owned)
        self.fetch = any("fetch" in info[n].kinds for n in owned)
        self.discard = any("discard" in info[n].kinds for n in owned)
        #: Without ``fixed`` plays: the plays per (the deck's code if one fetches, the opponent's table's
        #: signature if one discards) (``Fast.psychic_plays``).
        self.varied: dict[tuple[int, int], tuple[Turn, ...]] = {}
        #: Putting each face down, in number order; the first card playable only in round 10, put face down.
        self.downs: tuple[Down, ...] = tuple(Down(P(n)) for n in sorted(set(owned)))
        self.round10_only = next((Down(P(n)) for n in sorted(set(owned)) if not info[n].rounds), None)
        #: The face-down choices with these cards, per hand code (``Fast.legal``).
        self.facedown: dict[int, tuple[Action, ...]] = {}

    def minus(self, number: int) -> Owned:
        """These cards but ``number`` (played or put face down)."""
        got = self.changed.get((-1, number))
        if got is None:
            i = self.cards.index(number)
            got = self.changed[-1, number] = self._tables.owned_of(self.cards[:i] + self.cards[i + 1 :])
        return got

    def plus(self, number: int) -> Owned:
        """These cards and ``number`` (taken at the end of a round), in order."""
        got = self.changed.get((1, number))
        if got is None:
            got = self.changed[1, number] = self._tables.owned_of(tuple(sorted((*self.cards, number))))
        return got


class CardTables:
    """Per catalogue: what the fast path reads of its psychic cards (``tables(cards)``)."""

    #: Remembered totals are forgotten past this many (a long arena meets many tables).
    TOTALS_KEPT = 1 << 16

    def __init__(self, cards: Mapping[int, PsychicCard]) -> None:
        self.cards = cards
        #: The cards' numbers in order: the line is dealt from these (``RipConfig.pool``, but in the tutorial).
        self.ids = tuple(sorted(cards))
        self.info: dict[int, CardInfo] = card_info(cards)
        self.plays = plays_of(cards)
        #: Each card's own strength when no card in play changes another (``totals.plain_total``).
        self.plain = {n: i.ghost if i.ghost is not None and i.ghost > 0 else 0 for n, i in self.info.items()}
        #: The cards that may gain in a play-out (``policy.may_gain``).
        self.gainers = frozenset(n for n, i in self.info.items() if i.rounds and not i.inert)
        #: The cards that make a choice in round 10 (``totals.round10_tables``: fetch, discard, a named value).
        self.choosers = frozenset(
            n for n, i in self.info.items() if i.named or "fetch" in i.kinds or "discard" in i.kinds
        )
        self.owned: dict[tuple[int, ...], Owned] = {(): Owned((), self)}
        self.totals: dict[tuple[int, int], tuple[int, int]] = {}
        self.round10: dict[tuple[tuple[Card, ...], tuple[Card, ...], int, int], tuple[int, int]] = {}
        self.in_play: dict[tuple[int, int], tuple[InPlay, int]] = {}
        #: The signature bits of the cards in play met so far that change others (bonus, nullify), and per
        #: those bits on each side, what a card is worth on each side.
        self.active_bits = 0
        self.worths: dict[tuple[int, int], tuple[Worth, Worth]] = {}

    def owned_of(self, owned: tuple[int, ...]) -> Owned:
        got = self.owned.get(owned)
        if got is None:
            got = self.owned[owned] = Owned(owned, self)
        return got

    def totals_of(
        self, signatures: tuple[int, int], tables: tuple[list[InPlay], list[InPlay]]
    ) -> tuple[int, int]:
        """``totals.totals(tables)``, remembered by the two tables' signatures; worked out from what a card of
        each printed value is worth on each side under the effects in play (``Worth``, remembered by the bits of
        the cards in play that change others)."""
        got = self.totals.get(signatures)
        if got is None:
            if len(self.totals) >= self.TOTALS_KEPT:
                self.totals.clear()
            bits = self.active_bits
            key = (signatures[0] & bits, signatures[1] & bits)
            worth = self.worths.get(key)
            if worth is None:
                active = actives(tables, self.info)
                worth = self.worths[key] = (Worth(reaching(active, 0)), Worth(reaching(active, 1)))
            got = self.totals[signatures] = (self._sum(tables[0], worth[0]), self._sum(tables[1], worth[1]))
        return got

    def _sum(self, table: list[InPlay], worth: Worth) -> int:
        """A side's total: each card worth what a card of its printed value is (a psychic card with no ghost
        value counts 0), as ``totals.card_values`` counts it in rounds 1-9."""
        info = self.info
        total = 0
        for x in table:
            card = x.card
            if card.psychic:
                printed = info[card.n].ghost
                if printed is not None:
                    total += worth[printed]
            else:
                total += worth[card.n]
        return total

    def round10_of(self, downs: list[list[Card]], decks: list[list[int]]) -> tuple[int, int]:
        """Round 10's totals (``totals.round10_tables`` and ``totals.totals``). With no face-down card that
        makes a choice (a fetch, a discard, a named value), ``round10_tables`` only lays the cards out: they are
        counted at once. Otherwise the totals are remembered by the face-down cards in the order they were put
        down and the highest ghost left in each deck (card 2 fetches it)."""
        choosers = self.choosers
        if not any(c.psychic and c.n in choosers for side in downs for c in side):
            laid = ([self.card_in_play(c) for c in downs[0]], [self.card_in_play(c) for c in downs[1]])
            return totals(laid, self.cards, round10=True)
        key = (tuple(downs[0]), tuple(downs[1]), max(decks[0], default=0), max(decks[1], default=0))
        got = self.round10.get(key)
        if got is None:
            if len(self.round10) >= self.TOTALS_KEPT:
                self.round10.clear()
            found = round10_tables(downs, self.cards, decks)
            got = self.round10[key] = totals(found, self.cards, round10=True)
        return got

    def card_in_play(self, card: Card) -> InPlay:
        """``InPlay(card)``, made once."""
        return self.psychic_in_play(card.n, 0)[0] if card.psychic else GHOST_IN_PLAY[card.n]

    def psychic_in_play(self, number: int, named: int) -> tuple[InPlay, int]:
        """Psychic card ``number`` in play (``named``: the value card 10 named, else 0) and its signature bit."""
        got = self.in_play.get((number, named))
        if got is None:
            bit = psychic_bit(number, named)
            if self.info[number].active:
                self.active_bits |= bit
            got = self.in_play[number, named] = (InPlay(P(number), named), bit)
        return got


class Worth(dict[int, int]):
    """What a card of each printed value is worth on one side under the effects that reach it (made when first
    asked: ``totals.strength``)."""

    __slots__ = ("reach",)

    def __init__(self, reach: list[tuple[Active, int]]) -> None:
        super().__init__()
        self.reach = reach

    def __missing__(self, printed: int) -> int:
        got = self[printed] = strength(printed, printed, self.reach)
        return got


tables = per_catalogue(CardTables)
