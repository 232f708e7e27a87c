"""Potra Bash notation.

| action                          | short          | forgiving long forms                           |
|---------------------------------|----------------|------------------------------------------------|
| play a card                     | ``4``, ``-2``  | ``play 4``, ``p4``, ``minus 2``, ``minus two``, ``m2``, ``−2`` |
| pass (laps 2 and 3)             | ``pass``       | ``pa``, ``x``, ``skip``, ``no``                |
| an automa plays its top card    | ``top``        | ``play top``, ``top card``                     |
| take a field card               | ``4 from Ann`` | ``take 4 ann``, ``t4 ann``, ``4@ann``, ``4`` when only one player's 4 may be taken |
| a typed card (physical mode)    | ``4``          | ``draw 4``, ``centre -2``, ``got 3``           |
| cards dealt to a bot together   | ``4 -2 1``     | ``4, m2, 1``, ``dealt 4 -2 1``                 |

Names match without case or spaces, by a unique prefix (``4 from a`` for Ann). ``format_action`` gives the
short form and ``parse_action(state, format_action(state, a)) == a``.
"""

from __future__ import annotations

import re

from ai.potra_bash import engine
from ai.potra_bash.components import VALUES, copies
from ai.potra_bash.state import (
    CENTRE,
    PASS,
    TOP,
    TURNED,
    Action,
    Deal,
    Draw,
    Pass,
    Phase,
    Play,
    PlayTop,
    PotraState,
    Take,
)
from ai.protocol import AmbiguousError, IllegalError, ParseError, not_in_hand
from ai.text import NUMBER_WORDS, close_word, close_words
from ai.words import current, quoted, tr, trn, typed_forms

PASS_WORDS = frozenset({"pass", "pa", "pas", "x", "skip", "no", "nothing"})
#: The words that make an input a take (``take 4 ann``, ``4 from ann``; ``t4`` too).
TAKE_WORDS = frozenset({"take", "takes", "took", "t", "from"})
TOP_WORDS = frozenset({"top"})
FILLER = frozenset(
    {
        "take", "takes", "took", "t", "from", "of", "the", "a", "an", "card", "play", "plays", "played", "p",
        "draw", "draws", "drew", "drawn", "d", "got", "gets", "dealt", "deal", "centre", "center", "c", "new",
        "is", "to", "s", "own", "'s",
    }
)  # fmt: skip
#: The words a typo is matched against: the short forms of pass stay out (``paas`` should suggest ``pass``, not
#: ``pas``, a form nobody needs taught).
VOCABULARY = sorted(
    (PASS_WORDS - {"pa", "pas"})
    | TOP_WORDS
    | FILLER
    | {"minus", "undo", "hand", "hint", "board", "help", "quit"}
)
VALUE_LIST = ", ".join(str(v) for v in VALUES)
#: The English input words a table may also type in its own language (``ai.words.typed_forms``): each form read
#: as the English word, and offered to a typo like it.
TYPED = ("pass", "no", "skip", "top", "play", "take", "from", "card", "draw", "minus")
_forms: dict[str, dict[str, str]] = {}


def forms() -> dict[str, str]:
    """The current language's typed forms of the input words, each to its English word (none in English)."""
    lang = current()
    if lang not in _forms:
        _forms[lang] = {form: word for word in TYPED for form in typed_forms(word) if form != word}
    return _forms[lang]


def vocabulary() -> list[str]:
    """The words a typo is matched against, in the table's language too."""
    return VOCABULARY + sorted(forms())


_NUMBER = re.compile(r"^(?:t|p|d|c)?([+-]?\d{1,3})$")
_MINUS = re.compile(r"^(?:m|n|neg|minus)(\d{1,3})$")


def format_value(value: int) -> str:
    return str(value)


def key(name: str) -> str:
    """A name as matched: lower case, letters and digits only, of any script (``Аня`` as well as ``Ann``)."""
    return re.sub(r"[\W_]", "", name.lower())


class _Form(str):
    """A word as read: lower case, or the English input word a word typed in the table's language stands for;
    ``typed`` is what the person typed, in its case (a refusal names it: «Ана», not «ана» nor the English word)."""

    typed: str


def _read(word: str, table: dict[str, str]) -> str:
    low = word.lower()
    read = _Form(table.get(low, low))
    read.typed = word
    return read


