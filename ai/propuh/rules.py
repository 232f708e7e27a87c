"""Propuh's rules: state, legal actions, apply, end and result (spec: shared/rules/propuh.md).

Seats are roles: 0 is Granny, 1 is Propuh. A state is immutable; ``apply`` returns a new one.

Decks. In dealer mode (``physical=False``) the deck order is fixed by the seed and kept in the state, hidden from
every observation, so an undone draw comes back the same. With a physical deck (``physical=True``) the order is
unknown: a card drawn or dealt to a hand the tool tracks is a chance step the person types (``Draw``). A hand in
``untracked`` (Granny's at the solo table) is only counted; any card still unseen may be played from it.

Rulings of ours beyond the spec, written here where the rule lives:
- A player with no card to play (an empty hand, or an empty deck when solo Propuh must draw) ends the round's
  plays; the end of the round follows. (Solo round 7: Granny plays her one card, Propuh the last one.)
- At the end of a round the card left unresolved is discarded and places its owner's token, whoever owns it
  (in practice always Propuh's).
- The figurine may move once per round, before Granny's first card, to another location.
- Two-player deals: each seat gets what dealing one card at a time, Granny first, would give while the deck
  lasts; a seat's cards are dealt (and, with a real deck, typed) together, Granny's first, the bot's too.
- Several dealt cards may be typed on one line (``Deal``), at most the cards still due to that seat.
- The end-of-round check comes before the deal: the goals do not depend on it, and the tired rule (no card in
  the deck or any hand) is the same before and after it; a game that ends is not dealt to.
- The goals and the tired rule are checked with the counts after the deal; with a physical deck the cards
  still to be typed for that deal are counted as dealt.
"""

from __future__ import annotations

import random

from ai.propuh import steps
from ai.propuh.cards import (
    DEAL_PER_ROUND,
    DIFFICULTY_CARDS,
    DIFFICULTY_TOKENS,
    GRANNY,
    KIND_COUNTS,
    KINDS,
    LOCS,
    MAXIMA,
    PROPUH,
    ROLE_NAMES,
    SOLO_FIRST_HAND,
    SOLO_REMOVED,
    TWO_PLAYER_HAND,
    Card,
    Loc,
    full_deck,
    granny_goals,
    propuh_goals,
    stronger,
)
from ai.propuh.state import (
    TERMINAL,
    Action,
    Deal,
    Draw,
    MoveFigurine,
    Phase,
    Play,
    PropuhConfig,
    PropuhState,
    Remove,
    Tokens,
    Unresolved,
)
from ai.protocol import CHANCE, Event, IllegalError, not_in_hand

__all__ = [
    "TERMINAL",
    "Action",
    "Deal",
    "Draw",
    "MoveFigurine",
    "Phase",
    "Play",
    "PropuhConfig",
    "PropuhState",
    "Remove",
    "Tokens",
    "Unresolved",
]


# --- setup -----------------------------------------------------------------------------------------------


def setup_tokens(
    config: PropuhConfig, rng: random.Random
) -> tuple[tuple[int, int, int], tuple[tuple[Loc, int], ...]]:
    """Propuh's starting tokens for the solo difficulty (capped at the maxima), and the difficulty cards drawn."""
    if not config.solo:
        return (0, 0, 0), ()
    if config.difficulty == "random":
        cards = tuple(rng.sample(DIFFICULTY_CARDS, config.random_cards))
        red = [0, 0, 0]
        for loc, n in cards:
            red[loc] = min(MAXIMA[PROPUH][loc], red[loc] + n)
        return (red[0], red[1], red[2]), cards
    return DIFFICULTY_TOKENS[config.difficulty], ()


