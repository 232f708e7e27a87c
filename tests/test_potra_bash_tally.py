"""The Potra Bash card reads the table's tally (rule 6a): a player who keeps passing in laps 2 and 3 makes the card
keep its minus cards. It fires on a record that shows the habit, not on an empty or card-like one; a session
against the habit changes the card's choice once the habit is seen; the record it reads follows from what the
table saw, never from a hidden card."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.habits import game_over
from ai.potra_bash.bots.card import NORMAL_RULES, PASSES_PER_PLAY, TALLY
from ai.potra_bash.game import GAME
from ai.potra_bash.observation import observe
from ai.potra_bash.rules import PASS, Phase, Play, PotraConfig, PotraState, initial_state, legal_actions
from ai.potra_bash.state import NO_RECORD
from ai.words import language, tr

CONFIG = PotraConfig(players=3, names=("Ann", "Ben", "Cat"))


def counts(passed: int, played: int) -> tuple[int, ...]:
    return (passed, played, 0, 0, 0, 0)


def lap_two(record: tuple[tuple[int, ...], ...] = ()) -> PotraState:
    """Ann to play in lap 2 holding a −3, a −2 and a 3; the centre card is bad for her."""
    base = dataclasses.replace(initial_state(CONFIG, 1), starter=0)
    return dataclasses.replace(
        base, hands=((-2, -3, 3), (1, 1, 1), (3, 3, 3)), centre=-2, lap=2, record=record
    )


def decide(state: PotraState, player: object = None) -> tuple[object, str]:
    seat = GAME.to_move(state)
    bot = player or GAME.make_player("normal", seat, state.config)
    decision = bot.decide(observe(state, seat), legal_actions(state), random.Random(0))  # type: ignore[attr-defined]
    return decision.action, decision.debug or ""


def test_a_player_who_keeps_passing_makes_the_card_keep_its_minus_cards() -> None:
    record = (NO_RECORD, counts(TALLY, 0), counts(3, 4))
    action, why = decide(lap_two(record))
    assert action == PASS
    assert (
        why == "rule 6a: a player keeps passing, Ben passed 8 times in laps 2 and 3 and played 0 cards there"
    )
    action, _ = decide(lap_two((NO_RECORD, counts(PASSES_PER_PLAY * 2, 2), NO_RECORD)))
    assert action == PASS
    with language("fr"):
        _, why = decide(lap_two((NO_RECORD, NO_RECORD, counts(12, 1))))
    assert why.endswith("Cat a passé 12 fois aux tours 2 et 3 et y a joué 1 carte")
    with language("ru"):
        _, why = decide(lap_two(record))
    assert "Ben: в кругах 2 и 3 пасов — 8, сыгранных карт — 0" in why


def test_an_empty_short_or_card_like_record_leaves_the_minus_card_dumped() -> None:
    for record in (
        (),
        (NO_RECORD,) * 3,
        (NO_RECORD, counts(TALLY - 1, 0), NO_RECORD),  # too short a tally
        (NO_RECORD, counts(30, 29), counts(TALLY * 2, 2)),  # passes about as often as the card
        (counts(40, 0), NO_RECORD, NO_RECORD),  # its own passes
    ):
        action, why = decide(lap_two(record))
        assert action == Play(-3), record
        assert why.startswith("rule 7: dump a minus card")


def test_with_no_minus_card_or_in_lap_one_the_tally_changes_nothing() -> None:
    record = (NO_RECORD, counts(20, 0), NO_RECORD)
    action, why = decide(dataclasses.replace(lap_two(record), hands=((4, 3, 1), (1, 1, 1), (3, 3, 3))))
    assert (action, why.split(",")[0]) == (PASS, "rule 8: Otherwise: pass")
    action, _ = decide(dataclasses.replace(lap_two(record), lap=1))
    assert action == Play(-3)


def play_game(seed: int, players: list[object], config: PotraConfig) -> tuple[PotraState, int, int]:
    """One game; how often the card's rule 6a decided, and the card's decisions in laps 2 and 3."""
    state = initial_state(config, seed)
    rng = random.Random(seed)
    fired = asked = 0
    while not GAME.is_over(state):
        seat = GAME.to_move(state)
        legal = legal_actions(state)
        decision = players[seat].decide(observe(state, seat), legal, rng)  # type: ignore[attr-defined]
        if state.phase == Phase.PLAY and PASS in legal and getattr(players[seat], "name", "") == "normal":
            asked += 1
            fired += (decision.debug or "").startswith("rule 6a")
        state = GAME.apply(state, decision.action)
    for seat, player in enumerate(players):
        game_over(player, observe(state, seat))
    return state, fired, asked


def test_the_card_against_itself_hardly_ever_reads_a_player_who_keeps_passing() -> None:
    config = PotraConfig(players=4)
    players = [GAME.make_player("normal", seat, config) for seat in range(4)]
    fired = asked = 0
    for seed in range(10):  # a session of 10 games at one table
        _, f, a = play_game(seed, players, config)
        fired, asked = fired + f, asked + a
    assert asked > 300
    assert fired * 100 <= asked


def test_a_session_against_keep_cards_turns_the_card_to_keeping_its_minus_cards() -> None:
    card = GAME.make_player("normal", 0, CONFIG)
    players = [card, GAME.make_player("exploit:keep-cards", 1, CONFIG), GAME.make_player("normal", 2, CONFIG)]
    assert decide(lap_two(), card)[0] == Play(-3)  # nothing seen yet: the card dumps its −3
    play_game(7, players, CONFIG)
    # the next game: Ben's passes of the game before are in the card's tally
    action, why = decide(lap_two(), card)
    assert action == PASS
    assert why.startswith("rule 6a: a player keeps passing, Ben passed")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.integers(1, 150))
def test_the_record_does_not_depend_on_cards_nobody_has_seen(seed: int, shuffle: int, moves: int) -> None:
    """The same moves on two deals whose decks differ (cards nobody has seen) count the same record, as long as
    those moves are legal on both."""
    state = initial_state(PotraConfig(players=4), seed)
    deck = list(state.deck)
    random.Random(shuffle).shuffle(deck)
    other = dataclasses.replace(state, deck=tuple(deck))
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.is_over(state) or GAME.is_over(other):
            break
        action = rng.choice(legal_actions(state))
        if action not in legal_actions(other):
            break
        state, other = GAME.apply(state, action), GAME.apply(other, action)
        assert state.record == other.record


def test_rule_6a_and_the_tally_note_are_said_in_russian_and_french() -> None:
    rule = next(r for r in NORMAL_RULES.rules if r.key == "6a")
    for lang in ("ru", "fr"):
        with language(lang):
            for text in (rule.name, rule.text, rule.action, NORMAL_RULES.notes[-1]):
                assert tr(text) != text, (lang, text)
