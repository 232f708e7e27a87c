"""Prohis's final count: each player's points per card type in warehouse and hand, the totals and the winner.

The end of a game at the table (``end_event``) and ``companion score prohis`` (``check_scores``) both build a
``ScoreReport`` here. At a physical table the count comes first (``Phase.COUNT``): a person's cards are
physical, so at the end the tool knows how many cards each hand and warehouse holds and which of them it saw go
in, not the rest. Each person in turn, clockwise from the first seat, types their warehouse and hand in the
short notation ``companion score prohis`` uses (``4g 2x c/g i``: warehouse / hand); the request is told to that
person alone (it names what the tool saw go into their warehouse, which may be a bot's convoy they seized). The
cards of a person's convoy that a bot stored unturned are typed by the table (only those, or the bot's whole
warehouse). A count is refused when it contradicts what the tool saw: the number of cards, a card it saw go
in, more of a type than are unaccounted for, or a captain or inspector left nowhere (each player has one all
game long, in a hand or a warehouse). Each count is an input like any other: saved, and undone by undo; the
engine stores it (``Engine.count``).

``companion score prohis``: a player is typed ``NAME=WAREHOUSE/HAND`` with cards in the game's notation, e.g.
``Ann=12g 3x l/c i x`` (12 legal, 3 illegal and a lieutenant stored; a captain, an inspector and an illegal
good still in hand). Counts beyond the components for the player count are refused before any card is built;
with every player typed, the captains and the inspectors must add up to one each (they never leave the hands
and warehouses). A hand never holds more than ``MAX_HAND`` (9) cards: a player draws only with fewer than 8
in hand, at most 2 at a time, and nothing else adds to a hand (a controller coming back or a bribe refused only
returns what left it, and a passed convoy's controller comes after at least 2 cards left for the convoy). A
larger hand is refused. The display and the draw pile are not typed, so the goods no player holds are not
checked (with ``pass_any_time`` a game may end before the pile is empty).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai import rng as seeded
from ai.prohis.components import (
    CAPTAIN,
    HAND_LIMIT,
    INSPECTOR,
    KINDS,
    LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAMES,
    UNKNOWN,
    amount,
    automa_bonus,
    card_name,
    deck_counts,
    points_text,
    values,
)
from ai.prohis.engine import counting, free, over_reason, reserved, to_move, unseen_seats
from ai.prohis.notation import parse_cards
from ai.prohis.state import Counts, ProhisConfig, ProhisState, cards_of, cards_text, counts_of
from ai.protocol import CHANCE, Event, IllegalError, InputError, ParseError
from ai.text import close_word, empty_item
from ai.words import listing, ptr, quoted, tr, trn

# -- points --


def points(hand: Counts, warehouse: Counts, seed_values: bool = False) -> int:
    """A player's points: every card in the warehouse and in hand at its value."""
    v = values(seed_values)
    return sum(warehouse[k] * v.warehouse[k] + hand[k] * v.hand[k] for k in KINDS)


@dataclass(frozen=True, slots=True)
class PlayerScore:
    name: str
    warehouse: Counts
    hand: Counts
    #: Per card type: (warehouse points, hand points).
    breakdown: tuple[tuple[int, int], ...]
    #: A paper automa's handicap points (``components.AUTOMA_LEVELS``); 0 for a player.
    bonus: int = 0

    @property
    def total(self) -> int:
        return sum(w + h for w, h in self.breakdown) + self.bonus


