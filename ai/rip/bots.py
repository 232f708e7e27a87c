"""RIP's bots: ``normal`` (and ``easy``) as explained priority rules, ``hard`` as information-set search.

``normal`` decides from its seat's observation only. Its plan for a round is the cheapest set of cards (ghost
cards cost their printed value, a psychic card costs ``PSYCHIC_COST``) that brings its total strictly above the
opponent's; the rules say when that plan is worth playing. It plays the plan one card at a time and replans
after each card (the cheapest plan's remainder stays the cheapest, so the plan does not wander).

``hard`` is ``ai.search.ISMCTSPlayer`` over ``GAME.determinize``: the person's deck is public in content, so a
deal of the unseen part is their hand and deck split at random; play-outs follow a quick policy on full
states (end the turn when ahead, fight for castles more than for manors). The policy reads the state, not the
list of legal actions, so the search is given that list lazily (``LazyLegal``): most play-out moves never make it.
"""

from __future__ import annotations

import functools
import itertools
import random
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, overload

from ai.protocol import Decision
from ai.rip.cards import CASTLE, INSTANT_WIN, TOKEN_NAMES, PsychicCard
from ai.rip.observation import RipObservation
from ai.rip.rules import (
    END,
    SKIP,
    Action,
    Blind,
    Card,
    CardInfo,
    Down,
    Ghost,
    InPlay,
    Item,
    Phase,
    Psychic,
    RipState,
    Turn,
    card_info,
    ghost_plays,
    legal_actions,
    may_end_turn,
    may_play,
    plain_total,
    psychic_plays,
    state_totals,
    totals,
)
from ai.rules import Rule, RuleList, RulePlayer
from ai.search import SEARCHED, ISMCTSPlayer, TurnClock

