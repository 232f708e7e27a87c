"""Propuh's one engine: every rule of the game, written once (spec: shared/rules/propuh.md).

``Engine`` is one game in play, mutable: the fields of the table's snapshot (``ai.propuh.state.PropuhState``),
with lists where a snapshot has tuples. ``Engine.deal`` sets a game up from a seed, ``legal_actions`` lists what
may be done now, ``apply`` does it in place (the automatic steps that follow included: a card settled, the round's end,
the deal), ``copy`` gives a game to play on. The table loads a snapshot (``Engine.load``), applies and takes a
snapshot after (``freeze``: ``ai.propuh.rules``); the search plays out on the engine itself. With ``events``
set, each step appends what happened for the table to read and do (``ai.protocol.Event``); without, it builds
no text. ``to_move``, ``legal_actions``, ``unknown_counts`` and ``check`` read either form, engine or snapshot.

Seats are roles: 0 is Granny, 1 is Propuh.

Decks. In dealer mode (``physical=False``) the deck order is fixed by the seed and kept, hidden from every
observation, so an undone draw comes back the same. With a physical deck (``physical=True``) the order is
unknown: a card drawn or dealt to a hand the tool tracks is a chance step the person types (``Draw``). A hand in
``untracked`` (Granny's at the solo table) is only counted; any card still unseen may be played from it.

Rulings of ours beyond the spec:
- A player with no card to play (an empty hand, or an empty deck when solo Propuh must draw) ends the round's
  plays; the end of the round follows. (Solo round 7: Granny plays her one card, Propuh the last one.)
- At the end of a round the card left unresolved is discarded and places its owner's token, whoever owns it
  (in practice always Propuh's).
- The figurine may move once per round, before Granny's first card, to another location.
- Two-player deals: each seat gets what dealing one card at a time, Granny first, would give while the deck
  lasts; a seat's cards are dealt (and, with a real deck, typed) together, Granny's first, the bot's too.
- Several dealt cards may be typed on one line (``Deal``), at most the cards still due to that seat.
- The end-of-round check comes before the deal: the goals do not depend on it, and the tired rule (no card in
  the deck or any hand) is the same before and after it; a game that ends is not dealt to.
- The goals and the tired rule are checked with the counts after the deal; with a physical deck the cards
  still to be typed for that deal are counted as dealt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter, sub
from typing import Protocol

from ai import rng as seeded
from ai.propuh import steps
from ai.propuh.components import (
    DEAL_PER_ROUND,
    DECK_SIZE,
    DIFFICULTY_CARDS,
    DIFFICULTY_TOKENS,
    GRANNY,
    KIND_COUNTS,
    KINDS,
    LOCS,
    MAXIMA,
    PROPUH,
    ROLE_NAMES,
    SOLO_FIRST_HAND,
    SOLO_REMOVED,
    STOVE,
    TWO_PLAYER_HAND,
    Card,
    Loc,
    at,
    card_name,
    full_deck,
    goals_done,
    granny_goals,
    off,
    onto,
    propuh_goals,
    role_name,
    role_of,
)
from ai.propuh.score import end_lines, tokens_data
from ai.propuh.state import (
    COUNTERED,
    COUNTERS,
    DEAL,
    DRAW,
    DRAWS,
    LED_HIGH,
    LED_LOW,
    LET_STAND,
    LOW,
    MOVES,
    OFF_SUIT,
    ON_SUIT,
    OVER,
    PLAY,
    PLAYS,
    RECORD_SIZE,
    REMOVE,
    REMOVES,
    TERMINAL,
    UNRESOLVED,
    Action,
    Deal,
    Draw,
    MoveFigurine,
    Phase,
    Play,
    PropuhConfig,
    PropuhState,
    Remove,
    Unresolved,
    hand_count,
)
from ai.protocol import CHANCE, Event, IllegalError
from ai.words import tr, trn

_DRAWS = {DRAW, DEAL}

#: ``_MOVES_AWAY[loc]``: the figurine's moves from ``loc``, to the other two locations in order.
_MOVES_AWAY = tuple(tuple(move for move in MOVES if move.loc != loc) for loc in LOCS)

BOTH_GOALS = "both completed their goals in the same round, so Propuh wins"
PROPUH_GOALS = "Propuh opened the door and the window"
GRANNY_GOALS = "Granny completed all her goals"
TIRED = "Granny is tired: every card is discarded"


# --- what may be done now (on an engine or a snapshot) -------------------------------------------------


class Position(Protocol):
    """What the queries below read: an ``Engine`` or a ``PropuhState``."""

    @property
    def config(self) -> PropuhConfig: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def plays(self) -> int: ...
    @property
    def figurine(self) -> Loc: ...
    @property
    def figurine_moved(self) -> bool: ...
    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...
    @property
    def hidden(self) -> Sequence[int]: ...
    @property
    def deck(self) -> Sequence[Card]: ...
    @property
    def removed(self) -> Sequence[Card]: ...
    @property
    def seen(self) -> Sequence[int]: ...
    @property
    def drawn(self) -> Card | None: ...
    @property
    def pending(self) -> Sequence[int]: ...


def to_move(s: Position) -> int:
    phase = s.phase
    if phase == PLAY:
        return s.plays % 2
    if phase == REMOVE:
        return GRANNY
    if phase == OVER:
        return TERMINAL
    return CHANCE


def unknown_counts(s: Position) -> list[int]:
    """Per kind: cards whose place the tool does not know (a physical deck, the solo removals, untracked hands)."""
    counts = [total - seen for total, seen in zip(KIND_COUNTS, s.seen, strict=True)]
    for hand in s.hands:
        for card in hand:
            counts[card.kind] -= 1
    if not s.config.physical:
        for card in s.deck:
            counts[card.kind] -= 1
        for card in s.removed:
            counts[card.kind] -= 1
    return counts


def playable_cards(s: Position, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may play, in order: the card drawn for solo Propuh, any card still unknown from an
    untracked hand, else the distinct cards of the hand."""
    if seat == PROPUH and s.config.solo:
        return (s.drawn,) if s.drawn is not None else ()
    if seat in s.config.untracked:
        if s.hidden[seat] == 0:
            return ()
        return tuple(card for card, n in zip(KINDS, unknown_counts(s), strict=True) if n > 0)
    cards: list[Card] = []
    last = -1
    for card in s.hands[seat]:  # sorted: each kind once
        if card.kind != last:
            cards.append(card)
            last = card.kind
    return tuple(cards)


