"""What the screen shows of a Propuh game: a label for the history, the setup to lay out, the board as data and
as a rich renderable, and the status line.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from ai.propuh import steps
from ai.propuh.components import (
    GRANNY,
    KINDS,
    LOCS,
    MAX_ROUNDS,
    MAXIMA,
    PROPUH,
    ROLE_NAMES,
    VALUES,
    at,
    both_names,
    card_name,
    granny_goals,
    loc_name,
    propuh_goals,
    role_name,
    role_of,
)
from ai.propuh.engine import reason_text, to_move
from ai.propuh.observation import board_unseen
from ai.propuh.score import goal_name, tokens_data
from ai.propuh.state import Phase, PropuhConfig, PropuhState
from ai.protocol import (
    CHANCE,
    Event,
)
from ai.words import ptr, tr, trn


def variant(config: PropuhConfig) -> str:
    """The automaton's rulings, random difficulty cards and whose deck, for the history list (the difficulty
    is in its column of bots)."""
    parts = (
        [trn("{n} random card", "{n} random cards", config.random_cards)]
        if config.solo and config.difficulty == "random"
        else []
    )
    parts += [
        name
        for name, on in (
            ("ignore-limit", config.solo and config.ignore_limit),
            ("skip-blocked", config.solo and config.skip_blocked),
            ("no-granny-from last", config.solo and config.no_granny_from == "last"),
            (tr("the tool's deck"), config.solo and not config.physical),
            (tr("a real deck"), not config.solo and config.physical),
        )
        if on
    ]
    return ", ".join(parts)


def describe(config: PropuhConfig) -> str:
    """A short label for the history list."""
    if not config.solo:
        return tr("two players")
    difficulty = tr("random") if config.difficulty == "random" else config.difficulty
    label = tr("solo, difficulty {difficulty}", difficulty=difficulty)
    if config.difficulty == "random":
        label += " (" + trn("{n} card", "{n} cards", config.random_cards) + ")"
    options = [
        name
        for name, on in (
            (ptr("Propuh option", "ignore-limit"), config.ignore_limit),
            (ptr("Propuh option", "skip-blocked"), config.skip_blocked),
            (ptr("Propuh option", "no-granny-from last"), config.no_granny_from == "last"),
            (ptr("Propuh option", "dealer"), not config.physical),
        )
        if on
    ]
    return label + (f" [{', '.join(options)}]" if options else "")


def setup_events(state: PropuhState) -> list[Event]:
    """What to lay out on the table before the first card, and who deals what (see ``ai.propuh.steps``)."""
    config = state.config
    red = state.tokens[PROPUH]
    tokens = ", ".join(
        tr("{n} on the {where}", n=n, where=at(loc, PROPUH)) for loc, n in zip(LOCS, red, strict=True) if n
    )
    events = []
    if state.difficulty_cards:
        cards = ", ".join(f"{loc.title} +{n}" for loc, n in state.difficulty_cards)
        # both sides of the board: a difficulty card may name the location either way
        shown = ", ".join(f"{both_names(loc)} +{n}" for loc, n in state.difficulty_cards)
        events.append(
            Event("difficulty", tr("Difficulty cards drawn: {cards}.", cards=shown), {"cards": cards})
        )
    table = [tr("Lay out the 3 boards, the 7 green and 7 red tokens, and the figurine on the Stove.")]
    if tokens:
        table.append(tr("Put red Propuh tokens: {tokens}.", tokens=tokens))
    if not config.physical:
        # told "Granny is dealt Table 4", a table would otherwise take that card out in view of all
        table.append(
            tr(
                "Sort the 28 cards face up by suit and value beside the boards: the supply the tool's cards come "
                "from. The hands stay in the tool: leave every card in the supply until a step says to take it."
            )
        )
    if config.solo:
        if config.physical:
            deal = tr("Propuh gets no cards; it draws from the deck when it plays.")
            table += [
                tr("Shuffle the 28 cards; put 2 aside face down without looking (out of the game)."),
                tr("Deal 3 cards to Granny; the rest is the deck."),
            ]
        else:
            deal = tr(
                "The tool has shuffled its own deck, put 2 cards aside unseen and dealt Granny 3 (your hand "
                "is on the screen): nothing to deal at the table."
            )
        start = (
            tr("Propuh tokens at the start: {tokens}.", tokens=tokens)
            if tokens
            else tr("Propuh tokens at the start: none.")
        )
        text = f"{deal} {start} {tr('The figurine stands on the Stove.')}"
        data = {"propuh_tokens": tokens_data(state.tokens)["propuh"], "figurine": "stove"}
    else:
        if config.physical and len(config.untracked) == 2:
            text = tr(
                "A real deck: the table deals and each player keeps their cards to themselves; the tool counts "
                "them and asks only for the cards played."
            )
            table += [tr("Shuffle the 28 cards: the deck."), tr("Deal 4 cards to Granny, then 4 to Propuh.")]
        elif config.physical:
            # ruling: the bot's cards are typed in view of the table, so say what that costs (as Prohis does)
            text = tr(
                "A real deck: the table deals, and the tool asks for every card dealt, the bot's too, so the "
                "bot's hand is open at this table; play without --physical to keep it secret."
            )
            table += [tr("Shuffle the 28 cards: the deck."), tr("Deal 4 cards to Granny, then 4 to Propuh.")]
        else:
            text = tr(
                "The tool has shuffled its own deck and dealt 4 cards to each player (a person sees their own "
                "hand alone; hand NAME shows it again): nothing to deal at the table."
            )
        data = {"figurine": "stove"}
    names = [name.lower() for name in ROLE_NAMES]
    events.append(Event("setup", text, {"names": names, **data}, table=tuple(table)))
    if not config.solo and not config.physical:
        # each seat's first hand, private to it as every later deal is: the session shows it at once to the only
        # person at the table, behind a pass-the-screen gate when two people play (``--bot human``), never a bot's
        events += [steps.dealt(seat, state.hands[seat]) for seat in (GRANNY, PROPUH)]
    return events


def board_data(state: PropuhState, seat: int | None = None) -> dict[str, Any]:
    """The board as data; with ``seat``, that seat's own hand too (never another's)."""
    unseen = board_unseen(state, seat)
    u = state.unresolved
    hand = {} if seat is None else {"hand": [str(c) for c in state.hands[seat]]}
    return hand | {
        "round": state.round,
        "to_move": _mover_name(state),
        "figurine": state.figurine.title.lower(),
        "tokens": tokens_data(state.tokens),
        "unresolved": None
        if u is None
        else {
            "player": ROLE_NAMES[u.owner].lower(),
            "card": str(u.card),
            "location": u.loc.title.lower(),
        },
        "drawn": None if state.drawn is None else str(state.drawn),
        "deck": state.deck_size - len(state.pending),
        "hands": {ROLE_NAMES[s].lower(): state.hand_count(s) for s in (GRANNY, PROPUH)},
        "goals": {"granny": granny_goals(state.tokens), "propuh": propuh_goals(state.tokens)},
        "unseen": {str(card): n for card, n in zip(KINDS, unseen, strict=True)},
    }


def status(state: PropuhState, seat: int | None = None) -> str:
    """One line between boards: the round, the deck, and the seat's own hand (or, when the tool does not
    see it, how many cards it holds)."""
    parts = [
        tr("Round {round}/{rounds}", round=state.round, rounds=MAX_ROUNDS),
        tr("deck {n}", n=state.deck_size - len(state.pending)),
    ]
    if seat is not None and seat in state.config.untracked:
        n = state.hand_count(seat)
        parts.append(
            trn("you hold {n} card, unseen by the tool", "you hold {n} cards, unseen by the tool", n)
        )
    elif seat is not None:
        hand = _hand(state, seat)
        parts.append(tr("your hand: {hand}", hand=hand) if hand else tr("your hand: empty"))
    return " · ".join(parts)


def render(state: PropuhState, seat: int | None = None) -> Any:
    """A rich renderable of the board, as seen from ``seat`` (its own hand shown) or by the table."""
    from rich.text import Text

    from ai.grid import Board, Grid

    title = tr("Propuh · round {round}/{rounds}", round=state.round, rounds=MAX_ROUNDS)
    if state.phase == Phase.OVER:
        title += " · " + tr("game over")
    u = state.unresolved
    rows = []
    for loc in LOCS:
        name = both_names(loc) + (" ♟" if state.figurine == loc else "")
        cell = ""
        if u is not None and u.loc == loc:
            cell = tr("{name}'s {card} (unresolved)", name=role_of(u.owner), card=str(u.card))
        green = f"{state.tokens[GRANNY][loc]}/{MAXIMA[GRANNY][loc]}"
        red = f"{state.tokens[PROPUH][loc]}/{MAXIMA[PROPUH][loc]}"
        rows.append([name, Text(green, style="green"), Text(red, style="red"), cell])
    granny, propuh = role_name(GRANNY), role_name(PROPUH)
    headings = (tr("location"), granny, propuh, tr("on the board"))
    table = Grid(headings, rows, title=title, justify={granny: "center", propuh: "center"})
    lines: list[Any] = [table]
    g, p = granny_goals(state.tokens), propuh_goals(state.tokens)
    over = state.phase == Phase.OVER
    goals = (
        f"{granny} {sum(g.values())}/4 ({_missing(g, over)})",
        f"{propuh} {sum(p.values())}/2 ({_missing(p, over)})",
    )
    label = tr("Goals:") + " "
    lines.append(lambda width: _goals(label, goals, min(width, _WIDTH)))
    holds = [_holds(state, s) for s in ((GRANNY,) if state.config.solo else (GRANNY, PROPUH))]
    deck = state.deck_size - len(state.pending)
    lines.append(
        Text(
            tr(
                "Deck: {deck} · {holds} · figurine on the {where}",
                deck=deck,
                holds=", ".join(holds),
                where=at(state.figurine),
            )
        )
    )
    if state.drawn is not None:
        lines.append(Text(tr("Drawn for Propuh: {card}", card=card_name(state.drawn))))
    counts = unseen_text(board_unseen(state, seat))
    lines.append(lambda width: _unseen(counts, min(width, _WIDTH)))
    if seat is not None and (state.hands[seat] or seat in state.pending):
        lines.append(Text(tr("Your hand ({name}): {hand}", name=role_name(seat), hand=_hand(state, seat))))
    if state.phase == Phase.OVER:
        winner = state.winner or 0
        said = tr("{name} won: {reason}.", name=role_name(winner), reason=reason_text(state.reason))
        lines.append(Text(said, style="bold"))
    return Board(*lines)


def _goals(label: str, goals: tuple[str, str], width: int) -> str:
    """Both sides' goals after ``label`` on one line, or, when they do not fit ``width``, each side on a line of
    its own under the label, wrapped at a word and indented under it: a side's goals never run into the next
    line at the terminal's edge ("Propuh⏎0/2")."""
    joined = label + "  ·  ".join(goals)
    if len(joined) <= width:
        return joined
    pad = " " * len(label)
    return "\n".join(
        textwrap.fill(goal, width, initial_indent=label if i == 0 else pad, subsequent_indent=pad + "  ")
        for i, goal in enumerate(goals)
    )


