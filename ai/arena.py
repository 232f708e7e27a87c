"""Bots play each other many times: win rates with confidence intervals, decision times, why games ended.

Generic over ``ai.protocol.Game``: the arena knows nothing about any particular game. Every run is
reproducible: game ``i`` starts from a seed derived from ``(seed, i)`` and each seat decides with its own
``random.Random`` derived from ``(seed, i, seat)``, so one seat's choices never shift another seat's luck.

Players never see a state. At each turn the seat to move gets ``game.observation(state, seat)`` and
``game.legal_actions(state)``, nothing else. Chance steps are not supported: a game must run in dealer mode
(the deck order fixed by the seed), where ``to_move`` never returns ``CHANCE``.

A run may be played in sessions (``session``: games in a row at one table): a seat's factory then makes its
player once per session, and a player that keeps what it saw between games (``ai.habits``) is told each game's
end with its seat's last observation, as at a real table. Sessions are blocks of consecutive game numbers
(games ``0 .. session - 1``, then the next), so the games dealt do not depend on them.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ai.habits import game_over
from ai.protocol import CHANCE, Game, Player

S = TypeVar("S")
A = TypeVar("A")
Obs = TypeVar("Obs")
C = TypeVar("C")

#: A seat's player: a ready player (reused every game) or a factory called once per game for a fresh one.
PlayerSpec = Player[Obs, A] | Callable[[], Player[Obs, A]]


class ArenaError(RuntimeError):
    """A game cannot be run by the arena (a chance step, an illegal choice, a game that never ends)."""


def derive_seed(*parts: int) -> int:
    """A 63-bit seed from integers, stable across runs, platforms and Python versions."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``successes`` out of ``n`` (95% for z=1.96).

    ``successes`` may be fractional (a shared win counts 1/k). With ``n == 0`` the interval is (0, 1).
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class SeatReport:
    """One seat over all games."""

    seat: int
    player: str
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    decisions: int
    mean_us: float
    p95_us: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "player": self.player,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [self.ci_low, self.ci_high],
            "decisions": self.decisions,
            "mean_us": self.mean_us,
            "p95_us": self.p95_us,
        }


@dataclass(frozen=True, slots=True)
class ArenaReport:
    """What a run produced. ``reasons`` maps each ``Result.reason`` to its count, most frequent first."""

    games: int
    seed: int
    seats: tuple[SeatReport, ...]
    reasons: Mapping[str, int]
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        """Plain data for ``json.dumps``."""
        return {
            "games": self.games,
            "seed": self.seed,
            "seconds": self.seconds,
            "seats": [s.as_dict() for s in self.seats],
            "reasons": dict(self.reasons),
        }