def legal_actions(s: Position) -> list[Action]:
    """What may be done now: a seat's plays (by card, then Table, Stove, Bed) and, before Granny's first card
    of a round, the figurine's moves; a card typed from a real deck; the figurine's removal, yes or no."""
    phase = s.phase
    if phase == PLAY:
        plays = s.plays
        seat = plays % 2
        config = s.config
        actions: list[Action]
        if (seat == PROPUH and config.solo) or seat in config.untracked:
            actions = [play for card in playable_cards(s, seat) for play in PLAYS[card.kind]]
        else:
            hand = tuple(s.hands[seat])
            actions = list(_HAND_PLAYS.get(hand) or _hand_plays(hand))
        if plays == 0 and not s.figurine_moved:
            actions.extend(_MOVES_AWAY[s.figurine])
        return actions
    if phase in _DRAWS:
        return [DRAWS[kind] for kind, n in enumerate(unknown_counts(s)) if n > 0]
    if phase == REMOVE:
        return list(REMOVES)
    return []


#: The plays of each hand met so far (``_hand_plays``): every move of a play-out lists a hand's plays, and the
#: hands are few (at most four cards of twelve kinds), so each is worked out once.
_HAND_PLAYS: dict[tuple[Card, ...], tuple[Play, ...]] = {}


def _hand_plays(hand: tuple[Card, ...]) -> tuple[Play, ...]:
    """The plays of a sorted hand, by card (each kind once), then Table, Stove, Bed; kept in ``_HAND_PLAYS``."""
    plays: list[Play] = []
    last = -1
    for card in hand:
        if card.kind != last:
            last = card.kind
            plays.extend(PLAYS[last])
    _HAND_PLAYS[hand] = known = tuple(plays)
    return known


def due_now(s: Position) -> tuple[int, int]:
    """With a real deck being dealt: the seat typed for now and how many cards it is still due."""
    seat = s.pending[0]
    due = 0
    while due < len(s.pending) and s.pending[due] == seat:
        due += 1
    return seat, due