def initial_state(config: PropuhConfig, seed: int) -> PropuhState:
    rng = random.Random(seed)
    red, difficulty_cards = setup_tokens(config, rng)
    w = _Work.blank(config, red, difficulty_cards)
    if not config.physical:
        deck = full_deck()
        rng.shuffle(deck)
        w.deck = deck
        w.deck_size = len(deck)
    if config.solo:
        if config.physical:
            w.deck_size -= SOLO_REMOVED
        else:
            w.removed = [w.deck.pop(0) for _ in range(SOLO_REMOVED)]
            w.deck_size -= SOLO_REMOVED
        for _ in range(SOLO_FIRST_HAND):
            w.deal_one(GRANNY)
    else:
        for seat in (GRANNY, PROPUH):
            for _ in range(TWO_PLAYER_HAND):
                w.deal_one(seat)
    w.phase = Phase.DEAL if w.pending else Phase.PLAY
    return w.freeze()


# --- queries ---------------------------------------------------------------------------------------------


def to_move(state: PropuhState) -> int:
    phase = state.phase
    if phase == Phase.PLAY:
        return state.plays % 2
    if phase == Phase.REMOVE:
        return GRANNY
    if phase == Phase.OVER:
        return TERMINAL
    return CHANCE


def unknown_counts(state: PropuhState) -> list[int]:
    """Per kind: cards whose place the tool does not know (a physical deck, the solo removals, untracked hands)."""
    counts = [total - seen for total, seen in zip(KIND_COUNTS, state.seen, strict=True)]
    for hand in state.hands:
        for card in hand:
            counts[card.kind] -= 1
    if not state.config.physical:
        for card in state.deck:
            counts[card.kind] -= 1
        for card in state.removed:
            counts[card.kind] -= 1
    return counts


def playable_cards(state: PropuhState, seat: int) -> tuple[Card, ...]:
    if seat == PROPUH and state.config.solo:
        return (state.drawn,) if state.drawn is not None else ()
    if seat in state.config.untracked:
        if state.hidden[seat] == 0:
            return ()
        return tuple(card for card, n in zip(KINDS, unknown_counts(state), strict=True) if n > 0)
    return tuple(sorted(set(state.hands[seat])))


def legal_actions(state: PropuhState) -> list[Action]:
    phase = state.phase
    if phase == Phase.PLAY:
        seat = state.plays % 2
        actions: list[Action] = [Play(c, loc) for c in playable_cards(state, seat) for loc in LOCS]
        if seat == GRANNY and state.plays == 0 and not state.figurine_moved:
            actions.extend(MoveFigurine(loc) for loc in LOCS if loc != state.figurine)
        return actions
    if phase in (Phase.DRAW, Phase.DEAL):
        return [Draw(card) for card, n in zip(KINDS, unknown_counts(state), strict=True) if n > 0]
    if phase == Phase.REMOVE:
        return [Remove(True), Remove(False)]
    return []


def check(state: PropuhState, action: Action) -> None:
    """Raise ``IllegalError`` with a one-line reason if ``action`` cannot be played now."""
    phase = state.phase
    if phase == Phase.OVER:
        raise IllegalError("the game is over")
    if isinstance(action, Draw):
        if phase not in (Phase.DRAW, Phase.DEAL):
            raise IllegalError("no card is being drawn now")
        _check_unknown(state, action.card)
        return
    if isinstance(action, Deal):
        if phase == Phase.DRAW:
            raise IllegalError("Propuh draws one card: type only the card drawn")
        if phase != Phase.DEAL:
            raise IllegalError("no card is being dealt now")
        seat, due = due_now(state)
        if len(action.cards) > due:
            raise IllegalError(
                f"{ROLE_NAMES[seat]} is due {steps.plural(due, 'more card')}, not {len(action.cards)}"
            )
        _check_unknown(state, *action.cards)
        return
    if isinstance(action, Remove):
        if phase != Phase.REMOVE:
            raise IllegalError("the figurine only removes a token at the end of a round")
        return
    if phase != Phase.PLAY:
        expected = {
            Phase.DRAW: "the card drawn for Propuh",
            Phase.DEAL: "the cards dealt",
            Phase.REMOVE: "yes or no",
        }
        raise IllegalError(f"not now: type {expected[phase]}")
    seat = state.plays % 2
    if isinstance(action, MoveFigurine):
        if seat != GRANNY or state.plays != 0:
            raise IllegalError("the figurine moves only at the start of a round, before Granny's first card")
        if state.figurine_moved:
            raise IllegalError("the figurine has already moved this round")
        if action.loc == state.figurine:
            raise IllegalError(f"the figurine is already on the {action.loc.title}")
        return
    card = action.card
    if seat == PROPUH and state.config.solo:
        if card != state.drawn:
            raise IllegalError(f"Propuh must place the card drawn, {state.drawn}")
        return
    if seat in state.config.untracked:
        if state.hidden[seat] == 0:
            raise IllegalError(f"{ROLE_NAMES[seat]} has no card left")
        _check_unknown(state, card)
        return
    if card not in state.hands[seat]:
        raise IllegalError(not_in_hand(ROLE_NAMES[seat]))


