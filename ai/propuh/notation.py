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

import functools
import re
from dataclasses import dataclass

from ai.propuh.components import (
    GRANNY,
    PROPUH,
    Card,
    Loc,
    card_name,
    loc_name,
    off,
    onto,
    role_name,
    role_of,
    role_to,
)
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
from ai.text import NUMBER_WORDS, close_word
from ai.words import current, quoted, tr, trn, typed_forms

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


@dataclass(frozen=True, slots=True)
class Words:
    """The words the notation reads at a table of one language: the English ones and the long forms a person
    types in the table's language (``typed_forms``: ``печь``, ``fourneau``), so that typo suggestions know them
    too. The short notation (``b3 t``) is the same in every language."""

    suits: dict[str, Loc]
    filler: frozenset[str]
    figurine: frozenset[str]
    draw: frozenset[str]
    yes: frozenset[str]
    no: frozenset[str]
    vocabulary: tuple[str, ...]


#: The English words whose long forms a table of another language types (the catalogue's ``input`` entries).
TYPED = frozenset(
    {"table", "door", "stove", "bed", "window", "on", "to", "the", "play", "card", "of", "figurine", "move"}
    | {"draw", "dealt", "yes", "no"}
)


def _typed(words: frozenset[str]) -> frozenset[str]:
    return words | {form for word in words & TYPED for form in typed_forms(word)}


@functools.cache
def _words_of(lang: str) -> Words:
    suits = dict(SUITS)
    for word, loc in SUITS.items():
        if word in TYPED:
            suits.update(dict.fromkeys(typed_forms(word), loc))
    filler, figurine, draw = _typed(FILLER), _typed(FIGURINE), _typed(DRAW)
    yes, no = _typed(YES), _typed(NO)
    vocabulary = tuple(sorted(set(suits) | filler | figurine | draw | yes | no))
    return Words(suits, filler, figurine, draw, yes, no, vocabulary)


def words() -> Words:
    """The notation's words at a table of the current language."""
    return _words_of(current())


#: A word is a run of letters in any alphabet (``печь``) or of digits.
_TOKEN = re.compile(r"[^\W\d_]+|\d+")


def _words(text: str) -> list[str]:
    """The words typed, a value written as a word read as its digit (``stove two`` is ``s2``)."""
    return [NUMBER_WORDS.get(word, word) for word in _TOKEN.findall(text.lower())]


def _unknown_word(word: str, answering: bool = False) -> ParseError:
    """A word the notation does not know, with the closest it does. ``answering`` the figurine's yes-or-no
    question, the closest answer, short ones too: at a Russian table "да" is the word meant, not an
    abbreviation any typo is near."""
    if answering:
        w = words()
        answers = sorted(form for form in w.yes | w.no if len(form) > 1)
        suggestion = close_word(word, answers, short=True)
    else:
        suggestion = close_word(word, words().vocabulary, numbers=True)
    return ParseError(tr("unknown word {word}", word=quoted(word)), suggestion=suggestion)


def parse_location(text: str) -> Loc:
    w = words()
    typed = [word for word in _words(text) if word not in w.filler]
    if len(typed) != 1 or typed[0] not in w.suits:
        if len(typed) == 1:
            raise _unknown_word(typed[0])
        raise ParseError(
            tr("not a location: {text} (t, s, b or table, stove, bed)", text=quoted(text.strip()))
        )
    return w.suits[typed[0]]


def _card_from(suit_word: str, value_word: str) -> Card:
    # int() refuses more than 4300 digits with a bare ValueError; no card value needs more than a few.
    if len(value_word) > 4:
        raise ParseError(tr("a card's value is 1 to 4, not {value}", value=value_word[:4] + "..."))
    value = int(value_word)
    if not 1 <= value <= 4:
        raise ParseError(tr("a card's value is 1 to 4, not {value}", value=value))
    return Card(words().suits[suit_word], value)


def parse_card(text: str) -> Card:
    """``b3``, ``B3``, ``bed 3``, ``window 3``, ``3 bed``."""
    w = words()
    typed = [word for word in _words(text) if word not in w.filler]
    _check_words(typed, text=text)
    if len(typed) == 2 and typed[0] in w.suits and typed[1].isdecimal():
        return _card_from(typed[0], typed[1])
    if len(typed) == 2 and typed[1] in w.suits and typed[0].isdecimal():
        return _card_from(typed[1], typed[0])
    raise ParseError(
        tr("not a card: {text} (a suit and a value, e.g. b3 or bed 3)", text=quoted(text.strip()))
    )


def _check_words(typed: list[str], answering: bool = False, text: str = "") -> None:
    """Refuse the first word the notation does not know, quoted as typed: the whole of what was typed around it
    (``x9``, not the ``x`` read from it)."""
    w = words()
    for word in typed:
        if not word.isdecimal() and word not in w.suits and word not in w.figurine | w.draw | w.yes | w.no:
            error = _unknown_word(word, answering)
            chunk = next((part for part in text.split() if word in part.lower()), word)
            if chunk != word:
                error = ParseError(tr("unknown word {word}", word=quoted(chunk)), suggestion=error.suggestion)
            raise error


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
        return tr("{card} on the {where}", card=card_name(action.card), where=onto(action.loc))
    if isinstance(action, MoveFigurine):
        return tr("the figurine to the {where}", where=onto(action.loc))
    if isinstance(action, Draw):
        return card_name(action.card)
    if isinstance(action, Deal):
        return ", ".join(card_name(card) for card in action.cards)
    return tr("remove the token") if action.yes else tr("keep the token")


