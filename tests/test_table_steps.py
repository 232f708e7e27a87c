"""Every message that changes the table says what the hands do (``Event.table``), every input can be taken
back step by step (``undo_steps``), and dealt cards are typed as a table deals them (issue 15) — for Propuh,
Prudh and Potra Bash, over random games through the game protocol."""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.games import get
from ai.potra_bash.rules import Deal as PotraDeal
from ai.potra_bash.rules import PotraConfig
from ai.propuh.components import Card, Loc
from ai.propuh.notation import parse_card
from ai.propuh.rules import Deal, PropuhConfig
from ai.protocol import CHANCE, IllegalError, ParseError
from ai.prudh.rules import PrudhConfig
from tests.conftest import run_cli

#: Per game and mode: the event kinds that move something at the table (they must carry steps).
PROPUH_MOVES = {"setup", "play", "counter", "token", "remove", "figurine"}
PRUDH_MOVES = {"setup", "move"}

PROPUH_CONFIGS = {
    "solo physical": PropuhConfig(solo=True, physical=True, untracked=(0,)),
    "solo dealer": PropuhConfig(solo=True, difficulty="random"),
    "two physical": PropuhConfig(solo=False, physical=True),
    "two dealer": PropuhConfig(solo=False),
}


def random_game(game: Any, config: Any, seed: int) -> list[tuple[Any, Any, Any, list[Any]]]:
    """(before, action, after, events) for each step of a game of random legal moves."""
    rng = random.Random(seed)
    state = game.initial_state(config, seed)
    steps = [(None, None, state, game.setup_events(state))]
    while not game.is_over(state):
        action = rng.choice(list(game.legal_actions(state)))
        after, events = game.step(state, action)
        steps.append((state, action, after, events))
        state = after
    return steps


def must_have_steps(kind: str, event: Any, moves: set[str], physical: bool) -> bool:
    if kind in moves:
        return True
    # with a real deck the table deals; in dealer mode the tool deals from a deck nobody holds
    return kind == "deal" and physical and any(event.data.get("counts", {}).values())


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(sorted(PROPUH_CONFIGS)))
def test_propuh_every_event_that_moves_something_says_what_the_hands_do(seed: int, mode: str) -> None:
    config = PROPUH_CONFIGS[mode]
    game = get("propuh")
    for before, _action, after, events in random_game(game, config, seed):
        for event in events:
            if must_have_steps(event.kind, event, PROPUH_MOVES, config.physical):
                assert event.table, (mode, event)
            if event.kind == "deal" and not config.physical:
                assert not event.table
                assert "the tool" in event.text.lower() or "deck is empty" in event.text
            assert all(step.endswith(".") and step[0].isupper() for step in event.table)
        if before is not None and game.is_over(after):
            # a finished game deals nobody and asks nothing of the table
            assert not any(e.kind == "deal" for e in events)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_prudh_every_move_says_what_the_hands_do(seed: int) -> None:
    game = get("prudh")
    variant = ("ordinary", "traditional", "tika", "tomio")[seed % 4]
    for _before, _action, _after, events in random_game(game, PrudhConfig(variant=variant), seed):
        for event in events:
            assert bool(event.table) == (event.kind in PRUDH_MOVES), event


def action_kinds(game: Any, configs: list[Any], seeds: range) -> dict[str, list[str]]:
    """The undo steps of every input in random games, by action kind (with multi-card deals typed in)."""
    seen: dict[str, list[str]] = {}
    for config in configs:
        for seed in seeds:
            for before, action, after, events in random_game(game, config, seed):
                if before is None:
                    continue
                steps = game.undo_steps(before, action, after)
                # steps back exactly when the input moved something at the table, or typed a dealt card
                typed = game.to_move(before) == CHANCE
                assert bool(steps) == (typed or any(e.table for e in events)), (action, events)
                assert all(isinstance(s, str) and s for s in steps)
                seen.setdefault(type(action).__name__, []).extend(steps)
    return seen


def test_propuh_undo_names_the_steps_back_for_every_action_kind() -> None:
    game = get("propuh")
    seen = action_kinds(game, list(PROPUH_CONFIGS.values()), range(6))
    assert set(seen) >= {"Play", "MoveFigurine", "Draw", "Remove"}
    # a typed multi-card deal
    state = game.initial_state(PropuhConfig(solo=False, physical=True), 1)
    action = game.parse_action(state, "b2 b3 b3 s1")
    undo = game.undo_steps(state, action, game.apply(state, action))
    assert undo == ["Leave the 4 cards dealt in Granny's hand; type them again when asked."]


