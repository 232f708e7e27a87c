"""What the table has seen each Prudh player do (``PrudhState.record``, ``ai.prudh.record``): a capture made or
passed up, the other player's last move copied or not, the tallest stack built or not; the bots keep it over a
session's games, and a game played ``--after`` another starts with it."""

from __future__ import annotations

import io
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.habits import game_over
from ai.prudh.components import LIGHT, SQUARE_NAMES
from ai.prudh.game import GAME
from ai.prudh.record import (
    BUILT,
    FLIPPED,
    LEVEL,
    MIRRORED,
    NO_RECORD,
    NO_RECORDS,
    PASSED_UP,
    RAN,
    UNFLIPPED,
    UNMIRRORED,
    records,
)
from ai.prudh.rules import Move, PrudhConfig, apply, from_position, initial_state
from companion.saves.store import Store
from companion.screen.output import JsonOutput
from companion.table.earlier import earlier_states
from companion.table.session import TableSession
from tests.conftest import run_cli

CONFIG = PrudhConfig(first=0)
NAMES = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def move(text: str) -> Move:
    square, way = text.split()
    return Move(NAMES[square], ("n", "ne", "e", "se", "s", "sw", "w", "nw").index(way))


def test_a_capture_made_or_passed_up_is_counted_only_when_one_was_there() -> None:
    board = [0] * 36
    for square, height in {"a1": 2, "b1": 1, "c3": 1, "e5": 1, "e2": 1, "f3": 1}.items():
        board[NAMES[square]] = height
    state = from_position(CONFIG, board, 0)
    assert records(state) == NO_RECORDS
    after = apply(state, move("a1 e"))  # Dark's run captures b1
    assert after.record[0][RAN] == 1 and after.record[0][PASSED_UP] == 0
    passed = apply(state, move("c3 ne"))  # a slide while the run was there
    assert passed.record[0][RAN] == 0 and passed.record[0][PASSED_UP] == 1
    light = apply(passed, move("e2 ne"))  # Light has no run: nothing to pass up
    assert light.record[1][RAN] == light.record[1][PASSED_UP] == 0


def test_the_other_player_s_move_copied_left_to_right_or_top_to_bottom_is_counted() -> None:
    state = apply(initial_state(CONFIG), move("a1 ne"))  # Dark slides a1 onto b2
    copy = apply(state, move("f1 nw"))  # Light reflects it left to right: f1 onto e2
    assert copy.record[1][MIRRORED] == 1 and copy.record[1][UNMIRRORED] == 0
    assert copy.record[1][FLIPPED] == 0 and copy.record[1][UNFLIPPED] == 1
    other = apply(state, move("a6 se"))  # the top-to-bottom copy: a6 onto b5
    assert other.record[1][FLIPPED] == 1 and other.record[1][UNMIRRORED] == 1
    assert copy.record[0] == other.record[0] == (0, 0, 0, 0, 0, 0, 1, 0)  # the first move copies nothing


def test_a_move_that_makes_the_tallest_own_stack_taller_is_counted_as_built() -> None:
    state = apply(initial_state(CONFIG), move("a1 ne"))  # b2 is Dark's: 2 there
    assert state.record[0][BUILT] == 1 and state.record[0][LEVEL] == 0
    state = apply(apply(state, move("f1 nw")), move("c1 ne"))  # Dark's 2 on d2: its tallest is still 2
    assert state.record[0][BUILT] == 1 and state.record[0][LEVEL] == 1


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(("ordinary", "traditional", "tika", "tomio")))
def test_every_move_is_counted_once_and_a_choice_only_where_there_was_one(seed: int, variant: str) -> None:
    state = initial_state(PrudhConfig(variant=variant), seed)
    rng = random.Random(seed)
    moves = [0, 0]
    while not state.over:
        moves[state.to_move] += 1
        state = apply(state, rng.choice(state.legal))
    for seat in (0, 1):
        counts = state.record[seat]
        assert counts[BUILT] + counts[LEVEL] == moves[seat]
        assert counts[RAN] + counts[PASSED_UP] <= moves[seat]
        assert counts[MIRRORED] + counts[UNMIRRORED] <= moves[seat]
        assert counts[FLIPPED] + counts[UNFLIPPED] <= moves[seat]
    assert GAME.observation(state, 0).record == GAME.observation(state, 1).record == state.record


