"""The bots' moves at the table: each decided from its seat's observation, never the state (a searching bot
shows that it thinks), and a move an undo took back made again at once when the bot sees the same again
(``companion.entries.Answers``: an undo never gets a second answer to the same position)."""

from __future__ import annotations

import random
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

from ai.protocol import Decision, InputError
from companion.entries import Answers

if TYPE_CHECKING:
    from companion.table import TableGame

#: Seats whose bot searches for up to ``--think`` seconds: the screen says it is thinking.
SEARCHERS = ("hard",)


def play(table: TableGame) -> bool:
    """Let the bots move until a person must type something or the game ends; True if any moved. A move an
    undo took back is made again at once, without thinking."""
    moved = False
    game = table.game
    while not game.is_over(table.state) and not table.is_human_turn():
        seat = game.to_move(table.state)
        observation = game.observation(table.state, seat)
        decision = _repeated(table, observation)
        if decision is None:
            # said before every move of a searching bot, a forced one too: whether it had a choice could tell
            # the table what it holds (a Prohis bot asked to inspect with no controller in hand)
            searching = table.seats[seat] in SEARCHERS
            with table.out.thinking(table.seat_label(seat), table.think) if searching else nullcontext():
                decision = _decide(table, seat, observation)
        move = game.format_action(table.state, decision.action)
        table.show(table.commit("bot", decision.action, decision.reason))
        if decision.debug is not None or decision.value is not None:
            table.out.debug(table.seat_label(seat), move, decision)
        moved = True
    return moved


def key(game: Any, state: Any) -> str:
    """The key of what the seat to move in ``state`` sees (``Answers``)."""
    return Answers.key(game.observation(state, game.to_move(state)))


def _repeated(table: TableGame, observation: Any) -> Decision[Any] | None:
    """The bot move an undo took back from this ``observation``, made again; ``None`` if there is none, or if
    the move (read back from disk) does not fit now."""
    before = table.answered.after(Answers.key(observation))
    if before is None:
        return None
    game = table.game
    try:
        action = game.parse_action(table.state, before.text)
    except InputError:  # a record from disk is data to judge: a move that does not fit is not made
        return None
    return Decision(action, before.reason) if action in game.legal_actions(table.state) else None


def _decide(table: TableGame, seat: int, observation: Any) -> Decision[Any]:
    """The bot's decision in ``seat`` from its ``observation``, with the session's seeded generator."""
    rng = random.Random(f"{table.record.seed}/{len(table.entries)}")
    legal = table.game.legal_actions(table.state)
    return table.players[seat].decide(observation, legal, rng)  # type: ignore[no-any-return]
