"""Potra Bash rules as pure functions over immutable states.

A round is three laps clockwise from the round's starting player (lap 1: everyone must play a card and draw;
laps 2 and 3: play and draw, or pass), then the acquisition: the highest sum in front of a player takes the
centre card, then from the seat to that player's left, round and round, each takes one field card (another
player's while one remains). The round in which the deck empties is the last.

Two ways to sit at the table (``PotraConfig.physical``):

- dealer mode: the state holds the shuffled deck; the tool deals and draws for everyone.
- physical mode: the deck is real. The hands of the seats in ``untracked`` (people) stay unknown until a card
  is played; the cards the other seats (bots) are dealt or draw, and each new centre card, are typed in: while
  such a card is awaited, ``to_move`` returns ``CHANCE`` and the legal actions are ``Draw(value)``.

Ruling (spec): the next round's centre card is the top card of the deck; the starting player moves one seat
clockwise (options ``next_start="winner"``: the centre-card winner starts, ``"left-of-winner"``: the player
to their left); hands are kept.
Ruling (spec): each complete set of three equal cards other than 1 is discarded (option ``triples="one"``:
at most one set per value).
Ruling: a field pick that leaves one possible card (or several copies of the same value from the same owner)
is made by the tool at once (``forced`` in the event); nothing else is automatic.
Ruling: a player with no card in hand passes, even in lap 1 (it cannot happen with the rules' hand sizes, but a
physical game typed with mistakes must not get stuck).
Ruling: the game ends when the deck is empty at the end of an acquisition; a centre card turned as the last
card of the deck makes the next round the last one.
"""

from __future__ import annotations

import random
from collections import Counter

from ai import rng as seeded
from ai.potra_bash import steps
from ai.potra_bash.cards import HAND_SIZE, LAPS, VALUES, copies, deck
from ai.potra_bash.scoring import PileScore, end_text, ranking, score_pile, scores_data
from ai.potra_bash.state import (
    CENTRE,
    NEXT_START,
    PASS,
    TRIPLES,
    Action,
    Deal,
    Draw,
    Pass,
    Phase,
    Play,
    PotraConfig,
    PotraState,
    Take,
    _with,
)

#: Re-exported: the state and actions (``ai.potra_bash.state``) and ``score_pile`` (the printables read it here)
#: are imported from this module across the project.
__all__ = [
    "CENTRE",
    "NEXT_START",
    "PASS",
    "TRIPLES",
    "Action",
    "Deal",
    "Draw",
    "Pass",
    "Phase",
    "Play",
    "PotraConfig",
    "PotraState",
    "Take",
    "score_pile",
]
from ai.protocol import CHANCE, Event, Result, not_in_hand
from ai.text import listing

# -- scoring (``ai.potra_bash.scoring``) --


def scores(state: PotraState) -> tuple[PileScore, ...]:
    return tuple(score_pile(p, state.config.triples) for p in state.piles)


def result(state: PotraState) -> Result:
    if state.phase != Phase.OVER:
        raise ValueError("the game is not over")
    s = scores(state)
    winners, reason = ranking(s)
    return Result(winners, reason, tuple(float(p.total) for p in s))


# -- setup --


def initial_state(config: PotraConfig, seed: int) -> PotraState:
    rng = random.Random(seed)
    n = config.players
    starter = seeded.randrange(rng, n)
    full = list(deck(n))  # for 3 players the two copies of each value are already put away
    empty: tuple[tuple[int, ...], ...] = tuple(() for _ in range(n))
    base = PotraState(
        config=config,
        phase=Phase.PLAY,
        round=1,
        lap=1,
        starter=starter,
        acted=0,
        hands=empty,
        hidden=(0,) * n,
        deck=(),
        deck_size=0,
        removed=(),
        centre=None,
        field=(),
        piles=empty,
        picker=0,
        centre_winner=None,
        pending=(),
    )
    if config.physical:
        # a seat's three cards together, clockwise from the starting player (see ``ai.potra_bash.steps``)
        order = [(starter + i) % n for i in range(n)]
        pending = (*(s for s in order if s not in config.untracked for _ in range(HAND_SIZE)), CENTRE)
        hidden = tuple(HAND_SIZE if s in config.untracked else 0 for s in range(n))
        return _with(base, hidden=hidden, deck_size=len(full) - HAND_SIZE * n - 1, pending=pending)
    seeded.shuffle(rng, full)
    cards = full
    hands = tuple(tuple(sorted(cards[s : HAND_SIZE * n : n])) for s in range(n))
    cards = cards[HAND_SIZE * n :]
    return _with(
        base,
        hands=hands,
        centre=cards[0],
        deck=tuple(cards[1:]),
        deck_size=len(cards) - 1,
    )


