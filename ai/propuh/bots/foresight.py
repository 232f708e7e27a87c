"""Granny's look one round ahead in solo: her rules 2 and 3 (``ai.propuh.bots.card``), read from her
observation at the table (the search's play-outs use her quick rules, without them).

Propuh's automaton is public, so Granny can say exactly where it would place each card it might draw; the cards
it might draw are the ones she has not seen (the deck and the two set aside), each equally likely. For every play
she weighs each possible draw, then her own best second card and every possible second draw, and scores the
board at the end of the round with ``board_value``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache, lru_cache

from ai.propuh.bots.automaton import automaton_rules
from ai.propuh.components import (
    BED,
    GRANNY,
    GREEN_NEEDED,
    KINDS,
    LOCS,
    MAXIMA,
    PROPUH,
    RED_NEEDED,
    STOVE,
    TABLE,
    Card,
    Loc,
    goals_done,
    stronger,
)
from ai.propuh.observation import PropuhObservation, SeatView
from ai.propuh.state import (
    Action,
    MoveFigurine,
    Play,
    Tokens,
    Unresolved,
)

#: ``board_value`` weights: per green token still counting toward a goal, per red token toward Propuh's door
#: and window goals (up to 2 each), per red token on the Stove or beyond 2 on the door or window.
GREEN_WEIGHT = 1.0
RED_WEIGHT = 0.6
OTHER_RED_WEIGHT = 0.3
WIN_VALUE = 100.0

#: A board as six counts: green Table, Stove, Bed, then red Table, Stove, Bed.
Board = tuple[int, int, int, int, int, int]
#: One value per place the figurine could stand (Table, Stove, Bed) at the end of the round.
Values = tuple[float, float, float]

_COUNTERED = 3  # an automaton outcome code: the drawn card countered Granny's card (else the location played)


def _placed(board: Board, owner: int, loc: Loc) -> Board:
    """``board`` with ``owner``'s token added on ``loc``, unless that location is full."""
    i = owner * 3 + loc
    if board[i] >= MAXIMA[owner][loc]:
        return board
    b = list(board)
    b[i] += 1
    return (b[0], b[1], b[2], b[3], b[4], b[5])


def board_value(board: Board, figurine: Loc) -> float:
    """How good the board is for Granny at the end of a round, after the figurine removes a red token."""
    green = board[0:3]
    red = list(board[3:6])
    if red[figurine]:
        red[figurine] -= 1
    granny, propuh = goals_done(green, red)
    if propuh:
        return -WIN_VALUE
    if granny:
        return WIN_VALUE
    counted = sum(min(n, need) for n, need in zip(green, GREEN_NEEDED, strict=True))
    door, window = RED_NEEDED[TABLE], RED_NEEDED[BED]
    toward = min(red[TABLE], door) + min(red[BED], window)
    other = red[STOVE] + max(0, red[TABLE] - door) + max(0, red[BED] - window)
    return GREEN_WEIGHT * counted - RED_WEIGHT * toward - OTHER_RED_WEIGHT * other


@cache  # at most 3*4*3 * 4*2*4 boards
def _values(board: Board) -> Values:
    return (board_value(board, TABLE), board_value(board, STOVE), board_value(board, BED))


@lru_cache(maxsize=4096)
def _automaton_outcomes(
    blank: PropuhObservation, granny: Unresolved | None, red: tuple[int, int, int], last: Loc
) -> tuple[int, ...]:
    """Per kind of card Propuh might draw: where the automaton plays it, or ``_COUNTERED``.

    Asks the automaton's own rules, on ``blank`` (an observation) with the hypothetical card drawn.
    """
    rules = automaton_rules(blank.config)
    outcomes = []
    for card in KINDS:
        hypo = dataclasses.replace(
            blank, drawn=card, unresolved=granny, tokens=((0, 0, 0), red), last_granny_loc=last
        )
        _, action = rules.first(hypo, [Play(card, loc) for loc in LOCS])
        if not isinstance(action, Play):
            raise TypeError("the automaton places the drawn card")
        countered = (
            granny is not None and action.loc == granny.loc and stronger(card, granny.card, action.loc)
        )
        outcomes.append(_COUNTERED if countered else int(action.loc))
    return tuple(outcomes)


