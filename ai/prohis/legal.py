"""What may be done now in Prohis: what the tool knows of the cards, whose move it is, each phase's legal actions
and the one-line reason an action is refused."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from ai.prohis.cards import (
    CAPTAIN,
    CONTROLLERS,
    CONVOY_MAX,
    CONVOY_MIN,
    HAND_LIMIT,
    ILLEGAL,
    INSPECTOR,
    KINDS,
    LEGAL,
    LIEUTENANT,
    NAMES,
    PLURALS,
    SLOTS,
    UNKNOWN,
    amount,
    deck_counts,
)
from ai.prohis.state import (
    ACCEPT,
    BRIBE,
    COMMIT,
    CONVOY,
    DEAL,
    DECLINE,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    NOBODY,
    PASS,
    PILE,
    REFUSE,
    REVEAL,
    STOP,
    TAKE,
    ZERO,
    Act,
    Counts,
    Phase,
    ProhisState,
    add,
    cards_of,
    cards_text,
    counts_of,
    plus,
)
from ai.protocol import CHANCE
from ai.text import listing, plural

# -- what is known --


def known_counts(state: ProhisState) -> Counts:
    """Per card type, the cards in play wherever they are; ``UNKNOWN`` counts the cards not seen."""
    total = ZERO
    for counts in (*state.hands, *state.warehouses):
        total = plus(total, counts)
    total = add(total, (c for c in state.display if c is not None))
    total = add(total, state.pile)
    total = add(total, state.convoy)
    total = plus(total, state.bribe)
    total = add(total, (c for c in state.commits if c is not None))
    # physical mode: cards dealt or turned up but not typed yet
    return add(total, [UNKNOWN] * len(state.pending))


def pool(state: ProhisState) -> Counts:
    """Per card type, how many are among the cards the tool has not seen (``UNKNOWN`` anywhere)."""
    deck = deck_counts(state.n)
    known = known_counts(state)
    return (*(deck[k] - known[k] for k in KINDS), 0)


def reserved(state: ProhisState, seat: int | None = None) -> Counts:
    """Per card type, the unseen cards certainly in the hands of people other than ``seat`` (``None``: of every
    person): the display cards each was seen taking and has not laid face down since (``ProhisState.taken``).
    A person's hand is ``UNKNOWN`` to the tool, so the pool still counts those cards."""
    out = [0] * SLOTS
    for other in range(state.n):
        if other != seat and state.hands[other][UNKNOWN]:
            for k in KINDS:
                out[k] += state.taken[other][k]
    return tuple(out)


def free(state: ProhisState, seat: int | None = None) -> Counts:
    """Per card type, how many unseen cards may be among ``seat``'s (``None``: the deck's): the pool less the
    cards other people certainly hold. Without it a 7th lieutenant could be typed into a display at 3 players
    while a person holds one taken from it."""
    p, kept = pool(state), reserved(state, seat)
    return (*(max(0, p[k] - kept[k]) for k in KINDS), 0)


def total_cards(state: ProhisState) -> int:
    return sum(known_counts(state))


# -- whose turn --


def unseen_seats(state: ProhisState) -> list[int]:
    """The seats whose hand or warehouse holds cards the tool did not see (a person's; a bot's that stored a
    person's convoy unturned)."""
    return [s for s in range(state.n) if state.hands[s][UNKNOWN] or state.warehouses[s][UNKNOWN]]


def to_move(state: ProhisState) -> int:
    if state.phase == Phase.COUNT:  # a person counts their own cards; a bot's warehouse is the table's
        seat = unseen_seats(state)[0]
        return CHANCE if state.tracked(seat) else seat
    if state.pending:
        return CHANCE
    if state.phase == Phase.OVER:
        return NOBODY
    if state.phase == Phase.COMMIT:
        return state.asking
    if state.phase == Phase.JUDGE:
        return state.inspector
    return state.active


