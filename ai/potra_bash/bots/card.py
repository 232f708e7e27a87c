"""The Potra Bash bot card (``normal``; ``easy`` is the same with noise).

The card is what a person can run at the table: one chain per decision point (taking a card from the field;
lap 1, where a card must be played; laps 2 and 3, play or pass), each read from the top, each ending in an
Otherwise that always applies. Its conditions read only what a player sees at a glance: their hand, the
centre card, the cards in front of each player this round (their sums) and their own scoring pile (the owner
may look). Nothing is counted from earlier rounds (the other piles are face down) but the tally the table keeps
of each player over the evening (``record``: passed or played in laps 2 and 3), which rule 6a reads.

A card's worth to a pile is its *marginal* score: a third 3 or 4 discards the set (a 4 after two 4s is worth
−8), a third −2 or −3 is worth +4 or +6. On the card that is a small table: the order of preference for
taking.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.potra_bash.engine import contribution
from ai.potra_bash.observation import PotraObservation
from ai.potra_bash.state import PASS, PASSED, PLAYED, Action, Phase, Play, Take
from ai.protocol import Decision
from ai.rules import Chain, Rule, RuleList, RulePlayer
from ai.words import tr, trn

Obs = PotraObservation
Legal = Sequence[Action]

# -- worth of a card --


def marginal(value: int, pile: Sequence[int], triples: str = "all") -> int:
    """How much one more ``value`` changes the pile's score."""
    count = pile.count(value)
    return contribution(value, count + 1, triples) - contribution(value, count, triples)


# -- what the rules look at (all of it on the table or in the seat's own hand and pile) --


def sums(obs: Obs) -> list[int]:
    """The sum of the cards in front of each player this round."""
    totals = [0] * obs.config.players
    for owner, value in obs.plays:
        totals[owner] += value
    return totals


def leads_after(obs: Obs, value: int | None) -> bool:
    """Would this seat hold the centre card right now after playing ``value`` (``None``: passing)?"""
    totals = sums(obs)
    mine = totals[obs.seat] + (value or 0)
    others = max(t for s, t in enumerate(totals) if s != obs.seat)
    if value is not None:
        return mine >= others  # a tie goes to the latest play: this one
    last = max((i for i, (o, _) in enumerate(obs.plays) if o == obs.seat), default=-1)
    rivals = [s for s, t in enumerate(totals) if s != obs.seat and t == mine]
    latest = [max((i for i, (o, _) in enumerate(obs.plays) if o == s), default=-1) for s in rivals]
    return mine > others or (mine == others and all(last > i for i in latest))


def lead_after(obs: Obs, value: int) -> int:
    """By how much this seat's sum would top every other after playing ``value`` (negative: behind)."""
    totals = sums(obs)
    return totals[obs.seat] + value - max(t for s, t in enumerate(totals) if s != obs.seat)


def centre_worth(obs: Obs) -> int:
    return 0 if obs.centre is None else marginal(obs.centre, obs.piles[obs.seat], obs.config.triples)


def plays(legal: Legal) -> list[int]:
    return [a.value for a in legal if isinstance(a, Play)]


#: A good centre card is taken early (laps 1 and 2) only with a lead of this much: a 4 played after you
#: cannot overtake it. In lap 3 any lead will do.
LEAD = 4

# -- what the table has seen each player do (the tally the card keeps over the session's games) --

#: A player's passes in laps 2 and 3 counted before rule 6a reads them (about two thirds of a game of passing).
TALLY = 8
#: Passes for each card played in laps 2 and 3 that make a player one who keeps passing. The card's own play
#: passes about as often as it plays, so its seats rarely make each other one.
PASSES_PER_PLAY = 9


def keeps_passing(obs: Obs, seat: int) -> bool:
    """``seat`` passed in laps 2 and 3 at least ``TALLY`` times, and ``PASSES_PER_PLAY`` times for each card it
    played there (the public tally of the session's games, ``record``)."""
    if not obs.record:
        return False
    counts = obs.record[seat]
    return counts[PASSED] >= TALLY and counts[PASSED] >= PASSES_PER_PLAY * counts[PLAYED]


def passers(obs: Obs) -> list[int]:
    """The other players who keep passing (``keeps_passing``)."""
    return [s for s in range(obs.config.players) if s != obs.seat and keeps_passing(obs, s)]


def _keep_minus(obs: Obs, legal: Legal) -> Action | None:
    """Laps 2 and 3, a minus card in hand and another player who keeps passing: pass (rule 7 would dump it).

    Dumped in laps 2 and 3, the card's minus cards let a player who passes there and plays its lowest card in
    lap 1 win 27.0% [23.3, 31.1] of 500 games against three seats of the card (``exploit:keep-cards``, sessions
    of 10; fair share 25%); kept in hand, where a card scores nothing at the end, 20.7% [17.4, 24.5]
    (docs/strength.md, Bots that read the table). The card's own play passes about as often as it plays: in
    sessions of the card against itself the rule decides fewer than 1 in 300 of its plays or passes in laps 2
    and 3."""
    if PASS not in legal or not any(v < 0 for v in plays(legal)) or not passers(obs):
        return None
    return PASS


