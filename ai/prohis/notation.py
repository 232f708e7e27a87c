"""Prohis notation: what people type at the table, and what the tool writes back.

Cards are one letter each: ``g`` legal goods, ``x`` illegal goods (contraband), ``l`` lieutenant, ``c`` captain,
``i`` inspector (``m``/major too), ``?`` a card the tool has not seen. Counts may prefix: ``2g x`` = ``g g x``.

| action                       | short           | also                                             |
|------------------------------|-----------------|--------------------------------------------------|
| take a display card          | ``take x``      | ``t x``, ``display illegal``                     |
| draw the pile's top card     | ``pile``        | ``p``, ``top``, ``take pile``                    |
| stop after one display card  | ``stop``        | ``done``, ``end``                                |
| a convoy (face down)         | ``convoy g g x``| ``convoy 2g x``; at a physical table ``convoy 3``|
| commit a controller          | ``inspect c``   | ``c``, ``captain``, ``control lieutenant``       |
| no controller                | ``no``          | ``none``, ``-``                                  |
| offer a bribe                | ``bribe g g``   | ``bribe 2`` (person to person, unseen)           |
| no bribe                     | ``no bribe``    | ``no``, ``none``                                 |
| judge a bribe                | ``accept``      | ``refuse`` (``yes`` / ``no``)                    |
| with no bribe                | ``inspect``     | ``decline`` (``yes`` / ``no``)                   |
| the card turned over / typed | ``x``           | ``shows x``, ``card legal``                      |
| a person inspector's pick    | ``turn 2``      | ``2``, ``t2``, ``2nd``, ``second`` (from the left)|
| pass                         | ``pass``        |                                                  |

A table in another language also reads the catalogue's long forms of these words (``typed_words``), and its
prompts name them: ``взять x``, ``колода``, ``конвой g g x``, ``досмотр c``, ``взятка g g`` / ``без взятки``,
``принять`` / ``отказать``, ``досмотр`` / ``пропустить``; ``prends x``, ``pioche``, ``convoi g g x``,
``contrôle c``, ``pot-de-vin g g`` / ``sans pot-de-vin``, ``accepter`` / ``refuser``, ``contrôler`` /
``laisser``. The inspector's pick is said by its number alone (``2``, ``2-ю``, ``2e``, ``вторую``). The card
letters and counts are the notation in every language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ai.prohis.components import (
    ALIASES,
    CONTROLLERS,
    CONVOY_MIN,
    HAND_LIMIT,
    ILLEGAL,
    LETTERS,
    TOTALS,
    UNKNOWN,
)
from ai.prohis.engine import BRIBE_DUE, can_draw, can_pass, check, due, ordinal, places, to_move
from ai.prohis.state import (
    ACCEPT,
    BRIBE,
    COMMIT,
    CONVOY,
    DEAL,
    DECLINE,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    PASS,
    PILE,
    REFUSE,
    REVEAL,
    STOP,
    TAKE,
    TOP_BRIBE,
    TOP_CONVOY,
    TURN_OVER,
    Act,
    Phase,
    ProhisState,
)
from ai.protocol import CHANCE, IllegalError, ParseError
from ai.text import close_words
from ai.words import current, listing, quoted, tr, trn, typed_forms

CARD_WORDS: dict[str, int] = {**ALIASES, "?": UNKNOWN, "unknown": UNKNOWN}
NO_WORDS = ("no", "n", "none", "-", "nothing", "pass")
YES_WORDS = ("yes", "y")
VERB_WORDS = (
    "take",
    "pile",
    "stop",
    "convoy",
    "inspect",
    "bribe",
    "accept",
    "refuse",
    "decline",
    "pass",
    "no",
    "shows",
    "card",
    "turn",
)


#: The English words the notation reads whose long forms a person may type in the table's language
#: (``ai.words.typed_forms``): the card types, the phases' verbs and answers.
TYPED_WORDS = (
    "legal",
    "illegal",
    "lieutenant",
    "captain",
    "inspector",
    "convoy",
    "pile",
    "stop",
    "take",
    "pass",
    "inspect",
    "bribe",
    "accept",
    "refuse",
    "decline",
    "yes",
    "no",
    "without",
    "turn",
    "card",
    "first",
    "second",
    "third",
    "fourth",
)
#: Per language, each long form typed: the English word it stands for (built once a language).
_TYPED: dict[str, dict[str, str]] = {}


def typed_words() -> dict[str, str]:
    """The long forms of ``TYPED_WORDS`` in the table's language, each with the English word it stands for
    (``конвой``: ``convoy``); none in English."""
    lang = current()
    table = _TYPED.get(lang)
    if table is None:
        table = {}
        for word in TYPED_WORDS:
            for form in typed_forms(word):
                table.setdefault(form, word)
        if lang != "en":  # English adds no form, and asks nothing of the catalogue unless collecting
            _TYPED[lang] = table
    return table


def format_cards(cards: tuple[int, ...], keep_order: bool = False) -> str:
    if cards and all(c == UNKNOWN for c in cards):
        return str(len(cards))
    return " ".join(LETTERS[c] for c in (cards if keep_order else sorted(cards)))


def format_action(state: ProhisState, act: Act) -> str:
    verb = act.verb
    if verb == TAKE:
        return f"take {LETTERS[act.cards[0]]}"
    if verb in (PILE, STOP, PASS, ACCEPT, REFUSE, INSPECT, DECLINE):
        return verb
    if verb in (CONVOY, BRIBE):
        # a person's convoy keeps the order typed: the cards lie face down left to right in that order
        return f"{verb} {format_cards(act.cards, keep_order=verb == CONVOY)}"
    if verb == TOP_CONVOY:
        return f"convoy top {act.cards[0]}"
    if verb == TOP_BRIBE:
        return "bribe top"
    if verb == COMMIT:
        return f"inspect {LETTERS[act.cards[0]]}"
    if verb == NO_COMMIT:
        return "no"
    if verb == NO_BRIBE:
        return "no bribe"
    if verb == REVEAL:
        return LETTERS[act.cards[0]]
    if verb == TURN_OVER:
        return f"turn {act.cards[0] + 1}"
    if verb == DEAL:
        return " ".join(LETTERS[c] for c in act.cards)
    raise ValueError(f"unknown action {act}")


#: The letters of the cards, as a refusal lists them; a deal from the pile brings no captain and no inspector.
ANY_CARD, FROM_PILE = "g, x, l, c, i", "g, x, l"


def parse_card(word: str, letters: str = ANY_CARD) -> int:
    """The card ``word`` names; refused with the ``letters`` that may be typed where it was."""
    typed = typed_words()
    key = word.strip().lower()
    key = typed.get(key, key)
    if key in CARD_WORDS:
        return CARD_WORDS[key]
    long_forms = [form for form, english in typed.items() if english in CARD_WORDS]
    close = close_words(key, [*CARD_WORDS, *long_forms], cutoff=0.7)
    raise ParseError(
        tr("{word} is not a card ({letters})", word=quoted(word), letters=letters),
        close[0] if close else None,
    )


#: No count of cards may exceed the box (108 cards): refused before any card is built.
BOX = sum(TOTALS)


def _count(text: str) -> int:
    if len(text) > 3 or int(text) > BOX:
        if len(text) > 6:
            raise ParseError(tr("more than {box} cards: the box has {box} cards", box=BOX))
        raise ParseError(tr("{n} cards: the box has {box} cards", n=text, box=BOX))
    return int(text)


def parse_cards(words: list[str], keep_order: bool = False, letters: str = ANY_CARD) -> tuple[int, ...]:
    """``g g x``, ``2g x``, ``2 legal 1 illegal``, ``ggx``; a lone number is that many unseen cards. Sorted,
    unless ``keep_order`` (a person's convoy: left to right as typed). A word that is no card is refused with the
    ``letters`` that may be typed there."""
    if len(words) > BOX:
        raise ParseError(tr("{n} cards: the box has {box} cards", n=len(words), box=BOX))
    if len(words) == 1 and re.fullmatch(r"[0-9]+", words[0]):
        return (UNKNOWN,) * _count(words[0])
    cards: list[int] = []
    count: int | None = None
    for word in words:
        if re.fullmatch(r"[0-9]+", word):
            if count is not None:
                raise ParseError(tr("two counts in a row: {first} {second}", first=count, second=word))
            count = _count(word)
            continue
        match = re.fullmatch(r"([0-9]+)(\D+)", word)
        if match:
            cards += [parse_card(match.group(2), letters)] * _count(match.group(1))
        elif word.lower() not in CARD_WORDS and len(word) > 1 and all(ch in "gxlci?" for ch in word.lower()):
            cards += [CARD_WORDS[ch] for ch in word.lower()]
        else:
            cards += [parse_card(word, letters)] * (count if count is not None else 1)
            count = None
        if len(cards) > BOX:
            raise ParseError(tr("{n} cards: the box has {box} cards", n=len(cards), box=BOX))
    if count is not None:
        raise ParseError(tr("a count with no card after it: {count}", count=count))
    return tuple(cards) if keep_order else tuple(sorted(cards))


def _split(text: str) -> list[str]:
    """The words of a move as typed."""
    return text.replace(",", " ").replace("+", " ").split()


def _words(text: str) -> list[str]:
    """The words of a move, each long form typed in the table's language read as its English word."""
    typed = typed_words()
    return [typed.get(word, word) for word in _split(text)]


def _forms(*english: str) -> list[str]:
    """The English words and their long forms in the table's language: what a typo is held against."""
    return [*english, *(form for form, word in typed_words().items() if word in english)]


def parse_action(state: ProhisState, text: str) -> Act:
    """The action ``text`` names now; raises ``ParseError``/``IllegalError`` with one line for the person."""
    act = _parse(state, text)
    why = check(state, act)
    if why is not None:
        raise IllegalError(why)
    return act


def _parse(state: ProhisState, text: str) -> Act:
    try:
        return _parse_words(state, text)
    except _Unknown as exc:  # the whole input quoted ("no bribe" is not refused as 'no')
        typed = " ".join(text.split())
        if exc.expected:
            why = tr(
                "{typed} is not a move here; expected {expected}", typed=quoted(typed), expected=exc.expected
            )
        else:
            why = tr("{typed} is not a move here", typed=quoted(typed))
        raise ParseError(why, exc.suggestion) from None


class _Unknown(Exception):
    def __init__(self, expected: str, suggestion: str | None) -> None:
        self.expected, self.suggestion = expected, suggestion


def _parse_words(state: ProhisState, text: str) -> Act:
    words = _words(text.lower())
    if not words:
        raise ParseError(tr("nothing typed"))
    typed = _split(text.lower())
    first, rest = words[0], words[1:]
    phase = state.phase
    if phase == Phase.OVER:
        raise IllegalError(tr("the game is over"))
    if state.pending or phase == Phase.REVEAL:
        # the cards as typed: parse_card reads the table's long forms, and a refusal quotes the word typed
        cards_typed = typed
        if first in ("shows", "card", "cards", "deal", "dealt", "reveal", "drawn", "is") and rest:
            cards_typed = typed[1:]
        if state.pending:
            cards = parse_cards(cards_typed, keep_order=True, letters=FROM_PILE)
            if not cards:
                raise ParseError(tr("type the cards: {prompt}", prompt=expected_input(state)))
            return Act(DEAL, tuple(_known(c) for c in cards))
        if len(cards_typed) != 1:
            raise ParseError(tr("type one card: {prompt}", prompt=expected_input(state)))
        return Act(REVEAL, (_known(parse_card(cards_typed[0])),))
    if phase == Phase.PICK:
        return _parse_turn(words, typed)
    if phase == Phase.COMMIT:
        if first in NO_WORDS and not rest:
            return Act(NO_COMMIT)
        if first in ("inspect", "control", "commit", "controller"):
            if not rest:
                raise ParseError(tr("inspect with l, c or i, or no"))
            words = rest
        if len(words) == 1:
            try:
                kind = _known(parse_card(words[0]))
            except ParseError as exc:  # only a controller answers here: no list of every card type
                why = tr(
                    "{typed} is not a move here; expected {expected}",
                    typed=quoted(" ".join(typed)),
                    expected=tr("inspect with l, c or i, or no"),
                )
                raise ParseError(why, exc.suggestion) from None
            if kind not in CONTROLLERS:
                raise IllegalError(
                    tr("a legal card cannot inspect: l, c or i")
                    if kind != ILLEGAL
                    else tr("an illegal card cannot inspect: l, c or i")
                )
            return Act(COMMIT, (kind,))
        close = close_words(typed[0], _forms("inspect", "control", "commit"), cutoff=0.7)
        guess = f"{close[0]} {' '.join(typed[1:])}" if close and len(rest) == 1 else None
        raise ParseError(tr("inspect with l, c or i, or no"), guess)
    if phase == Phase.BRIBE:
        if (first in (*NO_WORDS, "without") and rest in ([], ["bribe"])) or first in ("nobribe", "no-bribe"):
            return Act(NO_BRIBE)
        if first in ("bribe", "offer") and rest == ["top"]:  # an automa's top card
            return Act(TOP_BRIBE)
        if first in ("bribe", "offer") and rest:
            return Act(BRIBE, parse_cards(rest))
        return _unknown(typed[0], tr("bribe CARDS or no bribe"))
    if phase == Phase.JUDGE:
        if state.offered:
            if first in ("accept", "a", "take", *YES_WORDS) and not rest:
                return Act(ACCEPT)
            if first in ("refuse", "r", "reject", *NO_WORDS) and not rest:
                return Act(REFUSE)
            return _unknown(typed[0], tr("accept or refuse"))
        if first in ("inspect", "i", *YES_WORDS) and not rest:
            return Act(INSPECT)
        if first in ("decline", "d", "let", *NO_WORDS):
            return Act(DECLINE)
        return _unknown(typed[0], tr("inspect or decline"))
    # TURN or SECOND
    if first in ("pile", "p", "top", "deck") or (
        first in ("take", "t", "draw") and rest in (["pile"], ["top"])
    ):
        if rest and first not in ("take", "t", "draw"):
            raise ParseError(tr("{word} takes no card: just {word}", word=typed[0]))
        return Act(PILE)
    if first in ("take", "t", "display", "draw"):
        if len(rest) != 1:
            raise ParseError(tr("take one display card: take g (or pile)"))
        return Act(TAKE, (_known(parse_card(rest[0])),))
    if first in ("stop", "done", "end") and not rest:
        return Act(STOP)
    if first == "pass" and not rest:
        return Act(PASS)
    if first in ("convoy", "send", "run"):
        if not rest:
            raise ParseError(tr("convoy and its 2–4 cards: convoy g g x"))
        if rest[0] == "top" and len(rest) == 2 and rest[1].isdigit() and len(rest[1]) == 1:  # an automa's
            return Act(TOP_CONVOY, (int(rest[1]),))
        return Act(CONVOY, parse_cards(rest, keep_order=True))  # as it lies (``turns.lay``)
    # the prompt comes next: not said twice
    return _unknown(typed[0], "")


#: A place in a convoy's row in words, counted from the left.
ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "leftmost": 1}
TURN_WORDS = ("turn", "t", "flip", "pick", "over", "the", "card", "from", "left", "at")
#: A place's number with an ordinal's ending: 2nd; 2-я, 2-ю; 1re, 2e, 2ème.
PLACE = r"([0-9]+)(?:st|nd|rd|th|-?[яюй]|e|ème|eme|ᵉ|re|ère|er)?"


