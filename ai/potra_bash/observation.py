"""What one seat may know in Potra Bash: the table, its own hand, every hand's size and the cards it has not
seen, counted per value (a player with perfect memory: every card that was ever face up is in a pile, on the
field or in the centre)."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ai import rng as seeded
from ai.potra_bash.components import VALUES, copies
from ai.potra_bash.rules import CENTRE, TURNED, Phase, PotraConfig, PotraState, public_counts, to_move
from ai.potra_bash.state import NO_RECORD


@dataclass(frozen=True, slots=True)
class PotraObservation:
    seat: int
    config: PotraConfig
    phase: Phase
    to_move: int
    round: int
    lap: int
    starter: int
    acted: int
    #: The seat's own known cards (empty for a hand the tool does not see, and for an automa's face-down pile,
    #: which nobody sees).
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    centre: int | None
    field: tuple[tuple[int, int], ...]
    plays: tuple[tuple[int, int], ...]
    piles: tuple[tuple[int, ...], ...]
    picker: int
    centre_winner: int | None
    pending: tuple[int, ...]
    #: Per value (in ``VALUES`` order): copies this seat has not seen (other hands, the deck, put away).
    unseen: tuple[int, ...]
    #: Per seat, what the table has seen it do (public; ``PotraState.record``), the session's earlier games added
    #: by a bot that keeps them (``ai.habits.Watcher``).
    record: tuple[tuple[int, ...], ...] = ()


def observe(state: PotraState, seat: int) -> PotraObservation:
    """The seat's view: public facts plus its own hand. The deck order and the other hands are not in it."""
    seen = public_counts(state)
    hand = () if seat in state.config.blind else state.hands[seat]
    seen.update(hand)
    total = copies(state.n)
    return PotraObservation(
        seat=seat,
        config=state.config,
        phase=state.phase,
        to_move=to_move(state),
        round=state.round,
        lap=state.lap,
        starter=state.starter,
        acted=state.acted,
        hand=hand,
        hand_sizes=tuple(state.hand_count(s) for s in range(state.n)),
        deck_size=state.deck_size,
        centre=state.centre,
        field=state.field,
        plays=state.plays,
        piles=state.piles,
        picker=state.picker,
        centre_winner=state.centre_winner,
        pending=state.pending,
        unseen=tuple(total - seen[v] for v in VALUES),
        record=state.record,
    )


def records(obs: PotraObservation) -> tuple[tuple[int, ...], ...]:
    """What the table has seen each seat do (``record``): what ``ai.habits.Watcher`` carries between games."""
    return obs.record or (NO_RECORD,) * obs.config.players


def with_records(obs: PotraObservation, record: tuple[tuple[int, ...], ...]) -> PotraObservation:
    """``obs`` with ``record`` for what the table has seen each seat do (the session's games added)."""
    return dataclasses.replace(obs, record=record)


def determinize(observation: PotraObservation, rng: random.Random) -> PotraState:
    """A dealer-mode state consistent with ``observation``: the cards its seat has not seen are shuffled into
    the other hands, the deck and the cards put away (a hidden own hand is dealt too; an automa's pile in the
    shuffled order, its top card at random). Search plans on such
    states, never on the real one."""
    obs = observation
    pool = [v for v, k in zip(VALUES, obs.unseen, strict=True) for _ in range(k)]
    seeded.shuffle(rng, pool)
    n = obs.config.players
    centre = obs.centre
    hands: list[tuple[int, ...]] = []
    for s in range(n):
        own = list(obs.hand) if s == obs.seat else []
        own.extend(pool.pop() for _ in range(obs.hand_sizes[s] - len(own)))
        hands.append(tuple(own))
    for target in obs.pending:  # typed cards still to come (physical mode)
        if target == TURNED:  # the automa's top card, still in its pile (dealt above)
            continue
        if target == CENTRE:
            centre = pool.pop()
        else:
            hands[target] = (*hands[target], pool.pop())
    deck = tuple(pool[: obs.deck_size])
    removed = tuple(sorted(pool[obs.deck_size :]))
    config = obs.config
    if config.physical:  # the deal is the tool's now
        config = dataclasses.replace(config, physical=False, untracked=())
    return PotraState(
        config=config,
        phase=obs.phase,
        round=obs.round,
        lap=obs.lap,
        starter=obs.starter,
        acted=obs.acted,
        hands=tuple(h if s in config.blind else tuple(sorted(h)) for s, h in enumerate(hands)),
        hidden=(0,) * n,
        deck=deck,
        deck_size=len(deck),
        removed=removed,
        centre=centre,
        field=obs.field,
        piles=obs.piles,
        picker=obs.picker,
        centre_winner=obs.centre_winner,
        pending=(),
        plays=obs.plays,
        record=obs.record,
    )
