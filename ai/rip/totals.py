"""The strength of each side: the cards in play with every psychic card's effect applied, round 10's tables
(each face-down card's choice made as its owner would), and who wins (``outcome``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ai.rip.cards import (
    INSTANT_WIN,
    SEAT_NAMES,
    TOKEN_NAMES,
    VALUES,
    PsychicCard,
)
from ai.rip.effects import Active, CardInfo, card_info, is_named
from ai.rip.state import (
    Card,
    G,
    InPlay,
    RipState,
)


def printed_value(card: Card, cards: Mapping[int, PsychicCard]) -> int | None:
    """The ghost value a card has for filters: a ghost's printed value, a "counts as" card's N, else None."""
    if not card.psychic:
        return card.n
    return card_info(cards)[card.n].ghost


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


def card_values(
    tables: Sequence[Sequence[InPlay]], cards: Mapping[int, PsychicCard], round10: bool = False
) -> tuple[list[int], list[int]]:
    """Each card's strength on each side, every effect in play applied (``totals`` sums these)."""
    info = card_info(cards)
    active = actives(tables, info)
    out: tuple[list[int], list[int]] = ([], [])
    for seat, table in enumerate(tables):
        values = out[seat]
        reach = reaching(active, seat)
        for x in table:
            card = x.card
            if card.psychic:
                ci = info[card.n]
                printed = ci.ghost
                if printed is None:
                    values.append(0)
                    continue
                base = printed + ci.round10 if round10 else printed
            else:
                printed = base = card.n
            values.append(strength(printed, base, reach))
    return out


def plain_total(table: Sequence[InPlay], cards: Mapping[int, PsychicCard]) -> int | None:
    """A side's total when no card on it changes others (each card then counts its own strength, as in
    ``card_values``), or None when one does (a bonus or a nullify)."""
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
            if ci.ghost is not None and ci.ghost > 0:
                total += ci.ghost
        else:
            total += card.n
    return total


def totals(
    tables: Sequence[Sequence[InPlay]], cards: Mapping[int, PsychicCard], round10: bool = False
) -> tuple[int, int]:
    t0, t1 = tables[0], tables[1]
    if round10:
        if all(not x.card.psychic for x in t0) and all(not x.card.psychic for x in t1):
            return sum(x.card.n for x in t0), sum(x.card.n for x in t1)
    else:
        a = plain_total(t0, cards)
        if a is not None:
            b = plain_total(t1, cards)
            if b is not None:
                return a, b
    values = card_values(tables, cards, round10)
    return sum(values[0]), sum(values[1])


def state_totals(state: RipState) -> tuple[int, int]:
    """Both sides' strength in the round being fought.

    Recomputed from the cards in play (``totals``), and remembered with the two tables it was computed from:
    a state derived from this one (``replace``) with the very same tables gets the same totals back at once.
    """
    sides = state.sides
    t0, t1 = sides[0].table, sides[1].table
    memo = state.__dict__.get("_totals")
    if memo is not None and memo[0] is t0 and memo[1] is t1:
        return memo[2]  # type: ignore[no-any-return]
    t = totals((t0, t1), state.cards)
    state.__dict__["_totals"] = (t0, t1, t)
    return t


def _named_best(
    tables: tuple[list[InPlay], list[InPlay]], cards: Mapping[int, PsychicCard]
) -> tuple[list[InPlay], list[InPlay]]:
    """Each face-down card that names a value (card 10) names the one best for its owner's margin, Green's
    first; a card named earlier stays as named."""
    for seat in (0, 1):
        for i, x in enumerate(tables[seat]):
            if not (x.card.psychic and is_named(cards[x.card.n])):
                continue
            best: tuple[int, list[InPlay]] | None = None
            for value in VALUES:
                own = [InPlay(y.card, value) if j == i else y for j, y in enumerate(tables[seat])]
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
    tables = ([InPlay(c) for c in downs[0]], [InPlay(c) for c in downs[1]])
    for seat in (0, 1):
        if decks[seat] and any(c.psychic and cards[c.n].has("fetch") for c in downs[seat]):
            tables[seat].append(InPlay(G(max(decks[seat]))))
    for seat in (0, 1):
        for discarder in [c for c in downs[seat] if c.psychic and cards[c.n].has("discard")]:
            if discarder not in [x.card for x in tables[seat]] or not tables[1 - seat]:
                continue  # discarded itself, or nothing to discard
            best: tuple[int, tuple[list[InPlay], list[InPlay]]] | None = None
            for target in range(len(tables[1 - seat])):
                other = [y for j, y in enumerate(tables[1 - seat]) if j != target]
                after = (tables[0], other) if seat == 0 else (other, tables[1])
                t = totals(_named_best(after, cards), cards, round10=True)
                if best is None or t[seat] - t[1 - seat] > best[0]:
                    best = (t[seat] - t[1 - seat], after)
            assert best is not None
            tables = best[1]
    return _named_best(tables, cards)


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
