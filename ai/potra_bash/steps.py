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
from ai.undo_steps import reversed_steps
from ai.words import listing, tr, trn

#: The hands stay in the tool: a table seeing "Ann's hand: -3 -2 4" must not take those cards from the supply.
SUPPLY = (
    "Sort the cards face up by value beside the table: the supply the tool's cards come from. The hands stay "
    "in the tool: leave every card in the supply until a step says to take it."
)

#: How an acquired card goes on a scoring pile (``face``): face down (the rules), face up (an automa's), open.
DOWN, UP, OPEN = "face down", "face up", ""


def play(name: str, value: int, physical: bool, pile: bool = False) -> str:
    """``pile``: the card was turned over from an automa's hand pile."""
    if physical and pile:
        return tr("Put the turned-over {value} face up in front of {name}.", value=value, name=name)
    if physical:
        return tr("Put {name}'s {value} from their hand face up in front of {name}.", value=value, name=name)
    return tr("Take a {value} from the supply and put it face up in front of {name}.", value=value, name=name)


def turn(name: str) -> str:
    """A physical deck: the automa plays the top card of its face-down hand pile."""
    return tr("Turn over the top card of {name}'s hand pile; type it when asked.", name=name)


def draw(name: str, tracked: bool, pile: bool = False) -> str:
    """A physical deck: the card the player takes after playing (a bot's is typed in; an automa's goes on its
    face-down hand pile, ``pile``)."""
    if pile:
        return tr("Put the top card of the deck face down on top of {name}'s hand pile, unseen.", name=name)
    if tracked:
        return tr("Draw the top card of the deck for {name}; type it when asked.", name=name)
    return tr("{name} draws the top card of the deck.", name=name)


def centre_won(name: str, centre: int, face: str = OPEN) -> str:
    """``face``: how the card lies on the pile (``DOWN`` by the rules, ``OPEN`` with open piles)."""
    if face == DOWN:
        return tr(
            "Put the centre card ({centre}) face down on {name}'s scoring pile.", centre=centre, name=name
        )
    if face == UP:
        return tr(
            "Put the centre card ({centre}) face up on {name}'s scoring pile.", centre=centre, name=name
        )
    return tr("Put the centre card ({centre}) on {name}'s scoring pile.", centre=centre, name=name)


def take(name: str, owner: str, value: int, face: str = OPEN) -> str:
    if name == owner:
        if face == DOWN:
            return tr(
                "Move {name}'s own {value} face down onto {name}'s scoring pile.", name=name, value=value
            )
        if face == UP:
            return tr("Move {name}'s own {value} face up onto {name}'s scoring pile.", name=name, value=value)
        return tr("Move {name}'s own {value} onto {name}'s scoring pile.", name=name, value=value)
    fields = {"name": name, "owner": owner, "value": value}
    if face == DOWN:
        return tr("Move {owner}'s {value} face down onto {name}'s scoring pile.", **fields)
    if face == UP:
        return tr("Move {owner}'s {value} face up onto {name}'s scoring pile.", **fields)
    return tr("Move {owner}'s {value} onto {name}'s scoring pile.", **fields)


def face(config: PotraConfig, seat: int | None = None) -> str:
    """How an acquired card goes on ``seat``'s pile: face down (the rules; the owner may look), or face up with
    ``open_piles``; an automa's pile lies face up, sorted (its set-up: its rules read it)."""
    if seat is not None and seat in config.blind and not config.open_piles:
        return UP
    return OPEN if config.open_piles else DOWN


def new_centre(centre: int | None) -> str:
    if centre is None:
        return tr("Turn up the top card of the deck as the new centre card; type it when asked.")
    return tr("Take a {centre} from the supply as the centre card.", centre=centre)


def setup(
    size: int, put_away: str, names: Sequence[str], physical: bool, centre: int | None
) -> tuple[str, ...]:
    """The setup's steps; ``names`` in the order a physical deal goes round (the starting player first)."""
    steps = [put_away] if put_away else []
    if physical:
        steps += [
            tr("Shuffle the {size} cards: the deck.", size=size),
            tr(
                "Deal 3 cards to each player, a player's 3 together, in this order: {names}.",
                names=", ".join(names),
            ),
            tr("Turn up the next card as the centre card."),
        ]
    else:
        steps += [tr(SUPPLY), new_centre(centre)]
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
            out.append(Event("pass", tr("{name} passes.", name=who), {"player": who, "lap": lap}))
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
            text = tr("{name} plays the top card of its hand pile.", name=who)
            out.append(Event("turn", text, {"player": who}, table=(turn(who),)))
        elif kind == "centre-card":
            text = tr("The centre card is {card}.", card=entry[1])
            out.append(Event("centre-card", text, {"card": entry[1]}))
        else:
            _, target, value = entry
            who = name(target)  # type: ignore[arg-type]
            out.append(
                Event(
                    "dealt",
                    tr("{name} gets a {value}.", name=who, value=value),
                    {"player": who, "card": value},
                    private_to=target,  # type: ignore[arg-type]
                )
            )
    return out


