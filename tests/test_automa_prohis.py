"""The Prohis paper automa: the printed card and the bot level ``automa`` decide alike, decision for decision;
it holds no secret (nobody, itself included, sees its stock); every printed rule can apply; the printed
difficulty is the engine's; a physical table is told which card to turn."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.games import get
from ai.prohis.bots.automa import Automa, automa_rules, public_view, terms
from ai.prohis.components import AUTOMA_LEVELS, LIEUTENANT, UNKNOWN, deck_counts
from ai.prohis.engine import stock
from ai.prohis.observation import observe
from ai.prohis.state import ProhisConfig, ProhisState, add, cards_of
from ai.rules import fired
from printables.pdf import recording
from printables.registry import Options, game_docs
from tests.conftest import run_cli
from tests.support.prohis_automa import HANDLING, Interpreter, only, read_level

GAME = get("prohis")

#: (players, the seats' levels, difficulty) of the seeded games; the automa's seats first.
TABLES = [
    (("automa", "normal", "normal", "normal"), 2),
    (("automa", "automa", "normal"), 1),
    (("automa", "random", "normal", "automa", "easy"), 4),
    (("normal", "automa", "random", "normal", "normal", "automa"), 3),
]
SEEDS = range(8)


def _printed(
    seed_values: bool = False,
) -> tuple[list[tuple[str, str]], list[tuple[str, list[tuple[str, str, str]]]]]:
    config = ProhisConfig(seed_values=seed_values)
    card = automa_rules(config)
    chains = [(c.title, [(r.key, r.text, r.action) for r in c.rules]) for c in card.chains]
    return list(terms(config)), chains


def _interpreter() -> Interpreter:
    return Interpreter.parse(*_printed())


def _start(
    levels: tuple[str, ...], level: int, seed: int, physical: bool = False
) -> tuple[ProhisState, list[Any]]:
    config = ProhisConfig(players=len(levels), automa_level=level, physical=physical)
    config = GAME.seat_levels(config, list(levels))
    players = [GAME.make_player(name, s, config) for s, name in enumerate(levels)]
    return GAME.initial_state(config, seed), players


def _games(check: Callable[[ProhisState, int, Any, random.Random], None]) -> None:
    """Play every seeded game; ``check(state, seat, player, rng)`` at each automa decision, before it plays."""
    for levels, level in TABLES:
        for seed in SEEDS:
            state, players = _start(levels, level, seed)
            rngs = [random.Random(f"{seed}/{s}") for s in range(len(levels))]
            chance = random.Random(seed)
            while not GAME.is_over(state):
                mover = GAME.to_move(state)
                legal = GAME.legal_actions(state)
                if mover < 0:
                    act = chance.choice(legal)
                else:
                    if levels[mover] == "automa":
                        check(state, mover, players[mover], rngs[mover])
                    act = players[mover].decide(GAME.observation(state, mover), legal, rngs[mover]).action
                    assert act in legal
                state = GAME.apply(state, act)


def test_every_printed_sentence_matches_exactly_one_phrase_and_is_on_the_card() -> None:
    from printables.games import prohis as paper

    terms_, chains = _printed()
    Interpreter.parse(terms_, chains)  # every term, condition and action: one phrase each
    for note in paper.setup_items():
        only(HANDLING, note)
    printed = {read_level(line)[0]: read_level(line)[1:] for line in paper.levels_items()}
    assert printed == {level: (h.bonus, h.lieutenant) for level, h in AUTOMA_LEVELS.items()}
    with recording() as pens:
        game_docs("prohis").documents["automa"](Options("a4"))
    drawn = re.sub(r"\s+", " ", " ".join(d.text for pen in pens for d in pen.log)).replace("*", "")
    for title, rules in chains:
        assert title in drawn
        for key, cond, action in rules:
            assert f"Rule {key}:" in drawn
            assert cond in drawn and action in drawn, (key, cond, action)


def test_the_printed_card_and_the_level_decide_alike_and_every_rule_fires() -> None:
    """About 30 seeded games (the automa against normal, easy and random, 3 to 6 players, every difficulty):
    at every automa decision the printed text, run by the phrase book's interpreter with a copy of the seat's
    die, gives the rule and the action the level plays."""
    card = _interpreter()
    decided: set[str] = set()

    def check(state: ProhisState, seat: int, player: Automa, rng: random.Random) -> None:
        obs = GAME.observation(state, seat)
        legal = GAME.legal_actions(state)
        key, act = card.decide(obs, _copy(rng))
        decision = player.decide(obs, legal, _copy(rng))
        m = re.match(r"rule (\w+):", decision.reason or "")
        assert m is not None, decision.reason
        assert (m.group(1), decision.action) == (key, act), (state.phase, obs.hand, decision.reason)
        assert act in legal
        decided.add(key)

    with fired() as seen:
        _games(check)
    every = {r.key for r in automa_rules().rules}
    assert {key for title, key in seen if title == "Prohis automa"} == every
    assert decided == every


def _copy(rng: random.Random) -> random.Random:
    out = random.Random()
    out.setstate(rng.getstate())
    return out


def test_the_automa_reads_no_card_of_its_stock_not_even_its_own() -> None:
    state, _ = _start(("automa", "normal", "normal", "normal"), 4, 5)
    assert state.office[0][LIEUTENANT] == 1
    for seat in range(4):
        obs = observe(state, seat)
        if seat == 0:  # its hand is its office and a count
            assert obs.hand[UNKNOWN] == 4 and sum(obs.hand) == 7
    assert sum(stock(state, 0)) == 4


@st.composite
def _position(draw: st.DrawFn) -> tuple[ProhisState, int, int]:
    levels, level = draw(st.sampled_from(TABLES))
    seed = draw(st.integers(0, 10_000))
    steps = draw(st.integers(0, 400))
    return _play_to(levels, level, seed, steps), draw(st.integers(0, 2**31)), seed


def _play_to(levels: tuple[str, ...], level: int, seed: int, steps: int) -> ProhisState:
    """The first automa decision after ``steps`` moves of a seeded game."""
    state, players = _start(levels, level, seed)
    rng = random.Random(seed)
    n = 0
    while not GAME.is_over(state):
        mover = GAME.to_move(state)
        if mover >= 0 and levels[mover] == "automa" and n >= steps:
            return state
        legal = GAME.legal_actions(state)
        act = (
            rng.choice(legal)
            if mover < 0
            else players[mover].decide(GAME.observation(state, mover), legal, rng).action
        )
        state = GAME.apply(state, act)
        n += 1
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_position(), st.data())
def test_two_deals_differing_only_in_the_automas_stock_give_the_same_decision(
    position: tuple[ProhisState, int, int], data: st.DataObject
) -> None:
    state, die, _ = position
    if GAME.is_over(state):
        return
    seat = GAME.to_move(state)
    own = list(cards_of(stock(state, seat)))
    if not own or not state.pile:
        return
    # swap cards of its stock with cards of the draw pile: another deal, the same table
    pile = list(state.pile)
    swaps = data.draw(st.integers(1, min(len(own), len(pile))))
    for i in range(swaps):
        j = data.draw(st.integers(0, len(pile) - 1))
        own[i], pile[j] = pile[j], own[i]
    hands = list(state.hands)
    hands[seat] = add(state.office[seat], own)
    other = dataclasses.replace(state, hands=tuple(hands), pile=tuple(pile))
    assert sum(other.hands[seat]) == sum(state.hands[seat])
    assert sum(map(sum, other.hands)) + len(other.pile) == sum(map(sum, state.hands)) + len(state.pile)
    first, second = observe(state, seat), observe(other, seat)
    assert first == second
    legal = GAME.legal_actions(state)
    assert legal == GAME.legal_actions(other)
    automa = Automa(state.config)
    one = automa.decide(first, legal, random.Random(die))
    two = automa.decide(second, legal, random.Random(die))
    assert (one.action, one.reason) == (two.action, two.reason)
    assert public_view(first) == public_view(second)


def test_the_handicap_points_are_added_at_the_end() -> None:
    state, players = _start(("automa", "normal", "normal"), 2, 3)
    rng = random.Random(3)
    while not GAME.is_over(state):
        mover = GAME.to_move(state)
        legal = GAME.legal_actions(state)
        act = (
            rng.choice(legal)
            if mover < 0
            else players[mover].decide(GAME.observation(state, mover), legal, rng).action
        )
        state = GAME.apply(state, act)
    from ai.prohis.score import points

    result = GAME.result(state)
    base = points(state.hands[0], state.warehouses[0])
    assert result.scores[0] == base + AUTOMA_LEVELS[2].bonus
    from ai.prohis.score import end_event

    assert "the automa's handicap -6,000" in end_event(state).text


def test_a_deck_is_one_lieutenant_short_per_automa_given_one() -> None:
    state, _ = _start(("automa", "automa", "normal", "normal"), 4, 1)
    total = add(add((0,) * 6, cards_of(sum_counts(state))), [])
    assert total[LIEUTENANT] == deck_counts(4)[LIEUTENANT]


def sum_counts(state: ProhisState) -> tuple[int, ...]:
    out = [0] * 6
    for counts in state.hands:
        out = [a + b for a, b in zip(out, counts, strict=True)]
    for card in (*state.pile, *(c for c in state.display if c is not None)):
        out[card] += 1
    return tuple(out)


def test_print_seed_values_prints_the_summarys_values_on_every_prohis_pdf(tmp_path: Path) -> None:
    """Every Prohis PDF printed with --seed-values shows 1,000 for Illegal in the warehouse, none 4,000; its
    file name and title say so."""
    from printables.pdfcheck import inspect

    run = run_cli(
        tmp_path, ["print", "all", "prohis", "--seed-values", "--paper", "all", "--out", str(tmp_path)]
    )
    assert run.returncode == 0, run.stderr
    names = sorted(f.name for f in tmp_path.glob("*.pdf"))
    kinds = ("aid", "automa", "rules", "scorepad")
    assert names == sorted(f"prohis-{k}-seed-values-{p}.pdf" for k in kinds for p in ("a4", "letter"))
    docs = game_docs("prohis").documents
    for kind in kinds:
        for paper in ("a4", "letter"):
            with recording() as pens:
                data = docs[kind](Options(paper, seed_values=True))
            assert data == (tmp_path / f"prohis-{kind}-seed-values-{paper}.pdf").read_bytes()
            assert "French summary's values" in inspect(data).title, kind
            text = re.sub(r"\s+", " ", " ".join(d.text for pen in pens for d in pen.log))
            warehouse = {
                "automa": r"Illegal (\d)\b",
                "scorepad": r"Illegal goods, warehouse ([\d,]+)",
            }.get(kind, r"Illegal goods 30 – ([\d,]+)")
            found = re.findall(warehouse, text)
            assert found and set(found) == ({"1"} if kind == "automa" else {"1,000"}), (kind, found)
    other = run_cli(tmp_path, ["print", "rules", "rip", "--seed-values", "--out", str(tmp_path / "rip")])
    assert other.returncode == 0 and "note: --seed-values is for Prohis" in other.stderr


def _answer(prompt: dict[str, str], tries: int) -> str:
    """Ann's answers and the cards the table types, at a physical table with two automas."""
    expects, who = prompt["expects"], prompt["to_move"]
    if who == "chance":
        card = "gxl"[tries % 3]
        n = int(m.group(2)) - int(m.group(1)) + 1 if (m := re.search(r"slots (\d) to (\d)", expects)) else 1
        return " ".join([card] * n)
    if "inspect" in expects and "convoy of" in expects:
        return "inspect i" if tries == 0 else "no"
    if "accept or refuse" in expects:
        return "refuse"
    if "inspect, or decline" in expects:
        return "inspect"
    if "turn over" in expects and "turn" in expects:
        return "turn 1"
    if "bribe" in expects:
        return "no bribe"
    return "pile" if tries == 0 else "convoy 2"


