"""RIP behind the game protocol (``ai.protocol.Game``), with its players and its board for people.

At the table the person keeps their own family's deck (``config.physical``): they type the cards they draw
and play; the tool runs the bot's family from a virtual shuffle and says which ghost cards to take from the
bot's physical deck when it plays them. Nothing shown at the table depends on the bot's hand, deck order or
face-down ghost cards before round 10 (``render`` and ``board_data`` read only what the person may know).

- Ruling: in the tutorial the tool shuffles the line and setup names the order in which the person lays the
  hidden starter cards face down; after each round the person turns up the face-down card at the next mansion
  (the leftmost face-down one), so nobody searches the face-down cards, seeing the others (issue 15). The
  person laying them sees them: the tutorial's line is a teaching aid, not a secret kept from the person.
- Ruling: the bot's face-down ghost card stays in its physical deck until round 10 (a coin marks it); the
  tool names it when round 10 reveals it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

from ai.exploit import is_exploiter, make_exploiter
from ai.protocol import CHANCE, Event, GameInfo, Player, RandomPlayer, Result
from ai.rip import rules, steps
from ai.rip.cards import (
    BLUE,
    CASTLE,
    DECK_SIZE,
    GREEN,
    HAND_SIZE,
    INSTANT_WIN,
    LINE_LENGTH,
    MANOR,
    ROUNDS,
    SEAT_NAMES,
    card_catalogue,
    cards_from_dicts,
)
from ai.rip.notation import expected_input, format_action, parse_action
from ai.rip.observation import RipObservation, determinize, observe
from ai.rip.rules import Action, Phase, RipConfig, RipState, state_totals

#: Bots (the same for both families): a name and what it is.
BOTS: dict[str, str] = {
    "random": "picks any legal card or pass",
    "easy": "the normal priority rules with a 25% chance of a random move",
    "normal": "priority rules: fight for castles and game-deciding tokens, concede cheap manors, "
    "bank high cards for round 10",
    "hard": "information-set search (ISMCTS) over the person's unseen cards, heuristic play-outs; "
    "bounded by --think",
}


class RipGame:
    info = GameInfo(
        name="rip",
        title="RIP (Rest in Peace)",
        min_players=2,
        max_players=2,
        perfect_information=False,
        has_chance=True,
        max_length=400,
        seat_names=SEAT_NAMES,
    )

    # -- config --

    def default_config(self) -> RipConfig:
        return RipConfig()

    def config_to_dict(self, config: RipConfig) -> dict[str, Any]:
        return {
            "tutorial": config.tutorial,
            "physical": list(config.physical),
            "first": config.first,
            "named_both_sides": config.named_both_sides,
            "extra_cards": [c.as_dict() for c in config.extra_cards],
            "line": list(config.line),
            "tokens": config.tokens,
        }

    def config_from_dict(self, data: Mapping[str, Any]) -> RipConfig:
        fields = {f.name for f in dataclasses.fields(RipConfig)}
        unknown = set(data) - fields
        if unknown:
            raise ValueError(f"unknown RIP options: {', '.join(sorted(unknown))}")
        values = dict(data)
        values["physical"] = tuple(values.get("physical", ()))
        values["line"] = tuple(values.get("line", ()))
        values["extra_cards"] = cards_from_dicts(values.get("extra_cards", ()))
        return RipConfig(**values)

    # -- rules --

    def initial_state(self, config: RipConfig, seed: int) -> RipState:
        return rules.initial_state(config, seed)

    def num_players(self, state: RipState) -> int:
        return 2

    # The rules' own functions, without a wrapper: the search calls these hundreds of thousands of times.
    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    is_over = staticmethod(rules.is_over)

    def step(self, state: RipState, action: Action) -> tuple[RipState, list[Event]]:
        events: list[Event] = []
        after = rules.apply(state, action, events)
        return after, steps.annotate(state, action, events, after)

    def undo_steps(self, before: RipState, action: Action, after: RipState) -> list[str]:
        """What the hands do to take ``action`` back (public facts only: see ``ai.rip.steps``)."""
        return steps.undo_steps(before, action, after)

    def observation(self, state: RipState, seat: int) -> RipObservation:
        return observe(state, seat)

    def determinize(self, observation: RipObservation, rng: random.Random) -> RipState:
        return determinize(observation, rng)

    def result(self, state: RipState) -> Result:
        if state.phase != Phase.OVER:
            raise ValueError("the game is not over")
        return Result(state.winners, state.reason)

    def seat_name(self, state: RipState, seat: int) -> str:
        return SEAT_NAMES[seat]

    # -- notation --

    def parse_action(self, state: RipState, text: str) -> Action:
        return parse_action(state, text)

    def format_action(self, state: RipState, action: Action) -> str:
        return format_action(state, action)

    def prompt(self, state: RipState) -> str:
        return expected_input(state)

    def input_help(self, state: RipState) -> str:
        return HELP + "\n" + psychic_help(state)

    # -- players --

    def bots(self, seat: int) -> dict[str, str]:
        return BOTS

    def make_player(
        self, name: str, seat: int, config: RipConfig, think: float = 1.0, iterations: int | None = None
    ) -> Player[RipObservation, Action]:
        """A bot for ``seat``. ``hard`` thinks ``think`` seconds a move, or runs ``iterations`` play-outs."""
        from ai.rip.bots import normal
        from ai.rip.hard import hard

        if is_exploiter(name):
            return make_exploiter(self.info.name, name, seat, config)
        if name == "random":
            return RandomPlayer()
        if name in ("normal", "easy"):
            return normal(noise=0.25 if name == "easy" else 0.0, name=name)
        if name == "hard":
            return hard(think=think, iterations=iterations)
        raise ValueError(f"no RIP bot named {name!r}; choose from {', '.join(BOTS)}")

    # -- for people --

    def describe(self, config: RipConfig) -> str:
        """A short label for the history list."""
        label = "tutorial (starter cards)" if config.tutorial else "advanced"
        if config.extra_cards:
            label += f", {len(config.extra_cards)} extra psychic cards"
        if not config.named_both_sides:
            label += ", card 10 own side only"
        if config.physical:
            label += f", you are {' and '.join(SEAT_NAMES[s] for s in config.physical)}"
        return label

    def setup_events(self, state: RipState) -> list[Event]:
        """What to lay out on the table before the first card."""
        config = state.config
        shown = " ".join(str(n) if i < state.revealed else "?" for i, n in enumerate(state.line))
        tokens = " ".join(state.tokens)
        if config.tutorial:
            lay = (
                f"Lay out the psychic cards {shown} in a line, left to right: mansions 1 to {LINE_LENGTH} "
                f"(the first {state.revealed} face up; at the ?s, left to right, the other starter cards face "
                f"down in this order: {' '.join(map(str, state.line[state.revealed :]))}), then the round-10 card."
            )
        else:
            lay = (
                f"Lay out the psychic cards {shown} face up in a line, left to right: mansions 1 to "
                f"{LINE_LENGTH}, then the round-10 card."
            )
        put = f"Put the tokens {tokens} face up on them in the same order (M manor, C castle)."
        events = [
            Event(
                "setup",
                f"The line of mansions: psychic cards {shown} and the round-10 card, with the tokens {tokens}. "
                f"{SEAT_NAMES[state.first]} starts round 1.",
                {
                    "line": [n if i < state.revealed else None for i, n in enumerate(state.line)],
                    "tokens": tokens,
                },
                table=(lay, put),
            )
        ]
        for seat in (GREEN, BLUE):
            name = SEAT_NAMES[seat]
            if seat in config.physical:
                text = f"{name} plays from a real deck."
                table: tuple[str, ...] = (
                    f"{name}: shuffle your {DECK_SIZE} cards face down and draw {HAND_SIZE}.",
                )
            else:
                text = f"The tool has shuffled {name}'s deck and drawn its {HAND_SIZE} cards (kept secret)."
                table = (
                    f"Lay {name}'s {DECK_SIZE} cards aside face up, sorted by value ({name}'s sorted cards): "
                    f"the tool names each card {name} plays, to take from there.",
                )
            events.append(Event("deal", text, {"player": name.lower()}, table=table))
        return events

    def board_data(self, state: RipState, seat: int | None = None) -> dict[str, Any]:
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

    def render(self, state: RipState, seat: int | None = None) -> Any:
        """A rich renderable of the board, as seen from ``seat`` (its own hand shown) or by the table."""
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        title = f"RIP · round {min(state.round, 10)}"
        if state.phase == Phase.OVER:
            title += " · game over"
        line = Table(title=title, title_justify="left", show_edge=True, pad_edge=False)
        line.add_column("round")
        for k in range(1, LINE_LENGTH + 2):
            here = k == state.round and state.phase != Phase.OVER
            line.add_column(f"[{k}]" if here else str(k), justify="center")
        won = {}
        for s in (GREEN, BLUE):
            for k in _rounds_won(state, s):
                won[k] = SEAT_NAMES[s][0]
        cards = [str(n) if i < state.revealed else "?" for i, n in enumerate(state.line)] + ["-"]
        line.add_row("psychic", *cards)
        line.add_row("token", *state.tokens)
        line.add_row("won by", *(won.get(k, "") for k in range(1, LINE_LENGTH + 2)))
        out: list[Any] = [line]
        sides = Table(show_edge=True, pad_edge=False)
        for column in ("family", "tokens", "in play", "total", "hand", "deck", "face down", "psychic owned"):
            sides.add_column(column)
        t = state_totals(state)
        for s in (GREEN, BLUE):
            side = state.sides[s]
            tokens = f"{side.tokens_of(MANOR)}M {side.tokens_of(CASTLE)}C"
            downs = [str(c) for c in side.down if c.psychic]
            hidden = side.down_count - len(downs)
            if seat == s or state.round10 is not None:  # one's own, or everyone's once round 10 is revealed
                downs = [str(c) for c in side.down] + ["?"] * side.hidden_down
                hidden = 0
            down = " ".join(downs + ([f"{hidden} secret"] if hidden else [])) or "-"
            sides.add_row(
                Text(SEAT_NAMES[s], style="green" if s == GREEN else "blue"),
                tokens,
                " ".join(str(x.card) for x in side.table) or "-",
                str(t[s]),
                str(side.hand_size),
                str(len(side.deck) - side.pending),
                down,
                " ".join(f"p{n}" for n in side.owned) or "-",
            )
        out.append(sides)
        out.append(
            Text(
                f"Instant win: {INSTANT_WIN[MANOR]} manors or {INSTANT_WIN[CASTLE]} castles. "
                "Psychic cards: type 'help' for their texts."
            )
        )
        if seat is not None:
            side = state.sides[seat]
            hand = " ".join(map(str, side.hand)) or "nothing"
            if side.hidden_down:
                n = side.hidden_down
                secret = f"{'one lies' if n == 1 else f'{n} lie'} face down by the round-10 card (secret)"
                out.append(Text(f"Your cards ({SEAT_NAMES[seat]}): {hand}; {secret}"))
            else:
                out.append(Text(f"Your hand ({SEAT_NAMES[seat]}): {hand}"))
            if state.phase == Phase.PLAY and state.peeking(seat):  # card 3: until the end of the round
                seen = " ".join(map(str, state.sides[1 - seat].hand)) or "nothing"
                out.append(Text(f"{SEAT_NAMES[1 - seat]}'s hand (card 3): {seen}"))
        if state.phase == Phase.OVER:
            verdict = (
                "A draw"
                if len(state.winners) == 2
                else f"{' and '.join(SEAT_NAMES[w] for w in state.winners)} won"
            )
            out.append(Text(f"{verdict}: {state.reason}.", style="bold"))
        return Group(*out)

    def status(self, state: RipState, seat: int | None = None) -> str:
        """One line for the screen between boards: the round, both totals and ``seat``'s own cards (a secret
        face-down card is among them for the tool: said so, not shown as a card in hand)."""
        t = state_totals(state)
        parts = [f"Round {min(state.round, 10)}", f"Green {t[GREEN]} · Blue {t[BLUE]}"]
        if seat is not None:
            side = state.sides[seat]
            cards = " ".join(map(str, side.hand)) or "nothing"
            if side.hidden_down:
                parts.append(f"your cards: {cards} ({side.hidden_down} of them face down, secret)")
            else:
                parts.append(f"your hand: {cards}")
        parts.append("board: the whole table")
        return " · ".join(parts)


def _rounds_won(state: RipState, seat: int) -> list[int]:
    """The rounds ``seat`` has won so far."""
    return [k for k, w in enumerate(state.won, start=1) if w == seat]


def psychic_help(state: RipState | None = None) -> str:
    cards = state.cards if state is not None else card_catalogue()
    return "Psychic cards:\n" + "\n".join(f"  p{c.id} ({c.level_name}) {c.text}" for c in cards.values())


GAME = RipGame()

#: What ``help`` prints: one line a topic, wrapped by the screen to its width.
HELP = "\n".join(
    (
        "Your turn: type every card you play, then the turn ends: 2 2 5  or  p8 3  (psychic card 8 and a 3).",
        "  p10 4 names the value 4; p2 5 takes a 5 from your deck; p11 p8 / p11 3 discards the "
        "opponent's card.",
        "  Add 'more' to keep the turn after a card (p3 more). pass (or end) plays nothing more: at "
        "equal or lower strength you leave the mansion and lose the round.",
        f"Draws: type the cards you drew from your own deck: 1 4 (at the start: your {HAND_SIZE} cards).",
        "After losing a round: down 5, down p8, down (a secret card: you name it in round 10), or none.",
        f"Round 10 (after round {ROUNDS}): reveal 5 names your secret face-down cards.",
        "Commands: undo, board, hand, hint, help, quit (the game is saved; companion resume).",
    )
)
