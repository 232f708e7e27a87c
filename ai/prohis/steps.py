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

from ai.prohis.components import CONTROLLERS, LIEUTENANT, NAMES, UNKNOWN
from ai.prohis.engine import lay, ordinal
from ai.prohis.notation import display_slots
from ai.prohis.state import DEAL, TOP_BRIBE, TOP_CONVOY, Act, ProhisState
from ai.protocol import Event
from ai.text import plural
from ai.undo_steps import leave_typed


@dataclass(frozen=True, slots=True)
class Move:
    """``who`` moves ``what`` from ``src`` to ``dst`` (``who`` empty: whoever keeps the table)."""

    what: str
    src: str
    dst: str
    who: str = ""

    def forward(self) -> str:
        return _said(self.who, f"move {self.what} from {self.src} to {self.dst}.")

    def back(self) -> str:
        what, src, dst = _plain(self.what), _plain(self.src), _plain(self.dst)
        return _said(self.who, f"move {what} from {dst} back to {src}.")


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
            kept = (
                f"Leave {what} in {taken.src}: the pile's next card, laid in its place, is {taken.what} too"
            )
            out[i] = (take, [Note(f"{kept} {why}.")])
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
        steps.append(Note("Nothing to move at the table: the tool keeps the hidden cards."))
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
        slot = f"display slot {data['slot']}"
        return [  # a real pile: the new display card is turned up now and typed when the prompt asks
            taken,
            Note(
                f"Turn up the pile's top card into {slot} (type it next).",
                f"Put the card in {slot} back on top of the pile.",
            ),
        ]
    if kind == "refill":
        card = _one(str(data["card"]))
        if t.dealer:
            return [Move(card, "the supply", f"display slot {data['slot']}")]
        return [Note(f"Leave it face up in display slot {data['slot']}.")]  # typed: it lay there already
    if kind == "pile":
        if t.dealer:
            return [Note(f"Nothing to take: the tool keeps the pile and {name(seat)}'s hand.")]
        if t.person(seat):
            return [Move("the pile's top card", "the pile", "your hand", name(seat))]
        if t.automa(seat):
            return [
                Move("the pile's top card, unseen", "the pile", f"the top of {name(seat)}'s stock, face down")
            ]
        return [Move("the pile's top card (type it next)", "the pile", f"{name(seat)}'s hand, face down")]
    if kind == "dealt":  # typed (--physical): the card lies in the bot's hand since it was dealt or drawn
        count = int(str(data.get("count", 1)))
        return [Note(f"{'They stay' if count > 1 else 'It stays'} face down in {name(seat)}'s hand.")]
    if kind == "convoy":
        n = int(data["size"])
        if t.person(seat):
            return [
                Note(
                    f"{name(seat)}: your {n} cards lie face down in a row"
                    + (", left to right as typed." if UNKNOWN not in act.cards else " in front of you."),
                    f"{name(seat)}: take your {n} convoy cards back into your hand.",
                )
            ]
        if t.dealer:
            # a person's row is the order typed (``turns.lay``): "the 2nd card from the left" counts in it
            row = ", left to right as typed," if state.person(seat) else ""
            return [
                Note(
                    f"Nothing to lay: the tool keeps {name(seat)}'s convoy of {n} cards{row} and names each card turned over."
                )
            ]
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
        cards = plural(n, "card")
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
            return [Note(f"Nothing to move: the tool keeps {name(seat)}'s bribe.")]
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
    if kind == "pick":  # a person's card at a real table: its owner turns it over (then types it)
        where = f"the {ordinal(int(data['position']))} card from the left of your convoy"
        return [Note(f"{name(active)}: turn over {where}.", f"{name(active)}: turn {where} face down again.")]
    if kind == "turned":
        pos = ordinal(int(data["position"]))
        owner = active
        where = f"the {pos} card from the left of {name(owner)}'s convoy"
        if turned_by_person:  # undone, the owner is asked again what it shows: it stays face up
            return [Note("It stays face up.")]
        if t.person(owner) or not t.dealer:
            return [Note(f"Turn over {where}.", f"Turn {where} face down again.")]
        # "Nothing to turn over" under "Ben turns over the 1st card" read as a contradiction
        return [Note(f"Nothing to move at the table: {name(owner)}'s convoy is kept in the tool.")]
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
                f"face up in {display_slots(before.pending[:n])}"
                if target < 0
                else f"face down in {before.config.name(target)}'s hand"
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
