"""RIP: every event that changes the table says what the hands do, and every action has steps to take it back."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.rip.components import BLUE, GREEN
from ai.rip.game import GAME
from ai.rip.rules import Down, RipConfig, RipState, Turn
from ai.words import language

#: Events after which someone at the table moves a card or a token (the others only say who is to act).
TABLE_KINDS = {"play", "round", "psychic", "draw", "reveal_line", "down", "reveal", "round10"}


def random_game(seed: int, config: RipConfig) -> list[tuple[RipState, object, RipState, list]]:
    rng = random.Random(seed)
    state = GAME.initial_state(config, seed)
    steps = []
    while not GAME.is_over(state):
        action = rng.choice(list(GAME.legal_actions(state)))
        after, events = GAME.step(state, action)
        steps.append((state, action, after, events))
        state = after
    return steps


CONFIGS = st.sampled_from(
    [
        RipConfig(physical=(GREEN,)),
        RipConfig(physical=(BLUE,), tutorial=True),
        RipConfig(),
        RipConfig(physical=(GREEN, BLUE)),
    ]
)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), config=CONFIGS)
def test_every_event_that_changes_the_table_has_steps_and_every_action_undo_steps(
    seed: int, config: RipConfig
) -> None:
    for before, action, after, events in random_game(seed, config):
        for event in events:
            if event.kind in TABLE_KINDS and event.private_to is None:
                assert event.table, (event.kind, event.text)
            assert all(step.strip() for step in event.table)
        undo = GAME.undo_steps(before, action, after)
        assert all(step.strip() for step in undo)
        assert bool(undo) == moved(events), (action, undo)  # steps back exactly when something moved
        # one step for the cards that go back the same way (a trial read "Put the 1 … back" twice)
        assert len(set(undo)) == len(undo), undo
        # public facts only: a bot's face-down ghost card is never named before round 10 reveals it
        down = isinstance(action, Down) and action.card is not None and not action.card.psychic
        if down and before.loser not in config.physical and after.round10 is None:
            assert isinstance(action, Down) and action.card is not None
            assert not [s for s in undo if re.search(rf"(?<![\w-]){action.card.n}(?!\w)", s)]


def _play(state: RipState, text: str) -> tuple[RipState, list, list[str]]:
    action = GAME.parse_action(state, text)
    after, events = GAME.step(state, action)
    return after, events, GAME.undo_steps(state, action, after)


def test_a_bot_card_comes_from_its_sorted_cards_and_goes_back_there_on_undo() -> None:
    config = RipConfig(physical=(GREEN,), first=BLUE, line=(4, 5, 8, 9, 1, 2, 3, 6, 7), tokens="MMMMMMCCCC")
    state = GAME.initial_state(config, 3)
    state, events, undo = _play(state, "1 1 2 3 5")
    assert events[0].table == ("Green: the cards you drew (1 1 2 3 5) stay in your hand.",)
    assert undo == ["Green: put the 5 cards you drew (1 1 2 3 5) back on top of your deck."]
    hand = state.sides[BLUE].hand
    _, events, undo = _play(state, f"{hand[0]} more")
    assert events[0].table == (
        f"Take a {hand[0]} from Blue's sorted cards and put it face up on Blue's side of mansion 1.",
    )
    assert undo == [f"Put the {hand[0]} from Blue's side of mansion 1 back among Blue's sorted cards."]


def test_ending_a_round_names_the_token_the_psychic_card_and_their_way_back() -> None:
    config = RipConfig(physical=(GREEN,), first=GREEN, line=(4, 5, 8, 9, 1, 2, 3, 6, 7), tokens="CMMMMMMCCC")
    state = GAME.initial_state(config, 3)
    state, _, _ = _play(state, "1 1 2 3 5")
    state, _, _ = _play(state, "5")
    # Blue plays nothing and leaves: Green takes the castle, Blue psychic card 4
    _, events, undo = _play(state, "pass")
    steps = [step for event in events for step in event.table]
    assert "Green takes the castle token from mansion 1." in steps
    assert "Blue takes psychic card 4 from mansion 1 and keeps it face up in front of Blue." in steps
    assert undo[:2] == [
        "Take the castle token back from Green and put it on mansion 1.",
        "Put psychic card 4 back on mansion 1 (from the cards in front of Blue).",
    ]
    with language("ru"):  # the family declined as the sentence needs (a trial: «перед Зелёного»)
        _, _, undo = _play(state, "pass")
    assert undo[1] == "Верните карту экстрасенса 4 на особняк 1 (из карт перед Синим)."


def test_face_down_cards_a_persons_back_to_hand_a_bots_coin_removed_never_named() -> None:
    seen = set()
    for seed in range(40):
        for before, action, after, events in random_game(seed, RipConfig(physical=(GREEN,))):
            if not isinstance(action, Down) or (action.card is None and not action.hidden):
                continue
            undo = GAME.undo_steps(before, action, after)
            public = [step for event in events if event.private_to is None for step in event.table]
            if action.card is not None and action.card.psychic:
                assert undo[-1].startswith(f"Take psychic card {action.card.n} from the round-10 card back")
                seen.add("psychic")
            elif before.loser == GREEN:
                assert undo[-1] == "Green: take your face-down card by the round-10 card back into your hand."
                seen.add("person")
            else:
                assert undo[-1] == "Take away the coin that marks Blue's face-down card."
                assert public[0].startswith("Put a coin (or any spare card back) by the round-10 card")
                assert action.card is not None
                assert not [s for s in public + undo if re.search(rf"(?<![\w-]){action.card.n}(?!\w)", s)]
                seen.add("bot")
        if len(seen) == 3:
            break
    assert seen == {"psychic", "person", "bot"}


def moved(events: list) -> bool:
    """Whether a card or token moved at the table (a step other than "Nothing to ...")."""
    return any(
        not step.startswith("Nothing") for event in events if event.private_to is None for step in event.table
    )


def test_undo_steps_for_every_action_kind() -> None:
    kinds: set[str] = set()
    for seed in range(8):
        for before, action, after, _ in random_game(seed, RipConfig(physical=(GREEN,))):
            name = type(action).__name__
            if isinstance(action, Turn):
                name += " play" if action.items else " end"
            if isinstance(action, Down):
                name += " secret" if action.hidden else " card" if action.card else " none"
            if GAME.undo_steps(before, action, after):
                kinds.add(name)
    # a turn ended ahead and "none" move nothing; a turn that ends the round moves its token
    assert kinds == {"Turn play", "Turn end", "Draw", "Down secret", "Down card", "Reveal"}


def test_the_status_line_does_not_show_a_secret_face_down_card_as_a_card_in_hand() -> None:
    config = RipConfig(physical=(GREEN,), first=GREEN)
    state = GAME.initial_state(config, 4)
    state, _, _ = _play(state, "1 1 2 3 5")
    assert (
        GAME.status(state, GREEN)
        == "Round 1 · Green 0 · Blue 0 · your hand: 1 1 2 3 5 · type board for the whole table"
    )
    state, _, _ = _play(state, "pass")  # Green leaves at once
    # between rounds the line says who won the round and who starts the next (it said "Round 1 · Green 0 ·
    # Blue 0", round 1's cards still down)
    assert GAME.status(state, GREEN).startswith("Round 1 to Blue · round 2 next, Blue starts · your hand:")
    board = _board_text(state, GREEN)  # the board too (a trial: "round 1" with [1] marked after it was over)
    assert "RIP · round 1 to Blue · round 2 next" in board and "[2]" in board and "[1]" not in board
    for text in ("1 4", "down"):  # Green draws, keeps a card face down unnamed
        state, _, _ = _play(state, text)
    assert "your cards: 1 1 1 2 3 4 5 (1 of them face down, secret)" in GAME.status(state, GREEN)
    assert GAME.status(state, GREEN).startswith("Round 2 · Green 0 · Blue 0")


def test_tutorial_cards_to_come_wait_aside_and_an_undo_puts_one_back_there() -> None:
    """The order of the starter cards to come is nobody's at the table: each is named as its mansion opens, taken
    from the cards set aside (setup named their order before, and a reveal turned up a face-down card)."""
    config = RipConfig(tutorial=True, physical=(GREEN,), first=GREEN)
    state = GAME.initial_state(config, 4)
    (setup,) = [e for e in GAME.setup_events(state) if e.kind == "setup"]
    laid = " ".join(setup.table)
    assert f"the other starter cards ({' '.join(map(str, sorted(state.line[3:])))}) aside" in laid
    assert "order secret" in laid and "face down" not in laid
    state, _, _ = _play(state, "1 1 2 3 5")
    _, events, undo = _play(state, "pass")  # Green leaves at once: round 1 ends, mansion 4 opens
    (reveal,) = [e for e in events if e.kind == "reveal_line"]
    card = state.line[3]
    assert reveal.table == (
        f"Take psychic card {card} from the starter cards set aside and lay it face up at mansion 4, under its token.",
    )
    assert (
        f"Take psychic card {card} from under the token at mansion 4 and put it back aside with the starter cards "
        "to come."
    ) in undo


def test_a_turns_ghost_cards_go_back_in_one_step() -> None:
    """A turn is played card by card; an undo takes back the whole turn: the ghost cards that go back the same
    way are one step (a trial read "Put the 1 from Blue's side of mansion 4 back among Blue's sorted cards."
    twice, then the 3)."""
    found = 0
    for seed in range(80):
        steps = random_game(seed, RipConfig(physical=(GREEN,)))
        for start in range(len(steps)):
            run = []
            for before, action, after, _ in steps[start:]:
                if (
                    not isinstance(action, Turn)
                    or before.mover != BLUE
                    or before.round != steps[start][0].round
                ):
                    break
                run.append((before, action, after))
            if len(run) < 2:
                continue
            states = [run[0][0], *(after for _, _, after in run)]
            undo = GAME.undo_span_steps(states, [action for _, action, _ in run])
            back = [step for step in undo if step.endswith("back among Blue's sorted cards.")]
            assert len(back) <= 1 and len(set(undo)) == len(undo), undo
            if back and re.match(r"Put the (two|three) \d+s", back[0]):
                found += 1
    assert found


def _board_text(state: RipState, seat: int) -> str:
    from rich.console import Console

    console = Console(width=120, record=True, color_system=None)
    console.print(GAME.render(state, seat))
    return console.export_text()


def test_the_board_counts_a_draw_not_yet_typed_in_the_hand_and_a_bots_secret_card_as_a_question_mark() -> (
    None
):
    """A trial: before typing a draw, hand and deck were 2 cards short of the real ones ("hand 1, deck 3" with 5
    in the deck); Blue's face-down "1 secret" read as a ghost of 1."""
    state = GAME.initial_state(RipConfig(physical=(GREEN,), first=GREEN), 4)
    assert re.search(r"Green\s+│[^\n]*│\s*0\+5\s*│\s*16\s*│", _board_text(state, GREEN))
    for seed in range(40):
        for _, _, after, _ in random_game(seed, RipConfig(physical=(GREEN,))):
            if any(not c.psychic for c in after.sides[BLUE].down) and after.round10 is None:
                board = _board_text(after, GREEN)
                blue = next(line for line in board.splitlines() if line.startswith("│Blue"))
                assert "secret" not in blue and "?" in blue, board
                return
    raise AssertionError("no game put a Blue card face down")
