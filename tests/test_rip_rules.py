"""RIP's rules through the public API: the rulebook's worked example, every known card, the end of the game."""

from __future__ import annotations

import random

import pytest

from ai.protocol import CHANCE, AmbiguousError, Event, IllegalError, InputError
from ai.rip.components import BLUE, DECK, GREEN
from ai.rip.notation import expected_input, format_action, parse_action, parse_typed
from ai.rip.observation import observe
from ai.rip.rules import (
    G,
    InPlay,
    P,
    Phase,
    RipConfig,
    RipState,
    Side,
    apply,
    ghost_count,
    initial_state,
    legal_actions,
    outcome,
    round10_tables,
    state_totals,
    to_move,
    totals,
)
from ai.rip.state import replace

LINE = (4, 8, 5, 1, 2, 3, 6, 7, 9)
TOKENS = "MMMCCCCMMM"


def do(state: RipState, *texts: str) -> RipState:
    for text in texts:
        state = apply(state, parse_action(state, text))
    return state


def events_of(state: RipState, text: str) -> tuple[RipState, list[Event]]:
    events: list[Event] = []
    return apply(state, parse_action(state, text), events), events


def table(
    green: tuple[int, ...] = (),
    blue: tuple[int, ...] = (),
    green_owned: tuple[int, ...] = (),
    blue_owned: tuple[int, ...] = (),
    first: int = GREEN,
    line: tuple[int, ...] = LINE,
    tokens: str = TOKENS,
    round_: int = 1,
    **config: object,
) -> RipState:
    """A round about to start with the given hands and owned psychic cards (both decks virtual)."""
    cfg = RipConfig(first=first, line=line, tokens=tokens, **config)  # type: ignore[arg-type]
    state = initial_state(cfg, 1)
    sides = []
    for hand, owned in ((green, green_owned), (blue, blue_owned)):
        deck = list(DECK)
        for v in hand:
            deck.remove(v)
        sides.append(Side(hand=tuple(sorted(hand)), deck=tuple(deck), owned=tuple(sorted(owned))))
    return replace(state, sides=(sides[0], sides[1]), round=round_)


# -- the rulebook's worked example, rounds 1-3 ---------------------------------------------------------------


def test_the_rulebooks_worked_example_of_rounds_1_to_3() -> None:
    config = RipConfig(physical=(GREEN, BLUE), first=GREEN, line=LINE, tokens=TOKENS)
    s = initial_state(config, 7)
    assert to_move(s) == CHANCE
    s = do(s, "1 1 2 2 5", "1 2 2 3 4")
    assert s.phase == Phase.PLAY and to_move(s) == GREEN
    # Round 1: Green 1 and 2, Blue 1 and 3, Green passes.
    s = do(s, "1 2")
    assert state_totals(s) == (3, 0) and to_move(s) == BLUE
    s = do(s, "1 3")
    assert state_totals(s) == (3, 4) and to_move(s) == GREEN
    s, events = events_of(s, "pass")
    assert s.sides[BLUE].tokens == ("M",)
    assert s.sides[GREEN].owned == (4,)  # the loser takes the round's psychic card
    assert [e.kind for e in events][:3] == ["leave", "round", "psychic"]
    s = do(s, "draw 1 6", "draw 1 5")  # both draw 2
    assert s.phase == Phase.FACEDOWN and to_move(s) == GREEN
    s = do(s, "down 6")  # Green puts a card by the round-10 card
    assert s.sides[GREEN].down == (G(6),)
    # Round 2: Blue (the winner) starts and passes at once.
    assert s.round == 2 and to_move(s) == BLUE
    s = do(s, "pass")
    assert s.sides[GREEN].tokens == ("M",)
    assert s.sides[BLUE].owned == (8,)
    s = do(s, "3 4", "1 2", "down 5")
    assert s.sides[BLUE].down == (G(5),)
    # Round 3: Green 2; Blue 2 2 (4); Green 5 (7); Blue 4 (8); Green 1 1 (9); Blue even +1 (11); Green passes.
    assert s.round == 3 and to_move(s) == GREEN
    expected = [
        ("2", (2, 0)),
        ("2 2", (2, 4)),
        ("5", (7, 4)),
        ("4", (7, 8)),
        ("1 1", (9, 8)),
        ("p8", (9, 11)),
    ]
    for text, totals_after in expected:
        s = do(s, text)
        assert state_totals(s) == totals_after, text
    s = do(s, "pass")
    assert s.sides[BLUE].tokens == ("M", "M")
    assert s.sides[GREEN].owned == (4, 5)
    assert s.phase == Phase.DRAW
    for side in s.sides:
        assert sum(ghost_count(side).values()) == 21


