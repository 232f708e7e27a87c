"""A plain, mutable Potra Bash for play-outs, beside the immutable rules (``ai.potra_bash.rules``).

The search bot plays thousands of play-outs a second; each one through ``rules.apply`` builds a new frozen
state per move. Here a dealer-mode state is copied once into lists of ints and played on in place: the same
moves in the same order (``legal`` lists what ``rules.legal_actions`` lists, forced picks are made as the rules
make them), nothing checked (every move comes from ``legal``), no events. A play is its value, a pass ``0``, a
pick ``(value, owner)``. The tests play hundreds of random games both ways and compare them move by move;
``bench/bench_potra_bash_fast.py`` thousands.

Everything countable is a list of counts indexed by a value's *slot* (``value + 3``: −3 → 0, −2 → 1, 1 → 4,
3 → 6, 4 → 7): each hand, each scoring pile, each player's cards on the field. The field's order does not
matter (a pick takes a value from an owner); what the centre card's tie-break needs of the order (who played
last) is kept per seat as the number of the seat's latest play.

Only dealer mode (the deck known, no typed cards): that is what the search's deals are.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from ai.potra_bash.cards import COPIES_IN_BOX, HAND_SIZE, LAPS, NO_SET_VALUES, SET_SIZE, VALUES, deck
from ai.potra_bash.rules import Pass, Phase, Play, PotraConfig, PotraState, Take

PASS = 0
Move = int | tuple[int, int]
#: A count list's length and a value's slot in it.
SLOTS = 8
OFFSET = 3
#: (value, slot) in ``VALUES`` order (the order of plays in ``legal``) and highest value first (picks).
PLAY_ORDER: tuple[tuple[int, int], ...] = tuple((v, v + OFFSET) for v in VALUES)
PICK_ORDER: tuple[tuple[int, int], ...] = tuple((v, v + OFFSET) for v in sorted(VALUES, reverse=True))
_TAKE = int(Phase.TAKE)


def counts(values: Sequence[int]) -> list[int]:
    """The count list of ``values``."""
    out = [0] * SLOTS
    for v in values:
        out[v + OFFSET] += 1
    return out


class FastPotra:
    """One game in plain lists, played in place."""

    __slots__ = (
        "acted",
        "centre",
        "centre_winner",
        "deck",
        "field",
        "field_size",
        "hands",
        "lap",
        "latest",
        "n",
        "next_start",
        "on_field",
        "others",
        "over",
        "phase",
        "picker",
        "picks",
        "piles",
        "played",
        "starter",
        "sums",
        "triples",
    )

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

    def _setup(self, config: PotraConfig, starter: int) -> None:
        n = self.n = config.players
        self.triples = config.triples
        self.next_start = config.next_start
        self.starter = starter
        self.others = [[o for o in range(n) if o != s] for s in range(n)]
        self.sums = [0] * n
        self.latest = [-1] * n
        self.played = 0
        self.picks: list[Move] | None = None

    @classmethod
    def deal(cls, config: PotraConfig, seed: int) -> FastPotra:
        """The game ``rules.initial_state(config, seed)`` starts (dealer mode), dealt straight into lists."""
        if config.physical:
            raise ValueError("the fast path plays dealer-mode games only")
        rng = random.Random(seed)
        n = config.players
        game = cls.__new__(cls)
        game._setup(config, rng.randrange(n))
        game.phase = int(Phase.PLAY)
        game.over = False
        game.lap = 1
        game.acted = 0
        cards = list(deck(n))
        rng.shuffle(cards)
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

    # -- what the rules list --

    def mover(self) -> int:
        return self.picker if self.phase == _TAKE else (self.starter + self.acted) % self.n

    def hand(self, seat: int) -> list[int]:
        """The seat's hand, sorted."""
        return sorted(v for v, i in PLAY_ORDER for _ in range(self.hands[seat][i]))

    def pile(self, seat: int) -> list[int]:
        """The seat's scoring pile, sorted."""
        return sorted(v for v, i in PLAY_ORDER for _ in range(self.piles[seat][i]))

    def field_cards(self) -> list[tuple[int, int]]:
        """The field as (owner, value), sorted."""
        return sorted((o, v) for o in range(self.n) for v, i in PLAY_ORDER for _ in range(self.field[o][i]))

    def legal(self) -> list[Move]:
        """The legal moves, in the rules' order (a list the caller must not change)."""
        if self.over:
            return []
        if self.phase == _TAKE:
            picks = self.picks
            return picks if picks is not None else self._picks()
        hand = self.hands[(self.starter + self.acted) % self.n]
        moves: list[Move] = [v for v, i in PLAY_ORDER if hand[i]]
        if self.lap > 1 or not moves:
            moves.append(PASS)
        return moves

    def _picks(self) -> list[Move]:
        """The picker's picks, highest value first, then by owner: another player's cards while any remain."""
        field, picker = self.field, self.picker
        others = self.others[picker]
        on = self.on_field
        picks: list[Move] = [(v, o) for v, i in PICK_ORDER if on[i] for o in others if field[o][i]]
        if not picks:
            own = field[picker]
            picks = [(v, picker) for v, i in PICK_ORDER if own[i]]
        return picks

    # -- moves --

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

    def _end_lap(self) -> None:
        if self.lap < LAPS:
            self.lap += 1
            self.acted = 0
            return
        sums, latest = self.sums, self.latest
        best = max(sums)
        winner = -1
        for s in range(self.n):  # the tied seat whose latest play came last (the first such seat)
            if sums[s] == best and (winner < 0 or latest[s] > latest[winner]):
                winner = s
        if self.centre is not None:
            self.piles[winner][self.centre + OFFSET] += 1
        self.phase = _TAKE
        self.centre = None
        self.centre_winner = winner
        self.picker = (winner + 1) % self.n
        self.acted = 0
        self._forced()

    def _forced(self) -> None:
        """Make the picks that leave one possible card; keep the list of the first pick that does not."""
        while self.field_size:
            picks = self._picks()
            if len(picks) != 1:
                self.picks = picks
                return
            value, owner = picks[0]  # type: ignore[misc]
            self._take(value, owner)

    def _take(self, value: int, owner: int) -> None:
        slot = value + OFFSET
        self.field[owner][slot] -= 1
        self.on_field[slot] -= 1
        self.field_size -= 1
        self.piles[self.picker][slot] += 1
        self.picker = (self.picker + 1) % self.n
        if not self.field_size:
            self._end_round()

    def _end_round(self) -> None:
        n = self.n
        self.sums = [0] * n
        self.latest = [-1] * n
        self.played = 0
        if not self.deck:
            self.phase = int(Phase.OVER)
            self.over = True
            return
        winner = self.centre_winner if self.centre_winner is not None else self.starter
        if self.next_start == "next":
            self.starter = (self.starter + 1) % n
        elif self.next_start == "winner":
            self.starter = winner
        else:
            self.starter = (winner + 1) % n
        self.centre = self.deck.pop()
        self.phase = int(Phase.PLAY)
        self.lap = 1
        self.acted = 0
        self.centre_winner = None

    # -- scores --

    def totals(self) -> list[int]:
        triples = self.triples
        return [
            sum(contribution(v, pile[i], triples) for v, i in PLAY_ORDER if pile[i]) for pile in self.piles
        ]

    def utilities(self) -> list[float]:
        """``Result.utility`` per seat of the finished game (the rules' ranking: score, then 1-point cards)."""
        totals = self.totals()
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if len(top) > 1:
            one = 1 + OFFSET
            most = max(self.piles[i][one] for i in top)
            top = [i for i in top if self.piles[i][one] == most]
        return [1.0 / len(top) if s in top else 0.0 for s in range(self.n)]


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
    if game.phase == _TAKE:
        pile = game.piles[game.picker]
        gain = GAIN[game.triples]
        return max(legal, key=lambda m: gain[m[0] + OFFSET][pile[m[0] + OFFSET]])  # type: ignore[index]
    negatives = [m for m in legal if isinstance(m, int) and m < 0]
    if negatives and rng.random() < 0.6:
        return min(negatives)
    return rng.choice(legal)


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
