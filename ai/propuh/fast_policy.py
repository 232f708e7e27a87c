"""Who moves on the fast path (``ai.propuh.fast_game``): the solo automaton and the quick play-out policies,
as functions of a game's state (``FastState``), and the search's whole play-out (``playout``).

``automaton_move`` is ``ai.propuh.automaton`` (its rules 1-3 and the rulings of the config);
``granny_policy`` and ``propuh_policy`` are the quick priority rules of ``ai.propuh.bots``
(``quick_granny_rules``, ``propuh_rules``), computed on the integers. ``tests/test_propuh_bots_fast.py`` checks
that they choose what the rule lists choose, position by position.
"""

from __future__ import annotations

import random

from ai import rng as seeded
from ai.propuh.cards import GRANNY, PROPUH
from ai.propuh.fast_game import FastGame
from ai.propuh.fast_state import (
    FIGURINE,
    GREEN_NEEDED,
    MAX_R,
    OVER,
    PLAY,
    RED_NEEDED,
    REMOVE,
    REMOVE_YES,
    STRONGER,
    SUIT,
    VALUE,
    FastState,
)


def automaton_move(f: FastState) -> int:
    """Where the automaton places the drawn card (``ai.propuh.automaton``), as an action code."""
    drawn = f.drawn
    trump = SUIT[drawn]
    granny = f.u_owner == GRANNY
    if granny and STRONGER[f.u_loc][drawn][f.u_card]:
        return drawn * 3 + f.u_loc
    limit = not f.ignore_limit and f.red[trump] >= MAX_R[trump]
    if not (granny and f.u_loc == trump) and not limit:
        return drawn * 3 + trump
    if granny:
        base = f.u_loc
    elif f.from_last and f.last >= 0:
        base = f.last
    else:
        base = trump
    loc = (base + 1) % 3
    if f.skip_blocked and loc == trump and not f.ignore_limit and f.red[loc] >= MAX_R[loc]:
        loc = (loc + 1) % 3
    return drawn * 3 + loc


def _safe(unseen: list[int], card: int, loc: int) -> int:
    """How many unseen cards could counter ``card`` on ``loc`` (``bots._safe_strength``)."""
    beats = STRONGER[loc]
    return sum(n for other, n in enumerate(unseen) if n and beats[other][card])


def _weakest_counter(f: FastState, plays: list[int]) -> int:
    """The play that beats the unresolved card with the weakest card (off its suit first), or -1."""
    loc = f.u_loc
    beats = STRONGER[loc]
    best_key: tuple[bool, int] | None = None
    best = -1
    for code in plays:
        card = code // 3
        if code % 3 == loc and beats[card][f.u_card]:
            key = (SUIT[card] == loc, VALUE[card])
            if best_key is None or key < best_key:
                best_key, best = key, code
    return best


def granny_policy(f: FastState) -> int:
    """Granny's quick rules (``bots.quick_granny_rules``: clean, figurine, lead low, trump where needed, guard
    the Stove, counter, where needed, dump)."""
    if f.phase == REMOVE:
        return REMOVE_YES
    red, green = f.red, f.green
    if f.plays == 0 and not f.moved:
        here = f.figurine

        def worth(loc: int) -> tuple[int, bool]:
            return (red[loc] + (2 if loc == 1 and red[loc] else 0), loc == 1)

        best = -1
        for loc in (0, 1, 2):
            if loc != here and (best < 0 or worth(loc) > worth(best)):
                best = loc
        if worth(best) > worth(here):
            return FIGURINE + best
    plays = f.card_plays(GRANNY)
    missing = [max(0, n - g) for n, g in zip(GREEN_NEEDED, green, strict=True)]
    trumps = [c for c in plays if missing[c % 3] and SUIT[c // 3] == c % 3]  # trumps where needed
    if trumps and f.plays == 0:  # lead low: the lowest
        return min(trumps, key=lambda c: (VALUE[c // 3], c % 3))
    if trumps:  # the highest, the Stove first
        return max(trumps, key=lambda c: (c % 3 == 1, VALUE[c // 3]))
    if f.u_owner == PROPUH and f.u_loc == 1:  # guard the Stove
        best = _weakest_counter(f, plays)
        if best >= 0:
            return best
    if f.u_owner == PROPUH:
        loc = f.u_loc
        r = red[loc]
        if r < MAX_R[loc] and (loc == 1 or r < 2):
            best = _weakest_counter(f, plays)
            if best >= 0:
                return best
    unseen = f.unseen(GRANNY)
    best, best_k = -1, None
    for code in plays:  # where needed, the card fewest unseen cards could beat
        card, loc = divmod(code, 3)
        if missing[loc]:
            k = (_safe(unseen, card, loc), -missing[loc])
            if best_k is None or k < best_k:
                best_k, best = k, code
    if best >= 0:
        return best
    return min(plays, key=lambda c: (VALUE[c // 3], SUIT[c // 3] == c % 3, c % 3))


def _red_worth(f: FastState, loc: int) -> int:
    red = f.red[loc]
    fig = f.figurine
    if red >= MAX_R[loc] or (loc == fig and red == 0):
        return 0
    if loc == 1:
        return 2 if red == 0 and loc != fig else 0
    if loc == fig:
        return 1 if red < 3 else 0
    if red >= RED_NEEDED[loc]:
        return 1
    return 4 if red + 1 >= RED_NEEDED[loc] else 3


def propuh_policy(f: FastState) -> int:
    """Propuh's rules in the two-player game (``bots.propuh_rules``: counter, last card, clean, dump)."""
    plays = f.card_plays(PROPUH)
    if f.u_owner == GRANNY and f.green[f.u_loc] < GREEN_NEEDED[f.u_loc]:
        best = _weakest_counter(f, plays)
        if best >= 0:
            return best
    worth = [_red_worth(f, 0), _red_worth(f, 1), _red_worth(f, 2)]
    if f.plays == 3:
        options = [c for c in plays if worth[c % 3] >= 2]
        if options:
            return max(options, key=lambda c: (worth[c % 3], -VALUE[c // 3], SUIT[c // 3] != c % 3))
    for loc in (0, 1, 2):
        if not f.red[loc] and loc != f.figurine:
            here = [c for c in plays if c % 3 == loc]
            if here:
                return min(here, key=lambda c: (VALUE[c // 3], SUIT[c // 3] == loc))
    return min(plays, key=lambda c: (-worth[c % 3], VALUE[c // 3], SUIT[c // 3] == c % 3, c % 3))


def playout(f: FastGame, rng: random.Random, noise: float) -> int:
    """Play ``f`` to its end as ``bots.PlayOut`` does (the quick rules with a ``noise`` chance of a random move;
    the automaton, which draws nothing from ``rng``, for Propuh in solo); return the winner."""
    solo = f.solo
    while f.phase != OVER:
        if solo and f.phase == PLAY and f.plays % 2 == PROPUH:
            f.apply(automaton_move(f))
            continue
        legal = f.legal()
        if len(legal) == 1:
            f.apply(legal[0])
            continue
        if noise and rng.random() < noise:
            f.apply(seeded.choice(rng, legal))
            continue
        f.apply(granny_policy(f) if f.mover() == GRANNY else propuh_policy(f))
    return f.winner
