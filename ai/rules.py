"""Ordered lists of named rules (condition -> action).

The same list plays, explains each decision ("rule 2: trump") and is printed as a paper automa card: a rule
carries its number, a short name and the sentence a person follows, the action a person takes when it applies
(the card's action box: "inspect the convoy"), and a function that returns the action it chooses or ``None``
when its condition does not hold.

A bot that answers several kinds of decision (drawing, sending a convoy, inspecting…) is a list of
:class:`Chain` s, one per decision point: the chain asked is the first whose ``when`` holds, its rules are
tried in order, and its last rule (an "Otherwise") always applies. That is the card a person runs: one short chain
per decision, read from the top. A list of habits put in front of another list (an exploiter) names the other
as ``then``: its own rules are tried first, then the other list decides.

:func:`fired` records which rules decide, for the test that every rule of every card can fire.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, TypeVar

from ai import rng as seeded
from ai.protocol import Decision
from ai.words import tr

Obs = TypeVar("Obs")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Rule(Generic[Obs, A]):
    key: str
    name: str
    text: str
    choose: Callable[[Obs, Sequence[A]], A | None]
    detail: Callable[[Obs], str | None] | None = None
    #: Whether the rule's condition reads only what everyone at the table sees. A rule that reads the seat's
    #: hidden cards (its hand, a face-down card) is never named at the table: naming it would tell what they
    #: are ("rule 7: bank" on a face-down card says it is a 5 or a 6).
    public: bool = True
    #: What a person does when the rule applies, as the card's action box says it ("inspect the convoy").
    action: str = ""

    @property
    def label(self) -> str:
        """The rule's number and name in English (a key for the bots' own tables, and their debug)."""
        return f"rule {self.key}: {self.name}"

    @property
    def said(self) -> str:
        """The rule's number and name as the table reads them, in its language: ``rule 6: trump``."""
        return tr("rule {key}: {name}", key=self.key, name=tr(self.name))

    def explain(self, observation: Obs) -> str:
        """The rule as the table reads it (``said``), with the rule's own account of why when it has one."""
        why = self.detail(observation) if self.detail is not None else None
        return tr("{rule}, {why}", rule=self.said, why=why) if why else self.said


@dataclass(frozen=True, slots=True)
class Chain(Generic[Obs, A]):
    """One decision point of a card: when it is asked, and the rules that answer it in order, the last an
    "Otherwise" that always applies."""

    title: str
    when: Callable[[Obs, Sequence[A]], bool]
    rules: tuple[Rule[Obs, A], ...]


#: The (list title, rule key) pairs that decided while :func:`fired` records.
_FIRED: ContextVar[set[tuple[str, str]] | None] = ContextVar("_FIRED", default=None)


@contextmanager
def fired() -> Iterator[set[tuple[str, str]]]:
    """Record, for the duration, which rule of which list decided: ``{(list title, rule key), …}``."""
    seen: set[tuple[str, str]] = set()
    token = _FIRED.set(seen)
    try:
        yield seen
    finally:
        _FIRED.reset(token)


@dataclass(frozen=True, slots=True)
class RuleList(Generic[Obs, A]):
    """Rules in priority order; the first whose condition holds decides. The last must always hold.

    With ``chains`` (see :meth:`of_chains`) the rules are grouped by decision point and only the chain asked
    is read; ``rules`` is then every chain's rules in order. With ``then``, a list tried when none of its own
    rules applies (an exploiter's habits in front of a bot's card)."""

    title: str
    rules: tuple[Rule[Obs, A], ...]
    notes: tuple[str, ...] = ()
    chains: tuple[Chain[Obs, A], ...] = ()
    then: RuleList[Obs, A] | None = None

    @classmethod
    def of_chains(
        cls, title: str, chains: Sequence[Chain[Obs, A]], notes: Sequence[str] = ()
    ) -> RuleList[Obs, A]:
        rules = tuple(rule for chain in chains for rule in chain.rules)
        keys = [rule.key for rule in rules]
        if len(set(keys)) != len(keys):
            raise ValueError(f"{title!r}: rule keys repeat: {keys}")
        return cls(title, rules, tuple(notes), tuple(chains))

    def chain(self, observation: Obs, legal: Sequence[A]) -> Chain[Obs, A]:
        """The decision point asked: the first chain whose ``when`` holds."""
        for chain in self.chains:
            if chain.when(observation, legal):
                return chain
        raise RuntimeError(f"no decision of {self.title!r} is asked here")

    def first(
        self, observation: Obs, legal: Sequence[A], after: Rule[Obs, A] | None = None
    ) -> tuple[Rule[Obs, A], A]:
        """The first rule that applies and its action; ``after``: the first after that rule (a rule that rolled
        a die and, on a high roll, hands the decision to the next: Prohis's rule 1b)."""
        own = self.chain(observation, legal).rules if self.chains else self.rules
        rules = own
        if after is not None:
            rules = own[own.index(after) + 1 :] if after in own else ()
        for rule in rules:
            action = rule.choose(observation, legal)
            if action is not None:
                seen = _FIRED.get()
                if seen is not None:
                    seen.add((self.title, rule.key))
                return rule, action
        if self.then is not None:
            return self.then.first(observation, legal, None if after is None or after in own else after)
        raise RuntimeError(f"no rule of {self.title!r} applies")


