"""RIP's bots: the normal rules (explained, observation only), easy's noise, hard's search, and strength."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.protocol import Decision
from ai.rip.bots.card import NORMAL, SAID, plan
from ai.rip.bots.hard import undominated
from ai.rip.bots.playout import PSYCHIC_GAIN, cheapest, policy, psychic_gain
from ai.rip.components import BLUE, DECK, GREEN
from ai.rip.engine import code_of
from ai.rip.game import GAME
from ai.rip.observation import observe
from ai.rip.rules import (
    END,
    SKIP,
    Ghost,
    Phase,
    Psychic,
    RipConfig,
    RipState,
    Turn,
    apply,
    initial_state,
    legal_actions,
    replace,
    state_totals,
)
from ai.rules import RuleList
from tests.support.rip import _round


def play_game(
    config: RipConfig, seed: int, names: tuple[str, str], iterations: int | None = None
) -> RipState:
    state = GAME.initial_state(config, seed)
    players = [GAME.make_player(n, s, config, iterations=iterations) for s, n in enumerate(names)]
    rng = random.Random(seed)
    while not GAME.is_over(state):
        seat = GAME.to_move(state)
        legal = GAME.legal_actions(state)
        decision = players[seat].decide(GAME.observation(state, seat), legal, rng)
        assert decision.action in legal
        state = GAME.apply(state, decision.action)
    return state


def test_normal_is_a_printable_rule_list_with_reasons() -> None:
    player = GAME.make_player("normal", GREEN, RipConfig())
    assert isinstance(getattr(player, "rules", None), RuleList)
    # numbered in order; rule 8a, which reads the tally, sits between 8 and 9
    assert [r.key for r in NORMAL.rules] == [*map(str, range(1, 9)), "8a", "9", "10"]
    state = initial_state(RipConfig(first=GREEN), 3)
    decision = player.decide(observe(state, GREEN), legal_actions(state), random.Random(0))
    # a rule that reads the hand is explained in ``debug`` only, never at the table
    assert decision.reason is None and (decision.debug or "").startswith("rule ")


def test_normal_fights_for_a_castle_with_the_cheapest_cards_and_concedes_a_dear_manor() -> None:
    castle = _round(5, (1, 2, 4, 6), "CMMMMMMCCC")
    assert plan(observe(castle, BLUE)) == ((Ghost(6),), 6)
    player = GAME.make_player("normal", BLUE, castle.config)
    decision = player.decide(observe(castle, BLUE), legal_actions(castle), random.Random(0))
    assert decision.action == Turn((Ghost(6),), end=False)
    assert decision.reason is None and decision.debug == "rule 6: worth it, it was 6 short of the lead"
    manor = _round(5, (1, 2, 4, 6), "MMMMMMCCCC")
    decision = player.decide(observe(manor, BLUE), legal_actions(manor), random.Random(0))
    assert decision.action == END and decision.reason is None
    assert decision.debug == "rule 7: Otherwise leave, a manor is not worth it"
    cheap = _round(1, (1, 2, 4, 6), "MMMMMMCCCC")
    assert plan(observe(cheap, BLUE)) == ((Ghost(2),), 2)
    assert player.decide(observe(cheap, BLUE), legal_actions(cheap), random.Random(0)).action == Turn(
        (Ghost(2),), end=False
    )


def test_normal_ends_the_turn_when_ahead_and_never_sees_the_hidden_state() -> None:
    config = RipConfig(first=GREEN)
    state = initial_state(config, 2)
    state = apply(state, Turn((Ghost(state.sides[GREEN].hand[0]),), end=False))
    decision = GAME.make_player("normal", GREEN, config).decide(
        observe(state, GREEN), legal_actions(state), random.Random(0)
    )
    assert decision.action == END and decision.reason == "no need to play more"
    assert decision.debug == "rule 3: ahead"  # the rule's number for a developer, never at the table
    # the same observation gives the same decision whatever the opponent holds
    other = GAME.determinize(observe(state, GREEN), random.Random(5))
    assert observe(other, GREEN).own == observe(state, GREEN).own


def test_every_level_finishes_games_with_legal_moves() -> None:
    for seed, names in enumerate([("random", "easy"), ("easy", "normal"), ("hard", "random")]):
        state = play_game(RipConfig(tutorial=seed == 1), seed, names, iterations=4)
        assert state.phase == Phase.OVER and state.winners


def test_normal_beats_random() -> None:
    wins = 0.0
    for seed in range(20):
        normal_seat = seed % 2
        names = ("normal", "random") if normal_seat == 0 else ("random", "normal")
        result = GAME.result(play_game(RipConfig(), 100 + seed, names))
        wins += result.utility(normal_seat)
    assert wins >= 16


def test_hard_decides_from_a_determinized_observation() -> None:
    config = RipConfig(first=BLUE)
    state = initial_state(config, 9)
    player = GAME.make_player("hard", BLUE, config, iterations=30)
    decision = player.decide(observe(state, BLUE), legal_actions(state), random.Random(1))
    assert decision.action in legal_actions(state)
    assert decision.reason is not None and "search" in decision.reason
    assert "%" not in decision.reason and decision.value is not None  # the estimate is not said at the table


def test_hard_with_a_tiny_budget_keeps_the_normal_rules_move() -> None:
    config = RipConfig(first=GREEN)
    for seed in range(5):
        state = initial_state(config, seed)
        obs, legal = observe(state, GREEN), legal_actions(state)
        rule_move = GAME.make_player("normal", GREEN, config).decide(obs, legal, random.Random(0)).action
        decision = GAME.make_player("hard", GREEN, config, iterations=2).decide(
            obs, legal, random.Random(seed)
        )
        assert decision.action == rule_move
        assert decision.reason == "chosen by search"  # the rule reads the bot's hand: not named


def _psychic_gain(state: RipState, action: Turn) -> int:
    """How much playing ``action`` raises the mover's margin, by the engine itself."""
    seat = state.mover
    before, after = state_totals(state), state_totals(apply(state, action))
    return (after[seat] - after[1 - seat]) - (before[seat] - before[1 - seat])


