"""RIP's rules: state, legal actions, apply, totals, round 10, end and result (spec: shared/rules/rip.md).

Seats are the families: 0 Green, 1 Blue. A state is immutable; ``apply`` returns a new one.

Actions are small so that bots and search choose one card at a time: ``Turn((item,), end=False)`` plays one
card and keeps the turn, ``Turn((), end=True)`` ends it (``pass`` when nothing was played). A person types a
whole turn at once (``2 2 5`` is ``Turn((2, 2, 5), end=True)``); it is applied item by item, then ended.

Decks. A virtual deck (the bot's at the table, both in the arena) is shuffled from the seed and kept in the
state, hidden from every other seat, so undo never re-draws. A physical deck (``config.physical``) is the
person's own: the tool knows only its contents; each draw is a chance step the person types (``Draw``). A
person may put a card face down without saying which (``down``): the tool then keeps it among the hand
(``Side.hidden_down`` counts such cards) until they reveal it in round 10.

Totals are recomputed from the cards in play after every action (``totals``), never kept incrementally; a state
remembers the totals of its two tables (``state_totals``), which a state derived from it with the very same tables
reuses.

Speed: ``hard`` applies a few hundred thousand actions a second. When nobody records events, ``apply`` builds no
text, takes one step for ghost cards played from hand and for a turn ended ahead (``_quick_turn``), and shares
immutable objects (cards, one-card plays, what each psychic card does: ``card_info``). Tests check that the state
after any action is the same whether or not events are recorded.

Rulings of ours beyond the spec, written here where the rule lives:
- Ruling: under card 14 a player may start playing only if they can reach 2 cards this turn; once they have
  played one card they must play a second before ending the turn.
- Ruling: owned psychic cards lie face up, so which one a player puts face down is public (its text acts in
  round 10); a ghost card put face down stays secret.
- Ruling: in round 10 a face-down card that makes a choice chooses what is best for its owner: card 10 names
  the value that most improves its owner's margin, card 11 discards the opponent's face-down card that helps
  them most (even when it is their only one), card 2 fetches the highest ghost left in its owner's deck
  (usually none by then). Claims, peeks, card 6 and card 14 do nothing in round 10.
- Ruling: round 10's choices are made in this order: fetches, then discards (Green's first; a discard card
  discarded before it acts does nothing; each discard chooses knowing how card 10 will then be named), then
  named values (Green's first). Each psychic card exists once, so both families never hold the same card.
- Ruling: a ghost's value never goes below 0 (a user's card with a negative bonus).
- Ruling: if a card taken from play by card 11 was a "counts as a ghost" psychic card or card 6, its effect
  ends at once (card 6: the next card is no longer random).
- Ruling: after round 9 both players draw and its loser may place a card face down before round 10, as after
  any round.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TypeVar

from ai.protocol import CHANCE, Event, IllegalError, not_in_hand
from ai.rip.cards import (
    CASTLE,
    DECK,
    DRAW_PER_ROUND,
    HAND_SIZE,
    INSTANT_WIN,
    LINE_LENGTH,
    MANOR,
    ROUNDS,
    SEAT_NAMES,
    STARTER_IDS,
    TOKEN_COUNTS,
    TOKEN_NAMES,
    TUTORIAL_OPEN,
    VALUES,
    Effect,
    PsychicCard,
    card_catalogue,
)

TERMINAL = -2

_T = TypeVar("_T")


def replace(obj: _T, **changes: object) -> _T:
    """``dataclasses.replace`` for this module's frozen states (``Side``, ``RipState``: plain ``__dict__``
    classes for this), without re-running ``__init__``: a dictionary merge, many times faster (the search
    applies hundreds of thousands of actions)."""
    new = object.__new__(type(obj))
    object.__setattr__(new, "__dict__", {**obj.__dict__, **changes})
    return new


class Phase(IntEnum):
    DRAW = 0  # chance: a physical deck's draw, typed by its person
    PLAY = 1  # a turn of rounds 1-9
    FACEDOWN = 2  # the round's loser may put one card face down by the round-10 card
    REVEAL = 3  # round 10: a person names the face-down ghost cards they kept secret
    OVER = 4


# The phases as plain names: ``phase == _PLAY`` is several times quicker than ``phase == Phase.PLAY`` (an enum
# attribute lookup), and the search compares phases a few million times a game.
_DRAW, _PLAY, _FACEDOWN, _REVEAL, _OVER = Phase.DRAW, Phase.PLAY, Phase.FACEDOWN, Phase.REVEAL, Phase.OVER


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A ghost card (``psychic=False``, ``n`` its value) or a psychic card (``n`` its number)."""

    psychic: bool
    n: int

    def __str__(self) -> str:
        return f"p{self.n}" if self.psychic else str(self.n)

    @property
    def long(self) -> str:
        return f"psychic card {self.n}" if self.psychic else f"a {self.n}"


def G(value: int) -> Card:
    card = _GHOST_CARDS.get(value)
    return card if card is not None else Card(False, value)


def P(number: int) -> Card:
    return Card(True, number)


@dataclass(frozen=True, slots=True, order=True)
class Ghost:
    """A ghost card from hand."""

    value: int


@dataclass(frozen=True, slots=True, order=True)
class Blind:
    """A ghost card taken at random from a virtual hand (card 6)."""


@dataclass(frozen=True, slots=True, order=True)
class Psychic:
    """An owned psychic card; ``arg`` is the value named (card 10), fetched (card 2) or the target (card 11)."""

    number: int
    arg: Card | None = None


Item = Ghost | Blind | Psychic


@dataclass(frozen=True, slots=True)
class Turn:
    """Cards played in order; with ``end`` the turn ends after them."""

    items: tuple[Item, ...]
    end: bool = True


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the ghost cards a person drew from their physical deck."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Down:
    """The loser's face-down card: a ghost, a psychic card, ``None`` for none; ``hidden``: a secret ghost."""

    card: Card | None
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Reveal:
    """Round 10: the secret face-down ghost cards, named."""

    values: tuple[int, ...]


