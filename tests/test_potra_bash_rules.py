"""Potra Bash rules, one by one, on small hand-made states (ai.potra_bash.rules)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from ai.potra_bash.components import copies, deck, removed
from ai.potra_bash.rules import (
    CENTRE,
    PASS,
    Draw,
    Phase,
    Play,
    PotraConfig,
    PotraState,
    Take,
    apply,
    check,
    initial_state,
    legal_actions,
    ranking,
    result,
    score_pile,
    to_move,
)
from ai.protocol import CHANCE, Event


def table(
    hands: list[list[int]],
    deck_cards: list[int],
    centre: int = 4,
    starter: int = 0,
    piles: list[list[int]] | None = None,
    **options: object,
) -> PotraState:
    n = len(hands)
    config = PotraConfig(players=n, names=("Ann", "Ben", "Cat", "Dan", "Eve")[:n], **options)  # type: ignore[arg-type]
    base = initial_state(config, 1)
    return dataclasses.replace(
        base,
        hands=tuple(tuple(sorted(h)) for h in hands),
        deck=tuple(deck_cards),
        deck_size=len(deck_cards),
        removed=(),
        centre=centre,
        starter=starter,
        piles=tuple(tuple(sorted(p)) for p in (piles or [[] for _ in hands])),
    )


def run(state: PotraState, *actions: object) -> PotraState:
    for action in actions:
        state = apply(state, action)  # type: ignore[arg-type]
    return state


# -- components and setup --


@pytest.mark.parametrize(("players", "cards", "each"), [(3, 50, 10), (4, 60, 12), (5, 60, 12)])
def test_deck_by_player_count(players: int, cards: int, each: int) -> None:
    assert len(deck(players)) == cards
    assert copies(players) == each
    assert Counter(deck(players)) == {v: each for v in (1, 3, 4, -2, -3)}
    state = initial_state(PotraConfig(players=players), 7)
    assert all(len(h) == 3 for h in state.hands)
    assert state.centre is not None
    assert removed(players) == (10 if players == 3 else 0)
    assert state.deck_size == len(state.deck) == cards - 3 * players - 1
    everything = Counter(state.deck) + Counter([state.centre])
    for hand in state.hands:
        everything.update(hand)
    assert everything == Counter(deck(players))


@pytest.mark.parametrize("players", [2, 6])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="3 to 5 players"):
        PotraConfig(players=players)


def test_starting_player_is_random_but_seeded() -> None:
    starters = {initial_state(PotraConfig(), seed).starter for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    assert initial_state(PotraConfig(), 5) == initial_state(PotraConfig(), 5)


# -- laps --


def test_lap_one_forces_a_play_and_a_draw() -> None:
    s = table([[1, 3, 4], [1, 1, 1], [3, 3, 3]], [-2, -3, 4, 4, 4, 4])
    assert PASS not in legal_actions(s)
    assert check(s, PASS) == "nobody may pass in lap 1: play a card"
    assert check(s, Play(-2)) == "Ann cannot play that card now: type hand to see Ann's cards"
    s = apply(s, Play(4))
    assert s.hands[0] == (-2, 1, 3)  # drew the top card
    assert s.deck_size == 5
    assert to_move(s) == 1


def test_laps_two_and_three_allow_a_pass_without_a_draw_and_a_play_after_a_pass() -> None:
    s = table([[1, 3, 4], [1, 1, 1], [3, 3, 3]], [-2, -3, 4, 4, 4, 4, 1, 1, 1], starter=1)
    s = run(s, Play(1), Play(3), Play(4))  # lap 1: Ben, Cat, Ann
    assert s.lap == 2 and to_move(s) == 1
    assert PASS in legal_actions(s)
    before = s.hands[1], s.deck_size
    s = apply(s, PASS)
    assert (s.hands[1], s.deck_size) == before
    s = run(s, PASS, PASS)
    assert s.lap == 3 and to_move(s) == 1
    s = apply(s, Play(1))  # Ben passed in lap 2 and plays in lap 3
    assert s.field[-1] == (1, 1)


def test_empty_deck_no_draw_round_goes_on_and_is_the_last() -> None:
    s = table([[1, 3, 4], [1, 1, 4], [3, 3, -3]], [-2])
    s = apply(s, Play(4))  # Ann draws the last card
    assert s.deck_size == 0 and s.hands[0] == (-2, 1, 3)
    s = apply(s, Play(4))  # Ben cannot draw
    assert s.hands[1] == (1, 1)
    s = run(s, Play(3), PASS, PASS, PASS, PASS, PASS, PASS)
    assert to_move(s) == 2  # Ann and Ben tie at 4, Ben played later: he takes the centre, Cat picks first
    while legal_actions(s):
        s = apply(s, legal_actions(s)[0])
    assert s.phase == Phase.OVER
    assert sum(len(p) for p in s.piles) == 4  # three field cards and the centre card
    assert s.hands[0] == (-2, 1, 3)  # cards in hand score nothing


def test_the_play_that_draws_the_last_card_says_the_round_is_the_last() -> None:
    s = table([[1, 3, 4], [1, 1, 4], [3, 3, -3]], [-2, 1])
    events: list[Event] = []
    s = apply(s, Play(4), events)
    assert events[0].text == "Ann plays a 4 and draws a card (1 left)."
    events.clear()
    s = apply(s, Play(1), events)
    assert events[0].text == "Ben plays a 1 and draws a card (the last card: this round is the last)."
    events.clear()
    apply(s, Play(3), events)
    assert events[0].text == "Cat plays a 3 and does not draw: the deck is empty."


def test_a_centre_card_turned_from_the_last_card_makes_the_next_round_the_last() -> None:
    # Ruling: the deck still has one card after the picks; it is turned as the centre card, the next round is
    # played without draws, then the game ends.
    s = table([[1, 3, 4], [1, 1, 4], [3, 3, -3]], [-2, -3, 1, 3])
    s = run(s, Play(4), Play(1), Play(3), *[PASS] * 6)
    assert s.deck_size == 1
    events: list[Event] = []
    while s.phase == Phase.TAKE:
        s = apply(s, legal_actions(s)[0], events)
    assert s.phase == Phase.PLAY and s.round == 2 and s.centre == 3 and s.deck_size == 0
    assert events[-1].text.endswith("This is the last round: the deck is empty.")
    hands = s.hands
    s = run(s, *[Play(min(h)) for h in hands[1:] + hands[:1]])  # Ben starts round 2; nobody draws
    assert all(len(h) == 2 for h in s.hands)
    s = run(s, *[PASS] * 6)
    while s.phase == Phase.TAKE:
        s = apply(s, legal_actions(s)[0])
    assert s.phase == Phase.OVER
    assert sum(len(p) for p in s.piles) == 8  # two rounds of three plays and two centre cards


# -- acquisition --


def test_highest_sum_takes_the_centre_card_even_a_negative_one() -> None:
    s = table([[4, 4, 4], [1, 1, 1], [3, 3, 3]], [1] * 20, centre=-3)
    s = run(s, Play(4), Play(1), Play(3), PASS, PASS, PASS, PASS, PASS, PASS)
    assert s.phase == Phase.TAKE
    assert s.piles[0] == (-3,)
    assert s.centre_winner == 0
    assert to_move(s) == 1  # the player to the winner's left picks first


def test_centre_tie_goes_to_the_latest_play_among_the_tied() -> None:
    # Ann 4 then pass; Ben 1 then 3 (=4, played later): Ben takes it. Cat plays -3 last but is not tied.
    s = table([[4, 1, 1], [1, 3, 1], [-3, -3, -3]], [1] * 20, centre=3)
    s = run(s, Play(4), Play(1), Play(-3), PASS, Play(3), Play(-3), PASS, PASS, PASS)
    assert s.centre_winner == 1
    events: list[Event] = []
    s2 = table([[4, 1, 1], [1, 3, 1], [-3, -3, -3]], [1] * 20, centre=3)
    for a in (Play(4), Play(1), Play(-3), PASS, Play(3), Play(-3), PASS, PASS):
        s2 = apply(s2, a)
    apply(s2, PASS, events)
    centre = next(e for e in events if e.kind == "centre")
    assert (
        centre.text
        == "Ben has the highest sum, 4, and takes the centre card 3 (tied with Ann; Ben played last)."
    )


def test_pick_limit_another_players_card_first_then_own() -> None:
    s = table([[4, 4, 1], [3, 3, 1], [-2, -2, 1], [1, 1, 1]], [1] * 30, centre=1)
    # lap 1 only, then everyone passes: field Ann 4, Ben 3, Cat -2, Dan 1; Ann wins the centre; Ben picks first
    s = run(s, Play(4), Play(3), Play(-2), Play(1), *[PASS] * 8)
    assert s.phase == Phase.TAKE and to_move(s) == 1
    assert Take(3, 1) not in legal_actions(s)
    assert check(s, Take(3, 1)) == "Ben must take another player's card while one remains"
    s = apply(s, Take(4, 0))  # Ben
    s = apply(s, Take(3, 1))  # Cat
    # Dan: only Cat's -2 and his own 1 remain -> he must take the -2 (forced), then Ann is left with the 1
    assert s.phase == Phase.PLAY and s.round == 2
    assert s.piles == ((1, 1), (4,), (3,), (-2,))


def test_own_card_may_be_taken_when_only_own_cards_remain() -> None:
    s = table([[4, 4, 1], [3, 3, 1], [-2, -2, 1]], [1] * 30, centre=1)
    s = run(s, Play(4), Play(3), Play(-2), Play(4), PASS, PASS, PASS, PASS, PASS)
    # field: Ann 4, Ben 3, Cat -2, Ann 4 (sum 8: Ann takes the centre); Ben picks first
    assert to_move(s) == 1
    s = apply(s, Take(-2, 2))  # Ben
    s = apply(s, Take(3, 1))  # Cat
    # Ann: only her own two 4s remain -> she takes one (forced), then Ben the other
    assert s.phase == Phase.PLAY
    assert s.piles[0] == (1, 4) and s.piles[1] == (-2, 4)


def test_a_round_always_empties_the_field_and_the_next_round_starts() -> None:
    s = table([[4, 4, 1], [3, 3, 1], [-2, -2, 1]], [1, -3, 3, 3, 3, 3, 3], centre=1, starter=2)
    s = run(s, Play(1), Play(1), Play(1), *[PASS] * 6)
    while s.phase == Phase.TAKE:
        s = apply(s, legal_actions(s)[0])
    assert s.field == () and s.round == 2 and s.lap == 1
    assert s.starter == 0  # one seat clockwise
    assert s.centre == 3  # the three plays drew 1, -3 and 3; the next card is turned up
    assert s.deck_size == 3


@pytest.mark.parametrize(("option", "starter"), [("next", 1), ("winner", 2), ("left-of-winner", 0)])
def test_next_round_start_options(option: str, starter: int) -> None:
    s = table([[1, 1, 1], [1, 1, 1], [4, 4, 4]], [3] * 20, centre=1, next_start=option)
    s = run(s, Play(1), Play(1), Play(4), *[PASS] * 6)  # Cat wins the centre
    while s.phase == Phase.TAKE:
        s = apply(s, legal_actions(s)[0])
    assert s.starter == starter


# -- scoring --


@pytest.mark.parametrize(
    ("pile", "total"),
    [
        ([4, 4, 4, 3, 1, 1, -2], 3),
        ([-3, -3, -3, -2, -2, -2, -2, 1], -1),
        ([3, 3, 3, 3, 3, 3, 4], 4),
        ([1, 1, 1, 1], 4),  # 1s are never discarded
        ([-2] * 7, -2),
        ([], 0),
    ],
)
def test_spec_scoring_examples(pile: list[int], total: int) -> None:
    assert score_pile(pile).total == total


def test_one_set_option_discards_at_most_one_set_per_value() -> None:
    assert score_pile([3] * 6 + [4]).total == 4
    assert score_pile([3] * 6 + [4], triples="one").total == 13
    assert score_pile([-2] * 6, triples="one").discarded == ((-2, -2, -2),)


def test_ties_most_ones_then_a_draw() -> None:
    a, b, c = score_pile([3, 1, 1]), score_pile([4, 1]), score_pile([3, 1, 1])
    assert ranking([a, b]) == ((0,), "tie broken by the most 1-point cards")
    assert ranking([a, c, b]) == ((0, 1), "a draw")
    assert ranking([score_pile([4]), a]) == ((1,), "highest score")


def test_result_names_the_winner_and_scores() -> None:
    s = table([[1], [1], [1]], [], piles=[[4, 4], [3], [1, 1, 1]])
    s = dataclasses.replace(s, phase=Phase.OVER)
    r = result(s)
    assert r.winners == (0,) and r.scores == (8.0, 3.0, 3.0)


# -- physical mode --


def test_physical_mode_asks_for_the_bots_cards_and_the_centre() -> None:
    config = PotraConfig(players=3, names=("Ann", "Bot2", "Bot3"), physical=True, untracked=(0,))
    s = initial_state(config, 3)
    assert s.hidden == (3, 0, 0)
    assert to_move(s) == CHANCE
    assert s.starter == 0
    # a bot's three cards together, clockwise from the starting player (Ann's are not typed)
    assert s.pending == (1, 1, 1, 2, 2, 2, CENTRE)
    for value in (4, 4, 3, 3, 1, 1, -2):
        s = apply(s, Draw(value))
    assert s.hands == ((), (3, 4, 4), (1, 1, 3)) and s.centre == -2
    assert to_move(s) == s.starter
    assert s.deck_size == 50 - 9 - 1


def test_physical_mode_refuses_cards_that_cannot_be_unseen() -> None:
    config = PotraConfig(players=3, names=("Ann", "Bot2", "Bot3"), physical=True, untracked=(0,))
    s = dataclasses.replace(initial_state(config, 3), starter=0)
    s = run(s, *[Draw(4)] * 7)  # six 4s dealt to the bots, a 4 in the centre: 7 of the 10
    s = run(s, Play(4))  # Ann (hidden hand) plays the 8th
    assert s.hidden[0] == 3  # and draws an unknown card
    s = apply(s, Play(4))
    assert to_move(s) == CHANCE and s.pending == (1,)
    assert check(s, Play(4)) == "first type the card Bot2 got"
    s = run(s, Draw(4), Play(4), Draw(4))  # the 9th and the 10th 4
    assert s.lap == 2 and to_move(s) == 0
    assert check(s, Play(4)) == (
        "no 4 is left that could be in Ann's hand: all 10 4s are accounted for (3 on the field, 1 in the "
        "centre, 3 typed for Bot2, 3 typed for Bot3); if a typed card was wrong, undo back to it"
    )
    s = run(s, Play(1), Play(4))
    assert check(s, Draw(4)) == (
        "there is no 4 left that could be unseen: all 10 4s are accounted for (4 on the field, 1 in the centre, "
        "2 typed for Bot2, 3 typed for Bot3)"
    )
    assert Draw(4) not in legal_actions(s)


def test_illegal_actions_raise() -> None:
    s = table([[1, 3, 4], [1, 1, 1], [3, 3, 3]], [1] * 9)
    with pytest.raises(ValueError, match="cannot play that card now"):
        apply(s, Play(-3))
    with pytest.raises(ValueError, match="after the third lap"):
        apply(s, Take(1, 1))


def test_dealer_mode_refusal_of_an_impossible_card_says_where_every_copy_is() -> None:
    # all twelve 4s seen: eight in piles, three on the field, one in the centre. Ann holds none, and the
    # refusal says where they are; a card a bot might hold gets the refusal that names no hand
    config = PotraConfig(players=4, names=("Ann", "Bot2", "Bot3", "Bot4"))
    s = dataclasses.replace(
        initial_state(config, 2),
        starter=1,
        acted=3,
        lap=2,
        hands=((-3, -2, 1), (3, 3, 1), (-3, 1, 1), (3, -2, -2)),
        field=((1, 4), (2, 4), (3, 4)),
        plays=((1, 4), (2, 4), (3, 4)),
        piles=((4, 4, 4), (4, 4), (4, 4, 4), ()),
        centre=4,
    )
    assert to_move(s) == 0
    assert check(s, Play(4)) == (
        "Ann cannot hold a 4: all 12 4s are accounted for (3 on the field, 1 in the centre, 8 in scoring piles)"
    )
    # the 3s: the bots hold three of them, which the table has not seen: no word of them
    assert check(s, Play(3)) == "Ann cannot play that card now: type hand to see Ann's cards"
    twin = dataclasses.replace(s, hands=((-3, -2, 1), (1, 1, 1), (-3, -2, 1), (-2, -2, -3)))
    assert check(twin, Play(3)) == check(s, Play(3))
