"""The search's model of the players, written once over the engine: each seat plays its quick rule list
(``ai.propuh.bots.card``: Granny's rules without the solo look-ahead, Propuh's rules in the two-player game) on
the engine itself, with a small chance of a random move for variety; in solo Propuh is the automaton, which is
public and draws nothing.

The seat the search plays against (not ``own``, the searching seat) plays the choices it was seen making from
its public record (the session's games added: ``ai.habits``), shrunk toward its rules: facing an unresolved card
of the other seat it counters (the weakest card that does) or lets it stand, and leading it plays low (value 1
or 2) or high, each with ``ai.habits.habit`` over its counts; then, among the plays that keep that choice, a
card on its own suit's location or off it, the same way; its rules pick among what is left. The record read is
the one at the root of the search (``seen``), not the play-out's own plays."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import attrgetter

from ai import rng as seeded
from ai.habits import Counts, habit
from ai.propuh.bots.automaton import automaton_rules
from ai.propuh.bots.card import propuh_rules, quick_granny_rules
from ai.propuh.components import GRANNY, PROPUH
from ai.propuh.engine import Engine, legal_actions
from ai.propuh.observation import SeatView
from ai.propuh.state import (
    COUNTERED,
    COUNTERS,
    LED_HIGH,
    LED_LOW,
    LET_STAND,
    LOW,
    OFF_SUIT,
    ON_SUIT,
    OVER,
    PLAY,
    Action,
    Play,
    PropuhConfig,
    Record,
)
from ai.rules import RuleList

#: A rule list's conditions in order: each returns its action, or None when it does not apply.
Choices = tuple[Callable[[SeatView, Sequence[Action]], Action | None], ...]

#: The play-outs' chance of a random move.
PLAYOUT_NOISE = 0.1

#: The lowest value first (the weakest counter), read in C.
_VALUE = attrgetter("card.value")


class PlayOut:
    """The play-out policy on an engine: ``policy`` for the seat to move (a forced move at once, a random move
    with chance ``noise``, else the seat's quick rules), ``automaton`` for solo Propuh, ``simulate`` for a
    whole play-out from a leaf of the search's tree."""

    def __init__(self, config: PropuhConfig, noise: float = PLAYOUT_NOISE) -> None:
        self.solo = config.solo
        self.noise = noise
        self.granny = _choices(quick_granny_rules())
        self.propuh = _choices(automaton_rules(config) if config.solo else propuh_rules())
        self.automata = _choices(automaton_rules(config))
        #: Per seat, the record its plays are drawn from (``watch``): the other seat's at the search's root,
        #: None for the searching seat and for a seat with no counts (the rules alone play it). Read once a
        #: search, not at each decision of its play-outs.
        self.watched: tuple[Counts | None, Counts | None] = (None, None)

    def watch(self, seat: int, record: Record) -> None:
        """The search of ``seat`` starts from an observation with ``record``."""
        other = 1 - seat
        watched = record[other] if any(record[other]) else None
        self.watched = (watched, None) if other == GRANNY else (None, watched)

    def policy(self, e: Engine, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        noise = self.noise
        if noise and rng.random() < noise:
            return seeded.choice(rng, legal)
        playing = e.phase == PLAY
        seat = e.plays % 2
        record = self.watched[seat] if playing else None
        if record is not None:
            kept = seen_doing(e, legal, rng, record)
            if kept:
                legal = kept
                if len(legal) == 1:
                    return legal[0]
        # Propuh's rules when he plays, else Granny's (her cards and the removal); ``_first`` inline: every move
        for choose in self.propuh if playing and seat == PROPUH else self.granny:
            action = choose(e, legal)
            if action is not None:
                return action
        raise RuntimeError("no rule applies")

    def automaton(self, e: Engine, legal: Sequence[Action], rng: random.Random) -> Action:
        return _first(self.automata, e, legal)

    def simulate(self, e: Engine, rng: random.Random) -> tuple[float, float]:
        """Play ``e`` to its end in place; each seat's share of the win."""
        solo = self.solo
        policy = self.policy
        while e.phase != OVER:
            legal = legal_actions(e)
            if solo and e.phase == PLAY and e.plays % 2 == PROPUH:
                e.apply(_first(self.automata, e, legal))
            else:
                e.apply(policy(e, legal, rng))
        return (1.0, 0.0) if e.winner == GRANNY else (0.0, 1.0)


def seen_doing(e: Engine, legal: Sequence[Action], rng: random.Random, record: Sequence[int]) -> list[Play]:
    """The plays of ``legal`` that keep the choices drawn from the mover's ``record`` (the module's docstring);
    empty: the rules decide among all (no counts, the draw fell to the rules, no play keeps the choice, or
    ``legal`` holds the figurine's moves, which it lists last: ``ai.propuh.engine.legal_actions``)."""
    if type(legal[-1]) is not Play:
        return []
    plays: Sequence[Play] = legal  # type: ignore[assignment]
    prior = e.unresolved
    if prior is not None and prior.owner != e.plays % 2:
        counter = habit(rng, record[COUNTERED], record[LET_STAND])
        if counter is None:
            return []
        beats = COUNTERS[prior.loc][prior.card.kind]
        if counter:
            counters = [p for p in plays if p in beats]
            return [min(counters, key=_VALUE)] if counters else []
        plays = [p for p in plays if p not in beats]
    else:
        low = habit(rng, record[LED_LOW], record[LED_HIGH])
        if low is None:
            return []
        plays = [p for p in plays if (p.card.value <= LOW) == low]
    if not plays:
        return []
    trump = habit(rng, record[ON_SUIT], record[OFF_SUIT])
    if trump is not None:
        plays = [p for p in plays if p.trump == trump] or plays
    return plays


def _choices(rules: RuleList[SeatView, Action]) -> Choices:
    return tuple(rule.choose for rule in rules.rules)


def _first(choices: Choices, e: Engine, legal: Sequence[Action]) -> Action:
    """The action of the first rule that applies: ``RuleList.first`` without its account of which rule
    decided (a play-out explains nothing)."""
    for choose in choices:
        action = choose(e, legal)
        if action is not None:
            return action
    raise RuntimeError("no rule applies")
