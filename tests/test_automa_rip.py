"""RIP's paper automa: the printed card and the software's ``automa`` level are the same opponent.

A phrase book written by hand from the printed English (``printables.games.rip.automa_text``) maps every printed
sentence to what a person does with it, over the public view; an interpreter runs the card so read, and in seeded
games every automa decision of the level is the interpreter's (rule and action, the same die). The automa reads no
hidden card (hypothesis), every printed rule fires, the RIP sheet and card print the set-up's cards 15-29 and the
sheet is one page and a deliberate back."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import rng as seeded
from ai.games import get
from ai.protocol import CHANCE
from ai.rip.bots.automa import Automa, RipAutomaView, automa_rules, public_view
from ai.rip.components import CASTLE, MANOR
from ai.rip.rules import END, SKIP, Action, Down, G, InPlay, P, Phase, Psychic, RipConfig, RipState, Turn
from ai.rip.state import BANK, BLIND, replace
from ai.rules import choose, fired
from printables.games.rip import automa_text
from printables.pdf import recording
from printables.registry import Options, game_docs
from tests.conftest import run_cli

GAME = get("rip")

# -- the phrase book: the printed English, read by hand ----------------------------------------------------------


@dataclass
class Card:
    """The numbers the printed terms give (filled as the phrases read them)."""

    fetch: int = 0
    named: int = 0
    discard: int = 0
    min_plays: int = 0
    manors: int = 0
    castles: int = 0
    reach: tuple[int, int, int, int] = (0, 0, 0, 0)  # early manor, last early round, late manor, castle


CARD = Card()
Pred = Callable[[RipAutomaView], bool]
Act = Callable[[RipAutomaView, Sequence[Action], random.Random], Action]


def _psychic(view: RipAutomaView, n: int) -> Action | None:
    """Psychic card ``n`` as the printed term *its next card* plays it now."""
    cards = view.config.catalogue()
    card = cards[n]
    if card.playable != "rounds":  # the rules of the game: card 7 is played only face down
        return None
    if n == CARD.fetch:
        return Turn((Psychic(n),), end=False) if view.deck else None
    if n == CARD.named:
        ghosts = [x.card.n for x in view.table if not x.card.psychic]
        return Turn((Psychic(n, G(max(ghosts))),), end=False) if ghosts else None
    if n == CARD.discard:
        if not view.your_table:
            return None
        counts = view.your_counts
        best = max(range(len(counts)), key=lambda i: (counts[i], i))  # counts most; equal: played last
        return Turn((Psychic(n, view.your_table[best].card),), end=False)
    return Turn((Psychic(n),), end=False)


def _cards_to_play(view: RipAutomaView) -> int:
    return view.pile + sum(_psychic(view, n) is not None for n in set(view.owned))


def _next(view: RipAutomaView, legal: Sequence[Action]) -> Action | None:
    if view.need and view.turn_plays == 0 and _cards_to_play(view) < 2:
        return None  # under your card 14 it starts a turn only with 2 or more cards to play
    for n in sorted(set(view.owned)):
        action = _psychic(view, n)
        if action is not None and action in legal:
            return action
    return BLIND if view.pile and BLIND in legal else None


def _or_leave(action: Action | None, legal: Sequence[Action]) -> Action:
    return action if action is not None else END if END in legal else legal[0]


def _deciding(view: RipAutomaView) -> bool:
    need = CARD.manors if view.token == MANOR else CARD.castles
    return max(view.tokens.count(view.token), view.your_tokens.count(view.token)) + 1 >= need


def _reach(view: RipAutomaView, face: int) -> int:
    early, last_early, late, castle = CARD.reach
    return face + (castle if view.token == CASTLE else early if view.round <= last_early else late)


def _term_next(m: re.Match[str]) -> None:
    CARD.fetch, CARD.named, CARD.discard, CARD.min_plays = (int(m[i]) for i in (1, 3, 4, 5))


def _term_deciding(m: re.Match[str]) -> None:
    CARD.manors, CARD.castles = int(m[1]), int(m[2])


def _term_reach(m: re.Match[str]) -> None:
    CARD.reach = (int(m[1]), int(m[2]), int(m[3]), int(m[5]))
    assert int(m[4]) == int(m[2]) + 1


#: Terms: (pattern, what reading it fills in).
TERMS: list[tuple[str, Callable[[re.Match[str]], None] | None]] = [
    (
        r"Hand pile: its hand, face down: nobody looks at it, the automa included; its size is public\. .*",
        None,
    ),
    (r"Its total, your total: the strength of each side this round, counted as the rules count it\.", None),
    (
        r"Deciding token: this round's token would give you or it (\d+) manors or (\d+) castles: the game\.",
        _term_deciding,
    ),
    (
        r"Reach: the die \+ (\d+) for a manor in rounds 1–(\d+); the die \+ (\d+) for a manor in rounds (\d+)–9; "
        r"the die \+ (\d+) for a castle\.",
        _term_reach,
    ),
    (
        r"Its next card: its lowest-numbered psychic card that it may play now; if there is none, turn over the top "
        r"card of its hand pile and play it\. Card (\d+) puts the top card of its deck into play \(no deck: not card "
        r"(\d+)\)\. Card (\d+) only when it has a ghost card in play: it names the value of its highest\. Card (\d+) "
        r"only when you have a card in play: it discards your card that counts most \(equal: the one played last\)\. "
        r"Under your card (\d+) it starts a turn only with 2 or more cards to play\.",
        _term_next,
    ),
    (r"Cards to play: the cards in its hand pile plus the psychic cards it may play now\.", None),
    (r"Against it: your card \d+ lets you look at its hand pile; then shuffle the pile\. .*", None),
]


def _cond(pattern: str, make: Callable[[re.Match[str]], Pred]) -> tuple[str, Callable[[re.Match[str]], Pred]]:
    return pattern, make


#: Rule conditions: (pattern, predicate made from the numbers printed).
CONDITIONS: list[tuple[str, Callable[[re.Match[str]], Pred]]] = [
    _cond(
        r"Your card (\d+) is in play and it has played exactly one card this turn\.",
        lambda m: lambda v: any(x.card == P(int(m[1])) for x in v.your_table) and v.turn_plays == 1,
    ),
    _cond(r"Its total is above yours\.", lambda m: lambda v: v.total > v.your_total),
    _cond(r"It has played a card this turn\.", lambda m: lambda v: v.turn_plays > 0),
    _cond(r"This round's token is deciding\.", lambda m: _deciding),
    _cond(r"It has fewer than (\d+) cards to play\.", lambda m: lambda v: _cards_to_play(v) < int(m[1])),
    _cond(r"Otherwise \(this rule always applies\)(: roll the die)?\.", lambda m: lambda v: True),
    _cond(r"It owns card (\d+) face up\.", lambda m: lambda v: int(m[1]) in v.owned),
    _cond(
        r"From round (\d+), its hand pile holds (\d+) or more cards\.",
        lambda m: lambda v: v.round >= int(m[1]) and v.pile >= int(m[2]),
    ),
]


def _roll_reach(v: RipAutomaView, legal: Sequence[Action], rng: random.Random) -> Action:
    face = seeded.randint(rng, 1, 6)
    return _or_leave(_next(v, legal), legal) if v.your_total <= v.total + _reach(v, face) else END


#: Rule actions: (pattern, the action made from the numbers printed).
ACTIONS: list[tuple[str, Callable[[re.Match[str]], Act]]] = [
    (
        r"play its next card( \(none: it leaves the mansion\))?",
        lambda m: lambda v, legal, r: _or_leave(_next(v, legal), legal),
    ),
    (r"end its turn", lambda m: lambda v, legal, r: END),
    (r"leave the mansion", lambda m: lambda v, legal, r: END),
    (
        r"if your total is at most its total \+ its reach, play its next card; else leave the mansion",
        lambda m: _roll_reach,
    ),
    (r"put card (\d+) face down by the round-10 card", lambda m: lambda v, legal, r: Down(P(int(m[1])))),
    (
        r"put the top card of its hand pile face down by the round-10 card, unseen",
        lambda m: lambda v, legal, r: BANK,
    ),
    (r"put nothing face down", lambda m: lambda v, legal, r: SKIP),
]

#: Chain titles: when the chain is asked.
CHAINS: list[tuple[str, Callable[[re.Match[str]], Pred]]] = [
    (
        r"Its turn \(rounds 1–(\d+)\): read from the top before each card it plays",
        lambda m: lambda v: v.phase == Phase.PLAY,
    ),
    (r"After it loses a round \(after both have drawn\)", lambda m: lambda v: v.phase == Phase.FACEDOWN),
]

#: Notes: sentences a person reads, with no decision in them.
NOTES = [
    r"Leave the mansion: it ends its turn behind and loses the round, as the rules say\.",
    r"Rule 6 is rolled again on each of its turns: no die stays on the table\.",
    r"Round 10: turn its face-down cards over and count them as the rules say; it has no choice there\.",
]


def _one(sentence: str, patterns: Sequence[str]) -> tuple[int, re.Match[str]]:
    hits = [(i, m) for i, p in enumerate(patterns) if (m := re.fullmatch(p, sentence))]
    assert len(hits) == 1, f"{sentence!r} matches {len(hits)} phrases"
    return hits[0]


@dataclass
class PrintedRule:
    key: str
    holds: Pred
    act: Act


def read_card() -> list[tuple[Pred, list[PrintedRule]]]:
    """The card as a person reads it: every printed sentence matched by exactly one phrase."""
    printed = automa_text()
    rule_list = automa_rules()
    n_terms = len(printed) - sum(1 + 2 * len(c.rules) for c in rule_list.chains) - len(rule_list.notes)
    for sentence in printed[:n_terms]:
        i, m = _one(sentence, [p for p, _ in TERMS])
        fill = TERMS[i][1]
        if fill is not None:
            fill(m)
    rest = printed[n_terms:]
    chains: list[tuple[Pred, list[PrintedRule]]] = []
    k = 0
    for chain in rule_list.chains:  # the keys are the printed numbers ("Rule 3: …")
        i, m = _one(rest[k], [p for p, _ in CHAINS])
        rules = []
        for j, rule in enumerate(chain.rules):
            text, action = rest[k + 1 + 2 * j], rest[k + 2 + 2 * j]
            ci, cm = _one(text, [p for p, _ in CONDITIONS])
            ai, am = _one(action, [p for p, _ in ACTIONS])
            rules.append(PrintedRule(rule.key, CONDITIONS[ci][1](cm), ACTIONS[ai][1](am)))
        chains.append((CHAINS[i][1](m), rules))
        k += 1 + 2 * len(chain.rules)
    for sentence in rest[k:]:
        _one(sentence, NOTES)
    return chains


def interpret(
    chains: list[tuple[Pred, list[PrintedRule]]],
    view: RipAutomaView,
    legal: Sequence[Action],
    rng: random.Random,
) -> tuple[str, Action]:
    for when, rules in chains:
        if when(view):
            for rule in rules:
                if rule.holds(view):
                    return rule.key, rule.act(view, legal, rng)
    raise AssertionError("no printed rule applies")


def test_every_printed_sentence_is_read_by_exactly_one_phrase() -> None:
    chains = read_card()
    assert [len(rules) for _, rules in chains] == [6, 3]
    assert CARD.fetch and CARD.named and CARD.discard and CARD.min_plays and CARD.reach[0]


# -- seeded games: the printed card and the level, decision for decision -----------------------------------------


def play(
    config: RipConfig, seed: int, levels: Sequence[str], visit: Callable[[RipState, int], None]
) -> RipState:
    """A game between bot levels; ``visit(state, seat)`` before each automa decision."""
    config = GAME.seat_levels(config, list(levels))
    players = [GAME.make_player(level, seat, config) for seat, level in enumerate(levels)]
    rngs = [random.Random(seed * 10 + seat) for seat in range(2)]
    state = GAME.initial_state(config, seed)
    while not GAME.is_over(state):
        seat = GAME.to_move(state)
        assert seat != CHANCE
        if levels[seat] == "automa":
            visit(state, seat)
        legal = GAME.legal_actions(state)
        action = players[seat].decide(GAME.observation(state, seat), legal, rngs[seat]).action
        state = GAME.apply(state, action)
    return state


GAMES = [
    (seed, level, other) for seed in range(15) for level, other in ((1 + seed % 4, "normal"), (2, "random"))
]


def test_the_level_plays_the_printed_card_decision_for_decision() -> None:
    chains = read_card()
    decisions = 0
    with fired() as seen:
        for seed, level, other in GAMES:
            levels = ["automa", other] if seed % 2 else [other, "automa"]

            def check(state: RipState, seat: int) -> None:
                nonlocal decisions
                obs = GAME.observation(state, seat)
                legal = GAME.legal_actions(state)
                view = public_view(obs)
                rng = random.Random(decisions)
                key, printed = interpret(chains, view, legal, copy.deepcopy(rng))
                rule, action, _ = choose(automa_rules(), view, legal, copy.deepcopy(rng))
                assert (rule.key, action) == (key, printed), view
                assert Automa().decide(obs, legal, copy.deepcopy(rng)).action == action
                decisions += 1

            play(RipConfig(automa_level=level), seed, levels, check)
    assert decisions > 500
    assert {key for title, key in seen if title == automa_rules().title} == {
        r.key for r in automa_rules().rules
    }


def test_every_rule_is_public_and_the_table_is_told_the_rule_and_the_die() -> None:
    assert all(rule.public for rule in automa_rules().rules)
    reasons: list[str] = []

    def keep(state: RipState, seat: int) -> None:
        obs = GAME.observation(state, seat)
        reasons.append(
            Automa().decide(obs, GAME.legal_actions(state), random.Random(len(reasons))).reason or ""
        )

    play(RipConfig(), 3, ["automa", "normal"], keep)
    assert all(r.startswith("rule ") for r in reasons)
    assert any("rolled" in r and "+ the die" in r for r in reasons)


# -- it reads no hidden card -----------------------------------------------------------------------------------


def _positions() -> list[tuple[RipState, int]]:
    out: list[tuple[RipState, int]] = []
    play(RipConfig(automa_level=3), 7, ["automa", "normal"], lambda s, seat: out.append((s, seat)))
    return out


POSITIONS = _positions()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(POSITIONS) - 1), st.randoms(use_true_random=False), st.integers(0, 2**16))
def test_its_hidden_cards_never_change_its_decision(i: int, shuffle: random.Random, roll: int) -> None:
    state, seat = POSITIONS[i]
    obs = GAME.observation(state, seat)
    assert set(obs.own.hand) <= {0} and set(obs.own.deck) <= {0}  # it sees how many, never which
    side = state.sides[seat]
    cards = [*side.hand, *side.deck]
    shuffle.shuffle(cards)
    n = len(side.hand)
    hidden = replace(side, hand=tuple(sorted(cards[:n])), deck=tuple(cards[n:]))
    other = state.replace(sides=tuple(hidden if k == seat else s for k, s in enumerate(state.sides)))
    legal = GAME.legal_actions(state)
    assert GAME.legal_actions(other) == legal
    a = Automa().decide(GAME.observation(other, seat), legal, random.Random(roll))
    b = Automa().decide(obs, legal, random.Random(roll))
    # the unmasked observation, as a careless engine would give it, decides the same
    c = Automa().decide(replace(obs, own=side), legal, random.Random(roll))
    assert a == b == c


# -- the engine's automa seat --------------------------------------------------------------------------------


def test_its_ghost_is_the_top_card_and_its_handicap_is_dealt_from_the_box() -> None:
    for level, (psychic, extra, banked) in {1: (1, 1, 0), 4: (3, 4, 1)}.items():
        from ai.rip.bots.automa import LEVELS

        h = LEVELS[level]
        assert (h.psychic, h.hand, h.banked) == (psychic, extra, banked)
        state = GAME.initial_state(RipConfig(automa=(1,), automa_level=level), 5)
        blue = state.sides[1]
        assert len(blue.owned) == psychic and not set(blue.owned) & set(state.line) and max(blue.owned) <= 14
        assert len(blue.hand) == 5 + extra and len(blue.down) == banked
        assert state.blind == (False, True)
    plain = GAME.initial_state(RipConfig(), 5)
    assert (
        plain.sides[0].hand == GAME.initial_state(RipConfig(automa=(1,)), 5).sides[0].hand
    )  # Green's deal unchanged


def test_the_level_seats_itself_as_the_automa() -> None:
    config = GAME.seat_levels(RipConfig(), ["normal", "automa"])
    assert config.automa == (1,)
    assert GAME.seat_levels(config, ["automa", None]).automa == (0,)
    with pytest.raises(ValueError):
        RipConfig(automa_level=5)


# -- item 4: card 6 priced on the normal card ------------------------------------------------------------------


def test_card_6s_random_ghost_is_priced_on_the_normal_card_as_the_software_prices_it() -> None:
    """The issue's position: Green has played 14, 6 and a 3 against the bot's 1; the bot holds 5 and 6 and owns
    card 4, and must play a second card (card 14). Its plan (a 5) costs more than a manor's budget, so rule 2
    plays its cheapest card: the printed card now prices the random ghost at 3, a ghost before a psychic card."""
    from ai.rip.bots.card import NORMAL, PSYCHIC_COST

    base = GAME.initial_state(RipConfig(first=1, tokens="MMMMMMCCCC"), 1)
    green = replace(base.sides[0], table=(InPlay(P(14)), InPlay(P(6)), InPlay(G(3))))
    blue = replace(base.sides[1], hand=(5, 6), owned=(4,), table=(InPlay(G(1)),))
    state = base.replace(sides=(green, blue), mover=1, turn_plays=1, blind=(False, True), round=2)
    legal = GAME.legal_actions(state)
    bot = GAME.make_player("normal", 1, state.config)
    decision = bot.decide(GAME.observation(state, 1), legal, random.Random(0))
    rule2 = next(r for r in NORMAL.rules if r.key == "2")
    m = re.search(
        r"a psychic card, and a ghost played at random under card 6, costs (\d+); equal cost: a ghost before a "
        r"psychic card",
        rule2.action,
    )
    assert m and int(m[1]) == PSYCHIC_COST

    def printed_order(action: Action) -> tuple[int, int]:
        """Rule 2 as printed: the cost (the random ghost and a psychic card the printed price), a ghost first."""
        assert isinstance(action, Turn)
        return (int(m[1]), 0) if action == BLIND else (int(m[1]), 1)

    assert min((a for a in legal if a is not END), key=printed_order) == decision.action == BLIND
    assert any(f"costs {PSYCHIC_COST}" in note and "card 6" in note for note in NORMAL.notes)


# -- printed: the set-up names the cards to leave out; the sheet is a page and a back ------------------------


def _drawn(kind: str, lang: str = "en", paper: str = "a4") -> list[Any]:
    with recording() as pens:
        game_docs("rip").documents[kind](Options(paper, lang=lang))
    return [d for pen in pens for d in pen.log]


@pytest.mark.parametrize("kind", ["rules", "aid", "automa"])
def test_the_set_up_names_the_psychic_cards_to_leave_in_the_box(kind: str) -> None:
    from ai.rip.components import UNKNOWN_IDS

    text = re.sub(r"\s+", " ", " ".join(d.text for d in _drawn(kind)))
    assert f"{UNKNOWN_IDS[0]}–{UNKNOWN_IDS[-1]}" in text and "in the box" in text


@pytest.mark.parametrize("lang", ["en", "ru", "fr"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rule_sheet_is_one_page_and_a_deliberate_back(lang: str, paper: str) -> None:
    from printables import i18n

    drawn = _drawn("rules", lang, paper)
    assert {d.page for d in drawn} == {1, 2}
    with i18n.language(lang):
        rulings, solo, setup = i18n.tr("Our rulings"), i18n.tr("Solo: the Ghost automa"), i18n.tr("Setup")
    back = [d.text for d in drawn if d.page == 2]
    front = [d.text for d in drawn if d.page == 1]
    assert setup in front and rulings not in front
    # the back's heading first, after its title, subtitle and footer
    assert back[3] == rulings and solo in back


def test_the_automa_card_says_nobody_looks_at_its_cards() -> None:
    text = re.sub(r"\s+", " ", " ".join(d.text for d in _drawn("automa")))
    assert "nobody looks at its cards" in text and "whoever runs it sees" not in text


# -- the command line ------------------------------------------------------------------------------------------


def test_the_arena_plays_the_automa_at_a_difficulty(home: Path) -> None:
    run = run_cli(
        home, ["arena", "rip", "--a", "automa", "--b", "normal", "--games", "3", "--difficulty", "4"]
    )
    assert run.returncode == 0, run.stderr
    assert "automa difficulty 4" in run.stdout


def test_a_table_against_the_automa_says_the_rule_and_the_die(home: Path) -> None:
    run = run_cli(
        home,
        ["play", "rip", "--bot", "automa", "--first", "bot", "--seed", "4", "--difficulty", "3"],
        ["1 2 3 4 5", "quit"],
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "rule " in run.stdout


def test_the_card_draws_every_sentence_the_phrase_book_reads() -> None:
    # a term's bold name and a bullet are drawn as runs of their own
    runs = " ".join(d.text for d in _drawn("automa") if d.text != "•")
    drawn = re.sub(r"\s+", " ", runs).replace(" :", ":")
    missing = [s for s in automa_text() if re.sub(r"\s+", " ", s) not in drawn]
    assert missing == []
