"""The events of a Potra Bash step (from the engine's log, ``events``), the steps the hands at the table take
for each (``Event.table``) and the steps that take an input back (``undo_steps``).

With a real deck (``physical``) every card is a real card: a played card goes from its player's hand face up in
front of them, a card drawn comes off the deck (a bot's is typed in when the prompt asks), the centre card is
turned up from the deck. In dealer mode the tool shuffles, deals and draws from a deck nobody at the table
holds; the table's cards lie face up as a supply sorted by value, and each card the tool names is taken from
it. Ruling: that supply is the physical counterpart of the tool's deal; there is nothing to deal at the table.
Ruling: with a real deck the table deals a seat's three cards together, clockwise from the starting player,
and types a bot's cards as soon as that bot has them (the prompts ask in that order).
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.potra_bash.score import end_text, score_pile, scores_data
from ai.potra_bash.state import CENTRE, TURNED, Action, Deal, Draw, PotraConfig, PotraState
from ai.protocol import Event
from ai.text import listing, plural
from ai.undo_steps import leave_typed, reversed_steps

#: The hands stay in the tool: a table seeing "Ann's hand: -3 -2 4" must not take those cards from the supply.
SUPPLY = (
    "Sort the cards face up by value beside the table: the supply the tool's cards come from. The hands stay "
    "in the tool: leave every card in the supply until a step says to take it."
)


def play(name: str, value: int, physical: bool, pile: bool = False) -> str:
    """``pile``: the card was turned over from an automa's hand pile."""
    if physical and pile:
        return f"Put the turned-over {value} face up in front of {name}."
    if physical:
        return f"Put {name}'s {value} from their hand face up in front of {name}."
    return f"Take a {value} from the supply and put it face up in front of {name}."


def turn(name: str) -> str:
    """A physical deck: the automa plays the top card of its face-down hand pile."""
    return f"Turn over the top card of {name}'s hand pile; type it when asked."


def draw(name: str, tracked: bool, pile: bool = False) -> str:
    """A physical deck: the card the player takes after playing (a bot's is typed in; an automa's goes on its
    face-down hand pile, ``pile``)."""
    if pile:
        return f"Put the top card of the deck face down on top of {name}'s hand pile, unseen."
    if tracked:
        return f"Draw the top card of the deck for {name}; type it when asked."
    return f"{name} draws the top card of the deck."


def centre_won(name: str, centre: int, face: str = "") -> str:
    """``face``: how the card lies on the pile (``"face down "`` by the rules, ``""`` with open piles)."""
    return f"Put the centre card ({centre}) {face}on {name}'s scoring pile."


def take(name: str, owner: str, value: int, face: str = "") -> str:
    if name == owner:
        return f"Move {name}'s own {value} {face}onto {name}'s scoring pile."
    return f"Move {owner}'s {value} {face}onto {name}'s scoring pile."


def face(config: PotraConfig, seat: int | None = None) -> str:
    """How an acquired card goes on ``seat``'s pile: face down (the rules; the owner may look), or face up with
    ``open_piles``; an automa's pile lies face up, sorted (its set-up: its rules read it)."""
    if seat is not None and seat in config.blind and not config.open_piles:
        return "face up "
    return "" if config.open_piles else "face down "


def new_centre(centre: int | None) -> str:
    if centre is None:
        return "Turn up the top card of the deck as the new centre card; type it when asked."
    return f"Take a {centre} from the supply as the centre card."


def setup(
    size: int, put_away: str, names: Sequence[str], physical: bool, centre: int | None
) -> tuple[str, ...]:
    """The setup's steps; ``names`` in the order a physical deal goes round (the starting player first)."""
    steps = [put_away] if put_away else []
    if physical:
        steps += [
            f"Shuffle the {size} cards: the deck.",
            f"Deal 3 cards to each player, a player's 3 together, in this order: {', '.join(names)}.",
            "Turn up the next card as the centre card.",
        ]
    else:
        steps += [SUPPLY, new_centre(centre)]
    return tuple(steps)


# -- the events of a step --


def events(config: PotraConfig, log: Sequence[tuple[object, ...]]) -> list[Event]:
    """The table's events for what the engine logged (``ai.potra_bash.engine``), in order."""
    out: list[Event] = []
    name = config.name
    for entry in log:
        kind = entry[0]
        if kind == "play":
            _, seat, value, lap, before, drawn = entry
            out.extend(_play(config, seat, value, lap, before, drawn))  # type: ignore[arg-type]
        elif kind == "pass":
            _, seat, lap = entry
            who = name(seat)  # type: ignore[arg-type]
            out.append(Event("pass", f"{who} passes.", {"player": who, "lap": lap}))
        elif kind == "centre":
            _, winner, centre, best, tied = entry
            out.append(_centre(config, winner, centre, best, tied))  # type: ignore[arg-type]
        elif kind == "take":
            _, seat, owner, value, forced = entry
            out.append(_take(config, seat, owner, value, forced))  # type: ignore[arg-type]
        elif kind == "round":
            _, number, centre, starter, deck_size = entry
            out.append(_round(config, number, centre, starter, deck_size))  # type: ignore[arg-type]
        elif kind == "end":
            out.append(_end(config, entry[1]))  # type: ignore[arg-type]
        elif kind == "turn":
            who = name(entry[1])  # type: ignore[arg-type]
            text = f"{who} plays the top card of its hand pile."
            out.append(Event("turn", text, {"player": who}, table=(turn(who),)))
        elif kind == "centre-card":
            out.append(Event("centre-card", f"The centre card is {entry[1]}.", {"card": entry[1]}))
        else:
            _, target, value = entry
            who = name(target)  # type: ignore[arg-type]
            out.append(
                Event("dealt", f"{who} gets a {value}.", {"player": who, "card": value}, private_to=target)  # type: ignore[arg-type]
            )
    return out


