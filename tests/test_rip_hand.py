"""A person's own cards in RIP as the tool knows them: a secret face-down card (``down`` without a value) played
as the table would (the tool offers and accepts exactly the cards the real hand may hold, and never holds cards
the table does not), and the one-line refusals of cards the hand does not hold."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.protocol import IllegalError
from ai.rip.components import BLUE, GREEN
from ai.rip.game import GAME
from ai.rip.notation import expected_input
from ai.rip.rules import (
    SKIP,
    Down,
    Draw,
    G,
    Ghost,
    Phase,
    Psychic,
    Reveal,
    RipConfig,
    RipState,
    Turn,
    apply,
    legal_actions,
    may_play,
    to_move,
)
from ai.rip.secret import laid_down, options, taken
from ai.rip.state import replace
from tests.conftest import run_cli

#: The tester's game (issue of the ripfix brief): a secret ``down``, the hand played out (the secret card is
#: then the 2), a draw of 1 1; ``down 2`` used to be offered and accepted, and the real 1 1 then refused.
TESTER = [
    "drew 6 1 4 5 3", "3", "5 6", "2 2", "play 4 and 2", "2", "pass", "2 1", "down", "1 1", "pass", "1 1",
]  # fmt: skip
ARGS = ["play", "rip", "--bot", "normal", "--first", "me", "--seed", "11"]


def test_the_testers_game_refuses_the_secret_card_and_accepts_the_real_hand(home: Path) -> None:
    run = run_cli(home, ARGS, [*TESTER, "down 2", "none", "1 1"])
    assert run.returncode == 0, run.stderr
    out = run.stdout
    # the prompt after the draw offers the real hand only, the 2 is refused in one line naming why
    prompt = out.split("Green draws 1 1.")[1].split("> down 2")[0]
    assert "down 1," in prompt and "down 2" not in prompt
    refusal = [line for line in out.splitlines() if line.startswith("✗")]
    assert len(refusal) == 1
    assert " ".join(out.split("✗ ")[1].split()).startswith(
        "Green's 2 is the secret face-down card, not in hand (hand: 1 1); Green's five 2s: 2 played in earlier "
        "rounds, 1 in hand or face down (secret), 2 in the deck"
    )
    assert "Your hand (Green): 1 1; your 2 lies face down by the round-10 card (secret)" in out
    # the real hand is played in round 4: both 1s go face up, nothing refused
    after = out.split("Green puts no card face down.")[1]
    assert after.count("Green plays a 1") == 2
    assert "Your hand (Green): nothing; your 2 lies face down" in after


def test_the_testers_game_in_json_tells_the_secret_card_apart(home: Path) -> None:
    run = run_cli(home, [*ARGS, "--json"], [*TESTER, "down 2"])
    errors = run.of("error")
    assert len(errors) == 1 and "secret face-down card" in errors[0]["message"]
    board = run.of("board")[-1]
    assert board["your_hand"] == [1, 1, 2] and board["your_secret_cards"] == [2]


def test_a_refusal_says_how_many_cards_and_which_card(home: Path) -> None:
    """Issue: ``p6 3 2 1 1`` with three ghost cards said "Green has no ghost card in hand", ``2 2`` without a 2
    "Green cannot play that card now" without naming it. One line each, and the state unchanged."""
    first = ["drew 6 1 4 5 3", "2 2"]
    later = ["3", "5 6", "2 2", "play 4 and 2", "2", "pass", "2 1", "none", "p6 3 2 1 1", "2 2", "p6 1 1 2"]
    run = run_cli(home, [*ARGS, "--json"], [*first, *later])
    assert run.returncode == 0, run.stderr
    assert [e["message"] for e in run.of("error")] == [
        # where the copies are: the person's own deck, hand and what the table saw played
        "Green has no 2 in hand (hand: 1 3 4 5 6); Green's five 2s: all in the deck",
        "Green holds 3 ghost cards in hand; that plays 4 (hand: 1 1 2); Green's four 3s: 1 played in earlier "
        "rounds, 3 in the deck",
        "Green holds one 2 in hand; that plays 2 of them (hand: 1 1 2); Green's five 2s: 2 played in earlier "
        "rounds, 1 in hand, 2 in the deck",
    ]
    # nothing of a refused turn was played: the turn typed next goes down whole, from the same hand
    plays = [e["card"] for e in run.of("play") if e["player"] == "green"]
    assert plays == ["3", "5", "6", "4", "2", "2", "p6", "1", "1", "2"]


def test_a_bots_refused_cards_are_counted_never_named() -> None:
    """The screen is shared: a refusal of the bot's cards (a test's input, never the bot's own) says the count
    the board shows, never its hand."""
    state = GAME.initial_state(RipConfig(physical=(GREEN,), first=BLUE), 3)
    state = apply(state, Draw((1, 1, 2, 3, 5)))
    hand = state.sides[BLUE].hand
    missing = next(v for v in range(1, 7) if v not in hand)
    for text in (str(missing), " ".join(["1"] * 6)):
        try:
            GAME.parse_action(state, text)
        except IllegalError as exc:
            message = str(exc)
        else:
            raise AssertionError(f"{text} accepted")
        assert "hand:" not in message and " ".join(map(str, hand)) not in message
    assert message == "Blue holds 5 ghost cards in hand; that plays 6"


# -- a random game with the person's real cards kept beside the tool's ----------------------------------------


class Table:
    """Green's real cards: hand, secret face-down cards, deck (in order); and every split of hand and secret
    cards the typed inputs leave possible (worked out here from scratch, as pairs of real hands and secrets)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        deck = [v for v, n in ((1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)) for _ in range(n)]
        rng.shuffle(deck)
        self.deck = deck
        self.hand: Counter[int] = Counter()
        self.secret: list[int] = []
        self.worlds: set[tuple[tuple[int, ...], tuple[int, ...]]] = {((), ())}

    def draw(self, n: int) -> Draw:
        drawn, self.deck = self.deck[:n], self.deck[n:]
        self.hand.update(drawn)
        self.worlds = {(tuple(sorted((*real, *drawn))), down) for real, down in self.worlds}
        return Draw(tuple(sorted(drawn)))

    def take(self, value: int) -> None:
        """A card of the real hand played or laid face down by name."""
        self.hand[value] -= 1
        self.hand += Counter()
        kept = set()
        for real, down in self.worlds:
            if value in real:
                rest = list(real)
                rest.remove(value)
                kept.add((tuple(rest), down))
        self.worlds = kept

    def lay_secret(self) -> Down:
        value = self.rng.choice(sorted(self.hand.elements()))
        self.hand[value] -= 1
        self.hand += Counter()
        self.secret.append(value)
        grown = set()
        for real, down in self.worlds:
            for v in set(real):
                rest = list(real)
                rest.remove(v)
                grown.add((tuple(rest), tuple(sorted((*down, v)))))
        self.worlds = grown
        return Down(None, hidden=True)

    def possible(self) -> set[int]:
        """The values the real hand may hold, as far as the tool can know."""
        return {v for real, _ in self.worlds for v in real}


