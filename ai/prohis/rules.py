"""Prohis rules as pure functions over immutable states (spec: ``shared/rules/prohis.md``).

A turn is one of: draw (one or two display cards, or one display card then the pile's top, or the pile's top),
a convoy of 2–4 hand cards face down, or a pass. After a convoy each opponent, clockwise from the active
player, may commit a controller; the highest rank inspects; the active player may offer a bribe; the inspector
accepts or refuses it (with no bribe: inspects or declines); an inspection turns the convoy's cards over one at a
time, up to the controller's rank.

At a physical table people's cards are physical: the hands of the seats in ``untracked`` (people) are ``UNKNOWN`` cards to the
tool. A person's convoy is typed as a count (``convoy 3``) and stays face down; when one of its cards is turned
over the person types what it shows. When play is over each person then types their warehouse and hand
(``Phase.COUNT``, ``ai.prohis.ending``), and the end names every player's points and the winner. Two ways to
run the shared deck (``ProhisConfig.physical``):

- dealer mode: the state holds the shuffled deck and every hand, people's too (a person's hidden cards never
  lie at the table, where taking them from a supply sorted by type would show their types to everyone; the
  person looks with ``hand`` and types cards by their letters).
- physical mode: the deck is real. Cards dealt to or drawn by a bot, and each new display card, are typed in:
  while such a card is awaited ``to_move`` returns ``CHANCE``.

Ruling (spec): between controllers of equal rank the one nearest clockwise from the active player inspects.
Ruling (spec): an inspector who declines without a bribe puts his controller in his own warehouse.
Ruling (spec): pass is allowed once the draw pile is empty or when nothing else is possible (option
``pass_any_time``).
Ruling: opponents decide on a controller one at a time, clockwise from the active player, each seeing the
controllers already committed (at a real table they speak in turn); every opponent is asked, even one whose
hand holds no controller (its only answer is no): skipping it would tell the table what that hand holds.
Ruling: the inspector turns the face-down convoy cards in an order the tool draws at random when the convoy is
laid (face-down cards look alike, so any choice of position is a random one); the tool names the position
("card 2 from the left").
Ruling: when drawing from the pile and the display in one turn, the pile's card is the last pick (the display
card first, so a refill can be seen before choosing).
Ruling: a card that goes back into a person's hand at a physical table is forgotten by the tool (it becomes
``UNKNOWN``): a person's hand is never tracked card by card.
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

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
    LEGAL,
    LETTERS,
    LIEUTENANT,
    NAMES,
    RANK,
    SLOTS,
    UNKNOWN,
    amount,
    check_players,
    deck_counts,
    shuffled_counts,
    values,
)
from ai.prohis.tally import report
from ai.protocol import CHANCE, Event, Result

Counts = tuple[int, ...]
ZERO: Counts = (0,) * SLOTS
NOBODY = -2


class Phase(IntEnum):
    TURN = 0
    SECOND = 1  # after a first display pick: another display card, the pile's top, or stop
    COMMIT = 2
    BRIBE = 3
    JUDGE = 4
    REVEAL = 5  # a person's face-down card is turned over: they type what it shows
    OVER = 6
    COUNT = 7  # play is over; the cards the tool did not see are counted (``ai.prohis.ending``)


# verbs
TAKE = "take"  # cards=(kind,) a display card
PILE = "pile"
STOP = "stop"
CONVOY = "convoy"  # cards: the convoy (UNKNOWN for a person's unseen card)
COMMIT = "commit"  # cards=(controller,)
NO_COMMIT = "nocommit"
BRIBE = "bribe"
NO_BRIBE = "nobribe"
ACCEPT = "accept"
REFUSE = "refuse"
INSPECT = "inspect"
DECLINE = "decline"
REVEAL = "reveal"  # cards=(kind,)
DEAL = "deal"  # cards=(kind,) a typed card from the real deck
PASS = "pass"


@dataclass(frozen=True, slots=True, order=True)
class Act:
    """One action; ``cards`` is a sorted tuple of card types where the verb takes cards (a person's convoy: as
    typed, the order its cards lie in face down, left to right)."""

    verb: str
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ProhisConfig:
    players: int = 4
    names: tuple[str, ...] = ()
    physical: bool = False
    #: The seats of people. Physical mode: the tool never sees their cards. Dealer mode: the tool deals and keeps
    #: their cards like a bot's (nothing physical moves for them: they look with ``hand``); see ``ai.prohis.steps``.
    untracked: tuple[int, ...] = ()
    seed_values: bool = False
    pass_any_time: bool = False

    def __post_init__(self) -> None:
        check_players(self.players)
        if self.names and len(self.names) != self.players:
            raise ValueError(f"{self.players} players need {self.players} names, not {len(self.names)}")
        if any(not 0 <= s < self.players for s in self.untracked):
            raise ValueError("an untracked seat is not at the table")

    def name(self, seat: int) -> str:
        return self.names[seat] if self.names else f"Seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class ProhisState:
    config: ProhisConfig
    seed: int
    hands: tuple[Counts, ...]
    warehouses: tuple[Counts, ...]
    #: The part of each warehouse every player has seen go in (turned cards, controllers put there openly).
    public: tuple[Counts, ...]
    display: tuple[int | None, ...]
    #: The draw pile, top last (``UNKNOWN`` cards in physical mode).
    pile: tuple[int, ...]
    active: int
    phase: Phase = Phase.TURN
    convoy: tuple[int, ...] = ()
    #: The order in which the convoy's positions are turned over.
    order: tuple[int, ...] = ()
    turned: int = 0
    commits: tuple[int | None, ...] = ()
    asking: int = NOBODY
    inspector: int = NOBODY
    bribe: Counts = ZERO
    offered: bool = False
    #: Typed cards awaited (physical mode): a seat's hand (>= 0) or display slot ``-1 - slot``.
    pending: tuple[int, ...] = ()
    passes: int = 0
    #: Turns left once the pile has emptied (the final round); ``None`` before.
    final_left: int | None = None
    turn: int = 0
    reason: str = ""

    @property
    def n(self) -> int:
        return self.config.players

    def tracked(self, seat: int) -> bool:
        """Whether the tool knows ``seat``'s cards: every seat's in dealer mode, only the bots' in physical mode."""
        return not (self.config.physical and seat in self.config.untracked)

    def person(self, seat: int) -> bool:
        return seat in self.config.untracked

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])


