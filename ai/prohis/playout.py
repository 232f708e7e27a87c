"""``hard``'s play-outs on the fast path (``ai.prohis.fast``): the same moves as the search's play-out on the
public rules, from the same generator, several times faster.

On the rules a play-out from a leaf of the search is: up to ``DEPTH`` moves, each chosen among the search's
pruned moves (``bots.prune``: every draw, pass and judgement, the six largest convoys of goods and lieutenants,
no bribe or a bribe of one or two legal goods or a lieutenant) by ``bots.rollout`` (a random one of those moves
one time in ten, else the ``normal`` card's rules from the mover's observation, their dice rolled, except that a
seat judging a convoy inspects with ``record.judge_chance``: the card's chance pulled towards what that seat has been
seen doing, and that ``hard``'s own seat puts its controllers forward by its own rule, ``bots.own_rollout``);
then the result or, short of the end, ``bots.evaluate``. ``simulate`` does the same on a ``Fast``
copy of the leaf: ``pruned`` lists what ``bots._Pruned`` lists in its order, ``card_move`` is the card
(``ai.prohis.card``) computed on the integers (each seat reads only what its observation holds: its own hand,
its own convoy, the bribe it offers or is offered, the controllers forward, the display, the pile's size),
``model_move`` the card with that judging, and ``evaluate`` the same arithmetic. ``tests/test_prohis_playout.py``
checks the moves decision by decision against the card's rule list and ``bots.rollout``, and that the search's
statistics are the same with either play-out.

Why the judging is modelled: ``ai.prohis.record``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ai import rng as seeded
from ai.prohis.card import (
    BRIBE_CLEAN,
    BRIBE_PER_ILLEGAL,
    BRIBE_RISKY,
    EARLY_RUN,
    LATE_PER_PLAYER,
)
from ai.prohis.cards import (
    CONTROLLERS,
    CONVOY_MAX,
    CONVOY_MIN,
    ILLEGAL,
    KINDS,
    LEGAL,
    LIEUTENANT,
    RANK,
    values,
)
from ai.prohis.fast import (
    ACCEPT_CODE,
    BRIBING,
    COMMITS,
    COMMITTING,
    DECLINE_CODE,
    INSPECT_CODE,
    JUDGING,
    NO_BRIBE_CODE,
    NO_COMMIT_CODE,
    OVER,
    PASS_CODE,
    PILE_CODE,
    REFUSE_CODE,
    SECOND,
    STOP_CODE,
    TAKES,
    TURN,
    Fast,
    code_of,
    draw_codes,
)
from ai.prohis.odds import inspect_faces
from ai.prohis.record import LATE_FACES, inspect_chance, judge_chance
from ai.prohis.rules import BRIBE, CONVOY, NOBODY, Act, ProhisState, sub_multisets

#: Moves played out from a leaf before ``evaluate`` estimates the rest (``bots.hard``'s ``depth``).
DEPTH = 16
#: The share of random moves in a play-out (``bots.rollout``).
NOISE = 0.1
#: ``bots.evaluate``'s scale: each seat's share of exp(score / SCALE).
SCALE = 8000

_CONVOY_CODES: dict[tuple[int, ...], int] = {}
_BRIBE_CODES: dict[tuple[int, ...], int] = {}


def convoy_code(cards: Sequence[int]) -> int:
    """The code of the convoy of ``cards`` (any order)."""
    key = tuple(sorted(cards))
    code = _CONVOY_CODES.get(key)
    if code is None:
        code = _CONVOY_CODES[key] = code_of(Act(CONVOY, key))
    return code


def bribe_code(cards: tuple[int, ...]) -> int:
    """The code of the bribe of ``cards`` (sorted)."""
    code = _BRIBE_CODES.get(cards)
    if code is None:
        code = _BRIBE_CODES[cards] = code_of(Act(BRIBE, cards))
    return code


# -- the search's moves (``bots._Pruned``) --

_PRUNED_CONVOYS: dict[tuple[int, int, int], tuple[int, ...]] = {}
_PRUNED_BRIBES: dict[tuple[int, int], tuple[int, ...]] = {}


def pruned_convoys(legal: int, illegal: int, lieutenant: int) -> tuple[int, ...]:
    """``bots._convoy_moves``: the six largest convoys of these goods and lieutenants, most illegal first."""
    key = (legal, illegal, lieutenant)
    out = _PRUNED_CONVOYS.get(key)
    if out is None:
        convoys = sub_multisets((legal, illegal, lieutenant, 0, 0, 0), CONVOY_MIN, CONVOY_MAX)
        convoys.sort(key=lambda c: (-len(c), -c.count(ILLEGAL), c))
        out = _PRUNED_CONVOYS[key] = tuple(convoy_code(c) for c in convoys[:6])
    return out


def pruned_bribes(legal: int, lieutenant: int) -> tuple[int, ...]:
    """``bots._bribe_moves``: no bribe, or one or two legal goods or lieutenants."""
    key = (legal, lieutenant)
    out = _PRUNED_BRIBES.get(key)
    if out is None:
        small = sub_multisets((legal, 0, lieutenant, 0, 0, 0), 1, 2)
        out = _PRUNED_BRIBES[key] = (NO_BRIBE_CODE, *(bribe_code(c) for c in small))
    return out


def pruned(f: Fast) -> list[int]:
    """The moves the search considers (``bots._Pruned.legal_actions``), in its order."""
    phase = f.phase
    if phase == TURN:
        hand = f.hands[f.active]
        out = list(draw_codes(f.display, bool(f.pile))) if f.can_draw() else []
        if f.can_pass():
            out.append(PASS_CODE)
        convoys = pruned_convoys(hand[LEGAL], hand[ILLEGAL], hand[LIEUTENANT])
        if not convoys and not out:
            return f.legal()
        out += convoys
        return out
    if phase == BRIBING:
        hand = f.hands[f.active]
        return list(pruned_bribes(hand[LEGAL], hand[LIEUTENANT]))
    return f.legal()


# -- the card, on integers --

_DRAW_ORDER = (TAKES[ILLEGAL], TAKES[LIEUTENANT], TAKES[LEGAL], PILE_CODE)
_SEND_ORDER = (LEGAL, LIEUTENANT, ILLEGAL)


def _draw(legal: list[int]) -> int:
    """Rules 4 and 7: an illegal good, else a lieutenant, else a legal good from the display; else the pile."""
    for code in _DRAW_ORDER:
        if code in legal:
            return code
    return -1


def _send(legal: list[int], cards: list[int]) -> int:
    code = convoy_code(cards[:4])
    return code if code in legal else -1


def _turn(f: Fast, legal: list[int], rng: random.Random) -> int:
    """The card's turn chain (rules 1 to 6), rule 1b's die rolled from ``rng`` as ``card.choose`` rolls it."""
    hand = f.hands[f.active]
    illegal, lieutenant, goods = hand[ILLEGAL], hand[LIEUTENANT], hand[LEGAL]
    late = _late(f)
    if late and illegal and f.sizes[f.active] >= 2:  # 1 dump contraband
        cards = [ILLEGAL] * min(illegal, 3)
        if lieutenant:
            cards.append(LIEUTENANT)
        while len(cards) < 2 or (len(cards) < 4 and goods > cards.count(LEGAL)):
            if goods > cards.count(LEGAL):
                cards.append(LEGAL)
            elif illegal > cards.count(ILLEGAL):
                cards.append(ILLEGAL)
            else:
                break
        code = _send(legal, cards)
        if code >= 0:
            return code
    if not late and illegal + lieutenant >= 2:  # 1b early run, on a die
        cards = ([ILLEGAL] * illegal + [LIEUTENANT] * lieutenant)[:4]
        cards += [LEGAL] * min(goods, 4 - len(cards))
        code = _send(legal, cards)
        if code >= 0 and seeded.randint(rng, 1, 6) <= EARLY_RUN:
            return code
    if illegal >= 2 and lieutenant:  # 2 lieutenant run
        code = _send(legal, [LIEUTENANT, ILLEGAL, ILLEGAL] + ([LEGAL] if goods else []))
        if code >= 0:
            return code
    if goods >= 3:  # 3 safe load
        code = _send(legal, [LEGAL] * min(goods if goods == 3 else goods - 1, 4))  # one kept from 4 on
        if code >= 0:
            return code
    code = _draw(legal)  # 4 draw
    if code >= 0:
        return code
    cards = [kind for kind in _SEND_ORDER for _ in range(hand[kind])]  # 5 full hand
    if len(cards) >= 2:
        code = _send(legal, cards)
        if code >= 0:
            return code
    if PASS_CODE in legal:  # 6 otherwise
        return PASS_CODE
    code = _send(legal, [kind for kind in KINDS for _ in range(hand[kind])][:2])
    return code if code >= 0 else legal[0]


def _commit(f: Fast) -> int:
    """The card's controller chain (rules 9 to 11): ``spare``, none higher kept."""
    code = spare(f)
    return NO_COMMIT_CODE if code < 0 else code


