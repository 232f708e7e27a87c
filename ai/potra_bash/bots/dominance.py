"""The picks ``hard`` sets aside before it searches: those that can never turn out better than another pick.

Every card on the field lay face up and every pile is known to a player with perfect memory, so each case
reads only the seat's observation. A pick changes two things: the card the seat's pile gets, and which cards
the later pickers of this acquisition may take (a player must take another player's card while one remains).

- **One value left**: every card on the field has the same value. Whatever is taken, each later picker gets that
  value in turn: every pick ends the same. One is kept.
- **Owners done picking**: copies of one value whose owners take no more cards this round (the field runs out
  before their turn comes again). Who owned the copy left behind changes nobody's choice: one is kept.
- **The game ends now**: a pick after which the rest of the field is forced and the deck is empty decides the
  game on the spot. A pick that wins outright is as good as any pick can be: only such picks are kept. When every
  pick ends the game, only those with the best result for the seat are kept.

``undominated`` returns the picks kept, in the order given; anything but a pick passes through unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.potra_bash import rules
from ai.potra_bash.observation import PotraObservation, determinize
from ai.potra_bash.state import Action, Phase, Take


def undominated(observation: PotraObservation, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the picks that can never be better than another (see the module's docstring)."""
    kept = list(legal)
    if observation.phase != Phase.TAKE or len(kept) < 2 or not all(isinstance(a, Take) for a in kept):
        return kept
    kept = one_value_left(observation, kept)
    kept = owners_done(observation, kept)
    return game_ends(observation, kept)


def one_value_left(observation: PotraObservation, legal: list[Action]) -> list[Action]:
    """A field of one value: every pick ends the same; the first is kept."""
    if len({value for _, value in observation.field}) == 1:
        return legal[:1]
    return legal


def owners_done(observation: PotraObservation, legal: list[Action]) -> list[Action]:
    """Of the copies of one value whose owners pick no more this round, the first is kept."""
    n = observation.config.players
    later = {(observation.picker + 1 + i) % n for i in range(len(observation.field) - 1)}
    seen: set[int] = set()
    kept: list[Action] = []
    for action in legal:
        assert isinstance(action, Take)
        if action.owner not in later:
            if action.value in seen:
                continue
            seen.add(action.value)
        kept.append(action)
    return kept


def game_ends(observation: PotraObservation, legal: list[Action]) -> list[Action]:
    """The picks that end the game at once, ranked by the seat's share of the win: an outright win keeps only
    the winning picks; when every pick ends the game, only the best are kept."""
    if observation.deck_size or len(legal) < 2:
        return legal
    state = determinize(observation, random.Random(0))  # the hands do not score: any deal gives the same end
    seat = observation.seat
    share: dict[int, float] = {}
    for i, action in enumerate(legal):
        after = rules.apply(state, action)
        if rules.is_over(after):
            winners = rules.result(after).winners
            share[i] = 1 / len(winners) if seat in winners else 0.0
    if any(value == 1.0 for value in share.values()):
        return [a for i, a in enumerate(legal) if share.get(i) == 1.0]
    if len(share) == len(legal):
        best = max(share.values())
        return [a for i, a in enumerate(legal) if share[i] == best]
    return legal