def check(s: Position, action: Action) -> None:
    """Raise ``IllegalError`` with a one-line reason if ``action`` cannot be played now."""
    phase = s.phase
    if phase == OVER:
        raise IllegalError(tr("the game is over"))
    if isinstance(action, Play):
        if phase != PLAY:
            _not_now(phase)
        seat = s.plays % 2
        card = action.card
        if seat == PROPUH and s.config.solo:
            if card != s.drawn:
                raise IllegalError(tr("Propuh must place the card drawn, {card}", card=str(s.drawn)))
            return
        if seat in s.config.untracked:
            if s.hidden[seat] == 0:
                raise IllegalError(tr("{name} has no card left", name=role_of(seat)))
            _check_unknown(s, card)
            return
        if card not in s.hands[seat]:
            raise IllegalError(_not_held(s, seat, card))
        return
    if isinstance(action, Draw):
        if phase not in _DRAWS:
            raise IllegalError(tr("no card is being drawn now"))
        _check_unknown(s, action.card)
        return
    if isinstance(action, Deal):
        if phase == DRAW:
            raise IllegalError(tr("Propuh draws one card: type only the card drawn"))
        if phase != DEAL:
            raise IllegalError(tr("no card is being dealt now"))
        seat, due = due_now(s)
        if len(action.cards) > due:
            raise IllegalError(
                trn(
                    "{name} is due {n} more card, not {typed}",
                    "{name} is due {n} more cards, not {typed}",
                    due,
                    name=role_name(seat),
                    typed=len(action.cards),
                )
            )
        _check_unknown(s, *action.cards)
        return
    if isinstance(action, Remove):
        if phase != REMOVE:
            raise IllegalError(tr("the figurine only removes a token at the end of a round"))
        return
    if phase != PLAY:
        _not_now(phase)
    if s.plays % 2 != GRANNY or s.plays != 0:
        raise IllegalError(tr("the figurine moves only at the start of a round, before Granny's first card"))
    if s.figurine_moved:
        raise IllegalError(tr("the figurine has already moved this round"))
    if action.loc == s.figurine:
        raise IllegalError(tr("the figurine is already on the {where}", where=at(action.loc)))


def _not_now(phase: Phase) -> None:
    if phase == DRAW:
        raise IllegalError(tr("not now: type the card drawn for Propuh"))
    if phase == DEAL:
        raise IllegalError(tr("not now: type the cards dealt"))
    raise IllegalError(tr("not now: type yes or no"))


def _check_unknown(s: Position, *cards: Card) -> None:
    """Refuse a typed card the tool has already accounted for every copy of: one line saying where the copies
    are (all public, or typed in view: played, drawn for Propuh, in a hand whose cards were typed) and what to
    type instead."""
    unknown = unknown_counts(s)
    for i, card in enumerate(cards):
        unknown[card.kind] -= 1
        if unknown[card.kind] < 0:
            where = _accounted(s, card, cards[:i].count(card))
            if len(cards) > 1:
                raise IllegalError(tr("{where}: check the cards and type them again", where=where))
            raise IllegalError(tr("{where}: check the card and type it again", where=where))


def _not_held(s: Position, seat: int, card: Card) -> str:
    """Refuse a card the seat's hand (which the tool holds) lacks, saying where the copies are from what the
    whole table has seen only (played, drawn for Propuh), never from a hand: ``Granny cannot play Table 3 now: 2
    of its 4 copies have been played; type hand to see Granny's cards``."""
    name, whose, long = role_name(seat), role_of(seat), card_name(card)
    total = KIND_COUNTS[card.kind]
    if s.seen[card.kind] == total:
        where = _accounted(s, card, 0, public=True)
        return tr("{name} cannot play {card} now: {where}", name=name, card=long, where=where)
    drawn = int(s.drawn == card)
    played = s.seen[card.kind] - drawn
    if played == 0 and not drawn:  # nothing public to say of its copies
        return tr(
            "{name} cannot play {card} now; type hand to see {whose}'s cards",
            name=name,
            card=long,
            whose=whose,
        )
    if played == 0:
        where = tr("1 has just been drawn for Propuh")
    else:
        where = trn(
            "{n} of its {total} copies has been played",
            "{n} of its {total} copies have been played",
            played,
            total=total,
        )
        if drawn:
            where = tr("{where}, 1 has just been drawn for Propuh", where=where)
    return tr(
        "{name} cannot play {card} now: {where}; type hand to see {whose}'s cards",
        name=name,
        card=long,
        where=where,
        whose=whose,
    )


