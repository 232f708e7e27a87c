"""What the hands at a Potra Bash table do, in words: the steps each event carries (``Event.table``).

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

#: A trial: "Ann's hand: -3 -2 4" and a new table might take those cards out of the supply in view of all.
SUPPLY = (
    "Sort the cards face up by value beside the table: the supply the tool's cards come from. The hands stay "
    "in the tool: leave every card in the supply until a step says to take it."
)


def cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def more(n: int) -> str:
    return "1 more card" if n == 1 else f"{n} more cards"


def play(name: str, value: int, physical: bool) -> str:
    if physical:
        return f"Put {name}'s {value} from their hand face up in front of {name}."
    return f"Take a {value} from the supply and put it face up in front of {name}."


def draw(name: str, tracked: bool) -> str:
    """A physical deck: the card the player takes after playing (a bot's is typed in)."""
    if tracked:
        return f"Draw the top card of the deck for {name}; type it when asked."
    return f"{name} draws the top card of the deck."


def centre_won(name: str, centre: int) -> str:
    return f"Put the centre card ({centre}) on {name}'s scoring pile."


def take(name: str, owner: str, value: int) -> str:
    if name == owner:
        return f"Move {name}'s own {value} onto {name}'s scoring pile."
    return f"Move {owner}'s {value} onto {name}'s scoring pile."


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