def _offered(legal: list, kind: type) -> set[int]:
    if kind is Turn:
        return {
            a.items[0].value
            for a in legal
            if isinstance(a, Turn) and a.items and isinstance(a.items[0], Ghost)
        }
    return {a.card.n for a in legal if isinstance(a, Down) and a.card is not None and not a.card.psychic}


def _green_move(state: RipState, table: Table, legal: list) -> object:
    """What the person does with their real cards (a card the tool does not offer fails the test at once)."""
    rng = table.rng
    if state.phase == Phase.DRAW:
        return table.draw(state.sides[GREEN].pending)
    if state.phase == Phase.REVEAL:
        named, table.secret = table.secret, []
        return Reveal(tuple(sorted(named)))
    if state.phase == Phase.FACEDOWN:
        assert _offered(legal, Down) == table.possible()
        roll = rng.random()
        if table.hand and roll < 0.5:
            return table.lay_secret()
        if table.hand and roll < 0.8:
            value = rng.choice(sorted(table.hand))
            table.take(value)
            return Down(G(value))
        psychic = [a for a in legal if isinstance(a, Down) and a.card is not None and a.card.psychic]
        return rng.choice(psychic) if psychic and roll < 0.9 else SKIP
    if may_play(state) and state.sides[GREEN].hand_size:
        assert _offered(legal, Turn) == table.possible()
    ends = [a for a in legal if isinstance(a, Turn) and not a.items]
    psychic = [a for a in legal if isinstance(a, Turn) and a.items and isinstance(a.items[0], Psychic)]
    ghosts = [a for a in legal if isinstance(a, Turn) and a.items and isinstance(a.items[0], Ghost)]
    roll = rng.random() if ends else 0.0  # card 14 may forbid ending the turn now
    if ghosts and table.hand and roll < 0.75:  # a card of the real hand: the tool must accept it
        value = rng.choice(sorted(table.hand))
        table.take(value)
        return Turn((Ghost(value),), end=False)
    if psychic and (roll < 0.85 or not ends):
        action = rng.choice(psychic)
        item = action.items[0]
        if item.arg is not None and state.card(item.number).has("fetch"):
            table.deck.remove(item.arg.n)
        return action
    return ends[0]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_a_persons_secret_cards_played_as_the_table_would(seed: int) -> None:
    rng = random.Random(seed)
    config = RipConfig(physical=(GREEN,), first=rng.choice((GREEN, BLUE)))
    state = GAME.initial_state(config, seed)
    table = Table(rng)
    while state.phase != Phase.OVER:
        legal = legal_actions(state)
        mover = to_move(state)
        if mover == BLUE:
            action: object = rng.choice(legal)
        else:
            action = _green_move(state, table, legal)
        try:
            state = apply(state, action)  # type: ignore[arg-type]
        except IllegalError as exc:  # the person's real move refused
            raise AssertionError(f"{action} refused: {exc}") from exc
        side = state.sides[GREEN]
        # the tool holds exactly the table's cards: the real hand and the secret ones
        assert Counter(side.hand) == table.hand + Counter(table.secret)
        assert side.hidden_down == len(table.secret)
        assert Counter(side.deck) == Counter(table.deck)
        if side.hidden_down:
            assert tuple(sorted(table.secret)) in options(side)


def test_round_10_refuses_a_secret_card_the_cards_played_since_rule_out() -> None:
    """A hand of 1 2 3 with one card laid down unnamed, then the 3 and the 1 played (the secret card is the 2)
    and a 1 drawn: round 10 refuses the 1, naming the 2, and suggests it."""
    state = GAME.initial_state(RipConfig(physical=(GREEN,), first=BLUE), 3)
    side = laid_down(replace(state.sides[GREEN], hand=(1, 2, 3), pending=0))
    side = taken(taken(side, 3), 1)
    assert side.hand == (2,) and side.hand_size == 0
    side = replace(side, hand=(1, 2))  # a 1 drawn
    state = replace(state, phase=Phase.REVEAL, round=10, sides=(side, state.sides[BLUE]))
    assert legal_actions(state) == [Reveal((2,))]
    assert expected_input(state).endswith("e.g. reveal 2")
    with pytest.raises(IllegalError, match=r"^not 1: Green's secret face-down card is the 2 "):
        apply(state, Reveal((1,)))
