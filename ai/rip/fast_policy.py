"""The play-out policy on the fast path: ``ai.rip.policy.playout``'s choices computed on a ``Fast`` game, and
the search's whole play-out (``simulate``).

``policy`` makes the same choice as ``policy.playout`` from the same generator state (a test checks it move by
move): the same rules in the same order, read from the fast path's hand tables (``ai.rip.fast_hands``) and
owned cards (``ai.rip.fast_cards.Owned``). The psychic card worth playing first (``policy.psychic_gain``) is
remembered by what it depends on: the two tables' contents (their signatures), the cards owned, and the deck's
values when a card fetches from it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ai import rng as seeded
from ai.rip.cards import CASTLE, INSTANT_WIN, PsychicCard
from ai.rip.effects import per_catalogue
from ai.rip.fast import BLIND, FACEDOWN, OVER, PLAY, Fast
from ai.rip.fast_hands import GHOST_PLAY, HANDS
from ai.rip.policy import (
    BANK_FROM,
    BANK_VALUE,
    CASTLE_BUDGET,
    LATE_MANOR_BUDGET,
    LATE_ROUND,
    MANOR_BUDGET,
    PLAYOUT_NOISE,
    psychic_gain,
)
from ai.rip.rules import END, SKIP, Action, Down, G, Phase, RipState

_Gains = dict[tuple[int, int, int, tuple[int, ...], int], Action | None]


@per_catalogue
def _gains(cards: Mapping[int, PsychicCard]) -> _Gains:
    """The psychic play worth making first, per catalogue, by (seat, both tables' signatures, owned, deck
    values)."""
    return {}


#: Remembered gains are forgotten past this many.
_GAINS_KEPT = 1 << 16


def policy(f: Fast, rng: random.Random) -> Action:
    """``ai.rip.policy.playout`` on ``f``: the same action from the same generator state."""
    if rng.random() < PLAYOUT_NOISE:
        return seeded.choice(rng, f.legal())
    if f.phase == PLAY:
        return _play(f, rng)
    if f.phase == FACEDOWN:
        return _down(f)
    return seeded.choice(rng, f.legal())


def _down(f: Fast) -> Action:
    """The round's loser: a card playable only in round 10 goes face down, or late, a high ghost (banked)."""
    seat = f.loser
    if f.owned[seat]:
        first = f.owns[seat].round10_only
        if first is not None:
            return first
    hand = HANDS[f.hands[seat]]
    if f.round >= BANK_FROM and hand.size > 3 and hand.top >= BANK_VALUE:
        return Down(G(hand.top))
    return SKIP


def _play(f: Fast, rng: random.Random) -> Action:
    seat = f.mover
    other = 1 - seat
    t = f._totals or f.totals()
    limit = f.need[other]
    plays = f.turn_plays
    may_end = plays == 0 or not limit or plays >= limit
    mine_t, their_t = t[seat], t[other]
    if mine_t > their_t and may_end:
        return END
    need = their_t + 1 - mine_t
    hand = HANDS[f.hands[seat]]
    if may_end:
        if hand.total < need:
            return END
        rnd = f.round
        kind = f.tokens[rnd - 1]
        budget = CASTLE_BUDGET if kind == CASTLE else LATE_MANOR_BUDGET if rnd >= LATE_ROUND else MANOR_BUDGET
        if need > budget:
            taken = f.taken
            if max(taken[seat].count(kind), taken[other].count(kind)) + 1 < INSTANT_WIN[kind]:
                return END
    can_play = not limit or plays >= limit or f.may_play(limit)
    if not (can_play and hand.size):  # no ghost card to play: any psychic card, or end the turn
        choices = f.psychic_plays() if can_play and f.owned[seat] else ()
        return seeded.choice(rng, choices) if choices else END
    if f.blind[seat]:
        return BLIND
    if f.owns[seat].gainer:
        best = _gain(f, seat, t)
        if best is not None:
            return best
    cheapest = hand.cheapest_plays(need)
    if cheapest is None:
        return GHOST_PLAY[hand.top]  # the highest ghost
    whole, one = cheapest
    if len(whole.items) > 1 and not limit:
        return whole
    return one


def _gain(f: Fast, seat: int, before: tuple[int, int]) -> Action | None:
    """``policy.psychic_gain`` for the mover, remembered by what it reads."""
    owned = f.owned[seat]
    values = 0
    if f.owns[seat].fetch:
        for v in set(f.decks[seat]):
            values |= 1 << v
    key = (seat, f.sig[seat], f.sig[1 - seat], owned, values)
    gains = _gains(f.cards)
    if key in gains:
        return gains[key]
    if len(gains) >= _GAINS_KEPT:
        gains.clear()
    got = gains[key] = psychic_gain(
        seat, f.tables[seat], f.tables[1 - seat], f.cards, before, f.psychic_plays()
    )
    return got


def playout(f: Fast, rng: random.Random) -> list[float]:
    """Play ``f`` to its end with the play-out policy; each seat's result (``policy``, inlined)."""
    apply, end_turn, noise = f.apply, f.end_turn, rng.random
    while True:
        phase = f.phase
        if phase == OVER:
            return f.utilities()
        if noise() < PLAYOUT_NOISE:
            apply(seeded.choice(rng, f.legal()))
        elif phase == PLAY:
            # Half the decisions of a play-out are ``_play``'s first rule, ahead: end the turn. Taken here at
            # once (``end_turn`` ahead: the other family plays), without a call.
            seat = f.mover
            t = f._totals or f.totals()
            if t[seat] > t[1 - seat]:
                limit = f.need[1 - seat]
                plays = f.turn_plays
                if not limit or plays == 0 or plays >= limit:
                    f.mover = 1 - seat
                    f.turn_plays = 0
                    continue
            action = _play(f, rng)
            if action is END:
                end_turn()
            else:
                apply(action)
        else:
            apply(_down(f))


def simulate(state: RipState, rng: random.Random) -> Sequence[float]:
    """The search's play-out from ``state`` (``ai.search``'s ``simulate``): on the fast path when it can copy the
    state, else by the public loop; the same game either way."""
    if Fast.copies(state):
        return playout(Fast(state, checked=True), rng)
    from ai.rip import rules
    from ai.rip.policy import playout as public_playout

    while state.phase != Phase.OVER:
        state = rules.apply(state, public_playout(state, rules.legal_actions(state), rng))
    return [1.0 / len(state.winners) if seat in state.winners else 0.0 for seat in (0, 1)]