def _play(
    config: PotraConfig, seat: int, value: int, lap: int, before: int, drawn: int | None
) -> list[Event]:
    name = config.name(seat)
    after = before - 1 if before > 0 else 0
    draws = "draws a card" if before > 0 else "does not draw: the deck is empty"
    left = f" ({after} left)" if before > 0 else ""
    if before == 1:
        left = " (the last card: this round is the last)"
    data = {"player": name, "card": value, "lap": lap, "deck": after}
    blind = seat in config.blind
    table = [play(name, value, config.physical, blind)]
    if config.physical and before > 0:
        table.append(draw(name, seat not in config.untracked, blind))
    out = [Event("play", f"{name} plays a {value} and {draws}{left}.", data, table=tuple(table))]
    if drawn is not None and not blind:  # an automa's draw goes unseen onto its pile: nobody is told
        out.append(
            Event("draw", f"{name} draws a {drawn}.", {"player": name, "card": drawn}, private_to=seat)
        )
    return out


def _centre(config: PotraConfig, winner: int, centre: int | None, best: int, tied: tuple[int, ...]) -> Event:
    name = config.name(winner)
    how = ""
    if len(tied) > 1:
        names = listing(config.name(s) for s in tied if s != winner)
        how = f" (tied with {names}; {name} played last)"
    return Event(
        "centre",
        f"{name} has the highest sum, {best}, and takes the centre card {centre}{how}.",
        {"player": name, "card": centre, "sum": best, "tied": [config.name(s) for s in tied]},
        table=(centre_won(name, centre, face(config, winner)),) if centre is not None else (),
    )


def _take(config: PotraConfig, seat: int, owner: int, value: int, forced: bool) -> Event:
    name, whose_name = config.name(seat), config.name(owner)
    whose = "their own" if owner == seat else f"{whose_name}'s"
    data = {"player": name, "card": value, "from": whose_name, "forced": forced}
    tail = " (the only choice)" if forced else ""
    return Event(
        "take",
        f"{name} takes {whose} {value}{tail}.",
        data,
        table=(take(name, whose_name, value, face(config, seat)),),
    )


def _round(config: PotraConfig, number: int, centre: int | None, starter: int, deck_size: int) -> Event:
    name = config.name(starter)
    last = " This is the last round: the deck is empty." if deck_size == 0 else ""
    turned = f"the new centre card is {centre}" if centre is not None else "a new centre card is turned up"
    return Event(
        "round",
        f"Round {number}: {turned}; {name} starts ({plural(deck_size, 'card')} in the deck).{last}",
        {"round": number, "centre": centre, "starter": name, "deck": deck_size},
        table=(new_centre(centre),),
    )


def _end(config: PotraConfig, piles: Sequence[Sequence[int]]) -> Event:
    scores = tuple(score_pile(p, config.triples, config.handicap(s)) for s, p in enumerate(piles))
    names = [config.name(i) for i in range(config.players)]
    data = scores_data(scores, names)
    lines = "\n".join(end_text(scores, names))
    winners = data["winners"]
    return Event(
        "end",
        f"The deck is empty: game over. The scoring piles:\n{lines}",
        {"winner": winners[0] if len(winners) == 1 else None, **data},
    )


# -- taking an input back --


def undo_steps(before: PotraState, action: Action, events: Sequence[Event]) -> list[str]:
    """The steps that take back ``action`` (played on ``before``, where it made ``events``), latest first.

    Public facts only: a card is named when it lay face up (played, the centre card, a scoring pile); a card
    drawn into a hand is only counted. A card typed from the real deck stays where it went (typing it again is
    the fix); the draw itself is taken back with the play that made it."""
    out = reversed_steps(events, lambda event: _back(before, event))
    if isinstance(action, Draw | Deal):
        target = before.pending[0]
        n = 1 if isinstance(action, Draw) else len(action.values)
        if target == CENTRE:
            out.append("Leave the centre card turned up; type it again when asked.")
        elif target == TURNED:
            out.append("Leave the automa's card turned over; type it again when asked.")
        else:
            out.append(leave_typed(n, f"in {before.config.name(target)}'s hand"))
    return out


def _automas(config: PotraConfig) -> set[str]:
    return {config.name(s) for s in config.blind}


def _back(before: PotraState, event: Event) -> list[str]:
    data = event.data
    physical = before.config.physical
    if event.kind == "play":
        name, value = data["player"], data["card"]
        back = []
        if physical and data["deck"] < before.deck_size:
            back.append(f"Put the card {name} just drew back on top of the deck.")
        if physical and data["player"] in _automas(before.config):
            back.append(f"Put the {value} in front of {name} back on {name}'s hand pile, still turned over.")
        elif physical:
            back.append(f"Return the {value} in front of {name} to {name}'s hand.")
        else:
            back.append(f"Put the {value} in front of {name} back in the supply.")
        return back
    if event.kind == "turn":
        return [f"Put the turned card back face down on top of {data['player']}'s hand pile."]
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
