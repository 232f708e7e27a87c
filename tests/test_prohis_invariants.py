"""Prohis invariants: cards are conserved; an observation hides exactly what it should; a bot's decision does
not depend on the cards hidden from it."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.prohis import rules as R
from ai.prohis.components import KINDS, UNKNOWN, deck_counts
from ai.prohis.game import GAME
from ai.prohis.notation import format_action, parse_action
from ai.prohis.observation import observe
from tests.support.prohis import walk

SETTINGS = settings(max_examples=12, deadline=None)


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 10**6), st.booleans())
def test_cards_conserved(players: int, seed: int, physical: bool) -> None:
    deck = deck_counts(players)
    for state in walk(players, seed, 400, physical):
        known = R.known_counts(state)
        assert sum(known) == sum(deck)  # hands, warehouses, display, pile, convoy, bribe, controllers
        for k in KINDS:
            assert 0 <= known[k] <= deck[k]
        if not physical:
            assert known[:5] == deck and known[UNKNOWN] == 0
        assert all(n >= 0 for counts in (*state.hands, *state.warehouses) for n in counts)


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_notation_round_trip(players: int, seed: int) -> None:
    for state in walk(players, seed, 120)[::7]:
        for act in R.legal_actions(state):
            assert parse_action(state, format_action(state, act)) == act


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 10**6), st.booleans())
def test_determinize_is_consistent_with_the_observation(players: int, seed: int, physical: bool) -> None:
    rng = random.Random(seed)
    for state in walk(players, seed, 300, physical)[::5]:
        seat = R.to_move(state)
        if seat < 0 or not state.tracked(seat):
            continue
        obs = observe(state, seat)
        deal = GAME.determinize(obs, rng)
        again = observe(deal, seat)
        assert again.hand == obs.hand and again.convoy == obs.convoy
        if not obs.warehouse[UNKNOWN]:  # a person's unturned cards seized by a bot: dealt in the deal
            assert again == obs or physical
        assert sorted(R.legal_actions(deal)) == sorted(R.legal_actions(state))
        assert R.known_counts(deal)[:5] == deck_counts(players)


@settings(max_examples=5, deadline=None)
@given(st.integers(3, 5), st.integers(0, 10**6))
def test_bot_decision_ignores_hidden_cards(players: int, seed: int) -> None:
    """Two deals that look the same to the bot's seat (others' hands, the pile, face-down convoys and
    warehouses redealt) get the same move from normal and from hard."""
    rng = random.Random(seed)
    for state in walk(players, seed, 200)[::29]:
        seat = R.to_move(state)
        if seat < 0:
            continue
        other = GAME.determinize(observe(state, seat), rng)
        assert observe(other, seat) == observe(state, seat)
        for level, iterations in (("normal", None), ("hard", 6)):
            decisions = []
            for s in (state, other):
                player = GAME.make_player(level, seat, state.config, iterations=iterations)
                decisions.append(player.decide(observe(s, seat), R.legal_actions(s), random.Random(1)).action)
            assert decisions[0] == decisions[1]


def test_observation_hides_others_hands_and_convoy() -> None:
    state = R.initial_state(R.ProhisConfig(players=4), 3)
    seat = (state.active + 1) % 4
    hand = R.cards_of(state.hands[state.active])
    state = R.apply(state, R.Act(R.CONVOY, hand[:2]))
    obs = observe(state, seat)
    if state.phase == R.Phase.COMMIT:
        assert obs.convoy == (UNKNOWN,) * 2
        assert observe(state, state.active).convoy == state.convoy
    assert obs.hand == state.hands[seat]
    assert sum(obs.unseen) == sum(deck_counts(4)) - sum(state.hands[seat]) - 4 - sum(
        1 for c in obs.commits if c is not None
    )


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 10**6), st.booleans())
def test_a_state_is_a_snapshot_playing_on_it_leaves_alone(players: int, seed: int, physical: bool) -> None:
    fields = {f.name for f in dataclasses.fields(R.ProhisState)}
    for state in walk(players, seed, 200, physical)[::3]:
        before = hash(state), dict(vars(state))
        for act in R.legal_actions(state)[:6]:
            after = R.apply(state, act)
            assert set(vars(after)) == fields  # the engine keeps the state's fields and no other
            hash(after)  # every field immutable: nothing a later move could change in place
        assert (hash(state), vars(state)) == before