def _accounted(s: Position, card: Card, typed_before: int, public: bool = False) -> str:
    """Where every copy of ``card`` is: ``Stove 4 has already been played, and there is only one``, ``all 4 Bed 3
    cards are already out (3 in Granny's hand, 1 in Propuh's hand)``; with ``public``, every copy is face up or
    drawn and no hand is read."""
    drawn = int(s.drawn == card)
    long = card_name(card)
    # how many copies, and where: the kind of place (its sentences below) and whose hand
    places = [(s.seen[card.kind] - drawn, "played", GRANNY), (drawn, "drawn", GRANNY)]
    places += [
        (list(s.hands[seat]).count(card), "hand", seat)
        for seat in (GRANNY, PROPUH)
        if seat not in s.config.untracked and not public
    ]
    places.append((typed_before, "typed", GRANNY))
    found = [place for place in places if place[0] > 0]
    total = KIND_COUNTS[card.kind]
    if total == 1:
        _, kind, seat = found[0]
        if kind == "played":
            return tr("{card} has already been played, and there is only one", card=long)
        if kind == "drawn":
            return tr("{card} has just been drawn for Propuh, and there is only one", card=long)
        if kind == "hand":
            return tr("{card} is in {name}'s hand, and there is only one", card=long, name=role_of(seat))
        return tr("{card} is typed twice on this line, and there is only one", card=long)
    if len(found) == 1:
        _, kind, seat = found[0]
        if total == 2:
            if kind == "played":
                return tr("both {card} cards have already been played", card=long)
            if kind == "hand":
                return tr("both {card} cards are in {name}'s hand", card=long, name=role_of(seat))
            return tr("both {card} cards are typed on this line", card=long)
        if kind == "played":
            return tr("all {n} {card} cards have already been played", n=total, card=long)
        if kind == "hand":
            return tr("all {n} {card} cards are in {name}'s hand", n=total, card=long, name=role_of(seat))
        return tr("all {n} {card} cards are typed on this line", n=total, card=long)
    out = ", ".join(_copies(n, kind, seat) for n, kind, seat in found)
    if total == 2:
        return tr("both {card} cards are already out ({places})", card=long, places=out)
    return tr("all {n} {card} cards are already out ({places})", n=total, card=long, places=out)


def _copies(n: int, kind: str, seat: int) -> str:
    """How many copies of a card are in one place: ``2 played``, ``1 in Granny's hand``."""
    if kind == "played":
        return trn("{n} played", "{n} played", n)
    if kind == "drawn":
        return trn("{n} drawn for Propuh", "{n} drawn for Propuh", n)
    if kind == "hand":
        return tr("{n} in {name}'s hand", n=n, name=role_of(seat))
    return trn("{n} typed on this line", "{n} typed on this line", n)


# --- setup -----------------------------------------------------------------------------------------------


def setup_tokens(
    config: PropuhConfig, rng: random.Random
) -> tuple[tuple[int, int, int], tuple[tuple[Loc, int], ...]]:
    """Propuh's starting tokens for the solo difficulty (capped at the maxima), and the difficulty cards drawn."""
    if not config.solo:
        return (0, 0, 0), ()
    if config.difficulty == "random":
        cards = tuple(seeded.sample(rng, DIFFICULTY_CARDS, config.random_cards))
        red = [0, 0, 0]
        for loc, n in cards:
            red[loc] = min(MAXIMA[PROPUH][loc], red[loc] + n)
        return (red[0], red[1], red[2]), cards
    return DIFFICULTY_TOKENS[config.difficulty], ()


# --- the game in play ------------------------------------------------------------------------------------


