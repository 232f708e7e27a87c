"""What one seat may know in Propuh: the board, its own hand, counts, and the cards it has not seen; and a deal
of the cards it has not seen (``determinize``), the game the search plays on."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Protocol

from ai import rng as seeded
from ai.propuh.components import KIND_COUNTS, KINDS, Card, Loc
from ai.propuh.engine import Engine, to_move, unknown_counts
from ai.propuh.state import NO_RECORD, Phase, PropuhConfig, PropuhState, Record, Tokens, Unresolved

if TYPE_CHECKING:
    from ai.habits import Counts


@dataclass(frozen=True, slots=True)
class PropuhObservation:
    seat: int
    config: PropuhConfig
    phase: Phase
    to_move: int
    round: int
    plays: int
    figurine: Loc
    figurine_moved: bool
    tokens: Tokens
    unresolved: Unresolved | None
    drawn: Card | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    deck_size: int
    seen: tuple[int, ...]
    unseen: tuple[int, ...]
    last_granny_loc: Loc | None
    winner: int | None
    #: Per seat the counts of its public choices (``state.COUNTERED`` ...), this game's; a bot that keeps a
    #: session's games (``ai.habits.Watcher``) sees the earlier games' added.
    record: Record = NO_RECORD


def records(observation: PropuhObservation) -> Record:
    """The public record an observation carries (``ai.habits.Read``)."""
    return observation.record


def with_records(observation: PropuhObservation, record: tuple[Counts, ...]) -> PropuhObservation:
    """The observation with ``record`` in place of its own (``ai.habits.Write``)."""
    return dataclasses.replace(observation, record=(record[0], record[1]))


_kind = attrgetter("kind")


class SeatView(Protocol):
    """What a rule list reads: a seat's observation at the table, or the engine itself in a play-out (the seat
    to move; ``Engine.unseen`` is that seat's)."""

    @property
    def config(self) -> PropuhConfig: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def plays(self) -> int: ...
    @property
    def figurine(self) -> Loc: ...
    @property
    def tokens(self) -> Sequence[Sequence[int]]: ...
    @property
    def unresolved(self) -> Unresolved | None: ...
    @property
    def drawn(self) -> Card | None: ...
    @property
    def unseen(self) -> Sequence[int]: ...
    @property
    def last_granny_loc(self) -> Loc | None: ...
    @property
    def record(self) -> Sequence[Sequence[int]]: ...


def unseen_counts(state: PropuhState, seat: int | None = None) -> list[int]:
    """Per kind: cards not yet face up on the table (in the deck, in hands, or removed at setup); with
    ``seat``, not counting that seat's own hand, which it has seen."""
    counts = [total - seen for total, seen in zip(KIND_COUNTS, state.seen, strict=True)]
    for card in state.hands[seat] if seat is not None else ():
        counts[card.kind] -= 1
    return counts


def board_unseen(state: PropuhState, seat: int | None = None) -> list[int]:
    """Per kind: the board's ``Unseen`` count. With a real deck it is what can still be typed : the
    cards typed into a bot's hand were seen by the person who typed them, and the refusal of a card typed once
    too often (``rules.unknown_counts``) counts them so; with the tool's deck, ``unseen_counts``."""
    return unknown_counts(state) if state.config.physical else unseen_counts(state, seat)


def observe(state: PropuhState, seat: int) -> PropuhObservation:
    """The seat's view: public facts plus its own hand. The deck order and the other hand are not in it."""
    hand = state.hands[seat]
    unseen = unseen_counts(state, seat)
    return PropuhObservation(
        seat=seat,
        config=state.config,
        phase=state.phase,
        to_move=to_move(state),
        round=state.round,
        plays=state.plays,
        figurine=state.figurine,
        figurine_moved=state.figurine_moved,
        tokens=state.tokens,
        unresolved=state.unresolved,
        drawn=state.drawn,
        hand=hand,
        hand_sizes=(state.hand_count(0), state.hand_count(1)),
        deck_size=state.deck_size - len(state.pending),
        seen=state.seen,
        unseen=tuple(unseen),
        last_granny_loc=state.last_granny_loc,
        winner=state.winner,
        record=state.record,
    )


@lru_cache(maxsize=256)
def _cards_of(counts: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of ``counts`` (per kind), kind by kind: made once per count, as the search deals one observation's
    unseen cards again at each of its play-outs."""
    return tuple(card for card, n in zip(KINDS, counts, strict=True) for _ in range(n))


def deal_unseen(observation: PropuhObservation, rng: random.Random) -> Engine:
    """A dealer-mode game consistent with ``observation``: the cards its seat has not seen are shuffled into
    the other hand, the deck and the solo removals. Search plans on such games, never on the real one."""
    obs = observation
    pool = list(_cards_of(obs.unseen))
    seeded.shuffle(rng, pool)
    seat, other = obs.seat, 1 - obs.seat
    own = list(obs.hand)
    missing = obs.hand_sizes[seat] - len(own)  # an untracked own hand (the solo table) is dealt too
    own.extend(pool.pop() for _ in range(missing))
    theirs = [pool.pop() for _ in range(obs.hand_sizes[other])]
    config = obs.config
    if config.physical or config.untracked:
        config = dataclasses.replace(config, physical=False, untracked=())
    e = Engine.blank(config)
    e.phase = obs.phase
    e.round = obs.round
    e.plays = obs.plays
    e.figurine = obs.figurine
    e.figurine_moved = obs.figurine_moved
    e.tokens = [list(obs.tokens[0]), list(obs.tokens[1])]
    e.hands[seat] = sorted(own, key=_kind)
    e.hands[other] = sorted(theirs, key=_kind)
    e.deck = tuple(pool[: obs.deck_size])
    e.deck_size = len(e.deck)
    e.removed = tuple(pool[obs.deck_size :])
    e.seen = list(obs.seen)
    e.unresolved = obs.unresolved
    e.drawn = obs.drawn
    e.last_granny_loc = obs.last_granny_loc
    e.winner = obs.winner
    e.record = [list(obs.record[0]), list(obs.record[1])]
    return e


def determinize(observation: PropuhObservation, rng: random.Random) -> PropuhState:
    """``deal_unseen`` as a snapshot."""
    return deal_unseen(observation, rng).freeze()
