"""The ``normal`` card reads the table's tally (rule 8a): a family seen fighting for nearly every manor of rounds
1-5 gets no face-down card from the bot before round 9, which keeps its ghosts for the fights. The tally is the
public record (``ai.rip.record``), over the evening's games; the card's own play does not look like it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.habits import game_over
from ai.protocol import Player
from ai.rip.bots.card import LEFT_ONE_IN, NORMAL, TALLY, hint_reason
from ai.rip.bots.exploiters import EXPLOITERS
from ai.rip.components import BLUE, GREEN
from ai.rip.game import GAME
from ai.rip.observation import RipObservation, observe, with_records
from ai.rip.record import CONCEDED_MANOR_EARLY, FOUGHT_MANOR_EARLY, NO_RECORD
from ai.rip.rules import (
    SKIP,
    Action,
    Card,
    Down,
    Phase,
    RipConfig,
    RipState,
    initial_state,
    legal_actions,
    replace,
)
from ai.words import language

KEEP = "the other family fights for nearly every manor: it keeps its ghosts for the fights"


def _lost(round_: int, hand: tuple[int, ...] = (1, 2, 5, 6)) -> RipState:
    """Blue has just lost round ``round_`` holding ``hand``: the face-down card is its to choose."""
    state = initial_state(RipConfig(physical=(GREEN,), first=GREEN), 3)
    blue = replace(state.sides[BLUE], hand=hand, owned=())
    return replace(state, phase=Phase.FACEDOWN, round=round_, loser=BLUE, sides=(state.sides[GREEN], blue))


def _green(fought: int, left: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A record where Green fought ``fought`` manor turns of rounds 1-5 and left ``left``."""
    green = list(NO_RECORD)
    green[FOUGHT_MANOR_EARLY], green[CONCEDED_MANOR_EARLY] = fought, left
    return tuple(green), NO_RECORD


def _rule(state: RipState, record: tuple[tuple[int, ...], ...]) -> str:
    rule, _ = NORMAL.first(with_records(observe(state, BLUE), record), legal_actions(state))
    return rule.key


def test_a_fighter_gets_no_face_down_card_a_card_like_or_short_tally_does() -> None:
    state = _lost(4)
    assert _rule(state, _green(0, 0)) == "9"  # nothing seen: the card banks its 6 as before
    assert _rule(state, _green(TALLY, 1)) == "8a"  # 1 turn left in 11
    assert _rule(state, _green(2 * TALLY, 2)) == "8a"
    assert _rule(state, _green(TALLY - 1, 0)) == "9"  # the tally is too short to read
    assert _rule(state, _green(TALLY, 2)) == "9"  # 2 in 12: about the card's own 1 in 6
    assert _rule(state, _green(25, 5)) == "9"
    assert _rule(_lost(9), _green(3 * TALLY, 0)) == "9"  # after round 9 a hand has no other use
    # the other family's tally, not the bot's own
    assert _rule(state, tuple(reversed(_green(3 * TALLY, 0)))) == "9"


def test_the_bot_says_why_it_keeps_its_ghosts_and_a_hint_says_it_to_the_person() -> None:
    state = _lost(4)
    obs = with_records(observe(state, BLUE), _green(12, 0))
    decision = GAME.make_player("normal", BLUE, state.config).decide(
        obs, legal_actions(state), random.Random(0)
    )
    assert decision.action == SKIP and decision.reason == KEEP and decision.debug == "rule 8a: fighter"
    # the rule reads nothing hidden: it is named at the table, in the table's language
    with language("ru"):
        said = GAME.make_player("normal", BLUE, state.config).decide(
            obs, legal_actions(state), random.Random(0)
        )
    assert said.action == SKIP and said.reason and said.reason != KEEP and "призрак" in said.reason
    # the person (Blue here) told to keep their ghosts: Green fights for nearly every manor
    assert (
        hint_reason(obs, SKIP)
        == "Green fights for nearly every manor: keep your ghosts in hand for the fights"
    )
    plain = with_records(observe(state, BLUE), _green(12, 4))
    assert hint_reason(plain, SKIP) == "keep your cards in hand for the rounds to come"


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 40),
    st.integers(0, 10),
    st.lists(st.integers(1, 6), min_size=0, max_size=7).map(lambda h: tuple(sorted(h))),
    st.integers(1, 9),
)
def test_rule_8a_reads_the_tally_only_whatever_the_bots_hand(
    fought: int, left: int, hand: tuple[int, ...], round_: int
) -> None:
    state = _lost(round_, hand)
    fires = round_ < 9 and fought >= TALLY and LEFT_ONE_IN * left <= fought + left
    rule = _rule(state, _green(fought, left))
    assert (rule == "8a") == fires
    if fires:
        legal = legal_actions(state)
        _, action = NORMAL.first(with_records(observe(state, BLUE), _green(fought, left)), legal)
        assert action == SKIP


def _session(green: str, games: int, bot: Player[RipObservation, Action]) -> None:
    """``games`` games of ``green`` (a level or an exploiter) against ``bot`` as Blue, at one table."""
    config = RipConfig()
    habit = (
        EXPLOITERS[green].make(GREEN, config)
        if green in EXPLOITERS
        else GAME.make_player(green, GREEN, config)
    )
    for seed in range(games):
        state = GAME.initial_state(config, 100 + seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)
            player = habit if seat == GREEN else bot
            state = GAME.apply(
                state, player.decide(GAME.observation(state, seat), GAME.legal_actions(state), rng).action
            )
        game_over(bot, GAME.observation(state, BLUE))
        game_over(habit, GAME.observation(state, GREEN))


def test_after_a_few_games_against_a_fighter_the_card_keeps_the_6_it_banked_before() -> None:
    state = _lost(4)
    obs, legal = observe(state, BLUE), legal_actions(state)
    bank = Down(Card(False, 6))
    seen = GAME.make_player("normal", BLUE, state.config)
    assert seen.decide(obs, legal, random.Random(0)).action == bank
    _session("fight-all", 3, seen)
    assert seen.decide(obs, legal, random.Random(0)).action == SKIP
    # three games of the card's own play: it banks as before
    mirror = GAME.make_player("normal", BLUE, state.config)
    _session("normal", 3, mirror)
    assert mirror.decide(obs, legal, random.Random(0)).action == bank
