"""RIP behind the game protocol (``ai.protocol.Game``), with its players and its board for people.

At the table the person keeps their own family's deck (``config.physical``): they type the cards they draw
and play; the tool runs the bot's family from a virtual shuffle and says which ghost cards to take from the
bot's physical deck when it plays them. Nothing shown at the table depends on the bot's hand, deck order or
face-down ghost cards before round 10 (``render`` and ``board_data`` read only what the person may know).

- Ruling: in the tutorial the tool shuffles the line and keeps the order of the starter cards to come secret
  (the bot's observation never had it): the person lays the first three face up, keeps a place for each of the
  other six and puts those aside; after each round the tool names the next, taken from there and laid face up
  at its mansion. Nobody turns up a face-down card, so nobody searches them, and the order is known to nobody
  at the table: the person knows no more than the bot.
- Ruling: the bot's face-down ghost card stays in its physical deck until round 10 (a coin marks it); the
  tool names it when round 10 reveals it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai.config import config_from_dict, config_to_dict
from ai.levels import make_player, summaries
from ai.protocol import Decision, Event, GameInfo, Player, Result, TableGame
from ai.rip import display, rules, steps
from ai.rip.bots import LEVELS
from ai.rip.components import (
    BLUE,
    HAND_SIZE,
    ROUNDS,
    SEAT_NAMES,
    card_catalogue,
    cards_from_dicts,
)
from ai.rip.notation import expected_input, format_action, parse_action, parse_typed
from ai.rip.observation import RipObservation, determinize, observe
from ai.rip.rules import Action, Phase, RipConfig, RipState
from ai.rip.state import replace
from ai.words import ptr, tr


class RipGame(TableGame[RipState, Action, RipObservation, RipConfig]):
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
        return config_to_dict(config)

    def config_from_dict(self, data: Mapping[str, Any]) -> RipConfig:
        return config_from_dict(RipConfig, data, "RIP", readers={"extra_cards": cards_from_dicts})

    def seat_levels(self, config: RipConfig, levels: Sequence[str | None]) -> RipConfig:
        """The paper automa's seats hold their hand face down, unseen by everyone (``RipConfig.automa``)."""
        automa = tuple(seat for seat, level in enumerate(levels) if level == "automa")
        return config if automa == config.automa else replace(config, automa=automa)

    # -- rules --

    def initial_state(self, config: RipConfig, seed: int) -> RipState:
        return rules.initial_state(config, seed)

    def num_players(self, state: RipState) -> int:
        return 2

    # The rules' own functions, without a wrapper: the search calls these hundreds of thousands of times. Three
    # are no plain functions (the engine's methods, a snapshot being an engine; an attribute getter), which mypy
    # does not take for the protocol's methods.
    to_move = staticmethod(rules.to_move)  # type: ignore[assignment]
    legal_actions = staticmethod(rules.legal_actions)  # type: ignore[assignment]
    apply = staticmethod(rules.apply)
    is_over = staticmethod(rules.is_over)  # type: ignore[assignment]

    def step(self, state: RipState, action: Action) -> tuple[RipState, list[Event]]:
        events: list[Event] = []
        after = rules.apply(state, action, events)
        return after, steps.annotate(state, action, events, after)

    def undo_steps(self, before: RipState, action: Action, after: RipState) -> list[str]:
        """What the hands do to take ``action`` back (public facts only: see ``ai.rip.steps``)."""
        return steps.undo_steps(before, action, after)

    def undo_span_steps(self, states: Sequence[RipState], actions: Sequence[Action]) -> list[str]:
        """The steps that take ``actions`` back together: a turn's ghost cards in one step."""
        return steps.undo_span_steps(states, actions)

    def round(self, state: RipState) -> int | None:
        return state.round

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

    def seat_fact(self, state: RipState, seat: int) -> str:
        return SEAT_NAMES[seat].lower()

    def reveals(self, before: RipState, action: Action, after: RipState, by_bot: bool) -> str | None:
        """A bot's move (from a hand the tool holds); the automa's with a real deck shows nothing only the tool
        knew: it decides from the public table and a die, and every card of it is turned over by the table."""
        if by_bot and before.config.automa_physical and rules.to_move(before) in before.config.automa:
            return None
        if by_bot:  # a whole phrase per family: Russian declines its name ("ход Синего")
            return (
                ptr("seen", "Blue's move") if rules.to_move(before) == BLUE else ptr("seen", "Green's move")
            )
        return super().reveals(before, action, after, by_bot)

    # -- notation --

    def parse_action(self, state: RipState, text: str) -> Action:
        return parse_action(state, text)

    def parse_typed(self, state: RipState, text: str) -> Action:
        return parse_typed(state, text)

    def format_action(self, state: RipState, action: Action) -> str:
        return format_action(state, action)

    def prompt(self, state: RipState) -> str:
        return expected_input(state)

    def input_help(self, state: RipState) -> str:
        real = real_automa_help() + "\n" if state.config.automa_physical and state.config.automa else ""
        return table_help() + "\n" + real + psychic_help(state)

    # -- players --

    def bots(self, seat: int) -> dict[str, str]:
        return summaries(LEVELS, seat)

    def hint(self, state: RipState, seat: int, text: str, think: float) -> Decision[Action]:
        """The ``hard`` bot's move for ``seat`` and what it does for the person, in plain words
        (``ai.rip.bots.hard.hint``; imported here: a table of rule bots never loads the search)."""
        from ai.rip.bots.hard import hint

        return hint(state, seat, think)

    def no_hint(self, state: RipState) -> str | None:
        """Why ``hint`` has nothing to say now, if so: round 10's reveal is no decision, the person only types
        the cards they kept secret."""
        if state.phase == Phase.REVEAL:
            return tr("no hint here: turn up your secret face-down cards and type them, e.g. reveal 5")
        if state.turning is not None:
            return tr("no hint here: turn over the automa's card as asked and type it")
        return None

    def make_player(
        self, name: str, seat: int, config: RipConfig, think: float = 1.0, iterations: int | None = None
    ) -> Player[RipObservation, Action]:
        """A bot for ``seat``. ``hard`` thinks ``think`` seconds a move, or runs ``iterations`` play-outs."""
        return make_player(self.info.name, "RIP", LEVELS, name, seat, config, think, iterations)

    # -- what the screen shows (ai.rip.display) --

    describe = staticmethod(display.describe)
    variant = staticmethod(display.variant)
    setup_events = staticmethod(display.setup_events)
    board_data = staticmethod(display.board_data)
    render = staticmethod(display.render)
    status = staticmethod(display.status)


