"""With a real deck (``--physical``) the counts on the screen are what the real table holds when it has done what
the messages said: a card dealt, drawn or turned up is off the pile at once and only typed later, and undoing
a typed card leaves it where it lies (one line, counting the cards)."""

from __future__ import annotations

import io
import random

from ai.games import get
from ai.potra_bash.rules import PotraConfig
from ai.prohis import rules as R
from ai.prohis.display import board_data
from ai.prohis.game import GAME

PROHIS = R.ProhisConfig(players=4, names=("Ann", "Bot2", "Bot3", "Bot4"), physical=True, untracked=(0,))


def _dealt(state: R.ProhisState) -> R.ProhisState:
    """The setup's deal typed: each bot's 4 cards, then the display."""
    while state.pending and state.pending[0] >= 0:
        state = GAME.apply(state, GAME.parse_action(state, "g g x l"))
    return GAME.apply(state, GAME.parse_action(state, "g g x g"))


def test_prohis_physical_deal_counts_the_cards_the_setup_dealt_and_undo_leaves_them_in_the_bots_hand() -> (
    None
):
    state = GAME.initial_state(PROHIS, 5)
    board = board_data(state)
    assert board["pile"] == 66 - 4 * 4 - 4  # the setup dealt every hand and turned up the display
    assert board["hands"] == {"Ann": 6, "Bot2": 6, "Bot3": 6, "Bot4": 6}
    assert board["display"] == [None] * 4 and "Display: ?, ?, ?, ?" in _text(state)
    prompt = GAME.prompt(state)
    assert "type the 4 cards dealt face down to Bot2" in prompt and "deal them" not in prompt
    act = GAME.parse_action(state, "g x")
    after, events = GAME.step(state, act)
    assert [e.table for e in events] == [("They stay face down in Bot2's hand.",)]
    assert GAME.undo_steps(state, act, after) == [
        "Leave the 2 cards face down in Bot2's hand; type them again when asked."
    ]
    assert board_data(after)["pile"] == board["pile"] and board_data(after)["hands"]["Bot2"] == 6
    typed = GAME.parse_action(after, "x g")
    assert GAME.undo_steps(after, typed, GAME.apply(after, typed)) == [
        "Leave the 2 cards face down in Bot2's hand; type them again when asked."
    ]


def test_prohis_physical_refill_is_turned_up_with_the_take_and_its_typing_undone_in_place() -> None:
    rng = random.Random(1)
    state = _dealt(GAME.initial_state(PROHIS, 5))
    for _ in range(200):  # random play until a bot's take leaves a display slot to type
        act = rng.choice(list(GAME.legal_actions(state)))
        before = state
        state, events = GAME.step(state, act)
        if state.pending and state.pending[0] < 0:
            break
    else:
        raise AssertionError("no display card to type")
    slot = -state.pending[0]
    take = next(e for e in events if e.kind == "take")
    assert f"Turn up the pile's top card into display slot {slot} (type it next)." in take.table
    assert board_data(state)["pile"] == len(before.pile) - 1
    assert f"display slot {slot} (g, x or l)" in GAME.prompt(state)
    assert (
        GAME.undo_steps(before, act, state)[0]
        == f"Put the card in display slot {slot} back on top of the pile."
    )
    typed = GAME.parse_action(state, "g")
    after = GAME.apply(state, typed)
    assert GAME.undo_steps(state, typed, after) == [
        f"Leave the card face up in display slot {slot}; type it again when asked."
    ]
    assert board_data(after)["pile"] == board_data(state)["pile"]


def _text(state: R.ProhisState) -> str:
    from rich.console import Console

    console = Console(width=80, record=True, file=io.StringIO())
    console.print(GAME.render(state))
    return console.export_text()


def test_potra_physical_deal_says_type_what_was_dealt_and_counts_the_bots_hands() -> None:
    game = get("potra-bash")
    config = PotraConfig(players=3, names=("Ann", "Bot2", "Bot3"), physical=True, untracked=(0,))
    state = game.initial_state(config, 5)
    board = game.board_data(state)
    assert board["hands"] == {"Ann": 3, "Bot2": 3, "Bot3": 3} and board["deck"] == 40
    assert game.prompt(state).startswith("Type the cards dealt to Bot3: 3 more cards")
    assert "turned up, to type" in game.status(state)
    while state.pending[0] != -1:
        state = game.apply(state, game.parse_action(state, "4 -2 1"))
    assert game.prompt(state).startswith("Type the centre card turned up from the deck")
