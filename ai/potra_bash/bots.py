"""Potra Bash bots: priority rules (``normal``, ``easy`` = the same with noise) and information-set search
(``hard``).

The rules decide from the seat's observation only. They remember every public card: the observation counts,
per value, the copies the seat has not seen (``unseen``), and every scoring pile is public (all its cards were
face up when taken). A card's worth to a pile is its *marginal* score: a third 3 or 4 discards the set (a 4
after two 4s is worth −8), a third −2 or −3 is worth +4 or +6.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ai.potra_bash.fast import contribution, make_simulate
from ai.potra_bash.observation import PotraObservation
from ai.potra_bash.rules import Action, Pass, Phase, Play, PotraState, Take
from ai.protocol import Decision
from ai.rules import Rule, RuleList, RulePlayer
from ai.search import SEARCHED, ISMCTSPlayer

# -- worth of a card --


def marginal(value: int, pile: Sequence[int], triples: str = "all") -> int:
    """How much one more ``value`` changes the pile's score."""
    count = pile.count(value)
    return contribution(value, count + 1, triples) - contribution(value, count, triples)


# -- what the rules look at --


def sums(obs: PotraObservation) -> list[int]:
    totals = [0] * obs.config.players
    for owner, value in obs.plays:
        totals[owner] += value
    return totals


def leads_after(obs: PotraObservation, value: int | None) -> bool:
    """Would this seat hold the centre card right now after playing ``value`` (``None``: passing)?"""
    totals = sums(obs)
    mine = totals[obs.seat] + (value or 0)
    others = max(t for s, t in enumerate(totals) if s != obs.seat)
    if value is not None:
        return mine >= others  # a tie goes to the latest play: this one
    last = max((i for i, (o, _) in enumerate(obs.plays) if o == obs.seat), default=-1)
    rivals = [s for s, t in enumerate(totals) if s != obs.seat and t == mine]
    latest = [max((i for i, (o, _) in enumerate(obs.plays) if o == s), default=-1) for s in rivals]
    return mine > others or (mine == others and all(last > i for i in latest))


def highest_unseen(obs: PotraObservation) -> int:
    """Card counting: the highest value an opponent could still hold (0 if no positive card is unseen)."""
    live = [v for v in (4, 3, 1) if obs.unseen_of(v) > 0]
    return live[0] if live else 0


def actions_left_after_me(obs: PotraObservation) -> int:
    """How many plays other players may still make this round after this seat's turn."""
    n = obs.config.players
    return (n - obs.acted - 1) + n * (3 - obs.lap)


def gift(obs: PotraObservation, value: int) -> float:
    """What a card played now is worth, on average, to the other players' piles (it goes to them)."""
    others = [s for s in range(obs.config.players) if s != obs.seat]
    return sum(marginal(value, obs.piles[s], obs.config.triples) for s in others) / len(others)


def centre_worth(obs: PotraObservation) -> int:
    return 0 if obs.centre is None else marginal(obs.centre, obs.piles[obs.seat], obs.config.triples)


def plays(legal: Sequence[Action]) -> list[int]:
    return [a.value for a in legal if isinstance(a, Play)]


# -- rules for the laps --