def _words(text: str) -> list[str]:
    text = text.replace("−", "-").replace("–", "-").replace("@", " @ ").replace(",", " ")
    table = forms()
    if table:  # "минус 2", "moins 2" read as minus 2 below
        text = " ".join("minus" if table.get(word.lower()) == "minus" else word for word in text.split())
    # minus 2, minus-2, minus two: the word and the number read as one card
    text = re.sub(
        r"(?<![a-z0-9])(?:minus|neg)[\s-]+(\d|one|two|three|four|five|six)\b",
        lambda m: "-" + NUMBER_WORDS.get(m.group(1).lower(), m.group(1)),
        text,
        flags=re.IGNORECASE,
    )
    return [_read(w, table) for w in text.split() if w != "@"]


def parse_value(word: str, one: bool = False) -> int | None:
    """The card value in one word (``4``, ``-2``, ``m2``, ``t4``), ``None`` if the word is no number;
    a number that is not a card raises ``ParseError``, suggesting the cards it runs together (``-33``: ``-3,3``)
    unless ``one`` card is asked for (a play or a take: ``play 44`` is not offered ``4,4``)."""
    match = _NUMBER.match(word)
    if match:
        value = int(match.group(1))
    else:
        minus = _MINUS.match(word)
        if not minus:
            return None
        value = -int(minus.group(1))
    if value not in VALUES:
        hint = f"-{abs(value)}" if -value in VALUES and value > 0 else None if one else _run_together(word)
        raise ParseError(
            tr("Potra Bash cards are {values}, not {value}", values=VALUE_LIST, value=value), suggestion=hint
        )
    return value


def _run_together(word: str) -> str | None:
    """Cards typed without a comma between them (``-33`` for ``-3,3``, ``44`` for ``4,4``), as they would be
    written apart; ``None`` if the word is not made of cards."""
    cards = re.findall(r"-?\d", word)
    if len(cards) < 2 or "".join(cards) != word or any(int(c) not in VALUES for c in cards):
        return None
    return ",".join(cards)


def _unknown(word: str) -> ParseError:
    typed = getattr(word, "typed", word)
    close = close_word(typed.lower(), vocabulary(), numbers=True)
    # a known word out of place ("top" while a card is typed) is no typo of itself
    return ParseError(
        tr("unknown word {word}", word=quoted(typed)), suggestion=None if close == typed.lower() else close
    )


def parse_seat(state: PotraState, text: str) -> int:
    """A seat by name: exact, else a unique prefix (case and spaces ignored)."""
    names = [key(state.config.name(s)) for s in range(state.n)]
    k = key(text)
    if k in names:
        return names.index(k)
    starts = [s for s, name in enumerate(names) if k and name.startswith(k)]
    if len(starts) == 1:
        return starts[0]
    shown = [state.config.name(s) for s in range(state.n)]
    if len(starts) > 1:
        raise AmbiguousError(
            tr("{text} fits {names}", text=quoted(text), names=", ".join(shown[s] for s in starts))
        )
    close = close_words(k, names, cutoff=0.5)
    return_name = shown[names.index(close[0])] if close else None
    raise ParseError(
        tr("nobody called {text} at this table: {names}", text=quoted(text), names=", ".join(shown)),
        suggestion=return_name,
    )


#: The French prompt's «de» elided before a name that starts with a vowel (``4 d'Ann``), as typed: either apostrophe.
_ELIDED_FROM = re.compile(r"^d['’](?=\w)", re.IGNORECASE)


def _owner(state: PotraState, words: list[str], rest: list[str]) -> str:
    """The owner's name typed after a card. At a French table the prompt elides «de» before a name that starts
    with a vowel (``4 d'Ann``): typed so, with no «de» before it, the name is read without its «d'» (unless only
    the whole word names a player); after «de» (``4 de D'Arcy``) the word is the name as it is."""
    text = " ".join(getattr(word, "typed", word) for word in rest)  # as typed: a refusal names it so
    if current() != "fr" or "from" in words or not _ELIDED_FROM.match(text):
        return text
    bare = _ELIDED_FROM.sub("", text)
    return bare if _prefixed(state, bare) or not _prefixed(state, text) else text


def _prefixed(state: PotraState, text: str) -> list[int]:
    k = key(text)
    return [s for s in range(state.n) if k and key(state.config.name(s)).startswith(k)]


