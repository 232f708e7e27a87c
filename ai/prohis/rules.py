"""Prohis rules as pure functions over immutable states (spec: ``shared/rules/prohis.md``).

This module is the rules' public API (setup, ``apply``, the score); the rules live by concept in
``ai.prohis.state`` (the state, actions and card counts), ``legal`` (what may be done now), ``turns`` (moving
cards, the end of a turn and of play) and ``inspection`` (a convoy, the controllers, the inspection).

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

import random

from ai import rng as seeded
from ai.prohis.cards import (
    CAPTAIN,
    DEALT,
    DISPLAY,
    INSPECTOR,
    KINDS,
    LIEUTENANT,
    NAMES,
    SLOTS,
    UNKNOWN,
    shuffled_counts,
    values,
)
from ai.prohis.inspection import (
    ask_next,
    inspect,
    send_convoy,
    turned_cards,
)
from ai.prohis.legal import (
    can_draw,
    can_pass,
    check,
    due,
    known_counts,
    legal_actions,
    may_commit,
    pool,
    sub_multisets,
    to_move,
    total_cards,
    unseen_seats,
)
from ai.prohis.state import (
    ACCEPT,
    BRIBE,
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
    STOP,
    TAKE,
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
    plus,
    replace,
    short,
)
from ai.prohis.turns import (
    a_card,
    deal,
    end_event,
    end_turn,
    give_hand,
    give_warehouse,
    hold,
    judge_data,
    lay,
    let_go,
    note,
    ordinal,
    over,
    seat_data,
    take_from_hand,
    together,
    took,
)
from ai.protocol import Event, Result
from ai.text import listing, plural

# -- setup --

#: The rules' public API: what the game, its players, notation and tests read (defined by concept in
#: ``state``, ``legal``, ``turns`` and ``inspection``; applied here).
__all__ = [
    "ACCEPT",
    "BRIBE",
    "COMMIT",
    "CONVOY",
    "DEAL",
    "DECLINE",
    "INSPECT",
    "KINDS",
    "LIEUTENANT",
    "NOBODY",
    "NO_BRIBE",
    "NO_COMMIT",
    "PASS",
    "PILE",
    "REFUSE",
    "REVEAL",
    "SLOTS",
    "STOP",
    "TAKE",
    "ZERO",
    "Act",
    "Counts",
    "Phase",
    "ProhisConfig",
    "ProhisState",
    "add",
    "apply",
    "can_draw",
    "can_pass",
    "cards_of",
    "cards_text",
    "check",
    "counts_of",
    "due",
    "end_event",
    "initial_state",
    "known_counts",
    "lay",
    "legal_actions",
    "may_commit",
    "minus",
    "ordinal",
    "plus",
    "pool",
    "result_of",
    "score",
    "short",
    "sub_multisets",
    "to_move",
    "total_cards",
    "unseen_seats",
]


def initial_state(config: ProhisConfig, seed: int) -> ProhisState:
    rng = random.Random(seed)
    n = config.players
    first = seeded.randrange(rng, n)
    base = counts_of((CAPTAIN, INSPECTOR))
    if not config.physical:
        deck = list(cards_of(shuffled_counts(n)))
        seeded.shuffle(rng, deck)
        hands = []
        for _ in range(n):
            hands.append(add(base, deck[-DEALT:]))
            del deck[-DEALT:]
        display = tuple(deck[-DISPLAY:])[::-1]
        del deck[-DISPLAY:]
        return ProhisState(
            config, seed, tuple(hands), (ZERO,) * n, (ZERO,) * n, tuple(display), tuple(deck), first,
            commits=(None,) * n, record=(NO_RECORD,) * n, held=(base,) * n, taken=(ZERO,) * n,
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
        commits=(None,) * n, pending=tuple(pending), record=(NO_RECORD,) * n, held=(base,) * n, taken=(ZERO,) * n,
    )  # fmt: skip


def apply(state: ProhisState, act: Act, events: list[Event] | None = None) -> ProhisState:
    """The state after ``act`` (assumed legal: ``check`` first); sentences for people go to ``events``."""
    ev: list[Event] = events if events is not None else []
    name = state.config.name
    verb = act.verb
    if verb == DEAL:
        dealt: list[Event] = []
        for kind in act.cards:  # several cards typed at once: dealt in the order typed
            state = deal(state, kind, dealt)
        ev.extend(together(dealt))
        return state
    seat = to_move(state)
    if verb in JUDGEMENTS:
        state = note(state, seat, JUDGEMENTS[verb])
    if verb == TAKE:
        kind = act.cards[0]
        slot = state.display.index(kind)
        state = took(give_hand(state, seat, [kind]), seat, kind)
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
                f"{name(seat)} takes {a_card(NAMES[kind])} card from the display (slot {slot + 1}).",
                seat_data(state, seat, card=NAMES[kind], slot=slot + 1),
            )
        )
        new = display[slot]
        if new is not None:
            text = f"Display slot {slot + 1} gets {a_card(NAMES[new])} card from the pile."
            ev.append(Event("refill", text, {"card": NAMES[new], "slot": slot + 1}))
        first = state.phase == Phase.TURN
        state = replace(state, display=tuple(display), pile=pile, pending=pending)
        if first:
            return replace(state, phase=Phase.SECOND)
        return end_turn(state, ev)
    if verb == PILE:
        top = state.pile[-1]
        state = replace(state, pile=state.pile[:-1])
        ev.append(Event("pile", f"{name(seat)} draws the top card of the pile.", seat_data(state, seat)))
        if top == UNKNOWN and state.tracked(seat):
            state = replace(state, pending=(*state.pending, seat))
        else:
            state = give_hand(state, seat, [top])
            if top != UNKNOWN:
                ev.append(
                    Event(
                        "drawn",
                        f"You drew {a_card(NAMES[top])} card.",
                        seat_data(state, seat, card=NAMES[top]),
                        seat,
                    )
                )
        return end_turn(state, ev)
    if verb == STOP:
        return end_turn(state, ev)
    if verb == PASS:
        passes = state.passes + 1
        ev.append(Event("pass", f"{name(seat)} passes.", seat_data(state, seat)))
        if passes >= state.n:
            return over(replace(state, passes=passes), "every player passed in turn", ev)
        return end_turn(replace(state, passes=passes), ev, passed=True)
    if verb == CONVOY:
        return send_convoy(state, seat, act.cards, ev)
    if verb in (COMMIT, NO_COMMIT):
        commits = list(state.commits)
        if verb == COMMIT:
            kind = act.cards[0]
            state = hold(take_from_hand(state, seat, [kind]), seat, kind, -1)
            if kind == LIEUTENANT:
                state = let_go(state, seat, 1, kind)
            commits[seat] = kind
            ev.append(
                Event(
                    "commit",
                    f"{name(seat)} puts {a_card(NAMES[kind])} forward to inspect.",
                    seat_data(state, seat, controller=NAMES[kind]),
                )
            )
        else:
            ev.append(Event("nocommit", f"{name(seat)} does not inspect.", seat_data(state, seat)))
        state = replace(state, commits=tuple(commits))
        return ask_next(state, seat, ev)
    if verb == BRIBE:
        state = let_go(take_from_hand(state, seat, act.cards), seat, len(act.cards))
        insp = state.inspector
        ev.append(
            Event(
                "bribe",
                f"{name(seat)} offers {name(insp)} a bribe of {plural(len(act.cards), 'card')}.",
                seat_data(state, seat, to=name(insp), size=len(act.cards)),
            )
        )
        if UNKNOWN not in act.cards:
            text = f"{name(seat)} offers you: {cards_text(act.cards)}."
            ev.append(
                Event(
                    "bribe_cards",
                    text,
                    seat_data(state, seat, to=name(insp), cards=letters(act.cards)),
                    insp,
                    screened=True,
                )
            )
        return replace(state, bribe=counts_of(act.cards), offered=True, phase=Phase.JUDGE)
    if verb == NO_BRIBE:
        ev.append(Event("nobribe", f"{name(seat)} offers no bribe.", seat_data(state, seat)))
        return replace(state, phase=Phase.JUDGE)
    if verb == ACCEPT:
        controller = state.commits[seat]
        assert controller is not None
        ev.append(
            Event(
                "accept",
                f"{name(seat)} accepts the bribe; {name(state.active)}'s convoy passes.",
                judge_data(state, seat),
            )
        )
        state = give_warehouse(state, seat, cards_of(state.bribe))
        state = hold(give_hand(state, seat, [controller]), seat, controller, 1)
        state = give_warehouse(state, state.active, state.convoy, turned_cards(state))
        return end_turn(replace(state, bribe=ZERO), ev)
    if verb == REFUSE:
        ev.append(
            Event(
                "refuse",
                f"{name(seat)} refuses the bribe and inspects.",
                judge_data(state, seat),
            )
        )
        state = give_hand(state, state.active, cards_of(state.bribe))
        state = replace(state, bribe=ZERO)
        return inspect(state, ev)
    if verb == DECLINE:
        controller = state.commits[seat]
        assert controller is not None
        text = f"{name(seat)} lets the convoy pass and puts the {NAMES[controller]} in their own warehouse."
        ev.append(
            Event(
                "decline",
                text,
                judge_data(state, seat, controller=NAMES[controller]),
            )
        )
        state = give_warehouse(state, seat, [controller], [controller])
        state = give_warehouse(state, state.active, state.convoy)
        return end_turn(state, ev)
    if verb == INSPECT:
        ev.append(Event("inspect", f"{name(seat)} inspects.", judge_data(state, seat)))
        return inspect(state, ev)
    if verb == REVEAL:
        pos = state.order[state.turned]
        convoy = list(state.convoy)
        convoy[pos] = act.cards[0]
        return inspect(replace(state, convoy=tuple(convoy), phase=Phase.JUDGE), ev)
    raise ValueError(f"unknown action {act}")


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
    who = listing(name(s) for s in winners)
    table = ", ".join(f"{name(s)} {int(scores[s]):,}" for s in range(state.n))
    verb = "share the win" if len(winners) > 1 else "wins"
    return Result(winners, f"{who} {verb} ({table}).", scores)
