"""Propuh notation: cards (``b3``, ``bed 3``), locations (``t``/``s``/``b``, ``table``/``door``, ``stove``,
``bed``/``window``) and actions.

| action                | short   | forgiving long forms                         |
|-----------------------|---------|----------------------------------------------|
| play a card           | ``b3 t`` | ``bed 3 on table``, ``window 3 door``, ``b3t`` |
| move the figurine     | ``f t``  | ``figurine table``, ``move figurine to bed``   |
| a card drawn or dealt | ``b3``   | ``draw bed 3``                               |
| cards dealt together  | ``b2 b3 s1`` | ``bed 2, bed 3, stove 1``                |
| figurine removal      | ``yes``/``no`` | ``y``, ``remove``, ``n``, ``keep``       |

``format_action`` gives the short form and ``parse_action(state, format_action(state, a)) == a``.
"""

from __future__ import annotations

import re

from ai.propuh.components import GRANNY, PROPUH, ROLE_NAMES, Card, Loc
from ai.propuh.engine import check, due_now, playable_cards, to_move
from ai.propuh.state import (
    Action,
    Deal,
    Draw,
    MoveFigurine,
    Phase,
    Play,
    PropuhState,
    Remove,
)
from ai.protocol import AmbiguousError, IllegalError, InputError, ParseError
from ai.text import NUMBER_WORDS, close_word, plural

SUITS: dict[str, Loc] = {
    "t": Loc.TABLE,
    "table": Loc.TABLE,
    "d": Loc.TABLE,
    "door": Loc.TABLE,
    "s": Loc.STOVE,
    "stove": Loc.STOVE,
    "b": Loc.BED,
    "bed": Loc.BED,
    "w": Loc.BED,
    "window": Loc.BED,
}
FILLER = frozenset(
    {"on", "at", "to", "the", "in", "onto", "play", "plays", "played", "card", "put", "of", "a"}
)
FIGURINE = frozenset({"f", "fig", "figurine", "figure", "move", "moves"})
DRAW = frozenset({"draw", "draws", "drew", "drawn", "dealt", "deal", "got"})
YES = frozenset({"y", "yes", "remove", "r", "ok"})
NO = frozenset({"n", "no", "keep", "k", "decline"})
VOCABULARY = sorted(set(SUITS) | FILLER | FIGURINE | DRAW | YES | NO)

_TOKEN = re.compile(r"[a-z]+|\d+")


def _words(text: str) -> list[str]:
    """The words typed, a value written as a word read as its digit (``stove two`` is ``s2``)."""
    return [NUMBER_WORDS.get(word, word) for word in _TOKEN.findall(text.lower())]


def _unknown_word(word: str) -> ParseError:
    return ParseError(f"unknown word {word!r}", suggestion=close_word(word, VOCABULARY, numbers=True))


def parse_location(text: str) -> Loc:
    words = [w for w in _words(text) if w not in FILLER]
    if len(words) != 1 or words[0] not in SUITS:
        if len(words) == 1:
            raise _unknown_word(words[0])
        raise ParseError(f"not a location: {text.strip()!r} (t, s, b or table, stove, bed)")
    return SUITS[words[0]]


def _card_from(suit_word: str, value_word: str) -> Card:
    # int() refuses more than 4300 digits with a bare ValueError; no card value needs more than a few.
    if len(value_word) > 4:
        raise ParseError(f"Propuh cards have values 1 to 4, not {value_word[:4]}...")
    value = int(value_word)
    if not 1 <= value <= 4:
        raise ParseError(f"Propuh cards have values 1 to 4, not {value}")
    return Card(SUITS[suit_word], value)


def parse_card(text: str) -> Card:
    """``b3``, ``B3``, ``bed 3``, ``window 3``, ``3 bed``."""
    words = [w for w in _words(text) if w not in FILLER]
    _check_words(words)
    if len(words) == 2 and words[0] in SUITS and words[1].isdigit():
        return _card_from(words[0], words[1])
    if len(words) == 2 and words[1] in SUITS and words[0].isdigit():
        return _card_from(words[1], words[0])
    raise ParseError(f"not a card: {text.strip()!r} (a suit and a value, e.g. b3 or bed 3)")


def _check_words(words: list[str]) -> None:
    for word in words:
        if not word.isdigit() and word not in SUITS and word not in FIGURINE | DRAW | YES | NO:
            raise _unknown_word(word)


def format_card(card: Card) -> str:
    return str(card)


def format_action(state: PropuhState | None, action: Action) -> str:
    """The short form. Propuh's own plays name the location as his side of the board does (``b4 w``: the
    Window, Granny's Bed), so that what the table reads back (an undo) is what he typed; the parser takes
    either name on either turn."""
    if isinstance(action, Play):
        if state is not None and to_move(state) == PROPUH:
            return f"{action.card} {action.loc.propuh_title[0].lower()}"
        return f"{action.card} {action.loc.short}"
    if isinstance(action, MoveFigurine):
        return f"f {action.loc.short}"
    if isinstance(action, Draw):
        return str(action.card)
    if isinstance(action, Deal):
        return " ".join(str(card) for card in action.cards)
    # the prompt's own words (was remove/keep: undo said "Undone: remove")
    return "yes" if action.yes else "no"


