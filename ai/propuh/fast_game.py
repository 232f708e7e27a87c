"""A plain, mutable Propuh for play-outs: the same rules as ``ai.propuh.rules``, on small integers.

The public API is pure functions over immutable states, which is what a table, a test and the search tree
need; a play-out only needs to get from a dealt state to the end of the game many times a second. ``FastGame``
copies a dealer-mode state (``FastGame.from_state``) into lists of integers (``ai.propuh.fast_state``) and
plays on them in place; ``legal()`` lists the actions in the order ``rules.legal_actions`` lists the public
actions, so that a generator's choices give the same game on both (``tests/test_propuh_bots_fast.py`` plays
thousands of games both ways).

The game is split by concept: what it holds (``ai.propuh.fast_state``), the end of a card and of a round
(``ai.propuh.fast_rounds``), and here its copy or deal, what may be played and a move. Who chooses the moves
on it is ``ai.propuh.fast_policy``, and ``ai.propuh.fast`` puts the two together. Only the dealer mode is
simulated (a determinized state always is); nothing here emits events or checks legality: the public
``apply`` does that for everything a person types.
"""

from __future__ import annotations

import random
from typing import Self

from ai import rng as seeded
from ai.propuh.cards import GRANNY, PROPUH, SOLO_FIRST_HAND, SOLO_REMOVED, TWO_PLAYER_HAND, full_deck
from ai.propuh.fast_rounds import FastRounds
from ai.propuh.fast_state import FIGURINE, OVER, PLAY, REASONS, REMOVE, REMOVE_NO, REMOVE_YES, STRONGER
from ai.propuh.rules import Phase, PropuhConfig, PropuhState, setup_tokens

_FULL_DECK = tuple(card.kind for card in full_deck())


class FastGame(FastRounds):
    """One game in play, mutable; see the module docstring."""

    __slots__ = ()

    @classmethod
    def from_state(cls, state: PropuhState) -> Self:
        """A copy of a dealer-mode ``state`` (every card's place known)."""
        config = state.config
        if config.physical or state.pending or any(state.hidden):
            raise ValueError("the fast path plays dealer-mode states only")
        f = cls()
        f.solo = config.solo
        f.ignore_limit = config.ignore_limit
        f.skip_blocked = config.skip_blocked
        f.from_last = config.no_granny_from == "last"
        f.phase = OVER if state.phase == Phase.OVER else REMOVE if state.phase == Phase.REMOVE else PLAY
        f.round = state.round
        f.plays = state.plays
        f.figurine = int(state.figurine)
        f.moved = state.figurine_moved
        f.green = list(state.tokens[GRANNY])
        f.red = list(state.tokens[PROPUH])
        f.hands = [sorted(c.kind for c in state.hands[0]), sorted(c.kind for c in state.hands[1])]
        f.deck = [c.kind for c in reversed(state.deck)]
        f.seen = list(state.seen)
        u = state.unresolved
        if u is not None:
            f.u_owner, f.u_card, f.u_loc = u.owner, u.card.kind, int(u.loc)
        f.drawn = state.drawn.kind if state.drawn is not None else -1
        f.last = int(state.last_granny_loc) if state.last_granny_loc is not None else -1
        f.winner = state.winner if state.winner is not None else -1
        f.reason = REASONS.index(state.reason) if state.phase == Phase.OVER else -1
        return f

    @classmethod
    def deal(cls, config: PropuhConfig, rng: random.Random) -> Self:
        """A new dealer-mode game dealt with ``rng`` exactly as ``rules.initial_state`` deals it from its
        generator (``FastGame.deal(config, random.Random(seed))`` is ``initial_state(config, seed)``)."""
        red, _ = setup_tokens(config, rng)
        deck = list(_FULL_DECK)
        seeded.shuffle(rng, deck)
        f = cls()
        f.solo = config.solo
        f.ignore_limit = config.ignore_limit
        f.skip_blocked = config.skip_blocked
        f.from_last = config.no_granny_from == "last"
        f.red = list(red)
        if config.solo:
            f.hands = [sorted(deck[SOLO_REMOVED : SOLO_REMOVED + SOLO_FIRST_HAND]), []]
            rest = deck[SOLO_REMOVED + SOLO_FIRST_HAND :]
        else:
            n = TWO_PLAYER_HAND
            f.hands = [sorted(deck[:n]), sorted(deck[n : 2 * n])]
            rest = deck[2 * n :]
        rest.reverse()
        f.deck = rest
        return f

    def legal(self) -> list[int]:
        if self.phase == REMOVE:
            return [REMOVE_YES, REMOVE_NO]
        if self.phase == OVER:
            return []
        seat = self.plays % 2
        if seat == PROPUH and self.solo:
            d = self.drawn * 3
            return [d, d + 1, d + 2]
        out = self.card_plays(seat)
        if seat == GRANNY and self.plays == 0 and not self.moved:
            out.extend(FIGURINE + loc for loc in (0, 1, 2) if loc != self.figurine)
        return out

    # -- play --

    def apply(self, code: int) -> None:
        if code >= REMOVE_YES:
            if code == REMOVE_YES:
                self.red[self.figurine] -= 1
            self.phase = PLAY
            self._finish_round()
            self._advance()
            return
        if code >= FIGURINE:
            self.figurine = code - FIGURINE
            self.moved = True
            return
        card, loc = divmod(code, 3)
        seat = self.plays % 2
        if seat == PROPUH and self.solo:
            self.drawn = -1
        else:
            self.hands[seat].remove(card)
            self.seen[card] += 1
        if seat == GRANNY:
            self.last = loc
        if self.u_owner >= 0 and self.u_loc == loc and STRONGER[loc][card][self.u_card]:
            self.u_owner = -1
        else:
            if self.u_owner >= 0:
                self._settle()
            self.u_owner, self.u_card, self.u_loc = seat, card, loc
        self.plays += 1
        self._advance()

    def _advance(self) -> None:
        while self.phase == PLAY:
            if self.plays >= 4:
                self._end_round()
                continue
            seat = self.plays % 2
            if seat == PROPUH and self.solo:
                if self.drawn >= 0:
                    return
                if not self.deck:
                    self._end_round()
                else:
                    card = self.deck.pop()
                    self.drawn = card
                    self.seen[card] += 1
                return
            if not self.hands[seat]:
                self._end_round()
                continue
            return
