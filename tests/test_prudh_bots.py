"""Prudh bots: legal moves only, explained rules, and the hard bot's exactness on endgames checked against a
plain full-width search (no pruning, no table) written here from the spec's end rule."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ai.prudh.bots.card import NORMAL_RULES
from ai.prudh.bots.hard import WIN, AlphaBetaPlayer, describe_value
from ai.prudh.bots.hard import plain_value as table_words
from ai.prudh.components import DARK, LIGHT, PIT_POINTS, SEAT_SQUARES, SQUARE_NAMES, VARIANT_TITLES, VARIANTS
from ai.prudh.engine import legal_codes, play_code
from ai.prudh.game import GAME
from ai.prudh.rules import Move, PrudhConfig, PrudhState, apply, from_position

ENDGAMES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "prudh_endgames.json").read_text()
)["positions"]


def plain_value(board: list[int], seat: int, diff: int, pit: int, first: int, variant: str) -> float:
    """Full-width minimax from ``seat``'s side: a win is WIN + margin, a loss -WIN + margin, where the margin
    is seat's final lead (the last mover adds their tallest stack on their colour and the pit)."""
    codes = legal_codes(board, seat)
    if not codes:
        last = 1 - seat
        margin = diff - (max(board[sq] for sq in SEAT_SQUARES[last]) + pit * PIT_POINTS)
        won = margin > 0 or (margin == 0 and seat != first)  # a tie goes to the second player
        return (WIN if won else -WIN) + margin
    best = -3 * WIN
    for code in codes:
        child = board.copy()
        points, _, to_pit = play_code(child, seat, code, variant, False)
        best = max(best, -plain_value(child, 1 - seat, -(diff + points), pit + to_pit, first, variant))
    return best


def endgame(data: dict[str, Any]) -> PrudhState:
    config = PrudhConfig(variant=data["variant"])
    return from_position(
        config, data["board"], data["to_move"], data["first"], tuple(data["scores"]), data["pit"]
    )


def child_values(state: PrudhState) -> dict[Move, float]:
    seat = state.to_move
    diff = state.scores[seat] - state.scores[1 - seat]
    out = {}
    for move in state.legal:
        board = list(state.board)
        points, _, to_pit = play_code(board, seat, move.code, state.config.variant, False)
        out[move] = -plain_value(
            board, 1 - seat, -(diff + points), state.pit + to_pit, state.first, state.config.variant
        )
    return out


def test_endgame_data_covers_every_variant_and_ten_plies() -> None:
    assert {d["variant"] for d in ENDGAMES} == set(VARIANTS)
    assert len(ENDGAMES) >= 40 and max(d["depth"] for d in ENDGAMES) == 10


def test_hard_plays_a_game_theoretically_best_move_on_every_endgame() -> None:
    shared = AlphaBetaPlayer(think=None)  # one table across positions, as in a game
    wins = 0
    for data in ENDGAMES:
        state = endgame(data)
        values = child_values(state)
        best = max(values.values())
        for player in (AlphaBetaPlayer(think=None), shared):
            result = player.search(state)
            assert result.solved, data
            assert result.value == best, data
            assert values[result.move] == best, data
        wins += best > 0
    assert 0 < wins < len(ENDGAMES)  # the data holds won and lost positions


def test_hard_finds_the_win_in_one() -> None:
    # Dark: run a1 north captures Light's last piece and ends the game, a win; the slide does not.
    board = [0] * 36
    for name, h in (("a1", 2), ("a2", 1), ("e5", 1), ("d6", 1)):
        board[SQUARE_NAMES.index(name)] = h
    state = from_position(PrudhConfig(), board, DARK)
    decision = AlphaBetaPlayer(think=None).decide(state, state.legal, random.Random(0))
    assert decision.action == Move(SQUARE_NAMES.index("a1"), 0)
    assert decision.debug is not None and "solved" in decision.debug and "win" in decision.debug
    assert (
        decision.reason
        == "looked ahead to the end: with the best play on both sides this move wins by 3 points"
    )