@dataclass(frozen=True, slots=True)
class ScoreReport:
    players: int
    seed_values: bool
    scores: tuple[PlayerScore, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        best = max(p.total for p in self.scores)
        return tuple(p.name for p in self.scores if p.total == best)

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": "score",
            "game": "prohis",
            "players": self.players,
            "values": "seed" if self.seed_values else "published",
            "scores": [
                {
                    "name": p.name,
                    "warehouse": {NAMES[k]: p.warehouse[k] for k in KINDS},
                    "hand": {NAMES[k]: p.hand[k] for k in KINDS},
                    "breakdown": {
                        NAMES[k]: {"warehouse": p.breakdown[k][0], "hand": p.breakdown[k][1]} for k in KINDS
                    },
                    **({"handicap": p.bonus} if p.bonus else {}),
                    "total": p.total,
                }
                for p in self.scores
            ],
            "winners": list(self.winners),
            "shared": len(self.winners) > 1,
            "reason": "a shared win: the highest total, tied"
            if len(self.winners) > 1
            else "the highest total",
            "text": self.lines()[len(self.scores)],  # the verdict, as Potra Bash's says it
        }

    def lines(self) -> list[str]:
        out = []
        for p in self.scores:
            parts = []
            for k in KINDS:
                w, h = p.breakdown[k]
                if p.warehouse[k]:
                    parts.append(
                        tr(
                            "{cards} stored {points}",
                            cards=amount(p.warehouse[k], k),
                            points=points_text(w, True),
                        )
                    )
                if p.hand[k]:
                    parts.append(
                        tr(
                            "{cards} in hand {points}",
                            cards=amount(p.hand[k], k),
                            points=points_text(h, True),
                        )
                    )
            if p.bonus:
                parts.append(tr("the automa's handicap {points}", points=points_text(p.bonus, True)))
            parts_text = ", ".join(parts) or ptr("prohis", "nothing")
            out.append(
                tr("{name}: {parts} = {total}", name=p.name, parts=parts_text, total=points_text(p.total))
            )
        winners = self.winners
        best = points_text(max(p.total for p in self.scores))
        if len(winners) > 1:
            out.append(tr("Shared win: {names} with {points}.", names=listing(winners), points=best))
        else:
            out.append(tr("{name} wins with {points}.", name=winners[0], points=best))
        if self.seed_values:
            out.append(tr("(the summary's values: illegal 1,000 and inspector 3,000 in the warehouse)"))
        return out

    def players_data(self) -> dict[str, Any]:
        """The ``end`` event's fields: ``winners``, ``scores`` (name: total) and ``breakdown`` (name: cards and
        points per card type)."""
        return {
            "winners": list(self.winners),
            "scores": {p.name: p.total for p in self.scores},
            "breakdown": {
                p.name: {
                    NAMES[k]: {
                        "warehouse": p.warehouse[k],
                        "hand": p.hand[k],
                        "points": p.breakdown[k][0] + p.breakdown[k][1],
                    }
                    for k in KINDS
                    if p.warehouse[k] or p.hand[k]
                }
                for p in self.scores
            },
        }


def report(
    names: Sequence[str],
    warehouses: Sequence[Counts],
    hands: Sequence[Counts],
    players: int,
    seed_values: bool = False,
    bonuses: Sequence[int] = (),
) -> ScoreReport:
    """Each player's points from their warehouse and hand (every card named), and an automa's handicap
    (``bonuses``, per seat)."""
    v = values(seed_values)
    extra = list(bonuses) or [0] * len(names)
    scores = tuple(
        PlayerScore(name, w, h, tuple((w[k] * v.warehouse[k], h[k] * v.hand[k]) for k in KINDS), b)
        for name, w, h, b in zip(names, warehouses, hands, extra, strict=True)
    )
    return ScoreReport(players, seed_values, scores)


def end_event(state: ProhisState, counted: bool = False) -> Event:
    """Every player's breakdown, the totals and the winner (every card named); ``counted``: after the final
    count, whose start already said why the game is over."""
    name = state.config.name
    names = [name(s) for s in range(state.n)]
    rep = report(
        names, state.warehouses, state.hands, state.n, state.config.seed_values, bonuses(state.config)
    )
    data = rep.players_data()
    winners = data["winners"]
    return Event(
        "end",
        "\n".join(
            [
                tr("The final count:")
                if counted
                else tr("Game over: {reason}. The count:", reason=over_reason(state.reason)),
                *rep.lines(),
            ]
        ),
        {"reason": state.reason, "winner": winners[0] if len(winners) == 1 else None, **data},
    )


