"""Golden games: seeded games of every game and mode, played through the public protocol, as event streams.

A redesign of an engine keeps behaviour: record the streams before it, replay them after, event for event.
Each game is played from ``initial_state(config, seed)``; bots decide from their observation with a
generator derived from the seed and the step; the people's seats (and a real deck's draws) are played by a
seeded random typist. A stream holds, per step: the seat, the action as typed, the bot's reason and debug
line, every event (its JSON, to whom it is private), the table's undo steps for it; then the result. The
file ``tests/data/golden.json`` keeps one SHA-256 per game (a stream is long); ``--dump DIR`` writes the
streams themselves, for a diff against a checkout of the old code.

    python bench/golden.py record              # write tests/data/golden.json from this checkout
    python bench/golden.py check [--quick]     # replay and compare; --quick: the first seeds of each case
    python bench/golden.py check --dump DIR    # also write every stream to DIR/<case>/<seed>.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ai.games import get  # noqa: E402
from ai.protocol import CHANCE  # noqa: E402

DATA = ROOT / "tests" / "data" / "golden.json"
#: Steps after which a game is cut (every game here ends long before).
MAX_STEPS = 4000
#: Seeds of each case replayed by ``--quick`` (and by the test suite).
QUICK = 3
#: Games of each case without a searching bot are this many times its ``games`` (they are cheap).
SCALE = 4


@dataclass(frozen=True)
class Case:
    """One mode of one game: its options, the seats (``None``: a person, played by the random typist) and how
    many seeded games. ``iterations`` fixes a searching bot's play-outs, so that its games are reproducible."""

    name: str
    game: str
    #: The options, as a saved game keeps them (read by the game's own ``config_from_dict``).
    options: Mapping[str, Any]
    seats: tuple[str | None, ...]
    games: int
    iterations: int = 6


P = None  # a person's seat
CASES: tuple[Case, ...] = (
    # Propuh: solo (the automaton), dealer and real deck, each difficulty; two players, each level and role
    Case("propuh-solo-dealer-d3", "propuh", dict(solo=True, difficulty="3"), (P, "automaton"), 60),
    Case("propuh-solo-dealer-d1", "propuh", dict(solo=True, difficulty="1"), ("normal", "automaton"), 40),
    Case("propuh-solo-dealer-rnd", "propuh", dict(solo=True, difficulty="random"), ("easy", "automaton"), 40),
    Case(
        "propuh-solo-rulings",
        "propuh",
        dict(solo=True, difficulty="2", ignore_limit=True, skip_blocked=True, no_granny_from="last"),
        ("normal", "automaton"),
        30,
    ),
    Case("propuh-solo-physical", "propuh", dict(solo=True, physical=True), (P, "automaton"), 30),
    Case("propuh-solo-hard", "propuh", dict(solo=True), ("hard", "automaton"), 10),
    Case("propuh-2p-normal", "propuh", dict(solo=False), ("normal", "normal"), 60),
    Case("propuh-2p-easy-random", "propuh", dict(solo=False), ("easy", "random"), 40),
    Case("propuh-2p-person-granny", "propuh", dict(solo=False), (P, "normal"), 40),
    Case("propuh-2p-person-propuh", "propuh", dict(solo=False), ("normal", P), 40),
    Case("propuh-2p-physical", "propuh", dict(solo=False, physical=True), (P, "normal"), 30),
    Case("propuh-2p-hard", "propuh", dict(solo=False), ("hard", "hard"), 10),
    # RIP: the person keeps a real deck (physical Green or Blue), the tutorial, bots against bots
    Case("rip-normal", "rip", dict(), ("normal", "normal"), 60),
    Case("rip-easy-random", "rip", dict(), ("easy", "random"), 40),
    Case("rip-tutorial", "rip", dict(tutorial=True), ("normal", "easy"), 30),
    Case("rip-own-side", "rip", dict(named_both_sides=False), ("normal", "normal"), 30),
    Case("rip-physical-green", "rip", dict(physical=(0,)), (P, "normal"), 40),
    Case("rip-physical-blue", "rip", dict(physical=(1,)), ("normal", P), 30),
    Case("rip-hard", "rip", dict(), ("hard", "normal"), 10),
    # Potra Bash: 3 to 5 seats, options, a real deck, the search
    Case("potra-3-normal", "potra-bash", dict(players=3), ("normal", "normal", "normal"), 40),
    Case("potra-4-mixed", "potra-bash", dict(players=4), ("normal", "easy", "random", "normal"), 40),
    Case(
        "potra-5-options",
        "potra-bash",
        dict(players=5, next_start="winner", triples="one"),
        ("normal",) * 5,
        30,
    ),
    Case(
        "potra-4-people",
        "potra-bash",
        dict(players=4, names=("Ann", "Bot2", "Ben", "Bot4")),
        (P, "normal", P, "easy"),
        30,
    ),
    Case(
        "potra-4-physical",
        "potra-bash",
        dict(players=4, physical=True, names=("Ann", "Bot2", "Bot3", "Bot4")),
        (P, "normal", "normal", "normal"),
        20,
    ),
    Case("potra-4-hard", "potra-bash", dict(players=4), ("hard", "normal", "normal", "normal"), 6),
    # Prudh: every variant and scoring option
    Case("prudh-ordinary", "prudh", dict(), ("normal", "easy"), 30),
    Case(
        "prudh-traditional-stack",
        "prudh",
        dict(variant="traditional", capture_points="stack"),
        ("normal", "random"),
        20,
    ),
    Case("prudh-tika", "prudh", dict(variant="tika"), (P, "normal"), 20),
    Case("prudh-tomio", "prudh", dict(variant="tomio", first=1), ("easy", "normal"), 20),
    # Prohis: 3 to 6 seats, options, a real deck, people, the search
    Case("prohis-3-normal", "prohis", dict(players=3), ("normal",) * 3, 30),
    Case("prohis-4-mixed", "prohis", dict(players=4), ("normal", "easy", "random", "normal"), 30),
    Case(
        "prohis-6-options",
        "prohis",
        dict(players=6, seed_values=True, pass_any_time=True),
        ("normal",) * 6,
        15,
    ),
    Case(
        "prohis-4-people",
        "prohis",
        dict(players=4, names=("Ann", "Bot2", "Ben", "Bot4")),
        (P, "normal", P, "normal"),
        20,
    ),
    Case(
        "prohis-4-physical",
        "prohis",
        dict(players=4, physical=True, names=("Ann", "Bot2", "Bot3", "Bot4")),
        (P, "normal", "normal", "normal"),
        15,
    ),
    Case("prohis-4-hard", "prohis", dict(players=4), ("hard", "normal", "normal", "normal"), 4),
)


