"""A card played or typed: a card drawn or dealt from a real deck, a card played on a location (countering the
card there, or settling it), and the automatic steps that follow (``ai.propuh.rounds.advance``)."""

from __future__ import annotations

from ai.propuh import steps
from ai.propuh.cards import (
    GRANNY,
    PROPUH,
    ROLE_NAMES,
    Card,
    Loc,
    stronger,
)
from ai.propuh.rounds import advance, settle
from ai.propuh.state import (
    Phase,
    Unresolved,
)
from ai.propuh.work import Work


def typed_draw(w: Work, card: Card) -> None:
    w.deck_size -= 1
    if w.phase == Phase.DRAW:
        w.drawn = card
        w.seen[card.kind] += 1
        w.phase = Phase.PLAY
        w.emit("draw", f"Propuh draws {card.long}.", player="propuh", card=str(card))
        return
    seat = w.pending.pop(0)
    w.hands[seat].append(card)
    if not w.pending:
        w.phase = Phase.PLAY
        advance(w)


def play(w: Work, card: Card, loc: Loc) -> None:
    seat = w.plays % 2
    if seat == PROPUH and w.config.solo:
        w.drawn = None
    else:
        if seat in w.config.untracked:
            w.hidden[seat] -= 1
        else:
            w.hands[seat].remove(card)
        w.seen[card.kind] += 1
    if seat == GRANNY:
        w.last_granny_loc = loc
    name = ROLE_NAMES[seat]
    where = steps.side(loc, seat)
    w.emit(
        "play",
        f"{name} plays {card.long} on the {where}.",
        (steps.play(card, loc, seat, w.config.solo, w.config.physical),),
        player=name.lower(),
        card=str(card),
        location=loc.title.lower(),
    )
    prior = w.unresolved
    if prior is not None and prior.loc == loc and stronger(card, prior.card, loc):
        w.unresolved = None
        w.emit(
            "counter",
            f"{name}'s {card.long} counters {ROLE_NAMES[prior.owner]}'s {prior.card.long}: both are discarded.",
            (steps.discard((prior.owner, prior.card), (seat, card)),),
            player=name.lower(),
            card=str(card),
            countered=str(prior.card),
            location=loc.title.lower(),
        )
        w.emit_tokens()
    else:
        if prior is not None:
            settle(w, prior, "is not countered")
        w.unresolved = Unresolved(seat, card, loc)
    w.plays += 1
    advance(w)