def can_draw(state: ProhisState, seat: int) -> bool:
    has_source = bool(state.pile) or any(c is not None for c in state.display)
    return state.hand_size(seat) < HAND_LIMIT and has_source


def can_pass(state: ProhisState) -> bool:
    seat = state.active
    if state.config.pass_any_time or not state.pile:
        return True
    return not can_draw(state, seat) and state.hand_size(seat) < CONVOY_MIN


def may_commit(state: ProhisState, seat: int) -> bool:
    hand = state.hands[seat]
    if hand[LIEUTENANT] or hand[CAPTAIN] or hand[INSPECTOR]:
        return True
    if not hand[UNKNOWN]:
        return False
    p = free(state, seat)
    return any(p[k] for k in CONTROLLERS)


def sub_multisets(counts: Counts, low: int, high: int) -> list[tuple[int, ...]]:
    """Every sorted multiset of ``low``–``high`` cards taken from ``counts``."""
    kinds = [k for k in range(SLOTS) if counts[k]]
    out = []
    for combo in itertools.product(*(range(min(counts[k], high) + 1) for k in kinds)):
        size = sum(combo)
        if low <= size <= high:
            out.append(tuple(k for k, m in zip(kinds, combo, strict=True) for _ in range(m)))
    return out


def _display_kinds(state: ProhisState) -> list[int]:
    return sorted({c for c in state.display if c is not None})


def legal_actions(state: ProhisState) -> list[Act]:
    """Every action of the mover. For a person at a physical table (``UNKNOWN`` hand) the typed forms with
    card types are checked by ``check`` instead (there are too many to list)."""
    phase = state.phase
    if phase in (Phase.OVER, Phase.COUNT):  # the count is typed and checked by ``ai.prohis.ending``
        return []
    if state.pending:
        p = free(state)
        return [Act(DEAL, (k,)) for k in (LEGAL, ILLEGAL, LIEUTENANT) if p[k]]
    seat = to_move(state)
    hand = state.hands[seat]
    if phase == Phase.TURN:
        acts: list[Act] = []
        if can_draw(state, seat):
            acts += [Act(TAKE, (k,)) for k in _display_kinds(state)]
            if state.pile:
                acts.append(Act(PILE))
        acts += [Act(CONVOY, cards) for cards in sub_multisets(hand, CONVOY_MIN, CONVOY_MAX)]
        if can_pass(state):
            acts.append(Act(PASS))
        return acts
    if phase == Phase.SECOND:
        acts = [Act(TAKE, (k,)) for k in _display_kinds(state)]
        if state.pile:
            acts.append(Act(PILE))
        return [*acts, Act(STOP)]
    if phase == Phase.COMMIT:
        if hand[UNKNOWN]:
            p = free(state, seat)
            kinds = [k for k in CONTROLLERS if p[k] or hand[k]]
        else:
            kinds = [k for k in CONTROLLERS if hand[k]]
        return [Act(NO_COMMIT), *(Act(COMMIT, (k,)) for k in kinds)]
    if phase == Phase.BRIBE:
        if hand[UNKNOWN] and state.tracked(state.inspector):
            p = free(state, seat)
            typed = add(ZERO, (k for k in KINDS for _ in range(min(p[k], hand[UNKNOWN]))))
            options = sub_multisets(typed, 1, min(hand[UNKNOWN], 2))
        else:
            options = sub_multisets(hand, 1, sum(hand))
        return [Act(NO_BRIBE), *(Act(BRIBE, cards) for cards in options)]
    if phase == Phase.JUDGE:
        return [Act(ACCEPT), Act(REFUSE)] if state.offered else [Act(INSPECT), Act(DECLINE)]
    # REVEAL: a card of the active seat's convoy
    p = free(state, state.active)
    return [Act(REVEAL, (k,)) for k in KINDS if p[k]]


