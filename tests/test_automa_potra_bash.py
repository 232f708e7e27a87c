"""The Bash automa (Potra Bash's paper opponent): the printed card and the ``automa`` level agree decision for
decision, every printed rule fires, the automa never reads a hidden card, and a real deck is run through the CLI.

The interpreter below reads the card's English as printed (a phrase book written by hand from the card, not
imported from ``ai``): every printed sentence must match exactly one phrase, which gives a predicate or an
action over the automa's public view. A printed sentence no phrase knows fails the test.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.arena import run_arena
from ai.potra_bash.bots.automa import PotraAutomaView, automa_rules, public_view, terms
from ai.potra_bash.game import GAME
from ai.potra_bash.rules import PASS, TOP, Action, Phase, PotraConfig, Take
from ai.potra_bash.score import ScoreError, check_scores, score_pile
from ai.protocol import Decision
from ai.rules import fired
from printables.pdf import recording
from printables.registry import Options, game_docs
from tests.conftest import run_cli

View = PotraAutomaView
Pred = Callable[[View], bool]
Act = Callable[[View, Sequence[Action]], Action]


def minus(text: str) -> int:
    return int(text.replace("−", "-"))


# -- the phrase book: the card's English, sentence by sentence --


class Card:
    """The printed card read back: its terms, and per chain its rules as (key, condition, action)."""

    def __init__(self, config: PotraConfig) -> None:
        self.completing: tuple[int, ...] = ()
        self.order: list[tuple[int, bool]] = []  # rule 6: (value, only if it does not complete a set)
        rules = automa_rules(config)
        for name, text in terms(config):
            self.term(name, text)
        self.chains: list[tuple[Pred, list[tuple[str, Pred, Act]]]] = []
        for chain in rules.chains:
            when = self.chain(chain.title)
            rows = [(r.key, self.condition(r.text), self.action(r.action)) for r in chain.rules]
            self.chains.append((when, rows))

    # the terms
    def term(self, name: str, text: str) -> None:
        fixed = {
            "Hand pile": "its hand, face down; nobody looks at it. It plays the top card, turned over; a card it "
            "draws goes face down on top.",
            "Sum": "the total of the cards in front of a player this round.",
            "Holds the centre": "its sum is above every other sum, or equal to the highest and its latest card "
            "was played after theirs.",
            "Good for it": "a 1; a 3 or 4 that does not complete a set; a −2 or −3 that does. Anything else is "
            "bad.",
            "May take": "a card played by another player while one remains; then its own.",
        }
        if name in fixed:
            assert text == fixed[name], f"term {name!r} reads {text!r}"
            return
        match = re.fullmatch(
            r"its scoring pile already holds ([\d, or]+) cards of that value \(never for 1s\)\.", text
        )
        assert name == "Completes a set" and match, f"no phrase for the term {name!r}: {text!r}"
        self.completing = tuple(int(n) for n in re.findall(r"\d+", match.group(1)))

    # what the terms mean, as the card says them
    def completes(self, view: View, value: int) -> bool:
        return value != 1 and view.pile.count(value) in self.completing

    def good(self, view: View, value: int) -> bool:
        if value == 1:
            return True
        if value in (3, 4):
            return not self.completes(view, value)
        return self.completes(view, value)

    @staticmethod
    def holds(view: View) -> bool:
        sums = [0] * view.players
        latest = [-1] * view.players
        for i, (owner, value) in enumerate(view.plays):
            sums[owner] += value
            latest[owner] = i
        me = view.seat
        others = [s for s in range(view.players) if s != me]
        if all(sums[me] > sums[s] for s in others):
            return True
        top = max(sums[s] for s in others)
        return sums[me] == top and all(latest[me] > latest[s] for s in others if sums[s] == top)

    @staticmethod
    def nearest_right(view: View, value: int) -> Action:
        """Of equal cards, the one in front of the player nearest on its right (seats go clockwise)."""
        for step in range(1, view.players + 1):
            owner = (view.seat - step) % view.players
            if (owner, value) in view.takes:
                return Take(value, owner)
        raise AssertionError(f"no {value} to take")

    # the chains
    def chain(self, title: str) -> Pred:
        if title == "Lap 1":
            return lambda v: v.phase == Phase.PLAY and v.lap == 1
        if title == "Laps 2 and 3":
            return lambda v: v.phase == Phase.PLAY and v.lap in (2, 3)
        if title == "Taking from the field":
            return lambda v: v.phase == Phase.TAKE
        raise AssertionError(f"no phrase for the chain {title!r}")

    def condition(self, text: str) -> Pred:
        if text in ("Every player plays in lap 1.", "It keeps its hand pile."):
            return lambda v: True
        match = re.fullmatch(
            r"The centre card is (good|bad) for it and it (does not hold|holds) the centre\.", text
        )
        if match:
            want_good, want_hold = match.group(1) == "good", match.group(2) == "holds"
            return lambda v: (
                v.centre is not None and self.good(v, v.centre) == want_good and self.holds(v) == want_hold
            )
        match = re.fullmatch(r"A (−\d) or (−\d) it may take completes a set\.", text)
        if match:
            values = (minus(match.group(1)), minus(match.group(2)))
            return lambda v: any(self.completes(v, x) for _, x in v.takes if x in values)
        match = re.fullmatch(
            r"Take the first card it may take in this order: (.+)\. Of equal cards, the one in front of the "
            r"player nearest on its right\.",
            text,
        )
        if match:
            listed = match.group(1)
            guarded = re.fullmatch(r"(.*) \(a 4 or 3 only if it does not complete a set\), (.*)", listed)
            assert guarded, listed
            first = [minus(x) for x in guarded.group(1).split(", ")]
            self.order = [(x, x in (3, 4)) for x in first] + [
                (minus(x), False) for x in guarded.group(2).split(", ")
            ]
            return lambda v: True
        raise AssertionError(f"no phrase for the condition {text!r}")

    def action(self, text: str) -> Act:
        if text == "turn over its top card and play it; it draws":
            return lambda v, legal: TOP
        if text == "pass":
            return lambda v, legal: PASS
        match = re.fullmatch(r"take it \(a (−\d) before a (−\d); equal cards: as in rule 6\)", text)
        if match:
            values = (minus(match.group(1)), minus(match.group(2)))

            def take_set(v: View, legal: Sequence[Action]) -> Action:
                value = next(x for x in values if any(y == x for _, y in v.takes) and self.completes(v, x))
                return self.nearest_right(v, value)

            return take_set
        if text == "take that card":

            def take_first(v: View, legal: Sequence[Action]) -> Action:
                present = {x for _, x in v.takes}
                for value, guard in self.order:
                    if value in present and not (guard and self.completes(v, value)):
                        return self.nearest_right(v, value)
                raise AssertionError("rule 6 lists every value")

            return take_first
        raise AssertionError(f"no phrase for the action {text!r}")

    def decide(self, view: View, legal: Sequence[Action]) -> tuple[str, Action]:
        for when, rows in self.chains:
            if when(view):
                for key, condition, act in rows:
                    if condition(view):
                        return key, act(view, legal)
        raise AssertionError("no chain asks this decision")


def printed_sentences(config: PotraConfig) -> list[str]:
    rules = automa_rules(config)
    out = [c.title for c in rules.chains]
    for rule in rules.rules:
        out += [rule.text, rule.action]
    for name, text in terms(config):
        out += [name, text]
    return out


def drawn_text(kind: str = "automa") -> str:
    with recording() as pens:
        game_docs("potra-bash").documents[kind](Options("a4"))
    text = " ".join(d.text for pen in pens for d in pen.log)
    return " ".join(text.replace("*", "").replace("•", " ").split())


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_sentence_the_card_prints_is_drawn_and_in_the_phrase_book(players: int) -> None:
    """One card for every table: the sentences of any player count's rules are the printed ones."""
    config = PotraConfig(players=players)
    text = drawn_text()
    for sentence in printed_sentences(config):
        assert " ".join(sentence.split()) in text, f"{sentence!r} is not on the card"
    Card(config)  # every sentence matches a phrase, or this fails naming it


