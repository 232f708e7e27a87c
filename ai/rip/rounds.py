"""The end of a round and of the game: the winner's token (and an instant win), the psychic card taken, the
draws (typed for a person's own deck), the loser's card face down by the round-10 card, the next round; round
10's reveal and totals; the end with its breakdown."""

from __future__ import annotations

from collections import Counter

from ai.protocol import IllegalError
from ai.rip.cards import (
    CASTLE,
    DRAW_PER_ROUND,
    INSTANT_WIN,
    LINE_LENGTH,
    MANOR,
    ROUNDS,
    TOKEN_NAMES,
    VALUES,
)
from ai.rip.effects import card_info
from ai.rip.legal import drawing_seat, to_move
from ai.rip.round10 import cards_json, counted, round10_text
from ai.rip.secret import fits, laid_down, not_down, not_held, not_owned, options, taken
from ai.rip.state import (
    DRAW,
    FACEDOWN,
    OVER,
    PLAY,
    REVEAL,
    Down,
    G,
    Phase,
    replace,
)
from ai.rip.totals import (
    outcome,
    round10_tables,
    totals,
)
from ai.rip.work import Work, remove, remove_all
from ai.text import plural


def end_round(w: Work, loser: int) -> None:
    s = w.state
    say = w.say
    winner = 1 - loser
    token = s.tokens[s.round - 1]
    tokens = (*w.side(winner).tokens, token)
    won = tokens.count(token)
    if say:
        w.emit(
            "round",
            f"{w.name(winner)} wins round {s.round} and takes the {TOKEN_NAMES[token]} "
            f"({plural(won, TOKEN_NAMES[token])}).",
            round=s.round,
            winner=w.name(winner).lower(),
            token=TOKEN_NAMES[token],
            count=won,
        )
    if won >= INSTANT_WIN[token]:
        w.set_side(winner, replace(w.side(winner), tokens=tokens))
        w.set(won=(*s.won, winner))
        finish(w, (winner,), f"{w.name(winner)} holds {won} {TOKEN_NAMES[token]}s")
        return
    number = s.line[s.round - 1]
    claimer = loser
    info = card_info(s.cards)
    for seat in (0, 1):
        if any(x.card.psychic and "claim" in info[x.card.n].kinds for x in w.side(seat).table):
            claimer = seat
    if say:
        why = " (card 1)" if claimer != loser else ""
        w.emit(
            "psychic",
            f"{w.name(claimer)} takes psychic card {number}{why}: {s.cards[number].text}",
            player=w.name(claimer).lower(),
            card=number,
        )
    for seat in (0, 1):
        side = w.side(seat)
        changes: dict[str, object] = {
            "table": (),
            "played": (*side.played, *(x.card for x in side.table)),
        }
        if seat == winner:
            changes["tokens"] = tokens
        if seat == claimer:
            changes["owned"] = tuple(sorted((*side.owned, number)))
        n = min(DRAW_PER_ROUND, len(side.deck))
        if n and w.virtual(seat):
            drawn = side.deck[:n]
            changes["hand"] = tuple(sorted(side.hand + drawn))
            changes["deck"] = side.deck[n:]
            if say:
                w.emit(
                    "draw",
                    f"{w.name(seat)} draws {plural(n, 'card')}.",
                    player=w.name(seat).lower(),
                    count=n,
                )
                w.emit(
                    "drew",
                    f"You draw {' '.join(map(str, drawn))}.",
                    private_to=seat,
                    player=w.name(seat).lower(),
                    cards=list(drawn),
                )
        elif n:
            changes["pending"] = n
        w.set_side(seat, replace(side, **changes))
    revealed = min(LINE_LENGTH, s.revealed + 1)
    if say and s.config.tutorial and revealed > s.revealed and s.round < ROUNDS:
        n = s.line[revealed - 1]
        w.emit(
            "reveal_line",
            f"The psychic card of round {revealed} is card {n}.",
            card=n,
            round=revealed,
        )
    phase = phase_after_draws(w, loser)  # decided in the same step as the round's end
    w.set(
        won=(*s.won, winner),
        blind=(False, False),
        turn_plays=0,
        loser=loser,
        first=winner,
        mover=winner,
        revealed=revealed,
        phase=DRAW if phase is None else phase,
    )
    if phase is None:
        next_round(w)


