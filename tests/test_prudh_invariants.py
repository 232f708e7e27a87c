"""Prudh invariants over random games in every variant: 36 pieces conserved, every game ends, every legal run
captures, each move lowers the pieces on the board or the number of stacks, the end and its count."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.prudh.components import DIAGONALS, MAX_PLIES, OWNER, RAYS, SEAT_SQUARES, VARIANTS
from ai.prudh.game import GAME
from ai.prudh.rules import Move, PrudhConfig, PrudhState, apply, check_conservation, initial_state

CONFIGS = st.builds(
    PrudhConfig, variant=st.sampled_from(VARIANTS), capture_points=st.sampled_from(["all", "stack"])
)


def brute_force_legal(state: PrudhState) -> set[Move]:
    """The legal moves straight from the spec's sentences, slowly."""
    seat = state.to_move
    board = state.board
    out = set()
    for sq in SEAT_SQUARES[seat]:
        n = board[sq]
        if not n:
            continue
        for d in range(8):
            ray = RAYS[sq][d]
            if d in DIAGONALS:
                if any(board[t] for t in ray):
                    out.add(Move(sq, d))
            elif n >= 2 and any(0 < board[t] < n and OWNER[t] != seat for t in ray[: min(n, len(ray))]):
                out.add(Move(sq, d))
    return out


def stacks(state: PrudhState) -> int:
    return sum(1 for h in state.board if h)


@settings(max_examples=40, deadline=None)
@given(config=CONFIGS, seed=st.integers(0, 10**6))
def test_random_games_keep_every_invariant(config: PrudhConfig, seed: int) -> None:
    rng = random.Random(seed)
    state = initial_state(config, seed)
    while not state.over:
        assert set(state.legal) == brute_force_legal(state)
        assert len(set(state.legal)) == len(state.legal)
        move = rng.choice(state.legal)
        after = apply(state, move)
        check_conservation(after)
        assert after.on_board() < state.on_board() or stacks(after) < stacks(state)
        if not move.is_slide:
            assert after.last_outcome is not None and after.last_outcome.captures  # a legal run captures
            assert after.removed > state.removed
            gained = after.scores[state.to_move] - state.scores[state.to_move]
            assert gained > 0 or config.capture_points == "stack"
        else:
            assert after.on_board() == state.on_board() and stacks(after) == stacks(state) - 1
        assert after.scores[1 - state.to_move] == state.scores[1 - state.to_move]
        if config.variant != "tomio":
            assert after.pit == 0
        state = after
        assert state.plies <= MAX_PLIES
    # the end: the player to move has no legal move; the last mover adds their tallest stack and the pit
    assert brute_force_legal(state) == set()
    mover = state.last_mover
    assert mover is not None and mover == 1 - state.to_move
    assert state.bonus == max(state.board[sq] for sq in SEAT_SQUARES[mover]) + state.pit
    final = state.final_scores
    assert final[mover] == state.scores[mover] + state.bonus
    if final[0] != final[1]:
        assert state.winner == (0 if final[0] > final[1] else 1)
    else:
        assert state.winner == 1 - state.first
    result = GAME.result(state)
    assert result.winners == (state.winner,)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_states_are_immutable_and_apply_is_pure(seed: int) -> None:
    rng = random.Random(seed)
    state = initial_state(PrudhConfig(variant="tika"), seed)
    for _ in range(12):
        if state.over:
            break
        move = rng.choice(state.legal)
        board = state.board
        first = apply(state, move)
        assert state.board == board
        assert apply(state, move) == first
        state = first
