"""Physical mode: a display card a person takes is seen by everyone, so it is certainly in that hand until the
person lays cards face down. Typed cards that contradict it are refused (a 7th lieutenant at 3 players, a
convoy that leaves no room for a card kept), and the final count must hold it."""

from __future__ import annotations

import random

import pytest

from ai.prohis import rules as R
from ai.prohis.components import KINDS, LIEUTENANT, UNKNOWN
from ai.prohis.engine import pool, reserved
from ai.prohis.game import GAME
from ai.prohis.score import Count, check_count, counting, possible_count
from ai.protocol import IllegalError

NAMES = ("Ann", "Ben", "Cat")


def table(*typed: str) -> R.ProhisState:
    """Three people at a physical table (the tool sees none of their hands), the given inputs typed."""
    config = R.ProhisConfig(players=3, physical=True, untracked=(0, 1, 2), names=NAMES)
    state = GAME.initial_state(config, 1)
    for text in typed:
        state, _ = GAME.step(state, GAME.parse_action(state, text))
    return state


# the display turned up as four lieutenants; each person takes two (refills: two more lieutenants, then goods)
ALL_TAKEN = (
    "l l l l",
    *("take l", "l", "take l", "l"),
    *("take l", "g", "take l", "g"),
    *("take l", "g", "take l"),
)


def test_no_seventh_lieutenant_while_the_six_are_in_hands() -> None:
    state = table(*ALL_TAKEN)
    assert [t[LIEUTENANT] for t in state.taken] == [2, 2, 2]
    with pytest.raises(IllegalError, match="no lieutenant card can still be in the deck: all 6"):
        GAME.parse_action(state, "l")
    state, _ = GAME.step(state, GAME.parse_action(state, "g"))
    # Ben and Cat hold two each, so at most two of Ann's cards are lieutenants
    with pytest.raises(IllegalError, match="Ann cannot hold 3 lieutenants: at most 2"):
        GAME.parse_action(state, "convoy l l l")
    assert GAME.parse_action(state, "convoy l l g").cards == (LIEUTENANT, LIEUTENANT, 0)


def test_a_convoy_leaves_room_for_the_card_taken() -> None:
    # Ann sends four of her six cards unseen; later she takes a lieutenant and holds three cards
    state = table("g l g g", "convoy 4", "no", "no", "pile", "pile", "take l", "g", "stop", "pile", "pile")
    assert GAME.to_move(state) == 0 and state.hands[0][UNKNOWN] == 3
    with pytest.raises(
        IllegalError, match="Ann still holds 1 lieutenant taken from the display; that convoy"
    ):
        GAME.parse_action(state, "convoy g g g")
    GAME.parse_action(state, "convoy g l g")
    GAME.parse_action(state, "convoy g g")  # the lieutenant may stay in the hand


def played(seed: int) -> list[R.ProhisState]:
    """A physical game of three people played at random to the count, every state on the way."""
    state = table()
    rng = random.Random(seed)
    states = [state]
    while state.phase != R.Phase.COUNT:
        acts = list(GAME.legal_actions(state))
        takes = [a for a in acts if a.verb == "take"]
        state = GAME.apply(state, rng.choice(takes if takes and rng.random() < 0.6 else acts))
        states.append(state)
    return states


def test_the_cards_people_took_are_always_unseen_cards_and_the_count_keeps_them() -> None:
    refused = 0
    for seed in range(12):
        refused += _count_keeps_them(seed)
    assert refused >= 3  # the refusal below was tried in several games


def _count_keeps_them(seed: int) -> int:
    states = played(seed)
    for state in states:  # the cards people certainly hold are among the cards the tool has not seen
        assert all(reserved(state)[k] <= pool(state)[k] for k in KINDS)
    state = states[-1]
    rng = random.Random(seed)
    refused = 0
    while not GAME.is_over(state):
        seat = counting(state)
        count = possible_count(state, rng)
        assert check_count(state, seat, count) is None
        for k in KINDS:
            assert count.hand[k] >= state.taken[seat][k] * bool(state.hands[seat][UNKNOWN])
        kept = [k for k in KINDS if state.hands[seat][UNKNOWN] and 0 < state.taken[seat][k] == count.hand[k]]
        swap = next(
            (w for w in KINDS if count.warehouse[w] > state.warehouses[seat][w] and w not in kept), None
        )
        if kept and swap is not None:  # the same cards with a kept one counted in the warehouse instead
            k = kept[0]
            hand = list(count.hand)
            store = list(count.warehouse)
            hand[k], hand[swap], store[k], store[swap] = (
                hand[k] - 1,
                hand[swap] + 1,
                store[k] + 1,
                store[swap] - 1,
            )
            why = check_count(state, seat, Count(tuple(store), tuple(hand)))
            assert why is not None and "from the display" in why
            refused += 1
        state, _ = GAME.step(state, count)
    return refused
