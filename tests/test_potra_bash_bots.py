"""Potra Bash bots: the card (one chain per decision) on hand-made positions, what it may read, the search bot,
and strength over short runs."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.arena import run_arena
from ai.potra_bash.bots.card import NORMAL_RULES, marginal
from ai.potra_bash.game import GAME
from ai.potra_bash.observation import observe
from ai.potra_bash.rules import PASS, Phase, Play, PotraConfig, PotraState, Take, initial_state, legal_actions
from ai.protocol import Decision
from ai.words import language

CONFIG = PotraConfig(players=3, names=("Ann", "Ben", "Cat"))


def position(**changes: object) -> PotraState:
    base = dataclasses.replace(initial_state(CONFIG, 1), starter=0)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def decide(state: PotraState, level: str = "normal") -> tuple[object, str | None]:
    """The bot's move and its whole reason (``Decision.debug``: the rule and its figures, never printed)."""
    decision = table_decision(state, level)
    return decision.action, decision.debug


def table_decision(state: PotraState, level: str = "normal") -> Decision[object]:
    seat = GAME.to_move(state)
    bot = GAME.make_player(level, seat, state.config, iterations=30)
    return bot.decide(observe(state, seat), legal_actions(state), random.Random(0))


def test_marginal_worth_knows_the_triples() -> None:
    assert marginal(4, (4, 4)) == -8  # a third 4 discards the set
    assert marginal(-2, (-2, -2)) == 4
    assert marginal(1, (1, 1)) == 1
    assert marginal(3, (3, 3), "all") == -6
    assert marginal(3, (3, 3, 3, 3, 3), "one") == 3


def take_position(field: tuple[tuple[int, int], ...], piles: tuple[tuple[int, ...], ...]) -> PotraState:
    return position(phase=Phase.TAKE, picker=0, field=field, piles=piles, centre=None)


def test_rule_completes_a_minus_set() -> None:
    s = take_position(((1, 4), (2, -2), (1, 3)), ((-2, -2), (), ()))
    action, reason = decide(s)
    assert action == Take(-2, 2)
    assert reason is not None and reason.startswith("rule 1: complete a minus set")


def test_rule_never_takes_a_third_four_while_another_card_is_allowed() -> None:
    s = take_position(((1, 4), (2, -3)), ((4, 4), (), ()))
    action, reason = decide(s)
    assert action == Take(-3, 2)
    assert reason is not None and reason.startswith("rule 2: Otherwise: best for your pile")


def test_rule_takes_the_copy_of_the_player_who_picks_last() -> None:
    # Ann picks; two 4s, Ben's and Cat's. Ben picks next and may not take his own: take Cat's, leave Ben's.
    s = take_position(((1, 4), (2, 4), (2, -3)), ((), (), ()))
    action, _ = decide(s)
    assert action == Take(4, 2)


def test_rule_dumps_a_minus_card_in_lap_two_and_plays_the_lowest_card_in_lap_one() -> None:
    s = position(hands=((-2, -3, 3), (1, 1, 1), (3, 3, 3)), centre=1, lap=2)
    action, reason = decide(s)
    assert action == Play(-3)
    assert reason is not None and reason.startswith("rule 7: dump a minus card")
    action, reason = decide(dataclasses.replace(s, lap=1, centre=-2, hands=((4, 1, 3), (1, 1, 1), (3, 3, 3))))
    assert action == Play(1)
    assert reason is not None and reason.startswith("rule 4: Otherwise: lowest card")


def test_rule_takes_a_good_centre_early_only_with_a_lead_of_four() -> None:
    # Ann's 4 would top Ben's 1 by 3 in lap 1: not enough, she plays her lowest card; by 4 it is enough.
    s = position(hands=((4, -2, 3), (1, 1, 1), (3, 3, 3)), centre=3, plays=((1, 1),), field=((1, 1),))
    assert decide(s)[0] == Play(-2)
    s = position(hands=((4, -2, 3), (1, 1, 1), (3, 3, 3)), centre=3)
    action, reason = decide(s)
    assert action == Play(4)
    assert reason is not None and reason.startswith("rule 3: take the centre")
    # a centre card that would be Ann's third 3 is not good for her
    assert decide(dataclasses.replace(s, piles=((3, 3), (), ())))[0] == Play(-2)


