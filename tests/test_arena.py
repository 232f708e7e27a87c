"""The arena through its public API: reproducible runs, honest counts, Wilson intervals, observations only."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from ai.arena import ArenaError, ArenaReport, LevelSeats, run_arena, run_arena_jobs, wilson_interval
from ai.propuh.bots.automaton import automaton
from ai.propuh.components import GRANNY, PROPUH
from ai.propuh.game import GAME
from ai.propuh.observation import PropuhObservation
from ai.propuh.rules import Action, PropuhConfig
from ai.protocol import Decision, Event, GameInfo, RandomPlayer, Result

D1 = PropuhConfig(solo=True, difficulty="1")
D2 = PropuhConfig(solo=True, difficulty="2")


def solo(config: PropuhConfig, granny: str, games: int, seed: int) -> ArenaReport:
    return run_arena(
        GAME,
        config,
        [GAME.make_player(granny, GRANNY, config), GAME.make_player("automaton", PROPUH, config)],
        games,
        seed,
    )


def outcome(report: ArenaReport) -> tuple[object, ...]:
    """Everything in a report that does not depend on the clock."""
    return (
        report.games,
        tuple((s.player, s.wins, s.decisions) for s in report.seats),
        tuple(report.reasons.items()),
    )


# -- Wilson interval ---------------------------------------------------------------------------------------


def test_wilson_half() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=5e-4)
    assert high == pytest.approx(0.5962, abs=5e-4)


def test_wilson_edges() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=5e-4)
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(0.7225, abs=5e-4)
    assert high == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


# -- runs --------------------------------------------------------------------------------------------------


def test_same_seed_same_games() -> None:
    assert outcome(solo(D2, "easy", 12, seed=7)) == outcome(solo(D2, "easy", 12, seed=7))


def test_other_seed_other_games() -> None:
    assert outcome(solo(D2, "easy", 12, seed=7)) != outcome(solo(D2, "easy", 12, seed=8))


def test_wins_sum_to_games_and_report_is_complete() -> None:
    report = solo(D2, "normal", 20, seed=3)
    assert report.games == 20
    assert sum(s.wins for s in report.seats) == pytest.approx(20)
    assert sum(report.reasons.values()) == 20
    granny, propuh = report.seats
    assert (granny.player, propuh.player) == ("normal", "automaton")
    for s in report.seats:
        assert s.win_rate == pytest.approx(s.wins / 20)
        assert s.ci_low <= s.win_rate <= s.ci_high
        assert s.decisions > 0
        assert s.mean_us > 0 and s.p95_us > 0
    data = json.loads(json.dumps(report.as_dict()))
    assert data["games"] == 20
    assert [s["player"] for s in data["seats"]] == ["normal", "automaton"]
    assert sum(data["reasons"].values()) == 20


def test_progress_counts_games() -> None:
    seen: list[int] = []
    run_arena(GAME, D1, [RandomPlayer(), automaton(D1)], 5, seed=1, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]


def test_factory_makes_a_fresh_player_per_game() -> None:
    made: list[RandomPlayer] = []

    def factory() -> RandomPlayer:
        made.append(RandomPlayer())
        return made[-1]

    report = run_arena(GAME, D1, [factory, automaton(D1)], 4, seed=1)
    assert len(made) == 4
    assert report.seats[0].player == "random"


def test_normal_granny_beats_random_granny() -> None:
    normal = solo(D1, "normal", 40, seed=2024)
    rnd = solo(D1, "random", 40, seed=2024)
    assert normal.seats[GRANNY].ci_low > rnd.seats[GRANNY].ci_high
    assert normal.seats[GRANNY].win_rate > 0.6


def test_jobs_play_the_same_games_as_one_process() -> None:
    two = PropuhConfig(solo=False)
    seats = LevelSeats("propuh", ("normal", "easy"))
    one = run_arena_jobs(seats, two, 24, seed=5, jobs=1)
    seen: list[int] = []
    many = run_arena_jobs(seats, two, 24, seed=5, jobs=2, progress=seen.append)
    assert outcome(many) == outcome(one)
    assert seen[-1] == 24 and seen == sorted(seen)
    direct = run_arena(
        GAME,
        two,
        [GAME.make_player("normal", GRANNY, two), GAME.make_player("easy", PROPUH, two)],
        24,
        seed=5,
    )
    assert outcome(direct) == outcome(one)


def test_two_player_ladder_normal_beats_random_in_both_roles() -> None:
    two = PropuhConfig(solo=False)
    as_granny = run_arena_jobs(LevelSeats("propuh", ("normal", "random")), two, 60, seed=9)
    as_propuh = run_arena_jobs(LevelSeats("propuh", ("random", "normal")), two, 60, seed=9)
    assert as_granny.seats[GRANNY].ci_low > 0.5
    assert as_propuh.seats[PROPUH].ci_low > 0.5


# -- what players get --------------------------------------------------------------------------------------


class Spy:
    """Checks that it only ever gets its own seat's observation (never a state), then plays at random."""

    name = "spy"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.calls = 0

    def decide(
        self, observation: PropuhObservation, legal: Sequence[Action], rng: random.Random
    ) -> Decision[Action]:
        assert type(observation) is PropuhObservation
        assert observation.seat == self.seat
        assert isinstance(rng, random.Random)
        assert legal
        self.calls += 1
        return Decision(rng.choice(list(legal)))


