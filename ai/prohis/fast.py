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
types).
"""

from __future__ import annotations

import random

from ai.prohis.cards import (
    CAPTAIN,
    CONTROLLERS,
    CONVOY_MAX,
    CONVOY_MIN,
    DEALT,
    DISPLAY,
    HAND_LIMIT,
    ILLEGAL,
    INSPECTOR,
    KINDS,
    LIEUTENANT,
    RANK,
    UNKNOWN,
    shuffled_counts,
    values,
)
from ai.prohis.rules import (
    ACCEPT,
    BRIBE,
    COMMIT,
    CONVOY,
    DECLINE,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    NOBODY,
    PASS,
    PILE,
    REFUSE,
    STOP,
    TAKE,
    Act,
    Phase,
    ProhisConfig,
    ProhisState,
    cards_of,
    sub_multisets,
)

# -- actions as integers --

#: The verbs, as small integers (``VERB[code]``).
V_TAKE, V_PILE, V_STOP, V_PASS, V_CONVOY, V_COMMIT, V_NO_COMMIT = range(7)
V_BRIBE, V_NO_BRIBE, V_ACCEPT, V_REFUSE, V_INSPECT, V_DECLINE = range(7, 13)
_VERB_OF = {
    TAKE: V_TAKE,
    PILE: V_PILE,
    STOP: V_STOP,
    PASS: V_PASS,
    CONVOY: V_CONVOY,
    COMMIT: V_COMMIT,
    NO_COMMIT: V_NO_COMMIT,
    BRIBE: V_BRIBE,
    NO_BRIBE: V_NO_BRIBE,
    ACCEPT: V_ACCEPT,
    REFUSE: V_REFUSE,
    INSPECT: V_INSPECT,
    DECLINE: V_DECLINE,
}

#: ``ACTS[code]``: the public action; ``VERB[code]``, ``CARDS[code]``: its verb and cards. Convoys and bribes get
#: their codes when first met (``code_of``).
ACTS: list[Act] = []
VERB: list[int] = []
CARDS: list[tuple[int, ...]] = []
_CODES: dict[Act, int] = {}


def code_of(act: Act) -> int:
    """The integer for a public action (given one the first time it is met)."""
    code = _CODES.get(act)
    if code is None:
        code = _CODES[act] = len(ACTS)
        ACTS.append(act)
        VERB.append(_VERB_OF[act.verb])
        CARDS.append(act.cards)
    return code


TAKES = tuple(code_of(Act(TAKE, (kind,))) for kind in KINDS)
PILE_CODE = code_of(Act(PILE))
STOP_CODE = code_of(Act(STOP))
PASS_CODE = code_of(Act(PASS))
NO_COMMIT_CODE = code_of(Act(NO_COMMIT))
COMMITS = {kind: code_of(Act(COMMIT, (kind,))) for kind in CONTROLLERS}
NO_BRIBE_CODE = code_of(Act(NO_BRIBE))
ACCEPT_CODE = code_of(Act(ACCEPT))
REFUSE_CODE = code_of(Act(REFUSE))
INSPECT_CODE = code_of(Act(INSPECT))
DECLINE_CODE = code_of(Act(DECLINE))
_JUDGE_OFFERED = (ACCEPT_CODE, REFUSE_CODE)
_JUDGE_NONE = (INSPECT_CODE, DECLINE_CODE)


def to_action(code: int) -> Act:
    return ACTS[code]


# caches of the legal lists, keyed by what they depend on (hands repeat across play-outs)
_CONVOYS: dict[tuple[int, ...], tuple[int, ...]] = {}
_BRIBES: dict[tuple[int, ...], tuple[int, ...]] = {}
_DRAWS: dict[tuple[int, bool], tuple[int, ...]] = {}


def convoy_codes(hand: list[int]) -> tuple[int, ...]:
    """The convoys ``hand`` can send, in ``rules.legal_actions``'s order."""
    key = tuple(hand)
    out = _CONVOYS.get(key)
    if out is None:
        out = _CONVOYS[key] = tuple(
            code_of(Act(CONVOY, cards)) for cards in sub_multisets((*key, 0), CONVOY_MIN, CONVOY_MAX)
        )
    return out


def bribe_codes(hand: list[int]) -> tuple[int, ...]:
    """``NO_BRIBE`` and every bribe ``hand`` can offer, in ``rules.legal_actions``'s order."""
    key = tuple(hand)
    out = _BRIBES.get(key)
    if out is None:
        bribes = sub_multisets((*key, 0), 1, sum(key))
        out = _BRIBES[key] = (NO_BRIBE_CODE, *(code_of(Act(BRIBE, cards)) for cards in bribes))
    return out


def draw_codes(display: list[int], pile: bool) -> tuple[int, ...]:
    """The display cards to take (one per type, in type order) and the pile's top if it has cards."""
    mask = 0
    for card in display:
        if card >= 0:
            mask |= 1 << card
    key = (mask, pile)
    out = _DRAWS.get(key)
    if out is None:
        takes = [TAKES[k] for k in KINDS if mask >> k & 1]
        out = _DRAWS[key] = (*takes, PILE_CODE) if pile else tuple(takes)
    return out


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
_CONTROLLER = (False, False, True, True, True)
_RANK = (0, 0, RANK[LIEUTENANT], RANK[CAPTAIN], RANK[INSPECTOR])


