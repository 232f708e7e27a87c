"""Prohis's final count (``Phase.COUNT``): the cards the tool did not see, typed in once play is over.

A person's cards are physical, so at the end the tool knows how many cards each hand and warehouse holds and
which of them it saw go in, not the rest. Each person in turn, clockwise from the first seat, types their
warehouse and hand in the short notation ``companion score prohis`` uses (``4g 2x c/g i``: warehouse / hand);
the request is told to that person alone (it names what the tool saw go into their warehouse, which may be a
bot's convoy they seized). The cards of a person's convoy that a bot stored unturned are typed by the table
(only those, or the bot's whole warehouse). A count is refused when it contradicts what the tool saw: the number of cards, a card it
saw go in, more of a type than are unaccounted for, or a captain or inspector left nowhere (each player has one
all game long, in a hand or a warehouse). Each count is an input like any other: saved, and undone by undo.
When every card is named the end event gives every player's breakdown, the totals and the winner.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ai import rng as seeded
from ai.prohis.cards import CAPTAIN, INSPECTOR, KINDS, LETTERS, NAMES, UNKNOWN, amount
from ai.prohis.legal import free, reserved
from ai.prohis.notation import parse_cards
from ai.prohis.rules import (
    Counts,
    Phase,
    ProhisState,
    cards_of,
    cards_text,
    counts_of,
    end_event,
    to_move,
    unseen_seats,
)
from ai.protocol import CHANCE, Event, IllegalError, ParseError
from ai.text import plural

EXAMPLE = "4g 2x c/g i"


@dataclass(frozen=True, slots=True)
class Count:
    """One seat's cards at the end, every one named: the warehouse and the hand (``UNKNOWN`` slot 0)."""

    warehouse: Counts
    hand: Counts


def counting(state: ProhisState) -> int:
    """The seat whose cards are counted now."""
    return unseen_seats(state)[0]


def _cards(counts: Counts) -> str:
    """``12g 3x l`` (the score check's notation)."""
    return " ".join(f"{n}{LETTERS[k]}" if n > 1 else LETTERS[k] for k, n in enumerate(counts[:UNKNOWN]) if n)


def format_count(count: Count) -> str:
    return f"{_cards(count.warehouse)}/{_cards(count.hand)}"


def parse_count(state: ProhisState, text: str) -> Count:
    """``WAREHOUSE/HAND`` (``Ann=`` before it is allowed); a bot's known hand may be left out. Raises
    ``ParseError`` / ``IllegalError`` with one line."""
    seat = counting(state)
    name = state.config.name(seat)
    typed, eq, rest = text.partition("=")
    if eq:
        if typed.strip().lower() != name.lower():
            raise IllegalError(f"now {name}'s count, not {typed.strip()}'s")
        text = rest
    stored, slash, held = text.partition("/")
    known_hand = state.hands[seat]
    if not slash and known_hand[UNKNOWN]:
        raise ParseError(f"type {name}'s warehouse and hand as WAREHOUSE/HAND, e.g. {EXAMPLE}")
    warehouse = counts_of(parse_cards(stored.replace(",", " ").split()))
    hand = counts_of(parse_cards(held.replace(",", " ").split())) if slash else known_hand
    known = state.warehouses[seat]
    if not slash and 0 < known[UNKNOWN] < sum(known):
        if sum(warehouse) == known[UNKNOWN]:  # only the cards the tool did not see: the rest it saw go in
            warehouse = (*(known[k] + warehouse[k] for k in KINDS), 0)
        elif sum(warehouse) != sum(known):
            raise IllegalError(
                f"{name}'s warehouse holds {plural(known[UNKNOWN], 'card')} the tool did not see ({sum(known)} in all), "
                f"not {sum(warehouse)}"
            )
    if warehouse[UNKNOWN] or hand[UNKNOWN]:
        raise ParseError("name every card (g, x, l, c, i), not a bare count")
    count = Count(warehouse, hand)
    why = check_count(state, seat, count)
    if why is not None:
        raise IllegalError(why)
    return count


def check_count(state: ProhisState, seat: int, count: Count) -> str | None:
    """Why ``count`` cannot be ``seat``'s cards (one line for the person), or ``None``."""
    name = state.config.name(seat)
    new = [0] * len(KINDS)
    for what, typed, known in (
        ("warehouse", count.warehouse, state.warehouses[seat]),
        ("hand", count.hand, state.hands[seat]),
    ):
        size = sum(known)
        if sum(typed) != size:
            return f"{name}'s {what} holds {plural(size, 'card')}, not {sum(typed)}"
        for k in KINDS:
            if typed[k] < known[k]:
                return f"the tool saw {amount(known[k], k)} go into {name}'s {what}; the count has {typed[k]}"
            new[k] += typed[k] - known[k]
    for k in KINDS:
        if count.hand[k] < state.hands[seat][k] + state.taken[seat][k] * bool(state.hands[seat][UNKNOWN]):
            took = state.taken[seat][k]
            return f"{name} took {amount(took, k)} from the display and kept them; the count's hand has {count.hand[k]}"
    p = free(state, seat)
    for k in KINDS:
        if new[k] > p[k]:
            return f"{amount(new[k], k)} not seen by the tool, but only {p[k]} {NAMES[k]} unaccounted for"
    others = _other_room(state, seat)
    stranded = (p[CAPTAIN] - new[CAPTAIN]) + (p[INSPECTOR] - new[INSPECTOR])
    if stranded > others:
        return (
            f"that count leaves {stranded} captain or inspector cards nowhere: each ends in a hand or a "
            "warehouse"
        )
    return None