def check(state: ProhisState, act: Act) -> str | None:
    """Why ``act`` is not possible now (one line for the person), or ``None``."""
    listed = Act(CONVOY, tuple(sorted(act.cards))) if act.verb == CONVOY else act  # a row typed in any order
    if listed in legal_actions(state):
        return None
    phase = state.phase
    if phase == Phase.OVER:
        return "the game is over"
    seat = to_move(state)
    who = "the deck" if seat == CHANCE else state.config.name(seat)
    if state.pending:
        if act.verb != DEAL:
            return f"first type the card {_pending_text(state)}"
        return _check_deal(state, act.cards)
    hand = state.hands[seat]
    if act.verb in (CONVOY, BRIBE, COMMIT) and hand[UNKNOWN]:
        verbs = {Phase.TURN: (CONVOY,), Phase.COMMIT: (COMMIT,), Phase.BRIBE: (BRIBE,)}
        if act.verb in verbs.get(phase, ()):
            return _check_typed(state, seat, act)
    # 8 cards or more: no drawing (a trial was offered it)
    drawing = "take, pile, " if can_draw(state, seat) else ""
    expected = {
        Phase.TURN: f"{drawing}convoy" + (" or pass" if can_pass(state) else ""),
        Phase.SECOND: "take, pile or stop",
        Phase.COMMIT: "inspect with a controller, or no",
        Phase.BRIBE: "bribe CARDS or no",
        Phase.JUDGE: "accept or refuse" if state.offered else "inspect or decline",
        Phase.REVEAL: "the card turned over",
    }[phase]
    if act.verb in (TAKE, PILE) and phase == Phase.TURN and state.hand_size(seat) >= HAND_LIMIT:
        return f"{who} holds {state.hand_size(seat)} cards: no drawing with {HAND_LIMIT} or more"
    if act.verb == TAKE and phase in (Phase.TURN, Phase.SECOND):
        return f"no {NAMES[act.cards[0]]} card in the display"
    if act.verb == PILE and phase in (Phase.TURN, Phase.SECOND):
        return "the draw pile is empty"
    if act.verb == PASS and phase == Phase.TURN:
        return "no passing while the draw pile has cards and another action is possible"
    if act.verb == CONVOY and phase == Phase.TURN:
        size = len(act.cards)
        if not CONVOY_MIN <= size <= CONVOY_MAX:
            return f"a convoy has {CONVOY_MIN} to {CONVOY_MAX} cards, not {size}"
        if UNKNOWN in act.cards:  # a count: the tool keeps this hand, so the cards are named
            return "name the convoy's cards by letter, as they lie: e.g. convoy g g x"
        # typed behind the person's gate when several share the screen (``secret_input``): the hand may be
        # named there (a trial read a bare "Ben cannot send that convoy" behind his own gate)
        return _lacking(who, hand, act.cards)
    if act.verb == COMMIT and phase == Phase.COMMIT:
        return _not_held(state, seat, f"{who} holds no {NAMES[act.cards[0]]}", "inspect with that")
    if act.verb == BRIBE and phase == Phase.BRIBE:
        if UNKNOWN in act.cards:
            return "name the bribe's cards by letter: e.g. bribe g g"
        return _lacking(who, hand, act.cards)  # behind the gate too
    if act.verb == REVEAL and phase == Phase.REVEAL:
        return f"no {NAMES[act.cards[0]]} card can be there: all are accounted for"
    return f"now {state.config.name(seat)}: {expected}"


def _lacking(who: str, hand: Sequence[int], cards: Iterable[int]) -> str:
    """What a hand lacks for ``cards``: "Ben's hand holds only 1 illegal and no lieutenants" (a trial read
    the whole convoy, "does not hold 1 legal, 2 illegal", where one illegal was missing)."""
    need = counts_of(cards)
    short = [
        f"only {amount(hand[k], k)}" if hand[k] else f"no {PLURALS[k]}" for k in KINDS if need[k] > hand[k]
    ]
    if not short:  # pragma: no cover - a convoy or bribe the hand holds is legal
        return f"{who}'s hand does not hold {cards_text(cards)}"
    return f"{who}'s hand holds {listing(short)}"


