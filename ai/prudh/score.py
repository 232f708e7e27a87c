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

from ai.prudh.components import DARK, LIGHT, PIECES, PIT_POINTS, SEAT_NAMES, VARIANTS
from ai.text import plural


class FirstNeeded(ValueError):
    """A tie, and who moved first not said: the tie goes to the player who moved second."""


@dataclass(frozen=True, slots=True)
class ScoreCheck:
    captured: tuple[int, int]
    last_mover: int
    bonus: int
    final: tuple[int, int]
    winner: int
    reason: str

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
        raise ValueError(f"unknown variant {variant!r}; choose from {', '.join(VARIANTS)}")
    if last_mover not in (DARK, LIGHT):
        raise ValueError("the last mover is dark or light")
    if min(dark, light, tallest, pit) < 0:
        raise ValueError("counts cannot be negative")
    if pit and variant != "tomio":
        raise ValueError("only Tomío has a pit")
    # with ``stack`` a capture scores h but still removes the capturing piece: a side that scored made a capture
    unscored = (dark > 0) + (light > 0) if capture_points == "stack" else 0
    if dark + light + unscored + tallest + pit > PIECES:
        pieces = f" and at least {plural(unscored, 'capturing piece')}" if unscored else ""
        raise ValueError(
            f"{dark} + {light} captured{pieces}, a stack of {tallest} and a pit of {pit} make more than "
            f"{PIECES} pieces"
        )
    if capture_points == "all":
        for seat, points in ((DARK, dark), (LIGHT, light)):
            if points == 1:
                raise ValueError(f"{SEAT_NAMES[seat]} cannot have exactly 1: every capture scores at least 2")
    # a run always captures: without one, no piece changed colour
    if dark == light == 0 and tallest > PIECES // 2:
        raise ValueError(
            f"with nothing captured no run was made, so no piece left its own colour's {PIECES // 2}: the "
            f"tallest stack is at most {PIECES // 2}, not {tallest}"
        )
    # every move was then a slide, and the last one merged two stacks on the last mover's own colour
    if dark == light == 0 and tallest < 2:
        raise ValueError(
            f"with nothing captured every move was a slide, and the last one left a stack of at least 2 on the "
            f"last mover's colour: the tallest stack is at least 2, not {tallest}"
        )
    if tallest == 0 and variant == "ordinary":
        raise ValueError("under Ordinary the last mover always keeps a stack on their own colour")
    bonus = tallest + pit * PIT_POINTS
    final = [dark, light]
    final[last_mover] += bonus
    if final[0] != final[1]:
        winner = DARK if final[0] > final[1] else LIGHT
        how = "the higher score"
    else:
        if first is None:
            raise FirstNeeded(
                f"a tie at {final[0]}: it goes to the player who moved second; say who moved first"
            )
        winner = 1 - first
        how = "a tie, won by the player who moved second"
    pit_text = f" + pit {pit}" if pit else ""
    reason = (
        f"{SEAT_NAMES[last_mover]} moved last: {final[last_mover] - bonus} + tallest {tallest}{pit_text}"
        f" = {final[last_mover]}; Dark {final[0]}, Light {final[1]}: {how}"
    )
    return ScoreCheck((dark, light), last_mover, bonus, (final[0], final[1]), winner, reason)