# -- turns, rounds, the strictly-greater test ---------------------------------------------------------------


def test_equal_totals_lose_the_round_for_the_player_ending_the_turn() -> None:
    s = do(table((3, 1), (2, 1)), "3", "2 1 leave")  # Blue reaches 3 = 3 and must leave
    assert s.sides[GREEN].tokens == ("M",)
    assert s.sides[BLUE].owned == (4,)
    assert s.mover == GREEN and s.first == GREEN


def test_the_first_player_who_plays_nothing_loses_at_once() -> None:
    s = do(table((3,), (2,)), "pass")
    assert s.sides[BLUE].tokens == ("M",)
    assert s.sides[GREEN].owned == (4,)


def test_a_player_behind_after_their_cards_loses() -> None:
    s = do(table((5,), (1, 1)), "5")
    with pytest.raises(IllegalError):
        parse_action(s, "6")  # Blue has no 6
    with pytest.raises(AmbiguousError, match=r"^that leaves Blue behind at 2 to 5 and leaves the mansion: "):
        parse_typed(s, "1 1")
    assert parse_action(s, "1 1") == parse_typed(s, "1 1 leave")  # a saved move replays as it was
    s = do(s, "1 1 leave")
    assert s.sides[GREEN].tokens == ("M",)


def test_both_draw_two_and_the_winner_starts_next_round() -> None:
    s = table((5,), (1,))
    green_deck, blue_deck = s.sides[GREEN].deck, s.sides[BLUE].deck
    s = do(s, "5", "pass", "none")
    assert s.sides[GREEN].hand == tuple(sorted(green_deck[:2]))
    assert s.sides[BLUE].hand == tuple(sorted((1, *blue_deck[:2])))
    assert s.round == 2 and s.mover == GREEN


def test_drawing_what_remains_when_a_deck_runs_low() -> None:
    s = table((5,), (1,))
    s = replace(s, sides=(replace(s.sides[0], deck=(4,)), replace(s.sides[1], deck=())))
    s = do(s, "5", "pass", "none")
    assert s.sides[GREEN].hand == (4,) and s.sides[GREEN].deck == ()
    assert s.sides[BLUE].hand == (1,)


def test_only_the_loser_may_put_a_card_face_down_and_may_decline() -> None:
    s = do(table((5, 2), (1, 3)), "5", "pass")
    assert s.phase == Phase.FACEDOWN and to_move(s) == BLUE
    with pytest.raises(IllegalError):
        parse_action(s, "down 6")
    after = do(s, "none")
    assert after.sides[BLUE].down == () and after.phase == Phase.PLAY


def test_played_cards_stay_face_up_until_the_end() -> None:
    s = do(table((5, 2), (1, 3)), "5", "pass", "none")
    assert s.sides[GREEN].played == (G(5),)
    assert s.sides[GREEN].table == () and state_totals(s) == (0, 0)


def test_instant_win_with_four_manors_and_with_three_castles() -> None:
    s = table((6,), (1,), tokens="MCMMMCCCMM")
    s = replace(s, sides=(replace(s.sides[0], tokens=("M", "M", "M")), s.sides[1]))
    s, events = events_of(do(s, "6"), "pass")
    assert s.phase == Phase.OVER and s.winners == (GREEN,) and "4 manors" in s.reason
    assert events[-1].kind == "end"
    c = table((1,), (6,), first=GREEN, tokens="CMMMMCCCMM")
    c = replace(c, sides=(c.sides[0], replace(c.sides[1], tokens=("C", "C"))))
    c = do(c, "pass")
    assert c.winners == (BLUE,) and "3 castles" in c.reason