@dataclass(slots=True)
class RulePlayer(Generic[Obs, A]):
    """Plays a rule list; with ``noise`` > 0 it sometimes plays a random legal action instead."""

    name: str
    rules: RuleList[Obs, A]
    noise: float = 0.0
    #: Whether the table is told of a whim. Not in a game with hidden cards: a whim needs a choice, so naming
    #: it would tell the table that the seat had one (a forced move is said with no reason).
    say_whims: bool = False

    def decide(self, observation: Obs, legal: Sequence[A], rng: random.Random) -> Decision[A]:
        if self.noise and len(legal) > 1 and rng.random() < self.noise:
            action, whim = seeded.choice(rng, list(legal)), tr("a whim (random move)")
            return Decision(action, reason=whim) if self.say_whims else Decision(action, debug=whim)
        rule, action = self.rules.first(observation, legal)
        return rule_decision(rule, observation, action)


def rule_decision(rule: Rule[Obs, A], observation: Obs, action: A) -> Decision[A]:
    """``action`` explained by ``rule``: at the table when the rule is public, else only in ``debug`` (the table
    then reads what the seat did and no more)."""
    why = rule.explain(observation)
    if rule.public:
        return Decision(action, reason=why)
    return Decision(action, debug=why)


@dataclass(frozen=True, slots=True)
class Roll(Generic[A]):
    """A choice made with a six-sided die, as a person at the table makes it: on 1 to ``upto`` play ``low``, on
    a higher roll ``high`` (``None``: the next rule of the chain decides, "otherwise go on"). A rule returns
    one where a fixed choice could be read and exploited, or where a paper opponent needs chance without a
    hand."""

    upto: int
    low: A
    high: A | None


def choose(
    rules: RuleList[Obs, A | Roll[A]],
    obs: Obs,
    legal: Sequence[A],
    rng: random.Random,
    explain: bool = True,
) -> tuple[Rule[Obs, A | Roll[A]], A, str]:
    """The rule that decides, its action (its die rolled from ``rng``, as the person holding the card rolls
    it) and why (``explain=False``: no why, for the search's play-outs): on a high roll of a rule that goes on,
    the next rule that applies."""
    legal_choices: Sequence[A | Roll[A]] = legal
    rule, choice = rules.first(obs, legal_choices)
    why = rule.explain(obs) if explain else ""
    while isinstance(choice, Roll):
        roll = seeded.randint(rng, 1, 6)
        rolled = _rolled(roll, choice.upto) if explain else ""
        if roll <= choice.upto:
            return rule, choice.low, tr("{why}, {rolled}", why=why, rolled=rolled) if explain else ""
        if choice.high is not None:
            return rule, choice.high, tr("{why}, {rolled}", why=why, rolled=rolled) if explain else ""
        last = rule
        rule, choice = rules.first(obs, legal_choices, after=rule)
        if explain:
            why = tr("{why}, after {rule} {rolled}", why=rule.explain(obs), rule=last.said, rolled=rolled)
    return rule, choice, why


def _rolled(roll: int, upto: int) -> str:
    """A die's roll as a reason says it: ``rolled 3 (1–4)``, the faces that play the rule's choice."""
    return tr("rolled {roll} (1–{upto})", roll=roll, upto=upto) if upto else tr("rolled {roll}", roll=roll)
