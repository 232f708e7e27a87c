"""RIP notation: what a person types and how the tool writes every action.

| action                        | short            | forgiving long forms                                |
|-------------------------------|------------------|-----------------------------------------------------|
| play cards, end the turn      | ``2 2 5``        | ``play 2, 2 and 5``, ``2,2,5``                       |
| a psychic card                | ``p8``           | ``psychic 8``, ``p 8``                               |
| one that names a value/target | ``p10 4``        | ``psychic 10 value 4``, ``p2 fetch 5``, ``p11 p8``    |
| play and keep the turn        | ``p3 more``      | ``p3 +``, ``p3 wait``                                |
| end the turn / leave          | ``pass``         | ``end``, ``done``, ``leave``, ``nothing``             |
| play cards and leave behind   | ``2 leave``      | ``2 pass``, ``2 end`` (``2`` alone is asked about)    |
| cards drawn (your own deck)   | ``draw 1 4``     | ``1 4``, ``drew 1 4``                                 |
| an automa's card turned over  | ``turned 3``     | ``3``, ``turn 3`` (its real deck: ``--physical``)     |
| a card face down              | ``down 5``       | ``down p8``, ``down`` (secret), ``none``/``skip``      |
| round 10: secret cards        | ``reveal 5``     | ``5``                                                |
| a random card (bot, card 6)   | ``blind``        | ``random``                                           |

``format_action`` gives the short form and ``parse_action(state, format_action(state, a))`` gives back ``a``.
A person's line is read by ``parse_typed``, which asks before cards typed alone end a turn behind (``2 leave``
says it is meant); a saved move replays through ``parse_action``, which never asks.
"""

from __future__ import annotations

import functools
import re

from ai.protocol import AmbiguousError, ParseError
from ai.rip.components import SEAT_NAMES, VALUES
from ai.rip.rules import (
    SKIP,
    Action,
    Blind,
    Card,
    Down,
    Draw,
    Ghost,
    Item,
    Phase,
    Psychic,
    Reveal,
    RipState,
    Turn,
    apply,
    check,
    drawing_seat,
    state_totals,
    to_move,
)
from ai.rip.secret import free_values, known
from ai.rip.state import TURN_DECK, TURN_PILE
from ai.text import close_word
from ai.words import as_typed, current, quoted, tr, trn, typed_forms

PASS = frozenset({"pass", "end", "done", "leave", "leaves", "nothing", "fold", "stop", "quit-round", "-"})
MORE = frozenset({"more", "+", "wait", "continue", "keep"})
DRAW = frozenset({"draw", "draws", "drew", "drawn"})
TURNED = frozenset({"turned", "turn"})
DOWN = frozenset({"down", "facedown", "face-down", "face", "?", "secret"})
NONE = frozenset({"none", "skip", "no", "n"})
REVEAL = frozenset({"reveal", "reveals", "revealed", "show"})
BLIND = frozenset({"blind", "random"})
PSYCHIC = frozenset({"p", "psychic", "psy"})
FILLER = frozenset(
    {
        "play", "plays", "played", "ghost", "ghosts", "card", "cards", "a", "an", "and", "then", "name",
        "names", "naming", "value", "fetch", "fetches", "take", "takes", "discard", "discards", "target",
        "on", "with", "of", "the", "my", "i", "put", "puts",
    }
)  # fmt: skip
VOCABULARY = sorted(PASS | MORE | DRAW | TURNED | DOWN | NONE | REVEAL | BLIND | PSYCHIC | FILLER)
#: The words whose long forms in the table's language a person may type too (``ai.words.typed_forms``: "пас",
#: "encore"), read as the English word.
TYPED = (
    "pass",
    "nothing",
    "end",
    "leave",
    "more",
    "draw",
    "turned",
    "down",
    "none",
    "reveal",
    "blind",
    "psychic",
    "secret",
)

#: A word is letters of any alphabet (and inner hyphens): "face-down", "ещё", "révèle".
_TOKEN = re.compile(r"p\d+|\d+|[^\W\d_](?:[^\W\d_]|-)*|\+|-|\?")


@functools.cache
def _typed(lang: str) -> dict[str, str]:
    """The long forms of ``TYPED`` in ``lang``, each to its English word."""
    return {form: word for word in TYPED for form in typed_forms(word)}


def typed_words() -> dict[str, str]:
    """The long forms a person may type in the table's language, each to the English word it stands for."""
    return _typed(current())


#: What may stand between words besides them: any white space (a French keyboard's no-break space too) and
#: light punctuation ("1, 2, 3").
_SEPARATORS = frozenset(",;.:")


