"""What the table has seen each Propuh seat do (``PropuhState.record``: public): a counter or a card let stand,
a low or a high lead, a card on its own suit's location or off it, counted as each card is played and seen by
both seats; a deal of the search keeps it, and it never depends on a card still in a hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.habits import game_over
from ai.levels import make_player
from ai.propuh.bots import LEVELS
from ai.propuh.bots.playout import PlayOut
from ai.propuh.components import GRANNY, PROPUH
from ai.propuh.engine import Engine
from ai.propuh.game import GAME
from ai.propuh.observation import observe
from ai.propuh.state import NO_RECORD, OFF_SUIT, ON_SUIT, Play, PropuhConfig, Record
from tests.propuh_scenes import run, table, two


def test_each_play_counts_its_counter_its_lead_and_its_location_and_both_seats_see_it() -> None:
    state = table("b2 t4", "b3 s1 s2 t1")
    assert state.record == NO_RECORD
    state = run(state, "b2 s")  # Granny leads low, off suit
    state = run(state, "b3 s")  # Propuh counters (Bed 3 beats Bed 2 on the Stove), off suit
    state = run(state, "t4 t")  # nothing of Propuh's lies unresolved: Granny leads high, a trump
    state = run(state, "t1 t")  # Propuh: on suit, and lets the Table 4 stand
    # (countered, let stand, led low, led high, on suit, off suit)
    assert state.record[GRANNY] == (0, 0, 1, 1, 1, 1)
    assert state.record[PROPUH] == (1, 1, 0, 0, 1, 1)
    for seat in (GRANNY, PROPUH):
        assert observe(state, seat).record == state.record


def test_a_counter_is_counted_and_the_next_card_leads() -> None:
    state = run(table("b2 s1", "b3 s2 t1 t2"), "b2 b", "b3 b")  # Bed 3 on the Bed beats Bed 2
    assert state.record[PROPUH][:2] == (1, 0)
    state = run(state, "s1 s")  # nothing of Propuh's lies unresolved: Granny leads, low, on suit
    assert state.record[GRANNY] == (0, 0, 2, 0, 2, 0)


def test_a_deal_of_the_search_keeps_the_record() -> None:
    state = two(3)
    rng = random.Random(3)
    while sum(map(sum, state.record)) < 10 and not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    for seat in (GRANNY, PROPUH):
        assert GAME.determinize(observe(state, seat), rng).record == state.record


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_every_card_played_is_counted_once_by_location_and_once_by_what_it_answered(
    seed: int, solo: bool
) -> None:
    rng = random.Random(seed)
    state = GAME.initial_state(PropuhConfig(solo=solo), seed)
    played = [0, 0]
    while not GAME.is_over(state):
        action = rng.choice(list(GAME.legal_actions(state)))
        if isinstance(action, Play):
            played[state.plays % 2] += 1
        state = GAME.apply(state, action)
        for seat in (GRANNY, PROPUH):
            record = state.record[seat]
            assert record[ON_SUIT] + record[OFF_SUIT] == played[seat]
            assert sum(record[:ON_SUIT]) == played[seat]
            assert observe(state, seat).record == state.record


def _leads(record: Record, draws: int = 200) -> int:
    """How many of ``draws`` play-out leads of Granny (as Propuh's search models her) are low, when the table
    has seen her play ``record``."""
    state = table("t1 b2 t4 b3", "s1 s2 t2 b2", figurine_moved=True)
    model = PlayOut(state.config, noise=0.0)
    model.watch(PROPUH, (record, NO_RECORD[PROPUH]))
    rng = random.Random(1)
    e = Engine.load(state)
    legal = GAME.legal_actions(state)
    low = 0
    for _ in range(draws):
        action = model.policy(e, legal, rng)
        assert isinstance(action, Play)
        low += action.card.value <= 2
    return low


def test_propuh_s_play_outs_lead_for_granny_as_she_was_seen_leading() -> None:
    always_low, always_high = (0, 0, 60, 0, 0, 0), (0, 0, 0, 60, 0, 0)
    assert _leads(always_low) > 180
    assert _leads(always_high) < 20


def test_the_normal_and_hard_bots_keep_what_they_saw_over_a_session() -> None:
    config = PropuhConfig(solo=False)
    state = two(4)
    rng = random.Random(4)
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    for level in ("normal", "hard"):
        bot = make_player("propuh", "Propuh", LEVELS, level, PROPUH, config, iterations=5)
        game_over(bot, observe(state, PROPUH))
        fresh = observe(two(5), PROPUH)
        assert bot.seen(fresh).record == state.record  # type: ignore[attr-defined]


def test_switch_plays_granny_s_rules_then_bait_after_five_games_of_its_session() -> None:
    switch = GAME.make_player("exploit:switch", GRANNY, PropuhConfig(solo=False))
    rules = GAME.make_player("normal", GRANNY, PropuhConfig(solo=False))
    bait = GAME.make_player("exploit:bait", GRANNY, PropuhConfig(solo=False))
    differ = 0
    for seed in range(30):
        state = two(seed)
        legal = GAME.legal_actions(state)
        obs = observe(state, GRANNY)
        by_rules = rules.decide(obs, legal, random.Random(0)).action
        by_bait = bait.decide(obs, legal, random.Random(0)).action
        differ += by_rules != by_bait
        fresh = GAME.make_player("exploit:switch", GRANNY, PropuhConfig(solo=False))
        assert fresh.decide(obs, legal, random.Random(0)).action == by_rules
        for _ in range(5):
            game_over(fresh, obs)
        assert fresh.decide(obs, legal, random.Random(0)).action == by_bait
    assert differ and switch.name == "exploit:switch"
