"""What the screen shows of a RIP game: a label for the history, the setup to lay out, the board as data and as a
rich renderable, and the status line.
"""

from __future__ import annotations

from typing import Any

from ai.protocol import CHANCE, Event
from ai.rip import rules, secret
from ai.rip.components import (
    BLUE,
    CASTLE,
    DECK_SIZE,
    GREEN,
    HAND_SIZE,
    INSTANT_WIN,
    LINE_LENGTH,
    MANOR,
    SEAT_NAMES,
)
from ai.rip.rules import Phase, RipConfig, RipState, state_totals
from ai.text import listing


def describe(config: RipConfig) -> str:
    """A short label for the history list."""
    label = "tutorial (starter cards)" if config.tutorial else "advanced"
    if config.extra_cards:
        label += f", {len(config.extra_cards)} extra psychic cards"
    if not config.named_both_sides:
        label += ", card 10 own side only"
    if config.physical:
        label += f", you are {' and '.join(SEAT_NAMES[s] for s in config.physical)}"
    if config.automa_physical and config.automa:
        label += ", the automa's real deck"
    return label


def variant(config: RipConfig) -> str:
    """The tutorial, extra psychic cards or the card 10 ruling, for the history list."""
    parts = ["tutorial (starter cards)"] if config.tutorial else []
    if config.extra_cards:
        parts.append(f"{len(config.extra_cards)} extra psychic cards")
    if not config.named_both_sides:
        parts.append("card 10 own side only")
    return ", ".join(parts)


def setup_events(state: RipState) -> list[Event]:
    """What to lay out on the table before the first card."""
    config = state.config
    shown = " ".join(str(n) if i < state.revealed else "?" for i, n in enumerate(state.line))
    tokens = " ".join(state.tokens)
    if config.tutorial:
        # the order of the cards to come is the tool's secret (the bot does not know it either): they wait aside
        # and the tool names each as its mansion opens (the line's order was printed for the person to lay out)
        first = " ".join(map(str, state.line[: state.revealed]))
        rest = " ".join(map(str, sorted(state.line[state.revealed :])))
        lay = (
            f"Lay out the psychic cards {first} face up in a line, left to right: mansions 1 to "
            f"{state.revealed}; leave a place for each of mansions {state.revealed + 1} to {LINE_LENGTH}, then "
            f"the round-10 card. Put the other starter cards ({rest}) aside: the tool keeps their order secret "
            "and names the next one after each round."
        )
    else:
        lay = (
            f"Lay out the psychic cards {shown} face up in a line, left to right: mansions 1 to "
            f"{LINE_LENGTH}, then the round-10 card."
        )
    put = f"Put the tokens {tokens} face up on them in the same order (M manor, C castle)."
    if config.tutorial:
        put = (
            f"Put the tokens {tokens} face up on the line in the same order: on its cards and on the places "
            "kept, the last on the round-10 card (M manor, C castle)."
        )
    events = [
        Event(
            "setup",
            f"The line of mansions: psychic cards {shown} and the round-10 card, with the tokens {tokens}. "
            f"{SEAT_NAMES[state.first]} starts round 1.",
            {
                "names": [name.lower() for name in SEAT_NAMES],
                "line": [n if i < state.revealed else None for i, n in enumerate(state.line)],
                "tokens": tokens,
            },
            table=(lay, put),
        )
    ]
    for seat in (GREEN, BLUE):
        name = SEAT_NAMES[seat]
        if seat in config.physical:
            text = f"{name} plays from a real deck."
            table: tuple[str, ...] = (
                f"{name}: shuffle your {DECK_SIZE} cards face down and draw {HAND_SIZE}.",
            )
        elif config.automa_physical and seat in config.automa:
            text = f"{name}, the automa, plays from a real deck nobody looks at: the tool asks for each card turned over."
            table = (
                f"Shuffle {name}'s {DECK_SIZE} cards face down: its deck. Deal {state.sides[seat].hand_size} of "
                f"them face down beside it: its hand pile. Nobody looks at them.",
            )
        else:
            text = f"The tool has shuffled {name}'s deck and drawn its {HAND_SIZE} cards (kept secret)."
            table = (
                f"Lay {name}'s {DECK_SIZE} cards aside face up, sorted by value ({name}'s sorted cards): "
                f"the tool names each card {name} plays, to take from there.",
            )
        events.append(Event("deal", text, {"player": name.lower()}, table=table))
        if seat in config.automa:
            events.append(_automa_handicap(state, seat))
    return events


