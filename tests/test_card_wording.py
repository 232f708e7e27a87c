"""The bot cards say what the bots do (issue 18, the trial's findings): the places where a person reading the
printed card and the program could differ are pinned here, on the bot's behaviour."""

from __future__ import annotations

from ai.prohis.components import LEGAL
from ai.rip.bots.card import NORMAL, plan
from ai.rip.components import BLUE, GREEN
from ai.rip.observation import observe
from ai.rip.rules import Ghost, Phase, Psychic, RipConfig, Turn, initial_state, legal_actions, replace
from tests.support.prohis import move, table
from tests.support.rip import _round


def _facedown(hand: tuple[int, ...], owned: tuple[int, ...]) -> str:
    """The rule Blue's card reads after losing round 4 with ``hand`` (ghost cards) and ``owned`` psychic cards."""
    config = RipConfig(physical=(GREEN,), first=GREEN)
    state = initial_state(config, 3)
    blue = replace(state.sides[BLUE], hand=hand, owned=owned)
    state = replace(state, phase=Phase.FACEDOWN, round=4, loser=BLUE, sides=(state.sides[GREEN], blue))
    rule, _ = NORMAL.first(observe(state, BLUE), legal_actions(state))
    return rule.key


def test_rip_rule_9_counts_ghost_cards_in_hand_only() -> None:
    """Card rule 9: 'with 4 or more ghost cards in hand': psychic cards owned do not count."""
    assert _facedown((1, 2, 5, 6), (4, 5)) == "9"
    assert _facedown((2, 5, 6), (3, 4, 5)) == "10"


def test_rip_plan_ties_take_the_fewest_cards_then_the_fewest_low_cards() -> None:
    """The Plan note: equal cost, fewest cards (a 5 and a 1 rather than three 2s), then the fewest 1s."""
    state = _round(5, (1, 2, 2, 2, 5), "CMMMMMMCCC")
    state = replace(state, sides=(state.sides[GREEN], replace(state.sides[BLUE], owned=())))
    assert plan(observe(state, BLUE)) == ((Ghost(5), Ghost(1)), 6)
    state = _round(3, (1, 1, 2, 2), "CMMMMMMCCC")
    state = replace(state, sides=(state.sides[GREEN], replace(state.sides[BLUE], owned=())))
    assert plan(observe(state, BLUE)) == ((Ghost(2), Ghost(2)), 4)


def test_rip_rule_2_order_is_cost_then_ghost_then_the_lower_number() -> None:
    """Rule 2 ('play your cheapest card'): equal cost, a ghost before a psychic card, then the lower number
    (p4 before p12, not as text)."""
    state = _round(5, (3, 4), "CMMMMMMCCC")
    obs = observe(state, BLUE)
    cheapest = NORMAL.chains[0].rules[-1].choose
    p4, p12, g3 = (Turn((x,), end=False) for x in (Psychic(4), Psychic(12), Ghost(3)))
    assert cheapest(obs, [p12, p4]) == p4
    assert cheapest(obs, [p12, p4, g3]) == g3
    assert cheapest(obs, [Turn((Ghost(4),), end=False), p12]) == p12


def test_prohis_rule_3_keeps_one_legal_good_from_four_on() -> None:
    """Card rule 3: up to four legal goods, one kept in hand from four on (what the bluff, rule 13, offers)."""
    g = LEGAL
    assert move(table(((g, g, g), (g,), (g,)))) == "convoy g g g"
    assert move(table(((g, g, g, g), (g,), (g,)))) == "convoy g g g"
    assert move(table(((g,) * 5, (g,), (g,)))) == "convoy g g g g"
    assert move(table(((g,) * 6, (g,), (g,)))) == "convoy g g g g"
