"""Potra Bash invariants over random games (hypothesis): cards conserved, every pick within the limit, each
round empties the field, notation round-trips, observations hide what they must and determinize agrees, a state
is a snapshot that later moves leave as it was."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import pickle
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.potra_bash.components import deck
from ai.potra_bash.game import GAME
from ai.potra_bash.observation import determinize, observe
from ai.potra_bash.rules import Phase, PotraConfig, PotraState, Take, eligible, public_counts, to_move
from ai.protocol import CHANCE

SETTINGS = settings(max_examples=25, deadline=None)


def all_cards(state: PotraState) -> Counter[int]:
    cards = public_counts(state) + Counter(state.deck) + Counter(state.removed)
    for hand in state.hands:
        cards.update(hand)
    return cards


def play_out(seed: int, players: int, physical: bool = False) -> list[PotraState]:
    config = PotraConfig(players=players, physical=physical, untracked=(0,) if physical else ())
    state = GAME.initial_state(config, seed)
    rng = random.Random(seed)
    states = [state]
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        assert legal
        action = rng.choice(list(legal))
        text = GAME.format_action(state, action)
        assert GAME.parse_action(state, text) == action, text
        state = GAME.apply(state, action)
        states.append(state)
    return states


@SETTINGS
@given(st.integers(0, 10**6), st.integers(3, 5))
def test_cards_are_conserved_and_rounds_empty_the_field(seed: int, players: int) -> None:
    states = play_out(seed, players)
    full = Counter(deck(players))
    for before, after in itertools.pairwise(states):
        assert all_cards(after) == full
        assert after.deck_size == len(after.deck)
        if after.round != before.round or after.phase == Phase.OVER:
            assert after.field == ()
            assert sum(len(p) for p in after.piles) == sum(len(p) for p in before.piles) + len(
                before.field
            ) + (1 if before.phase == Phase.PLAY else 0)
        if after.phase == Phase.PLAY and after.lap == 1 and after.acted == 0:
            assert all(after.hand_count(s) == 3 for s in range(players)) or after.deck_size == 0
    final = states[-1]
    assert final.deck_size == 0
    result = GAME.result(final)
    assert result.winners and result.scores is not None


@SETTINGS
@given(st.integers(0, 10**6), st.integers(3, 5))
def test_each_pick_respects_the_limit(seed: int, players: int) -> None:
    states = play_out(seed, players)
    for state in states:
        if state.phase != Phase.TAKE:
            continue
        seat = to_move(state)
        others = [c for c in state.field if c[0] != seat]
        for action in GAME.legal_actions(state):
            assert isinstance(action, Take)
            assert (action.owner, action.value) in state.field
            if others:
                assert action.owner != seat
        takes = {(a.owner, a.value) for a in GAME.legal_actions(state) if isinstance(a, Take)}
        assert set(eligible(state, seat)) == takes


@SETTINGS
@given(st.integers(0, 10**6), st.integers(3, 5))
def test_physical_games_end_and_hide_people_hands(seed: int, players: int) -> None:
    states = play_out(seed, players, physical=True)
    for state in states:
        assert state.hands[0] == ()
        assert state.hand_count(0) in (0, 1, 2, 3)
        if to_move(state) == CHANCE:
            assert state.pending
    assert GAME.is_over(states[-1])


@SETTINGS
@given(st.integers(0, 10**6), st.integers(3, 5), st.integers(0, 2**31))
def test_observation_hides_other_hands_and_determinize_agrees(seed: int, players: int, deal: int) -> None:
    states = play_out(seed, players)
    state = states[len(states) // 2]
    seat = deal % players
    obs = observe(state, seat)
    other = (seat + 1) % players
    shuffled = determinize(observe(state, other), random.Random(deal))
    # what the seat sees does not depend on the other hands or the deck order
    twin = determinize(obs, random.Random(deal))
    assert observe(twin, seat) == obs
    assert all_cards(twin) == Counter(deck(players))
    assert all_cards(shuffled) == Counter(deck(players))
    assert shuffled.hands[other] == state.hands[other]


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 5), st.booleans())
def test_a_state_is_a_snapshot_that_copies_pickles_and_plays_on_alike(
    seed: int, players: int, physical: bool
) -> None:
    """Applying an action leaves the state as it was; a state rebuilt from its fields, copied or pickled equals
    it and goes on to the very same state."""
    config = PotraConfig(players=players, physical=physical, untracked=(1,) if physical else ())
    state = GAME.initial_state(config, seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        action = rng.choice(legal)
        rebuilt = dataclasses.replace(state)
        twins = (rebuilt, copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state)))
        assert all(twin == state for twin in twins)
        after = GAME.apply(state, action)
        assert dataclasses.replace(state) == rebuilt and GAME.legal_actions(state) == legal
        assert all(GAME.apply(twin, action) == after for twin in twins)
        state = after
