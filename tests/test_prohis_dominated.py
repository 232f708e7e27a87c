"""``hard`` Prohis sets aside the options that can never be better than another before it decides
(``ai.prohis.bots.hard.undominated``): one test per case, through the bot as the table seats it."""

from __future__ import annotations

import dataclasses
import random

from ai.prohis import rules as R
from ai.prohis.bots.hard import NO_BETTER, undominated
from ai.prohis.game import GAME
from ai.prohis.notation import format_action
from ai.prohis.observation import observe
from tests.support.prohis import C, G, I, L, X, dealt, play


def near_the_end(state: R.ProhisState) -> R.ProhisState:
    """All but 2 cards per player of the pile stored in seat 0's warehouse (the card's "near the end")."""
    keep = 2 * state.n
    stored = R.add(state.warehouses[0], state.pile[keep:])
    return dataclasses.replace(state, pile=state.pile[:keep], warehouses=(stored, *state.warehouses[1:]))


def last_turn(hands: tuple[tuple[int, ...], ...], display: tuple[int, ...]) -> R.ProhisState:
    """Seat 0 plays the game's last turn: the pile is empty (its cards in seat 0's warehouse), one turn left."""
    state = dealt(hands, display)
    stored = R.add(state.warehouses[0], state.pile)
    return dataclasses.replace(state, pile=(), warehouses=(stored, *state.warehouses[1:]), final_left=1)


def decisions(state: R.ProhisState, seeds: int = 8, iterations: int = 30) -> list[tuple[str, object, int]]:
    """The hard bot's choice for the seat to move, with its reason and the deals it searched, for each seed."""
    seat = R.to_move(state)
    out = []
    for seed in range(seeds):
        bot = GAME.make_player("hard", seat, state.config, iterations=iterations)
        decision = bot.decide(observe(state, seat), R.legal_actions(state), random.Random(seed))
        out.append((format_action(state, decision.action), decision.debug, bot.last_iterations))
    return out


def test_a_controller_lower_than_one_forward_is_never_put_forward() -> None:
    # near the end Cat holds a lieutenant and a captain, and Ben has put his inspector forward: the inspector
    # inspects whatever Cat does, so her controllers would come straight back
    state = play(near_the_end(dealt(((G, G, G), (C, I), (L, C, I)))), "convoy g g", "inspect i")
    legal = R.legal_actions(state)
    assert {format_action(state, a) for a in legal} == {"no", "inspect l", "inspect c", "inspect i"}
    assert [format_action(state, a) for a in undominated(observe(state, 2), legal)] == ["no"]
    assert decisions(state) == [("no", NO_BETTER, 0)] * 8  # no search: there is nothing to weigh


def test_a_controller_equal_to_one_forward_is_never_put_forward() -> None:
    # Ben, nearer clockwise from Ann, has put his captain forward: Cat's captain would lose the tie and her
    # lieutenant ranks lower; only her inspector would take the inspection over
    state = play(near_the_end(dealt(((G, G, G), (C, I), (L, C, I)))), "convoy g g", "inspect c")
    kept = undominated(observe(state, 2), R.legal_actions(state))
    assert [format_action(state, a) for a in kept] == ["no", "inspect i"]
    assert all(action in ("no", "inspect i") for action, _, _ in decisions(state))


def test_the_last_turn_of_the_game_never_takes_an_illegal_good() -> None:
    # Ann plays the game's last turn: an illegal good taken now counts -4,000 in her hand, and even a lieutenant
    # after it (+1,000) leaves her below passing. The card takes illegal goods first
    state = last_turn(((G, C, I), (C, I), (C, I)), (X, G, L, X))
    normal = GAME.make_player("normal", 0, state.config)
    assert (
        format_action(
            state, normal.decide(observe(state, 0), R.legal_actions(state), random.Random(0)).action
        )
        == "take x"
    )
    kept = {format_action(state, a) for a in undominated(observe(state, 0), R.legal_actions(state))}
    assert "take x" not in kept and {"take l", "take g", "pass"} <= kept
    assert all(action != "take x" for action, _, _ in decisions(state))
    # one turn earlier the illegal good is kept: taking it also keeps it from the next player
    earlier = dataclasses.replace(state, final_left=2)
    assert R.Act(R.TAKE, (X,)) in undominated(observe(earlier, 0), R.legal_actions(earlier))


def test_the_second_card_of_the_last_turn_is_never_an_illegal_good() -> None:
    # after a lieutenant, an illegal good or a legal one is left on the display: the illegal good can only cost
    state = play(last_turn(((G, C, I), (C, I), (C, I)), (L, X, G, X)), "take l")
    assert state.phase == R.Phase.SECOND
    kept = [format_action(state, a) for a in undominated(observe(state, 0), R.legal_actions(state))]
    assert "take x" not in kept and "stop" in kept
    assert all(action != "take x" for action, _, _ in decisions(state))
    only_illegal = play(last_turn(((G, C, I), (C, I), (C, I)), (L, X, X, X)), "take l")
    assert decisions(only_illegal, seeds=2) == [("stop", NO_BETTER, 0)] * 2


def test_hard_banks_its_captain_and_inspector_on_its_last_turn() -> None:
    # a habit from outside (bank-controllers, issue 38) won 32.2% of 500 games against three hard bots at 20
    # deals (fair 25%): a controller scores 2,000 more in a warehouse than in hand, and hard's candidate
    # convoys never held one. Its rule h2 sends them on its last turn, before any search
    state = dataclasses.replace(last_turn(((G, L, C, I), (C, I), (C, I)), (X, G, L, X)), final_left=3)
    assert decisions(state, seeds=2) == [("convoy g l c i", "rule h2: bank the controllers", 0)] * 2
    no_controller = dataclasses.replace(last_turn(((G, L, L), (C, I), (C, I)), (X, G, L, X)), final_left=3)
    assert [debug for _, debug, _ in decisions(no_controller, seeds=1)] != ["rule h2: bank the controllers"]
    earlier = dataclasses.replace(state, final_left=None)  # before the final round it keeps them to inspect
    assert [debug for _, debug, _ in decisions(earlier, seeds=1)] != ["rule h2: bank the controllers"]
