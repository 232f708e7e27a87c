"""RIP's components as data: the ghost decks, the mansion tokens and the psychic cards (spec: shared/rules/rip.md).

A psychic card is an id, a level, where it may be played and a list of effects from a small vocabulary. The 14
cards known from public sources are ``KNOWN_CARDS``; a person adds the unknown advanced cards 15-29 from their
own leaflet in a TOML file (``load_cards``), validated with one clear message per mistake.

Effect vocabulary (``Effect.kind``):

| kind       | fields                                 | meaning                                                        |
|------------|----------------------------------------|----------------------------------------------------------------|
| ghost      | value, round10                         | the card counts as a ghost of ``value`` (+``round10`` in round 10) |
| bonus      | amount, side, parity, values, named    | ghosts matching the filter get +``amount`` this round            |
| nullify    | side, parity, values                   | ghosts matching the filter count 0 this round                   |
| discard    | (none)                                 | discard one card the opponent has in play this round            |
| fetch      | (none)                                 | put any ghost from your deck into play, then shuffle the deck   |
| peek       | (none)                                 | you see the opponent's hand until the end of the round          |
| random_next| (none)                                 | the opponent's next ghost card this round is taken at random    |
| min_plays  | count                                  | this round the opponent plays 0 or at least ``count`` cards a turn |
| claim      | (none)                                 | the owner takes this round's psychic card whatever the outcome  |

``side`` is ``own``, ``opponent`` or ``both``; ``parity`` ``even``, ``odd`` or ``any``; ``values`` a list of
printed ghost values (empty: all); ``named``: the player names one value when playing the card.

Rulings (beyond the spec):
- Ruling: a ghost that a ``nullify`` effect matches counts 0 even if a bonus also matches it (nullify wins).
- Ruling: card 6 takes the next *ghost* card at random; the player may still play psychic cards or stop.
- Ruling: card 7 ("only in round 10") may only be placed face down; every other psychic card may be played in
  rounds 1–9 or placed face down, where it acts in round 10.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.words import tr

#: Seats: the two families. The person is Green by default at the table.
GREEN, BLUE = 0, 1
SEAT_NAMES = ("Green", "Blue")

#: One family's ghost deck: value -> copies (21 cards). Both decks are identical.
DECK_COUNTS: dict[int, int] = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
DECK: tuple[int, ...] = tuple(v for v, n in DECK_COUNTS.items() for _ in range(n))
DECK_SIZE = len(DECK)
VALUES = tuple(DECK_COUNTS)
EVEN = frozenset({2, 4, 6})
ODD = frozenset({1, 3, 5})

#: Mansion tokens: 6 manors and 4 castles, one on each of the 10 cards of the line.
MANOR, CASTLE = "M", "C"
TOKEN_COUNTS: dict[str, int] = {MANOR: 6, CASTLE: 4}
TOKEN_NAMES = {MANOR: "manor", CASTLE: "castle"}
#: An instant win: this many tokens of a kind.
INSTANT_WIN: dict[str, int] = {MANOR: 4, CASTLE: 3}

HAND_SIZE = 5
DRAW_PER_ROUND = 2
ROUNDS = 9  # rounds with turns; round 10 is the face-down cards
LINE_LENGTH = 9
TUTORIAL_OPEN = 3  # tutorial: psychic cards face up at the start; one more after each round

SIDES = ("own", "opponent", "both")
PARITIES = ("any", "even", "odd")
KINDS = ("ghost", "bonus", "nullify", "discard", "fetch", "peek", "random_next", "min_plays", "claim")
PLAYABLE = ("rounds", "round10")  # rounds: rounds 1-9 or face down; round10: only face down


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    value: int = 0
    round10: int = 0
    amount: int = 0
    side: str = "own"
    parity: str = "any"
    values: tuple[int, ...] = ()
    named: bool = False
    count: int = 0

    def matches(self, printed: int, named: int = 0) -> bool:
        """Whether a ghost of printed value ``printed`` passes this effect's filter."""
        if self.parity == "even" and printed not in EVEN:
            return False
        if self.parity == "odd" and printed not in ODD:
            return False
        if self.named:
            return printed == named
        return not self.values or printed in self.values

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        default = Effect(self.kind)
        for name in ("value", "round10", "amount", "side", "parity", "values", "named", "count"):
            v = getattr(self, name)
            if v != getattr(default, name):
                data[name] = list(v) if isinstance(v, tuple) else v
        return data


