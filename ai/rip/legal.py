"""What may be played now: whose move it is, card 14's minimum, each phase's legal actions, and the one-line
reason an action is refused."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from ai.protocol import CHANCE
from ai.rip.cards import (
    SEAT_NAMES,
    VALUES,
    PsychicCard,
)
from ai.rip.effects import card_info, is_named, per_catalogue
from ai.rip.secret import free_values, options, submultisets
from ai.rip.state import (
    _BLIND_PLAY,
    DRAW,
    END,
    FACEDOWN,
    OVER,
    PLAY,
    REVEAL,
    SKIP,
    TERMINAL,
    Action,
    Down,
    Draw,
    G,
    Ghost,
    Item,
    P,
    Psychic,
    Reveal,
    RipState,
    Turn,
)


class _Plays:
    """Per catalogue: how each tuple of owned psychic cards' one-card plays are made (remembered: play-outs list
    them at every step)."""

    def __init__(self, cards: Mapping[int, PsychicCard]) -> None:
        self.info = card_info(cards)
        self.layouts: dict[tuple[int, ...], tuple[tuple[int, str, tuple[Turn, ...]], ...]] = {}
        self.value_plays: dict[tuple[int, int], Turn] = {}

    def layout(self, owned: tuple[int, ...]) -> tuple[tuple[int, str, tuple[Turn, ...]], ...]:
        """For each playable owned card in order: (number, how its plays are made, its plays when fixed)."""
        got = self.layouts.get(owned)
        if got is not None:
            return got
        out: list[tuple[int, str, tuple[Turn, ...]]] = []
        for n in sorted({n for n in owned if self.info[n].rounds}):
            info = self.info[n]
            if "fetch" in info.kinds:
                out.append((n, "fetch", (Turn((Psychic(n),), end=False),)))
            elif info.named:
                out.append((n, "fixed", tuple(Turn((Psychic(n, G(v)),), end=False) for v in VALUES)))
            elif "discard" in info.kinds:
                out.append((n, "discard", (Turn((Psychic(n),), end=False),)))
            else:
                out.append((n, "fixed", (Turn((Psychic(n),), end=False),)))
        self.layouts[owned] = got = tuple(out)
        return got

    def value_play(self, number: int, value: int) -> Turn:
        """``Turn((Psychic(number, G(value)),), end=False)``, made once."""
        got = self.value_plays.get((number, value))
        if got is None:
            got = self.value_plays[number, value] = Turn((Psychic(number, G(value)),), end=False)
        return got


plays_of = per_catalogue(_Plays)


def to_move(state: RipState) -> int:
    phase = state.phase
    if phase == PLAY:
        return state.mover
    if phase == FACEDOWN:
        return state.loser
    if phase == REVEAL:
        return 0 if state.sides[0].hidden_down else 1
    if phase == DRAW:
        return CHANCE
    return TERMINAL


def is_over(state: RipState) -> bool:
    return state.phase == OVER


def drawing_seat(state: RipState) -> int:
    """The seat whose typed draw is awaited (DRAW phase)."""
    return 0 if state.sides[0].pending else 1


def _playable_psychic(state: RipState, seat: int) -> list[int]:
    owned = state.sides[seat].owned
    if not owned:
        return []
    info = card_info(state.cards)
    return sorted({n for n in owned if info[n].rounds})


def available_cards(state: RipState, seat: int) -> int:
    """Cards ``seat`` could still play this turn (hand and playable psychic cards)."""
    return state.sides[seat].hand_size + len(_playable_psychic(state, seat))


def may_end_turn(state: RipState, need: int | None = None) -> bool:
    """Whether the mover may end the turn now (``need``: ``state.min_plays(state.mover)`` when known)."""
    if state.turn_plays == 0:
        return True
    if need is None:
        need = state.min_plays(state.mover)
    return not need or state.turn_plays >= need


def may_play(state: RipState, need: int | None = None) -> bool:
    """Whether the mover may play a card now (``need``: ``state.min_plays(state.mover)`` when known)."""
    if need is None:
        need = state.min_plays(state.mover)
    if not need or state.turn_plays >= need:
        return True
    return state.turn_plays + available_cards(state, state.mover) >= need  # card 14: enough cards left?


@functools.lru_cache(maxsize=4096)
def hand_plays(hand: tuple[int, ...]) -> tuple[Turn, ...]:
    """One-card plays of each value in a (sorted) hand, in value order."""
    return tuple(Turn((Ghost(v),), end=False) for v in sorted(set(hand)))


@functools.lru_cache(maxsize=4096)
def hand_downs(hand: tuple[int, ...]) -> tuple[Down, ...]:
    """Putting each value of a hand face down, in value order."""
    return tuple(Down(G(v)) for v in sorted(set(hand)))


def play_items(state: RipState) -> list[Item]:
    """The single cards the mover may play now."""
    return [action.items[0] for action in _plays(state) if isinstance(action, Turn)]


def _plays(state: RipState, need: int | None = None) -> list[Action]:
    """``Turn((item,), end=False)`` for each of ``play_items`` (``need``: ``state.min_plays(state.mover)``)."""
    if need is None:
        need = state.min_plays(state.mover)
    if not may_play(state, need):
        return []
    actions: list[Action] = list(ghost_plays(state))
    if state.sides[state.mover].owned:
        actions.extend(psychic_plays(state))
    return actions


def ghost_plays(state: RipState) -> tuple[Turn, ...]:
    """The mover's one-card plays from hand (the random one under card 6), as listed first by ``legal_actions``
    when ``may_play`` (not checked here)."""
    seat = state.mover
    side = state.sides[seat]
    if side.hand_size <= 0:
        return ()
    if state.blind[seat] and seat not in state.config.physical:
        return _BLIND_PLAY
    if side.hidden_down:  # a person's secret face-down cards: only what the real hand may hold
        return hand_plays(free_values(side))
    return hand_plays(side.hand)


def psychic_plays(state: RipState) -> list[Turn]:
    """The mover's one-card plays of owned psychic cards, as listed by ``legal_actions`` after the ghost plays
    when ``may_play`` (not checked here)."""
    seat = state.mover
    side = state.sides[seat]
    actions: list[Turn] = []
    if not side.owned:
        return actions
    derived = plays_of(state.cards)
    for number, how, plays in derived.layout(side.owned):
        if how == "fixed":
            actions.extend(plays)
        elif how == "fetch":
            values = sorted(set(side.deck))
            actions.extend([derived.value_play(number, v) for v in values] if values else plays)
        else:
            targets = sorted({x.card for x in state.sides[1 - seat].table})
            actions.extend([Turn((Psychic(number, t),), end=False) for t in targets] if targets else plays)
    return actions


def legal_actions(state: RipState) -> list[Action]:
    phase = state.phase
    if phase == PLAY:
        need = state.min_plays(state.mover)
        actions = _plays(state, need)
        if may_end_turn(state, need):
            actions.append(END)
        return actions
    if phase == FACEDOWN:
        side = state.sides[state.loser]
        downs: list[Action] = [SKIP]
        if side.hand_size > 0:
            downs.extend(hand_downs(free_values(side) if side.hidden_down else side.hand))
            if state.loser in state.config.physical:
                downs.append(Down(None, hidden=True))
        if side.owned:
            downs.extend(Down(P(n)) for n in sorted(set(side.owned)))
        return downs
    if phase == DRAW:
        side = state.sides[drawing_seat(state)]
        return [Draw(combo) for combo in submultisets(side.deck, side.pending)]
    if phase == REVEAL:
        side = state.sides[to_move(state)]
        return [Reveal(combo) for combo in options(side)]
    return []


def _arg_problem(state: RipState, seat: int, item: Psychic) -> str:
    card = state.cards[item.number]
    n = item.number
    if card.has("fetch"):
        if item.arg is None or item.arg.psychic:
            return f"psychic card {n}: name the ghost value to take from the deck, e.g. p{n} 5"
        return f"psychic card {n}: {SEAT_NAMES[seat]}'s deck has no {item.arg.n} left"
    if is_named(card):
        return f"psychic card {n}: name a ghost value 1 to 6, e.g. p{n} 4"
    if card.has("discard"):
        if item.arg is None:
            return f"psychic card {n}: name the opponent's card in play to discard, e.g. p{n} 3 or p{n} p8"
        return f"psychic card {n}: {SEAT_NAMES[1 - seat]} has no {item.arg} in play this round"
    return f"psychic card {n} takes nothing after it"


def _not_now(state: RipState) -> str:
    phase = state.phase
    if phase == DRAW:
        return f"not now: type the cards {SEAT_NAMES[drawing_seat(state)]} drew"
    if phase == FACEDOWN:
        return f"not now: {SEAT_NAMES[state.loser]} may put a card face down (or none)"
    if phase == REVEAL:
        return "not now: name the secret face-down cards for round 10"
    return "not now"
