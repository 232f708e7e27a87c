"""Heuristic Propuh players as ordered, explained priority rules: the ``normal`` (and ``easy``) Granny and Propuh,
and the quick lists the search plays out with (``ai.propuh.bots.playout``: the same rules, run on the engine).

``granny_rules`` plays Granny from her own hand and the public board, in solo (against the automaton) and in
the two-player game. It never sees the deck or Propuh's hand: it decides from its observation alone. In solo,
rules 2 and 3 look one round ahead (``ai.propuh.bots.foresight``); in the two-player game (no automaton) those rules
stand aside and the simple rules 4-8 play. ``propuh_rules`` plays Propuh in the two-player game; its rule 1a
reads the public tally of where Granny's cards went over the evening's games (``baiting``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache
from itertools import compress, product

from ai.propuh.bots.foresight import (
    GREEN_WEIGHT,
    OTHER_RED_WEIGHT,
    RED_WEIGHT,
    foresee,
    plan_figurine,
)
from ai.propuh.components import (
    BED,
    GRANNY,
    GREEN_NEEDED,
    KINDS,
    LOCS,
    MAXIMA,
    PROPUH,
    RED_NEEDED,
    STOVE,
    STRONGER,
    TABLE,
    Card,
    Loc,
)
from ai.propuh.observation import SeatView
from ai.propuh.state import (
    COUNTERS,
    OFF_SUIT,
    ON_SUIT,
    PLAYS,
    REMOVE,
    REMOVE_YES,
    Action,
    MoveFigurine,
    Play,
    Unresolved,
)
from ai.rules import Rule, RuleList, RulePlayer
from ai.words import tr

# A rule picks its play in a loop over its options, not by ``min`` or ``max`` with a key: both parse their
# keyword and call the key from C for each option, which costs more than the comparisons, at every decision of a
# play-out. Each loop keeps the first of the best, as ``min`` and ``max`` do; over a set of plays, its key orders
# every play (the lower kind before the higher, as the options list them).


def card_plays(legal: Sequence[Action]) -> Sequence[Play]:
    """The plays among ``legal``, which lists them first (``ai.propuh.engine.legal_actions``): all but the
    figurine's moves or the removal's answers at its end (most rules of every decision in a play-out read it)."""
    if legal and type(legal[-1]) is Play:
        return legal  # type: ignore[return-value]
    end = len(legal) - 1
    while end > 0 and type(legal[end - 1]) is not Play:
        end -= 1
    return legal[:end]  # type: ignore[return-value]


def green_missing(obs: SeatView, loc: Loc) -> int:
    missing = GREEN_NEEDED[loc] - obs.tokens[GRANNY][loc]
    return missing if missing > 0 else 0


def _missing(obs: SeatView) -> tuple[int, int, int]:
    """``green_missing`` on the Table, the Stove and the Bed."""
    table, stove, bed = obs.tokens[GRANNY]
    need_table, need_stove, need_bed = GREEN_NEEDED
    return (
        need_table - table if table < need_table else 0,
        need_stove - stove if stove < need_stove else 0,
        need_bed - bed if bed < need_bed else 0,
    )


#: ``_PLAYS_AT[loc]``: every play on ``loc``; a rule intersects it with what may be played.
_PLAYS_AT: tuple[frozenset[Play], ...] = tuple(frozenset(plays[loc] for plays in PLAYS) for loc in LOCS)

#: ``_TRUMPS_NEEDED[table, stove, bed]``: every trump play on the locations where Granny still needs green tokens
#: (each flag: whether that location does); a rule intersects it with what she may play.
_TRUMPS_NEEDED: dict[tuple[bool, ...], frozenset[Play]] = {
    needs: frozenset(PLAYS[card.kind][card.suit] for card in KINDS if needs[card.suit])
    for needs in product((False, True), repeat=len(LOCS))
}


def _needed_trumps(obs: SeatView, legal: Sequence[Action]) -> frozenset[Play]:
    """The trumps among ``legal`` on a location where Granny still needs green tokens (``_missing``)."""
    table, stove, bed = _missing(obs)
    return _TRUMPS_NEEDED[table > 0, stove > 0, bed > 0].intersection(legal)


def _threat(obs: SeatView, loc: Loc) -> bool:
    """Whether one more Propuh token on ``loc`` would hurt Granny (a goal of Propuh's or her clean stove)."""
    red = obs.tokens[PROPUH][loc]
    if red >= MAXIMA[PROPUH][loc]:
        return False
    return loc == STOVE or red < 2


def _clean(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    return REMOVE_YES if obs.phase == REMOVE and REMOVE_YES in legal else None


def _figurine(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    # the moves come last (``engine.legal_actions``): most decisions have none, seen at the last option
    if not legal or type(legal[-1]) is not MoveFigurine:
        return None
    start = len(legal) - 1
    while start and type(legal[start - 1]) is MoveFigurine:
        start -= 1
    moves: Sequence[MoveFigurine] = legal[start:]  # type: ignore[assignment]
    red = obs.tokens[PROPUH]
    # the most red tokens, the Stove's with 2 more when it has any, the Stove first on a tie
    worth = (2 * red[TABLE], 2 * (red[STOVE] + (2 if red[STOVE] else 0)) + 1, 2 * red[BED])
    best = moves[0]
    for move in moves[1:]:
        if worth[move.loc] > worth[best.loc]:
            best = move
    return best if worth[best.loc] > worth[obs.figurine] else None


def _counter(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    u = obs.unresolved
    if u is None or u.owner != PROPUH or not _threat(obs, u.loc):
        return None
    return _weakest_counter(obs, legal)


#: ``_COUNTERED_BY[loc][kind]``: per kind, whether a card of it counters a card of ``kind`` on ``loc`` (a column of
#: ``STRONGER``, to pick the counts of those kinds with ``itertools.compress``).
_COUNTERED_BY: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(beats[other][kind] for other in range(len(beats))) for kind in range(len(beats)))
    for beats in STRONGER
)


def _safe_strength(unseen: Sequence[int], card: Card, loc: Loc) -> int:
    """How many of the ``unseen`` cards could counter ``card`` on ``loc`` (fewer is safer)."""
    return sum(compress(unseen, _COUNTERED_BY[loc][card.kind]))


def _weakest_counter(obs: SeatView, legal: Sequence[Action]) -> Play | None:
    """The play that beats Propuh's unresolved card with the weakest card that does (off its suit first)."""
    u = obs.unresolved
    if u is None or u.owner != PROPUH:
        return None
    return _weakest(legal, u)


def _weakest(legal: Sequence[Action], u: Unresolved) -> Play | None:
    """Among ``legal``, the play that beats ``u`` with the weakest card that does (off its suit first)."""
    # off its suit first, then the lowest value, then the lower kind (the counters lie on one location)
    best: Play | None = None
    least = (False, 0, 0)
    for p in COUNTERS[u.loc][u.card.kind].intersection(legal):
        key = (p.trump, p.card.value, p.card.kind)
        if best is None or key < least:
            best, least = p, key
    return best


def guard_stove(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    """Propuh's card on the Stove would spoil "clean the house": beat it."""
    u = obs.unresolved
    return _weakest_counter(obs, legal) if u is not None and u.loc == STOVE else None


def lead_low_trump(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    """The round's first card: the lowest trump where Granny still needs tokens.

    Propuh's rule 1 counters a card where she still needs green with the weakest card that beats it; on its own
    location a low trump is beaten only by a higher card of its suit, so it often stands, and her high trumps
    stay for her second card, which only his last card answers. Measured: 32.1% of 3,000 games against the
    normal Propuh, where these rules without it won 21.6% (the README's Propuh section)."""
    if obs.plays != 0:
        return None
    # the lowest, then the Table, the Stove, the Bed (a trump is its card's one play)
    best: Play | None = None
    least = (0, 0)
    for p in _needed_trumps(obs, legal):
        key = (p.card.value, p.loc)
        if best is None or key < least:
            best, least = p, key
    return best


def needed_trump(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    """The highest trump where Granny still needs tokens, the Stove first (it needs three).

    Measured against the normal Propuh (which keeps his high cards to counter hers: rule 3 "clean"), this
    order (the Stove guarded and the highest trump before any other counter) won 22% of 600 two-player games
    where the earlier order (counter threats first, then the trump fewest unseen cards could beat) won 12%."""
    # the Stove's first, then the highest; of two trumps of one value, the one listed first (the lower kind)
    best: Play | None = None
    most = (False, 0, 0)
    for p in _needed_trumps(obs, legal):
        key = (p.loc == STOVE, p.card.value, -p.card.kind)
        if best is None or key > most:
            best, most = p, key
    return best


def _needed(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    """Where Granny still needs green: the play fewest unseen cards could counter, then where most green is
    missing."""
    missing = _missing(obs)
    unseen = obs.unseen
    best: Play | None = None
    least = (0, 0)
    for p in card_plays(legal):
        need = missing[p.loc]
        if need:
            key = (_safe_strength(unseen, p.card, p.loc), -need)
            if best is None or key < least:
                best, least = p, key
    return best


def _dump(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    plays = card_plays(legal)
    if not plays:
        return legal[0] if legal else None
    return lowest(plays)


def granny_rules() -> RuleList[SeatView, Action]:
    return RuleList(
        title="Granny (heuristic)",
        rules=(
            Rule(
                "1", "clean", "At the end of a round, always let the figurine remove a Propuh token.", _clean
            ),
            Rule(
                "2",
                "plan the figurine",
                "In solo, at the start of a round, move the figurine where the best play of rule 3 "
                "scores highest.",
                plan_figurine,
                public=False,
            ),
            Rule(
                "3",
                "look ahead",
                "In solo, play the card and location whose round scores best on average over every card "
                "Propuh might draw, each placed as the automaton would, with your best second card.",
                foresee,
                public=False,
            ),
            Rule(
                "4",
                "figurine",
                "At the start of a round, move the figurine to the location with the most Propuh tokens "
                "(the Stove first: it must end clean).",
                _figurine,
            ),
            Rule(
                "5",
                "lead low",
                "Open each round with your lowest card on its own location where Granny still needs tokens.",
                lead_low_trump,
                public=False,
            ),
            Rule(
                "6",
                "trump where needed",
                "Play your highest card on its own location where Granny still needs tokens, the Stove first.",
                needed_trump,
                public=False,
            ),
            Rule(
                "7",
                "guard the Stove",
                "If Propuh's card lies on the Stove, beat it with the weakest card that does.",
                guard_stove,
                public=False,
            ),
            Rule(
                "8",
                "counter",
                "If Propuh's card would place a token that hurts, beat it there with the weakest card that does.",
                _counter,
                public=False,
            ),
            Rule(
                "9",
                "where needed",
                "Otherwise play where Granny still needs tokens, the card fewest unseen cards could beat.",
                _needed,
                public=False,
            ),
            Rule("10", "dump", "Otherwise play the lowest card, off its own location.", _dump, public=False),
        ),
        notes=(
            "Score of a board at the end of a round, after the figurine's removal: a win +100, a loss -100; "
            f"otherwise +{GREEN_WEIGHT:g} per green token still counting toward a goal, "
            f"-{RED_WEIGHT:g} per red token toward the door and window goals (up to 2 each), "
            f"-{OTHER_RED_WEIGHT:g} per other red token.",
        ),
    )


def granny(noise: float = 0.0, name: str = "normal") -> RulePlayer[SeatView, Action]:
    return RulePlayer(name, granny_rules(), noise=noise)


# -- Propuh in the two-player game --------------------------------------------------------------------------


def _red_worths(obs: SeatView) -> tuple[int, int, int]:
    """How much one more red token is worth to Propuh now on the Door, the Stove and the Window (0: nothing).

    A red token the figurine will sweep away at the end of this round is worth nothing; one that completes the
    door or the window is worth most; one on a clean Stove spoils Granny's "clean the house" goal.
    """
    red = obs.tokens[PROPUH]
    return _worths(red[0], red[1], red[2], obs.figurine)


@cache
def _worths(door: int, stove: int, window: int, figurine: Loc) -> tuple[int, int, int]:
    """``_red_worths`` of Propuh's tokens on the Door, the Stove and the Window with the figurine on ``figurine``:
    worked out once per board (a few dozen), as Propuh's last card of each round in a play-out reads it."""
    red = (door, stove, window)
    worth = [0, 0, 0]
    for loc in LOCS:
        n = red[loc]
        if n >= MAXIMA[PROPUH][loc] or (loc == figurine and n == 0):
            continue
        if loc == STOVE:
            worth[loc] = 2 if n == 0 and loc != figurine else 0
        elif loc == figurine:
            worth[loc] = 1 if n < 3 else 0
        elif n >= RED_NEEDED[loc]:
            worth[loc] = 1
        else:
            worth[loc] = 4 if n + 1 >= RED_NEEDED[loc] else 3
    return (worth[0], worth[1], worth[2])


def propuh_counter(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    u = obs.unresolved
    if u is None or u.owner != GRANNY or obs.tokens[GRANNY][u.loc] >= GREEN_NEEDED[u.loc]:  # needs no green
        return None
    return _weakest(legal, u)


# -- what the table has seen Granny do (the tally the card keeps over the session's games) --

#: Granny's cards played off their own location before rule 1a reads the tally.
TALLY = 8


def baiting(obs: SeatView) -> bool:
    """Granny has played a card off its own location at least ``TALLY`` times, and at least as often as on it.

    The normal Granny plays her trumps where she needs tokens (her rules 5 and 6): about one card in four off its
    location, and never half of them over a session of the arena's games; a Granny who opens each round with her
    lowest card wherever she needs a token (to draw Propuh's counters, then trump) plays more than half off."""
    record = obs.record[GRANNY]
    return record[OFF_SUIT] >= TALLY and record[OFF_SUIT] >= record[ON_SUIT]


def spare_high(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    """Granny is ``baiting`` and her card would give her a token she still needs: beat it there with the lowest
    card that does, a trump or not (rule 1 takes a card off its location first, even a higher one), so the high
    cards stay for the trump she plays after her bait."""
    if not baiting(obs):  # first: it seldom holds
        return None
    u = obs.unresolved
    if u is None or u.owner != GRANNY or obs.tokens[GRANNY][u.loc] >= GREEN_NEEDED[u.loc]:
        return None
    # the lowest value, then off its suit first, then the lower kind (the counters lie on one location)
    best: Play | None = None
    least = (0, False, 0)
    for p in COUNTERS[u.loc][u.card.kind].intersection(legal):
        key = (p.card.value, p.trump, p.card.kind)
        if best is None or key < least:
            best, least = p, key
    return best


def _spare_high_why(obs: SeatView) -> str:
    return tr(
        "Granny plays her cards off their own location as often as on it, to draw out your counters: beat hers "
        "with your lowest card and keep the high ones for her trumps"
    )


def _spoil_needed(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    """The round's last card cannot be countered: put it where a red token is worth most."""
    if obs.plays != 3:
        return None
    worth = _red_worths(obs)
    # the most worth, then the lowest card, off its suit first
    best: Play | None = None
    most = (0, 0, False)
    for p in card_plays(legal):
        here = worth[p.loc]
        if here >= 2:
            key = (here, -p.card.value, not p.trump)
            if best is None or key > most:
                best, most = p, key
    return best


def lowest(plays: Collection[Play]) -> Play | None:
    """The lowest card, off its suit first, then on the Table, the Stove, the Bed, then the lower kind."""
    best: Play | None = None
    least = (0, False, 0, 0)
    for p in plays:
        key = (p.card.value, p.trump, p.loc, p.card.kind)
        if best is None or key < least:
            best, least = p, key
    return best


def clean_red(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    """The lowest card on a clean location: no red token and no figurine (the Door, then the Stove, the Bed).

    Granny must still answer it, the red token it may leave is not swept away, and the high cards stay in hand
    for rule 1: measured, the safe red it replaced (the card she can hardly beat, where red is worth most)
    spent the high cards, and the normal Propuh won 55% against the normal Granny; with this rule, 88%
    (600 games; ``exploit:counter-clean``'s habit, 82% against the hard Granny)."""
    red = obs.tokens[PROPUH]
    for loc in (TABLE, STOVE, BED):
        if not red[loc] and loc != obs.figurine:
            found = lowest(_PLAYS_AT[loc].intersection(legal))
            if found is not None:
                return found
    return None


def _propuh_dump(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    plays = card_plays(legal)
    if not plays:
        return legal[0] if legal else None
    worth = _red_worths(obs)
    # the most worth, then the lowest card, off its suit first, then on the Table, the Stove, the Bed
    best = plays[0]
    least = (-worth[best.loc], best.card.value, best.trump, best.loc)
    for p in plays[1:]:
        key = (-worth[p.loc], p.card.value, p.trump, p.loc)
        if key < least:
            best, least = p, key
    return best


def propuh_rules() -> RuleList[SeatView, Action]:
    """Propuh's priority rules for the two-player game (in solo Propuh is the automaton)."""
    return RuleList(
        title="Propuh (heuristic, two players)",
        rules=(
            Rule(
                "1a",
                "spare the high cards",
                f"If Granny has played at least {TALLY} cards off their own location over the evening, and at "
                "least as many as on it: when her card would give her a token she still needs, beat it there "
                "with your lowest card that does, a trump or not.",
                spare_high,
                detail=_spare_high_why,
                public=False,
            ),
            Rule(
                "1",
                "counter",
                "If Granny's card would give her a token she still needs, beat it there with the weakest card "
                "that does.",
                propuh_counter,
                public=False,
            ),
            Rule(
                "2",
                "last card",
                "Your second card of the round cannot be countered: play your lowest card where a red token "
                "is worth most (completing the door or window first, then the other, then a clean Stove; "
                "never where the figurine will sweep it away).",
                _spoil_needed,
                public=False,
            ),
            Rule(
                "3",
                "clean",
                "Otherwise play your lowest card on a location with no red token and no figurine (the Door "
                "first, then the Stove, the Bed): keep the high cards for rule 1.",
                clean_red,
                public=False,
            ),
            Rule(
                "4",
                "dump",
                "Otherwise play the lowest card where a red token does the most good.",
                _propuh_dump,
                public=False,
            ),
        ),
        notes=(
            "A red token is worth most where it completes the door or the window (2 red), then on the door "
            "or window, then on a clean Stove; nothing where the figurine stands on a location without red.",
            "Tally Granny over the evening: each card she plays on its own location or off it.",
        ),
    )


def propuh(noise: float = 0.0, name: str = "normal") -> RulePlayer[SeatView, Action]:
    return RulePlayer(name, propuh_rules(), noise=noise)


def quick_granny_rules() -> RuleList[SeatView, Action]:
    """Granny's rules without the solo look-ahead: cheap enough to play out thousands of games."""
    full = granny_rules()
    return RuleList(full.title + " (quick)", tuple(r for r in full.rules if r.key not in ("2", "3")))