def test_tutorial_line_is_the_starters_three_face_up_then_one_more_each_round() -> None:
    s = initial_state(RipConfig(tutorial=True, first=GREEN), 3)
    assert sorted(s.line) == list(range(1, 10)) and s.revealed == 3
    s = do(s, "pass", "none")
    assert s.revealed == 4


def test_advanced_game_deals_nine_of_the_known_cards_only() -> None:
    for seed in range(20):
        s = initial_state(RipConfig(), seed)
        assert len(set(s.line)) == 9 and all(1 <= n <= 14 for n in s.line)
        assert sorted(s.tokens) == sorted(TOKENS)
        assert s.revealed == 9


# -- the known psychic cards -------------------------------------------------------------------------------


def test_card_1_claims_the_rounds_psychic_card_even_when_winning() -> None:
    s = do(table((6,), (1,), green_owned=(1,)), "p1 6", "pass")
    assert s.sides[GREEN].tokens == ("M",)
    assert 4 in s.sides[GREEN].owned and 4 not in s.sides[BLUE].owned


def test_card_2_fetches_a_ghost_from_the_deck_into_play() -> None:
    s = table((1,), (3,), green_owned=(2,))
    before = s.sides[GREEN].deck
    assert before.count(6) == 1
    s = do(s, "p2 6")
    assert state_totals(s) == (6, 0)
    assert 6 not in s.sides[GREEN].deck and len(s.sides[GREEN].deck) == len(before) - 1
    assert sorted(s.sides[GREEN].deck) == sorted(x for x in before if x != 6)
    with pytest.raises(IllegalError, match="no 6 left"):
        parse_action(replace(s, mover=GREEN, sides=(replace(s.sides[0], owned=(2,)), s.sides[1])), "p2 6")


def test_card_3_counts_one_and_shows_the_opponents_hand_to_its_owner_only() -> None:
    s = table((2,), (1, 4, 5), green_owned=(3,))
    s, events = events_of(s, "p3")
    assert state_totals(s) == (1, 0)
    peek = [e for e in events if e.kind == "peek"]
    assert peek and peek[0].private_to == GREEN and peek[0].data["hand"] == [1, 4, 5]
    assert s.peeking(GREEN) and not s.peeking(BLUE)


def test_card_3_does_not_show_a_persons_secret_face_down_card_to_the_bot() -> None:
    """A person's secret face-down card is counted among their hand (the tool does not know which it is), so
    the bot's look with card 3 would tell it about that card: the bot then gets no look."""
    s = table((2, 3, 4), (1, 4, 5), blue_owned=(3,), first=BLUE, physical=(GREEN,))
    s = replace(s, phase=Phase.PLAY)
    looked = apply(s, parse_action(s, "p3 more"))
    assert observe(looked, BLUE).other.hand == (2, 3, 4)
    secret = replace(s, sides=(replace(s.sides[GREEN], hidden_down=1), s.sides[BLUE]))
    looked = apply(secret, parse_action(secret, "p3 more"))
    assert looked.peeking(BLUE) and observe(looked, BLUE).other.hand is None
    assert observe(looked, BLUE).other.hand_size == 2


@pytest.mark.parametrize(("number", "value"), [(4, 2), (5, 3), (13, 4)])
def test_cards_counting_as_a_ghost(number: int, value: int) -> None:
    s = do(table((1,), (1,), green_owned=(number,)), f"p{number}")
    assert state_totals(s) == (value, 0)


