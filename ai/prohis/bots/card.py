"""Prohis: the ``normal`` smuggler's card, one chain of rules per decision point.

The same list plays (``Smuggler``), explains each move ("rule 4: draw") and is printed as the paper bot card
(``companion print automa prohis``). Every condition is one a person holding the card checks at a glance: a
count of cards in the bot's hand or convoy, the size of the draw pile, the controllers already put forward, a
small table printed on the card. Where a fixed answer could be read and exploited (bribing, judging a convoy)
a rule answers with a die roll (``Roll``), as the person holding the card rolls one; the bot rolls it from its
rng (with the dice, clean loads with a bribe no longer beat the card).

Ruling (the bot's, not the game's): a lieutenant sent inside a convoy is what the French summary calls an
"informant" (l'indicateur): turned over, it stops the inspection and the convoy passes. The card names it a
lieutenant and says what it does.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from ai import rng as seeded
from ai.prohis.components import (
    CONTROLLERS,
    HAND_LIMIT,
    ILLEGAL,
    KINDS,
    LEGAL,
    LIEUTENANT,
    NAMES,
    RANK,
    points_text,
    values,
)
from ai.prohis.observation import SeatView
from ai.prohis.odds import inspect_faces
from ai.prohis.record import LATE_FACES, LATE_PER_PLAYER, near_the_end
from ai.prohis.state import (
    ACCEPT,
    ACCEPTED,
    BRIBE,
    CAUGHT,
    CLEARED,
    COMMIT,
    CONVOY,
    DECLINE,
    DECLINED,
    INSPECT,
    INSPECTED,
    NO_BRIBE,
    NO_COMMIT,
    PASS,
    PILE,
    REFUSE,
    REFUSED,
    STEPPED_EARLY,
    STOOD_EARLY,
    STOP,
    TAKE,
    Act,
    Phase,
)
from ai.protocol import Decision
from ai.rules import Chain, Roll, Rule, RuleList, choose
from ai.words import tr

Obs = SeatView
Legal = Sequence[Act]


Choice = Act | Roll[Act]


def pick_card(legal: Legal, rng: random.Random) -> Act:
    """Which face-down convoy card to turn over, for a seat the rules let choose it (a person's, played by a
    bot or modelled in a search): the backs look alike, so any one at random."""
    return seeded.choice(rng, list(legal))


def _pick(legal: Legal, act: Act) -> Act | None:
    return act if act in legal else None


def _convoy_of(legal: Legal, cards: list[int]) -> Act | None:
    return _pick(legal, Act(CONVOY, tuple(sorted(cards[:4]))))


def late(obs: Obs) -> bool:
    """ "Near the end", as the card says: the final round, or at most 2 cards per player in the draw pile."""
    return near_the_end(obs.pile_size, obs.n, obs.final_left)


# -- the bot's turn: draw or send --


def dump_illegal(obs: Obs, legal: Legal) -> Act | None:
    """Near the end, illegal goods in hand cost 4,000 each: send them (up to three), a lieutenant if there is
    one, legal goods to make four cards."""
    hand = obs.hand
    if not late(obs) or not hand[ILLEGAL] or sum(hand) < 2:
        return None
    cards = [ILLEGAL] * min(hand[ILLEGAL], 3)
    if hand[LIEUTENANT]:
        cards.append(LIEUTENANT)
    while len(cards) < 2 or (len(cards) < 4 and hand[LEGAL] > cards.count(LEGAL)):
        if hand[LEGAL] > cards.count(LEGAL):
            cards.append(LEGAL)
        elif hand[ILLEGAL] > cards.count(ILLEGAL):
            cards.append(ILLEGAL)
        else:
            break
    return _convoy_of(legal, cards)


# -- what the table has seen each player do (the tally the card keeps over the session's games) --

#: A tally at least this long before a rule reads it.
TALLY = 2


def watchful(obs: Obs, seat: int) -> bool:
    """``seat`` has put a controller forward before the end at least ``TALLY`` times and more often than it
    kept one back, and inspected (or refused a bribe) at least ``TALLY`` times and at least 3 times in 4."""
    r = obs.record[seat]
    looked, passed = r[INSPECTED] + r[REFUSED], r[DECLINED] + r[ACCEPTED]
    return (
        r[STEPPED_EARLY] >= TALLY
        and r[STEPPED_EARLY] > r[STOOD_EARLY]
        and looked >= TALLY
        and looked >= 3 * passed
    )


def suspect(obs: Obs, seat: int) -> bool:
    """``seat``'s inspected convoys were caught at least ``TALLY`` times and more often than cleared."""
    r = obs.record[seat]
    return r[CAUGHT] >= TALLY and r[CAUGHT] > r[CLEARED]