def _automa_handicap(state: RipState, seat: int) -> Event:
    """The paper automa's handicap at its difficulty: the psychic cards it takes, the cards it holds beyond the
    deal and those it puts face down by the round-10 card (``ai.rip.components.AUTOMA_LEVELS``)."""
    name = SEAT_NAMES[seat]
    side = state.sides[seat]
    level = state.config.automa_level
    owned = listing(str(n) for n in side.owned)
    banked = len(side.down)
    said = [f"psychic card{'s' * (len(side.owned) > 1)} {owned}"] if side.owned else []
    if side.hand_size > HAND_SIZE:
        said.append(f"{side.hand_size - HAND_SIZE} more ghost cards in its hand pile")
    if banked:
        said.append(f"{banked} ghost card{'s' * (banked > 1)} face down by the round-10 card")
    table = []
    if side.owned:
        table.append(f"Give {name} psychic card{'s' * (len(side.owned) > 1)} {owned} face up, from the box.")
    if banked and state.config.automa_physical:
        cards = "card" if banked == 1 else f"{banked} cards"
        table.append(f"Deal the top {cards} of {name}'s deck face down by the round-10 card, unseen.")
    elif banked:
        each, them = (
            (f"each of {name}'s {banked} face-down cards", "they stay")
            if banked > 1
            else (
                f"{name}'s face-down card",
                "it stays",
            )
        )
        table.append(
            f"Put a coin by the round-10 card for {each}; {them} among {name}'s sorted cards until round 10."
        )
    return Event(
        "handicap",
        f"{name} is the paper automa at difficulty {level}: it holds {', '.join(said) or 'no handicap'}.",
        {"player": name.lower(), "level": level, "owned": list(side.owned), "banked": banked},
        table=tuple(table),
    )


def board_data(state: RipState, seat: int | None = None) -> dict[str, Any]:
    """The board as data; with ``seat``, that seat's own hand too (never another's)."""
    t = state_totals(state)
    sides: dict[str, Any] = {}
    for s in (GREEN, BLUE):
        side = state.sides[s]
        sides[SEAT_NAMES[s].lower()] = {
            "tokens": "".join(side.tokens),
            "hand": side.hand_size,
            "deck": len(side.deck) - side.pending,
            "face_down": side.down_count,
            "face_down_psychic": [str(c) for c in side.down if c.psychic],
            "owned": list(side.owned),
            "in_play": [str(x.card) for x in side.table],
            "total": t[s],
        }
    own: dict[str, Any] = {}
    if seat is not None:
        side = state.sides[seat]
        own = {
            "your_hand": list(side.hand),
            "your_secret_face_down": side.hidden_down,  # among your_hand until round 10
            # which they are, once what was typed since tells them apart (else null)
            "your_secret_cards": None
            if not side.hidden_down or (split := secret.known(side)) is None
            else list(split[1]),
            "your_face_down": [str(c) for c in side.down],
        }
    mover = rules.to_move(state)
    return own | {
        "round": state.round,
        "phase": state.phase.name.lower(),
        "to_move": SEAT_NAMES[mover].lower() if mover >= 0 else ("chance" if mover == CHANCE else None),
        "line": [n if i < state.revealed else None for i, n in enumerate(state.line)],
        "tokens": "".join(state.tokens),
        "sides": sides,
        "round10": None if state.round10 is None else list(state.round10),
    }


