"""RIP's play-out policy: the quick greedy version of the ``normal`` card that ``hard``'s search plays its
play-outs with, on the engine itself (a dealt game: every hand known), and the search's whole play-out
(``simulate``).

The ``normal`` card plans from an observation (its cheapest plan counts a psychic card as 3 points and replans
after every card); the play-out keeps its spirit at a fraction of the cost: end the turn when ahead; behind,
fight with the cheapest ghosts that put the seat ahead when the token is worth it (the card's budget, or the
token decides the game), else leave; play a psychic card first when it raises the margin by ``PSYCHIC_GAIN``;
after a lost round put a card playable only in round 10 face down, or late a high ghost (the card's bank).
What it reads of a hand or a psychic card is remembered by what it depends on (the hand's code, both tables'
signatures, the cards owned, the deck's values when a card fetches from it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ai import rng as seeded
from ai.rip.bots.card import (
    BANK_FROM,
    BANK_VALUE,
    CASTLE_BUDGET,
    LATE_MANOR_BUDGET,
    LATE_ROUND,
    MANOR_BUDGET,
)
from ai.rip.components import CASTLE, INSTANT_WIN, VALUES, PsychicCard
from ai.rip.effects import (
    GHOST_IN_PLAY,
    UNIT,
    CardInfo,
    keep,
    tables,
)
from ai.rip.engine import FACEDOWN, HANDS, OVER, PLAY, Engine
from ai.rip.state import BLIND, END, GHOST_PLAY, SKIP, Action, Card, Down, G, Ghost, InPlay, Psychic, Turn

#: Play-outs play a psychic card first when it raises the margin by at least this much.
PSYCHIC_GAIN = 2

#: The least of the card's budgets: a need within it is worth any token.
_LEAST_BUDGET = min(MANOR_BUDGET, LATE_MANOR_BUDGET, CASTLE_BUDGET)


#: ``_sums``'s answers, by the hand's code.
_SUMS: dict[int, int] = {}


def _sums(code: int) -> int:
    """Every sum some of the cards of the hand of ``code`` make (0 too), as the bits of an int (bit ``s``: the sum
    ``s``; shifts and ors on one int are quicker than sets of sums); remembered."""
    got = _SUMS.get(code)
    if got is None:
        got, rest = 1, code
        for v in VALUES:  # the hand's count of each value is one octal digit of its code (``UNIT``)
            for _ in range(rest % 8):
                got |= got << v
            rest //= 8
        _SUMS[code] = got
    return got


#: ``cheapest``'s answers by ``need << 18 | code`` (a hand's code is below ``1 << 18``), and the sets by
#: ``total << 18 | code`` (the least total reached: many needs share it).
_CHEAPEST: dict[int, tuple[int, ...]] = {}
_MAKING: dict[int, tuple[int, ...]] = {}


def cheapest(code: int, need: int) -> tuple[int, ...]:
    """The cheapest cards of the hand of ``code`` summing to at least ``need``, highest first (empty if none):
    the least sum reached, made of the highest card that leaves a sum the others make, then so on; remembered."""
    key = need << 18 | code
    got = _CHEAPEST.get(key)
    if got is None:
        # the least sum reached: the lowest bit of the sums at ``need`` or above (0 when none is, or ``need`` <= 0)
        above = _sums(code) >> need if need > 0 else 0
        total = need + (above & -above).bit_length() - 1 if above else 0
        got = _MAKING.get(total << 18 | code)
        if got is None:
            got = _MAKING[total << 18 | code] = _making(code, total)
        _CHEAPEST[key] = got
    return got


def _making(code: int, total: int) -> tuple[int, ...]:
    """The cards of the hand of ``code`` that make ``total`` (a sum some of them make), highest first: the
    highest card that leaves a sum the others make, then so on."""
    out: list[int] = []
    left = total
    while left > 0:
        for v in reversed(HANDS[code].values):
            if v <= left and _sums(code - UNIT[v]) >> (left - v) & 1:
                out.append(v)
                left -= v
                code -= UNIT[v]
                break
    return tuple(out)


def psychic_gain(
    seat: int,
    mine: Sequence[InPlay],
    theirs: Sequence[InPlay],
    cards: Mapping[int, PsychicCard],
    before: tuple[int, int],
    plays: Sequence[Action],
    signatures: tuple[int, int] | None = None,
) -> Action | None:
    """The psychic card play of ``plays`` that raises ``seat``'s margin most (at least ``PSYCHIC_GAIN``), if any,
    from the tables (``seat``'s and the opponent's), the totals ``before`` and the tables' signatures (Green's,
    Blue's: ``Engine.sig``; worked out from the tables when not given)."""
    x = tables(cards)
    info = x.info
    best: tuple[int, Action] | None = None
    margin: int | None = None
    plain = False
    sigs = (0, 0)
    for action in plays:
        if not (isinstance(action, Turn) and isinstance(action.items[0], Psychic)):
            continue
        item = action.items[0]
        card = info[item.number]
        if card.inert:
            continue  # it changes no total: no gain
        if margin is None:
            margin = before[seat] - before[1 - seat]
            if signatures is None:
                mine_sig, theirs_sig = x.signature(mine), x.signature(theirs)
                sigs = (mine_sig, theirs_sig) if seat == 0 else (theirs_sig, mine_sig)
            else:
                sigs = signatures
            # No card in play changes another: each card counts its own strength, so a play that adds no such
            # card gains exactly the strength it adds and the strength it takes from the opponent.
            plain = not (sigs[0] | sigs[1]) & x.active_bits
        kinds = card.kinds
        arg = item.arg
        fetch = "fetch" in kinds
        target = arg if "discard" in kinds else None
        if plain and not card.active:
            gain = _own_strength(card)
            if fetch and arg is not None:
                gain += _strength(arg, info)
            if target is not None:
                gain += _strength(target, info)
        else:
            # The tables after the play and their signatures, laid as the engine lays them: their totals are the
            # engine's, remembered by the signatures (``CardTables.totals_of``).
            placed, bit = x.psychic_in_play(item.number, arg.n if arg is not None and card.named else 0)
            own, own_sig = (*mine, placed), sigs[seat] + bit
            other, other_sig = theirs, sigs[1 - seat]
            if fetch and arg is not None:
                own, own_sig = (*own, GHOST_IN_PLAY[arg.n]), own_sig + UNIT[arg.n]
            if target is not None:
                i = [p.card for p in theirs].index(target)
                other, other_sig = (*theirs[:i], *theirs[i + 1 :]), other_sig - x.bit(theirs[i])
            if seat == 0:
                after = x.totals_of((own_sig, other_sig), (own, other))[0]
            else:
                after = x.totals_of((other_sig, own_sig), (other, own))[0]
            gain = (after[seat] - after[1 - seat]) - margin
        if gain >= PSYCHIC_GAIN and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best is not None else None


