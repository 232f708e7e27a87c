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

Totals are recomputed from the cards in play after every action (``totals``), never kept incrementally.

Rulings of ours beyond the spec, written here where the rule lives:
- Ruling: under card 14 a player may start playing only if they can reach 2 cards this turn; once they have
  played one card they must play a second before ending the turn.
- Ruling: owned psychic cards lie face up, so which one a player puts face down is public (its text acts in
  round 10); a ghost card put face down stays secret.
- Ruling: in round 10 a face-down card that makes a choice chooses what is best for its owner: card 10 names
  the value that most improves its owner's margin, card 11 discards the opponent's face-down card that helps
  them most, card 2 fetches the highest ghost left in its owner's deck (usually none by then). Claims, peeks,
  card 6 and card 14 do nothing in round 10.
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

from ai.protocol import CHANCE, Event, IllegalError
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
    return Card(False, value)


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


@dataclass(frozen=True, slots=True)
class InPlay:
    card: Card
    named: int = 0  # the value named by a named bonus (card 10)


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
        return any(x.card.psychic and self.cards[x.card.n].has("peek") for x in self.sides[seat].table)

    def min_plays(self, seat: int) -> int:
        """The least number of cards ``seat`` must play in a turn if it plays any (card 14), else 0."""
        best = 0
        for x in self.sides[1 - seat].table:
            if x.card.psychic:
                for e in self.cards[x.card.n].effects:
                    if e.kind == "min_plays":
                        best = max(best, e.count)
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
        phase=Phase.DRAW if any(s.pending for s in sides) else Phase.PLAY,
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


def printed_value(card: Card, cards: Mapping[int, PsychicCard]) -> int | None:
    """The ghost value a card has for filters: a ghost's printed value, a "counts as" card's N, else None."""
    if not card.psychic:
        return card.n
    ghost = cards[card.n].ghost
    return ghost.value if ghost is not None else None


def _applies(effect: Effect, owner: int, seat: int) -> bool:
    if effect.side == "own":
        return owner == seat
    if effect.side == "opponent":
        return owner != seat
    return True


def card_values(
    tables: Sequence[Sequence[InPlay]], cards: Mapping[int, PsychicCard], round10: bool = False
) -> tuple[list[int], list[int]]:
    """Each card's strength on each side, every effect in play applied (``totals`` sums these)."""
    active: list[tuple[int, Effect, int]] = []
    for owner, table in enumerate(tables):
        for x in table:
            if x.card.psychic:
                for e in cards[x.card.n].effects:
                    if e.kind in ("bonus", "nullify"):
                        active.append((owner, e, x.named))
    out: tuple[list[int], list[int]] = ([], [])
    for seat, table in enumerate(tables):
        for x in table:
            printed = printed_value(x.card, cards)
            if printed is None:
                out[seat].append(0)
                continue
            base = printed
            if x.card.psychic and round10:
                ghost = cards[x.card.n].ghost
                base += ghost.round10 if ghost is not None else 0
            nullified = False
            bonus = 0
            for owner, e, named in active:
                if not _applies(e, owner, seat) or not e.matches(printed, named):
                    continue
                if e.kind == "nullify":
                    nullified = True
                else:
                    bonus += e.amount
            out[seat].append(0 if nullified else max(0, base + bonus))
    return out


def totals(
    tables: Sequence[Sequence[InPlay]], cards: Mapping[int, PsychicCard], round10: bool = False
) -> tuple[int, int]:
    if not any(x.card.psychic for table in tables for x in table):  # ghosts only: their printed values
        return sum(x.card.n for x in tables[0]), sum(x.card.n for x in tables[1])
    values = card_values(tables, cards, round10)
    return sum(values[0]), sum(values[1])


def state_totals(state: RipState) -> tuple[int, int]:
    """Both sides' strength in the round being fought."""
    return totals((state.sides[0].table, state.sides[1].table), state.cards)


# --- round 10 and the end ---------------------------------------------------------------------------------


def _choices(card: PsychicCard, other: Sequence[InPlay]) -> list[tuple[int, int]]:
    """(named value, index of the opponent's card to discard or -1) a face-down card may choose in round 10."""
    named = list(VALUES) if _is_named(card) else [0]
    targets = list(range(len(other))) if card.has("discard") and other else [-1]
    return [(n, t) for n in named for t in targets]


