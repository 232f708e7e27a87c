"""Prohis bots: the ``normal`` smuggler's card (``ai.prohis.card``; ``easy`` = the same with noise), the search
bot ``hard``, and what the table may read of a bot's reasons.

Every rule reads only the seat's observation. Where a fixed answer could be read and exploited (bribing,
judging a convoy) a rule answers with a die roll (``Roll``), as a person holding the paper card would roll one;
the bot rolls it from its rng (issue 17).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from typing import Any

from ai import rng as seeded
from ai.prohis.card import RULES, choose, judge_faces, late, smuggler
from ai.prohis.cards import (
    CONTROLLERS,
    CONVOY_MAX,
    CONVOY_MIN,
    ILLEGAL,
    KINDS,
    LEGAL,
    LIEUTENANT,
    NAMES,
    RANK,
)
from ai.prohis.observation import ProhisObservation, observe
from ai.prohis.playout import make_simulate
from ai.prohis.record import inspect_chance, judge_chance
from ai.prohis.rules import (
    ACCEPT,
    BRIBE,
    COMMIT,
    CONVOY,
    DECLINE,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    PASS,
    PILE,
    REFUSE,
    TAKE,
    Act,
    Phase,
    ProhisConfig,
    ProhisState,
    can_draw,
    can_pass,
    score,
    sub_multisets,
    to_move,
)
from ai.prohis.state import CAUGHT, CLEARED
from ai.protocol import Decision
from ai.rules import Rule, RuleList
from ai.search import SEARCHED, ISMCTSPlayer

Obs = ProhisObservation
Legal = Sequence[Act]


def rollout(state: ProhisState, legal: Legal, rng: random.Random) -> Act:
    """The play-out policy on full states for every seat but ``hard``'s own: the card's rules from the mover's
    observation (their dice rolled), except a judgement (``modelled_judge``), 10% random."""
    return _play(RULES, state, legal, rng)


def own_rollout(state: ProhisState, legal: Legal, rng: random.Random) -> Act:
    """``hard``'s own seat in its play-outs: its own rules (``FRONT``: the controllers spared) in front of the
    card's, otherwise as ``rollout``."""
    return _play(FRONT, state, legal, rng)


def _play(rules: RuleList[Obs, Any], state: ProhisState, legal: Legal, rng: random.Random) -> Act:
    if rng.random() < 0.1:
        return seeded.choice(rng, list(legal))
    obs = observe(state, to_move(state))
    if obs.phase == Phase.JUDGE:
        if rules is FRONT:  # hard's own seat judges as hard does
            return verdict(obs, rng.random() < hard_chance(obs))
        return modelled_judge(obs, rng)
    return choose(rules, obs, legal, rng)[1]


def verdict(obs: Obs, strict: bool) -> Act:
    """Inspect (refuse the bribe) if ``strict``, else decline (accept it)."""
    if obs.offered:
        return Act(REFUSE) if strict else Act(ACCEPT)
    return Act(INSPECT) if strict else Act(DECLINE)


def modelled_judge(obs: Obs, rng: random.Random) -> Act:
    """``hard``'s model of a seat judging a convoy in its play-outs: ``record.judge_chance`` (the card's chance
    for these stakes pulled towards what the table has seen that seat do)."""
    return verdict(obs, rng.random() < judge_chance(judge_faces(obs), obs.record[obs.seat]))


def hard_chance(obs: Obs) -> float:
    """The chance ``hard`` inspects (or refuses the bribe for) the convoy it judges: ``record.inspect_chance``
    on the card's die faces for these stakes, or near the end (the card's ``late``) on ``LATE_FACES``."""
    return inspect_chance(judge_faces(obs), obs.record[obs.active])


