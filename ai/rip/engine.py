"""RIP's one engine (spec: shared/rules/rip.md): every rule of the game, written once, on plain data changed in
place. The table's states are snapshots of it (``RipState``, below: the engine's own data, never changed once
made; made by ``ai.rip.rules``); the search deals an engine and plays out on it directly
(``ai.rip.bots.playout``).

Seats are the families: 0 Green, 1 Blue. What one seat holds is a pair, one entry a seat, replaced (never changed
in place) when it changes, so a copy (``copy``: what ``rules.apply`` plays on) shares everything with its
original until it changes: a hand is a number (its count of each value, one octal digit a value: ``UNIT``), what
the legal actions read of it found by the values it holds (its spread: ``ai.rip.effects.SPREAD``), what the
play-out reads made once per hand (``HANDS[code]``); a deck a tuple (a virtual deck top first, a person's
physical deck its sorted contents); a table a tuple of ``InPlay``; the owned psychic cards a sorted tuple, what
they allow made once per tuple (``ai.rip.effects.Owned``). The totals are kept as cards come and go: with no card
in play that changes others (a bonus, a nullify), each side's sum; with one, remembered by the two tables'
contents (``ai.rip.effects.CardTables``).

Actions are small, so that bots and search choose one card at a time: ``Turn((item,), end=False)`` plays one
card and keeps the turn, ``END`` (``Turn((), end=True)``) ends it (``pass`` when nothing was played). A person
types a whole turn at once (``2 2 5`` is ``Turn((2, 2, 5), end=True)``); it is played card by card, then ended.

Two ways in: ``step`` applies an action a person typed or a bot chose, says why it is illegal (``IllegalError``,
one line) and records what happened (``events``) when asked; ``apply`` plays a legal action as the search does,
checking nothing. Both play the same rules (``play_ghost``, ``_play_psychic``, ``end_turn``, ...).

Decks. A virtual deck (the bot's at the table, both in the arena) is shuffled from the seed and kept in the
engine, hidden from every other seat, so undo never re-draws. A physical deck (``config.physical``) is the
person's own: the tool knows only its contents; each draw is a chance step the person types (``Draw``). A
person may put a card face down without saying which (``Down(None, hidden=True)``): the tool then keeps it among
the hand (``hidden`` counts such cards, ``ai.rip.secret`` what they may be) until they reveal it in round 10.
Every random draw (the deal from ``random.Random(seed)``, card 6's random card and card 2's shuffle from
``step_rng(seed, nonce)``) goes through ``ai.rng``.

Rulings of ours beyond the spec, written here where the rule lives:
- Ruling: under card 14 a player may start playing only if they can reach 2 cards this turn; once they have
  played one card they must play a second before ending the turn.
- Ruling: owned psychic cards lie face up, so which one a player puts face down is public (its text acts in
  round 10); a ghost card put face down stays secret.
- Ruling: in round 10 a face-down card that makes a choice chooses what is best for its owner: card 10 names
  the value that most improves its owner's margin, card 11 discards the opponent's face-down card that helps
  them most (even when it is their only one), card 2 fetches the highest ghost left in its owner's deck
  (usually none by then). Claims, peeks, card 6 and card 14 do nothing in round 10.
- Ruling: round 10's choices are made in this order: fetches, then discards (Green's first; a discard card
  discarded before it acts does nothing; each discard chooses knowing how card 10 will then be named), then
  named values (Green's first). Each psychic card exists once, so both families never hold the same card.
- Ruling: a ghost's value never goes below 0 (a user's card with a negative bonus).
- Ruling: if a card taken from play by card 11 was a "counts as a ghost" psychic card or card 6, its effect
  ends at once (card 6: the next card is no longer random).
- Ruling: after round 9 both players draw and its loser may place a card face down before round 10, as after
  any round.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ai import rng as seeded
from ai.protocol import CHANCE, Event, IllegalError
from ai.rip import secret
from ai.rip.components import (
    AUTOMA_LEVELS,
    CASTLE,
    DECK,
    DRAW_PER_ROUND,
    HAND_SIZE,
    INSTANT_WIN,
    LINE_LENGTH,
    MANOR,
    ROUNDS,
    SEAT_NAMES,
    TOKEN_COUNTS,
    TOKEN_NAMES,
    TUTORIAL_OPEN,
    VALUES,
    PsychicCard,
)
from ai.rip.effects import (
    GHOST_DIGITS,
    GHOST_IN_PLAY,
    SPREAD,
    UNIT,
    CardTables,
    Owned,
    Worth,
    is_named,
    keep,
    round10_tables,
    tables,
    totals,
)
from ai.rip.record import BANKED, FIGHTS, NO_RECORDS, SPENT, UNBANKED, UNITS, records, tally
from ai.rip.score import cards_json, counted, outcome, round10_text, said_outcome
from ai.rip.state import (
    BANK,
    BLIND,
    END,
    GHOST_DOWN,
    GHOST_PLAY,
    PHASES,
    SKIP,
    TERMINAL,
    TURN_BANKED,
    TURN_DECK,
    TURN_PILE,
    Action,
    Blind,
    Card,
    Down,
    Draw,
    G,
    Ghost,
    InPlay,
    Item,
    P,
    Phase,
    Psychic,
    Reveal,
    RipConfig,
    Side,
    Turn,
    step_rng,
)
from ai.words import listing, ptr, tr, trn

#: The phases as the engine keeps them: ``ai.rip.state.Phase``'s members, compared by identity.
DRAW, PLAY, FACEDOWN, REVEAL, OVER = PHASES

#: ``id`` of each shared one-card play of a ghost -> its value: ``apply`` knows one at one look.
PLAY_VALUE: dict[int, int] = {id(turn): v for v, turn in GHOST_PLAY.items()}
_play_value = PLAY_VALUE.get

_new = object.__new__

#: A ghost of each value in play, alone in a tuple: what ``play_ghost`` adds to a table.
_GHOST_ALONE = tuple((placed,) for placed in GHOST_IN_PLAY)

#: Neither seat plays its ghosts at random (``Engine.automa_blind`` without an automa).
_SEEING = (False, False)

#: A person's deck before the deal (its sorted contents), and the code of a whole deck.
_SORTED_DECK = tuple(sorted(DECK))
_DECK_CODE = sum(UNIT[v] for v in DECK)

#: The mansion tokens as the deal shuffles them.
_BAG = tuple(kind for kind, n in TOKEN_COUNTS.items() for _ in range(n))


def code_of(hand: Sequence[int]) -> int:
    """The code of a hand (in any order)."""
    return sum([UNIT[v] for v in hand])


def _choices(
    values: int,
) -> tuple[tuple[int, ...], tuple[Turn, ...], tuple[Action, ...], tuple[Action, ...]]:
    """What a hand holding the ghost values of the bitmask ``values`` (bit v: value v) may do: those values in
    order, its one-card plays in value order, those and the end of a turn, its face-down choices (none, then
    each value)."""
    held = tuple(v for v in VALUES if values >> v & 1)
    plays = tuple(GHOST_PLAY[v] for v in held)
    return held, plays, (*plays, END), (SKIP, *(GHOST_DOWN[v] for v in held))


#: ``_choices`` of every set of values, by bitmask: hands holding the same values share them.
_CHOICES = tuple(_choices(values) for values in range(1 << (max(VALUES) + 1)))

# A hand's *spread* (``ai.rip.effects.SPREAD``): the legal actions read what a hand may do from its code at one
# look, by its spread, with no ``Hand`` made (the protocol meets a new hand every few steps).
_SPREADS = {
    sum(UNIT[v] for v in VALUES if values >> v & 1): _CHOICES[values] for values in range(0, len(_CHOICES), 2)
}
#: By a hand's spread: its one-card plays in value order; those and the end of a turn; its face-down choices.
SPREAD_PLAYS: dict[int, tuple[Turn, ...]] = {spread: c[1] for spread, c in _SPREADS.items()}
SPREAD_PLAYS_END: dict[int, tuple[Action, ...]] = {spread: c[2] for spread, c in _SPREADS.items()}
SPREAD_DOWNS: dict[int, tuple[Action, ...]] = {spread: c[3] for spread, c in _SPREADS.items()}


class Hand:
    """What the engine reads of one hand, made once (``HANDS[code]``)."""

    __slots__ = ("cards", "downs", "plays", "sets", "size", "top", "total", "values")

    def __init__(self, code: int) -> None:
        cards: list[int] = []
        values = 0
        for v in VALUES:
            count = (code // UNIT[v]) % 8
            if count:
                cards += [v] * count
                values |= 1 << v
        #: The ghost values in order (``Side.hand``).
        self.cards = tuple(cards)
        self.size = len(cards)
        self.total = sum(cards)
        self.top = cards[-1] if cards else 0
        #: The values held, in order; one-card plays of each; the face-down choices from this hand alone: none,
        #: then each value (those plays and the end of a turn are ``SPREAD_PLAYS_END``).
        self.values, self.plays, _, self.downs = _CHOICES[values]
        #: The play-out's ghost plays without card 14, by the strength needed (0 to the total), filled as asked
        #: (``ai.rip.bots.playout``): kept here, the play-out reads a hand's plays and its total at one look-up.
        self.sets: list[int | tuple[int, ...] | None] = [None] * (self.total + 1)


class _Hands(dict[int, Hand]):
    def __missing__(self, code: int) -> Hand:
        hand = self[code] = Hand(code)
        return hand


#: Every hand met so far, by code.
HANDS: dict[int, Hand] = _Hands()


def put(pair: tuple[Any, Any], seat: int, value: Any) -> tuple[Any, Any]:
    """``pair`` with ``seat``'s entry replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


