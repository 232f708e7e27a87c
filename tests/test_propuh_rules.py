"""One test per rule of the Propuh spec (shared/rules/propuh.md), through the public game API: the
components, a card's strength, playing a card, the goals. A round's course (two players, solo, a physical
deck) is ``test_propuh_rounds``; the scenes both build are ``tests/propuh_scenes``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from ai.propuh.components import (
    GRANNY,
    KIND_COUNTS,
    LOCS,
    MAXIMA,
    PROPUH,
    Loc,
    full_deck,
    stronger,
)
from ai.propuh.game import GAME
from ai.propuh.rules import (
    Phase,
    Play,
    PropuhConfig,
    PropuhState,
    Unresolved,
)
from ai.protocol import IllegalError
from tests.propuh_scenes import B, S, T, card, cards, events, run, solo, table, two

# --- components ------------------------------------------------------------------------------------------


def test_deck_has_28_cards_split_11_6_11() -> None:
    deck = full_deck()
    assert len(deck) == 28
    by_suit = Counter(c.suit for c in deck)
    assert by_suit == {T: 11, S: 6, B: 11}
    by_kind = Counter((c.suit, c.value) for c in deck)
    expected = {T: (1, 4, 4, 2), S: (1, 2, 2, 1), B: (1, 4, 4, 2)}
    for suit, counts in expected.items():
        assert tuple(by_kind[(suit, v)] for v in (1, 2, 3, 4)) == counts
    assert sum(KIND_COUNTS) == 28


def test_dealer_deck_is_the_28_cards_shuffled_by_seed() -> None:
    a, b, c = solo(1), solo(1), solo(2)
    assert a == b
    assert a.deck != c.deck
    for state in (a, c, two(5)):
        everything = [*state.deck, *state.removed, *state.hands[0], *state.hands[1]]
        assert Counter(everything) == Counter(full_deck())


def test_token_maxima_printed_on_the_boards() -> None:
    assert MAXIMA[GRANNY] == (2, 3, 2)
    assert MAXIMA[PROPUH] == (3, 1, 3)


def test_clockwise_order_is_table_stove_bed() -> None:
    assert [loc.clockwise() for loc in (T, S, B)] == [S, B, T]


def test_token_over_maximum_is_not_placed() -> None:
    # Propuh's Stove 1 is not countered, but the Stove already holds Propuh's maximum (1).
    state = table(
        "t3 t2",
        "b2",
        plays=2,
        tokens=((0, 0, 0), (0, 1, 0)),
        unresolved=Unresolved(PROPUH, card("s1"), S),
    )
    after, evs = GAME.step(state, Play(card("t3"), T))
    assert after.tokens[PROPUH] == (0, 1, 0)
    token = next(e for e in evs if e.kind == "token")
    assert token.data["placed"] is False
    # Granny's side: the Table holds her maximum (2); her uncountered card places nothing more.
    state = table(
        "t2",
        "b2 b3",
        plays=1,
        tokens=((2, 0, 0), (0, 0, 0)),
        unresolved=Unresolved(GRANNY, card("t4"), T),
    )
    after = GAME.apply(state, Play(card("b2"), B))
    assert after.tokens[GRANNY] == (2, 0, 0)


def test_token_under_maximum_is_placed() -> None:
    state = table(
        "t3 t2",
        "b2",
        plays=2,
        tokens=((0, 0, 0), (2, 0, 0)),
        unresolved=Unresolved(PROPUH, card("b4"), T),
    )
    after = GAME.apply(state, Play(card("t3"), B))
    assert after.tokens[PROPUH] == (3, 0, 0)


# --- card strength ---------------------------------------------------------------------------------------


def test_trump_beats_higher_non_trump() -> None:
    assert stronger(card("b1"), card("t4"), B)
    assert not stronger(card("t4"), card("b1"), B)
    assert stronger(card("s2"), card("b4"), S)


def test_both_trump_higher_value_wins() -> None:
    assert stronger(card("t4"), card("t3"), T)
    assert not stronger(card("t3"), card("t4"), T)


def test_neither_trump_higher_value_wins() -> None:
    assert stronger(card("b4"), card("b2"), S)
    assert stronger(card("t3"), card("b2"), S)
    assert not stronger(card("b2"), card("t3"), S)


def test_equal_strength_neither_is_stronger() -> None:
    assert not stronger(card("t3"), card("b3"), S)
    assert not stronger(card("b3"), card("t3"), S)
    assert not stronger(card("t2"), card("t2"), T)


def test_trump_counters_higher_card_on_the_board() -> None:
    # Propuh's Table 1 is trump on the Table and beats Granny's Bed 4 there.
    state = table("b1", "t1", plays=1, unresolved=Unresolved(GRANNY, card("b4"), T))
    after = GAME.apply(state, Play(card("t1"), T))
    assert after.unresolved is None
    assert after.tokens == ((0, 0, 0), (0, 0, 0))


# --- playing cards and the unresolved card ---------------------------------------------------------------


def test_card_may_be_played_on_any_location() -> None:
    state = table("t2 s3 b4", "t1", plays=0, figurine_moved=True)
    plays = {a for a in GAME.legal_actions(state) if isinstance(a, Play)}
    assert plays == {Play(c, loc) for c in cards("t2 s3 b4") for loc in LOCS}


def test_counter_discards_both_without_token() -> None:
    state = table("t2 b3", "t4 s1", plays=1, unresolved=Unresolved(GRANNY, card("t3"), T))
    after, kinds = events(state, "t4 t")
    assert "counter" in kinds and "token" not in kinds
    assert after.unresolved is None
    assert after.tokens == ((0, 0, 0), (0, 0, 0))
    assert after.seen[card("t4").kind] == 1
    assert card("t4") not in after.hands[PROPUH]


def test_failed_counter_places_token_and_becomes_unresolved() -> None:
    # Equal strength on the same location is not a counter.
    state = table("t2 b3", "b3 s1", plays=1, unresolved=Unresolved(GRANNY, card("t3"), S))
    after, kinds = events(state, "b3 s")
    assert "counter" not in kinds and "token" in kinds
    assert after.tokens[GRANNY] == (0, 1, 0)
    assert after.unresolved == Unresolved(PROPUH, card("b3"), S)
    # A weaker card on the same location fails too.
    state = replace(state, hands=(cards("t2 b3"), cards("b2 s1")))
    after = run(state, "b2 s")
    assert after.tokens[GRANNY] == (0, 1, 0)
    assert after.unresolved == Unresolved(PROPUH, card("b2"), S)


def test_play_elsewhere_settles_unresolved() -> None:
    # Even a card that would have countered settles the unresolved card when played elsewhere.
    state = table("t2 b3", "t4 s1", plays=1, unresolved=Unresolved(GRANNY, card("t3"), T))
    after, kinds = events(state, "t4 b")
    assert "token" in kinds and "counter" not in kinds
    assert after.tokens[GRANNY] == (1, 0, 0)
    assert after.unresolved == Unresolved(PROPUH, card("t4"), B)


def test_first_card_of_a_round_places_no_token() -> None:
    state = table("t2 b3", "t4 s1", plays=0, figurine_moved=True)
    after = run(state, "b3 b")
    assert after.tokens == ((0, 0, 0), (0, 0, 0))
    assert after.unresolved == Unresolved(GRANNY, card("b3"), B)


def test_unresolved_card_always_belongs_to_the_opponent_of_the_player_to_move() -> None:
    rng = random.Random(7)
    for config in (PropuhConfig(solo=False), PropuhConfig(), PropuhConfig(physical=True, untracked=(0,))):
        for seed in range(15):
            state = GAME.initial_state(config, seed)
            while not GAME.is_over(state):
                if state.phase == Phase.PLAY and state.unresolved is not None:
                    assert state.unresolved.owner != GAME.to_move(state)
                if state.plays == 0 and state.phase == Phase.PLAY:
                    assert state.unresolved is None
                state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))


def test_card_not_in_hand_is_refused() -> None:
    state = table("t2 b3", "t4 s1", plays=0, figurine_moved=True)
    with pytest.raises(IllegalError):
        GAME.apply(state, Play(card("s4"), S))
    # Out of turn: it is Granny's play, Propuh's card is not hers.
    with pytest.raises(IllegalError):
        GAME.apply(state, Play(card("t4"), T))


# --- goals -----------------------------------------------------------------------------------------------


def end_of_round(
    tokens: tuple[tuple[int, int, int], tuple[int, int, int]], last: str, loc: Loc
) -> PropuhState:
    """Two-player, Propuh's last play of round 1 onto ``loc``; Granny's card is on the Stove."""
    state = table(
        "t2 t3",
        f"{last} s1",
        plays=3,
        tokens=tokens,
        unresolved=Unresolved(GRANNY, card("b2"), S),
        figurine=S,
    )
    return GAME.apply(state, Play(card(last), loc))


def test_granny_wins_with_all_four_goals() -> None:
    # Granny's Stove card settles into her third green on the Stove.
    after = end_of_round(((2, 2, 2), (1, 0, 0)), "b2", T)
    assert GAME.is_over(after)
    assert GAME.result(after).winners == (GRANNY,)
    assert after.round == 1


def test_granny_goal_needs_a_clean_stove() -> None:
    state = table(
        "t2 t3",
        "b2 s1",
        plays=3,
        tokens=((2, 2, 2), (0, 1, 0)),
        unresolved=Unresolved(GRANNY, card("b4"), S),
        figurine=T,
    )
    after = GAME.apply(state, Play(card("b2"), B))
    assert after.tokens == ((2, 3, 2), (0, 1, 1))
    assert not GAME.is_over(after)
    assert after.round == 2


def test_propuh_wins_with_door_and_window() -> None:
    after = end_of_round(((0, 0, 0), (2, 0, 1)), "b2", B)
    assert after.tokens[PROPUH] == (2, 0, 2)
    assert GAME.is_over(after)
    assert GAME.result(after).winners == (PROPUH,)


def test_goals_are_checked_only_at_the_end_of_a_round() -> None:
    # Propuh's uncountered Bed card gives it the second red on the Window mid-round: play goes on.
    state = table(
        "t2 t3",
        "b2 s1",
        plays=2,
        tokens=((0, 0, 0), (2, 0, 1)),
        unresolved=Unresolved(PROPUH, card("b4"), B),
    )
    after = run(state, "t2 t")
    assert after.tokens[PROPUH] == (2, 0, 2)
    assert not GAME.is_over(after)
    assert GAME.to_move(after) == PROPUH
    # At the end of the round it is checked.
    after = run(after, "s1 t")
    assert GAME.is_over(after)
    assert GAME.result(after).winners == (PROPUH,)


def test_both_goals_same_check_propuh_wins() -> None:
    # Granny's Stove card settles into her last goal; Propuh's last card into its.
    after = end_of_round(((2, 2, 2), (2, 0, 1)), "b2", B)
    assert after.tokens == ((2, 3, 2), (2, 0, 2))
    assert GAME.is_over(after)
    result = GAME.result(after)
    assert result.winners == (PROPUH,)
    assert "both" in result.reason


def test_granny_is_tired() -> None:
    # Round 7 of a two-player game: the deck is empty and these are the last cards in the hands.
    state = table(
        "t2",
        "b2",
        plays=3,
        tokens=((1, 0, 0), (0, 0, 0)),
        unresolved=Unresolved(GRANNY, card("t3"), T),
        figurine=B,
        round=7,
        deck=(),
        deck_size=0,
    )
    state = replace(state, hands=((), cards("b2")))
    after = GAME.apply(state, Play(card("b2"), S))
    assert GAME.is_over(after)
    result = GAME.result(after)
    assert result.winners == (PROPUH,)
    assert "tired" in result.reason


def test_granny_is_not_tired_while_cards_remain() -> None:
    state = table(
        "t2",
        "b2 b3",
        plays=3,
        unresolved=Unresolved(GRANNY, card("t3"), T),
        figurine=T,
        round=6,
        deck=(),
        deck_size=0,
    )
    after = GAME.apply(state, Play(card("b2"), S))
    assert not GAME.is_over(after)
    assert after.round == 7
    assert after.hands == (cards("t2"), cards("b3"))


def test_a_win_at_the_last_check_beats_tiredness() -> None:
    state = table(
        "t2",
        "b2",
        plays=3,
        tokens=((2, 2, 2), (0, 0, 0)),
        unresolved=Unresolved(GRANNY, card("s3"), S),
        round=7,
        deck=(),
        deck_size=0,
    )
    state = replace(state, hands=((), cards("b2")))
    after = GAME.apply(state, Play(card("b2"), T))
    assert GAME.result(after).winners == (GRANNY,)
    assert "tired" not in GAME.result(after).reason