def _play(
    config: PotraConfig, seat: int, value: int, lap: int, before: int, drawn: int | None
) -> list[Event]:
    name = config.name(seat)
    after = before - 1 if before > 0 else 0
    fields = {"name": name, "value": value}
    if before == 1:
        text = tr(
            "{name} plays a {value} and draws a card (the last card: this round is the last).", **fields
        )
    elif before > 0:
        text = tr("{name} plays a {value} and draws a card ({left} left).", left=after, **fields)
    else:
        text = tr("{name} plays a {value} and does not draw: the deck is empty.", **fields)
    data = {"player": name, "card": value, "lap": lap, "deck": after}
    blind = seat in config.blind
    table = [play(name, value, config.physical, blind)]
    if config.physical and before > 0:
        table.append(draw(name, seat not in config.untracked, blind))
    out = [Event("play", text, data, table=tuple(table))]
    if drawn is not None and not blind:  # an automa's draw goes unseen onto its pile: nobody is told
        out.append(
            Event(
                "draw",
                tr("{name} draws a {value}.", name=name, value=drawn),
                {"player": name, "card": drawn},
                private_to=seat,
            )
        )
    return out


def _centre(config: PotraConfig, winner: int, centre: int | None, best: int, tied: tuple[int, ...]) -> Event:
    name = config.name(winner)
    fields = {"name": name, "best": best, "centre": centre}
    if len(tied) > 1:
        names = listing(config.name(s) for s in tied if s != winner)
        text = tr(
            "{name} has the highest sum, {best}, and takes the centre card {centre} (tied with {names}; {name} "
            "played last).",
            names=names,
            **fields,
        )
    else:
        text = tr("{name} has the highest sum, {best}, and takes the centre card {centre}.", **fields)
    return Event(
        "centre",
        text,
        {"player": name, "card": centre, "sum": best, "tied": [config.name(s) for s in tied]},
        table=(centre_won(name, centre, face(config, winner)),) if centre is not None else (),
    )


def _take(config: PotraConfig, seat: int, owner: int, value: int, forced: bool) -> Event:
    name, whose_name = config.name(seat), config.name(owner)
    data = {"player": name, "card": value, "from": whose_name, "forced": forced}
    fields = {"name": name, "owner": whose_name, "value": value}
    if owner == seat:
        text = (
            tr("{name} takes their own {value} (the only choice).", **fields)
            if forced
            else tr("{name} takes their own {value}.", **fields)
        )
    else:
        text = (
            tr("{name} takes {owner}'s {value} (the only choice).", **fields)
            if forced
            else tr("{name} takes {owner}'s {value}.", **fields)
        )
    return Event(
        "take",
        text,
        data,
        table=(take(name, whose_name, value, face(config, seat)),),
    )


def _round(config: PotraConfig, number: int, centre: int | None, starter: int, deck_size: int) -> Event:
    name = config.name(starter)
    fields = {"number": number, "centre": centre, "name": name}
    if deck_size == 0:
        text = (
            tr(
                "Round {number}: the new centre card is {centre}; {name} starts (0 cards in the deck). This is "
                "the last round: the deck is empty.",
                **fields,
            )
            if centre is not None
            else tr(
                "Round {number}: a new centre card is turned up; {name} starts (0 cards in the deck). This is "
                "the last round: the deck is empty.",
                **fields,
            )
        )
    elif centre is not None:
        text = trn(
            "Round {number}: the new centre card is {centre}; {name} starts ({n} card in the deck).",
            "Round {number}: the new centre card is {centre}; {name} starts ({n} cards in the deck).",
            deck_size,
            **fields,
        )
    else:
        text = trn(
            "Round {number}: a new centre card is turned up; {name} starts ({n} card in the deck).",
            "Round {number}: a new centre card is turned up; {name} starts ({n} cards in the deck).",
            deck_size,
            **fields,
        )
    return Event(
        "round",
        text,
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
        tr("The deck is empty: game over. The scoring piles:") + "\n" + lines,
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
            out.append(tr("Leave the centre card turned up; type it again when asked."))
        elif target == TURNED:
            out.append(tr("Leave the automa's card turned over; type it again when asked."))
        else:
            out.append(
                trn(
                    "Leave the card in {name}'s hand; type it again when asked.",
                    "Leave the {n} cards in {name}'s hand; type them again when asked.",
                    n,
                    name=before.config.name(target),
                )
            )
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
            back.append(tr("Put the card {name} just drew back on top of the deck.", name=name))
        fields = {"name": name, "value": value}
        if physical and data["player"] in _automas(before.config):
            back.append(
                tr(
                    "Put the {value} in front of {name} back on {name}'s hand pile, still turned over.",
                    **fields,
                )
            )
        elif physical:
            back.append(tr("Return the {value} in front of {name} to {name}'s hand.", **fields))
        else:
            back.append(tr("Put the {value} in front of {name} back in the supply.", **fields))
        return back
    if event.kind == "turn":
        return [tr("Put the turned card back face down on top of {name}'s hand pile.", name=data["player"])]
    if event.kind == "centre" and data["card"] is not None:
        return [
            tr(
                "Put the {value} from {name}'s scoring pile back as the centre card.",
                value=data["card"],
                name=data["player"],
            )
        ]
    if event.kind == "take":
        name, owner, value = data["player"], data["from"], data["card"]
        return [
            tr(
                "Put {owner}'s {value} from {name}'s scoring pile back in front of {owner}.",
                owner=owner,
                value=value,
                name=name,
            )
        ]
    if event.kind == "round":
        if physical:
            return [tr("Put the new centre card back face down on top of the deck.")]
        return [tr("Put the new centre card, {centre}, back in the supply.", centre=data["centre"])]
    return []
