"""What the hands at a Prohis table do: the steps after each event, and the steps that take an action back.

The physical table. People's hands, warehouses and convoys are always real cards. The display is four real
cards in a row, slots 1 to 4 from the left.

- Dealer mode (the default): the tool runs the deck; the real cards lie in a supply sorted by type, face up.
  Ruling: every hidden card stays in the tool, a person's as well as a bot's: hands, convoys, bribes
  and the cards that go into a warehouse unseen have no physical counterpart, since taking a card from (or
  putting it into) a supply sorted by type would show its type to everyone. A person looks at their cards with
  ``hand`` and types them by letter. Only what the whole table sees is moved in the supply: the display, a
  controller put forward face up while it counts.
- Physical mode (``--physical``): the deck is real; each bot's hand and warehouse are real face-down stacks by
  its seat, kept by whoever types its cards (they see them anyway). A paper automa's (``ProhisConfig.blind``)
  are never typed: its stock lies face down, nobody looks at it, and its top cards are moved unseen; its
  office lies face up; a card is typed only when it is turned over.

Each step is a ``Move`` (a card from one place to another, which undo reads backwards) or a ``Note`` (an act
with its own way back). Steps are built from public facts, except those of a private event (a card dealt to a
person), which go behind the screen with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ai.prohis.components import CONTROLLERS, LIEUTENANT, NAMES, UNKNOWN, card_name, object_name
from ai.prohis.engine import lay, ordinal
from ai.prohis.notation import display_slots
from ai.prohis.state import DEAL, TOP_BRIBE, TOP_CONVOY, Act, ProhisState
from ai.protocol import Event
from ai.undo_steps import leave_typed
from ai.words import current, ptr, tr, trn


@dataclass(frozen=True, slots=True)
class Move:
    """``who`` moves ``what`` from ``src`` to ``dst`` (``who`` empty: whoever keeps the table)."""

    what: str
    src: str
    dst: str
    who: str = ""

    def forward(self) -> str:
        if current() == "en":
            return _said(self.who, f"move {self.what} from {self.src} to {self.dst}.")
        what, src, dst = (_you(self.who, text) for text in (self.what, self.src, self.dst))
        text = tr("move {what} from {src} to {dst}.", what=_thing(what), src=_from(src), dst=_to(dst))
        return _said_in(self.who, text)

    def back(self) -> str:
        what, src, dst = _plain(self.what), _plain(self.src), _plain(self.dst)
        if current() == "en":
            return _said(self.who, f"move {what} from {dst} back to {src}.")
        what, src, dst = (_you(self.who, text) for text in (what, src, dst))
        text = tr("move {what} from {src} back to {dst}.", what=_thing(what), src=_from(dst), dst=_to(src))
        return _said_in(self.who, text)


def _plain(place: str) -> str:
    """A place or card without how it lies or why (``the box, face down`` -> ``the box``), for the way back."""
    return re.sub(r"(, face (down|up)| \(.*\))$", "", place)


@dataclass(frozen=True, slots=True)
class Note:
    """An act that is not a move (turning a card over; nothing to do), and how to take it back (or nothing)."""

    text: str
    undo: str = ""

    def forward(self) -> str:
        return self.text

    def back(self) -> str:
        return self.undo


Step = Move | Note


def _said(who: str, text: str) -> str:
    if who:
        return f"{who}: {text.replace(f'in front of {who}', 'in front of you')}"
    return text[0].upper() + text[1:]


def _said_in(who: str, text: str) -> str:
    """A step made in the table's language, said to ``who`` (or to the table: capitalised)."""
    if who:
        return tr("{name}: {step}", name=who, step=text)
    return text[0].upper() + text[1:]


def _you(who: str, text: str) -> str:
    """``text`` as said to ``who``: the table in front of them is "in front of you"."""
    return text.replace(f"in front of {who}", "in front of you") if who else text


def _one(kind: str) -> str:
    """``a captain``, ``an illegal card``."""
    noun = kind if kind not in ("legal", "illegal") else f"{kind} card"
    return ("an " if noun[0] in "aeiou" else "a ") + noun


