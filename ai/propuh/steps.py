"""What the hands at a Propuh table do, in words: the steps each event carries (``Event.table``).

Names. The three boards have two sides: Granny's names them Table, Stove and Bed, Propuh's Door, Stove and
Window (rulebook and glossary). A token and a card played are named on the side of the role that owns them
("a red Propuh token on the Door", "Granny's Bed 3 on the Table"); the figurine is Granny's, on her side.

Where cards come from. With a real deck (``physical``) a card is played from its player's hand, and the solo
automaton's card is the one just drawn from the deck. In dealer mode the tool shuffles and deals from a deck
nobody at the table holds; the table's cards lie face up as a supply sorted by suit and value, and every card
the tool names is taken from it (the person's hand is shown on the screen). Ruling: this is the physical
counterpart of the tool's deal; there is nothing to deal at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.propuh.cards import GRANNY, PROPUH, ROLE_NAMES, Card, Loc
from ai.protocol import Event
from ai.text import plural

TOKEN_NAMES = ("green Granny token", "red Propuh token")


def side(loc: Loc, seat: int) -> str:
    """The location as named on ``seat``'s side of its board."""
    return loc.propuh_title if seat == PROPUH else loc.title


def dealt(seat: int, cards: Sequence[Card]) -> Event:
    """The cards the tool dealt ``seat`` from its own deck, private to that seat: at the setup and at each
    round's deal. They stay in the supply (a trial: a new table might take them out in view of all)."""
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
    # the sentence says what happens, the step what the hands do (a trial read "Deal 2 cards to Granny." and
    # then "→ Deal 2 cards from the deck to Granny.": the same deal twice, as if two)
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
