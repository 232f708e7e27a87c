"""What the hands at a Propuh table do, in words: the steps each event carries (``Event.table``).

Names. The three boards have two sides: Granny's names them Table, Stove and Bed, Propuh's Door, Stove and
Window (rulebook and glossary). A token and a card played are named on the side of the role that owns them
("a red Propuh token on the Door", "Granny's Bed 3 on the Table"); the figurine is Granny's, on her side.

Where cards come from. With a real deck (``physical``) a card is played from its player's hand, and the solo
automaton's card is the one just drawn from the deck. In dealer mode the tool shuffles and deals from a deck
nobody at the table holds; the table's cards lie face up as a supply sorted by suit and value, and every card
the tool names is taken from it (the person's hand is shown on the screen). Ruling: this is the physical
counterpart of the tool's deal; there is nothing to deal at the table.

Undo (``undo_span_steps``): what the hands do to take inputs back, the steps of their events reversed. Public
facts only: a card is named when it was face up on a board (played, countered, discarded) or drawn face up for
the solo automaton; a card dealt into a hand is only counted. A card typed from a real deal stays where it was
dealt (typing it again is the fix); the deal itself is taken back with the input that ended the round. One step
per card: an undo takes back a person's input and the bots' answers together, and a card those inputs both
played and discarded (Granny's card countered by the bot's answer, or left unresolved and discarded when the
bot played elsewhere) comes straight back from the discard pile to where it was taken from, as the forward
messages left it, not onto the board first and off it again.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.propuh.components import (
    GRANNY,
    KINDS,
    PROPUH,
    ROLE_NAMES,
    Card,
    Loc,
    card_name,
    cards_name,
    loc_name,
    off,
    onto,
    role_name,
    role_of,
    role_to,
)
from ai.propuh.state import Action, Deal, Draw, Phase, PropuhState
from ai.protocol import Event
from ai.undo_steps import leave_typed
from ai.words import listing, tr, trn


def side(loc: Loc, seat: int) -> str:
    """The location as named on ``seat``'s side of its board, in the table's language."""
    return loc_name(loc, seat)


def dealt(seat: int, cards: Sequence[Card]) -> Event:
    """The cards the tool dealt ``seat`` from its own deck, private to that seat: at the setup and at each
    round's deal. They stay in the supply: taking them out in view of all would show the hand."""
    hand = sorted(cards)
    return Event(
        "dealt",
        tr(
            "{name} is dealt {cards} (they stay in the supply until played).",
            name=role_name(seat),
            cards=cards_text(hand),
        ),
        {"player": ROLE_NAMES[seat].lower(), "cards": [str(c) for c in hand]},
        private_to=seat,
    )


def cards_text(cards: Sequence[Card]) -> str:
    return cards_name(cards)


def play(card: Card, loc: Loc, seat: int, solo: bool, physical: bool) -> str:
    where = onto(loc, seat)
    name = card_name(card)
    if not physical:
        return tr(
            "Take {card} from the supply and put it on the {where} for {name}.",
            card=name,
            where=where,
            name=role_of(seat),
        )
    if seat == PROPUH and solo:
        return tr("Put the drawn {card} face up on the {where} for Propuh.", card=name, where=where)
    return tr(
        "Put {card} from {name}'s hand face up on the {where}.",
        card=name,
        name=role_of(seat),
        where=where,
    )


def owned(owner: int, card: Card) -> str:
    """A card and whose it is: ``Granny's Bed 3``."""
    return tr("{name}'s {card}", name=role_of(owner), card=card_name(card))


def discard(*owned_cards: tuple[int, Card]) -> str:
    cards = listing([owned(owner, card) for owner, card in owned_cards])
    return tr("Put {cards} on the discard pile.", cards=cards)


def token(seat: int, loc: Loc) -> str:
    where = onto(loc, seat)
    if seat == PROPUH:
        return tr("Put a red Propuh token on the {where}.", where=where)
    return tr("Put a green Granny token on the {where}.", where=where)


def remove_token(loc: Loc) -> str:
    return tr("Take a red Propuh token off the {where}.", where=off(loc, PROPUH))


def figurine(loc: Loc) -> str:
    return tr("Move the figurine to the {where}.", where=onto(loc))


def _then(parts: Sequence[str]) -> str:
    """Two seats' deals in order: ``2 cards to Granny, then 2 cards to Propuh``."""
    return parts[0] if len(parts) == 1 else tr("{first}, then {second}", first=parts[0], second=parts[1])


def deal(counts: Sequence[int], physical: bool, left: int) -> tuple[str, tuple[str, ...]]:
    """The end-of-round deal: its sentence and the hands' steps. ``counts`` per seat; ``left`` is the deck
    after the deal. Two players deal a seat's cards together, Granny's first (the order the prompts ask for
    them with a real deck)."""
    dealt = [(seat, n) for seat, n in zip((GRANNY, PROPUH), counts, strict=True) if n]
    if not dealt:
        return tr("The deck is empty: nobody is dealt a card."), ()
    if not physical:
        parts = _then(
            [trn("{n} card to {name}", "{n} cards to {name}", n, name=role_to(s)) for s, n in dealt]
        )
        return tr("The tool deals {parts} from its own deck: nothing to deal at the table.", parts=parts), ()
    steps = tuple(
        trn(
            "Deal {n} card from the deck to {name}.",
            "Deal {n} cards from the deck to {name}.",
            n,
            name=role_to(seat),
        )
        for seat, n in dealt
    )
    # the sentence says what happens, the step what the hands do: the same words in both would read as two
    # deals
    dealt_text = _then([trn("{name} {n} card", "{name} {n} cards", n, name=role_to(s)) for s, n in dealt])
    return tr("The next round's cards, from the deck: {dealt}.", dealt=dealt_text), steps


