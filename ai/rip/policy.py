"""RIP's play-out policy: the quick greedy version of the ``normal`` card that ``hard``'s search plays its
play-outs with, on full (dealt) states.

``playout`` decides on a public ``RipState``; ``ai.rip.fast_policy`` computes the very same choices on the
fast path's mutable copy (``policy``), from the pieces here (``cheapest_plays``, ``psychic_gain``), and a test
checks that both choose alike.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence

from ai import rng as seeded
from ai.rip.bots import (
    BANK_FROM,
    BANK_VALUE,
    CASTLE_BUDGET,
    LATE_MANOR_BUDGET,
    LATE_ROUND,
    MANOR_BUDGET,
)
from ai.rip.cards import CASTLE, INSTANT_WIN, PsychicCard
from ai.rip.rules import (
    END,
    SKIP,
    Action,
    Blind,
    Card,
    CardInfo,
    Down,
    Ghost,
    InPlay,
    Phase,
    Psychic,
    RipState,
    Turn,
    card_info,
    ghost_plays,
    may_end_turn,
    may_play,
    plain_total,
    psychic_plays,
    state_totals,
    totals,
)

__all__ = [
    "BANK_FROM",
    "BANK_VALUE",
    "CASTLE_BUDGET",
    "LATE_MANOR_BUDGET",
    "LATE_ROUND",
    "MANOR_BUDGET",
    "PLAYOUT_NOISE",
    "PSYCHIC_GAIN",
    "best_psychic",
    "cheapest_plays",
    "may_gain",
    "playout",
    "psychic_gain",
]

#: The play-outs' chance of a random move.
PLAYOUT_NOISE = 0.0
#: Play-outs play a psychic card first when it raises the margin by at least this much.
PSYCHIC_GAIN = 2


def _sums(cards: Sequence[int]) -> set[int]:
    sums = {0}
    for v in cards:
        sums |= {s + v for s in sums}
    return sums


def _cheapest(hand: Sequence[int], need: int) -> list[int]:
    """The cheapest cards of ``hand`` summing to at least ``need``, highest first (empty if none)."""
    sums = _sums(hand)
    reach = [s for s in sums if s >= need]
    if not reach:
        return []
    left, rest, out = min(reach), sorted(hand, reverse=True), []
    while left > 0:
        for i, v in enumerate(rest):
            others = rest[:i] + rest[i + 1 :]
            if v <= left and left - v in _sums(others):
                out.append(v)
                left -= v
                rest = others
                break
        else:
            break
    return out


@functools.lru_cache(maxsize=1 << 16)
def cheapest_plays(hand: tuple[int, ...], need: int) -> tuple[Turn, Turn] | None:
    """``_cheapest(hand, need)`` as plays: (all its cards at once, its first card), or None when there is none.
    Play-outs meet the same few hands again and again: remembered."""
    cards = _cheapest(hand, need)
    if not cards:
        return None
    return Turn(tuple(Ghost(v) for v in cards), end=False), Turn((Ghost(cards[0]),), end=False)


def best_psychic(state: RipState, plays: Sequence[Action]) -> Action | None:
    """The psychic card play that raises the mover's margin most (at least ``PSYCHIC_GAIN``), if any."""
    seat = state.mover
    sides = state.sides
    return psychic_gain(
        seat, sides[seat].table, sides[1 - seat].table, state.cards, state_totals(state), plays
    )