def test_players_get_observations_not_states() -> None:
    granny, propuh = Spy(GRANNY), Spy(PROPUH)
    report = run_arena(GAME, D1, [granny, propuh], 20, seed=5)
    assert granny.calls == report.seats[GRANNY].decisions > 0
    assert propuh.calls == report.seats[PROPUH].decisions > 0


def test_chance_needs_dealer_mode() -> None:
    physical = PropuhConfig(solo=True, difficulty="1", physical=True)
    with pytest.raises(ArenaError, match="dealer mode"):
        run_arena(GAME, physical, [RandomPlayer(), automaton(physical)], 1, seed=0)


def test_illegal_choice_is_reported() -> None:
    class Cheat:
        name = "cheat"

        def decide(self, observation: object, legal: Sequence[Action], rng: random.Random) -> Decision[Any]:
            return Decision("nonsense")

    with pytest.raises(ArenaError, match="cheat"):
        run_arena(GAME, D1, [Cheat(), automaton(D1)], 1, seed=0)


# -- generic: a toy game with shared wins ------------------------------------------------------------------


class Toss:
    """Each of two seats says heads or tails once; equal calls share the win, otherwise seat 0 wins."""

    info = GameInfo("toss", "Toss", 2, 2, perfect_information=True, has_chance=False, max_length=2)

    def default_config(self) -> None:
        return None

    def config_to_dict(self, config: None) -> dict[str, Any]:
        return {}

    def config_from_dict(self, data: Mapping[str, Any]) -> None:
        return None

    def initial_state(self, config: None, seed: int) -> tuple[str, ...]:
        return ()

    def num_players(self, state: tuple[str, ...]) -> int:
        return 2

    def to_move(self, state: tuple[str, ...]) -> int:
        return len(state) if len(state) < 2 else -2

    def legal_actions(self, state: tuple[str, ...]) -> Sequence[str]:
        return ["heads", "tails"]

    def apply(self, state: tuple[str, ...], action: str) -> tuple[str, ...]:
        return (*state, action)

    def step(self, state: tuple[str, ...], action: str) -> tuple[tuple[str, ...], list[Event]]:
        return self.apply(state, action), []

    def observation(self, state: tuple[str, ...], seat: int) -> int:
        return len(state)

    def is_over(self, state: tuple[str, ...]) -> bool:
        return len(state) == 2

    def result(self, state: tuple[str, ...]) -> Result:
        if state[0] == state[1]:
            return Result((0, 1), "same call")
        return Result((0,), "different calls")

    def seat_name(self, state: tuple[str, ...], seat: int) -> str:
        return f"seat {seat}"

    def parse_action(self, state: tuple[str, ...], text: str) -> str:
        return text

    def format_action(self, state: tuple[str, ...], action: str) -> str:
        return action

    def prompt(self, state: tuple[str, ...]) -> str:
        return "heads or tails"

    def input_help(self, state: tuple[str, ...]) -> str:
        return "heads or tails"


def test_shared_win_counts_a_share() -> None:
    report = run_arena(Toss(), None, [RandomPlayer(), RandomPlayer()], 400, seed=11)
    same = report.reasons["same call"]
    assert same + report.reasons["different calls"] == 400
    assert report.seats[1].wins == pytest.approx(same / 2)
    assert report.seats[0].wins == pytest.approx(400 - same / 2)
    assert sum(s.wins for s in report.seats) == pytest.approx(400)
    assert 100 < same < 300
