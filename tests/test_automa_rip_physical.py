"""RIP's paper automa with its real deck (``companion play rip --bot automa --physical``): the tool never needs its
cards typed before the table turns them over; it names the card to turn (its hand pile's top, card 2's deck top,
its face-down ghosts in round 10) and the automa acts on the typed card, as it acts on the card a virtual pile
gives it."""

from __future__ import annotations

import random
from dataclasses import replace as replace_config
from pathlib import Path

import pytest

from ai.protocol import CHANCE, IllegalError, ParseError
from ai.rip.game import GAME
from ai.rip.rules import Blind, Draw, G, Psychic, RipState, Turn
from ai.rip.state import TURN_BANKED, TURN_DECK, TURN_PILE, replace
from tests.conftest import run_cli
from tests.support.rip_physical import AUTOMA, PERSON, script, table_config

#: A game (seed, difficulty) whose automa plays card 2, banks a card and turns cards over in round 10.
WHOLE = (2, 2)
PLAY = [
    "play",
    "rip",
    "--bot",
    "automa",
    "--physical",
    "--seed",
    str(WHOLE[0]),
    "--difficulty",
    str(WHOLE[1]),
]
PILE_PROMPT = "Turn over the top card of Blue's hand pile (the automa's) and type it, e.g. 3"
DECK_PROMPT = "Card 2: turn over the top card of Blue's deck (the automa's) and type it, e.g. 5"
ROUND10_PROMPT = "Round 10: turn over Blue's face-down ghost card by the round-10 card and type it, e.g. 3"


def _turned(before: RipState, after: RipState) -> int:
    """The ghost card a virtual automa just put into play (its pile's top, or card 2's deck top)."""
    return after.sides[AUTOMA].table[-1].card.n


def _game(
    seed: int, difficulty: int, real: bool, replay: list[object] | None = None
) -> tuple[list[object], ...]:
    """A game against the automa: its decisions (action and reason, the die from the same generator either way),
    what the person typed and, with a virtual pile, the cards it turned over; with ``replay`` (those, in order) the
    person types them again and the table types the same cards turned over."""
    config = table_config(difficulty, real)
    state = GAME.initial_state(config, seed)
    automa = GAME.make_player("automa", AUTOMA, config)
    person = GAME.make_player("normal", PERSON, config)
    rng = random.Random(seed)
    decisions: list[object] = []
    typed: list[object] = []
    turned = set()
    inputs = iter(replay or [])
    while not GAME.is_over(state):
        seat = GAME.to_move(state)
        legal = GAME.legal_actions(state)
        if state.turning is not None:
            turned.add(state.turning[0])
        if seat == AUTOMA:
            decision = automa.decide(
                GAME.observation(state, seat), legal, random.Random(f"{seed}/{len(decisions)}")
            )
            decisions.append((decision.action, decision.reason))
            action = decision.action
        elif replay is not None:
            action = next(inputs)  # type: ignore[assignment]
        elif seat == CHANCE:
            action = rng.choice(list(legal))
        else:
            action = person.decide(GAME.observation(state, seat), legal, rng).action
        after = GAME.apply(state, action)
        if replay is None and seat != AUTOMA:
            typed.append(action)
        if replay is None and seat == AUTOMA and isinstance(action, Turn):
            item = action.items[0] if action.items else None
            fetched = (
                isinstance(item, Psychic)
                and len(after.sides[AUTOMA].table) > len(state.sides[AUTOMA].table) + 1
            )
            if isinstance(item, Blind) or fetched:
                typed.append(Draw((_turned(state, after),)))
        state = after
    if replay is None and state.round10 is not None:
        ghosts = tuple(sorted(c.n for c in state.sides[AUTOMA].down if not c.psychic))
        if ghosts:  # turned over last, once the person's own are named
            typed.append(Draw(ghosts))
    return decisions, typed, [state.winners, state.round10, state.won, state.sides[AUTOMA].played], [turned]


def test_a_real_pile_typed_as_a_virtual_one_turned_gives_the_same_automa_decisions() -> None:
    kinds: set[int] = set()
    for seed in range(12):
        for difficulty in (2, 4):
            decisions, typed, outcome, _ = _game(seed, difficulty, real=False)
            again, _, outcome_real, (turned,) = _game(seed, difficulty, real=True, replay=typed)
            assert again == decisions, (seed, difficulty)
            assert outcome_real == outcome
            kinds |= turned  # type: ignore[arg-type]
    assert kinds == {TURN_PILE, TURN_DECK, TURN_BANKED}