def _percentile(sorted_values: Sequence[int], q: float) -> float:
    """Linear-interpolated percentile (0 <= q <= 1) of already sorted values; 0 for none."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    frac = pos - lo
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * frac


def _is_factory(spec: object) -> bool:
    """A class or a function that makes a player, rather than a player (classes have ``decide`` too)."""
    return isinstance(spec, type) or not hasattr(spec, "decide")


def _resolve(spec: PlayerSpec[Obs, A]) -> Player[Obs, A]:
    if _is_factory(spec):
        return spec()  # type: ignore[operator]
    return spec  # type: ignore[return-value]


def run_arena(
    game: Game[S, A, Obs, C],
    config: C,
    players: Sequence[PlayerSpec[Obs, A]],
    games: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    session: int = 1,
) -> ArenaReport:
    """Play ``games`` games of ``game`` under ``config``, ``players[seat]`` in each seat, in sessions of
    ``session`` games (the module's docstring).

    ``progress``, when given, is called with the number of games finished after each one. Raises
    ``ArenaError`` if the game asks for chance (not dealer mode), a player picks an action that is not
    legal, or a game runs past four times ``game.info.max_length`` steps (a game that never ends).
    """
    if games < 0:
        raise ValueError("games must be >= 0")
    started = time.perf_counter_ns()
    tally = _play(game, config, players, range(games), seed, progress, session)
    if games == 0:
        fixed = [None if _is_factory(spec) else _resolve(spec) for spec in players]
        tally.names = [p.name if p is not None else "?" for p in fixed]
    return tally.report(games, seed, (time.perf_counter_ns() - started) / 1e9)


@dataclass(slots=True)
class _Tally:
    """Raw results of some games: plain data, so that worker processes can send it back."""

    wins: list[float]
    times: list[list[int]]
    reasons: Counter[str]
    names: list[str]

    def add(self, other: _Tally) -> None:
        for seat, (w, t) in enumerate(zip(other.wins, other.times, strict=True)):
            self.wins[seat] += w
            self.times[seat].extend(t)
        self.reasons.update(other.reasons)
        if not any(self.names):
            self.names = other.names

    def report(self, games: int, seed: int, seconds: float) -> ArenaReport:
        reports = []
        for seat, wins in enumerate(self.wins):
            ts = sorted(self.times[seat])
            low, high = wilson_interval(wins, games)
            reports.append(
                SeatReport(
                    seat=seat,
                    player=self.names[seat],
                    wins=wins,
                    win_rate=wins / games if games else 0.0,
                    ci_low=low,
                    ci_high=high,
                    decisions=len(ts),
                    mean_us=sum(ts) / len(ts) / 1000 if ts else 0.0,
                    p95_us=_percentile(ts, 0.95) / 1000,
                )
            )
        return ArenaReport(
            games=games,
            seed=seed,
            seats=tuple(reports),
            reasons=dict(self.reasons.most_common()),
            seconds=seconds,
        )


def _play(
    game: Game[S, A, Obs, C],
    config: C,
    players: Sequence[PlayerSpec[Obs, A]],
    indices: range,
    seed: int,
    progress: Callable[[int], None] | None = None,
    session: int = 1,
) -> _Tally:
    """Play games number ``indices`` of the run ``seed`` (game ``i`` is the same whoever plays it), in sessions
    of ``session`` games: game ``i`` is game ``i % session`` of its session."""
    if session < 1:
        raise ValueError("a session has at least one game")
    seats = len(players)
    tally = _Tally([0.0] * seats, [[] for _ in range(seats)], Counter(), [""] * seats)
    wins, times, reasons = tally.wins, tally.times, tally.reasons
    fresh = [_is_factory(spec) for spec in players]
    fixed = [None if f else _resolve(spec) for spec, f in zip(players, fresh, strict=True)]
    max_steps = max(1, game.info.max_length) * 4
    clock = time.perf_counter_ns
    table: list[Player[Obs, A]] = []
    for done, i in enumerate(indices, 1):
        state = game.initial_state(config, derive_seed(seed, i))
        if game.num_players(state) != seats:
            raise ArenaError(
                f"{game.info.name} has {game.num_players(state)} seats here, got {seats} players"
            )
        if done == 1 or i % session == 0:  # a new session: a new table
            table = [p if p is not None else _resolve(spec) for p, spec in zip(fixed, players, strict=True)]
        rngs = [random.Random(derive_seed(seed, i, seat)) for seat in range(seats)]
        steps = 0
        while not game.is_over(state):
            seat = game.to_move(state)
            if seat == CHANCE:
                raise ArenaError(
                    f"{game.info.name} asks for a chance step (a card typed from a real deck); "
                    "the arena needs dealer mode, where the seed fixes the deck"
                )
            if not 0 <= seat < seats:
                raise ArenaError(f"{game.info.name}: to_move is {seat} but the game is not over")
            legal = game.legal_actions(state)
            observation = game.observation(state, seat)
            t0 = clock()
            decision = table[seat].decide(observation, legal, rngs[seat])
            times[seat].append(clock() - t0)
            if decision.action not in legal:
                raise ArenaError(
                    f"game {i}: {table[seat].name} (seat {seat}) chose {decision.action!r}, which is not legal"
                )
            state = game.apply(state, decision.action)
            steps += 1
            if steps > max_steps:
                raise ArenaError(f"game {i} of {game.info.name} did not end after {steps} steps")
        result = game.result(state)
        for seat in range(seats):
            wins[seat] += result.utility(seat)
        reasons[result.reason] += 1
        if (i + 1) % session and session > 1:  # the session goes on: each seat keeps what it saw
            for seat, player in enumerate(table):
                game_over(player, game.observation(state, seat))
        if done == 1:
            tally.names = [p.name for p in table]
        if progress is not None:
            progress(done)
    return tally


@dataclass(frozen=True, slots=True)
class LevelSeats:
    """Players named by level, made in whichever process plays: ``ai.games.get(game).make_player(level, seat,
    config, think=think, iterations=iterations)`` for each seat. Plain data, so it crosses to worker processes."""

    game: str
    levels: tuple[str, ...]
    think: float = 1.0
    iterations: int | None = None

    def players(self, config: Any) -> list[Callable[[], Player[Any, Any]]]:
        from ai.games import get

        game = get(self.game)

        def maker(seat: int, level: str) -> Callable[[], Player[Any, Any]]:
            return lambda: game.make_player(level, seat, config, think=self.think, iterations=self.iterations)

        return [maker(seat, level) for seat, level in enumerate(self.levels)]


def _chunk(seats: LevelSeats, config: Any, start: int, stop: int, seed: int, session: int = 1) -> _Tally:
    from ai.games import get

    return _play(get(seats.game), config, seats.players(config), range(start, stop), seed, session=session)


def run_arena_jobs(
    seats: LevelSeats,
    config: Any,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    session: int = 1,
) -> ArenaReport:
    """``run_arena`` with players named by level, over ``jobs`` worker processes (1: in this process), in
    sessions of ``session`` games (a worker plays whole sessions).

    Game ``i`` is dealt and decided exactly as in a one-process run, so the results (not the times) do not
    depend on ``jobs``. Decision times are measured in each worker: with more jobs than free cores they grow.
    """
    if games < 0:
        raise ValueError("games must be >= 0")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    from ai.games import get

    config = get(seats.game).seat_levels(config, list(seats.levels))
    started = time.perf_counter_ns()
    if jobs == 1 or games < 2:
        return run_arena(get(seats.game), config, seats.players(config), games, seed, progress, session)
    from concurrent.futures import ProcessPoolExecutor, as_completed

    size = max(1, min(25, games // (jobs * 4)))
    size = -(-size // session) * session  # whole sessions
    bounds = [(start, min(games, start + size)) for start in range(0, games, size)]
    total = _Tally([0.0] * len(seats.levels), [[] for _ in seats.levels], Counter(), [""] * len(seats.levels))
    finished = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_chunk, seats, config, a, b, seed, session): (a, b) for a, b in bounds}
        parts: dict[int, _Tally] = {}
        for future in as_completed(futures):
            a, b = futures[future]
            parts[a] = future.result()
            finished += b - a
            if progress is not None:
                progress(finished)
    for a in sorted(parts):
        total.add(parts[a])
    return total.report(games, seed, (time.perf_counter_ns() - started) / 1e9)