class _Table:
    """Where a seat's cards physically are, in the mode of ``state``."""

    def __init__(self, state: ProhisState) -> None:
        self.state = state
        self.name = state.config.name
        self.dealer = not state.config.physical

    def person(self, seat: int) -> bool:
        """Whether ``seat`` holds real hidden cards: a person at a physical table (in dealer mode nobody does)."""
        return not self.state.tracked(seat)

    def real(self, seat: int) -> bool:
        """Whether ``seat``'s hand and warehouse are real cards."""
        return self.person(seat) or not self.dealer

    def automa(self, seat: int) -> bool:
        """Whether ``seat`` is a paper automa at a real table: its stock face down, its office face up."""
        return not self.dealer and seat in self.state.config.blind

    def stock(self, seat: int) -> str:
        return f"the top of {self.name(seat)}'s stock, face down (then shuffle its stock)"

    def hand(self, seat: int) -> str:
        """Where a card into ``seat``'s hand goes; an automa's: its office (only controllers come in openly)."""
        if self.automa(seat):
            return f"{self.name(seat)}'s office, face up"
        if self.person(seat):
            return "your hand"
        return (
            f"{self.name(seat)}'s hand"
            if not self.dealer
            else f"the supply (the tool keeps {self.name(seat)}'s hand)"
        )

    def warehouse(self, seat: int) -> str:
        if self.person(seat):
            return "your warehouse"
        return f"{self.name(seat)}'s warehouse" if not self.dealer else "the supply"

    def who(self, seat: int) -> str:
        return self.name(seat) if self.person(seat) else ""


def annotate(before: ProhisState, act: Act, events: list[Event], after: ProhisState) -> list[Event]:
    """``events`` of ``act`` (applied to ``before``) with their table steps."""
    out = []
    for event, steps in _steps(before, act, events):
        out.append(replace(event, table=tuple(s.forward() for s in steps)) if steps else event)
    del after
    return out


def _steps(before: ProhisState, act: Act, events: Sequence[Event]) -> list[tuple[Event, list[Step]]]:
    """Each event with its steps. After ``reveal`` (a person turned their convoy's card over and typed it) the
    first card turned is already face up."""
    out = []
    turned_by_person = act.verb == "reveal"
    for event in events:
        out.append((event, event_steps(before, act, event, turned_by_person)))
        if event.kind == "turned":
            turned_by_person = False
    return _same_card_kept(out)


def _same_card_kept(out: list[tuple[Event, list[Step]]]) -> list[tuple[Event, list[Step]]]:
    """A display card taken into the supply and one of the same type laid from the supply in its place (dealer
    mode) leave the slot as it was: one step says so, with nothing to take back (was: a move to the supply
    and a move back, and the same two backwards on undo)."""
    for i in range(len(out) - 1):
        (take, steps), (refill, laid) = out[i], out[i + 1]
        taken = steps[0] if take.kind == "take" and refill.kind == "refill" and len(steps) == 1 else None
        if isinstance(taken, Move) and laid == [Move(taken.what, _plain(taken.dst), taken.src)]:
            what = re.sub(r"^an? ", "the ", taken.what)
            why = taken.dst[len(_plain(taken.dst)) :].strip()
            if current() == "en":
                kept = f"Leave {what} in {taken.src}: the pile's next card, laid in its place, is {taken.what} too"
                note = f"{kept} {why}."
            else:
                note = tr(
                    "Leave {what} in {slot}: the pile's next card, laid in its place, is {card} too{why}.",
                    what=_thing(taken.what),
                    slot=_place_in(taken.src),
                    card=_thing(taken.what),
                    why=_suffix(f"x {why}")[1] if why else "",
                )
            out[i] = (take, [Note(note)])
            out[i + 1] = (refill, [])
    return out


#: The events after which cards move (at a real table, or only in the tool: then a step says so).
MOVES = frozenset(
    {"take", "refill", "pile", "dealt", "convoy", "commit", "bribe", "accept", "refuse", "decline", "turned",
     "seized", "passed", "unseen"}
)  # fmt: skip


def event_steps(state: ProhisState, act: Act, event: Event, turned_by_person: bool = False) -> list[Step]:
    """The steps after ``event`` of ``act`` (``state``: the state before ``act``); for an event in ``MOVES``
    at least one, if only to say that the tool keeps the cards that moved."""
    steps = [s for s in _event_steps(state, act, event, turned_by_person) if s is not None]
    if not steps and event.kind in MOVES:
        steps.append(Note(tr("Nothing to move at the table: the tool keeps the hidden cards.")))
    return steps