def _check_unknown(state: PropuhState, *cards: Card) -> None:
    unknown = unknown_counts(state)
    for card in cards:
        unknown[card.kind] -= 1
        if unknown[card.kind] < 0:
            total = KIND_COUNTS[card.kind]
            copies = "the only copy is" if total == 1 else f"all {total} copies are"
            raise IllegalError(f"{card.long} cannot be unseen: {copies} already accounted for")


def due_now(state: PropuhState) -> tuple[int, int]:
    """With a real deck being dealt: the seat typed for now and how many cards it is still due."""
    seat = state.pending[0]
    due = 0
    while due < len(state.pending) and state.pending[due] == seat:
        due += 1
    return seat, due


# --- apply -----------------------------------------------------------------------------------------------


def apply(state: PropuhState, action: Action, events: list[Event] | None = None) -> PropuhState:
    """The state after ``action``. Appends what happened to ``events`` when given. Raises on an illegal action."""
    check(state, action)
    w = _Work(state, events)
    if isinstance(action, Play):
        w.play(action.card, action.loc)
    elif isinstance(action, MoveFigurine):
        w.figurine = action.loc
        w.figurine_moved = True
        w.emit(
            "figurine",
            f"Granny moves the figurine to the {action.loc.title}.",
            (steps.figurine(action.loc),),
            location=action.loc.title.lower(),
        )
    elif isinstance(action, Remove):
        w.remove_token(action.yes)
    elif isinstance(action, Deal):
        for card in action.cards:
            w.typed_draw(card)
    else:
        w.typed_draw(action.card)
    return w.freeze()