def test_a_physical_table_is_told_which_automa_card_to_turn_and_types_it(tmp_path: Path) -> None:
    """Piped in through the CLI, step by step: the automas' stocks are never typed; the table is told to move
    their top cards unseen; when a card of an automa's convoy is turned over the tool asks the table to turn
    that card and type it, and plays on from the typed card."""
    args = ["play", "prohis", "--seats", "Ann,automa,automa", "--physical", "--seed", "3", "--first", "Ann"]
    run = run_cli(tmp_path, [*args, "--json"])
    events = run.events
    said: list[dict[str, object]] = list(events)
    turned_automa = None
    for _ in range(300):
        prompt = next(e for e in reversed(events) if e["event"] == "prompt")
        if turned_automa is not None:
            break
        for tries in range(3):
            line = _answer(prompt, tries)
            run = run_cli(tmp_path, ["resume", "1", "--json"], [line])
            new = run.events
            if not any(e["event"] == "error" for e in new):
                break
        events = new
        said += new
        if str(prompt["expects"]).startswith("turn over the") and prompt["to_move"] == "chance":
            turned_automa = (prompt, line, new)
    assert turned_automa is not None, [e.get("text") for e in said][-20:]
    prompt, line, after = turned_automa
    # the table turned the card the tool named and typed it; the inspection goes on from that card
    assert re.match(
        r"turn over the \d(st|nd|rd|th) card of Bot\d's convoy, counted from its owner's left, and type what it shows",
        str(prompt["expects"]),
    )
    turned = next(e for e in after if e["event"] == "turned")
    assert turned["card"] == {"g": "legal", "x": "illegal", "l": "lieutenant"}[line]
    texts = " ".join(str(e.get("text", "")) for e in said)
    steps = " ".join(" ".join(e.get("table", [])) for e in said)  # type: ignore[arg-type]
    assert "unseen" in steps and "stock" in steps  # its top cards move face down, nobody looks
    assert "rule " in texts  # every automa move says its rule
    # nobody was ever asked for a card dealt or drawn into an automa's stock
    assert not any("Bot2: type the card" in str(e.get("expects", "")) for e in said)
    assert not any("Bot3: type the card" in str(e.get("expects", "")) for e in said)


