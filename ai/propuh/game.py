"""Propuh behind the game protocol (``ai.protocol.Game``), with its players and its board for people."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai.config import config_from_dict, config_to_dict
from ai.levels import make_player, summaries
from ai.propuh import display, rules, steps
from ai.propuh.bots import LEVELS
from ai.propuh.components import (
    MAX_ROUNDS,
    ROLE_NAMES,
    Card,
    card_name,
    role_name,
    role_of,
)
from ai.propuh.notation import expected_input, format_action, parse_action, parse_card
from ai.propuh.observation import PropuhObservation, determinize, observe
from ai.propuh.state import Action, Phase, Play, PropuhConfig, PropuhState
from ai.protocol import (
    Decision,
    Event,
    GameInfo,
    HandNeeded,
    IllegalError,
    Player,
    Result,
    TableGame,
)
from ai.words import ptr, tr, trn


class PropuhGame(TableGame[PropuhState, Action, PropuhObservation, PropuhConfig]):
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
        return config_to_dict(config)

    def config_from_dict(self, data: Mapping[str, Any]) -> PropuhConfig:
        return config_from_dict(PropuhConfig, data, "Propuh")

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

    def round(self, state: PropuhState) -> int | None:
        return state.round

    def observation(self, state: PropuhState, seat: int) -> PropuhObservation:
        return observe(state, seat)

    def undo_steps(self, before: PropuhState, action: Action, after: PropuhState) -> list[str]:
        """What the hands do to take ``action`` back, public facts only (see ``ai.propuh.steps``)."""
        return self.undo_span_steps([before, after], [action])

    def undo_span_steps(self, states: Sequence[PropuhState], actions: Sequence[Action]) -> list[str]:
        """What the hands do to take ``actions`` back together, one step per card (see ``ai.propuh.steps``)."""
        events = [self.step(before, action)[1] for before, action in zip(states, actions, strict=False)]
        return steps.undo_span_steps(states, actions, events)

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

    def seat_fact(self, state: PropuhState, seat: int) -> str:
        return ROLE_NAMES[seat].lower()

    # -- notation --

    def reveals(self, before: PropuhState, action: Action, after: PropuhState, by_bot: bool) -> str | None:
        """A bot's move, or a deal, from the tool's own deck; with a real deck every card was typed at the table
        (the bot's hand too, in view), so nothing is the tool's alone."""
        if before.config.physical:
            return None
        if by_bot:
            return ptr("seen", "{name}'s move", name=role_name(self.to_move(before)))
        if len(after.deck) < len(before.deck):
            return tr("the deal")  # said in "undo stops here: {seen} has been seen"
        return None

    def has_hand_to_show(self, state: PropuhState, seat: int) -> bool:
        """Whether the tool knows the seat's cards (``hand`` shows them): not a person's at a real deck."""
        return seat not in state.config.untracked

    def parse_action(self, state: PropuhState, text: str) -> Action:
        return parse_action(state, text)

    def format_action(self, state: PropuhState, action: Action) -> str:
        return format_action(state, action)

    def prompt(self, state: PropuhState) -> str:
        return expected_input(state)

    def input_help(self, state: PropuhState) -> str:
        return help_text(state.config)

    # -- players --

    def bots(self, seat: int) -> dict[str, str]:
        return summaries(LEVELS, seat)

    def make_player(
        self, name: str, seat: int, config: PropuhConfig, think: float = 1.0, iterations: int | None = None
    ) -> Player[PropuhObservation, Action]:
        """A bot for ``seat``. ``hard`` thinks ``think`` seconds a move, or runs ``iterations`` play-outs."""
        return make_player(self.info.name, ROLE_NAMES[seat], LEVELS, name, seat, config, think, iterations)

    @staticmethod
    def hint_needs_hand(state: PropuhState, seat: int) -> bool:
        """Whether a hint for ``seat`` needs its hand typed (a real deck: the tool does not see it; the session
        refuses the hint when several people share the screen)."""
        return seat in state.config.untracked and state.phase == Phase.PLAY

    def hint(self, state: PropuhState, seat: int, text: str, think: float) -> Decision[Action]:
        """The strongest bot's move in ``seat``. At the solo table the tool cannot see Granny's hand, so the
        person types it after ``hint`` (``hint b3 t2 s4``)."""
        observation = observe(state, seat)
        legal = list(rules.legal_actions(state))
        if self.hint_needs_hand(state, seat):
            cards = hand_from_text(state, seat, text)
            unseen = list(observation.unseen)
            for card in cards:
                unseen[card.kind] -= 1
            observation = dataclasses.replace(observation, hand=cards, unseen=tuple(unseen))
            legal = [a for a in legal if not isinstance(a, Play) or a.card in cards]
        levels = summaries(LEVELS, seat)
        level = "hard" if "hard" in levels else "normal" if "normal" in levels else "automaton"
        player = self.make_player(level, seat, state.config, think=think)
        return player.decide(observation, legal, random.Random(0))

    # -- what the screen shows (ai.propuh.display) --

    describe = staticmethod(display.describe)
    variant = staticmethod(display.variant)
    setup_events = staticmethod(display.setup_events)
    board_data = staticmethod(display.board_data)
    status = staticmethod(display.status)
    render = staticmethod(display.render)


def hand_from_text(state: PropuhState, seat: int, text: str) -> tuple[Card, ...]:
    """The hand a person types for a hint (``b3 t2 s4``), checked against the cards that can be unseen."""
    words = text.replace(",", " ").split()
    need = state.hand_count(seat)
    if not words:
        example = " ".join(["b3", "t2", "s4"][:need])
        raise HandNeeded(
            tr("the tool cannot see your hand: type it after hint, e.g. hint {cards}", cards=example)
        )
    cards = tuple(sorted(parse_card(word) for word in words))
    if len(cards) != need:
        raise IllegalError(
            trn(
                "{name} holds {n} card, not {typed}",
                "{name} holds {n} cards, not {typed}",
                need,
                name=role_of(seat),
                typed=len(cards),
            )
        )
    available = rules.unknown_counts(state)
    for card in cards:
        available[card.kind] -= 1
        if available[card.kind] < 0:
            raise IllegalError(
                tr("{card} cannot be in your hand: not enough are unseen", card=card_name(card))
            )
    return cards


GAME = PropuhGame()


def help_text(config: PropuhConfig) -> str:
    """What ``help`` prints at this table: one line a topic, wrapped by the screen to its width. Cards drawn and
    dealt are typed only at a real deck (the card drawn for Propuh only at the solo table); a hint there needs
    the person's hand typed, and with two people's hands unseen there is none (typed, it would show them)."""
    lines = [
        tr(
            "Cards: suit letter and value: t2 (table 2), s1 (stove 1), b4 (bed 4); door = table, window = bed."
        ),
        tr("Play a card: card then location: b3 t  or  bed 3 on table."),
        tr("Move the figurine (start of a round, before Granny's first card): f b  or  figurine bed."),
    ]
    if config.physical:
        lines.append(
            tr("The card drawn for Propuh: just the card, e.g. s2. Cards dealt: all on one line, e.g. b2 t3.")
            if config.solo
            else tr("Cards dealt: all on one line, e.g. b2 t3.")
        )
    lines.append(tr("End of a round, the figurine's token removal: yes or no."))
    if not config.physical:
        commands = tr(
            "Commands: undo (take back your last input), board, hint, help, quit (the game is saved; companion "
            "resume)."
        )
    elif len(config.untracked) > 1:
        commands = tr(
            "Commands: undo (take back your last input), board, help, quit (the game is saved; companion resume)."
        )
    else:
        commands = tr(
            "Commands: undo (take back your last input), board, hint (add your hand: hint b3 t2 s4), help, quit "
            "(the game is saved; companion resume)."
        )
    return "\n".join((*lines, commands))