def phase_after_draws(w: Work, loser: int) -> Phase | None:
    """What follows a round's draws: wait for a person's draw, start round 1 (the first draws), let
    ``loser`` put a card face down, or (None) go on to the next round."""
    sides = w._sides
    if sides[0].pending or sides[1].pending:
        return DRAW
    if w._base.round == 1 and loser < 0:
        return PLAY
    side = sides[loser]
    return FACEDOWN if side.hand_size > 0 or side.owned else None


def after_draws(w: Work) -> None:
    phase = phase_after_draws(w, w._base.loser)
    if phase is None:
        next_round(w)
    else:
        w.set(phase=phase)


def draw(w: Work, values: tuple[int, ...]) -> None:
    seat = drawing_seat(w.state)
    side = w.side(seat)
    if len(values) != side.pending:
        raise IllegalError(f"{w.name(seat)} draws {plural(side.pending, 'card')}, not {len(values)}")
    left = Counter(side.deck)
    for v in values:
        if v not in VALUES:
            raise IllegalError(f"ghost cards have values 1 to 6, not {v}")
        left[v] -= 1
        if left[v] < 0:
            had = side.deck.count(v)
            what = (
                f"has no {v}" if had == 0 else f"has only {'one' if had == 1 else had} {v}{'s' * (had > 1)}"
            )
            raise IllegalError(f"{w.name(seat)}'s deck {what} left (its 21 cards are accounted for)")
    w.set_side(
        seat,
        replace(side, hand=tuple(sorted(side.hand + values)), deck=remove_all(side.deck, values), pending=0),
    )
    w.emit(
        "draw",
        f"{w.name(seat)} draws {' '.join(map(str, values))}.",
        player=w.name(seat).lower(),
        count=len(values),
        cards=list(values),
    )
    after_draws(w)


def down(w: Work, action: Down) -> None:
    seat = w._base.loser
    side = w.side(seat)
    card = action.card
    say = w.say
    if action.hidden:
        if not side.hand_size:
            raise IllegalError(f"{w.name(seat)} has no ghost card in hand")
        if w.virtual(seat):
            raise IllegalError("only a person's own card can stay unnamed")
        w.set_side(seat, laid_down(side))
        w.emit(
            "down",
            f"{w.name(seat)} puts a card face down by the round-10 card.",
            player=w.name(seat).lower(),
        )
    elif card is None:
        if say:
            w.emit(
                "down",
                f"{w.name(seat)} puts no card face down.",
                player=w.name(seat).lower(),
                card=None,
            )
    elif card.psychic:
        if card.n not in side.owned:
            raise IllegalError(not_owned(w, seat, card.n))
        w.set_side(seat, replace(side, owned=remove(side.owned, card.n), down=(*side.down, card)))
        if say:
            w.emit(
                "down",
                f"{w.name(seat)} puts psychic card {card.n} face down by the round-10 card.",
                player=w.name(seat).lower(),
                card=str(card),
            )
    else:
        if side.hand_size <= 0 or card.n not in side.hand or not fits(side, Counter({card.n: 1})):
            raise IllegalError(not_held(w, seat, card.n))
        after = taken(side, card.n)
        w.set_side(seat, replace(after, down=(*after.down, card)))
        if say:
            text = f"{w.name(seat)} puts a card face down by the round-10 card."
            w.emit("down", text, player=w.name(seat).lower())
            w.emit(
                "down_card",
                f"Your face-down card: {card.n}.",
                private_to=seat,
                player=w.name(seat).lower(),
                card=str(card),
            )
    next_round(w)


def next_round(w: Work) -> None:
    s = w._base
    if s.round >= ROUNDS:
        w.set(round=ROUNDS + 1, phase=REVEAL, turn_plays=0)
        if not (w._sides[0].hidden_down or w._sides[1].hidden_down):
            resolve_round10(w)
        return
    w.set(round=s.round + 1, phase=PLAY, turn_plays=0, mover=s.first)
    if not w.say:
        return
    state = w.state
    number = state.round_card()
    revealed = state.round <= state.revealed
    what = f"psychic card {number}" if revealed else "a face-down psychic card"
    w.emit(
        "round_start",
        f"Round {state.round}: mansion {state.round}, the {TOKEN_NAMES[s.tokens[s.round]]} on {what}; "
        f"{w.name(s.first)} starts.",
        round=state.round,
        token=TOKEN_NAMES[s.tokens[s.round]],
        card=number if revealed else None,
        first=w.name(s.first).lower(),
    )


