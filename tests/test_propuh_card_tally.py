"""Propuh's ``normal`` card reads the table (its rule 1a, "spare the high cards"): a Granny seen playing her
cards off their own location at least ``TALLY`` times and at least as often as on it (the bait habit) is
countered with the lowest card that beats hers, a trump or not; a record like the normal Granny's, or too short,
leaves rule 1 to counter. The tally is public: every seat and every deal of the search reads the same."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.habits import game_over
from ai.propuh.bots.card import TALLY, baiting, propuh_rules
from ai.propuh.components import GRANNY, PROPUH, Loc
from ai.propuh.engine import Engine
from ai.propuh.game import GAME
from ai.propuh.observation import observe, with_records
from ai.propuh.state import NO_RECORD, Play, PropuhConfig, PropuhState, Record, Unresolved
from ai.words import language
from tests.propuh_scenes import card, table, two

TWO = PropuhConfig(solo=False)


def _granny(on: int, off: int) -> Record:
    """A record of Granny's ``on`` cards on their own location and ``off`` off it (Propuh's: nothing)."""
    return ((0, 0, 0, 0, on, off), NO_RECORD[PROPUH])


def _bait() -> PropuhState:
    """Granny's Table 1 lies on the Bed, where she needs green; Propuh holds Stove 3 (off its location) and
    Bed 1 (a trump there): each beats it, rule 1 takes the Stove 3 (off its location first)."""
    return table(
        "t2 t3 b3 s2",
        "s3 b1 b4 t4",
        plays=1,
        unresolved=Unresolved(GRANNY, card("t1"), Loc.BED),
    )


def _choice(record: Record) -> tuple[str, Play]:
    state = _bait()
    obs = with_records(observe(state, PROPUH), record)
    rule, action = propuh_rules().first(obs, GAME.legal_actions(state))
    assert isinstance(action, Play)
    return rule.key, action


def test_a_granny_seen_baiting_is_countered_with_the_lowest_card_that_beats_hers() -> None:
    assert _choice(_granny(on=4, off=TALLY)) == ("1a", Play(card("b1"), Loc.BED))
    assert _choice(_granny(on=TALLY + 2, off=TALLY + 2)) == ("1a", Play(card("b1"), Loc.BED))


def test_an_empty_short_or_card_like_record_leaves_rule_1_to_counter() -> None:
    rule_1 = ("1", Play(card("s3"), Loc.BED))
    assert _choice(NO_RECORD) == rule_1
    assert _choice(_granny(on=0, off=TALLY - 1)) == rule_1  # too short a tally
    assert _choice(_granny(on=30, off=10)) == rule_1  # the normal Granny: about one card in four off
    assert _choice(_granny(on=TALLY + 1, off=TALLY)) == rule_1  # more on than off
    # the habit seen, but Propuh's own record does not count, nor a location Granny needs no more green on
    assert _choice(((0,) * 6, (0, 0, 0, 0, 0, 20))) == rule_1
    full = table(
        "t2",
        "s3 b1 b4 t4",
        plays=1,
        unresolved=Unresolved(GRANNY, card("t1"), Loc.BED),
        tokens=((0, 0, 2), (0, 0, 0)),
    )
    obs = with_records(observe(full, PROPUH), _granny(on=0, off=20))
    assert propuh_rules().first(obs, GAME.legal_actions(full))[0].key != "1a"


def test_rule_1a_comes_before_rule_1_and_says_its_tally_and_why_in_every_language() -> None:
    rules = propuh_rules().rules
    assert [r.key for r in rules[:2]] == ["1a", "1"]
    assert str(TALLY) in rules[0].text and not rules[0].public
    obs = with_records(observe(_bait(), PROPUH), _granny(on=0, off=TALLY))
    said = {}
    for lang in ("en", "ru", "fr"):
        with language(lang):
            said[lang] = rules[0].explain(obs)
    assert said["en"].startswith(
        "rule 1a: spare the high cards, Granny plays her cards off their own location"
    )
    assert said["ru"].startswith("правило 1a: беречь старшие карты, Бабушка")
    assert said["fr"].startswith("règle 1a\u00a0: garder les hautes cartes, Mamie")


def _session_of_bait(games: int) -> Any:
    """The normal Propuh after ``games`` games of one session against the bait habit."""
    propuh = GAME.make_player("normal", PROPUH, TWO)
    bait = GAME.make_player("exploit:bait", GRANNY, TWO)
    players = (bait, propuh)
    for seed in range(games):
        state = two(100 + seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)
            state = GAME.apply(
                state, players[seat].decide(observe(state, seat), GAME.legal_actions(state), rng).action
            )
        for seat, player in enumerate(players):
            game_over(player, observe(state, seat))
    return propuh


def test_after_a_session_of_bait_the_card_spares_its_high_cards() -> None:
    state = _bait()
    obs, legal = observe(state, PROPUH), GAME.legal_actions(state)
    fresh = GAME.make_player("normal", PROPUH, TWO)
    assert fresh.decide(obs, legal, random.Random(0)).action == Play(card("s3"), Loc.BED)
    seen = _session_of_bait(3)
    assert baiting(seen.seen(obs))
    assert seen.decide(obs, legal, random.Random(0)).action == Play(card("b1"), Loc.BED)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_the_tally_reads_the_same_from_either_seat_and_any_deal_of_the_unseen_cards(
    seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    state = GAME.initial_state(TWO, seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    views = [observe(state, seat) for seat in (GRANNY, PROPUH)]
    deals = [Engine.load(GAME.determinize(views[PROPUH], random.Random(k))) for k in range(3)]
    assert len({baiting(view) for view in (*views, *deals)}) == 1
