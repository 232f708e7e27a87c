"""Prohis bots: the smuggler's priority rules (``normal``, ``easy`` = the same with noise) and the search bot.

Every rule reads only the seat's observation. Estimates use the unseen cards: the chance that a face-down card
is illegal is the share of illegal goods among the cards the seat has not seen. Where a fixed answer could be
read and exploited (bribing, judging a convoy) a rule answers with a die roll (``Roll``), as a person holding
the paper card would roll one; the bot rolls it from its rng (issue 17).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.prohis.cards import (
    CONTROLLERS,
    CONVOY_MAX,
    CONVOY_MIN,
    HAND_LIMIT,
    ILLEGAL,
    KINDS,
    LEGAL,
    LIEUTENANT,
    NAMES,
    RANK,
    UNKNOWN,
    values,
)
from ai.prohis.observation import ProhisObservation, observe
from ai.prohis.rules import (
    ACCEPT,
    BRIBE,
    COMMIT,
    CONVOY,
    DECLINE,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    PASS,
    PILE,
    REFUSE,
    STOP,
    TAKE,
    Act,
    Phase,
    ProhisConfig,
    ProhisState,
    can_draw,
    can_pass,
    score,
    sub_multisets,
    to_move,
)
from ai.protocol import Decision
from ai.rules import Rule, RuleList
from ai.search import SEARCHED, ISMCTSPlayer

Obs = ProhisObservation
Legal = Sequence[Act]


@dataclass(frozen=True, slots=True)
class Roll:
    """A choice made with a die, as a person at the table makes it: on 1 to ``upto`` play ``low``, on a
    higher roll ``high``. A rule returns one where a fixed choice could be read and exploited."""

    upto: int
    low: Act
    high: Act

    def resolve(self, rng: random.Random) -> Act:
        return self.low if rng.randint(1, 6) <= self.upto else self.high


Choice = Act | Roll


def resolve(choice: Choice, rng: random.Random) -> Act:
    return choice.resolve(rng) if isinstance(choice, Roll) else choice


#: Display preference when drawing: illegal goods, then lieutenants, then legal goods.
DRAW_ORDER = (ILLEGAL, LIEUTENANT, LEGAL)


def p_kind(obs: Obs, kind: int) -> float:
    total = sum(obs.unseen[k] for k in KINDS)
    return obs.unseen[kind] / total if total else 0.0


def catch_chance(size: int, rank: int, p_illegal: float, p_informant: float) -> float:
    """The chance that an inspection turning ``rank`` of ``size`` cards meets an illegal good first."""
    chance, clean = 0.0, 1.0
    for _ in range(min(size, rank)):
        chance += clean * p_illegal
        clean *= 1.0 - p_illegal - p_informant
    return chance


def exact_risk(convoy: Sequence[int], rank: int) -> float:
    """For the convoy's owner: the chance an inspection of ``rank`` cards in random order finds an illegal."""
    perms = list(itertools.permutations(convoy))
    caught = 0
    for perm in perms:
        for card in perm[:rank]:
            if card == ILLEGAL:
                caught += 1
                break
            if card in CONTROLLERS:
                break
    return caught / len(perms)


def _pick(legal: Legal, act: Act) -> Act | None:
    return act if act in legal else None


def _convoy_of(obs: Obs, legal: Legal, cards: list[int]) -> Act | None:
    return _pick(legal, Act(CONVOY, tuple(sorted(cards[:4]))))


def _late(obs: Obs) -> bool:
    return obs.final_left is not None or obs.pile_size <= 2 * obs.n


# -- turn --


def dump_illegal(obs: Obs, legal: Legal) -> Act | None:
    """Near the end, illegal goods in hand cost 4,000 each: send them, with an informant if there is one."""
    hand = obs.hand
    if not _late(obs) or not hand[ILLEGAL] or sum(hand) < 2:
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
    return _convoy_of(obs, legal, cards)


def safe_load(obs: Obs, legal: Legal) -> Act | None:
    """Three or more legal goods: a clean convoy of up to four. An inspector only loses his controller."""
    n = obs.hand[LEGAL]
    if n < 3:
        return None
    return _convoy_of(obs, legal, [LEGAL] * min(n, 4))


