"""RIP's ``hard`` bot: ``ai.search.ISMCTSPlayer`` over ``GAME.determinize`` with the ``normal`` card as a prior.

The person's deck is public in content, so a deal of the unseen part is their hand and deck split at random;
play-outs follow the quick policy of ``ai.rip.policy`` (end the turn when ahead, fight for castles more than
for manors), played on the mutable fast path (``ai.rip.fast_policy``): the same games as on the public rules,
several times faster. Inside the tree the policy reads the state, not the list of legal actions, so the search
is given that list lazily (``LazyLegal``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from ai.protocol import Decision
from ai.rip.bots import NORMAL
from ai.rip.fast_policy import simulate
from ai.rip.observation import RipObservation
from ai.rip.policy import playout
from ai.rip.rules import Action, Phase, RipState, legal_actions
from ai.search import SEARCHED, ISMCTSPlayer, TurnClock, clock

if TYPE_CHECKING:
    from ai.rip.game import RipGame


class LazyLegal(Sequence[Action]):
    """``legal_actions(state)``, made only when read. The search lists the legal actions before every move of a
    play-out, and ``playout`` decides from the state: in play-outs the list is seldom made."""

    __slots__ = ("_actions", "state")

    def __init__(self, state: RipState) -> None:
        self.state = state
        self._actions: list[Action] | None = None

    @property
    def actions(self) -> list[Action]:
        got = self._actions
        if got is None:
            got = self._actions = legal_actions(self.state)
        return got

    def __len__(self) -> int:
        return len(self.actions)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self.actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self.actions


class _SearchGame:
    """``GAME`` for the search: the same rules, but the legal actions are a ``LazyLegal`` (made when read)."""

    def __init__(self, game: RipGame) -> None:
        self.info = game.info
        self.determinize = game.determinize
        self.is_over = game.is_over
        self.to_move = game.to_move
        self.apply = game.apply
        self.result = game.result
        self.num_players = game.num_players
        self.legal_actions = LazyLegal


#: ``hard`` keeps the ``normal`` rules' move unless the search visited another move this much more often.
PRIOR_MARGIN = 1.5
#: ... and unless the search visited its own choice at least this often (a tiny budget keeps the rules' move).
MIN_VISITS = 3


class HardPlayer:
    """``ai.search.ISMCTSPlayer`` over ``GAME.determinize`` with ``playout``, and the ``normal`` rules as a prior:
    with few play-outs a move's visit count is noisy, so the rules' move stands unless the search visited
    another move ``PRIOR_MARGIN`` times as often. The reason names the search (and the rule it agreed with when that
    rule reads only public information, ``Rule.public``), never the estimated win chance: at the table that number
    would tell the person how good the bot's hand is. Bounded by time, a whole turn (several cards, one decision
    each) takes at most ``think`` seconds (``TurnClock``); a forced move is instant."""

    def __init__(
        self, think: float = 1.0, iterations: int | None = None, name: str = "hard", fast: bool = True
    ) -> None:
        from ai.rip.game import GAME

        self.name = name
        self.search = ISMCTSPlayer(
            _SearchGame(GAME),
            think=think,
            iterations=iterations,
            rollout=playout,
            name=name,
            simulate=simulate if fast else None,
        )
        #: A time-bound turn shares ``think`` among its cards (``TurnClock``); ``iterations`` stays per decision.
        self.clock = TurnClock(think) if iterations is None else None

    def decide(
        self, observation: RipObservation, legal: Sequence[Action], rng: random.Random
    ) -> Decision[Action]:
        if len(legal) == 1:
            # Said at the table, "the only legal move" could tell what the hand holds (a forced "1 more" says
            # the bot holds nothing else), so a forced move comes with no reason; not searched, so the
            # generator, and every later decision of the seat, stay as they were.
            return Decision(legal[0])
        started = clock()
        think = None
        if self.clock is not None:
            think = self.clock.budget(
                continuing=observation.phase == Phase.PLAY and observation.turn_plays > 0
            )
        rule, prior = NORMAL.first(observation, legal)
        if think is not None:
            think -= clock() - started  # the rules' own time comes out of the budget
            if think <= 0:  # the turn's time is spent: the rules' move, at once
                return Decision(
                    prior, reason=rule.label if rule.public else "the rules' move", debug=rule.label
                )
        stats = self.search.search(observation, legal, rng, think=think)
        if not stats:
            return Decision(prior, reason=rule.label if rule.public else "the rules' move", debug=rule.label)
        best, (visits, chance) = max(stats.items(), key=lambda item: item[1])
        done = self.search.last_iterations
        prior_visits = stats[prior][0] if prior in stats else 0
        if best != prior and (visits < PRIOR_MARGIN * prior_visits or visits < MIN_VISITS):
            best, (visits, chance) = prior, stats.get(prior, (0, 0.5))
        # The estimate stays in ``value`` and ``debug``: said at the table it would hint at the bot's hand. So
        # would most rules: only one that reads what the person sees too is named (``Rule.public``: rule 7
        # "bank" would say that its secret face-down card is its highest ghost, a 5 or a 6).
        why = SEARCHED
        agreed = f", as {rule.label}" if best == prior else ""
        debug = f"estimated win chance {chance:.0%} over {done} deals{agreed}"
        if agreed and rule.public:
            why += agreed
        return Decision(best, reason=why, value=chance, debug=debug)


def hard(think: float = 1.0, iterations: int | None = None, name: str = "hard") -> HardPlayer:
    """Information-set MCTS over deals of the unseen cards (see ``HardPlayer``)."""
    return HardPlayer(think=think, iterations=iterations, name=name)