def _tokens(text: str) -> list[str]:
    lowered = text.lower()
    stray = "".join(
        c for c in dict.fromkeys(_TOKEN.sub(" ", lowered)) if c not in _SEPARATORS and not c.isspace()
    )
    if stray:  # "1[@" is not "1": a character no word has is refused, not skipped
        raise ParseError(
            tr("{text}: {stray} is not part of any move", text=quoted(text.strip()), stray=quoted(stray))
        )
    typed = typed_words()
    words = (typed.get(t, t) for t in _TOKEN.findall(lowered))
    return [t for t in words if t not in FILLER]


def _unknown(word: str) -> ParseError:
    return ParseError(
        tr("unknown word {word}", word=quoted(word)),
        suggestion=close_word(word, [*VOCABULARY, *typed_words()], numbers=True),
    )


def _value(token: str) -> int:
    if len(token) > 3:
        raise ParseError(tr("ghost cards have values 1 to 6, not {value}", value=token[:3] + "..."))
    v = int(token)
    if v not in VALUES:
        if len(token) > 1 and all(ch in "123456" for ch in token):
            spaced = " ".join(token)
            raise ParseError(
                tr("ghost cards have values 1 to 6; separate cards with spaces: {cards}", cards=spaced)
            )
        raise ParseError(tr("ghost cards have values 1 to 6, not {value}", value=v))
    return v


def _psychic_number(token: str) -> int:
    if len(token) > 4:
        raise ParseError(tr("psychic cards are numbered 1 to 29"))
    return int(token[1:])


