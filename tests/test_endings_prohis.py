"""Prohis's end with people seated: each person counts their warehouse and hand (privately when several
people play), the tool refuses a count that contradicts what it saw, and the end names everyone's breakdown,
the totals and the winner. Also Potra Bash's end with every scoring pile's breakdown."""

from __future__ import annotations

import dataclasses
import random
from itertools import pairwise
from pathlib import Path

import pytest

from ai.prohis import rules as R
from ai.prohis.components import CAPTAIN, INSPECTOR, LEGAL, LETTERS, UNKNOWN
from ai.prohis.game import GAME
from ai.prohis.score import Count, counting, format_count, possible_count
from ai.protocol import CHANCE, IllegalError, InputError, ParseError
from tests.conftest import run_cli


def to_count(players: int = 3, untracked: tuple[int, ...] = (0,), seed: int = 3) -> R.ProhisState:
    """A physical-mode game played at random until the count (people's cards unseen; in dealer mode the tool
    keeps every hand, so there is no count)."""
    config = R.ProhisConfig(players=players, physical=True, untracked=untracked)
    state = GAME.initial_state(config, seed)
    rng = random.Random(seed)
    while state.phase != R.Phase.COUNT:
        assert state.phase != R.Phase.OVER
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state


def test_the_count_is_a_phase_a_person_types_and_it_ends_with_the_winner() -> None:
    state = to_count()
    assert not GAME.is_over(state) and GAME.to_move(state) == 0
    assert "your warehouse" in GAME.prompt(state)
    count = possible_count(state, random.Random(1))
    text = format_count(count)
    assert GAME.parse_action(state, text) == count
    assert GAME.parse_action(state, "Seat 1=" + text) == count
    after, events = GAME.step(state, count)
    rng = random.Random(1)
    while not GAME.is_over(
        after
    ):  # a bot's warehouse that stored Seat 1's convoy unturned: the table types it
        assert GAME.to_move(after) == CHANCE and "the tool did not see" in GAME.prompt(after)
        bot = counting(after)
        whole = possible_count(after, rng)
        known = after.warehouses[bot]
        unseen = [k for k in range(5) for _ in range(whole.warehouse[k] - known[k])]
        assert len(unseen) == known[UNKNOWN]
        # the table may type only the cards the tool did not see, or the whole warehouse
        assert GAME.parse_action(after, " ".join(LETTERS[k] for k in unseen)) == whole
        assert GAME.parse_action(after, format_count(whole)) == whole
        with pytest.raises(IllegalError, match="the tool did not see"):
            GAME.parse_action(after, " ".join(["g"] * (len(unseen) + 1)))
        after, events = GAME.step(after, whole)
    end = events[-1]
    assert end.kind == "end"
    result = GAME.result(after)
    names = [GAME.seat_name(after, s) for s in range(3)]
    assert end.data["winners"] == [names[w] for w in result.winners]
    assert set(end.data["scores"]) == set(end.data["breakdown"]) == set(names)
    assert end.data["scores"] == {n: int(result.scores[s]) for s, n in enumerate(names)}  # type: ignore[index]
    lines = end.text.splitlines()
    assert lines[0] == "The final count:" and len(lines) == 1 + 3 + 1
    assert all(line.startswith(f"{n}: ") for n, line in zip(names, lines[1:4], strict=True))


def test_a_count_that_contradicts_the_tool_is_refused() -> None:
    state = to_count()
    seat = counting(state)
    stored, held = state.warehouses[seat], state.hands[seat]
    good = possible_count(state, random.Random(2))
    # one card too many in the warehouse, one too few in the hand
    more = dataclasses.replace(good, warehouse=(good.warehouse[0] + 1, *good.warehouse[1:]))
    with pytest.raises(IllegalError, match=f"warehouse holds {sum(stored)} card"):
        GAME.parse_action(state, format_count(more))
    if sum(held):
        with pytest.raises(ParseError, match="WAREHOUSE/HAND"):
            GAME.parse_action(state, format_count(good).split("/")[0])
    # every card named
    with pytest.raises(ParseError, match="name every card"):
        GAME.parse_action(state, f"{sum(stored)}/{format_count(good).split('/')[1]}")
    # another player's name
    with pytest.raises(IllegalError, match="now Seat 1's count"):
        GAME.parse_action(state, "Seat 2=" + format_count(good))
    # a card the tool saw go in must be in the count
    seen = next((k for k in range(5) if stored[k]), None)
    p = R.pool(state)
    new = [good.warehouse[k] + good.hand[k] - stored[k] - held[k] for k in range(5)]
    spare = [k for k in range(5) if p[k] > new[k]]
    if seen is not None and [k for k in spare if k != seen]:
        other = next(k for k in spare if k != seen)
        w = list(good.warehouse)
        w[seen] -= 1
        w[other] += 1
        with pytest.raises(IllegalError, match="the tool saw"):
            GAME.parse_action(state, format_count(Count(tuple(w), good.hand)))
    # more captains than the box holds for this table
    hand = (0, 0, 0, sum(held), 0, 0)
    if sum(held) > 3:
        with pytest.raises(IllegalError, match="unaccounted for"):
            GAME.parse_action(state, format_count(Count(good.warehouse, hand)))
    # with one person, every captain and inspector not seen elsewhere is theirs: leaving one out is refused
    if p[CAPTAIN] + p[INSPECTOR]:
        k = CAPTAIN if good.hand[CAPTAIN] or good.warehouse[CAPTAIN] > stored[CAPTAIN] else INSPECTOR
        where = "hand" if good.hand[k] else "warehouse"
        cards = list(getattr(good, where))
        cards[k] -= 1
        cards[LEGAL] += 1
        swapped = dataclasses.replace(good, **{where: tuple(cards)})
        with pytest.raises(InputError):
            GAME.parse_action(state, format_count(swapped))