def _not_held(state: ProhisState, seat: int, text: str, what: str) -> str:
    """A refusal that names what a hand does not hold; with several people seated at one shared screen, one
    that does not (``Ben cannot inspect with that``): the others would learn what the hand holds."""
    if state.person(seat) and len(state.config.untracked) > 1:
        return f"{state.config.name(seat)} cannot {what}"
    return text


def _holds_only(state: ProhisState, seat: int) -> str:
    size = state.hand_size(seat)
    return f"{state.config.name(seat)} holds only {plural(size, 'card')}"


def _check_typed(state: ProhisState, seat: int, act: Act) -> str | None:
    """A person at a physical table names cards the tool has not seen: possible if enough are unseen."""
    hand = state.hands[seat]
    size = len(act.cards)
    if act.verb == CONVOY and not CONVOY_MIN <= size <= CONVOY_MAX:
        return f"a convoy has {CONVOY_MIN} to {CONVOY_MAX} cards, not {size}"
    if act.verb == BRIBE and size < 1:
        return "a bribe is at least one card"
    if act.verb == BRIBE and UNKNOWN in act.cards and state.tracked(state.inspector):
        return f"{state.config.name(state.inspector)} is a bot: name the bribe's cards (e.g. bribe g g)"
    if size > state.hand_size(seat):
        return _holds_only(state, seat)
    need = counts_of(c for c in act.cards if c != UNKNOWN)
    p = free(state, seat)
    for k in KINDS:
        if need[k] > hand[k] + min(p[k], hand[UNKNOWN]):
            most = hand[k] + min(p[k], hand[UNKNOWN])
            return f"{state.config.name(seat)} cannot hold {amount(need[k], k)}: at most {most} can be in that hand"
    used = sum(max(0, need[k] - hand[k]) for k in KINDS) + act.cards.count(UNKNOWN)
    if used > hand[UNKNOWN]:
        return _holds_only(state, seat)
    # the display cards this seat took are in its hand: in what it lays now, or still held
    kept = [max(0, state.taken[seat][k] - need[k]) for k in KINDS]
    if sum(kept) > hand[UNKNOWN] - used:
        room = hand[UNKNOWN] - used
        leaves = "no card" if room <= 0 else plural(room, "card")
        held = cards_text(cards_of(tuple(kept)))
        return f"{state.config.name(seat)} still holds {held} taken from the display; that {act.verb} leaves {leaves} in the hand"
    return None


def due(state: ProhisState) -> int:
    """How many typed cards in a row go to the same place now: the cards still dealt to one seat, or the
    display slots still to turn up (physical mode)."""
    if not state.pending:
        return 0
    first = state.pending[0]
    n = 0
    for target in state.pending:
        if target != first and (first >= 0 or target >= 0):
            break
        n += 1
    return n


def _check_deal(state: ProhisState, cards: tuple[int, ...]) -> str | None:
    """Several cards typed at once for one seat or the display (physical mode): one line if they cannot be."""
    n = due(state)
    if not 1 <= len(cards) <= n:
        target = state.pending[0]
        where = state.config.name(target) if target >= 0 else "the display"
        return f"{where} has {plural(n, 'card')} still due, not {len(cards)}"
    p = free(state)
    for kind in sorted(set(cards)):
        if kind not in (LEGAL, ILLEGAL, LIEUTENANT):
            return "the deck holds only goods and lieutenants"
        if cards.count(kind) > p[kind]:
            if not p[kind]:
                total = deck_counts(state.n)[kind]
                return f"no {NAMES[kind]} card can still be in the deck: all {total} are accounted for"
            return f"only {amount(p[kind], kind)} can still be in the deck"
    return None


def _pending_text(state: ProhisState) -> str:
    target = state.pending[0]
    if target >= 0:
        return f"drawn for {state.config.name(target)}"
    return f"turned up in display slot {-target}"
