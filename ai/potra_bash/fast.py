"""A plain, mutable Potra Bash for play-outs, beside the immutable rules (``ai.potra_bash.rules``).

The search bot plays thousands of play-outs a second; each one through ``rules.apply`` builds a new frozen
state per move. Here a dealer-mode state is copied once into lists and played on in place: the same moves in
the same order (``legal`` lists what ``rules.legal_actions`` lists, forced picks are made as the rules make
them), nothing checked (every move comes from ``legal``), no events. A play is its value, a pass ``0``, a pick
``(value, owner)``. The tests play thousands of random games both ways and compare them move by move.

Only dealer mode (the deck known, no typed cards): that is what the search's deals are.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ai.potra_bash.cards import HAND_SIZE, LAPS, NO_SET_VALUES, SET_SIZE, VALUES, deck
from ai.potra_bash.rules import Pass, Phase, Play, PotraConfig, PotraState, Take

PASS = 0
Move = int | tuple[int, int]


class FastPotra:
    """One game in plain lists, played in place."""

    __slots__ = (
        "acted",
        "centre",
        "centre_winner",
        "deck",
        "field",
        "hands",
        "lap",
        "n",
        "next_start",
        "over",
        "phase",
        "picker",
        "piles",
        "plays",
        "starter",
        "triples",
    )

    def __init__(self, state: PotraState) -> None:
        if state.pending or any(state.hidden) or len(state.deck) != state.deck_size:
            raise ValueError("the fast path plays dealer-mode states only")
        self.n = state.n
        self.triples = state.config.triples
        self.next_start = state.config.next_start
        self.phase = int(state.phase)
        self.over = state.phase == Phase.OVER
        self.lap = state.lap
        self.starter = state.starter
        self.acted = state.acted
        self.hands = [list(h) for h in state.hands]
        self.deck = list(state.deck)
        self.deck.reverse()  # top last: a draw is a pop
        self.centre = state.centre
        self.field = list(state.field)
        self.plays = list(state.plays)
        self.piles = [{v: pile.count(v) for v in VALUES} for pile in state.piles]
        self.picker = state.picker
        self.centre_winner = state.centre_winner

    @classmethod
    def deal(cls, config: PotraConfig, seed: int) -> FastPotra:
        """The game ``rules.initial_state(config, seed)`` starts (dealer mode), dealt straight into lists."""
        if config.physical:
            raise ValueError("the fast path plays dealer-mode games only")
        rng = random.Random(seed)
        n = config.players
        game = cls.__new__(cls)
        game.n = n
        game.triples = config.triples
        game.next_start = config.next_start
        game.phase = Phase.PLAY
        game.over = False
        game.lap = 1
        game.starter = rng.randrange(n)
        game.acted = 0
        cards = list(deck(n))
        rng.shuffle(cards)
        game.hands = [sorted(cards[s : HAND_SIZE * n : n]) for s in range(n)]
        game.centre = cards[HAND_SIZE * n]
        game.deck = cards[HAND_SIZE * n + 1 :]
        game.deck.reverse()
        game.field = []
        game.plays = []
        game.piles = [dict.fromkeys(VALUES, 0) for _ in range(n)]
        game.picker = 0
        game.centre_winner = None
        return game

    # -- what the rules list --

    def mover(self) -> int:
        return self.picker if self.phase == Phase.TAKE else (self.starter + self.acted) % self.n

    def eligible(self, seat: int) -> list[tuple[int, int]]:
        others = [c for c in self.field if c[0] != seat]
        return others if others else list(self.field)

    def legal(self) -> list[Move]:
        if self.over:
            return []
        if self.phase == Phase.TAKE:
            return [(v, o) for o, v in sorted(set(self.eligible(self.picker)), key=_pick_key)]
        hand = self.hands[(self.starter + self.acted) % self.n]
        moves: list[Move] = [v for v in VALUES if v in hand]
        if self.lap > 1 or not moves:
            moves.append(PASS)
        return moves

    # -- moves --

    def apply(self, move: Move) -> None:
        if isinstance(move, tuple):
            self._take(move)
            if self.field:
                self._forced()
            return
        if move != PASS:
            seat = (self.starter + self.acted) % self.n
            hand = self.hands[seat]
            hand.remove(move)
            if self.deck:
                hand.append(self.deck.pop())
            self.field.append((seat, move))
            self.plays.append((seat, move))
        self.acted += 1
        self._advance()

    def _advance(self) -> None:
        if self.acted < self.n:
            return
        if self.lap < LAPS:
            self.lap += 1
            self.acted = 0
            return
        sums = [0] * self.n
        latest = [-1] * self.n
        for i, (owner, value) in enumerate(self.plays):
            sums[owner] += value
            latest[owner] = i
        best = max(sums)
        tied = [s for s in range(self.n) if sums[s] == best]
        winner = max(tied, key=lambda s: latest[s])
        if self.centre is not None:
            self.piles[winner][self.centre] += 1
        self.phase = Phase.TAKE
        self.centre = None
        self.centre_winner = winner
        self.picker = (winner + 1) % self.n
        self.acted = 0
        self._forced()

    def _forced(self) -> None:
        while self.phase == Phase.TAKE and self.field:
            choices = set(self.eligible(self.picker))
            if len(choices) != 1:
                return
            owner, value = choices.pop()
            self._take((value, owner))

    def _take(self, move: tuple[int, int]) -> None:
        value, owner = move
        field = self.field
        i = max(j for j, card in enumerate(field) if card == (owner, value))
        del field[i]
        self.piles[self.picker][value] += 1
        self.picker = (self.picker + 1) % self.n
        if not field:
            self._end_round()

    def _end_round(self) -> None:
        n = self.n
        if not self.deck:
            self.phase = Phase.OVER
            self.over = True
            self.plays = []
            return
        winner = self.centre_winner if self.centre_winner is not None else self.starter
        if self.next_start == "next":
            self.starter = (self.starter + 1) % n
        elif self.next_start == "winner":
            self.starter = winner
        else:
            self.starter = (winner + 1) % n
        self.centre = self.deck.pop()
        self.phase = Phase.PLAY
        self.lap = 1
        self.acted = 0
        self.field = []
        self.plays = []
        self.centre_winner = None

    # -- scores --

    def totals(self) -> list[int]:
        return [sum(contribution(v, k, self.triples) for v, k in pile.items() if k) for pile in self.piles]

    def utilities(self) -> list[float]:
        """``Result.utility`` per seat of the finished game (the rules' ranking: score, then 1-point cards)."""
        totals = self.totals()
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if len(top) > 1:
            most = max(self.piles[i][1] for i in top)
            top = [i for i in top if self.piles[i][1] == most]
        return [1.0 / len(top) if s in top else 0.0 for s in range(self.n)]


def _pick_key(card: tuple[int, int]) -> tuple[int, int]:
    return (-card[1], card[0])


def contribution(value: int, count: int, triples: str = "all") -> int:
    """What ``count`` copies of ``value`` add to a pile's score after the set discards."""
    if value in NO_SET_VALUES:
        return value * count
    sets = count // SET_SIZE
    if triples == "one":
        sets = min(sets, 1)
    return value * (count - SET_SIZE * sets)


def _marginal(value: int, count: int, triples: str) -> int:
    return contribution(value, count + 1, triples) - contribution(value, count, triples)


def policy(game: FastPotra, legal: Sequence[Move], rng: random.Random) -> Move:
    """The hard bot's play-out policy (``bots.rollout``) on the fast game: greedy picks, minus cards dumped
    (60%), otherwise random."""
    if game.phase == Phase.TAKE:
        pile = game.piles[game.picker]
        triples = game.triples
        return max(legal, key=lambda m: _marginal(m[0], pile[m[0]], triples))  # type: ignore[index]
    negatives = [m for m in legal if isinstance(m, int) and m < 0]
    if negatives and rng.random() < 0.6:
        return min(negatives)
    return rng.choice(list(legal))


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


def to_action(move: Move) -> Play | Pass | Take:
    """The rules' action for a fast move (for tests and benchmarks)."""
    if isinstance(move, tuple):
        return Take(move[0], move[1])
    return Pass() if move == PASS else Play(move)
