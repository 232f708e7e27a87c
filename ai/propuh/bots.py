"""Heuristic Propuh players as ordered, explained priority rules.

``granny_rules`` plays Granny from her own hand and the public board, in solo (against the automaton) and in
the two-player game. It never sees the deck or Propuh's hand: it decides from its observation alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.propuh.cards import GRANNY, KINDS, MAXIMA, PROPUH, Card, Loc, stronger
from ai.propuh.observation import PropuhObservation
from ai.propuh.rules import Action, MoveFigurine, Play, Remove
from ai.rules import Rule, RuleList, RulePlayer

#: Green tokens Granny's goals need per location.
GREEN_NEEDED = (2, 3, 2)


def _plays(legal: Sequence[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


def _green_missing(obs: PropuhObservation, loc: Loc) -> int:
    return max(0, GREEN_NEEDED[loc] - obs.tokens[GRANNY][loc])


def _threat(obs: PropuhObservation, loc: Loc) -> bool:
    """Whether one more Propuh token on ``loc`` would hurt Granny (a goal of Propuh's or her clean stove)."""
    red = obs.tokens[PROPUH][loc]
    if red >= MAXIMA[PROPUH][loc]:
        return False
    return loc == Loc.STOVE or red < 2


def _clean(obs: PropuhObservation, legal: Sequence[Action]) -> Action | None:
    return Remove(True) if Remove(True) in legal else None


def _figurine(obs: PropuhObservation, legal: Sequence[Action]) -> Action | None:
    moves = [a for a in legal if isinstance(a, MoveFigurine)]
    if not moves:
        return None
    red = obs.tokens[PROPUH]

    def worth(loc: Loc) -> tuple[int, int]:
        return (red[loc] + (2 if loc == Loc.STOVE and red[loc] else 0), loc == Loc.STOVE)

    best = max(moves, key=lambda m: worth(m.loc))
    return best if worth(best.loc) > worth(obs.figurine) else None


def _counter(obs: PropuhObservation, legal: Sequence[Action]) -> Action | None:
    u = obs.unresolved
    if u is None or u.owner != PROPUH or not _threat(obs, u.loc):
        return None
    counters = [p for p in _plays(legal) if p.loc == u.loc and stronger(p.card, u.card, u.loc)]
    if not counters:
        return None
    return min(counters, key=lambda p: (p.card.suit == p.loc, p.card.value))


def _safe_strength(obs: PropuhObservation, card: Card, loc: Loc) -> int:
    """How many unseen cards could counter ``card`` on ``loc`` (fewer is safer)."""
    return sum(n for other, n in zip(KINDS, obs.unseen, strict=True) if n and stronger(other, card, loc))


def _needed_trump(obs: PropuhObservation, legal: Sequence[Action]) -> Action | None:
    options = [p for p in _plays(legal) if p.card.suit == p.loc and _green_missing(obs, p.loc)]
    if not options:
        return None
    return min(options, key=lambda p: (_safe_strength(obs, p.card, p.loc), -_green_missing(obs, p.loc)))


def _needed(obs: PropuhObservation, legal: Sequence[Action]) -> Action | None:
    options = [p for p in _plays(legal) if _green_missing(obs, p.loc)]
    if not options:
        return None
    return min(options, key=lambda p: (_safe_strength(obs, p.card, p.loc), -_green_missing(obs, p.loc)))


def _dump(obs: PropuhObservation, legal: Sequence[Action]) -> Action | None:
    plays = _plays(legal)
    if not plays:
        return legal[0] if legal else None
    return min(plays, key=lambda p: (p.card.value, p.card.suit == p.loc, p.loc))


def granny_rules() -> RuleList[PropuhObservation, Action]:
    return RuleList(
        title="Granny (heuristic)",
        rules=(
            Rule("1", "clean", "At the end of a round, always let the figurine remove a Propuh token.", _clean),
            Rule(
                "2",
                "figurine",
                "At the start of a round, move the figurine to the location with the most Propuh tokens "
                "(the Stove first: it must end clean).",
                _figurine,
            ),
            Rule(
                "3",
                "counter",
                "If Propuh's card would place a token that hurts, beat it there with the weakest card that does.",
                _counter,
            ),
            Rule(
                "4",
                "trump where needed",
                "Play a card on its own location where Granny still needs tokens; pick the one "
                "fewest unseen cards could beat.",
                _needed_trump,
            ),
            Rule(
                "5",
                "where needed",
                "Otherwise play where Granny still needs tokens, the card fewest unseen cards could beat.",
                _needed,
            ),
            Rule("6", "dump", "Otherwise play the lowest card, off its own location.", _dump),
        ),
    )


def granny(noise: float = 0.0, name: str = "normal") -> RulePlayer[PropuhObservation, Action]:
    return RulePlayer(name, granny_rules(), noise=noise)