# -- the card and the level, decision for decision --


class Checked:
    """The ``automa`` level in a seat, each decision also made by the printed card's interpreter."""

    name = "automa (checked)"

    def __init__(self, seat: int, config: PotraConfig, card: Card, log: list[tuple[str, str]]) -> None:
        self.player = GAME.make_player("automa", seat, config)
        self.card = card
        self.log = log

    def decide(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Decision[Action]:
        decision = self.player.decide(observation, legal, rng)
        key, action = self.card.decide(public_view(observation), legal)
        assert decision.reason is not None and decision.reason.startswith(f"rule {key}:"), (decision, key)
        assert decision.action == action, (decision, key, action)
        self.log.append((key, str(action)))
        return decision


@pytest.mark.parametrize(("players", "opponent"), [(3, "normal"), (4, "random"), (5, "normal")])
def test_the_printed_card_and_the_level_agree_and_every_rule_fires(players: int, opponent: str) -> None:
    levels = ["automa", opponent, "automa"] + [opponent] * (players - 3)
    config = GAME.seat_levels(PotraConfig(players=players), levels)
    card = Card(config)
    log: list[tuple[str, str]] = []
    with fired() as seen:
        for seed in range(10):
            seats = [
                Checked(s, config, card, log) if level == "automa" else GAME.make_player(level, s, config)
                for s, level in enumerate(levels)
            ]
            run_arena(GAME, config, seats, 1, seed=seed)
    assert len(log) > 300
    keys = {rule.key for rule in automa_rules(config).rules}
    assert {k for title, k in seen if title == "Bash automa"} == keys


def _replace_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with the automa's hand pile swapped with random cards of the deck (the same sizes)."""
    pile = list(state.hands[seat])
    deck = list(state.deck)
    pool = pile + deck
    rng.shuffle(pool)
    hands = list(state.hands)
    hands[seat] = tuple(pool[: len(pile)])
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(pool[len(pile) :]))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), shuffle=st.integers(0, 10_000))
def test_the_automa_decides_the_same_whatever_its_hidden_cards(seed: int, steps: int, shuffle: int) -> None:
    levels = ["automa", "normal", "automa", "normal"]
    config = GAME.seat_levels(PotraConfig(players=4), levels)
    players = [GAME.make_player(level, s, config) for s, level in enumerate(levels)]
    state = GAME.initial_state(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            return
        seat = GAME.to_move(state)
        state = GAME.apply(
            state, players[seat].decide(GAME.observation(state, seat), GAME.legal_actions(state), rng).action
        )
    # let play run on to an automa's decision
    while not GAME.is_over(state) and GAME.to_move(state) not in config.blind:
        seat = GAME.to_move(state)
        state = GAME.apply(
            state, players[seat].decide(GAME.observation(state, seat), GAME.legal_actions(state), rng).action
        )
    if GAME.is_over(state):
        return
    seat = GAME.to_move(state)
    other = _replace_hidden(state, seat, random.Random(shuffle))
    assert GAME.observation(other, seat) == GAME.observation(state, seat)
    one = players[seat].decide(GAME.observation(state, seat), GAME.legal_actions(state), random.Random(0))
    two = players[seat].decide(GAME.observation(other, seat), GAME.legal_actions(other), random.Random(0))
    assert (one.action, one.reason) == (two.action, two.reason)


# -- handicap and scoring --


def test_the_handicap_is_its_own_line_and_counts_before_the_tie_break(home: Path) -> None:
    config = GAME.seat_levels(PotraConfig(players=3, automa_level=3), ["automa", "normal", "normal"])
    state = GAME.initial_state(config, 7)
    players = [GAME.make_player(level, s, config) for s, level in enumerate(["automa", "normal", "normal"])]
    rng = random.Random(0)
    events = []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)
        state, events = GAME.step(
            state, players[seat].decide(GAME.observation(state, seat), GAME.legal_actions(state), rng).action
        )
    end = events[-1]
    assert end.kind == "end"
    assert "automa's handicap: +3" in end.text
    pile = state.piles[0]
    assert GAME.result(state).scores[0] == score_pile(pile).total + 3
    assert end.data["breakdown"][config.name(0)]["handicap"] == 3
    # the same piles through companion score potra-bash, the automa named
    names = [config.name(s) for s in range(3)]
    piles = [f"{n}={','.join(map(str, p))}" for n, p in zip(names, state.piles, strict=True)]
    report = check_scores(piles, None, "all", (names[0],), 3)
    assert report.scores[0].total == GAME.result(state).scores[0]
    # a letter left out of the automa's name: the pile it meant is suggested, as for any typo
    misspelt = names[0][0] + names[0][2:]
    with pytest.raises(
        ScoreError,
        match=re.escape(f"no pile is called that ({', '.join(names)}) (did you mean '{names[0]}'?)"),
    ):
        check_scores(piles, None, "all", (misspelt,), 3)
    as_json = run_cli(home, ["score", "potra-bash", *piles, "--automa", misspelt, "--json"])
    assert json.loads(as_json.stdout)["suggestion"] == names[0]  # a fact as a field, as a usage error's
    run = run_cli(home, ["score", "potra-bash", *piles, "--automa", names[0], "--difficulty", "3"])
    assert run.returncode == 0, run.stderr
    assert "automa's handicap: +3" in run.stdout


