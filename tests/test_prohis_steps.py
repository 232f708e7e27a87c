"""Prohis: every event that moves cards says what the hands do, and every action has steps to take it back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.prohis import rules as R
from ai.prohis.cards import CAPTAIN, ILLEGAL, LEGAL, LETTERS, NAMES, UNKNOWN
from ai.prohis.game import GAME
from ai.prohis.steps import MOVES
from ai.protocol import IllegalError

CONFIGS = [
    R.ProhisConfig(players=4, untracked=(0,)),
    R.ProhisConfig(players=5, untracked=(0, 2)),
    R.ProhisConfig(players=3, physical=True, untracked=(0,)),
    R.ProhisConfig(players=6),
]


def walk(
    config: R.ProhisConfig, seed: int, moves: int = 300
) -> list[tuple[R.ProhisState, R.Act, R.ProhisState, list]]:
    rng = random.Random(seed)
    state = GAME.initial_state(config, seed)
    out = []
    for _ in range(moves):
        if GAME.is_over(state):
            break
        legal = list(GAME.legal_actions(state))
        if not legal:  # the final count: each person types their cards (not listed)
            break
        act = rng.choice(legal)
        after, events = GAME.step(state, act)
        out.append((state, act, after, events))
        state = after
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), config=st.sampled_from(CONFIGS))
def test_every_event_that_moves_cards_has_steps_and_every_action_undo_steps(
    seed: int, config: R.ProhisConfig
) -> None:
    for before, act, after, events in walk(config, seed):
        for event in events:
            if event.kind in MOVES:
                assert event.table, (event.kind, event.text)
            assert all(step.strip() for step in event.table)
            if (
                event.private_to is None
                and not config.physical
                and event.kind in ("convoy", "accept", "seized", "passed", "unseen", "bribe")
            ):
                # a convoy's or a bribe's cards are never named at the shared table in dealer mode
                assert not any("legal" in step for step in event.table), event.table
        undo = GAME.undo_steps(before, act, after)
        assert all(step.strip() for step in undo)
        assert bool(undo) == moved(events), (act, undo)  # steps back exactly when something moved


def moved(events: list) -> bool:
    """Whether a card or token moved at the table (a step other than "Nothing to ...")."""
    return any(
        not step.startswith("Nothing") for event in events if event.private_to is None for step in event.table
    )


def test_undo_steps_for_every_action_kind() -> None:
    verbs: set[str] = set()
    for config in CONFIGS[:3]:
        for seed in range(4):
            for before, act, after, _ in walk(config, seed, 400):
                if GAME.undo_steps(before, act, after):
                    verbs.add(act.verb)
    # stop, no bribe and pass move nothing; no (controller) may end the asking and send controllers back
    assert verbs == {R.TAKE, R.PILE, R.CONVOY, R.COMMIT, R.NO_COMMIT, R.BRIBE, R.ACCEPT, R.REFUSE, R.INSPECT,
                     R.DECLINE, R.REVEAL, R.DEAL}  # fmt: skip


def _person_active(config: R.ProhisConfig) -> R.ProhisState:
    for seed in range(100):
        state = GAME.initial_state(config, seed)
        if state.active == 0:
            return state
    raise AssertionError("no seed where the person starts")


def test_a_persons_convoy_lies_as_typed_and_the_inspection_names_the_card_from_their_left() -> None:
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    state = _person_active(config)
    dealt = R.initial_state(R.ProhisConfig(players=3), state.seed).hands[0]  # what the tool dealt Ann
    laid = (CAPTAIN, *[k for k in R.cards_of(dealt) if k != CAPTAIN][:2][::-1])
    typed = "convoy " + " ".join(LETTERS[k] for k in laid)
    act = GAME.parse_action(state, typed)
    assert act.cards == laid
    assert GAME.format_action(state, act) == typed
    after, events = GAME.step(state, act)
    assert after.convoy == laid
    assert events[0].table == ("Ann: your 3 cards lie face down in a row, left to right as typed.",)
    assert GAME.undo_steps(state, act, after)[-1] == "Ann: take your 3 convoy cards back into your hand."
    # whatever the turning order, the card named is the one Ann laid there
    s = after
    while s.phase in (R.Phase.COMMIT, R.Phase.BRIBE):
        legal = GAME.legal_actions(s)
        pick = next((a for a in legal if a.verb == R.COMMIT), None) or next(
            a for a in legal if a.verb in (R.NO_BRIBE, R.NO_COMMIT)
        )
        s, events = GAME.step(s, pick)
    assert s.phase == R.Phase.JUDGE
    s, events = GAME.step(s, R.Act(R.INSPECT))
    turned = [e for e in events if e.kind == "turned"]
    assert turned
    for e in turned:
        pos = int(e.data["position"])
        assert e.data["card"] == NAMES[laid[pos - 1]]
        assert "card from the left of Ann's convoy" in e.text
        assert e.table[0].startswith("Turn over the ")


def test_physical_deal_typed_several_cards_at_a_time_with_one_line_for_a_wrong_count() -> None:
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), physical=True, untracked=(0,))
    state = GAME.initial_state(config, 1)
    assert GAME.prompt(state).startswith("Bot2: 4 cards still due")
    with pytest.raises(IllegalError, match=r"^Bot2 has 4 cards still due, not 5$"):
        GAME.parse_action(state, "g g g x l")
    act = GAME.parse_action(state, "g x")
    assert GAME.parse_action(state, GAME.format_action(state, act)) == act
    state, events = GAME.step(state, act)
    assert [e.kind for e in events] == ["dealt", "dealt"]
    assert events[0].table == ("Lay it face down on Bot2's hand.",)
    assert GAME.prompt(state).startswith("Bot2: 2 cards still due")
    state = GAME.apply(state, GAME.parse_action(state, "l g"))
    state = GAME.apply(state, GAME.parse_action(state, "4g"))
    assert "slots 1 to 4, left to right" in GAME.prompt(state)
    state, events = GAME.step(state, GAME.parse_action(state, "x x g l"))
    assert state.display == (ILLEGAL, ILLEGAL, LEGAL, R.LIEUTENANT)
    assert [e.data["slot"] for e in events] == [1, 2, 3, 4]
    assert UNKNOWN not in state.hands[1]