# -- counting --


def public_counts(state: PotraState) -> Counter[int]:
    """Cards every player has seen face up: the centre card, the field and every scoring pile."""
    seen: Counter[int] = Counter(v for _, v in state.field)
    for pile in state.piles:
        seen.update(pile)
    if state.centre is not None:
        seen[state.centre] += 1
    return seen


def unknown_counts(state: PotraState) -> dict[int, int]:
    """Per value: copies the tool cannot place (the deck, hidden hands, cards put away, typed cards to come)."""
    seen = public_counts(state)
    for hand in state.hands:
        seen.update(hand)
    total = copies(state.n)
    return {v: total - seen[v] for v in VALUES}


# -- moves --


def to_move(state: PotraState) -> int:
    if state.phase == Phase.OVER:
        return -2
    if state.pending:
        return CHANCE
    if state.phase == Phase.TAKE:
        return state.picker
    return state.mover()


def eligible(state: PotraState, seat: int) -> list[tuple[int, int]]:
    """The field cards ``seat`` may take now, (owner, value): another player's while one remains."""
    others = [c for c in state.field if c[0] != seat]
    return others if others else list(state.field)


def playable(state: PotraState, seat: int) -> list[int]:
    """Values ``seat`` can play: its known cards, or for a hidden hand any value still unknown."""
    values = set(state.hands[seat])
    if state.hidden[seat]:
        values |= {v for v, n in unknown_counts(state).items() if n > 0}
    return [v for v in VALUES if v in values]


def legal_actions(state: PotraState) -> list[Action]:
    if state.phase == Phase.OVER:
        return []
    if state.pending:
        return [Draw(v) for v, n in unknown_counts(state).items() if n > 0]
    if state.phase == Phase.TAKE:
        return [Take(v, o) for o, v in sorted(set(eligible(state, state.picker)), key=_pick_key)]
    seat = state.mover()
    actions: list[Action] = [Play(v) for v in playable(state, seat)]
    if state.lap > 1 or not actions:
        actions.append(PASS)
    return actions


def _pick_key(card: tuple[int, int]) -> tuple[int, int]:
    return (-card[1], card[0])


def check(state: PotraState, action: Action) -> str | None:
    """Why ``action`` is not possible now (one sentence for a person), or ``None`` if it is."""
    if state.phase == Phase.OVER:
        return "the game is over"
    name = state.config.name
    if state.pending:
        if isinstance(action, Deal):
            target, due = due_now(state)
            if target == CENTRE:
                return "one centre card: type only it"
            if len(action.values) > due:
                return f"{name(target)} is due {steps.cards(due)} now, not {len(action.values)}"
            unknown = unknown_counts(state)
            for value in action.values:
                unknown[value] = unknown.get(value, 0) - 1
                if unknown[value] < 0:
                    return f"there is no {value} left that could be unseen"
            return None
        if not isinstance(action, Draw):
            who = (
                "the new centre card"
                if state.pending[0] == CENTRE
                else f"the card {name(state.pending[0])} got"
            )
            return ("nobody passes now: " if isinstance(action, Pass) else "") + f"first type {who}"
        if unknown_counts(state).get(action.value, 0) <= 0:
            return f"there is no {action.value} left that could be unseen"
        return None
    if isinstance(action, Draw | Deal):
        return "no card is waiting to be typed now"
    if state.phase == Phase.TAKE:
        if isinstance(action, Pass):
            return f"nobody passes while the field is shared out: {name(state.picker)} takes a card"
        if not isinstance(action, Take):
            return f"the field is being shared out: {name(state.picker)} takes a card"
        if (action.owner, action.value) not in state.field:
            return f"there is no {action.value} of {name(action.owner)} on the field"
        if (action.owner, action.value) not in eligible(state, state.picker):
            return f"{name(state.picker)} must take another player's card while one remains"
        return None
    seat = state.mover()
    if isinstance(action, Take):
        return "cards are taken after the third lap"
    if isinstance(action, Pass):
        if state.lap == 1 and playable(state, seat):
            return "nobody may pass in lap 1: play a card"
        return None
    if action.value not in VALUES:
        return f"there is no {action.value} card"
    if action.value not in playable(state, seat):
        if state.hidden[seat]:
            return (
                f"no {action.value} is left that could be in {name(seat)}'s hand: all {copies(state.n)} are "
                "face up or typed for a bot (if a typed card was wrong, undo back to it)"
            )
        return not_in_hand(name(seat))
    return None


