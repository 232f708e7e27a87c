"""Propuh's ``hard`` bot: information-set MCTS for either role, with the quick priority rules as its play-out
policy (on the fast path, ``ai.propuh.fast``), Granny's search anchored on her rules."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ai.propuh.automaton import automaton_rules
from ai.propuh.bots import granny_rules, propuh_rules, quick_granny_rules
from ai.propuh.cards import GRANNY, PROPUH
from ai.propuh.fast import Fast
from ai.propuh.fast import playout as fast_playout
from ai.propuh.observation import PropuhObservation, determinize, observe
from ai.propuh.rules import (
    Action,
    MoveFigurine,
    Phase,
    PropuhConfig,
    PropuhState,
    Remove,
    apply,
    legal_actions,
    to_move,
)
from ai.protocol import Decision, Result
from ai.rules import RuleList
from ai.search import SEARCHED, ISMCTSPlayer, TurnClock

#: The play-outs' chance of a random move.
PLAYOUT_NOISE = 0.1


class PlayOut:
    """The search's play-out policy on full states: each seat plays its quick priority rules from its own
    observation (Propuh's automaton in solo), with a small chance of a random move for variety."""

    def __init__(self, config: PropuhConfig, noise: float = PLAYOUT_NOISE) -> None:
        self.granny = quick_granny_rules()
        self.propuh = automaton_rules(config) if config.solo else propuh_rules()
        self.noise = noise

    def __call__(self, state: PropuhState, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.noise and rng.random() < self.noise:
            return rng.choice(list(legal))
        seat = to_move(state)
        rules = self.granny if seat == GRANNY else self.propuh
        return rules.first(observe(state, seat), legal)[1]


def fast_simulate(
    noise: float = PLAYOUT_NOISE,
) -> Callable[[PropuhState, random.Random], tuple[float, float]]:
    """``PlayOut`` (and the automaton in solo) as a whole play-out on ``ai.propuh.fast``: the same moves from the
    same generator (``tests/test_propuh_bots_fast.py``), several times faster."""

    def simulate(state: PropuhState, rng: random.Random) -> tuple[float, float]:
        winner = fast_playout(Fast.from_state(state), rng, noise)
        return (1.0, 0.0) if winner == GRANNY else (0.0, 1.0)

    return simulate


def automaton_policy(
    config: PropuhConfig,
) -> Callable[[PropuhState, Sequence[Action], random.Random], Action]:
    """The solo automaton as a policy on full states (it is public, so the search may model it exactly)."""
    rules = automaton_rules(config)

    def play(state: PropuhState, legal: Sequence[Action], rng: random.Random) -> Action:
        return rules.first(observe(state, PROPUH), legal)[1]

    return play


class _SearchView:
    """The few protocol functions the search calls, straight from the rules (``game.GAME`` imports this module)."""

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


GAME_FOR_SEARCH = _SearchView()

#: Play-outs per decision when the search is bounded by iterations rather than time (arena, tests).
HARD_ITERATIONS = 200


class AnchoredSearch(ISMCTSPlayer):
    """ISMCTS anchored on the seat's priority rules: the search's favourite replaces the rules' move only when
    its estimated win chance is higher by at least ``margin`` plus ``z`` standard errors of the difference (a
    few hundred noisy play-outs spread over a dozen moves otherwise often prefer a worse move by chance: the
    best of many noisy means is biased upwards). The decision still depends on the observation and the
    generator only."""

    def __init__(
        self,
        *args: Any,
        anchors: Mapping[int, RuleList[PropuhObservation, Action]],
        margin: float,
        z: float = 2.0,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.anchors = anchors
        self.margin = margin
        self.z = z
        self.clock = TurnClock(self.think)
        #: Whether this seat's last decision opened a turn that goes on (Granny's Remove: then the figurine).
        self.turn_open = False

    def overrules(self, best: tuple[int, float], anchor: tuple[int, float]) -> bool:
        """Whether the search's favourite (visits, mean) is confidently better than the rules' move."""
        (n1, p1), (n2, p2) = best, anchor
        if n2 == 0:
            return True
        error = math.sqrt(max(p1 * (1 - p1), 0.05) / n1 + max(p2 * (1 - p2), 0.05) / n2)
        return p1 - p2 > self.margin + self.z * error

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        # no shortcut for a forced move: "the only legal move" would tell the table about the bot's hand
        started = time.perf_counter()
        # Granny's turn may be three decisions (a token to remove, the figurine, then a card): they share
        # ``think`` (``TurnClock``)
        removing = any(isinstance(a, Remove) for a in legal)
        first = removing or any(isinstance(a, MoveFigurine) for a in legal)  # more follows this decision
        continuing = self.turn_open or (observation.plays == 0 and observation.figurine_moved)
        self.turn_open = removing
        budget = self.clock.budget(continuing=continuing, last=not first)
        rules = self.anchors.get(observation.seat)
        ruled = rules.first(observation, legal) if rules is not None else None
        # the rules' own time comes out of the budget, so the whole turn stays within ``think``
        left = max(budget - (time.perf_counter() - started), 0.001)
        stats = self.search(observation, legal, rng, think=left)
        if not stats:
            return Decision(rng.choice(list(legal)), reason="search found nothing")
        best, (_, chance) = max(stats.items(), key=lambda item: item[1])
        # The estimate depends on the seat's hand, and so do most rules (and, within a time budget, the number
        # of deals): the table reads that the move was searched and only a rule whose condition it can check
        # too (``Rule.public``); the rest goes to ``debug``.
        deals = SEARCHED
        searched = f"over {self.last_iterations} deals"
        if ruled is not None:
            rule, anchor = ruled
            if anchor in stats and not self.overrules(stats[best], stats[anchor]):
                mean = stats[anchor][1]
                why = rule.explain(observation)
                return Decision(
                    anchor,
                    reason=f"{why}; {deals} agrees" if rule.public else deals,
                    value=mean,
                    debug=f"{why}; estimated win chance {mean:.0%} {searched}",
                )
        return Decision(
            best, reason=deals, value=chance, debug=f"estimated win chance {chance:.0%} {searched}"
        )


#: How much better (in estimated win chance, beyond the noise) the search's move must look to overrule Granny's
#: priority rules.
ANCHOR_MARGIN = 0.03


def hard(
    config: PropuhConfig, think: float = 1.0, iterations: int | None = None, name: str = "hard"
) -> ISMCTSPlayer:
    """Information-set MCTS for either role, with the quick priority rules as its play-out policy.

    Granny's search is anchored on her priority rules (``AnchoredSearch``): measured, the plain search played
    Granny worse than her rules (9 of 40 two-player games against the normal Propuh at 200 play-outs a move;
    with a fixed 5-point margin still 23 of 100 at 0.1 s, where the normal Granny wins 45%), while Propuh's
    plain search beats his rules clearly (36 of 40 against the normal Granny), so it stays plain.

    In solo the automaton is public, so the search applies it for Propuh instead of guessing his moves.
    """
    fixed = {PROPUH: automaton_policy(config)} if config.solo else None
    anchors = {GRANNY: granny_rules()}
    return AnchoredSearch(
        GAME_FOR_SEARCH,
        think=think,
        iterations=iterations,
        rollout=PlayOut(config),
        name=name,
        fixed=fixed,
        anchors=anchors,
        margin=ANCHOR_MARGIN,
        simulate=fast_simulate(),
    )
