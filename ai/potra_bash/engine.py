"""The one Potra Bash engine: every rule of the game, on one mutable game over plain data.

The table's states (``ai.potra_bash.state.PotraState``) are snapshots of it (``ai.potra_bash.rules`` loads one
into an engine, applies a move and takes a snapshot after); the search's play-outs run on it directly.

The data: ``hands`` and ``piles`` are lists (one entry a seat) of sorted tuples of card values; ``plays`` a tuple
of (owner, value) in the order played, ``field`` the same cards still on the table as their codes
(``ai.potra_bash.components.CARDS``: one int a card, ordered as the picks are listed), latest first (a pick
takes the latest copy played, which ``list.remove`` finds first); ``deck`` a tuple, top first, of which the last
``deck_size`` cards are still to draw (dealer mode: a card drawn stays in the tuple, so a draw reads one card
instead of copying the rest; with a real deck it is empty and only ``deck_size`` is known). A move is an int
(the phase tells which kind):

- a play is the card's value, a pass ``PASS`` (0);
- a pick from the field is the card taken, its code (``CARD_CODES[owner][value]``);
- while a typed card is awaited (physical mode, ``pending``), the card's value.

``legal`` lists the moves in the order the table lists them: plays in ``VALUES`` order then the pass, picks by
value (highest first) then owner, typed cards in ``VALUES`` order. ``apply`` makes no check (every move comes
from ``legal``). With ``log`` a list, ``apply`` appends what happened as plain tuples (``ai.potra_bash.steps``
turns them into the table's events):

- ``("play", seat, value, lap, deck_size_before, drawn)``: ``drawn`` the card drawn (dealer mode) or ``None``;
- ``("pass", seat, lap)``;
- ``("centre", winner, card, best_sum, tied_seats)``: ``card`` may be ``None`` (never typed);
- ``("take", seat, owner, value, forced)``;
- ``("round", round, centre, starter, deck_size)``: the next round begins (``centre`` ``None``: to be typed);
- ``("end", piles)``: the deck was empty at the end of the round, and the scoring piles;
- ``("centre-card", value)`` and ``("dealt", seat, value)``: a typed card;
- ``("turn", seat)``: an automa's top card is to be turned over and typed (a real deck).

``tally`` counts, per seat, the choices the table sees it make (``ai.potra_bash.state.PASSED`` ...): a pass or a
play in laps 2 and 3, a high or low card played, a chosen pick of the highest value open or another. Each is
counted where the move is applied, from face-up cards only, so it follows from the moves alone.

The paper automa's seats (``config.blind``) hold their hand as a face-down pile, in pile order (top last, not
sorted): a blind seat's one play is ``TOP``, the pile's top card turned over, and the card it draws goes on top
of the pile. With the tool's deck the pile is dealt and drawn from the seeded shuffle, so its top card is a
card nobody has seen, drawn at random; with a real deck the seat is untracked and ``TOP`` waits for the turned
card to be typed (``pending``: ``TURNED``), then plays it.

Ruling (spec): the next round's centre card is the top card of the deck; the starting player moves one seat
clockwise (options ``next_start="winner"``: the centre-card winner starts, ``"left-of-winner"``: the player to
their left); hands are kept.
Ruling (spec): each complete set of three equal cards other than 1 is discarded (option ``triples="one"``: at
most one set per value).
Ruling: a field pick that leaves one possible card (or several copies of the same value from the same owner)
is made at once (``forced``); nothing else is automatic.
Ruling: a player with no card in hand passes, even in lap 1 (it cannot happen with the rules' hand sizes, but a
physical game typed with mistakes must not get stuck).
Ruling: the game ends when the deck is empty at the end of an acquisition; a centre card turned as the last
card of the deck makes the next round the last one.
"""

from __future__ import annotations

import random
from bisect import bisect, insort
from collections.abc import Iterable, Sequence
from functools import cache

