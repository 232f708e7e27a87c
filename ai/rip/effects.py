"""What each psychic card does, as data the engine reads: ``CardInfo`` per card of a catalogue (its ghost value,
bonus and nullify effects, card 14's minimum, its kinds), the arithmetic of the effects on the cards in play
(``totals``: which cards a bonus reaches, a nullify, round 10's change and choices, ``round10_tables``), and
``CardTables``: what the engine reads of a catalogue, made once (each owned set's plays, totals remembered by
the two tables' contents).

A table's signature is a number that stands for what lies on it, in any order (the totals do not depend on the
order): its ghosts as a hand's code (``UNIT``: one octal digit a value) and one bit a psychic card in play (with
the value named, card 10). Each psychic card exists once in a game, so a table's signature is its contents
exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ai.rip.components import DECK_COUNTS, VALUES, Effect, PsychicCard
from ai.rip.state import END, Action, Card, Down, G, InPlay, P, Psychic, Turn

#: ``UNIT[v]``: what one ghost of value v adds to a hand's (or a table's) code; index 0 unused.
UNIT = (0, *(8 ** (v - 1) for v in VALUES))
#: The low bit of each value's octal digit in a code. A code's *spread*, ``(code | code >> 1 | code >> 2) &
#: HELD``, keeps that bit for each value the code holds one of or more: which values, not how many.
HELD = sum(UNIT[v] for v in VALUES)
#: The bits of a table's signature that count its ghosts (its psychic cards' bits lie above).
GHOST_DIGITS = 8 ** len(VALUES) - 1


class _Spreads(dict[int, int]):
    """Codes' spreads: one beyond what one deck's cards make (a state made by hand) is worked out when met."""

    def __missing__(self, code: int) -> int:
        spread: int = (code | code >> 1 | code >> 2) & HELD
        self[code] = spread
        return spread


def _deck_spreads() -> _Spreads:
    """The spread of every code one deck's ghost cards make (5,040 of them), value by value: the codes without
    a value, then with each count of it (in two lists side by side, quicker than a dictionary grown each time)."""
    codes, spreads = [0], [0]
    for v in VALUES:
        unit, most = UNIT[v], DECK_COUNTS[v]
        codes = codes + [code + k * unit for k in range(1, most + 1) for code in codes]
        spreads = spreads + [spread | unit for _ in range(most) for spread in spreads]
    return _Spreads(zip(codes, spreads, strict=True))


#: ``SPREAD[code]``: the spread of a code of one deck's ghost cards (a hand, a deck, a table's ghosts), made
#: once at import (about half a millisecond): the legal actions read a spread at almost every step, and one
#: look-up costs a fraction of the five operations on ints that work it out.
SPREAD = _deck_spreads()


class Active:
    """A bonus or nullify effect ready for ``card_values``: whose cards it reaches and, remembered, which
    printed values (with the value named) it matches."""

    __slots__ = ("amount", "effect", "matched", "nullify", "opponent", "own")

    def __init__(self, effect: Effect) -> None:
        self.effect = effect
        self.nullify = effect.kind == "nullify"
        self.amount = effect.amount
        self.own = effect.side != "opponent"  # reaches its owner's cards ("own" or "both")
        self.opponent = effect.side != "own"  # reaches the opponent's cards ("opponent" or "both")
        self.matched: dict[tuple[int, int], bool] = {}

    def matches(self, printed: int, named: int) -> bool:
        key = (printed, named)
        got = self.matched.get(key)
        if got is None:
            got = self.matched[key] = self.effect.matches(printed, named)
        return got


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the engine's hot paths read of a psychic card, derived once per catalogue (``card_info``)."""

    ghost: int | None  # its value for filters when it counts as a ghost, else None
    round10: int  # the ghost's change in round 10
    active: tuple[Active, ...]  # its bonus and nullify effects
    min_plays: int  # the opponent plays 0 or at least this many cards a turn (0: no constraint)
    kinds: frozenset[str]
    named: bool  # a named bonus (card 10)
    rounds: bool  # playable in rounds 1-9
    inert: bool  # changes no total when played: no ghost, bonus, nullify, fetch or discard

    @staticmethod
    def of(card: PsychicCard) -> CardInfo:
        ghost = card.ghost
        kinds = frozenset(e.kind for e in card.effects)
        return CardInfo(
            ghost=ghost.value if ghost is not None else None,
            round10=ghost.round10 if ghost is not None else 0,
            active=tuple(Active(e) for e in card.effects if e.kind in ("bonus", "nullify")),
            min_plays=max((e.count for e in card.effects if e.kind == "min_plays"), default=0),
            kinds=kinds,
            named=is_named(card),
            rounds=card.playable == "rounds",
            inert=not kinds & {"ghost", "bonus", "nullify", "fetch", "discard"},
        )


