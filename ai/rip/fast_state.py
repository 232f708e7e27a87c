"""What a RIP game in play holds on the fast path (``ai.rip.fast``): ``FastState``, its attributes, and what is
kept of each table as cards come and go (counted afresh by ``_count_tables``), with the queries every part of
the fast path reads (both totals, card 14's minimum, whose move it is)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ai.rip.cards import PsychicCard
from ai.rip.effects import CardInfo
from ai.rip.fast_cards import CardTables, Owned, tables
from ai.rip.fast_hands import HANDS, UNIT
from ai.rip.rules import Card, InPlay, Phase
from ai.rip.state import step_rng

PLAY, FACEDOWN, OVER = int(Phase.PLAY), int(Phase.FACEDOWN), int(Phase.OVER)


class FastState:
    """One game's state, mutable: the fields of ``rules.RipState`` as numbers and lists (see ``ai.rip.fast``)."""

    __slots__ = (
        "_totals",
        "blind",
        "cards",
        "claims",
        "deckcodes",
        "decks",
        "downs",
        "first",
        "gsum",
        "hands",
        "info",
        "line",
        "loser",
        "mover",
        "nact",
        "need",
        "nonce",
        "npsy",
        "owned",
        "owns",
        "phase",
        "plain",
        "revealed",
        "round",
        "round10",
        "seed",
        "sig",
        "tables",
        "taken",
        "tokens",
        "turn_plays",
        "winners",
        "won",
        "x",
    )

    # As in ``RipState``: the seed and the draws made from it (card 6, card 2), the phase (an int), the line
    # and its tokens, who started the round and who moves, the cards played this turn, card 6 per seat, the
    # last round's loser, the round-10 totals, the winners and who won each round.
    seed: int
    nonce: int
    phase: int
    round: int
    line: tuple[int, ...]
    tokens: tuple[str, ...]
    revealed: int
    first: int
    mover: int
    turn_plays: int
    blind: list[bool]
    loser: int
    round10: tuple[int, int] | None
    winners: tuple[int, ...]
    won: list[int]
    # Per seat: the hand's code (``ai.rip.fast_hands``), the deck (top first) and its code, the cards face down,
    # the psychic cards owned (a sorted tuple, and what they allow), the cards in play and the tokens taken.
    hands: list[int]
    decks: list[list[int]]
    deckcodes: list[int]
    downs: list[list[Card]]
    owned: list[tuple[int, ...]]
    owns: list[Owned]
    tables: list[list[InPlay]]
    taken: list[list[str]]
    # The catalogue and what the fast path reads of it (``ai.rip.fast_cards``).
    cards: Mapping[int, PsychicCard]
    x: CardTables
    info: dict[int, CardInfo]
    plain: dict[int, int]
    # Kept of each table (``_count_tables``), and both totals once asked (None: to count again).
    npsy: list[int]
    nact: list[int]
    gsum: list[int]
    sig: list[int]
    need: list[int]
    claims: int
    _totals: tuple[int, int] | None

    def _catalogue(self, cards: Mapping[int, PsychicCard]) -> None:
        self.cards = cards
        self.x = x = tables(cards)
        self.info, self.plain = x.info, x.plain

    def _count_tables(self) -> None:
        """What is kept of each table as cards come and go, counted afresh: its psychic cards, those that change
        others (bonus, nullify), the sum of the others' strength, its signature and the least number of cards it
        makes the opponent play a turn (card 14); and which seats have a card in play that claims the round's
        psychic card (card 1; bit 1 Green, bit 2 Blue)."""
        info, plain = self.info, self.plain
        self.npsy, self.nact, self.gsum, self.sig, self.need = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
        self.claims = 0
        for seat, table in enumerate(self.tables):
            for x in table:
                card = x.card
                if card.psychic:
                    ci = info[card.n]
                    self.npsy[seat] += 1
                    self.nact[seat] += bool(ci.active)
                    self.gsum[seat] += 0 if ci.active else plain[card.n]
                    self.sig[seat] += self.x.psychic_in_play(card.n, x.named)[1]
                    self.need[seat] = max(self.need[seat], ci.min_plays)
                    if "claim" in ci.kinds:
                        self.claims |= 1 << seat
                else:
                    self.gsum[seat] += card.n
                    self.sig[seat] += UNIT[card.n]
        self._totals = None

    def hand(self, seat: int) -> tuple[int, ...]:
        """``seat``'s hand as ``Side.hand`` holds it (its ghost values in order)."""
        return HANDS[self.hands[seat]].cards

    def totals(self) -> tuple[int, int]:
        """Both sides' strength in the round being fought (``rules.state_totals``)."""
        got = self._totals
        if got is None:
            if self.nact[0] or self.nact[1]:
                got = self.x.totals_of((self.sig[0], self.sig[1]), (self.tables[0], self.tables[1]))
            else:
                got = (self.gsum[0], self.gsum[1])
            self._totals = got
        return got

    def min_plays(self, seat: int) -> int:
        """``RipState.min_plays``: card 14 in the opponent's play."""
        return self.need[1 - seat]

    def to_move(self) -> int:
        return self.mover if self.phase == PLAY else self.loser

    def utilities(self) -> list[float]:
        """Each seat's result (``Result.utility``) once the game is over."""
        winners = self.winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in (0, 1)]

    def _set_owns(self, seat: int, owns: Owned) -> None:
        self.owned[seat] = owns.cards
        self.owns[seat] = owns

    def _draw_random(self) -> random.Random:
        rng = step_rng(self.seed, self.nonce)
        self.nonce += 1
        return rng