def test_card_6_makes_the_opponents_next_ghost_random() -> None:
    s = do(table((1, 2), (1, 2, 5, 6), green_owned=(6,)), "p6 2")
    assert s.blind == (False, True)
    legal = legal_actions(s)
    assert format_action(s, legal[0]) == "blind more"
    assert all("blind" in format_action(s, a) or format_action(s, a) == "pass" for a in legal)
    with pytest.raises(IllegalError, match="random"):
        parse_action(s, "6")
    picks = set()
    for seed in range(12):
        t = do(replace(s, seed=seed), "blind more")
        picks.add(t.sides[BLUE].table[0].card.n)
        assert not t.blind[BLUE]
    assert len(picks) > 1
    # A person's own hand (physical deck): they type the card they got at random.
    person = replace(s, config=replace(s.config, physical=(BLUE,)))
    assert do(person, "5").sides[BLUE].table == (InPlay(G(5)),)
    # Issue 15: a line of cards ends the turn; the prompt says so before the person types the card drawn.
    assert "the turn ends with it unless you add more, e.g. 3 more" in expected_input(person)
    assert do(person, "5").mover == GREEN and do(person, "5 more").mover == BLUE
    assert "type blind" in expected_input(s) and "e.g. blind more" in expected_input(s)


def test_card_7_only_in_round_10() -> None:
    s = table((1,), (1,), green_owned=(7,))
    with pytest.raises(IllegalError, match="only in round 10"):
        parse_action(s, "p7")
    assert totals(round10_tables(((P(7),), ()), s.cards), s.cards, round10=True) == (3, 0)


def test_cards_8_and_9_bonus_own_even_or_odd_ghosts_played_before_and_after() -> None:
    s = do(table((2, 4, 3, 1), (1,), green_owned=(8,)), "2 3 p8 4")
    assert state_totals(s) == (3 + 3 + 5, 0)
    s = do(table((2, 3, 1), (1,), green_owned=(9,)), "p9 2 3 1")
    assert state_totals(s) == (2 + 4 + 2, 0)
    # the opponent's cards are not affected; a "counts as 2" card is even
    s = do(table((1,), (2,), green_owned=(8, 4)), "1", "2", "p4 p8")
    assert state_totals(s) == (1 + 3, 2)


def test_card_10_names_a_value_for_both_sides_or_own_side_as_an_option() -> None:
    s = do(table((3, 1), (3, 3), green_owned=(10,)), "1", "3", "p10 3 more")
    assert state_totals(s) == (1, 5)  # Blue's 3 also +2
    s = do(s, "3")
    assert state_totals(s) == (6, 5)
    own = do(table((3, 1), (3, 3), green_owned=(10,), named_both_sides=False), "1", "3", "p10 3 3")
    assert state_totals(own) == (6, 3)
    with pytest.raises(InputError, match="value"):
        parse_action(table((3,), (1,), green_owned=(10,)), "p10")


def test_card_11_discards_an_opponents_card_and_ends_its_effect() -> None:
    s = table((1, 4), (2, 2), green_owned=(8,), blue_owned=(11,))
    s = do(s, "4 p8")
    assert state_totals(s) == (5, 0)
    s = do(s, "p11 p8 2 more")
    assert state_totals(s) == (4, 2)
    assert s.sides[GREEN].discarded == (P(8),)
    s2 = do(table((1, 4), (6,), blue_owned=(11,)), "4", "p11 4 6")
    assert state_totals(s2) == (0, 6) and s2.sides[GREEN].discarded == (G(4),)
    # discarding card 6 frees the next card from chance
    s3 = do(table((1, 2), (3, 3), green_owned=(6,), blue_owned=(11,)), "p6 2")
    assert s3.blind[BLUE]
    s3 = do(s3, "p11 p6 more")
    assert not s3.blind[BLUE]
    with pytest.raises(IllegalError, match="no 5 in play"):
        parse_action(do(table((1,), (6,), blue_owned=(11,)), "1"), "p11 5")


def test_card_12_makes_the_opponents_1s_and_2s_count_0_including_psychic_ghosts() -> None:
    s = do(table((3,), (1, 2, 5), green_owned=(12,), blue_owned=(4, 8)), "p12 3", "1 2 p4 p8 5")
    # nullify wins over Blue's own even bonus; 5 still counts
    assert state_totals(s) == (3, 5)


def test_card_13_counts_4_but_2_in_round_10() -> None:
    s = table((1,), (1,))
    assert totals(round10_tables(((P(13),), (G(3),)), s.cards), s.cards, round10=True) == (2, 3)


