"""The ``hard`` Potra Bash bot: information-set search (``ai.search.ISMCTSPlayer``) over deals of the cards its
seat has not seen, anchored on the bot card, its play-outs on the engine (``ai.potra_bash.bots.playout``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.levels import Request
from ai.potra_bash import rules
from ai.potra_bash.bots.card import NORMAL_RULES
from ai.potra_bash.bots.dominance import undominated
from ai.potra_bash.bots.playout import simulate
from ai.potra_bash.observation import PotraObservation, determinize
from ai.potra_bash.state import Action, Play, PotraConfig, PotraState
from ai.protocol import Decision
from ai.search import SEARCHED, Anchor, ISMCTSPlayer, TurnClock, clock

Obs = PotraObservation
Legal = Sequence[Action]


class Table:
    """The game as the search reads it: the protocol layer (``ai.potra_bash.rules``) and the deal of the cards
    a seat has not seen (``ai.potra_bash.observation.determinize``)."""

    determinize = staticmethod(determinize)
    is_over = staticmethod(rules.is_over)
    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    result = staticmethod(rules.result)

    @staticmethod
    def num_players(state: PotraState) -> int:
        return state.n


def decides_next(observation: Obs, legal: Legal) -> dict[Action, bool]:
    """Per legal action, whether this seat then decides again with no other decision between: its last card of
    a round may be followed by its first take of the field (the rules make forced takes at once), and its last
    take by the first card of the next round. Public: every deal of the unseen cards says the same, so one deal
    (with its own generator: the search's is untouched) answers."""
    state = determinize(observation, random.Random(0))
    found = {}
    for action in legal:
        after = rules.apply(state, action)
        then = rules.legal_actions(after) if rules.to_move(after) == observation.seat else []
        found[action] = bool(then) and not instant(then)
    return found


def instant(legal: Legal) -> bool:
    """A forced pass (an empty hand) or a forced pick is public: ``hard`` makes it at once. A single card to play
    is not: an instant answer would tell that every card in the hand has the same value."""
    return len(legal) == 1 and not isinstance(legal[0], Play)


#: The table's reason for a pick no other can beat (``ai.potra_bash.bots.dominance``): the field and the piles
#: are public, so saying so tells nothing hidden.
NO_BETTER = "no other pick can do better"

#: How much better (in estimated win chance, beyond ``ANCHOR_Z`` standard errors) the search's move must look to
#: overrule the card (``HardPlayer``).
ANCHOR_MARGIN = 0.0
ANCHOR_Z = 1.0


class HardPlayer(ISMCTSPlayer):
    """The search bot. A lap-1 play with a single legal card is searched like any other move (the generic
    search does so): an instant answer would tell the table that every card in the bot's hand has the same
    value. A forced pass (an empty hand) or a forced pick is public and is made at once, without a reason.

    The reason the table reads is only that it searched (not over how many deals): its estimated win chance
    comes from its own hand and goes to ``Decision.debug``.

    The search is anchored on the card (``Anchor``): its favourite replaces the card's move only when its
    estimated win chance is higher by one standard error of the difference (``ANCHOR_Z``). A few deals a move
    spread over a field of up to a dozen cards otherwise leave its picks to chance, which a habit of taking 1s
    (``exploit:ones-first``) exploits; the README's exploiter table has the figures.

    Bounded by time, two decisions in a row (``decides_next``: the last card of a round, then a take; or the
    last take, then the first card of the next round) share ``think`` (``TurnClock``), so the table never waits
    longer than ``think`` for the bot."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock = TurnClock(self.think) if self.iterations is None else None
        self.anchor = Anchor(NORMAL_RULES, ANCHOR_MARGIN, ANCHOR_Z)
        #: Whether this seat's last searched decision is followed at once by another of its own.
        self.turn_open = False

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        if instant(legal):
            return Decision(legal[0])
        kept = undominated(observation, legal)  # picks that can never be better than another are set aside
        if len(kept) == 1 and len(legal) > 1:
            return Decision(kept[0], reason=NO_BETTER, debug="every other pick can do no better")
        legal = kept
        think = None
        if self.clock is not None:
            started = clock()
            follows = decides_next(observation, legal)
            budget = self.clock.budget(continuing=self.turn_open, last=not any(follows.values()))
            think = max(budget - (clock() - started), 0.001)
        decision = self.decide_within(observation, legal, rng, think=think, anchor=self.anchor)
        if self.clock is not None:
            self.turn_open = follows[decision.action]
        return Decision(decision.action, reason=SEARCHED, value=decision.value, debug=decision.debug)


def hard(request: Request[PotraConfig]) -> HardPlayer:
    """The search bot for ``request``: ``think`` seconds a move, or exactly ``iterations`` deals."""
    return HardPlayer(
        Table(), think=request.think, iterations=request.iterations, name="hard", simulate=simulate
    )
