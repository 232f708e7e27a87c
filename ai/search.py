"""Generic search players over the game protocol.

``ISMCTSPlayer`` is single-observer information-set Monte Carlo tree search by determinization: each iteration
deals the cards its seat has not seen at random (``game.determinize(observation, rng)``), walks one shared tree
keyed by actions (only the actions legal in this deal are candidates; UCB uses how often a child was
available), plays out at random, and backs up each seat's result. ``MCTSPlayer`` is the same search for games
of perfect information, where the observation is the state.

Both are bounded by time (``think`` seconds) or by ``iterations`` (reproducible: tests use it), take the random
generator they are given, and never see anything but their seat's observation.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ai.protocol import Decision


class _Node:
    __slots__ = ("available", "children", "seat", "value", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here
        self.visits = 0
        self.available = 0
        self.value = 0.0
        self.children: dict[Hashable, _Node] = {}


Rollout = Callable[[Any, Sequence[Any], random.Random], Any]


class ISMCTSPlayer:
    """Information-set MCTS by determinization; see the module docstring."""

    def __init__(
        self,
        game: Any,
        think: float = 1.0,
        iterations: int | None = None,
        exploration: float = 0.7,
        rollout: Rollout | None = None,
        name: str = "hard",
    ) -> None:
        self.game = game
        self.think = think
        self.iterations = iterations
        self.exploration = exploration
        self.rollout = rollout
        self.name = name

    def sample(self, observation: Any, rng: random.Random) -> Any:
        return self.game.determinize(observation, rng)

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        if len(legal) == 1:
            return Decision(legal[0], reason="the only legal move")
        root = _Node(-1)
        legal_set = set(legal)
        deadline = None if self.iterations is not None else time.perf_counter() + self.think
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and time.perf_counter() >= deadline:  # type: ignore[operator]
                break
            self._iterate(root, self.sample(observation, rng), rng)
            done += 1
        candidates = [(a, child) for a, child in root.children.items() if a in legal_set]
        if not candidates:
            return Decision(rng.choice(list(legal)), reason="search found nothing")
        action, best = max(candidates, key=lambda item: (item[1].visits, item[1].value))
        chance = best.value / best.visits if best.visits else 0.0
        return Decision(
            action, reason=f"search: estimated win chance {chance:.0%} over {done} deals", value=chance
        )

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        game = self.game
        node = root
        path = [root]
        while not game.is_over(state):
            legal = game.legal_actions(state)
            mover = game.to_move(state)
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = _Node(mover)
                child.available = 1
                node.children[action] = child
                state = game.apply(state, action)
                path.append(child)
                break
            action = max(legal, key=lambda a: _ucb(node.children[a], self.exploration))
            node = node.children[action]
            state = game.apply(state, action)
            path.append(node)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            action = self.rollout(state, legal, rng) if self.rollout is not None else rng.choice(list(legal))
            state = game.apply(state, action)
        result = game.result(state)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.value += result.utility(visited.seat)


def _ucb(child: _Node, exploration: float) -> float:
    return child.value / child.visits + exploration * math.sqrt(
        math.log(max(child.available, 1)) / child.visits
    )


class MCTSPlayer(ISMCTSPlayer):
    """UCT for perfect information: the observation is the state, so every iteration searches the same one."""

    def sample(self, observation: Any, rng: random.Random) -> Any:
        return observation
