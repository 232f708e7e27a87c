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
from dataclasses import dataclass

from ai.prohis.cards import KINDS, UNKNOWN, deck_counts
from ai.prohis.rules import (
    ZERO,
    Counts,
    Phase,
    ProhisConfig,
    ProhisState,
    add,
    counts_of,
    minus,
    to_move,
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

    @property
    def n(self) -> int:
        return self.config.players


def observe(state: ProhisState, seat: int) -> ProhisObservation:
    n = state.n
    convoy = state.convoy
    turned = state.turned
    if seat == state.active or not convoy:
        shown = convoy
    else:
        turned_pos = state.order[:turned]
        shown = tuple(c if i in turned_pos else UNKNOWN for i, c in enumerate(convoy))
    sees_bribe = seat == state.active or seat == state.inspector
    bribe = state.bribe if sees_bribe else add(ZERO, [UNKNOWN] * sum(state.bribe))
    seen = list(map(operator.add, state.hands[seat], state.warehouses[seat]))
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
        hand=state.hands[seat],
        warehouse=state.warehouses[seat],
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
    )


def determinize(obs: ProhisObservation, rng: random.Random) -> ProhisState:
    """A dealer-mode state consistent with ``obs``: every card the seat has not seen dealt at random."""
    n = obs.n
    seat = obs.seat
    pool = [k for k in KINDS for _ in range(obs.unseen[k])]
    rng.shuffle(pool)

    def deal(count: int) -> list[int]:
        cards = pool[len(pool) - count :] if count else []
        del pool[len(pool) - count :]
        return cards

    hands = []
    warehouses = []
    own_hand = minus(obs.hand, add(ZERO, [UNKNOWN] * obs.hand[UNKNOWN]))
    own_wh = minus(obs.warehouse, add(ZERO, [UNKNOWN] * obs.warehouse[UNKNOWN]))
    for other in range(n):
        if other == seat:
            hands.append(add(own_hand, deal(obs.hand[UNKNOWN])))
            warehouses.append(add(own_wh, deal(obs.warehouse[UNKNOWN])))
        else:
            hands.append(counts_of(deal(obs.hand_sizes[other])))
            private = obs.warehouse_sizes[other] - sum(obs.public[other])
            warehouses.append(add(obs.public[other], deal(private)))
    convoy = tuple(deal(1)[0] if c == UNKNOWN else c for c in obs.convoy)
    bribe = counts_of(deal(obs.bribe[UNKNOWN])) if obs.bribe[UNKNOWN] else obs.bribe
    pending = obs.pending
    display = list(obs.display)
    for target in pending:  # typed cards still to come (physical mode)
        if target >= 0:
            hands[target] = add(hands[target], deal(1))
        else:
            display[-1 - target] = deal(1)[0]
    pile = tuple(deal(obs.pile_size))
    rest = [i for i in range(obs.convoy_size) if i not in obs.order]
    rng.shuffle(rest)
    assert not pool, "the unseen cards and the hidden places do not match"
    config = dataclasses.replace(obs.config, physical=False, untracked=())
    return ProhisState(
        config=config,
        seed=rng.randrange(2**31),
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
    )