def _strength(card: Card, info: Mapping[int, CardInfo]) -> int:
    """A card's strength when no card in play changes it (as ``plain_total`` counts it)."""
    return _own_strength(info[card.n]) if card.psychic else card.n


def _own_strength(card: CardInfo) -> int:
    """A psychic card's strength when no card in play changes it: its ghost value, if it counts as one."""
    ghost = card.ghost
    return ghost if ghost is not None and ghost > 0 else 0


#: A gain not remembered yet (None is remembered: no psychic play gains enough).
_UNKNOWN = object()


def policy(e: Engine, rng: random.Random) -> Action:
    """The play-out policy's action in ``e`` (a turn or a face-down card to choose)."""
    if e.phase is PLAY:
        seat, t = e.mover, e.totals()
        if t[seat] > t[1 - seat] and e.may_end_turn():
            return END
        got = _play(e, rng, seat, t)
        if isinstance(got, int):
            return GHOST_PLAY[got]
        if isinstance(got, tuple):
            return Turn(tuple(Ghost(v) for v in got), end=False)
        return got
    if e.phase is FACEDOWN:
        card = _down(e)
        return SKIP if card is None else Down(card)
    return seeded.choice(rng, e.legal())


def _down(e: Engine) -> Card | None:
    """The round's loser's card face down (None: none): a card playable only in round 10, or late, a high
    ghost (banked)."""
    seat = e.loser
    if e.owned[seat]:
        first = e.owns[seat].round10_only
        if first is not None:
            return first.card
    hand = HANDS[e.hands[seat]]
    if e.round >= BANK_FROM and hand.size > 3 and hand.top >= BANK_VALUE:
        return G(hand.top)
    return None


