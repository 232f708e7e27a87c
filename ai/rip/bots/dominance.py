"""RIP's options that can never be better than another, dropped before ``hard`` searches (``undominated``).

Each reads the seat's observation only:

- **A card played while ahead** (rounds 1–9, ending the turn allowed): ending the turn is free and keeps the
  card; if the opponent overtakes, the same card can still be played on the next turn, and if they leave, the
  round is won with the card in hand. A psychic card's strength does not depend on when in the round it is
  played (``LATER``: counts as a ghost, bonus, nullify, discard, fetch, look at the hand). A psychic card
  that claims the round's card (card 1) or acts on the opponent's next turn (card 6, card 14) stays an
  option: played now it does what it would not later.
- **A ghost card played when the whole hand cannot put the seat ahead** (no psychic card to play, ending the
  turn allowed): the round is lost whatever is played, and every card played is a card gone. Every effect on a
  ghost only adds to it (a value never goes below 0), so the whole hand is the most a turn can add.
- **No card face down after round 9** while a ghost card may go down: the hand has no later use, and a
  face-down ghost never lowers its owner's round-10 total (an opponent's discard then takes one card of more).
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.rip.bots.card import _cards, _totals
from ai.rip.components import ROUNDS
from ai.rip.observation import RipObservation
from ai.rip.rules import END, SKIP, Action, Blind, Card, Down, Ghost, InPlay, Phase, Psychic, Turn, totals

#: Effects that do the same played at any time of the round (see the module).
LATER = frozenset({"ghost", "bonus", "nullify", "discard", "fetch", "peek"})


def _ghost_play(action: Action) -> bool:
    return isinstance(action, Turn) and len(action.items) == 1 and isinstance(action.items[0], Ghost | Blind)


def _psychic_play(action: Action) -> bool:
    return isinstance(action, Turn) and bool(action.items) and not _ghost_play(action)


def _whole_hand_behind(obs: RipObservation) -> bool:
    """Whether every ghost of the hand played now still leaves the seat not ahead."""
    mine = [*obs.own.table, *(InPlay(Card(False, v)) for v in obs.own.hand)]
    theirs = list(obs.other.table)
    t = totals((mine, theirs) if obs.seat == 0 else (theirs, mine), _cards(obs))
    return t[obs.seat] <= t[1 - obs.seat]


def dominated(obs: RipObservation, legal: Sequence[Action]) -> dict[Action, Action]:
    """The options of ``legal`` that another option of ``legal`` is never worse than, each with that option (see
    the module)."""
    if obs.phase == Phase.PLAY and obs.round <= ROUNDS and END in legal:
        ghosts = [a for a in legal if _ghost_play(a)]
        mine, theirs = _totals(obs)
        if mine > theirs:
            cards = _cards(obs)
            later = [
                a
                for a in legal
                if _psychic_play(a)
                and isinstance(a, Turn)
                and isinstance(a.items[0], Psychic)
                and {e.kind for e in cards[a.items[0].number].effects} <= LATER
            ]
            return dict.fromkeys([*ghosts, *later], END)
        if not any(_psychic_play(a) for a in legal) and _whole_hand_behind(obs):
            return dict.fromkeys(ghosts, END)
        return {}
    if obs.phase == Phase.FACEDOWN and obs.round >= ROUNDS and SKIP in legal:
        downs = [a for a in legal if isinstance(a, Down) and a.card is not None and not a.card.psychic]
        if downs:
            return {SKIP: max(downs, key=lambda a: a.card.n if isinstance(a, Down) and a.card else 0)}
    return {}


def undominated(obs: RipObservation, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without its dominated options, in order (never empty: a dominated option has a better one)."""
    drop = dominated(obs, legal)
    return [a for a in legal if a not in drop]