def _passers_detail(obs: Obs) -> str | None:
    """The tally rule 6a read: the first other player who keeps passing, its passes and cards played."""
    quiet = passers(obs)
    if not quiet:
        return None
    counts = obs.record[quiet[0]]
    return trn(
        "{name} passed {passed} times in laps 2 and 3 and played {n} card there",
        "{name} passed {passed} times in laps 2 and 3 and played {n} cards there",
        counts[PLAYED],
        name=obs.config.name(quiet[0]),
        passed=counts[PASSED],
    )


# -- taking a card from the field --


def _taking(obs: Obs, legal: Legal) -> bool:
    return obs.phase == Phase.TAKE


def _complete_set(obs: Obs, legal: Legal) -> Action | None:
    pile, triples = obs.piles[obs.seat], obs.config.triples
    good = [
        a.value for a in legal if isinstance(a, Take) and a.value < 0 and marginal(a.value, pile, triples) > 0
    ]
    return _copy(obs, legal, min(good)) if good else None


def _best_take(obs: Obs, legal: Legal) -> Action | None:
    """A 1 first (it never makes a set, and most 1s break a tie), then the card that adds most to the pile.

    Taking 4s and 3s before a 1 leaves the 1s to a player who takes them whenever they may
    (``exploit:ones-first``), while the 4s and 3s make sets of three in this seat's pile (README, Exploiters)."""
    pile, triples = obs.piles[obs.seat], obs.config.triples
    takes = [a.value for a in legal if isinstance(a, Take)]
    if not takes:
        return legal[0] if legal else None
    return _copy(obs, legal, max(takes, key=lambda v: (v == 1, marginal(v, pile, triples), v)))


def _copy(obs: Obs, legal: Legal, value: int) -> Action:
    """Among the copies of ``value``, take the one in front of the player nearest on this seat's right (the
    farthest clockwise; picks go clockwise, so that player picks last of the others): the copies left behind
    belong to the players picking soon, who may not take their own cards."""
    n = obs.config.players
    copies = [a for a in legal if isinstance(a, Take) and a.value == value]
    return max(copies, key=lambda a: (a.owner - obs.seat) % n)


# -- playing --


def _must_play(obs: Obs, legal: Legal) -> bool:
    return obs.phase == Phase.PLAY and PASS not in legal


def _may_pass(obs: Obs, legal: Legal) -> bool:
    return obs.phase == Phase.PLAY


def _take_centre(lead: int, lap: int = 0) -> Any:
    """Play the highest card when the centre card is good for this seat and that card tops every other sum
    by ``lead`` or more (only in lap ``lap``, if given)."""

    def choose(obs: Obs, legal: Legal) -> Action | None:
        cards = plays(legal)
        if not cards or (lap and obs.lap != lap) or centre_worth(obs) < 1:
            return None
        best = max(cards)
        return Play(best) if best > 0 and lead_after(obs, best) >= lead else None

    return choose


def _minus_card(obs: Obs, legal: Legal) -> Action | None:
    negatives = [v for v in plays(legal) if v < 0]
    return Play(min(negatives)) if negatives else None


def _lowest(obs: Obs, legal: Legal) -> Action | None:
    cards = plays(legal)
    return Play(min(cards)) if cards else (legal[0] if legal else None)


def _pass(obs: Obs, legal: Legal) -> Action | None:
    return PASS if PASS in legal else (legal[0] if legal else None)


def _centre_detail(obs: Obs) -> str | None:
    return (
        None if obs.centre is None else f"the centre card {obs.centre} is worth {centre_worth(obs):+d} to me"
    )


# "by 4 or more" over every other sum, a player yet to play counting 0
TAKE_CENTRE = (
    "The centre card is good for you (a 1; a 3 or 4 that would not complete a set of three in your pile; a "
    f"−2/−3 that would) and your highest card is a plus card that gives you the highest sum by {LEAD} or more "
    "(a player yet to play counts 0)."
)
TAKE_CENTRE_AGAIN = (
    "The centre card is good for you and your highest card is a plus card that gives you the highest sum by "
    f"{LEAD} or more (a player yet to play counts 0)."
)
TAKE_CENTRE_LAP3 = (
    "The centre card is good for you and your highest card is a plus card that gives you the highest sum (a "
    "tie counts: your play is the latest)."
)

KEEP_MINUS = (
    f"You hold a −2 or −3, and another player passed in laps 2 and 3 at least {TALLY} times this evening and "
    f"{PASSES_PER_PLAY} times or more for each card it played there (the tally)."
)