def test_the_score_pad_prints_an_automa_handicap_row() -> None:
    text = drawn_text("scorepad")
    assert "automa's handicap" in text and "difficulty 2: +" in text


# -- a real deck through the command line --


def test_a_physical_session_asks_the_table_to_turn_the_automa_top_card(home: Path) -> None:
    args = [
        "play",
        "potra-bash",
        "--seats",
        "Ann,automa,automa",
        "--physical",
        "--seed",
        "1",
        "--first",
        "Ann",
    ]
    run = run_cli(home, [*args, "--json"], ["3", "4", "-2", "1", "quit"])
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    prompts = [p["expects"] for p in run.of("prompt")]
    assert "Turn over the top card of Bot2's hand pile and type it (1, 3, 4, -2, -3)" in prompts
    plays = run.of("play")
    assert [(p["player"], p["card"]) for p in plays] == [("Ann", 4), ("Bot2", -2), ("Bot3", 1)]
    turns = run.of("turn")
    assert [t["player"] for t in turns] == ["Bot2", "Bot3"]
    assert all(t["rule"].startswith("rule 1: play") for t in turns)
    assert not any(p.startswith("Type the cards dealt to Bot") for p in prompts)  # nobody sees its pile
    resumed = run_cli(home, ["resume", "--json"], ["quit"])
    assert resumed.of("prompt")[0]["expects"] == "Ann (round 1, lap 2): play a card or pass"