from ai import rng as seeded
from ai.potra_bash.components import (
    CARD_CODES,
    CARDS,
    COPIES_IN_BOX,
    HAND_SIZE,
    LAPS,
    MAX_PLAYERS,
    NO_SET_VALUES,
    SET_SIZE,
    VALUES,
    copies,
    deck,
)
from ai.potra_bash.state import (
    CENTRE,
    COUNT,
    HIGH,
    HIGH_VALUES,
    LOW,
    PASSED,
    PLAYED,
    TOOK_OTHER,
    TOOK_TOP,
    TRIPLES,
    TURNED,
    Phase,
    PotraConfig,
)
from ai.protocol import CHANCE

PASS = 0
#: The automa's play: the top card of its face-down hand pile (not a card value).
TOP = 10
Move = int
#: The seat to move (``Engine.turn``) once the game is over.
NOBODY = -2

PLAY, TAKE, OVER = Phase.PLAY, Phase.TAKE, Phase.OVER

# -- rules over plain data (the engine and the protocol layer's queries both use these) --


def seat_to_play(starter: int, acted: int, n: int) -> int:
    """Who plays in a lap: clockwise from the round's starter, one seat per player who has acted."""
    return (starter + acted) % n


def open_picks(field: Iterable[int], seat: int) -> list[int]:
    """The field cards ``seat`` may take now, as codes (``CARDS``), each once: another player's while one
    remains; highest value first, then by owner."""
    cards = sorted(set(field), key=_PICK_KEY[seat])  # the seat's own cards last
    if cards and _OWNER[cards[0]] != seat:  # another player's card remains: none of its own
        while _OWNER[cards[-1]] == seat:
            cards.pop()
    return cards


def picks(field: Iterable[tuple[int, int]], seat: int) -> list[tuple[int, int]]:
    """``open_picks`` of a field of (owner, value) cards, as (owner, value)."""
    return [CARDS[code] for code in open_picks([CARD_CODES[o][v] for o, v in field], seat)]


def eligible(field: Iterable[tuple[int, int]], seat: int) -> set[tuple[int, int]]:
    """The picks open to ``seat`` (``picks``) as a set."""
    return set(picks(field, seat))


#: Each card code's owner and value (``CARDS``).
_OWNER = [owner for owner, _ in CARDS]
VALUE_OF = [value for _, value in CARDS]
#: ``open_picks``' sort key for each seat: a code's rank, the seat's own cards after every other player's.
_PICK_KEY = [
    [code + (len(CARDS) if owner == seat else 0) for code, owner in enumerate(_OWNER)].__getitem__
    for seat in range(MAX_PLAYERS)
]


def due(pending: Sequence[int]) -> tuple[int, int]:
    """While typed cards are awaited: who gets the next one (``CENTRE`` for the centre card) and how many in a
    row are due to them."""
    target = pending[0]
    count = 0
    while count < len(pending) and pending[count] == target:
        count += 1
    return target, count


def face_up(
    field: Iterable[tuple[int, int]], piles: Iterable[Sequence[int]], centre: int | None
) -> dict[int, int]:
    """Per value: the cards every player has seen face up (the centre card, the field and every pile)."""
    seen = dict.fromkeys(VALUES, 0)
    for _, value in field:
        seen[value] += 1
    for pile in piles:
        for value in pile:
            seen[value] += 1
    if centre is not None:
        seen[centre] += 1
    return seen


def unknown(
    players: int,
    hands: Iterable[Sequence[int]],
    field: Iterable[tuple[int, int]],
    piles: Iterable[Sequence[int]],
    centre: int | None,
) -> dict[int, int]:
    """Per value, in ``VALUES`` order: copies the tool cannot place (the deck, hidden hands, cards to be typed)."""
    seen = face_up(field, piles, centre)
    for hand in hands:
        for value in hand:
            seen[value] += 1
    total = copies(players)
    return {v: total - seen[v] for v in VALUES}


def playable(hand: Sequence[int], hidden: int, unknown_counts: dict[int, int] | None) -> list[int]:
    """Values a seat can play, in ``VALUES`` order: its known cards, or for a hidden hand (``hidden`` cards the
    tool does not see) any value still unknown (``unknown_counts``)."""
    if hidden and unknown_counts is not None:
        return [v for v in VALUES if v in hand or unknown_counts[v] > 0]
    return [v for v in VALUES if v in hand]