def test_card_14_opponent_plays_zero_or_at_least_two_cards_a_turn() -> None:
    s = do(table((1, 2, 6), (5, 1, 1), green_owned=(14,)), "p14 2")
    assert s.min_plays(BLUE) == 2
    with pytest.raises(IllegalError, match="card 14"):
        parse_action(s, "5")
    s = do(s, "5 1")
    assert state_totals(s) == (2, 6)
    lone = do(table((1, 2), (5,), green_owned=(14,)), "p14 2")
    assert [format_action(lone, a) for a in legal_actions(lone)] == ["pass"]  # one card cannot reach 2


# -- round 10 and the end ----------------------------------------------------------------------------------


def test_round_10_reveals_face_down_cards_with_psychic_effects() -> None:
    s = table((1,), (1,))
    tables = round10_tables(((G(4), G(2), P(8)), (G(5), P(12), G(1))), s.cards)
    assert totals(tables, s.cards, round10=True) == (4 + 1 + 0, 5 + 1)  # Blue's 12 nulls Green's 2
    choice = round10_tables(((G(3), P(10)), (G(5), G(3))), s.cards)
    named = next(x for x in choice[0] if x.card == P(10))
    assert named.named in (1, 2, 4, 6) or totals(choice, s.cards, round10=True)[0] >= 3
    ex = round10_tables(((G(6), G(1)), (G(2), P(11))), s.cards)
    assert G(6) not in [x.card for x in ex[0]]


def test_outcome_tie_breaks() -> None:
    assert outcome((("M",), ("C",)), "M", (5, 3)) == ((GREEN,), "Green wins round 10 (5 to 3)")
    winners, reason = outcome((("M", "M", "M"), ("C",)), "M", (5, 3))
    assert winners == (GREEN,) and "4 manors" in reason
    winners, reason = outcome((("M", "C"), ("C",)), "M", (4, 4))
    assert winners == (GREEN,) and "more tokens" in reason
    winners, reason = outcome((("M",), ("C",)), "M", (4, 4))
    assert winners == (GREEN, BLUE) and "draw" in reason
    with pytest.raises(ValueError):
        outcome((("M",), ()))


def test_a_whole_random_game_ends_and_conserves_every_deck() -> None:
    for seed in range(10):
        s = initial_state(RipConfig(), seed)
        rng = random.Random(seed)
        while s.phase != Phase.OVER:
            s = apply(s, rng.choice(legal_actions(s)))
            for side in s.sides:
                assert sum(ghost_count(side).values()) == 21
        assert s.winners


def test_drawing_more_copies_than_the_deck_has_left_says_how_many_are_left() -> None:
    """Issue 15: "has no 1 left" when one 1 was left read as if none were. A whole deck says what it holds, once;
    a deck some copies have left says where they are."""
    from ai.rip.state import G, replace

    s = initial_state(RipConfig(physical=(GREEN, BLUE), first=GREEN, line=LINE, tokens=TOKENS), 7)
    with pytest.raises(IllegalError, match=r"^Green's deck holds only one 6$"):
        do(s, "6 6 1 1 1")
    with pytest.raises(IllegalError, match=r"^Green's deck holds only 2 5s$"):
        do(s, "5 5 5 1 1")
    green = s.sides[GREEN]
    deck = list(green.deck)
    deck.remove(5)
    s = s.replace(sides=(replace(green, deck=tuple(deck), discarded=(G(5),)), s.sides[BLUE]))
    with pytest.raises(
        IllegalError,
        match=r"^Green's deck has only one 5 left; Green's two 5s: 1 discarded by card 11, 1 in the deck$",
    ):
        do(s, "5 5 1 1 1")


@pytest.mark.parametrize(
    ("n", "words"), [(1, "your secret face-down card by"), (2, "your 2 secret face-down cards by")]
)
def test_round_10_prompt_names_the_secret_cards_in_order(n: int, words: str) -> None:
    """Issue 15: "your secret face-down 4 cards" put the count after the adjectives."""
    s = table((1, 2), (3,), physical=(GREEN,))
    s = replace(s, phase=Phase.REVEAL, sides=(replace(s.sides[GREEN], hidden_down=n), s.sides[BLUE]))
    assert f"Round 10: Green, turn up {words} the round-10 card" in expected_input(s)


