"""RIP's hint: the strongest bot's move for a person's seat, and why, in plain words a player follows.

The reason reads the person's own view only (their observation: the totals, the token at stake, their own hand
and psychic cards): a hint never tells anything of the bot's hidden cards. The search weighs far more than it
can say, so the reason names what the move does for the person, never a rule's number or a win chance.
"""

from __future__ import annotations

import random

from ai.protocol import Decision
from ai.rip.bots.hard import HardPlayer
from ai.rip.components import ROUNDS, SEAT_NAMES, TOKEN_NAMES
from ai.rip.observation import RipObservation, observe
from ai.rip.rules import (
    END,
    SKIP,
    Action,
    Blind,
    Down,
    G,
    Ghost,
    InPlay,
    Phase,
    Psychic,
    RipState,
    Turn,
    legal_actions,
    totals,
)


def hint(state: RipState, seat: int, think: float) -> Decision[Action]:
    """The ``hard`` bot's move for ``seat``, with ``reason`` (see the module)."""
    observation = observe(state, seat)
    decision = HardPlayer(think=think).decide(observation, legal_actions(state), random.Random(0))
    return Decision(decision.action, reason=reason(observation, decision.action), value=decision.value)


def _totals(obs: RipObservation, added: int | None = None) -> tuple[int, int]:
    """(mine, theirs) now, or with a ghost of ``added`` played (every effect in play applied)."""
    mine = obs.own.table if added is None else (*obs.own.table, InPlay(G(added)))
    tables = (mine, obs.other.table) if obs.seat == 0 else (obs.other.table, mine)
    t = totals(tables, obs.config.catalogue())
    return t[obs.seat], t[1 - obs.seat]


def reason(obs: RipObservation, action: Action) -> str:
    """What ``action`` does for the seat of ``obs``, in one plain clause."""
    other = SEAT_NAMES[1 - obs.seat]
    if obs.phase == Phase.FACEDOWN:
        if action == SKIP:
            return "keep your cards in hand for the rounds to come"
        assert isinstance(action, Down)
        if action.card is not None and action.card.psychic:
            return f"psychic card {action.card.n} then counts in round 10, where the face-down cards fight"
        last = " (your hand has no other use now)" if obs.round >= ROUNDS else ""
        return f"face-down cards fight for the round-10 token: the higher total takes it{last}"
    if obs.phase != Phase.PLAY:
        return "the only way on"
    mine, theirs = _totals(obs)
    token = TOKEN_NAMES[obs.tokens[obs.round - 1]]
    if action == END:
        if mine > theirs:
            return f"you lead {mine} to {theirs}: keep your other cards, {other} must beat you"
        return f"let {other} have this {token} and keep your cards for the rounds to come"
    assert isinstance(action, Turn)
    item = action.items[0]
    need = theirs + 1 - mine
    if isinstance(item, Psychic):
        what = f"psychic card {item.number}" + (f" ({item.arg})" if item.arg is not None else "")
        return f"{what} helps you to the lead: you need {need} more to beat {theirs}"
    value = item.value if isinstance(item, Ghost) else None
    if isinstance(item, Blind) or value is None:
        return f"you need {need} more to beat {theirs}"
    after, _ = _totals(obs, value)
    if after > theirs:
        return f"it puts you ahead, {after} to {theirs}, for this {token}"
    return f"a first step: you need {need} more to beat {theirs} for this {token}"