def _play(e: Engine, rng: random.Random, seat: int, t: tuple[int, int]) -> Action | int | tuple[int, ...]:
    """The mover's (``seat``'s) card or the end of the turn, from the totals ``t``, when it may not end the turn
    ahead (the policy's first rule, read by its callers): the cheapest ghosts that put it ahead when the token is
    worth them, after a psychic card that gains enough; else leave. A ghost from hand comes as its value, several
    at once (the cheapest set, when nothing makes the turn longer) as their values."""
    other = 1 - seat
    limit = e.need[other]
    if limit:  # card 14: 0 or at least ``limit`` cards this turn
        plays = e.turn_plays
        may_end = plays == 0 or plays >= limit
        can_play = plays >= limit or e.may_play(limit)
    else:
        may_end = can_play = True
    need = t[other] + 1 - t[seat]
    code = e.hands[seat]
    hand = HANDS[code]
    if may_end:
        if hand.total < need:
            return END
        if need > _LEAST_BUDGET:  # within every budget, the token is worth it, whichever it is
            rnd = e.round
            kind = e.tokens[rnd - 1]
            budget = (
                CASTLE_BUDGET if kind == CASTLE else LATE_MANOR_BUDGET if rnd >= LATE_ROUND else MANOR_BUDGET
            )
            if need > budget:
                taken = e.taken
                if max(taken[seat].count(kind), taken[other].count(kind)) + 1 < INSTANT_WIN[kind]:
                    return END
    if not (can_play and hand.size):  # no ghost card to play: any psychic card, or end the turn
        choices = e.psychic_plays() if can_play and e.owned[seat] else ()
        return seeded.choice(rng, choices) if choices else END
    if e.blind[seat]:
        return BLIND
    if e.owns[seat].gainer:
        best = _gain(e, seat, t)
        if best is not None:
            return best
    if not limit:  # the hand makes ``need`` (``hand.total < need`` ended the turn above)
        # ``Hand.sets``: the cheapest set (``cheapest``), as its one value when it is one card; None until asked.
        got = hand.sets[need]
        if got is None:
            making = cheapest(code, need)
            got = hand.sets[need] = making if len(making) > 1 else making[0]  # a set: in one step
        return got
    # Card 14: one card at a time, the cheapest set's highest, or the highest ghost when no set makes ``need``.
    cards = _CHEAPEST.get(need << 18 | code)
    if cards is None:
        cards = cheapest(code, need)
    return cards[0] if cards else hand.top


def _gain(e: Engine, seat: int, before: tuple[int, int]) -> Action | None:
    """``psychic_gain`` for the mover, remembered by what it reads (``Owned.gains``)."""
    owns = e.owns[seat]  # one object per set of cards owned, which remembers its gains
    values = 0
    if owns.fetch:
        for v in set(e.decks[seat]):
            values |= 1 << v
    key = (seat, e.sig[seat], e.sig[1 - seat], values)
    got = owns.gains.get(key, _UNKNOWN)
    if got is not _UNKNOWN:
        return got  # type: ignore[return-value]
    got = psychic_gain(seat, e.tables[seat], e.tables[1 - seat], e.cards, before, e.psychic_plays(), e.sig)
    return keep(owns.gains, key, got)


def simulate(e: Engine, rng: random.Random) -> list[float]:
    """Play ``e`` to its end with the play-out policy (``policy``, its first rule inlined); each seat's result."""
    # The engine's rules as plain functions, read once: a method looked up on an engine at each call is not
    # specialised by the interpreter (an engine's data is a dictionary of its own), a local function is.
    end_turn, play_ghost, play_ghosts, put_down = (
        Engine.end_turn,
        Engine.play_ghost,
        Engine.play_ghosts,
        Engine.put_down,
    )
    while True:
        if e.phase is PLAY:
            seat = e.mover
            t = e._totals or e.totals()
            need = e.need[1 - seat]
            if t[seat] > t[1 - seat] and (not need or not e.turn_plays or e.turn_plays >= need):
                # Half the decisions of a play-out are ``_play``'s first rule, ahead: end the turn, taken here
                # before the policy's other rules are read. The other family then plays, behind by the same
                # totals (the turn ended ahead changes none), so its first rule cannot hold: ``_play`` decides.
                end_turn(e)
                seat = 1 - seat
            got = _play(e, rng, seat, t)
            kind = got.__class__
            if kind is int:
                play_ghost(e, seat, got)  # type: ignore[arg-type]
            elif kind is tuple:
                play_ghosts(e, seat, got)  # type: ignore[arg-type]
            elif got is END:
                end_turn(e)
            else:
                e.apply(got)  # type: ignore[arg-type]
        elif e.phase is FACEDOWN:
            put_down(e, _down(e))
        elif e.phase is OVER:
            return e.utilities()
        else:
            e.apply(seeded.choice(rng, e.legal()))
