"""A phrase book of the Prohis automa card, written by hand from its printed English, and an interpreter that
plays the printed text. Nothing here reads ``ai.prohis.bots.automa``: each regex maps a printed sentence to what a
person holding the card checks on the table (the automa's observation: its stock is only a count) and does,
with the numbers read from the text. A printed sentence that matches no phrase, or more than one, is refused."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai import rng as seeded
from ai.prohis.components import CAPTAIN, ILLEGAL, INSPECTOR, LEGAL, LIEUTENANT, UNKNOWN
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
)

Obs = ProhisObservation
CARD_WORDS = {
    "Legal": LEGAL,
    "Illegal": ILLEGAL,
    "Lieutenant": LIEUTENANT,
    "Captain": CAPTAIN,
    "Inspector": INSPECTOR,
}
GOOD_WORDS = {"an Illegal good": ILLEGAL, "a Lieutenant": LIEUTENANT, "a Legal good": LEGAL}
#: The chains as printed, by the decision the table is at.
CHAIN_PHASES = {
    "Its turn": Phase.TURN,
    "After taking one display card": Phase.SECOND,
    "Another player sends a convoy": Phase.COMMIT,
    "Its convoy faces an inspector": Phase.BRIBE,
    "It inspects a convoy": Phase.JUDGE,
}


@dataclass
class Card:
    """What the terms define, read from their printed text."""

    late_per_player: int = -1
    worth: dict[int, int] = field(default_factory=dict)
    ranks: list[int] = field(default_factory=list)
    hand_limit: int = -1


def stock(obs: Obs) -> int:
    return obs.hand[UNKNOWN]


def office(obs: Obs) -> list[int]:
    return [k for k in (LIEUTENANT, CAPTAIN, INSPECTOR) for _ in range(obs.hand[k])]


def near_end(card: Card, obs: Obs) -> bool:
    return obs.final_left is not None or obs.pile_size <= card.late_per_player * obs.n


def something_to_draw(obs: Obs) -> bool:
    return obs.pile_size > 0 or any(c is not None for c in obs.display)


Cond = Callable[[Card, Obs], bool]
#: An action: given the card, the observation and the die (a function that rolls it), the action.
Do = Callable[[Card, Obs, Callable[[], int]], Act]


def _term(regex: str, read: Callable[[Card, re.Match[str]], None]) -> tuple[str, Callable[..., None]]:
    return regex, read


def _set_late(card: Card, m: re.Match[str]) -> None:
    card.late_per_player = int(m.group(1))


def _set_worth(card: Card, m: re.Match[str]) -> None:
    for word, n in re.findall(r"(Legal|Illegal|Lieutenant|Captain|Inspector) (\d+)", m.group(1)):
        card.worth[CARD_WORDS[word]] = int(n)


def _set_ranks(card: Card, m: re.Match[str]) -> None:
    card.ranks = [CARD_WORDS[w] for w in reversed(m.group(1).split(" above "))]


def _set_limit(card: Card, m: re.Match[str]) -> None:
    card.hand_limit = int(m.group(1))


TERMS: list[tuple[str, Callable[[Card, re.Match[str]], None]]] = [
    _term(
        r"Stock: its goods, face down in one pile; nobody looks at them, the automa included\.",
        lambda c, m: None,
    ),
    _term(r"Office: its controllers, face up beside it\.", lambda c, m: None),
    _term(r"Its hand: stock and office together \(the (\d+)-card limit counts both\)\.", _set_limit),
    _term(
        r"Near the end: the draw pile holds at most (\d+) cards per player, or the final round has begun\.",
        _set_late,
    ),
    _term(r"Worth: in thousands, as in a warehouse: (.*)\.", _set_worth),
    _term(
        r"Outranks: ((?:Inspector|Captain|Lieutenant)(?: above (?:Inspector|Captain|Lieutenant))+)\.",
        _set_ranks,
    ),
    _term(r"Top cards: the top cards of its stock, moved face down without looking\.", lambda c, m: None),
]

CONDITIONS: list[tuple[str, Callable[[re.Match[str]], Cond]]] = [
    (r"–", lambda m: lambda card, obs: True),
    (
        r"Near the end, and its stock holds (\d+) or more cards\.",
        lambda m: lambda card, obs: near_end(card, obs) and stock(obs) >= int(m.group(1)),
    ),
    (
        r"Its stock holds (\d+) or more cards; or its hand holds (\d+) or more and its stock (\d+) or more\.",
        lambda m: (
            lambda card, obs: (
                stock(obs) >= int(m.group(1))
                or (sum(obs.hand) >= int(m.group(2)) and stock(obs) >= int(m.group(3)))
            )
        ),
    ),
    (
        r"Its hand holds fewer than (\d+) cards, and the display or the draw pile holds a card\.",
        lambda m: lambda card, obs: sum(obs.hand) < int(m.group(1)) and something_to_draw(obs),
    ),
    (r"The display or the draw pile holds a card\.", lambda m: lambda card, obs: something_to_draw(obs)),
    (
        r"Its office holds a controller that outranks every controller already put forward\.",
        lambda m: (
            lambda card, obs: any(
                all(card.ranks.index(mine) > card.ranks.index(c) for c in obs.commits if c is not None)
                for mine in office(obs)
            )
        ),
    ),
    (r"Its stock holds a card\.", lambda m: lambda card, obs: stock(obs) > 0),
    (r"A bribe is offered\.", lambda m: lambda card, obs: obs.offered),
]


def _pick_order(words: str) -> list[int]:
    return [GOOD_WORDS[w] for w in words.split(", else ")]


def _take(order: list[int]) -> Do:
    def do(card: Card, obs: Obs, die: Callable[[], int]) -> Act:
        for kind in order:
            if kind in obs.display:
                return Act(TAKE, (kind,))
        return Act(PILE)

    return do


def _highest(card: Card, obs: Obs) -> int:
    return max(office(obs), key=card.ranks.index)


def _bribe_worth(card: Card, obs: Obs) -> int:
    return sum(card.worth[k] * obs.bribe[k] for k in card.worth)


ACTIONS: list[tuple[str, Callable[[re.Match[str]], Do]]] = [
    (
        r"send the top (\d+) cards of its stock \(all, if fewer\) as a convoy",
        lambda m: lambda card, obs, die: Act(TOP_CONVOY, (min(int(m.group(1)), stock(obs)),)),
    ),
    (
        r"take from the display ((?:an Illegal good|a Lieutenant|a Legal good)(?:, else (?:an Illegal good|a "
        r"Lieutenant|a Legal good))*); display empty: the top of the draw pile",
        lambda m: _take(_pick_order(m.group(1))),
    ),
    (
        r"take another display card, ((?:an Illegal good|a Lieutenant|a Legal good)(?:, else (?:an Illegal good|a "
        r"Lieutenant|a Legal good))*); display empty: the top of the draw pile",
        lambda m: _take(_pick_order(m.group(1))),
    ),
    (r"pass", lambda m: lambda card, obs, die: Act(PASS)),
    (r"stop", lambda m: lambda card, obs, die: Act(STOP)),
    (r"keep its controllers", lambda m: lambda card, obs, die: Act(NO_COMMIT)),
    (r"no bribe", lambda m: lambda card, obs, die: Act(NO_BRIBE)),
    (
        r"roll the die: if the roll is at most the convoy's size \(\+(\d+) near the end\), put its highest "
        r"controller forward; else keep them",
        lambda m: (
            lambda card, obs, die: (
                Act(COMMIT, (_highest(card, obs),))
                if die() <= obs.convoy_size + (int(m.group(1)) if near_end(card, obs) else 0)
                else Act(NO_COMMIT)
            )
        ),
    ),
    (
        r"roll the die: on 1–(\d+) offer the top card of its stock \(only the inspector looks at it\); else no "
        r"bribe",
        lambda m: lambda card, obs, die: Act(TOP_BRIBE) if die() <= int(m.group(1)) else Act(NO_BRIBE),
    ),
    (
        r"roll the die: accept it if its worth is at least the roll \+ the convoy's size; else refuse it and "
        r"inspect",
        lambda m: (
            lambda card, obs, die: (
                Act(ACCEPT) if _bribe_worth(card, obs) >= die() + obs.convoy_size else Act(REFUSE)
            )
        ),
    ),
    (
        r"inspect: its sender shuffles the convoy face down; turn cards from the top, as many as the controller "
        r"inspects",
        lambda m: lambda card, obs, die: Act(INSPECT),
    ),
]

#: The set-up and handling notes: prose a person follows, each matched once; the difficulty lines are read.
HANDLING = [
    r"Set up as usual for the number of players, counting each automa as a player\. Solo: you and two automas\.",
    r"Deal each automa its (\d+) cards face down as its stock: nobody looks at them\. Its Captain and Inspector "
    r"lie face up beside it: its office, with the Lieutenant its difficulty may give it, taken from the goods "
    r"before shuffling\.",
    r"A display card it takes: a Lieutenant goes to its office; anything else onto its stock, then shuffle its "
    r"stock\. A card from the draw pile goes onto its stock unseen\. A controller it wins or gets back goes to "
    r"its office\.",
    r"Its convoys and its warehouse lie face down, unseen\. A refused bribe goes back onto its stock: shuffle it\.",
    r"A bribe offered to it is read only by the player who offers it: .*\. Its bribe to you is seen by you alone; "
    r"its bribe to another automa is turned face up to be read\.",
    r"At the end its warehouse scores as a warehouse, its stock and office as a hand, and it adds its handicap\.",
]
LEVEL = r"\*\*Level (\d)(?: \(default\))?:\*\* (.*)\."


def only(regexes: Sequence[str], sentence: str) -> tuple[int, re.Match[str]]:
    """The one phrase that matches ``sentence`` whole; a sentence no phrase, or two, match is refused."""
    hits = [(i, m) for i, r in enumerate(regexes) if (m := re.fullmatch(r, sentence)) is not None]
    assert len(hits) == 1, f"{len(hits)} phrases match the printed sentence {sentence!r}"
    return hits[0]


def read_level(text: str) -> tuple[int, int, bool]:
    """A printed difficulty line: (level, points at the end, a lieutenant in its office at set-up)."""
    m = re.fullmatch(LEVEL, text)
    assert m is not None, text
    what = m.group(2)
    points = re.search(r"([+−])([\d,]+) at the end", what)
    value = int(points.group(2).replace(",", "")) * (1 if points.group(1) == "+" else -1) if points else 0
    return int(m.group(1)), value, "Lieutenant" in what


@dataclass
class PrintedRule:
    key: str
    cond: Cond
    do: Do


@dataclass
class Interpreter:
    """The card as printed, parsed: its terms, then per chain its rules in order."""

    card: Card
    chains: dict[Phase, list[PrintedRule]]

    @classmethod
    def parse(
        cls, terms: Sequence[tuple[str, str]], chains: Sequence[tuple[str, Sequence[tuple[str, str, str]]]]
    ) -> Interpreter:
        """``terms`` (name, definition) and ``chains`` (title, [(key, condition, action)]) as printed."""
        card = Card()
        for name, meaning in terms:
            i, m = only([r for r, _ in TERMS], f"{name}: {meaning}")
            TERMS[i][1](card, m)
        parsed: dict[Phase, list[PrintedRule]] = {}
        for title, rules in chains:
            phase = CHAIN_PHASES[title]
            out = []
            for key, cond_text, action_text in rules:
                ci, cm = only([r for r, _ in CONDITIONS], cond_text)
                ai, am = only([r for r, _ in ACTIONS], action_text)
                out.append(PrintedRule(key, CONDITIONS[ci][1](cm), ACTIONS[ai][1](am)))
            parsed[phase] = out
        return cls(card, parsed)

    def decide(self, obs: Obs, rng: random.Random) -> tuple[str, Act]:
        """The first printed rule of the chain asked whose condition holds, and its action (the die rolled from
        ``rng`` as the person holding the card rolls it)."""
        for rule in self.chains[obs.phase]:
            if rule.cond(self.card, obs):
                return rule.key, rule.do(self.card, obs, lambda: seeded.randint(rng, 1, 6))
        raise AssertionError("no printed rule applies")