_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(ProhisState))
_VALUES = operator.attrgetter(*_FIELDS)
_SET = object.__setattr__


def _replace(state: ProhisState, **changes: Any) -> ProhisState:
    """``dataclasses.replace`` for states, twice as fast (the search applies thousands of moves a second)."""
    new = object.__new__(ProhisState)
    for name, value in zip(_FIELDS, _VALUES(state), strict=True):
        _SET(new, name, value)
    for name, value in changes.items():
        _SET(new, name, value)
    return new


# -- counts --


def add(counts: Counts, cards: Iterable[int]) -> Counts:
    out = list(counts)
    for card in cards:
        out[card] += 1
    return tuple(out)


def plus(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.add, a, b))


def minus(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.sub, a, b))


def counts_of(cards: Iterable[int]) -> Counts:
    return add(ZERO, cards)


def cards_of(counts: Counts) -> tuple[int, ...]:
    return tuple(kind for kind, n in enumerate(counts) for _ in range(n))


def cards_text(cards: Iterable[int]) -> str:
    """``2 legal, 1 illegal`` (long), for sentences."""
    counts = counts_of(cards)
    parts = [amount(n, k) for k, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


def short(cards: Iterable[int]) -> str:
    return " ".join(LETTERS[c] for c in sorted(cards))


# -- setup --


def initial_state(config: ProhisConfig, seed: int) -> ProhisState:
    rng = random.Random(seed)
    n = config.players
    first = rng.randrange(n)
    base = counts_of((CAPTAIN, INSPECTOR))
    if not config.physical:
        deck = list(cards_of(shuffled_counts(n)))
        rng.shuffle(deck)
        hands = []
        for _ in range(n):
            hands.append(add(base, deck[-DEALT:]))
            del deck[-DEALT:]
        display = tuple(deck[-DISPLAY:])[::-1]
        del deck[-DISPLAY:]
        return ProhisState(
            config, seed, tuple(hands), (ZERO,) * n, (ZERO,) * n, tuple(display), tuple(deck), first,
            commits=(None,) * n,
        )  # fmt: skip
    size = sum(shuffled_counts(n)) - DEALT * n - DISPLAY
    hands = []
    pending: list[int] = []
    for seat in range(n):
        if seat in config.untracked:
            hands.append(add(ZERO, [UNKNOWN] * (DEALT + 2)))
        else:
            hands.append(base)
            pending += [seat] * DEALT
    pending += [-1 - slot for slot in range(DISPLAY)]
    return ProhisState(
        config, seed, tuple(hands), (ZERO,) * n, (ZERO,) * n, (None,) * DISPLAY, (UNKNOWN,) * size, first,
        commits=(None,) * n, pending=tuple(pending),
    )  # fmt: skip


# -- what is known --


def known_counts(state: ProhisState) -> Counts:
    """Per card type, the cards in play wherever they are; ``UNKNOWN`` counts the cards not seen."""
    total = ZERO
    for counts in (*state.hands, *state.warehouses):
        total = plus(total, counts)
    total = add(total, (c for c in state.display if c is not None))
    total = add(total, state.pile)
    total = add(total, state.convoy)
    total = plus(total, state.bribe)
    total = add(total, (c for c in state.commits if c is not None))
    # physical mode: cards dealt or turned up but not typed yet
    return add(total, [UNKNOWN] * len(state.pending))


def pool(state: ProhisState) -> Counts:
    """Per card type, how many are among the cards the tool has not seen (``UNKNOWN`` anywhere)."""
    deck = deck_counts(state.n)
    known = known_counts(state)
    return (*(deck[k] - known[k] for k in KINDS), 0)


def total_cards(state: ProhisState) -> int:
    return sum(known_counts(state))


# -- whose turn --


def unseen_seats(state: ProhisState) -> list[int]:
    """The seats whose hand or warehouse holds cards the tool did not see (a person's; a bot's that stored a
    person's convoy unturned)."""
    return [s for s in range(state.n) if state.hands[s][UNKNOWN] or state.warehouses[s][UNKNOWN]]


def to_move(state: ProhisState) -> int:
    if state.phase == Phase.COUNT:  # a person counts their own cards; a bot's warehouse is the table's
        seat = unseen_seats(state)[0]
        return CHANCE if state.tracked(seat) else seat
    if state.pending:
        return CHANCE
    if state.phase == Phase.OVER:
        return NOBODY
    if state.phase == Phase.COMMIT:
        return state.asking
    if state.phase == Phase.JUDGE:
        return state.inspector
    return state.active


def can_draw(state: ProhisState, seat: int) -> bool:
    has_source = bool(state.pile) or any(c is not None for c in state.display)
    return state.hand_size(seat) < HAND_LIMIT and has_source


def can_pass(state: ProhisState) -> bool:
    seat = state.active
    if state.config.pass_any_time or not state.pile:
        return True
    return not can_draw(state, seat) and state.hand_size(seat) < CONVOY_MIN


def may_commit(state: ProhisState, seat: int) -> bool:
    hand = state.hands[seat]
    if hand[LIEUTENANT] or hand[CAPTAIN] or hand[INSPECTOR]:
        return True
    if not hand[UNKNOWN]:
        return False
    p = pool(state)
    return any(p[k] for k in CONTROLLERS)


def sub_multisets(counts: Counts, low: int, high: int) -> list[tuple[int, ...]]:
    """Every sorted multiset of ``low``–``high`` cards taken from ``counts``."""
    kinds = [k for k in range(SLOTS) if counts[k]]
    out = []
    for combo in itertools.product(*(range(min(counts[k], high) + 1) for k in kinds)):
        size = sum(combo)
        if low <= size <= high:
            out.append(tuple(k for k, m in zip(kinds, combo, strict=True) for _ in range(m)))
    return out


def _display_kinds(state: ProhisState) -> list[int]:
    return sorted({c for c in state.display if c is not None})


def legal_actions(state: ProhisState) -> list[Act]:
    """Every action of the mover. For a person at a physical table (``UNKNOWN`` hand) the typed forms with
    card types are checked by ``check`` instead (there are too many to list)."""
    phase = state.phase
    if phase in (Phase.OVER, Phase.COUNT):  # the count is typed and checked by ``ai.prohis.ending``
        return []
    if state.pending:
        p = pool(state)
        return [Act(DEAL, (k,)) for k in (LEGAL, ILLEGAL, LIEUTENANT) if p[k]]
    seat = to_move(state)
    hand = state.hands[seat]
    if phase == Phase.TURN:
        acts: list[Act] = []
        if can_draw(state, seat):
            acts += [Act(TAKE, (k,)) for k in _display_kinds(state)]
            if state.pile:
                acts.append(Act(PILE))
        acts += [Act(CONVOY, cards) for cards in sub_multisets(hand, CONVOY_MIN, CONVOY_MAX)]
        if can_pass(state):
            acts.append(Act(PASS))
        return acts
    if phase == Phase.SECOND:
        acts = [Act(TAKE, (k,)) for k in _display_kinds(state)]
        if state.pile:
            acts.append(Act(PILE))
        return [*acts, Act(STOP)]
    if phase == Phase.COMMIT:
        if hand[UNKNOWN]:
            p = pool(state)
            kinds = [k for k in CONTROLLERS if p[k] or hand[k]]
        else:
            kinds = [k for k in CONTROLLERS if hand[k]]
        return [Act(NO_COMMIT), *(Act(COMMIT, (k,)) for k in kinds)]
    if phase == Phase.BRIBE:
        if hand[UNKNOWN] and state.tracked(state.inspector):
            p = pool(state)
            typed = add(ZERO, (k for k in KINDS for _ in range(min(p[k], hand[UNKNOWN]))))
            options = sub_multisets(typed, 1, min(hand[UNKNOWN], 2))
        else:
            options = sub_multisets(hand, 1, sum(hand))
        return [Act(NO_BRIBE), *(Act(BRIBE, cards) for cards in options)]
    if phase == Phase.JUDGE:
        return [Act(ACCEPT), Act(REFUSE)] if state.offered else [Act(INSPECT), Act(DECLINE)]
    # REVEAL
    p = pool(state)
    return [Act(REVEAL, (k,)) for k in KINDS if p[k]]


def check(state: ProhisState, act: Act) -> str | None:
    """Why ``act`` is not possible now (one line for the person), or ``None``."""
    if act in legal_actions(state):
        return None
    phase = state.phase
    if phase == Phase.OVER:
        return "the game is over"
    seat = to_move(state)
    who = "the deck" if seat == CHANCE else state.config.name(seat)
    if state.pending:
        if act.verb != DEAL:
            return f"first type the card {_pending_text(state)}"
        return _check_deal(state, act.cards)
    hand = state.hands[seat]
    if act.verb in (CONVOY, BRIBE, COMMIT) and hand[UNKNOWN]:
        verbs = {Phase.TURN: (CONVOY,), Phase.COMMIT: (COMMIT,), Phase.BRIBE: (BRIBE,)}
        if act.verb in verbs.get(phase, ()):
            return _check_typed(state, seat, act)
    expected = {
        Phase.TURN: "take, pile, convoy" + (" or pass" if can_pass(state) else ""),
        Phase.SECOND: "take, pile or stop",
        Phase.COMMIT: "inspect with a controller, or no",
        Phase.BRIBE: "bribe CARDS or no",
        Phase.JUDGE: "accept or refuse" if state.offered else "inspect or decline",
        Phase.REVEAL: "the card turned over",
    }[phase]
    if act.verb in (TAKE, PILE) and phase == Phase.TURN and state.hand_size(seat) >= HAND_LIMIT:
        return f"{who} holds {state.hand_size(seat)} cards: no drawing with {HAND_LIMIT} or more"
    if act.verb == TAKE and phase in (Phase.TURN, Phase.SECOND):
        return f"no {NAMES[act.cards[0]]} card in the display"
    if act.verb == PILE and phase in (Phase.TURN, Phase.SECOND):
        return "the draw pile is empty"
    if act.verb == PASS and phase == Phase.TURN:
        return "no passing while the draw pile has cards and another action is possible"
    if act.verb == CONVOY and phase == Phase.TURN:
        size = len(act.cards)
        if not CONVOY_MIN <= size <= CONVOY_MAX:
            return f"a convoy has {CONVOY_MIN} to {CONVOY_MAX} cards, not {size}"
        if UNKNOWN in act.cards:  # a count: the tool keeps this hand, so the cards are named
            return "name the convoy's cards by letter, as they lie: e.g. convoy g g x"
        return _not_held(
            state, seat, f"{who}'s hand does not hold {cards_text(act.cards)}", "send that convoy"
        )
    if act.verb == COMMIT and phase == Phase.COMMIT:
        return _not_held(state, seat, f"{who} holds no {NAMES[act.cards[0]]}", "inspect with that")
    if act.verb == BRIBE and phase == Phase.BRIBE:
        if UNKNOWN in act.cards:
            return "name the bribe's cards by letter: e.g. bribe g g"
        return _not_held(
            state, seat, f"{who}'s hand does not hold {cards_text(act.cards)}", "offer that bribe"
        )
    if act.verb == REVEAL and phase == Phase.REVEAL:
        return f"no {NAMES[act.cards[0]]} card can be there: all are accounted for"
    return f"now {state.config.name(seat)}: {expected}"


def _not_held(state: ProhisState, seat: int, text: str, what: str) -> str:
    """A refusal that names what a hand does not hold; with several people seated at one shared screen, one
    that does not (``Ben cannot inspect with that``): the others would learn what the hand holds."""
    if state.person(seat) and len(state.config.untracked) > 1:
        return f"{state.config.name(seat)} cannot {what}"
    return text


def _holds_only(state: ProhisState, seat: int) -> str:
    size = state.hand_size(seat)
    return f"{state.config.name(seat)} holds only {size} card{'s' if size != 1 else ''}"


def _check_typed(state: ProhisState, seat: int, act: Act) -> str | None:
    """A person at a physical table names cards the tool has not seen: possible if enough are unseen."""
    hand = state.hands[seat]
    size = len(act.cards)
    if act.verb == CONVOY and not CONVOY_MIN <= size <= CONVOY_MAX:
        return f"a convoy has {CONVOY_MIN} to {CONVOY_MAX} cards, not {size}"
    if act.verb == BRIBE and size < 1:
        return "a bribe is at least one card"
    if act.verb == BRIBE and UNKNOWN in act.cards and state.tracked(state.inspector):
        return f"{state.config.name(state.inspector)} is a bot: name the bribe's cards (e.g. bribe g g)"
    if size > state.hand_size(seat):
        return _holds_only(state, seat)
    need = counts_of(c for c in act.cards if c != UNKNOWN)
    p = pool(state)
    for k in KINDS:
        if need[k] > hand[k] + min(p[k], hand[UNKNOWN]):
            most = hand[k] + min(p[k], hand[UNKNOWN])
            return f"{state.config.name(seat)} cannot hold {amount(need[k], k)}: at most {most} can be in that hand"
    if sum(max(0, need[k] - hand[k]) for k in KINDS) + act.cards.count(UNKNOWN) > hand[UNKNOWN]:
        return _holds_only(state, seat)
    return None


def due(state: ProhisState) -> int:
    """How many typed cards in a row go to the same place now: the cards still dealt to one seat, or the
    display slots still to turn up (physical mode)."""
    if not state.pending:
        return 0
    first = state.pending[0]
    n = 0
    for target in state.pending:
        if target != first and (first >= 0 or target >= 0):
            break
        n += 1
    return n


def _check_deal(state: ProhisState, cards: tuple[int, ...]) -> str | None:
    """Several cards typed at once for one seat or the display (physical mode): one line if they cannot be."""
    n = due(state)
    if not 1 <= len(cards) <= n:
        target = state.pending[0]
        where = state.config.name(target) if target >= 0 else "the display"
        return f"{where} has {n} card{'s' if n != 1 else ''} still due, not {len(cards)}"
    p = pool(state)
    for kind in sorted(set(cards)):
        if kind not in (LEGAL, ILLEGAL, LIEUTENANT):
            return "the deck holds only goods and lieutenants"
        if cards.count(kind) > p[kind]:
            return f"only {amount(p[kind], kind)} can still be in the deck"
    return None


def _pending_text(state: ProhisState) -> str:
    target = state.pending[0]
    if target >= 0:
        return f"drawn for {state.config.name(target)}"
    return f"turned up in display slot {-target}"


# -- apply --


def _take_from_hand(state: ProhisState, seat: int, cards: Sequence[int]) -> ProhisState:
    hand = list(state.hands[seat])
    for card in cards:
        if hand[card]:
            hand[card] -= 1
        else:  # a person's unseen card, named now
            hand[UNKNOWN] -= 1
    return _set(state, "hands", seat, tuple(hand))


def _give_hand(state: ProhisState, seat: int, cards: Sequence[int]) -> ProhisState:
    if not state.tracked(seat):
        cards = [UNKNOWN] * len(cards)
    return _set(state, "hands", seat, add(state.hands[seat], cards))


def _give_warehouse(
    state: ProhisState, seat: int, cards: Sequence[int], public: Sequence[int] = ()
) -> ProhisState:
    state = _set(state, "warehouses", seat, add(state.warehouses[seat], cards))
    if public:
        state = _set(state, "public", seat, add(state.public[seat], public))
    return state


def _set(state: ProhisState, name: str, seat: int, value: Counts) -> ProhisState:
    items = list(getattr(state, name))
    items[seat] = value
    changes: dict[str, Any] = {name: tuple(items)}
    return _replace(state, **changes)


def _rng(state: ProhisState, what: str) -> random.Random:
    return random.Random(f"{state.seed}/{what}/{state.turn}")


def apply(state: ProhisState, act: Act, events: list[Event] | None = None) -> ProhisState:
    """The state after ``act`` (assumed legal: ``check`` first); sentences for people go to ``events``."""
    ev: list[Event] = events if events is not None else []
    name = state.config.name
    verb = act.verb
    if verb == DEAL:
        for kind in act.cards:  # several cards typed at once: dealt in the order typed
            state = _deal(state, kind, ev)
        return state
    seat = to_move(state)
    if verb == TAKE:
        kind = act.cards[0]
        slot = state.display.index(kind)
        state = _give_hand(state, seat, [kind])
        display = list(state.display)
        display[slot] = None
        pile = state.pile
        pending = state.pending
        if pile:
            if state.config.physical:
                pending = (*pending, -1 - slot)
            else:
                display[slot] = pile[-1]
            pile = pile[:-1]
        ev.append(
            Event(
                "take",
                f"{name(seat)} takes {_a(NAMES[kind])} card from the display (slot {slot + 1}).",
                _d(seat, card=NAMES[kind], slot=slot + 1),
            )
        )
        new = display[slot]
        if new is not None:
            text = f"Display slot {slot + 1} gets {_a(NAMES[new])} card from the pile."
            ev.append(Event("refill", text, {"card": NAMES[new], "slot": slot + 1}))
        first = state.phase == Phase.TURN
        state = _replace(state, display=tuple(display), pile=pile, pending=pending)
        if first:
            return _replace(state, phase=Phase.SECOND)
        return _end_turn(state, ev)
    if verb == PILE:
        top = state.pile[-1]
        state = _replace(state, pile=state.pile[:-1])
        ev.append(Event("pile", f"{name(seat)} draws the top card of the pile.", _d(seat)))
        if top == UNKNOWN and state.tracked(seat):
            state = _replace(state, pending=(*state.pending, seat))
        else:
            state = _give_hand(state, seat, [top])
            if top != UNKNOWN:
                ev.append(Event("drawn", f"You drew {_a(NAMES[top])} card.", _d(seat, card=NAMES[top]), seat))
        return _end_turn(state, ev)
    if verb == STOP:
        return _end_turn(state, ev)
    if verb == PASS:
        passes = state.passes + 1
        ev.append(Event("pass", f"{name(seat)} passes.", _d(seat)))
        if passes >= state.n:
            return _over(_replace(state, passes=passes), "every player passed in turn", ev)
        return _end_turn(_replace(state, passes=passes), ev, passed=True)
    if verb == CONVOY:
        return _convoy(state, seat, act.cards, ev)
    if verb in (COMMIT, NO_COMMIT):
        commits = list(state.commits)
        if verb == COMMIT:
            kind = act.cards[0]
            state = _take_from_hand(state, seat, [kind])
            commits[seat] = kind
            ev.append(
                Event(
                    "commit",
                    f"{name(seat)} puts {_a(NAMES[kind])} forward to inspect.",
                    _d(seat, controller=NAMES[kind]),
                )
            )
        else:
            ev.append(Event("nocommit", f"{name(seat)} does not inspect.", _d(seat)))
        state = _replace(state, commits=tuple(commits))
        return _ask_next(state, seat, ev)
    if verb == BRIBE:
        state = _take_from_hand(state, seat, act.cards)
        insp = state.inspector
        ev.append(
            Event(
                "bribe",
                f"{name(seat)} offers {name(insp)} a bribe of {len(act.cards)} card{'s' if len(act.cards) > 1 else ''}.",
                _d(seat, to=name(insp), size=len(act.cards)),
            )
        )
        if UNKNOWN not in act.cards:
            text = f"{name(seat)} offers you: {cards_text(act.cards)}."
            ev.append(
                Event(
                    "bribe_cards", text, _d(seat, to=name(insp), cards=short(act.cards)), insp, screened=True
                )
            )
        return _replace(state, bribe=counts_of(act.cards), offered=True, phase=Phase.JUDGE)
    if verb == NO_BRIBE:
        ev.append(Event("nobribe", f"{name(seat)} offers no bribe.", _d(seat)))
        return _replace(state, phase=Phase.JUDGE)
    if verb == ACCEPT:
        controller = state.commits[seat]
        assert controller is not None
        ev.append(
            Event(
                "accept", f"{name(seat)} accepts the bribe; {name(state.active)}'s convoy passes.", _d(seat)
            )
        )
        state = _give_warehouse(state, seat, cards_of(state.bribe))
        state = _give_hand(state, seat, [controller])
        state = _give_warehouse(state, state.active, state.convoy, _turned_cards(state))
        return _end_turn(_replace(state, bribe=ZERO), ev)
    if verb == REFUSE:
        ev.append(Event("refuse", f"{name(seat)} refuses the bribe and inspects.", _d(seat)))
        state = _give_hand(state, state.active, cards_of(state.bribe))
        state = _replace(state, bribe=ZERO)
        return _inspect(state, ev)
    if verb == DECLINE:
        controller = state.commits[seat]
        assert controller is not None
        text = f"{name(seat)} lets the convoy pass and puts the {NAMES[controller]} in their own warehouse."
        ev.append(Event("decline", text, _d(seat, controller=NAMES[controller])))
        state = _give_warehouse(state, seat, [controller], [controller])
        state = _give_warehouse(state, state.active, state.convoy)
        return _end_turn(state, ev)
    if verb == INSPECT:
        ev.append(Event("inspect", f"{name(seat)} inspects.", _d(seat)))
        return _inspect(state, ev)
    if verb == REVEAL:
        pos = state.order[state.turned]
        convoy = list(state.convoy)
        convoy[pos] = act.cards[0]
        return _inspect(_replace(state, convoy=tuple(convoy), phase=Phase.JUDGE), ev)
    raise ValueError(f"unknown action {act}")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``: a position counted from the left."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _d(seat: int, **data: object) -> dict[str, object]:
    return {"seat": seat, **data}


def _deal(state: ProhisState, kind: int, ev: list[Event]) -> ProhisState:
    target = state.pending[0]
    state = _replace(state, pending=state.pending[1:])
    if target >= 0:
        ev.append(Event("dealt", f"{state.config.name(target)} gets a card.", _d(target)))
        return _give_hand(state, target, [kind])
    display = list(state.display)
    display[-1 - target] = kind
    text = f"Display slot {-target} shows {_a(NAMES[kind])} card."
    ev.append(Event("refill", text, {"card": NAMES[kind], "slot": -target}))
    return _replace(state, display=tuple(display))


def lay(state: ProhisState, seat: int, cards: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A convoy as it lies, left to right, and the order its positions are turned over (drawn from the seed)."""
    rng = _rng(state, "convoy")
    laid = list(cards)
    rng.shuffle(
        laid
    )  # a bot's convoy: any order (the draw is kept for a person's too: the same turning order)
    if not state.tracked(seat):
        laid = list(cards)  # a person's convoy lies left to right in the order typed
    order = list(range(len(laid)))
    rng.shuffle(order)
    return tuple(laid), tuple(order)


def _convoy(state: ProhisState, seat: int, cards: tuple[int, ...], ev: list[Event]) -> ProhisState:
    state = _take_from_hand(state, seat, cards)
    laid, order = lay(state, seat, cards)
    name = state.config.name
    ev.append(
        Event(
            "convoy",
            f"{name(seat)} sends a convoy of {len(cards)} cards face down.",
            _d(seat, size=len(cards)),
        )
    )
    state = dataclasses.replace(state, convoy=laid, order=order, turned=0, commits=(None,) * state.n)
    return _ask_next(state, seat, ev)


def _ask_next(state: ProhisState, after: int, ev: list[Event]) -> ProhisState:
    """Ask the next opponent whether they inspect. Every opponent is asked, even one whose hand holds no
    controller (their only answer is no): skipping them would tell the table what that hand holds."""
    seat = (after + 1) % state.n
    if seat != state.active:
        return _replace(state, phase=Phase.COMMIT, asking=seat)
    return _resolve_commits(_replace(state, asking=NOBODY), ev)


def _resolve_commits(state: ProhisState, ev: list[Event]) -> ProhisState:
    name = state.config.name
    n = state.n
    seats = [(state.active + i) % n for i in range(1, n)]
    committed = [s for s in seats if state.commits[s] is not None]
    if not committed:
        ev.append(
            Event(
                "unseen",
                f"Nobody inspects: {name(state.active)}'s convoy goes to the warehouse unseen.",
                _d(state.active),
            )
        )
        state = _give_warehouse(state, state.active, state.convoy)
        return _end_turn(state, ev)
    best = max(RANK[state.commits[s] or LIEUTENANT] for s in committed)
    inspector = next(s for s in committed if RANK[state.commits[s] or LIEUTENANT] == best)
    commits = list(state.commits)
    back: list[tuple[int, str]] = []  # the controllers that go back to their owners' hands
    for s in committed:
        if s != inspector:
            kind = commits[s]
            assert kind is not None
            state = _give_hand(state, s, [kind])
            commits[s] = None
            back.append((s, NAMES[kind]))
    controller = commits[inspector]
    assert controller is not None
    text = f"{name(inspector)} will inspect with the {NAMES[controller]} ({RANK[controller]} card{'s' if RANK[controller] > 1 else ''})."
    ev.append(Event("inspector", text, _d(inspector, controller=NAMES[controller], back=back)))
    state = _replace(state, commits=tuple(commits), inspector=inspector, offered=False)
    if state.hand_size(state.active) == 0:
        text = f"{name(state.active)} has no card left to offer as a bribe."
        ev.append(Event("nobribe", text, _d(state.active)))
        return _replace(state, phase=Phase.JUDGE)
    return _replace(state, phase=Phase.BRIBE)


def _turned_cards(state: ProhisState) -> list[int]:
    return [state.convoy[p] for p in state.order[: state.turned]]


def _inspect(state: ProhisState, ev: list[Event]) -> ProhisState:
    name = state.config.name
    insp = state.inspector
    controller = state.commits[insp]
    assert controller is not None
    limit = min(RANK[controller], len(state.convoy))
    while state.turned < limit:
        pos = state.order[state.turned]
        card = state.convoy[pos]
        if card == UNKNOWN:
            return _replace(state, phase=Phase.REVEAL)
        state = _replace(state, turned=state.turned + 1)
        text = f"{name(insp)} turns over the {ordinal(pos + 1)} card from the left of {name(state.active)}'s convoy: {NAMES[card]}."
        ev.append(Event("turned", text, _d(state.active, position=pos + 1, card=NAMES[card])))
        if card == ILLEGAL:
            turned = _turned_cards(state)
            text = f"Caught! {name(insp)} seizes the {len(state.convoy)}-card convoy and stores it with the {NAMES[controller]}."
            ev.append(Event("seized", text, _d(insp, cards=len(state.convoy))))
            if state.person(insp) and UNKNOWN not in state.convoy:
                # a person takes a bot's convoy: the cards never turned over are told to them alone
                text = f"Into your warehouse from {name(state.active)}'s convoy: {cards_text(state.convoy)}."
                ev.append(Event("seized_cards", text, _d(insp, cards=short(state.convoy)), insp))
            state = _give_warehouse(state, insp, [*state.convoy, controller], [*turned, controller])
            return _end_turn(state, ev)
        if card in CONTROLLERS:
            ev.append(Event("informant", "An informant: the inspection stops.", _d(state.active)))
            break
    turned = _turned_cards(state)
    text = f"The convoy passes; {name(state.active)} takes {name(insp)}'s {NAMES[controller]} into hand."
    ev.append(Event("passed", text, _d(state.active, controller=NAMES[controller])))
    state = _give_warehouse(state, state.active, state.convoy, turned)
    state = _give_hand(state, state.active, [controller])
    return _end_turn(state, ev)


def _end_turn(state: ProhisState, ev: list[Event], passed: bool = False) -> ProhisState:
    n = state.n
    final_left = state.final_left
    if final_left is None:
        if not state.pile:
            final_left = n
            ev.append(Event("final", "The draw pile is empty: the final round begins.", {}))
    else:
        final_left -= 1
    state = dataclasses.replace(
        state,
        phase=Phase.TURN,
        convoy=(),
        order=(),
        turned=0,
        commits=(None,) * n,
        asking=NOBODY,
        inspector=NOBODY,
        bribe=ZERO,
        offered=False,
        passes=state.passes if passed else 0,
        final_left=final_left,
        turn=state.turn + 1,
        active=(state.active + 1) % n,
    )
    if final_left == 0:
        return _over(state, "the final round is over", ev)
    return state


def _over(state: ProhisState, reason: str, ev: list[Event]) -> ProhisState:
    if unseen_seats(state):
        ev.append(
            Event(
                "over",
                f"Game over: {reason}. Now the count: the cards the tool did not see are typed in.",
                {"reason": reason},
            )
        )
        return _replace(state, phase=Phase.COUNT, reason=reason)
    state = _replace(state, phase=Phase.OVER, reason=reason)
    ev.append(end_event(state))
    return state


def end_event(state: ProhisState, counted: bool = False) -> Event:
    """Every player's breakdown, the totals and the winner (every card named); ``counted``: after the final
    count, whose start already said why the game is over."""
    name = state.config.name
    names = [name(s) for s in range(state.n)]
    rep = report(names, state.warehouses, state.hands, state.n, state.config.seed_values)
    data = rep.players_data()
    winners = data["winners"]
    return Event(
        "end",
        "\n".join(
            ["The final count:" if counted else f"Game over: {state.reason}. The count:", *rep.lines()]
        ),
        {"reason": state.reason, "winner": winners[0] if len(winners) == 1 else None, **data},
    )


# -- scoring --


def score(hand: Counts, warehouse: Counts, seed_values: bool = False) -> int:
    v = values(seed_values)
    return sum(warehouse[k] * v.warehouse[k] + hand[k] * v.hand[k] for k in KINDS)


def result_of(state: ProhisState) -> Result:
    """The winners by the final count (every card named: after ``Phase.COUNT``)."""
    name = state.config.name
    if unseen_seats(state):
        raise ValueError("cards not seen by the tool are still to be counted")
    scores = tuple(
        float(score(state.hands[s], state.warehouses[s], state.config.seed_values)) for s in range(state.n)
    )
    best = max(scores)
    winners = tuple(s for s in range(state.n) if scores[s] == best)
    who = " and ".join(name(s) for s in winners)
    table = ", ".join(f"{name(s)} {int(scores[s]):,}" for s in range(state.n))
    verb = "share the win" if len(winners) > 1 else "wins"
    return Result(winners, f"{who} {verb} ({table}).", scores)
