"""What a person asks of the tool besides a move: their hand, a hint, undo.

Each follows the session's rule for what the table sees (``companion.table``): a hand and a hint only for
their person, and undo names the steps back from the game's ``undo_steps`` (public facts only), repeating the
typed input only when one person plays (with several, an input may name a secret card: a Prohis convoy).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ai.protocol import Event, HandNeeded, InputError
from ai.text import listing, plural
from ai.undo_steps import span_steps
from companion.seats import HUMAN, is_human

if TYPE_CHECKING:
    from companion.session import TableSession


def hand(session: TableSession, name: str) -> bool:
    """A person's own view (their hand): at once for the only person, else behind a pass-the-screen gate;
    True if it went behind a gate (the screen was cleared)."""
    humans = session.humans
    if name:
        matches = [seat for seat in humans if session.seat_label(seat).lower() == name.lower()]
        if not matches:  # cards typed after hand, as a hint takes them, were read as a name
            names = ", ".join(session.seat_label(seat) for seat in humans)
            cards = getattr(session.game, "hint_needs_hand", None)
            alone = len(humans) == 1 and cards is not None and cards(session.state, humans[0])
            also = f"; for a hint: hint {name}" if alone else ""
            session.out.error(f"hand takes a name ({names}), not {name!r}{also}")
            return False
        seat = matches[0]
    else:
        mover = session.game.to_move(session.state)
        seat = mover if mover in humans else (humans[0] if len(humans) == 1 else -1)
        if seat < 0:
            session.out.error("whose hand? type hand and a name")
            return False
    label = session.seat_label(seat)
    sees = getattr(session.game, "sees_hand", None)
    if sees is not None and not sees(session.state, seat):  # nothing to hide: no gate
        session.out.info(
            "hand", f"The tool does not see {label}'s cards: they are the real ones in {label}'s hand."
        )
        return False
    gate = seat != session.view_seat
    session.out.hand(label, session.game, session.state, seat, gate=gate)
    return gate


#: An undo's step when the inputs taken back moved nothing at the table.
NOTHING_BACK = "Nothing to put back at the table."

#: A hint refused where it would need a hand typed in view of the table.
NO_HINT = "no hint here: the tool does not see your cards, and typing them would show them to the table"


def hint(session: TableSession, rest: str) -> bool:
    """What the strongest bot would do in the seat of the person to move, and why: only for that person; True
    if it went behind a gate."""
    seat = session.game.to_move(session.state)
    if seat < 0:  # a card drawn or turned up at the table: nothing to choose (a trial: "a hint is for a
        # person's own move" at the person's own draw)
        session.out.error("no hint for a draw: type the cards as they come")
        return False
    if not is_human(session.seats[seat]):
        session.out.error("a hint is for a person's own move")
        return False
    refused = getattr(session.game, "no_hint", None)  # a step no bot decides (RIP's round-10 reveal)
    if refused is not None and (why := refused(session.state)) is not None:
        session.out.error(why)
        return False
    several = len(session.humans) > 1
    needs_hand = getattr(session.game, "hint_needs_hand", None)  # a hand the tool cannot see (a real deck)
    if several and needs_hand is not None and needs_hand(session.state, seat):
        # never take a hand typed in view of the others (a trial: "hint 4 -2 1" at the shared prompt was read,
        # the answer put behind a gate with the hand left on the screen)
        session.out.error(NO_HINT)
        return False
    custom = getattr(session.game, "hint", None)
    try:
        with session.out.thinking(session.seat_label(seat), session.think, hint=True):
            if custom is not None:
                decision = custom(session.state, seat, rest, session.think)
            else:
                levels = session.game.bots(seat)
                level = "hard" if "hard" in levels else "normal" if "normal" in levels else next(iter(levels))
                player = session.game.make_player(level, seat, session.config, think=session.think)
                observation = session.game.observation(session.state, seat)
                rng = random.Random(f"{session.record.seed}/hint/{len(session.entries)}")
                decision = player.decide(observation, session.game.legal_actions(session.state), rng)
    except HandNeeded as exc:
        session.out.error(NO_HINT if several else str(exc))  # never invite a hand typed in view of the others
        return False
    except InputError as exc:
        session.out.error(str(exc))
        return False
    move = session.game.format_action(session.state, decision.action)
    why = f" ({decision.reason})" if decision.reason else ""
    data: dict[str, Any] = {"move": move, "reason": decision.reason}
    if decision.value is not None:
        data["value"] = decision.value
    text = f"Hint: {move}{why}"
    if len(session.humans) > 1:
        # a hint names a card of the person's hand: only they may see it
        session.out.private(session.seat_label(seat), [Event("hint", text, data)])
        return True
    session.out.info("hint", text, **data)
    return False


def undo(session: TableSession) -> bool:
    """Take back the last human input and the bot moves that answered it, naming the steps back (the
    game's steps back, latest first: ``ai.undo_steps.span_steps``). Nothing is re-drawn."""
    keep = len(session.entries)
    while keep and session.entries[keep - 1].actor != HUMAN:
        keep -= 1
    if keep == 0:
        session.out.error("nothing to undo")
        return False
    keep -= 1
    entry = session.entries[keep]
    # The bots' answers are named by whose turn they were, never by what they were: a bot's move may be
    # hidden (a convoy laid face down).
    answers = sum(1 for e in session.entries[keep + 1 :] if e.actor != HUMAN)
    turns = _bot_turns(session, keep + 1)
    forced, forced_by = _forced_moves(session, keep)
    steps = span_steps(session.game, session.states[keep:], [e.action for e in session.entries[keep:]])
    mover = session.game.to_move(session.states[keep])
    # an input typed behind its person's gate (several people: a convoy may name secret cards) is not
    # repeated, only whose it was; one typed in view is (a trial: "Ben's last input" for a face-up card)
    alone = session.view_seat is not None
    public = alone or session.secret_seat(session.states[keep]) is None
    typed = entry.typed or entry.text  # as typed (a trial: "remove" was repeated as "Undone: yes")
    what = typed if public else "the last input"
    if not alone and mover >= 0:  # several people: whose input it was
        who = session.seat_label(mover)
        what = f"{who}'s input {typed}" if public else f"{who}'s last input"
    session.take_back(keep)
    text = f"Undone: {what}"
    if turns or forced:
        # whose forced moves (a trial: "with 3 forced moves", one of them the person's own)
        owners = [name + "'s" for name in forced_by]
        by = f" ({listing(owners)})" if owners else ""
        if not turns:
            text += (
                f", and {'the forced move' if forced == 1 else plural(forced, 'forced move')}{by} after it"
            )
        else:
            text += f", and {_turns_text(turns)} after it"
            text += (
                f", with {'a forced move' if forced == 1 else plural(forced, 'forced move')}{by}"
                if forced
                else ""
            )
        if steps is None:
            text += ": put the table back as the board shows"
    data: dict[str, Any] = {"undone": entry.text, "typed": typed} if public else {}
    if forced:
        data["forced_moves"] = forced
    data["bot_turns"] = turns
    # nothing moved at the table: said, as every forward message says what the hands do (a trial read a bare
    # "Undone: convoy g g" and looked for the steps)
    back = tuple(steps) if steps else (NOTHING_BACK,) if steps is not None else ()
    session.out.event(Event("undo", text, {**data, "bot_moves": answers}, table=back))
    return True


def _bot_turns(session: TableSession, start: int) -> list[str]:
    """Whose turns the moves from ``start`` on (the bots' answers to a person's input) were, in order: a bot's
    moves in a row are one turn (RIP's cards and the end of its turn; Granny's token, figurine and card)."""
    seats = [session.game.to_move(session.states[i]) for i in range(start, len(session.entries))]
    return [session.seat_label(seat) for i, seat in enumerate(seats) if i == 0 or seat != seats[i - 1]]


def _turns_text(turns: list[str]) -> str:
    """``Blue's turn``; several seats: ``the moves of Bob, Carl and Dan``, each named once (a trial: "the turns of
    Bot2, Bot3, Bot4, Bot2, Bot3 and Bot4", and "turns" where the Prohis bots had only declined to inspect)."""
    if len(turns) == 1:
        return f"{turns[0]}'s turn"
    names = list(dict.fromkeys(turns))
    return f"the moves of {listing(names)}" if len(names) > 1 else f"{names[0]}'s moves"


def _forced_moves(session: TableSession, keep: int) -> tuple[int, list[str]]:
    """The moves the rules made themselves (the only choice: a Potra Bash take, an event whose data says
    ``forced``) within the inputs from ``keep`` on, and whose they were (each named once): undo lists their
    steps, so its summary counts them."""
    forced = [
        event
        for i in range(keep, len(session.entries))
        for event in session.game.step(session.states[i], session.entries[i].action)[1]
        if event.data.get("forced") is True
    ]
    names = [str(e.data["player"]) for e in forced if isinstance(e.data.get("player"), str)]
    return len(forced), list(dict.fromkeys(names))
