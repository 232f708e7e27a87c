"""Propuh's rules: state, legal actions, apply, end and result (spec: shared/rules/propuh.md).

Seats are roles: 0 is Granny, 1 is Propuh. A state is immutable; ``apply`` returns a new one.

This module is the rules' public API (setup and ``apply``); the rules live by concept in ``ai.propuh.state``
(the state and actions), ``legal`` (what may be done now), ``work`` (one transition's working copy), ``plays``
(a card drawn, dealt or played) and ``rounds`` (settling a card, the end of a round and of the game).

Decks. In dealer mode (``physical=False``) the deck order is fixed by the seed and kept in the state, hidden from
every observation, so an undone draw comes back the same. With a physical deck (``physical=True``) the order is
unknown: a card drawn or dealt to a hand the tool tracks is a chance step the person types (``Draw``). A hand in
``untracked`` (Granny's at the solo table) is only counted; any card still unseen may be played from it.

Rulings of ours beyond the spec, written here where the rule lives:
- A player with no card to play (an empty hand, or an empty deck when solo Propuh must draw) ends the round's
  plays; the end of the round follows. (Solo round 7: Granny plays her one card, Propuh the last one.)
- At the end of a round the card left unresolved is discarded and places its owner's token, whoever owns it
  (in practice always Propuh's).
- The figurine may move once per round, before Granny's first card, to another location.
- Two-player deals: each seat gets what dealing one card at a time, Granny first, would give while the deck
  lasts; a seat's cards are dealt (and, with a real deck, typed) together, Granny's first, the bot's too.
- Several dealt cards may be typed on one line (``Deal``), at most the cards still due to that seat.
- The end-of-round check comes before the deal: the goals do not depend on it, and the tired rule (no card in
  the deck or any hand) is the same before and after it; a game that ends is not dealt to.
- The goals and the tired rule are checked with the counts after the deal; with a physical deck the cards
  still to be typed for that deal are counted as dealt.
"""

from __future__ import annotations

import random

from ai import rng as seeded
from ai.propuh import steps
from ai.propuh.cards import (
    DIFFICULTY_CARDS,
    DIFFICULTY_TOKENS,
    GRANNY,
    MAXIMA,
    PROPUH,
    SOLO_FIRST_HAND,
    SOLO_REMOVED,
    TWO_PLAYER_HAND,
    Loc,
    full_deck,
)
from ai.propuh.legal import check, due_now, legal_actions, playable_cards, to_move, unknown_counts
from ai.propuh.plays import play, typed_draw
from ai.propuh.rounds import end_lines, remove_token
from ai.propuh.state import (
    TERMINAL,
    Action,
    Deal,
    Draw,
    MoveFigurine,
    Phase,
    Play,
    PropuhConfig,
    PropuhState,
    Remove,
    Tokens,
    Unresolved,
)
from ai.propuh.work import Work, tokens_data
from ai.protocol import Event

__all__ = [
    "TERMINAL",
    "Action",
    "Deal",
    "Draw",
    "MoveFigurine",
    "Phase",
    "Play",
    "PropuhConfig",
    "PropuhState",
    "Remove",
    "Tokens",
    "Unresolved",
    "apply",
    "check",
    "due_now",
    "end_lines",
    "initial_state",
    "legal_actions",
    "playable_cards",
    "setup_tokens",
    "to_move",
    "tokens_data",
    "unknown_counts",
]


# --- setup -----------------------------------------------------------------------------------------------


def setup_tokens(
    config: PropuhConfig, rng: random.Random
) -> tuple[tuple[int, int, int], tuple[tuple[Loc, int], ...]]:
    """Propuh's starting tokens for the solo difficulty (capped at the maxima), and the difficulty cards drawn."""
    if not config.solo:
        return (0, 0, 0), ()
    if config.difficulty == "random":
        cards = tuple(seeded.sample(rng, DIFFICULTY_CARDS, config.random_cards))
        red = [0, 0, 0]
        for loc, n in cards:
            red[loc] = min(MAXIMA[PROPUH][loc], red[loc] + n)
        return (red[0], red[1], red[2]), cards
    return DIFFICULTY_TOKENS[config.difficulty], ()


def initial_state(config: PropuhConfig, seed: int) -> PropuhState:
    rng = random.Random(seed)
    red, difficulty_cards = setup_tokens(config, rng)
    w = Work.blank(config, red, difficulty_cards)
    if not config.physical:
        deck = full_deck()
        seeded.shuffle(rng, deck)
        w.deck = deck
        w.deck_size = len(deck)
    if config.solo:
        if config.physical:
            w.deck_size -= SOLO_REMOVED
        else:
            w.removed = [w.deck.pop(0) for _ in range(SOLO_REMOVED)]
            w.deck_size -= SOLO_REMOVED
        for _ in range(SOLO_FIRST_HAND):
            w.deal_one(GRANNY)
    else:
        for seat in (GRANNY, PROPUH):
            for _ in range(TWO_PLAYER_HAND):
                w.deal_one(seat)
    w.phase = Phase.DEAL if w.pending else Phase.PLAY
    return w.freeze()


# --- apply -----------------------------------------------------------------------------------------------


def apply(state: PropuhState, action: Action, events: list[Event] | None = None) -> PropuhState:
    """The state after ``action``. Appends what happened to ``events`` when given. Raises on an illegal action."""
    check(state, action)
    w = Work(state, events)
    if isinstance(action, Play):
        play(w, action.card, action.loc)
    elif isinstance(action, MoveFigurine):
        w.figurine = action.loc
        w.figurine_moved = True
        w.emit(
            "figurine",
            f"Granny moves the figurine to the {action.loc.title}.",
            (steps.figurine(action.loc),),
            player="granny",
            location=action.loc.title.lower(),
        )
    elif isinstance(action, Remove):
        remove_token(w, action.yes)
    elif isinstance(action, Deal):
        for card in action.cards:
            typed_draw(w, card)
    else:
        typed_draw(w, action.card)
    return w.freeze()
