"""A bot's whole turn stays within ``--think`` (issue 17): how the budget is shared, without timing anything.

The clock is replaced by a fake one, so these tests say what the search is allowed to spend, not how fast a
machine is (the wall-time figures are in ``bench/bench_think.py``).
"""

from __future__ import annotations

import random

import pytest

import ai.search
from ai.games import get
from ai.levels import Request
from ai.propuh.bots.hard import hard as propuh_hard
from ai.propuh.rules import MoveFigurine, PropuhConfig, Remove
from ai.search import RESERVE, MCTSPlayer, TurnClock
from tests.support.nim import Nim, Pile


class FakeTime:
    """``time.perf_counter`` that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("think", [0.2, 1.0])
def test_a_time_bound_search_keeps_the_reserve(monkeypatch: pytest.MonkeyPatch, think: float) -> None:
    clock = FakeTime(0.001)
    monkeypatch.setattr(ai.search.time, "perf_counter", clock)
    player = MCTSPlayer(Nim(), think=think)
    player.decide(Pile(9), [1, 2], random.Random(1))
    assert player.last_iterations > 10
    # the search itself ends before (1 - RESERVE) of think; the rest is for the work around it
    assert clock.now <= think * (1 - RESERVE) + 0.01


def test_the_cpu_clock_bounds_the_search_once_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--cpu-clock`` (the ladders): ``think`` is counted in this process's CPU seconds; the wall clock, here
    racing ahead as on a machine busy with other work, no longer cuts the search short."""
    monkeypatch.setattr(ai.search, "_cpu_clock", False)
    monkeypatch.setenv(ai.search.CPU_CLOCK, "0")
    cpu, wall = FakeTime(0.001), FakeTime(10.0)
    monkeypatch.setattr(ai.search.time, "process_time", cpu)
    monkeypatch.setattr(ai.search.time, "perf_counter", wall)
    player = MCTSPlayer(Nim(), think=0.2)
    player.decide(Pile(9), [1, 2], random.Random(1))
    assert player.last_iterations == 1  # the wall clock: 10 s gone after one play-out
    ai.search.use_cpu_clock()
    assert ai.search.clock_name() == "cpu" and ai.search.os.environ[ai.search.CPU_CLOCK] == "1"
    player.decide(Pile(9), [1, 2], random.Random(1))
    assert player.last_iterations > 10
    assert cpu.now <= 0.2 * (1 - RESERVE) + 0.01


class RecordingClock(TurnClock):
    def __init__(self, think: float) -> None:
        super().__init__(think)
        self.calls: list[tuple[bool, bool]] = []

    def budget(self, continuing: bool, last: bool = False) -> float:
        self.calls.append((continuing, last))
        return super().budget(continuing, last)


def test_granny_shares_one_budget_from_the_token_to_the_card() -> None:
    """Granny's turn may be three decisions: remove the token under the figurine or not, move the figurine, play.
    The first two leave time for what follows; the second and third continue the turn the first opened."""
    game = get("propuh")
    config = PropuhConfig(solo=False)
    removes = 0
    for seed in range(6):
        state = game.initial_state(config, seed)
        granny = propuh_hard(Request("hard", 0, config, think=0.002))
        clock = granny.clock = RecordingClock(0.002)  # type: ignore[attr-defined]
        other = game.make_player("normal", 1, config)
        rng = random.Random(seed)
        kinds: list[str] = []
        while not game.is_over(state):
            seat, legal = game.to_move(state), game.legal_actions(state)
            player = granny if seat == 0 else other
            if seat == 0:
                kinds.append(
                    "remove"
                    if any(isinstance(a, Remove) for a in legal)
                    else "figurine"
                    if any(isinstance(a, MoveFigurine) for a in legal)
                    else "card"
                )
            action = player.decide(game.observation(state, seat), legal, rng).action
            if seat == 0 and kinds[-1] == "figurine" and not isinstance(action, MoveFigurine):
                kinds[-1] = "card"  # played at once without moving the figurine: the turn's last decision
            state = game.apply(state, action)
        assert len(clock.calls) == len(kinds)
        for i, (kind, (continuing, last)) in enumerate(zip(kinds, clock.calls, strict=True)):
            if kind == "remove":
                removes += 1
                assert not last
                if i + 1 < len(kinds):  # (a game may end on it)
                    assert clock.calls[i + 1][0], "the figurine continues the turn"
            if i and kinds[i - 1] == "figurine" and kind == "card":
                assert continuing
    assert removes > 0


@pytest.mark.parametrize("name", ["potra-bash", "prohis"])
def test_one_decision_turns_search_less_than_think(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    game = get(name)
    config = game.default_config()
    state = game.initial_state(config, 3)
    while len(game.legal_actions(state)) == 1:
        state = game.apply(state, game.legal_actions(state)[0])
    seat = game.to_move(state)
    player = game.make_player("hard", seat, config, think=0.5)
    clock = FakeTime(0.0005)
    monkeypatch.setattr(ai.search.time, "perf_counter", clock)
    player.decide(game.observation(state, seat), game.legal_actions(state), random.Random(3))
    assert clock.now <= 0.5 * (1 - RESERVE) + 0.01


def test_prudh_stops_its_deepening_before_think(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get("prudh")
    config = game.default_config()
    state = game.initial_state(config, 1)
    seat = game.to_move(state)
    player = game.make_player("hard", seat, config, think=0.3)
    clock = FakeTime(0.01)  # read once every 1,024 positions
    monkeypatch.setattr(ai.search.time, "perf_counter", clock)
    player.decide(game.observation(state, seat), game.legal_actions(state), random.Random(1))
    assert clock.now <= 0.3 * (1 - RESERVE) + 0.02  # two reads of the clock past the deadline


def test_potra_bash_two_decisions_in_a_row_share_one_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last card of a round and then a take of the field (or the last take and then the first card of the
    next round) are one wait for the table: the second decision continues the first's budget, the first leaves
    time for it, and every other decision opens its own. On a fake clock, so that the searches, and with them
    the games, do not depend on how busy the machine is."""
    monkeypatch.setattr(ai.search.time, "perf_counter", FakeTime(0.0005))
    game = get("potra-bash")
    config = game.default_config()
    continued = 0
    for seed in range(12):
        state = game.initial_state(config, seed)
        hard = game.make_player("hard", 0, config, think=0.01)
        search = getattr(hard, "player", hard)  # the search inside the bot that keeps what it saw
        clock = search.clock = RecordingClock(0.01)
        others = [game.make_player("normal", seat, config) for seat in range(1, game.num_players(state))]
        rng = random.Random(seed)
        searched: list[bool] = []  # per decision of any seat: whether it was a search of hard's
        while not game.is_over(state):
            seat, legal = game.to_move(state), game.legal_actions(state)
            player = hard if seat == 0 else others[seat - 1]
            calls = len(clock.calls)
            action = player.decide(game.observation(state, seat), legal, rng).action
            searched.append(len(clock.calls) > calls)
            state = game.apply(state, action)
        at = [i for i, was in enumerate(searched) if was]
        assert len(at) == len(clock.calls)
        for i, (continuing, last) in zip(at, clock.calls, strict=True):
            again = i + 1 < len(searched) and searched[i + 1]
            assert continuing == (i > 0 and searched[i - 1])
            if again:
                assert not last
            continued += continuing
    assert continued > 0, continued
