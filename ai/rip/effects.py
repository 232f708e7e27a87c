"""What each psychic card does, as the engine's hot paths read it: ``CardInfo`` per card of a catalogue
(its ghost value, bonus and nullify effects, card 14's minimum, its kinds), derived once per catalogue.

The effects' arithmetic (which cards a bonus reaches, a nullify, round 10's change) is applied to the cards in
play by ``ai.rip.totals``; playing a card (a fetch, a discard, card 6) is ``ai.rip.turn``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from ai.rip.cards import (
    Effect,
    PsychicCard,
)


class Active:
    """A bonus or nullify effect ready for ``card_values``: whose cards it reaches and, remembered, which
    printed values (with the value named) it matches."""

    __slots__ = ("amount", "effect", "matched", "nullify", "opponent", "own")

    def __init__(self, effect: Effect) -> None:
        self.effect = effect
        self.nullify = effect.kind == "nullify"
        self.amount = effect.amount
        self.own = effect.side != "opponent"  # reaches its owner's cards ("own" or "both")
        self.opponent = effect.side != "own"  # reaches the opponent's cards ("opponent" or "both")
        self.matched: dict[tuple[int, int], bool] = {}

    def matches(self, printed: int, named: int) -> bool:
        key = (printed, named)
        got = self.matched.get(key)
        if got is None:
            got = self.matched[key] = self.effect.matches(printed, named)
        return got


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the engine's hot paths read of a psychic card, derived once per catalogue (``card_info``)."""

    ghost: int | None  # its value for filters when it counts as a ghost, else None
    round10: int  # the ghost's change in round 10
    active: tuple[Active, ...]  # its bonus and nullify effects
    min_plays: int  # the opponent plays 0 or at least this many cards a turn (0: no constraint)
    kinds: frozenset[str]
    named: bool  # a named bonus (card 10)
    rounds: bool  # playable in rounds 1-9
    inert: bool  # changes no total when played: no ghost, bonus, nullify, fetch or discard

    @staticmethod
    def of(card: PsychicCard) -> CardInfo:
        ghost = card.ghost
        kinds = frozenset(e.kind for e in card.effects)
        return CardInfo(
            ghost=ghost.value if ghost is not None else None,
            round10=ghost.round10 if ghost is not None else 0,
            active=tuple(Active(e) for e in card.effects if e.kind in ("bonus", "nullify")),
            min_plays=max((e.count for e in card.effects if e.kind == "min_plays"), default=0),
            kinds=kinds,
            named=is_named(card),
            rounds=card.playable == "rounds",
            inert=not kinds & {"ghost", "bonus", "nullify", "fetch", "discard"},
        )


_T = TypeVar("_T")


def per_catalogue(
    make: Callable[[Mapping[int, PsychicCard]], _T],
) -> Callable[[Mapping[int, PsychicCard]], _T]:
    """``make(cards)`` remembered per catalogue object (a game's states share one catalogue; play-outs ask
    for it at every step, so the one asked for last is checked first)."""
    made: dict[int, tuple[Mapping[int, PsychicCard], int, _T]] = {}
    last: list[tuple[Mapping[int, PsychicCard], int, _T]] = []

    def get(cards: Mapping[int, PsychicCard]) -> _T:
        if last and last[0][0] is cards:
            return last[0][2]
        got = made.get(id(cards))
        if got is None or got[0] is not cards or got[1] != len(cards):
            if len(made) >= 256:
                made.clear()
            got = made[id(cards)] = (
                cards,
                len(cards),
                make(cards),
            )  # keeps ``cards`` alive: its id stays its
        last[:] = [got]
        return got[2]

    return get


def is_named(card: PsychicCard) -> bool:
    """Whether the card's bonus goes to a value named when it is played (card 10)."""
    return any(e.kind == "bonus" and e.named for e in card.effects)


@per_catalogue
def card_info(cards: Mapping[int, PsychicCard]) -> dict[int, CardInfo]:
    """``CardInfo`` of each card of a catalogue; computed once per catalogue (a game's states share one)."""
    return {n: CardInfo.of(c) for n, c in cards.items()}
