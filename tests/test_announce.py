"""What the table reads beside a move: a bot's reason goes beside its own move's first public event, never on the
end of the game; a hint asked where nothing is chosen says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ai.protocol import Event
from companion.table.events import announced
from tests.conftest import run_cli


class _Running:
    def is_over(self, state: Any) -> bool:
        return False


def test_a_reason_goes_on_the_moves_first_public_event() -> None:
    events = [Event("draw", "Bot2 draws.", {}, private_to=1), Event("take", "Bot2 takes a card.", {})]
    out = announced(_Running(), None, events, "rule 7: second pick", 4)
    assert out[1].text == "Bot2 takes a card (rule 7: second pick)."


def test_a_reason_goes_on_the_moves_own_clause_not_the_one_after_it(home: Path) -> None:
    """RIP's end of a turn goes on to say who plays next: "Blue ends the turn ahead, 4 to 2; Green to play (ahead,
    it keeps its other cards)" read as if Green were ahead. In French the no-break space before ";" stays."""
    args = ["play", "rip", "--seed", "3", "--first", "me", "--bot", "normal", "--json"]
    (turn,) = [e for e in run_cli(home, args, ["1 2 3 4 5", "2", "quit"]).of("turn") if e["player"] == "blue"]
    assert turn["text"] == "Blue ends the turn ahead, 3 to 2 (no need to play more); Green to play."
    (turn,) = [
        e
        for e in run_cli(home, [*args, "--lang", "fr"], ["1 2 3 4 5", "2", "quit"]).of("turn")
        if e["player"] == "blue"
    ]
    assert turn["text"] == (
        "Bleu finit son tour devant, 3 à 2 (inutile de jouer plus)\u00a0; à Vert de jouer."
    )


def test_no_reason_on_the_count_or_the_end() -> None:
    """A trial: a last "stop drawing", which shows nothing, put its rule on the winner's line: "Bot2 wins with
    52,000 (rule 8: Otherwise)"."""
    events = [
        Event("counted", "Ann's cards are counted.", {}),
        Event("end", "The final count:\nBot2 wins with 52,000.", {}),
    ]
    out = announced(_Running(), None, events, "rule 8: Otherwise", 4)
    assert [e.text for e in out] == [e.text for e in events]


def test_a_hint_at_a_draw_says_there_is_nothing_to_choose(home: Path) -> None:
    """A trial: `hint` at RIP's draw prompt said "a hint is for a person's own move"; the draw is the person's."""
    run = run_cli(
        home, ["play", "rip", "--bot", "normal", "--first", "me", "--seed", "3", "--json"], ["hint"]
    )
    (error,) = run.of("error")
    assert error["message"] == "no hint for a draw: type the cards as they come"