def test_a_psychic_card_that_cannot_be_played_is_refused_saying_where_it_is() -> None:
    """A trial: `down p7`, then `p7` in a later round was refused with "Green does not own psychic card 7"."""
    s = do(table((1, 3, 4), (5, 2, 6), green_owned=(7, 8), blue_owned=(9,)), "1", "5", "pass", "down p7", "6")
    with pytest.raises(
        IllegalError, match=r"^psychic card 7 lies face down by the round-10 card: it counts in"
    ):
        parse_action(s, "p7")
    with pytest.raises(IllegalError, match=r"^psychic card 9 is Blue's$"):
        parse_action(s, "p9")
    with pytest.raises(IllegalError, match=r"^Green does not own psychic card 11$"):
        parse_action(s, "p11")
    # the other family's face-down card (laid face down in view), and a card still on the line
    s = do(table((6, 3, 4), (1, 2, 5), green_owned=(7,), blue_owned=(9,)), "6", "1 leave", "down p9")
    with pytest.raises(IllegalError, match=r"^psychic card 9 is Blue's, face down by the round-10 card: it"):
        parse_action(s, "p9")
    with pytest.raises(IllegalError, match=rf"^psychic card {LINE[2]} is still on the line, by mansion 3: "):
        parse_action(s, f"p{LINE[2]}")


@pytest.mark.parametrize("seed", [1, 2])
def test_the_end_says_each_familys_manors_castles_and_round_10(seed: int) -> None:
    """A trial: the end showed only the winner's line; the table checks the tokens in front of each family."""
    from ai.games import get

    game, rng = get("rip"), random.Random(seed)
    state = game.initial_state(game.default_config(), seed)
    while not game.is_over(state):
        state, events = game.step(state, rng.choice(list(game.legal_actions(state))))
    (end,) = [e for e in events if e.kind == "end"]
    lines = end.text.splitlines()
    assert len(lines) == 3
    for line, name in zip(lines[1:], ("green", "blue"), strict=True):
        counts = end.data["breakdown"][name]
        assert line.startswith(f"{name.title()}: {counts['manors']} manor")
        assert f", {counts['castles']} castle" in line
        assert ("round 10" in line) == (counts["round10"] is not None)


@pytest.mark.parametrize("physical", [(), (GREEN,)])
def test_a_state_is_a_snapshot_that_pickles_and_plays_on_alike(physical: tuple[int, ...]) -> None:
    """A state is a snapshot of the engine: applying an action leaves it as it was, and a pickled (or copied)
    state equals it and goes on to the very same states (a worker process, a saved stack)."""
    import copy
    import pickle

    from ai.games import get

    game, rng = get("rip"), random.Random(7)
    state = game.initial_state(RipConfig(physical=physical), 7)
    while not game.is_over(state):
        legal = list(game.legal_actions(state))
        action = rng.choice(legal)
        twin = pickle.loads(pickle.dumps(state))
        assert twin == state and copy.deepcopy(state) == state
        before = state.sides
        after = game.apply(state, action)
        assert state.sides == before and list(game.legal_actions(state)) == legal
        assert game.apply(twin, action) == after
        state = after


def test_a_prompts_example_names_only_a_psychic_card_its_family_owns() -> None:
    """The prompt's example is typed by people: a psychic card it names lies face up in front of the mover."""
    import re

    from ai.rip.game import GAME

    seen_owned = 0
    for seed in range(30):
        state = GAME.initial_state(GAME.default_config(), seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            prompt = GAME.prompt(state)
            named = [int(n) for n in re.findall(r"e\.g\. [^)]*?\bp(\d+)", prompt)]
            if "play cards to beat" in prompt:
                owned = state.sides[state.mover].owned
                assert set(named) <= set(owned), (prompt, owned)
                seen_owned += bool(named)
            state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    assert seen_owned  # the example did name an owned card somewhere
