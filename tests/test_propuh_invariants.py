"""Invariants over random Propuh games: the cards are conserved, tokens stay within the maxima, states are never
mutated, and every game ends by round 7 with exactly one winner — solo at each difficulty, two-player, and at a
table with a physical deck where the draws are typed.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.propuh.bots.automaton import automaton
from ai.propuh.components import (
    DECK_SIZE,
    GRANNY,
    KIND_COUNTS,
    KINDS,
    LOCS,
    MAX_ROUNDS,
    MAXIMA,
    PROPUH,
    SOLO_REMOVED,
)
from ai.propuh.game import GAME
from ai.propuh.rules import Draw, Phase, PropuhConfig, PropuhState
from ai.protocol import CHANCE

SOLO = [PropuhConfig(difficulty=d) for d in ("1", "2", "3")] + [
    PropuhConfig(difficulty="random", random_cards=n) for n in (1, 2, 3, 4)
]
TWO_PLAYER = [PropuhConfig(solo=False)]
PHYSICAL = [
    PropuhConfig(physical=True, untracked=(GRANNY,), difficulty=d) for d in ("1", "2", "3", "random")
] + [
    PropuhConfig(physical=True),
    PropuhConfig(solo=False, physical=True),
    PropuhConfig(solo=False, physical=True, untracked=(GRANNY,)),
    PropuhConfig(solo=False, physical=True, untracked=(GRANNY, PROPUH)),
]


def discards(state: PropuhState) -> Counter[int]:
    """Per kind, cards discarded: every card face up (``seen``) except the drawn and the unresolved one."""
    out: Counter[int] = Counter({kind: n for kind, n in enumerate(state.seen) if n})
    if state.drawn is not None:
        out[state.drawn.kind] -= 1
    if state.unresolved is not None:
        out[state.unresolved.card.kind] -= 1
    return out


def check_cards(state: PropuhState) -> None:
    """The 28 cards are all somewhere: deck, removed, hands, hidden hands, drawn, unresolved, discards."""
    gone = discards(state)
    assert all(n >= 0 for n in gone.values())
    on_board = (state.drawn is not None) + (state.unresolved is not None)
    in_hands = len(state.hands[GRANNY]) + len(state.hands[PROPUH]) + sum(state.hidden)
    if state.config.physical:
        # The deck count includes the cards dealt but not yet typed; the removed cards are not looked at.
        removed = SOLO_REMOVED if state.config.solo else 0
        assert state.deck == () and state.removed == ()
        total = state.deck_size + removed + in_hands + on_board + sum(gone.values())
        assert total == DECK_SIZE
        # No kind is ever accounted for more often than it is printed.
        known = Counter(c.kind for hand in state.hands for c in hand) + Counter(
            {k: n for k, n in enumerate(state.seen) if n}
        )
        assert all(known[c.kind] <= KIND_COUNTS[c.kind] for c in KINDS)
    else:
        assert state.hidden == (0, 0) and state.pending == ()
        assert state.deck_size == len(state.deck)
        everything = Counter(c.kind for c in (*state.deck, *state.removed, *state.hands[0], *state.hands[1]))
        if state.drawn is not None:
            everything[state.drawn.kind] += 1
        if state.unresolved is not None:
            everything[state.unresolved.card.kind] += 1
        everything += gone
        assert everything == Counter({c.kind: KIND_COUNTS[c.kind] for c in KINDS})
    if state.config.solo:
        assert state.hands[PROPUH] == () and state.hidden[PROPUH] == 0


def check_tokens(state: PropuhState) -> None:
    for seat in (GRANNY, PROPUH):
        for loc in LOCS:
            assert 0 <= state.tokens[seat][loc] <= MAXIMA[seat][loc]


def check_turn(state: PropuhState) -> None:
    assert 1 <= state.round <= MAX_ROUNDS
    legal = GAME.legal_actions(state)
    if GAME.is_over(state):
        assert legal == []
        assert GAME.to_move(state) not in (GRANNY, PROPUH, CHANCE)
        return
    assert legal, "a game that is not over has a legal action"
    assert len(set(legal)) == len(legal)
    mover = GAME.to_move(state)
    if mover == CHANCE:
        assert all(isinstance(a, Draw) for a in legal)
    if state.phase == Phase.PLAY and state.unresolved is not None:
        assert state.unresolved.owner != mover
    if state.config.solo and state.phase == Phase.PLAY and mover == PROPUH:
        assert state.drawn is not None


def play(config: PropuhConfig, seed: int, rng: random.Random, use_automaton: bool) -> PropuhState:
    """A random game checked at every step; Propuh is the automaton when asked (solo only)."""
    state = GAME.initial_state(config, seed)
    assert state == GAME.initial_state(config, seed)  # the seed fixes the game
    bot = automaton(config)
    steps = 0
    while True:
        check_cards(state)
        check_tokens(state)
        check_turn(state)
        if GAME.is_over(state):
            return state
        legal = GAME.legal_actions(state)
        if use_automaton and config.solo and GAME.to_move(state) == PROPUH:
            action = bot.decide(GAME.observation(state, PROPUH), legal, rng).action
        else:
            action = rng.choice(list(legal))
        before = copy.deepcopy(state)
        fingerprint = hash(state)
        after, _ = GAME.step(state, action)
        assert state == before and hash(state) == fingerprint, "apply mutated its input"
        assert GAME.apply(state, action) == after  # step and apply agree
        if after.round > state.round:
            assert after.plays == 0 or GAME.is_over(after)
        state = after
        steps += 1
        assert steps <= GAME.info.max_length


def check_end(state: PropuhState) -> None:
    assert GAME.is_over(state)
    assert state.round <= MAX_ROUNDS
    result = GAME.result(state)
    assert len(result.winners) == 1 and result.winners[0] in (GRANNY, PROPUH)
    assert result.reason
    assert result.utility(result.winners[0]) == 1.0
    if "tired" in result.reason:
        assert state.round == MAX_ROUNDS
        assert state.hand_count(GRANNY) == state.hand_count(PROPUH) == 0
        assert state.deck_size - len(state.pending) == 0


GAMES = st.tuples(st.integers(0, 2**32), st.randoms(use_true_random=False), st.booleans())


@settings(max_examples=80, deadline=None)
@given(config=st.sampled_from(SOLO), game=GAMES)
def test_random_solo_games(config: PropuhConfig, game: tuple[int, random.Random, bool]) -> None:
    seed, rng, use_automaton = game
    check_end(play(config, seed, rng, use_automaton))


@settings(max_examples=50, deadline=None)
@given(game=GAMES)
def test_random_two_player_games(game: tuple[int, random.Random, bool]) -> None:
    seed, rng, _ = game
    check_end(play(TWO_PLAYER[0], seed, rng, False))


@settings(max_examples=80, deadline=None)
@given(config=st.sampled_from(PHYSICAL), game=GAMES)
def test_random_physical_games_with_typed_draws(
    config: PropuhConfig, game: tuple[int, random.Random, bool]
) -> None:
    seed, rng, use_automaton = game
    check_end(play(config, seed, rng, use_automaton))


def test_random_two_player_games_reach_both_winners() -> None:
    """A guard for the invariants above: the random games they check do reach both kinds of end."""
    rng = random.Random(1)
    winners: Counter[int] = Counter()
    for seed in range(60):
        state = play(PropuhConfig(solo=False), seed, rng, False)
        winners[GAME.result(state).winners[0]] += 1
    assert winners[GRANNY] > 0 and winners[PROPUH] > 0
