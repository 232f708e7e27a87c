"""Prohis rules: setup, every draw option, the 8-card rule, every path of a convoy, the end, scoring."""

from __future__ import annotations

import dataclasses

import pytest

from ai.prohis import rules as R
from ai.prohis.components import (
    CAPTAIN,
    ILLEGAL,
    INSPECTOR,
    LEGAL,
    LIEUTENANT,
    UNKNOWN,
    deck_counts,
    shuffled_counts,
)
from ai.prohis.game import GAME
from ai.prohis.notation import parse_action
from ai.protocol import CHANCE, Event, IllegalError, ParseError
from tests.support.prohis import answer_forced

G, X, L, C, I = LEGAL, ILLEGAL, LIEUTENANT, CAPTAIN, INSPECTOR  # noqa: E741


def hands(*cards: tuple[int, ...]) -> tuple[R.Counts, ...]:
    return tuple(R.counts_of(c) for c in cards)


def table(
    hand_cards: tuple[tuple[int, ...], ...],
    pile: tuple[int, ...] = (G,) * 10,
    display: tuple[int | None, ...] = (G, X, L, G),
    active: int = 0,
    **config: object,
) -> R.ProhisState:
    n = len(hand_cards)
    cfg = R.ProhisConfig(players=n, **config)  # type: ignore[arg-type]
    state = R.initial_state(cfg, 1)
    return dataclasses.replace(
        state, hands=hands(*hand_cards), display=display, pile=pile, active=active, pending=()
    )


def play(state: R.ProhisState, *texts: str) -> R.ProhisState:
    for text in texts:
        state = answer_forced(R.apply(state, parse_action(state, text)))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_by_player_count(players: int) -> None:
    state = R.initial_state(R.ProhisConfig(players=players), 7)
    expected = (40, 20, 6) if players <= 4 else (58, 30, 8)
    assert shuffled_counts(players)[:3] == expected
    assert deck_counts(players)[3:] == (players, players)
    for seat in range(players):
        assert state.hand_size(seat) == 6
        assert state.hands[seat][C] >= 1 and state.hands[seat][I] >= 1
    assert all(c is not None for c in state.display)
    assert len(state.pile) == sum(expected) - 4 * players - 4
    assert R.known_counts(state)[:5] == deck_counts(players)


def test_draw_two_display_cards_with_refill() -> None:
    state = table(((C, I), (C, I), (C, I)), pile=(X, L))
    state = play(state, "take g")
    assert state.phase == R.Phase.SECOND
    assert state.display[0] == L  # refilled from the top (last) of the pile
    state = play(state, "take l")  # the second pick may take the new card
    assert state.hands[0][G] == 1 and state.hands[0][L] == 1
    assert state.active == 1 and state.display[0] == X


def test_draw_display_then_pile_and_one_card_options() -> None:
    state = table(((C, I), (C, I), (C, I)), pile=(X, L, G))
    after = play(state, "take x", "pile")
    assert after.hands[0][X] == 1 and after.hands[0][L] == 1
    one = play(state, "take x", "stop")
    assert R.cards_of(one.hands[0]) == (X, C, I)
    top = play(state, "pile")
    assert top.hands[0][G] == 1 and top.active == 1


def test_eight_card_rule() -> None:
    seven = (G,) * 5 + (C, I)
    state = table((seven, (C, I), (C, I)))
    state = play(state, "take g", "take x")  # 7 before drawing: may draw two
    assert state.hand_size(0) == 9
    eight = (G,) * 6 + (C, I)
    state = table((eight, (C, I), (C, I)))
    with pytest.raises(IllegalError, match="8"):
        parse_action(state, "take g")
    with pytest.raises(IllegalError):
        parse_action(state, "pile")
    # with 8 cards nothing offers a draw (a trial: the prompt, and "stop" answered "now Ann: take, pile, convoy")
    name = state.config.name(0)
    assert GAME.prompt(state) == f"{name}: 8 cards, no drawing: convoy CARDS"
    with pytest.raises(IllegalError, match=rf"^now {name}: convoy$"):
        parse_action(state, "stop")
    seven = table((seven, (C, I), (C, I)))
    assert GAME.prompt(seven).endswith(": take CARD, pile, or convoy CARDS")


