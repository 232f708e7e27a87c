"""The ``normal`` Prudh card on hand-made positions: what "open" means, the rules a person runs, ties rolled,
and the card's choice always legal (hypothesis over positions reached by random play)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.prudh.bots.card import NORMAL_RULES, crosses_middle, dice_pick, flipped, mirrored, normal, open_stacks
from ai.prudh.components import DARK, LIGHT, SQUARE_NAMES
from ai.prudh.game import GAME
from ai.prudh.rules import Move, PrudhConfig, PrudhState, apply, from_position, initial_state

N, E, S, W = 0, 2, 4, 6


def position(stacks: dict[str, int], to_move: int = DARK, variant: str = "ordinary") -> PrudhState:
    board = [0] * 36
    for name, height in stacks.items():
        board[SQUARE_NAMES.index(name)] = height
    return from_position(PrudhConfig(variant=variant), board, to_move)


def sq(name: str) -> int:
    return SQUARE_NAMES.index(name)


def test_a_stack_is_open_when_a_taller_enemy_stack_can_reach_it() -> None:
    # a1 is Dark's; b1, a2 and d1 are Light's squares
    board = position({"a1": 1, "d1": 3}).board
    assert open_stacks(board, DARK) == [1]  # 3 squares away, height 3: it reaches
    assert open_stacks(position({"a1": 1, "d1": 2}).board, DARK) == []  # height 2 does not reach 3 squares
    assert open_stacks(position({"a1": 3, "b1": 3}).board, DARK) == []  # not taller
    assert open_stacks(position({"a1": 2, "b2": 5}).board, DARK) == []  # b2 is Dark's own square
    assert open_stacks(position({"a1": 2, "b2": 5}).board, LIGHT) == []


def test_a_run_crosses_the_middle_of_its_line() -> None:
    assert crosses_middle(Move(sq("c3"), E), 1)
    assert not crosses_middle(Move(sq("a3"), E), 2)  # drops on b3 and c3: the left half only
    assert crosses_middle(Move(sq("a3"), E), 3)
    assert crosses_middle(Move(sq("d3"), W), 1)
    assert crosses_middle(Move(sq("c3"), N), 1)  # c3 to c4: across ranks 3|4
    assert not crosses_middle(Move(sq("c5"), S), 1)
    assert crosses_middle(Move(sq("c5"), S), 2)
    assert not crosses_middle(Move(sq("c3"), 1), 5)  # a slide is no run
    assert mirrored(initial_state(PrudhConfig()).board) and flipped(initial_state(PrudhConfig()).board)
    assert not mirrored(position({"a1": 2, "f1": 1}).board)
    assert flipped(position({"a1": 2, "a6": 2}).board) and not flipped(position({"a1": 2, "a6": 1}).board)


def decide(state: PrudhState, seed: int = 0) -> tuple[Move, str]:
    """The card's move and its whole account (``Decision.debug``: the rule and the dice, never printed)."""
    decision = normal().decide(state, state.legal, random.Random(seed))
    assert decision.reason and not any(word in decision.reason for word in ("rule", "dice")), decision.reason
    return decision.action, decision.debug or ""


def test_a_capture_that_leaves_no_stack_open_is_made() -> None:
    # Dark's 3 on c3 runs east over Light's 1 on d3 (2 points) and leaves nothing open; Light can still move
    state = position({"c3": 3, "d3": 1, "a1": 1, "c1": 1, "e6": 1, "f5": 1})
    move, why = decide(state)
    assert why.startswith("rule 3: safe capture"), why
    assert move == Move(sq("c3"), E)


def test_rescue_moves_an_open_stack_out_of_reach() -> None:
    # Light's 4 on b1 reaches Dark's 2 on c1; Dark has no capture, and sliding c1 onto e3 leaves nothing open
    state = position({"c1": 2, "b1": 4, "e3": 1, "a5": 1, "e6": 1, "f5": 1}, DARK)
    assert open_stacks(state.board, DARK) == [2]
    move, why = decide(state)
    assert why.startswith("rule 5: rescue"), why
    assert not open_stacks(apply(state, move).board, DARK)


def test_the_mirror_is_broken_by_a_run_across_the_middle() -> None:
    # symmetric left to right; Dark's 3 on a1 runs east over Light's 1 on b1 and drops its last piece on d1
    stacks = {"a1": 3, "f1": 3, "b1": 1, "e1": 1, "a6": 1, "f6": 1, "c4": 1, "d4": 1, "c6": 1, "d6": 1}
    state = position(stacks, DARK)
    assert mirrored(state.board)
    move, why = decide(state)
    assert why.startswith("rule 2: break the mirror"), why
    assert move == Move(sq("a1"), E) and crosses_middle(move, 3)


