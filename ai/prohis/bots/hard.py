"""Prohis's search bot ``hard``: information-set search (ISMCTS) over deals of the unseen cards, on the engine.

Its model of every player, its candidate moves and its play-outs are ``ai.prohis.bots.playout``; it reads only
its seat's observation. Before it decides, it sets aside the options that can never be better than another
(``undominated``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.levels import Request
from ai.prohis import rules
from ai.prohis.bots.card import RULES, Obs, TablePlayer, smuggler
from ai.prohis.bots.playout import (
    DEPTH,
    FRONT,
    evaluate,
    hard_chance,
    make_simulate,
    move,
    prune,
    pruned,
    verdict,
)
from ai.prohis.components import RANK, values
from ai.prohis.observation import ProhisObservation, determinize
from ai.prohis.state import (
    CAUGHT,
    CLEARED,
    COMMIT,
    NO_COMMIT,
    PASS,
    STOP,
    TAKE,
    Act,
    Phase,
    ProhisConfig,
    ProhisState,
)
from ai.protocol import Decision, Player, Result
from ai.rules import choose
from ai.search import ISMCTSPlayer

Legal = Sequence[Act]


class Searched:
    """The game as the search sees it: the rules over snapshots with fewer candidate moves (``prune``)."""

    def determinize(self, observation: ProhisObservation, rng: random.Random) -> ProhisState:
        return determinize(observation, rng)

    def num_players(self, state: ProhisState) -> int:
        return state.n

    def to_move(self, state: ProhisState) -> int:
        return rules.to_move(state)

    def legal_actions(self, state: ProhisState) -> list[Act]:
        return pruned(state)

    def apply(self, state: ProhisState, act: Act) -> ProhisState:
        return rules.apply(state, act)

    def is_over(self, state: ProhisState) -> bool:
        return state.phase == Phase.OVER

    def result(self, state: ProhisState) -> Result:
        return rules.result_of(state)


def others(state: ProhisState, legal: Legal, rng: random.Random) -> Act:
    """Every seat but ``hard``'s in the search's tree: ``playout.move``."""
    return move(state, legal, rng)


class HardPlayer(ISMCTSPlayer):
    """ISMCTS over the pruned moves, play-outs by the priority rules, a score estimate after 16 moves. It keeps
    the ``normal`` rules' move unless the search visits another move at least 1.5 times as often (and 5 times).
    Its own rules (``FRONT``, in front of the card's) it plays as they say, without a search, and in its
    play-outs for its own seat (``own_rollout``): another player's convoy gets no controller before the end,
    then the lowest that outranks those forward (``spare_controller``).

    Judging a convoy (inspect or decline, accept or refuse a bribe) it does not search: a search picks one move
    for what it believes the convoy holds, and a fixed answer to a sign (a bribe, or none) is what a smuggler
    exploits (it declined every convoy sent without a bribe and refused every bribe, so a bribe came
    only with a clean load). It inspects with a chance (``record.inspect_chance``): the card's die for the
    stakes (near the end: ``record.LATE_FACES``, the card then dumps its contraband), pulled towards how often that
    smuggler's inspected convoys were caught (``hard_chance``). A second display pick is the rules' too (the
    display is public; one search per turn keeps the whole turn within ``think``)."""

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        if len(legal) == 1:  # forced: at once, and no reason (it would tell what the hand cannot do)
            return Decision(legal[0])
        kept = undominated(observation, legal)
        if len(kept) == 1:  # every other option can do no better: no search (the reason stays off the table)
            return Decision(kept[0], reason=NO_BETTER)
        legal = kept
        if observation.phase in (Phase.SECOND, Phase.PICK):
            return smuggler(name=self.name).decide(observation, legal, rng)
        if observation.phase == Phase.JUDGE:
            return self.judge(observation, legal, rng)
        rule, default, why = choose(FRONT, observation, legal, rng)
        if rule in FRONT.rules:
            return Decision(default, reason=why)
        allowed = set(prune(legal))
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


#: The reason for an option no other can beat (``undominated``); ``card.public_reason`` keeps it off the table.
NO_BETTER = "every other option can do no better"


def undominated(obs: ProhisObservation, legal: Legal) -> list[Act]:
    """``legal`` without the options that can never be better than another, in the order given. Each case reads
    the controllers forward, the display and the turns left (public) and nothing hidden by anyone else, so it
    holds whatever cards the others hold:

    - A controller that cannot inspect (``cannot_inspect``): one no higher than the highest already forward (a
      higher one inspects, and of equal ones the first put forward, nearer clockwise from the active player) is
      handed straight back whatever the seats after it do. The game goes on exactly as after declining to
      inspect, except that the table has seen a controller of the hand.
    - The game's last turn (``last_turn``): nobody plays after it, so a card taken from the display stays in the
      hand for the count and no other score changes. A take whose count, even with the best second card, is
      below nothing (an illegal good: -4,000 in hand) is worse than passing, or than stopping after one card."""
    kept = cannot_inspect(obs, legal)
    return last_turn(obs, kept)


def cannot_inspect(obs: ProhisObservation, legal: Legal) -> list[Act]:
    """Without the controllers that rank no higher than one already forward (``undominated``)."""
    if obs.phase != Phase.COMMIT or Act(NO_COMMIT) not in legal:
        return list(legal)
    forward = max((RANK[c] for c in obs.commits if c is not None), default=0)
    return [a for a in legal if a.verb != COMMIT or RANK[a.cards[0]] > forward]


def last_turn(obs: ProhisObservation, legal: Legal) -> list[Act]:
    """On the game's last turn, without the display cards that can only lower the count against passing (the
    first card of the turn) or stopping (the second): ``undominated``."""
    if obs.final_left != 1 or obs.phase not in (Phase.TURN, Phase.SECOND):
        return list(legal)
    rest = Act(PASS) if obs.phase == Phase.TURN else Act(STOP)
    if rest not in legal:
        return list(legal)
    worth = values(obs.config.seed_values).hand
    kept = []
    for act in legal:
        if act.verb == TAKE:
            best = worth[act.cards[0]]
            if obs.phase == Phase.TURN:  # a second card may follow: the best one left on the display
                left = list(obs.display)
                left.remove(act.cards[0])
                best += max([0, *(worth[k] for k in left if k is not None)])
            if best < 0:
                continue
        kept.append(act)
    return kept


def hard(request: Request[ProhisConfig]) -> Player[ProhisObservation, Act]:
    """``HardPlayer`` for the request's seat, at the table: its search branches on its own moves only; every
    other seat, in the tree as in the play-outs, plays as ``hard`` models it (``playout.move``: the card,
    judging by its record); its own seat plays out by its own rules (``FRONT``, then the card). Branching on
    the other seats' moves spread the few deals over answers nobody at the table gives (the seats after a
    convoy putting no controller forward, or letting every convoy pass, half the time), and the search sent
    contraband into a seat that always inspects."""
    config, seat = request.config, request.seat
    player = HardPlayer(
        Searched(),
        think=request.think,
        iterations=request.iterations,
        fixed={s: others for s in range(config.players) if s != seat},
        evaluate=evaluate,
        depth=DEPTH,
        simulate=make_simulate(DEPTH, seat=seat),
        name="hard",
    )
    return TablePlayer(player)


__all__ = ["NO_BETTER", "HardPlayer", "hard", "undominated"]