def bonuses(config: ProhisConfig) -> tuple[int, ...]:
    """Per seat, the points an automa seat adds at the end for its difficulty (0 for every other seat)."""
    bonus = automa_bonus(config.automa_level)
    return tuple(bonus if s in config.blind else 0 for s in range(config.players))


# -- the count at a physical table --

EXAMPLE = "4g 2x c/g i"


@dataclass(frozen=True, slots=True)
class Count:
    """One seat's cards at the end, every one named: the warehouse and the hand (``UNKNOWN`` slot 0)."""

    warehouse: Counts
    hand: Counts


def _cards(counts: Counts) -> str:
    """``12g 3x l`` (the score check's notation)."""
    return " ".join(f"{n}{LETTERS[k]}" if n > 1 else LETTERS[k] for k, n in enumerate(counts[:UNKNOWN]) if n)


def format_count(count: Count) -> str:
    return f"{_cards(count.warehouse)}/{_cards(count.hand)}"


def parse_count(state: ProhisState, text: str) -> Count:
    """``WAREHOUSE/HAND`` (``Ann=`` before it is allowed); a bot's known hand may be left out. Raises
    ``ParseError`` / ``IllegalError`` with one line."""
    seat = counting(state)
    name = state.config.name(seat)
    typed, eq, rest = text.partition("=")
    if eq:
        if typed.strip().lower() != name.lower():
            raise IllegalError(tr("now {name}'s count, not {typed}'s", name=name, typed=typed.strip()))
        text = rest
    stored, slash, held = text.partition("/")
    known_hand = state.hands[seat]
    if not slash and known_hand[UNKNOWN]:
        raise ParseError(
            tr(
                "type {name}'s warehouse and hand as WAREHOUSE/HAND, e.g. {example}",
                name=name,
                example=EXAMPLE,
            )
        )
    warehouse = counts_of(parse_cards(stored.replace(",", " ").split()))
    hand = counts_of(parse_cards(held.replace(",", " ").split())) if slash else known_hand
    known = state.warehouses[seat]
    if not slash and 0 < known[UNKNOWN] < sum(known):
        if sum(warehouse) == known[UNKNOWN]:  # only the cards the tool did not see: the rest it saw go in
            warehouse = (*(known[k] + warehouse[k] for k in KINDS), 0)
        elif sum(warehouse) != sum(known):
            raise IllegalError(
                trn(
                    "{name}'s warehouse holds {n} card the tool did not see ({total} in all), not {typed}",
                    "{name}'s warehouse holds {n} cards the tool did not see ({total} in all), not {typed}",
                    known[UNKNOWN],
                    name=name,
                    total=sum(known),
                    typed=sum(warehouse),
                )
            )
    if warehouse[UNKNOWN] or hand[UNKNOWN]:
        raise ParseError(tr("name every card (g, x, l, c, i), not a bare count"))
    count = Count(warehouse, hand)
    why = check_count(state, seat, count)
    if why is not None:
        raise IllegalError(why)
    return count