class _Round:
    """Expected end-of-round values, over the cards Propuh might draw, with the automaton placing each."""

    def __init__(self, obs: PropuhObservation) -> None:
        # The automaton reads only the drawn card, Granny's card, the red tokens, where Granny last played
        # and the options: every other field is blanked so that the cache serves every game.
        self.blank = dataclasses.replace(
            obs,
            seat=PROPUH,
            to_move=PROPUH,
            round=0,
            plays=0,
            figurine=STOVE,
            figurine_moved=False,
            tokens=((0, 0, 0), (0, 0, 0)),
            unresolved=None,
            drawn=None,
            hand=(),
            hand_sizes=(0, 0),
            deck_size=0,
            seen=(),
            unseen=(),
            last_granny_loc=None,
            winner=None,
        )
        self.outcomes: dict[tuple[Unresolved | None, tuple[int, int, int], Loc], tuple[int, ...]] = {}

    def _outcomes(self, granny: Unresolved | None, red: tuple[int, int, int], last: Loc) -> tuple[int, ...]:
        key = (granny, red, last)
        outcomes = self.outcomes.get(key)
        if outcomes is None:
            outcomes = self.outcomes[key] = _automaton_outcomes(self.blank, granny, red, last)
        return outcomes

    def last_draw(
        self, board: Board, granny: Unresolved | None, unseen: Sequence[int], deck: int, last: Loc
    ) -> Values:
        """After Granny's last card of the round (``granny``, or None if it countered): Propuh's draw."""
        if deck <= 0:
            return _values(board if granny is None else _placed(board, GRANNY, granny.loc))
        outcomes = self._outcomes(granny, (board[3], board[4], board[5]), last)
        weights = [0, 0, 0, 0]
        for code, n in zip(outcomes, unseen, strict=True):
            weights[code] += n
        total = sum(weights)
        settled = board if granny is None else _placed(board, GRANNY, granny.loc)
        acc = [0.0, 0.0, 0.0]
        for code, w in enumerate(weights):
            if not w:
                continue
            values = _values(board if code == _COUNTERED else _placed(settled, PROPUH, LOCS[code]))
            for f in range(3):
                acc[f] += w * values[f]
        return (acc[0] / total, acc[1] / total, acc[2] / total)

    def second(
        self, board: Board, propuh: Unresolved | None, card: Card, loc: Loc, unseen: Sequence[int], deck: int
    ) -> Values:
        """Granny plays ``card`` on ``loc`` as her last card of the round, Propuh's ``propuh`` unresolved."""
        if propuh is not None and propuh.loc == loc and stronger(card, propuh.card, loc):
            return self.last_draw(board, None, unseen, deck, loc)
        if propuh is not None:
            board = _placed(board, PROPUH, propuh.loc)
        return self.last_draw(board, Unresolved(GRANNY, card, loc), unseen, deck, loc)

    def best_second(
        self, board: Board, propuh: Unresolved | None, hand: Sequence[Card], unseen: Sequence[int], deck: int
    ) -> Values:
        """Granny's best last card of the round, for each place of the figurine."""
        if not hand:
            return _values(board if propuh is None else _placed(board, PROPUH, propuh.loc))
        best = [-float("inf")] * 3
        for card in set(hand):
            for loc in LOCS:
                values = self.second(board, propuh, card, loc, unseen, deck)
                for f in range(3):
                    if values[f] > best[f]:
                        best[f] = values[f]
        return (best[0], best[1], best[2])

    def first(
        self, board: Board, hand: tuple[Card, ...], card: Card, loc: Loc, unseen: Sequence[int], deck: int
    ) -> Values:
        """Granny opens the round with ``card`` on ``loc``; then Propuh's draw, her best reply, his draw."""
        rest = list(hand)
        rest.remove(card)
        granny = Unresolved(GRANNY, card, loc)
        if deck <= 0:
            return _values(_placed(board, GRANNY, loc))
        outcomes = self._outcomes(granny, (board[3], board[4], board[5]), loc)
        left = list(unseen)
        total = 0
        acc = [0.0, 0.0, 0.0]
        for drawn, (n, code) in zip(KINDS, zip(unseen, outcomes, strict=True), strict=True):
            if not n:
                continue
            if code == _COUNTERED:
                after, propuh = board, None
            else:
                after, propuh = _placed(board, GRANNY, loc), Unresolved(PROPUH, drawn, LOCS[code])
            left[drawn.kind] -= 1
            values = self.best_second(after, propuh, rest, left, deck - 1)
            left[drawn.kind] += 1
            total += n
            for f in range(3):
                acc[f] += n * values[f]
        return (acc[0] / total, acc[1] / total, acc[2] / total)