class Engine:
    """One game of RIP in play, changed in place; see the module docstring. Its data lives in its ``__dict__``
    (a copy is one dictionary copy); the ``_sides`` slot is where a snapshot (``RipState``) keeps its ``Side``
    objects once built, never copied with the data.

    Per game: the config and its psychic cards (``cards``, and what the engine reads of them: ``x``), the seed
    and the draws made from it (``nonce``), the phase, the round, the line and its tokens, the psychic cards face
    up (``revealed``, tutorial), who started the round and who moves, the cards played this turn, the last round's
    loser, the round-10 totals, the winners and why, who won each round. Per seat (pairs): the hand's code, the
    deck and its code, the cards a person drew and has not typed yet (``pending``), a person's secret face-down
    cards (``hidden``, ``secrets``), the cards face down, the psychic cards owned (a sorted tuple, and what they
    allow), card 6 (``blind``), the cards in play, the tables of earlier rounds (``played``), the cards discarded
    and the tokens taken; and what is kept of each table (``_count_tables``)."""

    __slots__ = ("__dict__", "_sides")

    config: RipConfig
    cards: Mapping[int, PsychicCard]
    x: CardTables
    physical: tuple[int, ...]
    seed: int
    nonce: int
    phase: Phase
    #: Whether the phase is ``OVER``, kept beside it so that the protocol's ``is_over`` reads one attribute.
    over: bool
    round: int
    line: tuple[int, ...]
    tokens: tuple[str, ...]
    revealed: int
    first: int
    mover: int
    turn_plays: int
    loser: int
    round10: tuple[int, int] | None
    winners: tuple[int, ...]
    reason: str
    won: tuple[int, ...]
    hands: tuple[int, int]
    decks: tuple[tuple[int, ...], tuple[int, ...]]
    deckcodes: tuple[int, int]
    pending: tuple[int, int]
    #: A real automa's cards the table is asked to turn over and type: (what, seat), ``TURN_PILE``...; or None.
    turning: tuple[int, int] | None
    hidden: tuple[int, int]
    secrets: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    downs: tuple[tuple[Card, ...], tuple[Card, ...]]
    owned: tuple[tuple[int, ...], tuple[int, ...]]
    owns: tuple[Owned, Owned]
    blind: tuple[bool, bool]
    tables: tuple[tuple[InPlay, ...], tuple[InPlay, ...]]
    played: tuple[tuple[tuple[InPlay, ...], ...], tuple[tuple[InPlay, ...], ...]]
    discarded: tuple[tuple[Card, ...], tuple[Card, ...]]
    taken: tuple[tuple[str, ...], tuple[str, ...]]
    #: Per seat, what the table has seen it do (``ai.rip.record``), as one number (``record.tally``).
    tally: int
    # Kept of each table: its psychic cards, those that change others, the sum of the others' strength, its
    # signature, the least number of cards it makes the opponent play a turn (card 14); the seats with a card in
    # play that claims the round's psychic card (card 1; bit 1 Green, bit 2 Blue); both totals once asked.
    npsy: tuple[int, int]
    nact: tuple[int, int]
    gsum: tuple[int, int]
    sig: tuple[int, int]
    need: tuple[int, int]
    claims: int
    _totals: tuple[int, int] | None
    #: With a card in play that changes others, what a card of each printed value is worth on each side
    #: (``ai.rip.effects.Worth``), read when the totals were last worked out (``totals``).
    _worth: tuple[Worth, Worth] | None
    #: Where ``step`` records what happened (None: nobody records; no text is made).
    events: list[Event] | None
    _sides: tuple[Side, Side]
    #: Whether what only the table reads is kept (``record``, ``played``, ``won``): the search's deals
    #: (``ai.rip.bots.hard``) read none of it, so they skip it.
    recording: bool

    # -- making one ----------------------------------------------------------------------------------------

    def _catalogue(self, config: RipConfig, cards: Mapping[int, PsychicCard] | None = None) -> None:
        self.config = config
        self.cards = config.catalogue() if cards is None else cards
        self.x = tables(self.cards)
        self.physical = config.physical
        self.events = None
        self.recording = True

    @classmethod
    def deal(cls, config: RipConfig, seed: int) -> Engine:
        """A new game: the line, the tokens and the virtual decks shuffled from ``random.Random(seed)``, the first
        player drawn from it (unless fixed); a person's physical deck waits for its first five cards typed."""
        rng = random.Random(seed)
        e = object.__new__(cls)
        e._catalogue(config)
        if config.line:
            e.line = config.line
        else:
            pool = list(config.pool())
            seeded.shuffle(rng, pool)
            e.line = tuple(pool[:LINE_LENGTH])
        if config.tokens:
            e.tokens = tuple(config.tokens)
        else:
            bag = list(_BAG)
            seeded.shuffle(rng, bag)
            e.tokens = tuple(bag)
        # Each seat's hand, deck and the code of its deck (what is not in the hand or face down).
        hands, decks, codes, pending = [], [], [], []
        for seat in (0, 1):
            if seat in config.physical:
                hands.append(0)
                decks.append(_SORTED_DECK)
                codes.append(_DECK_CODE)
                pending.append(HAND_SIZE)
            else:
                deck = list(DECK)
                seeded.shuffle(rng, deck)
                hands.append(code_of(deck[:HAND_SIZE]))
                decks.append(tuple(deck[HAND_SIZE:]))
                codes.append(_DECK_CODE - hands[-1])
                pending.append(0)
        owned: list[tuple[int, ...]] = [(), ()]
        downs: list[tuple[Card, ...]] = [(), ()]
        for (
            seat
        ) in config.automa:  # drawn after the rest of the deal: a game without an automa deals as before
            owned[seat] = e._handicap(config, rng, owned[1 - seat])
            extra, banked = AUTOMA_LEVELS[config.automa_level].hand, AUTOMA_LEVELS[config.automa_level].banked
            hands[seat] += code_of(decks[seat][:extra])
            downs[seat] = tuple(G(v) for v in decks[seat][extra : extra + banked])
            codes[seat] -= code_of(decks[seat][: extra + banked])
            decks[seat] = decks[seat][extra + banked :]
        e.hands = (hands[0], hands[1])
        e.decks = (decks[0], decks[1])
        e.deckcodes = (codes[0], codes[1])
        e.pending = (pending[0], pending[1])
        e.first = e.mover = config.first if config.first is not None else seeded.randrange(rng, 2)
        e.seed, e.nonce, e.round, e.turn_plays, e.loser = seed, 0, 1, 0, -1
        e.phase = DRAW if any(pending) else PLAY
        e.over = False
        e.revealed = TUTORIAL_OPEN if config.tutorial else LINE_LENGTH
        e.round10, e.winners, e.reason, e.won = None, (), "", ()
        e.hidden, e.secrets = (0, 0), ((), ())
        e.turning = None
        e.tables = e.played = e.discarded = ((), ())
        e.downs = (downs[0], downs[1])
        e.taken = ((), ())
        e.tally = 0
        e.blind = e.automa_blind()
        e.owned = (owned[0], owned[1])
        e.owns = (e.x.owned_of(e.owned[0]), e.x.owned_of(e.owned[1]))
        # Nothing in play yet: what ``_count_tables`` counts of two empty tables.
        e.npsy = e.nact = e.gsum = e.sig = e.need = e._totals = (0, 0)
        e.claims = 0
        e._worth = None
        return e

    def _handicap(self, config: RipConfig, rng: random.Random, taken: tuple[int, ...]) -> tuple[int, ...]:
        """The automa's psychic cards at its level: at random from the known ones neither in the line nor taken by
        the other seat."""
        box = [n for n in sorted(self.cards) if n not in self.line and n not in taken]
        seeded.shuffle(rng, box)
        return tuple(sorted(box[: AUTOMA_LEVELS[config.automa_level].psychic]))

    def automa_blind(self) -> tuple[bool, bool]:
        """Whether each seat plays its ghosts at random with no card 6 in play: an automa's seat always does (its
        ghost is the top card of its face-down pile)."""
        automa = self.config.automa
        return (0 in automa, 1 in automa) if automa else _SEEING

    @classmethod
    def of(cls, fields: Mapping[str, Any]) -> Engine:
        """An engine from the fields of a ``RipState`` (``sides`` as ``Side`` objects): how a state is built by
        hand (a test, a deal of the unseen cards)."""
        e = object.__new__(cls)
        config = fields["config"]
        e._catalogue(config, fields.get("cards") or None)
        e.seed, e.nonce = fields["seed"], fields.get("nonce", 0)
        e.phase = PHASES[int(fields["phase"])]
        e.over = e.phase is OVER
        e.round, e.line, e.tokens = fields["round"], tuple(fields["line"]), tuple(fields["tokens"])
        e.revealed, e.first, e.mover = fields["revealed"], fields["first"], fields["mover"]
        e.turn_plays = fields.get("turn_plays", 0)
        e.loser = fields.get("loser", -1)
        e.round10 = fields.get("round10")
        e.winners, e.reason = tuple(fields.get("winners", ())), fields.get("reason", "")
        e.won = tuple(fields.get("won", ()))
        e.tally = tally(fields.get("record") or NO_RECORDS)
        e.turning = fields.get("turning")
        blind = fields.get("blind", (False, False))
        e.blind = (bool(blind[0]), bool(blind[1]))
        e._load_sides(fields["sides"])
        return e

    def _load_sides(self, sides: Sequence[Side]) -> None:
        a, b = sides[0], sides[1]
        self.hands = (code_of(a.hand), code_of(b.hand))
        self.decks = (tuple(a.deck), tuple(b.deck))
        self.deckcodes = (code_of(a.deck), code_of(b.deck))
        self.pending = (a.pending, b.pending)
        self.hidden = (a.hidden_down, b.hidden_down)
        self.secrets = (a.secrets, b.secrets)
        self.downs = (tuple(a.down), tuple(b.down))
        self.owned = (tuple(a.owned), tuple(b.owned))
        self.owns = (self.x.owned_of(self.owned[0]), self.x.owned_of(self.owned[1]))
        self.tables = (tuple(a.table), tuple(b.table))
        self.played = (_as_played(a.played), _as_played(b.played))
        self.discarded = (tuple(a.discarded), tuple(b.discarded))
        self.taken = (tuple(a.tokens), tuple(b.tokens))
        self._count_tables()

    def changed(self, changes: Mapping[str, Any]) -> Engine:
        """A copy with some of a ``RipState``'s fields changed (``RipState.replace``)."""
        fields = self.fields()
        unknown = set(changes) - set(fields)
        if unknown:
            raise TypeError(f"a RipState has no field {sorted(unknown)[0]!r}")
        fields.update(changes)
        if "config" in changes and "cards" not in changes:
            fields["cards"] = None
        return Engine.of(fields)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied by ``copy``) as its fields."""
        return (Engine.of, (self.fields(),))

    def fields(self) -> dict[str, Any]:
        """The fields of the ``RipState`` this engine is a snapshot of (``sides`` as ``Side`` objects)."""
        return {
            "config": self.config,
            "cards": self.cards,
            "seed": self.seed,
            "nonce": self.nonce,
            "phase": self.phase,
            "round": self.round,
            "line": self.line,
            "tokens": self.tokens,
            "revealed": self.revealed,
            "first": self.first,
            "mover": self.mover,
            "turn_plays": self.turn_plays,
            "blind": self.blind,
            "sides": (self.side(0), self.side(1)),
            "loser": self.loser,
            "round10": self.round10,
            "winners": self.winners,
            "reason": self.reason,
            "won": self.won,
            "turning": self.turning,
            "record": self.record,
        }

    def copy(self) -> Engine:
        """A copy to play on (an engine, also of a snapshot): every pair is replaced, never changed, when it
        changes, so they are shared."""
        e = _new(Engine)
        e.__dict__ = self.__dict__.copy()  # a copied dictionary: quicker than filling a new one
        return e

    def redealt(
        self,
        hands: tuple[Sequence[int], Sequence[int]],
        decks: tuple[Sequence[int], Sequence[int]],
        downs: tuple[tuple[Card, ...], tuple[Card, ...]],
        line: tuple[int, ...],
        seed: int,
    ) -> Engine:
        """A copy with the cards dealt otherwise: each seat's hand (in any order), deck (virtual: top first) and
        face-down cards, the line, the seed (what a deal of the unseen cards changes: ``ai.rip.observation``)."""
        e = self.copy()
        e.hands = (code_of(hands[0]), code_of(hands[1]))
        e.decks = (tuple(decks[0]), tuple(decks[1]))
        e.deckcodes = (code_of(decks[0]), code_of(decks[1]))
        e.downs = downs
        e.line = line
        e.seed = seed
        return e

    def side(self, seat: int) -> Side:
        """``seat``'s cards as the table's state shows them."""
        side = object.__new__(Side)
        object.__setattr__(
            side,
            "__dict__",
            {
                "hand": HANDS[self.hands[seat]].cards,
                "deck": self.decks[seat],
                "pending": self.pending[seat],
                "hidden_down": self.hidden[seat],
                "secrets": self.secrets[seat],
                "down": self.downs[seat],
                "owned": self.owned[seat],
                "table": self.tables[seat],
                "played": tuple([x.card for table in self.played[seat] for x in table]),
                "discarded": self.discarded[seat],
                "tokens": self.taken[seat],
            },
        )
        return side

    def _count_tables(self) -> None:
        """What is kept of each table as cards come and go, counted afresh (see the class docstring)."""
        info, plain, x = self.x.info, self.x.plain, self.x
        npsy, nact, gsum, sig, need = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
        claims = 0
        for seat, table in enumerate(self.tables):
            for placed in table:
                card = placed.card
                if card.psychic:
                    ci = info[card.n]
                    npsy[seat] += 1
                    nact[seat] += bool(ci.active)
                    gsum[seat] += 0 if ci.active else plain[card.n]
                    sig[seat] += x.psychic_in_play(card.n, placed.named)[1]
                    need[seat] = max(need[seat], ci.min_plays)
                    if "claim" in ci.kinds:
                        claims |= 1 << seat
                else:
                    gsum[seat] += card.n
                    sig[seat] += UNIT[card.n]
        self.npsy, self.nact = (npsy[0], npsy[1]), (nact[0], nact[1])
        self.gsum, self.sig, self.need = (gsum[0], gsum[1]), (sig[0], sig[1]), (need[0], need[1])
        self.claims = claims
        self._totals = self._worth = None

    # -- what the state says -------------------------------------------------------------------------------

    def totals(self) -> tuple[int, int]:
        """Both sides' strength in the round being fought, every effect in play applied."""
        got = self._totals
        if got is None:
            if self.nact[0] or self.nact[1]:
                got, self._worth = self.x.totals_of(self.sig, self.tables)
            else:
                got = self.gsum
            self._totals = got
        return got

    def to_move(self) -> int:
        phase = self.phase
        if phase is PLAY:
            return self.mover
        if phase is FACEDOWN:
            return self.loser
        if phase is REVEAL:
            return 0 if self.hidden[0] else 1
        if phase is DRAW:
            return CHANCE
        return TERMINAL

    def drawing_seat(self) -> int:
        """The seat whose typed draw (or a real automa's card turned over) is awaited (DRAW phase)."""
        if self.turning is not None:
            return self.turning[1]
        return 0 if self.pending[0] else 1

    def real_automa(self, seat: int) -> bool:
        """Whether ``seat`` is an automa whose cards are a real face-down deck at the table: the tool's values of
        its hand pile, deck and face-down ghosts are stand-ins until the table turns them over."""
        return self.config.automa_physical and seat in self.config.automa

    def unseen_cards(self, seat: int) -> list[int]:
        """A real automa's cards nobody has seen: its hand pile, deck and face-down ghosts (what a card turned over
        may be)."""
        return [
            *HANDS[self.hands[seat]].cards,
            *self.decks[seat],
            *(c.n for c in self.downs[seat] if not c.psychic),
        ]

    def hand_size(self, seat: int) -> int:
        """The ghost cards in ``seat``'s real hand (a person's secret face-down cards are kept among it)."""
        return HANDS[self.hands[seat]].size - self.hidden[seat]

    def virtual(self, seat: int) -> bool:
        """Whether the tool holds ``seat``'s deck."""
        return seat not in self.physical

    def peeking(self, seat: int) -> bool:
        """Whether ``seat`` has card 3 in play (it sees the opponent's hand this round)."""
        if not self.npsy[seat]:
            return False
        info = self.x.info
        return any(x.card.psychic and "peek" in info[x.card.n].kinds for x in self.tables[seat])

    def utilities(self) -> list[float]:
        """Each seat's result (``Result.utility``) once the game is over."""
        winners = self.winners
        share = 1.0 / len(winners)
        return [share if 0 in winners else 0.0, share if 1 in winners else 0.0]

    def _secret_side(self, seat: int) -> Side:
        """What ``ai.rip.secret`` reads of ``seat``: the hand with its secret face-down cards."""
        return Side(
            hand=HANDS[self.hands[seat]].cards, hidden_down=self.hidden[seat], secrets=self.secrets[seat]
        )

    # -- what may be played ---------------------------------------------------------------------------------

    def may_play(self, need: int) -> bool:
        """Whether the mover may play a card now under card 14's ``need``: enough cards left to reach it."""
        if not need or self.turn_plays >= need:
            return True
        seat = self.mover
        return self.turn_plays + self.hand_size(seat) + self.owns[seat].playable >= need

    def may_end_turn(self) -> bool:
        """Whether the mover may end the turn now (card 14: 0 or at least ``need`` cards)."""
        need = self.need[1 - self.mover]
        return self.turn_plays == 0 or not need or self.turn_plays >= need

    def ghost_plays(self) -> Sequence[Turn]:
        """The mover's one-card plays from hand (the random one under card 6), in value order."""
        seat = self.mover
        if self.hand_size(seat) <= 0:
            return ()
        if self.blind[seat] and seat not in self.physical:
            return (BLIND,)
        if self.hidden[seat]:  # a person's secret face-down cards: only what the real hand may hold
            return tuple(GHOST_PLAY[v] for v in secret.free_values(self._secret_side(seat)))
        return HANDS[self.hands[seat]].plays

    def psychic_plays(self) -> Sequence[Turn]:
        """The mover's one-card plays of owned psychic cards, in number order (a fetch's for each value left in
        the deck, a discard's for each card the opponent has in play)."""
        seat = self.mover
        owns = self.owns[seat]
        if owns.fixed is not None:
            return owns.fixed
        # Plays that depend on the deck's values (card 2) or the opponent's cards in play (card 11), remembered by
        # those: the spread of the deck's code (``SPREAD``: which values it holds) and the opponent's table's
        # signature with its ghosts' digits spread so too (which cards lie there, not how many of each).
        # An automa's fetch takes the top card of its deck, unseen: its one play names no value (key -1).
        if owns.fetch:
            code = self.deckcodes[seat]
            fetched = -1 if seat in self.config.automa else SPREAD[code]
        else:
            fetched = 0
        if owns.discard:
            sig = self.sig[1 - seat]
            key = (fetched, SPREAD[sig & GHOST_DIGITS] | sig & ~GHOST_DIGITS)
        else:
            key = (fetched, 0)
        got = owns.varied.get(key)
        if got is None:
            actions: list[Turn] = []
            for number, how, plays in owns.layout:
                if how == "fixed" or (how == "fetch" and fetched < 0):
                    actions.extend(plays)
                elif how == "fetch":
                    values = sorted(set(self.decks[seat]))
                    actions.extend([self.x.value_play(number, v) for v in values] if values else plays)
                else:
                    # The targets in ``Card`` order, compared as plain tuples (a ``Card`` compares in Python).
                    cards = {(x.card.psychic, x.card.n): x.card for x in self.tables[1 - seat]}
                    actions.extend(
                        [self.x.target_play(number, cards[k]) for k in sorted(cards)] if cards else plays
                    )
            got = keep(owns.varied, key, tuple(actions))
        return got

    def legal(self) -> Sequence[Action]:
        """The legal actions: in a turn the ghost plays, the psychic plays, then the end of the turn; after a lost
        round none, each ghost value, a secret card (a person's), each psychic card face down; a person's draws
        and round 10's secret cards as every way they may be."""
        phase = self.phase
        if phase is PLAY:
            seat = self.mover
            need = self.need[1 - seat]
            if not need and not self.hidden[seat]:  # the common case: any card, or the end of the turn
                code = self.hands[seat]
                if self.blind[seat] and code and seat not in self.physical:
                    return (BLIND, *self.psychic_plays(), END) if self.owned[seat] else (BLIND, END)
                # with owned psychic cards, made at each call: remembering them per owned set and spread costs
                # more than making them
                if self.owned[seat]:
                    fixed_end = self.owns[seat].fixed_end  # when the psychic plays depend on nothing
                    if fixed_end is None:
                        return (*SPREAD_PLAYS[SPREAD[code]], *self.psychic_plays(), END)
                    return SPREAD_PLAYS[SPREAD[code]] + fixed_end
                return SPREAD_PLAYS_END[SPREAD[code]]
            actions: list[Action] = []
            if self.may_play(need):
                actions.extend(self.ghost_plays())
                if self.owned[seat]:
                    actions.extend(self.psychic_plays())
            if self.turn_plays == 0 or not need or self.turn_plays >= need:
                actions.append(END)
            return actions
        if phase is FACEDOWN:
            seat = self.loser
            code = self.hands[seat]
            if seat in self.config.automa:  # its pile is unseen: none, its top card, or an owned psychic card
                return (SKIP, *((BANK,) if code else ()), *self.owns[seat].downs)
            if seat not in self.physical:
                if self.owned[seat]:
                    return SPREAD_DOWNS[SPREAD[code]] + self.owns[seat].downs
                return SPREAD_DOWNS[SPREAD[code]]
            downs: list[Action] = [SKIP]
            if self.hand_size(seat) > 0:
                if self.hidden[seat]:
                    downs.extend(GHOST_DOWN[v] for v in secret.free_values(self._secret_side(seat)))
                else:
                    downs.extend(HANDS[code].downs[1:])
                downs.append(Down(None, hidden=True))
            downs.extend(self.owns[seat].downs)
            return downs
        if phase is DRAW:
            seat = self.drawing_seat()
            if self.turning is not None:
                count = self.turning_count()
                return [Draw(combo) for combo in secret.submultisets(self.unseen_cards(seat), count)]
            return [Draw(combo) for combo in secret.submultisets(self.decks[seat], self.pending[seat])]
        if phase is REVEAL:
            return [Reveal(combo) for combo in secret.options(self._secret_side(self.to_move()))]
        return ()

    # -- playing legal actions, unchecked (the search) -------------------------------------------------------

    def apply(self, action: Action) -> Engine:
        """Play ``action``, legal now (nothing is checked, nothing recorded); the engine itself (the search's
        ``apply``: ``ai.rip.bots.hard.SearchGame``)."""
        if action is END:
            self.end_turn()
            return self
        value = PLAY_VALUE.get(id(action))  # one of the shared one-card plays of a ghost
        if value is not None and not self.blind[self.mover]:
            self.play_ghost(self.mover, value)
        elif action.__class__ is Turn:
            assert isinstance(action, Turn)
            for item in action.items:
                self._play(item)
            if action.end:
                self.end_turn()
        elif action.__class__ is Down and not action.hidden:
            assert isinstance(action, Down)
            self.put_down(action.card)
        else:
            self.step(action)
        return self

    def _play(self, item: Item) -> None:
        """One card played by the mover: a psychic card, a ghost from hand, or card 6's random ghost."""
        seat = self.mover
        if item.__class__ is Psychic:
            assert isinstance(item, Psychic)
            self._play_psychic(seat, item)
            self.turn_plays += 1
            return
        if item.__class__ is Blind:
            if self.config.automa_physical and seat in self.config.automa:
                self.turn_over(TURN_PILE, seat)
                return
            value = seeded.choice(self._rng(), HANDS[self.hands[seat]].cards)
        else:
            assert isinstance(item, Ghost)
            value = item.value
        self.play_ghost(seat, value)
        if self.blind[seat]:
            self.blind = put(self.blind, seat, seat in self.config.automa)

    def _rng(self) -> random.Random:
        """The generator of the next random draw of the game (card 6, card 2), from ``(seed, nonce)``."""
        rng = step_rng(self.seed, self.nonce)
        self.nonce += 1
        return rng

    # -- the rules, played ------------------------------------------------------------------------------------

    def play_ghost(self, seat: int, value: int) -> None:
        """A ghost of ``value`` from ``seat``'s hand into play, one card more this turn (the play-out plays its
        ghosts so, unchecked: not under card 6)."""
        unit = UNIT[value]
        if self.hidden[seat]:  # what the tool knows of a person's secret face-down cards (``ai.rip.secret``)
            after = secret.taken(self._secret_side(seat), value)
            self.secrets = put(self.secrets, seat, after.secrets)
        h, t, g, s = self.hands, self.tables, self.gsum, self.sig
        if seat == 0:
            self.hands = (h[0] - unit, h[1])
            self.tables = (t[0] + _GHOST_ALONE[value], t[1])
            g = (g[0] + value, g[1])
            self.sig = (s[0] + unit, s[1])
        else:
            self.hands = (h[0], h[1] - unit)
            self.tables = (t[0], t[1] + _GHOST_ALONE[value])
            g = (g[0], g[1] + value)
            self.sig = (s[0], s[1] + unit)
        self.gsum = g
        # With no card in play that changes others, the totals are the sums; with one, a ghost adds what a card of
        # its value is worth on its side (``_worth``), once the totals are known (``totals``).
        active = self.nact
        if active[0] or active[1]:
            totals = self._totals
            if totals is not None:
                worth = self._worth[seat][value]  # type: ignore[index]
                self._totals = (totals[0] + worth, totals[1]) if seat == 0 else (totals[0], totals[1] + worth)
        else:
            self._totals = g
        self.turn_plays += 1

    def play_ghosts(self, seat: int, values: tuple[int, ...]) -> None:
        """``play_ghost`` of each of ``values`` in turn, in one step: the play-out plays a whole set so (``seat``
        is not a person's: no secret face-down card among the hand)."""
        units = 0
        for value in values:
            units += UNIT[value]
        h, t, g, s = self.hands, self.tables, self.gsum, self.sig
        placed = tuple([GHOST_IN_PLAY[value] for value in values])
        if seat == 0:
            self.hands = (h[0] - units, h[1])
            self.tables = (t[0] + placed, t[1])
            g = (g[0] + sum(values), g[1])
            self.sig = (s[0] + units, s[1])
        else:
            self.hands = (h[0], h[1] - units)
            self.tables = (t[0], t[1] + placed)
            g = (g[0], g[1] + sum(values))
            self.sig = (s[0], s[1] + units)
        self.gsum = g
        active = self.nact
        if active[0] or active[1]:  # as ``play_ghost``
            totals = self._totals
            if totals is not None:
                side = self._worth[seat]  # type: ignore[index]
                worth = 0
                for value in values:
                    worth += side[value]
                self._totals = (totals[0] + worth, totals[1]) if seat == 0 else (totals[0], totals[1] + worth)
        else:
            self._totals = g
        self.turn_plays += len(values)

    def _play_psychic(self, seat: int, item: Psychic) -> None:
        """An owned psychic card into play, and what it does at once: a fetch, a discard, card 6 on the next
        card."""
        number = item.number
        x = self.x
        info = x.info[number]
        kinds = info.kinds
        arg = item.arg
        if arg is None and "fetch" in kinds and seat in self.config.automa and self.decks[seat]:
            if self.config.automa_physical:  # a real deck: the table turns its top card over, then types it
                self.turn_over(TURN_DECK, seat)
            else:
                arg = G(self.decks[seat][0])  # the automa's fetch: the top card of its deck
        owns = self.owns[seat].minus(number)
        placed, bit = x.psychic_in_play(number, arg.n if arg is not None and info.named else 0)
        table = self.tables[seat] + (placed,)
        npsy, sig, gsum, nact = self.npsy[seat] + 1, self.sig[seat] + bit, self.gsum[seat], self.nact[seat]
        if info.min_plays > self.need[seat]:
            self.need = put(self.need, seat, info.min_plays)
        if "claim" in kinds:
            self.claims |= 1 << seat
        if info.active:
            nact += 1
        else:
            gsum += x.plain[number]
        if arg is not None and "fetch" in kinds:
            deck = list(self.decks[seat])
            deck.remove(arg.n)
            if seat in self.physical:
                deck.sort()
            else:
                seeded.shuffle(self._rng(), deck)
            self.decks = put(self.decks, seat, tuple(deck))
            self.deckcodes = put(self.deckcodes, seat, self.deckcodes[seat] - UNIT[arg.n])
            table = (*table, GHOST_IN_PLAY[arg.n])
            gsum += arg.n
            sig += UNIT[arg.n]
        # The seat's entries of the pairs, replaced together.
        o, c, t, p, s, g, a = self.owns, self.owned, self.tables, self.npsy, self.sig, self.gsum, self.nact
        if seat == 0:
            self.owns, self.owned, self.tables = (owns, o[1]), (owns.cards, c[1]), (table, t[1])
            self.npsy, self.sig, self.gsum, self.nact = (npsy, p[1]), (sig, s[1]), (gsum, g[1]), (nact, a[1])
        else:
            self.owns, self.owned, self.tables = (o[0], owns), (c[0], owns.cards), (t[0], table)
            self.npsy, self.sig, self.gsum, self.nact = (p[0], npsy), (s[0], sig), (g[0], gsum), (a[0], nact)
        self._totals = None
        if arg is not None and "discard" in kinds:
            self._discard(seat, arg)
        if "random_next" in kinds:
            self.blind = put(self.blind, 1 - seat, True)

    def _discard(self, seat: int, target: Card) -> None:
        """Card 11: ``target`` leaves the opponent's table, and its effect with it."""
        other = 1 - seat
        table = self.tables[other]
        i = [x.card for x in table].index(target)
        self.tables = put(self.tables, other, table[:i] + table[i + 1 :])
        self.discarded = put(self.discarded, other, (*self.discarded[other], target))
        if not target.psychic:  # a ghost: its value leaves the opponent's sum and signature
            self.gsum = put(self.gsum, other, self.gsum[other] - target.n)
            self.sig = put(self.sig, other, self.sig[other] - UNIT[target.n])
            self._totals = None
            return
        if "random_next" in self.x.info[target.n].kinds:
            self.blind = put(self.blind, seat, seat in self.config.automa)
        self._count_tables()  # a psychic card's effects leave with it: the tables counted afresh

    def end_turn(self) -> None:
        """Ahead, the other family plays; not ahead, the mover leaves the mansion and loses the round."""
        seat = self.mover
        t = self._totals or self.totals()
        mine, theirs = t[seat], t[1 - seat]
        if self.recording:
            plays = self.turn_plays
            if plays:
                self.tally += (
                    FIGHTS[seat][0][self.tokens[self.round - 1]][self.round] + plays * UNITS[seat][SPENT]
                )
            elif (
                HANDS[self.hands[seat]].size > self.hidden[seat] if self.hidden[seat] else self.hands[seat]
            ) or self.owns[seat].playable:  # conceded holding a card it could play
                self.tally += FIGHTS[seat][1][self.tokens[self.round - 1]][self.round]
        if mine > theirs:
            self.mover = 1 - seat
            self.turn_plays = 0
            if self.events is not None:
                self._emit(
                    "turn",
                    tr(
                        "{name} ends the turn ahead, {mine} to {theirs}; {other} to play.",
                        name=_said(seat),
                        mine=mine,
                        theirs=theirs,
                        other=_said(1 - seat),
                    ),
                    player=_name(seat).lower(),
                    totals=list(t),
                )
            return
        if self.events is not None:
            if self.turn_plays == 0:
                text = tr(
                    "{name} passes at {mine} to {theirs} and leaves the mansion.",
                    name=_said(seat),
                    mine=mine,
                    theirs=theirs,
                )
            else:
                text = tr(
                    "{name} stops at {mine} to {theirs} and leaves the mansion.",
                    name=_said(seat),
                    mine=mine,
                    theirs=theirs,
                )
            self._emit(
                "leave",
                text,
                player=_name(seat).lower(),
                totals=list(t),
            )
        self._end_round(seat)

    def _end_round(self, loser: int) -> None:
        """The winner takes the token (an instant win ends the game), the loser (or card 1's owner) the round's
        psychic card; both draw 2 (a person's draws are typed); the loser may put a card face down; the next
        round."""
        say = self.events is not None
        winner = 1 - loser
        rnd = self.round
        token = self.tokens[rnd - 1]
        before = self.taken
        if winner == 0:
            taken = before[0] + (token,)
            self.taken = (taken, before[1])
        else:
            taken = before[1] + (token,)
            self.taken = (before[0], taken)
        if self.recording:
            self.won = (*self.won, winner)
        count = taken.count(token)
        if say:
            self._emit(
                "round",
                trn(
                    "{name} wins round {round} and takes the castle ({n} castle).",
                    "{name} wins round {round} and takes the castle ({n} castles).",
                    count,
                    name=_said(winner),
                    round=rnd,
                )
                if token == CASTLE
                else trn(
                    "{name} wins round {round} and takes the manor ({n} manor).",
                    "{name} wins round {round} and takes the manor ({n} manors).",
                    count,
                    name=_said(winner),
                    round=rnd,
                ),
                round=rnd,
                winner=_name(winner).lower(),
                token=TOKEN_NAMES[token],
                count=count,
            )
        if count >= INSTANT_WIN[token]:
            taken_now = self.taken
            self._finish(
                (winner,),
                f"{_name(winner)} holds {count} {TOKEN_NAMES[token]}s",
                lambda: said_outcome(taken_now),
            )
            return
        number = self.line[rnd - 1]
        claimer = loser
        if self.claims:  # card 1 in play: its owner takes the round's card (Blue's if both)
            claimer = 1 if self.claims & 2 else 0
        if say:
            text = tr(self.cards[number].text)
            self._emit(
                "psychic",
                tr(
                    "{name} takes psychic card {number} (card 1): {text}",
                    name=_said(claimer),
                    number=number,
                    text=text,
                )
                if claimer != loser
                else tr(
                    "{name} takes psychic card {number}: {text}",
                    name=_said(claimer),
                    number=number,
                    text=text,
                ),
                player=_name(claimer).lower(),
                card=number,
            )
        owns = self.owns[claimer].plus(number)
        was, had = self.owns, self.owned
        self.owns = (owns, was[1]) if claimer == 0 else (was[0], owns)
        self.owned = (owns.cards, had[1]) if claimer == 0 else (had[0], owns.cards)
        if self.recording:
            played, tables = self.played, self.tables
            self.played = (played[0] + (tables[0],), played[1] + (tables[1],))
        # Each virtual deck's top cards go to the hand (``units``: their code, 0 for no draw); a person's draws
        # from their own deck are typed.
        pending, physical = self.pending, self.physical
        d0, d1 = self.decks
        if not (say or physical):  # both decks virtual, nothing said: the codes of the top cards
            a = (UNIT[d0[0]] + UNIT[d0[1]] if len(d0) > 1 else UNIT[d0[0]]) if d0 else 0
            b = (UNIT[d1[0]] + UNIT[d1[1]] if len(d1) > 1 else UNIT[d1[0]]) if d1 else 0
        else:
            a, b = self._draw_units(0, d0), self._draw_units(1, d1)
            for seat in physical:
                if self.decks[seat]:
                    pending = put(pending, seat, min(DRAW_PER_ROUND, len(self.decks[seat])))
        if a or b:
            hands, decks, codes = self.hands, self.decks, self.deckcodes
            self.hands = (hands[0] + a, hands[1] + b)
            self.deckcodes = (codes[0] - a, codes[1] - b)
            self.decks = (
                decks[0][DRAW_PER_ROUND:] if a else decks[0],
                decks[1][DRAW_PER_ROUND:] if b else decks[1],
            )
        self.pending = pending
        self.tables = ((), ())
        self.npsy = self.nact = self.gsum = self.sig = self.need = self._totals = (0, 0)
        self.claims = 0
        if self.revealed < LINE_LENGTH:
            self.revealed += 1
            if say and self.config.tutorial and rnd < ROUNDS:
                n = self.line[self.revealed - 1]
                self._emit(
                    "reveal_line",
                    tr("The psychic card of round {round} is card {number}.", round=self.revealed, number=n),
                    card=n,
                    round=self.revealed,
                )
        automa = self.config.automa
        self.blind = (0 in automa, 1 in automa) if automa else _SEEING  # as ``automa_blind``
        self.turn_plays = 0
        self.loser = loser
        self.first = self.mover = winner
        if pending[0] or pending[1]:
            self.phase = DRAW
        elif self.hidden[loser]:
            self._after_draws()
        elif self.hands[loser] or self.owned[loser]:
            self.phase = FACEDOWN
        else:
            self._next_round()

    def _draw_units(self, seat: int, deck: tuple[int, ...]) -> int:
        """The code of the cards ``seat`` draws from its virtual ``deck`` at a round's end (0: none, or a person's
        physical deck, whose draws are typed), said when asked."""
        if not deck or seat in self.physical:
            return 0
        drawn = deck[:DRAW_PER_ROUND]
        if self.events is not None:
            n = len(drawn)
            self._emit(
                "draw",
                trn("{name} draws {n} card.", "{name} draws {n} cards.", n, name=_said(seat)),
                player=_name(seat).lower(),
                count=n,
            )
            self._emit(
                "drew",
                tr("You draw {cards}.", cards=" ".join(map(str, drawn))),
                private_to=seat,
                player=_name(seat).lower(),
                cards=list(drawn),
            )
        return sum([UNIT[v] for v in drawn])

    def _after_draws(self) -> None:
        """What follows a round's draws: wait for a person's draw, start round 1 (the first draws), let the
        round's loser put a card face down, or go on to the next round."""
        if self.pending[0] or self.pending[1]:
            self.phase = DRAW
            return
        loser = self.loser
        if self.round == 1 and loser < 0:
            self.phase = PLAY
        elif self.hand_size(loser) > 0 or self.owned[loser]:
            self.phase = FACEDOWN
        else:
            self._next_round()

    def put_down(self, card: Card | None) -> None:
        """The round's loser puts ``card`` face down by the round-10 card (None: none); the next round."""
        seat = self.loser
        if self.recording:
            self.tally += UNITS[seat][UNBANKED if card is None else BANKED]
        if card is not None:
            if card.psychic:
                owns = self.owns[seat].minus(card.n)
                self.owns = put(self.owns, seat, owns)
                self.owned = put(self.owned, seat, owns.cards)
            else:
                if self.hidden[seat]:
                    after = secret.taken(self._secret_side(seat), card.n)
                    self.secrets = put(self.secrets, seat, after.secrets)
                h, unit = self.hands, UNIT[card.n]
                self.hands = (h[0] - unit, h[1]) if seat == 0 else (h[0], h[1] - unit)
            d = self.downs
            self.downs = (d[0] + (card,), d[1]) if seat == 0 else (d[0], d[1] + (card,))
        self._next_round()

    @property
    def record(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per seat, what the table has seen it do (``ai.rip.record``)."""
        return records(self.tally)

    def _next_round(self) -> None:
        self.turn_plays = 0
        if self.round >= ROUNDS:
            self.round = ROUNDS + 1
            self.phase = REVEAL
            if not (self.hidden[0] or self.hidden[1]):
                self._to_round10()
            return
        self.round += 1
        self.phase = PLAY
        self.mover = self.first
        if self.events is None:
            return
        rnd = self.round
        number = self.line[rnd - 1]
        revealed = rnd <= self.revealed
        kind = self.tokens[rnd - 1]
        token = TOKEN_NAMES[kind]
        on = tr("on psychic card {number}", number=number) if revealed else tr("on a face-down psychic card")
        start = (
            tr(
                "Round {round}: mansion {round}, the castle {on}; {name} starts.",
                round=rnd,
                on=on,
                name=_said(self.first),
            )
            if kind == CASTLE
            else tr(
                "Round {round}: mansion {round}, the manor {on}; {name} starts.",
                round=rnd,
                on=on,
                name=_said(self.first),
            )
        )
        self._emit(
            "round_start",
            start,
            round=rnd,
            token=token,
            card=number if revealed else None,
            first=_name(self.first).lower(),
        )

    def _to_round10(self, after: int = -1) -> None:
        """Round 10, once a real automa's face-down ghost cards (from seat ``after`` + 1 on) are turned over and
        typed: the table is asked for them first."""
        if self.config.automa_physical:
            for seat in self.config.automa:
                if seat > after and any(not c.psychic for c in self.downs[seat]):
                    self.turn_over(TURN_BANKED, seat)
                    self._emit_turn()
                    return
        self._round10()

    def _round10(self) -> None:
        """Both families turn up their face-down cards; the higher total takes the last token; who wins."""
        downs, decks = self.downs, self.decks
        if self.events is not None:
            laid = round10_tables(downs, self.cards, decks)
            t = totals(laid, self.cards, round10=True)
            cards = counted(downs, laid, self.cards)
            self._emit(
                "round10",
                round10_text(t, cards),
                totals=list(t),
                green=" ".join(str(c) for c in downs[0]) or "nothing",
                blue=" ".join(str(c) for c in downs[1]) or "nothing",
                cards=cards_json(cards),
            )
        elif any(c.psychic for c in downs[0]) or any(c.psychic for c in downs[1]):
            t = self.x.round10_of(downs, decks)
        else:
            t = (sum(c.n for c in downs[0]), sum(c.n for c in downs[1]))
        self.round10 = t
        before = self.taken
        token10 = self.tokens[ROUNDS]
        winner = -1 if t[0] == t[1] else 0 if t[0] > t[1] else 1
        if winner >= 0:
            self.taken = put(self.taken, winner, (*self.taken[winner], token10))
        self.won = (*self.won, winner)
        winners, reason = outcome(before, token10, t)
        self._finish(winners, reason, lambda: said_outcome(before, token10, t))

    def _finish(self, winners: tuple[int, ...], reason: str, said: Callable[[], str]) -> None:
        """The game is over: ``reason`` in English (the state's, ``--json``'s), ``said`` it at the table."""
        self.phase = OVER
        self.over = True
        self.winners = winners
        self.reason = reason
        if self.events is None:
            return
        if len(winners) == 2:
            text = tr("A draw: {reason}.", reason=said())
        else:
            text = tr("{name} wins: {reason}.", name=listing(_said(seat) for seat in winners), reason=said())
        counts = {seat: (self.taken[seat].count(MANOR), self.taken[seat].count(CASTLE)) for seat in (0, 1)}
        round10 = self.round10
        lines = [text]
        for seat, (manors, castles) in counts.items():
            tokens = tr(
                "{manors}, {castles}",
                manors=trn("{n} manor", "{n} manors", manors),
                castles=trn("{n} castle", "{n} castles", castles),
            )
            if round10 is None:
                lines.append(tr("{name}: {tokens}.", name=_said(seat), tokens=tokens))
            else:
                lines.append(
                    tr(
                        "{name}: {tokens}; round 10: {total}.",
                        name=_said(seat),
                        tokens=tokens,
                        total=round10[seat],
                    )
                )
        self._emit(
            "end",
            "\n".join(lines),
            winner="draw" if len(winners) == 2 else _name(winners[0]).lower(),
            winners=[_name(seat).lower() for seat in winners],
            reason=reason,
            tokens={_name(seat).lower(): "".join(self.taken[seat]) for seat in (0, 1)},
            scores={_name(seat).lower(): len(self.taken[seat]) for seat in (0, 1)},
            breakdown={
                _name(seat).lower(): {
                    "manors": manors,
                    "castles": castles,
                    "round10": None if round10 is None else round10[seat],
                }
                for seat, (manors, castles) in counts.items()
            },
        )

    # -- an action typed or chosen, checked and recorded -------------------------------------------------------

    def step(self, action: Action, events: list[Event] | None = None) -> None:
        """Play ``action``; ``IllegalError`` with a one-line reason if it cannot be played now (the engine may
        then be half changed: play on a copy). Appends what happened to ``events`` when given."""
        if events is None:
            phase = self.phase
            if phase is PLAY:  # the commonest actions, legal at one look
                seat = self.mover
                if action is END:
                    if not self.need[1 - seat] or self.may_end_turn():  # without card 14, always
                        self.end_turn()
                        return
                else:
                    value = _play_value(id(action))
                    if (
                        value is not None
                        and not (self.need[1 - seat] or self.blind[seat] or self.hidden[seat])
                        and (self.hands[seat] // UNIT[value]) % 8
                    ):
                        self.play_ghost(seat, value)
                        return
                if self._quick(action):
                    return
            elif phase is FACEDOWN and action.__class__ is Down and not action.hidden:  # a card held, or none
                seat = self.loser
                card = action.card
                if card is None or (
                    card.n in self.owned[seat]
                    if card.psychic
                    else not self.hidden[seat] and (self.hands[seat] // UNIT[card.n]) % 8
                ):
                    self.put_down(card)
                    return
        self.events = events
        try:
            self._step(action)
        finally:
            self.events = None

    def _quick(self, action: Action) -> bool:
        """Play ``action`` if it is one of the mover's psychic plays (as ``legal`` lists them) and may be played
        now (nothing recorded). False, and nothing changed, for any other action: ``_step`` checks it and says
        why. (``step`` plays a ghost from hand, the end of a turn and a card face down at one look itself.)"""
        seat = self.mover
        if self.owned[seat] and action.__class__ is Turn:
            for play in self.psychic_plays():
                if play is action:
                    need = self.need[1 - seat]
                    if need and not self.may_play(need):  # card 14 only
                        return False
                    self._play_psychic(seat, action.items[0])  # type: ignore[arg-type]
                    self.turn_plays += 1
                    return True
        return False

    def _emit(self, kind: str, text: str, private_to: int | None = None, **data: object) -> None:
        if self.events is not None:
            self.events.append(Event(kind, text, data, private_to))

    def _ghost_text(self, seat: int, value: int, how: str) -> str:
        """The event of ``seat`` playing a ghost ``value``: ``how`` is ``random`` (card 6), ``pile`` (the top card
        of a real automa's hand pile), the number of the psychic card that took it from the top of its deck, or
        empty."""
        name, totals = _said(seat), self._totals_text()
        if how == "random":
            return tr(
                "{name} plays a {value} (taken at random: card 6): {totals}.",
                name=name,
                value=value,
                totals=totals,
            )
        if how == "pile":
            return tr(
                "{name} plays a {value} (the top card of its hand pile): {totals}.",
                name=name,
                value=value,
                totals=totals,
            )
        if how:
            return tr(
                "{name} plays a {value} (the top card of its deck, by psychic card {number}): {totals}.",
                name=name,
                value=value,
                number=how,
                totals=totals,
            )
        return tr("{name} plays a {value}: {totals}.", name=name, value=value, totals=totals)

    def _totals_text(self) -> str:
        t = self.totals()
        return tr("Green {green} · Blue {blue}", green=t[0], blue=t[1])

    def _step(self, action: Action) -> None:
        phase = self.phase
        if phase is OVER:
            raise IllegalError(tr("the game is over"))
        if isinstance(action, Turn):
            if phase is not PLAY:
                raise IllegalError(self._not_now())
            if not action.items and not action.end:
                raise IllegalError(tr("nothing to play"))
            if len(action.items) > 1:
                self._check_hand(action.items)
            for i, item in enumerate(action.items):
                self._play_checked(item)
                if self.turning is not None and (action.end or i < len(action.items) - 1):
                    raise IllegalError(
                        tr(
                            "{of}'s card is turned over and typed first: play it alone and keep the turn (blind more)",
                            of=_said_of(self.mover),
                        )
                    )
            if action.end:
                if not self.may_end_turn():
                    need = self.need[1 - self.mover]
                    raise IllegalError(
                        tr(
                            "card 14: {name} must play 0 or at least {need} cards this turn",
                            name=_said(self.mover),
                            need=need,
                        )
                    )
                self.end_turn()
        elif isinstance(action, Draw):
            if phase is not DRAW:
                raise IllegalError(tr("no card is being drawn now"))
            if self.turning is not None:
                self._turned_typed(action.values)
            else:
                self._draw_typed(action.values)
        elif isinstance(action, Down):
            if phase is not FACEDOWN:
                raise IllegalError(tr("a card goes face down only after losing a round"))
            self._down_checked(action)
        else:
            if phase is not REVEAL:
                raise IllegalError(tr("face-down cards are revealed in round 10"))
            self._reveal(action.values)

    def _not_now(self) -> str:
        phase = self.phase
        if phase is DRAW and self.turning is not None:
            return tr("not now: type the {cards} turned over", cards=self.turning_words())
        if phase is DRAW:
            return tr("not now: type the cards {name} drew", name=_said(self.drawing_seat()))
        if phase is FACEDOWN:
            return tr("not now: {name} may put a card face down (or none)", name=_said(self.loser))
        if phase is REVEAL:
            return tr("not now: name the secret face-down cards for round 10")
        return tr("not now")

    def _check_hand(self, items: tuple[Item, ...]) -> None:
        """Refuse, before any card of it is played, a turn whose ghost cards the mover's hand cannot hold, saying
        why in one line (``ai.rip.secret.refusal``: a person's own cards named, a bot's only counted)."""
        seat = self.mover
        wanted = Counter(i.value for i in items if isinstance(i, Ghost))
        n = sum(wanted.values()) + sum(isinstance(i, Blind) for i in items)
        side = self._secret_side(seat)
        why = secret.refusal(_said(seat), side, wanted, n, show=not self.virtual(seat))
        if why:
            short = (
                []
                if self.virtual(seat)
                else [v for v in sorted(wanted) if not secret.fits(side, Counter({v: wanted[v]}))]
            )
            raise IllegalError(
                tr("{why}; {copies}", why=why, copies=self.copies(seat, short[0])) if short else why
            )

    def _play_checked(self, item: Item) -> None:
        seat = self.mover
        need = self.need[1 - seat]
        if not self.may_play(need):
            raise IllegalError(
                tr(
                    "card 14: {name} plays 0 or at least {need} cards a turn and has too few",
                    name=_said(seat),
                    need=need,
                )
            )
        if isinstance(item, Psychic):
            self._check_psychic(seat, item)
            self._play_psychic(seat, item)
            self.turn_plays += 1
            self._said_psychic(seat, item)
            if self.turning is not None:  # card 2 of a real automa: the top card of its deck is turned over
                self._emit_turn()
            return
        if self.hand_size(seat) <= 0:
            raise IllegalError(tr("{name} has no ghost card in hand", name=_said(seat)))
        blind = self.blind[seat]
        virtual = self.virtual(seat)
        if isinstance(item, Blind):
            if not blind or not virtual:
                raise IllegalError(
                    tr("a random card is played only under card 6, from a hand the tool holds")
                )
            if self.real_automa(seat):  # the table turns the top card of its hand pile over and types it
                self.turn_over(TURN_PILE, seat)
                self._emit_turn()
                return
            value = seeded.choice(self._rng(), HANDS[self.hands[seat]].cards)
            how = "pile" if seat in self.config.automa else "random"
        else:
            value = item.value
            if blind and virtual:  # said before the hand is read: the refusal never tells what it holds
                raise IllegalError(tr("card 6: this card is taken at random (blind)"))
            held = HANDS[self.hands[seat]].cards
            if value not in held or (
                self.hidden[seat] and not secret.fits(self._secret_side(seat), Counter({value: 1}))
            ):
                raise IllegalError(self._not_held(seat, value))
            how = "random" if blind else ""
        self.play_ghost(seat, value)
        if blind:
            self.blind = put(self.blind, seat, seat in self.config.automa)
        if self.events is not None:
            self._emit(
                "play",
                self._ghost_text(seat, value, how),
                player=_name(seat).lower(),
                card=str(value),
                totals=list(self.totals()),
            )

    def _check_psychic(self, seat: int, item: Psychic) -> None:
        number = item.number
        if number not in self.cards:
            raise IllegalError(tr("there is no psychic card {number} in this game", number=number))
        if number not in self.owned[seat]:
            raise IllegalError(self._not_owned(seat, number))
        if not self.x.info[number].rounds:
            raise IllegalError(
                tr("psychic card {number} is played only in round 10 (put it face down)", number=number)
            )
        if Turn((item,), end=False) not in self.psychic_plays():
            raise IllegalError(self._arg_problem(seat, item))

    def _said_psychic(self, seat: int, item: Psychic) -> None:
        """The events of psychic card ``item`` just played (and card 3's look at the opponent's hand)."""
        if self.events is None:
            return
        number = item.number
        card = self.cards[number]
        kinds = self.x.info[number].kinds
        extra: list[str] = []
        if "fetch" in kinds and item.arg is not None:
            extra.append(
                tr("takes a {value} from the deck into play and shuffles the deck", value=item.arg.n)
            )
        elif "fetch" in kinds and seat in self.config.automa and self.tables[seat][-1].card != P(number):
            extra.append(
                tr("turns the top card of its deck into play: a {value}", value=self.tables[seat][-1].card.n)
            )
        if "discard" in kinds and item.arg is not None:
            gone = item.arg
            what = tr("psychic card {number}", number=gone.n) if gone.psychic else str(gone.n)
            extra = [tr("discarding {of}'s {card}", of=_said_of(1 - seat), card=what)]
        if item.arg is not None and self.x.info[number].named:
            extra.append(tr("naming {value}", value=item.arg.n))
        text = tr(card.text).rstrip(".")
        if extra:
            text += " — " + ", ".join(extra)
        self._emit(
            "play",
            tr(
                "{name} plays psychic card {number} — {text}: {totals}.",
                name=_said(seat),
                number=number,
                text=text,
                totals=self._totals_text(),
            ),
            player=_name(seat).lower(),
            card=f"p{number}",
            arg=None if item.arg is None else str(item.arg),
            totals=list(self.totals()),
        )
        if "peek" in kinds:
            other = 1 - seat
            seen = secret.seen_hand(self._secret_side(other))
            # none while a person's secret face-down cards are among it (``ai.rip.observation``); a real automa's
            # pile the person looks at on the table (the tool's values are stand-ins)
            if seen is not None and not self.real_automa(other):
                hand = " ".join(str(v) for v in seen) or tr("nothing")
                self._emit(
                    "peek",
                    tr("{of}'s hand: {hand}.", of=_said_of(other), hand=hand),
                    private_to=seat,
                    hand=list(seen),
                )

    def _arg_problem(self, seat: int, item: Psychic) -> str:
        card = self.cards[item.number]
        n = item.number
        if card.has("fetch"):
            if item.arg is None or item.arg.psychic:
                return tr("psychic card {n}: name the ghost value to take from the deck, e.g. p{n} 5", n=n)
            return tr(
                "psychic card {n}: {of}'s deck has no {value} left", n=n, of=_said_of(seat), value=item.arg.n
            )
        if is_named(card):
            return tr("psychic card {n}: name a ghost value 1 to 6, e.g. p{n} 4", n=n)
        if card.has("discard"):
            if item.arg is None:
                return tr(
                    "psychic card {n}: name the opponent's card in play to discard, e.g. p{n} 3 or p{n} p8",
                    n=n,
                )
            return tr(
                "psychic card {n}: {name} has no {card} in play this round",
                n=n,
                name=_said(1 - seat),
                card=item.arg,
            )
        return tr("psychic card {n} takes nothing after it", n=n)

    def _not_held(self, seat: int, value: int) -> str:
        why = secret.not_held(_said(seat), self._secret_side(seat), value, show=not self.virtual(seat))
        return tr("{why}; {copies}", why=why, copies=self.copies(seat, value)) if value in VALUES else why

    def copies(self, seat: int, value: int) -> str:
        """Where ``seat``'s ghost cards of ``value`` are, from what the table has seen: in play, played in earlier
        rounds, discarded; for a person's own deck (``physical``) also the hand, the cards face down and the deck;
        for a deck the tool holds, the rest as unseen (its hand and deck are secret)."""
        total = DECK.count(value)
        places: list[tuple[int, str]] = [
            (sum(x.card == G(value) for x in self.tables[seat]), tr("in play this round")),
            (sum(x.card == G(value) for t in self.played[seat] for x in t), tr("played in earlier rounds")),
            (self.discarded[seat].count(G(value)), tr("discarded by card 11")),
        ]
        if self.virtual(seat):
            seen = sum(n for n, _ in places)
            places.append((total - seen, tr("unseen (hand, deck or face down)")))
        else:
            held = HANDS[self.hands[seat]].cards.count(value)
            places += [
                (held, tr("in hand or face down (secret)") if self.hidden[seat] else tr("in hand")),
                (self.downs[seat].count(G(value)), tr("face down by the round-10 card")),
                (self.decks[seat].count(value), tr("in the deck")),
            ]
        if total == 1:
            where = next(where for n, where in places if n)
            return tr("{of}'s only {value}: {where}", of=_said_of(seat), value=value, where=where)
        said = ", ".join(
            tr("all {where}", where=where) if n == total else tr("{n} {where}", n=n, where=where)
            for n, where in places
            if n
        )
        return tr(
            "{of}'s {count} {value}s: {places}",
            of=_said_of(seat),
            count=tr(_COUNT_WORDS[total]),
            value=value,
            places=said,
        )

    def _not_owned(self, seat: int, number: int) -> str:
        """Where psychic card ``number`` is, when ``seat`` cannot play it or lay it face down now."""
        line = [
            (k + 1, n)
            for k, n in enumerate(self.line)
            if k >= self.round - 1 and (not self.config.tutorial or k < self.revealed)
        ]
        return secret.not_owned(
            _said(seat), _said(1 - seat), self.side(seat), self.side(1 - seat), number, line
        )

    # -- a real automa's cards, turned over by the table (``RipConfig.automa_physical``) ------------------------
    #
    # The tool deals the automa's cards from the seed as for a virtual one, but those values only stand in for the
    # real ones: nothing it shows depends on them. A card typed as turned over is swapped in among the automa's
    # unseen cards (its hand pile, deck and face-down ghosts) to where the table took it from, so that every count
    # stays as the table sees it; any value those cards may hold is accepted.

    def turn_over(self, what: int, seat: int) -> None:
        """Ask the table to turn over ``seat``'s cards (``TURN_PILE``, ``TURN_DECK``, ``TURN_BANKED``): a chance
        step."""
        self.phase = DRAW
        self.turning = (what, seat)

    def turning_count(self) -> int:
        """How many cards the table turns over now."""
        assert self.turning is not None
        what, seat = self.turning
        return sum(not c.psychic for c in self.downs[seat]) if what == TURN_BANKED else 1

    def turning_words(self) -> str:
        """The cards turned over now, in words: ``top card of Blue's hand pile``..."""
        assert self.turning is not None
        what, seat = self.turning
        if what == TURN_PILE:
            return tr("top card of {of}'s hand pile", of=_said_of(seat))
        if what == TURN_DECK:
            return tr("top card of {of}'s deck", of=_said_of(seat))
        n = self.turning_count()
        return trn(
            "{of}'s {n} face-down ghost card by the round-10 card",
            "{of}'s {n} face-down ghost cards by the round-10 card",
            n,
            of=_said_of(seat),
        )

    def _emit_turn(self) -> None:
        if self.events is None or self.turning is None:
            return
        what, seat = self.turning
        n = self.turning_count()
        if what == TURN_PILE:
            text = tr("{name} plays the top card of its hand pile: turn it over.", name=_said(seat))
        elif what == TURN_DECK:
            card = self.tables[seat][-1].card.n  # the psychic card that fetches, played last
            text = tr(
                "{of}'s psychic card {number} takes the top card of its deck: turn it over.",
                of=_said_of(seat),
                number=card,
            )
        elif n == 1:
            text = tr("Round 10: first turn over {of}'s face-down ghost card.", of=_said_of(seat))
        else:
            text = tr("Round 10: first turn over {of}'s {n} face-down ghost cards.", of=_said_of(seat), n=n)
        self._emit(
            "turn_over",
            text,
            player=_name(seat).lower(),
            pile=("hand", "deck", "round10")[what - 1],
            count=n,
        )

    def _turned_typed(self, values: tuple[int, ...]) -> None:
        """The cards the table turned over, typed: the automa plays its top card, card 2 brings its deck's top card
        into play, round 10 counts its face-down cards."""
        assert self.turning is not None
        what, seat = self.turning
        n = self.turning_count()
        if len(values) != n:
            raise IllegalError(
                trn(
                    "the {cards}: type {n} value, not {typed}",
                    "the {cards}: type {n} values, not {typed}",
                    n,
                    cards=self.turning_words(),
                    typed=len(values),
                )
            )
        left = Counter(self.unseen_cards(seat))
        for v in values:
            if v not in VALUES:
                raise IllegalError(tr("ghost cards have values 1 to 6, not {value}", value=v))
            left[v] -= 1
            if left[v] < 0:
                raise IllegalError(tr("not {value}: {copies}", value=v, copies=self.copies(seat, v)))
        hand = list(HANDS[self.hands[seat]].cards)
        deck = list(self.decks[seat])
        downs = list(self.downs[seat])
        self.turning = None
        if what == TURN_BANKED:
            rest = Counter(self.unseen_cards(seat)) - Counter(values)
            typed = iter(sorted(values))
            downs = [c if c.psychic else G(next(typed)) for c in downs]
            pool = sorted(rest.elements())
            hand, deck = pool[: len(hand)], pool[len(hand) :]
        elif what == TURN_PILE:
            if values[0] not in hand:
                _swap_in(values[0], hand, [deck], downs)
        elif deck[0] != values[0]:
            _swap_in(values[0], deck, [hand], downs)
        self.hands = put(self.hands, seat, code_of(hand))
        self.decks = put(self.decks, seat, tuple(deck))
        self.deckcodes = put(self.deckcodes, seat, code_of(deck))
        self.downs = put(self.downs, seat, tuple(downs))
        if what == TURN_BANKED:
            self._emit(
                "turned",
                trn(
                    "{of}'s face-down ghost card by the round-10 card: {cards}.",
                    "{of}'s face-down ghost cards by the round-10 card: {cards}.",
                    n,
                    of=_said_of(seat),
                    cards=" ".join(map(str, sorted(values))),
                ),
                player=_name(seat).lower(),
                cards=sorted(values),
            )
            self._to_round10(seat)
            return
        self.phase = PLAY
        value = values[0]
        if what == TURN_PILE:
            self.play_ghost(seat, value)
            how = "pile"
        else:
            card = self.tables[seat][-1].card  # the psychic card that fetches, played last
            self.decks = put(self.decks, seat, self.decks[seat][1:])
            self.deckcodes = put(self.deckcodes, seat, self.deckcodes[seat] - UNIT[value])
            self.tables = put(self.tables, seat, (*self.tables[seat], GHOST_IN_PLAY[value]))
            self.gsum = put(self.gsum, seat, self.gsum[seat] + value)
            self.sig = put(self.sig, seat, self.sig[seat] + UNIT[value])
            self._totals = None
            how = str(card.n)
        self._emit(
            "play",
            self._ghost_text(seat, value, how),
            player=_name(seat).lower(),
            card=str(value),
            turned=("hand", "deck")[what - 1],
            totals=list(self.totals()),
        )

    def _draw_typed(self, values: tuple[int, ...]) -> None:
        seat = self.drawing_seat()
        pending = self.pending[seat]
        deck = self.decks[seat]
        if len(values) != pending:
            raise IllegalError(
                trn(
                    "{name} draws {n} card, not {typed}",
                    "{name} draws {n} cards, not {typed}",
                    pending,
                    name=_said(seat),
                    typed=len(values),
                )
            )
        left = Counter(deck)
        for v in values:
            if v not in VALUES:
                raise IllegalError(tr("ghost cards have values 1 to 6, not {value}", value=v))
            left[v] -= 1
            if left[v] < 0:
                had = deck.count(v)
                copies = self.copies(seat, v)
                if had == 0:
                    raise IllegalError(
                        tr(
                            "{of}'s deck has no {value} left; {copies}",
                            of=_said_of(seat),
                            value=v,
                            copies=copies,
                        )
                    )
                if had == DECK.count(
                    v
                ):  # every copy still in the deck: where the others are says nothing more
                    raise IllegalError(
                        trn(
                            "{of}'s deck holds only one {value}",
                            "{of}'s deck holds only {n} {value}s",
                            had,
                            of=_said_of(seat),
                            value=v,
                        )
                    )
                raise IllegalError(
                    trn(
                        "{of}'s deck has only one {value} left; {copies}",
                        "{of}'s deck has only {n} {value}s left; {copies}",
                        had,
                        of=_said_of(seat),
                        value=v,
                        copies=copies,
                    )
                )
        rest = list(deck)
        for v in values:
            rest.remove(v)
        units = sum(UNIT[v] for v in values)
        self.hands = put(self.hands, seat, self.hands[seat] + units)
        self.decks = put(self.decks, seat, tuple(rest))
        self.deckcodes = put(self.deckcodes, seat, self.deckcodes[seat] - units)
        self.pending = put(self.pending, seat, 0)
        self._emit(
            "draw",
            tr("{name} draws {cards}.", name=_said(seat), cards=" ".join(map(str, values))),
            player=_name(seat).lower(),
            count=len(values),
            cards=list(values),
        )
        self._after_draws()

    def _down_checked(self, action: Down) -> None:
        seat = self.loser
        card = action.card
        say = self.events is not None
        if action.hidden:
            if not self.hand_size(seat):
                raise IllegalError(tr("{name} has no ghost card in hand", name=_said(seat)))
            if seat in self.config.automa:  # the top card of its face-down pile, unseen by everyone
                value = seeded.choice(self._rng(), HANDS[self.hands[seat]].cards)
                self._emit(
                    "down",
                    tr(
                        "{name} puts the top card of its hand pile face down by the round-10 card, unseen.",
                        name=_said(seat),
                    ),
                    player=_name(seat).lower(),
                )
                self.put_down(G(value))
                return
            if self.virtual(seat):
                raise IllegalError(tr("only a person's own card can stay unnamed"))
            after = secret.laid_down(self._secret_side(seat))
            if self.recording:
                self.tally += UNITS[seat][BANKED]
            self.hidden = put(self.hidden, seat, after.hidden_down)
            self.secrets = put(self.secrets, seat, after.secrets)
            self._emit(
                "down",
                tr("{name} puts a card face down by the round-10 card.", name=_said(seat)),
                player=_name(seat).lower(),
            )
            self._next_round()
            return
        if card is None:
            if say:
                self._emit(
                    "down",
                    tr("{name} puts no card face down.", name=_said(seat)),
                    player=_name(seat).lower(),
                    card=None,
                )
        elif card.psychic:
            if card.n not in self.owned[seat]:
                raise IllegalError(self._not_owned(seat, card.n))
            if say:
                self._emit(
                    "down",
                    tr(
                        "{name} puts psychic card {number} face down by the round-10 card.",
                        name=_said(seat),
                        number=card.n,
                    ),
                    player=_name(seat).lower(),
                    card=str(card),
                )
        else:
            if (
                self.hand_size(seat) <= 0
                or card.n not in HANDS[self.hands[seat]].cards
                or (self.hidden[seat] and not secret.fits(self._secret_side(seat), Counter({card.n: 1})))
            ):
                raise IllegalError(self._not_held(seat, card.n))
            if say:
                self._emit(
                    "down",
                    tr("{name} puts a card face down by the round-10 card.", name=_said(seat)),
                    player=_name(seat).lower(),
                )
                self._emit(
                    "down_card",
                    tr("Your face-down card: {value}.", value=card.n),
                    private_to=seat,
                    player=_name(seat).lower(),
                    card=str(card),
                )
        self.put_down(card)

    def _reveal(self, values: tuple[int, ...]) -> None:
        seat = self.to_move()
        hidden = self.hidden[seat]
        if len(values) != hidden:
            raise IllegalError(
                trn(
                    "{name} has {n} secret face-down card: name each value",
                    "{name} has {n} secret face-down cards: name each value",
                    hidden,
                    name=_said(seat),
                )
            )
        side = self._secret_side(seat)
        hand = list(side.hand)
        for v in values:
            if v not in hand:
                raise IllegalError(
                    tr(
                        "{value} cannot be face down: {of}'s cards do not include it",
                        value=v,
                        of=_said_of(seat),
                    )
                )
            hand.remove(v)
        if tuple(sorted(values)) not in secret.options(side):
            raise IllegalError(secret.not_down(_said(seat), side, values))
        self.hands = put(self.hands, seat, code_of(hand))
        self.hidden = put(self.hidden, seat, 0)
        self.secrets = put(self.secrets, seat, ())
        self.downs = put(self.downs, seat, (*self.downs[seat], *(G(v) for v in values)))
        self._emit(
            "reveal",
            tr(
                "{name} turns up the secret face-down card: {cards}.",
                name=_said(seat),
                cards=" ".join(map(str, values)),
            )
            if len(values) == 1
            else tr(
                "{name} turns up the secret cards: {cards}.",
                name=_said(seat),
                cards=" ".join(map(str, values)),
            ),
            player=_name(seat).lower(),
            cards=list(values),
        )
        if not (self.hidden[0] or self.hidden[1]):
            self._to_round10()


#: How many cards of a value a deck holds, in words.
_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def _name(seat: int) -> str:
    return SEAT_NAMES[seat]


def _said(seat: int) -> str:
    """The family's name at the table (``_name`` is the program's, for ``--json``)."""
    return tr(SEAT_NAMES[seat])


def _said_of(seat: int) -> str:
    """The family's name where a sentence says whose (``Green's``; the genitive in Russian)."""
    return ptr("of", SEAT_NAMES[seat])


def _swap_in(value: int, place: list[int], others: list[list[int]], downs: list[Card]) -> None:
    """Put ``value`` first in ``place`` (a hand pile or a deck, top first), the card there trading places with a
    ``value`` of ``place``, of ``others`` or of the face-down ``downs``: they are stand-ins of a real automa's
    unseen cards, so any two may trade places."""
    for other in (place, *others):
        if value in other:
            j = other.index(value)
            other[j], place[0] = place[0], value
            return
    j = downs.index(G(value))
    downs[j], place[0] = G(place[0]), value


def _as_played(cards: Sequence[Card]) -> tuple[tuple[InPlay, ...], ...]:
    """Cards played in earlier rounds as the engine keeps them: the tables of those rounds (here one)."""
    return (tuple(InPlay(c) for c in cards),) if cards else ()


class RipState(Engine):
    """The immutable state the table holds: a snapshot of the engine, the engine's own data, never changed after
    it is made. ``rules.apply`` copies a snapshot's data into an engine, plays the action on it and makes that
    engine a snapshot (``advance``); the rules' reads are the engine's own methods (``to_move``, ``legal``...),
    so the protocol calls them on a snapshot directly. ``sides`` builds each family's ``Side`` when first read;
    ``replace`` makes a changed snapshot (tests and the search's deals build states that way)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a RipState does not change: use replace() or rules.apply()")

    def _key(self) -> tuple[object, ...]:
        return (
            self.config, self.seed, self.nonce, self.phase, self.round, self.line, self.tokens, self.revealed,
            self.first, self.mover, self.turn_plays, self.blind, self.sides, self.loser, self.round10,
            self.winners, self.reason, self.won, self.turning,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RipState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_thawed, (self.fields(),))

    def engine(self) -> Engine:
        """A mutable copy of this snapshot's engine (to play on without changing the snapshot)."""
        return self.copy()

    def replace(self, **changes: object) -> RipState:
        return snapshot(self.changed(changes))

    @property
    def sides(self) -> tuple[Side, Side]:
        try:
            return self._sides
        except AttributeError:  # built when first read
            got = (self.side(0), self.side(1))
            _set_sides(self, got)
            return got

    def card(self, number: int) -> PsychicCard:
        return self.cards[number]

    def min_plays(self, seat: int) -> int:
        """The least number of cards ``seat`` must play in a turn if it plays any (card 14), else 0."""
        return self.need[1 - seat]

    def totals(self) -> tuple[int, int]:
        """Both sides' strength in the round being fought (worked out on a copy when not yet known: a snapshot
        keeps what its engine knew)."""
        got = self._totals
        return got if got is not None else self.copy().totals()


#: Sets a snapshot's sides once built (the slot's own setter: ``RipState.__setattr__`` refuses every change).
_set_sides = vars(Engine)["_sides"].__set__


def snapshot(e: Engine) -> RipState:
    """``e`` made the table's immutable state: handed over, never changed after (nobody else holds it)."""
    e.__class__ = RipState
    return e  # type: ignore[return-value]


def _thawed(fields: Mapping[str, Any]) -> RipState:
    """A snapshot from its fields (how a pickled one is read back)."""
    return snapshot(Engine.of(fields))


def advance(state: RipState, action: Action, events: list[Event] | None = None) -> RipState:
    """The snapshot after ``action`` (``rules.apply``): ``state``'s data copied into an engine (as
    ``Engine.copy``), ``action`` stepped on it (``Engine.step``), that engine made a snapshot; written out in one
    function because the arena, the tests and the table take this step for every action (``Engine.step`` read
    from the class: a method looked up on an engine is not specialised, its data being a dictionary of its own)."""
    e = _new(Engine)
    e.__dict__ = state.__dict__.copy()
    Engine.step(e, action, events)
    e.__class__ = RipState
    return e  # type: ignore[return-value]