def _parse_turn(words: list[str], typed: list[str]) -> Act:
    """A person inspector's pick: ``turn 2``, ``2``, ``t2``, ``2nd``, ``second``, ``turn over the 2nd card``
    (from the left); in the table's language its verb (``перевернуть 2``, ``retourne 2``) or the number alone.
    A place not in the row is refused by ``check`` with the places there are."""
    joined = " ".join(words)
    glued = re.fullmatch(r"(?:turn|t|flip)" + PLACE, joined)
    if glued:
        return Act(TURN_OVER, (_place(glued.group(1)) - 1,))
    rest = [w for w in words if w not in TURN_WORDS]
    if len(rest) == 1:
        word = rest[0]
        number = re.fullmatch(PLACE, word)
        if number:
            return Act(TURN_OVER, (_place(number.group(1)) - 1,))
        if word in ORDINAL_WORDS:
            return Act(TURN_OVER, (ORDINAL_WORDS[word] - 1,))
    verbs, ordinals = _forms("turn"), _forms(*ORDINAL_WORDS)
    guess = close_words(typed[0], [*verbs, *ordinals])
    # in the table's language the prompt names the places by number alone
    suggestion, turn = None, "turn " if current() == "en" else ""
    if guess and guess[0] in verbs and len(words) == 2 and re.fullmatch(r"[0-9]+", words[1]):
        suggestion = f"{turn}{words[1]}"
    elif guess and guess[0] in ordinals and len(words) == 1:
        suggestion = f"{turn}{ORDINAL_WORDS[typed_words().get(guess[0], guess[0])]}"
    raise ParseError(
        tr("{typed} is not a card to turn over", typed=quoted(" ".join(typed))), suggestion
    )  # the prompt comes next