def check_count(state: ProhisState, seat: int, count: Count) -> str | None:
    """Why ``count`` cannot be ``seat``'s cards (one line for the person), or ``None``."""
    name = state.config.name(seat)
    new = [0] * len(KINDS)
    for what, typed, known in (
        ("warehouse", count.warehouse, state.warehouses[seat]),
        ("hand", count.hand, state.hands[seat]),
    ):
        size = sum(known)
        if sum(typed) != size:
            if what == "hand":
                return trn(
                    "{name}'s hand holds {n} card, not {typed}",
                    "{name}'s hand holds {n} cards, not {typed}",
                    size,
                    name=name,
                    typed=sum(typed),
                )
            return trn(
                "{name}'s warehouse holds {n} card, not {typed}",
                "{name}'s warehouse holds {n} cards, not {typed}",
                size,
                name=name,
                typed=sum(typed),
            )
        for k in KINDS:
            if typed[k] < known[k]:
                if what == "hand":
                    return tr(
                        "the tool saw {cards} go into {name}'s hand; the count has {typed}",
                        cards=amount(known[k], k),
                        name=name,
                        typed=typed[k],
                    )
                return tr(
                    "the tool saw {cards} go into {name}'s warehouse; the count has {typed}",
                    cards=amount(known[k], k),
                    name=name,
                    typed=typed[k],
                )
            new[k] += typed[k] - known[k]
    for k in KINDS:
        if count.hand[k] < state.hands[seat][k] + state.taken[seat][k] * bool(state.hands[seat][UNKNOWN]):
            took = state.taken[seat][k]
            return tr(
                "{name} took {cards} from the display and kept them; the count's hand has {typed}",
                name=name,
                cards=amount(took, k),
                typed=count.hand[k],
            )
    p = free(state, seat)
    for k in KINDS:
        if new[k] > p[k]:
            return tr(
                "{cards} not seen by the tool, but only {n} {card} unaccounted for",
                cards=amount(new[k], k),
                n=p[k],
                card=card_name(k),
            )
    others = _other_room(state, seat)
    stranded = (p[CAPTAIN] - new[CAPTAIN]) + (p[INSPECTOR] - new[INSPECTOR])
    if stranded > others:
        return tr(
            "that count leaves {n} captain or inspector cards nowhere: each ends in a hand or a warehouse",
            n=stranded,
        )
    return None


def _other_room(state: ProhisState, seat: int) -> int:
    """How many unseen cards of the other seats may be a captain or an inspector: the display cards people
    took and kept are goods or lieutenants."""
    unseen = sum(
        state.hands[s][UNKNOWN] + state.warehouses[s][UNKNOWN] for s in unseen_seats(state) if s != seat
    )
    return unseen - sum(reserved(state, seat))


def ask_events(state: ProhisState) -> list[Event]:
    """What the seat counted now is asked: privately to a person, to the table for a bot's warehouse."""
    seat = counting(state)
    name = state.config.name(seat)
    stored, held = state.warehouses[seat], state.hands[seat]
    seen = cards_text(cards_of((*stored[:UNKNOWN], 0)))
    data = {"seat": seat, "player": name, "warehouse": sum(stored), "hand": sum(held)}
    if seat in state.config.blind:  # the paper automa's face-down cards are turned over by the table
        return [Event("count", _automa_count(state, seat), data)]
    if to_move(state) == CHANCE:
        n = stored[UNKNOWN]
        total = sum(stored)
        if state.config.physical:
            text = trn(
                "{name} stored {n} card of a person's convoy without turning it over; it is in {name}'s warehouse "
                "stack: turn it over. Type that card (e.g. x), or {name}'s whole warehouse ({total}; the tool saw "
                "{seen} go in).",
                "{name} stored {n} cards of a person's convoy without turning them over; they are in {name}'s "
                "warehouse stack: turn it over. Type those {n} cards (e.g. x), or {name}'s whole warehouse "
                "({total}; the tool saw {seen} go in).",
                n,
                name=name,
                total=_card_count(total),
                seen=seen,
            )
        else:
            text = trn(
                "{name} stored {n} card of a person's convoy without turning it over; it went face down into the "
                "box: whoever laid that convoy knows it. Type that card (e.g. x), or {name}'s whole warehouse "
                "({total}; the tool saw {seen} go in).",
                "{name} stored {n} cards of a person's convoy without turning them over; they went face down into "
                "the box: whoever laid that convoy knows them. Type those {n} cards (e.g. x), or {name}'s whole "
                "warehouse ({total}; the tool saw {seen} go in).",
                n,
                name=name,
                total=_card_count(total),
                seen=seen,
            )
        return [Event("count", text, data)]
    if sum(stored) > stored[UNKNOWN]:
        text = tr(
            "{name}: count your warehouse ({stored}; the tool saw {seen} go in) and your hand ({held}) and type "
            "them as WAREHOUSE/HAND, e.g. {example}.",
            name=name,
            stored=_card_count(sum(stored)),
            seen=seen,
            held=_card_count(sum(held)),
            example=EXAMPLE,
        )
    else:
        text = tr(
            "{name}: count your warehouse ({stored}) and your hand ({held}) and type them as WAREHOUSE/HAND, "
            "e.g. {example}.",
            name=name,
            stored=_card_count(sum(stored)),
            held=_card_count(sum(held)),
            example=EXAMPLE,
        )
    return [Event("count", text, data, private_to=seat)]