def parse_action(state: PotraState, text: str) -> Action:
    """One input as an action legal now; ``ParseError``/``IllegalError``/``AmbiguousError`` otherwise."""
    words = _words(text)
    if not words:
        raise ParseError(tr("nothing typed"))
    if state.phase == Phase.OVER:
        raise IllegalError(tr("the game is over"))
    action = _parse(state, words)
    why = check(state, action)
    if why is not None:
        raise IllegalError(why)
    return action


def _parse(state: PotraState, words: list[str]) -> Action:
    if words[0] in ("pile", "piles", "scoring"):
        raise ParseError(tr("hand NAME shows a player's own hand and scoring pile, on their own screen"))
    if len(words) == 1 and words[0] in PASS_WORDS:
        return PASS  # refused by ``check`` when nobody may pass: it says what to type instead
    if state.pending:
        return _typed(words)
    if any(word in TOP_WORDS for word in words) and all(w in TOP_WORDS or w in FILLER for w in words):
        return TOP
    value: int | None = None
    rest: list[str] = []
    before = 0  # how many of ``rest`` came before the card
    for word in words:
        if value is not None and state.phase == Phase.TAKE and not state.pending:
            if rest or word not in ("from", "of", "the", "take", "card"):
                rest.append(word)  # the owner's name, whatever its words: 4 from bot 2, 4 from an
            continue
        number = parse_value(word, one=True)
        if number is not None and value is None:
            value = number
        elif number is not None:
            raise ParseError(tr("one card at a time"))
        elif word not in FILLER:
            rest.append(word)
            before += value is None
    owned = bool(rest) and bool(_prefixed(state, _owner(state, words, rest)))  # a player named
    taking = owned or any(word in TAKE_WORDS or (word[:1] == "t" and _NUMBER.match(word)) for word in words)
    if state.phase == Phase.PLAY and taking:
        # "4 from Bot2" while the laps are played: a take, which comes only after the third lap; "4 from" is no
        # play of a 4. Not "to play a 4, type 4": the player may hold none, and whether they do is theirs to know
        raise IllegalError(
            tr(
                "no card is taken before the third lap is over; a card is played from the hand now: "
                "type its value alone"
            )
        )
    if value is None:
        if rest and not owned:
            raise _unknown(rest[0])
        raise ParseError(tr("which card? {values}", values=VALUE_LIST))
    # a name after a mistyped word: the words before the card ("tkae 1 bot2"), or the first after it ("4 form
    # Bot5"); the word is the typo, not the name
    named_from = before or 1
    if named_from < len(rest) and not owned and _prefixed(state, _owner(state, words, rest[named_from:])):
        raise _unknown(rest[0])
    if state.phase == Phase.PLAY:
        if rest:
            raise _unknown(rest[0])
        return Play(value)
    seat = state.picker
    if rest:
        named = _owner(state, words, rest)
        try:
            owner = parse_seat(state, named)
        except AmbiguousError:
            # "4 from bot" when only one of the players the name fits has a 4 that may be taken
            fits = [o for o in _prefixed(state, named) if (o, value) in engine.eligible(state.field, seat)]
            if len(fits) != 1:
                raise
            owner = fits[0]
        return Take(value, owner)
    owners = sorted({o for o, v in engine.eligible(state.field, seat) if v == value})
    if not owners:
        on_field = sorted({o for o, v in state.field if v == value})
        if on_field:
            raise IllegalError(
                tr("{name} must take another player's card while one remains", name=state.config.name(seat))
            )
        raise IllegalError(tr("there is no {value} on the field", value=value))
    if len(owners) > 1:
        choices = shown_take(state, value, owners[0])
        for other in owners[1:]:
            choices = tr("{first} or {second}", first=choices, second=shown_take(state, value, other))
        raise AmbiguousError(tr("whose {value}? {choices}", value=value, choices=choices))
    return Take(value, owners[0])


def _typed(words: list[str]) -> Draw | Deal:
    """Cards typed as they come off the deck: one (``Draw``) or several on a line (``Deal``)."""
    values: list[int] = []
    for word in words:
        number = parse_value(word)
        if number is not None:
            values.append(number)
        elif word not in FILLER:
            raise _unknown(word)
    if not values:
        raise ParseError(tr("which card? {values}", values=VALUE_LIST))
    return Draw(values[0]) if len(values) == 1 else Deal(tuple(values))