def watched(obs: Obs, legal: Legal) -> Act | None:
    """Before the end, another player is ``watchful``: send no contraband; a safe load (rule 3) if it can,
    else draw (rule 4), else send as a full hand does (rule 5: legal goods first)."""
    if late(obs) or not any(watchful(obs, s) for s in range(obs.n) if s != obs.seat):
        return None
    return safe_load(obs, legal) or draw_display(obs, legal) or full_hand(obs, legal)


#: Die faces on which the bot sends its contraband before the end (rule 1b).
EARLY_RUN = 2


def early_run(obs: Obs, legal: Legal) -> Roll[Act] | None:
    """Before the end, two or more illegal goods and lieutenants in hand: roll a die; on 1–2 send them (up to
    four), legal goods up to four cards; else the next rule.

    Nobody puts a controller forward before the end (rule 9), and the card kept its contraband for rule 1, which
    sends it just when every seat steps up: a seat that sent its own early, filled with legal goods, and kept
    its controllers to inspect the card's dump won 38.1% [35.2, 41.2] of 1,000 games (the exploiter
    ``exploit:early-run``; fair share 25%). Sent early every time, the card's contraband met a seat that
    always inspects (``exploit:inspector`` rose from 5.9% to 34.6%); on a die, neither habit
    knows what the card will do."""
    if late(obs):
        return None
    cards = [k for k in (ILLEGAL, LIEUTENANT) for _ in range(obs.hand[k])][:4]
    if len(cards) < 2:
        return None
    cards += [LEGAL] * min(obs.hand[LEGAL], 4 - len(cards))
    run = _convoy_of(legal, cards)
    return Roll(EARLY_RUN, run, None) if run is not None else None


def lieutenant_run(obs: Obs, legal: Legal) -> Act | None:
    """Two illegal goods and a lieutenant: send them together (the lieutenant may stop the inspection)."""
    hand = obs.hand
    if hand[ILLEGAL] < 2 or not hand[LIEUTENANT]:
        return None
    cards = [LIEUTENANT, ILLEGAL, ILLEGAL] + ([LEGAL] if hand[LEGAL] else [])
    return _convoy_of(legal, cards)


def safe_load(obs: Obs, legal: Legal) -> Act | None:
    """Three or more legal goods: a clean convoy of up to four, one kept in hand from four on (an inspector
    only loses his controller). The one kept back is what the bluff (rule 13) offers: without it a bribe
    from the card would always mean contraband (rule 13 never fired in 816 bribe decisions)."""
    n = obs.hand[LEGAL]
    if n < 3:
        return None
    return _convoy_of(legal, [LEGAL] * min(n if n == 3 else n - 1, 4))


#: Display preference when drawing: illegal goods, then lieutenants, then legal goods.
DRAW_ORDER = (ILLEGAL, LIEUTENANT, LEGAL)


def draw_display(obs: Obs, legal: Legal) -> Act | None:
    """Draw: illegal goods, then lieutenants, then legal goods from the display; else the pile's top."""
    for kind in DRAW_ORDER:
        act = _pick(legal, Act(TAKE, (kind,)))
        if act is not None:
            return act
    return _pick(legal, Act(PILE))