Action = Turn | Draw | Down | Reveal
END = Turn((), True)
SKIP = Down(None)
_BLIND_PLAY = (Turn((Blind(),), end=False),)


@dataclass(frozen=True, slots=True)
class InPlay:
    card: Card
    named: int = 0  # the value named by a named bonus (card 10)


# Immutable objects made once and shared (a card, a card in play, a one-card play of a ghost).
_GHOST_CARDS: dict[int, Card] = {v: Card(False, v) for v in VALUES}
_GHOST_IN_PLAY: dict[int, InPlay] = {v: InPlay(_GHOST_CARDS[v]) for v in VALUES}


@dataclass(frozen=True)
class Side:
    """One family's cards."""

    hand: tuple[int, ...] = ()  # sorted ghost values (a person's: with the secret face-down ones)
    deck: tuple[int, ...] = ()  # virtual: top first; physical: sorted contents
    pending: int = 0  # physical: cards drawn but not typed yet
    hidden_down: int = 0  # physical: secret face-down ghost cards still counted in ``hand``
    down: tuple[Card, ...] = ()  # known face-down cards (a bot's are secret to the other seat)
    owned: tuple[int, ...] = ()  # psychic cards owned and not played
    table: tuple[InPlay, ...] = ()  # in play this round
    played: tuple[Card, ...] = ()  # played in earlier rounds, face up
    discarded: tuple[Card, ...] = ()
    tokens: tuple[str, ...] = ()

    @property
    def hand_size(self) -> int:
        return len(self.hand) - self.hidden_down

    @property
    def down_count(self) -> int:
        return len(self.down) + self.hidden_down

    def tokens_of(self, kind: str) -> int:
        return self.tokens.count(kind)


@dataclass(frozen=True, slots=True)
class RipConfig:
    """How a game is set up. ``physical``: seats whose real deck the person keeps (draws are typed)."""

    tutorial: bool = False
    physical: tuple[int, ...] = ()
    first: int | None = None  # None: drawn at random from the seed
    named_both_sides: bool = True  # card 10 ruling; False: own side only
    extra_cards: tuple[PsychicCard, ...] = ()
    line: tuple[int, ...] = ()  # a fixed line of 9 psychic cards (default: dealt from the seed)
    tokens: str = ""  # a fixed token layout, 10 letters M/C (default: dealt from the seed)

    def __post_init__(self) -> None:
        if any(s not in (0, 1) for s in self.physical):
            raise ValueError("physical seats are 0 (Green) and 1 (Blue)")
        if self.first not in (None, 0, 1):
            raise ValueError("first is 0, 1 or None")
        cards = self.catalogue()
        if self.line:
            if len(self.line) != LINE_LENGTH or len(set(self.line)) != LINE_LENGTH:
                raise ValueError(f"the line is {LINE_LENGTH} different psychic cards")
            unknown = [n for n in self.line if n not in cards]
            if unknown:
                raise ValueError(f"psychic card {unknown[0]} is not known (add it with a card file)")
            if self.tutorial and set(self.line) != set(STARTER_IDS):
                raise ValueError("the tutorial line is the 9 starter cards")
        if self.tokens and Counter(self.tokens) != Counter(TOKEN_COUNTS):
            raise ValueError("the tokens are 10 letters: 6 M (manors) and 4 C (castles)")
        if not self.tutorial and not self.line and len(self.pool()) < LINE_LENGTH:
            raise ValueError("fewer than 9 psychic cards to deal")

    def catalogue(self) -> dict[int, PsychicCard]:
        return _catalogue(self.extra_cards, self.named_both_sides)

    def pool(self) -> tuple[int, ...]:
        """The psychic cards shuffled for the line."""
        if self.tutorial:
            return STARTER_IDS
        return tuple(sorted(self.catalogue()))


@dataclass(frozen=True)
class RipState:
    config: RipConfig
    seed: int
    nonce: int  # how many shuffles and random picks so far (each from ``(seed, nonce)``)
    phase: Phase
    round: int  # 1-9, 10 once the turns are over
    line: tuple[int, ...]
    tokens: tuple[str, ...]  # on the line's 10 cards; tokens[k-1] is round k's
    revealed: int  # psychic cards of the line face up (tutorial)
    first: int  # who started this round
    mover: int
    turn_plays: int
    blind: tuple[bool, bool]  # the seat's next ghost is taken at random (card 6)
    sides: tuple[Side, Side]
    loser: int = -1  # the last round's loser (who may put a card face down)
    round10: tuple[int, int] | None = None  # the round-10 totals, once revealed
    winners: tuple[int, ...] = ()
    reason: str = ""
    won: tuple[int, ...] = ()  # who won each round so far (-1: round 10 tied)
    cards: Mapping[int, PsychicCard] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def card(self, number: int) -> PsychicCard:
        return self.cards[number]

    def round_card(self) -> int | None:
        """The psychic card of the round being fought (None in round 10)."""
        return self.line[self.round - 1] if self.round <= ROUNDS else None

    def peeking(self, seat: int) -> bool:
        table = self.sides[seat].table
        if not table:
            return False
        info = card_info(self.cards)
        return any(x.card.psychic and "peek" in info[x.card.n].kinds for x in table)

    def min_plays(self, seat: int) -> int:
        """The least number of cards ``seat`` must play in a turn if it plays any (card 14), else 0."""
        best = 0
        info = None
        for x in self.sides[1 - seat].table:
            if x.card.psychic:
                if info is None:
                    info = card_info(self.cards)
                best = max(best, info[x.card.n].min_plays)
        return best


@functools.lru_cache(maxsize=64)
def _catalogue(extra: tuple[PsychicCard, ...], named_both_sides: bool) -> dict[int, PsychicCard]:
    return card_catalogue(extra, named_both_sides)


def _rng(seed: int, nonce: int) -> random.Random:
    return random.Random(f"rip/{seed}/{nonce}")