def test_a_refused_input_is_quoted_whole() -> None:
    """A trial typed "no bribe" on its turn and read "'no' is not a move here"."""
    state = table(((G, G, X), (C,), (C,)))
    with pytest.raises(ParseError, match=r"^'no bribe' is not a move here$"):  # the prompt follows it
        parse_action(state, "no  bribe")
    with pytest.raises(ParseError, match=r"^'boadr' is not a move here$"):  # the session suggests board
        parse_action(state, "boadr")


def test_convoy_nobody_inspects_goes_unseen() -> None:
    state = table(((G, G, X), (G,), (G,)))
    state = play(state, "convoy g x")
    assert state.active == 1
    assert R.cards_of(state.warehouses[0]) == (G, X)
    assert state.public[0] == R.ZERO


def test_convoy_size_limits() -> None:
    state = table(((G,) * 6, (C,), (C,)))
    for text in ("convoy g", "convoy 5g"):
        with pytest.raises(IllegalError, match="2 to 4"):
            parse_action(state, text)


def test_highest_rank_inspects_and_ties_go_clockwise() -> None:
    state = table(((G, G), (L, C), (C,), (C, I)))
    state = play(state, "convoy g g", "inspect c", "inspect c", "no")
    assert state.inspector == 1  # equal captains: the nearest clockwise from the active player
    assert state.hands[2][C] == 1  # the other captain went back to hand
    state = table(((G, G), (L,), (I,), (C,)))
    state = play(state, "convoy g g", "inspect l", "inspect i", "inspect c")
    assert state.inspector == 2
    assert state.hands[1][L] == 1 and state.hands[3][C] == 1


def test_a_seat_without_controller_is_asked_too() -> None:
    """Skipping a seat that holds no controller would tell the table what that hand holds: it is asked like
    every opponent, its only answer is no, and the table hears the same "no" as from a seat that chose it."""
    state = table(((G, G), (G,), (C,)))
    events: list[Event] = []
    state = R.apply(state, parse_action(state, "convoy g g"), events)
    assert state.phase == R.Phase.COMMIT and state.asking == 1
    assert R.legal_actions(state) == [R.Act(R.NO_COMMIT)]
    state = R.apply(state, parse_action(state, "no"), events)
    assert state.phase == R.Phase.COMMIT and state.asking == 2
    assert [e.text for e in events if e.kind == "nocommit"] == ["Seat 2 does not inspect."]


def events_of(state: R.ProhisState, *texts: str) -> tuple[R.ProhisState, list[Event]]:
    events: list[Event] = []
    for text in texts:
        state = answer_forced(R.apply(state, parse_action(state, text), events), events)
    return state, events


def first_turned(state: R.ProhisState, texts: tuple[str, ...], kind: int) -> R.ProhisState:
    """The state after ``texts`` for the first seed whose convoy turns ``kind`` over first."""
    for seed in range(60):
        after = play(dataclasses.replace(state, seed=seed), *texts)
        if after.convoy[after.order[0]] == kind:
            return after
    raise AssertionError("no seed turns that card first")


@pytest.mark.parametrize("informant", [L, C, I])
def test_every_controller_is_an_informant_in_a_convoy(informant: int) -> None:
    letter = "lci"[informant - L]
    state = table(((informant, X, X), (I,), (G,)))
    state = first_turned(state, (f"convoy {letter} x x", "inspect i"), informant)
    state, events = events_of(state, "inspect")
    assert [e.kind for e in events][-2:] == ["informant", "passed"]
    # named as the card it is (a trial: "An informant" is a word no rule sheet of ours uses)
    name = ("lieutenant", "captain", "inspector")[informant - L]
    article = "An" if name == "inspector" else "A"
    assert events[-2].text == f"{article} {name} in the convoy stops the inspection."
    assert events[-2].data["card"] == name
    # two illegal goods get through
    assert R.cards_of(state.warehouses[0]) == tuple(sorted((informant, X, X)))
    assert R.cards_of(state.hands[0]) == (I,)  # and the inspector's controller joins the smuggler's hand