def test_a_board_the_same_top_to_bottom_is_broken_by_a_run_along_a_file() -> None:
    # the same position turned a quarter: Dark's 3 on a1 runs north over Light's 1 on a2, its last piece on a4
    stacks = {"a1": 3, "a6": 3, "a2": 1, "a5": 1, "f1": 1, "f6": 1, "d3": 1, "d4": 1, "f3": 1, "f4": 1}
    state = position(stacks, DARK)
    assert flipped(state.board) and not mirrored(state.board)
    move, why = decide(state)
    assert why.startswith("rule 2: break the mirror"), why
    assert move == Move(sq("a1"), N)


def test_equal_moves_are_rolled_and_replayed_the_same() -> None:
    state = GAME.initial_state(PrudhConfig(first=DARK), 0)
    firsts = {decide(state, seed)[0] for seed in range(12)}
    assert len(firsts) > 1  # the opening's equal slides are picked at random
    assert decide(state, 5) == decide(state, 5)  # the same roll, the same move (undo never re-draws)
    assert "equal moves picked by dice" in decide(state, 5)[1]


class Dice(random.Random):
    """Rolls of a six-sided die that come in the order given (``ai.rng`` draws a die as three random bits)."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def getrandbits(self, k: int) -> int:
        # a die roll is ``ai.rng.randint(rng, 1, 6)``: 1 + three random bits (below 6)
        roll = self.rolls.pop(0)
        assert k == 3 and 1 <= roll <= 6
        return roll - 1


def test_equal_moves_are_picked_as_a_person_picks_them_with_dice() -> None:
    """A trial: the card said "number them and roll a die; more than six: a first die picks a block of six", and
    the opening leaves 50 equal moves (two dice reach 36). Two dice pick a square, reading order from it finds
    the first where an equal move starts, a die counts round the compass from north among those."""
    moves = [Move(sq("b2"), 3), Move(sq("b2"), 7), Move(sq("e5"), 1), Move(sq("e5"), 4)]
    # c2: on to the next start in reading order, e5; of ne and s, a 3 counts ne, s, ne
    assert dice_pick(moves, Dice(3, 2, 3)) == Move(sq("e5"), 1)
    # f6: after f6 comes a1, then b2; of se and nw, a 2 counts se, nw
    assert dice_pick(moves, Dice(6, 6, 2)) == Move(sq("b2"), 7)
    assert dice_pick(moves, Dice(2, 2, 6)) == Move(sq("b2"), 7)  # b2 itself: se, nw, se, nw, se, nw
    every = [Move(sq("c3"), d) for d in range(8)]  # 8 from one square: two dice count them, so nw too
    assert dice_pick(every, Dice(3, 3, 6, 2)) == Move(sq("c3"), 7)
    assert "roll two dice for a square" in " ".join(NORMAL_RULES.notes)


@settings(max_examples=50, deadline=None)
@given(
    picked=st.sets(st.tuples(st.integers(0, 3), st.integers(0, 7)), min_size=1, max_size=32),
    seed=st.integers(0, 2**32),
)
def test_dice_pick_picks_one_of_the_moves_and_can_pick_each(picked: set[tuple[int, int]], seed: int) -> None:
    moves = sorted(Move(*m) for m in picked)
    rng = random.Random(seed)
    assert dice_pick(moves, rng) in moves
    # every move is reachable: its square rolled, then its place among those starting there
    for move in moves:
        here = [m for m in moves if m.square == move.square]
        place = here.index(move) + 1  # at most 8 from a square, one a direction; 7 or 8: two dice
        total = place if place > 1 else place + len(here)  # two dice sum to 2-12: the first as the 8th or 9th
        count = (place,) if len(here) <= 6 else (min(6, total - 1), total - min(6, total - 1))
        assert dice_pick(moves, Dice(move.square % 6 + 1, move.square // 6 + 1, *count)) == move


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000), st.integers(0, 40), st.sampled_from(["ordinary", "traditional", "tika", "tomio"])
)
def test_the_card_always_answers_with_a_legal_move(seed: int, plies: int, variant: str) -> None:
    rng = random.Random(seed)
    state = initial_state(PrudhConfig(variant=variant), seed)
    for _ in range(plies):
        if state.over:
            return
        state = apply(state, rng.choice(state.legal))
    if state.over:
        return
    _, tie = NORMAL_RULES.first(state, state.legal)
    assert not isinstance(tie, Move) and tie and set(tie) <= set(state.legal)
    # the Otherwise always applies, whatever rule decided
    assert NORMAL_RULES.rules[-1].choose(state, state.legal)


def test_the_table_reads_why_in_plain_words() -> None:
    # the table hears what the move does; the rule's number and the dice roll stay in the debug line
    from ai.prudh.bots.card import PLAIN_REASONS

    assert set(PLAIN_REASONS) == {rule.key for chain in NORMAL_RULES.chains for rule in chain.rules}
    state = initial_state(PrudhConfig(), 1)
    decision = normal().decide(state, state.legal, random.Random(0))
    assert decision.reason is not None and decision.reason.endswith("equally good moves")
    assert decision.debug is not None and "rule" in decision.debug and "dice" in decision.debug