class Fast:
    """One game in play, mutable; see the module docstring."""

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
        "rng",
        "seed",
        "sizes",
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

    @classmethod
    def deal(cls, config: ProhisConfig, seed: int) -> Fast:
        """The dealer-mode game ``rules.initial_state(config, seed)`` starts, dealt straight into lists."""
        if config.physical:
            raise ValueError("the fast path plays dealer-mode games only")
        f = cls(config, seed)
        rng = random.Random(seed)
        n = config.players
        f.active = rng.randrange(n)
        deck = list(cards_of(shuffled_counts(n)))
        rng.shuffle(deck)
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
    def from_state(cls, state: ProhisState) -> Fast:
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
        )

    # -- queries --

    def mover(self) -> int:
        """Whose decision it is (``rules.to_move``)."""
        phase = self.phase
        if phase == COMMITTING:
            return self.asking
        if phase == JUDGING:
            return self.inspector
        if phase == OVER:
            return NOBODY
        return self.active

    def can_draw(self) -> bool:
        return self.sizes[self.active] < HAND_LIMIT and (bool(self.pile) or max(self.display) >= 0)

    def can_pass(self) -> bool:
        if self.pass_any_time or not self.pile:
            return True
        return not self.can_draw() and self.sizes[self.active] < CONVOY_MIN

    def legal(self) -> list[int]:
        """The codes of ``rules.legal_actions``, in its order."""
        phase = self.phase
        if phase == TURN:
            seat = self.active
            out = list(draw_codes(self.display, bool(self.pile))) if self.can_draw() else []
            out += convoy_codes(self.hands[seat])
            if self.can_pass():
                out.append(PASS_CODE)
            return out
        if phase == COMMITTING:
            hand = self.hands[self.asking]
            return [NO_COMMIT_CODE, *(COMMITS[k] for k in CONTROLLERS if hand[k])]
        if phase == JUDGING:
            return list(_JUDGE_OFFERED if self.offered else _JUDGE_NONE)
        if phase == BRIBING:
            return list(bribe_codes(self.hands[self.active]))
        if phase == SECOND:
            return [*draw_codes(self.display, bool(self.pile)), STOP_CODE]
        return []

    def scores(self) -> list[int]:
        v = values(self.config.seed_values)
        wv, hv = v.warehouse, v.hand
        return [
            sum(w[k] * wv[k] + h[k] * hv[k] for k in KINDS)
            for w, h in zip(self.warehouses, self.hands, strict=True)
        ]

    def utilities(self) -> list[float]:
        """Per seat, ``Result.utility`` of the finished game: 1 for a sole win, 1/k for a win shared by k."""
        scores = self.scores()
        best = max(scores)
        winners = scores.count(best)
        return [1.0 / winners if s == best else 0.0 for s in scores]

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
            self.offered = True
            self.phase = JUDGING
        elif verb == V_INSPECT:
            self._inspect()
        elif verb == V_ACCEPT:
            insp = self.inspector
            wh, bribe = self.warehouses[insp], self.bribe
            for k in KINDS:
                wh[k] += bribe[k]
            self.hands[insp][self.commits[insp]] += 1
            self.sizes[insp] += 1
            self._store_convoy()
            self._end_turn()
        elif verb == V_REFUSE:
            seat = self.active
            hand, bribe = self.hands[seat], self.bribe
            for k in KINDS:
                hand[k] += bribe[k]
            self.sizes[seat] += sum(bribe)
            self.bribe = [0] * 5
            self._inspect()
        elif verb == V_DECLINE:
            insp = self.inspector
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

    def _take(self, kind: int) -> None:
        seat = self.active
        self.hands[seat][kind] += 1
        self.sizes[seat] += 1
        display = self.display
        slot = display.index(kind)
        display[slot] = self.pile.pop() if self.pile else -1
        if self.phase == TURN:
            self.phase = SECOND
        else:
            self._end_turn()

    def _send(self, cards: tuple[int, ...]) -> None:
        seat = self.active
        hand = self.hands[seat]
        for card in cards:
            hand[card] -= 1
        self.sizes[seat] -= len(cards)
        rng = self.rng
        rng.seed(f"{self.seed}/convoy/{self.turn}")  # ``rules.lay``
        laid = list(cards)
        rng.shuffle(laid)
        order = list(range(len(laid)))
        rng.shuffle(order)
        self.convoy, self.order, self.turned = laid, order, 0
        self.commits = [-1] * self.n
        self._ask_next(seat)

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
                self.hands[seat][kind] += 1
                self.sizes[seat] += 1
                commits[seat] = -1
        self.inspector = inspector
        self.offered = False
        self.phase = JUDGING if self.sizes[active] == 0 else BRIBING

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
                self._end_turn()
                return
            if _CONTROLLER[card]:  # an informant
                break
        self._store_convoy()
        self.hands[self.active][controller] += 1
        self.sizes[self.active] += 1
        self._end_turn()

    def _end_turn(self, passed: bool = False) -> None:
        n = self.n
        if self.final_left < 0:
            if not self.pile:
                self.final_left = n
        else:
            self.final_left -= 1
        self.phase = TURN
        if self.convoy:
            self.convoy = []
            self.order = []
            self.turned = 0
        self.commits = [-1] * n
        self.asking = NOBODY
        self.inspector = NOBODY
        if self.offered or any(self.bribe):
            self.bribe = [0] * 5
            self.offered = False
        if not passed:
            self.passes = 0
        self.turn += 1
        self.active = (self.active + 1) % n
        if self.final_left == 0:
            self.phase = OVER
            self.reason = 2
