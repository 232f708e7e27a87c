"""The end of a card and of a round on the fast path: an unresolved card settles (its owner's token), the round's
last card too, then the figurine's removal is asked or the round finishes: the end-of-round check and the next
deal (``ai.propuh.plays.settle`` and ``ai.propuh.rounds`` on a ``FastState``)."""

from __future__ import annotations

from ai.propuh.cards import GRANNY, PROPUH
from ai.propuh.fast_state import MAX_G, MAX_R, OVER, PLAY, REMOVE, FastState


class FastRounds(FastState):
    """A game's state with the end of its cards and its rounds."""

    __slots__ = ()

    def _settle(self) -> None:
        """The unresolved card is discarded: its owner's token on its location, unless that is full."""
        loc = self.u_loc
        if self.u_owner == GRANNY:
            if self.green[loc] < MAX_G[loc]:
                self.green[loc] += 1
        elif self.red[loc] < MAX_R[loc]:
            self.red[loc] += 1
        self.u_owner = -1

    def _end_round(self) -> None:
        """The round's last card settles; the figurine's removal is asked if a red token lies under it."""
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