_T = TypeVar("_T")
_K = TypeVar("_K")
_V = TypeVar("_V")


def per_catalogue(
    make: Callable[[Mapping[int, PsychicCard]], _T],
) -> Callable[[Mapping[int, PsychicCard]], _T]:
    """``make(cards)`` remembered per catalogue object (a game's states share one catalogue; play-outs ask
    for it at every step, so the one asked for last is checked first)."""
    made: dict[int, tuple[Mapping[int, PsychicCard], int, _T]] = {}
    last: list[tuple[Mapping[int, PsychicCard], int, _T]] = []

    def get(cards: Mapping[int, PsychicCard]) -> _T:
        if last and last[0][0] is cards:
            return last[0][2]
        got = made.get(id(cards))
        if got is None or got[0] is not cards or got[1] != len(cards):
            if len(made) >= 256:
                made.clear()
            got = made[id(cards)] = (
                cards,
                len(cards),
                make(cards),
            )  # keeps ``cards`` alive: its id stays its
        last[:] = [got]
        return got[2]

    return get


def is_named(card: PsychicCard) -> bool:
    """Whether the card's bonus goes to a value named when it is played (card 10)."""
    return any(e.kind == "bonus" and e.named for e in card.effects)


@per_catalogue
def card_info(cards: Mapping[int, PsychicCard]) -> dict[int, CardInfo]:
    """``CardInfo`` of each card of a catalogue; computed once per catalogue (a game's states share one)."""
    return {n: CardInfo.of(c) for n, c in cards.items()}


# -- the strength of each side --------------------------------------------------------------------------


def actives(
    tables: Sequence[Sequence[InPlay]], info: Mapping[int, CardInfo]
) -> list[tuple[int, Active, int]]:
    """The bonus and nullify effects in play: (owner, effect, the value named)."""
    active: list[tuple[int, Active, int]] = []
    for owner, table in enumerate(tables):
        for x in table:
            if x.card.psychic:
                for a in info[x.card.n].active:
                    active.append((owner, a, x.named))
    return active


def reaching(active: Sequence[tuple[int, Active, int]], seat: int) -> list[tuple[Active, int]]:
    """The effects of ``actives`` that reach ``seat``'s cards, with the value named."""
    return [(a, named) for owner, a, named in active if (a.own if owner == seat else a.opponent)]


def strength(printed: int, base: int, reach: Sequence[tuple[Active, int]]) -> int:
    """A card's strength: ``base`` with the bonus of each effect in ``reach`` that matches its ``printed``
    value, or 0 when one nullifies it (nullify wins); never below 0."""
    nullified = False
    bonus = 0
    for a, named in reach:
        if a.matches(printed, named):
            if a.nullify:
                nullified = True
            else:
                bonus += a.amount
    return 0 if nullified else max(0, base + bonus)


#: ``worth_under``'s answers by the effects that reach a side (``reaching``, as a tuple).
_WORTHS: dict[tuple[tuple[Active, int], ...], Worth] = {}


def worth_under(reach: list[tuple[Active, int]]) -> Worth:
    """What a card of each printed value is worth under the effects ``reach`` (``Worth``), one object per set of
    effects (``CardTables.worths_on`` shares them): round 10's choices work out the totals of many tables under
    a few sets."""
    key = tuple(reach)
    got = _WORTHS.get(key)
    if got is None:
        if len(_WORTHS) >= KEPT:
            _WORTHS.clear()
        got = _WORTHS[key] = Worth(reach)
    return got


def card_values(
    tables: Sequence[Sequence[InPlay]], cards: Mapping[int, PsychicCard], round10: bool = False
) -> tuple[list[int], list[int]]:
    """Each card's strength on each side, every effect in play applied (``totals`` sums these): what a card of
    its printed value is worth on its side (``worth_under``), or, for a card whose round-10 change moves it from
    its printed value, its ``strength`` alone."""
    info = card_info(cards)
    active = actives(tables, info)
    out: tuple[list[int], list[int]] = ([], [])
    for seat, table in enumerate(tables):
        values = out[seat]
        worth = worth_under(reaching(active, seat))
        for x in table:
            card = x.card
            if card.psychic:
                ci = info[card.n]
                printed = ci.ghost
                if printed is None:
                    values.append(0)
                elif round10 and ci.round10:
                    values.append(strength(printed, printed + ci.round10, worth.reach))
                else:
                    values.append(worth[printed])
            else:
                values.append(worth[card.n])
    return out