NORMAL_RULES: RuleList[Obs, Action] = RuleList.of_chains(
    "Potra Bash bot",
    (
        Chain(
            "Taking a card from the field",
            _taking,
            (
                Rule(
                    "1",
                    "complete a minus set",
                    "A −2 or −3 you may take would complete a set of three in your scoring pile (equal cards: "
                    "as in rule 2).",
                    _complete_set,
                    action="take it (the −3 before a −2): the set is discarded",
                ),
                Rule(
                    "2",
                    "Otherwise: best for your pile",
                    "The first card you may take in this order: 1, 4, 3 (each only if it would not complete "
                    "a set of three in your pile), −2, −3, then a 3 or 4 that would (a 3 before a 4). Of equal "
                    "cards, the one in front of the player nearest on your right.",
                    _best_take,
                    action="take that card",
                ),
            ),
        ),
        Chain(
            "Lap 1: play a card",
            _must_play,
            (
                Rule(
                    "3",
                    "take the centre",
                    TAKE_CENTRE,
                    _take_centre(LEAD),
                    _centre_detail,
                    False,
                    "play your highest card",
                ),
                Rule(
                    "4",
                    "Otherwise: lowest card",
                    "Keep your high cards for laps 2 and 3.",
                    _lowest,
                    public=False,
                    action="play your lowest card",
                ),
            ),
        ),
        Chain(
            "Laps 2 and 3: play or pass",
            _may_pass,
            (
                Rule(
                    "5",
                    "take the centre",
                    TAKE_CENTRE_AGAIN,
                    _take_centre(LEAD),
                    _centre_detail,
                    False,
                    "play your highest card",
                ),
                Rule(
                    "6",
                    "lap 3: take the centre",
                    TAKE_CENTRE_LAP3,
                    _take_centre(0, lap=3),
                    _centre_detail,
                    False,
                    "play your highest card",
                ),
                Rule(
                    "6a",
                    "a player keeps passing",
                    KEEP_MINUS,
                    _keep_minus,
                    _passers_detail,
                    False,
                    "pass: keep your minus cards",
                ),
                Rule(
                    "7",
                    "dump a minus card",
                    "You hold a −2 or −3 (it goes to another player's pile).",
                    _minus_card,
                    public=False,
                    action="play your lowest minus card (−3 before −2)",
                ),
                Rule("8", "Otherwise: pass", "Keep your cards.", _pass, public=False, action="pass"),
            ),
        ),
    ),
    notes=(
        "Good or bad for your pile: a card counts its value, but a 3 or 4 completing a set of three in your "
        "pile (its 3rd, 6th, …) costs the whole set, and a −2 or −3 completing one removes the set. 1s make no "
        "sets.",
        "Tally each player over the evening: in laps 2 and 3, a pass or a card played.",
    ),
)


class TableRules:
    """The card at the table: a rule whose condition reads nothing hidden (``Rule.public``: the picks read the
    face-up field and the seat's pile) is explained in plain words (``plain_reason``), with face-up piles only;
    a lap rule reads the hand, so the table hears no reason. The rule and its figures always go to
    ``Decision.debug``."""

    def __init__(
        self, noise: float = 0.0, name: str = "normal", rules: RuleList[Obs, Action] = NORMAL_RULES
    ) -> None:
        self.name = name
        #: The rule list (a paper automa card prints it).
        self.rules = rules
        self.player = RulePlayer(name, rules, noise=noise)

    def decide(self, observation: Obs, legal: Legal, rng: random.Random) -> Decision[Action]:
        decision = self.player.decide(observation, legal, rng)
        reason = decision.reason
        if reason is not None:  # a public rule chose: the table reads why in plain words, never its number
            rule, _ = self.rules.first(observation, legal)
            reason = plain_reason(observation, rule.key, decision.action)
        return Decision(decision.action, reason=reason, debug=decision.debug or decision.reason)


def plain_reason(obs: Obs, key: str, action: Action) -> str | None:
    """Why the card took ``action``, as the table reads it. A pick reads the seat's own scoring pile: said only
    when the piles lie face up (``open_piles``); face down, the reason would tell the table what the pile holds."""
    if not obs.config.open_piles or not isinstance(action, Take):
        return None
    value = action.value
    if key == "1":
        return tr(
            "the {value} completes a set of three in its scoring pile, and the set is discarded", value=value
        )
    if value == 1:
        return tr("a 1 first: it never makes a set, and the most 1s break a tie")
    if marginal(value, obs.piles[obs.seat], obs.config.triples) > 0:
        return tr("the card worth most to its scoring pile")
    return tr("every card left costs its scoring pile: the one that costs least")


def rule_bot(noise: float = 0.0, name: str = "normal") -> TableRules:
    return TableRules(noise=noise, name=name)