def test_the_tool_never_asks_for_the_automa_cards_before_they_are_turned(home: Path) -> None:
    lines, last = script(*WHOLE)
    run = run_cli(home, [*PLAY, "--json"], lines)
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    prompts = [p["expects"] for p in run.of("prompt")]
    assert {PILE_PROMPT, DECK_PROMPT, ROUND10_PROMPT} <= set(prompts)
    assert not any(p.startswith("Blue: draw") for p in prompts)
    # each card named to turn over is typed next, and the automa plays that card
    events = [e for e in run.events if e["event"] in ("turn_over", "play", "turned")]
    turns = [i for i, e in enumerate(events) if e["event"] == "turn_over"]
    assert len(turns) == sum(line.startswith("turned") for line in lines) > 20
    typed = iter(line.split()[1:] for line in lines if line.startswith("turned"))
    for i in turns:
        value = next(typed)
        after = events[i + 1]
        if events[i]["pile"] == "round10":
            assert after["event"] == "turned" and after["cards"] == [int(v) for v in value]
        else:
            assert (after["event"], after["player"], after["card"], after["turned"]) == (
                "play",
                "blue",
                value[0],
                events[i]["pile"],
            )
            where = f"Put the turned-over {value[0]} face up on Blue's side of mansion "
            assert after["table"][0].startswith(where)
    steps = [s for e in run.events for s in e.get("table", [])]
    assert "Turn over the top card of Blue's hand pile; type it when asked." in steps
    assert "Turn over the top card of Blue's deck; type it when asked." in steps
    assert "Put the top card of Blue's hand pile face down by the round-10 card, unseen." in steps
    assert "Put the top 2 cards of Blue's deck face down on top of its hand pile, unseen." in steps
    assert not any("sorted cards" in s or "coin" in s for s in steps)
    (end,) = run.of("end")
    assert end["winners"] == [["green", "blue"][w] for w in last.winners]
    # resumed halfway, the same game to the same end
    half = len(lines) // 2
    first = run_cli(home, [*PLAY, "--json"], lines[:half])
    assert first.of("end") == []
    rest = run_cli(home, ["resume", "--json"], lines[half:])
    assert rest.of("error") == []
    assert rest.of("end") == [end]


def test_the_plain_screen_names_the_card_to_turn_and_what_the_automa_does(home: Path) -> None:
    lines, last = script(*WHOLE)
    run = run_cli(home, PLAY, lines)
    assert run.returncode == 0, run.stderr
    text = " ".join(run.stdout.split())
    assert "Blue, the automa, plays from a real deck nobody looks at" in text
    assert "Blue's psychic card 2 takes the top card of its deck: turn it over." in text
    assert "Blue plays the top card of its hand pile: turn it over (rule" in text
    assert "Blue plays a 5 (the top card of its deck, by psychic card 2)" in text
    assert "Round 10: first turn over Blue's face-down ghost card." in text
    assert f"{['Green', 'Blue'][last.winners[0]]} wins" in text
    assert "✗" not in text


def _turning_state(seed: int = WHOLE[0], what: int = TURN_PILE, late: bool = False) -> RipState:
    """The first (``late``: the last) state of the scripted game where the table turns ``what`` over."""
    lines, _ = script(seed, WHOLE[1])
    state = GAME.initial_state(table_config(WHOLE[1]), seed)
    automa = GAME.make_player("automa", AUTOMA, state.config)
    inputs = iter(lines)
    found = None
    entries = 0
    while not GAME.is_over(state):
        if state.turning is not None and state.turning[0] == what:
            found = state
            if not late:
                return state
        seat = GAME.to_move(state)
        if seat == AUTOMA:
            legal = GAME.legal_actions(state)
            action = automa.decide(
                GAME.observation(state, seat), legal, random.Random(f"{seed}/{entries}")
            ).action
        else:
            action = GAME.parse_action(state, next(inputs))
        state = GAME.apply(state, action)
        entries += 1
    assert found is not None
    return found


