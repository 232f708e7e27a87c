"""What the hands do to take Propuh inputs back: the steps of their events, reversed (``undo_steps``).

Public facts only: a card is named when it was face up on a board (played, countered, discarded) or drawn face
up for the solo automaton; a card dealt into a hand is only counted. A card typed from a real deal stays where it
was dealt (typing it again is the fix); the deal itself is taken back with the input that ended the round.

One step per card. An undo takes back a person's input and the bots' answers together
(``undo_span_steps``): a card those inputs both played and discarded (Granny's card countered by the bot's
answer, or left unresolved and discarded when the bot played elsewhere) comes straight back from the discard
pile to where it was taken from, as the forward messages left it, not onto the board first and off it again.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.propuh import rules, steps
from ai.propuh.cards import GRANNY, PROPUH, ROLE_NAMES, Card, Loc
from ai.propuh.notation import parse_card
from ai.propuh.rules import Action, Deal, Draw, Phase, PropuhState
from ai.protocol import Event
from ai.text import plural
from ai.undo_steps import leave_typed

#: An event's place among the events of the inputs taken back, and a player ("granny", "propuh").
_Card = tuple[int, str]


def undo_steps(before: PropuhState, action: Action, after: PropuhState) -> list[str]:
    """The steps that turn the table of ``after`` back into the table of ``before``, latest first."""
    return undo_span_steps([before, after], [action])


def undo_span_steps(states: Sequence[PropuhState], actions: Sequence[Action]) -> list[str]:
    """The steps that take ``actions`` back together (``actions[i]`` turned ``states[i]`` into
    ``states[i + 1]``), latest first, one step per card."""
    inputs: list[tuple[PropuhState, Action, list[tuple[int, Event]]]] = []
    count = 0
    for before, action in zip(states, actions, strict=False):
        events: list[Event] = []
        rules.apply(before, action, events)
        inputs.append((before, action, list(enumerate(events, count))))
        count += len(events)
    straight_back = _played_and_discarded([event for _, _, numbered in inputs for _, event in numbered])
    out: list[str] = []
    for before, action, numbered in reversed(inputs):
        for i, event in reversed(numbered):
            out.extend(_back(before, event, i, straight_back))
        out.extend(_typed_back(before, action))
    return out


def _played_and_discarded(events: Sequence[Event]) -> set[_Card]:
    """The cards both played and discarded by ``events``: each as its ``play`` event and as the event that
    discarded it (a ``counter`` or a ``token``), by event index and player."""
    on_board: dict[tuple[str, str], int] = {}
    out: set[_Card] = set()
    for i, event in enumerate(events):
        data = event.data
        if event.kind == "play":
            on_board[data["player"], data["card"]] = i
            continue
        if event.kind == "counter":
            other = ROLE_NAMES[1 - _seat(data["player"])].lower()
            discarded = [(data["player"], data["card"]), (other, data["countered"])]
        elif event.kind == "token":
            discarded = [(data["player"], data["card"])]
        else:
            continue
        for player, card in discarded:
            played = on_board.pop((player, card), None)
            if played is not None:
                out |= {(played, player), (i, player)}
    return out


def _typed_back(before: PropuhState, action: Action) -> list[str]:
    """A typed card: left where it was dealt, or the drawn card back on the deck."""
    if isinstance(action, Draw | Deal) and before.phase == Phase.DEAL:
        n = 1 if isinstance(action, Draw) else len(action.cards)
        return [leave_typed(n, f"dealt in {ROLE_NAMES[before.pending[0]]}'s hand")]
    if isinstance(action, Draw):
        return [f"Put {action.card.long} back on top of the deck."]
    return []


def _back(before: PropuhState, event: Event, index: int, straight_back: set[_Card]) -> list[str]:
    data = event.data
    config = before.config
    if event.kind in ("play", "token", "counter"):
        seat = _seat(data["player"])
        name = ROLE_NAMES[seat]
        card = _card(data["card"])
        loc = _loc(data["location"])
        where = steps.side(loc, seat)
    if event.kind == "play":
        source = "from the discard pile" if (index, data["player"]) in straight_back else f"off the {where}"
        if not config.physical:
            return [f"Take {name}'s {card.long} back {source} into the supply."]
        if seat == PROPUH and config.solo:  # the typed draw it answered goes back on the deck next
            return [f"Take Propuh's {card.long} back {source}."]
        return [f"Take {card.long} back {source} into {name}'s hand."]
    if event.kind == "counter":
        other = 1 - seat
        if (index, ROLE_NAMES[other].lower()) in straight_back:
            return []
        countered = _card(data["countered"])
        return [
            f"Take {ROLE_NAMES[other]}'s {countered.long} back from the discard pile onto the "
            f"{steps.side(loc, other)}."
        ]
    if event.kind == "token":
        back = []
        if data["placed"]:
            back.append(f"Take the {steps.TOKEN_NAMES[seat]} back off the {where}.")
        if (index, data["player"]) not in straight_back:
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
            _deal_back(role, counts[role], _seat(role) in config.untracked)
            for role in ("propuh", "granny")
            if counts[role]
        ]
    return []


def _deal_back(role: str, count: int, untracked: bool) -> str:
    """Cards dealt to ``role`` put back on the deck. A hand nobody types (Granny's at the solo table) may not tell
    the new cards from the old (a trial: "find the 2 cards just dealt"): any of them will do, since the next deal
    gives the same cards back to the same hand, and the tool never knew which were which."""
    cards = plural(count, "card")
    if untracked:
        return (
            f"Put {cards} from {role.title()}'s hand back on top of the deck: the {cards} just dealt, or any "
            f"{count} if you cannot tell them apart (the next deal gives the same {cards} back)."
        )
    return f"Put the {cards} just dealt to {role.title()} back on top of the deck" + (
        ", the first one dealt on top." if count > 1 else "."
    )


def _seat(player: str) -> int:
    return GRANNY if player == "granny" else PROPUH


def _card(text: str) -> Card:
    return parse_card(text)


def _loc(title: str) -> Loc:
    return next(loc for loc in Loc if loc.title.lower() == title)