def plain_total(
    table: Sequence[InPlay], cards: Mapping[int, PsychicCard], round10: bool = False
) -> int | None:
    """A side's total when no card on it changes others (each card then counts its own strength, as in
    ``card_values``: in round 10 with its round-10 change), or None when one does (a bonus or a nullify)."""
    total = 0
    info = None
    for x in table:
        card = x.card
        if card.psychic:
            if info is None:
                info = card_info(cards)
            ci = info[card.n]
            if ci.active:
                return None
            if ci.ghost is not None:
                base = ci.ghost + ci.round10 if round10 else ci.ghost
                if base > 0:
                    total += base
        else:
            total += card.n
    return total


def totals(
    tables: Sequence[Sequence[InPlay]], cards: Mapping[int, PsychicCard], round10: bool = False
) -> tuple[int, int]:
    """Both sides' strength: each side's sum of its cards' own strengths when no card in play changes others
    (``plain_total``), else each card's strength under the effects that reach it (``card_values``)."""
    a = plain_total(tables[0], cards, round10)
    if a is not None:
        b = plain_total(tables[1], cards, round10)
        if b is not None:
            return a, b
    values = card_values(tables, cards, round10)
    return sum(values[0]), sum(values[1])


def _named_best(
    tables: tuple[list[InPlay], list[InPlay]], cards: Mapping[int, PsychicCard]
) -> tuple[list[InPlay], list[InPlay]]:
    """Each face-down card that names a value (card 10) names the one best for its owner's margin, Green's
    first; a card named earlier stays as named."""
    info = card_info(cards)
    for seat in (0, 1):
        for i, x in enumerate(tables[seat]):
            if not (x.card.psychic and info[x.card.n].named):
                continue
            best: tuple[int, list[InPlay]] | None = None
            for value in VALUES:
                own = [in_play(y.card, value) if j == i else y for j, y in enumerate(tables[seat])]
                t = totals((own, tables[1]) if seat == 0 else (tables[0], own), cards, round10=True)
                if best is None or t[seat] - t[1 - seat] > best[0]:
                    best = (t[seat] - t[1 - seat], own)
            assert best is not None
            tables = (best[1], tables[1]) if seat == 0 else (tables[0], best[1])
    return tables


def round10_tables(
    downs: Sequence[Sequence[Card]],
    cards: Mapping[int, PsychicCard],
    decks: Sequence[Sequence[int]] = ((), ()),
) -> tuple[list[InPlay], list[InPlay]]:
    """The face-down cards as they stand in round 10, each choice made as its owner would (see the rulings):
    a fetch brings its ghost, then discards act (Green's first), then named values are named."""
    card_tables = tables(cards)
    fetchers, discarders = card_tables.fetchers, card_tables.discarders
    laid = ([in_play(c) for c in downs[0]], [in_play(c) for c in downs[1]])
    for seat in (0, 1):
        if decks[seat] and any(c.psychic and c.n in fetchers for c in downs[seat]):
            laid[seat].append(GHOST_IN_PLAY[max(decks[seat])])
    for seat in (0, 1):
        for discarder in [c for c in downs[seat] if c.psychic and c.n in discarders]:
            if discarder not in [x.card for x in laid[seat]] or not laid[1 - seat]:
                continue  # discarded itself, or nothing to discard
            best: tuple[int, tuple[list[InPlay], list[InPlay]]] | None = None
            for target in range(len(laid[1 - seat])):
                other = [y for j, y in enumerate(laid[1 - seat]) if j != target]
                after = (laid[0], other) if seat == 0 else (other, laid[1])
                t = totals(_named_best(after, cards), cards, round10=True)
                if best is None or t[seat] - t[1 - seat] > best[0]:
                    best = (t[seat] - t[1 - seat], after)
            assert best is not None
            laid = best[1]
    return _named_best(laid, cards)


# -- what the engine reads of a catalogue ---------------------------------------------------------------

#: A memo of one ``Owned`` (its plays that depend on a deck or a table) keeps at most this many entries.
KEPT = 1024