def format_action(state: PotraState, action: Action) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, PlayTop):
        return "top"
    if isinstance(action, Take):
        return f"{action.value} from {state.config.name(action.owner)}"
    if isinstance(action, Deal):
        return " ".join(format_value(v) for v in action.values)
    return format_value(action.value)


def shown_take(state: PotraState, value: int, owner: int) -> str:
    """A take as the table reads and may type it in its language (``4 from Ann``); ``format_action`` keeps the
    English form a saved game is read back from."""
    return tr("{value} from {name}", value=value, name=state.config.name(owner))


def expected_input(state: PotraState) -> str:
    """The prompt: what the table types next (never a person's hand: the screen is shared)."""
    if state.phase == Phase.OVER:
        return tr("the game is over")
    name = state.config.name
    if state.pending:
        target, due = engine.due(state.pending)
        # the card already lies where the setup or a step put it (dealt, drawn, turned up): only typed now
        if target == CENTRE:
            return tr("Type the centre card turned up from the deck ({values})", values=VALUE_LIST)
        if target == TURNED:
            seat = engine.seat_to_play(state.starter, state.acted, state.n)
            return tr(
                "Turn over the top card of {name}'s hand pile and type it ({values})",
                name=name(seat),
                values=VALUE_LIST,
            )
        if state.round == 1 and state.lap == 1 and state.acted == 0 and state.centre is None:
            example = " ".join(["4", "-2", "1"][:due])
            return trn(
                "Type the cards dealt to {name}: {n} more card, e.g. {example} ({values})",
                "Type the cards dealt to {name}: {n} more cards, e.g. {example} ({values})",
                due,
                name=name(target),
                example=example,
                values=VALUE_LIST,
            )
        return tr("Type the card {name} drew from the deck ({values})", name=name(target), values=VALUE_LIST)
    if state.phase == Phase.TAKE:
        picker = state.picker
        # a choice never breaks at the screen's edge ("-3⏎from Bot4" reads as a choice "-3"): no-break spaces
        choices = ", ".join(
            shown_take(state, v, o).replace(" ", "\u00a0") for o, v in engine.picks(state.field, picker)
        )
        return tr("{name} takes a field card: {choices}", name=name(picker), choices=choices)
    seat = engine.seat_to_play(state.starter, state.acted, state.n)
    fields = {"name": name(seat), "round": state.round, "lap": state.lap}
    if state.lap == 1:
        return tr("{name} (round {round}, lap {lap}) must play a card", **fields)
    return tr("{name} (round {round}, lap {lap}): play a card or pass", **fields)


