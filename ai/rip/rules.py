"""RIP's rules behind the game protocol, over immutable states (``RipState``): each a snapshot of the engine
(``ai.rip.engine``, where every rule is written). ``apply`` copies the snapshot into an engine, plays the action on
it and makes it a new snapshot; the reads are the engine's own methods, called on the snapshot; nothing here
decides a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import attrgetter

from ai.rip.effects import card_values, round10_tables, totals
from ai.rip.engine import Engine, RipState, advance, snapshot
from ai.rip.score import outcome
from ai.rip.state import (
    END,
    SKIP,
    TERMINAL,
    Action,
    Blind,
    Card,
    Down,
    Draw,
    G,
    Ghost,
    InPlay,
    Item,
    P,
    Phase,
    Psychic,
    Reveal,
    RipConfig,
    Side,
    Turn,
    replace,
)

#: The rules' public API: what the game, its players, notation and tests read.
__all__ = [
    "END",
    "SKIP",
    "TERMINAL",
    "Action",
    "Blind",
    "Card",
    "Down",
    "Draw",
    "G",
    "Ghost",
    "InPlay",
    "Item",
    "P",
    "Phase",
    "Psychic",
    "Reveal",
    "RipConfig",
    "RipState",
    "Side",
    "Turn",
    "apply",
    "card_values",
    "check",
    "drawing_seat",
    "ghost_count",
    "initial_state",
    "is_over",
    "legal_actions",
    "make_state",
    "may_play",
    "outcome",
    "replace",
    "round10_tables",
    "state_totals",
    "to_move",
    "totals",
]


def initial_state(config: RipConfig, seed: int) -> RipState:
    return snapshot(Engine.deal(config, seed))


def make_state(**fields: object) -> RipState:
    """A state from its fields (``sides`` as ``Side`` objects), as a deal of the unseen cards builds one."""
    return snapshot(Engine.of(fields))


#: The seat to move (``CHANCE`` for a typed draw, ``TERMINAL`` once over): the engine's own, on the snapshot.
to_move = Engine.to_move


#: Whether the game is over: the snapshot's own flag, read by ``operator.attrgetter`` (no Python frame).
is_over: Callable[[RipState], bool] = attrgetter("over")


#: The legal actions: the engine's own, on the snapshot.
legal_actions = Engine.legal


#: The state after an action (``apply(state, action, events=None)``); appends what happened to ``events`` when
#: given. Raises ``IllegalError``.
apply = advance


def check(state: RipState, action: Action) -> None:
    """Raise ``IllegalError`` with a one-line reason if ``action`` cannot be played now."""
    state.engine().step(action)


def state_totals(state: RipState) -> tuple[int, int]:
    """Both sides' strength in the round being fought."""
    return state.totals()


def drawing_seat(state: RipState) -> int:
    """The seat whose typed draw is awaited (DRAW phase)."""
    return state.drawing_seat()


def may_play(state: RipState) -> bool:
    """Whether the mover may play a card now (card 14)."""
    return state.may_play(state.min_plays(state.mover))


def ghost_count(side: Side) -> Counter[int]:
    """Every ghost card a side's cards account for (hand, deck, face down, in play, played, discarded)."""
    counts: Counter[int] = Counter(side.hand)
    counts.update(side.deck)
    for cards in (side.down, tuple(x.card for x in side.table), side.played, side.discarded):
        counts.update(c.n for c in cards if not c.psychic)
    return counts
