"""Prohis behind the game protocol (``ai.protocol.Game``), with its players and its table for people."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai.config import config_from_dict, config_to_dict
from ai.levels import make_player, summaries
from ai.prohis import display, rules, score, steps
from ai.prohis.bots import LEVELS
from ai.prohis.bots.card import smuggler
from ai.prohis.components import (
    KINDS,
    NAMES,
    UNKNOWN,
    card_name,
    deck_counts,
)
from ai.prohis.notation import expected_input, format_action, parse_action, parse_cards
from ai.prohis.observation import ProhisObservation, determinize, observe
from ai.prohis.rules import Act, Phase, ProhisConfig, ProhisState
from ai.prohis.score import Count
from ai.prohis.state import TURN_OVER
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
from ai.words import ptr, tr, trn, typed_forms


class ProhisGame(TableGame[ProhisState, "Act | Count", ProhisObservation, ProhisConfig]):
    info = GameInfo(
        name="prohis",
        title="Prohis",
        min_players=3,
        max_players=6,
        perfect_information=False,
        has_chance=True,
        max_length=2000,
        seat_names=("every seat",),
    )

    # -- config --

    def default_config(self) -> ProhisConfig:
        return ProhisConfig()

    def config_to_dict(self, config: ProhisConfig) -> dict[str, Any]:
        return config_to_dict(config)

    def config_from_dict(self, data: Mapping[str, Any]) -> ProhisConfig:
        return config_from_dict(ProhisConfig, data, "Prohis")

    def seat_levels(self, config: ProhisConfig, levels: Sequence[str | None]) -> ProhisConfig:
        """The seats of the paper automa (``ai.prohis.bots.automa``) hold their goods face down: ``blind``."""
        blind = tuple(s for s, level in enumerate(levels) if level == "automa")
        return dataclasses.replace(config, blind=blind)

    # -- rules --

    def initial_state(self, config: ProhisConfig, seed: int) -> ProhisState:
        return rules.initial_state(config, seed)

    def num_players(self, state: ProhisState) -> int:
        return state.n

    def to_move(self, state: ProhisState) -> int:
        return rules.to_move(state)

    def legal_actions(self, state: ProhisState) -> Sequence[Act]:
        return rules.legal_actions(state)

    def apply(self, state: ProhisState, action: Act | Count) -> ProhisState:
        if isinstance(action, Count):
            return rules.apply_count(state, action.warehouse, action.hand)
        return rules.apply(state, action)

    def step(self, state: ProhisState, action: Act | Count) -> tuple[ProhisState, list[Event]]:
        events: list[Event] = []
        if isinstance(action, Count):
            after = rules.apply_count(state, action.warehouse, action.hand, events)
        else:
            after = rules.apply(state, action, events)
            events = steps.annotate(state, action, events, after)
        if after.phase == Phase.COUNT:  # the next count is asked (of a person, privately)
            events += score.ask_events(after)
        return after, events

    def undo_steps(self, before: ProhisState, action: Act | Count, after: ProhisState) -> list[str]:
        """What the hands do to take ``action`` back (public facts only: see ``ai.prohis.steps``)."""
        return self.undo_span_steps([before, after], [action])

    def undo_span_steps(self, states: Sequence[ProhisState], actions: Sequence[Act | Count]) -> list[str]:
        """The steps that take ``actions`` back together, latest first (``ai.prohis.steps.undo_span_steps``:
        a display card laid and put back before its slot changed again is no round trip at the table)."""
        inputs = []
        for before, action in zip(states, actions, strict=False):
            if isinstance(action, Count):
                continue  # a count moves no card
            events: list[Event] = []
            rules.apply(before, action, events)
            inputs.append((before, action, events))
        return steps.undo_span_steps(inputs)

    def observation(self, state: ProhisState, seat: int) -> ProhisObservation:
        return observe(state, seat)

    def determinize(self, observation: ProhisObservation, rng: random.Random) -> ProhisState:
        return determinize(observation, rng)

    def is_over(self, state: ProhisState) -> bool:
        return state.phase == Phase.OVER

    def result(self, state: ProhisState) -> Result:
        if state.phase != Phase.OVER:
            raise ValueError("the game is not over")
        return rules.result_of(state)

    def seat_name(self, state: ProhisState, seat: int) -> str:
        return state.config.name(seat)

    def reveals(
        self, before: ProhisState, action: Act | Count, after: ProhisState, by_bot: bool
    ) -> str | None:
        """A bot's move, a card from the tool's pile (a draw, a display refilled) or a card of a convoy the tool
        keeps turned over; with a real deck every card a bot gets is typed at the table, and what a person's
        convoy holds its owner types when it is turned."""
        if before.config.physical:
            return None
        if by_bot:
            return super().reveals(before, action, after, by_bot)
        if len(after.pile) < len(before.pile):
            return tr("the card drawn")
        if isinstance(action, Act) and action.verb == TURN_OVER:
            return ptr("seen", "the card turned over")  # said in "undo stops here: {seen} has been seen"
        return None

    # -- notation --

    def parse_action(self, state: ProhisState, text: str) -> Act | Count:
        if state.phase == Phase.COUNT:
            return score.parse_count(state, text)
        return parse_action(state, text)

    def secret_input(self, state: ProhisState) -> bool:
        """Whether the next input is typed behind its person's gate: one that may name hidden cards (a turn,
        where a convoy is typed with its cards; a bribe; the count), the rest of a turn begun there (after a
        display card, the pile's top is drawn on the same screen, its card shown there without a second gate),
        the answer to a bribe whose cards the inspector was shown (the offer stays on their screen while
        they choose), and in dealer mode whether to inspect with a controller (the tool keeps the hand, so
        refusing a controller it does not hold tells what it lacks). The session asks only of a person's input
        with several people at one screen."""
        if state.pending:
            return False
        offer = state.phase == Phase.JUDGE and sum(state.bribe) > state.bribe[UNKNOWN]
        commit = state.phase == Phase.COMMIT and state.tracked(state.asking)
        return offer or commit or state.phase in (Phase.TURN, Phase.SECOND, Phase.BRIBE, Phase.COUNT)

    def secret_reminder(self, state: ProhisState, seat: int) -> str | None:
        """Said behind the gate when a secret input opens anew (after an undo, after resuming): the bribe the
        inspector was shown, with the question it answers."""
        return display.offer_text(state, seat)

    def format_action(self, state: ProhisState, action: Act | Count) -> str:
        if isinstance(action, Count):
            return score.format_count(action)
        return format_action(state, action)

    def prompt(self, state: ProhisState) -> str:
        if state.phase == Phase.COUNT:
            return score.expected(state)
        return expected_input(state)

    def input_help(self, state: ProhisState) -> str:
        return help_text(state.config.physical, len(state.config.untracked))

    # -- players --

    def bots(self, seat: int) -> dict[str, str]:
        return summaries(LEVELS, seat)

    def make_player(
        self, name: str, seat: int, config: ProhisConfig, think: float = 1.0, iterations: int | None = None
    ) -> Player[ProhisObservation, Act]:
        """A bot for ``seat``. ``hard`` thinks ``think`` seconds a move, or runs ``iterations`` deals."""
        return make_player(self.info.name, "Prohis", LEVELS, name, seat, config, think, iterations)

    @staticmethod
    def has_hand_to_show(state: ProhisState, seat: int) -> bool:
        """Whether ``hand`` has anything of the seat's own to show (``display.own_lines``): at a real deck a
        person's hand is theirs alone, and their view is the table's until something of theirs went into their
        warehouse in view or a bribe awaits their answer."""
        return bool(display.own_lines(state, seat))

    @staticmethod
    def hint_needs_hand(state: ProhisState, seat: int) -> bool:
        """Whether a hint for ``seat`` needs its hand typed (a real deck: the tool does not see it; the session
        refuses the hint at the shared prompt when several people share the screen, typed hand or not)."""
        return bool(observe(state, seat).hand[UNKNOWN])

    def no_hint(self, state: ProhisState) -> str | None:
        """Why ``hint`` has nothing to say now, if so: the steps where no bot decides anything (said before any
        search starts, so nobody is shown thinking about them)."""
        if state.phase == Phase.COUNT:
            return tr("no hint for the count: count your own cards")
        if state.phase == Phase.REVEAL:  # no decision of the card: the person only says what the card shows
            return tr("no hint here: type the card turned over")
        if state.phase == Phase.PICK:  # the backs look alike: no card is a better pick than another
            return tr(
                "no hint here: the convoy's cards lie alike face down, so any one is as good a pick as another"
            )
        return None

    def hint(self, state: ProhisState, seat: int, text: str, think: float) -> Decision[Act]:
        """The normal bot's move in ``seat``. The tool cannot see a person's hand: type it after ``hint``
        (``hint g g x l c i``)."""
        why = self.no_hint(state)
        if why is not None:
            raise IllegalError(why)
        observation = observe(state, seat)
        legal = list(rules.legal_actions(state))
        if observation.hand[UNKNOWN]:
            if not text.strip():
                raise HandNeeded(tr("the tool cannot see your hand: type it after hint, e.g. hint g g x c i"))
            cards = parse_cards(text.split())
            if len(cards) != observation.hand[UNKNOWN] or UNKNOWN in cards:
                raise IllegalError(
                    trn(
                        "you hold {n} card, not {typed}",
                        "you hold {n} cards, not {typed}",
                        observation.hand[UNKNOWN],
                        typed=len(cards),
                    )
                )
            hand = rules.counts_of(cards)
            unseen = list(observation.unseen)
            for k in KINDS:
                unseen[k] -= hand[k]
                if unseen[k] < 0:
                    raise IllegalError(
                        tr("not that many {card} cards can be in your hand", card=card_name(k))
                    )
            observation = dataclasses.replace(observation, hand=hand, unseen=tuple(unseen))
            probe = dataclasses.replace(state, hands=_with(state.hands, seat, hand))
            legal = list(rules.legal_actions(probe))
        # the person's own move: the full reason, figures included
        return smuggler().decide(observation, legal, random.Random(0))

    # -- what the screen shows (ai.prohis.display) --

    describe = staticmethod(display.describe)
    variant = staticmethod(display.variant)
    setup_events = staticmethod(display.setup_events)
    board_data = staticmethod(display.board_data)
    render = staticmethod(display.render)
    status = staticmethod(display.status)


def _with(items: tuple[rules.Counts, ...], seat: int, value: rules.Counts) -> tuple[rules.Counts, ...]:
    out = list(items)
    out[seat] = value
    return tuple(out)


def components() -> dict[int, dict[str, int]]:
    """The cards in play per player count (for printables and the score check)."""
    return {n: dict(zip(NAMES, deck_counts(n), strict=False)) for n in range(3, 7)}


GAME = ProhisGame()


#: What ``help`` prints: one line a topic, wrapped by the screen to its width.
def help_text(physical: bool, people: int = 1) -> str:
    """What can be typed: at a real deck a person's cards stay unseen (a convoy or a bribe by its size, a hint
    with the hand typed, behind the person's own screen when several ``people`` share it, the count at the end);
    in dealer mode the tool keeps every hand."""
    if physical:
        convoy = tr(
            "convoy 3 (your face-down convoy of 3 cards; the tool never sees it) or convoy x g g (the cards as "
            "they lie, left to right)"
        )
        bribe = tr("bribe g g (to a bot, name the cards; to a person, bribe 2 is enough)")
        inspected = tr(
            'Your convoy is inspected: the card turned is named ("the 2nd from your left"), you type what it '
            "shows (x)."
        )
    else:
        convoy = tr("convoy x g g (your cards, left to right as you lay them)")
        bribe = tr("bribe g g")
        inspected = tr('Your convoy is inspected: the card turned is named ("the 2nd from your left").')
    lines = [
        tr(
            "Cards: g legal, x illegal, l lieutenant, c captain, i inspector (major); counts may prefix: 2g x."
        ),
        tr(
            "Your turn: take x (a display card; then take another, pile, or stop), pile (the top card), {convoy}, "
            "pass (once the pile is empty).",
            convoy=convoy,
        ),
        tr(
            "Someone's convoy: inspect l / inspect c / inspect i, or no. As the inspector: accept / refuse a "
            "bribe; with no bribe: inspect / decline; then turn 2 (the card to turn over, counted from its "
            "owner's left), one at a time."
        )
        + " "
        + inspected,
        tr("Offer a bribe: {bribe}, or no bribe.", bribe=bribe),
    ]
    if physical:
        lines += [
            tr("Type each card a bot gets and each new display card (g, x or l), one or several at a time."),
            tr(
                "At the end: your warehouse and hand as WAREHOUSE/HAND (4g 2x c/g i); a bot's warehouse turned "
                "over: its cards."
            ),
        ]
    if physical and people > 1:  # the hand typed for a hint would show: only behind the person's own screen
        hint = tr("hint CARDS behind your own screen (your hand, e.g. hint g g x c i)")
    elif physical:
        hint = tr("hint CARDS (your hand, e.g. hint g g x c i)")
    else:
        hint = (*typed_forms("hint"), "hint")[0]
    lines.append(tr("Commands: undo, board, hand, {hint}, help, quit (companion resume).", hint=hint))
    return "\n".join(lines)
