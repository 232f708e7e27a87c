"""The Bash automa: Potra Bash's paper opponent, which holds no hand a person could see.

Its hand is a face-down *hand pile* nobody looks at (``PotraConfig.blind``); when it plays, the top card is
turned over (``PlayTop``). Its rules read only the public table (``public_view``): the centre card, the cards
in front of each player this round, its own scoring pile (face up, sorted: every card in it was seen face up
when taken) and the field cards it may take. Its strength is set by points added at the end (``LEVELS``), never
by its rules, so the card reads the same at every difficulty.

The rule list plays (the ``automa`` level), explains each decision to the table (every rule is public) and
prints as the paper card (``printables.games.potra_bash``): one list, one text.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.potra_bash.components import AUTOMA_HANDICAP, COPIES_IN_BOX, HAND_SIZE, NO_SET_VALUES, SET_SIZE
from ai.potra_bash.engine import picks
from ai.potra_bash.observation import PotraObservation
from ai.potra_bash.state import PASS, TOP, Action, Phase, PotraConfig, Take
from ai.protocol import Decision
from ai.rules import Chain, Rule, RuleList, rule_decision
from ai.text import listing
from ai.words import tr

#: The handicap points an automa adds at the end, by difficulty (the engine's count reads the same table).
LEVELS: dict[int, int] = AUTOMA_HANDICAP


@dataclass(frozen=True, slots=True)
class PotraAutomaView:
    """What the automa's rules read: the public table, nothing of any hand (its own pile's size only)."""

    seat: int
    players: int
    phase: Phase
    lap: int
    centre: int | None
    #: This round's plays, (owner, value) in the order played.
    plays: tuple[tuple[int, int], ...]
    #: Its own scoring pile, face up.
    pile: tuple[int, ...]
    #: How many cards its hand pile holds.
    pile_size: int
    #: The field cards it may take now, (owner, value), each once.
    takes: tuple[tuple[int, int], ...]
    #: The pile counts of a value that a card of it completes a set at (``set_counts``).
    completing: tuple[int, ...]


def set_counts(config: PotraConfig) -> tuple[int, ...]:
    """How many cards of a value a pile may hold for one more to complete a discarded set: 2, 5, 8, 11 (below
    the copies in the box, so one card serves every player count; ``triples="one"``: only the first set is
    discarded, so 2)."""
    if config.triples == "one":
        return (SET_SIZE - 1,)
    return tuple(range(SET_SIZE - 1, COPIES_IN_BOX, SET_SIZE))


def public_view(obs: PotraObservation) -> PotraAutomaView:
    """The view of ``obs`` the rules read: the seat's hand is left out (an automa's is empty anyway)."""
    takes = tuple(picks(obs.field, obs.seat)) if obs.phase == Phase.TAKE else ()
    return PotraAutomaView(
        seat=obs.seat,
        players=obs.config.players,
        phase=obs.phase,
        lap=obs.lap,
        centre=obs.centre,
        plays=obs.plays,
        pile=obs.piles[obs.seat],
        pile_size=obs.hand_sizes[obs.seat],
        takes=takes,
        completing=set_counts(obs.config),
    )


# -- the terms --


def completes(view: PotraAutomaView, value: int) -> bool:
    """One more ``value`` completes a set of three in its scoring pile (never for 1s)."""
    return value not in NO_SET_VALUES and view.pile.count(value) in view.completing


def good(view: PotraAutomaView, value: int) -> bool:
    """A 1; a 3 or 4 that does not complete a set; a −2 or −3 that does."""
    if value in NO_SET_VALUES:
        return True
    return completes(view, value) if value < 0 else not completes(view, value)


def sums(view: PotraAutomaView) -> list[int]:
    totals = [0] * view.players
    for owner, value in view.plays:
        totals[owner] += value
    return totals


def holds_centre(view: PotraAutomaView) -> bool:
    """Its sum is above every other, or equal to the highest and its latest card came after theirs."""
    totals = sums(view)
    latest = [-1] * view.players
    for i, (owner, _) in enumerate(view.plays):
        latest[owner] = i
    mine = totals[view.seat]
    rivals = [s for s in range(view.players) if s != view.seat]
    if any(totals[s] > mine for s in rivals):
        return False
    return all(latest[view.seat] > latest[s] for s in rivals if totals[s] == mine)


# -- the rules --

Legal = Sequence[Action]


def _top(view: PotraAutomaView, legal: Legal) -> Action:
    return TOP if TOP in legal else PASS  # an empty hand pile passes (the rules: a player with no card)


def _lap_one(view: PotraAutomaView, legal: Legal) -> bool:
    return view.phase == Phase.PLAY and view.lap == 1


def _later_lap(view: PotraAutomaView, legal: Legal) -> bool:
    return view.phase == Phase.PLAY and view.lap > 1


def _taking(view: PotraAutomaView, legal: Legal) -> bool:
    return view.phase == Phase.TAKE


def _chase(view: PotraAutomaView, legal: Legal) -> Action | None:
    if view.centre is None or not good(view, view.centre) or holds_centre(view):
        return None
    return _top(view, legal)


def _escape(view: PotraAutomaView, legal: Legal) -> Action | None:
    if view.centre is None or good(view, view.centre) or not holds_centre(view):
        return None
    return _top(view, legal)


def _nearest_right(view: PotraAutomaView, value: int) -> Action:
    """Of the copies of ``value`` it may take, the one in front of the player nearest on its right (the last
    of the others to pick after it: picks go clockwise)."""
    n = view.players
    owner = max((o for o, v in view.takes if v == value), key=lambda o: (o - view.seat) % n)
    return Take(value, owner)


#: Rule 5: the minus cards that complete a set, the first first.
SET_ORDER = (-3, -2)


def _set(view: PotraAutomaView, legal: Legal) -> Action | None:
    values = {v for _, v in view.takes}
    for value in SET_ORDER:
        if value in values and completes(view, value):
            return _nearest_right(view, value)
    return None


def _rank(view: PotraAutomaView, value: int) -> int:
    """Rule 6's order: 1, 4, 3 (not completing a set), −2, −3, 3, 4."""
    if value in NO_SET_VALUES:
        return 0
    if value > 0 and not completes(view, value):
        return 1 if value == 4 else 2
    if value < 0:
        return 3 if value == -2 else 4
    return 5 if value == 3 else 6


