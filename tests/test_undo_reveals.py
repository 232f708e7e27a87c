"""Undo never crosses a reveal of something hidden: where the tool holds what no person at the table
has seen (its own deck in dealer mode, a bot's hand, a bot's face-down cards or hidden choice), an undo right
after it is refused in one line and changes nothing; at a real deck (every card typed at the table) and at a
table of people only the same undo is allowed; an undo of a person's own input that showed nothing, the next
to move a person again, still works.

Each case types a game's inputs with ``board`` before and after the last one and after the undo: a refused undo
leaves the board as it was after the input, an allowed one brings back the board from before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import Run, run_cli
from tests.support.potra_bash import script as potra_script
from tests.support.prohis import script as prohis_script


@dataclass(frozen=True)
class Probe:
    """What the table saw for ``board``, the last input, ``board``, ``undo``, ``board`` typed after the rest."""

    run: Run
    #: The inputs typed before the probe's first ``board``.
    start: int

    def answer(self, n: int) -> list[dict[str, object]]:
        """The events the probe's ``n``-th input brought (0: its first ``board``), up to the next prompt."""
        prompts = [i for i, e in enumerate(self.run.events) if e["event"] == "prompt"]
        at = self.start + n
        return self.run.events[prompts[at] + 1 : prompts[at + 1] + 1]

    def board(self, n: int) -> dict[str, object]:
        (board,) = [e for e in self.answer(n) if e["event"] == "board"]
        return board

    @property
    def errors(self) -> list[str]:
        """The lines refusing the last input or the undo."""
        return [str(e["message"]) for n in (1, 3) for e in self.answer(n) if e["event"] == "error"]

    @property
    def boards(self) -> tuple[dict[str, object], dict[str, object], dict[str, object]]:
        """The boards typed before the last input, after it, and after the undo."""
        return self.board(0), self.board(2), self.board(4)

    @property
    def to_move(self) -> object:
        """Who was to move after the last input."""
        return self.answer(1)[-1]["to_move"]


def probe(home: Path, args: list[str], lines: list[str]) -> Probe:
    """``lines``, with ``board`` typed before the last, after it and after an ``undo``."""
    *start, last = lines
    run = run_cli(home, args, [*start, "board", last, "board", "undo", "board", "quit"])
    assert run.returncode == 0, run.stderr
    return Probe(run, len(start))


def refused(result: Probe, seen: str) -> None:
    """The undo is refused in one line naming what was seen, and changes nothing."""
    assert result.errors == [f"undo stops here: {seen} has been seen"]
    assert result.run.of("undo") == []
    _, after, undone = result.boards
    assert undone == after


def allowed(result: Probe, bot_moves: int | None = None) -> dict[str, object]:
    """The undo takes the last input back (and the bots' answers after it): the board from before it."""
    assert result.errors == []
    (undo,) = result.run.of("undo")
    before, after, undone = result.boards
    assert undone == before != after
    if bot_moves is not None:
        assert undo["bot_moves"] == bot_moves
    return undo


# -- Propuh: two players, Granny against the bot (seed 1 deals Granny t4 s1 b3 b4, the bot t2 t3 b3 b4) --

PROPUH = ["play", "propuh", "--as", "granny", "--seed", "1", "--json"]
PROPUH_DEAL = ["t4 s1 b3 b4", "t2 t3 b3 b4"]


def test_propuh_undo_after_the_bots_answer_is_refused_in_dealer_mode(home: Path) -> None:
    refused(probe(home, [*PROPUH, "--bot", "normal"], ["s1 t"]), "Propuh's move")


def test_propuh_undo_after_the_bots_answer_is_allowed_at_a_real_deck(home: Path) -> None:
    result = probe(home, [*PROPUH, "--bot", "normal", "--physical"], [*PROPUH_DEAL, "s1 t"])
    assert allowed(result, bot_moves=1)["bot_turns"] == ["Propuh"]


def test_propuh_undo_after_the_other_persons_answer_is_allowed_with_people_only(home: Path) -> None:
    undo = allowed(probe(home, [*PROPUH, "--bot", "human"], ["s1 t", "t2 b"]), bot_moves=0)
    assert undo["text"] == "Undone: Propuh's input t2 b"


def test_propuh_undo_of_the_persons_own_figurine_is_allowed_in_dealer_mode(home: Path) -> None:
    """Granny moves the figurine, then plays a card: nothing was shown, the next to move is Granny again."""
    result = probe(home, [*PROPUH, "--bot", "normal"], ["f b"])
    undo = allowed(result, bot_moves=0)
    assert undo["text"] == "Undone: f b" and result.to_move == "granny"


# -- Potra Bash --

POTRA = ["play", "potra-bash", "--seed", "2", "--json"]


def test_potra_undo_after_the_bots_answers_is_refused_in_dealer_mode(home: Path) -> None:
    refused(probe(home, [*POTRA, "--seats", "Ann,bot,bot,bot"], ["1"]), "Bot4's move")


def test_potra_undo_after_the_bots_answer_is_allowed_at_a_real_deck(home: Path) -> None:
    """The bots' hands typed first (ten cards here), then Ann's card; Bot2 answers, then its draw is typed."""
    seats = "Ann,bot,bot,bot"
    lines, _ = potra_script(2, seats, physical=True)
    result = probe(home, [*POTRA, "--seats", seats, "--physical"], lines[:11])
    assert result.answer(0)[-1]["to_move"] == "Ann"  # the prompt the last input answered
    assert allowed(result, bot_moves=1)["bot_turns"] == ["Bot2"]


