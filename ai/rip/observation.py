"""What one seat may know in RIP, and how to deal the rest again for search.

Public: the line (its face-up part), the tokens, every card in play or played, psychic cards owned and the
psychic cards put face down, the counts of hands, decks and face-down ghost cards. Private: the seat's own
hand and face-down ghost cards, and, by elimination, what is left in its own deck (not the order). While the
seat plays card 3 it also sees the opponent's hand. An automa's seat (``config.automa``) sees no value of its own
hand pile, deck or face-down ghosts, only how many: nobody looks at them.

- Ruling: card 3 shows the tool's seat a person's hand only if the tool can tell it from the person's secret
  face-down cards (``down`` without a value): the tool counts such cards among their hand, and showing the lot
  would tell the bot about the secret cards. The cards typed since may tell them apart (``ai.rip.secret``: the
  hand played out, say); until they do, the bot plays on without the look.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from dataclasses import dataclass
from typing import cast

from ai import rng as seeded
from ai.rip.components import DECK, STARTER_IDS
from ai.rip.engine import Engine, snapshot
from ai.rip.record import NO_RECORDS
from ai.rip.rules import Card, G, InPlay, Phase, RipConfig, RipState, Side, make_state, to_move
from ai.rip.secret import options as secret_options
from ai.rip.secret import seen_hand
from ai.rip.state import replace


@dataclass(frozen=True, slots=True)
class OtherSide:
    """The opponent as this seat sees them."""

    hand_size: int
    deck_size: int
    down_count: int
    down_psychic: tuple[Card, ...]
    owned: tuple[int, ...]
    table: tuple[InPlay, ...]
    played: tuple[Card, ...]
    discarded: tuple[Card, ...]
    tokens: tuple[str, ...]
    hand: tuple[int, ...] | None  # only while peeking (card 3)
    unseen: tuple[int, ...]  # the opponent's ghost cards this seat has not seen (hand, deck, face down)


@dataclass(frozen=True, slots=True)
class RipObservation:
    seat: int
    config: RipConfig
    phase: Phase
    to_move: int
    round: int
    line: tuple[int | None, ...]  # None: face down (tutorial)
    tokens: tuple[str, ...]
    first: int
    mover: int
    turn_plays: int
    blind: tuple[bool, bool]
    loser: int
    own: Side  # the seat's own side; ``deck`` sorted (the order is unknown)
    other: OtherSide
    nonce: int
    round10: tuple[int, int] | None
    winners: tuple[int, ...]
    state_cards: tuple[int, ...]  # the ids of the psychic cards in this game's catalogue
    #: Per seat, what the table has seen it do (public; ``ai.rip.record``).
    record: tuple[tuple[int, ...], ...] = NO_RECORDS


def _unseen(side: Side) -> tuple[int, ...]:
    counts = Counter(DECK)
    for cards in (side.played, tuple(x.card for x in side.table), side.discarded):
        for c in cards:
            if not c.psychic:
                counts[c.n] -= 1
    return tuple(sorted(counts.elements()))


def _unseen_pile(own: Side) -> Side:
    """An automa's own cards as it sees them: its hand pile, deck and face-down ghosts counted, every value 0
    (nobody looks at them, the automa included)."""
    return replace(
        own,
        hand=(0,) * len(own.hand),
        deck=(0,) * len(own.deck),
        down=tuple(c if c.psychic else G(0) for c in own.down),
    )


def observe(state: RipState, seat: int) -> RipObservation:
    other = state.sides[1 - seat]
    own = state.sides[seat]
    if seat in state.config.automa:
        own = _unseen_pile(own)
    # a real automa's pile is looked at on the table: the tool's values of it are stand-ins
    peek = state.peeking(seat) and state.phase == Phase.PLAY and not state.real_automa(1 - seat)
    line = tuple(n if i < state.revealed else None for i, n in enumerate(state.line))
    return RipObservation(
        seat=seat,
        config=state.config,
        phase=state.phase,
        to_move=to_move(state),
        round=state.round,
        line=line,
        tokens=state.tokens,
        first=state.first,
        mover=state.mover,
        turn_plays=state.turn_plays,
        blind=state.blind,
        loser=state.loser,
        own=replace(own, deck=tuple(sorted(own.deck))),
        other=OtherSide(
            hand_size=other.hand_size,
            deck_size=len(other.deck) - other.pending,
            down_count=other.down_count,
            down_psychic=tuple(c for c in other.down if c.psychic),
            owned=other.owned,
            table=other.table,
            played=other.played,
            discarded=other.discarded,
            tokens=other.tokens,
            hand=seen_hand(other) if peek else None,
            unseen=_unseen(other),
        ),
        nonce=state.nonce,
        round10=state.round10,
        winners=state.winners,
        state_cards=tuple(sorted(state.cards)),
        record=state.record,
    )


def records(obs: RipObservation) -> tuple[tuple[int, ...], ...]:
    """What the table has seen each family do (``record``): what ``ai.habits.Watcher`` carries between games."""
    return obs.record


def with_records(obs: RipObservation, record: tuple[tuple[int, ...], ...]) -> RipObservation:
    """``obs`` with ``record`` for what the table has seen each family do (the session's games added)."""
    return dataclasses.replace(obs, record=record)


@functools.lru_cache(maxsize=64)
def _all_virtual(config: RipConfig) -> RipConfig:
    """``config`` with every deck virtual (made once per config: a search deals thousands of times)."""
    return replace(config, physical=(), automa_physical=False)


def determinize(observation: RipObservation, rng: random.Random) -> RipState:
    """A state with both decks virtual, consistent with ``observation``: the opponent's unseen ghost cards are
    dealt at random to their hand, face-down pile and deck; the seat's own deck is shuffled; the face-down part
    of a tutorial line is shuffled. Search plans on such states, never on the real one."""
    return snapshot(deal(observation, rng))


#: The last observation dealt from and its first deal: the search deals from one observation thousands of times,
#: and every deal differs from the first only in what was dealt (``Engine.redealt``).
_last: tuple[RipObservation | None, Engine | None] = (None, None)


def deal(observation: RipObservation, rng: random.Random) -> Engine:
    """``determinize``'s state as an engine to play on (the search's deal)."""
    global _last
    obs = observation
    seat = obs.seat
    # the opponent
    o = obs.other
    pool = list(o.unseen)
    seeded.shuffle(rng, pool)
    if o.hand is not None:
        hand = list(o.hand)
        for v in hand:
            pool.remove(v)
    else:
        hand = [pool.pop() for _ in range(o.hand_size)]
    ghost_downs = o.down_count - len(o.down_psychic)
    downs = (*(G(pool.pop()) for _ in range(ghost_downs)), *o.down_psychic)
    deck = pool[: o.deck_size]
    # the seat itself: its deck order is unknown; a person's secret face-down cards are picked at random
    own = obs.own
    own_deck = list(own.deck)
    seeded.shuffle(rng, own_deck)
    own_hand = list(own.hand)
    own_down = list(own.down)
    if own.hidden_down:  # one of the ways they may lie, given what was typed since (``ai.rip.secret``)
        for v in seeded.choice(rng, secret_options(own)):
            own_hand.remove(v)
            own_down.append(Card(False, v))
    if own.pending:
        seeded.shuffle(rng, own_deck)
        own_hand.extend(own_deck[: own.pending])
        own_deck = own_deck[own.pending :]
    line = obs.line
    if None in line:  # the tutorial's cards to come
        hidden_line = [n for n in STARTER_IDS if n not in line]
        seeded.shuffle(rng, hidden_line)
        full_line = tuple(n if n is not None else hidden_line.pop() for n in line)
    else:
        full_line = cast(tuple[int, ...], line)
    seed = rng.getrandbits(62)
    base = _last[1]
    if _last[0] is obs and base is not None:
        if seat == 0:
            return base.redealt((own_hand, hand), (own_deck, deck), (tuple(own_down), downs), full_line, seed)
        return base.redealt((hand, own_hand), (deck, own_deck), (downs, tuple(own_down)), full_line, seed)
    config = _all_virtual(obs.config)
    other_side = replace(
        _NO_CARDS,
        hand=tuple(sorted(hand)),
        deck=tuple(deck),
        down=downs,
        owned=o.owned,
        table=o.table,
        played=o.played,
        discarded=o.discarded,
        tokens=o.tokens,
    )
    own_side = replace(
        own,
        hand=tuple(sorted(own_hand)),
        deck=tuple(own_deck),
        pending=0,
        hidden_down=0,
        secrets=(),
        down=tuple(own_down),
    )
    sides = (own_side, other_side) if seat == 0 else (other_side, own_side)
    state = make_state(
        config=config,
        seed=seed,
        nonce=0,
        phase=obs.phase,
        round=obs.round,
        line=full_line,
        tokens=obs.tokens,
        revealed=sum(1 for n in obs.line if n is not None),
        first=obs.first,
        mover=obs.mover,
        turn_plays=obs.turn_plays,
        blind=obs.blind,
        sides=sides,
        loser=obs.loser,
        round10=obs.round10,
        winners=obs.winners,
        record=obs.record,
        cards=config.catalogue(),
    )
    _last = (obs, state)
    return state.engine()


_NO_CARDS = Side()