def _card_count(n: int) -> str:
    """``3 cards``."""
    return trn("{n} card", "{n} cards", n)


def _automa_count(state: ProhisState, seat: int) -> str:
    name = state.config.name(seat)
    stored, held = state.warehouses[seat], state.hands[seat]
    return tr(
        "{name}: turn over its warehouse ({stored}) and its stock; type the warehouse and its whole hand, stock "
        "and office ({held}), as WAREHOUSE/HAND, e.g. {example}.",
        name=name,
        stored=_card_count(sum(stored)),
        held=_card_count(sum(held)),
        example=EXAMPLE,
    )


def expected(state: ProhisState) -> str:
    """The prompt while counting (public: sizes only)."""
    seat = counting(state)
    name = state.config.name(seat)
    stored, held = state.warehouses[seat], state.hands[seat]
    if seat in state.config.blind:
        return _automa_count(state, seat)
    if to_move(state) == CHANCE:
        n = stored[UNKNOWN]
        if n > 1:
            return trn(
                "the {n} card of {name}'s warehouse the tool did not see, e.g. x g",
                "the {n} cards of {name}'s warehouse the tool did not see, e.g. x g",
                n,
                name=name,
            )
        return tr("the card of {name}'s warehouse the tool did not see, e.g. x", name=name)
    return tr(
        "{name}: your warehouse ({stored}) / hand ({held}), e.g. {example}",
        name=name,
        stored=_card_count(sum(stored)),
        held=_card_count(sum(held)),
        example=EXAMPLE,
    )


def possible_count(state: ProhisState, rng: random.Random) -> Count:
    """A count the tool would accept now, drawn at random among the cards unaccounted for (for scripted games
    and tests: the real cards are on the table)."""
    seat = counting(state)
    stored, held = state.warehouses[seat], state.hands[seat]
    p = list(free(state, seat))
    forced = []  # the display cards the seat took and kept are in its hand
    if held[UNKNOWN]:
        for k in KINDS:
            forced += [k] * state.taken[seat][k]
            p[k] -= state.taken[seat][k]
    others = _other_room(state, seat)
    controllers = [k for k in (CAPTAIN, INSPECTOR) for _ in range(p[k])]
    seeded.shuffle(rng, controllers)
    must = max(0, len(controllers) - others)
    rest = controllers[must:] + [k for k in KINDS if k not in (CAPTAIN, INSPECTOR) for _ in range(p[k])]
    seeded.shuffle(rng, rest)
    drawn = controllers[:must] + rest[: stored[UNKNOWN] + held[UNKNOWN] - len(forced) - must]
    seeded.shuffle(rng, drawn)
    into_store = drawn[: stored[UNKNOWN]]
    into_hand = drawn[stored[UNKNOWN] :] + forced
    warehouse = (*(stored[k] + into_store.count(k) for k in KINDS), 0)
    hand = (*(held[k] + into_hand.count(k) for k in KINDS), 0)
    return Count(warehouse, hand)


# -- ``companion score prohis`` --

#: The largest hand a game can leave: 7 cards, then a draw of 2.
MAX_HAND = HAND_LIMIT - 1 + 2


class ScoreError(InputError):
    """Input that cannot be scored; the message is one line for the person (``suggestion``: the name a typo most
    likely meant)."""


