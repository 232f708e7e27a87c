"""Every rule of every paper bot card can fire: played games reach a position where each rule decides.

A card is what ``companion print automa GAME`` prints: the ``normal`` bot's rule list of each game, and for
Propuh its solo automaton. Games are played with the card in every seat against a mix of levels, and
:func:`ai.rules.fired` records which rules decided. A rule that never decides is dead ink on the card.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from ai import games
from ai.arena import run_arena
from ai.propuh.bots.automaton import automaton_rules
from ai.rules import RuleList, fired
from printables.rulecard import normal_rules

#: Games whose bot answers several kinds of decision (drawing, playing, inspecting…): their card is one
#: chain per decision point (``RuleList.of_chains``), each ending with an Otherwise that always applies.
SEVERAL = {"rip", "prohis", "potra-bash"}
#: Games not yet brought to that card; expected to fail until they are.
PENDING: set[str] = set()

#: Opponent mixes: the card's bot plays every seat of the first, then shares the table with others.
MIXES = ("normal", "random", "easy")
#: Habits a card's rule reads in what the table saw (Prudh's rule 2a: a copier): they join the game's mix.
SHOWN = {"prudh": ("exploit:mirror",)}


def _cards(name: str) -> list[RuleList[Any, Any]]:
    if name == "propuh":
        return [automaton_rules()]
    cards: list[RuleList[Any, Any]] = []
    for seat in range(2):
        rules = normal_rules(name, seat)
        if rules is not None and all(rules.title != c.title for c in cards):
            cards.append(rules)
    return cards


def _play(name: str, budget: int, want: set[tuple[str, str]]) -> set[tuple[str, str]]:
    engine = games.get(name)
    config = engine.default_config()
    seats = engine.num_players(engine.initial_state(config, 0))
    with fired() as seen:
        for n, other in enumerate(itertools.islice(itertools.cycle(MIXES + SHOWN.get(name, ())), budget)):
            players = [
                engine.make_player(
                    "normal" if (seat + n) % 2 == 0 or other == "normal" else other, seat, config
                )
                for seat in range(seats)
            ]
            run_arena(engine, config, players, 2, seed=1000 + n)
            if want <= seen:
                break
        return set(seen)


@pytest.mark.parametrize("name", games.names())
def test_every_rule_of_every_card_fires(name: str) -> None:
    cards = _cards(name)
    assert cards, f"{name} has no card"
    want = {(card.title, rule.key) for card in cards for rule in card.rules}
    seen = _play(name, 60, want)
    missing = sorted(want - seen)
    assert not missing, f"{name}: rules that never decided in the games played: {missing}"


@pytest.mark.parametrize("name", games.names())
def test_each_decision_of_a_card_ends_in_an_otherwise(name: str, request: pytest.FixtureRequest) -> None:
    """A card read by a person has one chain per decision, each ending with a rule that always applies."""
    if name in PENDING:
        request.applymarker(pytest.mark.xfail(strict=True, reason="card not yet one chain per decision"))
    for card in _cards(name):
        if name in SEVERAL:
            assert len(card.chains) > 1, f"{card.title}: one chain of rules for several kinds of decision"
        # A list without chains is one chain, whose last rule always applies (``RuleList.first`` raises).
        for chain in card.chains:
            assert chain.rules, f"{card.title}: {chain.title!r} has no rule"
            last = chain.rules[-1]
            assert last.name.lower().startswith("otherwise") or "otherwise" in last.text.lower(), (
                f"{card.title}: {chain.title!r} ends with rule {last.key} ({last.name}), not an Otherwise"
            )


def test_a_chain_answers_only_its_own_decision() -> None:
    """The chain asked is the first whose ``when`` holds; an exploiter's habits come before its ``then``."""
    from ai.rules import Chain, Rule

    def pick(value: str) -> Any:
        return lambda obs, legal: value if value in legal else None

    draw = Chain(
        "draw",
        lambda obs, legal: obs == "draw",
        (Rule("1", "x", "x", pick("x")), Rule("2", "Otherwise", "", pick("d"))),
    )
    play = Chain("play", lambda obs, legal: obs == "play", (Rule("3", "Otherwise", "", pick("p")),))
    card = RuleList.of_chains("card", (draw, play))
    assert [r.key for r in card.rules] == ["1", "2", "3"]
    assert card.first("draw", ["d", "p"])[0].key == "2"
    assert card.first("play", ["d", "p"])[0].key == "3"  # rule 2 would apply, but it is another decision's
    with pytest.raises(RuntimeError):
        card.first("bribe", ["d"])
    habit = RuleList("habit", (Rule("9", "grab", "", pick("p")),), then=card)
    assert habit.first("draw", ["d", "p"])[0].key == "9"
    assert habit.first("draw", ["d"])[0].key == "2"
    with fired() as seen:
        habit.first("draw", ["d"])
    assert seen == {("card", "2")}