def psychic_help(state: RipState | None = None) -> str:
    """The psychic cards in play: a game's nine in its line, in number order (the tutorial's help lists no card
    of the advanced game); without a game, every card."""
    cards = state.cards if state is not None else card_catalogue()
    shown = [c for n, c in sorted(cards.items()) if state is None or n in state.line]
    return (
        tr("Psychic cards:") + "\n" + "\n".join(f"  p{c.id} ({tr(c.level_name)}) {tr(c.text)}" for c in shown)
    )


GAME = RipGame()


def real_automa_help() -> str:
    """``help``'s line for the automa's real deck (``--physical``)."""
    return tr("The automa's real deck: type each card the table turns over for it: 3 (or turned 3).")


def table_help() -> str:
    """What ``help`` prints: one line a topic, wrapped by the screen to its width."""
    return "\n".join(
        (
            tr(
                "Your turn: type every card you play, then the turn ends: 2 2 5  or  p8 3  (psychic card 8 and a 3)."
            ),
            tr(
                "  p10 4 names the value 4; p2 5 takes a 5 from your deck; p11 p8 / p11 3 discards the opponent's "
                "card."
            ),
            tr(
                "  Add 'more' to keep the turn after a card (p3 more). pass (or end) plays nothing more: at equal or "
                "lower strength you leave the mansion and lose the round."
            ),
            tr(
                "  Cards that would leave you behind are asked about first: type more, or add leave (2 leave)."
            ),
            tr(
                "Draws: type the cards you drew from your own deck: 1 4 (at the start: your {hand} cards).",
                hand=HAND_SIZE,
            ),
            tr(
                "After losing a round: down 5, down p8, down (a secret card: you name it in round 10), or none."
            ),
            tr("Round 10 (after round {rounds}): reveal 5 names your secret face-down cards.", rounds=ROUNDS),
            tr("Commands: undo, board, hand, hint, help, quit (the game is saved; companion resume)."),
        )
    )
