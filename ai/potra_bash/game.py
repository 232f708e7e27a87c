"""Potra Bash behind the game protocol (``ai.protocol.Game``), with its players and its board for people."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai.exploit import is_exploiter, make_exploiter
from ai.potra_bash import rules, steps
from ai.potra_bash.bots import hard, rule_bot
from ai.potra_bash.cards import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, VALUES, copies, deck, removed
from ai.potra_bash.layout import fit
from ai.potra_bash.notation import expected_input, format_action, parse_action, parse_value
from ai.potra_bash.observation import PotraObservation, determinize, observe
from ai.potra_bash.rules import CENTRE, Action, Phase, Play, PotraConfig, PotraState
from ai.potra_bash.undo import undo_steps
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

BOTS: dict[str, str] = {
    "random": "plays and takes any legal card",
    "easy": "the priority rules with a 25% chance of a random move",
    "normal": "priority rules: card counting, no third 3 or 4, steering the centre card, pick order",
    "hard": "information-set search (ISMCTS) over deals of the unseen cards, greedy play-outs; "
    "bounded by --think",
}


class PotraBashGame:
    info = GameInfo(
        name="potra-bash",
        title="Potra Bash",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        perfect_information=False,
        has_chance=True,
        max_length=1000,
        seat_names=("every seat",),
    )

    # -- config --

    def default_config(self) -> PotraConfig:
        return PotraConfig()

    def config_to_dict(self, config: PotraConfig) -> dict[str, Any]:
        data = dataclasses.asdict(config)
        data["names"] = list(config.names)
        data["untracked"] = list(config.untracked)
        return data

    def config_from_dict(self, data: Mapping[str, Any]) -> PotraConfig:
        fields = {f.name for f in dataclasses.fields(PotraConfig)}
        unknown = set(data) - fields
        if unknown:
            raise ValueError(f"unknown Potra Bash options: {', '.join(sorted(unknown))}")
        values = dict(data)
        values["names"] = tuple(values.get("names", ()))
        values["untracked"] = tuple(values.get("untracked", ()))
        return PotraConfig(**values)

    # -- rules --

    def initial_state(self, config: PotraConfig, seed: int) -> PotraState:
        return rules.initial_state(config, seed)

    def num_players(self, state: PotraState) -> int:
        return state.n

    def to_move(self, state: PotraState) -> int:
        return rules.to_move(state)

    def legal_actions(self, state: PotraState) -> Sequence[Action]:
        return rules.legal_actions(state)

    def apply(self, state: PotraState, action: Action) -> PotraState:
        return rules.apply(state, action)

    def step(self, state: PotraState, action: Action) -> tuple[PotraState, list[Event]]:
        events: list[Event] = []
        return rules.apply(state, action, events), events

    def observation(self, state: PotraState, seat: int) -> PotraObservation:
        return observe(state, seat)

    def undo_steps(self, before: PotraState, action: Action, after: PotraState) -> list[str]:
        """What the hands do to take ``action`` back, public facts only (see ``ai.potra_bash.undo``)."""
        return undo_steps(before, action, after)

    def determinize(self, observation: PotraObservation, rng: random.Random) -> PotraState:
        return determinize(observation, rng)

    def is_over(self, state: PotraState) -> bool:
        return state.phase == Phase.OVER

    def result(self, state: PotraState) -> Result:
        return rules.result(state)

    def seat_name(self, state: PotraState, seat: int) -> str:
        return state.config.name(seat)

    # -- notation --

    def parse_action(self, state: PotraState, text: str) -> Action:
        return parse_action(state, text)

    def format_action(self, state: PotraState, action: Action) -> str:
        return format_action(state, action)

    def prompt(self, state: PotraState) -> str:
        return expected_input(state)

    def input_help(self, state: PotraState) -> str:
        return HELP

    # -- players --

    def bots(self, seat: int) -> dict[str, str]:
        return BOTS

    def make_player(
        self, name: str, seat: int, config: PotraConfig, think: float = 1.0, iterations: int | None = None
    ) -> Player[PotraObservation, Action]:
        """A bot for ``seat``. ``hard`` thinks ``think`` seconds a move, or runs ``iterations`` deals."""
        if name == "random":
            return RandomPlayer()
        if is_exploiter(name):
            return make_exploiter(self.info.name, name, seat, config)
        if name in ("normal", "easy"):
            return rule_bot(noise=0.25 if name == "easy" else 0.0, name=name)
        if name == "hard":
            return hard(self, think=think, iterations=iterations)
        raise ValueError(f"no Potra Bash bot named {name!r}; choose from {', '.join(BOTS)}")

    def hint(self, state: PotraState, seat: int, text: str, think: float) -> Decision[Action]:
        """The hard bot's move in ``seat``. When the tool cannot see the hand (``--physical``), the person types
        it after ``hint`` (``hint 4 -2 1``)."""
        observation = observe(state, seat)
        legal = list(rules.legal_actions(state))
        if state.hidden[seat] and state.phase == Phase.PLAY:
            cards = hand_from_text(state, seat, text)
            unseen = list(observation.unseen)
            for card in cards:
                unseen[VALUES.index(card)] -= 1
            observation = dataclasses.replace(observation, hand=cards, unseen=tuple(unseen))
            legal = [a for a in legal if not isinstance(a, Play) or a.value in cards]
        player = self.make_player("hard", seat, state.config, think=think)
        return player.decide(observation, legal, random.Random(0))

    # -- for people --

    def describe(self, config: PotraConfig) -> str:
        names = ", ".join(config.name(s) for s in range(config.players))
        options = [
            label
            for label, on in (
                ("physical deck", config.physical),
                (f"next round: {config.next_start}", config.next_start != "next"),
                ("one set per value", config.triples == "one"),
            )
            if on
        ]
        return f"{config.players} players ({names})" + "".join(f", {option}" for option in options)

    def setup_events(self, state: PotraState) -> list[Event]:
        """What to lay out before the first card; in dealer mode each seat's hand, privately."""
        config = state.config
        n = state.n
        size = len(deck(n))
        out = f"Put two cards of each value back in the box ({n} players)." if removed(n) else ""
        starter = config.name(state.starter)
        order = [config.name((state.starter + i) % n) for i in range(n)]
        if config.physical:
            text = (
                f"A deck of {size} cards ({copies(n)} of each value); each player is dealt {HAND_SIZE}, and the "
                f"tool asks for the cards the bots get. {starter} starts."
            )
        else:
            text = (
                f"The tool has shuffled its own deck of {size} cards ({copies(n)} of each value) and dealt "
                f"{HAND_SIZE} to each player: nothing to deal at the table. Centre card: {state.centre}. "
                f"{starter} starts. Type hand NAME to see a hand again."
            )
        table = steps.setup(size, out, order, config.physical, state.centre)
        events = [
            Event("setup", text, {"players": n, "starter": starter, "centre": state.centre}, table=table)
        ]
        if not config.physical:
            for seat in range(n):
                name = config.name(seat)
                cards = " ".join(str(v) for v in state.hands[seat])
                events.append(
                    Event(
                        "hand",
                        f"{name}'s hand: {cards}",
                        {"player": name, "hand": list(state.hands[seat])},
                        private_to=seat,
                    )
                )
        return events

    def board_data(self, state: PotraState, seat: int | None = None) -> dict[str, Any]:
        """The board as data; with ``seat``, that seat's own hand too (never another's)."""
        name = state.config.name
        mover = rules.to_move(state)
        totals = rules.scores(state)
        hand = {} if seat is None else {"hand": list(state.hands[seat])}
        public = rules.public_counts(state)
        return hand | {
            "round": state.round,
            "lap": state.lap,
            "phase": state.phase.name.lower(),
            "to_move": name(mover) if mover >= 0 else ("chance" if mover == CHANCE else None),
            "centre": state.centre,
            "deck": state.deck_size,
            "field": [{"player": name(o), "card": v} for o, v in state.field],
            "sums": {name(s): sum(v for o, v in state.plays if o == s) for s in range(state.n)},
            "hands": {name(s): state.hand_count(s) for s in range(state.n)},
            "piles": {name(s): list(state.piles[s]) for s in range(state.n)},
            "scores": {name(s): totals[s].total for s in range(state.n)},
            "unseen": {str(v): copies(state.n) - public[v] for v in VALUES},
        }

    def render(self, state: PotraState, seat: int | None = None) -> Any:
        """A rich renderable of the table as seen from ``seat`` (its own hand shown) or by everyone."""
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        name = state.config.name
        title = f"Potra Bash · round {state.round}"
        if state.phase == Phase.PLAY:
            title += f" · lap {state.lap}"
        elif state.phase == Phase.TAKE:
            title += " · taking"
        else:
            title += " · game over"
        table = Table(title=title, title_justify="left", pad_edge=False)
        for column in ("player", "hand", "in front", "sum", "scoring pile", "score"):
            table.add_column(
                column, justify="left" if column in ("player", "in front", "scoring pile") else "right"
            )
        totals = rules.scores(state)
        mover = rules.to_move(state)
        for s in range(state.n):
            front = [v for o, v in state.field if o == s] if state.phase != Phase.OVER else []
            played = sum(v for o, v in state.plays if o == s)
            label = name(s) + (" ◀" if s == mover else "")
            table.add_row(
                label,
                str(state.hand_count(s)),
                " ".join(str(v) for v in front),
                str(played) if state.phase == Phase.PLAY else "",
                " ".join(str(v) for v in sorted(state.piles[s], reverse=True)),
                str(totals[s].total),
            )
        public = rules.public_counts(state)
        centre = "waiting to be turned" if CENTRE in state.pending else state.centre
        lines: list[Any] = [table]
        if state.phase == Phase.PLAY:
            lines.append(Text(f"Centre card: {centre} · deck: {state.deck_size}"))
        else:
            lines.append(Text(f"Deck: {state.deck_size}"))
        unseen = " ".join(f"{v}×{copies(state.n) - public[v]}" for v in VALUES)
        lines.append(Text(f"Not yet face up: {unseen}"))
        if seat is not None and state.hidden[seat]:
            lines.append(
                Text(f"{name(seat)}: the tool does not see your {state.hidden[seat]} cards (--physical).")
            )
        elif seat is not None and state.hands[seat]:
            lines.append(Text(f"Your hand ({name(seat)}): " + " ".join(str(v) for v in state.hands[seat])))
        if state.phase == Phase.OVER:
            result = rules.result(state)
            who = " and ".join(name(w) for w in result.winners)
            lines.append(
                Text(f"{who} {'win' if len(result.winners) > 1 else 'wins'}: {result.reason}.", style="bold")
            )
        return Group(*lines)

    def status(self, state: PotraState, seat: int | None = None) -> str:
        """One line for the screen between boards (public facts, and ``seat``'s own hand)."""
        name = state.config.name
        cards = {s: " ".join(str(v) for o, v in state.field if o == s) for s in range(state.n)}
        players = [f"{name(s)} {c}" for s, c in cards.items() if c] or ["nothing"]
        centre = "to turn up" if state.centre is None else str(state.centre)
        # items broken only between them to fit 80 columns: never inside one player's cards ("Bot4 1 -2")
        items = [f"Round {state.round}, lap {state.lap} ·", f"centre {centre} ·", f"deck {state.deck_size} ·"]
        items += [f"in front: {players[0]}", *players[1:]]
        items[3:-1] = [f"{item}," for item in items[3:-1]]
        if seat is not None and state.hands[seat]:
            items[-1] += " ·"
            items.append("your hand: " + " ".join(str(v) for v in state.hands[seat]))
        return fit(items, indent="  ")


