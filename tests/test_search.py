"""The generic search players (``ai.search``): they see only an observation, are reproducible, and search."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from ai.habits import Watcher
from ai.propuh.components import GRANNY, PROPUH
from ai.propuh.game import GAME
from ai.propuh.observation import observe
from ai.propuh.rules import Phase, PropuhConfig, PropuhState
from ai.search import ISMCTSPlayer, MCTSPlayer
from tests.support.nim import Nim, Pile

TWO = PropuhConfig(solo=False)


# -- a tiny perfect-information game: take 1 or 2 from a pile, who takes the last wins ----------------------


@pytest.mark.parametrize(("left", "best"), [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_mcts_finds_the_winning_take(left: int, best: int) -> None:
    player = MCTSPlayer(Nim(), iterations=600)
    decision = player.decide(Pile(left), [1, 2], random.Random(1))
    assert decision.action == best
    assert decision.value is not None and decision.value > 0.5
    assert "over 600 deals" in (decision.debug or "") and decision.reason == "chosen by search"


def test_the_only_move_needs_no_search() -> None:
    decision = MCTSPlayer(Nim(), iterations=5).decide(Pile(1), [1], random.Random(0))
    assert decision.action == 1 and decision.reason == "the only legal move"


def test_evaluate_stops_play_outs_at_depth() -> None:
    """With depth 0 every play-out stops right after the tree step: the estimate alone picks the move."""
    calls: list[int] = []

    def evaluate(state: Pile) -> Sequence[float]:
        calls.append(state.left)
        good = 1.0 if state.left == 8 else 0.0  # a made-up value: seat 0 likes leaving 8
        return (good, 1.0 - good)

    player = MCTSPlayer(Nim(), iterations=50, evaluate=evaluate, depth=0)
    assert player.decide(Pile(10), [1, 2], random.Random(3)).action == 2
    assert {8, 9} <= set(calls)


def test_fixed_policy_plays_for_its_seat() -> None:
    """A seat with a fixed policy is not searched: the tree applies the policy (here: always take 1)."""
    seen: list[int] = []

    def take_one(state: Pile, legal: Sequence[int], rng: random.Random) -> int:
        seen.append(state.left)
        return 1

    player = MCTSPlayer(Nim(), iterations=200, fixed={1: take_one})
    # from 3, taking 1 loses to perfect play but wins against "always take 1" (3 -> 2 -> 1 -> we take it)
    decision = player.decide(Pile(3), [1, 2], random.Random(0))
    assert decision.action == 1 and decision.value == 1.0
    assert seen and player.last_iterations == 200


def test_bad_bounds_are_refused() -> None:
    with pytest.raises(ValueError):
        MCTSPlayer(Nim(), iterations=0)
    with pytest.raises(ValueError):
        MCTSPlayer(Nim(), think=0)
    with pytest.raises(ValueError):
        MCTSPlayer(Nim(), iterations=5, depth=3)


# -- information sets: the bot sees only its observation ----------------------------------------------------


def _reshuffled(state: PropuhState, seat: int, rng: random.Random) -> PropuhState:
    """The same game with the cards ``seat`` cannot see (the other hand, the deck, the solo removals) dealt
    differently."""
    other = 1 - seat
    hidden_hand = [] if state.config.solo else list(state.hands[other])
    pool = hidden_hand + list(state.deck) + list(state.removed)
    while True:
        rng.shuffle(pool)
        hand = tuple(sorted(pool[: len(hidden_hand)]))
        deck = tuple(pool[len(hidden_hand) : len(hidden_hand) + len(state.deck)])
        removed = tuple(pool[len(hidden_hand) + len(state.deck) :])
        hands = list(state.hands)
        if not state.config.solo:
            hands[other] = hand
        alt = dataclasses.replace(state, hands=(hands[0], hands[1]), deck=deck, removed=removed)
        if alt.deck != state.deck and (state.config.solo or alt.hands[other] != state.hands[other]):
            return alt


def _positions(config: PropuhConfig, seed: int, moves: int) -> PropuhState:
    state = GAME.initial_state(config, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.phase != Phase.PLAY or GAME.is_over(state):
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


@pytest.mark.parametrize(
    ("config", "seed", "moves"),
    [(TWO, 11, 0), (TWO, 12, 3), (TWO, 13, 6), (PropuhConfig(solo=True, difficulty="2"), 14, 2)],
)
def test_same_observation_same_decision_whatever_the_hidden_cards(
    config: PropuhConfig, seed: int, moves: int
) -> None:
    state = _positions(config, seed, moves)
    assert state.phase == Phase.PLAY
    seat = GAME.to_move(state)
    alt = _reshuffled(state, seat, random.Random(seed))
    assert alt != state
    assert observe(alt, seat) == observe(state, seat)
    assert GAME.legal_actions(alt) == GAME.legal_actions(state)
    for level in ("hard", "normal", "easy", "random"):
        player = GAME.make_player(level, seat, config, iterations=40)
        one = player.decide(GAME.observation(state, seat), GAME.legal_actions(state), random.Random(99))
        two = player.decide(GAME.observation(alt, seat), GAME.legal_actions(alt), random.Random(99))
        assert one == two, level


def test_ismcts_is_reproducible_and_searches_only_legal_moves() -> None:
    state = _positions(TWO, 21, 1)
    seat = GAME.to_move(state)
    legal = GAME.legal_actions(state)
    watcher = GAME.make_player("hard", seat, TWO, iterations=60)
    assert isinstance(watcher, Watcher)  # it keeps what it saw over a session, round the search
    player = watcher.player
    assert isinstance(player, ISMCTSPlayer)
    stats = player.search(GAME.observation(state, seat), legal, random.Random(5))
    assert set(stats) <= set(legal) and sum(v for v, _ in stats.values()) == 60
    again = player.search(GAME.observation(state, seat), legal, random.Random(5))
    assert again == stats


@pytest.mark.parametrize("seat", [GRANNY, PROPUH])
def test_hard_keeps_its_win_chance_from_the_table(seat: int) -> None:
    state = _positions(TWO, 31 + seat, seat)
    assert GAME.to_move(state) == seat
    decision = GAME.make_player("hard", seat, TWO, iterations=30).decide(
        GAME.observation(state, seat), GAME.legal_actions(state), random.Random(0)
    )
    assert decision.action in GAME.legal_actions(state)
    assert decision.value is not None and 0.0 <= decision.value <= 1.0
    # the estimate reads the bot's hand: only in ``debug``, never in the reason the table reads
    assert "estimated win chance" in (decision.debug or "")
    assert "chance" not in (decision.reason or "") and "%" not in (decision.reason or "")


def test_a_forced_move_with_hidden_cards_is_searched_and_explained_like_any_other() -> None:
    """ "the only legal move" would tell the table what a card-game bot holds: ISMCTS searches it anyway."""

    class HiddenNim(Nim):
        def determinize(self, observation: Pile, rng: random.Random) -> Pile:
            return observation

    decision = ISMCTSPlayer(HiddenNim(), iterations=5).decide(Pile(1), [1], random.Random(0))
    assert decision.action == 1
    assert decision.reason == "chosen by search"  # not how many deals: a time budget ties it to the hand
    assert decision.debug == "search: estimated win chance 100% over 5 deals"
