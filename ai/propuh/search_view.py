"""How Propuh's ``hard`` search sees the game: the protocol functions its tree calls, and the seats it models
by their rules instead of searching their moves.

Two views give the same search (``tests/test_propuh_bots_fast.py`` compares every statistic):

- ``PUBLIC``: the public rules, immutable states and public actions (``ai.propuh.rules``): for tests, and to
  read what the search does;
- ``FAST``: the fast path (``ai.propuh.fast``): each deal is copied once into a mutable ``Fast`` game, its
  moves are integers, and the tree walks and plays out that one copy in place. The actions at the root are
  translated both ways (``encode``, ``decode``). Issue 17: the tree on the public rules (its ``apply``, its
  ``legal_actions``, hashing public actions) took half of Granny's second, and her model of Propuh ran his rule
  list over an observation at each of his moves.

A view's ``models(config)`` are its policies for a seat the tree does not search: ``playout`` (each seat's quick
rules, a random move one time in ten), ``automaton`` (solo Propuh, public) and ``simulate`` (the whole play-out
from a leaf).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai import rng as seeded
from ai.propuh.automaton import automaton_rules
from ai.propuh.bots import propuh_rules, quick_granny_rules
from ai.propuh.cards import GRANNY, PROPUH
from ai.propuh.fast import OVER, REASONS, Fast, from_action, playout, to_action
from ai.propuh.fast_policy import automaton_move, granny_policy, propuh_policy
from ai.propuh.observation import PropuhObservation, determinize, observe
from ai.propuh.rules import Action, Phase, PropuhConfig, PropuhState, apply, legal_actions, to_move
from ai.protocol import Result

#: The play-outs' chance of a random move.
PLAYOUT_NOISE = 0.1

#: A policy on the view's states: ``(state, legal actions, rng) -> action``.
Policy = Callable[[Any, Sequence[Any], random.Random], Any]


class _Noisy:
    """A play-out policy's shape, one for both views so that they draw the same numbers from the generator: a
    forced move at once, a random move with chance ``noise``, else the subclass's ``choose``."""

    noise: float

    def __call__(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        if self.noise and rng.random() < self.noise:
            return seeded.choice(rng, list(legal))
        return self.choose(state, legal)

    def choose(self, state: Any, legal: Sequence[Any]) -> Any:
        raise NotImplementedError


class PlayOut(_Noisy):
    """The search's play-out policy on full states: each seat plays its quick priority rules from its own
    observation (Propuh's automaton in solo), with a small chance of a random move for variety."""

    def __init__(self, config: PropuhConfig, noise: float = PLAYOUT_NOISE) -> None:
        self.granny = quick_granny_rules()
        self.propuh = automaton_rules(config) if config.solo else propuh_rules()
        self.noise = noise

    def choose(self, state: PropuhState, legal: Sequence[Action]) -> Action:
        seat = to_move(state)
        rules = self.granny if seat == GRANNY else self.propuh
        return rules.first(observe(state, seat), legal)[1]


class FastPlayOut(_Noisy):
    """``PlayOut`` on the fast path: the same moves from the same generator (``fast_policy``'s policies are the
    quick rule lists computed on integers), for a two-player game."""

    def __init__(self, noise: float = PLAYOUT_NOISE) -> None:
        self.noise = noise

    def choose(self, f: Fast, legal: Sequence[int]) -> int:
        return granny_policy(f) if f.mover() == GRANNY else propuh_policy(f)


@dataclass(frozen=True, slots=True)
class Models:
    """A view's policies for the seats the tree applies instead of searching, and its whole play-out."""

    playout: Policy
    automaton: Policy
    simulate: Callable[[Any, random.Random], tuple[float, float]]


def _values(winner: int) -> tuple[float, float]:
    return (1.0, 0.0) if winner == GRANNY else (0.0, 1.0)


class PublicView:
    """The search's protocol functions on the public rules (see the module docstring)."""

    legal_actions = staticmethod(legal_actions)
    to_move = staticmethod(to_move)
    determinize = staticmethod(determinize)

    @staticmethod
    def apply(state: PropuhState, action: Action) -> PropuhState:
        return apply(state, action)

    @staticmethod
    def is_over(state: PropuhState) -> bool:
        return state.phase == Phase.OVER

    @staticmethod
    def result(state: PropuhState) -> Result:
        return Result((state.winner if state.winner is not None else PROPUH,), state.reason)

    @staticmethod
    def num_players(state: PropuhState) -> int:
        return 2

    @staticmethod
    def encode(action: Action) -> Any:
        return action

    @staticmethod
    def decode(action: Any) -> Action:
        return action  # type: ignore[no-any-return]

    @staticmethod
    def models(config: PropuhConfig, noise: float = PLAYOUT_NOISE) -> Models:
        rules = automaton_rules(config)
        policy = PlayOut(config, noise)

        def automaton(state: PropuhState, legal: Sequence[Action], rng: random.Random) -> Action:
            return rules.first(observe(state, PROPUH), legal)[1]

        def simulate(state: PropuhState, rng: random.Random) -> tuple[float, float]:
            # the public loop, as ``ISMCTSPlayer`` plays it with ``PlayOut`` and the automaton fixed
            while state.phase != Phase.OVER:
                legal = legal_actions(state)
                solo = config.solo and to_move(state) == PROPUH
                state = apply(state, (automaton if solo else policy)(state, legal, rng))
            return _values(state.winner if state.winner is not None else PROPUH)

        return Models(policy, automaton, simulate)


class FastView:
    """The search's protocol functions on the fast path (see the module docstring): a state is a ``Fast``
    game that ``apply`` changes in place, each iteration's deal its own copy."""

    @staticmethod
    def determinize(observation: PropuhObservation, rng: random.Random) -> Fast:
        return Fast.from_state(determinize(observation, rng))

    @staticmethod
    def legal_actions(f: Fast) -> list[int]:
        return f.legal()

    @staticmethod
    def to_move(f: Fast) -> int:
        return f.mover()

    @staticmethod
    def apply(f: Fast, code: int) -> Fast:
        f.apply(code)
        return f

    @staticmethod
    def is_over(f: Fast) -> bool:
        return f.phase == OVER

    @staticmethod
    def result(f: Fast) -> Result:
        return Result((f.winner,), REASONS[f.reason])

    @staticmethod
    def num_players(f: Fast) -> int:
        return 2

    encode = staticmethod(from_action)
    decode = staticmethod(to_action)

    @staticmethod
    def models(config: PropuhConfig, noise: float = PLAYOUT_NOISE) -> Models:
        def automaton(f: Fast, legal: Sequence[int], rng: random.Random) -> int:
            return automaton_move(f)

        def simulate(f: Fast, rng: random.Random) -> tuple[float, float]:
            return _values(playout(f, rng, noise))

        return Models(FastPlayOut(noise), automaton, simulate)


PUBLIC = PublicView()
FAST = FastView()