def keep(memo: dict[_K, _V], key: _K, value: _V) -> _V:
    """``value``, remembered in ``memo`` under ``key`` while it holds fewer than ``KEPT`` entries."""
    if len(memo) < KEPT:
        memo[key] = value
    return value


#: A ghost card of each value in play, shared (by value).
GHOST_IN_PLAY = tuple(InPlay(G(v)) for v in range(0, 10))
#: Each psychic card in play with the value it names, shared (by number and value), made as first met.
_PSYCHIC_IN_PLAY: dict[tuple[int, int], InPlay] = {}


def psychic_placed(number: int, named: int = 0) -> InPlay:
    """``InPlay(P(number), named)`` (``named``: the value card 10 names), shared: a frozen dataclass is slow to
    make, and round 10's choices and the play-outs lay the same cards again and again."""
    got = _PSYCHIC_IN_PLAY.get((number, named))
    if got is None:
        got = _PSYCHIC_IN_PLAY[number, named] = InPlay(P(number), named)
    return got


def in_play(card: Card, named: int = 0) -> InPlay:
    """``InPlay(card, named)``, shared (a ghost names no value)."""
    return psychic_placed(card.n, named) if card.psychic else GHOST_IN_PLAY[card.n]


#: The bit of each psychic card in play, with its named value, in table signatures (made as first met).
_BITS: dict[tuple[int, int], int] = {}
#: Signatures' psychic bits start above the ghosts' octal digits.
_FIRST_BIT = GHOST_DIGITS + 1


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
        "fetch",
        "fixed",
        "fixed_end",
        "gainer",
        "gains",
        "layout",
        "playable",
        "round10_only",
        "varied",
    )

    def __init__(self, owned: tuple[int, ...], tables: CardTables) -> None:
        self.cards = owned
        self._tables = tables
        #: ``plus``'s answers by the card's number, ``minus``'s by its complement (``~number``).
        self.changed: dict[int, Owned] = {}
        numbers = sorted(set(owned))
        each = tables.owning
        #: For each playable card in number order: (number, how its plays are made, its plays when fixed), as
        #: ``CardTables.owning`` has it.
        layout = [entry for n in numbers if (entry := each[n][0]) is not None]
        self.layout = tuple(layout)
        #: The one-card plays of these cards when none depends on a deck or a table (else None).
        self.fixed: tuple[Turn, ...] | None = None
        #: Those and the end of a turn (a turn's legal actions end so: ``Engine.legal``), or None.
        self.fixed_end: tuple[Action, ...] | None = None
        if all(how == "fixed" for _, how, _ in layout):
            self.fixed = tuple([play for _, _, plays in layout for play in plays])
            self.fixed_end = (*self.fixed, END)
        #: Cards playable in rounds 1-9 (card 14: enough cards left?).
        self.playable = len(layout)
        #: Whether any may change a total in a play-out (the play-out's ``psychic_gain``); whether one fetches from the deck.
        self.gainer = not tables.gainers.isdisjoint(numbers)
        #: The play-out's psychic play worth making first with these cards (``ai.rip.bots.playout``), by (the
        #: seat, both tables' signatures, the values left in the deck when one fetches from it).
        self.gains: dict[tuple[int, int, int, int], Action | None] = {}
        self.fetch = not tables.fetchers.isdisjoint(numbers)
        self.discard = not tables.discarders.isdisjoint(numbers)
        #: Without ``fixed`` plays: the plays per (the deck's code if one fetches, the opponent's table's
        #: signature if one discards) (``Engine.psychic_plays``).
        self.varied: dict[tuple[int, int], tuple[Turn, ...]] = {}
        #: Putting each face down, in number order; the first card playable only in round 10, put face down.
        self.downs: tuple[Down, ...] = tuple([each[n][1] for n in numbers])
        self.round10_only = next((each[n][1] for n in numbers if each[n][0] is None), None)

    def minus(self, number: int) -> Owned:
        """These cards but ``number`` (played or put face down)."""
        got = self.changed.get(~number)
        if got is None:
            i = self.cards.index(number)
            got = self.changed[~number] = self._tables.owned_of(self.cards[:i] + self.cards[i + 1 :])
        return got

    def plus(self, number: int) -> Owned:
        """These cards and ``number`` (taken at the end of a round), in order."""
        got = self.changed.get(number)
        if got is None:
            got = self.changed[number] = self._tables.owned_of(tuple(sorted((*self.cards, number))))
        return got