def _first(view: PotraAutomaView, legal: Legal) -> Action | None:
    if not view.takes:
        return legal[0] if legal else None
    value = min({v for _, v in view.takes}, key=lambda v: _rank(view, v))
    return _nearest_right(view, value)


def _pass(view: PotraAutomaView, legal: Legal) -> Action | None:
    return PASS if PASS in legal else (legal[0] if legal else None)


def _centre_detail(view: PotraAutomaView) -> str | None:
    """Why a lap rule applied, from the table: the centre card's worth to it and the sums."""
    if view.centre is None:
        return None
    totals = sums(view)
    top = max(t for s, t in enumerate(totals) if s != view.seat)
    fields = {"centre": view.centre, "sum": totals[view.seat], "top": top}
    if good(view, view.centre):
        return tr("the centre card {centre} is good for it; its sum {sum}, the highest other {top}", **fields)
    return tr("the centre card {centre} is bad for it; its sum {sum}, the highest other {top}", **fields)


PLAY_TOP = "turn over its top card and play it; it draws"


def terms(config: PotraConfig) -> tuple[tuple[str, str], ...]:
    """The card's terms, each used by a rule on the same side."""
    counts = listing(str(c) for c in set_counts(config))
    counts = counts.replace(" and ", " or ")
    return (
        (
            "Hand pile",
            "its hand, face down; nobody looks at it. It plays the top card, turned over; a card it draws goes "
            "face down on top.",
        ),
        ("Sum", "the total of the cards in front of a player this round."),
        (
            "Holds the centre",
            "its sum is above every other sum, or equal to the highest and its latest card was played after "
            "theirs.",
        ),
        ("Completes a set", f"its scoring pile already holds {counts} cards of that value (never for 1s)."),
        (
            "Good for it",
            "a 1; a 3 or 4 that does not complete a set; a −2 or −3 that does. Anything else is bad.",
        ),
        ("May take", "a card played by another player while one remains; then its own."),
    )


#: The terms of the card at the default options.
TERMS = terms(PotraConfig())


def automa_rules(config: PotraConfig) -> RuleList[PotraAutomaView, Action]:
    """The Bash automa's card: one chain a decision, each read from the top."""
    return RuleList.of_chains(
        "Bash automa",
        (
            Chain(
                "Lap 1",
                _lap_one,
                (Rule("1", "play", "Every player plays in lap 1.", _top, action=PLAY_TOP),),
            ),
            Chain(
                "Laps 2 and 3",
                _later_lap,
                (
                    Rule(
                        "2",
                        "chase",
                        "The centre card is good for it and it does not hold the centre.",
                        _chase,
                        _centre_detail,
                        action=PLAY_TOP,
                    ),
                    Rule(
                        "3",
                        "escape",
                        "The centre card is bad for it and it holds the centre.",
                        _escape,
                        _centre_detail,
                        action=PLAY_TOP,
                    ),
                    Rule("4", "Otherwise: pass", "It keeps its hand pile.", _pass, action="pass"),
                ),
            ),
            Chain(
                "Taking from the field",
                _taking,
                (
                    Rule(
                        "5",
                        "set",
                        "A −3 or −2 it may take completes a set.",
                        _set,
                        action="take it (a −3 before a −2; equal cards: as in rule 6)",
                    ),
                    Rule(
                        "6",
                        "Otherwise: first in order",
                        "Take the first card it may take in this order: 1, 4, 3 (a 4 or 3 only if it does not "
                        "complete a set), −2, −3, 3, 4. Of equal cards, the one in front of the player nearest on "
                        "its right.",
                        _first,
                        action="take that card",
                    ),
                ),
            ),
        ),
    )


def setup_steps(config: PotraConfig) -> tuple[str, ...]:
    """The set-up of a game with automas, as the card's back prints it."""
    return (
        "Set up as usual, counting each automa as a player. Solo: you and two automas.",
        f"Deal each automa {HAND_SIZE} cards face down as its hand pile. Nobody looks at them.",
        "Its scoring pile lies face up, sorted by value: every card in it was seen face up when taken.",
        "When it plays, turn over the top card of its hand pile and lay it in front of it. When it draws, put "
        "the deck's top card face down on top of its hand pile, unseen. Its hand pile never scores.",
        "At the end it adds its handicap points (by difficulty, below) to its score, before the tie-break "
        "on 1s.",
    )


@dataclass(slots=True)
class AutomaPlayer:
    """The ``automa`` level: the card's rules over the public view; each decision names its rule."""

    config: PotraConfig
    name: str = "automa"
    rules: RuleList[PotraAutomaView, Action] = field(init=False)

    def __post_init__(self) -> None:
        self.rules = automa_rules(self.config)

    def decide(self, observation: PotraObservation, legal: Legal, rng: random.Random) -> Decision[Action]:
        view = public_view(observation)
        rule, action = self.rules.first(view, legal)
        return rule_decision(rule, view, action)
