"""The ``hard`` Potra Bash bot: information-set search (``ai.search.ISMCTSPlayer``) over deals of the cards its
seat has not seen, anchored on the bot card, its play-outs on the engine (``ai.potra_bash.bots.playout``).
Before it searches, it sets aside the picks that can never be better than another (``undominated``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.levels import Request
from ai.potra_bash import rules
from ai.potra_bash.bots.card import NORMAL_RULES
from ai.potra_bash.bots.playout import simulate
from ai.potra_bash.observation import PotraObservation, determinize
from ai.potra_bash.state import Action, Phase, Play, PotraConfig, PotraState, Take
from ai.protocol import Decision
from ai.search import SEARCHED, Anchor, ISMCTSPlayer, TurnClock, clock
from ai.words import tr

Obs = PotraObservation
Legal = Sequence[Action]


class Table:
    """The game as the search reads it: the protocol layer (``ai.potra_bash.rules``) and the deal of the cards
    a seat has not seen (``ai.potra_bash.observation.determinize``)."""

    determinize = staticmethod(determinize)
    is_over = staticmethod(rules.is_over)
    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    result = staticmethod(rules.result)

    @staticmethod
    def num_players(state: PotraState) -> int:
        return state.n


def decides_next(observation: Obs, legal: Legal) -> dict[Action, bool]:
    """Per legal action, whether this seat then decides again with no other decision between: its last card of
    a round may be followed by its first take of the field (the rules make forced takes at once), and its last
    take by the first card of the next round. Public: every deal of the unseen cards says the same, so one deal
    (with its own generator: the search's is untouched) answers."""
    state = determinize(observation, random.Random(0))
    found = {}
    for action in legal:
        after = rules.apply(state, action)
        then = rules.legal_actions(after) if rules.to_move(after) == observation.seat else []
        found[action] = bool(then) and not instant(then)
    return found


def instant(legal: Legal) -> bool:
    """A forced pass (an empty hand) or a forced pick is public: ``hard`` makes it at once. A single card to play
    is not: an instant answer would tell that every card in the hand has the same value."""
    return len(legal) == 1 and not isinstance(legal[0], Play)


#: The table's reason for a pick no other can beat (``undominated``): the field and the piles are public, so
#: saying so tells nothing hidden.
NO_BETTER = "no other pick can do better"

#: How much better (in estimated win chance, beyond ``ANCHOR_Z`` standard errors) the search's move must look to
#: overrule the card (``HardPlayer``).
ANCHOR_MARGIN = 0.0
ANCHOR_Z = 1.0


class HardPlayer(ISMCTSPlayer):
    """The search bot. A lap-1 play with a single legal card is searched like any other move (the generic
    search does so): an instant answer would tell the table that every card in the bot's hand has the same
    value. A forced pass (an empty hand) or a forced pick is public and is made at once, without a reason.

    The reason the table reads is only that it searched (not over how many deals): its estimated win chance
    comes from its own hand and goes to ``Decision.debug``.

    The search is anchored on the card (``Anchor``): its favourite replaces the card's move only when its
    estimated win chance is higher by one standard error of the difference (``ANCHOR_Z``). A few deals a move
    spread over a field of up to a dozen cards otherwise leave its picks to chance, which a habit of taking 1s
    (``exploit:ones-first``) exploits; the README's exploiter table has the figures.

    Bounded by time, two decisions in a row (``decides_next``: the last card of a round, then a take; or the
    last take, then the first card of the next round) share ``think`` (``TurnClock``), so the table never waits
    longer than ``think`` for the bot."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock = TurnClock(self.think) if self.iterations is None else None
        self.anchor = Anchor(NORMAL_RULES, ANCHOR_MARGIN, ANCHOR_Z)
        #: Whether this seat's last searched decision is followed at once by another of its own.
        self.turn_open = False

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        if instant(legal):
            return Decision(legal[0])
        kept = undominated(observation, legal)  # picks that can never be better than another are set aside
        if len(kept) == 1 and len(legal) > 1:
            return Decision(kept[0], reason=tr(NO_BETTER), debug="every other pick can do no better")
        legal = kept
        think = None
        if self.clock is not None:
            started = clock()
            follows = decides_next(observation, legal)
            budget = self.clock.budget(continuing=self.turn_open, last=not any(follows.values()))
            think = max(budget - (clock() - started), 0.001)
        decision = self.decide_within(observation, legal, rng, think=think, anchor=self.anchor)
        if self.clock is not None:
            self.turn_open = follows[decision.action]
        return Decision(decision.action, reason=tr(SEARCHED), value=decision.value, debug=decision.debug)


# -- the picks set aside before the search (``undominated``) --


def undominated(observation: PotraObservation, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the picks that can never be better than another, in the order given; anything but a
    pick passes through unchanged. Every card on the field lay face up and every pile is known to a player with
    perfect memory, so each case reads only the seat's observation. A pick changes two things: the card the
    seat's pile gets, and which cards the later pickers of this acquisition may take (a player must take another
    player's card while one remains).

    - One value left (``one_value_left``): every card on the field has the same value; whatever is taken, each
      later picker gets that value in turn: every pick ends the same.
    - Owners done picking (``owners_done``): copies of one value whose owners take no more cards this round;
      who owned the copy left behind changes nobody's choice.
    - The game ends now (``game_ends``): a pick after which the rest of the field is forced and the deck is
      empty decides the game on the spot. A pick that wins outright is as good as any pick can be; when every
      pick ends the game, only those with the best result for the seat are kept."""
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


def hard(request: Request[PotraConfig]) -> HardPlayer:
    """The search bot for ``request``: ``think`` seconds a move, or exactly ``iterations`` deals."""
    return HardPlayer(
        Table(), think=request.think, iterations=request.iterations, name="hard", simulate=simulate
    )
