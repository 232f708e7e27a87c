"""A plain, mutable Propuh for play-outs: the same rules as ``ai.propuh.rules``, on small integers.

The public API is pure functions over immutable states, which is what a table, a test and the search tree
need; a play-out only needs to get from a dealt state to the end of the game many times a second. ``Fast``
copies a dealer-mode state (``Fast.from_state``) into lists of integers and plays on them in place:

- a card is its kind (``Card.kind``: suit * 4 + value - 1), a location 0-2 (Table, Stove, Bed);
- an action is an integer: a play ``kind * 3 + loc``, ``FIGURINE + loc``, ``REMOVE_YES`` or ``REMOVE_NO``;
  ``legal()`` lists them in the order ``rules.legal_actions`` lists the public actions, so that a generator's
  choices give the same game on both (``tests/test_propuh_fast.py`` plays thousands of games both ways).

It also holds the play-out policies (``granny_policy``, ``propuh_policy``, ``automaton_move``): the quick
priority rules of ``ai.propuh.bots`` and the solo automaton, computed on the integers; a test checks that
they choose what the rule lists choose. Only the dealer mode is simulated (a determinized state always is);
nothing here emits events or checks legality: the public ``apply`` does that for everything a person types.
"""

from __future__ import annotations

import random

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
_SUIT = tuple(k // 4 for k in range(12))
_VALUE = tuple(k % 4 + 1 for k in range(12))
_FULL_DECK = tuple(card.kind for card in full_deck())


def stronger(card: int, other: int, loc: int) -> bool:
    """``cards.stronger`` on kinds."""
    trump, other_trump = _SUIT[card] == loc, _SUIT[other] == loc
    if trump != other_trump:
        return trump
    return _VALUE[card] > _VALUE[other]


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


class Fast:
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
    def from_state(cls, state: PropuhState) -> Fast:
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
    def deal(cls, config: PropuhConfig, rng: random.Random) -> Fast:
        """A new dealer-mode game dealt with ``rng`` exactly as ``rules.initial_state`` deals it from its
        generator (``Fast.deal(config, random.Random(seed))`` is ``initial_state(config, seed)``)."""
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
        out = self._plays(seat)
        if seat == GRANNY and self.plays == 0 and not self.moved:
            out.extend(FIGURINE + loc for loc in (0, 1, 2) if loc != self.figurine)
        return out

    def unseen(self, seat: int) -> list[int]:
        """Per kind, the cards ``seat`` has not seen (not face up, not in its hand)."""
        out = [total - s for total, s in zip(KIND_COUNTS, self.seen, strict=True)]
        for k in self.hands[seat]:
            out[k] -= 1
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

    # -- the solo automaton and the quick play-out policies --

    def automaton_move(self) -> int:
        """Where the automaton places the drawn card (``ai.propuh.automaton``), as an action code."""
        drawn = self.drawn
        trump = _SUIT[drawn]
        granny = self.u_owner == GRANNY
        if granny and STRONGER[self.u_loc][drawn][self.u_card]:
            return drawn * 3 + self.u_loc
        limit = not self.ignore_limit and self.red[trump] >= MAX_R[trump]
        if not (granny and self.u_loc == trump) and not limit:
            return drawn * 3 + trump
        if granny:
            base = self.u_loc
        elif self.from_last and self.last >= 0:
            base = self.last
        else:
            base = trump
        loc = (base + 1) % 3
        if self.skip_blocked and loc == trump and not self.ignore_limit and self.red[loc] >= MAX_R[loc]:
            loc = (loc + 1) % 3
        return drawn * 3 + loc

    def _plays(self, seat: int) -> list[int]:
        """The play codes of ``seat`` in ``legal()``'s order (no figurine moves)."""
        out: list[int] = []
        prev = -1
        for k in self.hands[seat]:
            if k != prev:
                out.extend((k * 3, k * 3 + 1, k * 3 + 2))
                prev = k
        return out

    def _safe(self, unseen: list[int], card: int, loc: int) -> int:
        """How many unseen cards could counter ``card`` on ``loc`` (``bots._safe_strength``)."""
        beats = STRONGER[loc]
        return sum(n for other, n in enumerate(unseen) if n and beats[other][card])

    def _weakest_counter(self, plays: list[int]) -> int:
        """The play that beats the unresolved card with the weakest card (off its suit first), or -1."""
        loc = self.u_loc
        beats = STRONGER[loc]
        best_key: tuple[bool, int] | None = None
        best = -1
        for code in plays:
            card = code // 3
            if code % 3 == loc and beats[card][self.u_card]:
                key = (_SUIT[card] == loc, _VALUE[card])
                if best_key is None or key < best_key:
                    best_key, best = key, code
        return best

    def granny_policy(self) -> int:
        """Granny's quick rules (``bots.quick_granny_rules``: clean, figurine, guard the Stove, trump where
        needed, counter, where needed, dump)."""
        if self.phase == REMOVE:
            return REMOVE_YES
        red, green = self.red, self.green
        if self.plays == 0 and not self.moved:
            here = self.figurine

            def worth(loc: int) -> tuple[int, bool]:
                return (red[loc] + (2 if loc == 1 and red[loc] else 0), loc == 1)

            best = -1
            for loc in (0, 1, 2):
                if loc != here and (best < 0 or worth(loc) > worth(best)):
                    best = loc
            if worth(best) > worth(here):
                return FIGURINE + best
        plays = self._plays(GRANNY)
        if self.u_owner == PROPUH and self.u_loc == 1:  # guard the Stove
            best = self._weakest_counter(plays)
            if best >= 0:
                return best
        missing = [max(0, n - g) for n, g in zip(GREEN_NEEDED, green, strict=True)]
        best, top = -1, (False, 0)
        for code in plays:  # the highest trump where needed, the Stove first
            card, loc = divmod(code, 3)
            if missing[loc] and _SUIT[card] == loc and (best < 0 or (loc == 1, _VALUE[card]) > top):
                best, top = code, (loc == 1, _VALUE[card])
        if best >= 0:
            return best
        if self.u_owner == PROPUH:
            loc = self.u_loc
            r = red[loc]
            if r < MAX_R[loc] and (loc == 1 or r < 2):
                best = self._weakest_counter(plays)
                if best >= 0:
                    return best
        unseen = self.unseen(GRANNY)
        best_k: tuple[int, int] | None = None
        for code in plays:  # where needed, the card fewest unseen cards could beat
            card, loc = divmod(code, 3)
            if missing[loc]:
                k = (self._safe(unseen, card, loc), -missing[loc])
                if best_k is None or k < best_k:
                    best_k, best = k, code
        if best >= 0:
            return best
        return min(plays, key=lambda c: (_VALUE[c // 3], _SUIT[c // 3] == c % 3, c % 3))

    def _red_worth(self, loc: int) -> int:
        red = self.red[loc]
        fig = self.figurine
        if red >= MAX_R[loc] or (loc == fig and red == 0):
            return 0
        if loc == 1:
            return 2 if red == 0 and loc != fig else 0
        if loc == fig:
            return 1 if red < 3 else 0
        if red >= RED_NEEDED[loc]:
            return 1
        return 4 if red + 1 >= RED_NEEDED[loc] else 3

    def propuh_policy(self) -> int:
        """Propuh's rules in the two-player game (``bots.propuh_rules``: counter, last card, clean, dump)."""
        plays = self._plays(PROPUH)
        if self.u_owner == GRANNY and self.green[self.u_loc] < GREEN_NEEDED[self.u_loc]:
            best = self._weakest_counter(plays)
            if best >= 0:
                return best
        worth = [self._red_worth(0), self._red_worth(1), self._red_worth(2)]
        if self.plays == 3:
            options = [c for c in plays if worth[c % 3] >= 2]
            if options:
                return max(options, key=lambda c: (worth[c % 3], -_VALUE[c // 3], _SUIT[c // 3] != c % 3))
        for loc in (0, 1, 2):
            if not self.red[loc] and loc != self.figurine:
                here = [c for c in plays if c % 3 == loc]
                if here:
                    return min(here, key=lambda c: (_VALUE[c // 3], _SUIT[c // 3] == loc))
        return min(plays, key=lambda c: (-worth[c % 3], _VALUE[c // 3], _SUIT[c // 3] == c % 3, c % 3))


def playout(f: Fast, rng: random.Random, noise: float) -> int:
    """Play ``f`` to its end as ``bots.PlayOut`` does (the quick rules with a ``noise`` chance of a random move;
    the automaton, which draws nothing from ``rng``, for Propuh in solo); return the winner."""
    solo = f.solo
    while f.phase != OVER:
        if solo and f.phase == PLAY and f.plays % 2 == PROPUH:
            f.apply(f.automaton_move())
            continue
        legal = f.legal()
        if len(legal) == 1:
            f.apply(legal[0])
            continue
        if noise and rng.random() < noise:
            f.apply(rng.choice(legal))
            continue
        f.apply(f.granny_policy() if f.mover() == GRANNY else f.propuh_policy())
    return f.winner


def unresolved(f: Fast) -> Unresolved | None:
    """The unresolved card as the public rules hold it."""
    if f.u_owner < 0:
        return None
    return Unresolved(f.u_owner, KINDS[f.u_card], LOCS[f.u_loc])