@dataclass(frozen=True, slots=True)
class PsychicCard:
    id: int
    level: int  # 0 = starter, 1-4 advanced
    name: str
    text: str
    effects: tuple[Effect, ...] = field(default=())
    playable: str = "rounds"

    @property
    def ghost(self) -> Effect | None:
        """The card's ``ghost`` effect when it counts as a ghost."""
        for e in self.effects:
            if e.kind == "ghost":
                return e
        return None

    def has(self, kind: str) -> bool:
        return any(e.kind == kind for e in self.effects)

    @property
    def needs_value(self) -> bool:
        """Playing it names a ghost value (a named bonus, a fetch)."""
        return any((e.kind == "bonus" and e.named) or e.kind == "fetch" for e in self.effects)

    @property
    def level_name(self) -> str:
        return "starter" if self.level == 0 else f"level {self.level}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "level": self.level,
            "name": self.name,
            "text": self.text,
            "playable": self.playable,
            "effects": [e.as_dict() for e in self.effects],
        }


def _ghost(value: int, round10: int = 0) -> Effect:
    return Effect("ghost", value=value, round10=round10)


#: The 14 psychic cards known from public sources. Numbering 10-14 for the level-1 cards is our assumption.
KNOWN_CARDS: tuple[PsychicCard, ...] = (
    PsychicCard(
        1, 0, "Medium", "Its owner takes this round's psychic card whatever the outcome.", (Effect("claim"),)
    ),
    PsychicCard(
        2,
        0,
        "Summoner",
        "Take any ghost card from your deck and put it straight into play, then shuffle the deck.",
        (Effect("fetch"),),
    ),
    PsychicCard(
        3,
        0,
        "Seer",
        "Counts as a ghost of 1; you see the opponent's hand until the end of the round.",
        (_ghost(1), Effect("peek")),
    ),
    PsychicCard(4, 0, "Apprentice", "Counts as a ghost of 2.", (_ghost(2),)),
    PsychicCard(5, 0, "Adept", "Counts as a ghost of 3.", (_ghost(3),)),
    PsychicCard(
        6,
        0,
        "Trickster",
        "The opponent's next ghost card played this round is taken at random from their hand.",
        (Effect("random_next"),),
    ),
    PsychicCard(
        7, 0, "Last Word", "Counts as a ghost of 3, playable only in round 10.", (_ghost(3),), "round10"
    ),
    PsychicCard(8, 0, "Bat Charmer", "All your even ghosts +1.", (Effect("bonus", amount=1, parity="even"),)),
    PsychicCard(
        9, 0, "Serpent Charmer", "All your odd ghosts +1.", (Effect("bonus", amount=1, parity="odd"),)
    ),
    PsychicCard(
        10,
        1,
        "Caller",
        "Name a value: all ghosts of that value +2 (both sides).",
        (Effect("bonus", amount=2, side="both", named=True),),
    ),
    PsychicCard(
        11,
        1,
        "Exorcist",
        "Discard one card the opponent has in play this round (its effect ends).",
        (Effect("discard"),),
    ),
    PsychicCard(
        12,
        1,
        "Warden",
        "The opponent's 1s and 2s count 0 this round.",
        (Effect("nullify", side="opponent", values=(1, 2)),),
    ),
    # The spec's "counts as a ghost of 4, but −2 in round 10" is read as 4 − 2 = 2 (ruling: a −2 card would
    # never be laid face down, leaving the clause nothing to do); the text says 2 outright, so that nobody reads
    # it as a value of −2.
    PsychicCard(
        13, 1, "Brute", "Counts as a ghost of 4; in round 10 it counts 2 (4 − 2).", (_ghost(4, round10=-2),)
    ),
    PsychicCard(
        14,
        1,
        "Binder",
        "This round the opponent must play 0 or at least 2 cards per turn.",
        (Effect("min_plays", count=2),),
    ),
)
STARTER_IDS: tuple[int, ...] = tuple(c.id for c in KNOWN_CARDS if c.level == 0)
#: id -> (level, text) of every known psychic card, for printables.
PSYCHIC_TABLE: dict[int, tuple[int, str]] = {c.id: (c.level, c.text) for c in KNOWN_CARDS}
UNKNOWN_IDS = tuple(range(15, 30))


class CardFileError(ValueError):
    """A psychic-card file with a mistake; the message names the file, the card and the field."""


def own_side_only(card: PsychicCard) -> PsychicCard:
    """Card 10 under the option "own side only"."""
    effects = tuple(
        Effect(e.kind, e.value, e.round10, e.amount, "own", e.parity, e.values, e.named, e.count)
        if e.kind == "bonus" and e.side == "both"
        else e
        for e in card.effects
    )
    return PsychicCard(card.id, card.level, card.name, card.text.replace("both sides", "your side"), effects)


