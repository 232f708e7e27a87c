"""A plain, mutable RIP for play-outs: the same rules as ``ai.rip.rules``, on numbers and lists changed in place.

The public API is pure functions over immutable states, which is what a table, a test and the search tree
need; a play-out only needs to get from a dealt state to the end of the game many times a second. ``Fast``
copies a state whose decks the tool holds (``Fast.from_state``: every state the search deals, and every arena
game) and plays on it in place:

- a hand is a number (``ai.rip.fast_hands``: a count of each value), what a turn reads of it remembered per
  hand (``HANDS[code]``: its cards, sum, one-card plays); a deck is a list (top first); a table a list of
  ``rules.InPlay``; owned psychic cards a sorted tuple, what they allow remembered per tuple
  (``ai.rip.fast_cards.Owned``);
- the totals of two tables of ghosts alone are their sums, kept as cards come and go; with a psychic card that
  changes others in play they are remembered by the two tables' contents (their signatures,
  ``ai.rip.fast_cards``), which play-outs meet again and again, and otherwise summed from what a card of each
  printed value is worth under the effects in play (``totals.strength``, as ``rules.totals`` counts); round 10
  is ``totals.round10_tables`` when a face-down card makes a choice, remembered too;
- actions are the public actions themselves (``rules.Turn``, ``rules.Down``, shared objects), and ``legal()``
  lists them in the order ``rules.legal_actions`` does, so that a generator's choices give the same game on
  both (``tests/test_rip_fast.py`` plays thousands of games both ways, ``bench/bench_rip_fast.py`` too);
- the random draws the rules make (the deal, card 6's random card, card 2's shuffle) come from the same
  generators (``random.Random(seed)``, ``ai.rip.state.step_rng(seed, nonce)``), called in the same order
  (``shuffle`` is ``random.Random.shuffle`` written out), so they are the same too.

Nothing here emits events or checks legality: the public ``apply`` does that for everything a person types. The
game is split by concept: its state and what is kept of each table (``ai.rip.fast_state``), what may be played
(``ai.rip.fast_legal``), the end of a turn, a round and round 10 (``ai.rip.fast_rounds``), and here its copy or
deal and a turn's plays (``Fast``). The play-out policy on it and the search's whole play-out are
``ai.rip.fast_policy``.
"""

from __future__ import annotations

import random
from typing import TypeVar

from ai import rng as seeded
from ai.rip.cards import DECK, HAND_SIZE, LINE_LENGTH, STARTER_IDS, TOKEN_COUNTS, TUTORIAL_OPEN
from ai.rip.fast_cards import GHOST_IN_PLAY, Owned
from ai.rip.fast_hands import HANDS, PLAY_VALUE, UNIT, code_of
from ai.rip.fast_legal import BLIND, FastLegal
from ai.rip.fast_rounds import FastRounds
from ai.rip.fast_state import FACEDOWN, OVER, PLAY
from ai.rip.rules import END, Action, Blind, Card, Down, Ghost, Phase, Psychic, RipConfig, RipState, Turn
from ai.rng import shuffle

_T = TypeVar("_T")
#: ``n.bit_length()`` for the lengths ``shuffle`` meets.
_BITS = [n.bit_length() for n in range(64)]

#: The mansion tokens as ``rules.initial_state`` shuffles them.
_BAG = tuple(kind for kind, n in TOKEN_COUNTS.items() for _ in range(n))


