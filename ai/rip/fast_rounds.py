"""The end of a turn and of a round on the fast path (``ai.rip.fast``): ahead, the other family plays; not ahead,
the round's token, card 1's claim or the loser's psychic card, the draws, a card face down, and round 10 (as
``ai.rip.rounds`` and ``ai.rip.totals`` do)."""

from __future__ import annotations

from ai.rip.cards import DRAW_PER_ROUND, INSTANT_WIN, LINE_LENGTH, ROUNDS
from ai.rip.fast_hands import UNIT
from ai.rip.fast_state import FACEDOWN, OVER, PLAY, FastState
from ai.rip.rules import Card, outcome


class FastRounds(FastState):
    """A turn's end, a round's end and round 10, on a ``FastState``."""

    __slots__ = ()

    def end_turn(self) -> None:
        seat = self.mover
        t = self._totals or self.totals()
        if t[seat] > t[1 - seat]:
            self.mover = 1 - seat
            self.turn_plays = 0
        else:
            self.end_round(seat)

    def end_round(self, loser: int) -> None:
        winner = 1 - loser
        rnd = self.round
        token = self.tokens[rnd - 1]
        taken = self.taken[winner]
        taken.append(token)
        self.won.append(winner)
        if taken.count(token) >= INSTANT_WIN[token]:
            self.finish((winner,))
            return
        claimer = loser
        if self.npsy[0] or self.npsy[1]:
            claims = self.claims
            if claims:  # card 1 in play: its owner takes the round's card (Blue's if both)
                claimer = 1 if claims & 2 else 0
            self.npsy, self.nact, self.need, self.claims = [0, 0], [0, 0], [0, 0], 0
        owns = self.owns[claimer].plus(self.line[rnd - 1])
        self.owned[claimer], self.owns[claimer] = owns.cards, owns
        hands, deckcodes = self.hands, self.deckcodes
        for seat in (0, 1):
            deck = self.decks[seat]
            if deck:
                for v in deck[:DRAW_PER_ROUND]:
                    hands[seat] += UNIT[v]
                    deckcodes[seat] -= UNIT[v]
                del deck[:DRAW_PER_ROUND]
        self.tables, self.gsum, self.sig, self._totals = [[], []], [0, 0], [0, 0], None
        if self.revealed < LINE_LENGTH:
            self.revealed += 1
        self.blind = [False, False]
        self.turn_plays = 0
        self.loser = loser
        self.first = self.mover = winner
        if hands[loser] or self.owned[loser]:
            self.phase = FACEDOWN
        elif rnd < ROUNDS:  # ``next_round``, inlined
            self.round = rnd + 1
            self.phase = PLAY
        else:
            self.next_round()

    def down(self, card: Card | None) -> None:
        seat = self.loser
        if card is not None:
            if card.psychic:
                self._set_owns(seat, self.owns[seat].minus(card.n))
            else:
                self.hands[seat] -= UNIT[card.n]
            self.downs[seat].append(card)
        rnd = self.round
        if rnd < ROUNDS:  # ``next_round``, inlined
            self.round = rnd + 1
            self.phase = PLAY
            self.mover = self.first
        else:
            self.next_round()

    def next_round(self) -> None:
        self.turn_plays = 0
        if self.round >= ROUNDS:
            self.round = ROUNDS + 1
            self.resolve_round10()
            return
        self.round += 1
        self.phase = PLAY
        self.mover = self.first

    def resolve_round10(self) -> None:
        downs = self.downs
        if any(c.psychic for c in downs[0]) or any(c.psychic for c in downs[1]):
            t = self.x.round10_of(downs, self.decks)
        else:
            t = (sum(c.n for c in downs[0]), sum(c.n for c in downs[1]))
        self.round10 = t
        before = (tuple(self.taken[0]), tuple(self.taken[1]))
        token10 = self.tokens[ROUNDS]
        winner = -1 if t[0] == t[1] else 0 if t[0] > t[1] else 1
        if winner >= 0:
            self.taken[winner].append(token10)
        self.won.append(winner)
        self.finish(outcome(before, token10, t)[0])

    def finish(self, winners: tuple[int, ...]) -> None:
        self.phase = OVER
        self.winners = winners
