"""What one seat may know in Propuh: the board, its own hand, counts, and the cards it has not seen."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ai import rng as seeded
from ai.propuh.cards import KIND_COUNTS, KINDS, Card, Loc
from ai.propuh.rules import Phase, PropuhConfig, PropuhState, Tokens, Unresolved, to_move, unknown_counts


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


def unseen_counts(state: PropuhState, seat: int | None = None) -> list[int]:
    """Per kind: cards not yet face up on the table (in the deck, in hands, or removed at setup); with
    ``seat``, not counting that seat's own hand, which it has seen."""
    counts = [total - seen for total, seen in zip(KIND_COUNTS, state.seen, strict=True)]
    for card in state.hands[seat] if seat is not None else ():
        counts[card.kind] -= 1
    return counts


def board_unseen(state: PropuhState, seat: int | None = None) -> list[int]:
    """Per kind: the board's ``Unseen`` count. With a real deck it is what can still be typed (issue 15): the
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
    )


def determinize(observation: PropuhObservation, rng: random.Random) -> PropuhState:
    """A dealer-mode state consistent with ``observation``: the cards its seat has not seen are shuffled into
    the other hand, the deck and the solo removals. Search plans on such states, never on the real one."""
    obs = observation
    pool = [card for card, n in zip(KINDS, obs.unseen, strict=True) for _ in range(n)]
    seeded.shuffle(rng, pool)
    seat, other = obs.seat, 1 - obs.seat
    hands: list[tuple[Card, ...]] = [(), ()]
    own = list(obs.hand)
    missing = obs.hand_sizes[seat] - len(own)  # an untracked own hand (the solo table) is dealt too
    own.extend(pool.pop() for _ in range(missing))
    hands[seat] = tuple(sorted(own))
    hands[other] = tuple(sorted(pool.pop() for _ in range(obs.hand_sizes[other])))
    deck = tuple(pool[: obs.deck_size])
    removed = tuple(pool[obs.deck_size :])
    return PropuhState(
        config=dataclasses.replace(obs.config, physical=False, untracked=()),
        phase=obs.phase,
        round=obs.round,
        plays=obs.plays,
        figurine=obs.figurine,
        figurine_moved=obs.figurine_moved,
        tokens=obs.tokens,
        hands=(hands[0], hands[1]),
        hidden=(0, 0),
        deck=deck,
        deck_size=len(deck),
        removed=removed,
        seen=obs.seen,
        unresolved=obs.unresolved,
        drawn=obs.drawn,
        pending=(),
        last_granny_loc=obs.last_granny_loc,
        difficulty_cards=(),
        winner=obs.winner,
    )