class _Work:
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
    ) -> _Work:
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

    # -- cards --

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

    def typed_draw(self, card: Card) -> None:
        self.deck_size -= 1
        if self.phase == Phase.DRAW:
            self.drawn = card
            self.seen[card.kind] += 1
            self.phase = Phase.PLAY
            self.emit("draw", f"Propuh draws {card.long}.", player="propuh", card=str(card))
            return
        seat = self.pending.pop(0)
        self.hands[seat].append(card)
        if not self.pending:
            self.phase = Phase.PLAY
            self.advance()

    def play(self, card: Card, loc: Loc) -> None:
        seat = self.plays % 2
        if seat == PROPUH and self.config.solo:
            self.drawn = None
        else:
            if seat in self.config.untracked:
                self.hidden[seat] -= 1
            else:
                self.hands[seat].remove(card)
            self.seen[card.kind] += 1
        if seat == GRANNY:
            self.last_granny_loc = loc
        name = ROLE_NAMES[seat]
        where = steps.side(loc, seat)
        self.emit(
            "play",
            f"{name} plays {card.long} on the {where}.",
            (steps.play(card, loc, seat, self.config.solo, self.config.physical),),
            player=name.lower(),
            card=str(card),
            location=loc.title.lower(),
        )
        prior = self.unresolved
        if prior is not None and prior.loc == loc and stronger(card, prior.card, loc):
            self.unresolved = None
            self.emit(
                "counter",
                f"{name}'s {card.long} counters {ROLE_NAMES[prior.owner]}'s {prior.card.long}: both are discarded.",
                (steps.discard((prior.owner, prior.card), (seat, card)),),
                player=name.lower(),
                card=str(card),
                countered=str(prior.card),
                location=loc.title.lower(),
            )
            self.emit_tokens()
        else:
            if prior is not None:
                self.settle(prior, "is not countered")
            self.unresolved = Unresolved(seat, card, loc)
        self.plays += 1
        self.advance()

    def settle(self, prior: Unresolved, why: str) -> None:
        """Discard an unresolved card and place its owner's token at its location (unless that is full)."""
        owner, loc = prior.owner, prior.loc
        most = MAXIMA[owner][loc]
        placed = self.tokens[owner][loc] < most
        if placed:
            self.tokens[owner][loc] += 1
        name = ROLE_NAMES[owner]
        where = steps.side(loc, owner)
        count = f"{self.tokens[owner][loc]}/{most}"
        outcome = (
            f"a {name} token on the {where} ({count})"
            if placed
            else f"no token: the {where} is full ({count})"
        )
        table = (steps.discard((owner, prior.card)),) + ((steps.token(owner, loc),) if placed else ())
        self.emit(
            "token",
            f"{name}'s {prior.card.long} on the {where} {why}: {outcome}.",
            table,
            player=name.lower(),
            card=str(prior.card),
            location=loc.title.lower(),
            placed=placed,
        )
        self.emit_tokens()

    # -- flow --

    def advance(self) -> None:
        """Run the automatic steps until someone must decide or type a card."""
        while self.phase == Phase.PLAY:
            if self.plays >= 4:
                self.end_round()
                continue
            seat = self.plays % 2
            if seat == PROPUH and self.config.solo:
                if self.drawn is not None:
                    return
                if self.deck_size == 0:
                    self.end_round()
                elif self.config.physical:
                    self.phase = Phase.DRAW
                else:
                    card = self.deck.pop(0)
                    self.deck_size -= 1
                    self.drawn = card
                    self.seen[card.kind] += 1
                    self.emit("draw", f"Propuh draws {card.long}.", player="propuh", card=str(card))
                return
            if self.hand_count(seat) == 0:
                self.end_round()
                continue
            return

    def end_round(self) -> None:
        if self.unresolved is not None:
            prior, self.unresolved = self.unresolved, None
            self.settle(prior, "is left at the end of the round")
        self.plays = 4
        if self.tokens[PROPUH][self.figurine] > 0:
            self.phase = Phase.REMOVE
            return
        self.finish_round()

    def remove_token(self, yes: bool) -> None:
        loc = self.figurine
        if yes:
            self.tokens[PROPUH][loc] -= 1
            self.emit(
                "remove",
                f"The figurine removes a Propuh token from the {loc.propuh_title}.",
                (steps.remove_token(loc),),
                location=loc.title.lower(),
            )
            self.emit_tokens()
        else:
            self.emit(
                "keep",
                f"Granny leaves the Propuh token on the {loc.propuh_title}.",
                location=loc.title.lower(),
            )
        self.phase = Phase.PLAY
        self.finish_round()
        self.advance()

    def finish_round(self) -> None:
        """Check the goals and the tired rule; if nobody has won, deal and start the next round."""
        tokens = self.frozen_tokens()
        propuh_done = all(propuh_goals(tokens).values())
        if propuh_done and all(granny_goals(tokens).values()):
            self.finish(PROPUH, "both completed their goals in the same round, so Propuh wins")
        elif propuh_done:
            self.finish(PROPUH, "Propuh opened the door and the window")
        elif all(granny_goals(tokens).values()):
            self.finish(GRANNY, "Granny completed all her goals")
        elif self.deck_left() == 0 and self.hand_count(GRANNY) == 0 and self.hand_count(PROPUH) == 0:
            self.finish(PROPUH, "Granny is tired: every card is discarded")
        if self.winner is not None:
            return
        self.deal_round()
        self.round += 1
        self.plays = 0
        self.figurine_moved = False
        self.emit("round", f"Round {self.round} begins.", round=self.round)
        self.phase = Phase.DEAL if self.pending else Phase.PLAY

    def frozen_tokens(self) -> Tokens:
        """The tokens on the board as an immutable value (for the goal checks)."""
        return (
            (self.tokens[0][0], self.tokens[0][1], self.tokens[0][2]),
            (self.tokens[1][0], self.tokens[1][1], self.tokens[1][2]),
        )

    def deal_round(self) -> None:
        """The end-of-round deal (spec step 8), a seat's cards together, Granny's first."""
        counts = [0, 0]
        if self.config.solo:
            if self.deck_left() == 1:
                text, table = steps.last_card_kept(self.config.physical)
                self.emit("deal", text, table, counts={"granny": 0, "propuh": 0})
                return
            if self.deck_left() >= DEAL_PER_ROUND:
                counts[GRANNY] = DEAL_PER_ROUND
        else:
            left = self.deck_left()
            for _ in range(DEAL_PER_ROUND):
                for seat in (GRANNY, PROPUH):
                    if left > 0:
                        counts[seat] += 1
                        left -= 1
        before = [list(hand) for hand in self.hands]
        for seat in (GRANNY, PROPUH):
            for _ in range(counts[seat]):
                self.deal_one(seat)
        text, table = steps.deal(counts, self.config.physical, self.deck_left())
        self.emit("deal", text, table, counts={ROLE_NAMES[s].lower(): counts[s] for s in (GRANNY, PROPUH)})
        if not self.config.physical and self.events is not None:
            for seat in (GRANNY, PROPUH):
                new = list(self.hands[seat])
                for card in before[seat]:
                    new.remove(card)
                if new:
                    self.events.append(
                        Event(
                            "dealt",
                            f"{ROLE_NAMES[seat]} is dealt {steps.cards_text(sorted(new))}.",
                            {"player": ROLE_NAMES[seat].lower(), "cards": [str(c) for c in sorted(new)]},
                            private_to=seat,
                        )
                    )

    def deck_left(self) -> int:
        """Cards still in the deck, not counting those dealt but not yet typed."""
        return self.deck_size - len(self.pending)

    def finish(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.reason = reason
        self.phase = Phase.OVER
        self.pending = []
        name = ROLE_NAMES[winner]
        tokens = self.frozen_tokens()
        goals = {GRANNY: granny_goals(tokens), PROPUH: propuh_goals(tokens)}
        self.emit(
            "end",
            "\n".join((f"{name} wins: {reason}.", *end_lines(tokens))),
            winner=name.lower(),
            winners=[name.lower()],
            reason=reason,
            round=self.round,
            # no points in Propuh: a side's score is how many of its goals are complete
            scores={ROLE_NAMES[s].lower(): sum(goals[s].values()) for s in (GRANNY, PROPUH)},
            breakdown={
                ROLE_NAMES[s].lower(): {
                    "goals": goals[s],
                    "tokens": tokens_data(tokens)[ROLE_NAMES[s].lower()],
                }
                for s in (GRANNY, PROPUH)
            },
        )


def end_lines(tokens: Tokens) -> tuple[str, ...]:
    """Each side's breakdown at the end, a line for its goals and one for its tokens (issue 14: the last board
    shown predates the final tokens)."""
    goals = {GRANNY: granny_goals(tokens), PROPUH: propuh_goals(tokens)}
    lines = []
    for seat, colour in ((GRANNY, "green"), (PROPUH, "red")):
        done = [goal.split(" (")[0] for goal, ok in goals[seat].items() if ok]
        names = f": {', '.join(done)}" if done else ""
        lines.append(f"{ROLE_NAMES[seat]}: {len(done)} of {len(goals[seat])} goals done{names}.")
        where = (loc.title if seat == GRANNY else loc.propuh_title for loc in LOCS)
        counts = " · ".join(f"{title} {tokens[seat][loc]}" for title, loc in zip(where, LOCS, strict=True))
        lines.append(f"  {colour} tokens: {counts}")
    return tuple(lines)


def tokens_data(tokens: list[list[int]] | Tokens) -> dict[str, dict[str, int]]:
    return {
        ROLE_NAMES[seat].lower(): {loc.title.lower(): tokens[seat][loc] for loc in LOCS}
        for seat in (GRANNY, PROPUH)
    }