def hand_from_text(state: PotraState, seat: int, text: str) -> tuple[int, ...]:
    """The hand a person types for a hint (``4 -2 1``), checked against the cards that can be unseen."""
    words = text.replace(",", " ").split()
    need = state.hand_count(seat)
    if not words:
        raise ParseError(
            f"the tool cannot see your hand: type it after hint, e.g. hint {' '.join(['4', '-2', '1'][:need])}"
        )
    cards: list[int] = []
    for word in words:
        value = parse_value(word)
        if value is None:
            raise ParseError(f"not a card: {word!r}")
        cards.append(value)
    if len(cards) != need:
        raise IllegalError(f"{state.config.name(seat)} holds {steps.cards(need)}, not {len(cards)}")
    unknown = rules.unknown_counts(state)
    for card in cards:
        unknown[card] -= 1
        if unknown[card] < 0:
            raise IllegalError(f"{card} cannot be in your hand: not enough are unseen")
    return tuple(sorted(cards))


GAME = PotraBashGame()

#: What ``help`` prints: one line a topic, wrapped by the screen to its width.
HELP = "\n".join(
    (
        "Cards: 1, 3, 4, -2, -3 (also minus 2, m2). Play a card: 4 (or play 4). Pass in laps 2 and 3: pass.",
        "Take a field card: 4 from Ann (or take 4 ann, 4@ann; just 4 when only one player's 4 may be taken).",
        "--physical: type each card a bot gets, and each new centre card, as it is turned up.",
        "Commands: undo, board, hand NAME (a person's own cards, behind a pass-the-screen prompt), hint "
        "(--physical: hint and your hand, e.g. hint 4 -2 1), help, quit (the game is saved; companion "
        "resume).",
    )
)
