"""Prohis: the paper automa, a smuggler that holds no secret from the people it plays.

Its goods lie face down as its *stock*, which nobody looks at, itself included; its controllers lie face up
as its *office* (``ProhisConfig.blind``, ``ProhisState.office``). Every rule reads only the public table
(``AutomaView``, built from the seat's observation, which shows no card of its stock), the card it is offered
as a bribe when it inspects, and one six-sided die. The same list plays (``Automa``, the bot level
``automa``), explains each move to the table (every rule is public) and is printed as the automa card
(``companion print automa prohis``). The difficulty is a handicap (``LEVELS``: points at the end and a
lieutenant in its office), never a change of rule.

Rulings (the automa's, not the game's):

- A lieutenant taken face up from the display joins its office; one drawn blind from the pile stays in its
  stock, and may travel in a convoy, where turned over it stops the inspection.
- It always inspects once its controller is forward, unless a bribe buys it off: declining pays only against
  a read of the sender, which it does not make.
- It passes when nothing else is possible: its stock holds fewer than 2 cards and it cannot draw.
- A convoy it inspects is shuffled face down by its sender, and turned from the top: the choice of card is
  uninformed either way.
- The level-3 and level-4 lieutenant comes from the cards before they are shuffled, at every player count
  (the deck the others draw from is one lieutenant short per automa).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.prohis.components import (
    AUTOMA_LEVELS,
    CONTROLLERS,
    CONVOY_MAX,
    CONVOY_MIN,
    HAND_LIMIT,
    ILLEGAL,
    KINDS,
    LEGAL,
    LIEUTENANT,
    RANK,
    UNKNOWN,
    Handicap,
    values,
)
from ai.prohis.observation import ProhisObservation
from ai.prohis.state import (
    ACCEPT,
    COMMIT,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    PASS,
    PILE,
    REFUSE,
    STOP,
    TAKE,
    TOP_BRIBE,
    TOP_CONVOY,
    Act,
    Phase,
    ProhisConfig,
)
from ai.protocol import Decision
from ai.rules import Chain, Roll, Rule, RuleList, choose

#: The difficulties: points at the end and a lieutenant in its office at set-up.
LEVELS: dict[int, Handicap] = AUTOMA_LEVELS
DEFAULT_LEVEL = 2
#: "Near the end": the draw pile holds at most this many cards per player (or the final round has begun).
LATE_PER_PLAYER = 2
#: Its stock sends a convoy once it holds this many cards.
LOAD = 5
#: Die faces on which it offers a bribe.
BRIBE_FACES = 2
#: Added to the convoy's size near the end, for the faces on which it puts a controller forward.
LATE_EXTRA = 2
#: The order in which it takes display cards.
DRAW_ORDER = (ILLEGAL, LIEUTENANT, LEGAL)


@dataclass(frozen=True, slots=True)
class AutomaView:
    """What the automa's rules read: the public table, and the worth of a bribe offered to it. Nothing of its
    stock but its size."""

    phase: Phase
    players: int
    pile_size: int
    final_left: int | None
    display: tuple[int | None, ...]
    #: Cards in its stock (face down, unseen).
    stock: int
    #: Its office: the controllers lying face up, per card type.
    office: tuple[int, ...]
    hand_size: int
    #: The highest rank already put forward against the convoy (0: none).
    forward: int
    convoy_size: int
    offered: bool
    #: The offered bribe's worth in thousands, as in a warehouse (0: none offered to it).
    bribe_worth: int


def public_view(obs: ProhisObservation) -> AutomaView:
    """The automa's view of its seat's observation: its stock only as a count."""
    worth = values(obs.config.seed_values).warehouse
    bribe = sum(worth[k] * obs.bribe[k] for k in KINDS) // 1000 if obs.offered else 0
    return AutomaView(
        phase=obs.phase,
        players=obs.n,
        pile_size=obs.pile_size,
        final_left=obs.final_left,
        display=obs.display,
        stock=obs.hand[UNKNOWN],
        office=tuple(obs.hand[k] if k in CONTROLLERS else 0 for k in KINDS),
        hand_size=sum(obs.hand),
        forward=max((RANK[c] for c in obs.commits if c is not None), default=0),
        convoy_size=obs.convoy_size,
        offered=obs.offered,
        bribe_worth=bribe,
    )


View = AutomaView
Choice = Act | Roll[Act]
Legal = Sequence[Choice]


def late(view: View) -> bool:
    return view.final_left is not None or view.pile_size <= LATE_PER_PLAYER * view.players


def _top(legal: Legal, stock: int) -> Act | None:
    act = Act(TOP_CONVOY, (min(CONVOY_MAX, stock),))
    return act if act in legal else None


def unload(view: View, legal: Legal) -> Act | None:
    return _top(legal, view.stock) if late(view) and view.stock >= CONVOY_MIN else None


def load(view: View, legal: Legal) -> Act | None:
    full = view.hand_size >= HAND_LIMIT and view.stock >= CONVOY_MIN
    return _top(legal, view.stock) if view.stock >= LOAD or full else None


def _display_pick(view: View, legal: Legal) -> Act | None:
    for kind in DRAW_ORDER:
        act = Act(TAKE, (kind,))
        if kind in view.display and act in legal:
            return act
    return Act(PILE) if Act(PILE) in legal else None


def draw(view: View, legal: Legal) -> Act | None:
    return _display_pick(view, legal) if view.hand_size < HAND_LIMIT else None


def pass_turn(view: View, legal: Legal) -> Act:
    return Act(PASS)


def second(view: View, legal: Legal) -> Act | None:
    return _display_pick(view, legal)


def stop(view: View, legal: Legal) -> Act:
    return Act(STOP)


def inspect_or_not(view: View, legal: Legal) -> Roll[Act] | None:
    mine = [k for k in CONTROLLERS if view.office[k]]
    if not mine or RANK[max(mine, key=RANK.__getitem__)] <= view.forward:
        return None
    highest = max(mine, key=RANK.__getitem__)
    faces = view.convoy_size + (LATE_EXTRA if late(view) else 0)
    return Roll(faces, Act(COMMIT, (highest,)), Act(NO_COMMIT))


def keep(view: View, legal: Legal) -> Act:
    return Act(NO_COMMIT)


def bribe(view: View, legal: Legal) -> Roll[Act] | None:
    return Roll(BRIBE_FACES, Act(TOP_BRIBE), Act(NO_BRIBE)) if view.stock else None


def no_bribe(view: View, legal: Legal) -> Act:
    return Act(NO_BRIBE)


def judge_bribe(view: View, legal: Legal) -> Roll[Act] | None:
    """Accept if worth >= roll + size, i.e. on a roll of at most worth - size."""
    if not view.offered:
        return None
    return Roll(view.bribe_worth - view.convoy_size, Act(ACCEPT), Act(REFUSE))


def inspect(view: View, legal: Legal) -> Act:
    return Act(INSPECT)


def _when(phase: Phase) -> Callable[[View, Legal], bool]:
    return lambda view, legal: view.phase == phase


def _rule(key: str, name: str, text: str, action: str, choose: Any) -> Rule[View, Choice]:
    return Rule(key, name, text, choose, action=action)


SEND = f"send the top {CONVOY_MAX} cards of its stock (all, if fewer) as a convoy"
ORDER = "an Illegal good, else a Lieutenant, else a Legal good"

#: The rule whose die range would tell the table the worth of a bribe only the automa's inspector reads.
JUDGE_KEY = "11"


def automa_rules(config: ProhisConfig | None = None) -> RuleList[View, Choice]:
    """The automa's card: one chain per decision, every rule public."""
    chains = (
        Chain(
            "Its turn",
            _when(Phase.TURN),
            (
                _rule(
                    "1",
                    "unload",
                    f"Near the end, and its stock holds {CONVOY_MIN} or more cards.",
                    SEND,
                    unload,
                ),
                _rule(
                    "2",
                    "load",
                    f"Its stock holds {LOAD} or more cards; or its hand holds {HAND_LIMIT} or more and its stock "
                    f"{CONVOY_MIN} or more.",
                    SEND,
                    load,
                ),
                _rule(
                    "3",
                    "draw",
                    f"Its hand holds fewer than {HAND_LIMIT} cards, and the display or the draw pile holds a card.",
                    f"take from the display {ORDER}; display empty: the top of the draw pile",
                    draw,
                ),
                _rule("4", "Otherwise", "–", "pass", pass_turn),
            ),
        ),
        Chain(
            "After taking one display card",
            _when(Phase.SECOND),
            (
                _rule(
                    "5",
                    "second",
                    "The display or the draw pile holds a card.",
                    f"take another display card, {ORDER}; display empty: the top of the draw pile",
                    second,
                ),
                _rule("6", "Otherwise", "–", "stop", stop),
            ),
        ),
        Chain(
            "Another player sends a convoy",
            _when(Phase.COMMIT),
            (
                _rule(
                    "7",
                    "inspect?",
                    "Its office holds a controller that outranks every controller already put forward.",
                    f"roll the die: if the roll is at most the convoy's size (+{LATE_EXTRA} near the end), put its "
                    "highest controller forward; else keep them",
                    inspect_or_not,
                ),
                _rule("8", "Otherwise", "–", "keep its controllers", keep),
            ),
        ),
        Chain(
            "Its convoy faces an inspector",
            _when(Phase.BRIBE),
            (
                _rule(
                    "9",
                    "bribe",
                    "Its stock holds a card.",
                    f"roll the die: on 1–{BRIBE_FACES} offer the top card of its stock (only the inspector looks "
                    "at it); else no bribe",
                    bribe,
                ),
                _rule("10", "Otherwise", "–", "no bribe", no_bribe),
            ),
        ),
        Chain(
            "It inspects a convoy",
            _when(Phase.JUDGE),
            (
                _rule(
                    JUDGE_KEY,
                    "a bribe",
                    "A bribe is offered.",
                    "roll the die: accept it if its worth is at least the roll + the convoy's size; else refuse "
                    "it and inspect",
                    judge_bribe,
                ),
                _rule(
                    "12",
                    "Otherwise",
                    "–",
                    "inspect: its sender shuffles the convoy face down; turn cards from the top, as many as "
                    "the controller inspects",
                    inspect,
                ),
            ),
        ),
    )
    return RuleList.of_chains("Prohis automa", chains)