def card_catalogue(
    extra: Sequence[PsychicCard] = (), named_both_sides: bool = True
) -> dict[int, PsychicCard]:
    """id -> card: the known cards (card 10 per its ruling) and the extra ones."""
    cards = {c.id: c for c in KNOWN_CARDS}
    if not named_both_sides:
        cards[10] = own_side_only(cards[10])
    for c in extra:
        cards[c.id] = c
    return cards


# -- the TOML extension ------------------------------------------------------------------------------------

_EFFECT_FIELDS: dict[str, tuple[str, ...]] = {
    "ghost": ("value", "round10"),
    "bonus": ("amount", "side", "parity", "values", "named"),
    "nullify": ("side", "parity", "values"),
    "discard": (),
    "fetch": (),
    "peek": (),
    "random_next": (),
    "min_plays": ("count",),
    "claim": (),
}


def _int(where: str, name: str, raw: Any, low: int, high: int) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise CardFileError(
            tr(
                "{where}: {name} must be a whole number from {low} to {high}, not {raw}",
                where=where,
                name=name,
                low=low,
                high=high,
                raw=repr(raw),
            )
        )
    return raw


def _choice(where: str, name: str, raw: Any, options: Sequence[str]) -> str:
    if raw not in options:
        raise CardFileError(
            tr(
                "{where}: {name} must be one of {options}, not {raw}",
                where=where,
                name=name,
                options=", ".join(options),
                raw=repr(raw),
            )
        )
    return str(raw)


def effect_from_dict(where: str, data: Mapping[str, Any]) -> Effect:
    if not isinstance(data, Mapping):
        raise CardFileError(
            tr('{where}: an effect is a table like {{ kind = "ghost", value = 4 }}', where=where)
        )
    kind = _choice(where, "kind", data.get("kind"), KINDS)
    allowed = _EFFECT_FIELDS[kind]
    unknown = sorted(set(data) - {"kind", *allowed})
    if unknown:
        listed = ", ".join(allowed) or tr("no other field")
        raise CardFileError(
            tr(
                "{where}: a {kind} effect has {fields}; unknown: {unknown}",
                where=where,
                kind=kind,
                fields=listed,
                unknown=", ".join(unknown),
            )
        )
    values_raw = data.get("values", [])
    if not isinstance(values_raw, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v in VALUES for v in values_raw
    ):
        raise CardFileError(
            tr(
                "{where}: values must be a list of ghost values 1 to 6, not {raw}",
                where=where,
                raw=repr(values_raw),
            )
        )
    named = data.get("named", False)
    if not isinstance(named, bool):
        raise CardFileError(tr("{where}: named must be true or false", where=where))
    effect = Effect(
        kind,
        value=_int(where, "value", data.get("value", 0), 0, 9) if "value" in data else 0,
        round10=_int(where, "round10", data.get("round10", 0), -9, 9),
        amount=_int(where, "amount", data.get("amount", 0), -9, 9),
        side=_choice(where, "side", data.get("side", "opponent" if kind == "nullify" else "own"), SIDES),
        parity=_choice(where, "parity", data.get("parity", "any"), PARITIES),
        values=tuple(sorted(set(values_raw))),
        named=named,
        count=_int(where, "count", data.get("count", 2), 2, 5) if kind == "min_plays" else 0,
    )
    if kind == "ghost" and effect.value < 1:
        raise CardFileError(tr("{where}: a ghost effect needs value = 1 to 9", where=where))
    if kind == "bonus" and effect.amount == 0:
        raise CardFileError(tr("{where}: a bonus effect needs a non-zero amount", where=where))
    if named and values_raw:
        raise CardFileError(tr("{where}: a named bonus takes no values (the player names one)", where=where))
    return effect


