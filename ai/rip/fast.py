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
  changes others in play they are ``rules.totals``, remembered by the two tables' contents (their signatures,
  ``ai.rip.fast_cards``), which play-outs meet again and again;
- actions are the public actions themselves (``rules.Turn``, ``rules.Down``, shared objects), and ``legal()``
  lists them in the order ``rules.legal_actions`` does, so that a generator's choices give the same game on
  both (``tests/test_rip_fast.py`` plays thousands of games both ways, ``bench/bench_rip_fast.py`` too);
- the random draws the rules make (card 6's random card, card 2's shuffle) come from the same generator,
  ``ai.rip.state.step_rng(seed, nonce)``, so they are the same too.

Nothing here emits events or checks legality: the public ``apply`` does that for everything a person types. The
play-out policy on these lists and the search's whole play-out are ``ai.rip.fast_policy``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeVar

from ai.rip.cards import (
    DECK,
    DRAW_PER_ROUND,
    HAND_SIZE,
    INSTANT_WIN,
    LINE_LENGTH,
    ROUNDS,
    STARTER_IDS,
    TOKEN_COUNTS,
    TUTORIAL_OPEN,
    PsychicCard,
)
from ai.rip.fast_cards import GHOST_IN_PLAY, Owned, keep, tables
from ai.rip.fast_hands import HANDS, PLAY_VALUE, UNIT, code_of
from ai.rip.rules import (
    END,
    Action,
    Blind,
    Card,
    Down,
    Ghost,
    Phase,
    Psychic,
    RipConfig,
    RipState,
    Turn,
    outcome,
)
from ai.rip.state import step_rng

PLAY, FACEDOWN, OVER = int(Phase.PLAY), int(Phase.FACEDOWN), int(Phase.OVER)
BLIND = Turn((Blind(),), end=False)
_BLIND_END: tuple[Action, ...] = (BLIND, END)
_ONLY_END: tuple[Action, ...] = (END,)

_T = TypeVar("_T")
#: ``n.bit_length()`` for the lengths ``shuffle`` meets.
_BITS = [n.bit_length() for n in range(64)]

#: The mansion tokens as ``rules.initial_state`` shuffles them.
_BAG = tuple(kind for kind, n in TOKEN_COUNTS.items() for _ in range(n))


