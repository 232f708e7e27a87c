"""A plain, mutable Propuh for play-outs: the same rules as ``ai.propuh.rules``, on small integers.

The public API is pure functions over immutable states, which is what a table, a test and the search tree
need; a play-out only needs to get from a dealt state to the end of the game many times a second. ``FastGame``
copies a dealer-mode state (``FastGame.from_state``) into lists of integers and plays on them in place:

- a card is its kind (``Card.kind``: suit * 4 + value - 1), a location 0-2 (Table, Stove, Bed);
- an action is an integer: a play ``kind * 3 + loc``, ``FIGURINE + loc``, ``REMOVE_YES`` or ``REMOVE_NO``;
  ``legal()`` lists them in the order ``rules.legal_actions`` lists the public actions, so that a generator's
  choices give the same game on both (``tests/test_propuh_bots_fast.py`` plays thousands of games both ways).

This module is the game alone (its deal, its moves, its rounds and its end); who chooses the moves on it is
``ai.propuh.fast_policy``, and ``ai.propuh.fast`` puts the two together. Only the dealer mode is simulated (a
determinized state always is); nothing here emits events or checks legality: the public ``apply`` does that for
everything a person types.
"""

from __future__ import annotations

import random
from typing import Self

from ai.propuh.cards import (
    GRANNY,
    KIND_COUNTS,
    KINDS,
    LOCS,
    MAXIMA,
    PROPUH,
    SOLO_FIRST_HAND,
    SOLO_REMOVED,
    TWO_PLAYER_HAND,
    full_deck,
)
from ai.propuh.rules import (
    Action,
    MoveFigurine,
    Phase,
    Play,
    PropuhConfig,
    PropuhState,
    Remove,
    Unresolved,
    setup_tokens,
)

