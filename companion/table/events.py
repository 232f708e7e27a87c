"""The events of one step as the table gets them (``announced``), and where the last private ones can stay one
person's screen (``kept_from``): pure functions of the game's events, for ``companion.table.game``."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ai.protocol import Event
from ai.words import LANGS, current, english, tr
from ai.words.catalogues import has

if TYPE_CHECKING:
    from ai.protocol import AnyGame


def kept_from(events: list[Event], people: list[int], keep: int | None) -> int:
    """The index from which every private event for a person is for ``keep`` (``len(events)`` if the last is
    not): from there the screen can stay ``keep``'s."""
    start = len(events)
    for i in reversed(range(len(events))):
        seat = events[i].private_to
        if seat in people:
            if seat != keep:
                break
            start = i
    return start


def announced(game: AnyGame, after: Any, events: list[Event], reason: str | None, seats: int) -> list[Event]:
    """A bot's public reason beside the first public event of its move, and the end event with the result as
    fields (``winners``, ``scores``; ``seats`` seats)."""
    events = list(events)
    if reason:
        for i, event in enumerate(events):
            # never on the end or the count: a move that shows nothing else (a last "stop drawing") is not why the
            # winner won
            if event.kind in ("end", "counted", "count"):
                break
            if event.private_to is None and event.text:
                base = event.text.rstrip(".")
                # a search's reason is an English constant it gives at every decision (never translated in its
                # loop: ai.search.SEARCHED): said here in the table's language; a rule's reason is said already
                said = tr(reason) if current() != LANGS[0] and has(current(), reason) else reason
                # "draws a card (38 left; chosen by search)", not two brackets in a row
                clause, semicolon, rest = base.partition(";")
                if base.endswith(")"):
                    text = tr("{said}; {reason}).", said=base[:-1], reason=said)
                elif semicolon:
                    # the move's own clause takes its reason, not the one after it: "Blue ends the turn ahead, 1
                    # to 0 (no need to play more); Green to play" (French sets a no-break space before
                    # the semicolon: kept)
                    head = clause.rstrip()
                    reasoned = tr("{said} ({reason}).", said=head, reason=said).removesuffix(".")
                    text = reasoned + clause[len(head) :] + semicolon + rest + "."
                else:
                    text = tr("{said} ({reason}).", said=base, reason=said)
                events[i] = replace(event, text=text, data={**event.data, "rule": english(reason)})
                break
    if game.is_over(after):
        result = game.result(after)
        names = [game.seat_name(after, seat) for seat in range(seats)]
        fields: dict[str, Any] = {"winners": [names[w] for w in result.winners]}
        if result.scores is not None:
            fields["scores"] = dict(zip(names, result.scores, strict=False))
        events = [replace(e, data={**fields, **e.data}) if e.kind == "end" else e for e in events]
    return events
