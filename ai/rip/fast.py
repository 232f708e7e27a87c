"""A plain, mutable RIP for play-outs: the same rules as ``ai.rip.rules``, on lists changed in place.

The public API is pure functions over immutable states, which is what a table, a test and the search tree
need; a play-out only needs to get from a dealt state to the end of the game many times a second. ``Fast``
copies a state whose decks the tool holds (``Fast.from_state``: every state the search deals, and every arena
game) into lists and plays on them in place:

- a hand is a sorted list of ghost values, a deck a list (top first), a table a list of ``rules.InPlay``;
- the totals of two tables of ghosts alone are their sums, kept as cards come and go; a table with a psychic
  card on it is counted by ``rules.totals`` itself (psychic cards are a few plays a game);
- actions are the public actions themselves (``rules.Turn``, ``rules.Down``, the same shared objects), and
  ``legal()`` lists them in the order ``rules.legal_actions`` does, so that a generator's choices give the same
  game on both (``tests/test_rip_fast.py`` plays hundreds of games both ways, ``bench/bench_rip_fast.py``
  thousands);
- the random draws the rules make (card 6's random card, card 2's shuffle) come from the same generator,
  ``ai.rip.state.step_rng(seed, nonce)``, so they are the same too.

It also holds the play-out policy (``Fast.policy``, the quick rules of ``ai.rip.policy.playout`` computed on the
lists; a test checks it chooses what they choose) and ``simulate``, the whole play-out the search runs from a
leaf. Nothing here emits events or checks legality: the public ``apply`` does that for everything a person
types. States it cannot copy (a person's own deck: draws still to type, secret face-down cards) are played out
by the public loop instead (``simulate``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence

from ai.rip.cards import (
    CASTLE,
    DECK,
    DRAW_PER_ROUND,
    HAND_SIZE,
    INSTANT_WIN,
    LINE_LENGTH,
    ROUNDS,
    TOKEN_COUNTS,
    TUTORIAL_OPEN,
    PsychicCard,
)
from ai.rip.effects import CardInfo, per_catalogue
from ai.rip.legal import hand_downs, hand_plays, plays_of
from ai.rip.policy import (
    BANK_FROM,
    BANK_VALUE,
    CASTLE_BUDGET,
    LATE_MANOR_BUDGET,
    LATE_ROUND,
    MANOR_BUDGET,
    PLAYOUT_NOISE,
    cheapest_plays,
    psychic_gain,
)
from ai.rip.rules import (
    END,
    SKIP,
    Action,
    Blind,
    Card,
    Down,
    G,
    Ghost,
    InPlay,
    P,
    Phase,
    Psychic,
    RipConfig,
    RipState,
    Turn,
    card_info,
    outcome,
    round10_tables,
    totals,
)
from ai.rip.state import step_rng

PLAY, FACEDOWN, OVER = int(Phase.PLAY), int(Phase.FACEDOWN), int(Phase.OVER)
_BLIND = Turn((Blind(),), end=False)
_GHOST_IN_PLAY = {v: InPlay(G(v)) for v in range(0, 10)}
_GHOST_PLAY = {v: Turn((Ghost(v),), end=False) for v in range(0, 10)}


@functools.lru_cache(maxsize=4096)
def _with_end(hand: tuple[int, ...]) -> tuple[Action, ...]:
    """A hand's one-card plays, then the end of the turn: the legal actions of a turn with no psychic card."""
    return (*hand_plays(hand), END)


@per_catalogue
def _per_card(
    cards: Mapping[int, PsychicCard],
) -> tuple[dict[int, CardInfo], dict[int, int], frozenset[int]]:
    """Per catalogue: each card's ``CardInfo``, its own strength when no card in play changes another
    (``rules.plain_total``), and the cards that may gain in a play-out (``policy.may_gain``)."""
    info = card_info(cards)
    plain = {n: i.ghost if i.ghost is not None and i.ghost > 0 else 0 for n, i in info.items()}
    return info, plain, frozenset(n for n, i in info.items() if i.rounds and not i.inert)


#: The mansion tokens as ``rules.initial_state`` shuffles them.
_BAG = tuple(kind for kind, n in TOKEN_COUNTS.items() for _ in range(n))


