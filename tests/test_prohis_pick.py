"""A person inspector chooses each convoy card to turn over (the rulebook: "Le joueur qui effectue le contrôle
retourne 1 à 3 cartes du convoi ... une carte par une carte"); a bot inspector turns them in the order drawn
when the convoy was laid."""

from __future__ import annotations

import dataclasses
import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from ai.prohis import rules as R
from ai.prohis.bots.playout import make_simulate
from ai.prohis.components import CAPTAIN, ILLEGAL, INSPECTOR, LEGAL, LIEUTENANT, UNKNOWN
from ai.prohis.game import GAME
from ai.protocol import IllegalError, InputError, ParseError
from tests.conftest import run_cli

# Ann (a person) holds a captain and an inspector; Bot2 holds a convoy's worth of goods
BOT_CONVOY = (LEGAL, LEGAL, LEGAL, ILLEGAL)


def ann_inspects(convoy: tuple[int, ...] = BOT_CONVOY, controller: str = "i") -> R.ProhisState:
    """Dealer mode, Ann (a person) and two bots: Bot2 sends ``convoy``, Ann inspects it with ``controller``."""
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    state = GAME.initial_state(config, 1)
    hands = (R.counts_of((CAPTAIN, INSPECTOR, LIEUTENANT)), R.counts_of(convoy), R.counts_of((LEGAL,)))
    state = dataclasses.replace(state, hands=hands, active=1)
    for text in (f"convoy {' '.join('gx'[c] for c in convoy)}", "no", f"inspect {controller}", "inspect"):
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def test_a_person_inspector_is_asked_which_card_to_turn_over() -> None:
    state = ann_inspects()
    assert state.phase == R.Phase.PICK and GAME.to_move(state) == 0
    assert (
        GAME.prompt(state)
        == "Ann: turn over a card of Bot2's convoy: turn 1, 2, 3 or 4 (counted from Bot2's left)"
    )
    assert [GAME.format_action(state, a) for a in GAME.legal_actions(state)] == [
        f"turn {n}" for n in range(1, 5)
    ]


@pytest.mark.parametrize("text", ["turn 3", "3", "t3", "t 3", "3rd", "third", "turn the 3rd card", "Turn 3"])
def test_a_pick_is_typed_in_many_ways(text: str) -> None:
    state = ann_inspects()
    assert GAME.parse_action(state, text) == R.Act(R.TURN_OVER, (2,))


def test_the_chosen_card_is_the_one_turned_and_the_next_is_chosen_too() -> None:
    state = ann_inspects()
    place = next(p for p in range(4) if state.convoy[p] == LEGAL) + 1
    state, events = GAME.step(state, GAME.parse_action(state, f"turn {place}"))
    (turned,) = [e for e in events if e.kind == "turned"]
    assert turned.data["position"] == place and turned.data["card"] == "legal"
    assert state.phase == R.Phase.PICK  # three face down, two more may be turned
    others = [str(p + 1) for p in range(4) if p != place - 1]
    assert GAME.prompt(state) == (
        f"Ann: turn over another card of Bot2's convoy: turn {others[0]}, {others[1]} or {others[2]} (counted from Bot2's left)"
    )
    with pytest.raises(IllegalError, match=f"the {place}.. card from Bot2's left is face up already"):
        GAME.parse_action(state, f"turn {place}")


def test_an_illegal_good_stops_the_picks() -> None:
    state = ann_inspects()
    state, events = GAME.step(state, GAME.parse_action(state, f"turn {state.convoy.index(ILLEGAL) + 1}"))
    assert [e.kind for e in events][:2] == ["turned", "seized"]
    assert state.phase == R.Phase.TURN


def test_the_controllers_rank_stops_the_picks() -> None:
    state = ann_inspects(controller="c")
    legal = [p for p in range(4) if state.convoy[p] == LEGAL]
    state = GAME.apply(state, R.Act(R.TURN_OVER, (legal[0],)))
    state, events = GAME.step(state, R.Act(R.TURN_OVER, (legal[1],)))
    assert [e.data["position"] for e in events if e.kind == "turned"] == [legal[1] + 1]
    assert [e.kind for e in events] == ["turned", "passed"] and state.phase == R.Phase.TURN


