"""What the screen shows of a Potra Bash game: a label for the history, the setup to lay out, the board as data
and as a rich renderable, and the status line.
"""

from __future__ import annotations

from typing import Any

from ai.lines import fit
from ai.potra_bash import rules, steps
from ai.potra_bash.components import HAND_SIZE, VALUES, copies, deck, removed
from ai.potra_bash.rules import CENTRE, Phase, PotraConfig, PotraState
from ai.potra_bash.score import reason_text
from ai.protocol import (
    CHANCE,
    Event,
)
from ai.words import listing, tr, trn


def describe(config: PotraConfig) -> str:
    names = ", ".join(config.name(s) for s in range(config.players))
    players = trn("{n} player ({names})", "{n} players ({names})", config.players, names=names)
    return players + "".join(f", {option}" for option in options(config))


def variant(config: PotraConfig) -> str:
    """The options that change play, for the history list."""
    return ", ".join(options(config))


def options(config: PotraConfig) -> list[str]:
    return [
        label
        for label, on in (
            (tr("physical deck"), config.physical),
            (
                tr("next round: winner")
                if config.next_start == "winner"
                else tr("next round: left-of-winner"),
                config.next_start != "next",
            ),
            (tr("one set per value"), config.triples == "one"),
            (tr("open scoring piles"), config.open_piles),
        )
        if on
    ] + ([_automas(config)] if config.blind else [])


def _automas(config: PotraConfig) -> str:
    """Who the paper automa plays and its handicap: "Bot2 and Bot3 the automa (difficulty 2: +1 at the end)"."""
    names = listing([config.name(seat) for seat in config.blind])
    return tr(
        "{names} the automa (difficulty {level}: +{points} at the end)",
        names=names,
        level=config.automa_level,
        points=config.handicap(config.blind[0]),
    )


def setup_events(state: PotraState) -> list[Event]:
    """What to lay out before the first card; in dealer mode each seat's hand, privately."""
    config = state.config
    n = state.n
    size = len(deck(n))
    out = tr("Put two cards of each value back in the box ({n} players).", n=n) if removed(n) else ""
    starter = config.name(state.starter)
    order = [config.name((state.starter + i) % n) for i in range(n)]
    if config.physical:
        if len(config.untracked) < n:  # a bot whose hand is real and typed (an automa's never is)
            text = tr(
                "A deck of {size} cards ({copies} of each value); each player is dealt {hand}, and the tool asks "
                "for the cards the bots get. {name} starts.",
                size=size,
                copies=copies(n),
                hand=HAND_SIZE,
                name=starter,
            )
        else:
            text = tr(
                "A deck of {size} cards ({copies} of each value); each player is dealt {hand}. {name} starts.",
                size=size,
                copies=copies(n),
                hand=HAND_SIZE,
                name=starter,
            )
        if config.blind:
            automas = listing(config.name(s) for s in config.blind)
            text += " " + tr(
                "An automa's {hand} cards are its hand pile, face down: nobody looks at them ({names}).",
                hand=HAND_SIZE,
                names=automas,
            )
        if len(config.untracked) < n:  # ruling: typed in view of the table, as in Prohis and Propuh
            text += " " + tr(
                "The bots' cards are typed as they come, so their hands are open at this table; play without "
                "--physical to keep them secret."
            )
    else:
        text = tr(
            "The tool has shuffled its own deck of {size} cards ({copies} of each value) and dealt {hand} to each "
            "player: nothing to deal at the table. Centre card: {centre}. {name} starts. Type hand NAME to see a "
            "hand again.",
            size=size,
            copies=copies(n),
            hand=HAND_SIZE,
            centre=state.centre,
            name=starter,
        )
    text += " " + piles_line(config)
    if config.blind and not config.open_piles:  # its rules count its pile by value (its card's set-up)
        text += " " + tr("An automa's scoring pile lies face up, sorted by value, as its card says.")
    table = steps.setup(size, out, order, config.physical, state.centre)
    names = [config.name(s) for s in range(n)]
    data = {"players": n, "names": names, "starter": starter, "centre": state.centre}
    events = [Event("setup", text, data, table=table)]
    if not config.physical:
        for seat in range(n):
            if seat in config.blind:  # a face-down pile: nobody sees it, not even on the automa's screen
                continue
            name = config.name(seat)
            cards = " ".join(str(v) for v in state.hands[seat])
            events.append(
                Event(
                    "hand",
                    tr(
                        "{name}'s hand: {cards} (they stay in the supply until played)",
                        name=name,
                        cards=cards,
                    ),
                    {"player": name, "hand": list(state.hands[seat])},
                    private_to=seat,
                )
            )
    return events


