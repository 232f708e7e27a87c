"""Prohis's one engine (spec: ``shared/rules/prohis.md``): every rule of the game, written once.

``Engine`` is one game in play, mutable: its attributes are the fields of ``state.ProhisState`` under the same
names and of the same immutable types (each seat's counts a tuple, a count per card type, ``components.SLOTS``
of them; the display, the pile (its top last) and the controllers forward tuples); a move replaces a field
whole (``_put`` for one seat's entry). So ``Engine.load`` and ``snapshot`` each copy one dictionary of fields
and nothing else: the table's protocol layer (``ai.prohis.rules``), the arena and the search's tree load,
apply and snapshot at every step, and the search plays out on an engine directly (``ai.prohis.bots.playout``).

The queries (whose move, the legal actions, the one-line refusal, what the tool knows of the cards) are
functions over a ``Table``: an engine or a snapshot, which read alike. ``Engine.apply`` plays one legal action
in place; with ``events`` set to a list it also tells people what happened there (``ai.protocol.Event``), and a
play-out leaves it ``None``. Dealer mode (every card's place known) and physical mode (a real deck: cards typed
in, a person's hand ``UNKNOWN``) are the same rules; the count of unseen cards at the end is ``Engine.count``.
When play ends the engine says why (``reason``); the final count's event is ``ai.prohis.score``'s.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

from ai import rng as seeded
from ai.prohis.components import (
    AUTOMA_LEVELS,
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
    LIEUTENANT,
    NAMES,
    RANK,
    SLOTS,
    UNKNOWN,
    a_kind,
    amount,
    card_name,
    deck_counts,
    kinds_name,
    object_name,
    shuffled_counts,
    the_kind,
)
from ai.prohis.record import near_the_end
from ai.prohis.state import (
    ACCEPT,
    BRIBE,
    BRIBED,
    CAUGHT,
    CLEARED,
    COMMIT,
    CONVOY,
    DEAL,
    DECLINE,
    INSPECT,
    JUDGEMENTS,
    NO_BRIBE,
    NO_COMMIT,
    NO_RECORD,
    NOBODY,
    PASS,
    PILE,
    REFUSE,
    REVEAL,
    STEPPED_EARLY,
    STEPPED_LATE,
    STOOD_EARLY,
    STOOD_LATE,
    STOP,
    TAKE,
    TOP_BRIBE,
    TOP_CONVOY,
    TURN_OVER,
    UNBRIBED,
    ZERO,
    Act,
    Counts,
    Phase,
    ProhisConfig,
    ProhisState,
    add,
    cards_of,
    cards_text,
    counts_of,
    letters,
    minus,
    of_fields,
    plus,
)
from ai.protocol import CHANCE, Event
from ai.words import current, listing, ptr, tr, trn

TURN, SECOND, COMMITTING, BRIBING, JUDGING, REVEALING, OVER, COUNTING, PICKING = tuple(Phase)
_NEW = object.__new__
#: The typed card awaited (``ProhisState.pending``) when an automa's unseen top card is offered to a bot
#: inspector at a physical table: the bot reads its bribe.
BRIBE_DUE = -100
_T = TypeVar("_T")


class Engine:
    """One game in play, mutable; see the module docstring."""

    #: The fields live in ``__dict__`` (copied whole by ``load`` and ``snapshot``); ``events`` is not one.
    __slots__ = ("__dict__", "events")

    config: ProhisConfig
    seed: int
    hands: tuple[Counts, ...]
    warehouses: tuple[Counts, ...]
    #: The part of each warehouse every player has seen go in.
    public: tuple[Counts, ...]
    display: tuple[int | None, ...]
    pile: tuple[int, ...]
    active: int
    phase: Phase
    convoy: tuple[int, ...]
    order: tuple[int, ...]
    turned: int
    commits: tuple[int | None, ...]
    asking: int
    inspector: int
    bribe: Counts
    offered: bool
    pending: tuple[int, ...]
    passes: int
    final_left: int | None
    turn: int
    reason: str
    record: tuple[tuple[int, ...], ...]
    held: tuple[Counts, ...]
    taken: tuple[Counts, ...]
    office: tuple[Counts, ...]
    #: Where ``apply`` tells what happens (``None``: nobody is told, as in a play-out).
    events: list[Event] | None

    # -- snapshots --

    @classmethod
    def load(cls, state: ProhisState, events: list[Event] | None = None) -> Engine:
        """An engine in ``state`` (the snapshot is not changed by playing on it: the engine replaces its fields,
        never changes them)."""
        e = _NEW(cls)
        fields = e.__dict__ = state.__dict__.copy()
        # a state built without offices (``observation.determinize``): nobody's an automa
        if not state.office:
            fields["office"] = (ZERO,) * state.config.players
        e.events = events
        return e

    def snapshot(self) -> ProhisState:
        """The immutable state the game is in now."""
        return of_fields(self.__dict__.copy())

    @classmethod
    def new(cls, config: ProhisConfig, seed: int) -> Engine:
        """The game ``seed`` deals: a random first player (unless the table chose one: ``config.first``); in
        dealer mode the shuffled deck, four cards to each hand besides its captain and inspector, four face up as
        the display; in physical mode the cards to be typed in as the real deck deals them (a person's hand
        unseen)."""
        rng = random.Random(seed)
        n = config.players
        first = seeded.randrange(rng, n)  # drawn even when the table chose: the same seed, the same deal
        if config.first is not None:
            first = config.first
        base = counts_of((CAPTAIN, INSPECTOR))
        # an automa's office: its captain and inspector, and at the harder levels a lieutenant taken from the
        # cards before they are shuffled
        extra = (LIEUTENANT,) if AUTOMA_LEVELS[config.automa_level].lieutenant else ()
        office = tuple(add(base, extra) if s in config.blind else ZERO for s in range(n))
        handicap = len(extra) * len(config.blind)
        if not config.physical:
            deck = list(cards_of(shuffled_counts(n)))
            for _ in range(handicap):
                deck.remove(LIEUTENANT)
            seeded.shuffle(rng, deck)
            hands = []
            for seat in range(n):
                start = office[seat] if seat in config.blind else base
                hands.append(add(start, deck[-DEALT:]))
                del deck[-DEALT:]
            display = tuple(deck[-DISPLAY:])[::-1]
            del deck[-DISPLAY:]
            return cls.load(
                ProhisState(
                    config, seed, tuple(hands), (ZERO,) * n, (ZERO,) * n, display, tuple(deck), first,
                    commits=(None,) * n, record=(NO_RECORD,) * n, held=(base,) * n, taken=(ZERO,) * n,
                    office=office,
                )
            )  # fmt: skip
        size = sum(shuffled_counts(n)) - DEALT * n - DISPLAY - handicap
        hands = []
        pending: list[int] = []
        for seat in range(n):
            if seat in config.untracked:
                hands.append(add(ZERO, [UNKNOWN] * (DEALT + 2)))
            elif seat in config.blind:  # its stock is dealt face down, never typed
                hands.append(add(office[seat], [UNKNOWN] * DEALT))
            else:
                hands.append(base)
                pending += [seat] * DEALT
        pending += [-1 - slot for slot in range(DISPLAY)]
        return cls.load(
            ProhisState(
                config, seed, tuple(hands), (ZERO,) * n, (ZERO,) * n, (None,) * DISPLAY, (UNKNOWN,) * size,
                first, commits=(None,) * n, pending=tuple(pending), record=(NO_RECORD,) * n, held=(base,) * n,
                taken=(ZERO,) * n, office=office,
            )
        )  # fmt: skip

    # -- what a snapshot has too --

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

    # -- play --

    def apply(self, act: Act) -> None:
        """Play ``act`` (legal: ``check`` first)."""
        verb = act.verb
        if verb == DEAL:
            self._deal(act.cards)
            return
        seat = to_move(self)
        if verb in JUDGEMENTS:
            self._note(seat, JUDGEMENTS[verb])
        elif verb == COMMIT or (verb == NO_COMMIT and self._may_step_up(seat)):
            late = near_the_end(len(self.pile), self.n, self.final_left)
            if verb == COMMIT:
                self._note(seat, STEPPED_LATE if late else STEPPED_EARLY)
            else:
                self._note(seat, STOOD_LATE if late else STOOD_EARLY)
        elif verb in (BRIBE, NO_BRIBE):
            self._note(seat, BRIBED if verb == BRIBE else UNBRIBED)
        if verb == TAKE:
            self._take(seat, act.cards[0])
        elif verb == PILE:
            self._pile(seat)
        elif verb == STOP:
            self._end_turn()
        elif verb == PASS:
            self.passes += 1
            if self.events is not None:
                self._say("pass", tr("{name} passes.", name=self._name(seat)), self._seat_data(seat))
            if self.passes >= self.n:
                self._over("every player passed in turn")
            else:
                self._end_turn(passed=True)
        elif verb == CONVOY:
            self._send(seat, act.cards)
        elif verb == TOP_CONVOY:
            self._send(seat, self._top(seat, act.cards[0], "convoy"))
        elif verb == TOP_BRIBE:
            self._offer(seat, self._top(seat, 1, "bribe"))
        elif verb == COMMIT:
            self._commit(seat, act.cards[0])
        elif verb == NO_COMMIT:
            if self.events is not None:
                self._say(
                    "nocommit", tr("{name} does not inspect.", name=self._name(seat)), self._seat_data(seat)
                )
            self._ask_next(seat)
        elif verb == BRIBE:
            self._offer(seat, act.cards)
        elif verb == NO_BRIBE:
            if self.events is not None:
                self._say(
                    "nobribe", tr("{name} offers no bribe.", name=self._name(seat)), self._seat_data(seat)
                )
            self.phase = JUDGING
        elif verb == ACCEPT:
            self._accept(seat)
        elif verb == REFUSE:
            if self.events is not None:
                self._say(
                    "refuse",
                    tr("{name} refuses the bribe and inspects.", name=self._name(seat)),
                    self._judge_data(seat),
                )
            self._give_hand(self.active, cards_of(self.bribe))
            self.bribe = ZERO
            self._inspect()
        elif verb == DECLINE:
            self._decline(seat)
        elif verb == INSPECT:
            if self.events is not None:
                self._say("inspect", tr("{name} inspects.", name=self._name(seat)), self._judge_data(seat))
            self._inspect()
        elif verb == TURN_OVER:
            pos, turned = act.cards[0], self.turned
            rest = [p for p in self.order[turned:] if p != pos]
            self.order = (*self.order[:turned], pos, *rest)
            if (
                self.convoy[pos] == UNKNOWN and self.events is not None
            ):  # its owner turns it over and types it
                owner = self._name(self.active)
                text = tr(
                    "{name} picks the {ordinal} card of {owner}'s convoy, counted from its owner's left.",
                    name=self._name(seat),
                    ordinal=ordinal(pos + 1),
                    owner=owner,
                )
                self._say("pick", text, self._seat_data(seat, owner=owner, position=pos + 1))
            self.phase = JUDGING
            self._inspect(picked=True)
        elif verb == REVEAL:
            convoy = list(self.convoy)
            convoy[self.order[self.turned]] = act.cards[0]
            self.convoy = tuple(convoy)
            self.phase = JUDGING
            self._inspect(picked=True)
        else:
            raise ValueError(f"unknown action {act}")

    def count(self, warehouse: Counts, hand: Counts) -> None:
        """The cards of the seat counted now (``counting``), every one named; once every seat's are, play is
        over."""
        seat = counting(self)
        self.warehouses = _put(self.warehouses, seat, warehouse)
        self.hands = _put(self.hands, seat, hand)
        name = self._name(seat)
        self._say("counted", tr("{name}'s cards are counted.", name=name), {"seat": seat, "player": name})
        if not unseen_seats(self):
            self.phase = OVER

    # -- a turn's draws --

    def _take(self, seat: int, kind: int) -> None:
        slot = self.display.index(kind)
        office = kind == LIEUTENANT
        self._give_hand(seat, (kind,), office=office)
        if not (office and seat in self.config.blind):  # an automa's office lies face up: seen, not unseen
            self.taken = _put(self.taken, seat, add(self.taken[seat], (kind,)))
        new: int | None = None
        if self.pile:
            if self.config.physical:
                self.pending = (*self.pending, -1 - slot)
            else:
                new = self.pile[-1]
            self.pile = self.pile[:-1]
        self.display = _put(self.display, slot, new)
        if self.events is not None:
            self._say(
                "take",
                tr(
                    "{name} takes {card} card from the display (slot {slot}).",
                    name=self._name(seat),
                    card=a_kind(kind),
                    slot=slot + 1,
                ),
                self._seat_data(seat, card=NAMES[kind], slot=slot + 1),
            )
            if new is not None:
                text = tr(
                    "Display slot {slot} gets {card} card from the pile.", slot=slot + 1, card=a_kind(new)
                )
                self._say("refill", text, {"card": NAMES[new], "slot": slot + 1})
        if self.phase == TURN:
            self.phase = SECOND
        else:
            self._end_turn()

    def _pile(self, seat: int) -> None:
        top = self.pile[-1]
        self.pile = self.pile[:-1]
        if self.events is not None:
            self._say(
                "pile",
                tr("{name} draws the top card of the pile.", name=self._name(seat)),
                self._seat_data(seat),
            )
        if top == UNKNOWN and self.tracked(seat) and seat not in self.config.blind:
            self.pending = (*self.pending, seat)
        else:
            self._give_hand(seat, (top,))
            if top != UNKNOWN and self.events is not None:
                self._say(
                    "drawn",
                    tr("You drew {card} card.", card=a_kind(top)),
                    self._seat_data(seat, card=NAMES[top]),
                    seat,
                )
        self._end_turn()

    def _deal(self, kinds: Sequence[int]) -> None:
        """Cards typed from the real deck, in the order typed: into the hand or display slot each is awaited
        for; several dealt to one seat are one event (the table moves them as one)."""
        start = len(self.events) if self.events is not None else 0
        for kind in kinds:
            target = self.pending[0]
            self.pending = self.pending[1:]
            if target == BRIBE_DUE:
                self.bribe = counts_of((kind,))
                if self.events is not None:
                    insp = self._name(self.inspector)
                    text = tr(
                        "{name} offers you: {cards}.", name=self._name(self.active), cards=cards_text((kind,))
                    )
                    data = self._seat_data(self.active, to=insp, cards=letters((kind,)))
                    self.events.append(Event("bribe_cards", text, data, self.inspector, screened=True))
            elif target >= 0:
                self._give_hand(target, (kind,))
                if self.events is not None:
                    last = self.events[-1] if len(self.events) > start else None
                    name = self._name(target)
                    if last is not None and last.kind == "dealt" and last.data["seat"] == target:
                        count = int(str(last.data.get("count", 1))) + 1
                        self.events[-1] = Event(
                            "dealt",
                            trn("{name} gets {n} card.", "{name} gets {n} cards.", count, name=name),
                            {**last.data, "count": count},
                        )
                    else:
                        self._say("dealt", tr("{name} gets a card.", name=name), self._seat_data(target))
            else:
                self.display = _put(self.display, -1 - target, kind)
                text = tr("Display slot {slot} shows {card} card.", slot=-target, card=a_kind(kind))
                self._say("refill", text, {"card": NAMES[kind], "slot": -target})

    # -- a convoy --

    def _send(self, seat: int, cards: tuple[int, ...]) -> None:
        self._take_from_hand(seat, cards)
        self._let_go(seat, len(cards))
        self.convoy, self.order = lay(self, seat, cards)
        if self.events is not None:
            self._say(
                "convoy",
                trn(
                    "{name} sends a convoy of {n} card face down.",
                    "{name} sends a convoy of {n} cards face down.",
                    len(cards),
                    name=self._name(seat),
                ),
                self._seat_data(seat, size=len(cards)),
            )
        self.turned = 0
        self.commits = (None,) * self.n
        self._ask_next(seat)

    def _commit(self, seat: int, kind: int) -> None:
        self._take_from_hand(seat, (kind,))
        if seat in self.config.blind:
            self.office = _put(self.office, seat, minus(self.office[seat], counts_of((kind,))))
        self._hold(seat, kind, -1)
        if kind == LIEUTENANT:
            self._let_go(seat, 1, kind)
        self.commits = _put(self.commits, seat, kind)
        if self.events is not None:
            self._say(
                "commit",
                tr("{name} puts {card} forward to inspect.", name=self._name(seat), card=a_kind(kind)),
                self._seat_data(seat, controller=NAMES[kind]),
            )
        self._ask_next(seat)

    def _ask_next(self, after: int) -> None:
        """Ask the next opponent whether they inspect. Every opponent is asked, even one whose hand holds no
        controller (their only answer is no): skipping them would tell the table what that hand holds."""
        seat = (after + 1) % self.n
        if seat != self.active:
            self.phase = COMMITTING
            self.asking = seat
            return
        self.asking = NOBODY
        self._resolve_commits()

    def _resolve_commits(self) -> None:
        """The highest rank inspects, between equal ranks the one nearest clockwise from the active player; the
        others take their controllers back. Nobody: the convoy goes to the warehouse unseen."""
        n, active, commits = self.n, self.active, self.commits
        inspector, best = NOBODY, 0
        for i in range(1, n):
            seat = (active + i) % n
            kind = commits[seat]
            if kind is not None and RANK[kind] > best:
                inspector, best = seat, RANK[kind]
        if inspector == NOBODY:
            if self.events is not None:
                self._say(
                    "unseen",
                    tr(
                        "Nobody inspects: {name}'s convoy goes to the warehouse unseen.",
                        name=self._name(active),
                    ),
                    self._seat_data(active),
                )
            self._give_warehouse(active, as_known(self))
            self._end_turn()
            return
        back: list[tuple[int, str]] = []  # the controllers that go back to their owners' hands
        for i in range(1, n):
            seat = (active + i) % n
            kind = commits[seat]
            if kind is not None and seat != inspector:
                self._give_hand(seat, (kind,), office=True)
                self._hold(seat, kind, 1)
                commits = _put(commits, seat, None)
                back.append((seat, NAMES[kind]))
        self.commits = commits
        controller = commits[inspector]
        assert controller is not None
        self.inspector = inspector
        self.offered = False
        if self.events is not None:
            # a controller turns over up to its rank, at most the convoy's size
            limit = min(RANK[controller], len(self.convoy))
            text = tr(
                "{name} will inspect with {controller} and may turn over {cards}.",
                name=self._name(inspector),
                controller=the_kind(controller),
                cards=turnable(limit, len(self.convoy)),
            )
            data = self._seat_data(inspector, controller=NAMES[controller], back=back, may_turn=limit)
            self._say("inspector", text, data)
        if self.hand_size(active) == 0:
            if self.events is not None:
                text = tr("{name} has no card left to offer as a bribe.", name=self._name(active))
                self._say("nobribe", text, self._seat_data(active))
            self.phase = JUDGING
        else:
            self.phase = BRIBING

    def _offer(self, seat: int, cards: tuple[int, ...]) -> None:
        self._take_from_hand(seat, cards)
        self._let_go(seat, len(cards))
        insp = self.inspector
        if self.events is not None:
            name = self._name
            self._say(
                "bribe",
                trn(
                    "{name} offers {inspector} a bribe of {n} card.",
                    "{name} offers {inspector} a bribe of {n} cards.",
                    len(cards),
                    name=name(seat),
                    inspector=name(insp),
                ),
                self._seat_data(seat, to=name(insp), size=len(cards)),
            )
            if UNKNOWN not in cards:
                text = tr("{name} offers you: {cards}.", name=name(seat), cards=cards_text(cards))
                data = self._seat_data(seat, to=name(insp), cards=letters(cards))
                self.events.append(Event("bribe_cards", text, data, insp, screened=True))
        self.bribe = counts_of(cards)
        self.offered = True
        self.phase = JUDGING
        if UNKNOWN in cards and self.tracked(insp):  # an automa's top card, read by a bot: typed in
            self.pending = (*self.pending, BRIBE_DUE)

    def _accept(self, seat: int) -> None:
        controller = self.commits[seat]
        assert controller is not None
        if self.events is not None:
            self._say(
                "accept",
                tr(
                    "{name} accepts the bribe; {owner}'s convoy passes.",
                    name=self._name(seat),
                    owner=self._name(self.active),
                ),
                self._judge_data(seat),
            )
        self._give_warehouse(seat, cards_of(bribe_as_known(self)))
        self._give_hand(seat, (controller,), office=True)
        self._hold(seat, controller, 1)
        self._give_warehouse(self.active, as_known(self), turned_cards(self))
        self.bribe = ZERO
        self._end_turn()

    def _decline(self, seat: int) -> None:
        """No bribe, no inspection: the inspector's controller goes to his own warehouse (spec ruling), the
        convoy passes."""
        controller = self.commits[seat]
        assert controller is not None
        if self.events is not None:
            text = tr(
                "{name} lets the convoy pass and puts the {controller} in their own warehouse.",
                name=self._name(seat),
                controller=object_name(controller),
            )
            self._say("decline", text, self._judge_data(seat, controller=NAMES[controller]))
        self._give_warehouse(seat, (controller,), (controller,))
        self._give_warehouse(self.active, as_known(self))
        self._end_turn()

    def _inspect(self, picked: bool = False) -> None:
        """Turn the convoy over, one card at a time up to the controller's rank: an illegal good seizes it with
        the controller; a controller in it stops the inspection; else it passes, and its owner takes the
        inspector's controller. A person inspector chooses each card (``PICK``; ``picked``: the next card is
        chosen already) while more than one lies face down; a bot's follow ``order``. A person's card not typed
        yet: its owner says what it shows (``REVEAL``)."""
        name = self._name
        insp, active, convoy = self.inspector, self.active, self.convoy
        controller = self.commits[insp]
        assert controller is not None
        limit = min(RANK[controller], len(convoy))
        picks = self.person(insp)
        while self.turned < limit:
            if picks and not picked and len(convoy) - self.turned > 1:
                self.phase = PICKING
                return
            picked = False
            pos = self.order[self.turned]
            card = convoy[pos]
            if card == UNKNOWN:
                self.phase = REVEALING
                return
            self.turned += 1
            if self.events is not None:
                text = tr(
                    "{name} turns over the {ordinal} card of {owner}'s convoy, counted from its owner's left: {card}.",
                    name=name(insp),
                    ordinal=ordinal(pos + 1),
                    owner=name(active),
                    card=card_name(card),
                )
                # the convoy's owner, named as such: in every other event ``seat``/``player`` is the one who acts
                owner = {"owner": name(active)}
                self._say("turned", text, {**owner, "position": pos + 1, "card": NAMES[card]})
            if card == ILLEGAL:
                if self.events is not None:
                    text = tr(
                        "Caught! {name} seizes the {n}-card convoy and stores it with {controller}.",
                        name=name(insp),
                        n=len(convoy),
                        controller=the_kind(controller),
                    )
                    self._say("seized", text, self._seat_data(insp, cards=len(convoy)))
                    if self.person(insp) and UNKNOWN not in convoy:
                        # a person takes a bot's convoy: the cards never turned over are told to them alone
                        text = tr(
                            "Into your warehouse from {owner}'s convoy: {cards}.",
                            owner=name(active),
                            cards=cards_text(convoy),
                        )
                        data = self._seat_data(insp, cards=letters(convoy))
                        self.events.append(Event("seized_cards", text, data, insp))
                self._give_warehouse(insp, (*as_known(self), controller), (*turned_cards(self), controller))
                self._note(active, CAUGHT)
                self._end_turn()
                return
            if card in CONTROLLERS:
                if self.events is not None:
                    kind = NAMES[card]
                    text = (
                        tr("A lieutenant in the convoy stops the inspection.")
                        if card == LIEUTENANT
                        else tr("A captain in the convoy stops the inspection.")
                        if card == CAPTAIN
                        else tr("An inspector in the convoy stops the inspection.")
                    )
                    self._say("informant", text, self._seat_data(active, card=kind))
                self._hold(active, card, -1)
                break
        if self.events is not None:
            text = tr(
                "The convoy passes; {name} takes {inspector}'s {controller} into hand.",
                name=name(active),
                inspector=name(insp),
                controller=card_name(controller),
            )
            self._say("passed", text, self._seat_data(active, controller=NAMES[controller]))
        self._give_warehouse(active, as_known(self), turned_cards(self))
        self._give_hand(active, (controller,), office=True)
        self._hold(active, controller, 1)
        self._note(active, CLEARED)
        self._end_turn()

    # -- the end of a turn and of play --

    def _end_turn(self, passed: bool = False) -> None:
        """The next player's turn; the turn in which the pile empties starts the final round (every player one
        more turn), whose last turn ends play."""
        n = self.n
        if self.final_left is None:
            if not self.pile:
                self.final_left = n
                if self.events is not None:
                    self._say("final", tr("The draw pile is empty: the final round begins."), {})
        else:
            self.final_left -= 1
        self.phase = TURN
        self.convoy = ()
        self.order = ()
        self.turned = 0
        self.commits = (None,) * n
        self.asking = NOBODY
        self.inspector = NOBODY
        self.bribe = ZERO
        self.offered = False
        if not passed:
            self.passes = 0
        self.turn += 1
        self.active = (self.active + 1) % n
        if self.final_left == 0:
            self._over("the final round is over")

    def _over(self, reason: str) -> None:
        """Play is over: the count, or first the cards the tool did not see typed in (``Phase.COUNT``)."""
        self.reason = reason
        if unseen_seats(self):
            self._say(
                "over",
                tr(
                    "Game over: {reason}. Now the count: the cards the tool did not see are typed in.",
                    reason=over_reason(reason),
                ),
                {"reason": reason},
            )
            self.phase = COUNTING
        else:
            self.phase = OVER

    # -- moving cards --

    def _take_from_hand(self, seat: int, cards: Iterable[int]) -> None:
        hand = list(self.hands[seat])
        for card in cards:
            if hand[card]:
                hand[card] -= 1
            else:  # a person's unseen card, named now
                hand[UNKNOWN] -= 1
        self.hands = _put(self.hands, seat, tuple(hand))

    def _give_hand(self, seat: int, cards: Sequence[int], office: bool = False) -> None:
        """Cards into ``seat``'s hand; at a physical table a person's hand is not tracked (they become
        ``UNKNOWN``). An automa's (``ProhisConfig.blind``): controllers it receives openly go to its office
        (``office``), anything else onto its stock, which is shuffled, so at a physical table the card is no
        longer known there."""
        automa = seat in self.config.blind
        if not self.tracked(seat) or (automa and not office and self.config.physical):
            cards = [UNKNOWN] * len(cards)
        self.hands = _put(self.hands, seat, add(self.hands[seat], cards))
        if automa and office:
            self.office = _put(self.office, seat, add(self.office[seat], cards))

    def _top(self, seat: int, n: int, what: str) -> tuple[int, ...]:
        """The top ``n`` cards of an automa's shuffled stock, unseen: ``n`` of its cards at random from the
        game's seed (at a physical table, cards the tool has not seen)."""
        cards = cards_of(stock(self, seat))
        rng = random.Random(f"{self.seed}/top/{what}/{self.turn}")
        return tuple(sorted(seeded.sample(rng, cards, n)))

    def _give_warehouse(self, seat: int, cards: Sequence[int], public: Sequence[int] = ()) -> None:
        self.warehouses = _put(self.warehouses, seat, add(self.warehouses[seat], cards))
        if public:
            self.public = _put(self.public, seat, add(self.public[seat], public))

    def _may_step_up(self, seat: int) -> bool:
        """Whether the table knows ``seat`` may hold a captain or an inspector that outranks the controllers
        forward (``held``, public): only then is keeping its controllers back a choice the table saw."""
        forward = 0
        for c in self.commits:  # a loop, not max() over a generator: asked at a third of a game's steps
            if c is not None and RANK[c] > forward:
                forward = RANK[c]
        held = self.held[seat]
        captain = held[CAPTAIN] > 0 and RANK[CAPTAIN] > forward
        return captain or (held[INSPECTOR] > 0 and RANK[INSPECTOR] > forward)

    def _note(self, seat: int, what: int) -> None:
        """One more ``what`` (``state.INSPECTED`` ... ``state.CLEARED``) in ``seat``'s public ``record``."""
        self.record = _put(self.record, seat, add(self.record[seat], (what,)))

    def _hold(self, seat: int, kind: int, change: int) -> None:
        """``seat``'s public ``held`` count of ``kind`` changed by ``change`` (captains and inspectors only: the
        lieutenants are in the deck, and a hand can draw them unseen)."""
        if kind in (CAPTAIN, INSPECTOR):
            held = list(self.held[seat])
            held[kind] += change
            self.held = _put(self.held, seat, tuple(held))

    def _let_go(self, seat: int, count: int, kind: int | None = None) -> None:
        """``count`` cards left ``seat``'s hand unseen (or, with ``kind``, that kind openly): of the display cards it
        took, each kind (or ``kind``) may be among them, so the certain ones drop by ``count`` (never below 0)."""
        taken = self.taken[seat]
        if not any(taken):
            return
        kinds = range(len(taken)) if kind is None else (kind,)
        out = list(taken)
        for k in kinds:
            out[k] = max(0, out[k] - count)
        self.taken = _put(self.taken, seat, tuple(out))

    # -- what people are told --

    def _say(self, kind: str, text: str, data: dict[str, object], private_to: int | None = None) -> None:
        if self.events is not None:
            self.events.append(Event(kind, text, data, private_to))

    def _name(self, seat: int) -> str:
        return self.config.name(seat)

    def _seat_data(self, seat: int, **data: object) -> dict[str, object]:
        return seat_data(self, seat, **data)

    def _judge_data(self, seat: int, **data: object) -> dict[str, object]:
        """A judgement's ``seat_data`` (accept, refuse, decline, inspect) with whose convoy it is: ``smuggler``."""
        return seat_data(self, seat, smuggler=self.config.name(self.active), **data)