def test_no_choice_with_one_card_left_face_down() -> None:
    state = ann_inspects(convoy=(LEGAL, LEGAL), controller="i")
    state, events = GAME.step(state, R.Act(R.TURN_OVER, (1,)))
    # the 2nd card chosen, the 1st is the only one left: turned without asking
    assert [e.data["position"] for e in events if e.kind == "turned"] == [2, 1]
    assert state.phase == R.Phase.TURN


@pytest.mark.parametrize(
    ("text", "error", "said"),
    [
        ("turn 5", IllegalError, "Bot2's convoy has 4 cards: turn 1, 2, 3 or 4 (counted from Bot2's left)"),
        ("turn 0", IllegalError, "Bot2's convoy has 4 cards"),
        ("turn 99999999999", IllegalError, "Bot2's convoy has 4 cards"),
        ("trun 2", ParseError, "'trun 2' is not a card to turn over (did you mean 'turn 2'?)"),
        ("secnd", ParseError, "(did you mean 'turn 2'?)"),
        ("no", ParseError, "'no' is not a card to turn over"),
    ],
)
def test_a_bad_pick_gets_one_line(text: str, error: type[InputError], said: str) -> None:
    state = ann_inspects()
    with pytest.raises(error) as raised:
        GAME.parse_action(state, text)
    assert said in str(raised.value)


def test_a_hint_says_the_backs_look_alike() -> None:
    with pytest.raises(IllegalError, match="lie alike face down"):
        GAME.hint(ann_inspects(), 0, "", 0.1)


def test_a_bot_inspector_turns_in_the_order_drawn_when_the_convoy_was_laid() -> None:
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    state = GAME.initial_state(config, 1)
    hands = (R.counts_of((LEGAL,) * 4), R.counts_of((INSPECTOR,)), R.counts_of((LEGAL,)))
    state = dataclasses.replace(state, hands=hands, active=0)
    for text in ("convoy g g g", "inspect i", "no", "no bribe"):
        state = GAME.apply(state, GAME.parse_action(state, text))
    order = state.order
    state, events = GAME.step(state, GAME.parse_action(state, "inspect"))
    assert [e.data["position"] - 1 for e in events if e.kind == "turned"] == list(order)


