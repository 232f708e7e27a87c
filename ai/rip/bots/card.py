"""RIP's ``normal`` bot (and ``easy``, the same with noise): the card a person can run, as explained priority
rules, one chain per decision the game asks (``RuleList.of_chains``): a second card due under card 14, the
turn's fight for a mansion, the card put face down after a lost round.

``normal`` decides from its seat's observation only. Its plan for a round is the cheapest set of cards (ghost
cards cost their printed value, a psychic card costs ``PSYCHIC_COST``) that brings its total strictly above the
opponent's; the rules say when that plan is worth playing (the budget, printed on the card). It plays the plan
one card at a time and replans after each card (the cheapest plan's remainder stays the cheapest, so the plan
does not wander). ``hard`` (``ai.rip.bots.hard``) searches with this card as its prior.

Ruling of ours: the card checks the forced second card (card 14) first, as a person must: when a second card
is due the bot cannot end its turn, so that decision has its own chain; the bot then plays its plan's next card
where the turn's rules would, else its cheapest card (the same moves as the old list, where it came last).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Sequence

from ai.protocol import Decision
from ai.rip.components import CASTLE, INSTANT_WIN, ROUNDS, SEAT_NAMES, TOKEN_NAMES, PsychicCard
from ai.rip.observation import RipObservation
from ai.rip.record import CONCEDED_MANOR_EARLY, FOUGHT_MANOR_EARLY
from ai.rip.record import LATE_ROUND as RECORD_LATE
from ai.rip.rules import (
    END,
    SKIP,
    Action,
    Blind,
    Card,
    Down,
    G,
    Ghost,
    InPlay,
    Item,
    Phase,
    Psychic,
    Turn,
    totals,
)
from ai.rules import Chain, Rule, RuleList, RulePlayer
from ai.words import english, tr

#: What spending a psychic card costs in a plan, in ghost points.
PSYCHIC_COST = 3
#: The most a plan may cost to fight for a castle; for a manor (rounds 1-6 and 7-9).
CASTLE_BUDGET = 10
MANOR_BUDGET = 4
LATE_MANOR_BUDGET = 8
LATE_ROUND = 7
#: Bank a ghost card of at least this value for round 10 (from round ``BANK_FROM`` on, keeping 3 in hand).
BANK_VALUE = 5
BANK_FROM = 3


@functools.lru_cache(maxsize=16)
def _cards(obs: RipObservation) -> dict[int, PsychicCard]:
    return obs.config.catalogue()


def _totals(obs: RipObservation) -> tuple[int, int]:
    """(mine, theirs) in the round being fought."""
    tables = (obs.own.table, obs.other.table) if obs.seat == 0 else (obs.other.table, obs.own.table)
    t = totals(tables, _cards(obs))
    return t[obs.seat], t[1 - obs.seat]


def _options(obs: RipObservation) -> list[tuple[Psychic, list[InPlay], list[InPlay]]]:
    """Each playable psychic card with its best argument: (item, cards it adds to my side, their side after)."""
    cards = _cards(obs)
    theirs = list(obs.other.table)
    out = []
    for n in sorted(set(obs.own.owned)):
        card = cards[n]
        if card.playable != "rounds":
            continue
        if card.has("fetch"):
            if obs.own.deck:
                v = max(obs.own.deck)
                out.append(
                    (Psychic(n, Card(False, v)), [InPlay(Card(True, n)), InPlay(Card(False, v))], theirs)
                )
            continue
        if any(e.kind == "bonus" and e.named for e in card.effects):
            for v in range(1, 7):
                out.append((Psychic(n, Card(False, v)), [InPlay(Card(True, n), v)], theirs))
            continue
        if card.has("discard"):
            for j, x in enumerate(theirs):
                out.append((Psychic(n, x.card), [InPlay(Card(True, n))], theirs[:j] + theirs[j + 1 :]))
            continue
        out.append((Psychic(n), [InPlay(Card(True, n))], theirs))
    return out


@functools.lru_cache(maxsize=64)
def plan(obs: RipObservation) -> tuple[tuple[Item, ...], int] | None:
    """The cheapest cards that bring this seat strictly above the opponent now, and their cost (None: none)."""
    cards = _cards(obs)
    hand = Counter(obs.own.hand)
    values = sorted(hand)
    # Cheapest first; equal cost: fewest cards, then (the product's order, kept by a stable sort) the fewest of
    # the lowest value, then of the next: "the fewest 1s, then 2s, ..." as the card's Plan note prints.
    combos = sorted(
        itertools.product(*(range(hand[v] + 1) for v in values)),
        key=lambda c: (sum(n * v for n, v in zip(c, values, strict=True)), sum(c)),
    )
    seat = obs.seat
    best: tuple[int, int, tuple[Item, ...]] | None = None
    choices: list[tuple[Item | None, list[InPlay], list[InPlay]]] = [(None, [], list(obs.other.table))]
    choices.extend(_options(obs))
    for item, added, theirs in choices:
        extra = PSYCHIC_COST if item is not None else 0
        for combo in combos:
            ghosts = [v for n, v in zip(combo, values, strict=True) for _ in range(n)]
            cost = sum(ghosts) + extra
            if best is not None and cost > best[0]:
                break
            mine = [*obs.own.table, *added, *(InPlay(Card(False, v)) for v in ghosts)]
            t = totals((mine, theirs) if seat == 0 else (theirs, mine), cards)
            if t[seat] > t[1 - seat]:
                size = len(ghosts) + (item is not None)
                if best is None or (cost, size) < best[:2]:
                    items: list[Item] = [] if item is None else [item]
                    items.extend(Ghost(v) for v in sorted(ghosts, reverse=True))
                    best = (cost, size, tuple(items))
                break
    if best is None or not best[2]:
        return None
    return best[2], best[0]


def _as_action(obs: RipObservation, item: Item, legal: Sequence[Action]) -> Action | None:
    """The legal one-card action for ``item`` (a ghost becomes ``blind`` under card 6)."""
    for action in legal:
        if isinstance(action, Turn) and action.items:
            got = action.items[0]
            if got == item or (isinstance(got, Blind) and isinstance(item, Ghost)):
                return action
    return None


def _token(obs: RipObservation) -> str:
    return obs.tokens[obs.round - 1]


def _play_plan(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    p = plan(obs)
    if p is None:
        return None
    return _as_action(obs, p[0][0], legal)


def _playing(obs: RipObservation) -> bool:
    return obs.phase == Phase.PLAY and obs.round <= 9


def _turn(obs: RipObservation, legal: Sequence[Action]) -> bool:
    """The bot's turn in rounds 1-9 with ending it allowed."""
    return _playing(obs) and END in legal


