"""The ``hard`` search's model of every player in its play-outs, written once over the engine
(``ai.potra_bash.engine``): greedy picks for the pile, minus cards dumped, otherwise a random move; and the
whole play-out from a leaf of the search's tree.

Each seat's counted choices are first drawn from what the table has seen it do (its public ``record``, the
session's games added: ``ai.habits``), shrunk toward the model above (``seen_doing``): in laps 2 and 3 a pass
or a play, a high card or a minus card, and a pick of the highest value open or another. A seat with no counts
plays the model exactly."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import pairwise

from ai import rng as seeded
from ai.habits import habit
from ai.potra_bash import rules
from ai.potra_bash.engine import CONTRIBUTIONS, OVER, PASS, TAKE, Engine, Move, seat_to_play
from ai.potra_bash.state import (
    HIGH,
    HIGH_VALUES,
    LOW,
    PASSED,
    PLAYED,
    TOOK_OTHER,
    TOOK_TOP,
    PotraState,
)

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
    """The seat's habit where its record gives one (``seen_doing``); else a pick adds most to the picker's pile
    (the first such in ``legal``'s order); a play is the lowest minus card (with chance ``DUMP``, when the seat
    holds one), otherwise any legal move."""
    seen = seen_doing(game, legal, rng)
    if seen is not None:
        return seen
    if game.phase is TAKE:
        return greedy(game, legal)
    negatives = [m for m in legal if m < 0]  # type: ignore[operator]
    if negatives and rng.random() < DUMP:
        return min(negatives)
    return seeded.choice(rng, legal)


def greedy(game: Engine, picks: Sequence[Move]) -> Move:
    """The pick that adds most to the picker's pile (the first such in ``picks``' order)."""
    pile = game.piles[game.picker]
    gain = GAIN[game.config.triples]
    return max(picks, key=lambda m: gain[m[1]][pile.count(m[1])])  # type: ignore[index]


def seen_doing(game: Engine, legal: Sequence[Move], rng: random.Random) -> Move | None:
    """The mover's counted choice drawn from its record (``ai.habits.habit``; ``None``: the model decides):
    picking among values, the highest value open (the first such pick) or the best of the others for its pile;
    in laps 2 and 3 a pass or a play; a play, its highest card when that is high or its lowest when that is a
    minus card."""
    if len(legal) < 2:
        return None
    if game.phase is TAKE:
        counts = game.record[game.picker]
        top = legal[0][1]  # type: ignore[index]  # the picks come highest value first
        if top == legal[-1][1]:  # type: ignore[index]
            return None
        highest = habit(rng, counts[TOOK_TOP], counts[TOOK_OTHER])
        if highest is None:
            return None
        if highest:
            return legal[0]
        return greedy(game, [m for m in legal if m[1] != top])  # type: ignore[index]
    counts = game.record[seat_to_play(game.starter, game.acted, game.n)]
    plays = [m for m in legal if m != PASS]
    if game.lap > 1 and len(plays) < len(legal):
        passes = habit(rng, counts[PASSED], counts[PLAYED])
        if passes:
            return PASS
        if passes is None:
            return None
    high = habit(rng, counts[HIGH], counts[LOW])
    if high is None:
        return None
    card = max(plays) if high else min(plays)
    if card in HIGH_VALUES if high else card < 0:  # type: ignore[operator]
        return card
    return None


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