FIGURINE = 36
REMOVE_YES = 40
REMOVE_NO = 41
PLAY, REMOVE, OVER = 0, 1, 2
#: Why a game ended, as ``rules`` words it.
REASONS = (
    "both completed their goals in the same round, so Propuh wins",
    "Propuh opened the door and the window",
    "Granny completed all her goals",
    "Granny is tired: every card is discarded",
)
MAX_G = MAXIMA[GRANNY]
MAX_R = MAXIMA[PROPUH]
#: Green tokens Granny's goals need per location; red Propuh's goals need on the Door and the Window.
GREEN_NEEDED = (2, 3, 2)
RED_NEEDED = (2, 0, 2)
#: A kind's suit (the location where it is trump) and value.
SUIT = tuple(k // 4 for k in range(12))
VALUE = tuple(k % 4 + 1 for k in range(12))
_FULL_DECK = tuple(card.kind for card in full_deck())


def stronger(card: int, other: int, loc: int) -> bool:
    """``cards.stronger`` on kinds."""
    trump, other_trump = SUIT[card] == loc, SUIT[other] == loc
    if trump != other_trump:
        return trump
    return VALUE[card] > VALUE[other]


#: ``STRONGER[loc][a][b]``: whether kind ``a`` beats kind ``b`` on ``loc``.
STRONGER = tuple(tuple(tuple(stronger(a, b, loc) for b in range(12)) for a in range(12)) for loc in range(3))


def to_action(code: int, drawn: int = -1) -> Action:
    """The public action for ``code``."""
    if code < FIGURINE:
        return Play(KINDS[code // 3], LOCS[code % 3])
    if code < REMOVE_YES:
        return MoveFigurine(LOCS[code - FIGURINE])
    return Remove(code == REMOVE_YES)


def from_action(action: Action) -> int:
    if isinstance(action, Play):
        return action.card.kind * 3 + action.loc
    if isinstance(action, MoveFigurine):
        return FIGURINE + action.loc
    if isinstance(action, Remove):
        return REMOVE_YES if action.yes else REMOVE_NO
    raise TypeError(f"not a decision: {action!r}")


class FastGame:
    """One game in play, mutable; see the module docstring."""

    __slots__ = (
        "deck",
        "drawn",
        "figurine",
        "from_last",
        "green",
        "hands",
        "ignore_limit",
        "last",
        "moved",
        "phase",
        "plays",
        "reason",
        "red",
        "round",
        "seen",
        "skip_blocked",
        "solo",
        "u_card",
        "u_loc",
        "u_owner",
        "winner",
    )

    def __init__(self) -> None:
        self.solo = False
        self.ignore_limit = False
        self.skip_blocked = False
        self.from_last = False
        self.phase = PLAY
        self.round = 1
        self.plays = 0
        self.figurine = 1
        self.moved = False
        self.green = [0, 0, 0]
        self.red = [0, 0, 0]
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []  # the top card last (``pop()`` draws it)
        self.seen = [0] * 12
        self.u_owner = -1  # the unresolved card: its owner (-1: none), kind and location
        self.u_card = 0
        self.u_loc = 0
        self.drawn = -1
        self.last = -1  # where Granny's last card went (-1: nowhere yet)
        self.winner = -1
        self.reason = -1

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
        rng.shuffle(deck)
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

    # -- queries --

    def mover(self) -> int:
        return GRANNY if self.phase == REMOVE else self.plays % 2

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

    def unseen(self, seat: int) -> list[int]:
        """Per kind, the cards ``seat`` has not seen (not face up, not in its hand)."""
        out = [total - s for total, s in zip(KIND_COUNTS, self.seen, strict=True)]
        for k in self.hands[seat]:
            out[k] -= 1
        return out

    def card_plays(self, seat: int) -> list[int]:
        """The play codes of ``seat`` in ``legal()``'s order (no figurine moves)."""
        out: list[int] = []
        prev = -1
        for k in self.hands[seat]:
            if k != prev:
                out.extend((k * 3, k * 3 + 1, k * 3 + 2))
                prev = k
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

    def _settle(self) -> None:
        loc = self.u_loc
        if self.u_owner == GRANNY:
            if self.green[loc] < MAX_G[loc]:
                self.green[loc] += 1
        elif self.red[loc] < MAX_R[loc]:
            self.red[loc] += 1
        self.u_owner = -1

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

    def _end_round(self) -> None:
        if self.u_owner >= 0:
            self._settle()
        self.plays = 4
        if self.red[self.figurine] > 0:
            self.phase = REMOVE
            return
        self._finish_round()

    def _finish_round(self) -> None:
        """Check the goals and the tired rule, then (nobody has won) deal: ``ai.propuh.rounds.finish_round``."""
        deck = self.deck
        green, red = self.green, self.red
        propuh_done = red[0] >= 2 and red[2] >= 2
        granny_done = green[0] >= 2 and green[1] >= 3 and green[2] >= 2 and red[1] == 0
        if propuh_done:
            self._finish(PROPUH, 0 if granny_done else 1)
            return
        if granny_done:
            self._finish(GRANNY, 2)
            return
        if not deck and not self.hands[0] and not self.hands[1]:
            self._finish(PROPUH, 3)
            return
        hands = self.hands
        if self.solo:
            if len(deck) >= 2:
                hands[GRANNY].append(deck.pop())
                hands[GRANNY].append(deck.pop())
                hands[GRANNY].sort()
        else:
            # the counts alternate (Granny, Propuh, Granny, Propuh) but each seat's cards come together
            left = len(deck)
            granny = min(2, (left + 1) // 2)
            propuh = min(2, left - granny)
            for _ in range(granny):
                hands[GRANNY].append(deck.pop())
            for _ in range(propuh):
                hands[PROPUH].append(deck.pop())
            hands[0].sort()
            hands[1].sort()
        self.round += 1
        self.plays = 0
        self.moved = False
        self.phase = PLAY

    def _finish(self, winner: int, reason: int) -> None:
        self.winner = winner
        self.reason = reason
        self.phase = OVER


def unresolved(f: FastGame) -> Unresolved | None:
    """The unresolved card as the public rules hold it."""
    if f.u_owner < 0:
        return None
    return Unresolved(f.u_owner, KINDS[f.u_card], LOCS[f.u_loc])