# --- setup -----------------------------------------------------------------------------------------------


def initial_state(config: RipConfig, seed: int) -> RipState:
    rng = random.Random(seed)
    cards = config.catalogue()
    if config.line:
        line = config.line
    else:
        pool = list(config.pool())
        rng.shuffle(pool)
        line = tuple(pool[:LINE_LENGTH])
    if config.tokens:
        tokens = tuple(config.tokens)
    else:
        bag = [kind for kind, n in TOKEN_COUNTS.items() for _ in range(n)]
        rng.shuffle(bag)
        tokens = tuple(bag)
    sides = []
    for seat in (0, 1):
        if seat in config.physical:
            sides.append(Side(deck=tuple(sorted(DECK)), pending=HAND_SIZE))
        else:
            deck = list(DECK)
            rng.shuffle(deck)
            sides.append(Side(hand=tuple(sorted(deck[:HAND_SIZE])), deck=tuple(deck[HAND_SIZE:])))
    first = config.first if config.first is not None else rng.randrange(2)
    return RipState(
        config=config,
        seed=seed,
        nonce=0,
        phase=_DRAW if any(s.pending for s in sides) else _PLAY,
        round=1,
        line=line,
        tokens=tokens,
        revealed=TUTORIAL_OPEN if config.tutorial else LINE_LENGTH,
        first=first,
        mover=first,
        turn_plays=0,
        blind=(False, False),
        sides=(sides[0], sides[1]),
        cards=cards,
    )


# --- totals ----------------------------------------------------------------------------------------------


class _Active:
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
    active: tuple[_Active, ...]  # its bonus and nullify effects
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
            active=tuple(_Active(e) for e in card.effects if e.kind in ("bonus", "nullify")),
            min_plays=max((e.count for e in card.effects if e.kind == "min_plays"), default=0),
            kinds=kinds,
            named=_is_named(card),
            rounds=card.playable == "rounds",
            inert=not kinds & {"ghost", "bonus", "nullify", "fetch", "discard"},
        )


class _Derived:
    """What is derived once from a catalogue: each card's ``CardInfo`` and, per tuple of owned psychic cards,
    how their one-card plays are made (remembered: play-outs list them at every step)."""

    def __init__(self, cards: Mapping[int, PsychicCard]) -> None:
        self.cards = cards  # kept alive with this entry, so its id is not reused
        self.info = {n: CardInfo.of(c) for n, c in cards.items()}
        self.layouts: dict[tuple[int, ...], tuple[tuple[int, str, tuple[Turn, ...]], ...]] = {}
        self.value_plays: dict[tuple[int, int], Turn] = {}

    def layout(self, owned: tuple[int, ...]) -> tuple[tuple[int, str, tuple[Turn, ...]], ...]:
        """For each playable owned card in order: (number, how its plays are made, its plays when fixed)."""
        got = self.layouts.get(owned)
        if got is not None:
            return got
        out: list[tuple[int, str, tuple[Turn, ...]]] = []
        for n in sorted({n for n in owned if self.info[n].rounds}):
            info = self.info[n]
            if "fetch" in info.kinds:
                out.append((n, "fetch", (Turn((Psychic(n),), end=False),)))
            elif info.named:
                out.append((n, "fixed", tuple(Turn((Psychic(n, G(v)),), end=False) for v in VALUES)))
            elif "discard" in info.kinds:
                out.append((n, "discard", (Turn((Psychic(n),), end=False),)))
            else:
                out.append((n, "fixed", (Turn((Psychic(n),), end=False),)))
        self.layouts[owned] = got = tuple(out)
        return got

    def value_play(self, number: int, value: int) -> Turn:
        """``Turn((Psychic(number, G(value)),), end=False)``, made once."""
        got = self.value_plays.get((number, value))
        if got is None:
            got = self.value_plays[number, value] = Turn((Psychic(number, G(value)),), end=False)
        return got


_DERIVED: dict[int, _Derived] = {}
_LAST: list[_Derived] = []  # the catalogue asked for last (one game's states share one)


def _derived(cards: Mapping[int, PsychicCard]) -> _Derived:
    if _LAST and _LAST[0].cards is cards:
        return _LAST[0]
    got = _DERIVED.get(id(cards))
    if got is None or got.cards is not cards or len(got.info) != len(cards):
        if len(_DERIVED) >= 256:
            _DERIVED.clear()
        got = _DERIVED[id(cards)] = _Derived(cards)
    _LAST[:] = [got]
    return got


def card_info(cards: Mapping[int, PsychicCard]) -> dict[int, CardInfo]:
    """``CardInfo`` of each card of a catalogue; computed once per catalogue (a game's states share one)."""
    return _derived(cards).info


def printed_value(card: Card, cards: Mapping[int, PsychicCard]) -> int | None:
    """The ghost value a card has for filters: a ghost's printed value, a "counts as" card's N, else None."""
    if not card.psychic:
        return card.n
    return card_info(cards)[card.n].ghost


def card_values(
    tables: Sequence[Sequence[InPlay]], cards: Mapping[int, PsychicCard], round10: bool = False
) -> tuple[list[int], list[int]]:
    """Each card's strength on each side, every effect in play applied (``totals`` sums these)."""
    info = card_info(cards)
    active: list[tuple[int, _Active, int]] = []
    for owner, table in enumerate(tables):
        for x in table:
            if x.card.psychic:
                for a in info[x.card.n].active:
                    active.append((owner, a, x.named))
    out: tuple[list[int], list[int]] = ([], [])
    for seat, table in enumerate(tables):
        values = out[seat]
        reaching = [(a, named) for owner, a, named in active if (a.own if owner == seat else a.opponent)]
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
            nullified = False
            bonus = 0
            for a, named in reaching:
                if a.matches(printed, named):
                    if a.nullify:
                        nullified = True
                    else:
                        bonus += a.amount
            values.append(0 if nullified else max(0, base + bonus))
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


