"""Moving Prohis's cards: into and out of hands and warehouses (a person's hand untracked), a card typed from the
real deck, a convoy laid face down, and the end of a turn and of play (the final round, the count)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from ai import rng as seeded
from ai.prohis.cards import (
    CAPTAIN,
    INSPECTOR,
    NAMES,
    UNKNOWN,
)
from ai.prohis.legal import (
    unseen_seats,
)
from ai.prohis.state import (
    NOBODY,
    ZERO,
    Counts,
    Phase,
    ProhisState,
    add,
    replace,
)
from ai.prohis.tally import report
from ai.protocol import Event


def take_from_hand(state: ProhisState, seat: int, cards: Sequence[int]) -> ProhisState:
    hand = list(state.hands[seat])
    for card in cards:
        if hand[card]:
            hand[card] -= 1
        else:  # a person's unseen card, named now
            hand[UNKNOWN] -= 1
    return set_seat(state, "hands", seat, tuple(hand))


def give_hand(state: ProhisState, seat: int, cards: Sequence[int]) -> ProhisState:
    if not state.tracked(seat):
        cards = [UNKNOWN] * len(cards)
    return set_seat(state, "hands", seat, add(state.hands[seat], cards))


def give_warehouse(
    state: ProhisState, seat: int, cards: Sequence[int], public: Sequence[int] = ()
) -> ProhisState:
    state = set_seat(state, "warehouses", seat, add(state.warehouses[seat], cards))
    if public:
        state = set_seat(state, "public", seat, add(state.public[seat], public))
    return state


def set_seat(state: ProhisState, name: str, seat: int, value: Counts) -> ProhisState:
    items = list(getattr(state, name))
    items[seat] = value
    changes: dict[str, Any] = {name: tuple(items)}
    return replace(state, **changes)


def note(state: ProhisState, seat: int, what: int) -> ProhisState:
    """One more ``what`` (``state.INSPECTED`` ... ``state.CLEARED``) in ``seat``'s public ``record``."""
    record = list(state.record)
    counts = list(record[seat])
    counts[what] += 1
    record[seat] = tuple(counts)
    return replace(state, record=tuple(record))


def hold(state: ProhisState, seat: int, kind: int, change: int) -> ProhisState:
    """``seat``'s public ``held`` count of ``kind`` changed by ``change`` (captains and inspectors only: the
    lieutenants are in the deck, and a hand can draw them unseen)."""
    if kind != CAPTAIN and kind != INSPECTOR:
        return state
    held = list(state.held[seat])
    held[kind] += change
    return set_seat(state, "held", seat, tuple(held))


def took(state: ProhisState, seat: int, kind: int) -> ProhisState:
    """``seat`` took a ``kind`` from the display into its hand, openly (``ProhisState.taken``)."""
    taken = list(state.taken[seat])
    taken[kind] += 1
    return set_seat(state, "taken", seat, tuple(taken))


def let_go(state: ProhisState, seat: int, count: int, kind: int | None = None) -> ProhisState:
    """``count`` cards left ``seat``'s hand unseen (or, with ``kind``, that kind openly): of the display cards it
    took, each kind (or ``kind``) may be among them, so the certain ones drop by ``count`` (never below 0)."""
    kinds = range(len(state.taken[seat])) if kind is None else (kind,)
    taken = list(state.taken[seat])
    for k in kinds:
        taken[k] = max(0, taken[k] - count)
    return set_seat(state, "taken", seat, tuple(taken))


def turn_rng(state: ProhisState, what: str) -> random.Random:
    return random.Random(f"{state.seed}/{what}/{state.turn}")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``: a position counted from the left."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def a_card(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def seat_data(state: ProhisState, seat: int, **data: object) -> dict[str, object]:
    """An event's actor for ``--json``: the seat's 0-based number and its name, as prompts and the board say it."""
    return {"seat": seat, "player": state.config.name(seat), **data}


def judge_data(state: ProhisState, seat: int, **data: object) -> dict[str, object]:
    """A judgement's ``seat_data`` (accept, refuse, decline, inspect) with whose convoy it is: ``smuggler``."""
    return seat_data(state, seat, smuggler=state.config.name(state.active), **data)


def deal(state: ProhisState, kind: int, ev: list[Event]) -> ProhisState:
    target = state.pending[0]
    state = replace(state, pending=state.pending[1:])
    if target >= 0:
        ev.append(Event("dealt", f"{state.config.name(target)} gets a card.", seat_data(state, target)))
        return give_hand(state, target, [kind])
    display = list(state.display)
    display[-1 - target] = kind
    text = f"Display slot {-target} shows {a_card(NAMES[kind])} card."
    ev.append(Event("refill", text, {"card": NAMES[kind], "slot": -target}))
    return replace(state, display=tuple(display))


def together(events: list[Event]) -> list[Event]:
    """Cards typed on one line for one bot: one "gets N cards" event (the table moves them as one), not one a
    card; display cards stay one event each (each has its slot)."""
    out: list[Event] = []
    for event in events:
        last = out[-1] if out else None
        if (
            event.kind == "dealt"
            and last is not None
            and last.kind == "dealt"
            and last.data["seat"] == event.data["seat"]
        ):
            count = int(str(last.data.get("count", 1))) + 1
            name = str(event.data["player"])
            out[-1] = dataclasses.replace(
                last, text=f"{name} gets {count} cards.", data={**last.data, "count": count}
            )
        else:
            out.append(event)
    return out


def lay(state: ProhisState, seat: int, cards: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A convoy as it lies, left to right, and the order its positions are turned over (drawn from the seed).

    Ruling (spec: the active player puts 2-4 cards face down, the inspector turns them over one at a time; the
    seed: "vous posez face cachée ... devant vous", "le joueur qui effectue le contrôle retourne 1 à 3 cartes"):
    the smuggler lays the row, so a person's convoy lies left to right in the order typed, in dealer mode too,
    where the row exists only in the tool ("the 2nd card from the left" counts in the order typed); a bot's
    lies in a random order. Which cards the inspector turns over is a pick among identical face-down backs,
    drawn here at random when the convoy is laid, whoever inspects."""
    rng = turn_rng(state, "convoy")
    laid = list(cards)
    seeded.shuffle(
        rng, laid
    )  # a bot's row; drawn for a person's too, so that the turning order is the same draw
    if state.person(seat):
        laid = list(cards)
    order = list(range(len(laid)))
    seeded.shuffle(rng, order)
    return tuple(laid), tuple(order)


def end_turn(state: ProhisState, ev: list[Event], passed: bool = False) -> ProhisState:
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
        return over(state, "the final round is over", ev)
    return state


def over(state: ProhisState, reason: str, ev: list[Event]) -> ProhisState:
    if unseen_seats(state):
        ev.append(
            Event(
                "over",
                f"Game over: {reason}. Now the count: the cards the tool did not see are typed in.",
                {"reason": reason},
            )
        )
        return replace(state, phase=Phase.COUNT, reason=reason)
    state = replace(state, phase=Phase.OVER, reason=reason)
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