def _bribe(f: Fast, legal: list[int], rng: random.Random) -> int:
    """The card's bribe chain (rules 12 to 14), its die rolled."""
    hand = f.hands[f.active]
    illegal = f.convoy.count(ILLEGAL)
    if illegal:
        want = min(BRIBE_PER_ILLEGAL * illegal, hand[LEGAL])
        offer = (LEGAL,) * want if want else (LIEUTENANT,) if hand[LIEUTENANT] else ()
        if offer:
            code = bribe_code(offer)
            if code in legal:
                return code if seeded.randint(rng, 1, 6) <= BRIBE_RISKY else NO_BRIBE_CODE
        return NO_BRIBE_CODE
    code = bribe_code((LEGAL,))
    if code in legal:
        return code if seeded.randint(rng, 1, 6) <= BRIBE_CLEAN else NO_BRIBE_CODE
    return NO_BRIBE_CODE


def _faces(f: Fast) -> int:
    """The card's die faces for the convoy being judged (its size, the controller, the bribe's worth; near the
    end ``LATE_FACES``, as ``card.judge_faces``)."""
    if _late(f):
        return LATE_FACES
    seed_values = f.config.seed_values
    worth = 0
    if f.offered:
        wv = values(seed_values).warehouse
        worth = sum(wv[k] * f.bribe[k] for k in KINDS)
    return inspect_faces(len(f.convoy), f.commits[f.inspector], worth, seed_values)


