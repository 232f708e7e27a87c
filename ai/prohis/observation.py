"""What one seat may know, and new deals of everything it has not seen (for information-set search).

A seat sees its own hand and warehouse, the display, every card turned over, every controller put forward,
the sizes of the other hands and warehouses and of the pile, a bribe it offers or is offered, and what the
table has seen each seat do (``record``: how often it inspected, declined, refused or accepted a bribe, and
how often its inspected convoys were caught or cleared). It does not
see the other hands, the unturned convoy cards of others, other bribes, or what went into other warehouses face
down. ``unseen`` counts, per card type, the cards in play the seat has not seen located.
"""

from __future__ import annotations

import dataclasses
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ai import rng as seeded
from ai.prohis.components import CAPTAIN, ILLEGAL, INSPECTOR, KINDS, LEGAL, LIEUTENANT, UNKNOWN, deck_counts
from ai.prohis.engine import BRIBE_DUE, Table, to_move
from ai.prohis.state import (
    ZERO,
    Counts,
    Phase,
    ProhisConfig,
    ProhisState,
    add,
    counts_of,
    minus,
)


@dataclass(frozen=True, slots=True)
class ProhisObservation:
    config: ProhisConfig
    seat: int
    to_move: int
    phase: Phase
    active: int
    hand: Counts
    warehouse: Counts
    hand_sizes: tuple[int, ...]
    warehouse_sizes: tuple[int, ...]
    public: tuple[Counts, ...]
    display: tuple[int | None, ...]
    pile_size: int
    convoy_size: int
    #: The convoy's cards, by position (``UNKNOWN`` where this seat has not seen the card).
    convoy: tuple[int, ...]
    order: tuple[int, ...]
    turned: int
    commits: tuple[int | None, ...]
    asking: int
    inspector: int
    #: The bribe's cards if this seat offers or is offered it; else ``UNKNOWN`` × its size.
    bribe: Counts
    offered: bool
    pending: tuple[int, ...]
    passes: int
    final_left: int | None
    turn: int
    unseen: Counts
    #: Per seat, what the table has seen it do (public; ``ProhisState.record``).
    record: tuple[tuple[int, ...], ...]
    #: Per seat, the captains and inspectors the table has seen it hold (public; ``ProhisState.held``).
    held: tuple[Counts, ...]
    #: Per seat, the display cards the table saw it take that are certainly still in its hand (public;
    #: ``ProhisState.taken``).
    taken: tuple[Counts, ...]

    @property
    def n(self) -> int:
        return self.config.players


def records(obs: ProhisObservation) -> tuple[tuple[int, ...], ...]:
    """What the table has seen each seat do (``record``): what ``ai.habits.Watcher`` carries between games."""
    return obs.record


def with_records(obs: ProhisObservation, record: tuple[tuple[int, ...], ...]) -> ProhisObservation:
    """``obs`` with ``record`` for what the table has seen each seat do (the session's games added)."""
    return dataclasses.replace(obs, record=record)


class SeatView(Protocol):
    """What a bot's rules read of one seat's knowledge: a ``ProhisObservation`` at the table, a ``Seat`` over
    the engine in the search's play-outs."""

    @property
    def config(self) -> ProhisConfig: ...
    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def active(self) -> int: ...
    @property
    def inspector(self) -> int: ...
    @property
    def hand(self) -> Counts: ...
    @property
    def convoy(self) -> tuple[int, ...]: ...
    @property
    def convoy_size(self) -> int: ...
    @property
    def commits(self) -> Sequence[int | None]: ...
    @property
    def bribe(self) -> Counts: ...
    @property
    def offered(self) -> bool: ...
    @property
    def final_left(self) -> int | None: ...
    @property
    def pile_size(self) -> int: ...
    @property
    def n(self) -> int: ...
    @property
    def record(self) -> Sequence[tuple[int, ...]]: ...