def _cards(tokens: list[str]) -> list[str]:
    """Join ``p 8`` / ``psychic 8`` into ``p8``; refuse unknown words."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t in PSYCHIC:
            if i + 1 < len(tokens) and tokens[i + 1].isdigit():
                out.append("p" + tokens[i + 1])
                i += 2
                continue
            raise ParseError(tr("which psychic card? e.g. p8 or psychic 8"))
        if not (t.isdigit() or re.fullmatch(r"p\d+", t) or t in VOCABULARY):
            raise _unknown(t)
        out.append(t)
        i += 1
    return out


def _card(token: str) -> Card:
    if token.startswith("p"):
        return Card(True, _psychic_number(token))
    return Card(False, _value(token))


def _takes_arg(state: RipState, number: int) -> bool:
    card = state.cards.get(number)
    if card is None:
        return False
    return card.needs_value or card.has("discard")


def parse_items(state: RipState, tokens: list[str]) -> list[Item]:
    items: list[Item] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t in BLIND:
            items.append(Blind())
        elif t.startswith("p"):
            number = _psychic_number(t)
            arg = None
            if _takes_arg(state, number) and i + 1 < len(tokens) and re.fullmatch(r"p?\d+", tokens[i + 1]):
                arg = _card(tokens[i + 1])
                i += 1
            items.append(Psychic(number, arg))
        elif t.isdigit():
            items.append(Ghost(_value(t)))
        else:
            raise ParseError(
                tr(
                    "{word} cannot be played: cards are values (2), psychic cards (p8), or pass",
                    word=quoted(as_typed(t)),  # a word of the table's language, as typed: «нет», not «none»
                )
            )
        i += 1
    return items


class LeaveQuestion(AmbiguousError):
    """Cards typed alone that would end the turn behind, so the family leaves the mansion: the tool asks, naming
    both answers, and applies nothing (a person who played cards meant to get ahead, almost always)."""


def parse_action(state: RipState, text: str) -> Action:
    """Parse ``text`` as an action in ``state``; raise ``ParseError``, ``IllegalError`` or ``AmbiguousError``."""
    action = _parse_said(state, text)[0]
    check(state, action)
    return action


def parse_typed(state: RipState, text: str) -> Action:
    """A line a person typed now: ``parse_action``, and ``LeaveQuestion`` for cards that end the turn behind
    without ``leave`` (or ``pass``, ``end``) typed after them."""
    action, said = _parse_said(state, text)
    check(state, action)
    if not said and isinstance(action, Turn):
        behind = leaves_behind(state, action)
        if behind is not None:
            raise _leave_question(state, action, behind)
    return action


def leaves_behind(state: RipState, turn: Turn) -> tuple[int, int] | None:
    """(mine, theirs) when ``turn`` plays cards and ends the turn with the mover not ahead, else None. A random
    card (card 6) is not known before it is played, so such a turn is not judged."""
    if not turn.end or not turn.items or any(isinstance(i, Blind) for i in turn.items):
        return None
    seat = state.mover
    t = state_totals(apply(state, Turn(turn.items, end=False)))
    return None if t[seat] > t[1 - seat] else (t[seat], t[1 - seat])


def _leave_question(state: RipState, turn: Turn, behind: tuple[int, int]) -> LeaveQuestion:
    seat = state.mover
    cards = " ".join(format_item(i) for i in turn.items)
    mine, theirs = behind
    fields = {"name": tr(SEAT_NAMES[seat]), "mine": mine, "theirs": theirs, "cards": cards}
    return LeaveQuestion(
        tr(
            "that leaves {name} level at {mine} to {theirs} and leaves the mansion: type {cards} with more cards, "
            "or {cards} leave",
            **fields,
        )
        if mine == theirs
        else tr(
            "that leaves {name} behind at {mine} to {theirs} and leaves the mansion: type {cards} with more "
            "cards, or {cards} leave",
            **fields,
        ),
        facts={
            "kind": "question",
            "player": SEAT_NAMES[seat].lower(),
            "cards": cards,
            "totals": [mine, theirs] if seat == 0 else [theirs, mine],
            "leave": f"{cards} leave",
        },
    )


def _parse_said(state: RipState, text: str) -> tuple[Action, bool]:
    """The action ``text`` names, and whether it said how the turn ends (``pass``/``leave``/``more`` typed)."""
    tokens = _cards(_tokens(text.replace(",", " ")))
    if not tokens:
        raise ParseError(tr("nothing to read: {expected}", expected=expected_input(state)))
    phase = state.phase
    head = tokens[0]
    if phase == Phase.DRAW:
        rest = tokens[1:] if head in DRAW or head in TURNED else tokens
        if not rest or not all(t.isdigit() for t in rest):
            if state.turning is not None:
                raise ParseError(tr("type the value of each card turned over, e.g. 3"))
            raise ParseError(tr("type the ghost values drawn, e.g. 1 4"))
        return Draw(tuple(sorted(_value(t) for t in rest))), True
    if phase == Phase.REVEAL:
        rest = tokens[1:] if head in REVEAL else tokens
        if not rest or not all(t.isdigit() for t in rest):
            raise ParseError(tr("type the values of your secret face-down cards, e.g. reveal 5"))
        return Reveal(tuple(sorted(_value(t) for t in rest))), True
    if phase == Phase.FACEDOWN:
        if head in NONE or head in PASS:
            if len(tokens) != 1:
                raise ParseError(tr("none takes nothing after it"))
            return SKIP, True
        rest = tokens[1:] if head in DOWN else tokens
        rest = [t for t in rest if t not in DOWN]
        if not rest:
            return Down(None, hidden=True), True
        if len(rest) != 1 or not re.fullmatch(r"p?\d+", rest[0]):
            raise ParseError(tr("one card goes face down: down 5, down p8, down (secret) or none"))
        return Down(_card(rest[0])), True
    if phase == Phase.OVER:
        raise ParseError(tr("the game is over"))
    if head in DRAW:
        raise ParseError(tr("draws come at the end of a round: {expected}", expected=expected_input(state)))
    if head in DOWN | REVEAL:
        raise ParseError(tr("not now: {expected}", expected=expected_input(state)))
    end, said = True, False
    if tokens[-1] in MORE:
        end, said = False, True
        tokens = tokens[:-1]
    if tokens and tokens[-1] in PASS:
        if not end:
            raise AmbiguousError(tr("pass and more contradict each other"))
        said = True
        tokens = tokens[:-1]
    if any(t in PASS or t in MORE for t in tokens):
        raise ParseError(tr("pass (or more) comes last, after the cards played"))
    items = parse_items(state, tokens)
    if not items and not end:
        raise ParseError(tr("more after what? e.g. p3 more"))
    return Turn(tuple(items), end), said


def format_item(item: Item) -> str:
    if isinstance(item, Ghost):
        return str(item.value)
    if isinstance(item, Blind):
        return "blind"
    return f"p{item.number}" + (f" {item.arg}" if item.arg is not None else "")


def format_action(state: RipState | None, action: Action) -> str:
    """The short form; a whole turn's end is ``pass`` when nothing was played this turn, else ``end``; cards that
    end the turn behind say so (``2 leave``: typed without it, they are asked about)."""
    if isinstance(action, Turn):
        if not action.items:
            return "pass" if state is None or state.turn_plays == 0 else "end"
        text = " ".join(format_item(i) for i in action.items)
        if not action.end:
            return text + " more"
        return text + " leave" if state is not None and leaves_behind(state, action) else text
    if isinstance(action, Draw):
        verb = "turned" if state is not None and state.turning is not None else "draw"
        return f"{verb} " + " ".join(map(str, action.values))
    if isinstance(action, Reveal):
        return "reveal " + " ".join(map(str, action.values))
    if action.hidden:
        return "down"
    if action.card is None:
        return "none"
    return f"down {action.card}"


def expected_input(state: RipState) -> str:
    """One line saying what may be typed now."""
    phase = state.phase
    if phase == Phase.OVER:
        return tr("The game is over")
    if phase == Phase.DRAW and state.turning is not None:
        what, seat = state.turning
        name = tr(SEAT_NAMES[seat])
        if what == TURN_PILE:
            return tr(
                "Turn over the top card of {name}'s hand pile (the automa's) and type it, e.g. 3", name=name
            )
        if what == TURN_DECK:
            card = state.sides[seat].table[-1].card.n  # the psychic card that fetches, played last
            return tr(
                "Card {number}: turn over the top card of {name}'s deck (the automa's) and type it, e.g. 5",
                number=card,
                name=name,
            )
        n = sum(not c.psychic for c in state.sides[seat].down)
        example = " ".join(["3", "5", "2", "4"][:n])
        return trn(
            "Round 10: turn over {name}'s face-down ghost card by the round-10 card and type it, e.g. {example}",
            "Round 10: turn over {name}'s {n} face-down ghost cards by the round-10 card and type them, e.g. "
            "{example}",
            n,
            name=name,
            example=example,
        )
    if phase == Phase.DRAW:
        seat = drawing_seat(state)
        n = state.sides[seat].pending
        example = "1 1 2 3 5" if n == 5 else " ".join(["1", "4"][:n]) if n <= 2 else "1 2 3"
        return trn(
            "{name}: draw {n} card from your deck and type it, e.g. {example}",
            "{name}: draw {n} cards from your deck and type them, e.g. {example}",
            n,
            name=tr(SEAT_NAMES[seat]),
            example=example,
        )
    if phase == Phase.FACEDOWN:
        side = state.sides[state.loser]
        options = []  # examples from the loser's own cards
        if side.hand_size > 0:
            options.append(tr("down {card}", card=free_values(side)[-1]))
        options.extend(tr("down {card}", card="p" + str(n)) for n in side.owned[:1])
        if side.hand_size > 0 and state.loser in state.config.physical:
            options.append(tr("down (secret, named in round 10)"))
        return tr(
            "{name}: put a card face down for round 10? {options}",
            name=tr(SEAT_NAMES[state.loser]),
            options=", ".join([*options, tr("or none")]),
        )
    if phase == Phase.REVEAL:
        seat = to_move(state)
        side = state.sides[seat]
        n = side.hidden_down
        split = known(side)  # the cards typed since may say which they are
        example = " ".join(map(str, split[1])) if split is not None else "5"
        return trn(
            "Round 10: {name}, turn up your secret face-down card by the round-10 card and type it, e.g. reveal "
            "{example}",
            "Round 10: {name}, turn up your {n} secret face-down cards by the round-10 card and type them, e.g. "
            "reveal {example}",
            n,
            name=tr(SEAT_NAMES[seat]),
            example=example,
        )
    seat = state.mover
    name = tr(SEAT_NAMES[seat])
    t = state_totals(state)
    need = t[1 - seat] + 1
    left = need - t[seat]
    extra = (
        tr(" (card 14: 0 or at least {n} cards a turn)", n=state.min_plays(seat))
        if state.min_plays(seat)
        else ""
    )
    if state.blind[seat]:
        # a line of cards ends the turn: said here, where a person drawing one card would end it by surprise
        if seat in state.config.physical:
            extra += tr(
                " (card 6: your next ghost card is taken at random: shuffle your hand face down, draw one and type "
                "it; the turn ends with it unless you add more, e.g. 3 more)"
            )
        else:
            extra += tr(
                " (card 6: your next ghost card is taken at random: type blind and the tool takes it; the turn "
                "ends with it unless you add more, e.g. blind more)"
            )
    if state.turn_plays:
        if left <= 0:
            return tr(
                "{name}: more cards, or end (you lead {mine} to {theirs}){extra}",
                name=name,
                mine=t[seat],
                theirs=t[1 - seat],
                extra=extra,
            )
        return tr(
            "{name}: more cards ({left} more to reach {need}), or end and leave{extra}",
            name=name,
            left=left,
            need=need,
            extra=extra,
        )
    # the example names a psychic card the mover owns (they lie face up), never one it cannot play
    owned = state.sides[seat].owned
    example = f"2 2 5, p{owned[0]} 3" if owned else "2 2 5"
    return tr(
        "{name}: play cards to beat {theirs} (e.g. {example}), or pass{extra}",
        name=name,
        theirs=t[1 - seat],
        example=example,
        extra=extra,
    )