def card_from_dict(where: str, data: Mapping[str, Any]) -> PsychicCard:
    if not isinstance(data, Mapping):
        raise CardFileError(tr("{where}: each card is a [[card]] table", where=where))
    fields = {"id", "level", "name", "text", "playable", "effects"}
    unknown = sorted(set(data) - fields)
    if unknown:
        raise CardFileError(
            tr(
                "{where}: unknown field {field}; a card has {fields}",
                where=where,
                field=repr(unknown[0]),
                fields=", ".join(sorted(fields)),
            )
        )
    for required in ("id", "level", "text", "effects"):
        if required not in data:
            raise CardFileError(tr("{where}: missing {field}", where=where, field=required))
    raw_id = data["id"]
    if raw_id in PSYCHIC_TABLE and not isinstance(raw_id, bool):
        raise CardFileError(
            tr("{where}: card {id} is a known card; add cards 15 to 29 only", where=where, id=raw_id)
        )
    card_id = _int(where, tr("id (a card of your leaflet)"), raw_id, UNKNOWN_IDS[0], UNKNOWN_IDS[-1])
    where = tr("{where} (id {id})", where=where, id=card_id)
    level = _int(where, "level", data["level"], 0, 4)
    text = data["text"]
    if not isinstance(text, str) or not text.strip():
        raise CardFileError(tr("{where}: text must be the card's text", where=where))
    name = data.get("name", f"Psychic {card_id}")
    if not isinstance(name, str):
        raise CardFileError(tr("{where}: name must be a string", where=where))
    playable = _choice(where, "playable", data.get("playable", "rounds"), PLAYABLE)
    raw_effects = data["effects"]
    if not isinstance(raw_effects, list):
        raise CardFileError(tr("{where}: effects must be a list of effect tables", where=where))
    effects = tuple(
        effect_from_dict(tr("{where} effect {n}", where=where, n=i + 1), e) for i, e in enumerate(raw_effects)
    )
    kinds = [e.kind for e in effects]
    for kind in set(kinds):
        if kinds.count(kind) > 1 and kind not in ("bonus", "nullify"):
            raise CardFileError(tr("{where}: at most one {kind} effect per card", where=where, kind=kind))
    if sum(1 for e in effects if e.kind == "bonus" and e.named) + kinds.count("fetch") > 1:
        raise CardFileError(
            tr("{where}: a card can name one value only (one named bonus or one fetch)", where=where)
        )
    return PsychicCard(card_id, level, name, text.strip(), effects, playable)


def cards_from_toml(text: str, source: str = "cards") -> tuple[PsychicCard, ...]:
    """Psychic cards from TOML text: ``[[card]]`` tables (see ``CARD_FILE_EXAMPLE``)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(tr("{source}: not valid TOML: {error}", source=source, error=exc)) from exc
    except RecursionError as exc:  # arrays or tables nested thousands deep
        raise CardFileError(tr("{source}: not a card file: nested too deep", source=source)) from exc
    unknown = sorted(set(data) - {"card"})
    if unknown:
        raise CardFileError(
            tr(
                "{source}: unknown top-level key {key}; use [[card]] tables",
                source=source,
                key=repr(unknown[0]),
            )
        )
    raw = data.get("card", [])
    if not isinstance(raw, list) or not raw:
        raise CardFileError(tr("{source}: no [[card]] tables", source=source))
    cards = tuple(
        card_from_dict(tr("{source}: card {n}", source=source, n=i + 1), c) for i, c in enumerate(raw)
    )
    seen: set[int] = set()
    for card in cards:
        if card.id in seen:
            raise CardFileError(tr("{source}: card {id} appears twice", source=source, id=card.id))
        seen.add(card.id)
    return cards


def load_cards(path: str | Path) -> tuple[PsychicCard, ...]:
    """Psychic cards from a TOML file; ``CardFileError`` (one line) on a mistake."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardFileError(tr("{path}: cannot read: {error}", path=p, error=exc.strerror or exc)) from exc
    except UnicodeDecodeError as exc:
        raise CardFileError(
            tr("{path}: not a text file in UTF-8 (byte {n} is not UTF-8)", path=p, n=exc.start + 1)
        ) from exc
    return cards_from_toml(text, str(p))


def cards_from_dicts(data: Sequence[Mapping[str, Any]]) -> tuple[PsychicCard, ...]:
    """The inverse of ``PsychicCard.as_dict`` (a saved game's extra cards)."""
    return tuple(card_from_dict(f"saved card {i + 1}", d) for i, d in enumerate(data))


CARD_FILE_EXAMPLE = """\
# Psychic cards from your own leaflet. One [[card]] table per card.
[[card]]
id = 15
level = 2
name = "Poltergeist"
text = "Counts as a ghost of 5."
effects = [{ kind = "ghost", value = 5 }]

[[card]]
id = 16
level = 2
text = "Your 1s +2 and the opponent's 6 counts 0 this round."
effects = [
  { kind = "bonus", amount = 2, values = [1] },
  { kind = "nullify", side = "opponent", values = [6] },
]
"""


@dataclass(frozen=True, slots=True)
class Handicap:
    """What the paper automa takes at set-up at one difficulty: psychic cards (at random, face up, from the known
    cards not in the line), extra cards from its deck onto its hand pile, and ghost cards from the top of its deck
    put face down by the round-10 card; both unseen."""

    psychic: int = 0
    hand: int = 0
    banked: int = 0


#: The paper automa's difficulty levels and their handicaps (printed on its card; ``ai.rip.bots.automa``).
AUTOMA_LEVELS: dict[int, Handicap] = {
    1: Handicap(psychic=1, hand=1),
    2: Handicap(psychic=2, hand=2),
    3: Handicap(psychic=2, hand=3, banked=1),
    4: Handicap(psychic=3, hand=4, banked=1),
}
