"""One test per rule of the Propuh spec (shared/rules/propuh.md), through the public game API: a round's
course, in the two-player game, in solo and with a physical deck. The components, a card's strength, playing
a card and the goals are ``test_propuh_rules``; the scenes both build are ``tests/propuh_scenes``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import replace

import pytest

from ai.propuh import engine
from ai.propuh.components import (
    DIFFICULTY_CARDS,
    GRANNY,
    KINDS,
    LOCS,
    MAXIMA,
    PROPUH,
    Loc,
    full_deck,
)
from ai.propuh.game import GAME
from ai.propuh.rules import (
    Draw,
    MoveFigurine,
    Phase,
    Play,
    PropuhConfig,
    PropuhState,
    Remove,
    Unresolved,
)
from ai.protocol import CHANCE, IllegalError
from tests.propuh_scenes import B, S, T, card, cards, play_out, run, solo, table, two

# --- the two-player round --------------------------------------------------------------------------------


def test_two_player_setup_deals_four_each_figurine_on_stove() -> None:
    state = two(3)
    assert len(state.hands[GRANNY]) == 4 and len(state.hands[PROPUH]) == 4
    assert state.deck_size == len(state.deck) == 20
    assert state.removed == ()
    assert state.figurine == S
    assert state.tokens == ((0, 0, 0), (0, 0, 0))
    assert state.round == 1
    assert GAME.to_move(state) == GRANNY


def test_two_player_turn_order_granny_propuh_granny_propuh() -> None:
    rng = random.Random(1)
    state = two(4)
    order = []
    while state.round == 1 and not GAME.is_over(state):
        order.append(GAME.to_move(state))
        plays = [a for a in GAME.legal_actions(state) if isinstance(a, Play | Remove)]
        state = GAME.apply(state, rng.choice(plays))
    assert order[:4] == [GRANNY, PROPUH, GRANNY, PROPUH]
    assert order[4:] in ([], [GRANNY])  # the figurine's token removal is Granny's


def test_granny_starts_every_round() -> None:
    rng = random.Random(2)
    for seed in range(10):
        state = two(seed)
        last_round = state.round
        while not GAME.is_over(state):
            if state.round != last_round:
                assert state.plays == 0
                assert GAME.to_move(state) == GRANNY
                last_round = state.round
            state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))


def test_figurine_moves_before_granny_first_card_only() -> None:
    state = two(0)
    moves = {a for a in GAME.legal_actions(state) if isinstance(a, MoveFigurine)}
    assert moves == {MoveFigurine(T), MoveFigurine(B)}
    moved = GAME.apply(state, MoveFigurine(B))
    assert moved.figurine == B
    assert GAME.to_move(moved) == GRANNY
    assert not any(isinstance(a, MoveFigurine) for a in GAME.legal_actions(moved))
    with pytest.raises(IllegalError):
        GAME.apply(moved, MoveFigurine(T))
    first = next(a for a in GAME.legal_actions(state) if isinstance(a, Play))
    after = GAME.apply(state, first)
    with pytest.raises(IllegalError):
        GAME.apply(after, MoveFigurine(T))
    # The figurine stays where it was put in later rounds.
    later = play_until_round(moved, 3, random.Random(0))
    assert later is not None
    assert later.figurine == B
    # Each round Granny may move it again before her first card.
    assert later.plays == 0
    assert {a for a in GAME.legal_actions(later) if isinstance(a, MoveFigurine)} == {
        MoveFigurine(T),
        MoveFigurine(S),
    }


def play_until_round(state: PropuhState, round_: int, rng: random.Random) -> PropuhState | None:
    while state.round < round_:
        if GAME.is_over(state):
            return None
        legal = [a for a in GAME.legal_actions(state) if not isinstance(a, MoveFigurine)]
        state = GAME.apply(state, rng.choice(legal))
    return state


def test_end_of_round_propuh_card_places_token() -> None:
    state = table("t2 t3", "b2 s1", plays=3, unresolved=Unresolved(GRANNY, card("t4"), T), figurine=S)
    after, evs = GAME.step(state, Play(card("b2"), B))
    # Granny's card placed hers when Propuh played; Propuh's card left on the board places Propuh's.
    assert after.tokens == ((1, 0, 0), (0, 0, 1))
    assert after.unresolved is None
    assert after.round == 2
    left = [e for e in evs if e.kind == "token" and e.data["player"] == "propuh"]
    assert len(left) == 1 and left[0].data["location"] == "bed"


def test_figurine_removal_default_and_decline() -> None:
    state = table(
        "t2 t3",
        "b2 s1",
        plays=3,
        tokens=((0, 0, 0), (0, 0, 1)),
        unresolved=Unresolved(GRANNY, card("t4"), T),
        figurine=B,
    )
    at_end = GAME.apply(state, Play(card("b2"), B))
    assert at_end.phase == Phase.REMOVE
    assert at_end.tokens[PROPUH] == (0, 0, 2)
    assert GAME.to_move(at_end) == GRANNY
    legal = list(GAME.legal_actions(at_end))
    assert legal == [Remove(True), Remove(False)]  # removal first: it is the default
    assert "yes or no" in GAME.prompt(at_end)
    removed = GAME.apply(at_end, Remove(True))
    assert removed.tokens[PROPUH] == (0, 0, 1)
    assert removed.round == 2 and GAME.to_move(removed) == GRANNY
    kept = GAME.apply(at_end, Remove(False))
    assert kept.tokens[PROPUH] == (0, 0, 2)
    assert kept.round == 2
    with pytest.raises(IllegalError):
        GAME.apply(at_end, Play(card("t2"), T))


def test_figurine_removes_nothing_where_there_is_no_propuh_token() -> None:
    state = table(
        "t2 t3",
        "b2 s1",
        plays=3,
        tokens=((0, 0, 0), (1, 0, 0)),
        unresolved=Unresolved(GRANNY, card("t4"), T),
        figurine=S,
    )
    after = GAME.apply(state, Play(card("b2"), B))
    assert after.phase == Phase.PLAY and after.round == 2
    assert after.tokens[PROPUH] == (1, 0, 1)
    with pytest.raises(IllegalError):
        GAME.apply(after, Remove(True))


def test_figurine_removal_comes_before_the_goal_check() -> None:
    # Propuh's last card makes door 2 and window 2, but the figurine on the Bed takes one away first.
    state = table(
        "t2 t3",
        "b2 s1",
        plays=3,
        tokens=((0, 0, 0), (2, 0, 1)),
        unresolved=Unresolved(GRANNY, card("t4"), S),
        figurine=B,
    )
    at_end = GAME.apply(state, Play(card("b2"), B))
    assert not GAME.is_over(at_end)
    assert not GAME.is_over(GAME.apply(at_end, Remove(True)))
    declined = GAME.apply(at_end, Remove(False))
    assert GAME.is_over(declined) and GAME.result(declined).winners == (PROPUH,)


def test_two_player_deals_two_to_each_player_per_round() -> None:
    state = table("t2 t3 b1 b4", "b2 s1 s2 s3", plays=0, figurine=T, figurine_moved=True)
    state = run(state, "t2 t", "b2 b", "t3 t", "s1 s")
    assert state.round == 2
    assert len(state.hands[GRANNY]) == 4 and len(state.hands[PROPUH]) == 4
    assert state.deck_size == len(state.deck) == 16


def test_two_player_deck_empty_continue_with_hands() -> None:
    rng = random.Random(3)
    for seed in range(20):
        state = two(seed)
        while not GAME.is_over(state):
            if state.plays == 0 and state.phase == Phase.PLAY:
                expected = 4 if state.round <= 6 else 2
                assert len(state.hands[GRANNY]) == len(state.hands[PROPUH]) == expected
                assert state.deck_size == max(0, 20 - 4 * (state.round - 1))
            state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))


def test_two_player_game_ends_by_round_7() -> None:
    rng = random.Random(4)
    reached_seven = 0
    for seed in range(40):
        state = play_out(two(seed), rng)
        assert state.round <= 7
        assert len(GAME.result(state).winners) == 1
        reached_seven += state.round == 7
    assert reached_seven > 0


def test_the_last_two_player_round_ends_in_tiredness_unless_someone_won() -> None:
    rng = random.Random(5)
    tired = 0
    for seed in range(40):
        state = play_out(two(seed), rng)
        if "tired" in state.reason:
            tired += 1
            assert state.round == 7
            assert state.hands == ((), ()) and state.deck_size == 0
    assert tired > 0


# --- single player ---------------------------------------------------------------------------------------


def test_solo_setup_removes_two_deals_three() -> None:
    state = solo(9)
    assert len(state.removed) == 2
    assert len(state.hands[GRANNY]) == 3
    assert state.hands[PROPUH] == ()
    assert state.deck_size == len(state.deck) == 23
    assert state.figurine == S
    assert GAME.to_move(state) == GRANNY
    assert state.drawn is None


@pytest.mark.parametrize(
    ("difficulty", "red"), [("1", (0, 0, 0)), ("2", (0, 0, 1)), ("3", (1, 1, 1))], ids=["d1", "d2", "d3"]
)
def test_solo_difficulty_sets_propuh_tokens(difficulty: str, red: tuple[int, int, int]) -> None:
    for seed in range(3):
        state = solo(seed, difficulty=difficulty)
        assert state.tokens == ((0, 0, 0), red)
        assert state.difficulty_cards == ()


def test_solo_default_is_difficulty_3() -> None:
    assert GAME.default_config().difficulty == "3"
    assert solo(0).tokens[PROPUH] == (1, 1, 1)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_solo_random_difficulty_draws_count_cards(count: int) -> None:
    seen_cards: set[tuple[Loc, int]] = set()
    for seed in range(30):
        state = solo(seed, difficulty="random", random_cards=count)
        drawn = state.difficulty_cards
        assert len(drawn) == count
        assert len(set(drawn)) == count  # drawn without replacement from the five
        assert set(drawn) <= set(DIFFICULTY_CARDS)
        seen_cards |= set(drawn)
        red = [0, 0, 0]
        for loc, n in drawn:
            red[loc] += n
        assert state.tokens[PROPUH] == tuple(
            min(n, MAXIMA[PROPUH][loc]) for loc, n in zip(LOCS, red, strict=True)
        )
        assert all(n <= MAXIMA[PROPUH][loc] for loc, n in zip(LOCS, state.tokens[PROPUH], strict=True))
        assert state.tokens[GRANNY] == (0, 0, 0)
    assert seen_cards == set(DIFFICULTY_CARDS)


def test_solo_random_difficulty_tokens_are_capped_at_the_maxima(monkeypatch: pytest.MonkeyPatch) -> None:
    # The printed difficulty cards never overflow a location; a deck of cards that would must still be capped.
    monkeypatch.setattr(engine, "DIFFICULTY_CARDS", ((S, 1), (S, 1), (B, 2), (B, 2), (T, 2)))
    state = solo(0, difficulty="random", random_cards=4)
    red = [0, 0, 0]
    for where, n in state.difficulty_cards:
        red[where] += n
    assert red != [min(n, m) for n, m in zip(red, MAXIMA[PROPUH], strict=True)]
    assert state.tokens[PROPUH] == tuple(min(n, m) for n, m in zip(red, MAXIMA[PROPUH], strict=True))


def test_solo_random_difficulty_defaults_to_two_cards() -> None:
    assert PropuhConfig().random_cards == 2
    assert len(solo(0, difficulty="random").difficulty_cards) == 2


@pytest.mark.parametrize(
    "options",
    [
        {"random_cards": 0},
        {"random_cards": 5},
        {"difficulty": "4"},
        {"no_granny_from": "first"},
        {"untracked": (0,)},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        PropuhConfig(**options)


def test_two_player_has_no_difficulty_tokens() -> None:
    assert two(0, difficulty="3").tokens == ((0, 0, 0), (0, 0, 0))


def test_solo_propuh_draws_the_top_card_and_is_never_dealt() -> None:
    state = solo(11)
    top = state.deck[0]
    after = GAME.apply(state, Play(state.hands[GRANNY][0], T))
    assert after.drawn == top
    assert after.deck == state.deck[1:] and after.deck_size == 22
    assert GAME.to_move(after) == PROPUH
    assert list(GAME.legal_actions(after)) == [Play(top, loc) for loc in LOCS]
    with pytest.raises(IllegalError):
        GAME.apply(after, Play(next(c for c in KINDS if c != top), T))
    after = GAME.apply(after, Play(top, S))
    assert after.drawn is None
    assert after.hands[PROPUH] == ()


def test_solo_only_granny_is_dealt_two_per_round() -> None:
    state = solo(12, difficulty="1")
    state = replace(state, tokens=((0, 0, 0), (0, 0, 0)))
    for _ in range(2):
        state = GAME.apply(state, Play(state.hands[GRANNY][0], T))
        state = GAME.apply(state, Play(state.drawn, T))
    assert state.round == 2
    assert len(state.hands[GRANNY]) == 3 and state.hands[PROPUH] == ()
    assert state.deck_size == 23 - 2 - 2


def late_solo(deck: int, hand: int, round_: int = 6, seed: int = 0) -> PropuhState:
    """A solo dealer state at the start of ``round_`` with ``deck`` cards left and ``hand`` in Granny's hand.

    The board is empty so no goal can be completed in the rounds left.
    """
    state = solo(seed, difficulty="1")
    pool = [*state.hands[GRANNY], *state.deck]
    return replace(
        state,
        round=round_,
        hands=(tuple(sorted(pool[:hand])), ()),
        deck=tuple(pool[hand : hand + deck]),
        deck_size=deck,
    )


def test_solo_single_card_left_not_dealt() -> None:
    state = late_solo(deck=3, hand=3)
    for _ in range(2):
        state = GAME.apply(state, Play(state.hands[GRANNY][0], T))
        state = GAME.apply(state, Play(state.drawn, B))
    assert state.round == 7
    assert state.deck_size == 1 and len(state.deck) == 1
    assert len(state.hands[GRANNY]) == 1


def test_solo_round_7_granny_plays_her_last_card_propuh_the_last_card() -> None:
    state = late_solo(deck=1, hand=1, round_=7)
    last = state.deck[0]
    state = GAME.apply(state, Play(state.hands[GRANNY][0], T))
    assert state.drawn == last and state.deck_size == 0
    state, evs = GAME.step(state, Play(last, B))
    assert GAME.is_over(state)
    assert state.round == 7
    assert "tired" in GAME.result(state).reason
    assert GAME.result(state).winners == (PROPUH,)
    # Propuh's last card was left on the board and placed its token.
    assert state.tokens[PROPUH][B] == 1
    assert [e.kind for e in evs].count("token") == 2


def test_solo_natural_game_enters_round_7_with_one_card_each() -> None:
    rng = random.Random(6)
    entered = 0
    for seed in range(60):
        state = solo(seed, difficulty="1")
        while not GAME.is_over(state):
            if state.round == 7 and state.plays == 0:
                assert len(state.hands[GRANNY]) == 1 and state.deck_size == 1
                entered += 1
                break
            state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    assert entered > 0


def test_solo_empty_deck_when_propuh_must_draw_ends_the_round() -> None:
    state = late_solo(deck=0, hand=2, round_=5)
    after, evs = GAME.step(state, Play(state.hands[GRANNY][0], T))
    # Granny's card, left on the board, places her token; the round ends, nothing is dealt.
    assert after.round == 6
    assert after.tokens[GRANNY] == (1, 0, 0)
    assert after.drawn is None and after.unresolved is None
    assert len(after.hands[GRANNY]) == 1
    assert "draw" not in [e.kind for e in evs]


def test_solo_removed_cards_count_as_discarded_for_tiredness() -> None:
    rng = random.Random(8)
    tired = 0
    for seed in range(40):
        state = play_out(solo(seed, difficulty="1"), rng)
        assert state.round <= 7
        if "tired" in state.reason:
            tired += 1
            assert len(state.removed) == 2
    assert tired > 0


def test_observation_hides_the_deck_and_the_other_hand() -> None:
    state = two(2)
    obs = GAME.observation(state, GRANNY)
    assert obs.hand == state.hands[GRANNY]
    assert obs.hand_sizes == (4, 4)
    assert not hasattr(obs, "deck") and not hasattr(obs, "hands") and not hasattr(obs, "removed")
    assert GAME.observation(state, PROPUH).hand == state.hands[PROPUH]
    # Unseen counts exclude the seat's own hand only.
    unseen = Counter(full_deck())
    unseen.subtract(state.hands[GRANNY])
    assert obs.unseen == tuple(unseen[c] for c in KINDS)


# --- physical deck: the solo table ----------------------------------------------------------------------


def physical(seed: int = 0, **options: object) -> PropuhState:
    return GAME.initial_state(PropuhConfig(physical=True, untracked=(GRANNY,), **options), seed)


def test_physical_solo_granny_hand_is_only_a_count() -> None:
    state = physical()
    assert state.hands == ((), ())
    assert state.hidden == (3, 0)
    assert state.hand_count(GRANNY) == 3
    assert state.deck == () and state.deck_size == 23
    assert GAME.to_move(state) == GRANNY
    # Any card not yet accounted for may come from her hand.
    plays = {a.card for a in GAME.legal_actions(state) if isinstance(a, Play)}
    assert plays == set(KINDS)


def test_physical_propuh_draw_is_a_chance_step() -> None:
    state = run(physical(), "b3 t")
    assert state.phase == Phase.DRAW
    assert GAME.to_move(state) == CHANCE
    assert state.drawn is None
    assert set(GAME.legal_actions(state)) == {Draw(c) for c in KINDS}
    after, evs = GAME.step(state, Draw(card("s2")))
    assert after.drawn == card("s2")
    assert after.deck_size == 22
    assert GAME.to_move(after) == PROPUH
    assert [e.kind for e in evs] == ["draw"]
    with pytest.raises(IllegalError):
        GAME.apply(state, Play(card("s2"), S))  # the card must be typed first


def test_physical_card_with_all_copies_accounted_for_is_refused() -> None:
    # Four Bed 2: Granny plays two, Propuh draws two.
    state = physical(difficulty="1")
    state = run(state, "b2 t", "b2", "b2 s", "b2 b", "b2")
    assert state.seen[card("b2").kind] == 4
    assert GAME.to_move(state) == PROPUH
    state = run(state, "b2 t")
    assert state.phase in (Phase.PLAY, Phase.REMOVE)
    if state.phase == Phase.REMOVE:
        state = run(state, "yes")
    state = run(state, "t2 t")
    assert state.phase == Phase.DRAW
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalError, match="Bed 2"):
        GAME.apply(state, Draw(card("b2")))
    with pytest.raises(IllegalError):
        GAME.parse_action(state, "b2")
    assert state == snapshot
    assert Draw(card("b2")) not in GAME.legal_actions(state)
    assert Draw(card("b3")) in GAME.legal_actions(state)
    # Granny cannot play a fifth Bed 2 from her uncounted hand either.
    state = run(state, "s4", "s4 t")
    assert GAME.to_move(state) == GRANNY
    with pytest.raises(IllegalError):
        GAME.apply(state, Play(card("b2"), B))
    assert Play(card("b2"), B) not in GAME.legal_actions(state)
    # The only Stove 4 is accounted for too.
    with pytest.raises(IllegalError):
        GAME.apply(state, Play(card("s4"), B))


def test_physical_solo_deals_are_counts_not_typed() -> None:
    state = physical(difficulty="1")
    state = run(state, "b2 t", "t3", "t3 s", "b4 b", "s2", "s2 s")
    if state.phase == Phase.REMOVE:
        state = run(state, "no")
    assert state.round == 2
    assert state.hidden == (3, 0)
    assert state.deck_size == 23 - 2 - 2
    assert GAME.to_move(state) == GRANNY


def test_physical_tracked_hands_are_typed_as_dealt() -> None:
    state = GAME.initial_state(PropuhConfig(solo=False, physical=True), 0)
    assert state.phase == Phase.DEAL
    assert GAME.to_move(state) == CHANCE
    for text in ("t1", "t2", "t3", "t4", "b1", "b2", "b3", "b4"):
        state = run(state, text)
    assert state.hands == (cards("t1 t2 t3 t4"), cards("b1 b2 b3 b4"))
    assert state.phase == Phase.PLAY and GAME.to_move(state) == GRANNY
    assert state.deck_size == 20
    # The only Table 1 is now in Granny's hand.
    fresh = GAME.initial_state(PropuhConfig(solo=False, physical=True), 0)
    fresh = run(fresh, "t1")
    with pytest.raises(IllegalError):
        GAME.apply(fresh, Draw(card("t1")))
