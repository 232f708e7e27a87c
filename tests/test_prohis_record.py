"""What the table has seen each seat do (``ProhisState.record``: public), and what ``hard`` reads from it: in its
play-outs a seat that has always inspected inspects and one that has always let convoys pass lets them pass; and
``hard`` inspects a smuggler the more often that smuggler's inspected convoys were caught (issue 17: a seat that
always inspected beat ``hard``, whose play-outs judged for it by the card, and which judged by the card's die)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ai.prohis import rules as R
from ai.prohis.bots.card import public_reason
from ai.prohis.bots.hard import others
from ai.prohis.components import CAPTAIN, ILLEGAL, LEGAL
from ai.prohis.game import GAME
from ai.prohis.observation import observe
from ai.prohis.odds import inspect_faces
from ai.prohis.record import PRIOR, inspect_chance, judge_chance
from ai.prohis.state import ACCEPTED, CAUGHT, CLEARED, DECLINED, INSPECTED, NO_RECORD, REFUSED
from tests.support.prohis import I, play, table

G, X, C = LEGAL, ILLEGAL, CAPTAIN


def test_every_judgement_and_every_inspections_finding_is_counted_and_every_seat_sees_it() -> None:
    state = table(((X, X, *(G,) * 8), (C, C, C, C), (G,)))
    assert state.record == (NO_RECORD,) * 3
    state = play(state, "convoy x x", "inspect c", "no bribe", "inspect")  # caught
    state = play(R.replace(state, active=0), "convoy g g", "inspect c", "no bribe", "decline")
    state = play(R.replace(state, active=0), "convoy g g", "inspect c", "bribe g", "refuse")  # cleared
    state = play(R.replace(state, active=0), "convoy g g", "inspect c", "bribe g", "accept")
    # seat 1 put a captain forward four times before the end; seat 0 offered a bribe twice, none twice
    assert state.record[1] == (1, 1, 1, 1, 0, 0, 4, 0, 0, 0, 0, 0)
    assert state.record[0] == (0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 2, 2)
    # seat 2 may hold an inspector, as far as the table knows (``held``), and kept it back four times
    assert state.record[2] == (0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0)
    for seat in range(3):
        assert observe(state, seat).record == state.record


def test_a_deal_of_the_search_keeps_the_record() -> None:
    state = R.initial_state(R.ProhisConfig(players=4), 5)
    rng = random.Random(5)
    while sum(map(sum, state.record)) < 4:
        state = R.apply(state, rng.choice(R.legal_actions(state)))
    for seat in range(4):
        assert GAME.determinize(observe(state, seat), rng).record == state.record


def test_the_chances_start_at_the_cards_and_follow_the_record() -> None:
    assert judge_chance(3, NO_RECORD) == inspect_chance(3, NO_RECORD) == 0.5
    assert judge_chance(3, (20, 0, 5, 0, 0, 0)) > 0.9 and judge_chance(3, (0, 20, 0, 5, 0, 0)) < 0.1
    assert inspect_chance(2, (0, 0, 0, 0, 14, 0)) > 0.9 and inspect_chance(2, (0, 0, 0, 0, 0, 12)) == 2 / 6
    assert judge_chance(3, (PRIOR, 0, 0, 0, 0, 0)) == (3 * 0.5 + 3) / 6  # the prior weighs PRIOR counts
    assert inspect_chance(2, (9, 9, 9, 9, 0, 0)) == 2 / 6  # each chance reads its own counts only


@given(
    faces=st.integers(1, 5),
    record=st.tuples(*(st.integers(0, 30) for _ in range(6))),
    what=st.sampled_from([INSPECTED, REFUSED, DECLINED, ACCEPTED, CAUGHT, CLEARED]),
)
def test_one_more_count_moves_a_chance_only_its_way(faces: int, record: tuple[int, ...], what: int) -> None:
    more = list(record)
    more[what] += 1
    for chance, up, down in (
        (judge_chance, (INSPECTED, REFUSED), (DECLINED, ACCEPTED)),
        (inspect_chance, (CAUGHT,), (CLEARED,)),
    ):
        before, after = chance(faces, record), chance(faces, more)
        assert 0 < before < 1 or sum(record[k] for k in up + down) > 0
        if what in up:
            assert after >= before and (after > before or before == 1 or chance is inspect_chance)
        elif what in down:  # inspect_chance never goes below the card's chance
            assert after <= before and (after < before or chance is inspect_chance)
        else:
            assert after == before


def _judging(offer: str, record: tuple[int, ...], smuggler: tuple[int, ...] = NO_RECORD) -> R.ProhisState:
    state = play(table(((X, X, G, G), (C,), (G,))), "convoy x x", "inspect c", offer)
    return R.replace(state, record=(smuggler, record, NO_RECORD))


def test_in_the_play_outs_a_seat_judges_as_it_has_been_seen_judging() -> None:
    """Over 600 play-out moves (one in ten random) a seat that always inspected inspects far more often than
    the card would (2 faces of 6 here), and one that always let convoys pass lets them pass."""
    assert inspect_faces(2, C) == 2

    def inspected(record: tuple[int, ...]) -> float:
        state = _judging("no bribe", record)
        rng = random.Random(7)
        legal = R.legal_actions(state)
        return sum(others(state, legal, rng).verb == R.INSPECT for _ in range(600)) / 600

    assert inspected((12, 0, 0, 0, 0, 0)) > 0.75
    assert inspected((0, 12, 0, 0, 0, 0)) < 0.15


def test_hard_inspects_a_smuggler_as_often_as_its_inspected_convoys_were_caught() -> None:
    """``hard`` judging: the card's 2 faces of 6 with no record or a clean one (a clean record can be built to
    dump contraband at the end); nearly always for a smuggler caught every time; and the table hears no reason
    (it reads the bribe)."""

    def inspected(smuggler: tuple[int, ...], offer: str = "no bribe") -> float:
        state = _judging(offer, NO_RECORD, smuggler)
        bot = GAME.make_player("hard", 1, state.config, iterations=20)
        obs, legal, rng = observe(state, 1), R.legal_actions(state), random.Random(3)
        decisions = [bot.decide(obs, legal, rng) for _ in range(400)]
        assert all(d.reason is None and public_reason(d.action, d.debug) is None for d in decisions)
        assert bot.last_iterations == 0  # no search
        return sum(d.action.verb in (R.INSPECT, R.REFUSE) for d in decisions) / 400

    assert 0.25 < inspected(NO_RECORD) < 0.42
    assert inspected((0, 0, 0, 0, 15, 0)) > 0.8
    assert inspected((0, 0, 0, 0, 15, 0), "bribe g") > 0.8
    assert 0.25 < inspected((0, 0, 0, 0, 0, 15)) < 0.42  # a clean record: the card's chance, no less


def test_hard_branches_on_its_own_moves_and_plays_every_other_seat_by_its_model() -> None:
    """The search's tree holds ``hard``'s own choices; every other seat moves by ``bots.hard.others`` (the card,
    judging by its record), in the tree as in the play-outs."""
    bot = GAME.make_player("hard", 2, R.ProhisConfig(players=5), iterations=5)
    assert set(bot.fixed) == {0, 1, 3, 4}  # type: ignore[attr-defined]
    assert all(policy is others for policy in bot.fixed.values())  # type: ignore[attr-defined]


def _tallied(state: R.ProhisState, seat: int, **counts: int) -> R.ProhisState:
    from ai.prohis import state as S

    record = list(S.NO_RECORD)
    for name, n in counts.items():
        record[getattr(S, name.upper())] = n
    return R.replace(
        state, record=tuple(tuple(record) if s == seat else r for s, r in enumerate(state.record))
    )


def _share(state: R.ProhisState, verb: str, draws: int = 400) -> float:
    """How often ``hard``'s model of the seat to move chooses ``verb`` here."""
    rng = random.Random(7)
    legal = R.legal_actions(state)
    return sum(others(state, legal, rng).verb == verb for _ in range(draws)) / draws


def test_in_the_search_a_seat_steps_up_and_bribes_as_the_table_saw_it_do() -> None:
    asked = play(table(((G, G, X, X), (C, I), (C, I))), "convoy g x")  # seat 1 asked, before the end
    assert _share(asked, R.COMMIT) < 0.1  # the card keeps its controllers before the end
    assert _share(_tallied(asked, 1, stepped_early=20), R.COMMIT) > 0.7
    assert _share(_tallied(asked, 1, stepped_late=20), R.COMMIT) < 0.1  # near the end is another count
    bribing = play(asked, "inspect c", "no")  # seat 0's convoy (contraband) faces seat 1
    card = _share(bribing, R.BRIBE)
    assert 0.4 < card < 0.8  # the card bribes contraband on 1-4
    assert _share(_tallied(bribing, 0, unbribed=20), R.BRIBE) < 0.25
    assert _share(_tallied(bribing, 0, bribed=20), R.BRIBE) > 0.85
