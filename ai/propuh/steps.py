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

from ai.propuh.components import GRANNY, KINDS, PROPUH, ROLE_NAMES, Card, Loc
from ai.propuh.state import Action, Deal, Draw, Phase, PropuhState
from ai.protocol import Event
from ai.text import plural
from ai.undo_steps import leave_typed

TOKEN_NAMES = ("green Granny token", "red Propuh token")


def side(loc: Loc, seat: int) -> str:
    """The location as named on ``seat``'s side of its board."""
    return loc.propuh_title if seat == PROPUH else loc.title


def dealt(seat: int, cards: Sequence[Card]) -> Event:
    """The cards the tool dealt ``seat`` from its own deck, private to that seat: at the setup and at each
    round's deal. They stay in the supply: taking them out in view of all would show the hand."""
    hand = sorted(cards)
    return Event(
        "dealt",
        f"{ROLE_NAMES[seat]} is dealt {cards_text(hand)} (they stay in the supply until played).",
        {"player": ROLE_NAMES[seat].lower(), "cards": [str(c) for c in hand]},
        private_to=seat,
    )


def cards_text(cards: Sequence[Card]) -> str:
    names = [card.long for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def play(card: Card, loc: Loc, seat: int, solo: bool, physical: bool) -> str:
    name = ROLE_NAMES[seat]
    where = side(loc, seat)
    if not physical:
        return f"Take {card.long} from the supply and put it on the {where} for {name}."
    if seat == PROPUH and solo:
        return f"Put the drawn {card.long} face up on the {where} for Propuh."
    return f"Put {card.long} from {name}'s hand face up on the {where}."


def discard(*owned: tuple[int, Card]) -> str:
    cards = " and ".join(f"{ROLE_NAMES[owner]}'s {card.long}" for owner, card in owned)
    return f"Put {cards} on the discard pile."


def token(seat: int, loc: Loc) -> str:
    return f"Put a {TOKEN_NAMES[seat]} on the {side(loc, seat)}."


def remove_token(loc: Loc) -> str:
    return f"Take a {TOKEN_NAMES[PROPUH]} off the {side(loc, PROPUH)}."


def figurine(loc: Loc) -> str:
    return f"Move the figurine to the {loc.title}."


def deal(counts: Sequence[int], physical: bool, left: int) -> tuple[str, tuple[str, ...]]:
    """The end-of-round deal: its sentence and the hands' steps. ``counts`` per seat; ``left`` is the deck
    after the deal. Two players deal a seat's cards together, Granny's first (the order the prompts ask for
    them with a real deck)."""
    dealt = [(seat, n) for seat, n in zip((GRANNY, PROPUH), counts, strict=True) if n]
    if not dealt:
        return "The deck is empty: nobody is dealt a card.", ()
    parts = ", then ".join(f"{plural(n, 'card')} to {ROLE_NAMES[seat]}" for seat, n in dealt)
    if not physical:
        return f"The tool deals {parts} from its own deck: nothing to deal at the table.", ()
    steps = tuple(f"Deal {plural(n, 'card')} from the deck to {ROLE_NAMES[seat]}." for seat, n in dealt)
    # the sentence says what happens, the step what the hands do: the same words in both would read as two
    # deals
    dealt_text = ", then ".join(f"{ROLE_NAMES[seat]} {plural(n, 'card')}" for seat, n in dealt)
    return f"The next round's cards, from the deck: {dealt_text}.", steps


def last_card_kept(physical: bool) -> tuple[str, tuple[str, ...]]:
    """Solo: one card is left after a round; it is not dealt (Propuh draws it)."""
    if not physical:
        return "One card is left in the tool's deck: it is not dealt to Granny; Propuh draws it.", ()
    return (
        "One card is left in the deck: it is not dealt to Granny; Propuh draws it.",
        ("Do not deal the last card: leave it on the deck.",),
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
        where = side(loc, seat)
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
            f"{side(loc, other)}."
        ]
    if event.kind == "token":
        back = []
        if data["placed"]:
            back.append(f"Take the {TOKEN_NAMES[seat]} back off the {where}.")
        if (index, data["player"]) not in straight_back:
            back.append(f"Take {name}'s {card.long} back from the discard pile onto the {where}.")
        return back
    if event.kind == "remove":
        loc = _loc(data["location"])
        return [f"Put the {TOKEN_NAMES[PROPUH]} back on the {side(loc, PROPUH)}."]
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
    the new cards from the old: any of them will do, since the next deal
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


_CARDS = {str(card): card for card in KINDS}


def _card(text: str) -> Card:
    return _CARDS[text]


def _loc(title: str) -> Loc:
    return next(loc for loc in Loc if loc.title.lower() == title)
