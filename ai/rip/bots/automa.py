"""RIP's paper automa (the ``automa`` level): the Ghost, an opponent a solo player runs from its card without
seeing its cards. It holds no hand: its ghost cards lie in a face-down *hand pile* nobody looks at, and each ghost
it plays is the pile's top card (the engine's ``Blind``: a card at random from its hand, which is what turning
the top of a shuffled pile is). It decides from the public table alone (``public_view``) and at most one die, by
the ordered rules below; the list plays, explains each decision (every rule is public: the table is told the rule
and the die) and prints as the card (``printables.games.rip``).

Its difficulty is a handicap at set-up (``LEVELS``, printed on the card): psychic cards taken from the known cards
not in the line, and at the top level a ghost from the top of its deck put face down by the round-10 card. The
rule text is the same at every level.

Rulings where the spec is silent (the choices a player makes nine times in ten; an automa makes no hidden choice):
- Ruling: card 2 takes the top card of its deck; card 10 names the value of its highest ghost card in play; card 11
  discards the opponent's card that counts most (equal: the one played last).
- Ruling: the opponent's card 3 shows its hand pile (then the pile is shuffled); the opponent's card 6 changes
  nothing (its ghosts come at random anyway).
- Ruling: it puts no psychic card face down but one playable only in round 10, so round 10's "best for its owner"
  choices never fall to it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ai.protocol import Decision
from ai.rip.components import (
    AUTOMA_LEVELS,
    CASTLE,
    INSTANT_WIN,
    KNOWN_CARDS,
    MANOR,
    ROUNDS,
    Handicap,
    PsychicCard,
)
from ai.rip.effects import card_values, totals
from ai.rip.observation import RipObservation
from ai.rip.rules import END, SKIP, Action, Down, G, InPlay, P, Phase, Psychic, Turn
from ai.rip.state import BANK, BLIND, RipConfig
from ai.rules import Chain, Roll, Rule, RuleList, choose
from ai.words import tr

#: The difficulty levels and their handicaps (``ai.rip.components``, where the deal reads them).
LEVELS: dict[int, Handicap] = AUTOMA_LEVELS
DEFAULT_LEVEL = 2

#: Rule 5: it starts no fight with fewer cards to play than this.
SHORT = 3
#: Its reach: the die plus this, for a manor until ``LATE_ROUND`` - 1, a manor from ``LATE_ROUND``, a castle.
REACH_MANOR = 1
REACH_LATE_MANOR = 4
REACH_CASTLE = 6
LATE_ROUND = 7
#: Rule 8: from this round, with at least ``BANK_PILE`` cards in its hand pile, it banks its top card.
BANK_FROM = 4
BANK_PILE = 4


def _card_with(kind: str, playable: str = "rounds") -> int:
    """The number of the known psychic card whose effect is ``kind`` (the card's text is formatted from it)."""
    return next(c.id for c in KNOWN_CARDS if c.has(kind) and c.playable == playable)


FETCH = _card_with("fetch")
PEEK = _card_with("peek")
RANDOM_NEXT = _card_with("random_next")
NAMED = next(c.id for c in KNOWN_CARDS if any(e.kind == "bonus" and e.named for e in c.effects))
DISCARD = _card_with("discard")
MIN_PLAYS = _card_with("min_plays")
ROUND10_ONLY = next(c.id for c in KNOWN_CARDS if c.playable == "round10")


@dataclass(frozen=True, slots=True)
class RipAutomaView:
    """What the automa reads: the public table, seen from its seat. No value of its hand pile, deck or face-down
    ghosts is here, only how many: that it cannot see them is a fact of this type."""

    seat: int
    config: RipConfig
    phase: Phase
    round: int
    token: str  # this round's token ("" in round 10)
    tokens: tuple[str, ...]  # its tokens
    your_tokens: tuple[str, ...]
    total: int  # its total this round
    your_total: int
    turn_plays: int  # cards it has played this turn
    need: int  # the least number of cards it must play in a turn if it plays any (your card 14), else 0
    pile: int  # cards in its hand pile
    deck: int  # cards in its deck
    owned: tuple[int, ...]  # its psychic cards, face up
    table: tuple[InPlay, ...]  # its cards in play this round
    your_table: tuple[InPlay, ...]
    your_counts: tuple[int, ...]  # what each of your cards in play counts now


@functools.lru_cache(maxsize=16)
def _cards(config: RipConfig) -> dict[int, PsychicCard]:
    return config.catalogue()


def public_view(obs: RipObservation) -> RipAutomaView:
    """The automa's view of ``obs``: the public table only."""
    cards = _cards(obs.config)
    seat = obs.seat
    tables = (obs.own.table, obs.other.table) if seat == 0 else (obs.other.table, obs.own.table)
    t = totals(tables, cards)
    counts = card_values(tables, cards)[1 - seat]
    need = max(
        (
            e.count
            for x in obs.other.table
            if x.card.psychic
            for e in cards[x.card.n].effects
            if e.kind == "min_plays"
        ),
        default=0,
    )
    return RipAutomaView(
        seat=seat,
        config=obs.config,
        phase=obs.phase,
        round=obs.round,
        token=obs.tokens[obs.round - 1] if obs.round <= ROUNDS else "",
        tokens=obs.own.tokens,
        your_tokens=obs.other.tokens,
        total=t[seat],
        your_total=t[1 - seat],
        turn_plays=obs.turn_plays if obs.mover == seat else 0,
        need=need,
        pile=obs.own.hand_size,
        deck=len(obs.own.deck),
        owned=obs.own.owned,
        table=obs.own.table,
        your_table=obs.other.table,
        your_counts=tuple(counts),
    )


# -- the terms ------------------------------------------------------------------------------------------------


def psychic_now(view: RipAutomaView, number: int) -> Action | None:
    """Psychic card ``number`` as the term *its next card* plays it now (None: the term does not play it now)."""
    card = _cards(view.config)[number]
    if card.playable != "rounds":
        return None
    if card.has("fetch"):
        return Turn((Psychic(number),), end=False) if view.deck else None
    if any(e.kind == "bonus" and e.named for e in card.effects):
        ghosts = [x.card.n for x in view.table if not x.card.psychic]
        return Turn((Psychic(number, G(max(ghosts))),), end=False) if ghosts else None
    if card.has("discard"):
        if not view.your_table:
            return None
        most = max(view.your_counts)
        last = max(i for i, v in enumerate(view.your_counts) if v == most)
        return Turn((Psychic(number, view.your_table[last].card),), end=False)
    return Turn((Psychic(number),), end=False)


def cards_to_play(view: RipAutomaView) -> int:
    """The term *cards to play*: its hand pile and the psychic cards it may play now."""
    return view.pile + sum(psychic_now(view, n) is not None for n in set(view.owned))


def next_card(view: RipAutomaView, legal: Sequence[Action]) -> Action | None:
    """The term *its next card*: its lowest-numbered psychic card it may play now, else the top card of its hand
    pile; under your card 14 it starts a turn only with 2 or more cards to play (None: no card)."""
    if view.need and view.turn_plays == 0 and cards_to_play(view) < view.need:
        return None
    for number in sorted(set(view.owned)):
        action = psychic_now(view, number)
        if action is not None and action in legal:
            return action
    return BLIND if view.pile and BLIND in legal else None


def deciding(view: RipAutomaView) -> bool:
    """The term *deciding token*: this round's token would end the game for you or for it."""
    need = INSTANT_WIN[view.token]
    return view.tokens.count(view.token) + 1 >= need or view.your_tokens.count(view.token) + 1 >= need


def reach_base(view: RipAutomaView) -> int:
    """The term *reach* without its die."""
    if view.token == CASTLE:
        return REACH_CASTLE
    return REACH_LATE_MANOR if view.round >= LATE_ROUND else REACH_MANOR


# -- the rules ------------------------------------------------------------------------------------------------

Choice = Action | Roll[Action]


def _leave_or(action: Action | None, legal: Sequence[Action]) -> Action:
    """``action``, or with no card to play, the end of its turn (behind: it leaves the mansion)."""
    if action is not None:
        return action
    return END if END in legal else legal[0]


def r_second(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    if not (view.need >= 2 and view.turn_plays == 1):
        return None
    return _leave_or(next_card(view, legal), legal)


def r_ahead(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    return END if view.total > view.your_total else None


def r_keep_going(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    return _leave_or(next_card(view, legal), legal) if view.turn_plays else None


def r_deciding(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    return _leave_or(next_card(view, legal), legal) if deciding(view) else None


def r_short(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    return END if cards_to_play(view) < SHORT else None


def r_reach(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    """Leave on a die of at most ``your total - its total - the reach's base - 1``, else its next card."""
    upto = max(0, min(6, view.your_total - view.total - reach_base(view) - 1))
    return Roll(upto, END, _leave_or(next_card(view, legal), legal))


def _reach_why(view: RipAutomaView) -> str:
    return tr(
        "your {yours} against its {total} + {reach} + the die",
        yours=view.your_total,
        total=view.total,
        reach=reach_base(view),
    )


def r_round10_card(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    action = Down(P(ROUND10_ONLY))
    return action if ROUND10_ONLY in view.owned and action in legal else None


def r_bank(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    if view.round < BANK_FROM or view.pile < BANK_PILE:
        return None
    return BANK if BANK in legal else None


def r_nothing(view: RipAutomaView, legal: Sequence[Action]) -> Choice | None:
    return SKIP


def _turn(view: RipAutomaView, legal: Sequence[Action]) -> bool:
    return view.phase == Phase.PLAY and view.round <= ROUNDS


def _facedown(view: RipAutomaView, legal: Sequence[Action]) -> bool:
    return view.phase == Phase.FACEDOWN


_NEXT = "play its next card"
_NEXT_OR_LEAVE = "play its next card (none: it leaves the mansion)"
_ALWAYS = "Otherwise (this rule always applies)."

TITLE = "RIP automa"
TURN_TITLE = f"Its turn (rounds 1–{ROUNDS}): read from the top before each card it plays"
FACEDOWN_TITLE = "After it loses a round (after both have drawn)"


def _terms() -> tuple[tuple[str, str], ...]:
    manors, castles = INSTANT_WIN[MANOR], INSTANT_WIN[CASTLE]
    return (
        (
            "Hand pile",
            "its hand, face down: nobody looks at it, the automa included; its size is public. The cards it "
            "draws go onto it unseen.",
        ),
        ("Its total, your total", "the strength of each side this round, counted as the rules count it."),
        (
            "Deciding token",
            f"this round's token would give you or it {manors} manors or {castles} castles: the game.",
        ),
        (
            "Reach",
            f"the die + {REACH_MANOR} for a manor in rounds 1–{LATE_ROUND - 1}; the die + {REACH_LATE_MANOR} for a "
            f"manor in rounds {LATE_ROUND}–{ROUNDS}; the die + {REACH_CASTLE} for a castle.",
        ),
        (
            "Its next card",
            "its lowest-numbered psychic card that it may play now; if there is none, turn over the top card of "
            f"its hand pile and play it. Card {FETCH} puts the top card of its deck into play (no deck: not card "
            f"{FETCH}). Card {NAMED} only when it has a ghost card in play: it names the value of its highest. "
            f"Card {DISCARD} only when you have a card in play: it discards your card that counts most (equal: "
            f"the one played last). Under your card {MIN_PLAYS} it starts a turn only with 2 or more cards to play.",
        ),
        ("Cards to play", "the cards in its hand pile plus the psychic cards it may play now."),
        (
            "Against it",
            f"your card {PEEK} lets you look at its hand pile; then shuffle the pile. Your card {RANDOM_NEXT} "
            "changes nothing: its ghosts come at random anyway.",
        ),
    )


#: The terms the rules use, (name, definition), printed on the rules' side.
TERMS: tuple[tuple[str, str], ...] = _terms()


@functools.lru_cache(maxsize=1)
def _rules() -> RuleList[RipAutomaView, Choice]:
    return RuleList.of_chains(
        TITLE,
        (
            Chain(
                TURN_TITLE,
                _turn,
                (
                    Rule(
                        "1",
                        "second card",
                        f"Your card {MIN_PLAYS} is in play and it has played exactly one card this turn.",
                        r_second,
                        action=_NEXT,
                    ),
                    Rule("2", "ahead", "Its total is above yours.", r_ahead, action="end its turn"),
                    Rule(
                        "3",
                        "keep going",
                        "It has played a card this turn.",
                        r_keep_going,
                        action=_NEXT_OR_LEAVE,
                    ),
                    Rule(
                        "4", "deciding", "This round's token is deciding.", r_deciding, action=_NEXT_OR_LEAVE
                    ),
                    Rule(
                        "5",
                        "short",
                        f"It has fewer than {SHORT} cards to play.",
                        r_short,
                        action="leave the mansion",
                    ),
                    Rule(
                        "6",
                        "Otherwise: reach",
                        "Otherwise (this rule always applies): roll the die.",
                        r_reach,
                        _reach_why,
                        action="if your total is at most its total + its reach, play its next card; else leave the "
                        "mansion",
                    ),
                ),
            ),
            Chain(
                FACEDOWN_TITLE,
                _facedown,
                (
                    Rule(
                        "7",
                        f"card {ROUND10_ONLY}",
                        f"It owns card {ROUND10_ONLY} face up.",
                        r_round10_card,
                        action=f"put card {ROUND10_ONLY} face down by the round-10 card",
                    ),
                    Rule(
                        "8",
                        "bank",
                        f"From round {BANK_FROM}, its hand pile holds {BANK_PILE} or more cards.",
                        r_bank,
                        action="put the top card of its hand pile face down by the round-10 card, unseen",
                    ),
                    Rule("9", "Otherwise nothing", _ALWAYS, r_nothing, action="put nothing face down"),
                ),
            ),
        ),
        notes=(
            "Leave the mansion: it ends its turn behind and loses the round, as the rules say.",
            "Rule 6 is rolled again on each of its turns: no die stays on the table.",
            "Round 10: turn its face-down cards over and count them as the rules say; it has no choice there.",
        ),
    )


def automa_rules(config: RipConfig | None = None) -> RuleList[RipAutomaView, Choice]:
    """The automa's card as a rule list (chains and notes); the same at every difficulty."""
    return _rules()


class Automa:
    """Plays the card: the first rule that applies, its die rolled from the seat's rng; the rule, its figures and
    the die said at the table (every rule reads only the public table)."""

    name = "automa"

    def __init__(self) -> None:
        self.rules = automa_rules()

    def decide(
        self, observation: RipObservation, legal: Sequence[Action], rng: random.Random
    ) -> Decision[Action]:
        view = public_view(observation)
        _rule, action, why = choose(self.rules, view, legal, rng)
        return Decision(action, reason=why)


def automa() -> Automa:
    return Automa()
