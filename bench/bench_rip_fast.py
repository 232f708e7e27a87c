"""RIP's fast path (a script, not a test): the same games on both paths, then the speeds.

1. Plays ``--check`` random games (advanced, tutorial and card 10 on its owner's side only, in turn) on the public
   rules and on ``ai.rip.fast.Fast`` side by side and stops at the first difference.
2. Counts random games per second of its own CPU time, one generator per game: the public API
   (``GAME.initial_state``, ``legal_actions``, ``apply``) and the fast path (``Fast.deal``, the same deal,
   ``legal``, ``apply``).
3. Play-outs alone per CPU second (the search's ``simulate`` from deals at opening positions), on the public
   rules and on the fast path.
4. ``hard``'s search: play-outs per CPU second at a few opening positions (the tree, the deals and the play-outs),
   with the public loop and with the fast path.

``--one-second`` instead: how many play-outs one second of thought buys at 4 opening positions (wall time).

Run it from the repository root: ``python bench/bench_rip_fast.py [--seconds S] [--check N]``.
"""

from __future__ import annotations

import argparse
import random
import time

from ai.rip.fast import OVER, Fast
from ai.rip.fast_policy import simulate
from ai.rip.game import GAME
from ai.rip.hard import HardPlayer
from ai.rip.observation import observe
from ai.rip.policy import playout
from ai.rip.rules import Phase, RipConfig, apply, initial_state, legal_actions

CONFIGS = (RipConfig(), RipConfig(tutorial=True), RipConfig(named_both_sides=False))


def check(games: int) -> int:
    """Random games on both paths, compared after every action; the number of actions compared."""
    steps = 0
    for seed in range(games):
        state = initial_state(CONFIGS[seed % len(CONFIGS)], seed)
        f = Fast.deal(CONFIGS[seed % len(CONFIGS)], seed)
        rng = random.Random(seed)
        while state.phase != Phase.OVER:
            legal = legal_actions(state)
            if list(f.legal()) != legal:
                raise SystemExit(f"seed {seed}: the legal actions differ at step {steps}")
            action = rng.choice(legal)
            state = apply(state, action)
            f.apply(action)
            steps += 1
        if (
            f.phase != OVER
            or f.winners != state.winners
            or tuple(f.won) != state.won
            or f.nonce != state.nonce
        ):
            raise SystemExit(f"seed {seed}: the games end differently")
    return steps


def public_rate(seconds: float) -> float:
    games = 0
    legal, apply, over = GAME.legal_actions, GAME.apply, GAME.is_over
    start = time.process_time()
    while time.process_time() - start < seconds:
        choice = random.Random(games).choice
        state = GAME.initial_state(CONFIGS[0], games)
        while not over(state):
            state = apply(state, choice(legal(state)))
        games += 1
    return games / (time.process_time() - start)


def fast_rate(seconds: float) -> float:
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        choice = random.Random(games).choice
        f = Fast.deal(CONFIGS[0], games)
        legal, apply = f.legal, f.apply
        while f.phase != OVER:
            apply(choice(legal()))
        games += 1
    return games / (time.process_time() - start)


def playouts_per_second(fast: bool, iterations: int = 400, positions: int = 4) -> float:
    spent = 0.0
    for seed in range(positions):
        state = initial_state(CONFIGS[0], seed)
        seat = GAME.to_move(state)
        player = HardPlayer(iterations=iterations, fast=fast)
        start = time.process_time()
        player.search.search(observe(state, seat), legal_actions(state), random.Random(seed))
        spent += time.process_time() - start
    return iterations * positions / spent


def playout_rate(fast: bool, seconds: float) -> float:
    """Play-outs alone per CPU second: from 100 deals of the unseen cards (25 at each of 4 opening positions,
    ``GAME.determinize``) in turn, to the end of the game with the play-out policy; on the fast path
    (``fast_policy.simulate``) or on the public rules (``policy.playout`` over ``legal_actions`` and ``apply``)."""
    deals = []
    for seed in range(4):
        state = initial_state(CONFIGS[0], seed)
        deals += [GAME.determinize(observe(state, GAME.to_move(state)), random.Random(i)) for i in range(25)]
    rng = random.Random(0)
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = deals[done % len(deals)]
        if fast:
            simulate(state, rng)
        else:
            while state.phase != Phase.OVER:
                state = apply(state, playout(state, legal_actions(state), rng))
        done += 1
    return done / (time.process_time() - start)


def one_second(positions: int = 4) -> list[int]:
    """How many play-outs ``hard`` runs in one second of thought (``--think 1``, wall time) at opening
    positions: the count that "1 s" buys on this machine now."""
    done = []
    for seed in range(positions):
        state = initial_state(CONFIGS[0], seed)
        player = HardPlayer(think=1.0)
        player.search.search(observe(state, GAME.to_move(state)), legal_actions(state), random.Random(seed))
        done.append(player.search.last_iterations)
    return done


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--check", type=int, default=3000)
    parser.add_argument("--one-second", action="store_true", help="only: the play-outs 1 s of thought buys")
    args = parser.parse_args()
    if args.one_second:
        print(f"hard --think 1 at 4 opening positions: {one_second()} play-outs")
        return
    steps = check(args.check)
    print(f"the same {args.check:,} random games on both paths ({steps:,} actions compared)")
    slow, quick = public_rate(args.seconds), fast_rate(args.seconds)
    print(f"random games: public API {slow:,.0f}/s, fast path {quick:,.0f}/s ({quick / slow:.1f}x)")
    slow, quick = playout_rate(False, args.seconds), playout_rate(True, args.seconds)
    print(
        f"play-outs alone: {slow:,.0f} per CPU second on the public rules, {quick:,.0f} on the fast path "
        f"({quick / slow:.1f}x; 100 deals at 4 opening positions)"
    )
    before, after = playouts_per_second(False), playouts_per_second(True)
    print(
        f"hard's search: {before:,.0f} play-outs per CPU second with the public loop, {after:,.0f} with the fast "
        f"path ({after / before:.1f}x; 4 opening positions, 400 play-outs each)"
    )


if __name__ == "__main__":
    main()