def test_a_card_the_automa_cannot_hold_is_refused_and_nothing_changes() -> None:
    state = _turning_state(late=True)
    unseen = state.unseen_cards(AUTOMA)
    gone = [v for v in range(1, 7) if v not in unseen]
    assert gone, "a value every copy of which the table has seen"
    with pytest.raises(IllegalError, match=rf"^not {gone[0]}: Blue's .*{gone[0]}"):
        GAME.parse_action(state, str(gone[0]))
    with pytest.raises(ParseError, match="values 1 to 6"):
        GAME.parse_action(state, "7")
    with pytest.raises(IllegalError, match="type 1 value, not 2"):
        GAME.parse_action(state, "turned 3 3")
    assert GAME.legal_actions(state) == [Draw((v,)) for v in sorted(set(unseen))]
    banked = _turning_state(what=TURN_BANKED)
    with pytest.raises(IllegalError, match="type 1 value, not 2"):
        GAME.parse_action(banked, "3 3")


def test_undo_puts_a_turned_card_back_as_the_steps_say(home: Path) -> None:
    lines, _ = script(*WHOLE)
    # draw, then card 2's card turned over and typed; undo it, type it again; undo back past the automa's turn
    run = run_cli(home, [*PLAY, "--json"], [lines[0], lines[1], "undo", lines[1], "undo", "undo"])
    assert run.of("error") == []
    first, _again, third = run.of("undo")
    assert (
        first["table"][0]
        == "Put Blue's 5 from mansion 1 back on top of Blue's deck, still turned over: type it again when asked."
    )
    assert [p["expects"] for p in run.of("prompt")].count(DECK_PROMPT) == 3
    assert "Put the turned card back face down on top of Blue's deck." in third["table"]
    assert (
        "Take psychic card 2 from Blue's side of mansion 1 back face up in front of Blue." in third["table"]
    )


def test_card_3_against_it_is_a_look_at_the_real_pile_and_no_hint_is_given_at_a_turn() -> None:
    config = replace_config(table_config(), first=PERSON)
    state = GAME.initial_state(config, 1)
    state = GAME.apply(state, GAME.parse_action(state, "draw 1 1 2 3 5"))
    green, blue = state.sides
    state = state.replace(sides=(replace(green, owned=(3,)), blue))
    after, events = GAME.step(state, GAME.parse_action(state, "p3 more"))
    assert [e for e in events if e.private_to is not None] == []
    (play,) = [e for e in events if e.kind == "play"]
    assert "Green: look at Blue's hand pile, then shuffle it and put it back face down." in play.table
    assert GAME.observation(after, PERSON).other.hand is None  # the tool's values are stand-ins
    assert GAME.no_hint(_turning_state()) == "no hint here: turn over the automa's card as asked and type it"


def test_every_card_it_may_turn_over_keeps_what_the_table_counts() -> None:
    """Any value the automa's unseen cards may hold is accepted where the table turns it over, and its hand pile,
    deck and face-down cards keep the counts the table sees."""
    for what in (TURN_PILE, TURN_DECK, TURN_BANKED):
        state = _turning_state(what=what)
        before = state.sides[AUTOMA]
        for action in GAME.legal_actions(state):
            after = GAME.apply(state, action).sides[AUTOMA]
            played = 1 if what == TURN_PILE else 0
            drawn = 1 if what == TURN_DECK else 0
            assert (after.hand_size, len(after.deck), after.down_count) == (
                before.hand_size - played,
                len(before.deck) - drawn,
                before.down_count,
            )
            assert isinstance(action, Draw)
            if what == TURN_BANKED:
                assert sorted(c.n for c in after.down if not c.psychic) == sorted(action.values)


def test_a_card_only_its_face_down_stand_ins_hold_is_swapped_in_from_there() -> None:
    state = _turning_state(what=TURN_PILE)
    green, blue = state.sides
    rest = sorted([*blue.hand, *blue.deck])
    rest.remove(6)  # the 6 goes face down by the round-10 card, the others stand in for its pile and deck
    h = len(blue.hand)
    stand_ins = replace(blue, hand=tuple(rest[:h]), deck=tuple(rest[h:]), down=(G(6),))
    state = state.replace(sides=(green, stand_ins))
    after = GAME.apply(state, GAME.parse_action(state, "6")).sides[AUTOMA]
    assert after.table[-1].card == G(6)
    assert (after.hand_size, len(after.deck), after.down) == (h - 1, len(rest) - h, (G(rest[0]),))
