"""What the hands do to take a Propuh input back: the steps of its events, reversed (``undo_steps``).

Public facts only: a card is named when it was face up on a board (played, countered, discarded) or drawn face
up for the solo automaton; a card dealt into a hand is only counted. A card typed from a real deal stays where it
was dealt (typing it again is the fix); the deal itself is taken back with the input that ended the round.
"""

from __future__ import annotations

from ai.propuh import rules, steps
from ai.propuh.cards import GRANNY, PROPUH, ROLE_NAMES, Card, Loc
from ai.propuh.notation import parse_card
from ai.propuh.rules import Action, Deal, Draw, Phase, PropuhState
from ai.protocol import Event
from ai.text import plural
from ai.undo_steps import leave_typed, reversed_steps


def undo_steps(before: PropuhState, action: Action, after: PropuhState) -> list[str]:
    """The steps that turn the table of ``after`` back into the table of ``before``, latest first."""
    events: list[Event] = []
    rules.apply(before, action, events)
    played = {(e.data["player"], e.data["card"]) for e in events if e.kind == "play"}
    # cards this input both played and discarded come straight back from the discard pile
    discarded = {
        (e.data["player"], e.data["card"]) for e in events if e.kind in ("token", "counter")
    } & played
    out = reversed_steps(events, lambda event: _back(before, event, discarded))
    if isinstance(action, Draw | Deal) and before.phase == Phase.DEAL:
        n = 1 if isinstance(action, Draw) else len(action.cards)
        out.append(leave_typed(n, f"dealt in {ROLE_NAMES[before.pending[0]]}'s hand"))
    elif isinstance(action, Draw):
        out.append(f"Put {action.card.long} back on top of the deck.")
    return out


def _back(before: PropuhState, event: Event, discarded: set[tuple[str, str]]) -> list[str]:
    data = event.data
    config = before.config
    if event.kind in ("play", "token", "counter"):
        seat = GRANNY if data["player"] == "granny" else PROPUH
        name = ROLE_NAMES[seat]
        card = _card(data["card"])
        loc = _loc(data["location"])
        where = steps.side(loc, seat)
    if event.kind == "play":
        source = (
            "from the discard pile" if (data["player"], data["card"]) in discarded else f"off the {where}"
        )
        if not config.physical:
            return [f"Take {name}'s {card.long} back {source} into the supply."]
        if seat == PROPUH and config.solo:
            return [f"Take Propuh's {card.long} back {source}: it is the card drawn again."]
        return [f"Take {card.long} back {source} into {name}'s hand."]
    if event.kind == "counter":
        other = 1 - seat
        countered = _card(data["countered"])
        return [
            f"Take {ROLE_NAMES[other]}'s {countered.long} back from the discard pile onto the "
            f"{steps.side(loc, other)}."
        ]
    if event.kind == "token":
        back = []
        if data["placed"]:
            back.append(f"Take the {steps.TOKEN_NAMES[seat]} back off the {where}.")
        if (data["player"], data["card"]) not in discarded:
            back.append(f"Take {name}'s {card.long} back from the discard pile onto the {where}.")
        return back
    if event.kind == "remove":
        loc = _loc(data["location"])
        return [f"Put the {steps.TOKEN_NAMES[PROPUH]} back on the {steps.side(loc, PROPUH)}."]
    if event.kind == "figurine":
        return [f"Move the figurine back to the {before.figurine.title}."]
    if event.kind == "deal" and config.physical:
        counts = data["counts"]
        return [
            f"Put the {plural(counts[role], 'card')} just dealt to {role.title()} back on top of the deck."
            for role in ("propuh", "granny")
            if counts[role]
        ]
    return []


def _card(text: str) -> Card:
    return parse_card(text)


def _loc(title: str) -> Loc:
    return next(loc for loc in Loc if loc.title.lower() == title)