def render(state: RipState, seat: int | None = None) -> Any:
    """A rich renderable of the board, as seen from ``seat`` (its own hand shown) or by the table."""
    from rich.console import Group
    from rich.text import Text

    from ai.grid import Grid

    title = f"RIP · round {min(state.round, 10)}"
    # between rounds the round just won is over: the next one is marked
    winner = _round_winner(state)
    marked = state.round if winner is None else state.round + 1
    if winner is not None:
        title = f"RIP · round {state.round} to {winner} · round {marked} next"
    if state.phase == Phase.OVER:
        title += " · game over"
    won = {}
    for s in (GREEN, BLUE):
        for k in _rounds_won(state, s):
            won[k] = SEAT_NAMES[s][0]
    cards = [str(n) if i < state.revealed else "?" for i, n in enumerate(state.line)] + ["-"]
    mansions = [
        [f"[{k}]" if k == marked and state.phase != Phase.OVER else str(k), card, token, won.get(k, "")]
        for k, card, token in zip(range(1, LINE_LENGTH + 2), cards, state.tokens, strict=True)
    ]
    out: list[Any] = [
        Grid(
            ("round", "psychic", "token", "won by"),
            mansions,
            title=title,
            across=True,
            justify={"*": "center"},
        )
    ]
    t = state_totals(state)
    families = []
    for s in (GREEN, BLUE):
        side = state.sides[s]
        tokens = f"{side.tokens_of(MANOR)}M {side.tokens_of(CASTLE)}C"
        downs = [str(c) for c in side.down if c.psychic]
        hidden = side.down_count - len(downs)
        if seat == s or state.round10 is not None:  # one's own, or everyone's once round 10 is revealed
            downs = [str(c) for c in side.down] + ["?"] * side.hidden_down
            hidden = 0
        # each secret card a "?" as on one's own row (a count could read as a ghost's value)
        down = " ".join(downs + ["?"] * hidden) or "-"
        families.append(
            [
                Text(SEAT_NAMES[s], style="green" if s == GREEN else "blue"),
                tokens,
                " ".join(str(x.card) for x in side.table) or "-",
                str(t[s]),
                # cards to draw and type are counted in the hand, "+" them, so that hand and deck add up whether
                # the person has drawn them yet or not
                f"{side.hand_size}+{side.pending}" if side.pending else str(side.hand_size),
                str(len(side.deck) - side.pending),
                down,
                " ".join(f"p{n}" for n in side.owned) or "-",
            ]
        )
    headings = ("family", "tokens", "in play", "total", "hand", "deck", "face down", "psychic owned")
    out.append(Grid(headings, families))
    # "0+5" in the hand column: held, and still to draw from the deck and type
    drawing = next((state.sides[s] for s in (GREEN, BLUE) if state.sides[s].pending), None)
    legend = (
        f" Hand {drawing.hand_size}+{drawing.pending}: {drawing.hand_size} held, {drawing.pending} to draw."
        if drawing is not None
        else ""
    )
    out.append(
        Text(
            f"Instant win: {INSTANT_WIN[MANOR]} manors or {INSTANT_WIN[CASTLE]} castles. "
            f"Psychic cards: type 'help' for their texts.{legend}"
        )
    )
    if seat is not None:
        side = state.sides[seat]
        hand = " ".join(map(str, side.hand)) or "nothing"
        split = secret.known(side) if side.hidden_down else None
        if split is not None:  # what was typed since tells the secret cards apart from the hand
            real, down = (" ".join(map(str, cards)) or "nothing" for cards in split)
            lies = f"{down} {'lies' if len(split[1]) == 1 else 'lie'} face down by the round-10 card (secret)"
            out.append(Text(f"Your hand ({SEAT_NAMES[seat]}): {real}; {lies}"))
        elif side.hidden_down:
            n = side.hidden_down
            lies = f"{'one lies' if n == 1 else f'{n} lie'} face down by the round-10 card (secret)"
            out.append(Text(f"Your cards ({SEAT_NAMES[seat]}): {hand}; {lies}"))
        else:
            out.append(Text(f"Your hand ({SEAT_NAMES[seat]}): {hand}"))
        looked = state.config.automa_physical and 1 - seat in state.config.automa  # on the table
        if (
            state.phase == Phase.PLAY and state.peeking(seat) and not looked
        ):  # card 3: until the end of the round
            seen = " ".join(map(str, state.sides[1 - seat].hand)) or "nothing"
            out.append(Text(f"{SEAT_NAMES[1 - seat]}'s hand (card 3): {seen}"))
    if state.phase == Phase.OVER:
        verdict = (
            "A draw"
            if len(state.winners) == 2
            else f"{' and '.join(SEAT_NAMES[w] for w in state.winners)} won"
        )
        out.append(Text(f"{verdict}: {state.reason}.", style="bold"))
    return Group(*out)


def status(state: RipState, seat: int | None = None) -> str:
    """One line for the screen between boards: the round, both totals and ``seat``'s own cards (a secret
    face-down card is among them for the tool: said so, not shown as a card in hand)."""
    winner = _round_winner(state)
    if winner is not None:
        # between rounds: the round's cards are still down but no longer counted; say who won it, what comes
        after = f"round {state.round + 1} next" + (
            f", {winner} starts" if state.round < 9 else ": the reveal"
        )
        parts = [f"Round {state.round} to {winner}", after]
    else:
        t = state_totals(state)
        parts = [f"Round {min(state.round, 10)}", f"Green {t[GREEN]} · Blue {t[BLUE]}"]
    if seat is not None:
        side = state.sides[seat]
        cards = " ".join(map(str, side.hand)) or "nothing"
        if side.hidden_down and secret.known(side) is None:
            parts.append(f"your cards: {cards} ({side.hidden_down} of them face down, secret)")
        else:
            parts.append(f"your {secret.cards_text(side)}")
    parts.append("type board for the whole table")
    return " · ".join(parts)


def _round_winner(state: RipState) -> str | None:
    """Between a round's end and the next one's first card (the draws, the face-down card): who won the round
    just over; else ``None``."""
    if state.phase in (Phase.DRAW, Phase.FACEDOWN) and len(state.won) >= state.round:
        return SEAT_NAMES[state.won[state.round - 1]]
    return None


def _rounds_won(state: RipState, seat: int) -> list[int]:
    """The rounds ``seat`` has won so far."""
    return [k for k, w in enumerate(state.won, start=1) if w == seat]