def _board(tokens: Tokens) -> Board:
    green, red = tokens
    return (green[0], green[1], green[2], red[0], red[1], red[2])


@lru_cache(maxsize=256)
def _openings(obs: PropuhObservation) -> dict[Play, Values]:
    """Each opening play of the round with its expected values (the figurine does not change the sums)."""
    sim = _Round(obs)
    board = _board(obs.tokens)
    return {
        Play(card, loc): sim.first(board, obs.hand, card, loc, obs.unseen, obs.deck_size)
        for card in sorted(set(obs.hand))
        for loc in LOCS
    }


def _observation(view: SeatView) -> PropuhObservation:
    if not isinstance(view, PropuhObservation):
        raise TypeError("the look-ahead reads Granny's observation at the table")
    return view


def _looks_ahead(obs: PropuhObservation, legal: Sequence[Action]) -> bool:
    return obs.config.solo and bool(obs.hand) and any(isinstance(a, Play) for a in legal)


def _opening_key(obs: PropuhObservation) -> PropuhObservation:
    """The observation with what does not change the openings' values normalised, for the cache."""
    return dataclasses.replace(obs, figurine=TABLE, figurine_moved=False, to_move=GRANNY)


def plan_figurine(view: SeatView, legal: Sequence[Action]) -> Action | None:
    obs = _observation(view)
    moves = [a for a in legal if isinstance(a, MoveFigurine)]
    if not moves or not _looks_ahead(obs, legal):
        return None
    openings = _openings(_opening_key(obs)).values()

    def best(loc: Loc) -> float:
        return max(values[loc] for values in openings)

    stay = best(obs.figurine)
    move = max(moves, key=lambda m: best(m.loc))
    return move if best(move.loc) > stay + 1e-9 else None


def _tidy(play: Play) -> tuple[bool, int, Loc]:
    """Among equal plays: off its own location, the lowest card, the first location."""
    return (play.trump, play.card.value, play.loc)


def foresee(view: SeatView, legal: Sequence[Action]) -> Action | None:
    obs = _observation(view)
    if not _looks_ahead(obs, legal) or obs.plays not in (0, 2):
        return None
    f = obs.figurine
    if obs.plays == 0:
        scored = [(values[f], play) for play, values in _openings(_opening_key(obs)).items()]
    else:
        u = obs.unresolved
        propuh = u if u is not None and u.owner == PROPUH else None
        sim = _Round(obs)
        board = _board(obs.tokens)
        scored = [
            (sim.second(board, propuh, card, loc, obs.unseen, obs.deck_size)[f], Play(card, loc))
            for card in sorted(set(obs.hand))
            for loc in LOCS
        ]
    allowed = {a for a in legal if isinstance(a, Play)}
    scored = [(v, p) for v, p in scored if p in allowed]
    if not scored:
        return None
    top = max(v for v, _ in scored)
    return min((p for v, p in scored if v >= top - 1e-9), key=_tidy)
