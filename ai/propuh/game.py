"""Propuh behind the game protocol (``ai.protocol.Game``), with its players and its board for people."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai.exploit import is_exploiter, make_exploiter
from ai.propuh import rules
from ai.propuh.automaton import automaton
from ai.propuh.bots import granny, propuh
from ai.propuh.cards import (
    GRANNY,
    KINDS,
    LOCS,
    MAX_ROUNDS,
    MAXIMA,
    PROPUH,
    ROLE_NAMES,
    VALUES,
    Card,
    granny_goals,
    propuh_goals,
)
from ai.propuh.hard import hard
from ai.propuh.notation import expected_input, format_action, parse_action, parse_card
from ai.propuh.observation import PropuhObservation, board_unseen, determinize, observe
from ai.propuh.rules import Action, Phase, Play, PropuhConfig, PropuhState
from ai.propuh.undo import undo_steps
from ai.protocol import (
    CHANCE,
    Decision,
    Event,
    GameInfo,
    IllegalError,
    ParseError,
    Player,
    RandomPlayer,
    Result,
)
from ai.text import plural

#: Bots per seat: a name and what it is.
BOTS: dict[int, dict[str, str]] = {
    GRANNY: {
        "random": "picks any legal move",
        "easy": "the heuristic Granny with a 25% chance of a random move",
        "normal": "the heuristic Granny: priority rules, looking one round ahead at the automaton in solo",
        "hard": "information-set search (ISMCTS) over deals of the unseen cards, heuristic play-outs, "
        "overruling the normal rules only when clearly better; bounded by --think",
    },
    PROPUH: {
        "automaton": "the official solo automaton (counter, trump, clockwise)",
        "random": "picks any legal move",
        "easy": "the heuristic Propuh (two players) with a 25% chance of a random move",
        "normal": "the heuristic Propuh (two players): counter, last card, clean, dump",
        "hard": "information-set search (ISMCTS) over deals of the unseen cards, heuristic play-outs; "
        "bounded by --think",
    },
}


class PropuhGame:
    info = GameInfo(
        name="propuh",
        title="Propuh",
        min_players=1,
        max_players=2,
        perfect_information=False,
        has_chance=True,
        max_length=MAX_ROUNDS * 8 + 40,
        seat_names=ROLE_NAMES,
    )

    # -- config --

    def default_config(self) -> PropuhConfig:
        return PropuhConfig()

    def config_to_dict(self, config: PropuhConfig) -> dict[str, Any]:
        data = dataclasses.asdict(config)
        data["untracked"] = list(config.untracked)
        return data

    def config_from_dict(self, data: Mapping[str, Any]) -> PropuhConfig:
        fields = {f.name for f in dataclasses.fields(PropuhConfig)}
        unknown = set(data) - fields
        if unknown:
            raise ValueError(f"unknown Propuh options: {', '.join(sorted(unknown))}")
        values = dict(data)
        values["untracked"] = tuple(values.get("untracked", ()))
        return PropuhConfig(**values)

    # -- rules --

    def initial_state(self, config: PropuhConfig, seed: int) -> PropuhState:
        return rules.initial_state(config, seed)

    def num_players(self, state: PropuhState) -> int:
        return 2

    def to_move(self, state: PropuhState) -> int:
        return rules.to_move(state)

    def legal_actions(self, state: PropuhState) -> Sequence[Action]:
        return rules.legal_actions(state)

    def apply(self, state: PropuhState, action: Action) -> PropuhState:
        return rules.apply(state, action)

    def step(self, state: PropuhState, action: Action) -> tuple[PropuhState, list[Event]]:
        events: list[Event] = []
        return rules.apply(state, action, events), events

    def observation(self, state: PropuhState, seat: int) -> PropuhObservation:
        return observe(state, seat)

    def undo_steps(self, before: PropuhState, action: Action, after: PropuhState) -> list[str]:
        """What the hands do to take ``action`` back, public facts only (see ``ai.propuh.undo``)."""
        return undo_steps(before, action, after)

    def determinize(self, observation: PropuhObservation, rng: random.Random) -> PropuhState:
        return determinize(observation, rng)

    def is_over(self, state: PropuhState) -> bool:
        return state.phase == Phase.OVER

    def result(self, state: PropuhState) -> Result:
        if state.winner is None:
            raise ValueError("the game is not over")
        return Result((state.winner,), state.reason)

    def seat_name(self, state: PropuhState, seat: int) -> str:
        return ROLE_NAMES[seat]

    # -- notation --

    def parse_action(self, state: PropuhState, text: str) -> Action:
        return parse_action(state, text)

    def format_action(self, state: PropuhState, action: Action) -> str:
        return format_action(state, action)

    def prompt(self, state: PropuhState) -> str:
        return expected_input(state)

    def input_help(self, state: PropuhState) -> str:
        return HELP

    # -- players --

    def bots(self, seat: int) -> dict[str, str]:
        return BOTS[seat]

    def make_player(
        self, name: str, seat: int, config: PropuhConfig, think: float = 1.0, iterations: int | None = None
    ) -> Player[PropuhObservation, Action]:
        """A bot for ``seat``. ``hard`` thinks ``think`` seconds a move, or runs ``iterations`` play-outs."""
        if is_exploiter(name):
            return make_exploiter(self.info.name, name, seat, config)
        if name == "random":
            return RandomPlayer()
        if seat == PROPUH and name == "automaton":
            return automaton(config)
        if name in ("normal", "easy"):
            noise = 0.25 if name == "easy" else 0.0
            return (granny if seat == GRANNY else propuh)(noise=noise, name=name)
        if name == "hard":
            return hard(config, think=think, iterations=iterations)
        raise ValueError(f"no {ROLE_NAMES[seat]} bot named {name!r}; choose from {', '.join(BOTS[seat])}")

    def hint(self, state: PropuhState, seat: int, text: str, think: float) -> Decision[Action]:
        """The strongest bot's move in ``seat``. At the solo table the tool cannot see Granny's hand, so the
        person types it after ``hint`` (``hint b3 t2 s4``)."""
        observation = observe(state, seat)
        legal = list(rules.legal_actions(state))
        if seat in state.config.untracked and state.phase == Phase.PLAY:
            cards = hand_from_text(state, seat, text)
            unseen = list(observation.unseen)
            for card in cards:
                unseen[card.kind] -= 1
            observation = dataclasses.replace(observation, hand=cards, unseen=tuple(unseen))
            legal = [a for a in legal if not isinstance(a, Play) or a.card in cards]
        levels = BOTS[seat]
        level = "hard" if "hard" in levels else "normal" if "normal" in levels else "automaton"
        player = self.make_player(level, seat, state.config, think=think)
        return player.decide(observation, legal, random.Random(0))

    # -- for people --

    def describe(self, config: PropuhConfig) -> str:
        """A short label for the history list."""
        if not config.solo:
            return "two players"
        label = f"solo, difficulty {config.difficulty}"
        if config.difficulty == "random":
            label += f" ({config.random_cards} cards)"
        options = [
            name
            for name, on in (
                ("ignore-limit", config.ignore_limit),
                ("skip-blocked", config.skip_blocked),
                ("no-granny-from last", config.no_granny_from == "last"),
                ("dealer", not config.physical),
            )
            if on
        ]
        return label + (f" [{', '.join(options)}]" if options else "")

    def setup_events(self, state: PropuhState) -> list[Event]:
        """What to lay out on the table before the first card, and who deals what (see ``ai.propuh.steps``)."""
        config = state.config
        red = state.tokens[PROPUH]
        tokens = ", ".join(f"{n} on the {loc.propuh_title}" for loc, n in zip(LOCS, red, strict=True) if n)
        events = []
        if state.difficulty_cards:
            cards = ", ".join(f"{loc.title} +{n}" for loc, n in state.difficulty_cards)
            events.append(Event("difficulty", f"Difficulty cards drawn: {cards}.", {"cards": cards}))
        table = ["Lay out the 3 boards, the 7 green and 7 red tokens, and the figurine on the Stove."]
        if tokens:
            table.append(f"Put red Propuh tokens: {tokens}.")
        if not config.physical:
            table.append(_SUPPLY)
        if config.solo:
            if config.physical:
                deal = "Propuh gets no cards; it draws from the deck when it plays."
                table += [
                    "Shuffle the 28 cards; put 2 aside face down without looking (out of the game).",
                    "Deal 3 cards to Granny; the rest is the deck.",
                ]
            else:
                deal = (
                    "The tool has shuffled its own deck, put 2 cards aside unseen and dealt Granny 3 (your hand "
                    "is on the screen): nothing to deal at the table."
                )
            text = f"{deal} Propuh tokens at the start: {tokens or 'none'}. The figurine stands on the Stove."
            data = {"propuh_tokens": rules.tokens_data(state.tokens)["propuh"], "figurine": "stove"}
        else:
            if config.physical:
                text = "A real deck: the table deals, and the tool asks for every card dealt, the bot's too."
                table += ["Shuffle the 28 cards: the deck.", "Deal 4 cards to Granny, then 4 to Propuh."]
            else:
                text = (
                    "The tool has shuffled its own deck and dealt 4 cards to each player (your hand is on the "
                    "screen): nothing to deal at the table."
                )
            data = {"figurine": "stove"}
        events.append(Event("setup", text, data, table=tuple(table)))
        return events

    def board_data(self, state: PropuhState, seat: int | None = None) -> dict[str, Any]:
        """The board as data; with ``seat``, that seat's own hand too (never another's)."""
        unseen = board_unseen(state, seat)
        u = state.unresolved
        hand = {} if seat is None else {"hand": [str(c) for c in state.hands[seat]]}
        return hand | {
            "round": state.round,
            "to_move": _mover_name(state),
            "figurine": state.figurine.title.lower(),
            "tokens": rules.tokens_data(state.tokens),
            "unresolved": None
            if u is None
            else {
                "player": ROLE_NAMES[u.owner].lower(),
                "card": str(u.card),
                "location": u.loc.title.lower(),
            },
            "drawn": None if state.drawn is None else str(state.drawn),
            "deck": state.deck_size - len(state.pending),
            "hands": {ROLE_NAMES[s].lower(): state.hand_count(s) for s in (GRANNY, PROPUH)},
            "goals": {"granny": granny_goals(state.tokens), "propuh": propuh_goals(state.tokens)},
            "unseen": {str(card): n for card, n in zip(KINDS, unseen, strict=True)},
        }

    def status(self, state: PropuhState, seat: int | None) -> str:
        """One line between boards: the round, the deck, and the seat's own hand (or, when the tool does not
        see it, how many cards it holds)."""
        parts = [f"Round {state.round}/{MAX_ROUNDS}", f"deck {state.deck_size - len(state.pending)}"]
        if seat is not None and seat in state.config.untracked:
            parts.append(f"you hold {plural(state.hand_count(seat), 'card')}, unseen by the tool")
        elif seat is not None:
            parts.append("your hand: " + (" ".join(str(c) for c in state.hands[seat]) or "empty"))
        return " · ".join(parts)

    def render(self, state: PropuhState, seat: int | None = None) -> Any:
        """A rich renderable of the board, as seen from ``seat`` (its own hand shown) or by the table."""
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        title = f"Propuh · round {state.round}/{MAX_ROUNDS}"
        if state.phase == Phase.OVER:
            title += " · game over"
        table = Table(title=title, title_justify="left", show_edge=True, pad_edge=False)
        table.add_column("location")
        table.add_column("Granny", justify="center")
        table.add_column("Propuh", justify="center")
        table.add_column("on the board")
        u = state.unresolved
        for loc in LOCS:
            name = loc.both_titles + (" ♟" if state.figurine == loc else "")
            cell = ""
            if u is not None and u.loc == loc:
                cell = f"{ROLE_NAMES[u.owner]}'s {u.card} (unresolved)"
            green = f"{state.tokens[GRANNY][loc]}/{MAXIMA[GRANNY][loc]}"
            red = f"{state.tokens[PROPUH][loc]}/{MAXIMA[PROPUH][loc]}"
            table.add_row(name, Text(green, style="green"), Text(red, style="red"), cell)
        lines: list[Any] = [table]
        g, p = granny_goals(state.tokens), propuh_goals(state.tokens)
        lines.append(
            Text(
                f"Goals: Granny {sum(g.values())}/4 ({_missing(g)})  ·  Propuh {sum(p.values())}/2 ({_missing(p)})"
            )
        )
        hands = f"Granny holds {state.hand_count(GRANNY)}"
        if not state.config.solo:
            hands += f", Propuh holds {state.hand_count(PROPUH)}"
        deck = state.deck_size - len(state.pending)
        lines.append(Text(f"Deck: {deck} · {hands} · figurine on the {state.figurine.title}"))
        if state.drawn is not None:
            lines.append(Text(f"Drawn for Propuh: {state.drawn.long}"))
        lines.append(Text("Unseen: " + unseen_text(board_unseen(state, seat))))
        if seat is not None and state.hands[seat]:
            lines.append(
                Text(f"Your hand ({ROLE_NAMES[seat]}): " + " ".join(str(c) for c in state.hands[seat]))
            )
        if state.phase == Phase.OVER:
            lines.append(Text(f"{ROLE_NAMES[state.winner or 0]} won: {state.reason}.", style="bold"))
        return Group(*lines)


def hand_from_text(state: PropuhState, seat: int, text: str) -> tuple[Card, ...]:
    """The hand a person types for a hint (``b3 t2 s4``), checked against the cards that can be unseen."""
    words = text.replace(",", " ").split()
    need = state.hand_count(seat)
    if not words:
        raise ParseError(
            f"the tool cannot see your hand: type it after hint, e.g. hint {' '.join(['b3', 't2', 's4'][:need])}"
        )
    cards = tuple(sorted(parse_card(word) for word in words))
    if len(cards) != need:
        raise IllegalError(f"{ROLE_NAMES[seat]} holds {plural(need, 'card')}, not {len(cards)}")
    available = rules.unknown_counts(state)
    for card in cards:
        available[card.kind] -= 1
        if available[card.kind] < 0:
            raise IllegalError(f"{card.long} cannot be in your hand: not enough are unseen")
    return cards


def _mover_name(state: PropuhState) -> str | None:
    seat = rules.to_move(state)
    if seat >= 0:
        return ROLE_NAMES[seat].lower()
    return "chance" if seat == CHANCE else None


def _missing(goals: dict[str, bool]) -> str:
    missing = [name.split(" (")[0] for name, done in goals.items() if not done]
    return "to do: " + ", ".join(missing) if missing else "all done"


def unseen_text(counts: Sequence[int]) -> str:
    parts = []
    for loc in LOCS:
        values = " ".join(f"{v}×{counts[loc * 4 + v - 1]}" for v in VALUES)
        parts.append(f"{loc.title} {values}")
    return " | ".join(parts)


GAME = PropuhGame()

_SUPPLY = (
    "Sort the 28 cards face up by suit and value beside the boards: the supply the tool's cards come from."
)

#: What ``help`` prints: one line a topic, wrapped by the screen to its width.
HELP = "\n".join(
    (
        "Cards: suit letter and value: t2 (table 2), s1 (stove 1), b4 (bed 4); door = table, window = bed.",
        "Play a card: card then location: b3 t  or  bed 3 on table.",
        "Move the figurine (start of a round, before Granny's first card): f b  or  figurine bed.",
        "The card drawn for Propuh: just the card, e.g. s2. Cards dealt: all on one line, e.g. b2 t3.",
        "End of a round, the figurine's token removal: yes or no.",
        "Commands: undo (take back your last input), board, hint (at the solo table add your hand: hint "
        "b3 t2 s4), help, quit (the game is saved; companion resume).",
    )
)
