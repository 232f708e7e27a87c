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
from ai.rip.score import said_outcome, token_letter
from ai.words import listing, ptr, tr, trn


def describe(config: RipConfig) -> str:
    """A short label for the history list."""
    parts = [tr("tutorial (starter cards)") if config.tutorial else tr("advanced")]
    if config.extra_cards:
        parts.append(_extra(len(config.extra_cards)))
    if not config.named_both_sides:
        parts.append(tr("card 10 own side only"))
    if config.physical:
        parts.append(tr("you are {name}", name=listing(tr(SEAT_NAMES[s]) for s in config.physical)))
    if config.automa_physical and config.automa:
        parts.append(tr("the automa's real deck"))
    return ", ".join(parts)


def _extra(n: int) -> str:
    return trn("{n} extra psychic cards", "{n} extra psychic cards", n)


def variant(config: RipConfig) -> str:
    """The tutorial, extra psychic cards or the card 10 ruling, for the history list."""
    parts = [tr("tutorial (starter cards)")] if config.tutorial else []
    if config.extra_cards:
        parts.append(_extra(len(config.extra_cards)))
    if not config.named_both_sides:
        parts.append(tr("card 10 own side only"))
    return ", ".join(parts)


def setup_events(state: RipState) -> list[Event]:
    """What to lay out on the table before the first card."""
    config = state.config
    shown = " ".join(str(n) if i < state.revealed else "?" for i, n in enumerate(state.line))
    tokens = " ".join(map(token_letter, state.tokens))
    if config.tutorial:
        # the order of the cards to come is the tool's secret (the bot does not know it either): they wait aside
        # and the tool names each as its mansion opens (the line's order was printed for the person to lay out)
        first = " ".join(map(str, state.line[: state.revealed]))
        rest = " ".join(map(str, sorted(state.line[state.revealed :])))
        lay = tr(
            "Lay out the psychic cards {first} face up in a line, left to right: mansions 1 to {open}; leave a "
            "place for each of mansions {next} to {last}, then the round-10 card. Put the other starter cards "
            "({rest}) aside: the tool keeps their order secret and names the next one after each round.",
            first=first,
            open=state.revealed,
            next=state.revealed + 1,
            last=LINE_LENGTH,
            rest=rest,
        )
    else:
        lay = tr(
            "Lay out the psychic cards {cards} face up in a line, left to right: mansions 1 to {last}, then the "
            "round-10 card.",
            cards=shown,
            last=LINE_LENGTH,
        )
    put = tr("Put the tokens {tokens} face up on them in the same order (M manor, C castle).", tokens=tokens)
    if config.tutorial:
        put = tr(
            "Put the tokens {tokens} face up on the line in the same order: on its cards and on the places kept, "
            "the last on the round-10 card (M manor, C castle).",
            tokens=tokens,
        )
    events = [
        Event(
            "setup",
            tr(
                "The line of mansions: psychic cards {cards} and the round-10 card, with the tokens {tokens}. "
                "{name} starts round 1.",
                cards=shown,
                tokens=tokens,
                name=tr(SEAT_NAMES[state.first]),
            ),
            {
                "names": [name.lower() for name in SEAT_NAMES],
                "line": [n if i < state.revealed else None for i, n in enumerate(state.line)],
                "tokens": "".join(state.tokens),  # as the board writes them, and score rip reads them
            },
            table=(lay, put),
        )
    ]
    for seat in (GREEN, BLUE):
        name, of = tr(SEAT_NAMES[seat]), ptr("of", SEAT_NAMES[seat])
        if seat in config.physical:
            text = tr("{name} plays from a real deck.", name=name)
            table: tuple[str, ...] = (
                tr(
                    "{name}: shuffle your {cards} cards face down and draw {hand}.",
                    name=name,
                    cards=DECK_SIZE,
                    hand=HAND_SIZE,
                ),
            )
        elif config.automa_physical and seat in config.automa:
            text = tr(
                "{name}, the automa, plays from a real deck nobody looks at: the tool asks for each card turned "
                "over.",
                name=name,
            )
            table = (
                tr(
                    "Shuffle {of}'s {cards} cards face down: its deck. Deal {hand} of them face down beside it: its "
                    "hand pile. Nobody looks at them.",
                    of=of,
                    cards=DECK_SIZE,
                    hand=state.sides[seat].hand_size,
                ),
            )
        else:
            text = tr(
                "The tool has shuffled {of}'s deck and drawn its {hand} cards (kept secret).",
                of=of,
                hand=HAND_SIZE,
            )
            table = (
                tr(
                    "Lay {of}'s {cards} cards aside face up, sorted by value ({of}'s sorted cards): the tool names "
                    "each card {name} plays, to take from there.",
                    of=of,
                    cards=DECK_SIZE,
                    name=name,
                ),
            )
        events.append(Event("deal", text, {"player": SEAT_NAMES[seat].lower()}, table=table))
        if seat in config.automa:
            events.append(_automa_handicap(state, seat))
    return events