def _unseen(counts: str, width: int) -> str:
    """The cards not yet seen, on one line where it fits ``width``, else a suit a line under the first rather
    than a count cut off from its suit."""
    unseen = tr("Unseen: {cards}", cards=counts)
    if len(unseen) <= width:
        return unseen
    return unseen.replace(" | ", "\n" + " " * unseen.index(counts))


def _mover_name(state: PropuhState) -> str | None:
    seat = to_move(state)
    if seat >= 0:
        return ROLE_NAMES[seat].lower()
    return "chance" if seat == CHANCE else None


def _holds(state: PropuhState, seat: int) -> str:
    """``Granny holds 4``; while a real deck's cards are typed, the cards typed so far and those still due, so
    the count agrees with the hand shown."""
    due = state.pending.count(seat)
    fields = {"name": role_of(seat), "n": state.hand_count(seat) - due, "due": due}
    return tr("{name} holds {n} ({due} to type)", **fields) if due else tr("{name} holds {n}", **fields)


def _hand(state: PropuhState, seat: int) -> str:
    """The seat's hand in short forms, and how many cards are still to be typed from a real deal."""
    hand = " ".join(str(c) for c in state.hands[seat])
    due = state.pending.count(seat)
    if not due:
        return hand
    return tr("{hand}, {n} more to type", hand=hand, n=due) if hand else tr("none yet, {n} to type", n=due)


def _missing(goals: dict[str, bool], over: bool) -> str:
    """What a side still lacks; all met reads as settled only once the game is over, since the goals are
    checked at the end of a round (the figurine's removal comes first)."""
    missing = [goal_name(name) for name, done in goals.items() if not done]
    if missing:
        return tr("to do: {goals}", goals=", ".join(missing))
    return tr("all done") if over else tr("met now, checked at the end of the round")


def unseen_text(counts: Sequence[int]) -> str:
    parts = []
    for loc in LOCS:
        values = " ".join(f"{v}×{counts[loc * 4 + v - 1]}" for v in VALUES)
        parts.append(f"{loc_name(loc)} {values}")
    return " | ".join(parts)


#: The widest line the board prints on one line (a terminal of 80 columns).
_WIDTH = 78
