"""``companion score prohis``: final scores from each player's warehouse and hand counts.

A player is typed ``NAME=WAREHOUSE/HAND`` with cards in the game's notation, e.g. ``Ann=12g 3x l/c i x``
(12 legal, 3 illegal and a lieutenant stored; a captain, an inspector and an illegal good still in hand).
Counts beyond the components for the player count are refused before any card is built; with every player
typed, the captains and the inspectors must add up to one each (they never leave the hands and warehouses).

A hand never holds more than ``MAX_HAND`` (9) cards: a player draws only with fewer than 8 in hand, at most 2
at a time, and nothing else adds to a hand (a controller coming back or a bribe refused only returns what left
it, and a passed convoy's controller comes after at least 2 cards left for the convoy). A larger hand is refused.
The display and the draw pile are not typed, so the goods no player holds are not checked (with
``pass_any_time`` a game may end before the pile is empty).
"""

from __future__ import annotations

from ai.prohis.cards import (
    CAPTAIN,
    HAND_LIMIT,
    INSPECTOR,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAMES,
    UNKNOWN,
    deck_counts,
)
from ai.prohis.notation import parse_cards
from ai.prohis.rules import Counts, counts_of
from ai.prohis.tally import ScoreReport, report
from ai.protocol import InputError
from ai.text import empty_item, plural

#: The largest hand a game can leave: 7 cards, then a draw of 2.
MAX_HAND = HAND_LIMIT - 1 + 2


class ScoreError(ValueError):
    """Input that cannot be scored; the message is one line for the person."""


def parse_player(text: str) -> tuple[str, Counts, Counts]:
    name, sep, rest = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ScoreError(f"{text!r}: type NAME=WAREHOUSE/HAND, e.g. Ann=12g 3x l/c i")
    stored, slash, held = rest.partition("/")
    empty = empty_item(stored) or empty_item(held)
    if empty:
        raise ScoreError(f"{name}: {empty}")
    try:
        warehouse = (
            counts_of(parse_cards(stored.replace(",", " ").split())) if stored.strip() else counts_of(())
        )
        hand = counts_of(parse_cards(held.replace(",", " ").split())) if held.strip() else counts_of(())
    except InputError as exc:
        raise ScoreError(f"{name}: {exc}") from exc
    if warehouse[UNKNOWN] or hand[UNKNOWN]:
        raise ScoreError(f"{name}: name every card (g, x, l, c, i), not a bare count")
    held_count = sum(hand)
    if held_count > MAX_HAND:
        raise ScoreError(
            f"{name}: {held_count} cards in hand, but a hand never holds more than {MAX_HAND} "
            f"(no drawing with {HAND_LIMIT} or more, at most 2 a draw)"
        )
    if not slash and rest.strip():
        # a trial: "Ann=2g c i" put the hand's captain and inspector in the warehouse, scored, without a word
        raise ScoreError(
            f"{name}: type the warehouse, a /, then the hand ({name}={rest.strip()}/ if the hand is empty, "
            f"{name}=/{rest.strip()} if the warehouse is)"
        )
    return name, warehouse, hand


def check_scores(texts: list[str], players: int | None = None, seed_values: bool = False) -> ScoreReport:
    if not texts:
        raise ScoreError("no players typed")
    parsed = [parse_player(t) for t in texts]
    names = [p[0].lower() for p in parsed]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise ScoreError(f"two players are called {parsed[i][0]!r}")
    count = players if players is not None else len(parsed)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ScoreError(f"Prohis is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}")
    if len(parsed) != count:  # fewer: a winner named with a player left out (a trial)
        raise ScoreError(f"{len(parsed)} players typed for a {count}-player game: type every player")
    deck = deck_counts(count)
    for k in KINDS:
        total = sum(w[k] + h[k] for _, w, h in parsed)
        if total > deck[k]:
            raise ScoreError(
                f"{total} {NAMES[k]} cards counted, but a {count}-player game has only {deck[k]}"
            )
    for k in (CAPTAIN, INSPECTOR):
        total = sum(w[k] + h[k] for _, w, h in parsed)
        if total != count:
            raise ScoreError(
                f"{plural(total, NAMES[k] + ' card')} counted, but a {count}-player game has {count}, one dealt to "
                "each player, and all of them end in a hand or a warehouse"
            )
    names = [name for name, _, _ in parsed]
    return report(names, [w for _, w, _ in parsed], [h for _, _, h in parsed], count, seed_values)