def _event_steps(state: ProhisState, act: Act, event: Event, turned_by_person: bool) -> Sequence[Step | None]:
    t = _Table(state)
    data = event.data
    kind = event.kind
    seat = int(data.get("seat", -1)) if "seat" in data else -1
    name = t.name
    active = state.active
    if kind == "take":
        card = _one(str(data["card"]))
        into = t.stock(seat) if t.automa(seat) and data["card"] != NAMES[LIEUTENANT] else t.hand(seat)
        taken = Move(card, f"display slot {data['slot']}", into, t.who(seat))
        if t.dealer or not state.pile:
            return [taken]
        slot = data["slot"]
        return [  # a real pile: the new display card is turned up now and typed when the prompt asks
            taken,
            Note(
                tr("Turn up the pile's top card into display slot {slot} (type it next).", slot=slot),
                tr("Put the card in display slot {slot} back on top of the pile.", slot=slot),
            ),
        ]
    if kind == "refill":
        card = _one(str(data["card"]))
        if t.dealer:
            return [Move(card, "the supply", f"display slot {data['slot']}")]
        return [
            Note(tr("Leave it face up in display slot {slot}.", slot=data["slot"]))
        ]  # typed: it lay there already
    if kind == "pile":
        if t.dealer:
            return [Note(tr("Nothing to take: the tool keeps the pile and {name}'s hand.", name=name(seat)))]
        if t.person(seat):
            return [Move("the top card", "the pile", "your hand", name(seat))]
        if t.automa(seat):
            return [Move("the top card, unseen", "the pile", f"the top of {name(seat)}'s stock, face down")]
        return [Move("the top card (type it next)", "the pile", f"{name(seat)}'s hand, face down")]
    if kind == "dealt":  # typed (--physical): the card lies in the bot's hand since it was dealt or drawn
        count = int(str(data.get("count", 1)))
        if count > 1:
            return [Note(tr("They stay face down in {name}'s hand.", name=name(seat)))]
        return [Note(tr("It stays face down in {name}'s hand.", name=name(seat)))]
    if kind == "convoy":
        n = int(data["size"])
        if t.person(seat):
            lie = (
                tr(
                    "{name}: your {n} cards lie face down in a row, left to right as typed.",
                    name=name(seat),
                    n=n,
                )
                if UNKNOWN not in act.cards
                else tr(
                    "{name}: your {n} cards lie face down in a row in front of you.", name=name(seat), n=n
                )
            )
            return [
                Note(lie, tr("{name}: take your {n} convoy cards back into your hand.", name=name(seat), n=n))
            ]
        if t.dealer:
            # a person's row is the order typed (``turns.lay``): "the 2nd card from the left" counts in it
            if state.person(seat):
                text = tr(
                    "Nothing to lay: the tool keeps {name}'s convoy of {n} cards, left to right as typed, and names "
                    "each card turned over.",
                    name=name(seat),
                    n=n,
                )
            else:
                text = tr(
                    "Nothing to lay: the tool keeps {name}'s convoy of {n} cards and names each card turned over.",
                    name=name(seat),
                    n=n,
                )
            return [Note(text)]
        if act.verb == TOP_CONVOY:  # nobody looks: the table turns them over only when inspected
            return [
                Move(
                    f"the top {n} cards of its stock, unseen",
                    f"{name(seat)}'s stock",
                    f"a face-down row in front of {name(seat)}",
                )
            ]
        cards = ", ".join(NAMES[c] for c in lay(state, seat, act.cards)[0])
        return [
            Move(
                f"{n} cards ({cards}, left to right)",
                f"{name(seat)}'s hand",
                f"a face-down row in front of {name(seat)}",
            )
        ]
    if kind == "commit":
        card = str(data["controller"])
        if t.person(seat):
            return [Move(f"your {card}", "your hand", "the table in front of you, face up", name(seat))]
        src = "the supply" if t.dealer else f"{name(seat)}'s {'office' if t.automa(seat) else 'hand'}"
        return [Move(_one(card), src, f"the table in front of {name(seat)}, face up")]
    if kind == "inspector":
        return [_controller_home(t, s, str(c)) for s, c in data.get("back", ())]
    if kind == "bribe":
        insp = state.inspector
        n = int(data["size"])
        cards = f"{n} card{'s' if n != 1 else ''}"  # English: the way back reads it (``_thing`` says it)
        if t.person(seat):
            return [
                Move(
                    f"your bribe of {cards}",
                    "your hand",
                    f"the table in front of {name(insp)}, face down",
                    name(seat),
                )
            ]
        if t.dealer:
            return [Note(tr("Nothing to move: the tool keeps {name}'s bribe.", name=name(seat)))]
        if act.verb == TOP_BRIBE:  # seen by the inspector alone
            shown = "your" if t.person(insp) else f"{name(insp)}'s"
            return [
                Move(
                    f"the top card of its stock, face down, for {shown} eyes only",
                    f"{name(seat)}'s stock",
                    f"the table in front of {name(insp)}",
                )
            ]
        named = ", ".join(NAMES[c] for c in act.cards)  # --physical: whoever keeps a bot's cards sees them
        return [
            Move(
                f"{cards} ({named})", f"{name(seat)}'s hand", f"the table in front of {name(insp)}, face down"
            )
        ]
    if kind == "bribe_cards":
        return []
    if kind == "accept":
        insp = seat
        return [
            *_bribe_to(t, active, insp),
            _controller_home(t, insp, _controller(state, insp)),
            *_convoy_to(t, active, active),
        ]
    if kind == "refuse":
        return _bribe_back(t, active, state.inspector)
    if kind == "decline":
        insp = seat
        return [_controller_to_warehouse(t, insp, str(data["controller"])), *_convoy_to(t, active, active)]
    if kind == "pick":  # a card the tool has not seen: its owner turns it over (then types it)
        pos = ordinal(int(data["position"]))
        if t.automa(active):  # nobody sits at an automa's place: the table turns its card
            return [
                Note(
                    tr(
                        "Turn over the {ordinal} card of {owner}'s convoy, counted from its owner's left.",
                        ordinal=pos,
                        owner=name(active),
                    ),
                    tr(
                        "Turn the {ordinal} card of {owner}'s convoy, counted from its owner's left, face down again.",
                        ordinal=pos,
                        owner=name(active),
                    ),
                )
            ]
        return [
            Note(
                tr(
                    "{name}: turn over the {ordinal} card from the left of your convoy.",
                    name=name(active),
                    ordinal=pos,
                ),
                tr(
                    "{name}: turn the {ordinal} card from the left of your convoy face down again.",
                    name=name(active),
                    ordinal=pos,
                ),
            )
        ]
    if kind == "turned":
        pos = ordinal(int(data["position"]))
        owner = name(active)
        if turned_by_person:  # undone, the owner is asked again what it shows: it stays face up
            return [Note(tr("It stays face up."))]
        if t.person(active) or not t.dealer:
            return [
                Note(
                    tr(
                        "Turn over the {ordinal} card of {owner}'s convoy, counted from its owner's left.",
                        ordinal=pos,
                        owner=owner,
                    ),
                    tr(
                        "Turn the {ordinal} card of {owner}'s convoy, counted from its owner's left, face down again.",
                        ordinal=pos,
                        owner=owner,
                    ),
                )
            ]
        # "Nothing to turn over" under "Ben turns over the 1st card" read as a contradiction
        return [Note(tr("Nothing to move at the table: {name}'s convoy is kept in the tool.", name=owner))]
    if kind == "seized":
        insp = seat
        controller = _controller(state, insp)
        return [*_convoy_to(t, active, insp), _controller_to_warehouse(t, insp, controller)]
    if kind == "passed":
        insp = state.inspector
        return [*_convoy_to(t, active, active), _controller_to_hand(t, insp, active, str(data["controller"]))]
    if kind == "unseen":
        return _convoy_to(t, active, active)
    return []