def informant_run(obs: Obs, legal: Legal) -> Act | None:
    """Two illegal goods and a lieutenant: send them together; the informant may stop the inspection."""
    hand = obs.hand
    if hand[ILLEGAL] < 2 or not hand[LIEUTENANT]:
        return None
    cards = [LIEUTENANT, ILLEGAL, ILLEGAL] + ([LEGAL] if hand[LEGAL] else [])
    return _convoy_of(obs, legal, cards)


def draw_display(obs: Obs, legal: Legal) -> Act | None:
    """Draw: illegal goods, then lieutenants, then legal goods from the display; else the pile's top."""
    for kind in DRAW_ORDER:
        act = _pick(legal, Act(TAKE, (kind,)))
        if act is not None:
            return act
    return _pick(legal, Act(PILE))


def full_hand(obs: Obs, legal: Legal) -> Act | None:
    """Cannot draw: send the four cards that are worth most in the warehouse, legal goods first."""
    hand = obs.hand
    cards: list[int] = []
    for kind in (LEGAL, LIEUTENANT, ILLEGAL):
        cards += [kind] * hand[kind]
    if len(cards) < 2:
        return None
    return _convoy_of(obs, legal, cards[:4])


def pass_or_anything(obs: Obs, legal: Legal) -> Act | None:
    """Nothing better: pass if allowed, stop drawing, or the first legal move."""
    for act in (Act(PASS), Act(STOP), Act(NO_COMMIT), Act(NO_BRIBE)):
        if act in legal:
            return act
    return legal[0]


def second_pick(obs: Obs, legal: Legal) -> Act | None:
    """After one display card: another one (illegal, lieutenant, legal), else the pile's top."""
    if obs.phase != Phase.SECOND:
        return None
    return draw_display(obs, legal) or _pick(legal, Act(STOP))


# -- inspecting --


def _inspect_value(obs: Obs, controller: int, bribed: bool | None = None) -> tuple[float, float]:
    """(chance to catch, expected gain of inspecting with ``controller`` against keeping it in hand).

    ``bribed``: a bribe was offered (the convoy probably hides something) or refused to be (``False``: it is
    probably clean; half the chance)."""
    v = values(obs.config.seed_values)
    p_ill = p_kind(obs, ILLEGAL)
    if bribed:
        p_ill = max(p_ill, 0.5)
    elif bribed is False:
        p_ill *= 0.5
    p_inf = sum(p_kind(obs, k) for k in CONTROLLERS)
    size = obs.convoy_size
    chance = catch_chance(size, RANK[controller], p_ill, p_inf)
    seized = (
        size * (p_ill * v.warehouse[ILLEGAL] + (1 - p_ill) * v.warehouse[LEGAL]) + v.warehouse[controller]
    )
    gain = chance * (seized - v.hand[controller]) - (1 - chance) * v.hand[controller]
    return chance, gain


def outranked(obs: Obs, legal: Legal) -> Act | None:
    """Someone already put forward a controller at least as high as mine: keep mine."""
    if obs.phase != Phase.COMMIT:
        return None
    mine = [k for k in CONTROLLERS if Act(COMMIT, (k,)) in legal]
    best = max((RANK[c] for c in obs.commits if c is not None), default=0)
    if mine and best >= max(RANK[k] for k in mine):
        return _pick(legal, Act(NO_COMMIT))
    return None


def commit_best(obs: Obs, legal: Legal) -> Act | None:
    """Put forward the controller with the best expected gain (a catch, or at worst declining for +2,000)."""
    if obs.phase != Phase.COMMIT:
        return None
    v = values(obs.config.seed_values)
    options = []
    for kind in CONTROLLERS:
        if Act(COMMIT, (kind,)) in legal:
            _, gain = _inspect_value(obs, kind)
            floor = v.warehouse[kind] - v.hand[kind]
            options.append((max(gain, floor) - 0.25 * v.hand[kind], kind))
    if not options:
        return None
    gain, kind = max(options)
    return Act(COMMIT, (kind,)) if gain > 0 else None


def no_commit(obs: Obs, legal: Legal) -> Act | None:
    """Otherwise: no controller."""
    return _pick(legal, Act(NO_COMMIT))