def test_propuh_undo_puts_back_a_played_card_its_token_and_discard() -> None:
    game = get("propuh")
    state = game.initial_state(PropuhConfig(solo=False), 3)  # dealer mode: the supply
    granny = game.parse_action(state, f"{state.hands[0][0]} t")
    state = game.apply(state, granny)
    reply = next(a for a in game.legal_actions(state) if a.loc.name == "STOVE")
    after = game.apply(state, reply)
    undo = game.undo_steps(state, reply, after)
    card = state.unresolved.card.long
    assert undo[0] == "Take the green Granny token back off the Table."
    assert undo[1] == f"Take Granny's {card} back from the discard pile onto the Table."
    assert undo[2] == f"Take Propuh's {reply.card.long} back off the Stove into the supply."


def discarded(events: list[Any]) -> set[tuple[str, str]]:
    """The cards ``events`` discard: (player, card), as their data names them."""
    out = {(e.data["player"], e.data["card"]) for e in events if e.kind in ("token", "counter")}
    other = {"granny": "propuh", "propuh": "granny"}
    return out | {(other[e.data["player"]], e.data["countered"]) for e in events if e.kind == "counter"}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(["solo dealer", "two dealer"]))
def test_propuh_undo_of_an_input_and_its_answer_moves_each_card_once(seed: int, mode: str) -> None:
    """An undo takes an input and the answer to it back together: the steps of each, latest first, except a
    card the first played and the second discarded (countered, or settled when the answer went elsewhere),
    which goes from the discard pile straight back into the supply instead of onto the board and off again."""
    game = get("propuh")
    moves = random_game(game, PROPUH_CONFIGS[mode], seed)[1:]
    trips = 0
    for (before, first, middle, events), (_, second, after, answer) in pairwise(moves):
        back = game.undo_span_steps([before, middle, after], [first, second])
        expected = game.undo_steps(middle, second, after) + game.undo_steps(before, first, middle)
        played = {(e.data["player"], e.data["card"]) for e in events if e.kind == "play"}
        for player, card in played & discarded(answer):
            trips += 1
            who = f"{player.title()}'s {parse_card(card).long} back"
            onto = next(s for s in expected if s.startswith(f"Take {who} from the discard pile onto the "))
            off = next(s for s in expected if s.startswith(f"Take {who} off the ") and s.endswith("supply."))
            straight = f"Take {who} from the discard pile into the supply."
            expected = [straight if s == off else s for s in expected if s != onto]
        assert back == expected
    assert trips  # every random game has some


def test_prudh_undo_restores_every_square_changed() -> None:
    game = get("prudh")
    seen = action_kinds(game, [PrudhConfig(variant="tomio")], range(2))
    assert "Move" in seen
    assert any("back out of the pit" in step for step in seen["Move"])
    state = game.initial_state(PrudhConfig(), 1)
    move = game.parse_action(state, "c3-d4")
    assert game.undo_steps(state, move, game.apply(state, move)) == [
        "Set c3 back to 1 piece, d4 back to 1 piece."
    ]


# -- typing a deal as a table deals ----------------------------------------------------------------------


def test_propuh_two_player_deal_is_typed_seat_by_seat_several_cards_a_line() -> None:
    game = get("propuh")
    state = game.initial_state(PropuhConfig(solo=False, physical=True), 1)
    assert game.to_move(state) == CHANCE
    assert game.prompt(state) == "Type the cards dealt to Granny: 4 more cards, e.g. b3 t2 s1 b2"
    with pytest.raises(IllegalError, match=r"^Granny is due 4 more cards, not 5$"):
        game.parse_action(state, "b2 b3 b3 s1 t1")
    with pytest.raises(
        IllegalError, match="Stove 1 is typed twice on this line, and there is only one: check the cards"
    ):
        game.parse_action(state, "s1 s1")
    action = game.parse_action(state, "b2, bed 3")
    assert action == Deal((Card(Loc.BED, 2), Card(Loc.BED, 3)))
    assert game.format_action(state, action) == "b2 b3"
    state = game.apply(state, action)
    assert game.prompt(state).startswith("Type the cards dealt to Granny: 2 more cards")
    state = game.apply(state, game.parse_action(state, "t1 t2"))
    assert game.prompt(state).startswith("Type the cards dealt to Propuh: 4 more cards")
    state = game.apply(state, game.parse_action(state, "t3 t4 s2 s3"))
    assert [str(c) for c in state.hands[0]] == ["t1", "t2", "b2", "b3"]
    assert [str(c) for c in state.hands[1]] == ["t3", "t4", "s2", "s3"]
    assert game.to_move(state) == 0


def test_propuh_solo_draw_takes_one_card() -> None:
    game = get("propuh")
    state = game.initial_state(PropuhConfig(solo=True, physical=True, untracked=(0,)), 1)
    state = game.apply(state, game.parse_action(state, "b3 t"))
    assert game.prompt(state).startswith("Draw the top card of the deck for Propuh")
    with pytest.raises(ParseError, match="one card drawn"):
        game.parse_action(state, "b2 b3")


# -- Potra Bash --------------------------------------------------------------------------------------------

