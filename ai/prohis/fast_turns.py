"""A fast-path turn's draws and its end (``ai.prohis.fast``): a display card taken and replaced, the turn
passed on, the final round counted down (``rules``' turn order)."""

from __future__ import annotations

from ai.prohis.fast_legal import FastLegal
from ai.prohis.fast_state import OVER, SECOND, TURN
from ai.prohis.rules import NOBODY


class FastTurns(FastLegal):
    """``FastLegal`` and a turn's draws and end (``Fast`` plays the convoys)."""

    __slots__ = ()

    def _take(self, kind: int) -> None:
        seat = self.active
        self.hands[seat][kind] += 1
        self.sizes[seat] += 1
        self.taken[seat][kind] += 1
        display = self.display
        slot = display.index(kind)
        display[slot] = self.pile.pop() if self.pile else -1
        if self.phase == TURN:
            self.phase = SECOND
        else:
            self._end_turn()

    def _end_turn(self, passed: bool = False) -> None:
        n = self.n
        if self.final_left < 0:
            if not self.pile:
                self.final_left = n
        else:
            self.final_left -= 1
        self.phase = TURN
        if self.convoy:
            self.convoy = []
            self.order = []
            self.turned = 0
        self.commits = [-1] * n
        self.asking = NOBODY
        self.inspector = NOBODY
        if self.offered or any(self.bribe):
            self.bribe = [0] * 5
            self.offered = False
        if not passed:
            self.passes = 0
        self.turn += 1
        self.active = (self.active + 1) % n
        if self.final_left == 0:
            self.phase = OVER
            self.reason = 2
