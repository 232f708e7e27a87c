"""A plain, mutable Prohis for play-outs: the same rules as ``ai.prohis.rules``, in lists of integers.

The public API is pure functions over immutable states, which is what a table, a test and the search tree
need; a play-out only needs to get from a dealt state to the end of the game many times a second. ``Fast``
copies a dealer-mode state (``Fast.from_state``, or ``Fast.deal`` for a new game) into lists and plays on them
in place:

- a hand, a warehouse, the public part of a warehouse and a bribe are five counts, one per card type
  (``cards.KINDS``); the display is four card types (-1: an empty slot), the pile a list with its top last;
- an action is an integer: ``ACTS[code]`` is the public ``Act`` and ``code_of(act)`` the way back; ``legal()``
  lists the codes in the order ``rules.legal_actions`` lists the actions, so that a generator's choices give the
  same game on both (``tests/test_prohis_fast.py`` plays hundreds of games both ways, ``bench/bench_prohis_fast.py``
  thousands), and ``to_state()`` gives back the public state, field for field.

A convoy is laid and turned in the order ``rules.lay`` draws from the game's seed and turn. Only dealer mode is
played (every card's place known, as in a search's deal): no typed cards, no person's unseen hand, no count at
the end; nothing here emits events or checks legality (the public ``apply`` does that for everything a person
types). By concept: actions as integers in ``ai.prohis.fast_codes``; the lists and their copies to and from the
public state in ``ai.prohis.fast_state``; what may be done and the score in ``ai.prohis.fast_legal``; a turn's
draws and its end in ``ai.prohis.fast_turns``; a convoy's way (commits, bribe, inspection) here.
"""

from __future__ import annotations

from ai import rng as seeded
from ai.prohis.cards import CAPTAIN, ILLEGAL, INSPECTOR, KINDS, LIEUTENANT, RANK
from ai.prohis.fast_codes import (
    ACCEPT_CODE,
    ACTS,
    CARDS,
    COMMITS,
    DECLINE_CODE,
    INSPECT_CODE,
    NO_BRIBE_CODE,
    NO_COMMIT_CODE,
    PASS_CODE,
    PILE_CODE,
    REFUSE_CODE,
    STOP_CODE,
    TAKES,
    V_ACCEPT,
    V_BRIBE,
    V_COMMIT,
    V_CONVOY,
    V_DECLINE,
    V_INSPECT,
    V_NO_BRIBE,
    V_NO_COMMIT,
    V_PILE,
    V_REFUSE,
    V_STOP,
    V_TAKE,
    VERB,
    code_of,
    draw_codes,
    to_action,
)
from ai.prohis.fast_state import (
    BRIBING,
    COMMITTING,
    JUDGING,
    OVER,
    REASONS,
    SECOND,
    TURN,
)
from ai.prohis.fast_turns import FastTurns
from ai.prohis.rules import NOBODY
from ai.prohis.state import ACCEPTED, CAUGHT, CLEARED, DECLINED, INSPECTED, REFUSED

_CONTROLLER = (False, False, True, True, True)
_RANK = (0, 0, RANK[LIEUTENANT], RANK[CAPTAIN], RANK[INSPECTOR])


