"""What the table has seen each family do (``RipState.record``: public): fights and concessions by mansion kind and
phase, the cards a fight cost, and whether a lost round's loser banked a card (never which)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.habits import Watcher, game_over
from ai.levels import make_player
from ai.protocol import Decision, Event
from ai.rip.bots import LEVELS
from ai.rip.bots.card import NORMAL
from ai.rip.bots.exploiters import EXPLOITERS, FIGHT_ALL, SWITCH_AFTER
from ai.rip.components import BLUE, GREEN
from ai.rip.game import GAME
from ai.rip.notation import parse_action
from ai.rip.observation import RipObservation, observe
from ai.rip.record import (
    BANKED,
    CONCEDED_MANOR_EARLY,
    FOUGHT_MANOR_EARLY,
    NO_RECORD,
    SPENT,
    UNBANKED,
    concessions,
    fight,
    fights,
)
from ai.rip.rules import Action, RipConfig, RipState, apply, initial_state, legal_actions, to_move

LINE = (4, 8, 5, 1, 2, 3, 6, 7, 9)
TOKENS = "MMMCCCCMMM"


def do(state: RipState, *texts: str) -> RipState:
    for text in texts:
        state = apply(state, parse_action(state, text))
    return state


def test_the_worked_examples_fights_concessions_and_banked_cards_are_counted_for_both_families() -> None:
    config = RipConfig(physical=(GREEN, BLUE), first=GREEN, line=LINE, tokens=TOKENS)
    s = initial_state(config, 7)
    assert s.record == (NO_RECORD, NO_RECORD)
    s = do(s, "1 1 2 2 5", "1 2 2 3 4", "1 2", "1 3", "pass", "draw 1 6", "draw 1 5", "down 6")
    green = s.record[GREEN]
    assert green[FOUGHT_MANOR_EARLY] == 1 and green[SPENT] == 2  # one fight of two cards
    assert green[CONCEDED_MANOR_EARLY] == 1 and green[BANKED] == 1
    assert s.record[BLUE][FOUGHT_MANOR_EARLY] == 1 and s.record[BLUE][SPENT] == 2
    s = do(s, "pass", "3 4", "1 2", "down 5")  # Blue passes round 2 at once, holding cards
    assert s.record[BLUE][CONCEDED_MANOR_EARLY] == 1 and s.record[BLUE][BANKED] == 1
    for seat in (GREEN, BLUE):
        assert observe(s, seat).record == s.record


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 2**32 - 1), min_size=2 * len(NO_RECORD), max_size=2 * len(NO_RECORD)))
def test_a_record_given_to_a_state_reads_back_as_given(counts: list[int]) -> None:
    state = initial_state(RipConfig(first=GREEN, line=LINE, tokens=TOKENS), 3)
    record = (tuple(counts[: len(NO_RECORD)]), tuple(counts[len(NO_RECORD) :]))
    assert state.replace(record=record).record == record


def test_a_count_past_what_a_record_holds_is_refused() -> None:
    state = initial_state(RipConfig(first=GREEN, line=LINE, tokens=TOKENS), 3)
    with pytest.raises(ValueError):
        state.replace(record=(NO_RECORD, (*NO_RECORD[:-1], 2**32)))


def test_a_secret_card_put_face_down_counts_as_banked_and_no_card_as_unbanked() -> None:
    config = RipConfig(physical=(GREEN, BLUE), first=GREEN, line=LINE, tokens=TOKENS)
    s = do(initial_state(config, 7), "1 1 2 2 5", "1 2 2 3 4", "1 2", "1 3", "pass", "draw 1 6", "draw 1 5")
    hidden = do(s, "down")
    assert hidden.record[GREEN][BANKED] == 1 and hidden.sides[GREEN].hidden_down == 1
    none = do(s, "none")
    assert none.record[GREEN][UNBANKED] == 1 and none.record[GREEN][BANKED] == 0


def test_the_places_split_manors_from_castles_and_early_from_late() -> None:
    places = {fight(t, r, c) for t in "MC" for r in (1, 9) for c in (False, True)}
    assert places == set(range(8))
    counts = (1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0)
    assert fights(counts) == 1 + 3 + 5 + 7 and concessions(counts) == 2 + 4 + 6 + 8


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_a_record_is_public_every_seat_and_every_deal_of_the_unseen_cards_sees_the_same(seed: int) -> None:
    rng = random.Random(seed)
    state = initial_state(RipConfig(), seed)
    downs = 0
    while to_move(state) >= 0 and rng.random() > 0.01:
        events: list[Event] = []
        state = apply(state, rng.choice(list(legal_actions(state))), events)
        downs += sum(e.kind == "down" for e in events)
    banked = sum(r[BANKED] + r[UNBANKED] for r in state.record)
    assert banked == downs  # every lost round's choice, said aloud, counted once
    for seat in (GREEN, BLUE):
        obs = observe(state, seat)
        assert obs.record == state.record
        assert GAME.determinize(obs, rng).record == state.record  # the unseen cards dealt otherwise: the same


def _midgame(seed: int) -> RipState:
    """A game of random moves up to the first turn of round 2 (Green or Blue to play)."""
    rng = random.Random(seed)
    state = initial_state(RipConfig(first=GREEN), seed)
    while not (state.round == 2 and state.phase.name == "PLAY"):
        state = apply(state, rng.choice(list(legal_actions(state))))
    return state


def test_normal_and_hard_keep_what_they_saw_over_a_sessions_games() -> None:
    seen: list[RipObservation] = []

    class Spy:
        name = "spy"

        def decide(
            self, observation: RipObservation, legal: Sequence[Action], rng: random.Random
        ) -> Decision[Action]:
            seen.append(observation)
            return Decision(legal[0])

    for level in ("normal", "hard"):
        player = make_player("rip", "family", LEVELS, level, GREEN, RipConfig(), iterations=5)
        assert isinstance(player, Watcher)
        player.player = Spy()
        state = _midgame(4)
        game_over(player, observe(state, GREEN))
        game_over(player, observe(state, GREEN))
        player.decide(observe(state, GREEN), legal_actions(state), random.Random(0))
        thrice = tuple(tuple(3 * c for c in seat) for seat in state.record)
        assert seen[-1].record == thrice and any(map(any, thrice))  # two games before and this one


def test_switch_plays_the_card_for_a_sessions_first_games_then_fights_for_every_mansion() -> None:
    player = EXPLOITERS["switch"].make(GREEN, RipConfig())
    # a turn where the card concedes and the habit fights
    rng = random.Random(2)
    state = initial_state(RipConfig(), 2)
    while True:
        if to_move(state) == GREEN and state.phase.name == "PLAY":
            obs, legal = observe(state, GREEN), legal_actions(state)
            card, fights = NORMAL.first(obs, legal)[1], FIGHT_ALL.first(obs, legal)[1]
            if card != fights:
                break
        state = apply(state, rng.choice(list(legal_actions(state))))
    rng = random.Random(0)
    for _ in range(SWITCH_AFTER):
        assert player.decide(obs, legal, rng).action == card
        game_over(player, obs)
    assert player.decide(obs, legal, rng).action == fights