#: The order in which cards are sent when the bot cannot draw: worth most in the warehouse, legal goods first.
SEND_ORDER = (LEGAL, LIEUTENANT, ILLEGAL)


def full_hand(obs: Obs, legal: Legal) -> Act | None:
    """Cannot draw: send up to four goods and lieutenants, legal goods first (at least two)."""
    cards = [kind for kind in SEND_ORDER for _ in range(obs.hand[kind])]
    if len(cards) < 2:
        return None
    return _convoy_of(legal, cards)


def pass_or_send(obs: Obs, legal: Legal) -> Act:
    """Otherwise: pass if the rules allow it, else send the first two cards of the hand in the order of the
    card types (legal goods, illegal goods, lieutenants, captains, inspectors)."""
    if Act(PASS) in legal:
        return Act(PASS)
    cards = [kind for kind in KINDS for _ in range(obs.hand[kind])]
    return _convoy_of(legal, cards[:2]) or legal[0]


# -- after one display card --


def second_pick(obs: Obs, legal: Legal) -> Act | None:
    """Another display card (illegal, lieutenant, legal), else the pile's top."""
    return draw_display(obs, legal)


def stop_drawing(obs: Obs, legal: Legal) -> Act:
    return Act(STOP)


# -- another player's convoy: put a controller forward? --


def _mine(obs: Obs) -> list[int]:
    return [k for k in CONTROLLERS if obs.hand[k]]


def before_the_end(obs: Obs, legal: Legal) -> Act | None:
    """Before the end, unless the smuggler is ``suspect``: keep every controller (a suspect one is stepped up to
    as near the end: rule 10).

    The card put its highest controller forward against every convoy, so its seats spent their controllers on
    the first (mostly clean) convoys and held few when, near the end, they dumped their contraband (rule 1):
    a seat that kept its controllers until then and always inspected won 74.1% of 1,000 games against three
    ``normal`` seats (``exploit:spare-inspect``; fair share 25%). Kept until the end (and judged on
    more faces then: ``judge_faces``), the card holds it to 28.9% (README, Prohis). ``hard`` plays the same
    (``bots.spare_controller``)."""
    return None if late(obs) or suspect(obs, obs.active) else _pick(legal, Act(NO_COMMIT))


def step_up(obs: Obs, legal: Legal) -> Act | None:
    """Near the end: put forward the lowest controller that outranks those already forward (a seat after it
    with a higher one takes the inspection over anyway); none outranks them: the next rule keeps them."""
    forward = max((RANK[c] for c in obs.commits if c is not None), default=0)
    higher = [k for k in _mine(obs) if RANK[k] > forward]
    return _pick(legal, Act(COMMIT, (min(higher, key=RANK.__getitem__),))) if higher else None


def keep_controllers(obs: Obs, legal: Legal) -> Act:
    return Act(NO_COMMIT)


# -- its convoy faces an inspector: bribe? --

#: Die faces on which a convoy with contraband is bribed, and on which a clean one is (so that a bribe does
#: not say which it is, and no bribe does not say the convoy is clean).
BRIBE_RISKY = 4
BRIBE_CLEAN = 1
#: Legal goods offered per illegal good in the convoy (all the hand holds if fewer).
BRIBE_PER_ILLEGAL = 2


def bribe_contraband(obs: Obs, legal: Legal) -> Choice | None:
    """Illegal goods in the convoy: roll a die; on 1–4 offer two legal goods per illegal good (all those in
    hand if fewer; none in hand: a lieutenant), else no bribe."""
    illegal = obs.convoy.count(ILLEGAL)
    if not illegal:
        return None
    want = min(BRIBE_PER_ILLEGAL * illegal, obs.hand[LEGAL])
    offer = (LEGAL,) * want if want else (LIEUTENANT,) if obs.hand[LIEUTENANT] else ()
    act = _pick(legal, Act(BRIBE, offer)) if offer else None
    return Roll(BRIBE_RISKY, act, Act(NO_BRIBE)) if act is not None else None