if TYPE_CHECKING:
    from ai.rip.game import RipGame

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
#: The play-outs' chance of a random move.
PLAYOUT_NOISE = 0.0
#: Play-outs play a psychic card first when it raises the margin by at least this much.
PSYCHIC_GAIN = 2


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
    combos = sorted(
        itertools.product(*(range(hand[v] + 1) for v in values)),
        key=lambda c: sum(n * v for n, v in zip(c, values, strict=True)),
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


def r_ahead(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if not _playing(obs) or END not in legal:
        return None
    mine, theirs = _totals(obs)
    return END if mine > theirs else None


def r_win(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if not _playing(obs):
        return None
    kind = _token(obs)
    if obs.own.tokens.count(kind) + 1 < INSTANT_WIN[kind]:
        return None
    return _play_plan(obs, legal)


def r_block(obs: RipObservation, legal: Sequence[Action]) -> Action | None:
    if not _playing(obs):
        return None
    kind = _token(obs)
    if obs.other.tokens.count(kind) + 1 < INSTANT_WIN[kind]:
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
    def cost(action: Action) -> tuple[int, str]:
        if isinstance(action, Turn) and action.items:
            item = action.items[0]
            if isinstance(item, Ghost):
                return (item.value, "")
            return (PSYCHIC_COST, repr(item))
        return (99, repr(action))

    return min(legal, key=cost)


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


NORMAL: RuleList[RipObservation, Action] = RuleList(
    "RIP normal",
    (
        Rule("1", "ahead", "If your total is above the opponent's, end your turn.", r_ahead),
        Rule(
            "2",
            "winning token",
            "If this token wins you the game, play the cheapest cards that put you ahead.",
            r_win,
            _need,
            public=False,
        ),
        Rule(
            "3",
            "block",
            "If this token wins the opponent the game, play the cheapest cards that put you ahead.",
            r_block,
            _need,
            public=False,
        ),
        Rule(
            "4",
            "worth it",
            f"Play the cheapest cards that put you ahead if they cost at most {CASTLE_BUDGET} for a castle, "
            f"{MANOR_BUDGET} for a manor ({LATE_MANOR_BUDGET} from round {LATE_ROUND}); a psychic card costs "
            f"{PSYCHIC_COST}.",
            r_worth,
            _need,
            public=False,
        ),
        Rule(
            "5",
            "concede",
            "Otherwise pass: leave the mansion and take the psychic card.",
            r_concede,
            _concede_why,
            public=False,
        ),
        Rule(
            "6",
            "round-10 card",
            "After losing a round, put a psychic card playable only in round 10 face down.",
            r_round10_card,
        ),
        Rule(
            "7",
            "bank",
            f"From round {BANK_FROM}, holding 4 or more cards, put your highest ghost face down if it is "
            f"{BANK_VALUE} or more.",
            r_bank,
            public=False,
        ),
        Rule("8", "keep", "Otherwise put nothing face down.", r_keep, public=False),
        Rule("9", "forced", "If you must play (card 14), play your cheapest card.", r_cheapest, public=False),
    ),
    notes=(
        "Plan: the cheapest cards from hand and owned psychic cards that bring your total above the "
        "opponent's; a ghost costs its value.",
        "Play the plan's psychic card first, then ghosts from the highest; replan after each card.",
    ),
)


def normal(noise: float = 0.0, name: str = "normal") -> RulePlayer[RipObservation, Action]:
    return RulePlayer(name, NORMAL, noise=noise)


# -- hard --------------------------------------------------------------------------------------------------


def _sums(cards: Sequence[int]) -> set[int]:
    sums = {0}
    for v in cards:
        sums |= {s + v for s in sums}
    return sums


def _cheapest(hand: Sequence[int], need: int) -> list[int]:
    """The cheapest cards of ``hand`` summing to at least ``need``, highest first (empty if none)."""
    sums = _sums(hand)
    reach = [s for s in sums if s >= need]
    if not reach:
        return []
    left, rest, out = min(reach), sorted(hand, reverse=True), []
    while left > 0:
        for i, v in enumerate(rest):
            others = rest[:i] + rest[i + 1 :]
            if v <= left and left - v in _sums(others):
                out.append(v)
                left -= v
                rest = others
                break
        else:
            break
    return out


@functools.lru_cache(maxsize=1 << 16)
def _cheapest_plays(hand: tuple[int, ...], need: int) -> tuple[Turn, Turn] | None:
    """``_cheapest(hand, need)`` as plays: (all its cards at once, its first card), or None when there is none.
    Play-outs meet the same few hands again and again: remembered."""
    cards = _cheapest(hand, need)
    if not cards:
        return None
    return Turn(tuple(Ghost(v) for v in cards), end=False), Turn((Ghost(cards[0]),), end=False)


def best_psychic(state: RipState, plays: Sequence[Action]) -> Action | None:
    """The psychic card play that raises the mover's margin most (at least ``PSYCHIC_GAIN``), if any."""
    seat = state.mover
    cards = state.cards
    info = card_info(cards)
    best: tuple[int, Action] | None = None
    margin: int | None = None
    plain = False
    for action in plays:
        if not (isinstance(action, Turn) and isinstance(action.items[0], Psychic)):
            continue
        item = action.items[0]
        card = info[item.number]
        if card.inert:
            continue  # it changes no total: no gain
        if margin is None:
            before = state_totals(state)
            margin = before[seat] - before[1 - seat]
            mine, theirs = state.sides[seat].table, state.sides[1 - seat].table
            # No card in play changes another: each card counts its own strength, so a play that adds no such
            # card gains exactly the strength it adds and the strength it takes from the opponent.
            plain = plain_total(mine, cards) is not None and plain_total(theirs, cards) is not None
        kinds = card.kinds
        arg = item.arg
        fetch = "fetch" in kinds
        target = arg if "discard" in kinds else None
        if plain and not card.active:
            gain = _strength(Card(True, item.number), info)
            if fetch and arg is not None:
                gain += _strength(arg, info)
            if target is not None:
                gain += _strength(target, info)
        else:
            own = (*mine, InPlay(Card(True, item.number), arg.n if arg is not None and not fetch else 0))
            other = theirs
            if fetch and arg is not None:
                own = (*own, InPlay(arg))
            if target is not None:
                i = [x.card for x in theirs].index(target)
                other = theirs[:i] + theirs[i + 1 :]
            after = totals((own, other) if seat == 0 else (other, own), cards)
            gain = (after[seat] - after[1 - seat]) - margin
        if gain >= PSYCHIC_GAIN and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best is not None else None


def _may_gain(owned: tuple[int, ...], cards: Mapping[int, PsychicCard]) -> bool:
    """Whether any owned psychic card playable in rounds 1-9 can change a total (``best_psychic`` skips the rest)."""
    info = card_info(cards)
    return any(info[n].rounds and not info[n].inert for n in owned)


def _strength(card: Card, info: Mapping[int, CardInfo]) -> int:
    """A card's strength when no card in play changes it (as ``rules.plain_total`` counts it)."""
    if not card.psychic:
        return card.n
    ghost = info[card.n].ghost
    return ghost if ghost is not None and ghost > 0 else 0


_PLAY, _FACEDOWN = Phase.PLAY, Phase.FACEDOWN  # quicker to compare with than ``Phase.X``


def playout(state: RipState, legal: Sequence[Action], rng: random.Random) -> Action:
    """A quick greedy version of the ``normal`` rules on full states, with a little noise (search play-outs).

    ``legal`` is ``legal_actions(state)``. In rounds 1-9 and after them the policy reads the state alone (the
    same plays, in the same order, as ``legal`` lists), so the search need not list them (``LazyLegal``)."""
    if rng.random() < PLAYOUT_NOISE:
        return rng.choice(list(legal))
    phase = state.phase
    if phase == _PLAY:
        seat = state.mover
        t = state_totals(state)
        limit = state.min_plays(seat)  # card 14
        may_end = may_end_turn(state, limit)  # END is legal
        if t[seat] > t[1 - seat] and may_end:
            return END
        need = t[1 - seat] + 1 - t[seat]
        sides = state.sides
        side = sides[seat]
        hand = side.hand
        kind = state.tokens[state.round - 1]
        mine, theirs = side.tokens.count(kind), sides[1 - seat].tokens.count(kind)
        decisive = max(mine, theirs) + 1 >= INSTANT_WIN[kind]
        budget = (
            CASTLE_BUDGET
            if kind == CASTLE
            else LATE_MANOR_BUDGET
            if state.round >= LATE_ROUND
            else MANOR_BUDGET
        )
        if may_end and (sum(hand) < need or (need > budget and not decisive)):
            return END
        can_play = may_play(state, limit)
        ghosts = ghost_plays(state) if can_play else ()
        if not ghosts:  # no ghost card to play: any psychic card, or end the turn
            plays = psychic_plays(state) if can_play else []
            return rng.choice(plays) if plays else END
        first = ghosts[0]
        if isinstance(first.items[0], Blind):
            return first
        if side.owned and _may_gain(side.owned, state.cards):
            best = best_psychic(state, psychic_plays(state))
            if best is not None:
                return best
        cheapest = _cheapest_plays(hand, need)
        if cheapest is None:
            return max(ghosts, key=lambda a: repr(a))
        whole, one = cheapest
        if len(whole.items) > 1 and not limit:
            return whole  # the whole set in one step: faster play-outs
        return one
    if phase == _FACEDOWN:
        side = state.sides[state.loser]
        if side.owned:
            info = card_info(state.cards)
            for n in sorted(set(side.owned)):
                if not info[n].rounds:
                    return Down(Card(True, n))
        if state.round >= BANK_FROM and len(side.hand) > 3 and max(side.hand) >= BANK_VALUE:
            return Down(Card(False, max(side.hand)))
        return SKIP
    return rng.choice(list(legal))


class LazyLegal(Sequence[Action]):
    """``legal_actions(state)``, made only when read. The search lists the legal actions before every move of a
    play-out, and ``playout`` decides from the state: in play-outs the list is seldom made."""

    __slots__ = ("_actions", "state")

    def __init__(self, state: RipState) -> None:
        self.state = state
        self._actions: list[Action] | None = None

    @property
    def actions(self) -> list[Action]:
        got = self._actions
        if got is None:
            got = self._actions = legal_actions(self.state)
        return got

    def __len__(self) -> int:
        return len(self.actions)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self.actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self.actions


class _SearchGame:
    """``GAME`` for the search: the same rules, but the legal actions are a ``LazyLegal`` (made when read)."""

    def __init__(self, game: RipGame) -> None:
        self.info = game.info
        self.determinize = game.determinize
        self.is_over = game.is_over
        self.to_move = game.to_move
        self.apply = game.apply
        self.result = game.result
        self.num_players = game.num_players
        self.legal_actions = LazyLegal


#: ``hard`` keeps the ``normal`` rules' move unless the search visited another move this much more often.
PRIOR_MARGIN = 1.5
#: ... and unless the search visited its own choice at least this often (a tiny budget keeps the rules' move).
MIN_VISITS = 3


class HardPlayer:
    """``ai.search.ISMCTSPlayer`` over ``GAME.determinize`` with ``playout``, and the ``normal`` rules as a prior:
    with few play-outs a move's visit count is noisy, so the rules' move stands unless the search visited
    another move ``PRIOR_MARGIN`` times as often. The reason names the search (and the rule it agreed with when that
    rule reads only public information, ``Rule.public``), never the estimated win chance: at the table that number
    would tell the person how good the bot's hand is. Bounded by time, a whole turn (several cards, one decision
    each) takes at most ``think`` seconds (``TurnClock``); a forced move is instant."""

    def __init__(self, think: float = 1.0, iterations: int | None = None, name: str = "hard") -> None:
        from ai.rip.game import GAME

        self.name = name
        self.search = ISMCTSPlayer(
            _SearchGame(GAME), think=think, iterations=iterations, rollout=playout, name=name
        )
        #: A time-bound turn shares ``think`` among its cards (``TurnClock``); ``iterations`` stays per decision.
        self.clock = TurnClock(think) if iterations is None else None

    def decide(
        self, observation: RipObservation, legal: Sequence[Action], rng: random.Random
    ) -> Decision[Action]:
        if len(legal) == 1:
            # Said at the table, "the only legal move" could tell what the hand holds (a forced "1 more" says
            # the bot holds nothing else), so a forced move comes with no reason; not searched, so the
            # generator, and every later decision of the seat, stay as they were.
            return Decision(legal[0])
        started = time.perf_counter()
        think = None
        if self.clock is not None:
            think = self.clock.budget(
                continuing=observation.phase == Phase.PLAY and observation.turn_plays > 0
            )
        rule, prior = NORMAL.first(observation, legal)
        if think is not None:
            think -= time.perf_counter() - started  # the rules' own time comes out of the budget
            if think <= 0:  # the turn's time is spent: the rules' move, at once
                return Decision(
                    prior, reason=rule.label if rule.public else "the rules' move", debug=rule.label
                )
        stats = self.search.search(observation, legal, rng, think=think)
        if not stats:
            return Decision(prior, reason=rule.label if rule.public else "the rules' move", debug=rule.label)
        best, (visits, chance) = max(stats.items(), key=lambda item: item[1])
        done = self.search.last_iterations
        prior_visits = stats[prior][0] if prior in stats else 0
        if best != prior and (visits < PRIOR_MARGIN * prior_visits or visits < MIN_VISITS):
            best, (visits, chance) = prior, stats.get(prior, (0, 0.5))
        # The estimate stays in ``value`` and ``debug``: said at the table it would hint at the bot's hand. So
        # would most rules: only one that reads what the person sees too is named (``Rule.public``: rule 7
        # "bank" would say that its secret face-down card is its highest ghost, a 5 or a 6).
        why = SEARCHED
        agreed = f", as {rule.label}" if best == prior else ""
        debug = f"estimated win chance {chance:.0%} over {done} deals{agreed}"
        if agreed and rule.public:
            why += agreed
        return Decision(best, reason=why, value=chance, debug=debug)


def hard(think: float = 1.0, iterations: int | None = None, name: str = "hard") -> HardPlayer:
    """Information-set MCTS over deals of the unseen cards (see ``HardPlayer``)."""
    return HardPlayer(think=think, iterations=iterations, name=name)
