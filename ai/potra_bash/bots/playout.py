"""The ``hard`` search's model of every player in its play-outs, written once over the engine
(``ai.potra_bash.engine``): greedy picks for the pile, minus cards dumped, otherwise a random move; and the
whole play-out from a leaf of the search's tree."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import pairwise

from ai import rng as seeded
from ai.potra_bash import rules
from ai.potra_bash.engine import CONTRIBUTIONS, OVER, TAKE, VALUE_OF, Engine, Move
from ai.potra_bash.state import PotraState

#: Play-outs stop after this many moves (about a round) and the piles are scored instead.
DEPTH = 30
#: How sharply a lead in points becomes a chance of winning when a play-out stops short of the end.
TEMPERATURE = 3.0
#: How often a seat holding a minus card plays its lowest rather than a random move.
DUMP = 0.6

#: ``GAIN[triples][value][count]``: what one more ``value`` adds to a pile holding ``count`` of them.
GAIN: dict[str, dict[int, list[int]]] = {
    triples: {v: [after - now for now, after in pairwise(counts)] for v, counts in table.items()}
    for triples, table in CONTRIBUTIONS.items()
}


def policy(game: Engine, legal: Sequence[Move], rng: random.Random) -> Move:
    """A pick adds most to the picker's pile (the first such in ``legal``'s order); a play is the lowest minus
    card (with chance ``DUMP``, when the seat holds one), otherwise any legal move."""
    if game.phase is TAKE:
        pile = game.piles[game.picker]
        gain = GAIN[game.config.triples]
        return max(legal, key=lambda m: gain[VALUE_OF[m]][pile.count(VALUE_OF[m])])
    negatives = [m for m in legal if m < 0]
    if negatives and rng.random() < DUMP:
        return min(negatives)
    return seeded.choice(rng, legal)


def simulate(state: PotraState, rng: random.Random) -> list[float]:
    """The play-out from a (dealer-mode) leaf: ``DEPTH`` moves of ``policy``, then each seat's share of the win,
    or short of the end a softmax of the piles' scores."""
    game = rules.load(state)
    steps = 0
    while game.phase is not OVER and steps < DEPTH:
        game.apply(policy(game, game.legal(), rng))
        steps += 1
    if game.phase is OVER:
        winners, _ = game.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(game.n)]
    totals = game.totals()
    top = max(totals)
    weights = [math.exp((t - top) / TEMPERATURE) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]