def last_card_kept(physical: bool) -> tuple[str, tuple[str, ...]]:
    """Solo: one card is left after a round; it is not dealt (Propuh draws it)."""
    if not physical:
        return tr("One card is left in the tool's deck: it is not dealt to Granny; Propuh draws it."), ()
    return (
        tr("One card is left in the deck: it is not dealt to Granny; Propuh draws it."),
        (tr("Do not deal the last card: leave it on the deck."),),
    )


#: An event's place among the events of the inputs taken back, and a player ("granny", "propuh").
_Card = tuple[int, str]


def undo_span_steps(
    states: Sequence[PropuhState], actions: Sequence[Action], events: Sequence[Sequence[Event]]
) -> list[str]:
    """The steps that take ``actions`` back together (``actions[i]`` turned ``states[i]`` into
    ``states[i + 1]`` with ``events[i]``), latest first, one step per card."""
    inputs: list[tuple[PropuhState, Action, list[tuple[int, Event]]]] = []
    count = 0
    for before, action, happened in zip(states, actions, events, strict=False):
        inputs.append((before, action, list(enumerate(happened, count))))
        count += len(happened)
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
        return [leave_typed(n, tr("dealt in {name}'s hand", name=role_of(before.pending[0])))]
    if isinstance(action, Draw):
        return [tr("Put {card} back on top of the deck.", card=card_name(action.card))]
    return []


def _back(before: PropuhState, event: Event, index: int, straight_back: set[_Card]) -> list[str]:
    data = event.data
    config = before.config
    if event.kind in ("play", "token", "counter"):
        seat = _seat(data["player"])
        name = role_of(seat)
        card = card_name(_card(data["card"]))
        loc = _loc(data["location"])
    if event.kind == "play":
        discarded = (index, data["player"]) in straight_back
        where = off(loc, seat)
        if not config.physical:
            if discarded:
                return [
                    tr(
                        "Take {name}'s {card} back from the discard pile into the supply.",
                        name=name,
                        card=card,
                    )
                ]
            return [
                tr(
                    "Take {name}'s {card} back off the {where} into the supply.",
                    name=name,
                    card=card,
                    where=where,
                )
            ]
        if seat == PROPUH and config.solo:  # the typed draw it answered goes back on the deck next
            if discarded:
                return [tr("Take Propuh's {card} back from the discard pile.", card=card)]
            return [tr("Take Propuh's {card} back off the {where}.", card=card, where=where)]
        if discarded:
            return [tr("Take {card} back from the discard pile into {name}'s hand.", card=card, name=name)]
        return [tr("Take {card} back off the {where} into {name}'s hand.", card=card, where=where, name=name)]
    if event.kind == "counter":
        other = 1 - seat
        if (index, ROLE_NAMES[other].lower()) in straight_back:
            return []
        return [_from_discard(other, _card(data["countered"]), loc)]
    if event.kind == "token":
        back = []
        if data["placed"]:
            where = off(loc, seat)
            if seat == PROPUH:
                back.append(tr("Take the red Propuh token back off the {where}.", where=where))
            else:
                back.append(tr("Take the green Granny token back off the {where}.", where=where))
        if (index, data["player"]) not in straight_back:
            back.append(_from_discard(seat, _card(data["card"]), loc))
        return back
    if event.kind == "remove":
        loc = _loc(data["location"])
        return [tr("Put the red Propuh token back on the {where}.", where=onto(loc, PROPUH))]
    if event.kind == "figurine":
        return [tr("Move the figurine back to the {where}.", where=onto(before.figurine))]
    if event.kind == "deal" and config.physical:
        counts = data["counts"]
        return [
            _deal_back(_seat(role), counts[role], _seat(role) in config.untracked)
            for role in ("propuh", "granny")
            if counts[role]
        ]
    return []


def _from_discard(seat: int, card: Card, loc: Loc) -> str:
    return tr(
        "Take {name}'s {card} back from the discard pile onto the {where}.",
        name=role_of(seat),
        card=card_name(card),
        where=onto(loc, seat),
    )


def _deal_back(seat: int, count: int, untracked: bool) -> str:
    """Cards dealt to ``seat`` put back on the deck. A hand nobody types (Granny's at the solo table) may not tell
    the new cards from the old: any of them will do, since the next deal
    gives the same cards back to the same hand, and the tool never knew which were which."""
    if untracked:
        return trn(
            "Put {n} card from {name}'s hand back on top of the deck: the {n} card just dealt, or any {n} if you "
            "cannot tell them apart (the next deal gives the same {n} card back).",
            "Put {n} cards from {name}'s hand back on top of the deck: the {n} cards just dealt, or any {n} if you "
            "cannot tell them apart (the next deal gives the same {n} cards back).",
            count,
            name=role_of(seat),
        )
    return trn(
        "Put the {n} card just dealt to {name} back on top of the deck.",
        "Put the {n} cards just dealt to {name} back on top of the deck, the first one dealt on top.",
        count,
        name=role_to(seat),
    )


def _seat(player: str) -> int:
    return GRANNY if player == "granny" else PROPUH


_CARDS = {str(card): card for card in KINDS}


def _card(text: str) -> Card:
    return _CARDS[text]


def _loc(title: str) -> Loc:
    return next(loc for loc in Loc if loc.title.lower() == title)