def piles_line(config: PotraConfig) -> str:
    """The start line's word on the scoring piles: face down (the rules) or open (``--open-piles``)."""
    if config.open_piles:
        return tr("Scoring piles lie face up (--open-piles): the board shows every card and score.")
    if config.physical:
        return tr(
            "Scoring piles lie face down: the board counts their cards; each player may look at their own."
        )
    return tr(
        "Scoring piles lie face down: the board counts their cards; each player may look at their own (hand NAME "
        "shows it too)."
    )


def board_data(state: PotraState, seat: int | None = None) -> dict[str, Any]:
    """The board as data; with ``seat``, that seat's own hand and scoring pile too (never another's). Face-down
    piles (the rules) are counted, not listed, with no running score and no tally of the cards not yet seen
    (remembering them is the players' part); ``open_piles`` lists every pile, its score and that tally."""
    config = state.config
    name = config.name
    mover = rules.to_move(state)
    own: dict[str, Any] = {}
    if seat is not None:
        own = {"hand": list(state.hands[seat]), "pile": list(state.piles[seat])}
    public = rules.public_counts(state)
    if config.open_piles or state.phase == Phase.OVER:  # at the end every pile is turned up and counted
        totals = rules.scores(state)
        piles: dict[str, Any] = {
            "piles": {name(s): list(state.piles[s]) for s in range(state.n)},
            "scores": {name(s): totals[s].total for s in range(state.n)},
            "unseen": {str(v): copies(state.n) - public[v] for v in VALUES},
        }
    else:
        piles = {"pile_sizes": {name(s): len(state.piles[s]) for s in range(state.n)}}
    return own | {
        "round": state.round,
        "lap": state.lap,
        "phase": state.phase.name.lower(),
        "to_move": name(mover) if mover >= 0 else ("chance" if mover == CHANCE else None),
        "centre": state.centre,
        "deck": state.deck_size,
        "field": [{"player": name(o), "card": v} for o, v in state.field],
        "sums": {name(s): sum(v for o, v in state.plays if o == s) for s in range(state.n)},
        "hands": {name(s): _held(state, s) for s in range(state.n)},
        **piles,
    }


