"""What the tool knows of a person's secret face-down ghost cards (``down`` without a value).

The tool keeps such a card among the person's hand (``Side.hand``, counted by ``Side.hidden_down``) until round 10
names it. What the person types afterwards tells it more: a card they play or lay face down by name was in their
real hand, and cards they draw afterwards are in their real hand. ``Side.secrets`` keeps every multiset of cards
that may lie face down given all that (each a sorted tuple); the person's real hand is ``hand`` minus one of them.

So the tool offers, and accepts, only the cards that may be in the real hand: after ``down``, a hand of 2 played
down to nothing (the secret card is the 2) and a draw of 1 1, the hand is 1 1 and ``down 2`` is refused (it used
to be offered and accepted, and the tool then held a 1 face down and refused the real 1 1).

A state built by hand with ``hidden_down`` and no ``secrets`` knows nothing beyond the count: any cards of the
hand may lie face down.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

from ai.protocol import not_in_hand
from ai.rip.components import ROUNDS, VALUES
from ai.rip.state import Side, replace
from ai.words import tr, trn


def remove(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    """``values`` without one ``value``."""
    i = values.index(value)
    return values[:i] + values[i + 1 :]


def options(side: Side) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ghost values that may lie face down unnamed (``((),)`` when none does)."""
    if not side.hidden_down:
        return ((),)
    if side.secrets:
        return side.secrets
    return submultisets(side.hand, side.hidden_down)