def _controller(state: ProhisState, seat: int) -> str:
    kind = state.commits[seat]
    if kind is None or kind not in CONTROLLERS:
        return "controller"
    return NAMES[kind]


def _controller_home(t: _Table, seat: int, kind: str) -> Step:
    """``seat``'s controller, put forward, back into its hand."""
    front = f"the table in front of {t.name(seat)}"
    if t.person(seat):
        return Move(f"your {kind}", "the table in front of you", "your hand", t.name(seat))
    return Move(f"{t.name(seat)}'s {kind}", front, t.hand(seat))


def _controller_to_warehouse(t: _Table, seat: int, kind: str) -> Step:
    if t.person(seat):
        return Move(f"your {kind}", "the table in front of you", "your warehouse", t.name(seat))
    return Move(f"{t.name(seat)}'s {kind}", f"the table in front of {t.name(seat)}", t.warehouse(seat))


def _controller_to_hand(t: _Table, insp: int, active: int, kind: str) -> Step:
    """The inspector's controller goes to the active player's hand (the convoy passed)."""
    front = f"the table in front of {t.name(insp)}"
    if t.person(active):
        return Move(f"{t.name(insp)}'s {kind}", front, "your hand", t.name(active))
    if t.person(insp):
        return Move(f"your {kind}", "the table in front of you", t.hand(active), t.name(insp))
    return Move(f"{t.name(insp)}'s {kind}", front, t.hand(active))