def parse_action(state: PropuhState, text: str) -> Action:
    """Parse ``text`` as an action in ``state``; raise ``ParseError``, ``IllegalError`` or ``AmbiguousError``."""
    action = _parse(state, text)
    check(state, action)
    return action


def _parse(state: PropuhState, text: str) -> Action:
    w = words()
    suits = w.suits
    typed = [word for word in _words(text) if word not in w.filler]
    if not typed:
        raise ParseError(tr("nothing to read: {expected}", expected=expected_input(state)))
    phase = state.phase
    _check_words(typed, answering=phase == Phase.REMOVE, text=text)
    if typed[0] in w.yes or typed[0] in w.no:
        if len(typed) != 1:
            raise ParseError(tr("answer yes or no"))
        if phase != Phase.REMOVE:
            raise IllegalError(tr("yes/no only answers the figurine's token removal at the end of a round"))
        return Remove(typed[0] in w.yes)
    if phase == Phase.REMOVE:
        raise ParseError(tr("answer yes (remove the Propuh token) or no (keep it)"))
    if typed[0] in w.figurine:
        locs = [word for word in typed[1:] if word not in w.figurine]
        if len(locs) != 1 or locs[0] not in suits:
            raise ParseError(tr("say where the figurine goes, e.g. f t (figurine to the table)"))
        return MoveFigurine(suits[locs[0]])
    drawing = typed[0] in w.draw
    if drawing:
        typed = typed[1:]
    if typed and typed[0].isdecimal() and len(typed) >= 2 and typed[1] in suits:
        typed[0], typed[1] = typed[1], typed[0]
    if phase in (Phase.DRAW, Phase.DEAL) or drawing:
        cards = _cards(typed)
        if len(cards) == 1:
            return Draw(cards[0])
        if cards and phase == Phase.DEAL:
            return Deal(tuple(cards))
        if phase == Phase.DRAW:
            raise ParseError(tr("type only the one card drawn for Propuh, e.g. s2"))
        if phase == Phase.DEAL:
            raise ParseError(tr("type the cards dealt, e.g. b2 t3"))
        raise ParseError(tr("type a card, e.g. draw s2"))
    # A play: suit [value] location
    if len(typed) == 3 and typed[0] in suits and typed[1].isdecimal() and typed[2] in suits:
        return Play(_card_from(typed[0], typed[1]), suits[typed[2]])
    if len(typed) == 2 and typed[0] in suits and typed[1] in suits:
        return Play(_only_card(state, suits[typed[0]]), suits[typed[1]])
    if len(typed) == 2 and typed[0] in suits and typed[1].isdecimal():
        card = _card_from(typed[0], typed[1])
        raise ParseError(
            tr("where does {card} go? add a location, e.g. {short} t", card=card_name(card), short=str(card))
        )
    raise ParseError(
        tr(
            "not a play: {text} — a card and a location, e.g. b3 t (bed 3 on table)",
            text=quoted(text.strip()),
        )
    )


def _cards(typed: list[str]) -> list[Card]:
    """Cards typed one after another (``b2 b3 s1``, ``bed 2 bed 3``, ``b 2``); empty if the words are not
    a list of cards."""
    cards: list[Card] = []
    suits = words().suits
    i = 0
    while i < len(typed):
        if i + 1 < len(typed) and typed[i] in suits and typed[i + 1].isdecimal():
            cards.append(_card_from(typed[i], typed[i + 1]))
        elif i + 1 < len(typed) and typed[i].isdecimal() and typed[i + 1] in suits:
            cards.append(_card_from(typed[i + 1], typed[i]))
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
        raise IllegalError(tr("{name} has no {suit} card to play", name=role_of(seat), suit=loc_name(suit)))
    listed = ", ".join(str(c) for c in options)
    raise AmbiguousError(tr("which {suit} card? {cards}", suit=loc_name(suit), cards=listed))


def expected_input(state: PropuhState) -> str:
    """One line saying what may be typed now."""
    phase = state.phase
    if phase == Phase.DRAW:
        return tr("Draw the top card of the deck for Propuh and type it, e.g. s2")
    if phase == Phase.DEAL:
        seat, due = due_now(state)
        example = " ".join(["b3", "t2", "s1", "b2"][:due])
        return trn(
            "Type the cards dealt to {name}: {n} more card, e.g. {example}",
            "Type the cards dealt to {name}: {n} more cards, e.g. {example}",
            due,
            name=role_to(seat),
            example=example,
        )
    if phase == Phase.REMOVE:
        # named: with two people at the table, the removal is Granny's answer, not Propuh's
        return tr(
            "{name}: remove a Propuh token from the {where} with the figurine? yes or no",
            name=role_name(GRANNY),
            where=off(state.figurine, PROPUH),
        )
    if phase == Phase.OVER:
        return tr("The game is over")
    seat = state.plays % 2
    name = role_name(seat)
    if seat == 0 and state.plays == 0 and not state.figurine_moved:
        return tr("{name}: move the figurine (e.g. f b) or play a card on a location (e.g. b3 t)", name=name)
    # in each role's own words: Propuh's side of the board says Door, Stove, Window (his plays are written so)
    if seat == GRANNY:
        return tr("{name}: play a card on a location, e.g. b3 t (bed 3 on table)", name=name)
    return tr("{name}: play a card on a location, e.g. b3 d (window 3 on door)", name=name)


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
