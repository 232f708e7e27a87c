"""What may be done now in Propuh: whose move it is, the cards whose place is unknown, each phase's legal
actions, and the one-line reason an action is refused."""

from __future__ import annotations

from ai.propuh.cards import (
    GRANNY,
    KIND_COUNTS,
    KINDS,
    LOCS,
    PROPUH,
    ROLE_NAMES,
    Card,
)
from ai.propuh.state import (
    TERMINAL,
    Action,
    Deal,
    Draw,
    MoveFigurine,
    Phase,
    Play,
    PropuhState,
    Remove,
)
from ai.protocol import CHANCE, IllegalError, not_in_hand
from ai.text import plural


def to_move(state: PropuhState) -> int:
    phase = state.phase
    if phase == Phase.PLAY:
        return state.plays % 2
    if phase == Phase.REMOVE:
        return GRANNY
    if phase == Phase.OVER:
        return TERMINAL
    return CHANCE


def unknown_counts(state: PropuhState) -> list[int]:
    """Per kind: cards whose place the tool does not know (a physical deck, the solo removals, untracked hands)."""
    counts = [total - seen for total, seen in zip(KIND_COUNTS, state.seen, strict=True)]
    for hand in state.hands:
        for card in hand:
            counts[card.kind] -= 1
    if not state.config.physical:
        for card in state.deck:
            counts[card.kind] -= 1
        for card in state.removed:
            counts[card.kind] -= 1
    return counts


def playable_cards(state: PropuhState, seat: int) -> tuple[Card, ...]:
    if seat == PROPUH and state.config.solo:
        return (state.drawn,) if state.drawn is not None else ()
    if seat in state.config.untracked:
        if state.hidden[seat] == 0:
            return ()
        return tuple(card for card, n in zip(KINDS, unknown_counts(state), strict=True) if n > 0)
    return tuple(sorted(set(state.hands[seat])))


def legal_actions(state: PropuhState) -> list[Action]:
    phase = state.phase
    if phase == Phase.PLAY:
        seat = state.plays % 2
        actions: list[Action] = [Play(c, loc) for c in playable_cards(state, seat) for loc in LOCS]
        if seat == GRANNY and state.plays == 0 and not state.figurine_moved:
            actions.extend(MoveFigurine(loc) for loc in LOCS if loc != state.figurine)
        return actions
    if phase in (Phase.DRAW, Phase.DEAL):
        return [Draw(card) for card, n in zip(KINDS, unknown_counts(state), strict=True) if n > 0]
    if phase == Phase.REMOVE:
        return [Remove(True), Remove(False)]
    return []


def check(state: PropuhState, action: Action) -> None:
    """Raise ``IllegalError`` with a one-line reason if ``action`` cannot be played now."""
    phase = state.phase
    if phase == Phase.OVER:
        raise IllegalError("the game is over")
    if isinstance(action, Draw):
        if phase not in (Phase.DRAW, Phase.DEAL):
            raise IllegalError("no card is being drawn now")
        _check_unknown(state, action.card)
        return
    if isinstance(action, Deal):
        if phase == Phase.DRAW:
            raise IllegalError("Propuh draws one card: type only the card drawn")
        if phase != Phase.DEAL:
            raise IllegalError("no card is being dealt now")
        seat, due = due_now(state)
        if len(action.cards) > due:
            raise IllegalError(
                f"{ROLE_NAMES[seat]} is due {plural(due, 'more card')}, not {len(action.cards)}"
            )
        _check_unknown(state, *action.cards)
        return
    if isinstance(action, Remove):
        if phase != Phase.REMOVE:
            raise IllegalError("the figurine only removes a token at the end of a round")
        return
    if phase != Phase.PLAY:
        expected = {
            Phase.DRAW: "the card drawn for Propuh",
            Phase.DEAL: "the cards dealt",
            Phase.REMOVE: "yes or no",
        }
        raise IllegalError(f"not now: type {expected[phase]}")
    seat = state.plays % 2
    if isinstance(action, MoveFigurine):
        if seat != GRANNY or state.plays != 0:
            raise IllegalError("the figurine moves only at the start of a round, before Granny's first card")
        if state.figurine_moved:
            raise IllegalError("the figurine has already moved this round")
        if action.loc == state.figurine:
            raise IllegalError(f"the figurine is already on the {action.loc.title}")
        return
    card = action.card
    if seat == PROPUH and state.config.solo:
        if card != state.drawn:
            raise IllegalError(f"Propuh must place the card drawn, {state.drawn}")
        return
    if seat in state.config.untracked:
        if state.hidden[seat] == 0:
            raise IllegalError(f"{ROLE_NAMES[seat]} has no card left")
        _check_unknown(state, card)
        return
    if card not in state.hands[seat]:
        raise IllegalError(not_in_hand(ROLE_NAMES[seat]))


def _check_unknown(state: PropuhState, *cards: Card) -> None:
    """Refuse a typed card the tool has already accounted for every copy of: one line saying where the copies
    are (all public, or typed in view: played, drawn for Propuh, in a hand whose cards were typed) and what to
    type instead."""
    unknown = unknown_counts(state)
    for i, card in enumerate(cards):
        unknown[card.kind] -= 1
        if unknown[card.kind] < 0:
            redo = (
                "check the cards and type them again"
                if len(cards) > 1
                else "check the card and type it again"
            )
            raise IllegalError(f"{_accounted(state, card, cards[:i].count(card))}: {redo}")


def _accounted(state: PropuhState, card: Card, typed_before: int) -> str:
    """Where every copy of ``card`` is: ``Stove 4 has already been played, and there is only one``, ``all 4 Bed 3
    cards are already out (3 in Granny's hand, 1 in Propuh's hand)``."""
    drawn = int(state.drawn == card)
    hands = [
        (state.hands[seat].count(card), f"in {name}'s hand", f"is in {name}'s hand", f"are in {name}'s hand")
        for seat, name in ((GRANNY, ROLE_NAMES[GRANNY]), (PROPUH, ROLE_NAMES[PROPUH]))
        if seat not in state.config.untracked
    ]
    places = [  # how many copies, where (in a list), what one copy is, what all of them are
        (state.seen[card.kind] - drawn, "played", "has already been played", "have already been played"),
        (drawn, "drawn for Propuh", "has just been drawn for Propuh", ""),
        *hands,
        (typed_before, "typed on this line", "is typed twice on this line", "are typed on this line"),
    ]
    found = [place for place in places if place[0] > 0]
    total = KIND_COUNTS[card.kind]
    if total == 1:
        return f"{card.long} {found[0][2]}, and there is only one"
    whole = "both" if total == 2 else f"all {total}"
    if len(found) == 1:
        return f"{whole} {card.long} cards {found[0][3]}"
    return (
        f"{whole} {card.long} cards are already out ({', '.join(f'{n} {where}' for n, where, _, _ in found)})"
    )


def due_now(state: PropuhState) -> tuple[int, int]:
    """With a real deck being dealt: the seat typed for now and how many cards it is still due."""
    seat = state.pending[0]
    due = 0
    while due < len(state.pending) and state.pending[due] == seat:
        due += 1
    return seat, due