# --- round 10 and the end ---------------------------------------------------------------------------------


def _named_best(
    tables: tuple[list[InPlay], list[InPlay]], cards: Mapping[int, PsychicCard]
) -> tuple[list[InPlay], list[InPlay]]:
    """Each face-down card that names a value (card 10) names the one best for its owner's margin, Green's
    first; a card named earlier stays as named."""
    for seat in (0, 1):
        for i, x in enumerate(tables[seat]):
            if not (x.card.psychic and _is_named(cards[x.card.n])):
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


# --- queries ---------------------------------------------------------------------------------------------


def to_move(state: RipState) -> int:
    phase = state.phase
    if phase == _PLAY:
        return state.mover
    if phase == _FACEDOWN:
        return state.loser
    if phase == _REVEAL:
        return 0 if state.sides[0].hidden_down else 1
    if phase == _DRAW:
        return CHANCE
    return TERMINAL


def is_over(state: RipState) -> bool:
    return state.phase == _OVER


def drawing_seat(state: RipState) -> int:
    """The seat whose typed draw is awaited (DRAW phase)."""
    return 0 if state.sides[0].pending else 1


def _playable_psychic(state: RipState, seat: int) -> list[int]:
    owned = state.sides[seat].owned
    if not owned:
        return []
    info = card_info(state.cards)
    return sorted({n for n in owned if info[n].rounds})


def available_cards(state: RipState, seat: int) -> int:
    """Cards ``seat`` could still play this turn (hand and playable psychic cards)."""
    return state.sides[seat].hand_size + len(_playable_psychic(state, seat))


def may_end_turn(state: RipState, need: int | None = None) -> bool:
    """Whether the mover may end the turn now (``need``: ``state.min_plays(state.mover)`` when known)."""
    if state.turn_plays == 0:
        return True
    if need is None:
        need = state.min_plays(state.mover)
    return not need or state.turn_plays >= need


def may_play(state: RipState, need: int | None = None) -> bool:
    """Whether the mover may play a card now (``need``: ``state.min_plays(state.mover)`` when known)."""
    if need is None:
        need = state.min_plays(state.mover)
    if not need or state.turn_plays >= need:
        return True
    return state.turn_plays + available_cards(state, state.mover) >= need  # card 14: enough cards left?


@functools.lru_cache(maxsize=4096)
def _ghost_plays(hand: tuple[int, ...]) -> tuple[Turn, ...]:
    """One-card plays of each value in a (sorted) hand, in value order."""
    return tuple(Turn((Ghost(v),), end=False) for v in sorted(set(hand)))


@functools.lru_cache(maxsize=4096)
def _ghost_downs(hand: tuple[int, ...]) -> tuple[Down, ...]:
    """Putting each value of a hand face down, in value order."""
    return tuple(Down(G(v)) for v in sorted(set(hand)))


def play_items(state: RipState) -> list[Item]:
    """The single cards the mover may play now."""
    return [action.items[0] for action in _plays(state) if isinstance(action, Turn)]


def _plays(state: RipState, need: int | None = None) -> list[Action]:
    """``Turn((item,), end=False)`` for each of ``play_items`` (``need``: ``state.min_plays(state.mover)``)."""
    if need is None:
        need = state.min_plays(state.mover)
    if not may_play(state, need):
        return []
    actions: list[Action] = list(ghost_plays(state))
    if state.sides[state.mover].owned:
        actions.extend(psychic_plays(state))
    return actions


def ghost_plays(state: RipState) -> tuple[Turn, ...]:
    """The mover's one-card plays from hand (the random one under card 6), as listed first by ``legal_actions``
    when ``may_play`` (not checked here)."""
    seat = state.mover
    side = state.sides[seat]
    if side.hand_size <= 0:
        return ()
    if state.blind[seat] and seat not in state.config.physical:
        return _BLIND_PLAY
    return _ghost_plays(side.hand)


def psychic_plays(state: RipState) -> list[Turn]:
    """The mover's one-card plays of owned psychic cards, as listed by ``legal_actions`` after the ghost plays
    when ``may_play`` (not checked here)."""
    seat = state.mover
    side = state.sides[seat]
    actions: list[Turn] = []
    if not side.owned:
        return actions
    derived = _derived(state.cards)
    for number, how, plays in derived.layout(side.owned):
        if how == "fixed":
            actions.extend(plays)
        elif how == "fetch":
            values = sorted(set(side.deck))
            actions.extend([derived.value_play(number, v) for v in values] if values else plays)
        else:
            targets = sorted({x.card for x in state.sides[1 - seat].table})
            actions.extend([Turn((Psychic(number, t),), end=False) for t in targets] if targets else plays)
    return actions


def _multisets(pool: Iterable[int], size: int) -> list[tuple[int, ...]]:
    counts = Counter(pool)
    return sorted(
        {
            combo
            for combo in itertools.combinations_with_replacement(sorted(counts), size)
            if all(combo.count(v) <= counts[v] for v in set(combo))
        }
    )


def legal_actions(state: RipState) -> list[Action]:
    phase = state.phase
    if phase == _PLAY:
        need = state.min_plays(state.mover)
        actions = _plays(state, need)
        if may_end_turn(state, need):
            actions.append(END)
        return actions
    if phase == _FACEDOWN:
        side = state.sides[state.loser]
        downs: list[Action] = [SKIP]
        if side.hand_size > 0:
            downs.extend(_ghost_downs(side.hand))
            if state.loser in state.config.physical:
                downs.append(Down(None, hidden=True))
        if side.owned:
            downs.extend(Down(P(n)) for n in sorted(set(side.owned)))
        return downs
    if phase == _DRAW:
        side = state.sides[drawing_seat(state)]
        return [Draw(combo) for combo in _multisets(side.deck, side.pending)]
    if phase == _REVEAL:
        side = state.sides[to_move(state)]
        return [Reveal(combo) for combo in _multisets(side.hand, side.hidden_down)]
    return []


