"""Checking a finished Prudh game counted by hand (``companion score prudh``).

At the end each player counts the pieces they captured; the player who moved last adds their tallest stack
standing on their own colour and, under Tomío, the pit. The higher total wins; a tie goes to the player who
moved second.

Ruling: a count that no game can produce is refused with the reason: more than 36 pieces in all, a pit in
a variant without one, a captured total of exactly 1 when a capture scores h + 1 (every capture scores at
least 2; with ``stack``, a capture scoring h still removes its capturing piece, so a side that scored removed
one piece more than it scored), a tallest stack under 2 with nothing captured (every move was a slide, and a
slide merges two stacks on the mover's colour), a last mover with no stack under Ordinary (a slide lands on the mover's colour, a run drops on it
or takes its extras back home), a stack of more than 18 with nothing captured (a run always captures, and a
slide keeps a stack on its colour, so without a run no piece left its own colour's 18), and a tie without
saying who moved first.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.prudh import components
from ai.prudh.components import DARK, LIGHT, PIECES, PIT_POINTS, SEAT_NAMES, VARIANTS
from ai.words import language, tr, trn


class FirstNeeded(ValueError):
    """A tie, and who moved first not said: the tie goes to the player who moved second."""


@dataclass(frozen=True, slots=True)
class ScoreCheck:
    captured: tuple[int, int]
    last_mover: int
    bonus: int
    final: tuple[int, int]
    winner: int
    #: how the winner was found, in English (``--json``'s field)
    reason: str
    #: the same in the table's language (the line ``companion score prudh`` prints)
    said: str

    def as_dict(self) -> dict[str, object]:
        return {
            "captured": {"dark": self.captured[0], "light": self.captured[1]},
            "last_mover": SEAT_NAMES[self.last_mover].lower(),
            "bonus": self.bonus,
            "scores": {"dark": self.final[0], "light": self.final[1]},
            "winner": SEAT_NAMES[self.winner].lower(),
            "winners": [SEAT_NAMES[self.winner].lower()],  # as every game's score says it
            "reason": self.reason,
        }


def check_score(
    variant: str,
    dark: int,
    light: int,
    last_mover: int,
    tallest: int,
    pit: int = 0,
    first: int | None = None,
    capture_points: str = "all",
) -> ScoreCheck:
    """The final scores and the winner from a count by hand; ``ValueError`` (one line) for an impossible count."""
    if variant not in VARIANTS:
        raise ValueError(
            tr(
                "unknown variant {variant!r}; choose from {choices}",
                variant=variant,
                choices=", ".join(VARIANTS),
            )
        )
    if last_mover not in (DARK, LIGHT):
        raise ValueError(tr("the last mover is dark or light"))
    if min(dark, light, tallest, pit) < 0:
        raise ValueError(tr("counts cannot be negative"))
    if pit and variant != "tomio":
        raise ValueError(tr("only Tomío has a pit"))
    # with ``stack`` a capture scores h but still removes the capturing piece: a side that scored made a capture
    unscored = (dark > 0) + (light > 0) if capture_points == "stack" else 0
    if dark + light + unscored + tallest + pit > PIECES:
        pieces = (
            trn(" and at least {n} capturing piece", " and at least {n} capturing pieces", unscored)
            if unscored
            else ""
        )
        raise ValueError(
            tr(
                "{dark} + {light} captured{pieces}, a stack of {tallest} and a pit of {pit} make more than "
                "{total} pieces",
                dark=dark,
                light=light,
                pieces=pieces,
                tallest=tallest,
                pit=pit,
                total=PIECES,
            )
        )
    if capture_points == "all":
        if dark == 1:
            raise ValueError(tr("Dark cannot have exactly 1: every capture scores at least 2"))
        if light == 1:
            raise ValueError(tr("Light cannot have exactly 1: every capture scores at least 2"))
    # a run always captures: without one, no piece changed colour
    if dark == light == 0 and tallest > PIECES // 2:
        raise ValueError(
            tr(
                "with nothing captured no run was made, so no piece left its own colour's {half}: the tallest "
                "stack is at most {half}, not {tallest}",
                half=PIECES // 2,
                tallest=tallest,
            )
        )
    # every move was then a slide, and the last one merged two stacks on the last mover's own colour
    if dark == light == 0 and tallest < 2:
        raise ValueError(
            tr(
                "with nothing captured every move was a slide, and the last one left a stack of at least 2 on "
                "the last mover's colour: the tallest stack is at least 2, not {tallest}",
                tallest=tallest,
            )
        )
    if tallest == 0 and variant == "ordinary":
        raise ValueError(tr("under Ordinary the last mover always keeps a stack on their own colour"))
    bonus = tallest + pit * PIT_POINTS
    final = [dark, light]
    final[last_mover] += bonus
    if final[0] != final[1]:
        winner = DARK if final[0] > final[1] else LIGHT
    else:
        if first is None:
            raise FirstNeeded(
                tr(
                    "a tie at {score}: it goes to the player who moved second; say who moved first",
                    score=final[0],
                )
            )
        winner = 1 - first

    def reason() -> str:
        return tr(
            "{seat} moved last: {captured} + tallest {tallest}{pit} = {total}; Dark {dark}, Light {light}: {how}",
            seat=components.seat(last_mover),
            captured=final[last_mover] - bonus,
            tallest=tallest,
            pit=tr(" + pit {pit}", pit=pit) if pit else "",
            total=final[last_mover],
            dark=final[0],
            light=final[1],
            how=tr("the higher score")
            if final[0] != final[1]
            else tr("a tie, won by the player who moved second"),
        )

    with language("en"):  # the facts of --json stay English
        english = reason()
    return ScoreCheck((dark, light), last_mover, bonus, (final[0], final[1]), winner, english, reason())