def test_the_start_line_names_the_automa_seat_and_its_handicap(tmp_path: Path) -> None:
    """The table hears who the paper automa plays and what its difficulty gives it, before the first move."""
    run = run_cli(
        tmp_path, ["play", "prohis", "--seats", "Ann,automa,normal,normal", "--difficulty", "4"], ["quit"]
    )
    first = " ".join(run.stdout.split("\n\n")[0].split())
    assert "Bot2 the automa (difficulty 4: a lieutenant in its office)" in first


def test_companion_score_counts_an_automa_seats_handicap_as_the_table_does(tmp_path: Path) -> None:
    """A person's paper count of a game with the automa matches the tool's: the handicap is a part of its own."""
    players = ["Ann=12g 3x l/c i", "Bot2=8g 2x/c i", "Ben=5g/c i"]
    run = run_cli(tmp_path, ["score", "prohis", *players, "--automa", "bot2", "--difficulty", "1", "--json"])
    scores = {p["name"]: p for p in json.loads(run.stdout)["scores"]}
    assert scores["Bot2"]["handicap"] == AUTOMA_LEVELS[1].bonus
    assert scores["Bot2"]["total"] == 8_000 + 8_000 + 2_000 + 3_000 + AUTOMA_LEVELS[1].bonus
    assert "handicap" not in scores["Ann"]
    wrong = run_cli(tmp_path, ["score", "prohis", *players, "--automa", "Zed"])
    assert "--automa Zed: no player of that name" in wrong.stdout + wrong.stderr
    assert "did you mean" not in wrong.stdout + wrong.stderr  # nobody's name is close to Zed
    close = run_cli(tmp_path, ["score", "prohis", *players, "--automa", "Bot"])
    assert "--automa Bot: no player of that name (typed: Ann, Bot2, Ben) (did you mean 'Bot2'?)" in " ".join(
        (close.stdout + close.stderr).split()
    )
    as_json = run_cli(tmp_path, ["score", "prohis", *players, "--automa", "Bot", "--json"])
    error = json.loads(as_json.stdout)
    assert (error["event"], error["suggestion"]) == ("error", "Bot2")  # a fact as a field, as a usage error's