def play_out(config: PrudhConfig, names: tuple[str, str], seed: int) -> PrudhState:
    players = [GAME.make_player(n, s, config, think=0.05) for s, n in enumerate(names)]
    for p in players:
        if isinstance(getattr(p, "player", p), AlphaBetaPlayer):  # hard is watching the table
            p.think, p.max_nodes = None, 1500  # reproducible
    rng = random.Random(seed)
    state = GAME.initial_state(config, seed)
    while not state.over:
        seat = state.to_move
        decision = players[seat].decide(GAME.observation(state, seat), state.legal, rng)
        assert decision.action in state.legal
        assert decision.reason
        if names[seat] == "normal":
            assert decision.debug is not None and decision.debug.startswith("rule ")
            assert "rule" not in decision.reason and "dice" not in decision.reason
        state = apply(state, decision.action)
    return state


@pytest.mark.parametrize(
    ("variant", "names"),
    [
        ("ordinary", ("random", "easy")),
        ("traditional", ("normal", "random")),
        ("tika", ("hard", "normal")),
        ("tomio", ("easy", "hard")),
    ],
)
def test_bots_only_play_legal_moves_to_the_end(variant: str, names: tuple[str, str]) -> None:
    final = play_out(PrudhConfig(variant=variant), names, seed=7)
    assert final.over and final.winner in (DARK, LIGHT)


def test_normal_beats_random_and_hard_beats_normal_in_a_few_games() -> None:
    normal_wins = sum(
        play_out(PrudhConfig(first=first), (("normal", "random") if s else ("random", "normal")), s).winner
        == (DARK if s else LIGHT)
        for s, first in ((0, DARK), (1, LIGHT), (2, DARK), (3, LIGHT))
    )
    assert normal_wins >= 3
    hard_wins = sum(
        play_out(
            PrudhConfig(variant="tika", first=f), ("hard", "normal") if f == DARK else ("normal", "hard"), 5
        ).winner
        == f
        for f in (DARK, LIGHT)
    )
    assert hard_wins >= 1


def test_normal_rules_are_an_explained_card() -> None:
    """One decision, one chain: seven rules numbered down the card, each with its action, the last an
    Otherwise that always applies."""
    assert len(NORMAL_RULES.chains) == 1
    assert [r.key for r in NORMAL_RULES.rules] == ["1", "2", "3", "4", "5", "6", "7"]
    assert all(r.text.endswith(".") and r.action for r in NORMAL_RULES.rules)
    assert NORMAL_RULES.rules[-1].name == "Otherwise"
    state = GAME.initial_state(PrudhConfig(), 1)
    tie = NORMAL_RULES.rules[-1].choose(state, state.legal)
    assert tie and set(tie) <= set(state.legal)
    # the edge variants are on the card where they change what a run scores or leaves on the board
    for variant in VARIANTS[1:]:
        assert any(note.startswith(VARIANT_TITLES[variant] + ":") for note in NORMAL_RULES.notes)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (-0.01, "estimate +0.0 points"),
        (-0.04, "estimate +0.0 points"),
        (1.35, "estimate +1.4 points"),
        (-2.0, "estimate -2.0 points"),
        (WIN + 3, "a win by 3"),
        (-WIN - 2, "a loss by 2"),
        (WIN, "a win (a tie goes to the second player)"),
    ],
)
def test_values_are_told_plainly(value: float, text: str) -> None:
    assert describe_value(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (-0.04, "looked ahead: the best move, the game even a few moves on"),
        (1.35, "looked ahead: the best move, leading by about 1 point a few moves on"),
        (-2.0, "looked ahead: the best move, trailing by about 2 points a few moves on"),
        (WIN + 3, "looked ahead to the end: with the best play on both sides this move wins by 3 points"),
        (
            -WIN - 2,
            "looked ahead to the end: with the best play on both sides this move loses by 2 points; the least bad move",
        ),
        (
            WIN,
            "looked ahead to the end: with the best play on both sides this move wins: a tie goes to the player who moved second",
        ),
    ],
)
def test_the_table_reads_the_search_in_plain_words(value: float, text: str) -> None:
    # no depth, count of positions or signed estimate at the table: those stay in the debug line
    assert table_words(value) == text


def test_hint_names_the_hard_move() -> None:
    board = [0] * 36
    for name, h in (("a1", 2), ("a2", 1), ("e5", 1), ("d6", 1)):
        board[SQUARE_NAMES.index(name)] = h
    state = from_position(PrudhConfig(), board, DARK)
    assert GAME.bots(DARK)["hard"]
    player = GAME.make_player("hard", DARK, state.config, think=0.5)
    assert player.decide(state, state.legal, random.Random(1)).action == Move(0, 0)
    with pytest.raises(ValueError, match="no Prudh bot"):
        GAME.make_player("grandmaster", DARK, state.config)
