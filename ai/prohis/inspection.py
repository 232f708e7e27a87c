"""A convoy and its inspection: each opponent asked in turn whether they put a controller forward, the highest
rank inspecting, and the inspection turning the convoy's cards over one at a time (an illegal good seizes it,
a controller in the convoy stops it)."""

from __future__ import annotations

import dataclasses

from ai.prohis.cards import (
    CONTROLLERS,
    ILLEGAL,
    LIEUTENANT,
    NAMES,
    RANK,
    UNKNOWN,
)
from ai.prohis.state import (
    CAUGHT,
    CLEARED,
    NOBODY,
    Phase,
    ProhisState,
    cards_text,
    letters,
    replace,
)
from ai.prohis.turns import (
    end_turn,
    give_hand,
    give_warehouse,
    hold,
    lay,
    let_go,
    note,
    ordinal,
    seat_data,
    take_from_hand,
)
from ai.protocol import Event


def send_convoy(state: ProhisState, seat: int, cards: tuple[int, ...], ev: list[Event]) -> ProhisState:
    state = let_go(take_from_hand(state, seat, cards), seat, len(cards))
    laid, order = lay(state, seat, cards)
    name = state.config.name
    ev.append(
        Event(
            "convoy",
            f"{name(seat)} sends a convoy of {len(cards)} cards face down.",
            seat_data(state, seat, size=len(cards)),
        )
    )
    state = dataclasses.replace(state, convoy=laid, order=order, turned=0, commits=(None,) * state.n)
    return ask_next(state, seat, ev)


def ask_next(state: ProhisState, after: int, ev: list[Event]) -> ProhisState:
    """Ask the next opponent whether they inspect. Every opponent is asked, even one whose hand holds no
    controller (their only answer is no): skipping them would tell the table what that hand holds."""
    seat = (after + 1) % state.n
    if seat != state.active:
        return replace(state, phase=Phase.COMMIT, asking=seat)
    return resolve_commits(replace(state, asking=NOBODY), ev)


def resolve_commits(state: ProhisState, ev: list[Event]) -> ProhisState:
    name = state.config.name
    n = state.n
    seats = [(state.active + i) % n for i in range(1, n)]
    committed = [s for s in seats if state.commits[s] is not None]
    if not committed:
        ev.append(
            Event(
                "unseen",
                f"Nobody inspects: {name(state.active)}'s convoy goes to the warehouse unseen.",
                seat_data(state, state.active),
            )
        )
        state = give_warehouse(state, state.active, state.convoy)
        return end_turn(state, ev)
    best = max(RANK[state.commits[s] or LIEUTENANT] for s in committed)
    inspector = next(s for s in committed if RANK[state.commits[s] or LIEUTENANT] == best)
    commits = list(state.commits)
    back: list[tuple[int, str]] = []  # the controllers that go back to their owners' hands
    for s in committed:
        if s != inspector:
            kind = commits[s]
            assert kind is not None
            state = hold(give_hand(state, s, [kind]), s, kind, 1)
            commits[s] = None
            back.append((s, NAMES[kind]))
    controller = commits[inspector]
    assert controller is not None
    # a controller turns over up to its rank, at most the convoy's size
    limit = min(RANK[controller], len(state.convoy))
    text = (
        f"{name(inspector)} will inspect with the {NAMES[controller]} and may turn over "
        f"{turnable(limit, len(state.convoy))}."
    )
    data = seat_data(state, inspector, controller=NAMES[controller], back=back, may_turn=limit)
    ev.append(Event("inspector", text, data))
    state = replace(state, commits=tuple(commits), inspector=inspector, offered=False)
    if state.hand_size(state.active) == 0:
        text = f"{name(state.active)} has no card left to offer as a bribe."
        ev.append(Event("nobribe", text, seat_data(state, state.active)))
        return replace(state, phase=Phase.JUDGE)
    return replace(state, phase=Phase.BRIBE)


def turnable(limit: int, size: int) -> str:
    """How many of a convoy's ``size`` cards an inspection may turn over (it stops at an illegal good or a
    controller): ``1 of the 3 cards``, ``both cards``, ``all 3 cards``."""
    if limit < size:
        return f"{limit} of the {size} cards"
    return "both cards" if size == 2 else f"all {size} cards"


def turned_cards(state: ProhisState) -> list[int]:
    return [state.convoy[p] for p in state.order[: state.turned]]


def inspect(state: ProhisState, ev: list[Event]) -> ProhisState:
    name = state.config.name
    insp = state.inspector
    controller = state.commits[insp]
    assert controller is not None
    limit = min(RANK[controller], len(state.convoy))
    while state.turned < limit:
        pos = state.order[state.turned]
        card = state.convoy[pos]
        if card == UNKNOWN:
            return replace(state, phase=Phase.REVEAL)
        state = replace(state, turned=state.turned + 1)
        text = f"{name(insp)} turns over the {ordinal(pos + 1)} card from the left of {name(state.active)}'s convoy: {NAMES[card]}."
        # the convoy's owner, named as such: in every other event ``seat``/``player`` is the one who acts
        owner = {"owner": name(state.active)}
        ev.append(Event("turned", text, {**owner, "position": pos + 1, "card": NAMES[card]}))
        if card == ILLEGAL:
            turned = turned_cards(state)
            text = f"Caught! {name(insp)} seizes the {len(state.convoy)}-card convoy and stores it with the {NAMES[controller]}."
            ev.append(Event("seized", text, seat_data(state, insp, cards=len(state.convoy))))
            if state.person(insp) and UNKNOWN not in state.convoy:
                # a person takes a bot's convoy: the cards never turned over are told to them alone
                text = f"Into your warehouse from {name(state.active)}'s convoy: {cards_text(state.convoy)}."
                ev.append(
                    Event("seized_cards", text, seat_data(state, insp, cards=letters(state.convoy)), insp)
                )
            state = give_warehouse(state, insp, [*state.convoy, controller], [*turned, controller])
            return end_turn(note(state, state.active, CAUGHT), ev)
        if card in CONTROLLERS:
            # a trial: "An informant" is a word no rule sheet, aid or card of ours uses; the card is named
            kind = NAMES[card]
            text = f"{'An' if kind[0] in 'aeiou' else 'A'} {kind} in the convoy stops the inspection."
            ev.append(Event("informant", text, seat_data(state, state.active, card=kind)))
            state = hold(state, state.active, card, -1)
            break
    turned = turned_cards(state)
    text = f"The convoy passes; {name(state.active)} takes {name(insp)}'s {NAMES[controller]} into hand."
    ev.append(Event("passed", text, seat_data(state, state.active, controller=NAMES[controller])))
    state = give_warehouse(state, state.active, state.convoy, turned)
    state = hold(give_hand(state, state.active, [controller]), state.active, controller, 1)
    return end_turn(note(state, state.active, CLEARED), ev)
