"""``hard``'s model of every player, written once over the engine: the search's candidate moves (``prune``),
the play-out policy (``move``), the estimate short of the end (``evaluate``) and the whole play-out from a leaf
(``make_simulate``).

The policy is the ``normal`` card's rule list itself (``card.RULES``), read from the mover's view of the engine
(``observation.Seat``: its own hand and convoy, the bribe it offers or is offered, the controllers forward,
the display, the pile's size), its dice rolled from the search's generator; one move in ten (``NOISE``) is a
random candidate. The moves a seat was seen making are drawn from what it was seen doing (its public
``record``, the session's games added: ``ai.habits``), shrunk toward the card: a seat judging a convoy inspects
(or refuses the bribe) with ``record.judge_chance`` (``ai.prohis.record`` says why); asked about a convoy it puts a
controller forward (the highest that outranks those forward) or keeps them back, before and near the end, and
facing an inspector it offers a bribe or none, each with ``ai.habits.habit`` over its counts, the card
otherwise. ``hard``'s own seat puts its controllers forward by ``spare_controller`` (``FRONT``, in front of the
card) and judges with ``record.inspect_chance``, as ``hard`` itself does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import cast

from ai import rng as seeded
from ai.habits import habit
from ai.prohis.bots.card import RULES, Choice, Obs, _convoy_of, _pick, judge_faces, late, pick_card
from ai.prohis.components import CAPTAIN, CONTROLLERS, ILLEGAL, INSPECTOR, LEGAL, LIEUTENANT, RANK
from ai.prohis.engine import Engine, Table, legal_actions, to_move
from ai.prohis.observation import Seat
from ai.prohis.record import inspect_chance, judge_chance
from ai.prohis.score import points
from ai.prohis.state import (
    ACCEPT,
    BRIBE,
    BRIBED,
    COMMIT,
    CONVOY,
    DECLINE,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    NOBODY,
    REFUSE,
    STEPPED_EARLY,
    STEPPED_LATE,
    STOOD_EARLY,
    STOOD_LATE,
    UNBRIBED,
    Act,
    Phase,
    ProhisState,
)
from ai.rules import Rule, RuleList, choose

#: Moves played out from a leaf before ``evaluate`` estimates the rest.
DEPTH = 16
#: The share of random moves in a play-out.
NOISE = 0.1
#: ``evaluate``'s scale: each seat's share of exp(score / SCALE).
SCALE = 8000


# -- the search's candidate moves --

_PRUNED: dict[tuple[Act, ...], list[Act]] = {}


def prune(legal: Sequence[Act]) -> list[Act]:
    """The moves the search considers: every draw, pass and judgement; convoys of goods and lieutenants only
    (the six largest, most illegal first); no bribe or a bribe of one or two legal goods or a lieutenant."""
    key = tuple(legal)
    found = _PRUNED.get(key)
    if found is not None:
        return list(found)
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
    found = _PRUNED[key] = out or list(legal)
    return list(found)


def pruned(table: Table) -> list[Act]:
    """The search's candidate moves now: ``prune`` of the legal actions."""
    return prune(legal_actions(table))


# -- hard's own rule --


def spare_controller(obs: Obs, legal: Sequence[Act]) -> Act | None:
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


def bank_controllers(obs: Obs, legal: Sequence[Act]) -> Act | None:
    """Its last turn (the final round: every player has one turn left) with a captain or an inspector in hand:
    send the inspectors and captains, then illegal goods, lieutenants and legal goods, up to four cards. A
    controller scores 2,000 more in a warehouse than in hand and an illegal good 8,000 more; a controller turned
    over stops an inspection, and kept in hand it could only inspect the few convoys of the turns left."""
    hand = obs.hand
    if obs.phase != Phase.TURN or obs.final_left is None or not (hand[CAPTAIN] or hand[INSPECTOR]):
        return None
    order = (INSPECTOR, CAPTAIN, ILLEGAL, LIEUTENANT, LEGAL)
    cards = [k for k in order for _ in range(hand[k])][:4]
    return _convoy_of(legal, cards) if len(cards) >= 2 else None


#: ``hard``'s own rules, in front of the card's (``then=RULES``): played as they say, without a search.
FRONT: RuleList[Obs, Choice] = RuleList(
    "hard",
    (
        Rule(
            "h1",
            "spare the controllers",
            "Another player's convoy: before the end (draw pile over 2 cards per player) keep every controller; "
            "near the end put forward the lowest controller that outranks those already forward.",
            lambda obs, legal: (
                spare_controller(obs, cast(Sequence[Act], legal)) if obs.phase == Phase.COMMIT else None
            ),
            public=False,
        ),
        Rule(
            "h2",
            "bank the controllers",
            "Its last turn (the final round) with a captain or an inspector: its inspectors and captains, then "
            "illegal goods, lieutenants and legal goods, up to 4 cards, as a convoy.",
            lambda obs, legal: bank_controllers(obs, cast(Sequence[Act], legal)),
            public=False,
        ),
    ),
    then=RULES,
)


# -- judging a convoy --