def _place(digits: str) -> int:
    """A place typed as digits (a long number is no place: one clear line, no huge integer)."""
    return int(digits) if len(digits) <= 2 else 0


def _known(kind: int) -> int:
    if kind == UNKNOWN:
        raise ParseError(tr("name the card: g, x, l, c or i"))
    return kind


def _unknown(word: str, expected: str) -> Act:
    verbs = [*VERB_WORDS, *(form for form, english in typed_words().items() if english in VERB_WORDS)]
    close = [w for w in close_words(word, verbs, cutoff=0.7, most=2) if w != word]
    raise _Unknown(expected, close[0] if close else None)


def _final_turn(state: ProhisState, seat: int) -> str:
    """The turn's prompt once the draw pile is empty: a display card while one is left, a convoy, or pass."""
    who = state.config.name(seat)
    takes = any(card is not None for card in state.display)
    if state.hand_size(seat) < CONVOY_MIN:
        if takes:
            return tr("{name}: take CARD, or pass", name=who)
        return tr("{name}: nothing to take and too few cards for a convoy: pass", name=who)
    if takes:
        if not state.tracked(seat):
            return tr(
                "{name}: take CARD, or convoy N (your N cards face down in a row) or convoy CARDS (as they lie, "
                "left to right), or pass",
                name=who,
            )
        return tr("{name}: take CARD, or convoy CARDS, or pass", name=who)
    if not state.tracked(seat):
        return tr(
            "{name}: convoy N (your N cards face down in a row) or convoy CARDS (as they lie, left to right), "
            "or pass",
            name=who,
        )
    return tr("{name}: convoy CARDS, or pass", name=who)