class Engine:
    """One game in play, mutable; see the module docstring. The fields are ``PropuhState``'s."""

    __slots__ = (
        "config",
        "deck",
        "deck_size",
        "difficulty_cards",
        "drawn",
        "events",
        "figurine",
        "figurine_moved",
        "hands",
        "hidden",
        "last_granny_loc",
        "pending",
        "phase",
        "plays",
        "reason",
        "record",
        "removed",
        "round",
        "seen",
        "tokens",
        "unresolved",
        "winner",
    )

    config: PropuhConfig
    phase: Phase
    round: int
    plays: int
    figurine: Loc
    figurine_moved: bool
    tokens: list[list[int]]
    hands: list[list[Card]]  # each sorted
    hidden: list[int]
    deck: tuple[Card, ...]  # the top card first
    deck_size: int
    removed: tuple[Card, ...]
    seen: list[int]
    unresolved: Unresolved | None
    drawn: Card | None
    pending: list[int]
    last_granny_loc: Loc | None
    difficulty_cards: tuple[tuple[Loc, int], ...]
    winner: int | None
    reason: str
    record: list[list[int]]
    #: Where each step appends its events; None: none are built.
    events: list[Event] | None

    # -- the two forms --

    @classmethod
    def load(cls, s: PropuhState, events: list[Event] | None = None) -> Engine:
        """The snapshot ``s`` in play."""
        e = cls.__new__(cls)
        e.config = s.config
        e.phase = s.phase
        e.round = s.round
        e.plays = s.plays
        e.figurine = s.figurine
        e.figurine_moved = s.figurine_moved
        green, red = s.tokens
        e.tokens = [list(green), list(red)]
        granny, propuh = s.hands
        e.hands = [list(granny), list(propuh)]
        e.hidden = list(s.hidden)
        e.deck = s.deck
        e.deck_size = s.deck_size
        e.removed = s.removed
        e.seen = list(s.seen)
        e.unresolved = s.unresolved
        e.drawn = s.drawn
        e.pending = list(s.pending)
        e.last_granny_loc = s.last_granny_loc
        e.difficulty_cards = s.difficulty_cards
        e.winner = s.winner
        e.reason = s.reason
        e.record = [list(s.record[0]), list(s.record[1])]
        e.events = events
        return e

    def freeze(self) -> PropuhState:
        """The snapshot of the game now. Every step at the table takes one, so it is filled in one dict update,
        not through the frozen dataclass's ``__init__`` (twenty guarded attribute writes)."""
        green, red = self.tokens
        granny, propuh = self.hands
        state: PropuhState = object.__new__(PropuhState)
        state.__dict__.update(
            {
                "config": self.config,
                "phase": self.phase,
                "round": self.round,
                "plays": self.plays,
                "figurine": self.figurine,
                "figurine_moved": self.figurine_moved,
                "tokens": ((green[0], green[1], green[2]), (red[0], red[1], red[2])),
                "hands": (tuple(granny), tuple(propuh)),
                "hidden": (self.hidden[0], self.hidden[1]),
                "deck": self.deck,
                "deck_size": self.deck_size,
                "removed": self.removed,
                "seen": tuple(self.seen),
                "unresolved": self.unresolved,
                "drawn": self.drawn,
                "pending": tuple(self.pending) if self.pending else (),
                "last_granny_loc": self.last_granny_loc,
                "difficulty_cards": self.difficulty_cards,
                "winner": self.winner,
                "reason": self.reason,
                "record": (tuple(self.record[0]), tuple(self.record[1])),
            }
        )
        return state

    def copy(self) -> Engine:
        e = Engine.__new__(Engine)
        e.config = self.config
        e.phase = self.phase
        e.round = self.round
        e.plays = self.plays
        e.figurine = self.figurine
        e.figurine_moved = self.figurine_moved
        e.tokens = [self.tokens[0][:], self.tokens[1][:]]
        e.hands = [self.hands[0][:], self.hands[1][:]]
        e.hidden = self.hidden[:]
        e.deck = self.deck
        e.deck_size = self.deck_size
        e.removed = self.removed
        e.seen = self.seen[:]
        e.unresolved = self.unresolved
        e.drawn = self.drawn
        e.pending = self.pending[:]
        e.last_granny_loc = self.last_granny_loc
        e.difficulty_cards = self.difficulty_cards
        e.winner = self.winner
        e.reason = self.reason
        e.record = [self.record[0][:], self.record[1][:]]
        e.events = None
        return e

    @classmethod
    def blank(
        cls,
        config: PropuhConfig,
        red: tuple[int, int, int] = (0, 0, 0),
        difficulty_cards: tuple[tuple[Loc, int], ...] = (),
    ) -> Engine:
        """Round 1 before the deal: the figurine on the Stove, Propuh's starting tokens, no card anywhere."""
        e = cls.__new__(cls)
        e.config = config
        e.phase = PLAY
        e.round = 1
        e.plays = 0
        e.figurine = STOVE
        e.figurine_moved = False
        e.tokens = [[0, 0, 0], list(red)]
        e.hands = [[], []]
        e.hidden = [0, 0]
        e.deck = ()
        e.deck_size = DECK_SIZE
        e.removed = ()
        e.seen = [0] * len(KINDS)
        e.unresolved = None
        e.drawn = None
        e.pending = []
        e.last_granny_loc = None
        e.difficulty_cards = difficulty_cards
        e.winner = None
        e.reason = ""
        e.record = [[0] * RECORD_SIZE, [0] * RECORD_SIZE]
        e.events = None
        return e

    @classmethod
    def deal(cls, config: PropuhConfig, seed: int) -> Engine:
        """A new game: the solo difficulty's tokens, then (dealer mode) the deck shuffled, the solo removals and
        the first hands dealt; with a real deck only counted, the tracked hands to be typed."""
        rng = random.Random(seed)
        red, difficulty_cards = setup_tokens(config, rng)
        e = cls.blank(config, red, difficulty_cards)
        if not config.physical:
            deck = full_deck()
            seeded.shuffle(rng, deck)
            e.deck = tuple(deck)
        if config.solo:
            if not config.physical:
                e.removed = e.deck[:SOLO_REMOVED]
                e.deck = e.deck[SOLO_REMOVED:]
            e.deck_size -= SOLO_REMOVED
            e._deal(GRANNY, SOLO_FIRST_HAND)
        else:
            e._deal(GRANNY, TWO_PLAYER_HAND)
            e._deal(PROPUH, TWO_PLAYER_HAND)
        e.phase = DEAL if e.pending else PLAY
        return e

    # -- what the rules and the search read --

    def to_move(self) -> int:
        return to_move(self)

    @property
    def unseen(self) -> list[int]:
        """Per kind, the cards the seat to move has not seen (not face up, not in its hand): its observation's
        ``unseen``, so that a rule list reads the engine as it reads an observation."""
        # per kind, subtracted in C: a rule of a play-out reads it
        counts = list(map(sub, KIND_COUNTS, self.seen))
        for card in self.hands[GRANNY if self.phase == REMOVE else self.plays % 2]:
            counts[card.kind] -= 1
        return counts

    def hand_count(self, seat: int) -> int:
        return hand_count(self, seat)

    def deck_left(self) -> int:
        """Cards still in the deck, not counting those dealt but not yet typed."""
        return self.deck_size - len(self.pending)

    # -- a step --

    def apply(self, action: Action) -> None:
        """Do ``action`` (legal: see ``check``) and the automatic steps that follow, until someone decides.

        A card played on a location counters the unresolved card there if it is stronger (both are discarded);
        otherwise the unresolved card settles (``_settle``) and the card played lies unresolved."""
        if type(action) is not Play:
            self._other_step(action)
            return
        card, loc = action.card, action.loc
        plays = self.plays
        seat = plays % 2
        config = self.config
        kind = card.kind
        if seat == PROPUH and config.solo:
            self.drawn = None
        else:
            if seat in config.untracked:
                self.hidden[seat] -= 1
            else:
                self.hands[seat].remove(card)
            self.seen[kind] += 1
        if seat == GRANNY:
            self.last_granny_loc = loc
        events = self.events
        if events is not None:
            self._emit(
                "play",
                tr(
                    "{name} plays {card} on the {where}.",
                    name=role_name(seat),
                    card=card_name(card),
                    where=onto(loc, seat),
                ),
                (steps.play(card, loc, seat, config.solo, config.physical),),
                player=ROLE_NAMES[seat].lower(),
                card=str(card),
                location=loc.title.lower(),
            )
        prior = self.unresolved
        record = self.record[seat]
        record[ON_SUIT if action.trump else OFF_SUIT] += 1
        if prior is None or prior.owner == seat:
            record[LED_LOW if card.value <= LOW else LED_HIGH] += 1
        if prior is not None and action in COUNTERS[prior.loc][prior.card.kind]:
            record[COUNTERED] += 1
            self.unresolved = None
            if events is not None:
                self._emit(
                    "counter",
                    tr(
                        "{card} counters {countered}: both are discarded.",
                        card=steps.owned(seat, card),
                        countered=steps.owned(prior.owner, prior.card),
                    ),
                    (steps.discard((prior.owner, prior.card), (seat, card)),),
                    player=ROLE_NAMES[seat].lower(),
                    card=str(card),
                    countered=str(prior.card),
                    location=loc.title.lower(),
                )
                self._emit_tokens()
        else:
            if prior is not None:
                if prior.owner != seat:
                    record[LET_STAND] += 1
                self._settle(prior, left=False)
            self.unresolved = UNRESOLVED[seat][kind][loc]
        self.plays = plays = plays + 1
        if plays < 4 and not (seat == GRANNY and config.solo) and self.hands[1 - seat]:
            return  # the other seat plays from its hand: nothing automatic happens
        self._advance()

    def _other_step(self, action: Action) -> None:
        """Every step but a play: the figurine moved, its removal answered, cards typed from a real deck."""
        if isinstance(action, MoveFigurine):
            self.figurine = action.loc
            self.figurine_moved = True
            if self.events is not None:
                self._emit(
                    "figurine",
                    tr("Granny moves the figurine to the {where}.", where=onto(action.loc)),
                    (steps.figurine(action.loc),),
                    player="granny",
                    location=action.loc.title.lower(),
                )
        elif isinstance(action, Remove):
            self._remove_token(action.yes)
        elif isinstance(action, Deal):
            for card in action.cards:
                self._typed(card)
        elif isinstance(action, Draw):
            self._typed(action.card)

    def _typed(self, card: Card) -> None:
        """A card typed from a real deck: drawn for solo Propuh, or dealt to the seat due it."""
        self.deck_size -= 1
        if self.phase == DRAW:
            self.drawn = card
            self.seen[card.kind] += 1
            self.phase = PLAY
            if self.events is not None:
                self._emit(
                    "draw", tr("Propuh draws {card}.", card=card_name(card)), player="propuh", card=str(card)
                )
            return
        seat = self.pending.pop(0)
        hand = self.hands[seat]
        hand.append(card)
        hand.sort(key=_KIND)
        if not self.pending:
            self.phase = PLAY
            self._advance()

    def _settle(self, prior: Unresolved, left: bool) -> None:
        """Discard an unresolved card and place its owner's token at its location (unless that is full); ``left``:
        the round's last card, else a card not countered."""
        owner, loc = prior.owner, prior.loc
        tokens = self.tokens[owner]
        most = MAXIMA[owner][loc]
        placed = tokens[loc] < most
        if placed:
            tokens[loc] += 1
        if self.events is None:
            return
        count = f"{tokens[loc]}/{most}"
        text = _settled(left, placed, steps.owned(owner, prior.card), at(loc, owner), role_of(owner), count)
        table = (steps.discard((owner, prior.card)),) + ((steps.token(owner, loc),) if placed else ())
        self._emit(
            "token",
            text,
            table,
            player=ROLE_NAMES[owner].lower(),
            card=str(prior.card),
            location=loc.title.lower(),
            placed=placed,
        )
        self._emit_tokens()

    def _advance(self) -> None:
        """Run the automatic steps until someone must decide or type a card."""
        while self.phase == PLAY:
            if self.plays >= 4:
                self._end_round()
                continue
            seat = self.plays % 2
            if seat == PROPUH and self.config.solo:
                if self.drawn is not None:
                    return
                if self.deck_size == 0:
                    self._end_round()
                elif self.config.physical:
                    self.phase = DRAW
                else:
                    card = self.deck[0]
                    self.deck = self.deck[1:]
                    self.deck_size -= 1
                    self.drawn = card
                    self.seen[card.kind] += 1
                    if self.events is not None:
                        self._emit(
                            "draw",
                            tr("Propuh draws {card}.", card=card_name(card)),
                            player="propuh",
                            card=str(card),
                        )
                return
            if not self.hands[seat] and not self.hidden[seat] and seat not in self.pending:  # no card to play
                self._end_round()
                continue
            return

    def _end_round(self) -> None:
        """The round's last card settles; Granny is asked about the figurine's removal if a red token lies under
        it, else the round finishes."""
        prior = self.unresolved
        if prior is not None:
            self.unresolved = None
            self._settle(prior, left=True)
        self.plays = 4
        if self.tokens[PROPUH][self.figurine] > 0:
            self.phase = REMOVE
            return
        self._finish_round()

    def _remove_token(self, yes: bool) -> None:
        loc = self.figurine
        if yes:
            self.tokens[PROPUH][loc] -= 1
            if self.events is not None:
                self._emit(
                    "remove",
                    tr("The figurine removes a Propuh token from the {where}.", where=off(loc, PROPUH)),
                    (steps.remove_token(loc),),
                    location=loc.title.lower(),
                )
                self._emit_tokens()
        elif self.events is not None:
            self._emit(
                "keep",
                tr("Granny leaves the Propuh token on the {where}.", where=at(loc, PROPUH)),
                location=loc.title.lower(),
            )
        self.phase = PLAY
        self._finish_round()
        self._advance()

    def _finish_round(self) -> None:
        """Check the goals and the tired rule; if nobody has won, deal and start the next round."""
        green, red = self.tokens
        granny, propuh = goals_done(green, red)
        if propuh:
            self._finish(PROPUH, BOTH_GOALS if granny else PROPUH_GOALS)
            return
        if granny:
            self._finish(GRANNY, GRANNY_GOALS)
            return
        hands = self.hands
        if (
            not hands[GRANNY]  # the hands held first: the cheap test that fails in most rounds
            and not hands[PROPUH]
            and self.deck_left() == 0
            and self.hand_count(GRANNY) == 0
            and self.hand_count(PROPUH) == 0
        ):
            self._finish(PROPUH, TIRED)
            return
        self._deal_round()
        self.round += 1
        self.plays = 0
        self.figurine_moved = False
        if self.events is not None:
            self._emit("round", tr("Round {round} begins.", round=self.round), round=self.round)
        self.phase = DEAL if self.pending else PLAY

    def _deal_round(self) -> None:
        """The end-of-round deal (spec step 8), a seat's cards together, Granny's first."""
        counts = [0, 0]
        left = self.deck_size - len(self.pending)  # ``deck_left``
        if self.config.solo:
            if left == 1:
                if self.events is not None:
                    text, table = steps.last_card_kept(self.config.physical)
                    self._emit("deal", text, table, counts={"granny": 0, "propuh": 0})
                return
            if left >= DEAL_PER_ROUND:
                counts[GRANNY] = DEAL_PER_ROUND
        elif left >= 2 * DEAL_PER_ROUND:
            counts = [DEAL_PER_ROUND, DEAL_PER_ROUND]
        else:  # one card at a time, Granny first, while the deck lasts
            counts = [(left + 1) // 2, left // 2]
        dealt = [
            self._deal(GRANNY, counts[GRANNY]) if counts[GRANNY] else (),
            self._deal(PROPUH, counts[PROPUH]) if counts[PROPUH] else (),
        ]
        if self.events is None:
            return
        text, table = steps.deal(counts, self.config.physical, self.deck_left())
        self._emit("deal", text, table, counts={ROLE_NAMES[s].lower(): counts[s] for s in (GRANNY, PROPUH)})
        for seat in (GRANNY, PROPUH):
            if dealt[seat]:
                self.events.append(steps.dealt(seat, dealt[seat]))

    def _deal(self, seat: int, n: int) -> tuple[Card, ...]:
        """``n`` cards off the deck into ``seat``'s hand, and which (a physical deck: counted now, typed later if
        the hand is tracked; none known)."""
        if not n:
            return ()
        config = self.config
        if config.physical:
            if seat in config.untracked:
                self.hidden[seat] += n
                self.deck_size -= n
            else:
                self.pending.extend([seat] * n)
            return ()
        cards = self.deck[:n]
        self.deck = self.deck[n:]
        self.deck_size -= n
        hand = self.hands[seat]
        hand.extend(cards)
        hand.sort(key=_KIND)
        return cards

    def _finish(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.reason = reason
        self.phase = OVER
        self.pending = []
        if self.events is None:
            return
        name = ROLE_NAMES[winner]
        said = tr("{name} wins: {reason}.", name=role_name(winner), reason=reason_text(reason))
        green, red = self.tokens
        tokens = ((green[0], green[1], green[2]), (red[0], red[1], red[2]))
        goals = {GRANNY: granny_goals(tokens), PROPUH: propuh_goals(tokens)}
        self._emit(
            "end",
            "\n".join((said, *end_lines(tokens))),
            winner=name.lower(),
            winners=[name.lower()],
            reason=reason,
            round=self.round,
            # no points in Propuh: a side's score is how many of its goals are complete
            scores={ROLE_NAMES[s].lower(): sum(goals[s].values()) for s in (GRANNY, PROPUH)},
            breakdown={
                ROLE_NAMES[s].lower(): {
                    "goals": goals[s],
                    "tokens": tokens_data(tokens)[ROLE_NAMES[s].lower()],
                }
                for s in (GRANNY, PROPUH)
            },
        )

    # -- events --

    def _emit(self, kind: str, text: str, table: tuple[str, ...] = (), **data: object) -> None:
        if self.events is not None:
            self.events.append(Event(kind, text, data, table=table))

    def _emit_tokens(self) -> None:
        self._emit("tokens", "", tokens=tokens_data(self.tokens))


def _settled(left: bool, placed: bool, card: str, where: str, name: str, count: str) -> str:
    """What an unresolved card does as it is discarded: its owner's token placed, or none on a full location."""
    if left and placed:
        return tr(
            "{card} on the {where} is left at the end of the round: a {name} token on the {where} ({count}).",
            card=card,
            where=where,
            name=name,
            count=count,
        )
    if left:
        return tr(
            "{card} on the {where} is left at the end of the round: no token: the {where} is full ({count}).",
            card=card,
            where=where,
            count=count,
        )
    if placed:
        return tr(
            "{card} on the {where} is not countered: a {name} token on the {where} ({count}).",
            card=card,
            where=where,
            name=name,
            count=count,
        )
    return tr(
        "{card} on the {where} is not countered: no token: the {where} is full ({count}).",
        card=card,
        where=where,
        count=count,
    )


def reason_text(reason: str) -> str:
    """Why the game ended (``PropuhState.reason``, English in the saved game and ``--json``), in the table's
    language."""
    return {
        BOTH_GOALS: tr("both completed their goals in the same round, so Propuh wins"),
        PROPUH_GOALS: tr("Propuh opened the door and the window"),
        GRANNY_GOALS: tr("Granny completed all her goals"),
        TIRED: tr("Granny is tired: every card is discarded"),
    }.get(reason, reason)


#: A card's place in a sorted hand.
_KIND = attrgetter("kind")