def test_a_typed_top_card_taken_back_goes_back_turned_over_and_is_asked_again(home: Path) -> None:
    args = [
        "play",
        "potra-bash",
        "--seats",
        "Ann,automa,automa",
        "--physical",
        "--seed",
        "1",
        "--first",
        "Ann",
    ]
    run = run_cli(home, [*args, "--json"], ["3", "4", "-2", "undo", "1", "quit"])
    assert run.returncode == 0, run.stderr
    steps = run.of("undo")[0]["table"]
    assert "Put the turned card back face down on top of Bot3's hand pile." in steps
    assert "Put the -2 in front of Bot2 back on Bot2's hand pile, still turned over." in steps
    assert [(p["player"], p["card"]) for p in run.of("play")] == [("Ann", 4), ("Bot2", -2), ("Bot2", 1)]


def test_the_start_line_names_the_automa_seats_and_their_handicap(tmp_path: Path) -> None:
    """The table hears who the paper automa plays and its points at the end, before the first move."""
    run = run_cli(tmp_path, ["play", "potra-bash", "--seats", "Ann,automa,automa,normal"], ["quit"])
    first = " ".join(run.stdout.split("Game #1: ", 1)[1].split(".\n")[0].split())
    assert first.endswith("Bot2 and Bot3 the automa (difficulty 2: +1 at the end)")


@pytest.mark.parametrize(("seats", "typed_bots"), [("Ann,automa,automa", False), ("Ann,automa,normal", True)])
def test_a_physical_start_with_automas_says_their_piles_lie_face_up_and_asks_no_automa_card(
    home: Path, seats: str, typed_bots: bool
) -> None:
    """The start line agrees with the automa's card: its scoring pile lies face up by value (its rules count
    it), and the tool asks for the cards of a bot whose hand is typed only (an automa's hand pile never is)."""
    run = run_cli(
        home, ["play", "potra-bash", "--seats", seats, "--physical", "--seed", "4", "--json"], ["quit"]
    )
    (setup,) = run.of("setup")
    text = str(setup["text"])
    assert ("the tool asks for the cards the bots get" in text) is typed_bots
    assert "An automa's scoring pile lies face up, sorted by value" in text