def expected_input(state: ProhisState) -> str:
    name = state.config.name
    if state.phase == Phase.OVER:
        return tr("the game is over")
    seat = to_move(state)
    if seat == CHANCE and state.phase == Phase.REVEAL and not state.pending:  # an automa's convoy card
        pos = state.order[state.turned] + 1
        owner = name(state.active)
        return tr(
            "turn over the {ordinal} card of {owner}'s convoy, counted from its owner's left, and type what it "
            "shows (g, x, l, c, i)",
            ordinal=ordinal(pos),
            owner=owner,
        )
    if seat == CHANCE:
        target = state.pending[0]
        n = due(state)
        if target == BRIBE_DUE:
            return tr(  # the inspector is a bot: nobody sits there, the table turns the card for it
                "Turn over {name}'s bribe card for {inspector} (the top card of its stock) and type it (g, x or l)",
                inspector=name(state.inspector),
                name=name(state.active),
            )
        # the cards already lie where the setup or a step put them (dealt, drawn, turned up): only typed now
        if target < 0:
            where = display_slots(state.pending[:n])
            if n == 1:
                return tr("the display: type the card turned up in {where} (g, x or l)", where=where)
            return tr("the display: type the cards turned up in {where} (g, x or l)", where=where)
        if n == 1:
            return tr(
                "{name}: type the card {name} got from the pile, face down in its hand (g, x or l)",
                name=name(target),
            )
        return trn(
            "{name}: {n} card still due; type the {n} card dealt face down to {name} "
            "(g, x or l; one or several at a time)",
            "{name}: {n} cards still due; type the {n} cards dealt face down to {name} "
            "(g, x or l; one or several at a time)",
            n,
            name=name(target),
        )
    who = name(seat)
    if state.phase == Phase.TURN:
        passing = can_pass(state)
        if not state.pile and state.hand_size(seat) < HAND_LIMIT:  # the final round: what is left, or pass
            return _final_turn(state, seat)
        # 8 cards or more (a count the table sees): no drawing, and the prompt does not offer it
        if not can_draw(state, seat):
            size = state.hand_size(seat)
            if not state.tracked(seat):
                if passing:
                    return tr(
                        "{name}: {n} cards, no drawing: convoy N (your N cards face down in a row) or convoy "
                        "CARDS (as they lie, left to right), or pass",
                        name=who,
                        n=size,
                    )
                return tr(
                    "{name}: {n} cards, no drawing: convoy N (your N cards face down in a row) or convoy CARDS "
                    "(as they lie, left to right)",
                    name=who,
                    n=size,
                )
            if passing:
                return tr("{name}: {n} cards, no drawing: convoy CARDS, or pass", name=who, n=size)
            return tr("{name}: {n} cards, no drawing: convoy CARDS", name=who, n=size)
        if not state.tracked(seat):
            if passing:
                return tr(
                    "{name}: take CARD, pile, or convoy N (your N cards face down in a row) or convoy CARDS "
                    "(as they lie, left to right), or pass",
                    name=who,
                )
            return tr(
                "{name}: take CARD, pile, or convoy N (your N cards face down in a row) or convoy CARDS (as they "
                "lie, left to right)",
                name=who,
            )
        if passing:
            return tr("{name}: take CARD, pile, or convoy CARDS, or pass", name=who)
        return tr("{name}: take CARD, pile, or convoy CARDS", name=who)
    if state.phase == Phase.SECOND:
        if state.pile:
            return tr("{name}: take another display card, pile, or stop", name=who)
        if any(card is not None for card in state.display):
            return tr("{name}: take another display card, or stop", name=who)
        return tr("{name}: the display and the pile are empty: stop", name=who)
    if state.phase == Phase.COMMIT:
        return tr(
            "{name}: inspect {owner}'s convoy of {n}? inspect l/c/i, or no",
            name=who,
            owner=name(state.active),
            n=len(state.convoy),
        )
    if state.phase == Phase.BRIBE:
        return tr(
            "{name}: offer {inspector} a bribe? bribe CARDS, or no bribe",
            name=who,
            inspector=name(state.inspector),
        )
    if state.phase == Phase.JUDGE:
        if state.offered:
            return tr("{name}: accept or refuse {owner}'s bribe", name=who, owner=name(state.active))
        return tr("{name}: inspect, or decline (your controller then goes to your warehouse)", name=who)
    if state.phase == Phase.PICK:
        owner = name(state.active)
        if state.turned:
            return tr(
                "{name}: turn over another card of {owner}'s convoy: turn {places} (counted from {owner}'s left)",
                name=who,
                owner=owner,
                places=places(state),
            )
        return tr(
            "{name}: turn over a card of {owner}'s convoy: turn {places} (counted from {owner}'s left)",
            name=who,
            owner=owner,
            places=places(state),
        )
    pos = state.order[state.turned] + 1
    return tr(
        "{name}: turn over the {ordinal} card from your left in your convoy and type what it shows (g, x, l, c, i)",
        name=who,
        ordinal=ordinal(pos),
    )


def display_slots(targets: Sequence[int]) -> str:
    """Pending display targets (``-1 - slot``) in words: ``display slot 4``, ``display slots 1 to 4, left to
    right``, ``display slots 2 and 4``."""
    slots = [-t for t in targets]
    if len(slots) == 1:
        return tr("display slot {slot}", slot=slots[0])
    if slots == list(range(slots[0], slots[0] + len(slots))):
        return tr("display slots {first} to {last}, left to right", first=slots[0], last=slots[-1])
    return tr("display slots {slots}", slots=listing(map(str, slots)))