def bribe_clean(obs: Obs, legal: Legal) -> Choice | None:
    """A clean convoy and a legal good in hand: roll a die; on a 1 offer one legal good, else no bribe."""
    if ILLEGAL in obs.convoy:
        return None
    act = _pick(legal, Act(BRIBE, (LEGAL,)))
    return Roll(BRIBE_CLEAN, act, Act(NO_BRIBE)) if act is not None else None


def no_bribe(obs: Obs, legal: Legal) -> Act:
    return Act(NO_BRIBE)


# -- it inspects a convoy (the die's faces: ``ai.prohis.odds``) --


def bribe_worth(obs: Obs) -> int:
    """What the offered bribe is worth in the inspector's warehouse (0: none offered)."""
    v = values(obs.config.seed_values)
    return sum(v.warehouse[k] * obs.bribe[k] for k in KINDS) if obs.offered else 0


def judge_faces(obs: Obs) -> int:
    """The card's die faces for the convoy the seat judges (its size, the controller, the bribe's worth)."""
    controller = obs.commits[obs.seat]
    assert controller is not None
    # near the end the card dumps its contraband (rule 1): the table's faces are for a smuggler who mixes; a
    # suspect smuggler is judged as one who dumps
    if late(obs) or suspect(obs, obs.active):
        return LATE_FACES
    return inspect_faces(obs.convoy_size, controller, bribe_worth(obs), obs.config.seed_values)


def judge_bribe(obs: Obs, legal: Legal) -> Choice | None:
    """A bribe: roll a die; refuse it (and inspect) on 1–k from the table, accept it otherwise."""
    if not obs.offered:
        return None
    return Roll(judge_faces(obs), Act(REFUSE), Act(ACCEPT))


def inspect_or_decline(obs: Obs, legal: Legal) -> Choice:
    """No bribe: roll a die; inspect on 1–k from the table, decline (store the controller) otherwise."""
    return Roll(judge_faces(obs), Act(INSPECT), Act(DECLINE))


# -- the card --


def _when(phase: Phase) -> Callable[[Obs, Sequence[Choice]], bool]:
    return lambda obs, legal: obs.phase == phase


def _rule(key: str, name: str, text: str, action: str, choose: Any) -> Rule[Obs, Choice]:
    return Rule(key, name, text, choose, action=action)


TURN_CHAIN = Chain(
    "The bot's turn: draw or send",
    _when(Phase.TURN),
    (
        _rule(
            "1",
            "dump contraband",
            f"Near the end (draw pile ≤ {LATE_PER_PLAYER} cards per player, or the final round) and it holds an "
            "illegal good: its illegal goods (up to 3), a lieutenant if it has one, legal goods up to 4 cards; "
            "fewer than 2 cards: the next rule.",
            "send those cards as a convoy",
            dump_illegal,
        ),
        _rule(
            "1a",
            "watched table",
            f"Before the end, another player is watchful (stepped up early ≥ {TALLY} times, more than not; "
            f"inspected ≥ {TALLY} times, 3 in 4): rules 3, 4, 5 only.",
            "as that rule says",
            watched,
        ),
        _rule(
            "1b",
            "early run",
            f"Before the end (draw pile over {LATE_PER_PLAYER} cards per player, the final round not begun), it "
            "holds two or more illegal goods and lieutenants, counted together: roll a die.",
            f"on 1–{EARLY_RUN}, send them (up to four, illegal goods first), legal goods to make four cards; else "
            "the next rule",
            early_run,
        ),
        _rule(
            "2",
            "lieutenant run",
            "Two illegal goods and a lieutenant: those three and a legal good if it has one (a lieutenant turned "
            "over stops the inspection).",
            "send those cards as a convoy",
            lieutenant_run,
        ),
        _rule(
            "3",
            "safe load",
            "Three or more legal goods: up to four of them, keeping one in hand if it has four or more.",
            "send those legal goods as a convoy",
            safe_load,
        ),
        _rule(
            "4",
            "draw",
            f"Fewer than {HAND_LIMIT} cards: from the display an illegal good, else a lieutenant, else a legal "
            "good; none: the top of the draw pile.",
            "take that card",
            draw_display,
        ),
        _rule(
            "5",
            "full hand",
            "It cannot draw: up to four goods and lieutenants, legal goods first, then lieutenants, illegal "
            "goods; fewer than 2: the next rule.",
            "send those cards as a convoy",
            full_hand,
        ),
        _rule(
            "6",
            "Otherwise",
            "Pass if allowed; else two cards: legal, illegal, lieutenant, captain, inspector first.",
            "pass, or send those two cards",
            pass_or_send,
        ),
    ),
)

