"""The ``--seats`` list of the games with several seats (Potra Bash, Prohis): ``Ann,bot,bot:hard,Ben``
clockwise, a person by name and a bot by ``bot`` / ``bot:LEVEL`` (or the level alone: ``Ann,normal,hard``)."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from ai.words import tr
from companion.messages import say_note
from companion.seats import HUMAN, is_human


class Level(StrEnum):
    """The bot levels of the card games with a paper automa (RIP, Potra Bash, Prohis): the four of every game
    and the automa."""

    random = "random"
    easy = "easy"
    normal = "normal"
    hard = "hard"
    automa = "automa"


BOT_WORDS = ("bot", "computer", "cpu")


def _note_a_level_like(name: str) -> None:
    """A person's name that reads like a misspelt level or bot word is taken as typed, a name, with a note; close enough that ``Bob`` is
    not."""
    from ai.text import close_word

    low = name.lower()
    like = close_word(low, Level.__members__, cutoff=0.75, short=True)
    if like and low not in Level.__members__:
        meant = f"bot:{like}"
    else:
        # ``bto``, ``cpo``: the letters of a bot word, mixed up; ``bott``, ``bots``: one letter more; not
        # ``Bob``, a name one letter away
        mixed = next((word for word in BOT_WORDS if sorted(low) == sorted(word) and low != word), "")
        more = close_word(low, BOT_WORDS, cutoff=0.8, short=True) if low not in BOT_WORDS else None
        meant = mixed or (more if more and len(low) > len(more) else "")
    if meant:
        say_note(
            tr(
                "{name} sits as a person; a bot is bot or bot:LEVEL (did you mean {meant}?)",
                name=repr(name),
                meant=meant,
            )
        )


def seat_list(
    text: str,
    game: str,
    players: tuple[int, int],
    key: Callable[[str], str] = str.lower,
    extra: tuple[str, ...] = (),
) -> tuple[list[str], list[str]]:
    """``Ann,bot,bot:hard,Ben`` -> session seat specs (``human:Ann``, ``normal``, ``hard``, ``human:Ben``) and
    seat names (``Ann``, ``Bot2``, ``Bot3``, ``Ben``). ``bot`` alone is the ``normal`` level; a level alone is a
    bot of that level; two people whose names are the same by ``key`` are refused (the game matches typed
    names so). ``extra``: the game's levels beyond the four of every game (a paper automa). Raises
    ``ValueError`` with one line."""
    known = (*Level.__members__, *extra)
    low, high = players
    items = [item.strip() for item in text.split(",")]
    if not low <= len(items) <= high:
        for item in items:  # a bot word misspelt may be why the count is short of bots
            if ":" not in item and item.lower() not in (*BOT_WORDS, *known):
                _note_a_level_like(item)
        raise ValueError(
            tr("{game} is for {low} to {high} players, not {n}", game=game, low=low, high=high, n=len(items))
        )
    specs: list[str] = []
    names: list[str] = []
    for seat, item in enumerate(items):
        word, colon, level = item.partition(":")
        if not colon and word.lower() in known:  # "normal": a bot at that level
            word, level = "bot", word
        if word.lower() in BOT_WORDS:
            level = (level or "normal").strip().lower()
            if level not in known:
                from ai.text import close_word  # here: help imports this module and stays light

                close = close_word(level, known)  # a misspelt level gets a suggestion
                if close:
                    raise ValueError(
                        tr(
                            "no bot level {level} (did you mean {close}?); choose from {known}",
                            level=repr(level),
                            close=repr(close),
                            known=", ".join(known),
                        )
                    )
                raise ValueError(
                    tr("no bot level {level}; choose from {known}", level=repr(level), known=", ".join(known))
                )
            specs.append(level)
            names.append(f"Bot{seat + 1}")
            continue
        if level or not item:
            raise ValueError(
                tr(
                    "seat {seat}: a person's name or bot / bot:LEVEL, not {item}",
                    seat=seat + 1,
                    item=repr(item),
                )
            )
        if not any(c.isalpha() for c in item):
            raise ValueError(
                tr("seat {seat}: a name needs a letter, not {item}", seat=seat + 1, item=repr(item))
            )
        specs.append(f"{HUMAN}:{item}")
        names.append(item)
        _note_a_level_like(item)
    keys = [key(name) for name in names]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            raise ValueError(
                tr("two seats are called {name}: give each person a different name", name=repr(names[i]))
            )
    if not any(is_human(s) for s in specs):
        raise ValueError(tr("nobody is playing: name at least one person"))
    return specs, names