def test_the_play_out_policy_plays_legal_moves_and_a_psychic_card_only_when_it_gains_most() -> None:
    """The play-out policy, on the engine, picks a legal move (or a whole set of legal ghost plays at once), and
    plays a psychic card only when the engine says it gains the most (at least ``PSYCHIC_GAIN``)."""
    checked_psychic = 0
    for seed in range(30):
        config = RipConfig(tutorial=seed % 3 == 0)
        rng = random.Random(seed)
        state = initial_state(config, seed)
        while not GAME.is_over(state):
            legal = list(legal_actions(state))
            choice = policy(state.engine(), random.Random(seed))
            assert choice in legal or (isinstance(choice, Turn) and len(choice.items) > 1)
            if isinstance(choice, Turn) and len(choice.items) > 1:  # a whole set of ghosts at once
                assert all(Turn((item,), end=False) in legal for item in choice.items)
            psychic = [
                a for a in legal if isinstance(a, Turn) and a.items and isinstance(a.items[0], Psychic)
            ]
            if state.phase == Phase.PLAY and psychic:
                gains = [(_psychic_gain(state, a), -i, a) for i, a in enumerate(psychic)]
                best = max(gains)
                expected = best[2] if best[0] >= PSYCHIC_GAIN else None
                seat = state.mover
                tables = (state.sides[seat].table, state.sides[1 - seat].table)
                got = psychic_gain(seat, *tables, state.cards, state_totals(state), psychic)
                assert got == expected
                checked_psychic += 1
            state = apply(state, rng.choice(legal))
    assert checked_psychic > 50


