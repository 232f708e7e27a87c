"""What one seat may know in Propuh: the board, its own hand, counts, and the cards it has not seen."""

from __future__ import annotations

from dataclasses import dataclass

from ai.propuh.cards import KIND_COUNTS, Card, Loc
from ai.propuh.rules import Phase, PropuhConfig, PropuhState, Tokens, Unresolved, to_move


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


def observe(state: PropuhState, seat: int) -> PropuhObservation:
    """The seat's view: public facts plus its own hand. The deck order and the other hand are not in it."""
    hand = state.hands[seat]
    unseen = [total - seen for total, seen in zip(KIND_COUNTS, state.seen, strict=True)]
    for card in hand:
        unseen[card.kind] -= 1
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
