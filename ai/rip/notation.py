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

_TOKEN = re.compile(r"p\d+|\d+|[a-z][a-z-]*|\+|-|\?")


#: What may stand between words besides them: spaces and light punctuation ("1, 2, 3").
_SEPARATORS = frozenset(" \t,;.:")


def _tokens(text: str) -> list[str]:
    lowered = text.lower()
    stray = "".join(c for c in dict.fromkeys(_TOKEN.sub(" ", lowered)) if c not in _SEPARATORS)
    if stray:  # "1[@" is not "1": a character no word has is refused, not skipped
        raise ParseError(f"{text.strip()!r}: {stray!r} is not part of any move")
    return [t for t in _TOKEN.findall(lowered) if t not in FILLER]


def _unknown(word: str) -> ParseError:
    return ParseError(f"unknown word {word!r}", suggestion=close_word(word, VOCABULARY, numbers=True))


def _value(token: str) -> int:
    if len(token) > 3:
        raise ParseError(f"ghost cards have values 1 to 6, not {token[:3]}...")
    v = int(token)
    if v not in VALUES:
        if len(token) > 1 and all(ch in "123456" for ch in token):
            spaced = " ".join(token)
            raise ParseError(f"ghost cards have values 1 to 6; separate cards with spaces: {spaced}")
        raise ParseError(f"ghost cards have values 1 to 6, not {v}")
    return v