def check(state: PotraState, action: Action) -> str | None:
    """Why ``action`` is not possible now (one sentence for a person), or ``None`` if it is. The engine decides
    what is legal (``ai.potra_bash.rules.apply`` asks it); this says why a move it refuses is refused."""
    if state.phase == Phase.OVER:
        return tr("the game is over")
    name = state.config.name
    if state.pending:
        if isinstance(action, Deal):
            target, due = engine.due(state.pending)
            if target == CENTRE:
                return tr("one centre card: type only it")
            if target == TURNED:
                return tr("one card turned over: type only it")
            if len(action.values) > due:
                return trn(
                    "{name} is due {n} card now, not {typed}",
                    "{name} is due {n} cards now, not {typed}",
                    due,
                    name=name(target),
                    typed=len(action.values),
                )
            unknown = _unknown_counts(state)
            for value in action.values:
                unknown[value] = unknown.get(value, 0) - 1
                if unknown[value] < 0:
                    return unseen_none(state, value)
            return None
        if not isinstance(action, Draw):
            first = state.pending[0]
            passing = isinstance(action, Pass)
            if first == CENTRE:
                return (
                    tr("nobody passes now: first type the new centre card")
                    if passing
                    else tr("first type the new centre card")
                )
            if first == TURNED:
                return (
                    tr("nobody passes now: first type the card turned over from the automa's hand pile")
                    if passing
                    else tr("first type the card turned over from the automa's hand pile")
                )
            return (
                tr("nobody passes now: first type the card {name} got", name=name(first))
                if passing
                else tr("first type the card {name} got", name=name(first))
            )
        if _unknown_counts(state).get(action.value, 0) <= 0:
            return unseen_none(state, action.value)
        return None
    if isinstance(action, Draw | Deal):
        return tr("no card is waiting to be typed now")
    if state.phase == Phase.TAKE:
        picker = name(state.picker)
        if isinstance(action, Pass):
            return tr("nobody passes while the field is shared out: {name} takes a card", name=picker)
        if not isinstance(action, Take):
            return tr("the field is being shared out: {name} takes a card", name=picker)
        if (action.owner, action.value) not in state.field:
            return tr(
                "there is no {value} of {owner} on the field", value=action.value, owner=name(action.owner)
            )
        if (action.owner, action.value) not in engine.eligible(state.field, state.picker):
            return tr("{name} must take another player's card while one remains", name=picker)
        return None
    seat = engine.seat_to_play(state.starter, state.acted, state.n)
    if isinstance(action, Take):
        return tr("cards are taken after the third lap")
    if seat in state.config.blind:
        if isinstance(action, Play):
            return tr("{name} plays only the top card of its hand pile: top", name=name(seat))
        if state.lap == 1 and isinstance(action, Pass) and state.hand_count(seat):
            return tr("nobody may pass in lap 1: top")
        return (
            None
            if isinstance(action, Pass) or state.hand_count(seat)
            else tr("{name}'s hand pile is empty", name=name(seat))
        )
    if isinstance(action, PlayTop):
        return tr(
            "only an automa plays the top card of a hand pile; {name} plays a card by its value",
            name=name(seat),
        )
    hidden = state.hidden[seat]
    playable = engine.playable(state.hands[seat], hidden, _unknown_counts(state) if hidden else None)
    if isinstance(action, Pass):
        if state.lap == 1 and playable:
            return tr("nobody may pass in lap 1: play a card")
        return None
    if action.value not in VALUES:
        return tr("there is no {value} card", value=action.value)
    if action.value not in playable:
        fields = {"value": action.value, "name": name(seat), "placed": whereabouts(state, action.value)}
        if hidden:
            return tr(
                "no {value} is left that could be in {name}'s hand: {placed}; if a typed card was wrong, undo "
                "back to it",
                **fields,
            )
        if _placed(state, action.value) == copies(state.n):  # from public facts only, never the bots' hands
            return tr("{name} cannot hold a {value}: {placed}", **fields)
        return not_in_hand(name(seat))
    return None


def whereabouts(state: PotraState, value: int) -> str:
    """Where every copy of ``value`` is, from what the table has seen: the field, the centre card, the scoring
    piles (counted together: each went there face up, but the piles lie face down) and, with a real deck, the
    bots' hands, typed in view of the table."""
    name = state.config.name
    places: list[str] = []
    field = sum(1 for _, v in state.field if v == value)
    if field:
        places.append(tr("{n} on the field", n=field))
    if state.centre == value:
        places.append(tr("1 in the centre"))
    piled = sum(pile.count(value) for pile in state.piles)
    if piled:
        places.append(tr("{n} in scoring piles", n=piled))
    if state.config.physical:
        for s in range(state.n):
            held = state.hands[s].count(value)
            if held:
                places.append(tr("{n} typed for {name}", n=held, name=name(s)))
    total, placed = copies(state.n), _placed(state, value)
    if not places:
        return tr("no {value} is placed", value=value)
    where = ", ".join(places)
    if placed == total:
        return tr("all {total} {value}s are accounted for ({places})", total=total, value=value, places=where)
    return tr(
        "{placed} of the {total} {value}s are accounted for ({places})",
        placed=placed,
        total=total,
        value=value,
        places=where,
    )


def unseen_none(state: PotraState, value: int) -> str:
    """A typed card no copy of which can still be unseen."""
    return tr(
        "there is no {value} left that could be unseen: {placed}",
        value=value,
        placed=whereabouts(state, value),
    )


def _placed(state: PotraState, value: int) -> int:
    """Copies of ``value`` the table has seen placed: face up (the field, the centre, the piles) and, with a real
    deck, typed for a bot."""
    seen = engine.face_up(state.field, state.piles, state.centre)[value]
    if state.config.physical:
        seen += sum(hand.count(value) for hand in state.hands)
    return seen


def _unknown_counts(state: PotraState) -> dict[int, int]:
    return engine.unknown(state.n, state.hands, state.field, state.piles, state.centre)