def parse_player(text: str) -> tuple[str, Counts, Counts]:
    name, sep, rest = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ScoreError(tr("{typed}: type NAME=WAREHOUSE/HAND, e.g. Ann=12g 3x l/c i", typed=quoted(text)))
    stored, slash, held = rest.partition("/")
    empty = empty_item(stored) or empty_item(held)
    if empty:
        raise ScoreError(tr("{name}: {error}", name=name, error=empty))
    try:
        warehouse = (
            counts_of(parse_cards(stored.replace(",", " ").split())) if stored.strip() else counts_of(())
        )
        hand = counts_of(parse_cards(held.replace(",", " ").split())) if held.strip() else counts_of(())
    except InputError as exc:
        raise ScoreError(tr("{name}: {error}", name=name, error=exc)) from exc
    if warehouse[UNKNOWN] or hand[UNKNOWN]:
        raise ScoreError(tr("{name}: name every card (g, x, l, c, i), not a bare count", name=name))
    held_count = sum(hand)
    if held_count > MAX_HAND:
        raise ScoreError(
            tr(
                "{name}: {n} cards in hand, but a hand never holds more than {most} (no drawing with {limit} or "
                "more, at most 2 a draw)",
                name=name,
                n=held_count,
                most=MAX_HAND,
                limit=HAND_LIMIT,
            )
        )
    if not slash and rest.strip():
        # "Ann=2g c i" would put the hand's captain and inspector in the warehouse: asked, not guessed
        raise ScoreError(
            tr(
                "{name}: type the warehouse, a /, then the hand ({name}={cards}/ if the hand is empty, "
                "{name}=/{cards} if the warehouse is)",
                name=name,
                cards=rest.strip(),
            )
        )
    return name, warehouse, hand


def check_scores(
    texts: list[str],
    players: int | None = None,
    seed_values: bool = False,
    automas: Sequence[str] = (),
    level: int = 2,
) -> ScoreReport:
    """Score the players typed; those named in ``automas`` are the paper automa's seats, each adding the
    handicap of difficulty ``level`` (``components.AUTOMA_LEVELS``) on a part of its own."""
    if not texts:
        raise ScoreError(tr("no players typed"))
    parsed = [parse_player(t) for t in texts]
    names = [p[0].lower() for p in parsed]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise ScoreError(tr("two players are called {name}", name=quoted(parsed[i][0])))
    count = players if players is not None else len(parsed)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ScoreError(
            tr("Prohis is for {low} to {high} players, not {n}", low=MIN_PLAYERS, high=MAX_PLAYERS, n=count)
        )
    if len(parsed) != count:  # fewer: a winner would be named with a player left out
        raise ScoreError(
            tr("{typed} players typed for a {n}-player game: type every player", typed=len(parsed), n=count)
        )
    deck = deck_counts(count)
    for k in KINDS:
        total = sum(w[k] + h[k] for _, w, h in parsed)
        if total > deck[k]:
            raise ScoreError(
                tr(
                    "{total} {card} cards counted, but a {n}-player game has only {most}",
                    total=total,
                    card=card_name(k),
                    n=count,
                    most=deck[k],
                )
            )
    for k in (CAPTAIN, INSPECTOR):
        total = sum(w[k] + h[k] for _, w, h in parsed)
        if total != count:
            raise ScoreError(
                tr(
                    "{cards} counted, but a {n}-player game has {n}, one dealt to each player, and all of them end "
                    "in a hand or a warehouse",
                    cards=trn("{n} captain card", "{n} captain cards", total)
                    if k == CAPTAIN
                    else trn("{n} inspector card", "{n} inspector cards", total),
                    n=count,
                )
            )
    names = [name for name, _, _ in parsed]
    lows = [name.lower() for name in names]
    unknown = [a for a in automas if a.lower() not in lows]
    if unknown:
        line = tr(
            "--automa {name}: no player of that name (typed: {names})",
            name=unknown[0],
            names=", ".join(names),
        )
        close = close_word(unknown[0].lower(), lows, short=True)  # the player it most likely meant
        raise ScoreError(line, suggestion=None if close is None else names[lows.index(close)])
    bonus = automa_bonus(level)
    extra = [bonus if name.lower() in {a.lower() for a in automas} else 0 for name in names]
    return report(names, [w for _, w, _ in parsed], [h for _, _, h in parsed], count, seed_values, extra)