def test_several_people_count_in_turn_each_asked_privately() -> None:
    state = to_count(players=4, untracked=(0, 2), seed=5)
    rng = random.Random(5)
    asked = []  # (whom each request to count is shown to, who counts next)
    events: list = []
    while not GAME.is_over(state):
        state, events = GAME.step(state, possible_count(state, rng))
        nxt = None if GAME.is_over(state) else GAME.to_move(state)
        asked += [(e.private_to, nxt) for e in events if e.kind == "count"]
    people = [(private, nxt) for private, nxt in asked if nxt not in (None, CHANCE)]
    # a person is asked behind the screen; the table types a bot's unseen warehouse in the open
    assert people and all(private == nxt for private, nxt in people)
    assert all(private is None for private, nxt in asked if nxt == CHANCE)
    assert events[-1].kind == "end" and not any(h[UNKNOWN] for h in state.hands)


def test_whole_game_with_a_person_ends_in_the_session_with_breakdown_and_winner(home: Path) -> None:
    from tests.support.prohis import script

    seats = "Ann,bot,bot"
    names = ["Ann", "Bot2", "Bot3"]
    lines = script(home, seats, 4, True)  # physical: the tool never saw Ann's cards, so she counts them
    count_line = lines[-1]
    # the same inputs through the real command line, with a wrong count and an undo before the right one
    wrong = "99g/" if not count_line.startswith("99g") else "98g/"
    typed = [*lines[:-1], wrong, count_line, "undo", count_line]
    run = run_cli(home, ["play", "prohis", "--seats", seats, "--seed", "4", "--physical"], typed)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Game over:" in out and "Now the count" in out and "Ann: count your warehouse" in out
    assert "✗ " in out and "warehouse holds" in out  # the wrong count: one line, state unchanged
    assert "Undone: " + count_line in out
    tail = out[out.rindex("The final count:") :]
    for name in names:
        assert f"\n{name}: " in tail
    assert " wins with " in tail or "Shared win" in tail
    assert "Traceback" not in out + run.stderr


def test_potra_bash_end_shows_every_pile_breakdown(home: Path) -> None:
    from tests.support.potra_bash import script

    names = ("Ann", "Bot2", "Bot3")
    lines, _ = script(6, "Ann,bot,bot")
    run = run_cli(home, ["play", "potra-bash", "--seats", "Ann,bot,bot", "--seed", "6"], lines)
    assert run.returncode == 0, run.stderr
    tail = run.stdout[run.stdout.index("The deck is empty: game over.") :]
    rows = tail.splitlines()[1:]  # a pile: its cards, then its sets discarded, total and 1s (broken at 80)
    heads = [i for i, row in enumerate(rows) if not row.startswith(" ")][: len(names) + 1]
    assert [rows[i].split()[0] for i in heads[:-1]] == list(names)
    piles = [" ".join(row.strip() for row in rows[a + 1 : b]) for a, b in pairwise(heads)]
    assert all(p.startswith("discarded: ") and p.endswith(")") and "(1s: " in p for p in piles)
    assert all(len(row) <= 80 for row in rows[: heads[-1]])
    assert " wins" in tail or "a draw" in tail.lower()
    end = run_cli(home, ["play", "potra-bash", "--seats", "Ann,bot,bot", "--seed", "6", "--json"], lines).of(
        "end"
    )
    assert set(end[0]["breakdown"]) == set(names) and end[0]["winners"]
