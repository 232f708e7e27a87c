"""What the table has seen each Potra Bash seat do (``PotraState.record``: public): a pass or a play in laps 2 and
3, a high or low card played, a chosen pick of the highest value open or another; every seat sees the same
record and the search's deals keep it."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.habits import game_over
from ai.potra_bash.game import GAME
from ai.potra_bash.observation import observe
from ai.potra_bash.rules import (
    PASS,
    Phase,
    Play,
    PotraConfig,
    PotraState,
    Take,
    apply,
    initial_state,
    legal_actions,
)
from ai.potra_bash.state import NO_RECORD, record_of, tally_of

CONFIG = PotraConfig(players=3, names=("Ann", "Ben", "Cat"))


def position(**changes: object) -> PotraState:
    base = dataclasses.replace(initial_state(CONFIG, 1), starter=0)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_passes_plays_high_and_low_cards_are_counted_after_lap_one() -> None:
    state = position(hands=((4, -2, 3), (1, 1, 1), (3, 3, -3)))
    assert state.record == (NO_RECORD,) * 3
    for action in (Play(4), Play(1), Play(-3)):  # lap 1: no pass possible, only the value counts
        state = apply(state, action)
    assert state.record == ((0, 0, 1, 0, 0, 0), NO_RECORD, (0, 0, 0, 1, 0, 0))
    for action in (Play(-2), PASS, Play(3)):  # lap 2
        state = apply(state, action)
    assert state.record == ((0, 1, 1, 1, 0, 0), (1, 0, 0, 0, 0, 0), (0, 1, 1, 1, 0, 0))
    for seat in range(3):
        assert observe(state, seat).record == state.record


def test_a_chosen_pick_counts_whether_it_took_the_highest_value_open() -> None:
    state = position(phase=Phase.TAKE, picker=0, field=((1, 4), (2, -2), (1, 3)), centre=None)
    state = apply(state, Take(-2, 2))  # seat 0 could have taken the 4
    state = apply(state, Take(4, 1))  # seat 1, its own cards only: the 4 or the 3
    assert [counts[4:] for counts in state.record] == [(0, 1), (1, 0), (0, 0)]


def test_a_forced_pick_or_one_value_open_is_no_choice() -> None:
    state = position(phase=Phase.TAKE, picker=0, field=((1, 4), (2, 4), (0, 3)), centre=None)
    state = apply(state, Take(4, 1))  # two 4s of others open: one value
    assert state.record == (NO_RECORD,) * 3


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.sampled_from((3, 4, 5)))
def test_the_record_is_public_every_seat_sees_it_and_a_deal_keeps_it(
    seed: int, moves: int, players: int
) -> None:
    state = initial_state(PotraConfig(players=players), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        state = apply(state, rng.choice(legal_actions(state)))
    for seat in range(players):
        obs = observe(state, seat)
        assert obs.record == state.record
        assert GAME.determinize(obs, rng).record == state.record


def test_normal_and_hard_keep_the_counts_of_a_sessions_earlier_games() -> None:
    state = initial_state(CONFIG, 3)
    rng = random.Random(3)
    while not GAME.is_over(state):
        state = apply(state, rng.choice(legal_actions(state)))
    for level in ("normal", "hard"):
        bot = GAME.make_player(level, 0, CONFIG, iterations=5)
        fresh = observe(initial_state(CONFIG, 4), 0)
        assert bot.seen(fresh).record == fresh.record
        game_over(bot, observe(state, 0))
        game_over(bot, observe(state, 0))
        assert bot.seen(fresh).record == tuple(tuple(2 * c for c in counts) for counts in state.record)


@given(
    st.integers(min_value=3, max_value=5).flatmap(
        lambda n: st.lists(
            st.tuples(*[st.integers(min_value=0, max_value=2**32 - 1)] * len(NO_RECORD)),
            min_size=n,
            max_size=n,
        )
    )
)
def test_a_record_kept_as_the_engines_tally_reads_back_the_same(record: list[tuple[int, ...]]) -> None:
    assert record_of(tally_of(tuple(record)), len(record)) == tuple(record)


def test_a_count_the_tally_cannot_hold_is_refused_rather_than_spilled_into_the_next() -> None:
    with pytest.raises(ValueError):
        tally_of(((2**32, *NO_RECORD[1:]), NO_RECORD, NO_RECORD))