def lap_moves(playable: Sequence[int], lap: int) -> tuple[Move, ...]:
    """A seat's moves in a lap: its playable values, and a pass after lap 1 (or with nothing to play)."""
    return (*playable, PASS) if lap > 1 or not playable else tuple(playable)


def pile_moves(cards: int, lap: int) -> tuple[Move, ...]:
    """An automa's moves in a lap: its top card while its pile holds one, and a pass after lap 1 (or with an
    empty pile)."""
    if not cards:
        return (PASS,)
    return (TOP, PASS) if lap > 1 else (TOP,)


def _known_hand_moves(hand: tuple[int, ...]) -> tuple[tuple[Move, ...], ...]:
    """``lap_moves`` of a hand the tool sees in each lap (index 0 unused), worked out once a hand
    (``_HAND_MOVES``)."""
    moves = _HAND_MOVES[hand] = tuple(lap_moves(playable(hand, 0, None), lap) for lap in range(LAPS + 1))
    return moves


#: ``_known_hand_moves`` of each hand met so far, read by the hand alone (a few dozen hands): one look-up a step.
_HAND_MOVES: dict[tuple[int, ...], tuple[tuple[Move, ...], ...]] = {}


def contribution(value: int, count: int, triples: str = "all") -> int:
    """What ``count`` copies of ``value`` add to a pile's score once its sets of three are discarded."""
    return value * (count - SET_SIZE * sets(value, count, triples))


def sets(value: int, count: int, triples: str = "all") -> int:
    """How many sets of three of ``value`` a pile holding ``count`` of them discards."""
    if value in NO_SET_VALUES:
        return 0
    found = count // SET_SIZE
    return min(found, 1) if triples == "one" else found


#: ``CONTRIBUTIONS[triples][value][count]``: ``contribution``, worked out once for every count in a pile.
CONTRIBUTIONS: dict[str, dict[int, list[int]]] = {
    triples: {v: [contribution(v, k, triples) for k in range(COPIES_IN_BOX + 1)] for v in VALUES}
    for triples in TRIPLES
}


def pile_total(pile: Sequence[int], triples: str = "all") -> int:
    table = CONTRIBUTIONS[triples]
    return sum([table[v][pile.count(v)] for v in VALUES])


#: How a ranking was decided (``ranking``).
BY_SCORE, BY_ONES, DRAW = 0, 1, 2


def ranking(totals: Sequence[int], ones: Sequence[int]) -> tuple[list[int], int]:
    """The winning seats and how they were found: the highest score; tie: the most 1-point cards; still tied:
    a draw between them."""
    best = max(totals)
    top = [i for i, t in enumerate(totals) if t == best]
    if len(top) == 1:
        return top, BY_SCORE
    most = max(ones[i] for i in top)
    top = [i for i in top if ones[i] == most]
    return top, BY_ONES if len(top) == 1 else DRAW


@cache
def _after_play(hand: tuple[int, ...], value: int, drawn: int | None) -> tuple[int, ...]:
    """The known cards of a hand after it plays ``value`` (unless the card came from its hidden cards) and draws
    ``drawn`` (``None``: no card the tool sees), sorted (a few hundred such moves: each is worked out once)."""
    cards = list(hand)
    if value in cards:
        cards.remove(value)
    if drawn is not None:
        insort(cards, drawn)
    return tuple(cards)


#: ``_PLAY_COUNTS[seat][lap][value]``: what a play of ``value`` adds to the tally (``Engine.tally``): played in
#: laps 2 and 3, high or low.
_PLAY_COUNTS = tuple(
    tuple(
        {
            value: (COUNT[seat][PLAYED] if lap > 1 else 0)
            + (COUNT[seat][HIGH] if value in HIGH_VALUES else COUNT[seat][LOW] if value < 0 else 0)
            for value in VALUES
        }
        for lap in range(LAPS + 1)
    )
    for seat in range(MAX_PLAYERS)
)