SECOND_CHAIN = Chain(
    "After taking one display card",
    _when(Phase.SECOND),
    (
        _rule(
            "7",
            "second pick",
            "From the display an illegal good, else a lieutenant, else a legal good; none: the top of the draw "
            "pile.",
            "take that card",
            second_pick,
        ),
        _rule("8", "Otherwise", "Display and draw pile empty.", "stop drawing", stop_drawing),
    ),
)

COMMIT_CHAIN = Chain(
    "Another player's convoy: put a controller forward?",
    _when(Phase.COMMIT),
    (
        _rule(
            "9",
            "before the end",
            f"The draw pile holds more than {LATE_PER_PLAYER} cards per player, the final round has not begun, and "
            "the smuggler is not suspect.",
            "keep its controllers",
            before_the_end,
        ),
        _rule(
            "10",
            "step up",
            "It holds a controller higher than any already forward.",
            "put the lowest such controller forward",
            step_up,
        ),
        _rule(
            "11", "Otherwise", "None of its controllers is higher.", "keep its controllers", keep_controllers
        ),
    ),
)

BRIBE_CHAIN = Chain(
    "Its convoy faces an inspector: bribe?",
    _when(Phase.BRIBE),
    (
        _rule(
            "12",
            "contraband bribe",
            "Illegal goods in the convoy and a legal good or a lieutenant in hand: roll a die; on "
            f"1–{BRIBE_RISKY}, {BRIBE_PER_ILLEGAL} legal goods per illegal good (fewer if it has fewer; none: a "
            "lieutenant).",
            f"on 1–{BRIBE_RISKY} offer those cards as a bribe; else no bribe",
            bribe_contraband,
        ),
        _rule(
            "13",
            "bluff",
            "A clean convoy and a legal good in hand: roll a die.",
            "on a 1 offer one legal good as a bribe; else no bribe",
            bribe_clean,
        ),
        _rule("14", "Otherwise", "Nothing to offer.", "no bribe", no_bribe),
    ),
)

JUDGE_CHAIN = Chain(
    "It inspects a convoy",
    _when(Phase.JUDGE),
    (
        _rule(
            "15",
            "judge a bribe",
            "A bribe: roll a die (it judges only near the end or a suspect smuggler: rules 9 and 10).",
            f"on 1–{LATE_FACES} refuse the bribe and inspect; else accept it",
            judge_bribe,
        ),
        _rule(
            "16",
            "Otherwise",
            "No bribe: roll a die.",
            f"on 1–{LATE_FACES} inspect the convoy; else decline (its controller to its warehouse)",
            inspect_or_decline,
        ),
    ),
)