def _second_due(obs: RipObservation, legal: Sequence[Action]) -> bool:
    """The bot's turn with ending it not allowed: card 14 makes it play a second card."""
    return _playing(obs) and END not in legal


def _facedown(obs: RipObservation, legal: Sequence[Action]) -> bool:
    return obs.phase == Phase.FACEDOWN


def r_ahead(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if not _playing(obs) or END not in legal:
        return None
    mine, theirs = _totals(obs)
    return END if mine > theirs else None


def _wins(obs: RipObservation, seat_tokens: Sequence[str]) -> bool:
    """This round's token would give the holder of ``seat_tokens`` the game."""
    kind = _token(obs)
    return list(seat_tokens).count(kind) + 1 >= INSTANT_WIN[kind]


def r_win(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if not _playing(obs) or not _wins(obs, obs.own.tokens):
        return None
    return _play_plan(obs, legal)


def r_block(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if not _playing(obs) or not _wins(obs, obs.other.tokens):
        return None
    return _play_plan(obs, legal)


def _budget(obs: RipObservation) -> int:
    if _token(obs) == CASTLE:
        return CASTLE_BUDGET
    return LATE_MANOR_BUDGET if obs.round >= LATE_ROUND else MANOR_BUDGET


def r_worth(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if not _playing(obs):
        return None
    p = plan(obs)
    if p is None or p[1] > _budget(obs):
        return None
    return _as_action(obs, p[0][0], legal)


def r_finish(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    """A second card under card 14: the plan's next card when rules 4-6 would play it."""
    return r_win(obs, legal) or r_block(obs, legal) or r_worth(obs, legal)


def r_concede(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase != Phase.PLAY or END not in legal:
        return None
    return END


def r_round10_card(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase != Phase.FACEDOWN:
        return None
    cards = _cards(obs)
    for n in sorted(obs.own.owned):
        if cards[n].playable == "round10":
            action = Down(Card(True, n))
            if action in legal:
                return action
    return None


# -- what the table has seen the other family do (the tally the card keeps over the evening's games) --

#: Manor turns of rounds 1-5 the other family must have fought before rule 8a reads its tally.
TALLY = 10
#: Rule 8a's fighter leaves at most one such turn in this many; the card's own play leaves about one in six.
LEFT_ONE_IN = 10


def fighter(obs: RipObservation, seat: int) -> bool:
    """``seat`` fought for a manor in rounds 1-5 at least ``TALLY`` turns and left at most one such turn in
    ``LEFT_ONE_IN`` (its public record: each turn a card played, or none while it held one it could play)."""
    r = obs.record[seat]
    fought, left = r[FOUGHT_MANOR_EARLY], r[CONCEDED_MANOR_EARLY]
    return fought >= TALLY and LEFT_ONE_IN * left <= fought + left


def r_fighter(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    """Before round 9, the other family is a ``fighter``: put nothing face down. It fights each mansion until
    its cards run out, so a round goes to the deeper hand, and its own face-down pile stays thin: a high ghost
    kept wins more fights than it would add in round 10."""
    if obs.phase != Phase.FACEDOWN or obs.round >= ROUNDS or not fighter(obs, 1 - obs.seat):
        return None
    return SKIP if SKIP in legal else None


def r_bank(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if obs.phase != Phase.FACEDOWN or obs.round < BANK_FROM or len(obs.own.hand) <= 3:
        return None
    high = max(obs.own.hand)
    if high < BANK_VALUE:
        return None
    action = Down(Card(False, high))
    return action if action in legal else None


def r_keep(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    return SKIP if SKIP in legal else None


def r_cheapest(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    """Rule 2's order, as the card prints it: cost (a ghost its value, a psychic card ``PSYCHIC_COST``), a
    ghost (or card 6's random ghost, costed as a psychic card) before a psychic card, the lower number. What a
    psychic card names, as the card's notes print it: card 2 fetches the highest ghost in the deck, card 11
    discards the opponent's earliest card, card 10 names the lowest value."""
    cards = _cards(obs)
    theirs = [x.card for x in obs.other.table]

    def order(action: Action) -> tuple[int, int, int, int]:
        if not (isinstance(action, Turn) and action.items):
            return (99, 2, 0, 0)
        item = action.items[0]
        if isinstance(item, Ghost):
            return (item.value, 0, item.value, 0)
        if isinstance(item, Blind):
            return (PSYCHIC_COST, 0, 0, 0)
        arg = item.arg
        if arg is None:
            named = 0
        elif cards[item.number].has("fetch"):
            named = -arg.n
        elif cards[item.number].has("discard"):
            named = theirs.index(arg) if arg in theirs else len(theirs)
        else:
            named = arg.n
        return (PSYCHIC_COST, 1, item.number, named)

    return min(legal, key=order)


def _need(obs: RipObservation) -> str | None:
    """How far behind the lead the seat was before this card (said before the card is played, so in the past:
    "5 more needed" read as still needed after the card that met it)."""
    p = plan(obs)
    if p is None:
        return None
    mine, theirs = _totals(obs)
    return f"it was {theirs + 1 - mine} short of the lead"


def _concede_why(obs: RipObservation) -> str | None:
    if obs.phase != Phase.PLAY:
        return None
    mine, theirs = _totals(obs)
    if mine > theirs:
        return None
    kind = TOKEN_NAMES[_token(obs)]
    return f"a {kind} is not worth it"


_PLAN = "play the next card of your plan"
#: The budget, as the card prints it: what a plan may cost to fight for this round's token.
BUDGET_TEXT = (
    f"Budget: a castle {CASTLE_BUDGET}; a manor {MANOR_BUDGET}, {LATE_MANOR_BUDGET} from round {LATE_ROUND}."
)

NORMAL: RuleList[RipObservation, Action] = RuleList.of_chains(
    "RIP normal",
    (
        Chain(
            "A second card is due (card 14)",
            _second_due,
            (
                Rule(
                    "1",
                    "finish the plan",
                    "Card 14 makes you play a second card. If you are not ahead yet and your cards can put you "
                    "ahead, and either this token would end the game or your plan costs no more than the budget.",
                    r_finish,
                    _need,
                    public=False,
                    action=_PLAN,
                ),
                Rule(
                    "2",
                    "Otherwise the cheapest",
                    "Otherwise (this rule always applies).",
                    r_cheapest,
                    public=False,
                    action=f"play your cheapest card (a psychic card, and a ghost played at random under card 6, "
                    f"costs {PSYCHIC_COST}; equal cost: a ghost before a psychic card, then the lower number)",
                ),
            ),
        ),
        Chain(
            "The bot's turn (rounds 1–9)",
            _turn,
            (
                Rule(
                    "3",
                    "ahead",
                    "If your total is above the opponent's, end your turn.",
                    r_ahead,
                    action="end the turn",
                ),
                Rule(
                    "4",
                    "winning token",
                    "If this token would win you the game and your cards can put you ahead.",
                    r_win,
                    _need,
                    public=False,
                    action=_PLAN,
                ),
                Rule(
                    "5",
                    "block",
                    "If this token would win the opponent the game and your cards can put you ahead.",
                    r_block,
                    _need,
                    public=False,
                    action=_PLAN,
                ),
                Rule(
                    "6",
                    "worth it",
                    "If your plan costs no more than the budget.",
                    r_worth,
                    _need,
                    public=False,
                    action=_PLAN,
                ),
                Rule(
                    "7",
                    "Otherwise leave",
                    "Otherwise (this rule always applies).",
                    r_concede,
                    _concede_why,
                    public=False,
                    action="end the turn behind: leave the mansion",
                ),
            ),
        ),
        Chain(
            "After losing a round: a face-down card",
            _facedown,
            (
                Rule(
                    "8",
                    "round-10 card",
                    "If you own a psychic card playable only in round 10.",
                    r_round10_card,
                    action="put that psychic card face down by the round-10 card",
                ),
                Rule(
                    "8a",
                    "fighter",
                    f"Before round {ROUNDS}, if the other family fought at least {TALLY} of its manor turns in rounds "
                    f"1–{RECORD_LATE - 1} (the tally) and left at most 1 in {LEFT_ONE_IN} of them.",
                    r_fighter,
                    action="put nothing face down: keep your ghosts for the fights",
                ),
                Rule(
                    "9",
                    "bank",
                    f"From round {BANK_FROM}, with 4 or more ghost cards in hand, if your highest ghost is "
                    f"{BANK_VALUE} or more.",
                    r_bank,
                    public=False,
                    action="put that ghost face down by the round-10 card",
                ),
                Rule(
                    "10",
                    "Otherwise keep",
                    "Otherwise (this rule always applies).",
                    r_keep,
                    public=False,
                    action="put nothing face down",
                ),
            ),
        ),
    ),
    notes=(
        "Plan: the cheapest cards from hand and owned psychic cards that bring your total above the "
        f"opponent's; a ghost costs its value, a psychic card {PSYCHIC_COST}; at most one psychic card. Equal "
        "cost: fewest cards; then no psychic card, else the lowest-numbered; then the fewest 1s, then 2s, and so "
        "on.",
        "Card 2 fetches your highest ghost in the deck. Cards 10 and 11 name or discard whatever makes the plan "
        "cheapest (equal, or with no plan: the lowest value; the opponent's earliest card). Under card 6 your "
        f"ghost is played at random and costs {PSYCHIC_COST}.",
        "Play the plan's psychic card first, then ghosts from the highest; replan after each card.",
        BUDGET_TEXT,
        f"Tally the other family over the evening's games: each of its turns in a manor round of rounds 1–"
        f"{RECORD_LATE - 1}, fought (it played a card) or left (it ended the turn with none while it could play "
        "one).",
    ),
)


#: What the rules the table can check (``Rule.public``) say at the table, in plain words: a person reads why the
#: bot did it, not a rule's number (in English here, said through ``ai.words.tr``).
SAID = {
    "3": "no need to play more",
    "8": "that card counts only in round 10",
    "8a": "the other family fights for nearly every manor: it keeps its ghosts for the fights",
}
_SAID_BY_LABEL = {rule.label: SAID[rule.key] for rule in NORMAL.rules if rule.key in SAID}


def said(rule: Rule[RipObservation, Action]) -> str | None:
    """Why the bot followed ``rule``, in plain words, when the table may be told (None: it reads hidden cards)."""
    plain = SAID.get(rule.key) if rule.public else None
    return None if plain is None else tr(plain)


class CardPlayer(RulePlayer[RipObservation, Action]):
    """The card played as ``RulePlayer`` plays it, its public reasons said in plain words (``SAID``); the rule's
    number and name stay in ``debug``."""

    def decide(
        self, observation: RipObservation, legal: Sequence[Action], rng: random.Random
    ) -> Decision[Action]:
        decision = RulePlayer.decide(self, observation, legal, rng)
        plain = _SAID_BY_LABEL.get(english(decision.reason or ""))  # the rule said in any language
        if plain is None:
            return decision
        return Decision(decision.action, reason=tr(plain), debug=decision.reason)


def normal(noise: float = 0.0, name: str = "normal") -> RulePlayer[RipObservation, Action]:
    return CardPlayer(name, NORMAL, noise=noise)


# -- why, in words a player understands (hints) --


def _totals_with(obs: RipObservation, added: int | None = None) -> tuple[int, int]:
    """(mine, theirs) now, or with a ghost of ``added`` played (every effect in play applied)."""
    mine = obs.own.table if added is None else (*obs.own.table, InPlay(G(added)))
    tables = (mine, obs.other.table) if obs.seat == 0 else (obs.other.table, mine)
    t = totals(tables, _cards(obs))
    return t[obs.seat], t[1 - obs.seat]


def hint_reason(obs: RipObservation, action: Action) -> str:
    """What ``action`` does for the seat of ``obs``, in one plain clause: a hint's reason. It reads the person's own
    view only, so a hint tells nothing of the bot's hidden cards; the search weighs more than it can say, so the
    reason names what the move does, never a rule's number or a win chance."""
    other = tr(SEAT_NAMES[1 - obs.seat])
    if obs.phase == Phase.FACEDOWN:
        if action == SKIP:
            if obs.round < ROUNDS and fighter(obs, 1 - obs.seat):
                return tr(
                    "{name} fights for nearly every manor: keep your ghosts in hand for the fights",
                    name=other,
                )
            return tr("keep your cards in hand for the rounds to come")
        assert isinstance(action, Down)
        if action.card is not None and action.card.psychic:
            return tr(
                "psychic card {number} then counts in round 10, where the face-down cards fight",
                number=action.card.n,
            )
        if obs.round >= ROUNDS:
            return tr(
                "face-down cards fight for the round-10 token: the higher total takes it (your hand has no other "
                "use now)"
            )
        return tr("face-down cards fight for the round-10 token: the higher total takes it")
    if obs.phase != Phase.PLAY:
        return tr("the only way on")
    mine, theirs = _totals_with(obs)
    castle = obs.tokens[obs.round - 1] == CASTLE
    if action == END:
        if mine > theirs:
            return tr(
                "you lead {mine} to {theirs}: keep your other cards, {name} must beat you",
                mine=mine,
                theirs=theirs,
                name=other,
            )
        if castle:
            return tr("let {name} have this castle and keep your cards for the rounds to come", name=other)
        return tr("let {name} have this manor and keep your cards for the rounds to come", name=other)
    assert isinstance(action, Turn)
    item = action.items[0]
    need = theirs + 1 - mine
    if isinstance(item, Psychic):
        what = tr("psychic card {number}", number=item.number) + (
            f" ({item.arg})" if item.arg is not None else ""
        )
        return tr(
            "{card} helps you to the lead: you need {need} more to beat {theirs}",
            card=what,
            need=need,
            theirs=theirs,
        )
    value = item.value if isinstance(item, Ghost) else None
    if isinstance(item, Blind) or value is None:
        return tr("you need {need} more to beat {theirs}", need=need, theirs=theirs)
    after, _ = _totals_with(obs, value)
    if after > theirs:
        if castle:
            return tr("it puts you ahead, {after} to {theirs}, for this castle", after=after, theirs=theirs)
        return tr("it puts you ahead, {after} to {theirs}, for this manor", after=after, theirs=theirs)
    if castle:
        return tr(
            "a first step: you need {need} more to beat {theirs} for this castle", need=need, theirs=theirs
        )
    return tr("a first step: you need {need} more to beat {theirs} for this manor", need=need, theirs=theirs)