def _convoy_to(t: _Table, active: int, dst: int) -> list[Step]:
    """The convoy of ``active`` goes to ``dst``'s warehouse (its own, or the inspector's when seized)."""
    name = t.name
    if t.person(active):
        if t.person(dst):
            if dst == active:
                return [Move("your convoy", "the table", "your warehouse, face down", name(active))]
            return [
                Move(
                    f"{name(active)}'s convoy",
                    f"the table in front of {name(active)}",
                    "your warehouse, face down",
                    name(dst),
                )
            ]
        return [Move(f"{name(active)}'s convoy", "the table", f"{name(dst)}'s warehouse, face down")]
    if t.dealer:
        return []
    return [Move(f"{name(active)}'s convoy", "the table", f"{name(dst)}'s warehouse, face down")]


def _bribe_to(t: _Table, active: int, insp: int) -> list[Step]:
    name = t.name
    front = f"the table in front of {name(insp)}"
    if t.person(insp):
        return [Move("the bribe", front, "your warehouse, face down", name(insp))]
    if t.dealer:
        return []
    return [Move("the bribe", front, f"{name(insp)}'s warehouse, face down")]


def _bribe_back(t: _Table, active: int, insp: int) -> list[Step]:
    name = t.name
    front = f"the table in front of {name(insp)}"
    if t.person(active):
        return [Move("your bribe", front, "your hand", name(active))]
    if t.dealer:
        return []
    if t.automa(active):
        return [Move("the bribe", front, t.stock(active))]
    return [Move("the bribe", front, f"{name(active)}'s hand, face down")]


def undo_span_steps(inputs: Sequence[tuple[ProhisState, Act, Sequence[Event]]]) -> list[str]:
    """What the hands do to take inputs back together (each with the state before it and its events), the latest
    step first: the public steps of their events read backwards (a private event's steps stay behind the screen);
    empty when nothing moved at the table. Cards typed from the real pile (``--physical``) stay where they were
    dealt, drawn or turned up: one step says so and counts them, as in Potra Bash. A card moved out and back
    makes no round trip at the table (``_no_round_trips``)."""
    out: list[Step | str] = []
    for before, act, events in inputs:
        if act.verb == DEAL:
            n = len(act.cards)
            target = before.pending[0]
            where = (
                tr("face up in {slots}", slots=display_slots(before.pending[:n]))
                if target < 0
                else tr("face down in {name}'s hand", name=before.config.name(target))
            )
            out.append(leave_typed(n, where))
            continue
        out += [
            step for event, steps in _steps(before, act, events) if event.private_to is None for step in steps
        ]
    steps = _no_round_trips(out)
    return [text for text in (s if isinstance(s, str) else s.back() for s in reversed(steps)) if text]