def round10_tables(
    downs: Sequence[Sequence[Card]],
    cards: Mapping[int, PsychicCard],
    decks: Sequence[Sequence[int]] = ((), ()),
) -> tuple[list[InPlay], list[InPlay]]:
    """The face-down cards as they stand in round 10, each choice made as its owner would (see the rulings)."""
    tables = ([InPlay(c) for c in downs[0]], [InPlay(c) for c in downs[1]])
    for seat in (0, 1):
        if decks[seat] and any(c.psychic and cards[c.n].has("fetch") for c in downs[seat]):
            tables[seat].append(InPlay(G(max(decks[seat]))))
    for seat in (0, 1):
        choosers = [c for c in downs[seat] if c.psychic and len(_choices(cards[c.n], tables[1 - seat])) > 1]
        for chooser in choosers:
            own_now, other_now = tables[seat], tables[1 - seat]
            if InPlay(chooser) not in own_now:
                continue  # discarded by the opponent's choice
            best: tuple[int, list[InPlay], list[InPlay]] | None = None
            for named, target in _choices(cards[chooser.n], other_now):
                own = [InPlay(x.card, named) if x.card == chooser else x for x in own_now]
                other = [y for j, y in enumerate(other_now) if j != target]
                t = totals((own, other) if seat == 0 else (other, own), cards, round10=True)
                if best is None or t[seat] - t[1 - seat] > best[0]:
                    best = (t[seat] - t[1 - seat], own, other)
            assert best is not None
            tables = (best[1], best[2]) if seat == 0 else (best[2], best[1])
    return tables


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
    if phase == Phase.PLAY:
        return state.mover
    if phase == Phase.FACEDOWN:
        return state.loser
    if phase == Phase.REVEAL:
        return 0 if state.sides[0].hidden_down else 1
    if phase == Phase.DRAW:
        return CHANCE
    return TERMINAL


def drawing_seat(state: RipState) -> int:
    """The seat whose typed draw is awaited (DRAW phase)."""
    return 0 if state.sides[0].pending else 1


def _playable_psychic(state: RipState, seat: int) -> list[int]:
    return sorted({n for n in state.sides[seat].owned if state.cards[n].playable == "rounds"})


def _psychic_items(state: RipState, seat: int, number: int) -> list[Psychic]:
    card = state.cards[number]
    side = state.sides[seat]
    if card.has("fetch"):
        values = sorted(set(side.deck))
        return [Psychic(number, G(v)) for v in values] if values else [Psychic(number)]
    if any(e.kind == "bonus" and e.named for e in card.effects):
        return [Psychic(number, G(v)) for v in VALUES]
    if card.has("discard"):
        targets = sorted({x.card for x in state.sides[1 - seat].table})
        return [Psychic(number, t) for t in targets] if targets else [Psychic(number)]
    return [Psychic(number)]


def available_cards(state: RipState, seat: int) -> int:
    """Cards ``seat`` could still play this turn (hand and playable psychic cards)."""
    return state.sides[seat].hand_size + len(_playable_psychic(state, seat))


def may_end_turn(state: RipState) -> bool:
    need = state.min_plays(state.mover)
    return not need or state.turn_plays == 0 or state.turn_plays >= need


def may_play(state: RipState) -> bool:
    need = state.min_plays(state.mover)
    if not need or state.turn_plays >= need:
        return True
    return state.turn_plays + available_cards(state, state.mover) >= need


def play_items(state: RipState) -> list[Item]:
    """The single cards the mover may play now."""
    seat = state.mover
    if not may_play(state):
        return []
    side = state.sides[seat]
    items: list[Item] = []
    if side.hand_size > 0:
        if state.blind[seat] and seat not in state.config.physical:
            items.append(Blind())
        else:
            items.extend(Ghost(v) for v in sorted(set(side.hand)))
    for number in _playable_psychic(state, seat):
        items.extend(_psychic_items(state, seat, number))
    return items


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
    if phase == Phase.PLAY:
        actions: list[Action] = [Turn((item,), end=False) for item in play_items(state)]
        if may_end_turn(state):
            actions.append(END)
        return actions
    if phase == Phase.FACEDOWN:
        side = state.sides[state.loser]
        downs: list[Action] = [SKIP]
        if side.hand_size > 0:
            downs.extend(Down(G(v)) for v in sorted(set(side.hand)))
            if state.loser in state.config.physical:
                downs.append(Down(None, hidden=True))
        downs.extend(Down(P(n)) for n in sorted(set(side.owned)))
        return downs
    if phase == Phase.DRAW:
        side = state.sides[drawing_seat(state)]
        return [Draw(combo) for combo in _multisets(side.deck, side.pending)]
    if phase == Phase.REVEAL:
        side = state.sides[to_move(state)]
        return [Reveal(combo) for combo in _multisets(side.hand, side.hidden_down)]
    return []