def evaluate(state: ProhisState) -> list[float]:
    """Each seat's share of exp(score / 8,000): a soft ranking of the scores so far (goods in hand count for
    nothing before the final round: they can still be sent)."""
    late = state.final_left is not None
    scores = []
    for s in range(state.n):
        hand = state.hands[s] if late else (0, 0, *state.hands[s][2:])
        scores.append(score(hand, state.warehouses[s], state.config.seed_values))
    top = max(scores)
    weights = [math.exp((s - top) / 8000) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def prune(state: ProhisState, legal: Legal) -> list[Act]:
    """The moves the search considers: every draw, pass and judgement; convoys of goods and lieutenants only
    (the six largest, most illegal first); no bribe or a bribe of one or two legal goods or a lieutenant."""
    out: list[Act] = []
    convoys: list[Act] = []
    for act in legal:
        if act.verb == CONVOY:
            if all(c in (LEGAL, ILLEGAL, LIEUTENANT) for c in act.cards):
                convoys.append(act)
        elif act.verb == BRIBE:
            if len(act.cards) <= 2 and all(c in (LEGAL, LIEUTENANT) for c in act.cards):
                out.append(act)
        else:
            out.append(act)
    convoys.sort(key=lambda a: (-len(a.cards), -a.cards.count(ILLEGAL), a.cards))
    out += convoys[:6]
    return out or list(legal)


@functools.lru_cache(maxsize=1024)
def _convoy_moves(legal: int, illegal: int, lieutenant: int) -> tuple[Act, ...]:
    """``prune``'s convoys for a hand with these goods and lieutenants (cached: hands repeat in play-outs)."""
    goods = (legal, illegal, lieutenant, 0, 0, 0)
    convoys = [Act(CONVOY, c) for c in sub_multisets(goods, CONVOY_MIN, CONVOY_MAX)]
    convoys.sort(key=lambda a: (-len(a.cards), -a.cards.count(ILLEGAL), a.cards))
    return tuple(convoys[:6])


@functools.lru_cache(maxsize=256)
def _bribe_moves(legal: int, lieutenant: int) -> tuple[Act, ...]:
    small = (legal, 0, lieutenant, 0, 0, 0)
    return (Act(NO_BRIBE), *(Act(BRIBE, c) for c in sub_multisets(small, 1, 2)))


_TAKES = {kind: Act(TAKE, (kind,)) for kind in KINDS}
_PILE = Act(PILE)
_PASS = Act(PASS)


class _Pruned:
    """The game as the search sees it: the same rules with fewer candidate moves (``prune``)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def legal_actions(self, state: ProhisState) -> list[Act]:
        phase = state.phase
        if state.pending or (phase != Phase.TURN and phase != Phase.BRIBE):
            return prune(state, self.game.legal_actions(state))
        hand = state.hands[to_move(state)]
        if phase == Phase.BRIBE:
            return list(_bribe_moves(hand[LEGAL], hand[LIEUTENANT]))
        acts: list[Act] = []
        if can_draw(state, state.active):
            acts += [_TAKES[k] for k in sorted({c for c in state.display if c is not None})]
            if state.pile:
                acts.append(_PILE)
        if can_pass(state):
            acts.append(_PASS)
        convoys = _convoy_moves(hand[LEGAL], hand[ILLEGAL], hand[LIEUTENANT])
        if not convoys and not acts:
            return list(self.game.legal_actions(state))
        return acts + list(convoys)


def spare_controller(obs: Obs, legal: Legal) -> Act | None:
    """Another player's convoy: before the end keep every controller; near the end (the card's ``late``: draw
    pile at most 2 cards per player, or the final round) put forward the lowest controller that outranks those
    already forward.

    The card puts its highest controller forward against every convoy, so its seats spend their controllers
    early (a decline stores one, a clean convoy hands it to the smuggler) and hold few when, near the end, they
    dump their contraband (rule 1): the controllers kept until then inspect those convoys. And a seat after
    it with a higher controller takes an inspection over anyway, so the lowest that outranks those forward is
    enough. As a fixed policy, one seat against three ``normal`` (4 players, the card otherwise): the card
    itself 27.8% [26.3, 29.5] of 3,000 games, the lowest controller at once 29.9% [27.1, 32.8] of 1,000, and
    kept until the end **49.4% [47.6, 51.2]** of 3,000 (README, Prohis)."""
    if not late(obs):
        return _pick(legal, Act(NO_COMMIT))
    forward = max((RANK[c] for c in obs.commits if c is not None), default=0)
    mine = [k for k in CONTROLLERS if RANK[k] > forward and Act(COMMIT, (k,)) in legal]
    return Act(COMMIT, (min(mine, key=RANK.__getitem__),)) if mine else None


def _pick(legal: Legal, act: Act) -> Act | None:
    return act if act in legal else None


#: ``hard``'s own rules, in front of the card's (``then=RULES``): played as they say, without a search.
FRONT: RuleList[Obs, Any] = RuleList(
    "hard",
    (
        Rule(
            "h1",
            "spare the controllers",
            "Another player's convoy: before the end (draw pile over 2 cards per player) keep every controller; "
            "near the end put forward the lowest controller that outranks those already forward.",
            lambda obs, legal: spare_controller(obs, legal) if obs.phase == Phase.COMMIT else None,
            public=False,
        ),
    ),
    then=RULES,
)


class HardPlayer(ISMCTSPlayer):
    """ISMCTS over the pruned moves, play-outs by the priority rules, a score estimate after 16 moves. It keeps
    the ``normal`` rules' move unless the search visits another move at least 1.5 times as often (and 5 times).
    Its own rules (``FRONT``, in front of the card's) it plays as they say, without a search, and in its
    play-outs for its own seat (``own_rollout``): another player's convoy gets no controller before the end,
    then the lowest that outranks those forward (``spare_controller``).

    Judging a convoy (inspect or decline, accept or refuse a bribe) it does not search: a search picks one move
    for what it believes the convoy holds, and a fixed answer to a sign (a bribe, or none) is what a smuggler
    exploits (issue 17: it declined every convoy sent without a bribe and refused every bribe, so a bribe came
    only with a clean load). It inspects with a chance (``record.inspect_chance``): the card's die for the
    stakes (near the end: ``record.LATE_FACES``, the card then dumps its contraband), pulled towards how often that
    smuggler's inspected convoys were caught (``hard_chance``). A second display pick is the rules' too (the
    display is public; one search per turn keeps the whole turn within ``think``)."""

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        if len(legal) == 1:  # forced: at once, and no reason (it would tell what the hand cannot do)
            return Decision(legal[0])
        if observation.phase == Phase.SECOND:
            return smuggler(name=self.name).decide(observation, legal, rng)
        if observation.phase == Phase.JUDGE:
            return self.judge(observation, legal, rng)
        rule, default, why = choose(FRONT, observation, legal, rng)
        if rule in FRONT.rules:
            return Decision(default, reason=why)
        allowed = set(prune(None, legal))  # type: ignore[arg-type]
        candidates = [a for a in legal if a in allowed or a == default]
        stats = self.search(observation, candidates, rng)
        if not stats:
            return Decision(default, reason=why)
        best, (visits, chance) = max(stats.items(), key=lambda item: item[1])
        base = stats.get(default, (0, 0.0))[0]
        deals = self.last_iterations
        if best != default and visits >= max(1.5 * base, 5):
            return Decision(
                best, reason=f"search: estimated win chance {chance:.0%} over {deals} deals", value=chance
            )
        return Decision(
            default,
            reason=f"{why}; search agrees over {deals} deals",
            value=stats.get(default, (0, chance))[1],
        )

    def judge(self, obs: Obs, legal: Legal, rng: random.Random) -> Decision[Act]:
        """Inspect (or refuse the bribe) with ``hard_chance``: the card's chance for these stakes (near the end,
        ``LATE_FACES``), pulled towards how often the smuggler's inspected convoys were caught. The reason, which
        reads the bribe, is the card's rule's (never said at the table: ``public_reason``)."""
        rule, _ = RULES.first(obs, legal)
        record = obs.record[obs.active]
        chance = hard_chance(obs)
        seen = f"caught {record[CAUGHT]} of {record[CAUGHT] + record[CLEARED]} inspected convoys"
        why = f"{rule.explain(obs)}; inspects with chance {chance:.0%} ({obs.config.name(obs.active)} {seen})"
        return Decision(verdict(obs, rng.random() < chance), reason=why)


#: Moves whose explanation would tell the table about cards it has not seen: which rule makes up a convoy
#: gives its make-up away, and why a seat stays out of an inspection tells what it holds.
HIDDEN_REASON = (CONVOY, NO_COMMIT)
#: Rules the table may hear named: the condition reads nothing hidden (the display, the phase, hand sizes) and
#: so does every rule before it (naming rule 5, "draw", would tell the table that rules 2-4, which read the
#: hand, did not hold). Every other rule reads the seat's hand, its convoy, a bribe or the unseen cards, or
#: comes after one that does.
PUBLIC_RULES = frozenset({"7", "8"})


def public_reason(act: Act, reason: str | None) -> str | None:
    """The part of a bot's reason the whole table may read, which depends on no card hidden from it: a rule's
    label (without its figures) only for a rule whose condition reads nothing hidden (``PUBLIC_RULES``); for
    the search, only that it searched (its estimate, how many deals it searched in its time, and whether it
    kept the rules' move, come from its cards); nothing for a whim (it needs a choice), a convoy or for staying out of an inspection."""
    if reason is None or act.verb in HIDDEN_REASON:
        return None
    if " deals" in reason:
        return SEARCHED
    if reason.startswith("a whim"):
        return None  # a whim needs a choice: naming it would tell the table the seat had one
    label = reason.partition(", ")[0]
    key = label.removeprefix("rule ").partition(":")[0]
    return label if label.startswith("rule ") and key in PUBLIC_RULES else None


class TablePlayer:
    """A bot at the table: its moves, with reasons cut to what the table may know (``public_reason``); the
    whole reason goes to ``Decision.debug``."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.name: str = player.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.player, name)

    def decide(self, observation: Obs, legal: Sequence[Act], rng: random.Random) -> Decision[Act]:
        decision: Decision[Act] = self.player.decide(observation, legal, rng)
        reason = decision.reason
        public = public_reason(decision.action, reason)
        return Decision(decision.action, public, decision.value, decision.debug or reason)


def hard(
    game: Any,
    config: ProhisConfig,
    think: float = 1.0,
    iterations: int | None = None,
    seat: int | None = None,
) -> ISMCTSPlayer:
    """``HardPlayer`` for ``seat``: its search branches on its own moves only; every other seat, in the tree as
    in the play-outs, plays as ``hard`` models it (``rollout``: the card, judging by its record); its own seat
    plays out by its own rules (``own_rollout``: ``FRONT``, then the card). Branching on
    the other seats' moves spread the few deals over answers nobody at the table gives (the seats after a
    convoy putting no controller forward, or letting every convoy pass, half the time), and the search sent
    contraband into a seat that always inspects (issue 17)."""
    others = {} if seat is None else {s: rollout for s in range(config.players) if s != seat}
    return HardPlayer(
        _Pruned(game),
        think=think,
        iterations=iterations,
        fixed=others,
        rollout=rollout if seat is None else own_rollout,
        evaluate=evaluate,
        depth=16,
        simulate=make_simulate(16, seat=seat),  # the same play-outs on the fast path (``ai.prohis.playout``)
        name="hard",
    )


__all__ = [
    "NAMES",
    "RULES",
    "TablePlayer",
    "evaluate",
    "hard",
    "own_rollout",
    "prune",
    "public_reason",
    "rollout",
    "smuggler",
]