def check(state: RipState, action: Action) -> None:
    """Raise ``IllegalError`` with a one-line reason if ``action`` cannot be played now."""
    _Work(state).do(action)


# --- apply -----------------------------------------------------------------------------------------------


def apply(state: RipState, action: Action, events: list[Event] | None = None) -> RipState:
    """The state after ``action``; appends what happened to ``events`` when given. Raises ``IllegalError``."""
    if events is None and action.__class__ is Turn and state.phase == _PLAY:
        quick = _quick_turn(state, action)
        if quick is not None:
            return quick
    w = _Work(state, events)
    w.do(action)
    return w.state


def _quick_turn(state: RipState, action: Turn) -> RipState | None:
    """``apply`` of the turns the search plays most, unrecorded: ghost cards from hand with neither card 6 nor
    card 14 at work, and ending the turn ahead. Exactly what ``_Work`` does then, in one or two steps; None for
    anything else (``_Work`` then applies it, or says why it is illegal)."""
    seat = state.mover
    items = action.items
    if items:
        if state.blind[seat] or state.min_plays(seat):
            return None
        side = state.sides[seat]
        if side.hidden_down:
            return None
        hand, table = side.hand, side.table
        for item in items:
            if item.__class__ is not Ghost:
                return None
            value = item.value
            if value not in hand:
                return None
            hand = _remove(hand, value)
            table = (*table, _GHOST_IN_PLAY.get(value) or InPlay(G(value)))
        played = replace(side, hand=hand, table=table)
        sides = (played, state.sides[1]) if seat == 0 else (state.sides[0], played)
        after = replace(state, sides=sides, turn_plays=state.turn_plays + len(items))
        if not action.end:
            return after
    elif action.end:
        after = state
    else:
        return None
    if not may_end_turn(after):
        return None
    t = state_totals(after)
    if t[seat] > t[1 - seat]:
        return replace(after, mover=1 - seat, turn_plays=0)
    return None  # the mover leaves the mansion: the end of the round