def check(state: RipState, action: Action) -> None:
    """Raise ``IllegalError`` with a one-line reason if ``action`` cannot be played now."""
    _Work(state).do(action)


# --- apply -----------------------------------------------------------------------------------------------


def apply(state: RipState, action: Action, events: list[Event] | None = None) -> RipState:
    """The state after ``action``; appends what happened to ``events`` when given. Raises ``IllegalError``."""
    w = _Work(state, events)
    w.do(action)
    return w.state


def _remove(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = values.index(value)
    return values[:i] + values[i + 1 :]


def _remove_all(values: tuple[int, ...], taken: Iterable[int]) -> tuple[int, ...]:
    for v in taken:
        values = _remove(values, v)
    return values


class _Work:
    """One transition: a working state replaced step by step, and the events it produced."""

    def __init__(self, state: RipState, events: list[Event] | None = None) -> None:
        self.events = events
        self._state: RipState | None = state
        self._base = state
        self._sides = [state.sides[0], state.sides[1]]

    @property
    def state(self) -> RipState:
        """The working state; side changes are gathered and the state is rebuilt only when read."""
        if self._state is None:
            self._state = replace(self._base, sides=(self._sides[0], self._sides[1]))
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
        """Change fields of the working state (sides excepted)."""
        self._base = replace(self._base, **changes)
        self._state = None

    def rng(self) -> random.Random:
        base = self._base
        self.set(nonce=base.nonce + 1)
        return _rng(base.seed, base.nonce)

    def tot(self) -> list[int]:
        """Both totals for an event's data (not computed when nobody records events)."""
        return list(state_totals(self.state)) if self.events is not None else []

    def name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def virtual(self, seat: int) -> bool:
        return seat not in self.state.config.physical

    def totals_text(self) -> str:
        if self.events is None:
            return ""
        t = state_totals(self.state)
        return f"Green {t[0]} · Blue {t[1]}"

    # -- dispatch --

    def do(self, action: Action) -> None:
        phase = self.state.phase
        if phase == Phase.OVER:
            raise IllegalError("the game is over")
        if isinstance(action, Turn):
            if phase != Phase.PLAY:
                raise IllegalError(_not_now(self.state))
            if not action.items and not action.end:
                raise IllegalError("nothing to play")
            for item in action.items:
                self.play(item)
            if action.end:
                self.end_turn()
        elif isinstance(action, Draw):
            if phase != Phase.DRAW:
                raise IllegalError("no card is being drawn now")
            self.draw(action.values)
        elif isinstance(action, Down):
            if phase != Phase.FACEDOWN:
                raise IllegalError("a card goes face down only after losing a round")
            self.down(action)
        else:
            if phase != Phase.REVEAL:
                raise IllegalError("face-down cards are revealed in round 10")
            self.reveal(action.values)

    # -- a turn --

    def play(self, item: Item) -> None:
        s = self.state
        seat = s.mover
        side = s.sides[seat]
        if not may_play(s):
            need = s.min_plays(seat)
            raise IllegalError(
                f"card 14: {self.name(seat)} plays 0 or at least {need} cards a turn and has too few"
            )
        if isinstance(item, Psychic):
            self.play_psychic(item)
        else:
            if side.hand_size <= 0:
                raise IllegalError(f"{self.name(seat)} has no ghost card in hand")
            if isinstance(item, Blind):
                if not s.blind[seat] or not self.virtual(seat):
                    raise IllegalError(
                        "a random card is played only under card 6, from a hand the tool holds"
                    )
                value = self.rng().choice(side.hand)
                how = " (taken at random: card 6)"
            else:
                value = item.value
                if value not in side.hand:
                    raise IllegalError(self._not_in_hand(seat, value))
                if s.blind[seat] and self.virtual(seat):
                    raise IllegalError("card 6: this card is taken at random (blind)")
                how = " (taken at random: card 6)" if s.blind[seat] else ""
            side = self.side(seat)
            self.set_side(
                seat, replace(side, hand=_remove(side.hand, value), table=(*side.table, InPlay(G(value))))
            )
            blind = list(self.state.blind)
            blind[seat] = False
            self.set(blind=(blind[0], blind[1]))
            if self.virtual(seat) and s.config.physical:
                how += f" (take a {value} from {self.name(seat)}'s deck)"
            self.emit(
                "play",
                f"{self.name(seat)} plays a {value}{how}: {self.totals_text()}.",
                player=self.name(seat).lower(),
                card=str(value),
                totals=self.tot(),
            )
        self.set(turn_plays=self.state.turn_plays + 1)

    def _not_in_hand(self, seat: int, value: int) -> str:
        if value not in VALUES:
            return f"ghost cards have values 1 to 6, not {value}"
        return f"{self.name(seat)} has no {value} in hand"

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
        if card.playable == "round10":
            raise IllegalError(f"psychic card {number} is played only in round 10 (put it face down)")
        if item not in _psychic_items(s, seat, number):
            raise IllegalError(_arg_problem(s, seat, item))
        named = item.arg.n if item.arg is not None and _is_named(card) else 0
        self.set_side(
            seat,
            replace(side, owned=_remove(side.owned, number), table=(*side.table, InPlay(P(number), named))),
        )
        extra = ""
        if card.has("fetch") and item.arg is not None:
            v = item.arg.n
            side = self.side(seat)
            deck = list(_remove(side.deck, v))
            if self.virtual(seat):
                self.rng().shuffle(deck)
            else:
                deck.sort()
            self.set_side(seat, replace(side, deck=tuple(deck), table=(*side.table, InPlay(G(v)))))
            extra = f", takes a {v} from the deck into play and shuffles the deck"
        if card.has("discard") and item.arg is not None:
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
                blind = list(self.state.blind)
                blind[seat] = False
                self.set(blind=(blind[0], blind[1]))
            extra = f", discarding {self.name(other)}'s {gone.card.long}"
        if card.has("random_next"):
            blind = list(self.state.blind)
            blind[1 - seat] = True
            self.set(blind=(blind[0], blind[1]))
        if named:
            extra += f", naming {named}"
        self.emit(
            "play",
            f"{self.name(seat)} plays psychic card {number} ({card.text}){extra}: {self.totals_text()}.",
            player=self.name(seat).lower(),
            card=f"p{number}",
            arg=None if item.arg is None else str(item.arg),
            totals=self.tot(),
        )
        if card.has("peek"):
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
            self.emit(
                "turn",
                f"{self.name(seat)} ends the turn ahead, {mine} to {theirs}; {self.name(1 - seat)} to play.",
                player=self.name(seat).lower(),
                totals=list(both),
            )
            return
        verb = "passes" if s.turn_plays == 0 else "stops"
        self.emit(
            "leave",
            f"{self.name(seat)} {verb} at {mine} to {theirs} and leaves the mansion.",
            player=self.name(seat).lower(),
            totals=list(state_totals(s)),
        )
        self.end_round(loser=seat)

    # -- the end of a round --

    def end_round(self, loser: int) -> None:
        s = self.state
        winner = 1 - loser
        token = s.tokens[s.round - 1]
        side = self.side(winner)
        self.set_side(winner, replace(side, tokens=(*side.tokens, token)))
        self.set(won=(*self.state.won, winner))
        won = self.side(winner).tokens_of(token)
        self.emit(
            "round",
            f"{self.name(winner)} wins round {s.round} and takes the {TOKEN_NAMES[token]} "
            f"({won} {TOKEN_NAMES[token]}{'s' if won != 1 else ''}).",
            round=s.round,
            winner=self.name(winner).lower(),
            token=TOKEN_NAMES[token],
        )
        if won >= INSTANT_WIN[token]:
            self.finish((winner,), f"{self.name(winner)} holds {won} {TOKEN_NAMES[token]}s")
            return
        number = s.line[s.round - 1]
        claimer = loser
        for seat in (0, 1):
            if any(x.card.psychic and s.cards[x.card.n].has("claim") for x in self.side(seat).table):
                claimer = seat
        side = self.side(claimer)
        self.set_side(claimer, replace(side, owned=tuple(sorted((*side.owned, number)))))
        why = " (card 1)" if claimer != loser else ""
        self.emit(
            "psychic",
            f"{self.name(claimer)} takes psychic card {number}{why}: {s.cards[number].text}",
            player=self.name(claimer).lower(),
            card=number,
        )
        for seat in (0, 1):
            side = self.side(seat)
            self.set_side(seat, replace(side, table=(), played=(*side.played, *(x.card for x in side.table))))
        self.set(
            blind=(False, False),
            turn_plays=0,
            loser=loser,
            first=winner,
            mover=winner,
            revealed=min(LINE_LENGTH, self.state.revealed + 1),
        )
        for seat in (0, 1):
            side = self.side(seat)
            n = min(DRAW_PER_ROUND, len(side.deck))
            if not n:
                continue
            if self.virtual(seat):
                drawn = side.deck[:n]
                self.set_side(seat, replace(side, hand=tuple(sorted(side.hand + drawn)), deck=side.deck[n:]))
                self.emit(
                    "draw",
                    f"{self.name(seat)} draws {n}.",
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
            else:
                self.set_side(seat, replace(side, pending=n))
        if s.config.tutorial and self.state.revealed > s.revealed and s.round < ROUNDS:
            n = self.state.line[self.state.revealed - 1]
            self.emit(
                "reveal_line",
                f"Turn up the psychic card of round {self.state.revealed}: card {n} "
                "(take it from the face-down ones).",
                card=n,
                round=self.state.revealed,
            )
        self.set(phase=Phase.DRAW)
        self.after_draws()

    def after_draws(self) -> None:
        if any(side.pending for side in self.state.sides):
            self.set(phase=Phase.DRAW)
            return
        if self.state.round == 1 and self.state.loser < 0:
            self.set(phase=Phase.PLAY)
            return
        loser = self.state.loser
        side = self.side(loser)
        if side.hand_size > 0 or side.owned:
            self.set(phase=Phase.FACEDOWN)
        else:
            self.next_round()

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
                raise IllegalError(
                    f"{self.name(seat)}'s deck has no {v} left (its 21 cards are accounted for)"
                )
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
        seat = self.state.loser
        side = self.side(seat)
        card = action.card
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
            text = f"{self.name(seat)} puts a card face down by the round-10 card"
            if self.virtual(seat):
                text += " (the tool keeps it secret: mark the place with any blue card back or a coin)"
            self.emit("down", text + ".", player=self.name(seat).lower())
            self.emit(
                "down_card",
                f"Your face-down card: {card.n}.",
                private_to=seat,
                player=self.name(seat).lower(),
                card=str(card),
            )
        self.next_round()

    def next_round(self) -> None:
        s = self.state
        if s.round >= ROUNDS:
            self.set(round=ROUNDS + 1, phase=Phase.REVEAL, turn_plays=0)
            if not any(side.hidden_down for side in self.state.sides):
                self.resolve_round10()
            return
        self.set(round=s.round + 1, phase=Phase.PLAY, turn_plays=0, mover=s.first)
        number = self.state.round_card()
        revealed = self.state.round <= self.state.revealed
        what = f"psychic card {number}" if revealed else "a face-down psychic card"
        self.emit(
            "round_start",
            f"Round {self.state.round}: the {TOKEN_NAMES[s.tokens[s.round]]} on {what}; "
            f"{self.name(s.first)} starts.",
            round=self.state.round,
            token=TOKEN_NAMES[s.tokens[s.round]],
            card=number if revealed else None,
            first=self.name(s.first).lower(),
        )

    def reveal(self, values: tuple[int, ...]) -> None:
        seat = to_move(self.state)
        side = self.side(seat)
        if len(values) != side.hidden_down:
            raise IllegalError(
                f"{self.name(seat)} has {side.hidden_down} secret face-down card(s): name each value"
            )
        hand = side.hand
        for v in values:
            if v not in hand:
                raise IllegalError(f"{v} cannot be face down: {self.name(seat)}'s cards do not include it")
            hand = _remove(hand, v)
        self.set_side(
            seat, replace(side, hand=hand, hidden_down=0, down=(*side.down, *(G(v) for v in values)))
        )
        if not any(side.hidden_down for side in self.state.sides):
            self.resolve_round10()

    def resolve_round10(self) -> None:
        s = self.state
        tables = round10_tables(
            (s.sides[0].down, s.sides[1].down), s.cards, (s.sides[0].deck, s.sides[1].deck)
        )
        t = totals(tables, s.cards, round10=True)
        self.set(round10=t, phase=Phase.OVER)
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
        self.set(phase=Phase.OVER, winners=winners, reason=reason)
        who = " and ".join(self.name(w) for w in winners)
        text = f"A draw: {reason}." if len(winners) == 2 else f"{who} wins: {reason}."
        self.emit(
            "end",
            text,
            winner="draw" if len(winners) == 2 else self.name(winners[0]).lower(),
            reason=reason,
            tokens={self.name(seat).lower(): "".join(self.side(seat).tokens) for seat in (0, 1)},
        )


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
    if phase == Phase.DRAW:
        return f"not now: type the cards {SEAT_NAMES[drawing_seat(state)]} drew"
    if phase == Phase.FACEDOWN:
        return f"not now: {SEAT_NAMES[state.loser]} may put a card face down (or none)"
    if phase == Phase.REVEAL:
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