def psychic_gain(
    seat: int,
    mine: Sequence[InPlay],
    theirs: Sequence[InPlay],
    cards: Mapping[int, PsychicCard],
    before: tuple[int, int],
    plays: Sequence[Action],
) -> Action | None:
    """``best_psychic`` from the tables themselves (``seat``'s and the opponent's) and the totals ``before``
    (the fast path has no ``RipState``)."""
    info = card_info(cards)
    best: tuple[int, Action] | None = None
    margin: int | None = None
    plain = False
    for action in plays:
        if not (isinstance(action, Turn) and isinstance(action.items[0], Psychic)):
            continue
        item = action.items[0]
        card = info[item.number]
        if card.inert:
            continue  # it changes no total: no gain
        if margin is None:
            margin = before[seat] - before[1 - seat]
            # No card in play changes another: each card counts its own strength, so a play that adds no such
            # card gains exactly the strength it adds and the strength it takes from the opponent.
            plain = plain_total(mine, cards) is not None and plain_total(theirs, cards) is not None
        kinds = card.kinds
        arg = item.arg
        fetch = "fetch" in kinds
        target = arg if "discard" in kinds else None
        if plain and not card.active:
            gain = _strength(Card(True, item.number), info)
            if fetch and arg is not None:
                gain += _strength(arg, info)
            if target is not None:
                gain += _strength(target, info)
        else:
            own = (*mine, InPlay(Card(True, item.number), arg.n if arg is not None and not fetch else 0))
            other = theirs
            if fetch and arg is not None:
                own = (*own, InPlay(arg))
            if target is not None:
                i = [x.card for x in theirs].index(target)
                other = (*theirs[:i], *theirs[i + 1 :])
            after = totals((own, other) if seat == 0 else (other, own), cards)
            gain = (after[seat] - after[1 - seat]) - margin
        if gain >= PSYCHIC_GAIN and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best is not None else None


def may_gain(owned: tuple[int, ...], cards: Mapping[int, PsychicCard]) -> bool:
    """Whether any owned psychic card playable in rounds 1-9 can change a total (``best_psychic`` skips the rest)."""
    info = card_info(cards)
    return any(info[n].rounds and not info[n].inert for n in owned)


def _strength(card: Card, info: Mapping[int, CardInfo]) -> int:
    """A card's strength when no card in play changes it (as ``rules.plain_total`` counts it)."""
    if not card.psychic:
        return card.n
    ghost = info[card.n].ghost
    return ghost if ghost is not None and ghost > 0 else 0


def playout(state: RipState, legal: Sequence[Action], rng: random.Random) -> Action:
    """A quick greedy version of the ``normal`` rules on full states, with a little noise (search play-outs).

    ``legal`` is ``legal_actions(state)``. In rounds 1-9 and after them the policy reads the state alone (the
    same plays, in the same order, as ``legal`` lists), so the search need not list them (``LazyLegal``)."""
    if rng.random() < PLAYOUT_NOISE:
        return seeded.choice(rng, list(legal))
    phase = state.phase
    if phase == Phase.PLAY:
        seat = state.mover
        t = state_totals(state)
        limit = state.min_plays(seat)  # card 14
        may_end = may_end_turn(state, limit)  # END is legal
        if t[seat] > t[1 - seat] and may_end:
            return END
        need = t[1 - seat] + 1 - t[seat]
        sides = state.sides
        side = sides[seat]
        hand = side.hand
        kind = state.tokens[state.round - 1]
        mine, theirs = side.tokens.count(kind), sides[1 - seat].tokens.count(kind)
        decisive = max(mine, theirs) + 1 >= INSTANT_WIN[kind]
        budget = (
            CASTLE_BUDGET
            if kind == CASTLE
            else LATE_MANOR_BUDGET
            if state.round >= LATE_ROUND
            else MANOR_BUDGET
        )
        if may_end and (sum(hand) < need or (need > budget and not decisive)):
            return END
        can_play = may_play(state, limit)
        ghosts = ghost_plays(state) if can_play else ()
        if not ghosts:  # no ghost card to play: any psychic card, or end the turn
            plays = psychic_plays(state) if can_play else []
            return seeded.choice(rng, plays) if plays else END
        first = ghosts[0]
        if isinstance(first.items[0], Blind):
            return first
        if side.owned and may_gain(side.owned, state.cards):
            best = best_psychic(state, psychic_plays(state))
            if best is not None:
                return best
        cheapest = cheapest_plays(hand, need)
        if cheapest is None:
            return max(ghosts, key=lambda a: repr(a))
        whole, one = cheapest
        if len(whole.items) > 1 and not limit:
            return whole  # the whole set in one step: faster play-outs
        return one
    if phase == Phase.FACEDOWN:
        side = state.sides[state.loser]
        if side.owned:
            info = card_info(state.cards)
            for n in sorted(set(side.owned)):
                if not info[n].rounds:
                    return Down(Card(True, n))
        if state.round >= BANK_FROM and len(side.hand) > 3 and max(side.hand) >= BANK_VALUE:
            return Down(Card(False, max(side.hand)))
        return SKIP
    return seeded.choice(rng, list(legal))