def terms(config: ProhisConfig | None = None) -> tuple[tuple[str, str], ...]:
    """The card's terms (name, definition); *worth* is printed from the values the game is played with."""
    worth = values(config.seed_values if config is not None else False).warehouse
    names = ("Legal", "Illegal", "Lieutenant", "Captain", "Inspector")
    return (
        ("Stock", "its goods, face down in one pile; nobody looks at them, the automa included."),
        ("Office", "its controllers, face up beside it."),
        ("Its hand", f"stock and office together (the {HAND_LIMIT}-card limit counts both)."),
        (
            "Near the end",
            f"the draw pile holds at most {LATE_PER_PLAYER} cards per player, or the final round has begun.",
        ),
        (
            "Worth",
            "in thousands, as in a warehouse: "
            + ", ".join(f"{names[k]} {worth[k] // 1000}" for k in KINDS)
            + ".",
        ),
        ("Outranks", "Inspector above Captain above Lieutenant."),
        ("Top cards", "the top cards of its stock, moved face down without looking."),
    )


TERMS = terms()


def _hide_range(why: str) -> str:
    """A judged bribe's die without its range: the range is the bribe's worth, which only its inspector
    reads."""
    return re.sub(r" \(1–-?\d+\)", "", why)


class Automa:
    """Plays the automa's card: each decision from ``public_view``, the die rolled from the seat's rng, the
    rule and the roll told to the table."""

    name = "automa"

    def __init__(self, config: ProhisConfig | None = None) -> None:
        self.rules = automa_rules(config)

    def decide(
        self, observation: ProhisObservation, legal: Sequence[Act], rng: random.Random
    ) -> Decision[Act]:
        view = public_view(observation)
        rule, act, why = choose(self.rules, view, legal, rng)
        if rule.key == JUDGE_KEY:
            why = _hide_range(why)
        return Decision(act, reason=why)


def automa(config: ProhisConfig) -> Automa:
    return Automa(config)


__all__ = ["LEVELS", "TERMS", "Automa", "AutomaView", "automa", "automa_rules", "public_view", "terms"]