def _psychic_number(token: str) -> int:
    if len(token) > 4:
        raise ParseError("psychic cards are numbered 1 to 29")
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
            raise ParseError("which psychic card? e.g. p8 or psychic 8")
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
            raise ParseError(f"{t!r} cannot be played: cards are values (2), psychic cards (p8), or pass")
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
    return LeaveQuestion(
        f"that leaves {SEAT_NAMES[seat]} {'level' if mine == theirs else 'behind'} at {mine} to {theirs} and "
        "leaves the mansion: "
        f"type {cards} with more cards, or {cards} leave",
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
        raise ParseError("nothing to read: " + expected_input(state))
    phase = state.phase
    head = tokens[0]
    if phase == Phase.DRAW:
        rest = tokens[1:] if head in DRAW or head in TURNED else tokens
        if not rest or not all(t.isdigit() for t in rest):
            if state.turning is not None:
                raise ParseError("type the value of each card turned over, e.g. 3")
            raise ParseError("type the ghost values drawn, e.g. 1 4")
        return Draw(tuple(sorted(_value(t) for t in rest))), True
    if phase == Phase.REVEAL:
        rest = tokens[1:] if head in REVEAL else tokens
        if not rest or not all(t.isdigit() for t in rest):
            raise ParseError("type the values of your secret face-down cards, e.g. reveal 5")
        return Reveal(tuple(sorted(_value(t) for t in rest))), True
    if phase == Phase.FACEDOWN:
        if head in NONE or head in PASS:
            if len(tokens) != 1:
                raise ParseError("none takes nothing after it")
            return SKIP, True
        rest = tokens[1:] if head in DOWN else tokens
        rest = [t for t in rest if t not in DOWN]
        if not rest:
            return Down(None, hidden=True), True
        if len(rest) != 1 or not re.fullmatch(r"p?\d+", rest[0]):
            raise ParseError("one card goes face down: down 5, down p8, down (secret) or none")
        return Down(_card(rest[0])), True
    if phase == Phase.OVER:
        raise ParseError("the game is over")
    for words, what in ((DRAW, "draws come at the end of a round"), (DOWN | REVEAL, "not now")):
        if head in words:
            raise ParseError(f"{what}: {expected_input(state)}")
    end, said = True, False
    if tokens[-1] in MORE:
        end, said = False, True
        tokens = tokens[:-1]
    if tokens and tokens[-1] in PASS:
        if not end:
            raise AmbiguousError("pass and more contradict each other")
        said = True
        tokens = tokens[:-1]
    if any(t in PASS or t in MORE for t in tokens):
        raise ParseError("pass (or more) comes last, after the cards played")
    items = parse_items(state, tokens)
    if not items and not end:
        raise ParseError("more after what? e.g. p3 more")
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
        return "The game is over"
    if phase == Phase.DRAW and state.turning is not None:
        what, seat = state.turning
        name = SEAT_NAMES[seat]
        if what == TURN_PILE:
            return f"Turn over the top card of {name}'s hand pile (the automa's) and type it, e.g. 3"
        if what == TURN_DECK:
            card = state.sides[seat].table[-1].card.n  # the psychic card that fetches, played last
            return f"Card {card}: turn over the top card of {name}'s deck (the automa's) and type it, e.g. 5"
        n = sum(not c.psychic for c in state.sides[seat].down)
        cards, them = ("face-down ghost card", "it") if n == 1 else (f"{n} face-down ghost cards", "them")
        return f"Round 10: turn over {name}'s {cards} by the round-10 card and type {them}, e.g. {' '.join(['3', '5', '2', '4'][:n])}"
    if phase == Phase.DRAW:
        seat = drawing_seat(state)
        n = state.sides[seat].pending
        example = "1 1 2 3 5" if n == 5 else " ".join(["1", "4"][:n]) if n <= 2 else "1 2 3"
        cards, them = ("1 card", "it") if n == 1 else (f"{n} cards", "them")
        return f"{SEAT_NAMES[seat]}: draw {cards} from your deck and type {them}, e.g. {example}"
    if phase == Phase.FACEDOWN:
        side = state.sides[state.loser]
        options = []  # examples from the loser's own cards
        if side.hand_size > 0:
            options.append(f"down {free_values(side)[-1]}")
        options.extend(f"down p{n}" for n in side.owned[:1])
        if side.hand_size > 0 and state.loser in state.config.physical:
            options.append("down (secret, named in round 10)")
        return f"{SEAT_NAMES[state.loser]}: put a card face down for round 10? {', '.join([*options, 'or none'])}"
    if phase == Phase.REVEAL:
        seat = to_move(state)
        side = state.sides[seat]
        n = side.hidden_down
        cards = "secret face-down card" if n == 1 else f"{n} secret face-down cards"
        split = known(side)  # the cards typed since may say which they are
        example = " ".join(map(str, split[1])) if split is not None else "5"
        return (
            f"Round 10: {SEAT_NAMES[seat]}, turn up your {cards} by the round-10 card and type "
            f"{'it' if n == 1 else 'them'}, e.g. reveal {example}"
        )
    seat = state.mover
    t = state_totals(state)
    need = t[1 - seat] + 1
    left = need - t[seat]
    extra = f" (card 14: 0 or at least {state.min_plays(seat)} cards a turn)" if state.min_plays(seat) else ""
    if state.blind[seat]:
        if seat in state.config.physical:
            how = "shuffle your hand face down, draw one and type it"
            example = "3 more"
        else:
            how = "type blind and the tool takes it"
            example = "blind more"
        # a line of cards ends the turn: said here, where a person drawing one card would end it by surprise
        extra += f" (card 6: your next ghost card is taken at random: {how}; the turn ends with it unless you add more, e.g. {example})"
    if state.turn_plays:
        if left <= 0:
            return f"{SEAT_NAMES[seat]}: more cards, or end (you lead {t[seat]} to {t[1 - seat]}){extra}"
        return f"{SEAT_NAMES[seat]}: more cards ({left} more to reach {need}), or end and leave{extra}"
    # the example names a psychic card the mover owns (they lie face up), never one it cannot play
    owned = state.sides[seat].owned
    example = f"2 2 5, p{owned[0]} 3" if owned else "2 2 5"
    return f"{SEAT_NAMES[seat]}: play cards to beat {t[1 - seat]} (e.g. {example}), or pass{extra}"
