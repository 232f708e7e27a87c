"""The search's play-out on the fast game (``ai.potra_bash.fast``): the policy and the whole simulation."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ai import rng as seeded
from ai.potra_bash.cards import COPIES_IN_BOX
from ai.potra_bash.fast import FastPotra
from ai.potra_bash.fast_state import OFFSET, SLOTS, TAKE, Move, contribution
from ai.potra_bash.rules import PotraState


def _marginal(value: int, count: int, triples: str) -> int:
    return contribution(value, count + 1, triples) - contribution(value, count, triples)


#: ``GAIN[triples][slot][count]``: what one more card of the slot's value adds to a pile holding ``count``.
GAIN: dict[str, list[list[int]]] = {
    triples: [
        [_marginal(slot - OFFSET, k, triples) for k in range(COPIES_IN_BOX + 1)] for slot in range(SLOTS)
    ]
    for triples in ("all", "one")
}


def policy(game: FastPotra, legal: Sequence[Move], rng: random.Random) -> Move:
    """The hard bot's play-out policy (``bots.rollout``) on the fast game: greedy picks, minus cards dumped
    (60%), otherwise random."""
    if game.phase == TAKE:
        pile = game.piles[game.picker]
        gain = GAIN[game.triples]
        return max(legal, key=lambda m: gain[m[0] + OFFSET][pile[m[0] + OFFSET]])  # type: ignore[index]
    negatives = [m for m in legal if isinstance(m, int) and m < 0]
    if negatives and rng.random() < 0.6:
        return min(negatives)
    return seeded.choice(rng, legal)


def make_simulate(depth: int, temperature: float) -> Callable[[PotraState, random.Random], list[float]]:
    """The search's whole play-out from a leaf: ``depth`` moves of ``policy``, then the result or, short of
    the end, a softmax of the piles' scores (``bots.evaluate``)."""

    def simulate(state: PotraState, rng: random.Random) -> list[float]:
        game = FastPotra(state)
        steps = 0
        while not game.over and steps < depth:
            game.apply(policy(game, game.legal(), rng))
            steps += 1
        if game.over:
            return game.utilities()
        totals = game.totals()
        top = max(totals)
        weights = [math.exp((t - top) / temperature) for t in totals]
        norm = sum(weights)
        return [w / norm for w in weights]

    return simulate