def _remove(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = values.index(value)
    return values[:i] + values[i + 1 :]


def _remove_all(values: tuple[int, ...], taken: Iterable[int]) -> tuple[int, ...]:
    for v in taken:
        values = _remove(values, v)
    return values


class _Work:
    """One transition: a working state replaced step by step, and the events it produced.

    Events are built only when someone records them (``self.say``): the search applies hundreds of thousands
    of actions without any."""

    def __init__(self, state: RipState, events: list[Event] | None = None) -> None:
        self.events = events
        self.say = events is not None
        self._state: RipState | None = state
        self._base = state
        self._sides = [state.sides[0], state.sides[1]]
        self._physical = state.config.physical

    @property
    def state(self) -> RipState:
        """The working state; side changes are gathered and the state is rebuilt only when read."""
        if self._state is None:
            self._state = self._base = replace(self._base, sides=(self._sides[0], self._sides[1]))
        return self._state

    @state.setter
    def state(self, value: RipState) -> None:
        self._state = self._base = value
        self._sides = [value.sides[0], value.sides[1]]

    # -- helpers --

    def emit(self, kind: str, text: str, private_to: int | None = None, **data: object) -> None:
        if self.events is not None:
            self.events.append(Event(kind, text, data, private_to))

    def side(self, seat: int) -> Side:
        return self._sides[seat]

    def set_side(self, seat: int, side: Side) -> None:
        self._sides[seat] = side
        self._state = None

    def set(self, **changes: object) -> None:
        """Change fields of the working state (the sides with ``set_side``)."""
        if self._state is None:  # side changes wait: take them in the same step
            changes["sides"] = (self._sides[0], self._sides[1])
        self._state = self._base = replace(self._base, **changes)

    def rng(self) -> random.Random:
        base = self._base
        self.set(nonce=base.nonce + 1)
        return _rng(base.seed, base.nonce)

    def tot(self) -> list[int]:
        """Both totals for an event's data (not computed when nobody records events)."""
        return list(state_totals(self.state)) if self.say else []

    def name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def virtual(self, seat: int) -> bool:
        return seat not in self._physical

    def totals_text(self) -> str:
        if not self.say:
            return ""
        t = state_totals(self.state)
        return f"Green {t[0]} · Blue {t[1]}"

    # -- dispatch --

    def do(self, action: Action) -> None:
        phase = self.state.phase
        if phase == _OVER:
            raise IllegalError("the game is over")
        if isinstance(action, Turn):
            if phase != _PLAY:
                raise IllegalError(_not_now(self.state))
            if not action.items and not action.end:
                raise IllegalError("nothing to play")
            for item in action.items:
                self.play(item)
            if action.end:
                self.end_turn()
        elif isinstance(action, Draw):
            if phase != _DRAW:
                raise IllegalError("no card is being drawn now")
            self.draw(action.values)
        elif isinstance(action, Down):
            if phase != _FACEDOWN:
                raise IllegalError("a card goes face down only after losing a round")
            self.down(action)
        else:
            if phase != _REVEAL:
                raise IllegalError("face-down cards are revealed in round 10")
            self.reveal(action.values)

    # -- a turn --

    def play(self, item: Item) -> None:
        s = self.state
        seat = s.mover
        if not may_play(s):
            need = s.min_plays(seat)
            raise IllegalError(
                f"card 14: {self.name(seat)} plays 0 or at least {need} cards a turn and has too few"
            )
        if isinstance(item, Psychic):
            self.play_psychic(item)
            self.set(turn_plays=self.state.turn_plays + 1)
            return
        side = s.sides[seat]
        if side.hand_size <= 0:
            raise IllegalError(f"{self.name(seat)} has no ghost card in hand")
        blind = s.blind[seat]
        virtual = self.virtual(seat)
        if isinstance(item, Blind):
            if not blind or not virtual:
                raise IllegalError("a random card is played only under card 6, from a hand the tool holds")
            value = self.rng().choice(side.hand)
            how = " (taken at random: card 6)"
        else:
            value = item.value
            if value not in side.hand:
                raise IllegalError(self._not_in_hand(seat, value))
            if blind and virtual:
                raise IllegalError("card 6: this card is taken at random (blind)")
            how = " (taken at random: card 6)" if blind else ""
        placed = _GHOST_IN_PLAY.get(value) or InPlay(G(value))
        self.set_side(seat, replace(side, hand=_remove(side.hand, value), table=(*side.table, placed)))
        if blind:
            after = (False, s.blind[1]) if seat == 0 else (s.blind[0], False)
            self.set(blind=after, turn_plays=s.turn_plays + 1)
        else:
            self.set(turn_plays=s.turn_plays + 1)
        if self.say:
            self.emit(
                "play",
                f"{self.name(seat)} plays a {value}{how}: {self.totals_text()}.",
                player=self.name(seat).lower(),
                card=str(value),
                totals=self.tot(),
            )

    def _not_in_hand(self, seat: int, value: int) -> str:
        if value not in VALUES:
            return f"ghost cards have values 1 to 6, not {value}"
        return not_in_hand(self.name(seat))

    def play_psychic(self, item: Psychic) -> None:
        s = self.state
        seat = s.mover
        side = s.sides[seat]
        number = item.number
        if number not in s.cards:
            raise IllegalError(f"there is no psychic card {number} in this game")
        if number not in side.owned:
            raise IllegalError(f"{self.name(seat)} does not own psychic card {number}")
        card = s.cards[number]
        info = card_info(s.cards)[number]
        if not info.rounds:
            raise IllegalError(f"psychic card {number} is played only in round 10 (put it face down)")
        if Turn((item,), end=False) not in psychic_plays(s):  # the mover's, as ``legal_actions`` lists them
            raise IllegalError(_arg_problem(s, seat, item))
        kinds = info.kinds
        named = item.arg.n if item.arg is not None and info.named else 0
        self.set_side(
            seat,
            replace(side, owned=_remove(side.owned, number), table=(*side.table, InPlay(P(number), named))),
        )
        extra = ""
        if "fetch" in kinds and item.arg is not None:
            v = item.arg.n
            side = self.side(seat)
            deck = list(_remove(side.deck, v))
            if self.virtual(seat):
                self.rng().shuffle(deck)
            else:
                deck.sort()
            self.set_side(seat, replace(side, deck=tuple(deck), table=(*side.table, InPlay(G(v)))))
            extra = f", takes a {v} from the deck into play and shuffles the deck"
        if "discard" in kinds and item.arg is not None:
            other = 1 - seat
            oside = self.side(other)
            i = [x.card for x in oside.table].index(item.arg)
            gone = oside.table[i]
            self.set_side(
                other,
                replace(
                    oside,
                    table=oside.table[:i] + oside.table[i + 1 :],
                    discarded=(*oside.discarded, gone.card),
                ),
            )
            if gone.card.psychic and s.cards[gone.card.n].has("random_next"):
                blind = list(self._base.blind)
                blind[seat] = False
                self.set(blind=(blind[0], blind[1]))
            extra = f", discarding {self.name(other)}'s {gone.card.n if not gone.card.psychic else gone.card.long}"
        if "random_next" in kinds:
            blind = list(self._base.blind)
            blind[1 - seat] = True
            self.set(blind=(blind[0], blind[1]))
        if not self.say:
            return
        if named:
            extra += f", naming {named}"
        self.emit(
            "play",
            f"{self.name(seat)} plays psychic card {number} — {card.text.rstrip('.')}"
            f"{' — ' + extra.removeprefix(', ') if extra else ''}: {self.totals_text()}.",
            player=self.name(seat).lower(),
            card=f"p{number}",
            arg=None if item.arg is None else str(item.arg),
            totals=self.tot(),
        )
        if "peek" in kinds:
            other = 1 - seat
            hand = " ".join(str(v) for v in self.side(other).hand) or "nothing"
            self.emit(
                "peek",
                f"{self.name(other)}'s hand: {hand}.",
                private_to=seat,
                hand=list(self.side(other).hand),
            )

    def end_turn(self) -> None:
        s = self.state
        seat = s.mover
        if not may_end_turn(s):
            raise IllegalError(
                f"card 14: {self.name(seat)} must play 0 or at least {s.min_plays(seat)} cards this turn"
            )
        both = state_totals(s)
        mine, theirs = both[seat], both[1 - seat]
        if mine > theirs:
            self.set(mover=1 - seat, turn_plays=0)
            if self.say:
                self.emit(
                    "turn",
                    f"{self.name(seat)} ends the turn ahead, {mine} to {theirs}; {self.name(1 - seat)} to play.",
                    player=self.name(seat).lower(),
                    totals=list(both),
                )
            return
        if self.say:
            verb = "passes" if s.turn_plays == 0 else "stops"
            self.emit(
                "leave",
                f"{self.name(seat)} {verb} at {mine} to {theirs} and leaves the mansion.",
                player=self.name(seat).lower(),
                totals=list(both),
            )
        self.end_round(loser=seat)

    # -- the end of a round --

    def end_round(self, loser: int) -> None:
        s = self.state
        say = self.say
        winner = 1 - loser
        token = s.tokens[s.round - 1]
        tokens = (*self.side(winner).tokens, token)
        won = tokens.count(token)
        if say:
            self.emit(
                "round",
                f"{self.name(winner)} wins round {s.round} and takes the {TOKEN_NAMES[token]} "
                f"({won} {TOKEN_NAMES[token]}{'s' if won != 1 else ''}).",
                round=s.round,
                winner=self.name(winner).lower(),
                token=TOKEN_NAMES[token],
            )
        if won >= INSTANT_WIN[token]:
            self.set_side(winner, replace(self.side(winner), tokens=tokens))
            self.set(won=(*s.won, winner))
            self.finish((winner,), f"{self.name(winner)} holds {won} {TOKEN_NAMES[token]}s")
            return
        number = s.line[s.round - 1]
        claimer = loser
        info = card_info(s.cards)
        for seat in (0, 1):
            if any(x.card.psychic and "claim" in info[x.card.n].kinds for x in self.side(seat).table):
                claimer = seat
        if say:
            why = " (card 1)" if claimer != loser else ""
            self.emit(
                "psychic",
                f"{self.name(claimer)} takes psychic card {number}{why}: {s.cards[number].text}",
                player=self.name(claimer).lower(),
                card=number,
            )
        for seat in (0, 1):
            side = self.side(seat)
            changes: dict[str, object] = {
                "table": (),
                "played": (*side.played, *(x.card for x in side.table)),
            }
            if seat == winner:
                changes["tokens"] = tokens
            if seat == claimer:
                changes["owned"] = tuple(sorted((*side.owned, number)))
            n = min(DRAW_PER_ROUND, len(side.deck))
            if n and self.virtual(seat):
                drawn = side.deck[:n]
                changes["hand"] = tuple(sorted(side.hand + drawn))
                changes["deck"] = side.deck[n:]
                if say:
                    self.emit(
                        "draw",
                        f"{self.name(seat)} draws {n} card{'s' if n != 1 else ''}.",
                        player=self.name(seat).lower(),
                        count=n,
                    )
                    self.emit(
                        "drew",
                        f"You draw {' '.join(map(str, drawn))}.",
                        private_to=seat,
                        player=self.name(seat).lower(),
                        cards=list(drawn),
                    )
            elif n:
                changes["pending"] = n
            self.set_side(seat, replace(side, **changes))
        revealed = min(LINE_LENGTH, s.revealed + 1)
        if say and s.config.tutorial and revealed > s.revealed and s.round < ROUNDS:
            n = s.line[revealed - 1]
            self.emit(
                "reveal_line",
                f"The psychic card of round {revealed} is card {n}.",
                card=n,
                round=revealed,
            )
        phase = self.phase_after_draws(loser)  # decided in the same step as the round's end
        self.set(
            won=(*s.won, winner),
            blind=(False, False),
            turn_plays=0,
            loser=loser,
            first=winner,
            mover=winner,
            revealed=revealed,
            phase=_DRAW if phase is None else phase,
        )
        if phase is None:
            self.next_round()

    def phase_after_draws(self, loser: int) -> Phase | None:
        """What follows a round's draws: wait for a person's draw, start round 1 (the first draws), let
        ``loser`` put a card face down, or (None) go on to the next round."""
        sides = self._sides
        if sides[0].pending or sides[1].pending:
            return _DRAW
        if self._base.round == 1 and loser < 0:
            return _PLAY
        side = sides[loser]
        return _FACEDOWN if side.hand_size > 0 or side.owned else None

    def after_draws(self) -> None:
        phase = self.phase_after_draws(self._base.loser)
        if phase is None:
            self.next_round()
        else:
            self.set(phase=phase)

    def draw(self, values: tuple[int, ...]) -> None:
        seat = drawing_seat(self.state)
        side = self.side(seat)
        if len(values) != side.pending:
            raise IllegalError(
                f"{self.name(seat)} draws {side.pending} card{'s' if side.pending != 1 else ''}, not {len(values)}"
            )
        left = Counter(side.deck)
        for v in values:
            if v not in VALUES:
                raise IllegalError(f"ghost cards have values 1 to 6, not {v}")
            left[v] -= 1
            if left[v] < 0:
                had = side.deck.count(v)
                what = (
                    f"has no {v}"
                    if had == 0
                    else f"has only {'one' if had == 1 else had} {v}{'s' * (had > 1)}"
                )
                raise IllegalError(f"{self.name(seat)}'s deck {what} left (its 21 cards are accounted for)")
        self.set_side(
            seat,
            replace(
                side, hand=tuple(sorted(side.hand + values)), deck=_remove_all(side.deck, values), pending=0
            ),
        )
        self.emit(
            "draw",
            f"{self.name(seat)} draws {' '.join(map(str, values))}.",
            player=self.name(seat).lower(),
            count=len(values),
            cards=list(values),
        )
        self.after_draws()

    def down(self, action: Down) -> None:
        seat = self._base.loser
        side = self.side(seat)
        card = action.card
        say = self.say
        if action.hidden:
            if not side.hand_size:
                raise IllegalError(f"{self.name(seat)} has no ghost card in hand")
            if self.virtual(seat):
                raise IllegalError("only a person's own card can stay unnamed")
            self.set_side(seat, replace(side, hidden_down=side.hidden_down + 1))
            self.emit(
                "down",
                f"{self.name(seat)} puts a card face down by the round-10 card.",
                player=self.name(seat).lower(),
            )
        elif card is None:
            if say:
                self.emit(
                    "down",
                    f"{self.name(seat)} puts no card face down.",
                    player=self.name(seat).lower(),
                    card=None,
                )
        elif card.psychic:
            if card.n not in side.owned:
                raise IllegalError(f"{self.name(seat)} does not own psychic card {card.n}")
            self.set_side(seat, replace(side, owned=_remove(side.owned, card.n), down=(*side.down, card)))
            if say:
                self.emit(
                    "down",
                    f"{self.name(seat)} puts psychic card {card.n} face down by the round-10 card.",
                    player=self.name(seat).lower(),
                    card=str(card),
                )
        else:
            if side.hand_size <= 0 or card.n not in side.hand:
                raise IllegalError(self._not_in_hand(seat, card.n))
            self.set_side(seat, replace(side, hand=_remove(side.hand, card.n), down=(*side.down, card)))
            if say:
                text = f"{self.name(seat)} puts a card face down by the round-10 card."
                self.emit("down", text, player=self.name(seat).lower())
                self.emit(
                    "down_card",
                    f"Your face-down card: {card.n}.",
                    private_to=seat,
                    player=self.name(seat).lower(),
                    card=str(card),
                )
        self.next_round()

    def next_round(self) -> None:
        s = self._base
        if s.round >= ROUNDS:
            self.set(round=ROUNDS + 1, phase=_REVEAL, turn_plays=0)
            if not (self._sides[0].hidden_down or self._sides[1].hidden_down):
                self.resolve_round10()
            return
        self.set(round=s.round + 1, phase=_PLAY, turn_plays=0, mover=s.first)
        if not self.say:
            return
        state = self.state
        number = state.round_card()
        revealed = state.round <= state.revealed
        what = f"psychic card {number}" if revealed else "a face-down psychic card"
        self.emit(
            "round_start",
            f"Round {state.round}: mansion {state.round}, the {TOKEN_NAMES[s.tokens[s.round]]} on {what}; "
            f"{self.name(s.first)} starts.",
            round=state.round,
            token=TOKEN_NAMES[s.tokens[s.round]],
            card=number if revealed else None,
            first=self.name(s.first).lower(),
        )

    def reveal(self, values: tuple[int, ...]) -> None:
        seat = to_move(self.state)
        side = self.side(seat)
        if len(values) != side.hidden_down:
            raise IllegalError(
                f"{self.name(seat)} has {_cards(side.hidden_down, 'secret face-down card')}: name each value"
            )
        hand = side.hand
        for v in values:
            if v not in hand:
                raise IllegalError(f"{v} cannot be face down: {self.name(seat)}'s cards do not include it")
            hand = _remove(hand, v)
        self.set_side(
            seat, replace(side, hand=hand, hidden_down=0, down=(*side.down, *(G(v) for v in values)))
        )
        self.emit(
            "reveal",
            f"{self.name(seat)} turns up {'the secret face-down card' if len(values) == 1 else 'the secret cards'}"
            f": {' '.join(map(str, values))}.",
            player=self.name(seat).lower(),
            cards=list(values),
        )
        if not any(side.hidden_down for side in self.state.sides):
            self.resolve_round10()

    def resolve_round10(self) -> None:
        s = self.state
        tables = round10_tables(
            (s.sides[0].down, s.sides[1].down), s.cards, (s.sides[0].deck, s.sides[1].deck)
        )
        t = totals(tables, s.cards, round10=True)
        self.set(round10=t, phase=_OVER)
        if self.say:
            shown = [" ".join(str(x.card) for x in table) or "nothing" for table in tables]
            self.emit(
                "round10",
                f"Round 10: Green reveals {shown[0]} ({t[0]}), Blue reveals {shown[1]} ({t[1]}).",
                totals=list(t),
                green=shown[0],
                blue=shown[1],
            )
        token10 = s.tokens[ROUNDS]
        winner = -1 if t[0] == t[1] else 0 if t[0] > t[1] else 1
        if winner >= 0:
            side = self.side(winner)
            self.set_side(winner, replace(side, tokens=(*side.tokens, token10)))
        self.set(won=(*self.state.won, winner))
        winners, reason = outcome((s.sides[0].tokens, s.sides[1].tokens), token10, t)
        self.finish(winners, reason)

    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.set(phase=_OVER, winners=winners, reason=reason)
        if not self.say:
            return
        who = " and ".join(self.name(w) for w in winners)
        text = f"A draw: {reason}." if len(winners) == 2 else f"{who} wins: {reason}."
        self.emit(
            "end",
            text,
            winner="draw" if len(winners) == 2 else self.name(winners[0]).lower(),
            winners=[self.name(w).lower() for w in winners],
            reason=reason,
            tokens={self.name(seat).lower(): "".join(self.side(seat).tokens) for seat in (0, 1)},
            scores={self.name(seat).lower(): len(self.side(seat).tokens) for seat in (0, 1)},
            breakdown={
                self.name(seat).lower(): {
                    "manors": self.side(seat).tokens.count(MANOR),
                    "castles": self.side(seat).tokens.count(CASTLE),
                    "round10": None if self.state.round10 is None else self.state.round10[seat],
                }
                for seat in (0, 1)
            },
        )


def _cards(n: int, what: str) -> str:
    """``1 card``, ``2 cards``: a count and its noun, for sentences."""
    return f"{n} {what}{'s' if n != 1 else ''}"


def _is_named(card: PsychicCard) -> bool:
    return any(e.kind == "bonus" and e.named for e in card.effects)


def _arg_problem(state: RipState, seat: int, item: Psychic) -> str:
    card = state.cards[item.number]
    n = item.number
    if card.has("fetch"):
        if item.arg is None or item.arg.psychic:
            return f"psychic card {n}: name the ghost value to take from the deck, e.g. p{n} 5"
        return f"psychic card {n}: {SEAT_NAMES[seat]}'s deck has no {item.arg.n} left"
    if _is_named(card):
        return f"psychic card {n}: name a ghost value 1 to 6, e.g. p{n} 4"
    if card.has("discard"):
        if item.arg is None:
            return f"psychic card {n}: name the opponent's card in play to discard, e.g. p{n} 3 or p{n} p8"
        return f"psychic card {n}: {SEAT_NAMES[1 - seat]} has no {item.arg} in play this round"
    return f"psychic card {n} takes nothing after it"


def _not_now(state: RipState) -> str:
    phase = state.phase
    if phase == _DRAW:
        return f"not now: type the cards {SEAT_NAMES[drawing_seat(state)]} drew"
    if phase == _FACEDOWN:
        return f"not now: {SEAT_NAMES[state.loser]} may put a card face down (or none)"
    if phase == _REVEAL:
        return "not now: name the secret face-down cards for round 10"
    return "not now"


def ghost_count(side: Side) -> Counter[int]:
    """Every ghost card a side's cards account for (hand, deck, face down, in play, played, discarded)."""
    counts: Counter[int] = Counter(side.hand)
    counts.update(side.deck)
    for cards in (side.down, tuple(x.card for x in side.table), side.played, side.discarded):
        counts.update(c.n for c in cards if not c.psychic)
    return counts


def token_kinds() -> tuple[str, str]:
    return MANOR, CASTLE