class Fast(FastLegal, FastRounds):
    """One game in play, mutable; see the module docstring."""

    __slots__ = ()

    def __init__(self, state: RipState, checked: bool = False) -> None:
        """A copy of ``state`` (``checked``: ``Fast.copies(state)`` is known to hold)."""
        if not checked and not self.copies(state):
            raise ValueError("the fast path copies states whose decks the tool holds, in a turn or face down")
        self._catalogue(state.cards)
        self.seed = state.seed
        self.nonce = state.nonce
        self.phase = int(state.phase)
        self.round = state.round
        self.line = state.line
        self.tokens = state.tokens
        self.revealed = state.revealed
        self.first = state.first
        self.mover = state.mover
        self.turn_plays = state.turn_plays
        self.blind = list(state.blind)
        self.loser = state.loser
        self.round10 = state.round10
        self.winners = state.winners
        self.won = list(state.won)
        sides = state.sides
        self.hands = [code_of(s.hand) for s in sides]
        self.decks = [list(s.deck) for s in sides]
        self.deckcodes = [code_of(s.deck) for s in sides]
        self.downs = [list(s.down) for s in sides]
        self.owned = [s.owned for s in sides]
        self.owns = [self.x.owned_of(s.owned) for s in sides]
        self.tables = [list(s.table) for s in sides]
        self.taken = [list(s.tokens) for s in sides]
        self._count_tables()

    @classmethod
    def deal(cls, config: RipConfig, seed: int) -> Fast:
        """``Fast.from_state(rules.initial_state(config, seed))``, dealt straight into lists (the same shuffles
        from the same generator)."""
        if config.physical:
            raise ValueError("the fast path deals only decks the tool holds")
        rng = random.Random(seed)
        f = object.__new__(cls)
        f._catalogue(config.catalogue())
        if config.line:
            f.line = config.line
        else:
            pool = list(STARTER_IDS if config.tutorial else f.x.ids)  # ``config.pool()``, without its sort
            shuffle(rng, pool)
            f.line = tuple(pool[:LINE_LENGTH])
        if config.tokens:
            f.tokens = tuple(config.tokens)
        else:
            bag = list(_BAG)
            shuffle(rng, bag)
            f.tokens = tuple(bag)
        f.hands, f.decks, f.deckcodes = [], [], []
        for _ in (0, 1):
            deck = list(DECK)
            shuffle(rng, deck)
            f.hands.append(code_of(deck[:HAND_SIZE]))
            f.decks.append(deck[HAND_SIZE:])
            f.deckcodes.append(code_of(deck[HAND_SIZE:]))
        f.first = f.mover = config.first if config.first is not None else seeded.randrange(rng, 2)
        f.seed, f.nonce, f.phase, f.round, f.turn_plays, f.loser = seed, 0, PLAY, 1, 0, -1
        f.revealed = TUTORIAL_OPEN if config.tutorial else LINE_LENGTH
        f.blind, f.round10, f.winners, f.won = [False, False], None, (), []
        f.downs, f.tables, f.taken = [[], []], [[], []], [[], []]
        f.owned, f.owns = [(), ()], [f.x.owned_of(())] * 2
        f.npsy, f.nact, f.gsum, f.sig, f.need, f._totals = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], None
        f.claims = 0
        return f

    @staticmethod
    def copies(state: RipState) -> bool:
        """Whether ``Fast`` can copy ``state``: every deck held by the tool, and a turn or a face-down card next."""
        return (
            not state.config.physical
            and state.phase in (Phase.PLAY, Phase.FACEDOWN)
            and not any(s.pending or s.hidden_down for s in state.sides)
        )

    @classmethod
    def from_state(cls, state: RipState) -> Fast:
        return cls(state)

    def apply(self, action: Action) -> None:
        """Play ``action`` (legal: nothing is checked)."""
        if action is END:
            self.end_turn()
            return
        value = PLAY_VALUE.get(id(action))  # one of the shared one-card plays of a ghost
        seat = self.mover
        if value is not None and not self.blind[seat]:  # ``_to_table``, inlined: most actions are these
            unit = UNIT[value]
            self.hands[seat] -= unit
            self.tables[seat].append(GHOST_IN_PLAY[value])
            self.gsum[seat] += value
            self.sig[seat] += unit
            self.turn_plays += 1
            self._totals = None
        elif action.__class__ is Turn:
            assert isinstance(action, Turn)
            for item in action.items:
                self.play(item)
            if action.end:
                self.end_turn()
        else:
            assert isinstance(action, Down)
            self.down(action.card)

    def play(self, item: object) -> None:
        seat = self.mover
        self._totals = None
        if item.__class__ is Psychic:
            assert isinstance(item, Psychic)
            self.play_psychic(seat, item)
        else:
            if item.__class__ is Blind:
                value = seeded.choice(self._draw_random(), HANDS[self.hands[seat]].cards)
            else:
                assert isinstance(item, Ghost)
                value = item.value
            self._to_table(seat, value)
            self.blind[seat] = False
        self.turn_plays += 1

    def _to_table(self, seat: int, value: int) -> None:
        """A ghost of ``value`` from ``seat``'s hand into play."""
        self.hands[seat] -= UNIT[value]
        self.tables[seat].append(GHOST_IN_PLAY[value])
        self.gsum[seat] += value
        self.sig[seat] += UNIT[value]

    def play_psychic(self, seat: int, item: Psychic) -> None:
        number = item.number
        info = self.info[number]
        kinds = info.kinds
        arg = item.arg
        self._set_owns(seat, self.owns[seat].minus(number))
        placed, bit = self.x.psychic_in_play(number, arg.n if arg is not None and info.named else 0)
        self.tables[seat].append(placed)
        self.npsy[seat] += 1
        self.sig[seat] += bit
        if info.min_plays > self.need[seat]:
            self.need[seat] = info.min_plays
        if "claim" in kinds:
            self.claims |= 1 << seat
        if info.active:
            self.nact[seat] += 1
        else:
            self.gsum[seat] += self.plain[number]
        if arg is not None and "fetch" in kinds:
            deck = self.decks[seat]
            deck.remove(arg.n)
            self.deckcodes[seat] -= UNIT[arg.n]
            shuffle(self._draw_random(), deck)
            self.tables[seat].append(GHOST_IN_PLAY[arg.n])
            self.gsum[seat] += arg.n
            self.sig[seat] += UNIT[arg.n]
        if arg is not None and "discard" in kinds:
            self._discard(seat, arg)
        if "random_next" in kinds:
            self.blind[1 - seat] = True

    def _discard(self, seat: int, target: Card) -> None:
        """Card 11: ``target`` leaves the opponent's table, and its effect with it."""
        other = self.tables[1 - seat]
        del other[[x.card for x in other].index(target)]
        if target.psychic and "random_next" in self.info[target.n].kinds:
            self.blind[seat] = False
        self._count_tables()


__all__ = ["BLIND", "FACEDOWN", "OVER", "PLAY", "Fast", "Owned"]
