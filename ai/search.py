"""Generic search players over the game protocol.

``ISMCTSPlayer`` is single-observer information-set Monte Carlo tree search by determinization: each iteration
deals the cards its seat has not seen at random (``game.determinize(observation, rng)``), walks one shared tree
keyed by actions (only the actions legal in this deal are candidates; UCB uses how often a child was
available), plays out, and backs up each seat's result. ``MCTSPlayer`` is the same search for games of
perfect information, where the observation is the state.

Both are bounded by time (``think`` seconds) or by ``iterations`` (reproducible: tests use it), take the random
generator they are given, and never see anything but their seat's observation: the decision is a function of
(observation, legal actions, generator state) alone, so two deals that look the same to the seat get the same
move from the same seed.

Knobs a game may pass to make the search strong without teaching it anything game-specific:

- ``rollout(state, legal, rng) -> action``: the play-out policy (default: uniformly random). A cheap heuristic
  here is usually far stronger than random play-outs.
- ``fixed``: seats whose moves follow a known, public policy (a solo game's automaton). The tree does not
  choose for them; it applies the policy, in the tree and in the play-out.
- ``evaluate(state) -> per-seat values in [0, 1]`` with ``depth``: stop a play-out after ``depth`` moves and
  back up the estimate instead of the result (``depth=None`` plays every game to its end).
- ``simulate(state, rng) -> per-seat values``: the whole play-out from a leaf, for a game with a fast path
  (a mutable copy of the state played to its end): it replaces the loop over ``legal_actions``/``apply`` and
  ``rollout``, and must play what that loop would (the game's tests check it does, game for game).

``Anchor`` keeps a bot to its priority rules unless its search is sure of a better move (a game's bot calls
``Anchor.choose`` with the search's statistics: Propuh's and Potra Bash's ``hard``), more loosely from a number
of play-outs on where a game says so (``Anchor.loosen_at``: Propuh's two-player Granny).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from math import log, sqrt
from typing import Any, Protocol

from ai import rng as seeded
from ai.protocol import Decision, Result
from ai.rules import RuleList


class _Node:
    __slots__ = ("available", "children", "seat", "value", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here
        self.visits = 0
        self.available = 0
        self.value = 0.0
        self.children: dict[Hashable, _Node] = {}


#: What the table reads of a searching bot's move. Not how many deals it searched: within a time budget that
#: count depends on how long its play-outs run, so on the cards it holds (it goes to ``Decision.debug``).
SEARCHED = "chosen by search"

#: The share of a time budget kept for the work around a search (the observation, the rules, choosing from the
#: statistics, the last play-out running past its estimate): a decision bounded by ``think`` seconds searches
#: ``(1 - RESERVE) * think``: a bot's turn takes at most ``--think`` in all.
RESERVE = 0.1

#: Set to "1" (``use_cpu_clock``), time-bound searches read this process's CPU time instead of the wall clock.
CPU_CLOCK = "COMPANION_CPU_CLOCK"
_cpu_clock = os.environ.get(CPU_CLOCK) == "1"


def use_cpu_clock(on: bool = True) -> None:
    """Measure ``think`` in CPU seconds of this process (an arena's ``--cpu-clock``): at the table a bot thinks
    by the wall clock, but a long arena run on a shared machine would then give ``hard`` fewer play-outs the
    busier the machine, so a ladder meant to show the strength one second buys counts CPU time.
    The choice is kept in the environment too, so worker processes (``--jobs``) inherit it."""
    global _cpu_clock
    _cpu_clock = on
    os.environ[CPU_CLOCK] = "1" if on else "0"


def clock_name() -> str:
    """Which clock ``think`` is counted on, for reports: "cpu" or "wall"."""
    return "cpu" if _cpu_clock else "wall"


def clock() -> float:
    """Seconds, for time budgets: ``time.perf_counter`` (the table's wall clock), or ``time.process_time``
    after ``use_cpu_clock``. Every time-bound search reads this, never the time module directly."""
    return time.process_time() if _cpu_clock else time.perf_counter()


class Searchable(Protocol):
    """What the search asks of a game: deal the unseen cards of an observation again, then play on what it dealt
    (a snapshot, or an engine that ``apply`` moves on in place and returns: the search never keeps a state it
    has moved on from)."""

    def determinize(self, observation: Any, rng: random.Random) -> Any: ...

    def num_players(self, state: Any) -> int: ...

    def to_move(self, state: Any) -> int: ...

    def legal_actions(self, state: Any) -> Sequence[Any]: ...

    def apply(self, state: Any, action: Any) -> Any: ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result: ...


#: A policy on full (determinized) states: ``(state, legal actions, rng) -> action``.
Rollout = Callable[[Any, Sequence[Any], random.Random], Any]
#: An estimate of a non-terminal state: one value in [0, 1] per seat.
Evaluate = Callable[[Any], Sequence[float]]
#: A whole play-out from a non-terminal state: its result, one value per seat.
Simulate = Callable[[Any, random.Random], Sequence[float]]


class ISMCTSPlayer:
    """Information-set MCTS by determinization; see the module docstring."""

    def __init__(
        self,
        game: Searchable,
        think: float = 1.0,
        iterations: int | None = None,
        exploration: float = 0.7,
        rollout: Rollout | None = None,
        name: str = "hard",
        *,
        fixed: Mapping[int, Rollout] | None = None,
        evaluate: Evaluate | None = None,
        depth: int | None = None,
        simulate: Simulate | None = None,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if think <= 0 and iterations is None:
            raise ValueError("think must be positive")
        if depth is not None and evaluate is None:
            raise ValueError("a play-out depth needs an evaluate function")
        self.game = game
        self.think = think
        self.iterations = iterations
        self.exploration = exploration
        self.rollout = rollout
        self.name = name
        self.fixed: Mapping[int, Rollout] = fixed or {}
        self.evaluate = evaluate
        self.depth = depth
        self.simulate = simulate
        #: How many iterations the last decision ran (for benchmarks and reasons).
        self.last_iterations = 0

    def sample(self, observation: Any, rng: random.Random) -> Any:
        return self.game.determinize(observation, rng)

    def search(
        self, observation: Any, legal: Sequence[Any], rng: random.Random, think: float | None = None
    ) -> dict[Any, tuple[int, float]]:
        """Run the search (for ``think`` seconds when given and time-bound, else for ``self.think`` less its
        ``RESERVE``); per legal root action, (visits, mean value for the acting seat)."""
        root = _Node(-1)
        budget = self.think * (1 - RESERVE) if think is None else think
        started = clock()
        deadline = None if self.iterations is not None else started + budget
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done:
                # stop when one more iteration (of the mean length so far) would end after the deadline
                now = clock()
                if now + (now - started) / done >= deadline:  # type: ignore[operator]
                    break
            self._iterate(root, self.sample(observation, rng), rng)
            done += 1
        self.last_iterations = done
        legal_set = set(legal)
        return {
            a: (child.visits, child.value / child.visits if child.visits else 0.0)
            for a, child in root.children.items()
            if a in legal_set
        }

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        return self.decide_within(observation, legal, rng)

    def decide_within(
        self,
        observation: Any,
        legal: Sequence[Any],
        rng: random.Random,
        think: float | None = None,
        anchor: Anchor | None = None,
    ) -> Decision[Any]:
        """The most visited move (``think``: seconds for this decision, as in ``search``), or with ``anchor``
        its rules' move unless the search overrules it."""
        # Even a forced move is searched and explained like any other: with hidden cards, "the only legal
        # move" (or an instant answer) would tell the table what the seat holds.
        stats = self.search(observation, legal, rng, think=think)
        if not stats:
            return Decision(seeded.choice(rng, list(legal)), reason="search found nothing")
        action = favourite(stats) if anchor is None else anchor.choose(observation, legal, stats)
        chance = stats[action][1]
        # The estimate depends on the seat's hidden cards: said at the table it would tell how good they are.
        return Decision(
            action,
            reason=SEARCHED,
            value=chance,
            debug=f"search: estimated win chance {chance:.0%} over {self.last_iterations} deals",
        )

    def _policy_move(self, state: Any, legal: Sequence[Any], mover: int, rng: random.Random) -> Any:
        policy = self.fixed.get(mover, self.rollout)
        return policy(state, legal, rng) if policy is not None else seeded.choice(rng, list(legal))

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        game = self.game
        node = root
        path = [root]
        while not game.is_over(state):
            legal = game.legal_actions(state)
            mover = game.to_move(state)
            if mover in self.fixed:
                action = self.fixed[mover](state, legal, rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(mover)
                child.available += 1
                node = child
                state = game.apply(state, action)
                path.append(node)
                continue
            # One look-up of each legal action: each tried one is counted as available and, until an untried one
            # is met, its upper confidence bound is worked out (UCB1 over how often a child was available, at
            # least once as it was just counted; unvisited first). One untried: a random untried action is
            # expanded; none: the first legal action of the highest bound is played. Written out here: the search
            # works it out a few dozen times an iteration.
            children = node.children
            exploration = self.exploration
            untried = []
            best: float | None = None
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.available += 1
                if untried:
                    continue
                visits = child.visits
                bound = (
                    child.value / visits + exploration * sqrt(log(child.available) / visits)
                    if visits
                    else math.inf
                )
                if best is None or bound > best:
                    action, chosen, best = a, child, bound
            if untried:
                action = seeded.choice(rng, untried)
                child = _Node(mover)
                child.available = 1
                children[action] = child
                state = game.apply(state, action)
                path.append(child)
                break
            node = chosen
            state = game.apply(state, action)
            path.append(node)
        if self.simulate is not None and not game.is_over(state):
            self._back_up(path, list(self.simulate(state, rng)))
            return
        steps = 0
        while not game.is_over(state):
            if self.depth is not None and steps >= self.depth:
                break
            legal = game.legal_actions(state)
            state = game.apply(state, self._policy_move(state, legal, game.to_move(state), rng))
            steps += 1
        if game.is_over(state):
            result = game.result(state)
            values = [result.utility(seat) for seat in range(game.num_players(state))]
        else:
            assert self.evaluate is not None
            values = list(self.evaluate(state))
        self._back_up(path, values)

    @staticmethod
    def _back_up(path: list[_Node], values: list[float]) -> None:
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.value += values[visited.seat]


@dataclass(frozen=True, slots=True)
class Anchor:
    """A seat's priority rules and how sure the search must be to overrule them: its favourite's estimated win
    chance must beat the rules' move by ``margin`` plus ``z`` standard errors of the difference. A few noisy
    play-outs spread over a dozen moves otherwise often prefer a worse move by chance (the best of many noisy
    means is biased upwards), and a habit that the rules answer beats the search."""

    rules: RuleList[Any, Any]
    margin: float
    z: float
    #: From this many play-outs at the root on (``None``: never), ``loose`` (margin, z) apply instead: with
    #: many play-outs the best of the noisy means is biased far less, and a strict anchor keeps the rules' move
    #: where the search knows better (Propuh's Granny: ``ai.propuh.bots.hard``).
    loosen_at: int | None = None
    loose: tuple[float, float] = (0.0, 1.0)

    def overruled(self, best: tuple[int, float], ruled: tuple[int, float], searched: int = 0) -> bool:
        """Whether the search's favourite (visits, mean) is confidently better than the rules' move, after
        ``searched`` play-outs in all."""
        (n1, p1), (n2, p2) = best, ruled
        if n2 == 0:
            return True
        margin, z = (
            self.loose if self.loosen_at is not None and searched >= self.loosen_at else (self.margin, self.z)
        )
        error = math.sqrt(max(p1 * (1 - p1), 0.05) / n1 + max(p2 * (1 - p2), 0.05) / n2)
        return p1 - p2 > margin + z * error

    def stands(self, move: Any, stats: Mapping[Any, tuple[int, float]]) -> bool:
        """Whether the rules' ``move`` stands against the search's favourite (``favourite``)."""
        searched = sum(visits for visits, _ in stats.values())
        return move in stats and not self.overruled(stats[favourite(stats)], stats[move], searched)

    def choose(self, observation: Any, legal: Sequence[Any], stats: Mapping[Any, tuple[int, float]]) -> Any:
        """The rules' move, unless the search's favourite overrules it."""
        move = self.rules.first(observation, legal)[1]
        return move if self.stands(move, stats) else favourite(stats)


def favourite(stats: Mapping[Any, tuple[int, float]]) -> Any:
    """The search's move: the most visited, then the best mean."""
    return max(stats.items(), key=lambda item: item[1])[0]


class TurnClock:
    """Shares ``think`` seconds among the decisions of one turn (RIP plays a turn card by card; Granny may move
    the figurine, then play): a bot's turn takes at most --think in all. Each decision may use
    ``share`` of what is left of the turn; once less than ``floor`` of ``think`` is left, ``budget`` says 0 and
    the bot decides without searching. ``reserve`` of ``think`` is kept for the work around the searches
    (observations, the rules, choosing from the statistics)."""

    def __init__(
        self, think: float, share: float = 0.5, floor: float = 0.05, reserve: float = RESERVE
    ) -> None:
        self.think = think
        self.share = share
        self.floor = floor
        self.reserve = reserve
        self.started: float | None = None

    def budget(self, continuing: bool, last: bool = False) -> float:
        """Seconds this decision may search; ``continuing``: the same turn as the bot's last decision; ``last``:
        the turn's last decision (it may use all that is left)."""
        now = clock()
        if not continuing or self.started is None:
            self.started = now
        left = self.think * (1 - self.reserve) - (now - self.started)
        return left * (1.0 if last else self.share) if left >= self.floor * self.think else 0.0


class MCTSPlayer(ISMCTSPlayer):
    """UCT for perfect information: the observation is the state, so every iteration searches the same one."""

    def sample(self, observation: Any, rng: random.Random) -> Any:
        return observation

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        if len(legal) == 1:  # nothing is hidden: a forced move may say so, at once
            return Decision(legal[0], reason="the only legal move")
        return super().decide(observation, legal, rng)