def test_no_level_names_a_rule_that_reads_its_hand() -> None:
    """At the table no bot's reason names a rule that reads its hand (issue 14): after a lost round from round
    3, with a 5 or 6 in a hand of 4 or more, ``normal`` banks it (rule 9), so "rule 9: bank" would tell the
    person what the secret face-down card is, and "rule 10" that the bot holds no 5 or 6."""
    config = RipConfig(physical=(GREEN,), first=GREEN)
    state = initial_state(config, 3)
    blue = replace(state.sides[BLUE], hand=(1, 2, 3, 5, 6), deck=(1, 1, 1, 2, 2, 3, 4, 4, 4))
    state = replace(state, phase=Phase.FACEDOWN, round=4, loser=BLUE, sides=(state.sides[GREEN], blue))
    normal = GAME.make_player("normal", BLUE, config)
    banked = normal.decide(observe(state, BLUE), legal_actions(state), random.Random(0))
    assert banked.reason is None and banked.debug == "rule 9: bank"
    hard = GAME.make_player("hard", BLUE, config, iterations=40)
    for seed in range(4):
        decision = hard.decide(observe(state, BLUE), legal_actions(state), random.Random(seed))
        assert decision.reason == "chosen by search"
    # over whole games: only rule 3 (ahead: the totals) and rule 8 (a round-10 psychic card: owned cards are public)
    for seed in range(3):
        state = initial_state(RipConfig(first=GREEN), seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            legal = legal_actions(state)
            if GAME.to_move(state) == BLUE:
                before = rng.getstate()
                decision = hard.decide(observe(state, BLUE), legal, rng)
                if len(legal) == 1:
                    # a forced move says nothing (it could tell what the hand holds) and searches nothing
                    assert decision == Decision(legal[0]) and rng.getstate() == before
                elif decision.reason is None:  # the one option left once the dominated ones are dropped
                    assert len(undominated(observe(state, BLUE), legal)) == 1
                else:
                    said = "|".join(
                        SAID.values()
                    )  # alone: the only option left, as the rule the table can check says
                    assert re.fullmatch(rf"chosen by search|(chosen by search: )?({said})", decision.reason)
            state = apply(state, rng.choice(legal))


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_rule_bots_name_only_the_rules_the_table_can_check(level: str) -> None:
    """Over whole games ``normal`` and ``easy`` name only rule 3 (ahead: the totals) and rule 8 (a round-10
    psychic card: owned cards are public); every other rule, and a whim, is in ``debug``."""
    seen = set()
    for seed in range(4):
        state = initial_state(RipConfig(first=GREEN), seed)
        players = [GAME.make_player(level, seat, state.config) for seat in (GREEN, BLUE)]
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)
            decision = players[seat].decide(observe(state, seat), legal_actions(state), rng)
            if decision.reason is None:
                assert re.fullmatch(r"rule ([124-79]|10): .+|a whim \(random move\)", decision.debug or "")
            else:  # in plain words, the rule's number in debug
                assert decision.reason in SAID.values() and re.fullmatch(
                    r"rule [38]: .+", decision.debug or ""
                )
            seen.add(decision.reason is None)
            state = apply(state, decision.action)
    assert seen == {True, False}