def render(state: PotraState, seat: int | None = None) -> Any:
    """A rich renderable of the table as seen from ``seat`` (its own hand shown) or by everyone."""
    from rich.text import Text

    from ai.grid import Board, Grid

    name = state.config.name
    if state.phase == Phase.PLAY:
        title = tr("Potra Bash · round {round} · lap {lap}", round=state.round, lap=state.lap)
    elif state.phase == Phase.TAKE:
        title = tr("Potra Bash · round {round} · taking", round=state.round)
    else:
        title = tr("Potra Bash · round {round} · game over", round=state.round)
    open_piles = state.config.open_piles or state.phase == Phase.OVER  # at the end every pile is counted
    totals = rules.scores(state)
    mover = rules.to_move(state)
    rows = []
    for s in range(state.n):
        front = [v for o, v in state.field if o == s] if state.phase != Phase.OVER else []
        played = sum(v for o, v in state.plays if o == s)
        label = name(s) + (" ◀" if s == mover else "")
        rows.append(
            [
                label,
                str(_held(state, s)),
                " ".join(str(v) for v in front),
                str(played) if state.phase == Phase.PLAY else "",
                *(
                    (" ".join(str(v) for v in sorted(state.piles[s], reverse=True)), str(totals[s].total))
                    if open_piles
                    else (str(len(state.piles[s])),)
                ),
            ]
        )
    hand, total, score, pile = tr("hand"), tr("sum"), tr("score"), tr("pile")
    tail = (tr("scoring pile"), score) if open_piles else (pile,)
    headings = (tr("player"), hand, tr("in front"), total, *tail)
    right = (hand, total, score) if open_piles else (hand, total, pile)
    table = Grid(headings, rows, title=title, justify=dict.fromkeys(right, "right"))
    public = rules.public_counts(state)
    centre = tr("turned up, to type") if CENTRE in state.pending else state.centre
    lines: list[Any] = [table]
    if state.phase == Phase.PLAY:
        lines.append(Text(tr("Centre card: {centre} · deck: {deck}", centre=centre, deck=state.deck_size)))
    else:
        lines.append(Text(tr("Deck: {deck}", deck=state.deck_size)))
    if open_piles:  # face-down piles: counting the cards gone is the players' memory, not the board's
        unseen = " ".join(f"{v}×{copies(state.n) - public[v]}" for v in VALUES)
        lines.append(Text(tr("Not yet face up: {unseen}", unseen=unseen)))
    if seat is not None and state.hidden[seat]:
        lines.append(
            Text(
                trn(
                    "Your hand ({name}): {n} card, held at the table (--physical)",
                    "Your hand ({name}): {n} cards, held at the table (--physical)",
                    state.hidden[seat],
                    name=name(seat),
                )
            )
        )
    elif seat is not None and state.hands[seat]:
        cards = " ".join(str(v) for v in state.hands[seat])
        lines.append(Text(tr("Your hand ({name}): {cards}", name=name(seat), cards=cards)))
    if seat is not None and not open_piles:
        lines.append(Text(own_pile(state, seat)))
    if state.phase == Phase.OVER:
        result = rules.result(state)
        who = listing(name(w) for w in result.winners)
        reason = reason_text(result.reason)
        won = (
            tr("{names} win: {reason}.", names=who, reason=reason)
            if len(result.winners) > 1
            else tr("{name} wins: {reason}.", name=who, reason=reason)
        )
        lines.append(Text(won, style="bold"))
    return Board(*lines)


def own_pile(state: PotraState, seat: int) -> str:
    """A seat's face-down scoring pile as its owner sees it: the cards and what they score now."""
    pile = state.piles[seat]
    name = state.config.name(seat)
    if not pile:
        return tr("Your scoring pile ({name}): empty", name=name)
    cards = " ".join(str(v) for v in sorted(pile, reverse=True))
    score = rules.scores(state)[seat].total
    return tr("Your scoring pile ({name}): {cards} (scores {score} now)", name=name, cards=cards, score=score)


def status(state: PotraState, seat: int | None = None) -> str:
    """One line for the screen between boards (public facts, and ``seat``'s own hand)."""
    name = state.config.name
    cards = {s: " ".join(str(v) for o, v in state.field if o == s) for s in range(state.n)}
    players = [f"{name(s)} {c}" for s, c in cards.items() if c] or [tr("nothing")]
    centre = (
        tr("turned up, to type")
        if CENTRE in state.pending
        else tr("to turn up")
        if state.centre is None
        else str(state.centre)
    )
    # items broken only between them to fit 80 columns: never inside one player's cards ("Bot4 1 -2")
    # taking the field: no lap, and the centre card is won already (not "lap 3 · centre to turn up")
    taking = state.phase == Phase.TAKE
    items = (
        [tr("Round {round}, taking ·", round=state.round)]
        if taking
        else [tr("Round {round}, lap {lap} ·", round=state.round, lap=state.lap)]
    )
    items += [
        *([] if taking else [tr("centre {centre} ·", centre=centre)]),
        tr("deck {deck} ·", deck=state.deck_size),
    ]
    start = len(items)
    items += [tr("in front: {cards}", cards=players[0]), *players[1:]]
    items[start:-1] = [f"{item}," for item in items[start:-1]]
    if seat is not None and state.hands[seat]:
        items[-1] += " ·"
        items.append(tr("your hand: {cards}", cards=" ".join(str(v) for v in state.hands[seat])))
    return fit(items, indent="  ")


def _held(state: PotraState, seat: int) -> int:
    """The cards in ``seat``'s hand at the table: with a real deck, also those dealt or drawn and not typed yet."""
    return state.hand_count(seat) + state.pending.count(seat)