def _commit_detail(obs: Obs) -> str | None:
    kinds = [k for k in CONTROLLERS if obs.hand[k]]
    if obs.phase != Phase.COMMIT or not kinds:
        return None
    chance, _ = _inspect_value(obs, max(kinds, key=lambda k: RANK[k]))
    return f"chance to catch about {chance:.0%}"


# -- bribes --


def _stake(obs: Obs) -> float:
    v = values(obs.config.seed_values)
    return float(sum(v.warehouse[c] for c in obs.convoy if c != UNKNOWN))


def _bribe_for_risk(obs: Obs, legal: Legal) -> Act | None:
    """A risky convoy: legal goods worth about half the expected loss (a lieutenant if no goods)."""
    controller = obs.commits[obs.inspector]
    if obs.phase != Phase.BRIBE or controller is None:
        return None
    risk = exact_risk(obs.convoy, RANK[controller])
    if risk == 0:
        return None
    loss = risk * _stake(obs)
    want = max(1, math.ceil(loss / 2000))
    if obs.hand[LEGAL]:
        return _pick(legal, Act(BRIBE, (LEGAL,) * min(want, obs.hand[LEGAL])))
    if obs.hand[LIEUTENANT] and loss >= 3000:
        return _pick(legal, Act(BRIBE, (LIEUTENANT,)))
    return None


#: Die faces on which a risky convoy is bribed, and on which a clean one is (so that a bribe does not say
#: which it is, and no bribe does not say the convoy is clean).
BRIBE_RISKY = 4
BRIBE_CLEAN = 1


def bribe_for_risk(obs: Obs, legal: Legal) -> Choice | None:
    """Roll a die. A risky convoy: on 1–4 offer legal goods worth half the expected loss. A clean one: on a 1
    offer one legal good."""
    if obs.phase != Phase.BRIBE:
        return None
    risky = _bribe_for_risk(obs, legal)
    if risky is not None:
        return Roll(BRIBE_RISKY, risky, Act(NO_BRIBE))
    bluff = _pick(legal, Act(BRIBE, (LEGAL,)))
    return Roll(BRIBE_CLEAN, bluff, Act(NO_BRIBE)) if bluff is not None else None


def _bribe_detail(obs: Obs) -> str | None:
    if obs.phase != Phase.BRIBE or obs.commits[obs.inspector] is None:
        return None
    controller = obs.commits[obs.inspector]
    assert controller is not None
    return f"risk {exact_risk(obs.convoy, RANK[controller]):.0%}"


def no_bribe(obs: Obs, legal: Legal) -> Act | None:
    """A clean convoy (or nothing worth giving): no bribe; an inspection only hands me his controller."""
    return _pick(legal, Act(NO_BRIBE))