class Seat:
    """One seat's view of an engine or a snapshot, read when asked: what ``observe`` would give for the
    ``SeatView`` fields (another seat's convoy cards not turned over and a bribe it neither offers nor is
    offered read as ``UNKNOWN``), without building the whole observation at every move of a play-out."""

    __slots__ = ("seat", "table")

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat

    @property
    def config(self) -> ProhisConfig:
        return self.table.config

    @property
    def phase(self) -> Phase:
        return self.table.phase

    @property
    def active(self) -> int:
        return self.table.active

    @property
    def inspector(self) -> int:
        return self.table.inspector

    @property
    def hand(self) -> Counts:
        return self.table.hands[self.seat]

    @property
    def convoy(self) -> tuple[int, ...]:
        t = self.table
        if self.seat == t.active:
            return t.convoy
        turned = t.order[: t.turned]
        return tuple(c if i in turned else UNKNOWN for i, c in enumerate(t.convoy))

    @property
    def convoy_size(self) -> int:
        return len(self.table.convoy)

    @property
    def commits(self) -> Sequence[int | None]:
        return self.table.commits

    @property
    def bribe(self) -> Counts:
        t = self.table
        if self.seat == t.active or self.seat == t.inspector:
            return t.bribe
        return add(ZERO, [UNKNOWN] * sum(t.bribe))

    @property
    def offered(self) -> bool:
        return self.table.offered

    @property
    def final_left(self) -> int | None:
        return self.table.final_left

    @property
    def pile_size(self) -> int:
        return len(self.table.pile)

    @property
    def n(self) -> int:
        return self.table.config.players

    @property
    def record(self) -> Sequence[tuple[int, ...]]:
        return self.table.record


def observe(state: ProhisState, seat: int) -> ProhisObservation:
    """What ``seat`` knows. An automa (``ProhisConfig.blind``) sees its office and no card of its stock,
    warehouse, convoy or bribe: its hand reads as its office and ``UNKNOWN`` cards, its warehouse as
    ``UNKNOWN`` cards."""
    n = state.n
    convoy = state.convoy
    turned = state.turned
    automa = seat in state.config.blind
    if (seat == state.active and not automa) or not convoy:
        shown = convoy
    else:
        turned_pos = state.order[:turned]
        shown = tuple(c if i in turned_pos else UNKNOWN for i, c in enumerate(convoy))
    sees_bribe = (seat == state.active and not automa) or seat == state.inspector
    bribe = state.bribe if sees_bribe else add(ZERO, [UNKNOWN] * sum(state.bribe))
    hand, warehouse = state.hands[seat], state.warehouses[seat]
    if automa:
        office = state.office[seat]
        hand = add(office, [UNKNOWN] * (sum(hand) - sum(office)))
        warehouse = add(ZERO, [UNKNOWN] * sum(warehouse))
    seen = list(map(operator.add, hand, warehouse))
    for other, public in enumerate(state.public):
        if other != seat and any(public):
            seen = list(map(operator.add, seen, public))
    for card in state.display:
        if card is not None:
            seen[card] += 1
    for card in shown:
        seen[card] += 1
    for card in state.commits:
        if card is not None:
            seen[card] += 1
    if sees_bribe:
        seen = list(map(operator.add, seen, state.bribe))
    deck = deck_counts(n)
    unseen = (*(deck[k] - seen[k] for k in KINDS), 0)
    return ProhisObservation(
        config=state.config,
        seat=seat,
        to_move=to_move(state),
        phase=state.phase,
        active=state.active,
        hand=hand,
        warehouse=warehouse,
        hand_sizes=tuple(map(sum, state.hands)),
        warehouse_sizes=tuple(map(sum, state.warehouses)),
        public=state.public,
        display=state.display,
        pile_size=len(state.pile),
        convoy_size=len(convoy),
        convoy=shown,
        order=state.order[:turned],
        turned=turned,
        commits=state.commits,
        asking=state.asking,
        inspector=state.inspector,
        bribe=bribe,
        offered=state.offered,
        pending=state.pending,
        passes=state.passes,
        final_left=state.final_left,
        turn=state.turn,
        unseen=unseen,
        record=state.record,
        held=state.held,
        taken=state.taken,
    )


