"""The hard bot never picks an option another option dominates (a free token removal declined, the round's last
card spent where its owner's tokens are full), for Granny in both modes and for the two-player Propuh."""

from __future__ import annotations

import random
from collections import Counter

from ai.propuh.bots.hard import undominated
from ai.propuh.components import BED, GRANNY, PROPUH, STOVE, TABLE, Card, Loc, full_deck
from ai.propuh.engine import Engine
from ai.propuh.game import GAME
from ai.propuh.notation import parse_card
from ai.propuh.observation import observe
from ai.propuh.state import PLAY, REMOVE, Phase, Play, PropuhConfig, PropuhState, Remove, Unresolved

TWO = PropuhConfig(solo=False)
SOLO = PropuhConfig()


def position(
    config: PropuhConfig,
    *,
    phase: Phase = PLAY,
    plays: int = 0,
    green: tuple[int, int, int] = (0, 0, 0),
    red: tuple[int, int, int] = (0, 0, 0),
    granny: str = "",
    propuh: str = "",
    unresolved: tuple[int, str, Loc] | None = None,
    figurine: Loc = STOVE,
    deck: int = 10,
    played: str | None = None,
    round: int = 3,
) -> PropuhState:
    """A game built in the engine: the hands given, the cards ``played`` (by default all but ``deck`` of them)
    and the rest in the tool's deck."""
    e = Engine.blank(config, red)
    e.phase = phase
    e.round = round
    e.plays = plays
    e.figurine = figurine
    e.figurine_moved = plays > 0
    e.tokens[GRANNY] = list(green)
    hands = [sorted((parse_card(w) for w in text.split()), key=lambda c: c.kind) for text in (granny, propuh)]
    e.hands = hands
    rest = Counter(full_deck())
    rest.subtract(hands[GRANNY] + hands[PROPUH])
    if unresolved is not None:
        owner, card, loc = unresolved
        e.unresolved = Unresolved(owner, parse_card(card), loc)
        rest[e.unresolved.card] -= 1
    left = []
    for card in full_deck():
        if rest[card] > 0:
            rest[card] -= 1
            left.append(card)
    if played is not None:
        out = [parse_card(w) for w in played.split()]
        for card in out:
            left.remove(card)
        deck = len(left)
        left += out
    e.deck = tuple(left[:deck])
    e.deck_size = len(e.deck)
    face_up: list[Card] = left[deck:] + ([e.unresolved.card] if e.unresolved is not None else [])
    for card in face_up:
        e.seen[card.kind] += 1
    return e.freeze()


def choices(state: PropuhState, seeds: int = 12, iterations: int = 40) -> set[object]:
    """What the hard bot of the seat to move picks at ``state`` over several generators."""
    seat = GAME.to_move(state)
    legal = list(GAME.legal_actions(state))
    picked = set()
    for seed in range(seeds):
        bot = GAME.make_player("hard", seat, state.config, iterations=iterations)
        picked.add(bot.decide(observe(state, seat), legal, random.Random(seed)).action)
    return picked


def test_hard_granny_always_lets_the_figurine_remove_a_free_propuh_token() -> None:
    """A position of a two-player game where the search, its anchor loosened at 1,000 play-outs, kept the token
    on the Window for some generators."""
    state = position(
        TWO,
        phase=REMOVE,
        plays=4,
        round=2,
        green=(0, 1, 1),
        red=(1, 0, 1),
        granny="b3 b4",
        propuh="b3 b3",
        figurine=BED,
        played="t2 t2 t2 t3 t4 s3 b1 b2",
    )
    assert set(GAME.legal_actions(state)) == {Remove(True), Remove(False)}
    assert choices(state, iterations=1000) == {Remove(True)}


def test_hard_solo_granny_always_lets_the_figurine_remove_a_free_propuh_token() -> None:
    state = position(
        SOLO, phase=REMOVE, plays=4, red=(1, 0, 3), green=(1, 2, 1), granny="t2 b3", figurine=BED
    )
    assert choices(state, iterations=1000) == {Remove(True)}


def test_hard_solo_granny_never_spends_the_last_card_before_an_empty_deck_where_her_tokens_are_full() -> None:
    """Round 7, the deck empty: Granny's Stove 2 is the last card; on the Table (2/2 green) it places nothing."""
    state = position(
        SOLO,
        plays=2,
        round=7,
        green=(2, 0, 1),
        red=(1, 1, 3),
        granny="s2",
        unresolved=(PROPUH, "b3", TABLE),
        deck=0,
    )
    picked = choices(state, iterations=1000)
    assert picked and Play(parse_card("s2"), TABLE) not in picked


def test_hard_granny_never_spends_the_rounds_last_card_where_her_tokens_are_full() -> None:
    """Two players, Propuh's hand empty: Granny's Bed 2 is the round's last card, her Table full."""
    state = position(
        TWO, plays=2, green=(2, 0, 1), red=(1, 0, 0), granny="b2", unresolved=(PROPUH, "s4", STOVE), deck=6
    )
    picked = choices(state, iterations=1000)
    assert picked and Play(parse_card("b2"), TABLE) not in picked


def test_hard_propuh_never_spends_his_last_card_of_the_round_where_his_tokens_are_full() -> None:
    state = position(
        TWO,
        plays=3,
        red=(3, 0, 1),
        green=(1, 0, 1),
        granny="t3 s2",
        propuh="t2",
        unresolved=(GRANNY, "b4", BED),
    )
    picked = choices(state)
    assert picked and Play(parse_card("t2"), TABLE) not in picked


def test_a_counter_on_a_full_location_stays_an_option() -> None:
    """Countering is never dropped: the last card that counters Granny's card where Propuh's tokens are full."""
    state = position(
        TWO,
        plays=3,
        red=(3, 0, 1),
        green=(1, 0, 1),
        granny="t3 s2",
        propuh="t4",
        unresolved=(GRANNY, "t2", TABLE),
    )
    kept = undominated(observe(state, PROPUH), GAME.legal_actions(state))
    assert Play(parse_card("t4"), TABLE) in kept
    assert Play(parse_card("t4"), STOVE) in kept