def test_normal_and_hard_keep_the_counts_of_a_sessions_earlier_games() -> None:
    state = initial_state(CONFIG, 3)
    rng = random.Random(3)
    while not state.over:
        state = apply(state, rng.choice(state.legal))
    assert state.record[0] != NO_RECORD
    for level in ("normal", "hard"):
        bot = GAME.make_player(level, 0, CONFIG, iterations=50)
        fresh = initial_state(CONFIG, 4)
        assert bot.seen(fresh).record == fresh.record
        game_over(bot, state)
        game_over(bot, state)
        assert bot.seen(fresh).record == tuple(tuple(2 * c for c in counts) for counts in state.record)
        assert bot.decide(fresh, fresh.legal, random.Random(0)).action in fresh.legal


def test_a_prudh_game_after_another_starts_its_bot_with_what_it_saw_there(home: Path) -> None:
    args = ["play", "prudh", "--bot", "normal", "--first", "me", "--json"]
    first = run_cli(home, [*args, "--seed", "3"], ["a1 ne"])
    (saved,) = first.of("saved")
    second = run_cli(home, [*args, "--seed", "4", "--after", str(saved["session"])], [])
    (again,) = second.of("saved")
    store = Store()
    record = store.get(again["session"])
    assert record is not None
    out = JsonOutput()
    out.stream = io.StringIO()
    session = TableSession(GAME, record, store, out)  # opened again, as resume does
    (last,) = earlier_states(GAME, store, record)
    assert last.record[0][BUILT] == 1  # the person's first move built a stack of 2
    (bot,) = session.players.values()
    assert bot.past == last.record and bot.games == 1


def _copier(counts: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """A record where Light copied Dark's moves left to right ``counts[0]`` times and did not ``counts[1]``."""
    light = list(NO_RECORD)
    light[MIRRORED], light[UNMIRRORED] = counts
    return (NO_RECORD, tuple(light))


def test_the_card_s_rule_2_answers_a_seat_seen_copying_and_nothing_else() -> None:
    from ai.prudh.bots.card import NORMAL_RULES, copier, normal
    from ai.prudh.record import reflected, with_records

    state = initial_state(CONFIG, 5)
    for text in ("a1 ne", "f1 nw", "c1 ne", "b1 ne"):  # Light copied once, then not; the board is no mirror
        state = apply(state, move(text))
    assert NORMAL_RULES.first(state, state.legal)[0].key != "2"
    for counts in ((0, 0), (4, 0), (5, 2), (3, 1), (1, 40)):
        seen = with_records(state, _copier(counts))
        assert copier(seen) is None and NORMAL_RULES.first(seen, state.legal)[0].key != "2", counts
    seen = with_records(state, _copier((6, 2)))
    assert copier(seen) is reflected
    assert NORMAL_RULES.first(seen, state.legal)[0].key == "2"
    decision = normal().decide(seen, state.legal, random.Random(1))
    assert decision.reason.startswith("the opponent copies its moves")


def test_the_card_s_own_games_never_read_as_a_copier() -> None:
    from ai.prudh.bots.card import copier

    state = initial_state(CONFIG, 0)
    players = [GAME.make_player("normal", seat, CONFIG) for seat in (0, 1)]
    rng = random.Random(0)
    for _ in range(3):  # a session of three games, both seats keeping what they saw
        state = initial_state(CONFIG, rng.randrange(1000))
        while not state.over:
            seen = players[state.to_move].seen(state)
            assert copier(seen) is None
            state = apply(state, players[state.to_move].decide(state, state.legal, rng).action)
        for player in players:
            game_over(player, state)


def test_switch_plays_the_card_then_copies_after_five_games() -> None:
    from ai.prudh.bots.exploiters import EXPLOITERS, SWITCH_AFTER

    switch = EXPLOITERS["switch"].make(LIGHT, CONFIG)
    state = apply(initial_state(CONFIG), move("a1 ne"))
    rng = random.Random(0)
    assert switch.decide(state, state.legal, rng).debug != "rule m: mirror"
    for _ in range(SWITCH_AFTER):
        game_over(switch, state)
    copied = switch.decide(state, state.legal, rng)
    assert copied.action == move("f1 nw") and copied.debug == "rule m: mirror"
