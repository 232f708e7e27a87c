"""The end of a lap, of a round and the picks of a fast Potra Bash game (``ai.potra_bash.fast``), in place."""

from __future__ import annotations

from ai.potra_bash.cards import LAPS
from ai.potra_bash.fast_state import OFFSET, PICK_ORDER, TAKE, FastState, Move
from ai.potra_bash.rules import Phase


class FastRounds(FastState):
    """What happens when every player has acted: the next lap, the centre card won, the picks, the next round."""

    __slots__ = ()

    def _picks(self) -> list[Move]:
        """The picker's picks, highest value first, then by owner: another player's cards while any remain."""
        field, picker = self.field, self.picker
        others = self.others[picker]
        on = self.on_field
        picks: list[Move] = [(v, o) for v, i in PICK_ORDER if on[i] for o in others if field[o][i]]
        if not picks:
            own = field[picker]
            picks = [(v, picker) for v, i in PICK_ORDER if own[i]]
        return picks

    def _end_lap(self) -> None:
        if self.lap < LAPS:
            self.lap += 1
            self.acted = 0
            return
        sums, latest = self.sums, self.latest
        best = max(sums)
        winner = -1
        for s in range(self.n):  # the tied seat whose latest play came last (the first such seat)
            if sums[s] == best and (winner < 0 or latest[s] > latest[winner]):
                winner = s
        if self.centre is not None:
            self.piles[winner][self.centre + OFFSET] += 1
        self.phase = TAKE
        self.centre = None
        self.centre_winner = winner
        self.picker = (winner + 1) % self.n
        self.acted = 0
        self._forced()

    def _forced(self) -> None:
        """Make the picks that leave one possible card; keep the list of the first pick that does not."""
        while self.field_size:
            picks = self._picks()
            if len(picks) != 1:
                self.picks = picks
                return
            value, owner = picks[0]  # type: ignore[misc]
            self._take(value, owner)

    def _take(self, value: int, owner: int) -> None:
        slot = value + OFFSET
        self.field[owner][slot] -= 1
        self.on_field[slot] -= 1
        self.field_size -= 1
        self.piles[self.picker][slot] += 1
        self.picker = (self.picker + 1) % self.n
        if not self.field_size:
            self._end_round()

    def _end_round(self) -> None:
        n = self.n
        self.sums = [0] * n
        self.latest = [-1] * n
        self.played = 0
        if not self.deck:
            self.phase = int(Phase.OVER)
            self.over = True
            return
        winner = self.centre_winner if self.centre_winner is not None else self.starter
        if self.next_start == "next":
            self.starter = (self.starter + 1) % n
        elif self.next_start == "winner":
            self.starter = winner
        else:
            self.starter = (winner + 1) % n
        self.centre = self.deck.pop()
        self.phase = int(Phase.PLAY)
        self.lap = 1
        self.acted = 0
        self.centre_winner = None