def _jsonable(value: Any) -> Any:
    """Event data as JSON: tuples become lists, anything else unusual its ``repr``."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return repr(value)


def stream(case: Case, seed: int) -> Iterator[str]:
    """The lines of one golden game."""
    game = get(case.game)
    config = game.config_from_dict(case.options)
    state = game.initial_state(config, seed)
    players: dict[int, Any] = {}
    for seat, level in enumerate(case.seats):
        if level is None:
            continue
        kwargs: dict[str, Any] = {"think": 60.0}
        if level == "hard":
            kwargs["iterations"] = case.iterations
        players[seat] = game.make_player(level, seat, config, **kwargs)
    typist = random.Random(f"golden/{case.name}/{seed}/typist")
    undo = getattr(game, "undo_steps", None)
    yield json.dumps({"case": case.name, "seed": seed, "prompt": game.prompt(state)}, sort_keys=True)
    for n in range(MAX_STEPS):
        if game.is_over(state):
            break
        mover = game.to_move(state)
        legal = list(game.legal_actions(state))
        line: dict[str, Any] = {"n": n, "mover": mover, "legal": len(legal)}
        if mover != CHANCE and mover in players:
            decision = players[mover].decide(
                game.observation(state, mover), legal, random.Random(f"golden/{seed}/{n}")
            )
            action = decision.action
            line["reason"] = decision.reason
            line["debug"] = decision.debug if case.seats[mover] != "hard" else None
        else:
            action = legal[typist.randrange(len(legal))]
        line["action"] = game.format_action(state, action)
        after, events = game.step(state, action)
        line["events"] = [
            {"json": _jsonable(e.as_json()), "private_to": e.private_to, "screened": e.screened}
            for e in events
        ]
        if undo is not None:
            line["undo"] = list(undo(state, action, after))
        if not game.is_over(after):
            line["prompt"] = game.prompt(after)
        yield json.dumps(line, sort_keys=True)
        state = after
    else:
        raise RuntimeError(f"{case.name} seed {seed} did not end in {MAX_STEPS} steps")
    result = game.result(state)
    yield json.dumps(
        {"winners": list(result.winners), "reason": result.reason, "scores": _jsonable(result.scores)},
        sort_keys=True,
    )


def digest(case: Case, seed: int, dump: Path | None = None) -> str:
    lines = list(stream(case, seed))
    if dump is not None:
        folder = dump / case.name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{seed}.jsonl").write_text("\n".join(lines) + "\n")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def recorded() -> dict[str, dict[str, str]]:
    """The recorded digests: case name -> seed (as text) -> SHA-256 of the stream."""
    data: dict[str, dict[str, str]] = json.loads(DATA.read_text())
    return data


def seeds(case: Case, quick: bool) -> range:
    games = case.games if "hard" in case.seats else case.games * SCALE
    return range(1, 1 + (min(QUICK, games) if quick else games))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=("record", "check"))
    parser.add_argument("--quick", action="store_true", help="only the first seeds of each case")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--case", action="append", help="only these cases (repeatable)")
    parser.add_argument("--dump", type=Path, help="write every stream to DIR/<case>/<seed>.jsonl")
    args = parser.parse_args(argv)
    cases = [
        c for c in CASES if (not args.game or c.game in args.game) and (not args.case or c.name in args.case)
    ]
    if args.command == "record":
        known: dict[str, dict[str, str]] = json.loads(DATA.read_text()) if DATA.exists() else {}
        for case in cases:
            known[case.name] = {str(s): digest(case, s, args.dump) for s in seeds(case, args.quick)}
            print(f"{case.name}: {len(known[case.name])} games recorded", flush=True)
        DATA.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")
        return 0
    known = recorded()
    failed = 0
    for case in cases:
        differ = [
            s for s in seeds(case, args.quick) if digest(case, s, args.dump) != known[case.name][str(s)]
        ]
        failed += len(differ)
        print(
            f"{case.name}: {len(seeds(case, args.quick)) - len(differ)} of {len(seeds(case, args.quick))} replay"
            + (f"; differ: seeds {differ[:12]}" if differ else ""),
            flush=True,
        )
    print("golden games: all replay" if not failed else f"golden games: {failed} differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
