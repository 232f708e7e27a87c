"""Potra Bash behind the protocol: the table's immutable states are snapshots of the engine
(``ai.potra_bash.engine``, where every rule is written). ``apply`` plays the move on an engine holding the
snapshot (the engine the snapshot was taken from, while that has made no other move; otherwise one loaded
from it) and takes a snapshot after; nothing here decides a rule, it only translates.

Two ways to sit at the table (``PotraConfig.physical``):

- dealer mode: the state holds the shuffled deck; the tool deals and draws for everyone.
- physical mode: the deck is real. The hands of the seats in ``untracked`` (people) stay unknown until a card
  is played; the cards the other seats (bots) are dealt or draw, and each new centre card, are typed in: while
  such a card is awaited, ``to_move`` returns ``CHANCE`` and the legal actions are ``Draw(value)``. Several
  cards typed on one line are a ``Deal``: the cards due to one seat, typed one after the other.

An action is ``Play(value)``, ``PASS``, ``TOP`` (the automa's top card), ``Take(value, owner)``, ``Draw(value)`` or ``Deal(values)``; the
engine's moves are plain ints (``LAP_ACTIONS``, ``TAKES`` and ``DRAWS`` translate).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ai.potra_bash import engine, steps
from ai.potra_bash.components import CARD_CODES, CARDS, VALUES
from ai.potra_bash.engine import OVER, PLAY, Engine, Move
from ai.potra_bash.notation import check
from ai.potra_bash.score import PileScore, ranking, score_pile
from ai.potra_bash.state import (
    ACTIONS,
    CENTRE,
    CODES,
    FIELDS,
    MADE,
    NEXT_START,
    PACKED_FIELDS,
    PASS,
    SEAT,
    SOURCE,
    TOP,
    TRIPLES,
    TURNED,
    Action,
    Deal,
    Draw,
    Moves,
    Pass,
    Phase,
    Play,
    PlayTop,
    PotraConfig,
    PotraState,
    Take,
    tally_of,
)
from ai.protocol import Event, Result

#: Re-exported: the state and actions (``ai.potra_bash.state``), ``check`` (``ai.potra_bash.notation``),
#: ``score_pile`` and ``ranking`` (``ai.potra_bash.score``) are imported from this module across the project.
__all__ = [
    "CENTRE",
    "NEXT_START",
    "PASS",
    "TOP",
    "TRIPLES",
    "TURNED",
    "Action",
    "Deal",
    "Draw",
    "Pass",
    "Phase",
    "Play",
    "PlayTop",
    "PotraConfig",
    "PotraState",
    "Take",
    "check",
    "ranking",
    "score_pile",
]

# -- the engine's moves as the table's actions, each made once --

#: The actions of a lap (a play by its value, the pass), of the picks and of typed cards, by engine move.
LAP_ACTIONS: dict[Move, Action] = {engine.PASS: PASS, engine.TOP: TOP, **{v: Play(v) for v in VALUES}}
#: ``TAKES`` by the card's code (``CARDS``).
TAKES: list[Action] = [Take(value, owner) for owner, value in CARDS]
DRAWS: dict[Move, Action] = {v: Draw(v) for v in VALUES}


# -- snapshots --


def load(state: PotraState) -> Engine:
    """An engine holding ``state`` (the snapshot is not changed by what the engine does after)."""
    game = Engine.__new__(Engine)
    game.phase = Phase(state.phase)  # the member itself: the engine compares phases by identity
    moves = state.moves
    packed = moves[FIELDS:] if moves is not None else [getattr(state, name) for name in PACKED_FIELDS]
    (
        game.config,
        game.round,
        game.lap,
        game.starter,
        game.acted,
        hands,
        game.hidden,
        game.deck,
        game.deck_size,
        game.removed,
        game.centre,
        game.field,
        piles,
        game.picker,
        game.centre_winner,
        game.pending,
        game.plays,
        record,
    ) = packed
    if moves is None:  # the state's own fields as the engine keeps them: its tally, its field coded
        game.tally = tally_of(record)
        game.field = tuple([CARD_CODES[owner][value] for owner, value in reversed(state.field)])
    else:
        game.tally = record
    game.hands = list(hands)
    game.piles = list(piles)
    game.n = game.config.players
    game.choices = None
    game.log = None
    game.made = 0
    return game


def snapshot(game: Engine) -> PotraState:
    """The table's state for the engine as it stands: its phase, and its ``moves`` (``ai.potra_bash.state.Moves``):
    the seat to move and the legal actions, the engine and its count of moves, then the other fields in
    ``PACKED_FIELDS`` order (``PotraState`` unpacks them when one is read)."""
    seat, legal = game.turn()
    phase = game.phase
    if game.pending:
        actions = tuple(map(DRAWS.__getitem__, legal))
    elif phase is PLAY:
        try:
            actions = _LAP_LISTS[legal]  # a lap's moves: one of a few dozen tuples
        except KeyError:
            actions = _LAP_LISTS[legal] = tuple(map(LAP_ACTIONS.__getitem__, legal))
    else:
        actions = tuple(map(TAKES.__getitem__, legal))  # picks
    state = _new_state(PotraState)
    moves = (
        seat,
        actions,
        legal,
        game,
        game.made,
        game.config,
        game.round,
        game.lap,
        game.starter,
        game.acted,
        tuple(game.hands),
        game.hidden,
        game.deck,
        game.deck_size,
        game.removed,
        game.centre,
        game.field,
        tuple(game.piles),
        game.picker,
        game.centre_winner,
        game.pending,
        game.plays,
        game.tally,
    )
    _set_fields(state, {"phase": phase, "moves": moves})
    return state


#: Makes a new snapshot (``object.__new__``, read once).
_new_state = object.__new__
#: Sets a new snapshot's ``__dict__`` in one call (the frozen dataclass refuses its attributes one by one), a
#: dict built whole, whose later reads are the cheapest.
_set_fields = vars(PotraState)["__dict__"].__set__


#: The actions of each list of lap moves (``snapshot``).
_LAP_LISTS: dict[tuple[Move, ...], tuple[Action, ...]] = {}


def _moves(state: PotraState) -> Moves:
    moves = state.moves
    if moves is None:
        moves = snapshot(load(state)).moves
        assert moves is not None
        state.__dict__["moves"] = moves  # a cache: the frozen fields are untouched
    return moves


# -- the protocol --


def initial_state(config: PotraConfig, seed: int) -> PotraState:
    return snapshot(Engine.deal(config, seed))


def is_over(state: PotraState) -> bool:
    return state.phase is OVER


def to_move(state: PotraState) -> int:
    moves = state.moves
    # ``Moves`` is one flat tuple of mixed entries (``tuple[Any, ...]``): mypy cannot know this one is an int
    return (_moves(state) if moves is None else moves)[SEAT]  # type: ignore[no-any-return]


def legal_actions(state: PotraState) -> tuple[Action, ...]:
    moves = state.moves
    # ``Moves`` is one flat tuple of mixed entries (``tuple[Any, ...]``): mypy cannot know this one's type
    return (_moves(state) if moves is None else moves)[ACTIONS]  # type: ignore[no-any-return]


def apply(state: PotraState, action: Action, events: list[Event] | None = None) -> PotraState:
    """The state after ``action``; raises ``ValueError`` (``check``'s reason) for an illegal one. Appends what
    happened to ``events`` when given."""
    moves = state.moves
    if moves is None:
        moves = _moves(state)
    actions = moves[ACTIONS]
    codes = moves[CODES]
    game: Engine = moves[SOURCE]
    if game.made != moves[MADE]:  # the engine has moved on since the snapshot was taken
        game = load(state)
    for i, legal in enumerate(actions):
        if legal is action:  # the actions the table and the search pass back are these same objects
            if events is None:
                game.apply(codes[i])
                return snapshot(game)
            played: Sequence[Move] = (codes[i],)
            break
    else:
        if isinstance(action, Deal):
            why = check(state, action)
            if why is not None:
                raise ValueError(why)
            played = action.values
        elif action in actions:
            played = (codes[actions.index(action)],)
        else:
            raise ValueError(check(state, action) or "that is not possible now")
    if events is None:
        for move in played:
            game.apply(move)
        return snapshot(game)
    log: list[tuple[object, ...]] = []
    game.log = log
    for move in played:
        game.apply(move)
    game.log = None
    events.extend(steps.events(state.config, log))
    return snapshot(game)


def scores(state: PotraState) -> tuple[PileScore, ...]:
    """Each seat's final count: its pile, and an automa's handicap points."""
    config = state.config
    return tuple(score_pile(p, config.triples, config.handicap(s)) for s, p in enumerate(state.piles))


def result(state: PotraState) -> Result:
    if state.phase != Phase.OVER:
        raise ValueError("the game is not over")
    s = scores(state)
    winners, reason = ranking(s)
    return Result(winners, reason, tuple(float(p.total) for p in s))


# -- what the table can count --


def public_counts(state: PotraState) -> Counter[int]:
    """Cards every player has seen face up: the centre card, the field and every scoring pile."""
    return Counter(engine.face_up(state.field, state.piles, state.centre))


def unknown_counts(state: PotraState) -> dict[int, int]:
    """Per value: copies the tool cannot place (the deck, hidden hands, cards put away, typed cards to come)."""
    return engine.unknown(state.n, state.hands, state.field, state.piles, state.centre)


def eligible(state: PotraState, seat: int) -> set[tuple[int, int]]:
    """The field cards ``seat`` may take now, (owner, value): another player's while one remains."""
    return engine.eligible(state.field, seat)
