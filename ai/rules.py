"""Ordered lists of named rules (condition -> action).

The same list plays, explains each decision ("rule 2: trump") and is printed as a paper automa card: a rule
carries its number, a short name and the sentence a person follows, and a function that returns the action it
chooses or ``None`` when its condition does not hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ai.protocol import Decision

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

    @property
    def label(self) -> str:
        return f"rule {self.key}: {self.name}"

    def explain(self, observation: Obs) -> str:
        """The label, with the rule's own account of why when it has one."""
        why = self.detail(observation) if self.detail is not None else None
        return f"{self.label}, {why}" if why else self.label


@dataclass(frozen=True, slots=True)
class RuleList(Generic[Obs, A]):
    """Rules in priority order; the first whose condition holds decides. The last must always hold."""

    title: str
    rules: tuple[Rule[Obs, A], ...]
    notes: tuple[str, ...] = ()

    def first(self, observation: Obs, legal: Sequence[A]) -> tuple[Rule[Obs, A], A]:
        for rule in self.rules:
            action = rule.choose(observation, legal)
            if action is not None:
                return rule, action
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
            action, whim = rng.choice(list(legal)), "a whim (random move)"
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
