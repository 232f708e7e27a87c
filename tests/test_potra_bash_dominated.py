"""``hard`` Potra Bash sets aside the picks that can never be better than another before it searches
(``ai.potra_bash.bots.hard.undominated``): one test per case, through the bot as the table seats it."""

from __future__ import annotations

import dataclasses
import random

from ai.potra_bash.bots.hard import NO_BETTER, undominated
from ai.potra_bash.game import GAME
from ai.potra_bash.observation import observe
from ai.potra_bash.rules import Phase, PotraConfig, PotraState, Take, initial_state, legal_actions


def take_position(
    players: int, field: tuple[tuple[int, int], ...], piles: tuple[tuple[int, ...], ...], **changes: object
) -> PotraState:
    config = PotraConfig(players=players, names=("Ann", "Ben", "Cat", "Dan", "Eve")[:players])
    base = dataclasses.replace(initial_state(config, 1), starter=0)
    return dataclasses.replace(
        base,
        phase=Phase.TAKE,
        picker=0,
        field=field,
        plays=field,
        piles=piles,
        centre=None,
        **changes,  # type: ignore[arg-type]
    )


def hard(state: PotraState, seed: int = 0) -> tuple[object, str | None]:
    bot = GAME.make_player("hard", 0, state.config, iterations=40)
    decision = bot.decide(observe(state, 0), legal_actions(state), random.Random(seed))
    return decision.action, decision.reason


def test_a_field_of_one_value_is_one_pick() -> None:
    # two -2s, Ben's and Cat's; Ben picks next and gets the other -2 whichever Ann leaves
    state = take_position(3, ((1, -2), (2, -2)), ((), (), ()))
    assert list(legal_actions(state)) == [Take(-2, 1), Take(-2, 2)]
    assert undominated(observe(state, 0), legal_actions(state)) == [Take(-2, 1)]
    assert hard(state) == (Take(-2, 1), NO_BETTER)


def test_copies_whose_owners_pick_no_more_this_round_are_one_pick() -> None:
    # five players, three cards: Ben and Cat pick after Ann and empty the field; Dan's and Eve's 4 are the
    # same pick (neither picks again this round), the -3 is another
    state = take_position(5, ((3, 4), (4, 4), (1, -3)), ((), (), (), (), ()))
    legal = legal_actions(state)
    assert set(legal) == {Take(4, 3), Take(4, 4), Take(-3, 1)}
    kept = undominated(observe(state, 0), legal)
    assert len(kept) == 2 and Take(-3, 1) in kept
    for seed in range(4):
        action, _ = hard(state, seed)
        assert action in kept


def test_a_pick_that_wins_the_game_at_once_is_made() -> None:
    # the last acquisition of the game: Ann's pick decides it (Ben then takes the last card). The card takes the
    # 1 first, leaving Cat's 4 to Ben, who then wins; taking the 4 wins for Ann
    state = take_position(3, ((1, 1), (2, 4)), ((3, 3), (3, 3, 3, 3, 4), (1,)), deck=(), deck_size=0)
    assert GAME.make_player("normal", 0, state.config).decide(
        observe(state, 0), legal_actions(state), random.Random(0)
    ).action == Take(1, 1)
    assert undominated(observe(state, 0), legal_actions(state)) == [Take(4, 2)]
    assert hard(state) == (Take(4, 2), NO_BETTER)


def test_when_every_pick_ends_the_game_only_the_best_are_kept() -> None:
    # Ann loses whatever she takes (Cat's 7 or Ben's 9 beat her): both picks are kept, as equal
    lose = take_position(3, ((1, 1), (2, -3)), ((), (4, 4), (4, 3)), deck=(), deck_size=0)
    assert undominated(observe(lose, 0), legal_actions(lose)) == list(legal_actions(lose))
    # taking the 1 draws level with Cat at 7 and wins on the 1s; taking the -3 loses: only the 1 is kept
    share = take_position(3, ((1, 1), (2, -3)), ((3, 3), (-2,), (4, 3)), deck=(), deck_size=0)
    assert undominated(observe(share, 0), legal_actions(share)) == [Take(1, 1)]


def test_nothing_is_set_aside_while_the_laps_are_played() -> None:
    config = PotraConfig(players=4)
    state = initial_state(config, 3)
    seat = GAME.to_move(state)
    assert undominated(observe(state, seat), legal_actions(state)) == list(legal_actions(state))