POTRA_MOVES = {"setup", "play", "take", "round"}
POTRA_CONFIGS = {
    "dealer": PotraConfig(players=4),
    "physical": PotraConfig(players=3, names=("Ann", "Bot2", "Bot3"), physical=True, untracked=(0,)),
}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(sorted(POTRA_CONFIGS)))
def test_potra_every_event_that_moves_something_says_what_the_hands_do(seed: int, mode: str) -> None:
    config = POTRA_CONFIGS[mode]
    for _before, _action, _after, events in random_game(get("potra-bash"), config, seed):
        for event in events:
            moves = event.kind in POTRA_MOVES or (event.kind == "centre" and event.data["card"] is not None)
            assert bool(event.table) == moves, (mode, event)


def test_potra_undo_names_the_steps_back_for_every_action_kind() -> None:
    game = get("potra-bash")
    seen = action_kinds(game, list(POTRA_CONFIGS.values()), range(2))
    assert set(seen) >= {"Play", "Pass", "Take", "Draw"}
    assert any(
        step.startswith("Put the card Bot2 just drew back on top of the deck") for step in seen["Play"]
    )
    assert any(step.endswith("back in the supply.") for step in seen["Play"])


def test_potra_physical_deal_is_typed_bot_by_bot_several_cards_a_line() -> None:
    game = get("potra-bash")
    state = game.initial_state(POTRA_CONFIGS["physical"], 3)
    assert state.starter == 0  # Ann starts: the deal goes Ann (not typed), Bot2, Bot3
    assert game.prompt(state).startswith("Type the cards dealt to Bot2: 3 more cards, e.g. 4 -2 1")
    with pytest.raises(IllegalError, match=r"^Bot2 is due 3 cards now, not 4$"):
        game.parse_action(state, "4 4 1 1")
    action = game.parse_action(state, "4, minus 2")
    assert action == PotraDeal((4, -2)) and game.format_action(state, action) == "4 -2"
    assert game.undo_steps(state, action, game.apply(state, action)) == [
        "Leave the 2 cards in Bot2's hand; type them again when asked."
    ]
    state = game.apply(state, action)
    assert game.prompt(state).startswith("Type the cards dealt to Bot2: 1 more card, e.g. 4")
    state = game.apply(state, game.parse_action(state, "1"))
    state = game.apply(state, game.parse_action(state, "3 3 -3"))
    assert game.prompt(state).startswith("Type the centre card turned up")
    with pytest.raises(IllegalError, match="one centre card"):
        game.parse_action(state, "3 4")
    state = game.apply(state, game.parse_action(state, "3"))
    assert state.hands == ((), (-2, 1, 4), (-3, 3, 3)) and state.centre == 3


def test_potra_physical_game_typed_a_hand_a_line_through_the_cli(home: Path) -> None:
    args = ["play", "potra-bash", "--seats", "Ann,bot,bot", "--physical", "--seed", "3", "--json"]
    run = run_cli(home, args, ["4 -2 1", "3 3 -3", "3", "quit"])
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    prompts = [p["expects"] for p in run.of("prompt")]
    assert prompts[0].startswith("Type the cards dealt to Bot2: 3 more cards")
    assert prompts[1].startswith("Type the cards dealt to Bot3: 3 more cards")
    assert prompts[2].startswith("Type the centre card turned up")
    (setup,) = run.of("setup")
    assert (
        "Deal 3 cards to each player, a player's 3 together, in this order: Ann, Bot2, Bot3."
        in setup["table"]
    )


def test_propuh_s_deal_is_said_once_as_a_step() -> None:
    """A trial: "Deal 2 cards to Granny." then "→ Deal 2 cards from the deck to Granny.": the same deal told
    twice, as if two. The sentence says what the round's cards are; only the step tells the hands to deal."""
    from ai.propuh.steps import deal

    for counts, names in (((2, 0), "Granny 2 cards"), ((1, 3), "Granny 1 card, then Propuh 3 cards")):
        text, steps = deal(counts, physical=True, left=10)
        assert text == f"The next round's cards, from the deck: {names}."
        assert not text.startswith("Deal") and all(step.startswith("Deal ") for step in steps)
        assert len(steps) == sum(1 for n in counts if n)


@pytest.mark.parametrize(
    ("game", "config"),
    [
        ("propuh", PropuhConfig(solo=False)),
        ("potra-bash", PotraConfig(players=3, names=("Ann", "Bot", "Ben"))),
    ],
)
def test_a_hand_the_tool_keeps_is_left_in_the_supply(game: str, config: Any) -> None:
    """A trial: "Granny is dealt Table 4, Stove 1, …" with no step; a new table might take those cards out of
    the supply in view of all. The setup says the hands stay in the tool, and so does each hand dealt."""
    engine = get(game)
    events = engine.setup_events(engine.initial_state(config, 3))
    (setup,) = [e for e in events if e.kind == "setup"]
    assert any("leave every card in the supply until a step says to take it" in step for step in setup.table)
    hands = [e for e in events if e.private_to is not None]
    assert hands and all("stay in the supply until played" in e.text for e in hands)
