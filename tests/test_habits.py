"""A bot keeps what it saw each seat do over the consecutive games of one session (``ai.habits``): the counts it
reads are the public records of the session's finished games plus the game's own, it still decides from its
observation alone, and a run in sessions deals the same games as one without."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ai.arena import LevelSeats, run_arena, run_arena_jobs
from ai.habits import PRIOR, Watcher, habit, plus, shrunk
from ai.prohis.bots import watching
from ai.prohis.game import GAME
from ai.prohis.observation import ProhisObservation, records, with_records
from ai.prohis.rules import ProhisConfig
from ai.protocol import Decision, RandomPlayer
from tests.conftest import run_cli


@given(prior=st.floats(0, 1), yes=st.integers(0, 50), no=st.integers(0, 50))
def test_the_estimate_starts_at_the_rules_and_moves_toward_the_record(
    prior: float, yes: int, no: int
) -> None:
    chance = shrunk(prior, yes, no)
    assert 0 <= chance <= 1
    assert abs(shrunk(prior, 0, 0) - prior) < 1e-12
    if yes + no:
        rate = yes / (yes + no)
        assert min(prior, rate) - 1e-9 <= chance <= max(prior, rate) + 1e-9
        assert abs(shrunk(prior, 10 * yes, 10 * no) - rate) <= abs(chance - rate) + 1e-9


def test_a_draw_from_the_record_follows_the_estimate_and_no_record_draws_nothing() -> None:
    rng = random.Random(1)
    state = rng.getstate()
    assert habit(rng, 0, 0) is None and rng.getstate() == state  # the rules' play unchanged
    draws = [habit(rng, 9, 0) for _ in range(4000)]
    assert set(draws) == {None, True}
    followed = sum(d is True for d in draws) / len(draws)
    assert abs(followed - 9 / (9 + PRIOR)) < 0.03
    assert all(habit(rng, 0, 6) in (None, False) for _ in range(200))


class Seen:
    """A random player that keeps every observation it was given."""

    name = "seen"

    def __init__(self) -> None:
        self.player = RandomPlayer()
        self.observations: list[ProhisObservation] = []
        #: How many observations it had been given at each game's end.
        self.ends: list[int] = []

    def decide(
        self, observation: ProhisObservation, legal: Sequence[Any], rng: random.Random
    ) -> Decision[Any]:
        self.observations.append(observation)
        return self.player.decide(observation, legal, rng)

    def game_over(self, observation: ProhisObservation) -> None:
        self.ends.append(len(self.observations))


def test_a_watcher_reads_the_session_s_finished_games_in_every_record_it_is_given() -> None:
    config = ProhisConfig(players=3)
    made: list[Watcher[Any, Any]] = []

    def factory() -> Watcher[Any, Any]:
        made.append(Watcher(Seen(), records, with_records))
        return made[-1]

    finals: list[tuple[tuple[int, ...], ...]] = []

    class Last(RandomPlayer):
        def game_over(self, observation: ProhisObservation) -> None:
            finals.append(observation.record)

    run_arena(GAME, config, [factory, RandomPlayer(), Last()], 5, seed=3, session=3)
    assert len(made) == 2  # one player a session: games 0-2, then 3-4
    first, second = made
    assert first.games == 2 and second.games == 2  # told of each game's end but a session's last (game 2)
    assert first.past == plus(finals[0], finals[1])
    inner: Seen = first.player
    third = inner.observations[inner.ends[1] :]
    past = [count for seat in first.past for count in seat]
    for observation in third:  # every count of the earlier games, and the game's own on top
        assert all(a >= b for a, b in zip((c for s in observation.record for c in s), past, strict=True))
    assert sum(map(sum, third[0].record)) - sum(past) <= 4  # a decision or two into the game


def test_a_run_in_sessions_deals_the_same_games_and_a_session_of_one_is_a_run_without() -> None:
    seats = LevelSeats("prohis", ("exploit:inspector", "normal", "normal"))
    config = ProhisConfig(players=3)
    alone = run_arena_jobs(seats, config, 6, seed=2)
    assert (
        run_arena_jobs(seats, config, 6, seed=2, session=1).as_dict()["seats"][0]["wins"]
        == alone.seats[0].wins
    )
    together = run_arena_jobs(seats, config, 6, seed=2, session=6)
    assert together.games == 6 and sum(s.wins for s in together.seats) == 6


def test_the_normal_and_hard_bots_watch_the_table() -> None:
    config = ProhisConfig(players=3)
    for level in ("normal", "hard"):
        player = GAME.make_player(level, 0, config, iterations=2)
        assert isinstance(player, Watcher)
    assert isinstance(watching(RandomPlayer()), Watcher)


def test_an_exploiter_arena_plays_sessions_and_says_so(home: Path) -> None:
    args = ["arena", "prohis", "--exploiter", "switch", "--vs", "normal", "--games", "8", "--json"]
    data = json.loads(run_cli(home, [*args, "--session", "2"]).stdout)
    assert data["session"] == 2 and data["games"] == 8
    assert json.loads(run_cli(home, args).stdout)["session"] == 10  # the default: an evening at one table
    run = run_cli(home, ["arena", "prohis", "--games", "2", "--session", "3"])
    assert "--session is not used here: it goes with --exploiter" in run.stderr + run.stdout


def test_an_attribute_set_on_a_watcher_reaches_the_bot_it_wraps() -> None:
    """Code that sets a budget or a clock on a seated bot sets it on the bot that reads it, not on its wrapper."""

    class Bot:
        name = "bot"
        clock = None

        def decide(self, observation: object, legal: object, rng: object) -> object:
            return self.clock

    bot = Bot()
    watched = Watcher(bot, lambda obs: (), lambda obs, record: obs)  # type: ignore[arg-type]
    watched.clock = "set"
    assert bot.clock == "set" and watched.clock == "set"
    watched.games = 3
    assert watched.games == 3 and not hasattr(bot, "games")