def test_a_lieutenant_an_automa_takes_into_its_office_is_counted_once_so_a_fourth_can_be_turned_up(
    tmp_path: Path,
) -> None:
    """At a physical table the 3 lieutenants the automas took face up into their offices are 3 of the deck's 6:
    the next one turned up into the display is typed as it is, not refused as a 7th (they were counted once
    in the office and again as cards certainly in hand)."""
    args = ["play", "prohis", "--seats", "Moi,automa,automa", "--physical", "--seed", "3", "--first", "Moi"]
    run = run_cli(tmp_path, [*args, "--json"], ["l l l g", "pile", "g", "g", "x", "l"])
    assert run.returncode == 0, run.stderr
    takes = [(e["player"], e["card"]) for e in run.of("take")]
    assert takes.count(("Bot2", "lieutenant")) + takes.count(("Bot3", "lieutenant")) == 3
    assert run.of("error") == []
    assert [e["card"] for e in run.of("refill")][-1] == "lieutenant"


def test_the_table_is_told_to_turn_an_automas_convoy_card_not_the_automa_as_a_person(tmp_path: Path) -> None:
    """A person inspecting an automa's real convoy picks a card; nobody sits at the automa's place, so the step
    speaks to the table ("Turn over the 1st card of Bot3's convoy, counted from its owner's left"), not to the
    automa as its owner ("Bot3: turn over ... of your convoy")."""
    args = ["play", "prohis", "--seats", "Moi,automa,automa", "--physical", "--seed", "3", "--first", "Moi"]
    lines = ["g g g g", "convoy 3", "bribe x c", "x", "g", "g", "g", "take g", "x", "take x", "g", "no"]
    run = run_cli(tmp_path, [*args, "--json"], [*lines, "g", "x", "inspect i", "inspect", "turn 1"])
    assert run.returncode == 0, run.stderr
    (pick,) = run.of("pick")
    assert pick["owner"] == "Bot3"
    assert pick["table"] == ["Turn over the 1st card of Bot3's convoy, counted from its owner's left."]