def test_rule_passes_with_good_cards_in_lap_two() -> None:
    s = position(hands=((4, 3, 1), (1, 1, 1), (3, 3, 3)), centre=-2, lap=2)
    action, reason = decide(s)
    assert action == PASS
    assert reason is not None and reason.startswith("rule 8: Otherwise: pass")


def test_rule_takes_a_good_centre_in_lap_three_with_the_lead() -> None:
    s = position(
        hands=((4, 3, 1), (1, 1, 1), (3, 3, 3)),
        centre=4,
        lap=3,
        plays=((0, 1), (1, 1), (2, 3)),
        field=((0, 1), (1, 1), (2, 3)),
    )
    action, reason = decide(s)
    assert action == Play(4)
    assert reason is not None and reason.startswith("rule 6: lap 3: take the centre")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_the_card_reads_only_what_a_player_sees_at_a_glance(seed: int, steps: int) -> None:
    """Hand, centre card, the cards in front of each player and the seat's own pile: the other players' piles
    (face down) and the count of cards not yet seen change nothing the card does."""
    state = GAME.initial_state(PotraConfig(players=4), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            return
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    if GAME.is_over(state):
        return
    seat = GAME.to_move(state)
    obs, legal = observe(state, seat), GAME.legal_actions(state)
    piles = tuple(pile if s == seat else (-3, -3, 4, 4) for s, pile in enumerate(obs.piles))
    blind = dataclasses.replace(obs, piles=piles, unseen=(0,) * len(obs.unseen))
    assert NORMAL_RULES.first(obs, legal) == NORMAL_RULES.first(blind, legal)


def test_each_chain_ends_with_an_otherwise_and_bots_decide_legally() -> None:
    assert [[r.key for r in c.rules] for c in NORMAL_RULES.chains] == [
        ["1", "2"],
        ["3", "4"],
        ["5", "6", "6a", "7", "8"],
    ]
    assert all(c.rules[-1].name.startswith("Otherwise") for c in NORMAL_RULES.chains)
    assert all(r.action and r.action != "do it" for r in NORMAL_RULES.rules)
    for seed in range(3):
        state = GAME.initial_state(PotraConfig(players=4), seed)
        rng = random.Random(seed)
        bots = [
            GAME.make_player(level, s, state.config)
            for s, level in enumerate(("normal", "easy", "random", "normal"))
        ]
        while not GAME.is_over(state):
            seat = GAME.to_move(state)
            legal = GAME.legal_actions(state)
            action = bots[seat].decide(GAME.observation(state, seat), legal, rng).action
            assert action in legal
            state = GAME.apply(state, action)


def test_hard_bot_decides_legally_with_a_reason() -> None:
    state = GAME.initial_state(PotraConfig(players=4), 5)
    action, reason = decide(state, "hard")
    assert action in legal_actions(state)
    assert reason is not None and "search" in reason


def test_normal_beats_three_random_bots() -> None:
    config = PotraConfig(players=4)
    seats = [lambda: GAME.make_player("normal", 0, config)] + [
        (lambda s=s: GAME.make_player("random", s, config)) for s in (1, 2, 3)
    ]
    report = run_arena(GAME, config, seats, 120, seed=3)
    assert report.seats[0].ci_low > 0.25


def test_hint_at_the_physical_table_needs_the_typed_hand() -> None:
    from ai.potra_bash.rules import Draw
    from ai.protocol import InputError

    config = PotraConfig(players=3, names=("Ann", "Bot2", "Bot3"), physical=True, untracked=(0,))
    state = dataclasses.replace(GAME.initial_state(config, 1), starter=0)
    for value in (4, 4, 3, 3, 1, 1, -2):
        state = GAME.apply(state, Draw(value))
    with pytest.raises(InputError, match="type it after hint"):
        GAME.hint(state, 0, "", 0.05)
    with pytest.raises(InputError, match="Ann's hand holds 3 cards, not 2"):
        GAME.hint(state, 0, "4 1", 0.05)
    with language("ru"), pytest.raises(InputError, match="в руке игрока Ann 3 карты, не 2"):  # not «у Ann»
        GAME.hint(state, 0, "4 1", 0.05)
    decision = GAME.hint(state, 0, "-3 -3 1", 0.05)
    assert decision.action in (Play(-3), Play(1))


def test_hard_bot_with_one_playable_value_does_not_say_so() -> None:
    # Lap 1, a hand of three 4s: "the only legal move" would tell the table the bot's whole hand.
    s = position(hands=((4, 4, 4), (1, 3, -2), (3, -3, 1)), centre=1)
    assert list(legal_actions(s)) == [Play(4)]
    action, reason = decide(s, "hard")
    assert action == Play(4)
    assert reason is not None and reason.startswith("search: estimated win chance")
    assert table_decision(s, "hard").reason == "chosen by search"
    # a pass with an empty hand is public anyway and stays immediate, with no reason
    empty = position(hands=((), (1, 3, -2), (3, -3, 1)), centre=1, lap=2, deck=(), deck_size=0)
    assert table_decision(empty, "hard") == Decision(PASS)


def test_no_reason_at_the_table_depends_on_the_hand() -> None:
    # a lap play: the rule that chose it read the hand, so the table hears no rule and no figure
    lap = position(hands=((-2, -3, 3), (1, 1, 1), (3, 3, 3)), centre=1, piles=((), (-3, -3), (-3, -3)))
    assert table_decision(lap).reason is None
    assert "win chance" not in (table_decision(lap, "hard").reason or "")
    # a pick reads the face-up field and the seat's own pile: face down, the table hears no reason (it would
    # tell what the pile holds); with open piles, why in plain words, never the rule's number
    pick = take_position(((1, 4), (2, -2), (1, 3)), ((-2, -2), (), ()))
    assert table_decision(pick).reason is None
    assert table_decision(pick).debug == "rule 1: complete a minus set"
    config = dataclasses.replace(CONFIG, open_piles=True)
    open_pick = dataclasses.replace(pick, config=config)
    assert table_decision(open_pick).reason == (
        "the -2 completes a set of three in its scoring pile, and the set is discarded"
    )
    for field, piles, why in (
        (((1, 4), (2, 1)), ((), (), ()), "a 1 first: it never makes a set, and the most 1s break a tie"),
        (((1, 4), (2, -3)), ((), (), ()), "the card worth most to its scoring pile"),
        (
            ((1, 4), (2, -3)),
            ((4, 4), (), ()),
            "every card left costs its scoring pile: the one that costs least",
        ),
    ):
        state = dataclasses.replace(take_position(field, piles), config=config)
        reason = table_decision(state).reason
        assert reason == why and "rule" not in reason


def test_hard_keeps_to_the_card_unless_its_search_is_sure() -> None:
    """``hard`` plays the card's move unless the search's favourite beats it by one standard error
    (``ai.search.Anchor``): a few deals spread over a field of a dozen cards would otherwise pick by chance (a
    habit of taking 1s beat it). The same search gives the same statistics, so the choice is exact."""
    from ai.potra_bash.bots.hard import ANCHOR_MARGIN, ANCHOR_Z
    from ai.search import Anchor

    anchor = Anchor(NORMAL_RULES, ANCHOR_MARGIN, ANCHOR_Z)
    kept = overruled = 0
    for seed in range(30):
        state = initial_state(PotraConfig(players=4), seed)
        walk = random.Random(seed)
        for _ in range(walk.randrange(4, 40)):
            state = GAME.apply(state, walk.choice(list(legal_actions(state))))
        seat, legal = GAME.to_move(state), list(legal_actions(state))
        if len(legal) < 2:
            continue
        obs = observe(state, seat)
        player = GAME.make_player("hard", seat, state.config, iterations=30)
        decision = player.decide(obs, legal, random.Random(seed))
        stats = player.search(obs, legal, random.Random(seed))  # type: ignore[attr-defined]
        best = max(stats, key=lambda a: stats[a])
        _, ruled = NORMAL_RULES.first(obs, legal)
        if not anchor.overruled(stats[best], stats[ruled]):
            assert decision.action == ruled
            kept += ruled != best
        else:
            assert decision.action == best
            overruled += 1
    assert kept and overruled
