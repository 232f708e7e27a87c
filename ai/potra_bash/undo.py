"""What the hands do to take a Potra Bash input back: the steps of its events, reversed (``undo_steps``).

Public facts only: a card is named when it lay face up (played, the centre card, a scoring pile); a card drawn
into a hand is only counted. A card typed from the real deck stays where it went (typing it again is the fix);
the draw itself is taken back with the play that made it.
"""

from __future__ import annotations

from ai.potra_bash import rules
from ai.potra_bash.rules import CENTRE, Action, Deal, Draw, PotraState
from ai.protocol import Event
from ai.undo_steps import leave_typed, reversed_steps


def undo_steps(before: PotraState, action: Action, after: PotraState) -> list[str]:
    """The steps that turn the table of ``after`` back into the table of ``before``, latest first."""
    events: list[Event] = []
    rules.apply(before, action, events)
    out = reversed_steps(events, lambda event: _back(before, event))
    if isinstance(action, Draw | Deal):
        target = before.pending[0]
        n = 1 if isinstance(action, Draw) else len(action.values)
        if target == CENTRE:
            out.append("Leave the centre card turned up; type it again when asked.")
        else:
            out.append(leave_typed(n, f"in {before.config.name(target)}'s hand"))
    return out


def _back(before: PotraState, event: Event) -> list[str]:
    data = event.data
    physical = before.config.physical
    if event.kind == "play":
        name, value = data["player"], data["card"]
        back = []
        if physical and data["deck"] < before.deck_size:
            back.append(f"Put the card {name} just drew back on top of the deck.")
        if physical:
            back.append(f"Return the {value} in front of {name} to {name}'s hand.")
        else:
            back.append(f"Put the {value} in front of {name} back in the supply.")
        return back
    if event.kind == "centre" and data["card"] is not None:
        return [f"Put the {data['card']} from {data['player']}'s scoring pile back as the centre card."]
    if event.kind == "take":
        name, owner, value = data["player"], data["from"], data["card"]
        return [f"Put {owner}'s {value} from {name}'s scoring pile back in front of {owner}."]
    if event.kind == "round":
        if physical:
            return ["Put the new centre card back face down on top of the deck."]
        return [f"Put the new centre card, {data['centre']}, back in the supply."]
    return []