def _put(row: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    """``row`` with ``value`` at ``i`` (the engine's fields are tuples, replaced whole: see the module docstring)."""
    out = list(row)
    out[i] = value
    return tuple(out)


#: An engine or a snapshot: the queries read either.
Table = Engine | ProhisState


def seat_data(table: Table, seat: int, **data: object) -> dict[str, object]:
    """An event's actor for ``--json``: the seat's 0-based number and its name, as prompts and the board say it."""
    return {"seat": seat, "player": table.config.name(seat), **data}


def lay(table: Table, seat: int, cards: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A convoy as it lies, left to right, and the order its positions are turned over (drawn from the seed).

    Ruling (spec: the active player puts 2-4 cards face down, the inspector turns them over one at a time; the
    seed: "vous posez face cachée ... devant vous", "le joueur qui effectue le contrôle retourne 1 à 3 cartes"):
    the smuggler lays the row, so a person's convoy lies left to right in the order typed, in dealer mode too,
    where the row exists only in the tool ("the 2nd card from the left" counts in the order typed); a bot's
    lies in a random order. The inspector turns the cards over one at a time, choosing each: a person
    inspector by its place in the row (``TURN_OVER``, while more than one card lies face down); a bot, for
    which the face-down backs look alike, in this order drawn at random when the convoy is laid."""
    rng = random.Random(f"{table.seed}/convoy/{table.turn}")
    laid = list(cards)
    # a bot's row; drawn for a person's too, so that the turning order is the same draw
    seeded.shuffle(rng, laid)
    if table.person(seat):
        laid = list(cards)
    order = list(range(len(laid)))
    seeded.shuffle(rng, order)
    return tuple(laid), tuple(order)


def face_down(table: Table) -> list[int]:
    """The places in the convoy's row (0 = leftmost) of the cards not turned over yet, left to right."""
    up = table.order[: table.turned]
    return [p for p in range(len(table.convoy)) if p not in up]


def as_known(table: Table) -> tuple[int, ...]:
    """The convoy's cards as the table may count them, on the table or once stored. A person's convoy at a
    physical table, typed by its cards, is known to that person alone: every card of it not turned over is
    ``UNKNOWN`` here, as a counted convoy's are, so that no refusal of a card typed in view counts it ("all 6
    are accounted for", "Ben cannot hold 1 lieutenant" would tell everyone what the convoy holds)."""
    if table.tracked(table.active):
        return table.convoy
    up = table.order[: table.turned]
    return tuple(card if pos in up else UNKNOWN for pos, card in enumerate(table.convoy))


def bribe_as_known(table: Table) -> Counts:
    """The bribe as the table may count it, offered or taken. A person's bribe at a physical table, typed by its
    cards, is known to that person and to its inspector alone: it counts as ``UNKNOWN`` cards here, as a stored
    convoy's do (``as_known``), so that no refusal of a card typed in view counts it."""
    if table.tracked(table.active):
        return table.bribe
    return counts_of([UNKNOWN] * sum(table.bribe))


def turned_cards(table: Table) -> list[int]:
    return [table.convoy[p] for p in table.order[: table.turned]]


def turnable(limit: int, size: int) -> str:
    """How many of a convoy's ``size`` cards an inspection may turn over (it stops at an illegal good or a
    controller): ``1 of the 3 cards``, ``both cards``, ``all 3 cards``."""
    if limit < size:
        return trn("{n} of the {size} cards", "{n} of the {size} cards", limit, size=size)
    return tr("both cards") if size == 2 else trn("all {n} card", "all {n} cards", size)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``: a position counted from the left (French ``1re``, ``2e``; in Russian
    the number alone, the sentence adds the ending its case needs: ``{ordinal}-ю``)."""
    lang = current()
    if lang == "ru":
        return str(n)
    if lang == "fr":
        return "1re" if n == 1 else f"{n}e"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def over_reason(reason: str) -> str:
    """Why play ended (``state.reason``, English in ``--json``), as the table reads it."""
    if reason == "every player passed in turn":
        return tr("every player passed in turn")
    if reason == "the final round is over":
        return tr("the final round is over")
    return reason


# -- what is known --


def known_counts(table: Table) -> Counts:
    """Per card type, the cards in play wherever they are; ``UNKNOWN`` counts the cards not seen."""
    total = ZERO
    for counts in (*table.hands, *table.warehouses):
        total = plus(total, counts)
    total = add(total, (c for c in table.display if c is not None))
    total = add(total, table.pile)
    total = add(total, as_known(table))
    total = plus(total, bribe_as_known(table))
    total = add(total, (c for c in table.commits if c is not None))
    # physical mode: cards dealt or turned up but not typed yet
    return add(total, [UNKNOWN] * len(table.pending))


def pool(table: Table) -> Counts:
    """Per card type, how many are among the cards the tool has not seen (``UNKNOWN`` anywhere)."""
    deck = deck_counts(table.n)
    known = known_counts(table)
    return (*(deck[k] - known[k] for k in KINDS), 0)


def reserved(table: Table, seat: int | None = None) -> Counts:
    """Per card type, the unseen cards certainly in the hands of people other than ``seat`` (``None``: of every
    person): the display cards each was seen taking and has not laid face down since (``ProhisState.taken``).
    A person's hand is ``UNKNOWN`` to the tool, so the pool still counts those cards."""
    out = [0] * SLOTS
    for other in range(table.n):
        if other != seat and table.hands[other][UNKNOWN]:
            for k in KINDS:
                out[k] += table.taken[other][k]
    return tuple(out)


def free(table: Table, seat: int | None = None) -> Counts:
    """Per card type, how many unseen cards may be among ``seat``'s (``None``: the deck's): the pool less the
    cards other people certainly hold. Without it a 7th lieutenant could be typed into a display at 3 players
    while a person holds one taken from it."""
    p, kept = pool(table), reserved(table, seat)
    return (*(max(0, p[k] - kept[k]) for k in KINDS), 0)


def total_cards(table: Table) -> int:
    return sum(known_counts(table))


def unseen_seats(table: Table) -> list[int]:
    """The seats whose hand or warehouse holds cards the tool did not see (a person's; a bot's that stored a
    person's convoy unturned)."""
    return [s for s in range(table.n) if table.hands[s][UNKNOWN] or table.warehouses[s][UNKNOWN]]


def counting(table: Table) -> int:
    """The seat whose cards are counted now (``Phase.COUNT``)."""
    return unseen_seats(table)[0]


# -- whose move, and what it may be --


def stock(table: Table, seat: int) -> Counts:
    """An automa's stock (its hand less its office); any other seat's whole hand."""
    hand = table.hands[seat]
    return minus(hand, table.office[seat]) if table.office else hand


def to_move(table: Table) -> int:
    phase = table.phase
    if phase == COUNTING:  # a person counts their own cards; a bot's warehouse is the table's
        seat = counting(table)
        return CHANCE if table.tracked(seat) else seat
    if table.pending:
        return CHANCE
    if phase == OVER:
        return NOBODY
    if phase == COMMITTING:
        return table.asking
    if phase in (JUDGING, PICKING):
        return table.inspector
    if phase == REVEALING and table.active in table.config.blind:  # the table turns the automa's card
        return CHANCE
    return table.active


def can_draw(table: Table, seat: int) -> bool:
    if sum(table.hands[seat]) >= HAND_LIMIT:
        return False
    return bool(table.pile) or any(c is not None for c in table.display)


def can_pass(table: Table) -> bool:
    """Pass once the draw pile is empty, or when no other action is possible (spec ruling; option
    ``pass_any_time``)."""
    seat = table.active
    if table.config.pass_any_time or not table.pile:
        return True
    return not can_draw(table, seat) and sum(stock(table, seat)) < CONVOY_MIN


def may_commit(table: Table, seat: int) -> bool:
    hand = table.office[seat] if seat in table.config.blind else table.hands[seat]
    if hand[LIEUTENANT] or hand[CAPTAIN] or hand[INSPECTOR]:
        return True
    if not hand[UNKNOWN]:
        return False
    p = free(table, seat)
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


_TAKES = tuple(Act(TAKE, (kind,)) for kind in range(SLOTS))
_PILE, _STOP, _PASS = Act(PILE), Act(STOP), Act(PASS)
_NO_COMMIT, _NO_BRIBE = Act(NO_COMMIT), Act(NO_BRIBE)
_COMMITS = {kind: Act(COMMIT, (kind,)) for kind in CONTROLLERS}
_JUDGE_OFFERED = (Act(ACCEPT), Act(REFUSE))
_JUDGE_NONE = (Act(INSPECT), Act(DECLINE))
_TURNS = tuple(Act(TURN_OVER, (pos,)) for pos in range(CONVOY_MAX))
_TOPS = {n: Act(TOP_CONVOY, (n,)) for n in range(CONVOY_MIN, CONVOY_MAX + 1)}
_TOP_BRIBE = Act(TOP_BRIBE)
# the lists that depend only on a hand or the display, kept (hands repeat across play-outs)
_CONVOYS: dict[Counts, tuple[Act, ...]] = {}
_BRIBES: dict[Counts, tuple[Act, ...]] = {}
_COMMIT_LISTS: dict[Counts, tuple[Act, ...]] = {}
_DRAWS: dict[tuple[int | None, ...], tuple[Act, ...]] = {}


def _convoys(hand: Counts) -> tuple[Act, ...]:
    out = _CONVOYS.get(hand)
    if out is None:
        out = _CONVOYS[hand] = tuple(Act(CONVOY, c) for c in sub_multisets(hand, CONVOY_MIN, CONVOY_MAX))
    return out


def _commits(hand: Counts) -> tuple[Act, ...]:
    """No, or one of the hand's controllers (each type once)."""
    out = _COMMIT_LISTS.get(hand)
    if out is None:
        out = _COMMIT_LISTS[hand] = (_NO_COMMIT, *(_COMMITS[k] for k in CONTROLLERS if hand[k]))
    return out


def _bribes(hand: Counts) -> tuple[Act, ...]:
    out = _BRIBES.get(hand)
    if out is None:
        out = _BRIBES[hand] = (_NO_BRIBE, *(Act(BRIBE, c) for c in sub_multisets(hand, 1, sum(hand))))
    return out


def _takes(display: Sequence[int | None]) -> tuple[Act, ...]:
    """One display card to take per type there, in type order."""
    key = tuple(display)
    out = _DRAWS.get(key)
    if out is None:
        out = _DRAWS[key] = tuple(_TAKES[k] for k in sorted({c for c in key if c is not None}))
    return out


def legal_actions(table: Table) -> list[Act]:
    """Every action of the mover. For a person at a physical table (``UNKNOWN`` hand) the typed forms with
    card types are checked by ``check`` instead (there are too many to list)."""
    phase = table.phase
    if phase in (OVER, COUNTING):  # the count is typed and checked by ``ai.prohis.score``
        return []
    if table.pending:
        p = free(table)
        return [Act(DEAL, (k,)) for k in (LEGAL, ILLEGAL, LIEUTENANT) if p[k]]
    if phase == TURN:
        seat = table.active
        acts: list[Act] = []
        if can_draw(table, seat):
            acts += _takes(table.display)
            if table.pile:
                acts.append(_PILE)
        if seat in table.config.blind:  # an automa sends the top cards of its stock
            acts += (_TOPS[k] for k in range(CONVOY_MIN, min(CONVOY_MAX, sum(stock(table, seat))) + 1))
        else:
            acts += _convoys(table.hands[seat])
        if can_pass(table):
            acts.append(_PASS)
        return acts
    if phase == SECOND:
        acts = list(_takes(table.display))
        if table.pile:
            acts.append(_PILE)
        acts.append(_STOP)
        return acts
    if phase == COMMITTING:
        seat = table.asking
        hand = table.hands[seat]
        if seat in table.config.blind:  # only its office's controllers, face up
            return list(_commits(table.office[seat]))
        if hand[UNKNOWN]:  # any controller still unseen, unless the display cards it kept fill the hand
            p = free(table, seat)
            kinds = [
                k for k in CONTROLLERS if hand[k] or (p[k] and _check_typed(table, seat, _COMMITS[k]) is None)
            ]
            return [_NO_COMMIT, *(_COMMITS[k] for k in kinds)]
        return list(_commits(hand))
    if phase == BRIBING:
        seat = table.active
        hand = table.hands[seat]
        if seat in table.config.blind:
            return [_NO_BRIBE, _TOP_BRIBE] if sum(stock(table, seat)) else [_NO_BRIBE]
        if hand[UNKNOWN] and table.tracked(table.inspector):
            p = free(table, seat)
            typed = add(ZERO, (k for k in KINDS for _ in range(min(p[k], hand[UNKNOWN]))))
            bribes = (Act(BRIBE, cards) for cards in sub_multisets(typed, 1, min(hand[UNKNOWN], 2)))
            return [_NO_BRIBE, *(a for a in bribes if _check_typed(table, seat, a) is None)]
        return list(_bribes(hand))
    if phase == JUDGING:
        return list(_JUDGE_OFFERED if table.offered else _JUDGE_NONE)
    if phase == PICKING:
        return [_TURNS[p] for p in face_down(table)]
    # REVEAL: a card of the active seat's convoy
    p = free(table, table.active)
    return [Act(REVEAL, (k,)) for k in KINDS if p[k]]


# -- why not --


def check(table: Table, act: Act) -> str | None:
    """Why ``act`` is not possible now (one line for the person), or ``None``."""
    listed = Act(CONVOY, tuple(sorted(act.cards))) if act.verb == CONVOY else act  # a row typed in any order
    if listed in legal_actions(table):
        return None
    phase = table.phase
    if phase == OVER:
        return tr("the game is over")
    seat = to_move(table)
    who = ptr("prohis", "the deck") if seat == CHANCE else table.config.name(seat)
    if table.pending:
        if act.verb != DEAL:
            return tr("first type the card {which}", which=_pending_text(table))
        return _check_deal(table, act.cards)
    hand = table.hands[seat]
    if act.verb in (CONVOY, BRIBE, COMMIT) and hand[UNKNOWN]:
        verbs = {TURN: (CONVOY,), COMMITTING: (COMMIT,), BRIBING: (BRIBE,)}
        if act.verb in verbs.get(phase, ()):
            return _check_typed(table, seat, act)
    expected = _expected(table, seat)
    size = sum(hand)
    if act.verb in (TAKE, PILE) and phase == TURN and size >= HAND_LIMIT:
        return tr(
            "{name} holds {n} cards: no drawing with {limit} or more", name=who, n=size, limit=HAND_LIMIT
        )
    if act.verb == TAKE and phase in (TURN, SECOND):
        return tr("no {card} card in the display", card=card_name(act.cards[0]))
    if act.verb == PILE and phase in (TURN, SECOND):
        return tr("the draw pile is empty")
    if act.verb == PASS and phase == TURN:
        return tr("no passing while the draw pile has cards and another action is possible")
    if act.verb == CONVOY and phase == TURN:
        n = len(act.cards)
        if not CONVOY_MIN <= n <= CONVOY_MAX:
            return tr("a convoy has {low} to {high} cards, not {n}", low=CONVOY_MIN, high=CONVOY_MAX, n=n)
        if UNKNOWN in act.cards:  # a count: the tool keeps this hand, so the cards are named
            return tr("name the convoy's cards by letter, as they lie: e.g. convoy g g x")
        # typed behind the person's gate when several share the screen (``secret_input``): the hand may be
        # named there
        return _lacking(who, hand, act.cards)
    if act.verb == COMMIT and phase == COMMITTING:
        # asked behind the person's gate when several share the screen (``secret_input``): the hand may be named
        return tr("{name} holds no {card}", name=who, card=card_name(act.cards[0]))
    if act.verb == BRIBE and phase == BRIBING:
        if UNKNOWN in act.cards:
            return tr("name the bribe's cards by letter: e.g. bribe g g")
        return _lacking(who, hand, act.cards)  # behind the gate too
    if act.verb == TURN_OVER and phase == PICKING:
        return _check_turn(table, act.cards[0])
    if act.verb == REVEAL and phase == REVEALING:
        return tr("no {card} card can be there: all are accounted for", card=card_name(act.cards[0]))
    return tr("now {name}: {expected}", name=table.config.name(seat), expected=expected)


def _expected(table: Table, seat: int) -> str:
    """What the seat to move may do now, in a refusal's words."""
    phase = table.phase
    if phase == TURN:
        drawing = can_draw(table, seat)
        if can_pass(table):
            return tr("take, pile, convoy or pass") if drawing else tr("convoy or pass")
        return tr("take, pile, convoy") if drawing else ptr("prohis", "convoy")
    if phase == SECOND:
        return tr("take, pile or stop")
    if phase == COMMITTING:
        return tr("inspect with a controller, or no")
    if phase == BRIBING:
        return tr("bribe CARDS or no")
    if phase == JUDGING:
        return tr("accept or refuse") if table.offered else tr("inspect or decline")
    if phase == REVEALING:
        return tr("the card turned over")
    return tr(
        "turn {places} (counted from {owner}'s left)",
        places=places(table),
        owner=table.config.name(table.active),
    )


def places(table: Table) -> str:
    """The places a person inspector may turn over now, counted from 1 at the left: ``1, 2 or 3``."""
    words = [str(p + 1) for p in face_down(table)]
    return (
        words[0] if len(words) == 1 else tr("{items} or {last}", items=", ".join(words[:-1]), last=words[-1])
    )


def _check_turn(table: Table, pos: int) -> str:
    """Why the card at ``pos`` (0-based) of the convoy's row cannot be turned over: not in the row, or face up
    already."""
    owner = table.config.name(table.active)
    size = len(table.convoy)
    if not 0 <= pos < size:
        return trn(
            "{owner}'s convoy has {n} card: turn {places} (counted from {owner}'s left)",
            "{owner}'s convoy has {n} cards: turn {places} (counted from {owner}'s left)",
            size,
            owner=owner,
            places=places(table),
        )
    return tr(
        "the {ordinal} card from {owner}'s left is face up already: turn {places}",
        ordinal=ordinal(pos + 1),
        owner=owner,
        places=places(table),
    )


def _lacking(who: str, hand: Sequence[int], cards: Iterable[int]) -> str:
    """What a hand lacks for ``cards``, kind by kind: "Ben's hand holds only 1 illegal and no lieutenants"."""
    need = counts_of(cards)
    short = [
        tr("only {cards}", cards=amount(hand[k], k)) if hand[k] else tr("no {cards}", cards=kinds_name(k))
        for k in KINDS
        if need[k] > hand[k]
    ]
    if not short:  # pragma: no cover - a convoy or bribe the hand holds is legal
        return tr("{name}'s hand does not hold {cards}", name=who, cards=cards_text(cards))
    return tr("{name}'s hand holds {what}", name=who, what=listing(short))


def _holds_only(table: Table, seat: int) -> str:
    n = sum(table.hands[seat])
    return trn("{name} holds only {n} card", "{name} holds only {n} cards", n, name=table.config.name(seat))


def _check_typed(table: Table, seat: int, act: Act) -> str | None:
    """A person at a physical table names cards the tool has not seen: possible if enough are unseen."""
    hand = table.hands[seat]
    size = len(act.cards)
    name = table.config.name(seat)
    if act.verb == CONVOY and not CONVOY_MIN <= size <= CONVOY_MAX:
        return tr("a convoy has {low} to {high} cards, not {n}", low=CONVOY_MIN, high=CONVOY_MAX, n=size)
    if act.verb == BRIBE and size < 1:
        return tr("a bribe is at least one card")
    if act.verb == BRIBE and UNKNOWN in act.cards and table.tracked(table.inspector):
        return tr(
            "{name} is a bot: name the bribe's cards (e.g. bribe g g)",
            name=table.config.name(table.inspector),
        )
    if size > sum(hand):
        return _holds_only(table, seat)
    need = counts_of(c for c in act.cards if c != UNKNOWN)
    p = free(table, seat)
    for k in KINDS:
        if need[k] > hand[k] + min(p[k], hand[UNKNOWN]):
            most = hand[k] + min(p[k], hand[UNKNOWN])
            return tr(
                "{name} cannot hold {cards}: at most {most} can be in that hand",
                name=name,
                cards=amount(need[k], k),
                most=most,
            )
    used = sum(max(0, need[k] - hand[k]) for k in KINDS) + act.cards.count(UNKNOWN)
    if used > hand[UNKNOWN]:
        return _holds_only(table, seat)
    # the display cards this seat took are in its hand: in what it lays now, or still held
    kept = [max(0, table.taken[seat][k] - need[k]) for k in KINDS]
    if sum(kept) > hand[UNKNOWN] - used:
        room = hand[UNKNOWN] - used
        held = cards_text(cards_of(tuple(kept)))
        if act.verb == CONVOY:
            return (
                trn(
                    "{name} still holds {cards} taken from the display; that convoy leaves {n} card in the hand",
                    "{name} still holds {cards} taken from the display; that convoy leaves {n} cards in the hand",
                    room,
                    name=name,
                    cards=held,
                )
                if room > 0
                else tr(
                    "{name} still holds {cards} taken from the display; that convoy leaves no card in the hand",
                    name=name,
                    cards=held,
                )
            )
        return (
            trn(
                "{name} still holds {cards} taken from the display; that bribe leaves {n} card in the hand",
                "{name} still holds {cards} taken from the display; that bribe leaves {n} cards in the hand",
                room,
                name=name,
                cards=held,
            )
            if room > 0
            else tr(
                "{name} still holds {cards} taken from the display; that bribe leaves no card in the hand",
                name=name,
                cards=held,
            )
        )
    return None


def due(table: Table) -> int:
    """How many typed cards in a row go to the same place now: the cards still dealt to one seat, or the
    display slots still to turn up (physical mode)."""
    if not table.pending:
        return 0
    first = table.pending[0]
    if first == BRIBE_DUE:
        return 1
    n = 0
    for target in table.pending:
        if target != first and (first >= 0 or target >= 0):
            break
        n += 1
    return n


def _check_deal(table: Table, cards: tuple[int, ...]) -> str | None:
    """Several cards typed at once for one seat or the display (physical mode): one line if they cannot be."""
    n = due(table)
    if not 1 <= len(cards) <= n:
        target = table.pending[0]
        if target < 0:
            return trn(
                "the display has {n} card still due, not {typed}",
                "the display has {n} cards still due, not {typed}",
                n,
                typed=len(cards),
            )
        return trn(
            "{name} has {n} card still due, not {typed}",
            "{name} has {n} cards still due, not {typed}",
            n,
            name=table.config.name(target),
            typed=len(cards),
        )
    p = free(table)
    for kind in sorted(set(cards)):
        if kind not in (LEGAL, ILLEGAL, LIEUTENANT):
            return tr("the deck holds only goods and lieutenants")
        if cards.count(kind) > p[kind]:
            if not p[kind]:
                total = deck_counts(table.n)[kind]
                return tr(
                    "no {card} card can still be in the deck: all {total} are accounted for",
                    card=card_name(kind),
                    total=total,
                )
            return tr("only {cards} can still be in the deck", cards=amount(p[kind], kind))
    return None


def _pending_text(table: Table) -> str:
    target = table.pending[0]
    if target == BRIBE_DUE:
        return tr("{name} offers as a bribe", name=table.config.name(table.active))
    if target >= 0:
        return tr("drawn for {name}", name=table.config.name(target))
    return tr("turned up in display slot {slot}", slot=-target)