#: The cards no hand can take in unseen (the deck holds none: each player is dealt one of each, the unused ones
#: leave the game): a deal puts them only where ``held`` allows.
OPENLY: tuple[int, ...] = (CAPTAIN, INSPECTOR)
#: Random placements of the captains and inspectors tried before the deal gives up on keeping them in hands.
TRIES = 20


def determinize(obs: ProhisObservation, rng: random.Random) -> ProhisState:
    """A dealer-mode state consistent with ``obs``: every card the seat has not seen dealt at random, the
    captains and inspectors as the components allow.

    The deck holds goods and lieutenants only, so a captain or an inspector the seat has not seen is never in
    the pile, the display or a card still to be typed; a hand holds at most what the table has seen it hold
    (``held``), and so do the hand, the convoy and the bribe of the active player together. Ruling (the rules
    are silent on what a player does with a controller; the card and ``hard`` never send or bribe with one): a
    seat keeps its captains and inspectors in hand unless the count says otherwise. The unseen ones go into the
    hands first, each as ``held`` allows; the rest into the hidden part of a warehouse (one stored from a
    convoy, seized or bribed) or into the active player's face-down convoy or bribe. The display cards a seat
    was seen taking and has not laid face down since (``ProhisState.taken``: the card takes illegal goods
    first, so this is where contraband is) go into its hand. Goods and lieutenants fill every other hidden
    place at random."""
    n = obs.n
    seat = obs.seat
    rooms = [obs.hand[UNKNOWN] if s == seat else obs.hand_sizes[s] for s in range(n)]
    stored = [
        obs.warehouse[UNKNOWN] if s == seat else obs.warehouse_sizes[s] - sum(obs.public[s]) for s in range(n)
    ]
    laid = obs.convoy.count(UNKNOWN) + obs.bribe[UNKNOWN]
    kept = _taken(obs, rooms)
    free = [room - len(k) for room, k in zip(rooms, kept, strict=True)]
    for _ in range(TRIES):
        placed = _place_controllers(obs, free, stored, laid, rng)
        if placed is not None:
            break
    else:  # not found at random (never seen in play): anywhere hidden but the deck
        placed = _place_controllers(obs, free, stored, laid, rng, strict=False)
        assert placed is not None, "the unseen captains and inspectors have no place"
    in_hands, in_stores, in_laid = placed
    left = list(obs.unseen)
    for cards in kept:
        for k in cards:
            left[k] -= 1
    pool = [k for k in (LEGAL, ILLEGAL, LIEUTENANT) for _ in range(left[k])]
    seeded.shuffle(rng, pool)

    def deal(count: int) -> list[int]:
        cards = pool[len(pool) - count :] if count else []
        del pool[len(pool) - count :]
        return cards

    hands = []
    warehouses = []
    own_hand = minus(obs.hand, add(ZERO, [UNKNOWN] * obs.hand[UNKNOWN]))
    own_wh = minus(obs.warehouse, add(ZERO, [UNKNOWN] * obs.warehouse[UNKNOWN]))
    for other in range(n):
        hand = add(add(own_hand if other == seat else ZERO, in_hands[other]), kept[other])
        hands.append(add(hand, deal(free[other] - len(in_hands[other]))))
        known = own_wh if other == seat else obs.public[other]
        warehouses.append(add(add(known, in_stores[other]), deal(stored[other] - len(in_stores[other]))))
    hidden = iter([c if c is not None else deal(1)[0] for c in in_laid])
    convoy = tuple(next(hidden) if c == UNKNOWN else c for c in obs.convoy)
    bribe = counts_of(hidden) if obs.bribe[UNKNOWN] else obs.bribe
    pending = obs.pending
    display = list(obs.display)
    for target in pending:  # typed cards still to come (physical mode)
        if target == BRIBE_DUE:  # the bribe, dealt above
            continue
        if target >= 0:
            hands[target] = add(hands[target], deal(1))
        else:
            display[-1 - target] = deal(1)[0]
    pile = tuple(deal(obs.pile_size))
    rest = [i for i in range(obs.convoy_size) if i not in obs.order]
    seeded.shuffle(rng, rest)
    assert not pool, "the unseen cards and the hidden places do not match"
    # an automa's office is not told apart from its hand in a deal: the search models it as any seat
    config = dataclasses.replace(obs.config, physical=False, untracked=(), blind=())
    return ProhisState(
        config=config,
        seed=seeded.randrange(rng, 2**31),
        hands=tuple(hands),
        warehouses=tuple(warehouses),
        public=obs.public,
        display=tuple(display),
        pile=pile,
        active=obs.active,
        phase=obs.phase,
        convoy=convoy,
        order=(*obs.order, *rest),
        turned=obs.turned,
        commits=obs.commits,
        asking=obs.asking,
        inspector=obs.inspector,
        bribe=bribe,
        offered=obs.offered,
        pending=(),
        passes=obs.passes,
        final_left=obs.final_left,
        turn=obs.turn,
        record=obs.record,
        held=obs.held,
        taken=obs.taken,
    )


