"""The failures a command reports as one line (no traceback): kept free of imports so the CLI starts fast (the
words, ``ai.words``, are imported where a line is said)."""

from __future__ import annotations

import re


class StoreError(Exception):
    """What is wrong with the saved-games file and what to do, in one line for the person."""


class GameLocked(StoreError):
    """The game is open in another window."""


class Unsaved(StoreError):
    """A write refused for a reason that passes (a full disk, a file another program holds, made read-only
    meanwhile): nothing of it was saved, so a session leaves the game as it was, says this one line and goes
    on; the next input is tried again. ``input``: the person's input not saved, as typed."""

    input: str | None = None


class Notice(str):
    """What the person is told about the saved-games file, a sentence, with its ``facts`` for ``--json`` (where
    the damaged file was moved, how many games were read back from it, the games written whole)."""

    facts: dict[str, object]

    def __new__(cls, text: str, **facts: object) -> Notice:
        made = super().__new__(cls, text)
        made.facts = facts
        return made

    @classmethod
    def joined(cls, parts: list[str]) -> Notice:
        """The parts in one sentence ("; "), their facts together."""
        facts: dict[str, object] = {}
        for part in parts:
            facts.update(getattr(part, "facts", {}))
        return cls("; ".join(parts), **facts)


#: The longest piece of typed text an error message repeats; a longer one is cut with "…".
SHOWN_INPUT = 40
#: A quoted piece of text ('...' or "..."): opened after a space or a bracket, closed before one or punctuation.
_QUOTED = re.compile(
    rf"(?<![^\s(\[{{])'([^']{{{SHOWN_INPUT}}})[^']+'(?=$|[\s).,:;?!\]}}])"
    rf"|(?<![^\s(\[{{])\"([^\"]{{{SHOWN_INPUT}}})[^\"]+\"(?=$|[\s).,:;?!\]}}])"
)


#: Runs of white space a one-line message joins into one space; a no-break space stays (French typography).
_BLANKS = re.compile(r"[^\S\u00a0\u202f]+")


def clipped(message: str, limit: int = 300) -> str:
    """An error message fit for one line: a quoted piece of typed text longer than ``SHOWN_INPUT`` characters
    is cut to its start and "…", its white space joined into single spaces, and the whole message cut to
    ``limit`` characters."""
    message = _QUOTED.sub(lambda m: f"'{m.group(1) or m.group(2)}…'", message)
    message = _BLANKS.sub(" ", message).strip()
    return message if len(message) <= limit else message[: limit - 1] + "…"


def not_replayed(seq: int, text: str, problem: object) -> str:
    """Why a saved game stops replaying: its input number ``seq + 1`` (``text``) is refused now."""
    from ai.words import tr

    return tr(
        "saved input {n} ({text!r}) no longer replays: {problem}", n=seq + 1, text=text, problem=problem
    )


def cannot_resume(number: int, problem: object, way_on: str = "") -> str:
    """The one line for a saved game ``resume`` cannot continue (its record or its saved inputs), with the way
    on (``companion abandon N`` ends it, another game to resume): ``problem`` is cut to leave room for it."""
    from ai.words import tr

    return tr(
        "game #{number} cannot be resumed: {problem}; it was left as it was{way_on}",
        number=number,
        problem=clipped(str(problem), 160),
        way_on=way_on,
    )


def cannot_check(number: int, problem: object) -> str:
    """The one line for a saved game a count is checked against (``score prudh --game``) that does not
    replay: what could not be done is the check, not a resume."""
    from ai.words import tr

    return tr(
        "game #{number} cannot be checked against your count: {problem}; it was left as it was",
        number=number,
        problem=clipped(str(problem)),
    )