@functools.lru_cache(maxsize=64)
def _inspect_sixths(size: int, controller: int, worth: int, seed_values: bool) -> int:
    """Die faces (of six) on which to inspect a convoy of ``size`` cards with ``controller``, a bribe worth
    ``worth`` to the inspector offered (0: none).

    The chance makes a smuggler indifferent between hiding contraband and sending clean goods: a typical
    dirty convoy (half illegal, rounded up) must not gain more when it passes than it loses when caught,
    counted against what an inspection of a clean convoy costs the inspector (his controller goes to the
    smuggler's hand) — ``q = (V_dirty − V_clean) / (loss_dirty + loss_clean)``, the inspector's minimax in a
    two-player model. A bribe is refused on as many faces, fewer for a bribe worth more than the +2,000 of
    declining; never on no face and never on all six (one sign, or none, must not decide)."""
    v = values(seed_values)
    h = v.hand[controller]
    dirty = [ILLEGAL] * ((size + 1) // 2) + [LEGAL] * (size // 2)
    catch = exact_risk(tuple(dirty), RANK[controller])
    v_dirty = sum(v.warehouse[c] for c in dirty)
    v_clean = size * v.warehouse[LEGAL]
    inspected = -catch * (v_dirty + 2000) + (1 - catch) * (v_dirty + 2 * h)
    q = (v_dirty - v_clean) / max(1.0, v_dirty - inspected + 2 * h)
    faces = min(5, max(1, math.floor(6 * q + 0.5)))
    if worth > 2000:  # as the card says: k × 2,000 / the bribe's worth, rounded, at least 1
        faces = max(1, math.floor(faces * 2000 / worth + 0.5))
    return faces


def inspect_faces(obs: Obs) -> int:
    """The judging seat's die faces for inspecting (or refusing the bribe); none if no illegal good is
    unseen (the convoy cannot hide one)."""
    controller = obs.commits[obs.seat]
    assert controller is not None
    if not obs.unseen[ILLEGAL]:
        return 0
    v = values(obs.config.seed_values)
    worth = sum(v.warehouse[k] * obs.bribe[k] for k in KINDS) if obs.offered else 0
    return _inspect_sixths(obs.convoy_size, controller, worth, obs.config.seed_values)


def judge_bribe(obs: Obs, legal: Legal) -> Choice | None:
    """A bribe: roll a die; refuse (and inspect) on 1–k (the table), accept otherwise."""
    if obs.phase != Phase.JUDGE or not obs.offered:
        return None
    return Roll(inspect_faces(obs), Act(REFUSE), Act(ACCEPT))


def inspect_or_decline(obs: Obs, legal: Legal) -> Choice | None:
    """No bribe: roll a die; inspect on 1–k (the table), decline (store the controller) otherwise."""
    if obs.phase != Phase.JUDGE or obs.offered:
        return None
    return Roll(inspect_faces(obs), Act(INSPECT), Act(DECLINE))


def inspect_table(seed_values: bool = False) -> tuple[str, ...]:
    """The die table a person reads: per controller, the faces for a convoy of 2, 3 and 4 cards."""
    rows = []
    for controller in CONTROLLERS:
        faces = [_inspect_sixths(size, controller, 0, seed_values) for size in (2, 3, 4)]
        cells = ", ".join(f"{size} cards 1–{k}" for size, k in zip((2, 3, 4), faces, strict=True))
        article = "an" if NAMES[controller][0] in "aeiou" else "a"
        rows.append(f"Inspect with {article} {NAMES[controller]}: {cells}.")
    return tuple(rows)


def _rule(key: str, name: str, text: str, choose: Any, detail: Any = None) -> Rule[Obs, Choice]:
    return Rule(key, name, text, choose, detail)


RULES: RuleList[Obs, Choice] = RuleList(
    "Prohis smuggler",
    (
        _rule(
            "1",
            "second pick",
            "After one display card: take another (illegal, lieutenant, legal), else the pile.",
            second_pick,
        ),
        _rule(
            "2",
            "dump contraband",
            "Near the end (pile ≤ 2 per player), send the illegal goods in hand, with an informant.",
            dump_illegal,
        ),
        _rule(
            "3",
            "informant run",
            "Two illegal goods and a lieutenant: send them together (plus a legal good).",
            informant_run,
        ),
        _rule("4", "safe load", "Three or more legal goods: send up to four of them.", safe_load),
        _rule(
            "5",
            "draw",
            f"Fewer than {HAND_LIMIT} cards: take illegal, lieutenant, legal from the display; else the pile.",
            draw_display,
        ),
        _rule("6", "full hand", "Cannot draw: send four cards, legal goods first.", full_hand),
        _rule(
            "7", "outranked", "Another controller at least as high is already forward: keep yours.", outranked
        ),
        _rule(
            "8",
            "inspect",
            "Put forward the controller with the best expected gain (a catch or +2,000 declining).",
            commit_best,
            _commit_detail,
        ),
        _rule("9", "no controller", "Otherwise do not inspect.", no_commit),
        _rule(
            "10",
            "bribe",
            "Roll a die. A risky convoy: on 1–4 offer legal goods worth half the expected loss; a clean one: "
            "on a 1 offer one legal good.",
            bribe_for_risk,
            _bribe_detail,
        ),
        _rule("11", "no bribe", "A clean convoy: no bribe.", no_bribe),
        _rule(
            "12",
            "judge a bribe",
            "Roll a die: refuse (and inspect) on 1–k from the table (fewer faces for a bribe worth over 2,000); "
            "otherwise accept.",
            judge_bribe,
        ),
        _rule(
            "13",
            "inspect or decline",
            "No bribe: roll a die; inspect on 1–k from the table, otherwise decline (store the controller).",
            inspect_or_decline,
        ),
        _rule("14", "otherwise", "Pass, stop, or the first legal move.", pass_or_anything),
    ),
    notes=(
        "Cards turned in random order; the chance a hidden card is illegal is its share of the unseen cards.",
        *inspect_table(),
        "A bribe worth more than 2,000: k × 2,000 / its worth, at least 1.",
    ),
)


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
        if self.noise and len(legal) > 1 and rng.random() < self.noise:
            return Decision(rng.choice(list(legal)), debug="a whim (random move)")
        rule, choice = self.rules.first(observation, legal)
        why = rule.explain(observation)
        if isinstance(choice, Roll):
            roll = rng.randint(1, 6)
            act = choice.low if roll <= choice.upto else choice.high
            return Decision(act, reason=f"{why}, rolled {roll} (1–{choice.upto})")
        return Decision(choice, reason=why)


def smuggler(noise: float = 0.0, name: str = "normal") -> Smuggler:
    return Smuggler(name, RULES, noise)


def rollout(state: ProhisState, legal: Legal, rng: random.Random) -> Act:
    """The play-out policy on full states: the priority rules from the mover's observation (their dice rolled),
    10% random."""
    if rng.random() < 0.1:
        return rng.choice(list(legal))
    _, act = RULES.first(observe(state, to_move(state)), legal)
    return resolve(act, rng)


def evaluate(state: ProhisState) -> list[float]:
    """Each seat's share of exp(score / 8,000): a soft ranking of the scores so far (goods in hand count for
    nothing before the final round: they can still be sent)."""
    late = state.final_left is not None
    scores = []
    for s in range(state.n):
        hand = state.hands[s] if late else (0, 0, *state.hands[s][2:])
        scores.append(score(hand, state.warehouses[s], state.config.seed_values))
    top = max(scores)
    weights = [math.exp((s - top) / 8000) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def prune(state: ProhisState, legal: Legal) -> list[Act]:
    """The moves the search considers: every draw, pass and judgement; convoys of goods and lieutenants only
    (the six largest, most illegal first); no bribe or a bribe of one or two legal goods or a lieutenant."""
    out: list[Act] = []
    convoys: list[Act] = []
    for act in legal:
        if act.verb == CONVOY:
            if all(c in (LEGAL, ILLEGAL, LIEUTENANT) for c in act.cards):
                convoys.append(act)
        elif act.verb == BRIBE:
            if len(act.cards) <= 2 and all(c in (LEGAL, LIEUTENANT) for c in act.cards):
                out.append(act)
        else:
            out.append(act)
    convoys.sort(key=lambda a: (-len(a.cards), -a.cards.count(ILLEGAL), a.cards))
    out += convoys[:6]
    return out or list(legal)


@functools.lru_cache(maxsize=1024)
def _convoy_moves(legal: int, illegal: int, lieutenant: int) -> tuple[Act, ...]:
    """``prune``'s convoys for a hand with these goods and lieutenants (cached: hands repeat in play-outs)."""
    goods = (legal, illegal, lieutenant, 0, 0, 0)
    convoys = [Act(CONVOY, c) for c in sub_multisets(goods, CONVOY_MIN, CONVOY_MAX)]
    convoys.sort(key=lambda a: (-len(a.cards), -a.cards.count(ILLEGAL), a.cards))
    return tuple(convoys[:6])


@functools.lru_cache(maxsize=256)
def _bribe_moves(legal: int, lieutenant: int) -> tuple[Act, ...]:
    small = (legal, 0, lieutenant, 0, 0, 0)
    return (Act(NO_BRIBE), *(Act(BRIBE, c) for c in sub_multisets(small, 1, 2)))


_TAKES = {kind: Act(TAKE, (kind,)) for kind in KINDS}
_PILE = Act(PILE)
_PASS = Act(PASS)


class _Pruned:
    """The game as the search sees it: the same rules with fewer candidate moves (``prune``)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def legal_actions(self, state: ProhisState) -> list[Act]:
        phase = state.phase
        if state.pending or (phase != Phase.TURN and phase != Phase.BRIBE):
            return prune(state, self.game.legal_actions(state))
        hand = state.hands[to_move(state)]
        if phase == Phase.BRIBE:
            return list(_bribe_moves(hand[LEGAL], hand[LIEUTENANT]))
        acts: list[Act] = []
        if can_draw(state, state.active):
            acts += [_TAKES[k] for k in sorted({c for c in state.display if c is not None})]
            if state.pile:
                acts.append(_PILE)
        if can_pass(state):
            acts.append(_PASS)
        convoys = _convoy_moves(hand[LEGAL], hand[ILLEGAL], hand[LIEUTENANT])
        if not convoys and not acts:
            return list(self.game.legal_actions(state))
        return acts + list(convoys)


class HardPlayer(ISMCTSPlayer):
    """ISMCTS over the pruned moves, play-outs by the priority rules, a score estimate after 16 moves. It keeps
    the ``normal`` rules' move unless the search visits another move at least 1.5 times as often (and 5 times).

    Judging a convoy (inspect or decline, accept or refuse a bribe) it rolls the ``normal`` rules' die and does
    not search: a search picks one move for what it believes the convoy holds, and a fixed answer to a sign
    (a bribe, or none) is what a smuggler exploits (issue 17: it declined every convoy sent without a bribe and
    refused every bribe, so a bribe came only with a clean load). A second display pick is the rules' too (the
    display is public; one search per turn keeps the whole turn within ``think``)."""

    def decide(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Decision[Any]:
        if len(legal) == 1:  # forced: at once, and no reason (it would tell what the hand cannot do)
            return Decision(legal[0])
        if observation.phase in (Phase.JUDGE, Phase.SECOND):
            return smuggler(name=self.name).decide(observation, legal, rng)
        rule, choice = RULES.first(observation, legal)
        default = resolve(choice, rng)
        allowed = set(prune(None, legal))  # type: ignore[arg-type]
        candidates = [a for a in legal if a in allowed or a == default]
        stats = self.search(observation, candidates, rng)
        if not stats:
            return Decision(default, reason=rule.explain(observation))
        best, (visits, chance) = max(stats.items(), key=lambda item: item[1])
        base = stats.get(default, (0, 0.0))[0]
        deals = self.last_iterations
        if best != default and visits >= max(1.5 * base, 5):
            return Decision(
                best, reason=f"search: estimated win chance {chance:.0%} over {deals} deals", value=chance
            )
        why = f"{rule.explain(observation)}; search agrees over {deals} deals"
        return Decision(default, reason=why, value=stats.get(default, (0, chance))[1])


#: Moves whose explanation would tell the table about cards it has not seen: which rule makes up a convoy
#: gives its make-up away, and why a seat stays out of an inspection tells what it holds.
HIDDEN_REASON = (CONVOY, NO_COMMIT)
#: Rules the table may hear named: the condition reads nothing hidden (the display, the phase, hand sizes) and
#: so does every rule before it (naming rule 5, "draw", would tell the table that rules 2-4, which read the
#: hand, did not hold). Every other rule reads the seat's hand, its convoy, a bribe or the unseen cards, or
#: comes after one that does.
PUBLIC_RULES = frozenset({"1"})


def public_reason(act: Act, reason: str | None) -> str | None:
    """The part of a bot's reason the whole table may read, which depends on no card hidden from it: a rule's
    label (without its figures) only for a rule whose condition reads nothing hidden (``PUBLIC_RULES``); for
    the search, only that it searched (its estimate, how many deals it searched in its time, and whether it
    kept the rules' move, come from its cards); nothing for a whim (it needs a choice), a convoy or for staying out of an inspection."""
    if reason is None or act.verb in HIDDEN_REASON:
        return None
    if " deals" in reason:
        return SEARCHED
    if reason.startswith("a whim"):
        return None  # a whim needs a choice: naming it would tell the table the seat had one
    label = reason.partition(", ")[0]
    key = label.removeprefix("rule ").partition(":")[0]
    return label if label.startswith("rule ") and key in PUBLIC_RULES else None


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
        reason = decision.reason
        public = public_reason(decision.action, reason)
        return Decision(decision.action, public, decision.value, decision.debug or reason)


def hard(game: Any, config: ProhisConfig, think: float = 1.0, iterations: int | None = None) -> ISMCTSPlayer:
    return HardPlayer(
        _Pruned(game),
        think=think,
        iterations=iterations,
        rollout=rollout,
        evaluate=evaluate,
        depth=16,
        name="hard",
    )


__all__ = [
    "NAMES",
    "RULES",
    "TablePlayer",
    "evaluate",
    "hard",
    "prune",
    "public_reason",
    "rollout",
    "smuggler",
]