def test_potra_undo_is_allowed_with_people_only(home: Path) -> None:
    allowed(probe(home, [*POTRA, "--seats", "Ann,Ben,Cy,Dee"], ["1"]), bot_moves=0)


def test_potra_a_persons_card_draws_from_the_tools_deck_so_its_undo_is_refused(home: Path) -> None:
    """No bot has moved, Ben is next: but Ann's draw came from the tool's deck, unseen by the others."""
    seats = ["--seats", "Ann,Ben,bot"]
    hand = run_cli(home, [*POTRA, *seats]).of("hand")
    card = next(str(e["hand"][0]) for e in hand if e["player"] == "Ann")
    result = probe(home, [*POTRA, *seats], [card])
    assert result.to_move == "Ben"
    refused(result, "the card drawn")


@pytest.mark.parametrize("physical", [False, True])
def test_potra_only_a_draw_within_the_round_stays_in_the_persons_own_news(physical: bool) -> None:
    """What a play shows from the tool's deck: the card drawn within a round goes to its player alone (an undo at
    the gate before that news may take the play back), a new round's deal turns its centre card up for everyone;
    at a real deck the tool shows nothing of its own."""
    import dataclasses
    import random

    from ai.games import get

    game = get("potra-bash")
    config = dataclasses.replace(game.default_config(), physical=physical)
    seen: dict[bool, bool] = {}  # a new round: whether its reveal stays private
    rng = random.Random(3)
    state = game.initial_state(config, 3)
    while not game.is_over(state) and len(seen) < 2:
        legal = game.legal_actions(state)
        action = legal[int(rng.random() * len(legal))]
        after = game.apply(state, action)
        if physical or len(after.deck) < len(state.deck):  # a card left the deck (the tool's: it drew it)
            seen[after.round != state.round] = game.reveals_in_private(state, action, after)
        state = after
    assert seen == {False: not physical, True: False}


def test_potra_a_persons_card_at_a_real_deck_is_undone(home: Path) -> None:
    seats = "Ann,Ben,bot"
    lines, _ = potra_script(2, seats, physical=True)
    result = probe(home, [*POTRA, "--seats", seats, "--physical"], lines[:5])
    assert result.to_move == "Ben"
    allowed(result, bot_moves=0)


# -- Prohis --

PROHIS = ["play", "prohis", "--json"]


def test_prohis_undo_after_the_bots_answers_is_refused_in_dealer_mode(home: Path) -> None:
    refused(probe(home, [*PROHIS, "--seats", "Ann,bot,bot", "--seed", "1"], ["pile"]), "Bot3's move")


def test_prohis_undo_after_the_bots_answer_is_allowed_at_a_real_deck(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bot2's and Bot3's cards and the display typed first (twelve inputs), then Ann's ``pile``; Bot2 takes a
    display card, whose refill is typed next."""
    seats = "Ann,bot,bot"
    lines = prohis_script(home, seats, 1, True)
    capsys.readouterr()
    result = probe(home, [*PROHIS, "--seats", seats, "--seed", "1", "--physical"], lines[:13])
    assert lines[12] == "pile"
    assert allowed(result, bot_moves=1)["bot_turns"] == ["Bot2"]


def test_prohis_undo_is_allowed_with_people_only(home: Path) -> None:
    undo = allowed(probe(home, [*PROHIS, "--seats", "Ann,Ben,Cy", "--seed", "1"], ["pile"]), bot_moves=0)
    assert undo["text"] == "Undone: Ann's last input"


def test_prohis_a_card_a_person_inspector_turns_over_is_not_undone_in_dealer_mode(home: Path) -> None:
    """Ann inspects Bot2's convoy: the card she turns over was the tool's alone; before it, her own ``yes`` (an
    inspection announced, Ann to move again) is undone."""
    args = [*PROHIS, "--seats", "Ann,bot,bot,bot", "--seed", "4"]
    refused(probe(home, args, ["captain", "yes", "turn 1"]), "the card turned over")
    result = probe(home, args, ["captain", "yes"])
    assert result.to_move == "Ann"
    allowed(result, bot_moves=0)


def test_prohis_a_card_a_person_inspector_turns_over_is_undone_with_people_only(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = "Ann,Ben,Cy"
    lines = prohis_script(home, seats, 4, False)
    capsys.readouterr()
    turn = next(i for i, line in enumerate(lines) if line.startswith("turn "))
    allowed(probe(home, [*PROHIS, "--seats", seats, "--seed", "4"], lines[: turn + 1]), bot_moves=0)


# -- RIP: the bot's hand and deck are the tool's; the person's own deck is real --

RIP = ["play", "rip", "--seed", "2", "--bot", "normal", "--json"]


def test_rip_undo_after_the_bots_turn_is_refused(home: Path) -> None:
    refused(probe(home, [*RIP, "--first", "bot"], ["3 3 3 4 2"]), "Blue's move")


def test_rip_undo_of_the_persons_own_draw_is_allowed(home: Path) -> None:
    """Green's draw from a real deck, Green to play next: nothing the tool kept was shown."""
    result = probe(home, [*RIP, "--first", "me"], ["3 3 3 4 2"])
    assert result.to_move == "green"
    allowed(result, bot_moves=0)