RULES: RuleList[Obs, Choice] = RuleList.of_chains(
    "Prohis smuggler",
    (TURN_CHAIN, SECOND_CHAIN, COMMIT_CHAIN, BRIBE_CHAIN, JUDGE_CHAIN),
    notes=(
        "A bribe's worth is its cards' worth in a warehouse: "
        + "; ".join(f"{NAMES[k]} {values().warehouse[k]:,}" for k in KINDS)
        + ".",
        "A clean convoy holds no illegal good.",
        "Inspecting: turn the convoy's cards over in random order, as many as the controller inspects.",
        "Tally each player over the evening: stepped up early or not (if it may hold a higher captain or "
        f"inspector); inspected or let pass; caught or cleared. Suspect: caught ≥ {TALLY} times, more than "
        "cleared.",
    ),
)


# -- why, in words a player understands (hints, and the rules the table may hear named) --


def _draw_why(obs: Obs, act: Act) -> str:
    """Why that card is taken, from the card itself."""
    if act.verb == PILE:
        return tr("nothing in the display is worth more than a card from the pile")
    worth = values(obs.config.seed_values).warehouse
    kind = act.cards[0]
    if kind == ILLEGAL:
        return tr(
            "an illegal good is worth {points} once it reaches the warehouse",
            points=points_text(worth[ILLEGAL]),
        )
    if kind == LIEUTENANT:
        return tr("a lieutenant can inspect a convoy, or shield one of yours")
    return tr("legal goods make convoys no inspection can catch")


def _judge_why(obs: Obs, act: Act) -> str:
    if act.verb == REFUSE:
        return tr("a bribe is often offered to hide contraband: inspect instead, now and then")
    if act.verb == ACCEPT:
        return tr("the bribe is worth more than the inspection is likely to catch")
    if act.verb == INSPECT:
        return tr("a convoy sent without a bribe can still hide contraband")
    return tr("a convoy sent without a bribe is most likely clean")


def _otherwise_why(obs: Obs, act: Act) -> str:
    if act.verb == PASS:
        return tr("nothing worth sending, and passing is allowed")
    return tr("no other move: send the cards worth least")


def _legal_why(obs: Obs, act: Act) -> str:
    if obs.hand[LEGAL] > len(act.cards):
        return tr("legal goods pass any inspection; one is kept back to offer as a bribe")
    return tr("legal goods pass any inspection")


#: Per rule, why its move is played, in plain words: no rule number, no die (the die only keeps the card's
#: habits from being read, as a person varies their play).
PLAIN: dict[str, Callable[[Obs, Act], str]] = {
    "1": lambda obs, act: tr(
        "near the end every illegal good left in hand costs {points}: send them",
        points=points_text(-values(obs.config.seed_values).hand[ILLEGAL]),
    ),
    "1a": lambda obs, act: tr("a player inspects nearly every convoy: send it no contraband"),
    "1b": lambda obs, act: tr(
        "early in the game few controllers are put forward: contraband sent now often passes"
    ),
    "2": lambda obs, act: tr("a lieutenant turned over stops the inspection: it shields the contraband"),
    "3": _legal_why,
    "4": _draw_why,
    "5": lambda obs, act: tr("with {limit} cards no drawing is allowed: send some", limit=HAND_LIMIT),
    "6": _otherwise_why,
    "7": _draw_why,
    "8": lambda obs, act: tr("nothing left to draw"),
    "9": lambda obs, act: tr("before the end, keep the controllers for the contraband sent near the end"),
    "10": lambda obs, act: (
        tr("contraband comes now: the lowest controller that outranks those forward")
        if late(obs)
        else tr("that player's convoys were caught more often than not: inspect it")
    ),
    "11": lambda obs, act: tr("no controller of yours outranks those already forward"),
    "12": lambda obs, act: tr(
        "contraband in the convoy: a bribe may buy it through, and sometimes none is offered"
    ),
    "13": lambda obs, act: tr("a clean convoy: a small bribe now and then keeps the others guessing"),
    "14": lambda obs, act: tr("no bribe"),
    "15": _judge_why,
    "16": _judge_why,
}


