"""RIP's rules: state, legal actions, apply, totals, round 10, end and result (spec: shared/rules/rip.md).

Seats are the families: 0 Green, 1 Blue. A state is immutable; ``apply`` returns a new one.

This module is the rules' public API (setup, ``check``, ``apply``); the rules live by concept in
``ai.rip.state`` (the state and actions), ``effects`` (what each psychic card does), ``totals`` (each side's
strength, round 10, the outcome), ``legal`` (what may be played now), ``work`` (one transition's working state),
``turn`` (a turn's plays and its end) and ``rounds`` (the end of a round and of the game).

Actions are small so that bots and search choose one card at a time: ``Turn((item,), end=False)`` plays one
card and keeps the turn, ``Turn((), end=True)`` ends it (``pass`` when nothing was played). A person types a
whole turn at once (``2 2 5`` is ``Turn((2, 2, 5), end=True)``); it is applied item by item, then ended.

Decks. A virtual deck (the bot's at the table, both in the arena) is shuffled from the seed and kept in the
state, hidden from every other seat, so undo never re-draws. A physical deck (``config.physical``) is the
person's own: the tool knows only its contents; each draw is a chance step the person types (``Draw``). A
person may put a card face down without saying which (``down``): the tool then keeps it among the hand
(``Side.hidden_down`` counts such cards) until they reveal it in round 10.

Totals are recomputed from the cards in play after every action (``totals``), never kept incrementally; a state
remembers the totals of its two tables (``state_totals``), which a state derived from it with the very same tables
reuses.

Speed: ``hard`` applies a few hundred thousand actions a second. When nobody records events, ``apply`` builds no
text, takes one step for ghost cards played from hand and for a turn ended ahead (``_quick_turn``), and shares
immutable objects (cards, one-card plays, what each psychic card does: ``card_info``). Tests check that the state
after any action is the same whether or not events are recorded.

Rulings of ours beyond the spec, written here where the rule lives:
- Ruling: under card 14 a player may start playing only if they can reach 2 cards this turn; once they have
  played one card they must play a second before ending the turn.
- Ruling: owned psychic cards lie face up, so which one a player puts face down is public (its text acts in
  round 10); a ghost card put face down stays secret.
- Ruling: in round 10 a face-down card that makes a choice chooses what is best for its owner: card 10 names
  the value that most improves its owner's margin, card 11 discards the opponent's face-down card that helps
  them most (even when it is their only one), card 2 fetches the highest ghost left in its owner's deck
  (usually none by then). Claims, peeks, card 6 and card 14 do nothing in round 10.
- Ruling: round 10's choices are made in this order: fetches, then discards (Green's first; a discard card
  discarded before it acts does nothing; each discard chooses knowing how card 10 will then be named), then
  named values (Green's first). Each psychic card exists once, so both families never hold the same card.
- Ruling: a ghost's value never goes below 0 (a user's card with a negative bonus).
- Ruling: if a card taken from play by card 11 was a "counts as a ghost" psychic card or card 6, its effect
  ends at once (card 6: the next card is no longer random).
- Ruling: after round 9 both players draw and its loser may place a card face down before round 10, as after
  any round.
"""

from __future__ import annotations

import random
from collections import Counter

from ai import rng as seeded
from ai.protocol import Event, IllegalError
from ai.rip.cards import (
    CASTLE,
    DECK,
    HAND_SIZE,
    LINE_LENGTH,
    MANOR,
    TOKEN_COUNTS,
    TUTORIAL_OPEN,
)
from ai.rip.effects import (
    CardInfo,
    card_info,
)
from ai.rip.legal import (
    _not_now,
    available_cards,
    drawing_seat,
    ghost_plays,
    is_over,
    legal_actions,
    may_end_turn,
    may_play,
    play_items,
    psychic_plays,
    to_move,
)
from ai.rip.rounds import down, draw, reveal
from ai.rip.secret import refusal
from ai.rip.state import (
    _GHOST_IN_PLAY,
    DRAW,
    END,
    FACEDOWN,
    OVER,
    PLAY,
    REVEAL,
    SKIP,
    TERMINAL,
    Action,
    Blind,
    Card,
    Down,
    Draw,
    G,
    Ghost,
    InPlay,
    Item,
    P,
    Phase,
    Psychic,
    Reveal,
    RipConfig,
    RipState,
    Side,
    Turn,
    replace,
)
from ai.rip.totals import (
    card_values,
    outcome,
    plain_total,
    printed_value,
    round10_tables,
    state_totals,
    totals,
)
from ai.rip.turn import end_turn, play
from ai.rip.work import Work, remove

# --- setup -----------------------------------------------------------------------------------------------

#: The rules' public API: what the game, its players, notation and tests read (defined by concept in
#: ``state``, ``effects``, ``totals``, ``legal``, ``turn``, ``rounds``; applied here).
__all__ = [
    "END",
    "SKIP",
    "TERMINAL",
    "Action",
    "Blind",
    "Card",
    "CardInfo",
    "Down",
    "Draw",
    "G",
    "Ghost",
    "InPlay",
    "Item",
    "P",
    "Phase",
    "Psychic",
    "Reveal",
    "RipConfig",
    "RipState",
    "Side",
    "Turn",
    "apply",
    "available_cards",
    "card_info",
    "card_values",
    "check",
    "drawing_seat",
    "ghost_count",
    "ghost_plays",
    "initial_state",
    "is_over",
    "legal_actions",
    "may_end_turn",
    "may_play",
    "outcome",
    "plain_total",
    "play_items",
    "printed_value",
    "psychic_plays",
    "replace",
    "round10_tables",
    "state_totals",
    "to_move",
    "token_kinds",
    "totals",
]