def describe_action(action: Action) -> str:
    """A sentence-like long form, for people."""
    if isinstance(action, Play):
        return f"{action.card.long} on the {action.loc.title}"
    if isinstance(action, MoveFigurine):
        return f"the figurine to the {action.loc.title}"
    if isinstance(action, Draw):
        return action.card.long
    if isinstance(action, Deal):
        return ", ".join(card.long for card in action.cards)
    return "remove the token" if action.yes else "keep the token"


def parse_action(state: PropuhState, text: str) -> Action:
    """Parse ``text`` as an action in ``state``; raise ``ParseError``, ``IllegalError`` or ``AmbiguousError``."""
    action = _parse(state, text)
    check(state, action)
    return action


def _parse(state: PropuhState, text: str) -> Action:
    words = [w for w in _words(text) if w not in FILLER]
    if not words:
        raise ParseError("nothing to read: " + expected_input(state))
    _check_words(words)
    phase = state.phase
    if words[0] in YES or words[0] in NO:
        if len(words) != 1:
            raise ParseError("answer yes or no")
        if phase != Phase.REMOVE:
            raise IllegalError("yes/no only answers the figurine's token removal at the end of a round")
        return Remove(words[0] in YES)
    if phase == Phase.REMOVE:
        raise ParseError("answer yes (remove the Propuh token) or no (keep it)")
    if words[0] in FIGURINE:
        locs = [w for w in words[1:] if w not in FIGURINE]
        if len(locs) != 1 or locs[0] not in SUITS:
            raise ParseError("say where the figurine goes, e.g. f t (figurine to the table)")
        return MoveFigurine(SUITS[locs[0]])
    drawing = words[0] in DRAW
    if drawing:
        words = words[1:]
    if words and words[0].isdigit() and len(words) >= 2 and words[1] in SUITS:
        words[0], words[1] = words[1], words[0]
    if phase in (Phase.DRAW, Phase.DEAL) or drawing:
        cards = _cards(words)
        if len(cards) == 1:
            return Draw(cards[0])
        if cards and phase == Phase.DEAL:
            return Deal(tuple(cards))
        if phase == Phase.DRAW:
            raise ParseError("type only the one card drawn for Propuh, e.g. s2")
        if phase == Phase.DEAL:
            raise ParseError("type the cards dealt, e.g. b2 t3")
        raise ParseError("type a card, e.g. draw s2")
    # A play: suit [value] location
    if len(words) == 3 and words[0] in SUITS and words[1].isdigit() and words[2] in SUITS:
        return Play(_card_from(words[0], words[1]), SUITS[words[2]])
    if len(words) == 2 and words[0] in SUITS and words[1] in SUITS:
        return Play(_only_card(state, SUITS[words[0]]), SUITS[words[1]])
    if len(words) == 2 and words[0] in SUITS and words[1].isdigit():
        card = _card_from(words[0], words[1])
        raise ParseError(f"where does {card.long} go? add a location, e.g. {card} t")
    raise ParseError(f"not a play: {text.strip()!r} — a card and a location, e.g. b3 t (bed 3 on table)")


def _cards(words: list[str]) -> list[Card]:
    """Cards typed one after another (``b2 b3 s1``, ``bed 2 bed 3``, ``b 2``); empty if the words are not
    a list of cards."""
    cards: list[Card] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i] in SUITS and words[i + 1].isdigit():
            cards.append(_card_from(words[i], words[i + 1]))
        elif i + 1 < len(words) and words[i].isdigit() and words[i + 1] in SUITS:
            cards.append(_card_from(words[i + 1], words[i]))
        else:
            return []
        i += 2
    return cards


def _only_card(state: PropuhState, suit: Loc) -> Card:
    """A card named by its suit alone: fine when only one value of that suit can be played."""
    seat = state.plays % 2
    options = sorted({c for c in playable_cards(state, seat) if c.suit == suit})
    if len(options) == 1:
        return options[0]
    if not options:
        raise IllegalError(f"{ROLE_NAMES[seat]} has no {suit.title} card to play")
    listed = ", ".join(str(c) for c in options)
    raise AmbiguousError(f"which {suit.title} card? {listed}")


def expected_input(state: PropuhState) -> str:
    """One line saying what may be typed now."""
    phase = state.phase
    if phase == Phase.DRAW:
        return "Draw the top card of the deck for Propuh and type it, e.g. s2"
    if phase == Phase.DEAL:
        seat, due = due_now(state)
        example = " ".join(["b3", "t2", "s1", "b2"][:due])
        return f"Type the cards dealt to {ROLE_NAMES[seat]}: {plural(due, 'more card')}, e.g. {example}"
    if phase == Phase.REMOVE:
        # named: with two people at the table, the removal is Granny's answer, not Propuh's
        where = state.figurine.propuh_title
        return f"{ROLE_NAMES[GRANNY]}: remove a Propuh token from the {where} with the figurine? yes or no"
    if phase == Phase.OVER:
        return "The game is over"
    seat = state.plays % 2
    name = ROLE_NAMES[seat]
    if seat == 0 and state.plays == 0 and not state.figurine_moved:
        return f"{name}: move the figurine (e.g. f b) or play a card on a location (e.g. b3 t)"
    # in each role's own words: Propuh's side of the board says Door, Stove, Window (his plays are written so)
    short, example = ("b3 t", "bed 3 on table") if seat == GRANNY else ("b3 d", "window 3 on door")
    return f"{name}: play a card on a location, e.g. {short} ({example})"


__all__ = [
    "InputError",
    "describe_action",
    "expected_input",
    "format_action",
    "format_card",
    "parse_action",
    "parse_card",
    "parse_location",
]
