"""What may be played now on the fast path (``ai.rip.fast``): ``rules.legal_actions``, in its order, read from
the hand's and the owned cards' remembered plays (``ai.rip.fast_hands``, ``ai.rip.fast_cards.Owned``)."""

from __future__ import annotations

from collections.abc import Sequence

from ai.rip.fast_cards import Owned, keep
from ai.rip.fast_hands import HANDS
from ai.rip.fast_state import FACEDOWN, PLAY, FastState
from ai.rip.rules import END, Action, Blind, Psychic, Turn

#: Card 6: the one ghost play, a card at random.
BLIND = Turn((Blind(),), end=False)
_BLIND_END: tuple[Action, ...] = (BLIND, END)


class FastLegal(FastState):
    """The legal actions of a ``FastState``."""

    __slots__ = ()

    def may_play(self, need: int) -> bool:
        """Whether the mover may play a card now, under card 14's ``need`` (``legal.may_play``)."""
        if not need or self.turn_plays >= need:
            return True
        seat = self.mover
        return self.turn_plays + HANDS[self.hands[seat]].size + self.owns[seat].playable >= need

    def ghost_plays(self) -> tuple[Turn, ...]:
        """``rules.ghost_plays``."""
        seat = self.mover
        hand = HANDS[self.hands[seat]]
        if not hand.size:
            return ()
        if self.blind[seat]:
            return (BLIND,)
        return hand.plays

    def psychic_plays(self) -> Sequence[Turn]:
        """``rules.psychic_plays``."""
        seat = self.mover
        owns = self.owns[seat]
        if owns.fixed is not None:
            return owns.fixed
        # Plays that depend on the deck's values (card 2) or the opponent's cards in play (card 11), remembered by
        # those (the deck's code, the opponent's table's signature).
        key = (self.deckcodes[seat] if owns.fetch else 0, self.sig[1 - seat] if owns.discard else 0)
        got = owns.varied.get(key)
        if got is None:
            got = keep(owns.varied, key, self._psychic_plays(seat, owns))
        return got

    def _psychic_plays(self, seat: int, owns: Owned) -> tuple[Turn, ...]:
        actions: list[Turn] = []
        derived = self.x.plays
        for number, how, plays in owns.layout:
            if how == "fixed":
                actions.extend(plays)
            elif how == "fetch":
                values = sorted(set(self.decks[seat]))
                actions.extend([derived.value_play(number, v) for v in values] if values else plays)
            else:
                targets = sorted({x.card for x in self.tables[1 - seat]})
                actions.extend(
                    [Turn((Psychic(number, t),), end=False) for t in targets] if targets else plays
                )
        return tuple(actions)

    def legal(self) -> Sequence[Action]:
        """``rules.legal_actions``, in its order."""
        if self.phase == PLAY:
            seat = self.mover
            need = self.need[1 - seat]
            if not need:  # the common case: any card, or the end of the turn
                code = self.hands[seat]
                if self.blind[seat] and code:
                    return (BLIND, *self.psychic_plays(), END) if self.owned[seat] else _BLIND_END
                if self.owned[seat]:
                    owns = self.owns[seat]
                    if owns.fixed is None:
                        return (*HANDS[code].plays, *self.psychic_plays(), END)
                    got = owns.legal.get(code)
                    if got is None:
                        got = keep(owns.legal, code, (*HANDS[code].plays, *owns.fixed, END))
                    return got
                return HANDS[code].plays_end
            plays = self.turn_plays
            actions: list[Action] = []
            if plays >= need or self.may_play(need):
                actions.extend(self.ghost_plays())
                actions.extend(self.psychic_plays())
            if plays == 0 or plays >= need:
                actions.append(END)
            return actions
        if self.phase == FACEDOWN:
            seat = self.loser
            code = self.hands[seat]
            if self.owned[seat]:
                owns = self.owns[seat]
                got = owns.facedown.get(code)
                if got is None:
                    got = keep(owns.facedown, code, (*HANDS[code].downs, *owns.downs))
                return got
            return HANDS[code].downs
        return ()