def submultisets(cards: Iterable[int], size: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``size`` of ``cards`` (sorted tuples, in order)."""
    counts = Counter(cards)
    return tuple(
        sorted(
            {
                combo
                for combo in itertools.combinations_with_replacement(sorted(counts), size)
                if all(combo.count(v) <= counts[v] for v in set(combo))
            }
        )
    )


def _rest(hand: tuple[int, ...], secret: tuple[int, ...]) -> Counter[int]:
    """The real hand if ``secret`` lies face down."""
    return Counter(hand) - Counter(secret)


def laid_down(side: Side) -> Side:
    """``side`` after one card of its real hand goes face down unnamed."""
    grown = {tuple(sorted((*secret, v))) for secret in options(side) for v in _rest(side.hand, secret)}
    return replace(side, hidden_down=side.hidden_down + 1, secrets=tuple(sorted(grown)))


def taken(side: Side, value: int) -> Side:
    """``side`` after a ``value`` leaves its real hand (played or laid face down by name); ``fits`` first."""
    hand = remove(side.hand, value)
    if not side.hidden_down:
        return replace(side, hand=hand)
    kept = tuple(s for s in options(side) if _rest(side.hand, s)[value] > 0)
    return replace(side, hand=hand, secrets=kept)


def fits(side: Side, wanted: Counter[int]) -> bool:
    """Whether the real hand may hold every card of ``wanted`` (value -> count)."""
    for secret in options(side):
        rest = _rest(side.hand, secret)
        if all(rest[v] >= n for v, n in wanted.items()):
            return True
    return False


def free_values(side: Side) -> tuple[int, ...]:
    """The values the real hand may hold, in order."""
    if not side.hidden_down:
        return tuple(sorted(set(side.hand)))
    return tuple(sorted({v for secret in options(side) for v in _rest(side.hand, secret)}))


def known(side: Side) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(the real hand, the secret face-down cards) once what was typed leaves one possibility, else None."""
    opts = options(side)
    if len(opts) != 1:
        return None
    return tuple(sorted(_rest(side.hand, opts[0]).elements())), opts[0]


def seen_hand(side: Side) -> tuple[int, ...] | None:
    """The hand a look at it shows (card 3): None while the tool cannot tell it from the secret face-down
    cards it counts among it."""
    if not side.hidden_down:
        return side.hand
    split = known(side)
    return None if split is None else split[0]


def cards_text(side: Side, down: bool = True, yours: bool = False) -> str:
    """A person's own cards in words: ``hand: 1 1; face down (secret): 2`` once the tool can tell them apart
    (without ``down``: ``hand: 1 1``), else ``cards: 1 1 2, one of them face down (secret)``; with ``yours``,
    ``your hand: …``."""
    hand = " ".join(map(str, side.hand)) or tr("nothing")
    split = known(side) if side.hidden_down else None
    if not side.hidden_down or split is not None:
        if split is not None:
            hand = " ".join(map(str, split[0])) or tr("nothing")
        if split is not None and down:
            secret = " ".join(map(str, split[1]))
            if yours:
                return tr("your hand: {hand}; face down (secret): {down}", hand=hand, down=secret)
            return tr("hand: {hand}; face down (secret): {down}", hand=hand, down=secret)
        return tr("your hand: {hand}", hand=hand) if yours else tr("hand: {hand}", hand=hand)
    n = side.hidden_down
    if yours:
        return trn(
            "your cards: {hand}, one of them face down (secret)",
            "your cards: {hand}, {n} of them face down (secret)",
            n,
            hand=hand,
        )
    return trn(
        "cards: {hand}, one of them face down (secret)",
        "cards: {hand}, {n} of them face down (secret)",
        n,
        hand=hand,
    )


def refusal(
    name: str, side: Side, wanted: Counter[int], n: int | None = None, show: bool = True
) -> str | None:
    """Why ``name``'s real hand cannot hold ``n`` ghost cards (default: those of ``wanted``) and, with ``show``,
    the ghost cards of ``wanted`` (None: it may), in one line. With ``show`` (a person's own cards: the screen
    shows them already) the line names the cards; without, only the count, which the board shows to all."""
    if n is None:
        n = sum(wanted.values())
    if n > side.hand_size:
        mine = f" ({cards_text(side, down=False)})" if show and side.hand else ""
        if side.hand_size == 0:
            return tr(
                "{name} holds no ghost card in hand; that plays {wanted}{mine}",
                name=name,
                wanted=n,
                mine=mine,
            )
        return trn(
            "{name} holds {n} ghost card in hand; that plays {wanted}{mine}",
            "{name} holds {n} ghost cards in hand; that plays {wanted}{mine}",
            side.hand_size,
            name=name,
            wanted=n,
            mine=mine,
        )
    if not show:
        return None
    mine = cards_text(side, down=False)
    opts = options(side)
    for v in sorted(wanted):
        most = max(_rest(side.hand, s)[v] for s in opts)
        if most >= wanted[v]:
            continue
        if v not in side.hand:
            return tr("{name} has no {value} in hand ({cards})", name=name, value=v, cards=mine)
        if most == 0:
            if side.hidden_down == 1:
                return tr(
                    "{name}'s {value} is the secret face-down card, not in hand ({cards})",
                    name=name,
                    value=v,
                    cards=mine,
                )
            return tr(
                "{name}'s {value} is among the secret face-down cards, not in hand ({cards})",
                name=name,
                value=v,
                cards=mine,
            )
        return trn(
            "{name} holds one {value} in hand; that plays {wanted} of them ({cards})",
            "{name} holds {n} {value}s in hand; that plays {wanted} of them ({cards})",
            most,
            name=name,
            value=v,
            wanted=wanted[v],
            cards=mine,
        )
    if not fits(side, wanted):
        return tr(
            "{name} cannot play these cards together: one of them lies face down (secret) ({cards})",
            name=name,
            cards=mine,
        )
    return None


def not_held(name: str, side: Side, value: int, show: bool) -> str:
    """The refusal of a ghost card ``name`` cannot play or lay face down from hand. With ``show`` (a person's own
    cards: the screen shows them already) the line names the cards; a bot's hand never is (the screen is
    shared)."""
    if value not in VALUES:
        return tr("ghost cards have values 1 to 6, not {value}", value=value)
    if not show:
        return not_in_hand(name)
    return refusal(name, side, Counter({value: 1})) or not_in_hand(name)


def not_owned(
    name: str, other_name: str, own: Side, other: Side, number: int, line: Sequence[tuple[int, int]]
) -> str:
    """The refusal of psychic card ``number`` that ``name`` cannot play or lay face down now: where it is. Every
    place named is public: a psychic card is won, played and laid face down by the round-10 card in view, and a
    card of the line (``line``: (mansion, card) still to be fought for, face up) only once it is face up (the
    tutorial lays some face down)."""
    places = (
        own.down,
        tuple(x.card for x in own.table),
        own.played,
        other.down,
        tuple(x.card for x in other.table),
        other.played,
    )
    for i, cards in enumerate(places):
        if any(card.psychic and card.n == number for card in cards):
            return _placed(i, number, other_name)
    if number in other.owned:
        return tr("psychic card {number} is {name}'s", number=number, name=other_name)
    for mansion, n in line:
        if n == number:
            return tr(
                "psychic card {number} is still on the line, by mansion {k}: nobody has won it yet",
                number=number,
                k=mansion,
            )
    return tr("{name} does not own psychic card {number}", name=name, number=number)


def _placed(i: int, number: int, other: str) -> str:
    """``not_owned``'s ``i``-th place of psychic card ``number``."""
    rnd = ROUNDS + 1
    if i == 0:
        return tr(
            "psychic card {number} lies face down by the round-10 card: it counts in round {round}",
            number=number,
            round=rnd,
        )
    if i == 1:
        return tr("psychic card {number} is in play this round already", number=number)
    if i == 2:
        return tr("psychic card {number} was played in an earlier round", number=number)
    if i == 3:
        return tr(
            "psychic card {number} is {name}'s, face down by the round-10 card: it counts for {name} in round "
            "{round}",
            number=number,
            name=other,
            round=rnd,
        )
    if i == 4:
        return tr("psychic card {number} is {name}'s, in play this round", number=number, name=other)
    return tr("psychic card {number} is {name}'s, played in an earlier round", number=number, name=other)


def not_down(name: str, side: Side, values: Iterable[int]) -> str:
    """The refusal of round 10's named secret cards that cannot be the ones face down."""
    typed = " ".join(map(str, values))
    opts = options(side)
    if len(opts) == 1:
        cards = " ".join(map(str, opts[0]))
        if len(opts[0]) == 1:
            return tr(
                "not {typed}: {name}'s secret face-down card is the {cards} (the cards played since say so)",
                typed=typed,
                name=name,
                cards=cards,
            )
        return tr(
            "not {typed}: {name}'s secret face-down cards are {cards} (the cards played since say so)",
            typed=typed,
            name=name,
            cards=cards,
        )
    if len(opts) <= 4:
        listed = ", ".join(" ".join(map(str, o)) for o in opts)
        if side.hidden_down == 1:
            return tr(
                "not {typed}: {name}'s secret face-down card is one of {cards}",
                typed=typed,
                name=name,
                cards=listed,
            )
        return tr(
            "not {typed}: {name}'s secret face-down cards are one of {cards}",
            typed=typed,
            name=name,
            cards=listed,
        )
    return tr(
        "{typed} cannot all be face down: {name} played or laid down some of them since",
        typed=typed,
        name=name,
    )
