"""Prohis's rules over immutable states, the protocol layer (spec: ``shared/rules/prohis.md``): each function
loads the snapshot into the one engine (``ai.prohis.engine``, where every rule is written), plays there and
snapshots the result. The state, actions and card counts are ``ai.prohis.state``; the final count
``ai.prohis.score``.

A turn is one of: draw (one or two display cards, or one display card then the pile's top, or the pile's top),
a convoy of 2–4 hand cards face down, or a pass. After a convoy each opponent, clockwise from the active
player, may commit a controller; the highest rank inspects; the active player may offer a bribe; the inspector
accepts or refuses it (with no bribe: inspects or declines); an inspection turns the convoy's cards over one at a
time, up to the controller's rank.

At a physical table people's cards are physical: the hands of the seats in ``untracked`` (people) are ``UNKNOWN`` cards to the
tool. A person's convoy is typed as a count (``convoy 3``) and stays face down; when one of its cards is turned
over the person types what it shows. When play is over each person then types their warehouse and hand
(``Phase.COUNT``, ``ai.prohis.score``), and the end names every player's points and the winner. Two ways to
run the shared deck (``ProhisConfig.physical``):

- dealer mode: the state holds the shuffled deck and every hand, people's too (a person's hidden cards never
  lie at the table, where taking them from a supply sorted by type would show their types to everyone; the
  person looks with ``hand`` and types cards by their letters).
- physical mode: the deck is real. Cards dealt to or drawn by a bot, and each new display card, are typed in:
  while such a card is awaited ``to_move`` returns ``CHANCE``.

Ruling: the table chooses who starts (``--first``, ``ProhisConfig.first``; the rulebook: "un premier joueur est
désigné"); when it names nobody the tool draws one from the seed, the same draw either way, so the deal does not
change.
Ruling (spec): between controllers of equal rank the one nearest clockwise from the active player inspects.
Ruling (spec): an inspector who declines without a bribe puts his controller in his own warehouse.
Ruling (spec): pass is allowed once the draw pile is empty or when nothing else is possible (option
``pass_any_time``).
Ruling: opponents decide on a controller one at a time, clockwise from the active player, each seeing the
controllers already committed (at a real table they speak in turn); every opponent is asked, even one whose
hand holds no controller (its only answer is no): skipping it would tell the table what that hand holds.
Ruling: a person inspector chooses each face-down convoy card to turn over by its place in the row (``turn 2``,
counted from the left), one at a time until the inspection stops; with one card left face down there is no
choice. A bot inspector turns them in an order the tool draws at random when the convoy is laid (face-down
cards look alike to it); the tool names the position ("the 2nd card from the left"). An inspection turns cards
until it stops or reaches the controller's rank: stopping sooner is no choice worth asking, as a card not turned
can only let the convoy pass, which is what stopping does.
Ruling: when drawing from the pile and the display in one turn, the pile's card is the last pick (the display
card first, so a refill can be seen before choosing).
Ruling: a card that goes back into a person's hand at a physical table is forgotten by the tool (it becomes
``UNKNOWN``): a person's hand is never tracked card by card.
"""

from __future__ import annotations

from ai.prohis import engine
from ai.prohis.components import KINDS, LIEUTENANT, SLOTS, points_text
from ai.prohis.engine import (
    Engine,
    can_draw,
    can_pass,
    check,
    due,
    face_down,
    known_counts,
    lay,
    legal_actions,
    may_commit,
    ordinal,
    pool,
    sub_multisets,
    to_move,
    total_cards,
    unseen_seats,
)
from ai.prohis.score import bonuses, end_event, points
from ai.prohis.state import (
    ACCEPT,
    BRIBE,
    COMMIT,
    CONVOY,
    DEAL,
    DECLINE,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    NOBODY,
    PASS,
    PILE,
    REFUSE,
    REVEAL,
    STOP,
    TAKE,
    TURN_OVER,
    ZERO,
    Act,
    Counts,
    Phase,
    ProhisConfig,
    ProhisState,
    add,
    cards_of,
    cards_text,
    counts_of,
    minus,
    plus,
    replace,
    short,
)
from ai.protocol import Event, Result
from ai.words import listing, tr

#: The rules' public API: what the game, its players, notation and tests read.
__all__ = [
    "ACCEPT",
    "BRIBE",
    "COMMIT",
    "CONVOY",
    "DEAL",
    "DECLINE",
    "INSPECT",
    "KINDS",
    "LIEUTENANT",
    "NOBODY",
    "NO_BRIBE",
    "NO_COMMIT",
    "PASS",
    "PILE",
    "REFUSE",
    "REVEAL",
    "SLOTS",
    "STOP",
    "TAKE",
    "TURN_OVER",
    "ZERO",
    "Act",
    "Counts",
    "Phase",
    "ProhisConfig",
    "ProhisState",
    "add",
    "apply",
    "apply_count",
    "can_draw",
    "can_pass",
    "cards_of",
    "cards_text",
    "check",
    "counts_of",
    "due",
    "end_event",
    "face_down",
    "initial_state",
    "known_counts",
    "lay",
    "legal_actions",
    "may_commit",
    "minus",
    "ordinal",
    "plus",
    "pool",
    "replace",
    "result_of",
    "score",
    "short",
    "sub_multisets",
    "to_move",
    "total_cards",
    "unseen_seats",
]

score = points


def initial_state(config: ProhisConfig, seed: int) -> ProhisState:
    return Engine.new(config, seed).snapshot()


def apply(state: ProhisState, act: Act, events: list[Event] | None = None) -> ProhisState:
    """The state after ``act`` (assumed legal: ``check`` first); sentences for people go to ``events``."""
    e = Engine.load(state, events)
    e.apply(act)
    if events is None:  # nothing to tell: the arena's and the search's step
        return e.snapshot()
    return _after(state, e)


def apply_count(
    state: ProhisState, warehouse: Counts, hand: Counts, events: list[Event] | None = None
) -> ProhisState:
    """The state after the seat counted now (``engine.counting``) named its cards."""
    e = Engine.load(state, events)
    e.count(warehouse, hand)
    return _after(state, e)


def _after(before: ProhisState, e: Engine) -> ProhisState:
    """The engine's snapshot; when play has just ended, the final count told (``score.end_event``)."""
    after = e.snapshot()
    if e.events is not None and after.phase == Phase.OVER and before.phase != Phase.OVER:
        e.events.append(end_event(after, counted=before.phase == Phase.COUNT))
    return after


def result_of(state: ProhisState) -> Result:
    """The winners by the final count (every card named: after ``Phase.COUNT``)."""
    name = state.config.name
    if engine.unseen_seats(state):
        raise ValueError("cards not seen by the tool are still to be counted")
    extra = bonuses(state.config)
    scores = tuple(
        float(points(state.hands[s], state.warehouses[s], state.config.seed_values) + extra[s])
        for s in range(state.n)
    )
    best = max(scores)
    winners = tuple(s for s in range(state.n) if scores[s] == best)
    who = listing(name(s) for s in winners)
    table = ", ".join(f"{name(s)} {points_text(int(scores[s]))}" for s in range(state.n))
    if len(winners) > 1:
        return Result(winners, tr("{names} share the win ({table}).", names=who, table=table), scores)
    return Result(winners, tr("{name} wins ({table}).", name=who, table=table), scores)