def _automa_handicap(state: RipState, seat: int) -> Event:
    """The paper automa's handicap at its difficulty: the psychic cards it takes, the cards it holds beyond the
    deal and those it puts face down by the round-10 card (``ai.rip.components.AUTOMA_LEVELS``)."""
    name, of, to = tr(SEAT_NAMES[seat]), ptr("of", SEAT_NAMES[seat]), ptr("for", SEAT_NAMES[seat])
    side = state.sides[seat]
    level = state.config.automa_level
    owned = listing(str(n) for n in side.owned)
    banked = len(side.down)
    psychic = (
        tr("psychic cards {cards}", cards=owned)
        if len(side.owned) > 1
        else tr("psychic card {number}", number=owned)
    )
    said = [psychic] if side.owned else []
    if side.hand_size > HAND_SIZE:
        more = side.hand_size - HAND_SIZE
        said.append(
            trn("{n} more ghost cards in its hand pile", "{n} more ghost cards in its hand pile", more)
        )
    if banked:
        said.append(
            trn(
                "{n} ghost card face down by the round-10 card",
                "{n} ghost cards face down by the round-10 card",
                banked,
            )
        )
    table = []
    if side.owned:
        table.append(tr("Give {to} {cards} face up, from the box.", to=to, cards=psychic))
    if banked and state.config.automa_physical:
        table.append(
            trn(
                "Deal the top card of {of}'s deck face down by the round-10 card, unseen.",
                "Deal the top {n} cards of {of}'s deck face down by the round-10 card, unseen.",
                banked,
                of=of,
            )
        )
    elif banked > 1:
        table.append(
            tr(
                "Put a coin by the round-10 card for each of {of}'s {n} face-down cards; they stay among {of}'s "
                "sorted cards until round 10.",
                of=of,
                n=banked,
            )
        )
    elif banked:
        table.append(
            tr(
                "Put a coin by the round-10 card for {of}'s face-down card; it stays among {of}'s sorted cards "
                "until round 10.",
                of=of,
            )
        )
    return Event(
        "handicap",
        tr(
            "{name} is the paper automa at difficulty {level}: it holds {handicap}.",
            name=name,
            level=level,
            handicap=", ".join(said) or tr("no handicap"),
        ),
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
    from rich.text import Text

    from ai.grid import Board, Grid

    title = tr("RIP · round {round}", round=min(state.round, 10))
    # between rounds the round just won is over: the next one is marked
    winner = _round_winner(state)
    marked = state.round if winner is None else state.round + 1
    if winner is not None:
        title = tr(
            "RIP · round {round} to {name} · round {next} next",
            round=state.round,
            name=tr(winner),
            next=marked,
        )
    if state.phase == Phase.OVER:
        title += tr(" · game over")
    won: dict[int, Any] = {}
    for s in (GREEN, BLUE):
        for k in _rounds_won(state, s):  # in the family's colour: a Russian Green's «З» is also the castle's
            won[k] = Text(tr(SEAT_NAMES[s])[0], style="green" if s == GREEN else "blue")
    cards = [str(n) if i < state.revealed else "?" for i, n in enumerate(state.line)] + ["-"]
    mansions = [
        [
            f"[{k}]" if k == marked and state.phase != Phase.OVER else str(k),
            card,
            token_letter(token),
            won.get(k, ""),
        ]
        for k, card, token in zip(range(1, LINE_LENGTH + 2), cards, state.tokens, strict=True)
    ]
    out: list[Any] = [
        Grid(
            (tr("round"), tr("psychic"), tr("token"), tr("won by")),
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
        # the letters typed (score rip)
        tokens = (
            f"{side.tokens_of(MANOR)}{token_letter(MANOR)} {side.tokens_of(CASTLE)}{token_letter(CASTLE)}"
        )
        downs = [str(c) for c in side.down if c.psychic]
        hidden = side.down_count - len(downs)
        if seat == s or state.round10 is not None:  # one's own, or everyone's once round 10 is revealed
            downs = [str(c) for c in side.down] + ["?"] * side.hidden_down
            hidden = 0
        # each secret card a "?" as on one's own row (a count could read as a ghost's value)
        down = " ".join(downs + ["?"] * hidden) or "-"
        families.append(
            [
                Text(tr(SEAT_NAMES[s]), style="green" if s == GREEN else "blue"),
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
    headings = (
        tr("family"),
        tr("tokens"),
        tr("in play"),
        tr("total"),
        tr("hand"),
        tr("deck"),
        tr("face down"),
        tr("psychic owned"),
    )
    out.append(Grid(headings, families))
    # "0+5" in the hand column: held, and still to draw from the deck and type
    drawing = next((state.sides[s] for s in (GREEN, BLUE) if state.sides[s].pending), None)
    legend = (
        tr(
            " Hand {held}+{pending}: {held} held, {pending} to draw.",
            held=drawing.hand_size,
            pending=drawing.pending,
        )
        if drawing is not None
        else ""
    )
    out.append(
        Text(
            tr(
                "Instant win: {manors} manors or {castles} castles. Psychic cards: type 'help' for their texts."
                "{legend}",
                manors=INSTANT_WIN[MANOR],
                castles=INSTANT_WIN[CASTLE],
                legend=legend,
            )
        )
    )
    if seat is not None:
        side = state.sides[seat]
        name = tr(SEAT_NAMES[seat])
        hand = " ".join(map(str, side.hand)) or tr("nothing")
        split = secret.known(side) if side.hidden_down else None
        if split is not None:  # what was typed since tells the secret cards apart from the hand
            real, down = (" ".join(map(str, cards)) or tr("nothing") for cards in split)
            if len(split[1]) == 1:
                lies = tr("your {cards} lies face down by the round-10 card (secret)", cards=down)
            else:
                lies = tr("your {cards} lie face down by the round-10 card (secret)", cards=down)
            out.append(Text(tr("Your hand ({name}): {cards}; {lies}", name=name, cards=real, lies=lies)))
        elif side.hidden_down:
            n = side.hidden_down
            if n == 1:
                lies = tr("one lies face down by the round-10 card (secret)")
            else:
                lies = tr("{n} lie face down by the round-10 card (secret)", n=n)
            out.append(Text(tr("Your cards ({name}): {cards}; {lies}", name=name, cards=hand, lies=lies)))
        else:
            out.append(Text(tr("Your hand ({name}): {cards}", name=name, cards=hand)))
        looked = state.config.automa_physical and 1 - seat in state.config.automa  # on the table
        if (
            state.phase == Phase.PLAY and state.peeking(seat) and not looked
        ):  # card 3: until the end of the round
            seen = " ".join(map(str, state.sides[1 - seat].hand)) or tr("nothing")
            out.append(
                Text(tr("{of}'s hand (card 3): {cards}", of=ptr("of", SEAT_NAMES[1 - seat]), cards=seen))
            )
    if state.phase == Phase.OVER:
        reason = said_reason(state)
        if len(state.winners) == 2:
            verdict = tr("A draw: {reason}.", reason=reason)
        else:
            verdict = tr(
                "{name} won: {reason}.", name=listing(tr(SEAT_NAMES[w]) for w in state.winners), reason=reason
            )
        out.append(Text(verdict, style="bold"))
    return Board(*out)


def status(state: RipState, seat: int | None = None) -> str:
    """One line for the screen between boards: the round, both totals and ``seat``'s own cards (a secret
    face-down card is among them for the tool: said so, not shown as a card in hand)."""
    winner = _round_winner(state)
    if winner is not None:
        # between rounds: the round's cards are still down but no longer counted; say who won it, what comes
        if state.round < 9:
            after = tr("round {next} next, {name} starts", next=state.round + 1, name=tr(winner))
        else:
            after = tr("round {next} next: the reveal", next=state.round + 1)
        parts = [tr("Round {round} to {name}", round=state.round, name=tr(winner)), after]
    else:
        t = state_totals(state)
        parts = [
            tr("Round {round}", round=min(state.round, 10)),
            tr("Green {green} · Blue {blue}", green=t[GREEN], blue=t[BLUE]),
        ]
    if seat is not None:
        side = state.sides[seat]
        cards = " ".join(map(str, side.hand)) or tr("nothing")
        if side.hidden_down and secret.known(side) is None:
            parts.append(
                tr("your cards: {cards} ({n} of them face down, secret)", cards=cards, n=side.hidden_down)
            )
        else:
            parts.append(secret.cards_text(side, yours=True))
    parts.append(tr("type board for the whole table"))
    return " · ".join(parts)


def said_reason(state: RipState) -> str:
    """Why the game over ended, in the language of the table (``state.reason`` is English)."""
    tokens = [list(state.sides[s].tokens) for s in (GREEN, BLUE)]
    if state.round10 is None:
        return said_outcome(tokens)
    won10 = state.won[-1] if len(state.won) > LINE_LENGTH else -1
    token10 = state.tokens[LINE_LENGTH]
    if won10 >= 0:
        tokens[won10].remove(token10)
    return said_outcome(tokens, token10, state.round10)


def _round_winner(state: RipState) -> str | None:
    """Between a round's end and the next one's first card (the draws, the face-down card): who won the round
    just over; else ``None``."""
    if state.phase in (Phase.DRAW, Phase.FACEDOWN) and len(state.won) >= state.round:
        return SEAT_NAMES[state.won[state.round - 1]]
    return None


def _rounds_won(state: RipState, seat: int) -> list[int]:
    """The rounds ``seat`` has won so far."""
    return [k for k, w in enumerate(state.won, start=1) if w == seat]
