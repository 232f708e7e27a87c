"""A saved game told from the person's side, for ``companion history``: when, which seat they took, against
which bots, and how it ended for them (won, lost, draw, unfinished, abandoned).

Rulings: a win shared by the person and another seat is a draw for the person; at a table of several people the
result names the winners instead ("Ann won"); a record the store cannot read is listed as ``unreadable``, and
so is an unfinished game that no longer replays (``companion.saves.replay``: what ``resume`` would refuse), with the
same reason ``resume`` gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from ai.words import language, ptr, tr
from companion.errors import StoreError
from companion.saves.columns import read_back_in_part
from companion.saves.records import UNREADABLE, MoveRecord, SessionRecord
from companion.seats import is_human, typed_name


@dataclass(frozen=True, slots=True)
class Story:
    date: str
    you: str
    against: str
    result: str
    #: The record's status, ``unreadable`` for an unfinished game that no longer replays.
    status: str
    #: The variant and the options that change play ("Tika", "one set per value"); empty when unreadable.
    variant: str = ""
    #: ``against`` and ``result`` in the table's language, for the list on screen (``as_dict`` keeps English).
    told_against: str = ""
    told_result: str = ""
    told_variant: str = ""
    #: ``you`` in the table's language (a seat's own name: "Mamie" for Granny; a typed name as typed).
    told_you: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The story's facts for a program, in English."""
        facts = asdict(self)
        del facts["told_against"], facts["told_result"], facts["told_variant"], facts["told_you"]
        return facts

    @property
    def said_variant(self) -> str:
        """The variant, as the list on screen says it in the table's language."""
        return self.told_variant or self.variant

    @property
    def said_you(self) -> str:
        """The person's seats, as the list on screen says them in the table's language."""
        return self.told_you or self.you

    @property
    def said_against(self) -> str:
        """The bots, as the list on screen says them in the table's language."""
        return self.told_against or self.against

    @property
    def said_result(self) -> str:
        """How the game ended for the person, as the list on screen says it in the table's language."""
        return self.told_result or self.result


def story(record: SessionRecord, moves: Callable[[int], Sequence[MoveRecord]] | None = None) -> Story:
    """``record`` told; with ``moves`` (its saved inputs by game number), an unfinished game is replayed."""
    date = record.created[:10]
    if record.problem is not None:
        return _told(Story(date, "", "", "", UNREADABLE), None, _unreadable, record.problem)
    seat_names = _seat_names(record.game)
    people = [seat for seat, spec in enumerate(record.seats) if is_human(spec)]
    names = [_name(record.seats[seat], seat, seat_names) for seat in range(len(record.seats))]
    you = ", ".join(names[seat] for seat in people)
    told = [_name(record.seats[seat], seat, seat_names, tr) for seat in people]
    you_told = ", ".join(told)
    if record.status == "playing" and moves is not None:
        from companion.saves.replay import replay_problem

        try:
            saved = moves(record.id)
            problem = replay_problem(record, saved)
        except StoreError as exc:  # its inputs cannot be read: the rest of the list still can
            saved, problem = [], str(exc)
        if problem is not None:
            return _told(
                Story(date, you, "", "", UNREADABLE, told_you=you_told), record, _unreadable, problem
            )
        if read_back_in_part(record.options, len(saved)) is not None:
            return _told(Story(date, you, "", "", record.status), record, _read_back)
    whole = Story(
        date,
        you,
        "",
        "",
        record.status,
        _english(_variant, record),
        told_variant=_variant(record),
        told_you=you_told,
    )
    return _told(whole, record, _result, record, people, names)


T = TypeVar("T")


def _english(say: Callable[..., T], *args: Any) -> T:
    with language("en"):
        return say(*args)


def _told(story: Story, bots: SessionRecord | None, result: Callable[..., str], *args: Any) -> Story:
    """``story`` with ``bots``' levels (none for a record that cannot be read) and ``result(*args)``, said in
    English (the facts) and in the table's language."""
    from dataclasses import replace

    return replace(
        story,
        against=_english(_against, bots) if bots is not None else "",
        result=_english(result, *args),
        told_against=_against(bots) if bots is not None else "",
        told_result=result(*args),
    )


def _unreadable(problem: object) -> str:
    return tr("unreadable: {problem}", problem=problem)


def _read_back() -> str:
    return tr("unfinished, read back in part")


def said_label(record: SessionRecord) -> str:
    """The game's options as the table's language says them (``game.describe``), else the label saved with it
    (in English)."""
    from ai.games import get

    try:
        game = get(record.game)
        return str(game.describe(game.config_from_dict(record.config)))
    except (KeyError, TypeError, ValueError):
        return record.label


def _variant(record: SessionRecord) -> str:
    """The game's own words for its options (``TableGame.variant``), else the label saved with the game."""
    from ai.games import get

    try:
        game = get(record.game)
        return game.variant(game.config_from_dict(record.config))
    except (KeyError, TypeError, ValueError):
        return record.label


def _seat_names(game: str) -> tuple[str, ...]:
    from ai.games import get

    try:
        return tuple(get(game).info.seat_names)
    except KeyError:
        return ()


def _name(spec: Any, seat: int, seat_names: tuple[str, ...], say: Callable[[str], str] = str) -> str:
    """The seat's name: typed at the table, else the game's name for the seat (``say``: in the table's
    language)."""
    typed = typed_name(spec)
    if typed is not None:
        return typed
    return say(seat_names[seat]) if seat < len(seat_names) else f"seat {seat + 1}"


def _against(record: SessionRecord) -> str:
    bots = [str(spec) for spec in record.seats if not is_human(spec)]
    if bots == ["automaton"] and "difficulty" in record.config:
        return tr("automaton, difficulty {n}", n=record.config["difficulty"])
    counts = Counter(bots)
    return ", ".join(level if n == 1 else f"{n} × {level}" for level, n in counts.items())


def _result(record: SessionRecord, people: list[int], names: list[str]) -> str:
    if record.status == "playing":
        return ptr("result", "unfinished")
    if record.status == "abandoned":
        return ptr("result", "abandoned")
    if record.status != "over":
        return record.status
    winners = record.summary.get("winners")
    if not isinstance(winners, list):  # a game saved before the winners' seats were: match the names
        said = {name.strip() for name in (record.winner or "").split(",") if name.strip()}
        winners = [seat for seat, name in enumerate(names) if name in said]
    if not winners:
        return ptr("result", "draw")
    if len(people) != 1:
        return tr("{winner} won", winner=record.winner) if record.winner else ptr("result", "over")
    if people[0] not in winners:
        return ptr("result", "lost")
    return ptr("result", "won") if len(winners) == 1 else ptr("result", "draw")
