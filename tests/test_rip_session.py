"""The RIP table session through the real command line, and what it may show: never the bot's hand."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.protocol import Event, ParseError
from ai.rip.components import BLUE, GREEN
from ai.rip.game import GAME
from ai.rip.observation import determinize, observe
from ai.rip.rules import Blind, Down, Ghost, Phase, Psychic, RipConfig, RipState, Turn, apply, to_move
from ai.rip.state import replace
from tests.conftest import run_cli
from tests.support.rip import _redeal


def script(seed: int, config: RipConfig, bot: str = "normal") -> tuple[list[str], RipState]:
    """What a person (Green, random legal inputs) types for a whole game against ``bot``, and the final state.

    The session gives the bot ``random.Random(f"{seed}/{number of inputs so far}")``; so does this script."""
    state = GAME.initial_state(config, seed)
    player = GAME.make_player(bot, BLUE, config)
    rng = random.Random(seed)
    lines: list[str] = []
    n = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        if GAME.to_move(state) == BLUE:
            action = player.decide(GAME.observation(state, BLUE), legal, random.Random(f"{seed}/{n}")).action
        else:
            action = rng.choice(list(legal))
            lines.append(GAME.format_action(state, action))
        state = GAME.apply(state, action)
        n += 1
    return lines, state


def test_a_whole_piped_game_against_normal(home: Path) -> None:
    config = RipConfig(physical=(GREEN,), first=GREEN)
    lines, final = script(5, config)
    run = run_cli(home, ["play", "rip", "--bot", "normal", "--first", "me", "--seed", "5", "--json"], lines)
    assert run.returncode == 0, run.stderr
    assert run.of("error") == []
    end = run.of("end")
    assert len(end) == 1
    assert end[0]["reason"] == final.reason
    winner = "draw" if len(final.winners) == 2 else ("green", "blue")[final.winners[0]]
    assert end[0]["winner"] == winner
    blue_plays = [e for e in run.events if e["event"] == "play" and e["player"] == "blue"]
    # only a rule the table can check is named (rule 3: ahead); the others read the bot's hand
    assert all(e.get("rule") is None or e["rule"].startswith("rule 3:") for e in blue_plays)
    # nothing private to the bot ever reaches the output; its face-down cards stay unnamed until round 10
    assert all(e.get("private_to") in (None, "Green") for e in run.events)
    assert not [e for e in run.events if e["event"] in ("drew", "down_card") and e["player"] == "blue"]
    blue_downs = [e for e in run.events if e["event"] == "down" and e["player"] == "blue"]
    assert all(e.get("card") is None or e["card"].startswith("p") for e in blue_downs)
    boards = run.of("board")
    assert boards and all("your_hand" in b for b in boards)
    assert all(set(b["sides"]["blue"]) >= {"hand", "deck"} for b in boards)
    assert all(isinstance(b["sides"]["blue"]["hand"], int) for b in boards)


def test_a_tutorial_game_in_text_with_bad_input_and_undo(home: Path) -> None:
    config = RipConfig(tutorial=True, physical=(GREEN,), first=GREEN)
    lines, final = script(8, config)
    typed = [lines[0], "2 2 2 2 2 2", "psychc 3", "undo", lines[0], *lines[1:]]
    run = run_cli(
        home, ["play", "rip", "--tutorial", "--bot", "normal", "--first", "me", "--seed", "8"], typed
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Traceback" not in out
    assert "Undone:" in out
    assert "(did you mean 'psychic'?)" in out
    assert ("A draw" if len(final.winners) == 2 else " wins: ") in out
    assert "The psychic card of round 4 is card" in out
    # the order of the cards to come is nobody's at the table (setup named it: the person knew what the bot did
    # not); they wait aside face up, and each is named as its mansion opens: nobody searches face-down cards
    flat = " ".join(out.split())
    setup = flat.split("Green plays from a real deck.")[0]
    rest = " ".join(map(str, sorted(final.line[3:])))
    assert f"Put the other starter cards ({rest}) aside: the tool keeps their order secret" in setup
    assert " ".join(map(str, final.line[3:])) not in setup or list(final.line[3:]) == sorted(final.line[3:])
    assert (
        f"Take psychic card {final.line[3]} from the starter cards set aside and lay it face up at mansion 4"
        in flat
    )
    assert "face-down psychic card" not in flat and "among the face-down" not in flat


def test_bad_options_give_one_line(home: Path, tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nid = 15\nlevel = 2\ntext = "x"\neffects = [{ kind = "ghost" }]\n')
    run = run_cli(home, ["play", "rip", "--cards", str(bad)])
    assert run.returncode == 2
    assert run.stderr.strip().count("\n") == 0 and "value" in run.stderr
    run = run_cli(home, ["play", "rip", "--bot", "genius"])
    assert run.returncode == 2


def test_score_rip(home: Path) -> None:
    run = run_cli(home, ["score", "rip", "--green", "MMMM", "--blue", "CC", "--json"])
    assert run.returncode == 0 and run.events[0]["winner"] == "green"
    assert run.events[0]["winners"] == ["green"]  # a list, as every game's score gives it (a trial)
    run = run_cli(
        home,
        ["score", "rip", "--green", "MMMCC", "--blue", "MMMC", "--green-down", "5 p8", "--blue-down", "6"],
    )
    assert run.returncode == 0, run.stderr
    assert (
        run.stdout.strip() == "Round 10: Green 5 (5, p8), Blue 6 (6). Blue wins: Blue wins round 10 (6 to 5)."
    )
    run = run_cli(home, ["score", "rip", "--green", "MMMCC", "--blue", "MMMC"])
    assert run.returncode == 2 and "face-down" in run.stderr
    run = run_cli(home, ["score", "rip", "--green", "MMMMM", "--blue", "MM"])
    assert run.returncode == 2 and "only 6" in run.stderr


# -- no information about the bot's hand --------------------------------------------------------------------


def _public(events: list[Event]) -> list[tuple[str, str, object]]:
    """What Green sees, except card 3's look at Blue's hand, which Green is entitled to."""
    return [
        (e.kind, e.text, dict(e.data)) for e in events if e.private_to in (None, GREEN) and e.kind != "peek"
    ]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000))
def test_what_the_table_sees_does_not_depend_on_the_bots_hidden_cards(seed: int) -> None:
    """Every public event, the board data and the drawn board are the same when the bot's hand, deck order and
    face-down ghost cards are dealt differently (the actions kept legal), until round 10 reveals the cards."""
    config = RipConfig(physical=(GREEN,))
    state = GAME.initial_state(config, seed)
    rng = random.Random(seed)
    bot = GAME.make_player("normal", BLUE, config)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        mover = to_move(state)
        if mover == BLUE:
            action = bot.decide(observe(state, BLUE), legal, rng).action
        else:
            action = rng.choice(list(legal))
        keep: list[int] = []
        if isinstance(action, Turn) and action.items and isinstance(action.items[0], Ghost) and mover == BLUE:
            keep = [action.items[0].value]
        if isinstance(action, Down) and mover == BLUE and action.card is not None and not action.card.psychic:
            keep = [action.card.n]
        # a card taken at random (card 6) or from the deck (card 2) is shown as it comes: not comparable
        blind = isinstance(action, Turn) and any(
            isinstance(i, Blind) or (isinstance(i, Psychic) and state.card(i.number).has("fetch"))
            for i in action.items
        )
        other = _redeal(state, keep, random.Random(seed + state.nonce))
        assert GAME.board_data(other, GREEN) == GAME.board_data(state, GREEN)
        if state.phase != Phase.OVER and not blind:
            real_events: list[Event] = []
            alt_events: list[Event] = []
            nxt = apply(state, action, real_events)
            apply(other, action, alt_events)
            if not any(e.kind == "round10" for e in real_events):
                assert _public(alt_events) == _public(real_events)
            state = nxt
        else:
            state = apply(state, action)


def test_the_drawn_board_shows_only_what_the_person_may_know() -> None:
    from rich.console import Console

    config = RipConfig(physical=(GREEN,))
    state = GAME.initial_state(config, 4)
    state = GAME.apply(state, GAME.parse_action(state, "1 1 2 3 5"))

    def text(s: RipState) -> str:
        buffer = io.StringIO()
        Console(file=buffer, width=120, no_color=True).print(GAME.render(s, GREEN))
        return buffer.getvalue()

    alt = _redeal(state, [], random.Random(1))
    assert alt.sides[BLUE].hand != state.sides[BLUE].hand or alt.sides[BLUE].deck != state.sides[BLUE].deck
    assert text(alt) == text(state)
    assert "Your hand (Green): 1 1 2 3 5" in text(state)
    # a determinized deal of the unseen cards draws the same board too (the board is a function of what Green sees)
    d = determinize(observe(state, GREEN), random.Random(2))
    d = replace(d, config=state.config, sides=(state.sides[GREEN], d.sides[BLUE]))
    assert text(d) == text(state)


def test_card_3_keeps_the_bots_hand_on_the_persons_board_for_the_round() -> None:
    """Card 3 shows the opponent's hand "until the end of the round": the person's board lists it while the round
    lasts, and the face-down prompt suggests only cards the loser has."""
    from rich.console import Console

    config = RipConfig(physical=(GREEN,), first=GREEN, line=(3, 8, 5, 1, 2, 4, 6, 7, 9))
    state = GAME.initial_state(config, 4)
    state = GAME.apply(state, GAME.parse_action(state, "1 1 2 3 5"))
    state = GAME.apply(state, GAME.parse_action(state, "pass"))  # Green loses round 1 and takes card 3
    state = GAME.apply(state, GAME.parse_action(state, "1 4"))
    assert GAME.prompt(
        state
    ) == "Green: put a card face down for round 10? down 5, down p3, down (secret, " + (
        "named in round 10), or none"
    )
    state = GAME.apply(state, GAME.parse_action(state, "none"))

    def text(s: RipState) -> str:
        buffer = io.StringIO()
        Console(file=buffer, width=120, no_color=True).print(GAME.render(s, GREEN))
        return buffer.getvalue()

    state = GAME.apply(state, GAME.legal_actions(state)[0])  # Blue starts round 2 with its lowest ghost card
    state = GAME.apply(state, GAME.parse_action(state, "pass"))  # and ends its turn ahead
    assert "Blue's hand" not in text(state)
    state = GAME.apply(state, GAME.parse_action(state, "p3 more"))
    blue = " ".join(map(str, state.sides[BLUE].hand))
    assert f"Blue's hand (card 3): {blue}" in text(state)
    state = GAME.apply(state, GAME.parse_action(state, "pass"))
    assert "Blue's hand" not in text(state)


def test_a_stray_character_is_refused_not_skipped() -> None:
    """'1[@' is not the card 1: a character no word of the notation has makes the input one clear refusal."""
    state = GAME.initial_state(RipConfig(physical=(GREEN,)), 3)
    with pytest.raises(ParseError, match=r"'\[@' is not part of any move"):
        GAME.parse_action(state, "1[@")
    # light punctuation between cards is still a separator
    assert GAME.parse_action(state, "1, 2, 3, 4, 5") == GAME.parse_action(state, "1 2 3 4 5")


def test_a_no_break_space_between_cards_separates_them_as_a_space_does() -> None:
    """A French keyboard types a no-break space (U+00A0) where a space was meant: the same cards, not a refusal."""
    state = GAME.initial_state(RipConfig(physical=(GREEN,)), 3)
    assert GAME.parse_action(state, "1\u00a01\u20022\t3 5") == GAME.parse_action(state, "1 1 2 3 5")


def test_hint_at_the_round_10_reveal_is_one_line_not_a_crash(home: Path) -> None:
    """A trial: `hint` where Green turns up the cards kept secret ended the session (no bot decides that)."""
    config = RipConfig(physical=(GREEN,), first=GREEN)
    for seed in range(1, 60):
        lines, _ = script(seed, config)
        reveal = next((i for i, line in enumerate(lines) if line.startswith("reveal")), None)
        if reveal is not None:
            break
    assert reveal is not None
    typed = [*lines[:reveal], "hint", *lines[reveal:]]
    run = run_cli(
        home, ["play", "rip", "--bot", "normal", "--first", "me", "--seed", str(seed), "--json"], typed
    )
    assert run.returncode == 0, run.stderr
    (error,) = run.of("error")
    assert (
        error["message"] == "no hint here: turn up your secret face-down cards and type them, e.g. reveal 5"
    )
    assert len(run.of("end")) == 1


PLAY_FIRST_BOT = ["play", "rip", "--tutorial", "--bot", "normal", "--first", "bot", "--seed", "3"]


def test_cards_that_leave_the_mansion_are_asked_about_once_and_nothing_is_played(home: Path) -> None:
    # Blue opens round 1 with a 1: Green's 1 alone would tie and leave the mansion
    run = run_cli(home, [*PLAY_FIRST_BOT, "--json"], ["1 1 2 3 5", "1", "1 leave"])
    assert run.returncode == 0, run.stderr
    asked = run.of("error")
    assert asked == [
        {
            "event": "error",
            "message": "that leaves Green level at 1 to 1 and leaves the mansion: type 1 with more cards, "
            "or 1 leave",
            "kind": "question",
            "input": "1",
            "player": "green",
            "cards": "1",
            "totals": [1, 1],
            "leave": "1 leave",
        }
    ]
    green = [e for e in run.events if e.get("player") == "green" and e["event"] in ("play", "leave")]
    # the question played nothing; the answer played the 1 once and left
    assert [e["event"] for e in green] == ["play", "leave"]
    assert run.of("round")[0]["winner"] == "blue"
    # saved as answered: resume replays it without asking again
    again = run_cli(home, ["resume", "--json"])
    assert again.returncode == 0, again.stderr
    assert again.of("error") == [] and again.of("round") == []  # replayed, not played again


def test_more_cards_answer_the_leave_question_and_pass_alone_stays_one_word(home: Path) -> None:
    run = run_cli(home, PLAY_FIRST_BOT, ["1 1 2 3 5", "1", "1 2"])
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.count("leaves the mansion: type 1 with more cards, or 1 leave") == 1
    assert "Green ends the turn ahead, 3 to 1" in out
    run = run_cli(home, PLAY_FIRST_BOT, ["1 1 2 3 5", "pass"])
    assert "✗" not in run.stdout
    assert "Green passes at 0 to 1 and leaves the mansion." in run.stdout


def test_a_hint_says_in_plain_words_what_the_move_does(home: Path) -> None:
    run = run_cli(home, [*PLAY_FIRST_BOT, "--think", "0.05", "--json"], ["1 1 2 3 5", "hint"])
    assert run.returncode == 0, run.stderr
    (hint,) = run.of("hint")
    # never a rule's number or a win chance; what the move does for the person, from what they see
    assert "rule" not in hint["reason"] and "%" not in hint["reason"]
    assert hint["reason"] in (
        "let Blue have this manor and keep your cards for the rounds to come",
        *(f"it puts you ahead, {v} to 1, for this manor" for v in (2, 3, 5)),
        "a first step: you need 2 more to beat 1 for this manor",
    )
