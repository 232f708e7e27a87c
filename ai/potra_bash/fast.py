"""A plain, mutable Potra Bash for play-outs, beside the immutable rules (``ai.potra_bash.rules``).

The search bot plays thousands of play-outs a second; each one through ``rules.apply`` builds a new frozen
state per move. Here a dealer-mode state is copied once into lists of ints and played on in place: the same
moves in the same order (``legal`` lists what ``rules.legal_actions`` lists, forced picks are made as the rules
make them), nothing checked (every move comes from ``legal``), no events. A play is its value, a pass ``0``, a
pick ``(value, owner)``. The tests play hundreds of random games both ways and compare them move by move;
``bench/bench_potra_bash_fast.py`` thousands.

Only dealer mode (the deck known, no typed cards): that is what the search's deals are. What a game holds is in
``fast_state`` (``FastState``), the ends of laps and rounds in ``fast_rounds``, the play-out policy in
``fast_policy``.
"""

from __future__ import annotations

import random

from ai import rng as seeded
from ai.potra_bash.cards import HAND_SIZE, deck
from ai.potra_bash.fast_rounds import FastRounds
from ai.potra_bash.fast_state import OFFSET, PASS, PLAY_ORDER, SLOTS, TAKE, Move, counts
from ai.potra_bash.rules import Pass, Phase, Play, PotraConfig, PotraState, Take


class FastPotra(FastRounds):
    """One game in plain lists, played in place."""

    __slots__ = ()

    def __init__(self, state: PotraState) -> None:
        if state.pending or any(state.hidden) or len(state.deck) != state.deck_size:
            raise ValueError("the fast path plays dealer-mode states only")
        self._setup(state.config, state.starter)
        self.phase = int(state.phase)
        self.over = state.phase == Phase.OVER
        self.lap = state.lap
        self.acted = state.acted
        self.hands = [counts(h) for h in state.hands]
        self.deck = list(state.deck)
        self.deck.reverse()  # top last: a draw is a pop
        self.centre = state.centre
        n = self.n
        self.field = [[0] * SLOTS for _ in range(n)]
        for owner, value in state.field:
            self.field[owner][value + OFFSET] += 1
        self.field_size = len(state.field)
        self.on_field = counts([v for _, v in state.field])
        for i, (owner, value) in enumerate(state.plays):
            self.sums[owner] += value
            self.latest[owner] = i
        self.played = len(state.plays)
        self.piles = [counts(pile) for pile in state.piles]
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
        game._setup(config, seeded.randrange(rng, n))
        game.phase = int(Phase.PLAY)
        game.over = False
        game.lap = 1
        game.acted = 0
        cards = list(deck(n))
        seeded.shuffle(rng, cards)
        game.hands = [counts(cards[s : HAND_SIZE * n : n]) for s in range(n)]
        game.centre = cards[HAND_SIZE * n]
        game.deck = cards[HAND_SIZE * n + 1 :]
        game.deck.reverse()
        game.field = [[0] * SLOTS for _ in range(n)]
        game.field_size = 0
        game.on_field = [0] * SLOTS
        game.piles = [[0] * SLOTS for _ in range(n)]
        game.picker = 0
        game.centre_winner = None
        return game

    def legal(self) -> list[Move]:
        """The legal moves, in the rules' order (a list the caller must not change)."""
        if self.over:
            return []
        if self.phase == TAKE:
            picks = self.picks
            return picks if picks is not None else self._picks()
        hand = self.hands[(self.starter + self.acted) % self.n]
        moves: list[Move] = [v for v, i in PLAY_ORDER if hand[i]]
        if self.lap > 1 or not moves:
            moves.append(PASS)
        return moves

    def apply(self, move: Move) -> None:
        self.picks = None
        if isinstance(move, tuple):
            value, owner = move
            self._take(value, owner)
            if self.field_size:
                self._forced()
            return
        if move:
            seat = (self.starter + self.acted) % self.n
            slot = move + OFFSET
            self.hands[seat][slot] -= 1
            if self.deck:
                self.hands[seat][self.deck.pop() + OFFSET] += 1
            self.field[seat][slot] += 1
            self.on_field[slot] += 1
            self.field_size += 1
            self.sums[seat] += move
            self.latest[seat] = self.played
            self.played += 1
        self.acted += 1
        if self.acted == self.n:
            self._end_lap()


def to_action(move: Move) -> Play | Pass | Take:
    """The rules' action for a fast move (for tests and benchmarks)."""
    if isinstance(move, tuple):
        return Take(move[0], move[1])
    return Pass() if move == PASS else Play(move)
