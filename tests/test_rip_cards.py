"""RIP's psychic cards as data: the TOML file for cards 15-29 (validation, use in a game) and invariants."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.protocol import Event, IllegalError
from ai.rip.components import (
    CARD_FILE_EXAMPLE,
    KNOWN_CARDS,
    CardFileError,
    cards_from_dicts,
    cards_from_toml,
    load_cards,
)
from ai.rip.game import GAME
from ai.rip.notation import format_action, parse_action
from ai.rip.rules import (
    Action,
    G,
    Ghost,
    InPlay,
    P,
    Phase,
    RipConfig,
    RipState,
    Turn,
    apply,
    card_values,
    ghost_count,
    initial_state,
    legal_actions,
    state_totals,
    totals,
)


def test_the_example_file_loads_and_round_trips() -> None:
    cards = cards_from_toml(CARD_FILE_EXAMPLE)
    assert [c.id for c in cards] == [15, 16]
    assert cards[0].ghost is not None and cards[0].ghost.value == 5
    assert cards_from_dicts([c.as_dict() for c in cards]) == cards


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[card]]\nid = 15\n", "missing level"),
        ('[[card]]\nid = 15\nlevel = 2\ntext = "x"\neffects = [{ kind = "ghost" }]\n', "value = 1 to 9"),
        ('[[card]]\nid = 15\nlevel = 7\ntext = "x"\neffects = []\n', "level must be a whole number from 0 to 4"),
        ('[[card]]\nid = 4\nlevel = 2\ntext = "x"\neffects = []\n', "card 4 is a known card"),
        ('[[card]]\nid = 15\nlevel = 2\ntext = "x"\neffects = [{ kind = "zap" }]\n', "kind must be one of"),
        (
            '[[card]]\nid = 15\nlevel = 2\ntext = "x"\neffects = [{ kind = "bonus", amount = 1, colour = 2 }]\n',
            "unknown: colour",
        ),
        ('[[card]]\nid = 15\nlevel = 2\ntext = "x"\neffects = [{ kind = "nullify", values = [7] }]\n', "1 to 6"),
        ('[[card]]\nid = 15\nlevel = 2\ntext = "x"\neffects = []\n[[card]]\nid = 15\nlevel = 2\ntext = "y"\n'
         "effects = []\n", "appears twice"),
        ("card = 3", "no [[card]] tables"),
        ("[[card]\n", "not valid TOML"),
        ('[[card]]\nid = 15\nlevel = 2\ntext = "x"\nefects = []\n', "unknown field 'efects'"),
    ],
)  # fmt: skip
def test_mistakes_in_a_card_file_get_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(CardFileError) as info:
        cards_from_toml(text, "mine.toml")
    assert message in str(info.value)
    assert str(info.value).startswith("mine.toml") and "\n" not in str(info.value)


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="cannot read"):
        load_cards(tmp_path / "nope.toml")


def test_extra_cards_join_the_deal_and_play_by_their_effects(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(CARD_FILE_EXAMPLE)
    extra = load_cards(path)
    config = RipConfig(extra_cards=extra, first=0, line=(16, 15, 1, 2, 3, 4, 5, 6, 8))
    assert GAME.config_from_dict(GAME.config_to_dict(config)) == config
    lines = {tuple(initial_state(RipConfig(extra_cards=extra), seed).line) for seed in range(60)}
    assert any(15 in line or 16 in line for line in lines)
    # card 16: own 1s +2 and the opponent's 6 counts 0
    table = ([InPlay(P(16)), InPlay(G(1))], [InPlay(G(6))])
    assert totals(table, config.catalogue()) == (3, 0)
    # by default only the 14 known cards are dealt
    for seed in range(30):
        assert max(initial_state(RipConfig(), seed).line) <= len(KNOWN_CARDS)


# -- invariants over random games ---------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 100_000), st.booleans(), st.booleans())
def test_random_games_keep_every_invariant(seed: int, tutorial: bool, physical: bool) -> None:
    """Each deck's 21 cards are conserved; totals recomputed from scratch equal the sum of per-card strengths
    and do not depend on the order the cards were played; every legal action formats and parses back."""
    config = RipConfig(tutorial=tutorial, physical=(0,) if physical else ())
    state = initial_state(config, seed)
    rng = random.Random(seed)
    steps = 0
    while state.phase != Phase.OVER:
        legal = legal_actions(state)
        assert legal
        action = rng.choice(legal)
        assert parse_action(state, format_action(state, action)) == action
        state = apply(state, action)
        steps += 1
        for side in state.sides:
            assert sum(ghost_count(side).values()) == 21
            assert len(side.tokens) <= 10
        tables = (state.sides[0].table, state.sides[1].table)
        values = card_values(tables, state.cards)
        assert state_totals(state) == (sum(values[0]), sum(values[1]))
        shuffled = (
            tuple(rng.sample(tables[0], len(tables[0]))),
            tuple(rng.sample(tables[1], len(tables[1]))),
        )
        assert totals(shuffled, state.cards) == state_totals(state)
        assert all(v >= 0 for side in values for v in side)
    assert steps < GAME.info.max_length
    assert state.winners
    tokens = state.sides[0].tokens + state.sides[1].tokens
    assert tokens.count("M") <= 6 and tokens.count("C") <= 4


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 100_000), st.booleans(), st.booleans(), st.booleans())
def test_an_action_leads_to_the_same_state_whether_or_not_events_are_recorded(
    seed: int, tutorial: bool, physical: bool, extra: bool
) -> None:
    """The search applies actions without recording events, by quicker paths; they reach the very state the
    recorded path reaches, for every legal action, the extra cards of a card file included."""
    extra_cards = cards_from_toml(CARD_FILE_EXAMPLE) if extra and not tutorial else ()
    config = RipConfig(tutorial=tutorial, physical=(0,) if physical else (), extra_cards=extra_cards)
    state = initial_state(config, seed)
    rng = random.Random(seed)
    while state.phase != Phase.OVER:
        legal = legal_actions(state)
        for action in [*rng.sample(legal, min(4, len(legal))), *_turns_beyond_the_list(state)]:
            quiet = _outcome(state, action, None)
            assert quiet == _outcome(state, action, [])
            if isinstance(quiet, RipState):
                assert state_totals(quiet) == totals(
                    (quiet.sides[0].table, quiet.sides[1].table), quiet.cards
                )
        state = apply(state, rng.choice(legal))


def _turns_beyond_the_list(state: RipState) -> list[Turn]:
    """Turns ``legal_actions`` does not list but ``apply`` takes (and the quick path handles): several ghost
    cards at once (the play-outs' whole set) and a play that also ends the turn; illegal ones too (card 6,
    card 14, a person's secret face-down card), which both paths must refuse alike."""
    if state.phase != Phase.PLAY:
        return []
    hand = state.sides[state.mover].hand
    turns = [Turn((Ghost(hand[-1]),), end=True)] if hand else []
    if len(hand) >= 2:
        two = (Ghost(hand[0]), Ghost(hand[1]))
        turns += [Turn(two, end=False), Turn(two, end=True)]
    return turns


def _outcome(state: RipState, action: Action, events: list[Event] | None) -> RipState | str:
    """The state after ``action``, or why it is illegal."""
    try:
        return apply(state, action, events)
    except IllegalError as error:
        return str(error)