Placed = tuple[list[list[int]], list[list[int]], list[int | None]]


def _taken(obs: ProhisObservation, rooms: list[int]) -> list[list[int]]:
    """Per seat, the display cards it took that are certainly in its hand (``ProhisState.taken``) and that the
    seat dealing has not seen there (its own known cards count), as far as the unseen cards and the hand's
    hidden places allow (always, for a state reached by the rules)."""
    left = list(obs.unseen)
    out: list[list[int]] = []
    for s in range(obs.n):
        known = obs.hand if s == obs.seat else ZERO
        cards: list[int] = []
        for k in (ILLEGAL, LIEUTENANT, LEGAL):
            want = min(obs.taken[s][k] - known[k], left[k], rooms[s] - len(cards)) if obs.taken else 0
            if want > 0:
                cards += [k] * want
                left[k] -= want
        out.append(cards)
    return out


def _place_controllers(
    obs: ProhisObservation,
    rooms: list[int],
    stored: list[int],
    laid: int,
    rng: random.Random,
    strict: bool = True,
) -> Placed | None:
    """Where the unseen captains and inspectors lie in one deal (``determinize``): per seat in its hand's
    hidden cards and in its warehouse's, and the active player's hidden convoy cards then bribe cards (``None``:
    not one of them); ``None`` if this random placement found no room for one. ``strict=False``: a hand as its
    size allows and the convoy and bribe anyway."""
    n = obs.n
    active = obs.active
    left = list(obs.unseen)
    room = list(rooms)
    known = [obs.hand if s == obs.seat else obs.bribe if s == active else ZERO for s in range(n)]
    caps = [[max(0, obs.held[s][k] - known[s][k]) for k in KINDS] for s in range(n)]
    in_hands: list[list[int]] = [[] for _ in range(n)]
    slots = [(s, k) for s in range(n) for k in OPENLY for _ in range(caps[s][k] if strict else room[s])]
    seeded.shuffle(rng, slots)
    for s, k in slots:
        if left[k] and room[s]:
            in_hands[s].append(k)
            left[k] -= 1
            room[s] -= 1
            caps[s][k] -= 1
    rest = [k for k in OPENLY for _ in range(left[k])]
    seeded.shuffle(rng, rest)
    in_stores: list[list[int]] = [[] for _ in range(n)]
    in_laid: list[int | None] = [None] * laid
    space = list(stored)
    for k in rest:
        free = [i for i, c in enumerate(in_laid) if c is None] if not strict or caps[active][k] > 0 else []
        places = [s for s in range(n) for _ in range(space[s])] + [-1 - i for i in free]
        if not places:
            return None
        where = seeded.choice(rng, places)
        if where >= 0:
            in_stores[where].append(k)
            space[where] -= 1
        else:
            in_laid[-1 - where] = k
            caps[active][k] -= 1
    return in_hands, in_stores, in_laid