@pytest.mark.parametrize(("seats", "typed_bots"), [("Moi,automa,automa", False), ("Moi,automa,normal", True)])
def test_a_physical_set_up_with_automas_only_asks_for_no_bots_dealt_cards_nor_hides_their_controllers(
    tmp_path: Path, seats: str, typed_bots: bool
) -> None:
    """A person alone with two automas is told to lay each automa's captain and inspector face up and that its
    dealt cards are never asked for; the set-up's general lines say nothing else (they said a bot's two lie face
    down and that the tool asks each bot's dealt cards). A normal bot's cards are still typed, and said so."""
    args = ["play", "prohis", "--seats", seats, "--physical", "--seed", "3", "--json"]
    run = run_cli(tmp_path, args, ["quit"])
    (setup,) = run.of("setup")
    steps = " ".join(setup["table"])
    assert ("a bot's two lie face down" in steps) is typed_bots
    assert ("asks for the cards each bot was dealt" in steps) is typed_bots
    assert "lie face up beside it (its office)" in steps


def test_the_table_turns_an_automas_bribe_card_for_a_bot_not_the_bot_as_a_person(tmp_path: Path) -> None:
    """An automa's bribe to the other automa is its stock's top card, which a bot cannot read: the table turns it
    over for the inspector and types it ("Turn over Bot2's bribe card for Bot3"), not "Bot3: turn over ...",
    which spoke to a seat nobody sits at."""
    args = ["play", "prohis", "--seats", "Ann,automa,automa", "--physical", "--seed", "2", "--first", "Ann"]
    lines = ["g", "g", "g", "x", "take x", "l", "pile", "x", "l", "g", "l", "convoy 2", "bribe g g", "x"]
    run = run_cli(tmp_path, [*args, "--json"], [*lines, "inspect i"])
    assert run.returncode == 0, run.stderr
    last = run.of("prompt")[-1]
    assert last["to_move"] == "chance"
    assert str(last["expects"]).startswith("Turn over Bot2's bribe card for Bot3 (the top card of its stock)")