def _no_round_trips(steps: list[Step | str]) -> list[Step | str]:
    """``steps`` without the pairs that leave a place as it was: the same kind of card moved between the place
    and the supply one way, then back, with every move of that place between them paired off too (a display
    slot's card laid and taken again; a bot's controller put forward, then back into the hand the tool keeps):
    a hand moves a card only where it ends up elsewhere."""
    dropped: set[int] = set()
    standing: dict[str, list[int]] = {}  # a place: the indices of its moves not paired off, in order
    for i, step in enumerate(steps):
        if not isinstance(step, Move):
            continue
        ends = _ends(step)
        places = [place for place in ends if place != SUPPLY]
        if len(places) == 1:
            moves = standing.setdefault(places[0], [])
            before = steps[moves[-1]] if moves else None
            if isinstance(before, Move) and _kind(before) == _kind(step) and _ends(before) == ends[::-1]:
                dropped |= {moves.pop(), i}
                continue
        for place in places:
            standing.setdefault(place, []).append(i)
    return [step for i, step in enumerate(steps) if i not in dropped]


SUPPLY = "the supply"


def _ends(step: Move) -> tuple[str, str]:
    """Where a move takes a card from and lays it, as places: how it lies and why left out, "you" by name."""

    def place(text: str) -> str:
        text = _plain(text)
        if step.who:
            text = text.replace("in front of you", f"in front of {step.who}").replace(
                "your ", f"{step.who}'s "
            )
        return text

    return place(step.src), place(step.dst)


def _kind(step: Move) -> str:
    """The kind of card a move moves, without its article or owner (``Bot2's lieutenant``: ``lieutenant``)."""
    return re.sub(r"^(an?|the|your|\S+'s) ", "", step.what)


# -- a step's places and cards in the table's language --
#
# A ``Move`` keeps its places and cards in English: taking steps back pairs moves off by those words
# (``_no_round_trips``). Only the sentence said is made in the table's language, from these patterns.

_NAME = r"(?P<name>.+?)"
_CONTROLLER_WORDS = ("lieutenant", "captain", "inspector", "controller")


def _card_word(word: str) -> str:
    """A card type's English name (``NAMES``) as the table reads it."""
    return card_name(NAMES.index(word)) if word in NAMES else word


def _object(word: str) -> str:
    """A controller as a sentence's object without an article: "your {card}", "{name}'s {card}"."""
    return ptr("object", "controller") if word == "controller" else object_name(NAMES.index(word))


def _suffix(text: str) -> tuple[str, str]:
    """A place or card and how it lies or why, apart: ``("the table in front of Ben", ", face up")``."""
    base, tail = _one_suffix(text)
    while tail:
        base, more = _one_suffix(base)
        if not more:
            break
        tail = more + tail
    return base, tail


def _one_suffix(text: str) -> tuple[str, str]:
    match = re.fullmatch(r"(.*?)(, face down|, face up|, unseen| \(.*\))", text)
    if not match:
        return text, ""
    base, tail = match.groups()
    if tail == ", face down":
        return base, tr(", face down")
    if tail == ", face up":
        return base, tr(", face up")
    if tail == ", unseen":
        return base, tr(", unseen")
    if tail == " (then shuffle its stock)":
        return base, tr(" (then shuffle its stock)")
    if tail == " (type it next)":
        return base, tr(" (type it next)")
    kept = re.fullmatch(rf" \(the tool keeps {_NAME}'s hand\)", tail)
    if kept:
        return base, tr(" (the tool keeps {name}'s hand)", name=kept["name"])
    row = re.fullmatch(r" \((?P<cards>.+), left to right\)", tail)
    if row:
        return base, tr(" ({cards}, left to right)", cards=_card_list(row["cards"]))
    return base, f" ({_card_list(tail[2:-1])})"


def _card_list(text: str) -> str:
    """``legal, illegal``: English card names, each as the table reads it."""
    return ", ".join(_card_word(word) for word in text.split(", "))


def _thing(text: str) -> str:
    """What a step moves, as the object of its sentence."""
    base, tail = _suffix(text)
    return _thing_base(base) + tail


