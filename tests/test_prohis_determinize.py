"""A deal of the cards a seat has not seen (``observation.determinize``, what ``hard`` searches over) is one the
components allow: the deck holds no captain or inspector (each player takes one of each into hand, the unused
ones leave the game), so none lies in the pile or the display, and a hand holds no more of them than the table
has seen it hold (``ProhisState.held``: taken in openly, put forward, turned over in a convoy)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.prohis import rules as R
from ai.prohis.components import CAPTAIN, ILLEGAL, INSPECTOR, LEGAL, LIEUTENANT, deck_counts
from ai.prohis.game import GAME
from ai.prohis.observation import observe
from tests.support.prohis import dealt, play, table, walk

OPENLY = (CAPTAIN, INSPECTOR)
G, X, L, C, M = LEGAL, ILLEGAL, LIEUTENANT, CAPTAIN, INSPECTOR  # M: the major (the inspector card)


def within_held(state: R.ProhisState) -> None:
    """Every hand holds no more captains and inspectors than ``held`` says, and no more than the game has."""
    for s in range(state.n):
        for k in OPENLY:
            assert 0 <= state.hands[s][k] <= state.held[s][k] <= state.n


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10**6), st.booleans())
def test_a_deal_puts_captains_and_inspectors_only_where_they_can_be(
    players: int, seed: int, physical: bool
) -> None:
    rng = random.Random(seed)
    for state in walk(players, seed, 300, physical)[::3]:
        seat = rng.randrange(players)
        if not state.tracked(seat) or state.phase == R.Phase.COUNT:
            continue
        if state.tracked(0):  # a person's hand at a physical table is not known card by card
            within_held(state)
        obs = observe(state, seat)
        deal = GAME.determinize(obs, rng)
        assert all(card not in OPENLY for card in deal.pile)
        assert all(card not in OPENLY for card in deal.display)
        within_held(deal)
        active = state.active
        if active != seat and state.convoy:  # the active player laid them all from its own hand
            for k in OPENLY:
                laid = deal.hands[active][k] + deal.bribe[k]
                laid += sum(
                    1 for i, c in enumerate(deal.convoy) if c == k and i not in deal.order[: deal.turned]
                )
                assert laid <= state.held[active][k]
        assert R.known_counts(deal)[:5] == deck_counts(players)
        if not physical:
            assert observe(deal, seat) == obs  # the sizes, the public cards, the unseen counts
        else:
            again = observe(deal, seat)
            assert again.warehouse_sizes == obs.warehouse_sizes and again.pile_size == obs.pile_size


def test_held_follows_the_controllers_the_table_sees_move() -> None:
    state = table(((G, G, G, G, C, M), (G, C, M), (G, G, C, M)))
    assert state.held == ((0, 0, 0, 1, 1, 0),) * 3
    state = play(state, "convoy g g", "inspect c", "inspect i", "no bribe", "inspect")  # passes
    assert [(h[C], h[M]) for h in state.held] == [(1, 2), (1, 1), (1, 0)]  # seat 1's captain back in hand
    state = play(R.replace(state, active=0), "convoy g g", "inspect c", "no", "no bribe", "decline")
    assert [(h[C], h[M]) for h in state.held] == [(1, 2), (0, 1), (1, 0)]  # stored: it left the hand
    for seat in range(3):
        assert observe(state, seat).held == state.held


def test_an_informant_turned_over_leaves_the_held_count() -> None:
    state = table(((C, G, G, M), (G, C, M), (G, G, C, M)))
    state = play(state, "convoy c g")
    state = R.replace(state, convoy=(C, G), order=(0, 1))  # the captain is turned over first
    state = play(state, "inspect c", "no", "no bribe", "inspect")
    assert [(h[C], h[M]) for h in state.held] == [(1, 1), (0, 1), (1, 1)]  # its captain out, seat 1's in


def test_no_opponent_is_dealt_without_the_controllers_it_holds() -> None:
    """At the start every opponent holds its captain and inspector: every deal says so (before, the unseen
    captains and inspectors were shuffled with the pile, and most deals left an opponent unable to inspect)."""
    state = R.initial_state(R.ProhisConfig(players=4), 3)
    rng = random.Random(3)
    for _ in range(50):
        deal = GAME.determinize(observe(state, 0), rng)
        assert all((h[C], h[M]) == (1, 1) for h in deal.hands)


def holds_what_it_took(state: R.ProhisState, seat: int) -> bool:
    """``seat``'s hand holds every display card the table saw it take and not leave (``ProhisState.taken``)."""
    return all(state.hands[seat][k] >= state.taken[seat][k] for k in (LEGAL, ILLEGAL, LIEUTENANT))


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10**6), st.booleans())
def test_a_deal_is_consistent_with_the_cards_seen_taken_from_the_display(
    players: int, seed: int, physical: bool
) -> None:
    """Who took which face-up card is public (the card takes illegal goods first, so it says where contraband
    is): the game keeps it (a lower bound on each hand: true in every state the rules reach) and every deal of
    ``hard``'s keeps those cards in that hand (before, they were shuffled with every other unseen card)."""
    rng = random.Random(seed)
    for state in walk(players, seed, 300, physical)[::2]:
        for s in range(players):
            if state.tracked(s):
                assert holds_what_it_took(state, s)
        seat = rng.randrange(players)
        if not state.tracked(seat) or state.phase == R.Phase.COUNT:
            continue
        obs = observe(state, seat)
        deal = GAME.determinize(obs, rng)
        assert observe(deal, seat).taken == obs.taken == state.taken
        if not physical:  # a physical table's random cards may contradict what a person took (see README)
            assert all(holds_what_it_took(deal, s) for s in range(players)), (obs.taken, deal.hands)


def test_taken_follows_the_cards_the_table_sees_move() -> None:
    """A display card taken is in that hand until cards leave it face down: a convoy of two may hold it."""
    state = dealt(((G, G, C, M), (G, C, M), (G, G, C, M)), display=(X, G, L, G))
    state = play(state, "take x", "take l")
    assert state.taken[0][X] == 1 and state.taken[0][L] == 1
    rng = random.Random(1)
    assert all(GAME.determinize(observe(state, 1), rng).hands[0][X] >= 1 for _ in range(30))
    state = play(R.replace(state, active=0), "convoy g g", "no", "no")
    assert state.taken[0] == R.ZERO  # laid face down: either may be among them