def test_a_time_bound_turn_shares_its_think_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's "a turn takes at most --think in all": each decision of a turn may search half of what is
    left (after a reserve), and once the turn's time is spent ``hard`` plays the rules' move without searching.
    A fake clock that each search moves on by exactly its budget stands in for time."""
    import ai.search as search

    now = [0.0]
    monkeypatch.setattr(search.time, "perf_counter", lambda: now[0])
    clock = search.TurnClock(1.0)
    spent = []
    for i in range(12):
        budget = clock.budget(continuing=i > 0)
        spent.append(budget)
        now[0] += budget
    assert spent[0] == pytest.approx(0.45) and spent[1] == pytest.approx(0.225)
    assert sum(spent) <= 1.0 and spent[-1] == 0.0  # the turn's time runs out: no more searching
    assert clock.budget(continuing=False) == pytest.approx(0.45)  # a new turn starts afresh


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.integers(min_value=0, max_value=12), st.integers(min_value=-3, max_value=45))
def test_the_play_outs_cheapest_cards_reach_the_need_with_the_least_sum_highest_first(
    deck: list[int], size: int, need: int
) -> None:
    """The play-out fights with the cheapest cards of its hand that reach ``need``: cards it holds, highest
    first, whose sum is the least any of its subsets reaching ``need`` makes; none when nothing reaches it. A
    hand is dealt from a deck (eight 1s are no hand: a deck holds six)."""
    hand = deck[:size]
    got = cheapest(code_of(hand), need)
    sums = {0}
    for v in hand:
        sums |= {s + v for s in sums}
    reach = [s for s in sums if s >= need]
    if not reach or min(reach) <= 0:
        assert got == ()
        return
    assert sum(got) == min(reach)
    assert list(got) == sorted(got, reverse=True)
    left = list(hand)
    for v in got:
        left.remove(v)  # raises if the hand does not hold it


# -- options that can never be better than another: hard never searches them --------------------------------


def _hard_choices(state: RipState, seat: int, seeds: int = 5) -> set[object]:
    """What ``hard`` plays in ``state`` over a few generators, with a budget so small it keeps the ``normal`` rules'
    move and with enough play-outs to prefer a move of its own."""
    config = state.config
    legal = legal_actions(state)
    choices = set()
    for iterations in (2, 60):
        for seed in range(seeds):
            player = GAME.make_player("hard", seat, config, iterations=iterations)
            choices.add(player.decide(observe(state, seat), legal, random.Random(seed)).action)
    return choices


def test_hard_never_plays_a_ghost_card_while_ahead_when_ending_the_turn_is_free() -> None:
    state = _round(1, (2, 3, 5, 6), "CCMMMMMCCM")  # Blue fights for a castle
    state = apply(state, Turn((Ghost(3),), end=False))  # 3 to 1: ahead, the turn still open
    assert GAME.to_move(state) == BLUE and state_totals(state) == (1, 3)
    legal = legal_actions(state)
    assert END in legal and any(isinstance(a, Turn) and a.items for a in legal)
    assert _hard_choices(state, BLUE) == {END}


def test_hard_never_plays_a_ghost_card_when_its_whole_hand_cannot_get_ahead() -> None:
    state = _round(6, (1, 1, 2), "CCCMMMMMMC")  # a castle: worth any cards that could win it, but none can
    legal = legal_actions(state)
    assert len(legal) == 3  # 1, 2 or pass
    assert _hard_choices(state, BLUE) == {END}


def test_hard_puts_a_ghost_card_face_down_after_round_9_rather_than_none() -> None:
    state = _round(6, (1, 2), "MMMMMMCCCC")
    state = apply(state, END)  # Blue leaves
    state = replace(state, round=9)  # as if it were round 9: nothing of the hand is needed after it
    assert state.phase == Phase.FACEDOWN and GAME.to_move(state) == BLUE
    legal = legal_actions(state)
    assert SKIP in legal
    choices = _hard_choices(state, BLUE)
    assert SKIP not in choices and choices <= set(legal)


def test_hard_never_plays_a_psychic_card_while_ahead_that_would_do_the_same_later() -> None:
    state = _round(1, (2, 3, 5, 6), "CCMMMMMCCM")
    blue = replace(state.sides[BLUE], owned=(1, 8))  # card 8: your evens +1; card 1: claims this round's card
    state = apply(replace(state, sides=(state.sides[GREEN], blue)), Turn((Ghost(3),), end=False))
    legal = legal_actions(state)
    p8 = Turn((Psychic(8),), end=False)
    assert p8 in legal and Turn((Psychic(1),), end=False) in legal
    kept = undominated(observe(state, BLUE), legal)
    assert p8 not in kept and p8 not in _hard_choices(state, BLUE)
    # card 1 played ahead wins the round's psychic card too: an option the search keeps
    assert Turn((Psychic(1),), end=False) in kept