class Fast:
    """One game in play, mutable; see the module docstring."""

    __slots__ = (
        "_totals",
        "blind",
        "cards",
        "decks",
        "downs",
        "first",
        "gainers",
        "gsum",
        "hands",
        "info",
        "line",
        "loser",
        "mover",
        "nact",
        "nonce",
        "npsy",
        "owned",
        "phase",
        "plain",
        "revealed",
        "round",
        "round10",
        "seed",
        "tables",
        "taken",
        "tokens",
        "turn_plays",
        "winners",
        "won",
    )

    def __init__(self, state: RipState) -> None:
        if not self.copies(state):
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
        self.hands = [list(s.hand) for s in sides]
        self.decks = [list(s.deck) for s in sides]
        self.downs = [list(s.down) for s in sides]
        self.owned = [list(s.owned) for s in sides]
        self.tables = [list(s.table) for s in sides]
        self.taken = [list(s.tokens) for s in sides]
        info = self.info
        self.npsy = [sum(1 for x in t if x.card.psychic) for t in self.tables]
        #: Per side: the cards in play that change others (bonus, nullify), and the sum of the others' strength.
        self.nact = [sum(1 for x in t if x.card.psychic and info[x.card.n].active) for t in self.tables]
        self.gsum = [sum(self._plain(x.card) for x in t) for t in self.tables]
        self._totals: tuple[int, int] | None = None

    def _catalogue(self, cards: Mapping[int, PsychicCard]) -> None:
        self.cards: Mapping[int, PsychicCard] = cards
        self.info, self.plain, self.gainers = _per_card(cards)

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
            pool = list(config.pool())
            rng.shuffle(pool)
            f.line = tuple(pool[:LINE_LENGTH])
        if config.tokens:
            f.tokens = tuple(config.tokens)
        else:
            bag = list(_BAG)
            rng.shuffle(bag)
            f.tokens = tuple(bag)
        f.hands, f.decks = [], []
        for _ in (0, 1):
            deck = list(DECK)
            rng.shuffle(deck)
            f.hands.append(sorted(deck[:HAND_SIZE]))
            f.decks.append(deck[HAND_SIZE:])
        f.first = f.mover = config.first if config.first is not None else rng.randrange(2)
        f.seed, f.nonce, f.phase, f.round, f.turn_plays, f.loser = seed, 0, PLAY, 1, 0, -1
        f.revealed = TUTORIAL_OPEN if config.tutorial else LINE_LENGTH
        f.blind, f.round10, f.winners, f.won = [False, False], None, (), []
        f.downs, f.owned, f.tables, f.taken = [[], []], [[], []], [[], []], [[], []]
        f.npsy, f.nact, f.gsum, f._totals = [0, 0], [0, 0], [0, 0], None
        return f

    def _plain(self, card: Card) -> int:
        return self.plain[card.n] if card.psychic else card.n

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

    def totals(self) -> tuple[int, int]:
        """Both sides' strength in the round being fought (``rules.state_totals``)."""
        got = self._totals
        if got is None:
            if self.nact[0] or self.nact[1]:
                got = totals((self.tables[0], self.tables[1]), self.cards)
            else:
                got = (self.gsum[0], self.gsum[1])
            self._totals = got
        return got

    def min_plays(self, seat: int) -> int:
        """``RipState.min_plays``: card 14 in the opponent's play."""
        if not self.npsy[1 - seat]:
            return 0
        info = self.info
        return max((info[x.card.n].min_plays for x in self.tables[1 - seat] if x.card.psychic), default=0)

    def may_end_turn(self, need: int) -> bool:
        return self.turn_plays == 0 or not need or self.turn_plays >= need

    def may_play(self, need: int) -> bool:
        if not need or self.turn_plays >= need:
            return True
        seat = self.mover
        info = self.info
        playable = len({n for n in self.owned[seat] if info[n].rounds})
        return self.turn_plays + len(self.hands[seat]) + playable >= need

    def ghost_plays(self) -> tuple[Turn, ...]:
        """``rules.ghost_plays``."""
        seat = self.mover
        hand = self.hands[seat]
        if not hand:
            return ()
        if self.blind[seat]:
            return (_BLIND,)
        return hand_plays(tuple(hand))

    def psychic_plays(self) -> list[Turn]:
        """``rules.psychic_plays``."""
        seat = self.mover
        owned = self.owned[seat]
        actions: list[Turn] = []
        if not owned:
            return actions
        derived = plays_of(self.cards)
        for number, how, plays in derived.layout(tuple(owned)):
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
        return actions

    def legal(self) -> list[Action]:
        """``rules.legal_actions``, in its order."""
        if self.phase == PLAY:
            seat = self.mover
            need = self.min_plays(seat) if self.npsy[1 - seat] else 0
            plays = self.turn_plays
            hand = self.hands[seat]
            owned = self.owned[seat]
            if not need:  # the common case: any card, or the end of the turn
                if not owned:
                    if not hand:
                        return [END]
                    if not self.blind[seat]:
                        return list(_with_end(tuple(hand)))
                actions: list[Action] = list(self.ghost_plays())
                if owned:
                    actions.extend(self.psychic_plays())
                actions.append(END)
                return actions
            actions = []
            if plays >= need or self.may_play(need):
                actions.extend(self.ghost_plays())
                if owned:
                    actions.extend(self.psychic_plays())
            if plays == 0 or plays >= need:
                actions.append(END)
            return actions
        if self.phase == FACEDOWN:
            seat = self.loser
            downs: list[Action] = [SKIP]
            if self.hands[seat]:
                downs.extend(hand_downs(tuple(self.hands[seat])))
            if self.owned[seat]:
                downs.extend(Down(P(n)) for n in sorted(set(self.owned[seat])))
            return downs
        return []

    def to_move(self) -> int:
        return self.mover if self.phase == PLAY else self.loser

    def utilities(self) -> list[float]:
        """Each seat's result (``Result.utility``) once the game is over."""
        winners = self.winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in (0, 1)]

    # -- apply --

    def apply(self, action: Action) -> None:
        """Play ``action`` (legal: nothing is checked)."""
        if action.__class__ is Turn:
            assert isinstance(action, Turn)
            for item in action.items:
                if item.__class__ is Ghost and not self.blind[self.mover]:
                    assert isinstance(item, Ghost)
                    seat, value = self.mover, item.value
                    self.hands[seat].remove(value)
                    self.tables[seat].append(_GHOST_IN_PLAY[value])
                    self.gsum[seat] += value
                    self.turn_plays += 1
                    self._totals = None
                else:
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
            hand = self.hands[seat]
            if item.__class__ is Blind:
                value = self._draw_random().choice(hand)
            else:
                assert isinstance(item, Ghost)
                value = item.value
            hand.remove(value)
            self.tables[seat].append(_GHOST_IN_PLAY[value])
            self.gsum[seat] += value
            self.blind[seat] = False
        self.turn_plays += 1

    def play_psychic(self, seat: int, item: Psychic) -> None:
        number = item.number
        info = self.info[number]
        kinds = info.kinds
        arg = item.arg
        self.owned[seat].remove(number)
        self.tables[seat].append(InPlay(P(number), arg.n if arg is not None and info.named else 0))
        self.npsy[seat] += 1
        if info.active:
            self.nact[seat] += 1
        else:
            self.gsum[seat] += self.plain[number]
        if arg is not None and "fetch" in kinds:
            deck = self.decks[seat]
            deck.remove(arg.n)
            self._draw_random().shuffle(deck)
            self.tables[seat].append(_GHOST_IN_PLAY[arg.n])
            self.gsum[seat] += arg.n
        if arg is not None and "discard" in kinds:
            other = self.tables[1 - seat]
            i = [x.card for x in other].index(arg)
            gone = other.pop(i).card
            if gone.psychic:
                self.npsy[1 - seat] -= 1
                gone_info = self.info[gone.n]
                if gone_info.active:
                    self.nact[1 - seat] -= 1
                else:
                    self.gsum[1 - seat] -= self.plain[gone.n]
                if "random_next" in gone_info.kinds:
                    self.blind[seat] = False
            else:
                self.gsum[1 - seat] -= gone.n
        if "random_next" in kinds:
            self.blind[1 - seat] = True

    def end_turn(self) -> None:
        seat = self.mover
        t = self.totals()
        if t[seat] > t[1 - seat]:
            self.mover = 1 - seat
            self.turn_plays = 0
        else:
            self.end_round(seat)

    def end_round(self, loser: int) -> None:
        winner = 1 - loser
        token = self.tokens[self.round - 1]
        self.taken[winner].append(token)
        self.won.append(winner)
        if self.taken[winner].count(token) >= INSTANT_WIN[token]:
            self.finish((winner,))
            return
        claimer = loser
        info = self.info
        for seat in (0, 1):
            if self.npsy[seat] and any(
                x.card.psychic and "claim" in info[x.card.n].kinds for x in self.tables[seat]
            ):
                claimer = seat
        owned = self.owned[claimer]
        owned.append(self.line[self.round - 1])
        owned.sort()
        for seat in (0, 1):
            self.tables[seat] = []
            deck = self.decks[seat]
            if deck:
                hand = self.hands[seat]
                hand.extend(deck[:DRAW_PER_ROUND])
                hand.sort()
                del deck[:DRAW_PER_ROUND]
        self.npsy = [0, 0]
        self.nact = [0, 0]
        self.gsum = [0, 0]
        self._totals = None
        self.revealed = min(LINE_LENGTH, self.revealed + 1)
        self.blind = [False, False]
        self.turn_plays = 0
        self.loser = loser
        self.first = self.mover = winner
        if self.hands[loser] or self.owned[loser]:
            self.phase = FACEDOWN
        else:
            self.next_round()

    def down(self, card: Card | None) -> None:
        seat = self.loser
        if card is not None:
            if card.psychic:
                self.owned[seat].remove(card.n)
            else:
                self.hands[seat].remove(card.n)
            self.downs[seat].append(card)
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
            tables = round10_tables(downs, self.cards, self.decks)
            t = totals(tables, self.cards, round10=True)
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

    # -- the play-out policy --

    def policy(self, rng: random.Random) -> Action:
        """``ai.rip.policy.playout`` on this state: the same action from the same generator state."""
        if rng.random() < PLAYOUT_NOISE:
            return rng.choice(self.legal())
        if self.phase == PLAY:
            return self._play_policy(rng)
        if self.phase == FACEDOWN:
            seat = self.loser
            owned = self.owned[seat]
            if owned:
                info = self.info
                for n in sorted(set(owned)):
                    if not info[n].rounds:
                        return Down(P(n))
            hand = self.hands[seat]
            if self.round >= BANK_FROM and len(hand) > 3 and hand[-1] >= BANK_VALUE:
                return Down(G(hand[-1]))
            return SKIP
        return rng.choice(self.legal())

    def _play_policy(self, rng: random.Random) -> Action:
        seat = self.mover
        other = 1 - seat
        t = self.totals()
        limit = self.min_plays(seat) if self.npsy[other] else 0
        plays = self.turn_plays
        may_end = plays == 0 or not limit or plays >= limit
        mine_t, their_t = t[seat], t[other]
        if mine_t > their_t and may_end:
            return END
        need = their_t + 1 - mine_t
        hand = self.hands[seat]
        if may_end:
            if sum(hand) < need:
                return END
            rnd = self.round
            kind = self.tokens[rnd - 1]
            if kind == CASTLE:
                budget = CASTLE_BUDGET
            else:
                budget = LATE_MANOR_BUDGET if rnd >= LATE_ROUND else MANOR_BUDGET
            if need > budget:
                most = max(self.taken[seat].count(kind), self.taken[other].count(kind))
                if most + 1 < INSTANT_WIN[kind]:
                    return END
        can_play = not limit or plays >= limit or self.may_play(limit)
        if not (can_play and hand):  # no ghost card to play: any psychic card, or end the turn
            choices = self.psychic_plays() if can_play else []
            return rng.choice(choices) if choices else END
        if self.blind[seat]:
            return _BLIND
        owned = self.owned[seat]
        if owned:
            gainers = self.gainers
            if any(n in gainers for n in owned):
                best = psychic_gain(
                    seat, self.tables[seat], self.tables[other], self.cards, t, self.psychic_plays()
                )
                if best is not None:
                    return best
        cheapest = cheapest_plays(tuple(hand), need)
        if cheapest is None:
            return _GHOST_PLAY[hand[-1]]  # the highest ghost
        whole, one = cheapest
        if len(whole.items) > 1 and not limit:
            return whole
        return one


def playout(f: Fast, rng: random.Random) -> list[float]:
    """Play ``f`` to its end with the play-out policy; each seat's result."""
    while f.phase != OVER:
        f.apply(f.policy(rng))
    return f.utilities()


def simulate(state: RipState, rng: random.Random) -> Sequence[float]:
    """The search's play-out from ``state`` (``ai.search``'s ``simulate``): on the fast path when it can copy the
    state, else by the public loop; the same game either way."""
    if Fast.copies(state):
        return playout(Fast(state), rng)
    from ai.rip import rules
    from ai.rip.policy import playout as public_playout

    while state.phase != Phase.OVER:
        state = rules.apply(state, public_playout(state, rules.legal_actions(state), rng))
    return [1.0 / len(state.winners) if seat in state.winners else 0.0 for seat in (0, 1)]
