"""A turn of rounds 1-9: a ghost card played from hand (or at random under card 6), a psychic card played and
what it does at once (a fetch, a discard, card 6 on the next card), and the end of the turn: ahead, the other
family plays; not ahead, the mover leaves the mansion and the round ends (``ai.rip.rounds``)."""

from __future__ import annotations

from collections import Counter

from ai import rng as seeded
from ai.protocol import IllegalError
from ai.rip.effects import card_info
from ai.rip.legal import (
    _arg_problem,
    may_end_turn,
    may_play,
    psychic_plays,
)
from ai.rip.rounds import end_round
from ai.rip.secret import fits, not_held, not_owned, seen_hand, taken
from ai.rip.state import (
    _GHOST_IN_PLAY,
    Blind,
    G,
    InPlay,
    Item,
    P,
    Psychic,
    Turn,
    replace,
)
from ai.rip.totals import state_totals
from ai.rip.work import Work, remove


def play(w: Work, item: Item) -> None:
    s = w.state
    seat = s.mover
    if not may_play(s):
        need = s.min_plays(seat)
        raise IllegalError(f"card 14: {w.name(seat)} plays 0 or at least {need} cards a turn and has too few")
    if isinstance(item, Psychic):
        play_psychic(w, item)
        w.set(turn_plays=w.state.turn_plays + 1)
        return
    side = s.sides[seat]
    if side.hand_size <= 0:
        raise IllegalError(f"{w.name(seat)} has no ghost card in hand")
    blind = s.blind[seat]
    virtual = w.virtual(seat)
    if isinstance(item, Blind):
        if not blind or not virtual:
            raise IllegalError("a random card is played only under card 6, from a hand the tool holds")
        value = seeded.choice(w.rng(), side.hand)
        how = " (taken at random: card 6)"
    else:
        value = item.value
        if value not in side.hand or (side.hidden_down and not fits(side, Counter({value: 1}))):
            raise IllegalError(not_held(w, seat, value))
        if blind and virtual:
            raise IllegalError("card 6: this card is taken at random (blind)")
        how = " (taken at random: card 6)" if blind else ""
    placed = _GHOST_IN_PLAY.get(value) or InPlay(G(value))
    if side.hidden_down:  # a person's secret face-down cards: what the tool knows of them (``ai.rip.secret``)
        w.set_side(seat, replace(taken(side, value), table=(*side.table, placed)))
    else:
        w.set_side(seat, replace(side, hand=remove(side.hand, value), table=(*side.table, placed)))
    if blind:
        after = (False, s.blind[1]) if seat == 0 else (s.blind[0], False)
        w.set(blind=after, turn_plays=s.turn_plays + 1)
    else:
        w.set(turn_plays=s.turn_plays + 1)
    if w.say:
        w.emit(
            "play",
            f"{w.name(seat)} plays a {value}{how}: {w.totals_text()}.",
            player=w.name(seat).lower(),
            card=str(value),
            totals=w.tot(),
        )


def play_psychic(w: Work, item: Psychic) -> None:
    s = w.state
    seat = s.mover
    side = s.sides[seat]
    number = item.number
    if number not in s.cards:
        raise IllegalError(f"there is no psychic card {number} in this game")
    if number not in side.owned:
        raise IllegalError(not_owned(w, seat, number))
    card = s.cards[number]
    info = card_info(s.cards)[number]
    if not info.rounds:
        raise IllegalError(f"psychic card {number} is played only in round 10 (put it face down)")
    if Turn((item,), end=False) not in psychic_plays(s):  # the mover's, as ``legal_actions`` lists them
        raise IllegalError(_arg_problem(s, seat, item))
    kinds = info.kinds
    named = item.arg.n if item.arg is not None and info.named else 0
    w.set_side(
        seat,
        replace(side, owned=remove(side.owned, number), table=(*side.table, InPlay(P(number), named))),
    )
    extra = ""
    if "fetch" in kinds and item.arg is not None:
        v = item.arg.n
        side = w.side(seat)
        deck = list(remove(side.deck, v))
        if w.virtual(seat):
            seeded.shuffle(w.rng(), deck)
        else:
            deck.sort()
        w.set_side(seat, replace(side, deck=tuple(deck), table=(*side.table, InPlay(G(v)))))
        extra = f", takes a {v} from the deck into play and shuffles the deck"
    if "discard" in kinds and item.arg is not None:
        other = 1 - seat
        oside = w.side(other)
        i = [x.card for x in oside.table].index(item.arg)
        gone = oside.table[i]
        w.set_side(
            other,
            replace(
                oside,
                table=oside.table[:i] + oside.table[i + 1 :],
                discarded=(*oside.discarded, gone.card),
            ),
        )
        if gone.card.psychic and s.cards[gone.card.n].has("random_next"):
            blind = list(w._base.blind)
            blind[seat] = False
            w.set(blind=(blind[0], blind[1]))
        extra = f", discarding {w.name(other)}'s {gone.card.n if not gone.card.psychic else gone.card.long}"
    if "random_next" in kinds:
        blind = list(w._base.blind)
        blind[1 - seat] = True
        w.set(blind=(blind[0], blind[1]))
    if not w.say:
        return
    if named:
        extra += f", naming {named}"
    w.emit(
        "play",
        f"{w.name(seat)} plays psychic card {number} — {card.text.rstrip('.')}"
        f"{' — ' + extra.removeprefix(', ') if extra else ''}: {w.totals_text()}.",
        player=w.name(seat).lower(),
        card=f"p{number}",
        arg=None if item.arg is None else str(item.arg),
        totals=w.tot(),
    )
    if "peek" in kinds:
        other = 1 - seat
        seen = seen_hand(w.side(other))
        if seen is not None:  # else a person's secret face-down cards are among it (``ai.rip.observation``)
            hand = " ".join(str(v) for v in seen) or "nothing"
            w.emit("peek", f"{w.name(other)}'s hand: {hand}.", private_to=seat, hand=list(seen))


def end_turn(w: Work) -> None:
    s = w.state
    seat = s.mover
    if not may_end_turn(s):
        raise IllegalError(
            f"card 14: {w.name(seat)} must play 0 or at least {s.min_plays(seat)} cards this turn"
        )
    both = state_totals(s)
    mine, theirs = both[seat], both[1 - seat]
    if mine > theirs:
        w.set(mover=1 - seat, turn_plays=0)
        if w.say:
            w.emit(
                "turn",
                f"{w.name(seat)} ends the turn ahead, {mine} to {theirs}; {w.name(1 - seat)} to play.",
                player=w.name(seat).lower(),
                totals=list(both),
            )
        return
    if w.say:
        verb = "passes" if s.turn_plays == 0 else "stops"
        w.emit(
            "leave",
            f"{w.name(seat)} {verb} at {mine} to {theirs} and leaves the mansion.",
            player=w.name(seat).lower(),
            totals=list(both),
        )
    end_round(w, loser=seat)