class CardTables:
    """Per catalogue: what the engine reads of its psychic cards (``tables(cards)``)."""

    #: Remembered totals are forgotten past this many (a long arena meets many tables).
    TOTALS_KEPT = 1 << 16

    def __init__(self, cards: Mapping[int, PsychicCard]) -> None:
        self.cards = cards
        #: The cards' numbers in order: the line is dealt from these (``RipConfig.pool``, but in the tutorial).
        self.ids = tuple(sorted(cards))
        self.info: dict[int, CardInfo] = card_info(cards)
        self.value_plays: dict[tuple[int, int], Turn] = {}
        self.target_plays: dict[tuple[int, bool, int], Turn] = {}
        self.down_plays: dict[int, Down] = {}
        #: Each card's own strength when no card in play changes another (``totals.plain_total``).
        self.plain = {n: i.ghost if i.ghost is not None and i.ghost > 0 else 0 for n, i in self.info.items()}
        #: The cards that may gain in a play-out (the play-out's ``psychic_gain``).
        self.gainers = frozenset(n for n, i in self.info.items() if i.rounds and not i.inert)
        #: The cards that fetch from the deck (card 2), that discard (card 11).
        self.fetchers = frozenset(n for n, i in self.info.items() if "fetch" in i.kinds)
        self.discarders = frozenset(n for n, i in self.info.items() if "discard" in i.kinds)
        #: The cards that make a choice in round 10 (``round10_tables``: fetch, discard, a named value).
        self.choosers = self.fetchers | self.discarders | {n for n, i in self.info.items() if i.named}
        self.totals: dict[tuple[int, int], tuple[tuple[int, int], tuple[Worth, Worth]]] = {}
        self.round10: dict[tuple[tuple[Card, ...], tuple[Card, ...], int, int], tuple[int, int]] = {}
        #: ``psychic_in_play``'s answers by (number, the value named): the card placed and its signature bit.
        self.placed_bits: dict[tuple[int, int], tuple[InPlay, int]] = {}
        #: The signature bits of the cards in play met so far that change others (bonus, nullify), and per
        #: those bits on each side, what a card is worth on each side (``worths_on``).
        self.active_bits = 0
        self.worths: dict[tuple[int, int], tuple[Worth, Worth]] = {}
        #: What an owned set (``Owned``) reads of each card, made once: its entry in the set's layout (None when it
        #: is played only in round 10) and putting it face down.
        self.owning: dict[int, tuple[tuple[int, str, tuple[Turn, ...]] | None, Down]] = {
            n: (self._layout_entry(n), self.down_play(n)) for n in self.ids
        }
        self.owned: dict[tuple[int, ...], Owned] = {(): Owned((), self)}

    def _layout_entry(self, number: int) -> tuple[int, str, tuple[Turn, ...]] | None:
        """Card ``number``'s entry in an owned set's layout: (number, how its plays are made, its plays when
        fixed); a fetch's plays name each value left in the deck, a discard's each card the opponent has in play.
        None for a card played only in round 10."""
        ci = self.info[number]
        if not ci.rounds:
            return None
        if "fetch" in ci.kinds:
            return (number, "fetch", (self.value_play(number, 0),))
        if ci.named:
            return (number, "fixed", tuple([self.value_play(number, v) for v in VALUES]))
        if "discard" in ci.kinds:
            return (number, "discard", (self.value_play(number, 0),))
        return (number, "fixed", (self.value_play(number, 0),))

    def value_play(self, number: int, value: int) -> Turn:
        """``Turn((Psychic(number, G(value)),), end=False)`` (value 0: ``Turn((Psychic(number),), end=False)``),
        made once."""
        got = self.value_plays.get((number, value))
        if got is None:
            item = Psychic(number, G(value)) if value else Psychic(number)
            got = self.value_plays[number, value] = Turn((item,), end=False)
        return got

    def target_play(self, number: int, target: Card) -> Turn:
        """``Turn((Psychic(number, target),), end=False)``: card 11 discarding ``target``, made once."""
        key = (number, target.psychic, target.n)  # a tuple of plain values hashes in C, a ``Card`` in Python
        got = self.target_plays.get(key)
        if got is None:
            got = self.target_plays[key] = Turn((Psychic(number, target),), end=False)
        return got

    def down_play(self, number: int) -> Down:
        """``Down(P(number))``, made once."""
        got = self.down_plays.get(number)
        if got is None:
            got = self.down_plays[number] = Down(P(number))
        return got

    def owned_of(self, owned: tuple[int, ...]) -> Owned:
        got = self.owned.get(owned)
        if got is None:
            got = self.owned[owned] = Owned(owned, self)
        return got

    def totals_of(
        self, signatures: tuple[int, int], tables: tuple[Sequence[InPlay], Sequence[InPlay]]
    ) -> tuple[tuple[int, int], tuple[Worth, Worth]]:
        """``totals(tables)`` and what a card of each printed value is worth on each side under the effects in
        play (``Worth``, remembered by the bits of the cards in play that change others), which the totals are
        worked out from; remembered by the two tables' signatures."""
        got = self.totals.get(signatures)
        if got is None:
            if len(self.totals) >= self.TOTALS_KEPT:
                self.totals.clear()
            worth = self.worths_on(signatures, tables)
            got = self.totals[signatures] = (
                (self._sum(tables[0], worth[0]), self._sum(tables[1], worth[1])),
                worth,
            )
        return got

    def worths_on(
        self, signatures: tuple[int, int], tables: tuple[Sequence[InPlay], Sequence[InPlay]]
    ) -> tuple[Worth, Worth]:
        """What a card of each printed value is worth on each side of ``tables`` (their ``signatures``) under
        the effects in play (``worth_under``'s ``Worth`` of each side), remembered by the bits of the cards in
        play that change others."""
        bits = self.active_bits
        key = (signatures[0] & bits, signatures[1] & bits)
        worth = self.worths.get(key)
        if worth is None:
            active = actives(tables, self.info)
            worth = self.worths[key] = (worth_under(reaching(active, 0)), worth_under(reaching(active, 1)))
        return worth

    def _sum(self, table: Sequence[InPlay], worth: Worth) -> int:
        """A side's total: each card worth what a card of its printed value is (a psychic card with no ghost
        value counts 0), as ``card_values`` counts it in rounds 1-9."""
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

    def round10_of(self, downs: Sequence[Sequence[Card]], decks: Sequence[Sequence[int]]) -> tuple[int, int]:
        """Round 10's totals (``round10_tables`` and ``totals``). With no face-down card that
        makes a choice (a fetch, a discard, a named value), ``round10_tables`` only lays the cards out: they are
        counted at once. Otherwise the totals are remembered by the face-down cards in the order they were put
        down and the highest ghost left in each deck (card 2 fetches it)."""
        choosers = self.choosers
        if not any(c.psychic and c.n in choosers for side in downs for c in side):
            laid = ([in_play(c) for c in downs[0]], [in_play(c) for c in downs[1]])
            return totals(laid, self.cards, round10=True)
        key = (tuple(downs[0]), tuple(downs[1]), max(decks[0], default=0), max(decks[1], default=0))
        got = self.round10.get(key)
        if got is None:
            if len(self.round10) >= self.TOTALS_KEPT:
                self.round10.clear()
            found = round10_tables(downs, self.cards, decks)
            got = self.round10[key] = totals(found, self.cards, round10=True)
        return got

    def bit(self, placed: InPlay) -> int:
        """What a card in play adds to its table's signature: a ghost its ``UNIT``, a psychic card its bit."""
        card = placed.card
        return self.psychic_in_play(card.n, placed.named)[1] if card.psychic else UNIT[card.n]

    def signature(self, table: Sequence[InPlay]) -> int:
        """A table's signature (``ai.rip.engine.Engine.sig``): what each of its cards adds (``bit``)."""
        return sum([self.bit(placed) for placed in table])

    def psychic_in_play(self, number: int, named: int) -> tuple[InPlay, int]:
        """Psychic card ``number`` in play (``named``: the value card 10 named, else 0) and its signature bit."""
        got = self.placed_bits.get((number, named))
        if got is None:
            bit = psychic_bit(number, named)
            if self.info[number].active:
                self.active_bits |= bit
            got = self.placed_bits[number, named] = (psychic_placed(number, named), bit)
        return got


class Worth(dict[int, int]):
    """What a card of each printed value is worth on one side under the effects that reach it (made when first
    asked: ``strength``)."""

    __slots__ = ("reach",)

    def __init__(self, reach: list[tuple[Active, int]]) -> None:
        super().__init__()
        self.reach = reach

    def __missing__(self, printed: int) -> int:
        got = self[printed] = strength(printed, printed, self.reach)
        return got


tables = per_catalogue(CardTables)