def physical_pick() -> R.ProhisState:
    """A physical table: Ben (a person) sends 3 cards unseen, Ann (a person) inspects them with her inspector."""
    config = R.ProhisConfig(players=3, names=("Ann", "Ben", "Bot3"), physical=True, untracked=(0, 1))
    state = GAME.initial_state(config, 1)
    hands = (R.counts_of((UNKNOWN,) * 6), R.counts_of((UNKNOWN,) * 6), R.counts_of((LEGAL,)))
    state = dataclasses.replace(state, hands=hands, active=1, pending=(), display=(LEGAL,) * 4)
    for text in ("convoy 3", "no", "inspect i", "no bribe", "inspect"):
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def test_at_a_physical_table_the_owner_turns_the_chosen_card_and_types_it() -> None:
    state = physical_pick()
    assert (
        GAME.prompt(state)
        == "Ann: turn over a card of Ben's convoy: turn 1, 2 or 3 (counted from Ben's left)"
    )
    before = state
    state, events = GAME.step(state, GAME.parse_action(state, "3"))
    (pick,) = events
    assert pick.text == "Ann picks the 3rd card of Ben's convoy, counted from its owner's left."
    assert pick.table == ("Ben: turn over the 3rd card from the left of your convoy.",)
    assert GAME.undo_steps(before, R.Act(R.TURN_OVER, (2,)), state) == [
        "Ben: turn the 3rd card from the left of your convoy face down again."
    ]
    assert state.phase == R.Phase.REVEAL and GAME.to_move(state) == 1
    assert "the 3rd card from your left" in GAME.prompt(state)
    revealing = state
    state, events = GAME.step(state, GAME.parse_action(state, "g"))
    # undone, Ben is asked again what the card shows: it stays face up
    assert GAME.undo_steps(revealing, R.Act(R.REVEAL, (LEGAL,)), state) == []
    (turned,) = [e for e in events if e.kind == "turned"]
    assert turned.data["position"] == 3 and turned.data["card"] == "legal"
    assert (
        GAME.prompt(state)
        == "Ann: turn over another card of Ben's convoy: turn 1 or 2 (counted from Ben's left)"
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_bots_and_the_search_play_a_persons_pick(seed: int) -> None:
    """Every level plays Ann's pick (a random one: the backs look alike), so the search that models a person's
    seat never meets a step it cannot play."""
    state = ann_inspects()
    level = ["random", "easy", "normal", "hard"][seed % 4]
    bot = GAME.make_player(level, 0, state.config, iterations=8)
    legal = GAME.legal_actions(state)
    decision = bot.decide(GAME.observation(state, 0), legal, random.Random(seed))
    assert decision.action in legal


def test_a_play_out_from_a_persons_pick_plays_it() -> None:
    """The search's play-out (``hard``'s model of every seat) meets a person's pick and plays one at random."""
    simulate = make_simulate(depth=6)
    for seed in range(5):
        shares = simulate(ann_inspects(), random.Random(seed))
        assert len(shares) == 3 and abs(sum(shares) - 1) < 1e-9


def test_a_piped_game_where_the_person_picks_the_3rd_card(home: Path) -> None:
    """Ann inspects Bot2's convoy of 4 with her inspector and picks the 3rd card from the left: it is the one
    turned."""
    typed = ["convoy x c", "inspect i", "inspect", "turn 3"]
    run = run_cli(home, ["play", "prohis", "--seats", "Ann,bot,bot:easy", "--seed", "21", "--json"], typed)
    assert run.of("error") == []
    turned = run.of("turned")
    assert turned[0]["position"] == 3 and turned[0]["owner"] == "Bot2"


def test_the_board_marks_the_smuggler_while_a_person_inspector_turns_cards_over() -> None:
    state = ann_inspects()
    buffer = io.StringIO()
    Console(file=buffer, width=80, color_system=None).print(GAME.render(state, None))
    rows = [line for line in buffer.getvalue().splitlines() if "◀" in line]
    assert len(rows) == 1 and "Bot2 ◀" in rows[0]


@pytest.mark.parametrize(
    ("text", "suggestion"), [("stop", None), ("captian", "captain"), ("inspect captian", "captain")]
)
def test_a_word_that_is_no_controller_is_refused_with_what_the_inspection_question_takes(
    text: str, suggestion: str | None
) -> None:
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    state = GAME.initial_state(config, 1)
    hands = (R.counts_of((CAPTAIN, INSPECTOR)), R.counts_of(BOT_CONVOY), R.counts_of((LEGAL,)))
    state = dataclasses.replace(state, hands=hands, active=1)
    for typed in ("convoy g g g x", "no"):
        state = GAME.apply(state, GAME.parse_action(state, typed))
    assert state.phase == R.Phase.COMMIT and GAME.to_move(state) == 0
    with pytest.raises(ParseError) as refused:
        GAME.parse_action(state, text)
    assert refused.value.message == f"'{text}' is not a move here; expected inspect with l, c or i, or no"
    assert refused.value.suggestion == suggestion


def test_no_hint_at_a_pick_is_said_before_anyone_is_shown_thinking(home: Path) -> None:
    """A trial scripting `--json`: at 'turn over a card' the hint was refused after a `thinking` event (a
    search that never ran; at a terminal, "Ann is thinking…" for a moment)."""
    typed = [
        "convoy g x x l",
        "no",
        "take x",
        "take x",
        "no",
        "take g",
        "take x",
        "take x",
        "take l",
        "no",
        "no",
        "convoy g x x l",
        "take g",
        "take l",
        "no",
        "convoy g x x l",
        "no",
        "take g",
        "take x",
        "take l",
        "take g",
        "no",
        "take g",
        "take g",
        "no",
        "convoy g g g",
        "take g",
        "take g",
        "inspect i",
        "refuse",
    ]
    args = ["play", "prohis", "--seats", "Ann,bot,bot", "--seed", "3", "--think", "0.05", "--json"]
    run = run_cli(home, args, [*typed, "hint", "quit"])
    assert run.returncode == 0, run.stderr
    (refused,) = [i for i, e in enumerate(run.events) if e["event"] == "error"]
    assert "lie alike face down" in run.events[refused]["message"]
    before = run.events[refused - 1]
    assert before["event"] == "prompt" and before["expects"].startswith("Ann: turn over a card of")
