"""One transition of Propuh's state: a mutable working copy (``Work``) that the steps change (``ai.propuh.plays``
and ``ai.propuh.rounds``) and freeze into the next immutable state, with the events it produced."""

from __future__ import annotations

from ai.propuh.cards import (
    GRANNY,
    KINDS,
    LOCS,
    PROPUH,
    ROLE_NAMES,
    Loc,
    full_deck,
)
from ai.propuh.state import (
    Phase,
    PropuhConfig,
    PropuhState,
    Tokens,
)
from ai.protocol import Event


class Work:
    """A mutable working copy of a state for one transition."""

    __slots__ = (
        "config",
        "deck",
        "deck_size",
        "difficulty_cards",
        "drawn",
        "events",
        "figurine",
        "figurine_moved",
        "hands",
        "hidden",
        "last_granny_loc",
        "pending",
        "phase",
        "plays",
        "reason",
        "removed",
        "round",
        "seen",
        "tokens",
        "unresolved",
        "winner",
    )

    def __init__(self, s: PropuhState, events: list[Event] | None = None) -> None:
        self.config = s.config
        self.phase = s.phase
        self.round = s.round
        self.plays = s.plays
        self.figurine = s.figurine
        self.figurine_moved = s.figurine_moved
        self.tokens = [list(s.tokens[0]), list(s.tokens[1])]
        self.hands = [list(s.hands[0]), list(s.hands[1])]
        self.hidden = list(s.hidden)
        self.deck = list(s.deck)
        self.deck_size = s.deck_size
        self.removed = list(s.removed)
        self.seen = list(s.seen)
        self.unresolved = s.unresolved
        self.drawn = s.drawn
        self.pending = list(s.pending)
        self.last_granny_loc = s.last_granny_loc
        self.difficulty_cards = s.difficulty_cards
        self.winner = s.winner
        self.reason = s.reason
        self.events = events

    @classmethod
    def blank(
        cls, config: PropuhConfig, red: tuple[int, int, int], difficulty_cards: tuple[tuple[Loc, int], ...]
    ) -> Work:
        state = PropuhState(
            config=config,
            phase=Phase.PLAY,
            round=1,
            plays=0,
            figurine=Loc.STOVE,
            figurine_moved=False,
            tokens=((0, 0, 0), red),
            hands=((), ()),
            hidden=(0, 0),
            deck=(),
            deck_size=len(full_deck()),
            removed=(),
            seen=(0,) * len(KINDS),
            unresolved=None,
            drawn=None,
            pending=(),
            last_granny_loc=None,
            difficulty_cards=difficulty_cards,
        )
        return cls(state)

    def freeze(self) -> PropuhState:
        return PropuhState(
            config=self.config,
            phase=self.phase,
            round=self.round,
            plays=self.plays,
            figurine=self.figurine,
            figurine_moved=self.figurine_moved,
            tokens=(
                (self.tokens[0][0], self.tokens[0][1], self.tokens[0][2]),
                (self.tokens[1][0], self.tokens[1][1], self.tokens[1][2]),
            ),
            hands=(tuple(sorted(self.hands[0])), tuple(sorted(self.hands[1]))),
            hidden=(self.hidden[0], self.hidden[1]),
            deck=tuple(self.deck),
            deck_size=self.deck_size,
            removed=tuple(self.removed),
            seen=tuple(self.seen),
            unresolved=self.unresolved,
            drawn=self.drawn,
            pending=tuple(self.pending),
            last_granny_loc=self.last_granny_loc,
            difficulty_cards=self.difficulty_cards,
            winner=self.winner,
            reason=self.reason,
        )

    def emit(self, kind: str, text: str, table: tuple[str, ...] = (), **data: object) -> None:
        if self.events is not None:
            self.events.append(Event(kind, text, data, table=table))

    def emit_tokens(self) -> None:
        if self.events is not None:
            self.emit("tokens", "", tokens=tokens_data(self.tokens))

    def hand_count(self, seat: int) -> int:
        return len(self.hands[seat]) + self.hidden[seat] + self.pending.count(seat)

    def deal_one(self, seat: int) -> None:
        """One card off the deck into ``seat``'s hand (a physical deck: counted now, typed later if tracked)."""
        if self.config.physical:
            if seat in self.config.untracked:
                self.hidden[seat] += 1
                self.deck_size -= 1
            else:
                self.pending.append(seat)
        else:
            self.hands[seat].append(self.deck.pop(0))
            self.deck_size -= 1

    def frozen_tokens(self) -> Tokens:
        """The tokens on the board as an immutable value (for the goal checks)."""
        return (
            (self.tokens[0][0], self.tokens[0][1], self.tokens[0][2]),
            (self.tokens[1][0], self.tokens[1][1], self.tokens[1][2]),
        )

    def deck_left(self) -> int:
        """Cards still in the deck, not counting those dealt but not yet typed."""
        return self.deck_size - len(self.pending)


def tokens_data(tokens: list[list[int]] | Tokens) -> dict[str, dict[str, int]]:
    return {
        ROLE_NAMES[seat].lower(): {loc.title.lower(): tokens[seat][loc] for loc in LOCS}
        for seat in (GRANNY, PROPUH)
    }