def verdict(obs: Obs, strict: bool) -> Act:
    """Inspect (refuse the bribe) if ``strict``, else decline (accept it)."""
    if obs.offered:
        return Act(REFUSE) if strict else Act(ACCEPT)
    return Act(INSPECT) if strict else Act(DECLINE)


def hard_chance(obs: Obs) -> float:
    """The chance ``hard`` inspects (or refuses the bribe for) the convoy it judges: ``record.inspect_chance``
    on the card's die faces for these stakes, or near the end (the card's ``late``) on ``LATE_FACES``."""
    return inspect_chance(judge_faces(obs), obs.record[obs.active])


def modelled_chance(obs: Obs) -> float:
    """``hard``'s model of another seat judging a convoy: ``record.judge_chance`` (the card's chance for these
    stakes pulled towards what the table has seen that seat do)."""
    return judge_chance(judge_faces(obs), obs.record[obs.seat])


def seen_doing(obs: Obs, legal: Sequence[Act], rng: random.Random) -> Act | None:
    """Another seat's choice drawn from its record (``ai.habits.habit``; ``None``: the card decides): asked
    about a convoy, the highest controller that outranks those forward or none, by its counts before or near
    the end; facing an inspector, a bribe (the smallest of legal goods, else of a lieutenant) or none."""
    record = obs.record[obs.seat]
    if obs.phase == Phase.COMMIT:
        yes, no = (STEPPED_LATE, STOOD_LATE) if late(obs) else (STEPPED_EARLY, STOOD_EARLY)
        step = habit(rng, record[yes], record[no])
        if step is None:
            return None
        forward = max((RANK[c] for c in obs.commits if c is not None), default=0)
        higher = [k for k in CONTROLLERS if RANK[k] > forward and Act(COMMIT, (k,)) in legal]
        if step and higher:
            return Act(COMMIT, (max(higher, key=RANK.__getitem__),))
        return Act(NO_COMMIT)
    if obs.phase == Phase.BRIBE:
        offer = habit(rng, record[BRIBED], record[UNBRIBED])
        if offer is None:
            return None
        if offer:
            for cards in ((LEGAL,), (LIEUTENANT,)):
                if Act(BRIBE, cards) in legal:
                    return Act(BRIBE, cards)
        return Act(NO_BRIBE)
    return None


# -- the play-out --


def move(table: Table, legal: Sequence[Act], rng: random.Random, own: int = NOBODY) -> Act:
    """The mover's move in ``hard``'s model: a random one of ``legal`` with chance ``NOISE``; else the card
    from the mover's view, except a judgement (``modelled_chance``; ``hard_chance`` for the seat ``own``,
    ``hard``'s), ``own``'s controllers (``FRONT``) and what the other seats were seen doing (``seen_doing``)."""
    if rng.random() < NOISE:
        return seeded.choice(rng, legal)
    if table.phase == Phase.PICK:
        return pick_card(legal, rng)
    mover = to_move(table)
    view = Seat(table, mover)
    if table.phase == Phase.JUDGE:
        chance = hard_chance(view) if mover == own else modelled_chance(view)
        return verdict(view, rng.random() < chance)
    if mover == own:
        return choose(FRONT, view, legal, rng, explain=False)[1]
    seen = seen_doing(view, legal, rng) if table.phase in (Phase.COMMIT, Phase.BRIBE) else None
    return seen if seen is not None else choose(RULES, view, legal, rng, explain=False)[1]


def evaluate(table: Table) -> list[float]:
    """Each seat's share of exp(score / 8,000): a soft ranking of the scores so far (goods in hand count for
    nothing before the final round: they can still be sent)."""
    seed_values = table.config.seed_values
    late_game = table.final_left is not None
    scores = []
    for hand, warehouse in zip(table.hands, table.warehouses, strict=True):
        counted = hand if late_game else (0, 0, *hand[2:])
        scores.append(points(counted, warehouse, seed_values))
    top = max(scores)
    weights = [math.exp((s - top) / SCALE) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def utilities(table: Table) -> list[float]:
    """Per seat, ``Result.utility`` of the finished game: 1 for a sole win, 1/k for a win shared by k."""
    seed_values = table.config.seed_values
    scores = [points(h, w, seed_values) for h, w in zip(table.hands, table.warehouses, strict=True)]
    best = max(scores)
    winners = scores.count(best)
    return [1.0 / winners if s == best else 0.0 for s in scores]


def make_simulate(
    depth: int = DEPTH, seat: int | None = None
) -> Callable[[ProhisState, random.Random], list[float]]:
    """The search's whole play-out from a leaf (``ai.search``'s ``simulate``), on an engine loaded from it:
    ``depth`` moves of ``move`` among the candidates (``seat``: ``hard``'s own), then the result or
    ``evaluate``."""
    own = NOBODY if seat is None else seat

    def simulate(state: ProhisState, rng: random.Random) -> list[float]:
        e = Engine.load(state)
        steps = 0
        while e.phase != Phase.OVER and steps < depth:
            e.apply(move(e, pruned(e), rng, own))
            steps += 1
        return utilities(e) if e.phase == Phase.OVER else evaluate(e)

    return simulate


__all__ = ["FRONT", "evaluate", "make_simulate", "move", "prune", "pruned", "spare_controller"]