def _thing_base(text: str) -> str:
    one = {
        "a legal card": tr("a legal card"),
        "an illegal card": tr("an illegal card"),
        "a lieutenant": tr("a lieutenant"),
        "a captain": tr("a captain"),
        "an inspector": tr("an inspector"),
        "the top card": tr("the top card"),  # taken "from the pile": the place says which
        "the bribe": tr("the bribe"),
        "your bribe": tr("your bribe"),
        "your convoy": tr("your convoy"),
        "the top card of its stock, face down, for your eyes only": tr(
            "the top card of its stock, face down, for your eyes only"
        ),
    }.get(text)
    if one is not None:
        return one
    if m := re.fullmatch(r"the top (?P<n>\d+) cards of its stock", text):
        return trn("the top {n} card of its stock", "the top {n} cards of its stock", int(m["n"]))
    if m := re.fullmatch(r"(?P<n>\d+) cards?", text):
        return trn("{n} card to move", "{n} cards to move", int(m["n"]))  # an id: English never asks
    if m := re.fullmatch(r"your bribe of (?P<n>\d+) cards?", text):
        return trn("your bribe of {n} card", "your bribe of {n} cards", int(m["n"]))
    if m := re.fullmatch(rf"the top card of its stock, face down, for {_NAME}'s eyes only", text):
        return tr("the top card of its stock, face down, for {name}'s eyes only", name=m["name"])
    if m := re.fullmatch(r"your (?P<card>\w+)", text):
        return tr("your {card}", card=_object(m["card"]))
    if m := re.fullmatch(rf"{_NAME}'s convoy", text):
        return tr("{name}'s convoy", name=m["name"])
    if (m := re.fullmatch(rf"{_NAME}'s (?P<card>\w+)", text)) and m["card"] in _CONTROLLER_WORDS:
        return tr(
            "{name}'s {card}, a controller", name=m["name"], card=_object(m["card"])
        )  # an id: no English
    return text


def _place_in(text: str) -> str:
    """A display slot as where a card stays ("in display slot 2")."""
    m = re.fullmatch(r"display slot (?P<slot>\d+)", text)
    return tr("in display slot {slot}", slot=int(m["slot"])) if m else text


def _from(text: str) -> str:
    """Where a step takes a card from, with the word that says so ("from your hand")."""
    base, tail = _suffix(text)
    return _place(base, True) + tail


def _to(text: str) -> str:
    """Where a step lays a card, with the word that says so ("to your hand")."""
    base, tail = _suffix(text)
    return _place(base, False) + tail


def _place(text: str, source: bool) -> str:
    if m := re.fullmatch(r"display slot (?P<slot>\d+)", text):
        slot = int(m["slot"])
        return (
            tr("from display slot {slot}", slot=slot) if source else tr("to display slot {slot}", slot=slot)
        )
    fixed = {
        "your hand": (tr("from your hand"), tr("to your hand")),
        "your warehouse": (tr("from your warehouse"), tr("to your warehouse")),
        "the supply": (tr("from the supply"), tr("to the supply")),
        "the pile": (tr("from the pile"), tr("to the pile")),
        "the table": (tr("from the table"), tr("to the table")),
        "the table in front of you": (
            tr("from the table in front of you"),
            tr("to the table in front of you"),
        ),
        "a face-down row in front of you": (
            tr("from a face-down row in front of you"),
            tr("to a face-down row in front of you"),
        ),
    }.get(text)
    if fixed is not None:
        return fixed[0] if source else fixed[1]
    if m := re.fullmatch(rf"the top of {_NAME}'s stock", text):
        name = m["name"]
        return (
            tr("from the top of {name}'s stock", name=name)
            if source
            else tr("to the top of {name}'s stock", name=name)
        )
    if m := re.fullmatch(rf"the table in front of {_NAME}", text):
        name = m["name"]
        return (
            tr("from the table in front of {name}", name=name)
            if source
            else tr("to the table in front of {name}", name=name)
        )
    if m := re.fullmatch(rf"a face-down row in front of {_NAME}", text):
        name = m["name"]
        return (
            tr("from a face-down row in front of {name}", name=name)
            if source
            else tr("to a face-down row in front of {name}", name=name)
        )
    if m := re.fullmatch(rf"{_NAME}'s (?P<place>hand|warehouse|stock|office)", text):
        name, place = m["name"], m["place"]
        if place == "hand":
            return tr("from {name}'s hand", name=name) if source else tr("to {name}'s hand", name=name)
        if place == "warehouse":
            return (
                tr("from {name}'s warehouse", name=name) if source else tr("to {name}'s warehouse", name=name)
            )
        if place == "stock":
            return tr("from {name}'s stock", name=name) if source else tr("to {name}'s stock", name=name)
        return tr("from {name}'s office", name=name) if source else tr("to {name}'s office", name=name)
    return text
