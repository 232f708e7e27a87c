"""The generic table session, in process: undo restores the exact state, replay rebuilds it, hints and hands."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.games import get
from ai.propuh.components import GRANNY
from ai.propuh.rules import PropuhConfig
from ai.protocol import Event
from companion.saves.store import Store
from companion.table.session import TableSession
from tests.conftest import run_cli
from tests.support.sessions import SOLO_TABLE, Quiet

GAME = get("propuh")


def new_session(tmp: Path, config: PropuhConfig = SOLO_TABLE, seed: int = 3) -> tuple[TableSession, Store]:
    store = Store(tmp / "s.sqlite3")
    session = TableSession.new(GAME, config, ["human", "automaton"], seed, "test", store, Quiet())
    return session, store


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 30))
def test_undo_restores_the_exact_state_and_replay_rebuilds_it(tmp_path: Path, seed: int, steps: int) -> None:
    path = tmp_path / str(seed)
    path.mkdir(exist_ok=True)
    session, store = new_session(path, seed=seed)
    rng = random.Random(seed)
    session.play_bots()
    for _ in range(steps):
        if GAME.is_over(session.state):
            break
        before = session.state
        action = rng.choice(list(GAME.legal_actions(before)))
        assert session.human(GAME.format_action(before, action))
        session.play_bots()
        reloaded = TableSession(GAME, session.record, store, Quiet())
        assert reloaded.state == session.state
        if rng.random() < 0.3:
            assert session.undo()
            assert session.state == before
            assert TableSession(GAME, session.record, store, Quiet()).state == before
    store.close()


def test_refused_input_changes_nothing_and_saves_nothing(tmp_path: Path) -> None:
    session, store = new_session(tmp_path)
    before, saved = session.state, store.moves(session.id)
    for bad in ("zz", "b9 t", "yes", "q q q"):
        assert not session.human(bad)
    assert session.state == before
    assert store.moves(session.id) == saved
    assert len(session.out.errors) == 4  # type: ignore[attr-defined]


def test_nothing_to_undo_at_the_start(tmp_path: Path) -> None:
    session, _ = new_session(tmp_path)
    assert not session.undo()
    assert session.out.errors == ["nothing to undo"]  # type: ignore[attr-defined]


def test_hint_needs_the_hand_at_the_solo_table_and_then_names_a_legal_move(tmp_path: Path) -> None:
    session, _ = new_session(tmp_path)
    out: Quiet = session.out  # type: ignore[assignment]
    session.hint("")
    assert "type it after hint" in out.errors[-1]
    session.hint("b3 t2 s4")
    hint = out.events[-1]
    assert hint.kind == "hint" and hint.text.startswith("Hint: ")
    action = GAME.parse_action(session.state, hint.data["move"])
    assert action in GAME.legal_actions(session.state)


def test_dealer_mode_shows_only_the_persons_hand(home: Path) -> None:
    run = run_cli(home, ["play", "propuh", "--dealer", "--seed", "8", "--json"], ["hand", "board"])
    state = GAME.initial_state(PropuhConfig(), 8)
    hands = run.of("hand")
    assert hands[0]["private_to"] == "Granny"
    assert hands[0]["hand"] == [str(c) for c in state.hands[GRANNY]]
    assert run.of("board")[-1]["hand"] == hands[0]["hand"]
    public = [e for e in run.events if e["event"] not in ("hand", "board")]
    assert all("hand" not in e for e in public)


def test_with_several_people_a_hint_is_shown_only_to_the_person_to_move(home: Path) -> None:
    """A hint names a card of the hand: with two people at the table it goes behind the screen."""
    args = ["play", "potra-bash", "--seats", "Ann,bot,Ben", "--seed", "3", "--think", "0.05", "--json"]
    run = run_cli(home, args, ["hint", "quit"])
    assert run.returncode == 0, run.stderr
    prompt = run.of("prompt")[0]
    hints = run.of("hint")
    assert len(hints) == 1 and hints[0]["private_to"] == prompt["to_move"]
    # the screen was hidden after the private view: the table's board comes back
    after = run.events[run.events.index(hints[0]) + 1]
    assert after["event"] == "board" and "hand" not in after
    alone = run_cli(
        home, ["play", "propuh", "--as", "propuh", "--seed", "3", "--think", "0.05", "--json"], ["hint"]
    )
    # alone at the table the hint shows at once, no gate, and is still marked for that person's eyes
    assert alone.of("hint")[0]["private_to"] == "Propuh"


def test_a_screened_event_waits_for_its_person_even_alone_at_the_table(tmp_path: Path) -> None:
    session, _ = new_session(tmp_path)
    out = session.out
    assert isinstance(out, Quiet)
    drawn = Event("drawn", "You drew a 3.", {}, private_to=GRANNY)
    bribe = Event("bribe_cards", "Bot2 offers you 2 legal goods.", {}, private_to=GRANNY, screened=True)
    secret = Event("hand", "Bot2's hand: x x.", {}, private_to=1)
    session.show([drawn, bribe, secret])
    assert out.events == [drawn]  # the only person sees their own card at once
    assert out.private_lines == [("Granny", [bribe])]  # the bribe only behind the prompt
    # a bot's own private event never reaches the screen


def test_text_of_events_is_printed_as_typed_not_as_markup(home: Path) -> None:
    """A game's sentence with square brackets ("[physical deck]") must reach the person unchanged."""
    import io

    from rich.console import Console

    from companion.screen.output import TextOutput

    out = TextOutput(echo_input=True)
    out.console = Console(file=io.StringIO(), width=100, color_system=None)
    out.event(Event("setup", "Game [physical deck]: type the cards.", {}))
    assert "Game [physical deck]: type the cards." in out.console.file.getvalue()  # type: ignore[attr-defined]