def _with(cards: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = bisect(cards, value)
    return (*cards[:i], value, *cards[i:])


class Engine:
    """One Potra Bash game, played in place (see the module's docstring)."""

    __slots__ = (
        "acted",
        "centre",
        "centre_winner",
        "choices",
        "config",
        "deck",
        "deck_size",
        "field",
        "hands",
        "hidden",
        "lap",
        "log",
        "made",
        "n",
        "pending",
        "phase",
        "picker",
        "piles",
        "plays",
        "removed",
        "round",
        "starter",
        "tally",
    )

    config: PotraConfig
    n: int
    #: One of ``PLAY``, ``TAKE`` and ``OVER``, compared by identity.
    phase: Phase
    round: int
    lap: int
    #: The round's starting player and how many players have acted in this lap.
    starter: int
    acted: int
    hands: list[tuple[int, ...]]
    #: Cards in each hand the tool does not see (physical mode, people).
    hidden: tuple[int, ...]
    deck: tuple[int, ...]
    deck_size: int
    #: Cards out of play that the tool dealt nowhere (a determinized state's; kept as they are).
    removed: tuple[int, ...]
    centre: int | None
    #: The cards of this round still on the table, as codes (``CARDS``), latest play first.
    field: tuple[int, ...]
    #: Every play of the round so far, (owner, value) in order (the field shrinks during the picks).
    plays: tuple[tuple[int, int], ...]
    piles: list[tuple[int, ...]]
    #: Per seat, what the table has seen it do (``ai.potra_bash.state.PASSED`` ...), counted where it is done;
    #: the counts in one int (``ai.potra_bash.state.COUNT``, ``record_of``).
    tally: int
    picker: int
    centre_winner: int | None
    #: Physical mode: who gets the next typed card (``CENTRE`` for the centre card).
    pending: tuple[int, ...]
    #: The picks open now, when the last move left the field to share out (``None``: work them out); set and
    #: cleared in the acquisition only (a typed card leaves the field and the picker as they are).
    choices: tuple[int, ...] | None
    log: list[tuple[object, ...]] | None
    #: How many moves this engine has made.
    made: int

    @classmethod
    def deal(cls, config: PotraConfig, seed: int) -> Engine:
        """The game ``seed`` deals: the starting player drawn (unless the table chose one: ``config.first``), then (dealer mode) the deck shuffled, three cards
        dealt to each seat and the next turned up as the centre card. With a real deck the cards are typed:
        a bot's three together, clockwise from the starting player, then the centre card."""
        rng = random.Random(seed)
        n = config.players
        game = cls.__new__(cls)
        game.config = config
        game.n = n
        game.phase = PLAY
        game.round = 1
        game.lap = 1
        game.starter = seeded.randrange(
            rng, n
        )  # drawn even when the table chose: the same seed, the same deal
        if config.first is not None:
            game.starter = config.first
        game.acted = 0
        game.removed = ()
        game.field = ()
        game.plays = ()
        game.piles = [() for _ in range(n)]
        game.tally = 0
        game.picker = 0
        game.centre_winner = None
        game.choices = None
        game.log = None
        game.made = 0
        cards = list(deck(n))  # for 3 players the two copies of each value are already put away
        if config.physical:
            order = [(game.starter + i) % n for i in range(n)]
            game.pending = (
                *(s for s in order if s not in config.untracked for _ in range(HAND_SIZE)),
                CENTRE,
            )
            game.hidden = tuple(HAND_SIZE if s in config.untracked else 0 for s in range(n))
            game.hands = [() for _ in range(n)]
            game.deck = ()
            game.deck_size = len(cards) - HAND_SIZE * n - 1
            game.centre = None
            return game
        seeded.shuffle(rng, cards)
        game.pending = ()
        game.hidden = (0,) * n
        blind = config.blind
        game.hands = [
            tuple(cards[s : HAND_SIZE * n : n]) if s in blind else tuple(sorted(cards[s : HAND_SIZE * n : n]))
            for s in range(n)
        ]
        game.centre = cards[HAND_SIZE * n]
        game.deck = tuple(cards[HAND_SIZE * n + 1 :])
        game.deck_size = len(game.deck)
        return game

    # -- queries --

    def unknown(self) -> dict[int, int]:
        return unknown(self.n, self.hands, map(CARDS.__getitem__, self.field), self.piles, self.centre)

    def legal(self) -> tuple[Move, ...]:
        """The legal moves, in the table's order."""
        return self.turn()[1]

    def turn(self) -> tuple[int, tuple[Move, ...]]:
        """The seat to move (``CHANCE`` while a typed card is awaited, ``NOBODY`` once the game is over) and its
        legal moves (``legal``)."""
        if self.phase is OVER:
            return NOBODY, ()
        if self.pending:
            return CHANCE, tuple([v for v, k in self.unknown().items() if k > 0])
        if self.phase is TAKE:
            choices = self.choices
            return self.picker, choices if choices is not None else tuple(open_picks(self.field, self.picker))
        seat = seat_to_play(self.starter, self.acted, self.n)
        if seat in self.config.blind:
            return seat, pile_moves(len(self.hands[seat]) + self.hidden[seat], self.lap)
        if self.hidden[seat]:
            return seat, lap_moves(playable(self.hands[seat], self.hidden[seat], self.unknown()), self.lap)
        hand = self.hands[seat]
        moves = _HAND_MOVES.get(hand) or _known_hand_moves(hand)
        return seat, moves[self.lap]

    def totals(self) -> list[int]:
        """Each pile's score so far."""
        triples = self.config.triples
        return [pile_total(pile, triples) for pile in self.piles]

    def winners(self) -> tuple[list[int], int]:
        """The ranking of the piles (``ranking``)."""
        return ranking(self.totals(), [pile.count(1) for pile in self.piles])

    # -- moves --

    def apply(self, move: Move) -> None:
        """Play a legal move in place: a typed card, a pick (then the picks it forces), a pass or a play (the card
        to the field and, while the deck lasts, a card drawn in its place)."""
        self.made += 1
        if self.pending:
            self._typed(move)
            return
        if self.phase is TAKE:
            choices = self.choices
            self.choices = None
            if choices is None:
                choices = tuple(open_picks(self.field, self.picker))
            top = VALUE_OF[choices[0]]  # highest value first
            if top != VALUE_OF[choices[-1]]:  # a choice of values, said aloud by the card taken
                self.tally += COUNT[self.picker][TOOK_TOP if VALUE_OF[move] == top else TOOK_OTHER]
            self._picks_from(move)
            return
        seat = seat_to_play(self.starter, self.acted, self.n)
        if move == PASS:
            if self.lap > 1:
                self.tally += COUNT[seat][PASSED]
            if self.log is not None:
                self.log.append(("pass", seat, self.lap))
            self.acted += 1
            if self.acted == self.n:
                self._end_lap()
            return
        if move == TOP:
            if self.config.physical:  # the table turns the card over and types it
                self.pending = (TURNED,)
                if self.log is not None:
                    self.log.append(("turn", seat))
                return
            pile = self.hands[seat]
            self._play(seat, pile[-1], pile[:-1])
            return
        self._play(seat, move, self.hands[seat])  # a play: the card's value

    def _play(self, seat: int, value: int, hand: tuple[int, ...]) -> None:
        """``seat`` plays ``value`` (``hand``: its known cards once the card has left them) and draws."""
        blind = seat in self.config.blind
        # a card from a hand the tool does not see: a person's at a real deck, or an automa's pile there
        if self.config.physical if blind else value not in hand:
            self.hidden = _set(self.hidden, seat, self.hidden[seat] - 1)
        before = self.deck_size
        drawn: int | None = None
        if before > 0:
            self.deck_size = before - 1
            if not self.config.physical:
                drawn = self.deck[-before]  # the top card of the ``before`` still to draw
            elif seat in self.config.untracked:
                self.hidden = _set(self.hidden, seat, self.hidden[seat] + 1)
            else:
                self.pending = (seat,)
        if blind:  # the card drawn goes on top of the pile
            self.hands[seat] = hand if drawn is None else (*hand, drawn)
        else:
            self.hands[seat] = _after_play(hand, value, drawn)
        self.tally += _PLAY_COUNTS[seat][self.lap][value]
        self.field = (CARD_CODES[seat][value], *self.field)  # latest first
        self.plays += ((seat, value),)
        self.acted += 1
        if self.log is not None:
            self.log.append(("play", seat, value, self.lap, before, drawn))
        if self.acted == self.n:
            self._end_lap()

    def _end_lap(self) -> None:
        """Every player has acted: the next lap, or after the third the acquisition (the centre card, then the
        forced picks)."""
        if self.lap < LAPS:
            self.lap += 1
            self.acted = 0
            return
        n = self.n
        sums = [0] * n
        latest = [-1] * n
        for i, (owner, value) in enumerate(self.plays):
            sums[owner] += value
            latest[owner] = i
        best = max(sums)
        tied = [s for s in range(n) if sums[s] == best]
        winner = max(tied, key=latest.__getitem__)  # the tied player whose latest play came last
        centre = self.centre
        if centre is not None:
            self.piles[winner] = _with(self.piles[winner], centre)
        if self.log is not None:
            self.log.append(("centre", winner, centre, best, tuple(tied)))
        self.phase = TAKE
        self.centre = None
        self.centre_winner = winner
        self.picker = (winner + 1) % n
        self.acted = 0
        self._picks_from(None)

    def _picks_from(self, card: int | None) -> None:
        """The picker takes ``card`` (its code) from the field into its pile (``None``: the acquisition
        begins, nothing taken yet); then every pick that leaves one possible card is made at once (``forced``),
        until one leaves a choice (kept in ``choices``) or the field is empty (the round ends). One loop rather
        than a call a pick: it runs at every pick."""
        forced = False
        field = self.field
        seat = self.picker
        while True:
            if card is not None:
                owner, value = CARDS[card]
                rest = list(field)
                rest.remove(card)  # the latest copy played
                field = self.field = tuple(rest)
                pile = self.piles[seat]
                at = bisect(pile, value)
                self.piles[seat] = (*pile[:at], value, *pile[at:])  # kept sorted
                if self.log is not None:
                    self.log.append(("take", seat, owner, value, forced))
                seat = self.picker = (seat + 1) % self.n
                if not field:
                    self._end_round()
                    return
            choices = open_picks(field, seat)
            if len(choices) != 1:
                self.choices = tuple(choices)
                return
            card = choices[0]
            forced = True

    def _end_round(self) -> None:
        if self.deck_size == 0:
            self.phase = OVER
            self.plays = ()
            if self.log is not None:
                self.log.append(("end", tuple(self.piles)))
            return
        n = self.n
        winner = self.centre_winner if self.centre_winner is not None else self.starter
        next_start = self.config.next_start
        if next_start == "next":
            self.starter = (self.starter + 1) % n
        elif next_start == "winner":
            self.starter = winner
        else:
            self.starter = (winner + 1) % n
        if self.config.physical:
            self.pending = (*self.pending, CENTRE)
            self.centre = None
        else:
            self.centre = self.deck[-self.deck_size]  # the top card
        self.phase = PLAY
        self.round += 1
        self.lap = 1
        self.acted = 0
        self.deck_size -= 1
        self.field = ()
        self.plays = ()
        self.centre_winner = None
        if self.log is not None:
            self.log.append(("round", self.round, self.centre, self.starter, self.deck_size))

    def _typed(self, value: int) -> None:
        target = self.pending[0]
        self.pending = self.pending[1:]
        if target == TURNED:  # the automa's top card, turned over: it plays it
            seat = seat_to_play(self.starter, self.acted, self.n)
            self._play(seat, value, self.hands[seat])
            return
        if target == CENTRE:
            self.centre = value
            if self.log is not None:
                self.log.append(("centre-card", value))
            return
        self.hands[target] = _with(self.hands[target], value)
        if self.log is not None:
            self.log.append(("dealt", target, value))


def _set(items: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*items[:i], value, *items[i + 1 :])