def plain_reason(rule: Rule[Obs, Choice], obs: Obs, act: Act) -> str:
    """Why ``rule`` plays ``act``, in words a player understands (``PLAIN``; a rule of another list: its name)."""
    why = PLAIN.get(rule.key)
    return why(obs, act) if why is not None else rule.name.lower()


class Smuggler:
    """Plays a rule list whose rules may answer with a die roll (``Roll``), rolled from the bot's rng; with
    ``noise`` > 0 it sometimes plays a random legal action instead."""

    def __init__(
        self, name: str = "normal", rules: RuleList[Obs, Choice] = RULES, noise: float = 0.0
    ) -> None:
        self.name = name
        self.rules = rules
        self.noise = noise

    def decide(self, observation: Obs, legal: Sequence[Act], rng: random.Random) -> Decision[Act]:
        if observation.phase == Phase.PICK:
            return Decision(pick_card(legal, rng))
        if self.noise and len(legal) > 1 and rng.random() < self.noise:
            return Decision(seeded.choice(rng, list(legal)), debug="a whim (random move)")
        rule, act, why = choose(self.rules, observation, legal, rng)
        # the plain words for people; the rule, its figures and the die for debugging
        return Decision(act, reason=plain_reason(rule, observation, act), debug=why)


def smuggler(noise: float = 0.0, name: str = "normal") -> Smuggler:
    return Smuggler(name, RULES, noise)


#: Moves whose explanation would tell the table about cards it has not seen: which rule makes up a convoy
#: gives its make-up away, and why a seat stays out of an inspection tells what it holds.
HIDDEN_REASON = (CONVOY, NO_COMMIT)
#: Rules the table may hear named: the condition reads nothing hidden (the display, the phase, hand sizes) and
#: so does every rule before it (naming rule 5, "draw", would tell the table that rules 2-4, which read the
#: hand, did not hold). Every other rule reads the seat's hand, its convoy, a bribe or the unseen cards, or
#: comes after one that does.
PUBLIC_RULES = frozenset({"7", "8"})


def public_reason(act: Act, reason: str | None, plain: str | None = None) -> str | None:
    """The part of a bot's reason the whole table may read, which depends on no card hidden from it:
    ``reason`` is the full one (a rule's label with its figures, or the search's account); the rule's ``plain``
    words only for a rule whose condition reads nothing hidden (``PUBLIC_RULES``); for the search, only that it
    searched (its estimate, how many deals it searched in its time, and whether it kept the rules' move, come
    from its cards); nothing for a whim (it needs a choice), a convoy or for staying out of an inspection."""
    if reason is None or act.verb in HIDDEN_REASON:
        return None
    if " deals" in reason:
        return tr("chosen by search")  # ai.search.SEARCHED, as the table reads it
    if reason.startswith("a whim"):
        return None  # a whim needs a choice: naming it would tell the table the seat had one
    label = reason.partition(", ")[0]
    # "rule 7: second pick", in any language the rule list is said in ("правило 7: …", "règle 7 : …")
    said = re.match(r"\S+\s(\w+)\s?:\s?", label)
    if said is None or said.group(1) not in PUBLIC_RULES:
        return None
    return plain or label[said.end() :]


class TablePlayer:
    """A bot at the table: its moves, with reasons cut to what the table may know (``public_reason``); the
    whole reason goes to ``Decision.debug``."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.name: str = player.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.player, name)

    def decide(self, observation: Obs, legal: Sequence[Act], rng: random.Random) -> Decision[Act]:
        decision: Decision[Act] = self.player.decide(observation, legal, rng)
        # the card's moves carry plain words as the reason and the rule as debug; the search's, one reason
        full = decision.debug or decision.reason
        plain = decision.reason if decision.debug else None
        public = public_reason(decision.action, full, plain)
        return Decision(decision.action, public, decision.value, full)


__all__ = [
    "NAMES",
    "RULES",
    "Choice",
    "Roll",
    "Smuggler",
    "TablePlayer",
    "choose",
    "public_reason",
    "smuggler",
]