def _verdict(f: Fast, strict: bool) -> int:
    if f.offered:
        return REFUSE_CODE if strict else ACCEPT_CODE
    return INSPECT_CODE if strict else DECLINE_CODE


def _judge(f: Fast, rng: random.Random) -> int:
    """The card's inspector chain (rules 15 and 16), its die rolled."""
    return _verdict(f, seeded.randint(rng, 1, 6) <= _faces(f))


def model_move(f: Fast, legal: list[int], rng: random.Random, own: int = NOBODY) -> int:
    """The mover's move in ``hard``'s play-outs: ``card_move``, except that a seat judging a convoy inspects
    (or refuses the bribe) with ``judge_chance`` (``bots.rollout`` on the public rules), and that the seat
    ``own`` (``hard``'s) puts its controllers forward by ``spare`` and judges as ``bots.hard_chance``
    (``bots.own_rollout``)."""
    phase = f.phase
    if phase == JUDGING:
        if f.inspector == own:  # ``bots.hard_chance``
            return _verdict(f, rng.random() < inspect_chance(_faces(f), f.record[f.active]))
        return _verdict(f, rng.random() < judge_chance(_faces(f), f.record[f.inspector]))
    if phase == COMMITTING and f.asking == own:
        code = spare(f)
        if code >= 0:
            return code
    return card_move(f, legal, rng)


def _late(f: Fast) -> bool:
    """The card's ``late``: the final round, or at most 2 cards per player in the draw pile."""
    return f.final_left >= 0 or len(f.pile) <= LATE_PER_PLAYER * f.n


def spare(f: Fast) -> int:
    """``bots.spare_controller`` on the integers: no controller before the end, then the lowest in hand that
    outranks those forward (-1: none, and the card decides)."""
    if not _late(f):
        return NO_COMMIT_CODE
    hand = f.hands[f.asking]
    forward = max((RANK[c] for c in f.commits if c >= 0), default=0)
    for kind in CONTROLLERS:  # lowest rank first
        if hand[kind] and RANK[kind] > forward:
            return COMMITS[kind]
    return -1


def card_move(f: Fast, legal: list[int], rng: random.Random) -> int:
    """The ``normal`` card's move for the mover among ``legal`` (its die rolled from ``rng``, as
    ``card.choose`` rolls it)."""
    phase = f.phase
    if phase == TURN:
        return _turn(f, legal, rng)
    if phase == COMMITTING:
        return _commit(f)
    if phase == BRIBING:
        return _bribe(f, legal, rng)
    if phase == JUDGING:
        return _judge(f, rng)
    if phase == SECOND:
        code = _draw(legal)
        return code if code >= 0 else STOP_CODE
    raise ValueError("the game is over")


def evaluate(f: Fast) -> list[float]:
    """``bots.evaluate``: each seat's share of exp(score / 8,000); goods in hand count for nothing before the
    final round."""
    v = values(f.config.seed_values)
    wv, hv = v.warehouse, v.hand
    late = f.final_left >= 0
    scores = []
    for hand, wh in zip(f.hands, f.warehouses, strict=True):
        s = sum(wh[k] * wv[k] for k in KINDS)
        s += sum(hand[k] * hv[k] for k in KINDS if late or k >= LIEUTENANT)
        scores.append(s)
    top = max(scores)
    weights = [math.exp((s - top) / SCALE) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def make_simulate(
    depth: int = DEPTH, noise: float = NOISE, seat: int | None = None
) -> Callable[[ProhisState, random.Random], list[float]]:
    """The search's whole play-out from a leaf (``ai.search``'s ``simulate``): ``depth`` moves, each a random
    pruned move with chance ``noise`` and else ``model_move``'s (``seat``: ``hard``'s own, which spares its
    controllers), then the result or ``evaluate``."""
    own = NOBODY if seat is None else seat

    def simulate(state: ProhisState, rng: random.Random) -> list[float]:
        f = Fast.from_state(state)
        steps = 0
        while f.phase != OVER and steps < depth:
            legal = pruned(f)
            if rng.random() < noise:
                f.apply(seeded.choice(rng, legal))
            else:
                f.apply(model_move(f, legal, rng, own))
            steps += 1
        return f.utilities() if f.phase == OVER else evaluate(f)

    return simulate
