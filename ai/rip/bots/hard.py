"""RIP's ``hard`` bot: ``ai.search.ISMCTSPlayer`` over deals of the unseen cards with the ``normal`` card as a
prior.

The person's deck is public in content, so a deal of the unseen part is their hand and deck split at random
(``ai.rip.observation.determinize``). The search plays on the engine itself (``ai.rip.engine.Engine``): each
deal is an engine that the tree's moves and the play-out (``ai.rip.bots.playout``: end the turn when ahead,
fight for castles more than for manors) change in place. Before searching, the options another option is never
worse than are dropped (``dominated``): a blunder the table would see is never among the choices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.levels import Request
from ai.protocol import Decision, Result
from ai.rip.bots.card import NORMAL, _cards, _totals, hint_reason, said
from ai.rip.bots.playout import simulate
from ai.rip.components import ROUNDS
from ai.rip.engine import OVER, Engine
from ai.rip.observation import RipObservation, deal, observe
from ai.rip.rules import (
    END,
    SKIP,
    Action,
    Blind,
    Card,
    Down,
    Ghost,
    InPlay,
    Phase,
    Psychic,
    RipConfig,
    RipState,
    Turn,
    legal_actions,
    totals,
)
from ai.search import SEARCHED, ISMCTSPlayer, TurnClock, clock
from ai.words import tr


class SearchGame:
    """The game as the search plays it: a deal is an engine, and a move changes it in place (the search never
    keeps a state it has moved on from)."""

    @staticmethod
    def determinize(observation: RipObservation, rng: random.Random) -> Engine:
        e = deal(observation, rng)
        e.recording = False  # neither the tree nor the play-out reads the record
        return e

    @staticmethod
    def is_over(e: Engine) -> bool:
        return e.phase is OVER

    to_move = staticmethod(Engine.to_move)
    legal_actions = staticmethod(Engine.legal)

    apply = staticmethod(Engine.apply)

    @staticmethod
    def result(e: Engine) -> Result:
        return Result(e.winners, e.reason)

    @staticmethod
    def num_players(e: Engine) -> int:
        return 2


# -- options that can never be better than another ----------------------------------------------------------

#: Effects that do the same played at any time of the round (see ``dominated``).
LATER = frozenset({"ghost", "bonus", "nullify", "discard", "fetch", "peek"})


def _ghost_play(action: Action) -> bool:
    return isinstance(action, Turn) and len(action.items) == 1 and isinstance(action.items[0], Ghost | Blind)


def _psychic_play(action: Action) -> bool:
    return isinstance(action, Turn) and bool(action.items) and not _ghost_play(action)


def _whole_hand_behind(obs: RipObservation) -> bool:
    """Whether every ghost of the hand played now still leaves the seat not ahead."""
    mine = [*obs.own.table, *(InPlay(Card(False, v)) for v in obs.own.hand)]
    theirs = list(obs.other.table)
    t = totals((mine, theirs) if obs.seat == 0 else (theirs, mine), _cards(obs))
    return t[obs.seat] <= t[1 - obs.seat]


def dominated(obs: RipObservation, legal: Sequence[Action]) -> dict[Action, Action]:
    """The options of ``legal`` that another option of ``legal`` is never worse than, each with that option. Each
    reads the seat's observation only:

    - **A card played while ahead** (rounds 1–9, ending the turn allowed): ending the turn is free and keeps the
      card; if the opponent overtakes, the same card can still be played on the next turn, and if they leave, the
      round is won with the card in hand. A psychic card's strength does not depend on when in the round it is
      played (``LATER``: counts as a ghost, bonus, nullify, discard, fetch, look at the hand). A psychic card
      that claims the round's card (card 1) or acts on the opponent's next turn (card 6, card 14) stays an
      option: played now it does what it would not later.
    - **A ghost card played when the whole hand cannot put the seat ahead** (no psychic card to play, ending the
      turn allowed): the round is lost whatever is played, and every card played is a card gone. Every effect on a
      ghost only adds to it (a value never goes below 0), so the whole hand is the most a turn can add.
    - **No card face down after round 9** while a ghost card may go down: the hand has no later use, and a
      face-down ghost never lowers its owner's round-10 total (an opponent's discard then takes one card of more).
    """
    if obs.phase == Phase.PLAY and obs.round <= ROUNDS and END in legal:
        ghosts = [a for a in legal if _ghost_play(a)]
        mine, theirs = _totals(obs)
        if mine > theirs:
            cards = _cards(obs)
            later = [
                a
                for a in legal
                if _psychic_play(a)
                and isinstance(a, Turn)
                and isinstance(a.items[0], Psychic)
                and {e.kind for e in cards[a.items[0].number].effects} <= LATER
            ]
            return dict.fromkeys([*ghosts, *later], END)
        if not any(_psychic_play(a) for a in legal) and _whole_hand_behind(obs):
            return dict.fromkeys(ghosts, END)
        return {}
    if obs.phase == Phase.FACEDOWN and obs.round >= ROUNDS and SKIP in legal:
        downs = [a for a in legal if isinstance(a, Down) and a.card is not None and not a.card.psychic]
        if downs:
            return {SKIP: max(downs, key=lambda a: a.card.n if isinstance(a, Down) and a.card else 0)}
    return {}


def undominated(obs: RipObservation, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without its dominated options, in order (never empty: a dominated option has a better one)."""
    drop = dominated(obs, legal)
    return [a for a in legal if a not in drop]


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

    def __init__(self, think: float = 1.0, iterations: int | None = None, name: str = "hard") -> None:
        self.name = name
        self.search = ISMCTSPlayer(
            SearchGame(), think=think, iterations=iterations, name=name, simulate=simulate
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
        rule, prior = NORMAL.first(observation, legal)
        # Options another option is never worse than are not searched (``dominated``); a rules' move
        # among them gives way to the option that beats it.
        drop = dominated(observation, legal)
        if drop:
            legal = [a for a in legal if a not in drop]
            if prior in drop:
                prior = drop[prior]
            # one option left: no reason, as for a forced move, unless a rule the table can check says it
            if len(legal) == 1:
                return Decision(legal[0], reason=said(rule) if prior == legal[0] else None, debug=rule.label)
        think = None
        if self.clock is not None:
            think = self.clock.budget(
                continuing=observation.phase == Phase.PLAY and observation.turn_plays > 0
            )
        if think is not None:
            think -= clock() - started  # the rules' own time comes out of the budget
            if think <= 0:  # the turn's time is spent: the rules' move, at once
                return Decision(prior, reason=said(rule) or tr("the rules' move"), debug=rule.label)
        stats = self.search.search(observation, legal, rng, think=think)
        if not stats:
            return Decision(prior, reason=said(rule) or tr("the rules' move"), debug=rule.label)
        best, (visits, chance) = max(stats.items(), key=lambda item: item[1])
        done = self.search.last_iterations
        prior_visits = stats[prior][0] if prior in stats else 0
        if best != prior and (visits < PRIOR_MARGIN * prior_visits or visits < MIN_VISITS):
            best, (visits, chance) = prior, stats.get(prior, (0, 0.5))
        # The estimate stays in ``value`` and ``debug``: said at the table it would hint at the bot's hand. So
        # would most rules: only one that reads what the person sees too is named (``Rule.public``: rule 7
        # "bank" would say that its secret face-down card is its highest ghost, a 5 or a 6).
        why = tr(SEARCHED)
        agreed = f", as {rule.label}" if best == prior else ""
        debug = f"estimated win chance {chance:.0%} over {done} deals{agreed}"
        plain = said(rule)
        if agreed and plain:
            why = tr("{searched}: {why}", searched=why, why=plain)
        return Decision(best, reason=why, value=chance, debug=debug)


def hard(request: Request[RipConfig]) -> HardPlayer:
    """Information-set MCTS over deals of the unseen cards (see ``HardPlayer``)."""
    return HardPlayer(think=request.think, iterations=request.iterations, name=request.level)


def hint(state: RipState, seat: int, think: float) -> Decision[Action]:
    """A hint for a person's ``seat``: ``hard``'s move and what it does for them in plain words (``hint_reason``)."""
    observation = observe(state, seat)
    decision = HardPlayer(think=think).decide(observation, legal_actions(state), random.Random(0))
    return Decision(decision.action, reason=hint_reason(observation, decision.action), value=decision.value)
