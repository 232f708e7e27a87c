"""The search's model of the players, written once over the engine: each seat plays its quick rule list
(``ai.propuh.bots.card``: Granny's rules without the solo look-ahead, Propuh's rules in the two-player game) on
the engine itself, with a small chance of a random move for variety; in solo Propuh is the automaton, which is
public and draws nothing."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ai import rng as seeded
from ai.propuh.bots.automaton import automaton_rules
from ai.propuh.bots.card import propuh_rules, quick_granny_rules
from ai.propuh.components import GRANNY, PROPUH
from ai.propuh.engine import Engine, legal_actions
from ai.propuh.observation import SeatView
from ai.propuh.state import OVER, PLAY, Action, PropuhConfig
from ai.rules import RuleList

#: A rule list's conditions in order: each returns its action, or None when it does not apply.
Choices = tuple[Callable[[SeatView, Sequence[Action]], Action | None], ...]

#: The play-outs' chance of a random move.
PLAYOUT_NOISE = 0.1


class PlayOut:
    """The play-out policy on an engine: ``policy`` for the seat to move (a forced move at once, a random move
    with chance ``noise``, else the seat's quick rules), ``automaton`` for solo Propuh, ``simulate`` for a
    whole play-out from a leaf of the search's tree."""

    def __init__(self, config: PropuhConfig, noise: float = PLAYOUT_NOISE) -> None:
        self.solo = config.solo
        self.noise = noise
        self.granny = _choices(quick_granny_rules())
        self.propuh = _choices(automaton_rules(config) if config.solo else propuh_rules())
        self.automata = _choices(automaton_rules(config))

    def policy(self, e: Engine, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        noise = self.noise
        if noise and rng.random() < noise:
            return seeded.choice(rng, list(legal))
        # Propuh's rules when he plays, else Granny's (her cards and the removal); ``_first`` inline: every move
        for choose in self.propuh if e.phase == PLAY and e.plays % 2 == PROPUH else self.granny:
            action = choose(e, legal)
            if action is not None:
                return action
        raise RuntimeError("no rule applies")

    def automaton(self, e: Engine, legal: Sequence[Action], rng: random.Random) -> Action:
        return _first(self.automata, e, legal)

    def simulate(self, e: Engine, rng: random.Random) -> tuple[float, float]:
        """Play ``e`` to its end in place; each seat's share of the win."""
        solo = self.solo
        policy = self.policy
        while e.phase != OVER:
            legal = legal_actions(e)
            if solo and e.phase == PLAY and e.plays % 2 == PROPUH:
                e.apply(_first(self.automata, e, legal))
            else:
                e.apply(policy(e, legal, rng))
        return (1.0, 0.0) if e.winner == GRANNY else (0.0, 1.0)


def _choices(rules: RuleList[SeatView, Action]) -> Choices:
    return tuple(rule.choose for rule in rules.rules)


def _first(choices: Choices, e: Engine, legal: Sequence[Action]) -> Action:
    """The action of the first rule that applies: ``RuleList.first`` without its account of which rule
    decided (a play-out explains nothing)."""
    for choose in choices:
        action = choose(e, legal)
        if action is not None:
            return action
    raise RuntimeError("no rule applies")