def test_an_unturned_controller_is_seized_with_the_convoy() -> None:
    state = first_turned(table(((X, C, G), (L,), (G,))), ("convoy x c", "inspect l"), X)
    state = play(state, "no bribe", "inspect")
    assert R.cards_of(state.warehouses[1]) == (X, L, C)  # the convoy's captain too, worth 4,000 stored
    assert state.public[1] == R.counts_of((X, L))  # the captain was never seen by the table
    assert R.cards_of(state.hands[0]) == (G,)


def test_controllers_as_a_bribe() -> None:
    state = table(((X, X, C, I), (L,), (G,)))
    accepted = play(state, "convoy x x", "inspect l", "bribe c i", "accept")
    assert R.cards_of(accepted.warehouses[1]) == (C, I)  # stored: 9,000 instead of 5,000 in hand
    assert R.cards_of(accepted.hands[1]) == (L,) and R.cards_of(accepted.warehouses[0]) == (X, X)
    assert accepted.public[1] == R.ZERO  # a bribe is seen by the two players only
    refused = play(state, "convoy x x", "inspect l", "bribe c i", "refuse")
    assert R.cards_of(refused.hands[0]) == (C, I)  # back to the smuggler's hand


def test_no_card_left_for_a_bribe_is_said() -> None:
    state, events = events_of(table(((X, G), (C,), (G,))), "convoy x g", "inspect c")
    assert state.phase == R.Phase.JUDGE and not state.offered
    assert events[-1].text == "Seat 1 has no card left to offer as a bribe."


def test_bribe_accepted() -> None:
    state = table(((X, X, G, G), (C,), (G,)))
    state = play(state, "convoy x x", "inspect c", "bribe g")
    assert state.phase == R.Phase.JUDGE and state.offered
    state = play(state, "accept")
    assert R.cards_of(state.warehouses[1]) == (G,)
    assert R.cards_of(state.hands[1]) == (C,)
    assert R.cards_of(state.warehouses[0]) == (X, X)
    assert R.cards_of(state.hands[0]) == (G,)


def test_bribe_refused_then_seized() -> None:
    state = table(((X, X, G), (C,), (G,)))
    state = play(state, "convoy x x", "inspect c", "bribe g", "refuse")
    assert R.cards_of(state.hands[0]) == (G,)  # the bribe came back
    assert R.cards_of(state.warehouses[1]) == (X, X, C)  # convoy and controller
    assert state.public[1][X] == 1 and state.public[1][C] == 1  # the turned card and the controller
    assert state.warehouses[0] == R.ZERO


def test_no_bribe_decline_puts_controller_in_own_warehouse() -> None:
    state = table(((X, G), (C,), (G,)))
    state = play(state, "convoy x g", "inspect c")
    assert state.phase == R.Phase.JUDGE  # empty hand: no bribe possible
    state = play(state, "decline")
    assert R.cards_of(state.warehouses[1]) == (C,)
    assert R.cards_of(state.warehouses[0]) == (G, X)


def test_inspection_legal_only_passes_and_active_takes_controller() -> None:
    state = table(((G, G, G, G), (I,), (G,)))
    state = play(state, "convoy g g g", "inspect i", "no bribe", "inspect")
    assert R.cards_of(state.warehouses[0]) == (G, G, G)
    assert R.cards_of(state.hands[0]) == (G, I)
    assert state.warehouses[1] == R.ZERO and state.hands[1] == R.ZERO


def test_inspection_stops_at_rank() -> None:
    # a lieutenant turns one card; find a seed order whose first card is legal
    for seed in range(40):
        state = dataclasses.replace(table(((G, X), (L,), (G,))), seed=seed)
        state = play(state, "convoy g x", "inspect l")
        if state.convoy[state.order[0]] == G:
            state = play(state, "inspect")
            assert R.cards_of(state.warehouses[0]) == (G, X)  # the illegal good was never turned
            assert R.cards_of(state.hands[0]) == (L,)
            return
    pytest.fail("no seed put the legal good first")


def test_informant_stops_inspection() -> None:
    for seed in range(40):
        state = dataclasses.replace(table(((L, X), (I,), (G,))), seed=seed)
        state = play(state, "convoy l x", "inspect i")
        if state.convoy[state.order[0]] == L:
            state = play(state, "inspect")
            assert R.cards_of(state.warehouses[0]) == (X, L)
            assert R.cards_of(state.hands[0]) == (I,)
            return
    pytest.fail("no seed put the lieutenant first")