def _take_centre(obs: PotraObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase != Phase.PLAY or centre_worth(obs) < 1:
        return None
    cards = plays(legal)
    if not cards:
        return None
    best = max(cards)
    if best <= 0 or not leads_after(obs, best):
        return None
    margin = sums(obs)[obs.seat] + best - max(t for s, t in enumerate(sums(obs)) if s != obs.seat)
    if actions_left_after_me(obs) and margin < highest_unseen(obs) and obs.lap < 3:
        return None
    return Play(best)


def _dodge_centre(obs: PotraObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase != Phase.PLAY or centre_worth(obs) >= 0 or not leads_after(obs, None):
        return None
    negatives = [v for v in plays(legal) if v < 0]
    return Play(min(negatives)) if negatives else None


def _dump_negative(obs: PotraObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase != Phase.PLAY:
        return None
    negatives = [v for v in plays(legal) if v < 0 and gift(obs, v) < 0]
    if not negatives:
        return None
    return Play(min(negatives, key=lambda v: (gift(obs, v), v)))


def _keep(obs: PotraObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase == Phase.PLAY and any(isinstance(a, Pass) for a in legal):
        return next(a for a in legal if isinstance(a, Pass))
    return None


def _least_gift(obs: PotraObservation, legal: Sequence[Action]) -> Action | None:
    cards = plays(legal)
    if obs.phase != Phase.PLAY or not cards:
        return None
    return Play(min(cards, key=lambda v: (gift(obs, v), v)))


# -- rules for the picks --


def _complete_set(obs: PotraObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase != Phase.TAKE:
        return None
    pile = obs.piles[obs.seat]
    takes = [a for a in legal if isinstance(a, Take) and a.value < 0]
    good = [a for a in takes if marginal(a.value, pile, obs.config.triples) > 0]
    if not good:
        return None
    value = max(good, key=lambda a: marginal(a.value, pile, obs.config.triples)).value
    return _copy(obs, legal, value)


def _best_take(obs: PotraObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase != Phase.TAKE:
        return None
    takes = [a for a in legal if isinstance(a, Take)]
    if not takes:
        return None
    triples = obs.config.triples
    mine = obs.piles[obs.seat]
    nxt = (obs.seat + 1) % obs.config.players

    def worth(a: Take) -> float:
        deny = marginal(a.value, obs.piles[nxt], triples) if nxt != obs.seat else 0
        return marginal(a.value, mine, triples) + 0.25 * deny

    value = max(takes, key=lambda a: (worth(a), a.value)).value
    return _copy(obs, legal, value)


def _copy(obs: PotraObservation, legal: Sequence[Action], value: int) -> Action:
    """Among the copies of ``value``, take the one whose owner picks last: the copies left behind belong to
    the players picking soon, who may not take their own cards."""
    n = obs.config.players
    copies = [a for a in legal if isinstance(a, Take) and a.value == value]
    return max(copies, key=lambda a: (a.owner - obs.seat) % n)


def _centre_detail(obs: PotraObservation) -> str | None:
    return (
        None if obs.centre is None else f"the centre card {obs.centre} is worth {centre_worth(obs):+d} to me"
    )


def _count_detail(obs: PotraObservation) -> str | None:
    return f"the highest card still unseen is {highest_unseen(obs)}"


NORMAL_RULES: RuleList[PotraObservation, Action] = RuleList(
    "Potra Bash bot",
    (
        Rule(
            "1",
            "complete a minus set",
            "When taking: take a −2 or −3 that completes a set of three in your pile (it is discarded).",
            _complete_set,
        ),
        Rule(
            "2",
            "best pick",
            "When taking: take the card worth most to your pile — never a third 3 or 4 while another card "
            "is allowed — and a little what the next player wants; of equal cards, take the copy of the "
            "player who picks last.",
            _best_take,
        ),
        Rule(
            "3",
            "take the centre",
            "Centre card worth anything to you: play your highest card if it puts you in the lead by at "
            "least the highest card still unseen (in lap 3, any lead).",
            _take_centre,
            _count_detail,
        ),
        Rule(
            "4",
            "dodge the centre",
            "Centre card bad for you and you lead: play your lowest minus card.",
            _dodge_centre,
            _centre_detail,
        ),
        Rule(
            "5",
            "dump a minus card",
            "Play the minus card that hurts the other players' piles most (not a third −2 or −3 for them).",
            _dump_negative,
        ),
        Rule("6", "keep your cards", "Laps 2 and 3: otherwise pass.", _keep),
        Rule("7", "smallest gift", "Lap 1: play the card worth least to the other players.", _least_gift),
    ),
    notes=(
        "Worth of a card to a pile: its value, but a third 3 or 4 costs the whole set and a third −2/−3 "
        "removes the set.",
    ),
)


#: Rules whose condition reads nothing hidden: the picks read only the field and the piles, all face up. Every
#: rule of the laps reads the hand (and a lap rule that fires says what the rules before it did not find there).
PUBLIC_RULES = frozenset({"1", "2"})


class TableRules:
    """The priority rules at the table: the reason names a rule only if it is in ``PUBLIC_RULES``; the rule
    and its figures always go to ``Decision.debug``."""

    def __init__(
        self,
        noise: float = 0.0,
        name: str = "normal",
        rules: RuleList[PotraObservation, Action] = NORMAL_RULES,
    ) -> None:
        self.name = name
        #: The rule list (a paper automa card prints it).
        self.rules = rules
        self.player = RulePlayer(name, rules, noise=noise)

    def decide(
        self, observation: PotraObservation, legal: Sequence[Action], rng: random.Random
    ) -> Decision[Action]:
        decision = self.player.decide(observation, legal, rng)
        public = decision.reason  # a whim has none (``RulePlayer``)
        if public is not None and public.startswith("rule "):
            label = public.partition(", ")[0]
            public = label if label.removeprefix("rule ").partition(":")[0] in PUBLIC_RULES else None
        return Decision(decision.action, reason=public, debug=decision.debug or decision.reason)


def rule_bot(noise: float = 0.0, name: str = "normal") -> TableRules:
    return TableRules(noise=noise, name=name)


# -- search --


def rollout(state: PotraState, legal: Sequence[Action], rng: random.Random) -> Action:
    """A cheap play-out policy on full states: greedy picks, minus cards dumped, otherwise random."""
    if state.phase == Phase.TAKE:
        pile = state.piles[state.picker]
        triples = state.config.triples
        return max(legal, key=lambda a: marginal(a.value, pile, triples) if isinstance(a, Take) else -99)
    negatives = [a for a in legal if isinstance(a, Play) and a.value < 0]
    if negatives and rng.random() < 0.6:
        return min(negatives, key=lambda a: a.value if isinstance(a, Play) else 0)
    return rng.choice(list(legal))


#: Play-outs stop after this many moves (about a round) and the piles are scored instead.
DEPTH = 30
#: How sharply a lead in points becomes a chance of winning in ``evaluate``.
TEMPERATURE = 3.0


def evaluate(state: PotraState) -> list[float]:
    """A chance of winning per seat from the piles so far: a softmax of their scores."""
    triples = state.config.triples
    totals = [sum(contribution(v, pile.count(v), triples) for v in set(pile)) for pile in state.piles]
    top = max(totals)
    weights = [math.exp((t - top) / TEMPERATURE) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]


class HardPlayer(ISMCTSPlayer):
    """The search bot. A lap-1 play with a single legal card is searched like any other move (the generic
    search does so): an instant answer would tell the table that every card in the bot's hand has the same
    value. A forced pass (an empty hand) or a forced pick is public and is made at once, without a reason.

    The reason the table reads is only that it searched (not over how many deals): its estimated win chance
    comes from its own hand and goes to ``Decision.debug``."""

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        if len(legal) == 1 and not isinstance(legal[0], Play):
            return Decision(legal[0])
        decision = super().decide(observation, legal, rng)
        return Decision(
            decision.action,
            reason=SEARCHED,
            value=decision.value,
            debug=decision.debug,
        )


def hard(game: object, think: float = 1.0, iterations: int | None = None, fast: bool = True) -> HardPlayer:
    """The search bot; its play-outs run on the mutable fast path (``ai.potra_bash.fast``: the same moves as
    ``rollout`` and ``evaluate`` on the rules, several times faster); ``fast=False`` plays them on the rules."""
    return HardPlayer(
        game,
        think=think,
        iterations=iterations,
        rollout=rollout,
        name="hard",
        evaluate=evaluate,
        depth=DEPTH,
        simulate=make_simulate(DEPTH, TEMPERATURE) if fast else None,
    )
