"""The solo automaton, branch by branch (spec: shared/rules/propuh.md, "The automaton").

The automaton is only ever given Propuh's observation (``GAME.observation(state, 1)``) and the legal actions.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.propuh.bots.automaton import automaton, automaton_rules, clockwise_target
from ai.propuh.components import GRANNY, MAXIMA, PROPUH, Card, Loc, stronger
from ai.propuh.game import GAME
from ai.propuh.rules import Phase, Play, PropuhConfig, PropuhState, Unresolved
from ai.protocol import Decision

T, S, B = Loc.TABLE, Loc.STOVE, Loc.BED
#: Clockwise, written out from the spec: Table -> Stove -> Bed -> Table.
NEXT = {T: S, S: B, B: T}


def card(text: str) -> Card:
    return Card(Loc("tsb".index(text[0])), int(text[1]))


def loc(text: str) -> Loc:
    return Loc("tsb".index(text))


def scenario(
    drawn: str,
    granny: str | None = None,
    *,
    red: tuple[int, int, int] = (0, 0, 0),
    last: str | None = None,
    **options: object,
) -> PropuhState:
    """A solo dealer state where Propuh must place ``drawn``; ``granny`` is her unresolved card, e.g. ``t3 t``.

    Without ``granny`` it is Propuh's second card after Granny countered its first (no card on the board).
    """
    config = PropuhConfig(**options)
    base = GAME.initial_state(config, 0)
    if granny is None:
        unresolved = None
        plays = 3
        last_loc = loc(last) if last else None
    else:
        c, where = granny.split()
        unresolved = Unresolved(GRANNY, card(c), loc(where))
        plays = 1 if last is None else 3
        last_loc = loc(where)
    return replace(
        base,
        plays=plays,
        figurine_moved=True,
        drawn=card(drawn),
        unresolved=unresolved,
        tokens=((0, 0, 0), red),
        last_granny_loc=last_loc,
    )


def decide(state: PropuhState) -> Decision[object]:
    assert GAME.to_move(state) == PROPUH
    legal = GAME.legal_actions(state)
    decision = automaton(state.config).decide(GAME.observation(state, PROPUH), legal, random.Random(0))
    assert decision.action in legal
    return decision


def placed(state: PropuhState) -> tuple[Loc, str]:
    decision = decide(state)
    assert isinstance(decision.action, Play)
    assert decision.action.card == state.drawn
    assert decision.reason is not None
    return decision.action.loc, decision.reason


# --- rule 1: counter -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("drawn", "granny", "where"),
    [
        ("t4", "t3 t", T),  # both trump, higher value
        ("t1", "b4 t", T),  # trump beats a higher non-trump
        ("t3", "b2 s", S),  # neither trump, higher value: counter even though its trump location is free
        ("b3", "b2 b", B),  # counter wins over 2(a) on the same location
    ],
)
def test_rule_1_counter(drawn: str, granny: str, where: Loc) -> None:
    assert placed(scenario(drawn, granny)) == (where, "rule 1: counter")


def test_rule_1_counter_even_where_propuh_is_at_its_maximum() -> None:
    assert placed(scenario("b1", "t2 b", red=(0, 0, 3))) == (B, "rule 1: counter")


@pytest.mark.parametrize(
    ("drawn", "granny"),
    [
        ("b3", "t3 s"),  # equal strength is not strictly stronger
        ("b4", "s1 s"),  # Granny's trump beats a higher non-trump
        ("b1", "t2 s"),  # lower, neither trump
    ],
)
def test_rule_1_needs_strictly_stronger(drawn: str, granny: str) -> None:
    where, reason = placed(scenario(drawn, granny))
    assert reason == "rule 2: trump"
    assert where == B


# --- rule 2: trump ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("drawn", "granny", "where"), [("b1", "s2 s", B), ("s1", "t4 t", S), ("t2", "b3 b", T)]
)
def test_rule_2_trump(drawn: str, granny: str, where: Loc) -> None:
    assert placed(scenario(drawn, granny)) == (where, "rule 2: trump")


def test_rule_2_trump_below_the_maximum() -> None:
    assert placed(scenario("b2", "t4 t", red=(3, 1, 2))) == (B, "rule 2: trump")


# --- rule 2(a): Granny's card on the trump location -> clockwise from Granny's location ------------------


@pytest.mark.parametrize(
    ("drawn", "granny", "where"),
    [("b3", "b4 b", T), ("s2", "s4 s", B), ("t1", "t2 t", S), ("b1", "b2 b", T)],
)
def test_rule_2a_granny_card_on_trump_location_goes_clockwise_from_granny(
    drawn: str, granny: str, where: Loc
) -> None:
    state = scenario(drawn, granny)
    assert state.unresolved is not None
    assert where == NEXT[state.unresolved.loc]
    got, reason = placed(state)
    assert got == where
    assert reason.startswith("rule 3: clockwise, 2a")


# --- rule 2(b): Propuh's maximum reached -> clockwise from Granny's location -----------------------------


@pytest.mark.parametrize(
    ("drawn", "granny", "red", "where"),
    [
        ("b1", "t4 t", (0, 0, 3), S),
        ("t2", "s3 s", (3, 0, 0), B),
        ("s1", "b4 b", (0, 1, 0), T),
    ],
)
def test_rule_2b_propuh_maximum_reached_goes_clockwise(
    drawn: str, granny: str, red: tuple[int, int, int], where: Loc
) -> None:
    got, reason = placed(scenario(drawn, granny, red=red))
    assert got == where
    assert reason.startswith("rule 3: clockwise, 2b")
    trump = card(drawn).suit
    assert f"{red[trump]} Propuh token" in reason


def test_rule_2b_limit_is_the_printed_propuh_maximum() -> None:
    for trump, most in zip((T, S, B), MAXIMA[PROPUH], strict=True):
        drawn = f"{trump.short}1"
        granny = f"{'s' if trump == T else 't'}4 {NEXT[NEXT[trump]].short}"
        below = [0, 0, 0]
        below[trump] = most - 1
        at = [0, 0, 0]
        at[trump] = most
        assert placed(scenario(drawn, granny, red=tuple(below)))[1] == "rule 2: trump"
        assert "2b" in placed(scenario(drawn, granny, red=tuple(at)))[1]


# --- rule 3 is literal -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("drawn", "granny", "red", "where"),
    [
        ("b2", "s4 s", (0, 0, 3), B),  # clockwise from the Stove is the Bed, the location 2(b) blocked
        ("s1", "t4 t", (0, 1, 0), S),  # clockwise from the Table is the Stove, full
        ("t1", "b4 b", (3, 0, 0), T),
    ],
)
def test_rule_3_literal_even_onto_the_2b_blocked_location(
    drawn: str, granny: str, red: tuple[int, int, int], where: Loc
) -> None:
    # Propuh's last card of the round (Granny's card was her second).
    state = scenario(drawn, granny, red=red, last=granny.split()[1])
    got, reason = placed(state)
    assert got == where == card(drawn).suit
    assert reason.startswith("rule 3: clockwise, 2b")
    # Left on the board at the end of the round, it places no token over the maximum.
    after = GAME.apply(state, Play(card(drawn), got))
    assert after.tokens[PROPUH][where] == red[where] == MAXIMA[PROPUH][where]


# --- no unresolved Granny card ---------------------------------------------------------------------------


def test_no_granny_card_plays_trump() -> None:
    assert placed(scenario("b2")) == (B, "rule 2: trump")
    assert placed(scenario("s3", red=(3, 0, 3))) == (S, "rule 2: trump")


@pytest.mark.parametrize(
    ("drawn", "red", "where"),
    [("b2", (0, 0, 3), T), ("s3", (0, 1, 0), B), ("t4", (3, 0, 0), S)],
)
def test_no_granny_card_goes_clockwise_from_trump_location(
    drawn: str, red: tuple[int, int, int], where: Loc
) -> None:
    state = scenario(drawn, red=red, last="s")
    got, reason = placed(state)
    assert got == where == NEXT[card(drawn).suit]
    assert reason.startswith("rule 3: clockwise, 2b")
    assert reason.endswith("no Granny card, so clockwise from the trump location")


def test_no_granny_card_reached_in_a_real_round() -> None:
    # Granny's second card counters Propuh's first: Propuh draws its second card with nothing to counter.
    state = replace(
        GAME.initial_state(PropuhConfig(difficulty="1"), 0),
        hands=((card("t1"), card("t4")), ()),
    )
    deck = (card("b3"), card("b2"), *state.deck[2:])
    state = replace(state, deck=deck, tokens=((0, 0, 0), (0, 0, 3)))
    state = GAME.apply(state, Play(card("t1"), T))
    assert state.drawn == card("b3")
    state = GAME.apply(state, decide(state).action)
    assert state.unresolved == Unresolved(PROPUH, card("b3"), S)  # 2(b), clockwise from the Table
    state = GAME.apply(state, Play(card("t4"), S))  # Granny counters
    assert state.unresolved is None and state.drawn == card("b2")
    got, reason = placed(state)
    assert got == T  # clockwise from the Bed, the trump location 2(b) blocked
    assert "no Granny card" in reason


# --- options ---------------------------------------------------------------------------------------------


def test_ignore_limit_drops_2b() -> None:
    assert placed(scenario("b1", "t4 t", red=(0, 0, 3), ignore_limit=True)) == (B, "rule 2: trump")
    assert placed(scenario("s1", "t4 t", red=(0, 1, 0), ignore_limit=True)) == (S, "rule 2: trump")
    assert placed(scenario("b2", red=(0, 0, 3), ignore_limit=True)) == (B, "rule 2: trump")


def test_ignore_limit_keeps_2a() -> None:
    got, reason = placed(scenario("b3", "b4 b", red=(0, 0, 3), ignore_limit=True))
    assert got == T
    assert reason.startswith("rule 3: clockwise, 2a")


def test_skip_blocked_steps_past_the_2b_blocked_location() -> None:
    assert placed(scenario("b2", "s4 s", red=(0, 0, 3), skip_blocked=True))[0] == T
    assert placed(scenario("s1", "t4 t", red=(0, 1, 0), skip_blocked=True))[0] == B
    assert placed(scenario("t1", "b4 b", red=(3, 0, 0), skip_blocked=True))[0] == S


def test_skip_blocked_changes_nothing_when_rule_3_lands_elsewhere() -> None:
    assert placed(scenario("b1", "t4 t", red=(0, 0, 3), skip_blocked=True))[0] == S
    assert placed(scenario("b3", "b4 b", red=(0, 0, 3), skip_blocked=True))[0] == T  # 2(a)
    assert placed(scenario("b2", "s4 s", skip_blocked=True)) == (B, "rule 2: trump")


def test_skip_blocked_with_ignore_limit_plays_trump() -> None:
    assert placed(scenario("b2", "s4 s", red=(0, 0, 3), skip_blocked=True, ignore_limit=True)) == (
        B,
        "rule 2: trump",
    )


@pytest.mark.parametrize(("last", "where"), [("t", S), ("s", B), ("b", T)])
def test_no_granny_from_last_counts_from_granny_last_card(last: str, where: Loc) -> None:
    state = scenario("b2", red=(0, 0, 3), last=last, no_granny_from="last")
    got, reason = placed(state)
    assert got == where == NEXT[loc(last)]
    assert reason.endswith("no Granny card, so clockwise from the last Granny card")


def test_no_granny_from_last_with_skip_blocked() -> None:
    state = scenario("b2", red=(0, 0, 3), last="s", no_granny_from="last", skip_blocked=True)
    assert placed(state)[0] == T


def test_no_granny_from_last_ignored_while_granny_card_is_on_the_board() -> None:
    state = scenario("b1", "t4 t", red=(0, 0, 3), no_granny_from="last")
    state = replace(state, last_granny_loc=B)
    assert placed(state)[0] == S


def test_clockwise_target_follows_the_options() -> None:
    obs = GAME.observation(scenario("b2", "s4 s", red=(0, 0, 3)), PROPUH)
    assert clockwise_target(obs) == B
    obs = GAME.observation(scenario("b2", "s4 s", red=(0, 0, 3), skip_blocked=True), PROPUH)
    assert clockwise_target(obs) == T
    obs = GAME.observation(scenario("b2", red=(0, 0, 3), last="t", no_granny_from="last"), PROPUH)
    assert clockwise_target(obs) == S


# --- the rule list as printed and played -----------------------------------------------------------------


def test_rule_list_names_the_three_rules_in_priority_order() -> None:
    rules = automaton_rules()
    assert [(r.key, r.name) for r in rules.rules] == [("1", "counter"), ("2", "trump"), ("3", "clockwise")]
    assert "maximum" in rules.rules[1].text
    assert "maximum" not in automaton_rules(PropuhConfig(ignore_limit=True)).rules[1].text
    assert any("literal" in n for n in rules.notes)
    assert any("further" in n for n in automaton_rules(PropuhConfig(skip_blocked=True)).notes)
    assert any("last" in n for n in automaton_rules(PropuhConfig(no_granny_from="last")).notes)


def test_automaton_needs_a_drawn_card() -> None:
    state = GAME.initial_state(PropuhConfig(), 0)
    with pytest.raises(ValueError):
        automaton().decide(GAME.observation(state, PROPUH), GAME.legal_actions(state), random.Random(0))


def test_automaton_places_a_typed_draw_at_the_physical_table() -> None:
    config = PropuhConfig(physical=True, untracked=(GRANNY,), difficulty="1")
    state = GAME.initial_state(config, 0)
    state = GAME.apply(state, GAME.parse_action(state, "b4 b"))
    assert state.phase == Phase.DRAW
    state = GAME.apply(state, GAME.parse_action(state, "b3"))
    decision = decide(state)
    assert decision.action == Play(card("b3"), T)
    assert decision.reason is not None and decision.reason.startswith("rule 3: clockwise, 2a")


# --- against a reference written from the spec, over real games -----------------------------------------


def reference(state: PropuhState) -> tuple[Loc, str]:
    """Where the spec says the drawn card goes, and the number of the rule that fired."""
    config, drawn = state.config, state.drawn
    assert drawn is not None
    red = state.tokens[PROPUH]
    u = state.unresolved
    granny = u if u is not None and u.owner == GRANNY else None
    if granny is not None and stronger(drawn, granny.card, granny.loc):
        return granny.loc, "1"
    trump = drawn.suit
    full = not config.ignore_limit and red[trump] >= MAXIMA[PROPUH][trump]
    if not full and not (granny is not None and granny.loc == trump):
        return trump, "2"
    if granny is not None:
        start = granny.loc
    elif config.no_granny_from == "last" and state.last_granny_loc is not None:
        start = state.last_granny_loc
    else:
        start = trump
    target = NEXT[start]
    if config.skip_blocked and target == trump and full:
        target = NEXT[target]
    return target, "3"


CONFIGS = st.builds(
    PropuhConfig,
    difficulty=st.sampled_from(["1", "2", "3", "random"]),
    random_cards=st.integers(1, 4),
    ignore_limit=st.booleans(),
    skip_blocked=st.booleans(),
    no_granny_from=st.sampled_from(["trump", "last"]),
)


@settings(max_examples=60, deadline=None)
@given(config=CONFIGS, seed=st.integers(0, 2**32), rng=st.randoms(use_true_random=False))
def test_automaton_matches_the_spec_in_random_games(
    config: PropuhConfig, seed: int, rng: random.Random
) -> None:
    state = GAME.initial_state(config, seed)
    bot = automaton(config)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        if GAME.to_move(state) == PROPUH:
            decision = bot.decide(GAME.observation(state, PROPUH), legal, rng)
            where, key = reference(state)
            assert decision.action == Play(state.drawn, where)
            assert decision.reason is not None and decision.reason.startswith(f"rule {key}: ")
            action = decision.action
        else:
            action = rng.choice(list(legal))
        state = GAME.apply(state, action)
