"""The fast path's state (``ai.prohis.fast``): one dealer-mode game in plain lists, copied from and back to the
public state. What may be done in it and its score are ``ai.prohis.fast_legal``."""

from __future__ import annotations

import random
from typing import Self

from ai import rng as seeded
from ai.prohis.cards import (
    CAPTAIN,
    DEALT,
    DISPLAY,
    INSPECTOR,
    UNKNOWN,
    shuffled_counts,
)
from ai.prohis.rules import NOBODY, Phase, ProhisConfig, ProhisState, cards_of

#: Phases, as ``rules.Phase`` numbers them (only those of dealer-mode play).
TURN, SECOND, COMMITTING, BRIBING, JUDGING, OVER = (
    int(Phase.TURN),
    int(Phase.SECOND),
    int(Phase.COMMIT),
    int(Phase.BRIBE),
    int(Phase.JUDGE),
    int(Phase.OVER),
)
#: Why a game ended, as ``rules`` words it.
REASONS = ("", "every player passed in turn", "the final round is over")


class FastState:
    """One game in plain lists, mutable (``Fast`` plays it); see the module docstring."""

    __slots__ = (
        "active",
        "asking",
        "bribe",
        "commits",
        "config",
        "convoy",
        "display",
        "final_left",
        "hands",
        "held",
        "inspector",
        "n",
        "offered",
        "order",
        "pass_any_time",
        "passes",
        "phase",
        "pile",
        "public",
        "reason",
        "record",
        "rng",
        "seed",
        "sizes",
        "taken",
        "turn",
        "turned",
        "warehouses",
    )

    def __init__(self, config: ProhisConfig, seed: int) -> None:
        n = config.players
        self.config = config
        self.n = n
        self.seed = seed
        self.pass_any_time = config.pass_any_time
        self.rng = random.Random()  # the convoys' order, reseeded per convoy as ``rules.lay`` does
        self.hands: list[list[int]] = [[0] * 5 for _ in range(n)]
        self.sizes = [0] * n  # cards per hand
        self.warehouses: list[list[int]] = [[0] * 5 for _ in range(n)]
        self.public: list[list[int]] = [[0] * 5 for _ in range(n)]
        self.display = [-1] * DISPLAY
        self.pile: list[int] = []  # the top card last
        self.active = 0
        self.phase = TURN
        self.convoy: list[int] = []
        self.order: list[int] = []
        self.turned = 0
        self.commits = [-1] * n  # a controller put forward, per seat (-1: none)
        self.asking = NOBODY
        self.inspector = NOBODY
        self.bribe = [0] * 5
        self.offered = False
        self.passes = 0
        self.final_left = -1  # -1: the final round has not begun
        self.turn = 0
        self.reason = 0
        self.record: list[list[int]] = [[0] * 6 for _ in range(n)]  # ``ProhisState.record``
        self.held: list[list[int]] = [[0, 0, 0, 1, 1] for _ in range(n)]  # ``ProhisState.held``
        self.taken: list[list[int]] = [[0] * 5 for _ in range(n)]  # ``ProhisState.taken``

    @classmethod
    def deal(cls, config: ProhisConfig, seed: int) -> Self:
        """The dealer-mode game ``rules.initial_state(config, seed)`` starts, dealt straight into lists."""
        if config.physical:
            raise ValueError("the fast path plays dealer-mode games only")
        f = cls(config, seed)
        rng = random.Random(seed)
        n = config.players
        f.active = seeded.randrange(rng, n)
        deck = list(cards_of(shuffled_counts(n)))
        seeded.shuffle(rng, deck)
        for seat in range(n):
            hand = f.hands[seat]
            hand[CAPTAIN] = hand[INSPECTOR] = 1
            for card in deck[-DEALT:]:
                hand[card] += 1
            del deck[-DEALT:]
            f.sizes[seat] = DEALT + 2
        f.display = deck[-DISPLAY:][::-1]
        del deck[-DISPLAY:]
        f.pile = deck
        return f

    @classmethod
    def from_state(cls, state: ProhisState) -> Self:
        """A copy of a dealer-mode ``state`` (every card's place known)."""
        if state.config.physical or state.pending or state.phase > Phase.OVER:
            raise ValueError("the fast path plays dealer-mode states only")
        f = cls(state.config, state.seed)
        f.hands = [list(h[:UNKNOWN]) for h in state.hands]
        f.sizes = [sum(h) for h in f.hands]
        f.warehouses = [list(w[:UNKNOWN]) for w in state.warehouses]
        f.public = [list(p[:UNKNOWN]) for p in state.public]
        f.display = [-1 if c is None else c for c in state.display]
        f.pile = list(state.pile)
        f.active = state.active
        f.phase = int(state.phase)
        f.convoy = list(state.convoy)
        f.order = list(state.order)
        f.turned = state.turned
        f.commits = [-1 if c is None else c for c in state.commits]
        f.asking = state.asking
        f.inspector = state.inspector
        f.bribe = list(state.bribe[:UNKNOWN])
        f.offered = state.offered
        f.passes = state.passes
        f.final_left = -1 if state.final_left is None else state.final_left
        f.turn = state.turn
        f.reason = REASONS.index(state.reason)
        f.record = [list(j) for j in state.record]
        f.held = [list(h[:UNKNOWN]) for h in state.held]
        f.taken = [list(t[:UNKNOWN]) for t in state.taken]
        return f

    def to_state(self) -> ProhisState:
        """The public state this game is in (for tests: ``Fast.from_state(s).to_state() == s``)."""
        return ProhisState(
            config=self.config,
            seed=self.seed,
            hands=tuple((*h, 0) for h in self.hands),
            warehouses=tuple((*w, 0) for w in self.warehouses),
            public=tuple((*p, 0) for p in self.public),
            display=tuple(None if c < 0 else c for c in self.display),
            pile=tuple(self.pile),
            active=self.active,
            phase=Phase(self.phase),
            convoy=tuple(self.convoy),
            order=tuple(self.order),
            turned=self.turned,
            commits=tuple(None if c < 0 else c for c in self.commits),
            asking=self.asking,
            inspector=self.inspector,
            bribe=(*self.bribe, 0),
            offered=self.offered,
            passes=self.passes,
            final_left=None if self.final_left < 0 else self.final_left,
            turn=self.turn,
            reason=REASONS[self.reason],
            record=tuple(map(tuple, self.record)),
            held=tuple((*h, 0) for h in self.held),
            taken=tuple((*t, 0) for t in self.taken),
        )
