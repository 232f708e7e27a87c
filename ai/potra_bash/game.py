"""Potra Bash behind the game protocol (``ai.protocol.Game``), with its players and its board for people."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai.config import config_from_dict, config_to_dict
from ai.levels import make_player, summaries
from ai.potra_bash import display, rules, steps
from ai.potra_bash.bots import AUTOMA, LEVELS
from ai.potra_bash.components import MAX_PLAYERS, MIN_PLAYERS, VALUES
from ai.potra_bash.notation import (
    expected_input,
    format_action,
    key,
    parse_action,
    parse_value,
    shown_take,
    whereabouts,
)
from ai.potra_bash.observation import PotraObservation, determinize, observe
from ai.potra_bash.rules import Action, Phase, Play, PotraConfig, PotraState
from ai.protocol import (
    Decision,
    Event,
    GameInfo,
    HandNeeded,
    IllegalError,
    ParseError,
    Player,
    Result,
    TableGame,
)
from ai.words import quoted, tr, trn


class PotraBashGame(TableGame[PotraState, Action, PotraObservation, PotraConfig]):
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
        return config_to_dict(config)

    def config_from_dict(self, data: Mapping[str, Any]) -> PotraConfig:
        return config_from_dict(PotraConfig, data, "Potra Bash")

    def seat_levels(self, config: PotraConfig, levels: Sequence[str | None]) -> PotraConfig:
        """The ``automa`` seats hold their hand as a face-down pile (``blind``); with a real deck nobody types
        its cards (``untracked``)."""
        blind = tuple(s for s, level in enumerate(levels) if level == AUTOMA)
        untracked = tuple(sorted({*config.untracked, *blind})) if config.physical else config.untracked
        return dataclasses.replace(config, blind=blind, untracked=untracked)

    # -- rules --

    def initial_state(self, config: PotraConfig, seed: int) -> PotraState:
        return rules.initial_state(config, seed)

    def num_players(self, state: PotraState) -> int:
        return state.n

    # the protocol layer's functions themselves: the arena and the search call them at every step
    is_over = staticmethod(rules.is_over)
    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def step(self, state: PotraState, action: Action) -> tuple[PotraState, list[Event]]:
        events: list[Event] = []
        return rules.apply(state, action, events), events

    def round(self, state: PotraState) -> int | None:
        return state.round

    def observation(self, state: PotraState, seat: int) -> PotraObservation:
        return observe(state, seat)

    def undo_steps(self, before: PotraState, action: Action, after: PotraState) -> list[str]:
        """What the hands do to take ``action`` back, public facts only (``ai.potra_bash.steps.undo_steps``)."""
        events: list[Event] = []
        rules.apply(before, action, events)
        return steps.undo_steps(before, action, events)

    def determinize(self, observation: PotraObservation, rng: random.Random) -> PotraState:
        return determinize(observation, rng)

    def result(self, state: PotraState) -> Result:
        return rules.result(state)

    def seat_name(self, state: PotraState, seat: int) -> str:
        return state.config.name(seat)

    def reveals(self, before: PotraState, action: Action, after: PotraState, by_bot: bool) -> str | None:
        """A bot's card, or a card from the tool's own deck: a new round's deal, or the card a person's play drew
        in laps 1 and 2; with a real deck every bot's card was typed at the table, so nothing is the tool's
        alone."""
        if before.config.physical:
            return None
        if by_bot:
            return super().reveals(before, action, after, by_bot)
        if len(after.deck) < len(before.deck):  # said in "undo stops here: {seen} has been seen"
            return tr("the deal") if after.round != before.round else tr("the card drawn")
        return None

    def reveals_in_private(self, before: PotraState, action: Action, after: PotraState) -> bool:
        """The card a person's play drew from the tool's deck goes to that person's news alone; a new round's deal
        turns its centre card up for everyone."""
        return not before.config.physical and after.round == before.round

    def has_hand_to_show(self, state: PotraState, seat: int) -> bool:
        """Whether the tool knows the seat's cards (``hand`` shows them): not a person's at a real deck."""
        return seat not in state.config.untracked and seat not in state.config.blind

    # -- notation --

    def parse_action(self, state: PotraState, text: str) -> Action:
        return parse_action(state, text)

    def format_action(self, state: PotraState, action: Action) -> str:
        return format_action(state, action)

    def prompt(self, state: PotraState) -> str:
        return expected_input(state)

    def input_help(self, state: PotraState) -> str:
        return help_text(state)

    # -- players --

    def bots(self, seat: int) -> dict[str, str]:
        return summaries(LEVELS, seat)

    def make_player(
        self, name: str, seat: int, config: PotraConfig, think: float = 1.0, iterations: int | None = None
    ) -> Player[PotraObservation, Action]:
        """A bot for ``seat``. ``hard`` thinks ``think`` seconds a move, or runs ``iterations`` deals."""
        return make_player(self.info.name, "Potra Bash", LEVELS, name, seat, config, think, iterations)

    @staticmethod
    def hint_needs_hand(state: PotraState, seat: int) -> bool:
        """Whether a hint for ``seat`` needs its hand typed (``--physical``: the tool does not see it; the
        session refuses the hint when several people share the screen)."""
        return bool(state.hidden[seat]) and state.phase == Phase.PLAY

    def hint(self, state: PotraState, seat: int, text: str, think: float) -> Decision[Action]:
        """The hard bot's move in ``seat``. When the tool cannot see the hand (``--physical``), the person types
        it after ``hint`` (``hint 4 -2 1``)."""
        observation = observe(state, seat)
        legal = list(rules.legal_actions(state))
        if self.hint_needs_hand(state, seat):
            cards = hand_from_text(state, seat, text)
            unseen = list(observation.unseen)
            for card in cards:
                unseen[VALUES.index(card)] -= 1
            observation = dataclasses.replace(observation, hand=cards, unseen=tuple(unseen))
            legal = [a for a in legal if not isinstance(a, Play) or a.value in cards]
        player = self.make_player("hard", seat, state.config, think=think)
        return player.decide(observation, legal, random.Random(0))

    # -- what the screen shows (ai.potra_bash.display) --

    describe = staticmethod(display.describe)
    variant = staticmethod(display.variant)
    setup_events = staticmethod(display.setup_events)
    board_data = staticmethod(display.board_data)
    render = staticmethod(display.render)
    status = staticmethod(display.status)


def hand_from_text(state: PotraState, seat: int, text: str) -> tuple[int, ...]:
    """The hand a person types for a hint (``4 -2 1``), checked against the cards that can be unseen."""
    words = text.replace(",", " ").split()
    need = state.hand_count(seat)
    if not words:
        raise HandNeeded(
            tr(
                "the tool cannot see your hand: type it after hint, e.g. hint {example}",
                example=" ".join(["4", "-2", "1"][:need]),
            )
        )
    cards: list[int] = []
    for word in words:
        value = parse_value(word)
        if value is None:
            raise ParseError(tr("not a card: {word}", word=quoted(word)))
        cards.append(value)
    if len(cards) != need:
        raise IllegalError(
            trn(  # the name after "hand": Russian then keeps a typed name as typed («в руке игрока Аня»)
                "{name}'s hand holds {n} card, not {typed}",
                "{name}'s hand holds {n} cards, not {typed}",
                need,
                name=state.config.name(seat),
                typed=len(cards),
            )
        )
    unknown = rules.unknown_counts(state)
    for card in cards:
        unknown[card] -= 1
        if unknown[card] < 0:
            raise IllegalError(
                tr(
                    "{value} cannot be in your hand that often: {placed}",
                    value=card,
                    placed=whereabouts(state, card),
                )
            )
    return tuple(sorted(cards))


GAME = PotraBashGame()


def help_text(state: PotraState) -> str:
    """What ``help`` prints: one line a topic, wrapped by the screen to its width; a take's example names a
    player at this table."""
    owner = 1 % state.n
    return "\n".join(
        (
            tr(
                "Cards: 1, 3, 4, -2, -3 (also minus 2, m2). Play a card: 4 (or play 4). Pass in laps 2 and 3: pass "
                "(or x, skip, no)."
            ),
            tr(
                "Take a field card: {take} (or take 4 {typed}, 4@{typed}; just 4 when only one player's 4 may be "
                "taken).",
                take=shown_take(state, 4, owner),
                typed=key(state.config.name(owner)),
            ),
            *(
                (tr("Type each card a bot gets, and each new centre card, as it is turned up."),)
                if state.config.physical
                else ()
            ),
            _commands(state.config),
        )
    )


def _commands(config: PotraConfig) -> str:
    """The commands line: at a real deck the cards and scoring piles are the real ones (``hand`` has nothing to
    show), a hint needs the person's hand typed, and with several people there is none (typed, it would show them
    to the others)."""
    if not config.physical:
        return tr(
            "Commands: undo, board, hand NAME (a person's own cards and scoring pile, behind a pass-the-screen "
            "prompt), hint, help, quit (the game is saved; companion resume)."
        )
    if len(set(config.untracked) - set(config.blind)) > 1:
        return tr("Commands: undo, board, help, quit (the game is saved; companion resume).")
    return tr(
        "Commands: undo, board, hint (add your hand: hint 4 -2 1), help, quit (the game is saved; companion resume)."
    )