def initial_state(config: RipConfig, seed: int) -> RipState:
    rng = random.Random(seed)
    cards = config.catalogue()
    if config.line:
        line = config.line
    else:
        pool = list(config.pool())
        seeded.shuffle(rng, pool)
        line = tuple(pool[:LINE_LENGTH])
    if config.tokens:
        tokens = tuple(config.tokens)
    else:
        bag = [kind for kind, n in TOKEN_COUNTS.items() for _ in range(n)]
        seeded.shuffle(rng, bag)
        tokens = tuple(bag)
    sides = []
    for seat in (0, 1):
        if seat in config.physical:
            sides.append(Side(deck=tuple(sorted(DECK)), pending=HAND_SIZE))
        else:
            deck = list(DECK)
            seeded.shuffle(rng, deck)
            sides.append(Side(hand=tuple(sorted(deck[:HAND_SIZE])), deck=tuple(deck[HAND_SIZE:])))
    first = config.first if config.first is not None else seeded.randrange(rng, 2)
    return RipState(
        config=config,
        seed=seed,
        nonce=0,
        phase=DRAW if any(s.pending for s in sides) else PLAY,
        round=1,
        line=line,
        tokens=tokens,
        revealed=TUTORIAL_OPEN if config.tutorial else LINE_LENGTH,
        first=first,
        mover=first,
        turn_plays=0,
        blind=(False, False),
        sides=(sides[0], sides[1]),
        cards=cards,
    )


def check(state: RipState, action: Action) -> None:
    """Raise ``IllegalError`` with a one-line reason if ``action`` cannot be played now."""
    do(Work(state), action)


# --- apply -----------------------------------------------------------------------------------------------


def apply(state: RipState, action: Action, events: list[Event] | None = None) -> RipState:
    """The state after ``action``; appends what happened to ``events`` when given. Raises ``IllegalError``."""
    if events is None and action.__class__ is Turn and state.phase == PLAY:
        quick = _quick_turn(state, action)
        if quick is not None:
            return quick
    w = Work(state, events)
    do(w, action)
    return w.state


def _quick_turn(state: RipState, action: Turn) -> RipState | None:
    """``apply`` of the turns the search plays most, unrecorded: ghost cards from hand with neither card 6 nor
    card 14 at work, and ending the turn ahead. Exactly what ``_Work`` does then, in one or two steps; None for
    anything else (``_Work`` then applies it, or says why it is illegal)."""
    seat = state.mover
    items = action.items
    if items:
        if state.blind[seat] or state.min_plays(seat):
            return None
        side = state.sides[seat]
        if side.hidden_down:
            return None
        hand, table = side.hand, side.table
        for item in items:
            if item.__class__ is not Ghost:
                return None
            value = item.value
            if value not in hand:
                return None
            hand = remove(hand, value)
            table = (*table, _GHOST_IN_PLAY.get(value) or InPlay(G(value)))
        played = replace(side, hand=hand, table=table)
        sides = (played, state.sides[1]) if seat == 0 else (state.sides[0], played)
        after = replace(state, sides=sides, turn_plays=state.turn_plays + len(items))
        if not action.end:
            return after
    elif action.end:
        after = state
    else:
        return None
    if not may_end_turn(after):
        return None
    t = state_totals(after)
    if t[seat] > t[1 - seat]:
        return replace(after, mover=1 - seat, turn_plays=0)
    return None  # the mover leaves the mansion: the end of the round


def do(w: Work, action: Action) -> None:
    phase = w.state.phase
    if phase == OVER:
        raise IllegalError("the game is over")
    if isinstance(action, Turn):
        if phase != PLAY:
            raise IllegalError(_not_now(w.state))
        if not action.items and not action.end:
            raise IllegalError("nothing to play")
        if len(action.items) > 1:
            _check_hand(w, action.items)
        for item in action.items:
            play(w, item)
        if action.end:
            end_turn(w)
    elif isinstance(action, Draw):
        if phase != DRAW:
            raise IllegalError("no card is being drawn now")
        draw(w, action.values)
    elif isinstance(action, Down):
        if phase != FACEDOWN:
            raise IllegalError("a card goes face down only after losing a round")
        down(w, action)
    else:
        if phase != REVEAL:
            raise IllegalError("face-down cards are revealed in round 10")
        reveal(w, action.values)


def _check_hand(w: Work, items: tuple[Item, ...]) -> None:
    """Refuse, before any card of it is played, a turn whose ghost cards the mover's hand cannot hold, saying
    why in one line (``ai.rip.secret.refusal``: a person's own cards named, a bot's only counted)."""
    seat = w.state.mover
    wanted = Counter(i.value for i in items if isinstance(i, Ghost))
    n = sum(wanted.values()) + sum(isinstance(i, Blind) for i in items)
    why = refusal(w.name(seat), w.side(seat), wanted, n, show=not w.virtual(seat))
    if why:
        raise IllegalError(why)


def ghost_count(side: Side) -> Counter[int]:
    """Every ghost card a side's cards account for (hand, deck, face down, in play, played, discarded)."""
    counts: Counter[int] = Counter(side.hand)
    counts.update(side.deck)
    for cards in (side.down, tuple(x.card for x in side.table), side.played, side.discarded):
        counts.update(c.n for c in cards if not c.psychic)
    return counts


def token_kinds() -> tuple[str, str]:
    return MANOR, CASTLE
