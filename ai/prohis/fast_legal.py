"""What may be done in a fast-path game (``ai.prohis.fast``): whose decision it is, the codes of
``rules.legal_actions`` in its order, and the score of a finished game."""

from __future__ import annotations

from ai.prohis.cards import CONTROLLERS, CONVOY_MIN, HAND_LIMIT, KINDS, values
from ai.prohis.fast_codes import (
    COMMITS,
    JUDGE_NONE,
    JUDGE_OFFERED,
    NO_COMMIT_CODE,
    PASS_CODE,
    STOP_CODE,
    bribe_codes,
    convoy_codes,
    draw_codes,
)
from ai.prohis.fast_state import BRIBING, COMMITTING, JUDGING, OVER, SECOND, TURN, FastState
from ai.prohis.rules import NOBODY


class FastLegal(FastState):
    """``FastState`` and its queries (``Fast`` plays it)."""

    __slots__ = ()

    def mover(self) -> int:
        """Whose decision it is (``rules.to_move``)."""
        phase = self.phase
        if phase == COMMITTING:
            return self.asking
        if phase == JUDGING:
            return self.inspector
        if phase == OVER:
            return NOBODY
        return self.active

    def can_draw(self) -> bool:
        return self.sizes[self.active] < HAND_LIMIT and (bool(self.pile) or max(self.display) >= 0)

    def can_pass(self) -> bool:
        if self.pass_any_time or not self.pile:
            return True
        return not self.can_draw() and self.sizes[self.active] < CONVOY_MIN

    def legal(self) -> list[int]:
        """The codes of ``rules.legal_actions``, in its order."""
        phase = self.phase
        if phase == TURN:
            seat = self.active
            out = list(draw_codes(self.display, bool(self.pile))) if self.can_draw() else []
            out += convoy_codes(self.hands[seat])
            if self.can_pass():
                out.append(PASS_CODE)
            return out
        if phase == COMMITTING:
            hand = self.hands[self.asking]
            return [NO_COMMIT_CODE, *(COMMITS[k] for k in CONTROLLERS if hand[k])]
        if phase == JUDGING:
            return list(JUDGE_OFFERED if self.offered else JUDGE_NONE)
        if phase == BRIBING:
            return list(bribe_codes(self.hands[self.active]))
        if phase == SECOND:
            return [*draw_codes(self.display, bool(self.pile)), STOP_CODE]
        return []

    def scores(self) -> list[int]:
        v = values(self.config.seed_values)
        wv, hv = v.warehouse, v.hand
        return [
            sum(w[k] * wv[k] + h[k] * hv[k] for k in KINDS)
            for w, h in zip(self.warehouses, self.hands, strict=True)
        ]

    def utilities(self) -> list[float]:
        """Per seat, ``Result.utility`` of the finished game: 1 for a sole win, 1/k for a win shared by k."""
        scores = self.scores()
        best = max(scores)
        winners = scores.count(best)
        return [1.0 / winners if s == best else 0.0 for s in scores]