def _other_room(state: ProhisState, seat: int) -> int:
    """How many unseen cards of the other seats may be a captain or an inspector: the display cards people
    took and kept are goods or lieutenants."""
    unseen = sum(
        state.hands[s][UNKNOWN] + state.warehouses[s][UNKNOWN] for s in unseen_seats(state) if s != seat
    )
    return unseen - sum(reserved(state, seat))


def apply_count(state: ProhisState, count: Count, ev: list[Event]) -> ProhisState:
    seat = counting(state)
    warehouses = list(state.warehouses)
    hands = list(state.hands)
    warehouses[seat] = count.warehouse
    hands[seat] = count.hand
    state = dataclasses.replace(state, warehouses=tuple(warehouses), hands=tuple(hands))
    name = state.config.name(seat)
    ev.append(Event("counted", f"{name}'s cards are counted.", {"seat": seat, "player": name}))
    if unseen_seats(state):
        return state
    state = dataclasses.replace(state, phase=Phase.OVER)
    ev.append(end_event(state, counted=True))
    return state


def ask_events(state: ProhisState) -> list[Event]:
    """What the seat counted now is asked: privately to a person, to the table for a bot's warehouse."""
    seat = counting(state)
    name = state.config.name(seat)
    stored, held = state.warehouses[seat], state.hands[seat]
    seen = cards_text(cards_of((*stored[:UNKNOWN], 0)))
    data = {"seat": seat, "player": name, "warehouse": sum(stored), "hand": sum(held)}
    if to_move(state) == CHANCE:
        n = stored[UNKNOWN]
        them, those = ("them", f"those {n} cards") if n > 1 else ("it", "that card")
        if state.config.physical:
            where = f"{'they are' if n > 1 else 'it is'} in {name}'s warehouse stack: turn it over"
        else:
            where = f"{'they' if n > 1 else 'it'} went face down into the box: whoever laid that convoy knows {them}"
        text = (
            f"{name} stored {plural(n, 'card')} of a person's convoy without turning {them} over; {where}. Type "
            f"{those} (e.g. x), or {name}'s whole warehouse ({plural(sum(stored), 'card')}; the tool saw {seen} go in)."
        )
        return [Event("count", text, data)]
    saw = f"; the tool saw {seen} go in" if sum(stored) > stored[UNKNOWN] else ""
    text = (
        f"{name}: count your warehouse ({plural(sum(stored), 'card')}{saw}) and your hand ({plural(sum(held), 'card')}) and "
        f"type them as WAREHOUSE/HAND, e.g. {EXAMPLE}."
    )
    return [Event("count", text, data, private_to=seat)]


def expected(state: ProhisState) -> str:
    """The prompt while counting (public: sizes only)."""
    seat = counting(state)
    name = state.config.name(seat)
    stored, held = state.warehouses[seat], state.hands[seat]
    if to_move(state) == CHANCE:
        n = stored[UNKNOWN]
        what = f"the {n} cards" if n > 1 else "the card"
        return f"{what} of {name}'s warehouse the tool did not see, e.g. {'x g' if n > 1 else 'x'}"
    return f"{name}: your warehouse ({plural(sum(stored), 'card')}) / hand ({plural(sum(held), 'card')}), e.g. {EXAMPLE}"


def possible_count(state: ProhisState, rng: random.Random) -> Count:
    """A count the tool would accept now, drawn at random among the cards unaccounted for (for scripted games
    and tests: the real cards are on the table)."""
    seat = counting(state)
    stored, held = state.warehouses[seat], state.hands[seat]
    p = list(free(state, seat))
    forced = []  # the display cards the seat took and kept are in its hand
    if held[UNKNOWN]:
        for k in KINDS:
            forced += [k] * state.taken[seat][k]
            p[k] -= state.taken[seat][k]
    others = _other_room(state, seat)
    controllers = [k for k in (CAPTAIN, INSPECTOR) for _ in range(p[k])]
    seeded.shuffle(rng, controllers)
    must = max(0, len(controllers) - others)
    rest = controllers[must:] + [k for k in KINDS if k not in (CAPTAIN, INSPECTOR) for _ in range(p[k])]
    seeded.shuffle(rng, rest)
    drawn = controllers[:must] + rest[: stored[UNKNOWN] + held[UNKNOWN] - len(forced) - must]
    seeded.shuffle(rng, drawn)
    into_store = drawn[: stored[UNKNOWN]]
    into_hand = drawn[stored[UNKNOWN] :] + forced
    warehouse = (*(stored[k] + into_store.count(k) for k in KINDS), 0)
    hand = (*(held[k] + into_hand.count(k) for k in KINDS), 0)
    return Count(warehouse, hand)