class Fast(FastTurns):
    """One game in play, mutable: ``FastState``, its queries, its turns' draws and ends, and the convoy's way
    (``apply``); see the module docstring."""

    __slots__ = ()

    # -- play --

    def apply(self, code: int) -> None:
        """Play ``code`` (one of ``legal()``)."""
        verb = VERB[code]
        if verb == V_NO_COMMIT:
            self._ask_next(self.asking)
        elif verb == V_TAKE:
            self._take(CARDS[code][0])
        elif verb == V_PILE:
            seat = self.active
            self.hands[seat][self.pile.pop()] += 1
            self.sizes[seat] += 1
            self._end_turn()
        elif verb == V_CONVOY:
            self._send(CARDS[code])
        elif verb == V_COMMIT:
            seat = self.asking
            kind = CARDS[code][0]
            self.hands[seat][kind] -= 1
            self.sizes[seat] -= 1
            self.commits[seat] = kind
            if kind >= CAPTAIN:
                self.held[seat][kind] -= 1
            elif self.taken[seat][kind]:  # a lieutenant
                self.taken[seat][kind] -= 1
            self._ask_next(seat)
        elif verb == V_NO_BRIBE:
            self.phase = JUDGING
        elif verb == V_BRIBE:
            seat = self.active
            hand, bribe = self.hands[seat], self.bribe
            for card in CARDS[code]:
                hand[card] -= 1
                bribe[card] += 1
            self.sizes[seat] -= len(CARDS[code])
            self._let_go(seat, len(CARDS[code]))
            self.offered = True
            self.phase = JUDGING
        elif verb == V_INSPECT:
            self.record[self.inspector][INSPECTED] += 1
            self._inspect()
        elif verb == V_ACCEPT:
            insp = self.inspector
            self.record[insp][ACCEPTED] += 1
            wh, bribe = self.warehouses[insp], self.bribe
            for k in KINDS:
                wh[k] += bribe[k]
            self._give(insp, self.commits[insp])
            self._store_convoy()
            self._end_turn()
        elif verb == V_REFUSE:
            self.record[self.inspector][REFUSED] += 1
            seat = self.active
            hand, bribe = self.hands[seat], self.bribe
            for k in KINDS:
                hand[k] += bribe[k]
            self.sizes[seat] += sum(bribe)
            self.bribe = [0] * 5
            self._inspect()
        elif verb == V_DECLINE:
            insp = self.inspector
            self.record[insp][DECLINED] += 1
            controller = self.commits[insp]
            self.warehouses[insp][controller] += 1
            self.public[insp][controller] += 1
            self._store_convoy()
            self._end_turn()
        elif verb == V_STOP:
            self._end_turn()
        else:  # V_PASS
            self.passes += 1
            if self.passes >= self.n:
                self.phase = OVER
                self.reason = 1
            else:
                self._end_turn(passed=True)

    def _send(self, cards: tuple[int, ...]) -> None:
        seat = self.active
        hand = self.hands[seat]
        for card in cards:
            hand[card] -= 1
        self.sizes[seat] -= len(cards)
        self._let_go(seat, len(cards))
        rng = self.rng
        rng.seed(f"{self.seed}/convoy/{self.turn}")  # ``rules.lay``
        laid = list(cards)
        seeded.shuffle(rng, laid)
        order = list(range(len(laid)))
        seeded.shuffle(rng, order)
        self.convoy, self.order, self.turned = laid, order, 0
        self.commits = [-1] * self.n
        self._ask_next(seat)

    def _let_go(self, seat: int, count: int) -> None:
        """``count`` cards laid face down from ``seat``'s hand (``turns.let_go``)."""
        taken = self.taken[seat]
        if any(taken):
            self.taken[seat] = [max(0, t - count) for t in taken]

    def _ask_next(self, after: int) -> None:
        seat = (after + 1) % self.n
        if seat != self.active:
            self.phase = COMMITTING
            self.asking = seat
            return
        self.asking = NOBODY
        self._resolve_commits()

    def _resolve_commits(self) -> None:
        n, active, commits = self.n, self.active, self.commits
        inspector, best = -1, 0
        for i in range(1, n):
            seat = (active + i) % n
            rank = _RANK[commits[seat]] if commits[seat] >= 0 else 0
            if rank > best:
                inspector, best = seat, rank
        if inspector < 0:
            wh = self.warehouses[active]
            for card in self.convoy:
                wh[card] += 1
            self._end_turn()
            return
        for seat in range(n):
            kind = commits[seat]
            if kind >= 0 and seat != inspector:
                self._give(seat, kind)
                commits[seat] = -1
        self.inspector = inspector
        self.offered = False
        self.phase = JUDGING if self.sizes[active] == 0 else BRIBING

    def _give(self, seat: int, controller: int) -> None:
        """A controller put forward goes openly into ``seat``'s hand (``rules.hold``)."""
        self.hands[seat][controller] += 1
        self.sizes[seat] += 1
        if controller >= CAPTAIN:
            self.held[seat][controller] += 1

    def _store_convoy(self) -> None:
        """The convoy passes into the active player's warehouse (its turned cards seen by all)."""
        active = self.active
        wh, public = self.warehouses[active], self.public[active]
        convoy = self.convoy
        for card in convoy:
            wh[card] += 1
        for pos in self.order[: self.turned]:
            public[convoy[pos]] += 1

    def _inspect(self) -> None:
        insp = self.inspector
        controller = self.commits[insp]
        convoy, order = self.convoy, self.order
        limit = min(_RANK[controller], len(convoy))
        while self.turned < limit:
            card = convoy[order[self.turned]]
            self.turned += 1
            if card == ILLEGAL:  # seized, with the controller
                wh, public = self.warehouses[insp], self.public[insp]
                for c in convoy:
                    wh[c] += 1
                for pos in order[: self.turned]:
                    public[convoy[pos]] += 1
                wh[controller] += 1
                public[controller] += 1
                self.record[self.active][CAUGHT] += 1
                self._end_turn()
                return
            if _CONTROLLER[card]:  # an informant
                if card >= CAPTAIN:
                    self.held[self.active][card] -= 1
                break
        self._store_convoy()
        self._give(self.active, controller)
        self.record[self.active][CLEARED] += 1
        self._end_turn()


__all__ = [
    "ACCEPT_CODE",
    "ACTS",
    "BRIBING",
    "COMMITS",
    "COMMITTING",
    "DECLINE_CODE",
    "INSPECT_CODE",
    "JUDGING",
    "NO_BRIBE_CODE",
    "NO_COMMIT_CODE",
    "OVER",
    "PASS_CODE",
    "PILE_CODE",
    "REASONS",
    "REFUSE_CODE",
    "SECOND",
    "STOP_CODE",
    "TAKES",
    "TURN",
    "Fast",
    "code_of",
    "draw_codes",
    "to_action",
]