def reveal(w: Work, values: tuple[int, ...]) -> None:
    seat = to_move(w.state)
    side = w.side(seat)
    if len(values) != side.hidden_down:
        raise IllegalError(
            f"{w.name(seat)} has {plural(side.hidden_down, 'secret face-down card')}: name each value"
        )
    hand = side.hand
    for v in values:
        if v not in hand:
            raise IllegalError(f"{v} cannot be face down: {w.name(seat)}'s cards do not include it")
        hand = remove(hand, v)
    if tuple(sorted(values)) not in options(side):
        raise IllegalError(not_down(w.name(seat), side, values))
    down = (*side.down, *(G(v) for v in values))
    w.set_side(seat, replace(side, hand=hand, hidden_down=0, secrets=(), down=down))
    w.emit(
        "reveal",
        f"{w.name(seat)} turns up {'the secret face-down card' if len(values) == 1 else 'the secret cards'}"
        f": {' '.join(map(str, values))}.",
        player=w.name(seat).lower(),
        cards=list(values),
    )
    if not any(side.hidden_down for side in w.state.sides):
        resolve_round10(w)


def resolve_round10(w: Work) -> None:
    s = w.state
    downs, decks = (s.sides[0].down, s.sides[1].down), (s.sides[0].deck, s.sides[1].deck)
    tables = round10_tables(downs, s.cards, decks)
    t = totals(tables, s.cards, round10=True)
    w.set(round10=t, phase=OVER)
    if w.say:
        # every card turned up, as it counted (was: the cards left after a card 11, "Blue reveals nothing (0)"
        # while Blue's discarded 5 lay turned up on the table)
        cards = counted(downs, tables, s.cards)
        w.emit(
            "round10",
            round10_text(t, cards),
            totals=list(t),
            green=" ".join(str(c) for c in downs[0]) or "nothing",
            blue=" ".join(str(c) for c in downs[1]) or "nothing",
            cards=cards_json(cards),
        )
    token10 = s.tokens[ROUNDS]
    winner = -1 if t[0] == t[1] else 0 if t[0] > t[1] else 1
    if winner >= 0:
        side = w.side(winner)
        w.set_side(winner, replace(side, tokens=(*side.tokens, token10)))
    w.set(won=(*w.state.won, winner))
    winners, reason = outcome((s.sides[0].tokens, s.sides[1].tokens), token10, t)
    finish(w, winners, reason)


def finish(w: Work, winners: tuple[int, ...], reason: str) -> None:
    w.set(phase=OVER, winners=winners, reason=reason)
    if not w.say:
        return
    who = " and ".join(w.name(seat) for seat in winners)
    text = f"A draw: {reason}." if len(winners) == 2 else f"{who} wins: {reason}."
    counts = {seat: (w.side(seat).tokens.count(MANOR), w.side(seat).tokens.count(CASTLE)) for seat in (0, 1)}
    round10 = w.state.round10
    lines = [text]
    for seat, (manors, castles) in counts.items():
        line = f"{w.name(seat)}: {plural(manors, 'manor')}, {plural(castles, 'castle')}"
        lines.append(line + ("" if round10 is None else f"; round 10: {round10[seat]}") + ".")
    w.emit(
        "end",
        "\n".join(lines),
        winner="draw" if len(winners) == 2 else w.name(winners[0]).lower(),
        winners=[w.name(seat).lower() for seat in winners],
        reason=reason,
        tokens={w.name(seat).lower(): "".join(w.side(seat).tokens) for seat in (0, 1)},
        scores={w.name(seat).lower(): len(w.side(seat).tokens) for seat in (0, 1)},
        breakdown={
            w.name(seat).lower(): {
                "manors": manors,
                "castles": castles,
                "round10": None if round10 is None else round10[seat],
            }
            for seat, (manors, castles) in counts.items()
        },
    )