def apply(state: PotraState, action: Action, events: list[Event] | None = None) -> PotraState:
    """The state after ``action``; raises ``ValueError`` for an illegal one. Appends what happened to
    ``events`` when given."""
    why = check(state, action)
    if why is not None:
        raise ValueError(why)
    out: list[Event] | None = events
    if isinstance(action, Draw):
        return _typed(state, action.value, out)
    if isinstance(action, Deal):
        for value in action.values:
            state = _typed(state, value, out)
        return state
    if state.phase == Phase.TAKE:
        assert isinstance(action, Take)
        return _take(state, action, out, forced=False)
    if isinstance(action, Pass):
        if out is not None:
            who = state.config.name(state.mover())
            out.append(Event("pass", f"{who} passes.", {"player": who, "lap": state.lap}))
        return _advance(_with(state, acted=state.acted + 1), out)
    assert isinstance(action, Play)
    return _play(state, action.value, out)


def _remove(hand: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = hand.index(value)
    return hand[:i] + hand[i + 1 :]


def _set(items: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*items[:i], value, *items[i + 1 :])


def _set_hand(
    hands: tuple[tuple[int, ...], ...], i: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*hands[:i], hand, *hands[i + 1 :])


def _play(state: PotraState, value: int, out: list[Event] | None) -> PotraState:
    seat = state.mover()
    name = state.config.name(seat)
    hands, hidden = state.hands, state.hidden
    if value in state.hands[seat]:
        hands = _set_hand(hands, seat, _remove(hands[seat], value))
    else:
        hidden = _set(hidden, seat, hidden[seat] - 1)
    deck, deck_size, pending = state.deck, state.deck_size, state.pending
    drawn: int | None = None
    if deck_size > 0:
        deck_size -= 1
        if state.config.physical:
            if seat in state.config.untracked:
                hidden = _set(hidden, seat, hidden[seat] + 1)
            else:
                pending = (seat,)
        else:
            drawn, deck = deck[0], deck[1:]
            hands = _set_hand(hands, seat, tuple(sorted(hands[seat] + (drawn,))))
    if out is not None:
        draws = "draws a card" if state.deck_size > 0 else "does not draw: the deck is empty"
        left = f" ({deck_size} left)" if state.deck_size > 0 else ""
        if state.deck_size == 1:
            left = " (the last card: this round is the last)"
        data = {"player": name, "card": value, "lap": state.lap, "deck": deck_size}
        physical = state.config.physical
        table = [steps.play(name, value, physical)]
        if physical and state.deck_size > 0:
            table.append(steps.draw(name, seat not in state.config.untracked))
        out.append(Event("play", f"{name} plays a {value} and {draws}{left}.", data, table=tuple(table)))
        if drawn is not None:
            out.append(
                Event("draw", f"{name} draws a {drawn}.", {"player": name, "card": drawn}, private_to=seat)
            )
    new = _with(
        state,
        hands=hands,
        hidden=hidden,
        deck=deck,
        deck_size=deck_size,
        pending=pending,
        field=(*state.field, (seat, value)),
        plays=(*state.plays, (seat, value)),
        acted=state.acted + 1,
    )
    return _advance(new, out)


def _advance(state: PotraState, out: list[Event] | None) -> PotraState:
    if state.acted < state.n:
        return state
    if state.lap < LAPS:
        return _with(state, lap=state.lap + 1, acted=0)
    # acquisition: the centre card first
    sums = [0] * state.n
    latest = [-1] * state.n
    for i, (owner, value) in enumerate(state.plays):
        sums[owner] += value
        latest[owner] = i
    best = max(sums)
    tied = [s for s in range(state.n) if sums[s] == best]
    winner = max(tied, key=lambda s: latest[s])
    centre = state.centre
    piles = state.piles
    if centre is not None:
        piles = _set_hand(piles, winner, tuple(sorted(piles[winner] + (centre,))))
    if out is not None:
        name = state.config.name(winner)
        how = ""
        if len(tied) > 1:
            names = listing(state.config.name(s) for s in tied if s != winner)
            how = f" (tied with {names}; {name} played last)"
        out.append(
            Event(
                "centre",
                f"{name} has the highest sum, {best}, and takes the centre card {centre}{how}.",
                {"player": name, "card": centre, "sum": best, "tied": [state.config.name(s) for s in tied]},
                table=(steps.centre_won(name, centre),) if centre is not None else (),
            )
        )
    new = _with(
        state,
        phase=Phase.TAKE,
        centre=None,
        piles=piles,
        centre_winner=winner,
        picker=(winner + 1) % state.n,
        acted=0,
    )
    return _forced(new, out)


def _forced(state: PotraState, out: list[Event] | None) -> PotraState:
    while state.phase == Phase.TAKE and state.field:
        choices = set(eligible(state, state.picker))
        if len(choices) != 1:
            break
        owner, value = choices.pop()
        state = _take(state, Take(value, owner), out, forced=True)
    return state


def _take(state: PotraState, action: Take, out: list[Event] | None, forced: bool) -> PotraState:
    seat = state.picker
    i = max(j for j, card in enumerate(state.field) if card == (action.owner, action.value))
    field = state.field[:i] + state.field[i + 1 :]
    piles = _set_hand(state.piles, seat, tuple(sorted(state.piles[seat] + (action.value,))))
    if out is not None:
        name, owner = state.config.name(seat), state.config.name(action.owner)
        whose = "their own" if action.owner == seat else f"{owner}'s"
        data = {"player": name, "card": action.value, "from": owner, "forced": forced}
        tail = " (the only choice)" if forced else ""
        table = (steps.take(name, owner, action.value),)
        out.append(Event("take", f"{name} takes {whose} {action.value}{tail}.", data, table=table))
    new = _with(state, field=field, piles=piles, picker=(seat + 1) % state.n)
    if field:
        return new if forced else _forced(new, out)
    return _end_round(new, out)


def _end_round(state: PotraState, out: list[Event] | None) -> PotraState:
    n = state.n
    if state.deck_size == 0:
        over = _with(state, phase=Phase.OVER, plays=())
        if out is not None:
            s = scores(over)
            names = [state.config.name(i) for i in range(n)]
            data = scores_data(s, names)
            lines = "\n".join(end_text(s, names))
            winners = data["winners"]
            out.append(
                Event(
                    "end",
                    f"The deck is empty: game over. The scoring piles:\n{lines}",
                    {"winner": winners[0] if len(winners) == 1 else None, **data},
                )
            )
        return over
    winner = state.centre_winner if state.centre_winner is not None else state.starter
    starter = {
        "next": (state.starter + 1) % n,
        "winner": winner,
        "left-of-winner": (winner + 1) % n,
    }[state.config.next_start]
    deck, centre, pending = state.deck, state.centre, state.pending
    if state.config.physical:
        pending = (*state.pending, CENTRE)
        centre = None
    else:
        centre, deck = deck[0], deck[1:]
    new = _with(
        state,
        phase=Phase.PLAY,
        round=state.round + 1,
        lap=1,
        acted=0,
        starter=starter,
        deck=deck,
        deck_size=state.deck_size - 1,
        centre=centre,
        pending=pending,
        field=(),
        plays=(),
        centre_winner=None,
    )
    if out is not None:
        name = state.config.name(starter)
        last = " This is the last round: the deck is empty." if new.deck_size == 0 else ""
        turned = (
            f"the new centre card is {centre}" if centre is not None else "a new centre card is turned up"
        )
        out.append(
            Event(
                "round",
                f"Round {new.round}: {turned}; {name} starts ({steps.cards(new.deck_size)} in the deck).{last}",
                {"round": new.round, "centre": centre, "starter": name, "deck": new.deck_size},
                table=(steps.new_centre(centre),),
            )
        )
    return new


def due_now(state: PotraState) -> tuple[int, int]:
    """Physical mode, while cards are typed: who gets the next one (``CENTRE`` for the centre card) and how
    many in a row are due to them."""
    target = state.pending[0]
    due = 0
    while due < len(state.pending) and state.pending[due] == target:
        due += 1
    return target, due


def _typed(state: PotraState, value: int, out: list[Event] | None) -> PotraState:
    target, rest = state.pending[0], state.pending[1:]
    if target == CENTRE:
        if out is not None:
            out.append(Event("centre-card", f"The centre card is {value}.", {"card": value}))
        return _with(state, centre=value, pending=rest)
    if out is not None:
        name = state.config.name(target)
        out.append(
            Event("dealt", f"{name} gets a {value}.", {"player": name, "card": value}, private_to=target)
        )
    hands = _set_hand(state.hands, target, tuple(sorted(state.hands[target] + (value,))))
    return _with(state, hands=hands, pending=rest)