def test_final_round_every_player_once_more_emptier_last() -> None:
    state = table(((C, I), (C, I), (C, I)), pile=(G,), active=1)
    state = play(state, "pile")  # Seat 2 empties the pile
    assert state.final_left == 3
    state = play(state, "take g", "stop")  # Seat 3
    state = play(state, "take x", "stop")  # Seat 1
    assert state.phase != R.Phase.OVER and state.active == 1
    state = play(state, "pass")  # Seat 2, last
    assert state.phase == R.Phase.OVER
    assert state.display.count(None) == 2  # empty slots stay empty


def test_all_pass_ends_at_once() -> None:
    state = dataclasses.replace(table(((C, I), (C, I), (C, I)), pile=()), final_left=10)
    state = play(state, "pass", "pass", "pass")
    assert state.phase == R.Phase.OVER and "passed" in state.reason


def test_pass_only_when_pile_empty_or_stuck() -> None:
    state = table(((G, G, C), (C,), (C,)))
    with pytest.raises(IllegalError, match="no passing"):
        parse_action(state, "pass")
    anytime = table(((G, G, C), (C,), (C,)), pass_any_time=True)
    assert play(anytime, "pass").active == 1
    stuck = table(((G,), (C,), (C,)), pile=(), display=(None,) * 4)
    assert R.Act(R.PASS) in R.legal_actions(stuck)


def test_scoring_corrected_and_seed_values() -> None:
    hand = R.counts_of((X, L, C, I, G))
    warehouse = R.counts_of((G, X, L, C, I))
    assert R.score(hand, warehouse) == 1000 + 4000 + 3000 + 4000 + 5000 - 4000 + 1000 + 2000 + 3000
    assert R.score(hand, warehouse, seed_values=True) == 1000 + 1000 + 3000 + 4000 + 3000 + 2000


def test_result_shared_win_and_unknown_cards() -> None:
    state = table(((G,), (G,), (L,)))
    state = dataclasses.replace(state, warehouses=hands((G, G), (G, G), ()), phase=R.Phase.OVER)
    result = R.result_of(state)
    assert result.winners == (0, 1)
    # cards the tool did not see are counted first (tests/test_endings_prohis.py)
    physical = dataclasses.replace(state, hands=hands((UNKNOWN,), (G,), ()))
    with pytest.raises(ValueError, match="still to be counted"):
        R.result_of(physical)


def test_physical_mode_typed_cards_and_person_convoy() -> None:
    cfg = R.ProhisConfig(players=3, physical=True, untracked=(0,))
    state = R.initial_state(cfg, 5)
    assert R.to_move(state) == CHANCE
    assert state.hands[0][UNKNOWN] == 6
    for _ in range(8):  # bots' 4 cards each
        state = play(state, "g")
    state = play(state, "x", "x", "l", "g")  # the display
    with pytest.raises(IllegalError, match="goods and lieutenants"):
        parse_action(dataclasses.replace(state, pending=(1,)), "c")
    assert state.display == (X, X, L, G)
    state = dataclasses.replace(state, active=0)
    state = play(state, "convoy 3")
    assert state.convoy == (UNKNOWN,) * 3
    state = play(state, "inspect c", "no")  # Seat 2 puts a captain forward, Seat 3 does not
    with pytest.raises(IllegalError, match="bot"):
        parse_action(state, "bribe 1")  # a bot must be told what it is offered
    state = play(state, "no bribe", "inspect")
    assert state.phase == R.Phase.REVEAL and R.to_move(state) == 0
    state = play(state, "g")
    assert state.phase == R.Phase.REVEAL
    state = play(state, "x")
    assert state.warehouses[1][X] == 1 and state.warehouses[1][UNKNOWN] == 1  # one card never turned
    assert sum(R.known_counts(state)) == sum(deck_counts(3))  # every card somewhere, seen or not
    assert all(n >= 0 for n in R.pool(state))


def test_typed_cards_beyond_components_are_refused() -> None:
    cfg = R.ProhisConfig(players=3, physical=True, untracked=(0,))
    state = R.initial_state(cfg, 5)
    for _ in range(6):
        state = play(state, "l")
    with pytest.raises(IllegalError, match="lieutenant"):
        parse_action(state, "l")  # 6 lieutenants at 3 players: a seventh is refused