def shuffle(rng: random.Random, cards: list[_T]) -> None:
    """``rng.shuffle(cards)``, written out: CPython's own algorithm (``random.Random.shuffle`` with
    ``_randbelow_with_getrandbits``), so the very same calls to ``rng.getrandbits`` and the same order, without
    a method call per card (a deal shuffles 66 cards; ``tests/test_rip_fast.py`` checks both agree)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = _BITS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class Fast:
    """One game in play, mutable; see the module docstring."""

    __slots__ = (
        "_totals",
        "blind",
        "cards",
        "claims",
        "deckcodes",
        "decks",
        "downs",
        "first",
        "gsum",
        "hands",
        "info",
        "line",
        "loser",
        "mover",
        "nact",
        "need",
        "nonce",
        "npsy",
        "owned",
        "owns",
        "phase",
        "plain",
        "revealed",
        "round",
        "round10",
        "seed",
        "sig",
        "tables",
        "taken",
        "tokens",
        "turn_plays",
        "winners",
        "won",
        "x",
    )

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
        self.round10: tuple[int, int] | None = state.round10
        self.winners: tuple[int, ...] = state.winners
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

    def _catalogue(self, cards: Mapping[int, PsychicCard]) -> None:
        self.cards: Mapping[int, PsychicCard] = cards
        self.x = x = tables(cards)
        self.info, self.plain = x.info, x.plain

    def _count_tables(self) -> None:
        """What is kept of each table as cards come and go, counted afresh: its psychic cards, those that change
        others (bonus, nullify), the sum of the others' strength, its signature and the least number of cards it
        makes the opponent play a turn (card 14); and which seats have a card in play that claims the round's
        psychic card (card 1; bit 1 Green, bit 2 Blue)."""
        info, plain = self.info, self.plain
        self.npsy, self.nact, self.gsum, self.sig, self.need = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
        self.claims = 0
        for seat, table in enumerate(self.tables):
            for x in table:
                card = x.card
                if card.psychic:
                    ci = info[card.n]
                    self.npsy[seat] += 1
                    self.nact[seat] += bool(ci.active)
                    self.gsum[seat] += 0 if ci.active else plain[card.n]
                    self.sig[seat] += self.x.psychic_in_play(card.n, x.named)[1]
                    self.need[seat] = max(self.need[seat], ci.min_plays)
                    if "claim" in ci.kinds:
                        self.claims |= 1 << seat
                else:
                    self.gsum[seat] += card.n
                    self.sig[seat] += UNIT[card.n]
        self._totals: tuple[int, int] | None = None

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
        f.first = f.mover = config.first if config.first is not None else rng.randrange(2)
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

    # -- queries --

    def hand(self, seat: int) -> tuple[int, ...]:
        """``seat``'s hand as ``Side.hand`` holds it (its ghost values in order)."""
        return HANDS[self.hands[seat]].cards

    def totals(self) -> tuple[int, int]:
        """Both sides' strength in the round being fought (``rules.state_totals``)."""
        got = self._totals
        if got is None:
            if self.nact[0] or self.nact[1]:
                got = self.x.totals_of((self.sig[0], self.sig[1]), (self.tables[0], self.tables[1]))
            else:
                got = (self.gsum[0], self.gsum[1])
            self._totals = got
        return got

    def min_plays(self, seat: int) -> int:
        """``RipState.min_plays``: card 14 in the opponent's play."""
        return self.need[1 - seat]

    def may_play(self, need: int) -> bool:
        """Whether the mover may play a card now, under card 14's ``need`` (``legal.may_play``)."""
        if not need or self.turn_plays >= need:
            return True
        seat = self.mover
        return self.turn_plays + HANDS[self.hands[seat]].size + self.owns[seat].playable >= need

    def ghost_plays(self) -> tuple[Turn, ...]:
        """``rules.ghost_plays``."""
        seat = self.mover
        hand = HANDS[self.hands[seat]]
        if not hand.size:
            return ()
        if self.blind[seat]:
            return (BLIND,)
        return hand.plays

    def psychic_plays(self) -> Sequence[Turn]:
        """``rules.psychic_plays``."""
        seat = self.mover
        owns = self.owns[seat]
        if owns.fixed is not None:
            return owns.fixed
        # Plays that depend on the deck's values (card 2) or the opponent's cards in play (card 11), remembered by
        # those (the deck's code, the opponent's table's signature).
        key = (self.deckcodes[seat] if owns.fetch else 0, self.sig[1 - seat] if owns.discard else 0)
        got = owns.varied.get(key)
        if got is None:
            got = keep(owns.varied, key, self._psychic_plays(seat, owns))
        return got

    def _psychic_plays(self, seat: int, owns: Owned) -> tuple[Turn, ...]:
        actions: list[Turn] = []
        derived = self.x.plays
        for number, how, plays in owns.layout:
            if how == "fixed":
                actions.extend(plays)
            elif how == "fetch":
                values = sorted(set(self.decks[seat]))
                actions.extend([derived.value_play(number, v) for v in values] if values else plays)
            else:
                targets = sorted({x.card for x in self.tables[1 - seat]})
                actions.extend(
                    [Turn((Psychic(number, t),), end=False) for t in targets] if targets else plays
                )
        return tuple(actions)

    def legal(self) -> Sequence[Action]:
        """``rules.legal_actions``, in its order."""
        if self.phase == PLAY:
            seat = self.mover
            need = self.need[1 - seat]
            if not need:  # the common case: any card, or the end of the turn
                code = self.hands[seat]
                if self.blind[seat] and code:
                    return (BLIND, *self.psychic_plays(), END) if self.owned[seat] else _BLIND_END
                if self.owned[seat]:
                    owns = self.owns[seat]
                    if owns.fixed is None:
                        return (*HANDS[code].plays, *self.psychic_plays(), END)
                    got = owns.legal.get(code)
                    if got is None:
                        got = keep(owns.legal, code, (*HANDS[code].plays, *owns.fixed, END))
                    return got
                return HANDS[code].plays_end
            plays = self.turn_plays
            actions: list[Action] = []
            if plays >= need or self.may_play(need):
                actions.extend(self.ghost_plays())
                actions.extend(self.psychic_plays())
            if plays == 0 or plays >= need:
                actions.append(END)
            return actions
        if self.phase == FACEDOWN:
            seat = self.loser
            code = self.hands[seat]
            if self.owned[seat]:
                owns = self.owns[seat]
                got = owns.facedown.get(code)
                if got is None:
                    got = keep(owns.facedown, code, (*HANDS[code].downs, *owns.downs))
                return got
            return HANDS[code].downs
        return ()

    def to_move(self) -> int:
        return self.mover if self.phase == PLAY else self.loser

    def utilities(self) -> list[float]:
        """Each seat's result (``Result.utility``) once the game is over."""
        winners = self.winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in (0, 1)]

    # -- apply --

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

    def _draw_random(self) -> random.Random:
        rng = step_rng(self.seed, self.nonce)
        self.nonce += 1
        return rng

    def play(self, item: object) -> None:
        seat = self.mover
        self._totals = None
        if item.__class__ is Psychic:
            assert isinstance(item, Psychic)
            self.play_psychic(seat, item)
        else:
            if item.__class__ is Blind:
                value = self._draw_random().choice(HANDS[self.hands[seat]].cards)
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

    def _set_owns(self, seat: int, owns: Owned) -> None:
        self.owned[seat] = owns.cards
        self.owns[seat] = owns

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

    def end_turn(self) -> None:
        seat = self.mover
        t = self._totals or self.totals()
        if t[seat] > t[1 - seat]:
            self.mover = 1 - seat
            self.turn_plays = 0
        else:
            self.end_round(seat)

    def end_round(self, loser: int) -> None:
        winner = 1 - loser
        rnd = self.round
        token = self.tokens[rnd - 1]
        taken = self.taken[winner]
        taken.append(token)
        self.won.append(winner)
        if taken.count(token) >= INSTANT_WIN[token]:
            self.finish((winner,))
            return
        claimer = loser
        if self.npsy[0] or self.npsy[1]:
            claims = self.claims
            if claims:  # card 1 in play: its owner takes the round's card (Blue's if both)
                claimer = 1 if claims & 2 else 0
            self.npsy, self.nact, self.need, self.claims = [0, 0], [0, 0], [0, 0], 0
        owns = self.owns[claimer].plus(self.line[rnd - 1])
        self.owned[claimer], self.owns[claimer] = owns.cards, owns
        hands, deckcodes = self.hands, self.deckcodes
        for seat in (0, 1):
            deck = self.decks[seat]
            if deck:
                for v in deck[:DRAW_PER_ROUND]:
                    hands[seat] += UNIT[v]
                    deckcodes[seat] -= UNIT[v]
                del deck[:DRAW_PER_ROUND]
        self.tables, self.gsum, self.sig, self._totals = [[], []], [0, 0], [0, 0], None
        if self.revealed < LINE_LENGTH:
            self.revealed += 1
        self.blind = [False, False]
        self.turn_plays = 0
        self.loser = loser
        self.first = self.mover = winner
        if hands[loser] or self.owned[loser]:
            self.phase = FACEDOWN
        elif rnd < ROUNDS:  # ``next_round``, inlined
            self.round = rnd + 1
            self.phase = PLAY
        else:
            self.next_round()

    def down(self, card: Card | None) -> None:
        seat = self.loser
        if card is not None:
            if card.psychic:
                self._set_owns(seat, self.owns[seat].minus(card.n))
            else:
                self.hands[seat] -= UNIT[card.n]
            self.downs[seat].append(card)
        rnd = self.round
        if rnd < ROUNDS:  # ``next_round``, inlined
            self.round = rnd + 1
            self.phase = PLAY
            self.mover = self.first
        else:
            self.next_round()

    def next_round(self) -> None:
        self.turn_plays = 0
        if self.round >= ROUNDS:
            self.round = ROUNDS + 1
            self.resolve_round10()
            return
        self.round += 1
        self.phase = PLAY
        self.mover = self.first

    def resolve_round10(self) -> None:
        downs = self.downs
        if any(c.psychic for c in downs[0]) or any(c.psychic for c in downs[1]):
            t = self.x.round10_of(downs, self.decks)
        else:
            t = (sum(c.n for c in downs[0]), sum(c.n for c in downs[1]))
        self.round10 = t
        before = (tuple(self.taken[0]), tuple(self.taken[1]))
        token10 = self.tokens[ROUNDS]
        winner = -1 if t[0] == t[1] else 0 if t[0] > t[1] else 1
        if winner >= 0:
            self.taken[winner].append(token10)
        self.won.append(winner)
        self.finish(outcome(before, token10, t)[0])

    def finish(self, winners: tuple[int, ...]) -> None:
        self.phase = OVER
        self.winners = winners


__all__ = ["BLIND", "FACEDOWN", "OVER", "PLAY", "Fast", "Owned"]
