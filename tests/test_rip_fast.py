"""The mutable fast path (``ai.rip.fast``) plays the same games as the public immutable rules, its play-out
policy chooses what ``ai.rip.policy.playout`` chooses, and ``hard``'s search is the same search on either."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.rip.cards import cards_from_dicts
from ai.rip.fast import OVER, Fast, shuffle
from ai.rip.fast_policy import policy, simulate
from ai.rip.game import GAME
from ai.rip.observation import observe
from ai.rip.policy import playout
from ai.rip.rules import (
    Phase,
    RipConfig,
    RipState,
    apply,
    initial_state,
    legal_actions,
    state_totals,
)

#: A user's cards 15-20 (``--cards``): effects the known cards do not have (a negative bonus on both sides, a
#: change in round 10, card 14's minimum of 3 with a claim, a named +3 on the owner's side, card 6 on a ghost).
USER_CARDS = cards_from_dicts(
    [
        {
            "id": 15,
            "level": 2,
            "text": "A 5, 3 less in round 10.",
            "effects": [{"kind": "ghost", "value": 5, "round10": -3}],
        },
        {
            "id": 16,
            "level": 2,
            "text": "Your 1s +2; the opponent's 6 counts 0.",
            "effects": [
                {"kind": "bonus", "amount": 2, "values": [1]},
                {"kind": "nullify", "side": "opponent", "values": [6]},
            ],
        },
        {
            "id": 17,
            "level": 3,
            "text": "Odd ghosts -3.",
            "effects": [{"kind": "bonus", "amount": -3, "side": "both", "parity": "odd"}],
        },
        {
            "id": 18,
            "level": 3,
            "text": "The opponent plays 0 or 3+ cards; take this round's card.",
            "effects": [{"kind": "min_plays", "count": 3}, {"kind": "claim"}],
        },
        {
            "id": 19,
            "level": 2,
            "text": "A 2; the next card is random.",
            "effects": [{"kind": "ghost", "value": 2}, {"kind": "random_next"}],
        },
        {
            "id": 20,
            "level": 4,
            "text": "Name a value: yours +3.",
            "effects": [{"kind": "bonus", "amount": 3, "named": True}],
        },
    ]
)
CONFIGS = [
    RipConfig(),
    RipConfig(tutorial=True),
    RipConfig(named_both_sides=False),
    RipConfig(extra_cards=USER_CARDS),
]


def same(state: RipState, f: Fast) -> None:
    """Everything the fast copy holds agrees with the public state."""
    assert f.phase == int(state.phase)
    assert (f.round, f.mover, f.first, f.loser, f.turn_plays, f.nonce, f.revealed) == (
        state.round,
        state.mover,
        state.first,
        state.loser,
        state.turn_plays,
        state.nonce,
        state.revealed,
    )
    assert (tuple(f.blind), tuple(f.won), f.winners, f.round10) == (
        state.blind,
        state.won,
        state.winners,
        state.round10,
    )
    for seat, side in enumerate(state.sides):
        assert (f.hand(seat), tuple(f.decks[seat]), tuple(f.downs[seat])) == (
            side.hand,
            side.deck,
            side.down,
        )
        assert (tuple(f.owned[seat]), tuple(f.tables[seat]), tuple(f.taken[seat])) == (
            side.owned,
            side.table,
            side.tokens,
        )
    if state.phase != Phase.OVER:
        assert list(f.legal()) == legal_actions(state)
        assert f.totals() == state_totals(state)


@pytest.mark.parametrize("config", CONFIGS, ids=["advanced", "tutorial", "card10-own-side", "user-cards"])
def test_random_games_are_the_same_game_on_both_paths(config: RipConfig) -> None:
    """A generator's choices among the listed legal actions give the same game, step by step, on the public
    rules and on the fast path (card 6's random card and card 2's shuffle included), dealt by ``Fast.deal`` as by
    ``initial_state``."""
    for seed in range(100):
        state = initial_state(config, seed)
        same(state, Fast.from_state(state))
        f = Fast.deal(config, seed)
        same(state, f)
        rng = random.Random(seed)
        while state.phase != Phase.OVER:
            action = rng.choice(legal_actions(state))
            state = apply(state, action)
            f.apply(action)
            same(state, f)
        assert f.utilities() == [GAME.result(state).utility(seat) for seat in (0, 1)]


def test_thousands_of_seeded_games_are_the_same_on_both_paths() -> None:
    """3,000 seeds (the three setups in turn): the same legal actions in the same order at every step, the same
    end (winners, the round-10 totals, every round's winner, the generator's nonce)."""
    steps = 0
    for seed in range(3000):
        config = CONFIGS[seed % len(CONFIGS)]
        state, f, rng = initial_state(config, seed), Fast.deal(config, seed), random.Random(seed)
        while state.phase != Phase.OVER:
            legal = legal_actions(state)
            assert list(f.legal()) == legal, seed
            action = rng.choice(legal)
            state = apply(state, action)
            f.apply(action)
            steps += 1
        assert (f.phase, f.winners, f.round10, tuple(f.won), f.nonce) == (
            OVER,
            state.winners,
            state.round10,
            state.won,
            state.nonce,
        ), seed
    assert steps > 150_000


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), setup=st.sampled_from(CONFIGS))
def test_any_seed_gives_the_same_game_state_by_state(seed: int, setup: RipConfig) -> None:
    """Any seed: after every action, everything the fast copy holds agrees with the public state."""
    state, f, rng = initial_state(setup, seed), Fast.deal(setup, seed), random.Random(seed)
    same(state, f)
    while state.phase != Phase.OVER:
        action = rng.choice(legal_actions(state))
        state = apply(state, action)
        f.apply(action)
        same(state, f)


def test_the_deal_shuffles_as_the_generator_does() -> None:
    """``fast.shuffle`` is ``random.Random.shuffle`` written out: the same order from the same generator, and
    the generator left in the same state."""
    for seed in range(300):
        cards = list(range(seed % 40))
        mine, theirs = random.Random(seed), random.Random(seed)
        ours = list(cards)
        shuffle(mine, ours)
        theirs.shuffle(cards)
        assert ours == cards
        assert mine.getstate() == theirs.getstate()


def _somewhere(config: RipConfig, seed: int) -> RipState:
    """A position some random moves into a game."""
    state = initial_state(config, seed)
    walk = random.Random(seed)
    for _ in range(walk.randrange(0, 40)):
        if state.phase == Phase.OVER:
            break
        state = apply(state, walk.choice(legal_actions(state)))
    return state


def test_the_fast_policy_chooses_what_the_play_out_policy_chooses() -> None:
    """Move by move, from the same generator, ``fast_policy.policy`` plays ``policy.playout``'s game to the same
    end; ``simulate`` gives the same result as the public loop."""
    decisions = 0
    for seed in range(600):
        state = _somewhere(CONFIGS[seed % len(CONFIGS)], seed)
        f = Fast.from_state(state) if state.phase != Phase.OVER else None
        if f is None:
            continue
        start = state
        rng, fast_rng = random.Random(seed), random.Random(seed)
        while state.phase != Phase.OVER:
            action = playout(state, legal_actions(state), rng)
            assert policy(f, fast_rng) == action, (seed, state)
            state = apply(state, action)
            f.apply(action)
            decisions += 1
        assert f.phase == OVER and f.winners == state.winners
        assert list(simulate(start, random.Random(seed))) == f.utilities()
    assert decisions > 8000


def test_a_state_the_fast_path_cannot_copy_is_played_out_by_the_public_loop() -> None:
    """A person's own deck (draws to type) is not copied: ``simulate`` plays the public rules instead; a deal of
    what the bot has not seen always is copied."""
    state = initial_state(RipConfig(physical=(0,), first=1), 3)
    state = apply(state, legal_actions(state)[0])  # the person's first five cards, typed
    assert state.phase == Phase.PLAY and not Fast.copies(state)
    with pytest.raises(ValueError):
        Fast(state)
    with pytest.raises(ValueError):
        Fast.deal(state.config, 3)
    rng = random.Random(1)
    end = state
    while end.phase != Phase.OVER:
        end = apply(end, playout(end, legal_actions(end), rng))
    assert list(simulate(state, random.Random(1))) == [GAME.result(end).utility(seat) for seat in (0, 1)]
    assert Fast.copies(GAME.determinize(observe(state, 1), random.Random(0)))


def test_the_search_with_the_fast_play_outs_is_the_same_search() -> None:
    """``hard`` plays out on the fast path; with the public loop instead, every statistic is the same."""
    from ai.rip.hard import HardPlayer

    searched = 0
    for seed in range(6):
        state = _somewhere(CONFIGS[0], seed)
        if state.phase == Phase.OVER:
            continue
        seat = GAME.to_move(state)
        obs, legal = observe(state, seat), legal_actions(state)
        fast = HardPlayer(iterations=60)
        slow = HardPlayer(iterations=60, fast=False)
        assert fast.search.simulate is not None and slow.search.simulate is None
        stats = fast.search.search(obs, legal, random.Random(seed))
        assert sum(visits for visits, _ in stats.values()) == 60
        assert stats == slow.search.search(obs, legal, random.Random(seed))
        searched += 1
    assert searched >= 4
