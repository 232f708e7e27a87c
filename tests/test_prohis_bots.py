"""Prohis bots: each of the normal bot's priority rules in the situation it is written for, the hard bot's
search, and what a bot's explanation may tell the table (nothing about the cards hidden from it)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.prohis import rules as R
from ai.prohis.bots.card import RULES, public_reason
from ai.prohis.game import GAME
from ai.prohis.notation import format_action
from ai.prohis.observation import observe
from ai.prohis.odds import SIZES, die_table, inspect_faces
from ai.protocol import Decision
from tests.support.prohis import C, G, I, L, X, dealt, move, normal, play, table


def rule(state: R.ProhisState) -> str:
    """The rule that decided (the full reason is debug; people read plain words)."""
    return (normal(state).debug or "").partition(",")[0]


def test_the_card_is_one_chain_per_decision_numbered_down_the_card() -> None:
    # rules 1a and 1b (issue 38, the table's tally; issue 17, a trial's early run) stand between 1 and 2: the
    # rules after them keep their numbers
    assert [r.key for r in RULES.rules] == ["1", "1a", "1b", *(str(k) for k in range(2, 17))]
    assert [len(c.rules) for c in RULES.chains] == [8, 2, 3, 3, 2]
    assert all(c.rules[-1].name == "Otherwise" for c in RULES.chains)
    assert all(r.action and r.action != "do it" for r in RULES.rules)
    for word in ("informant", "expected", "risk", "chance"):  # words a person cannot act on
        assert not any(word in f"{r.name} {r.text} {r.action}".lower() for r in RULES.rules), word


def test_draw_prefers_illegal_then_lieutenant_then_legal_then_the_pile() -> None:
    state = table(((G, X, C, I), (C, I), (C, I)), display=(G, L, X, G))
    assert (move(state), rule(state)) == ("take x", "rule 4: draw")
    assert move(table(((G, X, C, I), (C, I), (C, I)), display=(G, L, G, G))) == "take l"
    assert move(table(((G, X, C, I), (C, I), (C, I)), display=(None,) * 4)) == "pile"
    second = play(table(((G, X, C, I), (C, I), (C, I)), pile=(G, X), display=(G, G, G, G)), "take g")
    assert (move(second), rule(second)) == ("take x", "rule 7: second pick")  # the refill is an illegal good


def test_lieutenant_run_two_illegal_and_a_lieutenant() -> None:
    state = table(((X, X, L, G, C, I), (C, I), (C, I)))
    assert (move(state), rule(state)) == ("convoy g x x l", "rule 2: lieutenant run")


def test_safe_load_of_legal_goods() -> None:
    state = table(((G, G, G, G, G, X, C, I), (C, I), (C, I)))
    assert (move(state), rule(state)) == ("convoy g g g g", "rule 3: safe load")


def test_dump_contraband_near_the_end() -> None:
    hand = (X, G, C, I)
    early = table((hand, (C, I), (C, I)))
    assert rule(early) == "rule 4: draw"  # early, one illegal good is kept and a card drawn
    late = table((hand, (C, I), (C, I)), pile=(G,) * 6)  # pile ≤ 2 per player
    assert (move(late), rule(late)) == ("convoy g x", "rule 1: dump contraband")
    with_informant = table(((X, X, L, C, I), (C, I), (C, I)), pile=(G,) * 3)
    assert move(with_informant) == "convoy x x l"


def test_full_hand_sends_the_cards_worth_most() -> None:
    state = table(((G, G, X, L, C, C, I, I), (C, I), (C, I)))  # 8 cards: no drawing
    assert (move(state), rule(state)) == ("convoy g g x l", "rule 5: full hand")


def test_before_the_end_the_card_keeps_its_controllers() -> None:
    """Issue 17: the card spent its highest controller on every convoy, and a seat that kept its own until the
    end, and always inspected, won 74% of games against it."""
    state = play(table(((G, G, G), (L, C, I), (C,))), "convoy g g g")
    assert (move(state), rule(state)) == ("no", "rule 9: before the end")


def test_near_the_end_it_steps_up_with_the_lowest_controller_that_outranks() -> None:
    state = play(near_the_end(table(((G, G, G), (L, C, I), (C,)))), "convoy g g g")
    assert (move(state), rule(state)) == ("inspect l", "rule 10: step up")
    outranked = play(near_the_end(table(((G, G), (I,), (C, I), (C,)))), "convoy g g", "inspect i")
    assert R.to_move(outranked) == 2
    assert (move(outranked), rule(outranked)) == ("no", "rule 11: Otherwise")  # an inspector is forward
    above = play(near_the_end(table(((G, G), (L,), (C, I), (C,)))), "convoy g g", "inspect l")
    assert (move(above), rule(above)) == ("inspect c", "rule 10: step up")  # the lowest above a lieutenant


def moves(state: R.ProhisState, level: str = "normal", tries: int = 120) -> dict[str, int]:
    """How often the bot makes each move here over ``tries`` rolls of its die (its rng)."""
    seat = R.to_move(state)
    bot = GAME.make_player(level, seat, state.config, iterations=2)
    out: dict[str, int] = {}
    for k in range(tries):
        text = format_action(
            state, bot.decide(observe(state, seat), R.legal_actions(state), random.Random(k)).action
        )
        out[text] = out.get(text, 0) + 1
    return out


def test_bribe_two_legal_goods_per_illegal_good_on_1_to_4_and_a_clean_convoy_on_a_1() -> None:
    """A bribe must not say which convoy it is: contraband is bribed on 1-4 of a die, a clean convoy on a 1."""
    risky = play(table(((X, X, G, G, G), (I,), (G,))), "convoy x x", "inspect i")
    decision = normal(risky)  # this rng rolls a 4
    # two illegal goods: four legal goods, but only three are in hand
    assert format_action(risky, decision.action) == "bribe g g g"
    assert decision.debug == "rule 12: contraband bribe, rolled 4 (1–4)"
    seen = moves(risky)
    assert set(seen) == {"bribe g g g", "no bribe"} and 60 <= seen["bribe g g g"] <= 100
    one = play(table(((X, G, G, G, G), (I,), (G,))), "convoy x g", "inspect i")
    assert set(moves(one)) == {"bribe g g", "no bribe"}
    clean = play(table(((G, G, G, G), (I,), (G,))), "convoy g g", "inspect i")
    seen = moves(clean)
    assert set(seen) == {"bribe g", "no bribe"} and 8 <= seen["bribe g"] <= 35
    assert rule(clean) == "rule 13: bluff"
    lieutenant = play(table(((X, X, L, C), (I,), (G,))), "convoy x x", "inspect i")
    assert set(moves(lieutenant)) == {"bribe l", "no bribe"}  # no legal good: a lieutenant
    no_goods = play(table(((X, X, C), (I,), (G,))), "convoy x x", "inspect i")
    assert moves(no_goods, tries=20) == {"no bribe": 20}  # nothing to offer (a captain is worth more kept)
    assert rule(no_goods) == "rule 14: Otherwise"


def test_judging_rolls_a_die_set_by_the_stakes() -> None:
    """Neither a bribe nor its absence decides: each is answered with a die, so that a clean load with a
    bribe (issue 17's exploit) is mostly accepted and contraband without one is sometimes inspected."""
    small = play(table(((X, X, G, G, G), (L,), (G,))), "convoy x x", "inspect l", "bribe g")
    big = play(table(((X, X, I, I, C), (L,), (G,))), "convoy x x", "inspect l", "bribe i i c")
    refused_small, refused_big = moves(small).get("refuse", 0), moves(big).get("refuse", 0)
    assert 0 < refused_big < refused_small < 120  # a bigger bribe is refused less often, never always
    silent = play(table(((X, X, G), (C,), (G,))), "convoy x x", "inspect c", "no bribe")
    faces = inspect_faces(2, C)
    seen = moves(silent)
    assert set(seen) == {"inspect", "decline"} and 1 <= faces <= 5
    assert abs(seen["inspect"] - 20 * faces) <= 20  # about faces/6 of 120
    assert rule(silent) == "rule 16: Otherwise" and rule(small) == "rule 15: judge a bribe"
    # the hard bot judges with the same die: a search would answer one sign the same way every time
    assert set(moves(silent, "hard", tries=40)) == {"inspect", "decline"}


def _rolled_faces(state: R.ProhisState) -> int:
    """The faces the judging bot rolled against, read from its full reason ("…, rolled 3 (1–2)")."""
    return int((normal(state).debug or "").rpartition("–")[2].rstrip(")"))


@pytest.mark.parametrize("controller", [L, C, I])
def test_the_printed_die_table_is_what_the_judge_rolls(controller: int) -> None:
    """Each cell of the card's table (controller, bribe worth, convoy size) is the bot's k, bribe or none."""
    rows = [row for row in die_table() if row.controller == controller]
    assert rows[0].low == 0 and rows[-1].high is None
    assert all(a.high is not None and a.high + 1000 == b.low for a, b in itertools.pairwise(rows))
    letter = format_action(table(((G,), (G,), (G,))), R.Act(R.COMMIT, (controller,))).split()[-1]
    for size in SIZES:
        smuggler_hand = (X,) * (size + 2) + (G,) * 3
        sent = play(table((smuggler_hand, (controller,), (G,))), "convoy " + " ".join(["x"] * size))
        sent = play(sent, f"inspect {letter}")
        for bribe, worth in (
            ("no bribe", 0),
            ("bribe g g", 2000),
            ("bribe g g g", 3000),
            ("bribe x x", 8000),
        ):
            row = next(r for r in rows if r.low <= worth and (r.high is None or worth <= r.high))
            judged = play(sent, bribe)
            assert _rolled_faces(judged) == row.faces[SIZES.index(size)], (size, bribe)


def test_otherwise_pass_when_nothing_else() -> None:
    state = dataclasses.replace(table(((G,), (C,), (C,)), pile=(), display=(None,) * 4), final_left=3)
    assert (move(state), rule(state)) == ("pass", "rule 6: Otherwise")


def test_easy_bot_sometimes_plays_a_whim() -> None:
    state = table(((G, X, C, I), (C, I), (C, I)), display=(G, L, X, G))
    easy = GAME.make_player("easy", 0, state.config)
    decisions = [easy.decide(observe(state, 0), R.legal_actions(state), random.Random(k)) for k in range(40)]
    # neither a whim (it needs a choice) nor the draw (rule 5 comes after rules that read the hand) is named at
    # the table; debug says which it was
    assert all(d.reason is None for d in decisions)
    assert {d.debug for d in decisions} >= {"a whim (random move)", "rule 4: draw"}


def test_hard_bot_searches_and_plays_legal_moves() -> None:
    state = R.initial_state(R.ProhisConfig(players=4), 3)
    seat = R.to_move(state)
    bot = GAME.make_player("hard", seat, state.config, iterations=30)
    legal = R.legal_actions(state)
    first = bot.decide(observe(state, seat), legal, random.Random(5))
    again = bot.decide(observe(state, seat), legal, random.Random(5))
    assert first.action in legal and first == again  # reproducible with a fixed number of deals
    shown = None if first.action.verb in (R.CONVOY, R.NO_COMMIT) else "chosen by search"
    assert first.reason == shown
    assert bot.last_iterations == 30


def test_public_reason_keeps_only_what_the_table_may_know() -> None:
    convoy = R.Act(R.CONVOY, (G, X, X, L))
    assert public_reason(convoy, "rule 2: lieutenant run") is None
    assert public_reason(R.Act(R.NO_COMMIT), "rule 11: Otherwise") is None
    # a rule whose condition reads the convoy, the hand or a bribe is not named at all
    assert public_reason(R.Act(R.BRIBE, (G, G)), "rule 12: contraband bribe, rolled 2 (1–4)") is None
    commit = R.Act(R.COMMIT, (C,))
    assert public_reason(commit, "rule 10: step up") is None
    assert public_reason(R.Act(R.REFUSE), "rule 15: judge a bribe, rolled 1 (1–2)") is None
    assert public_reason(R.Act(R.PASS), "rule 6: Otherwise") is None
    # so is a rule whose own condition is public but that comes after rules that read the hand: naming rule 4
    # would tell the table that rules 1-3 did not hold
    assert public_reason(R.Act(R.PILE), "rule 4: draw") is None
    # the second pick's rules read only the display and the pile: they are said, in the card's plain words
    assert public_reason(R.Act(R.PILE), "rule 7: second pick", "plain") == "plain"
    assert public_reason(R.Act(R.STOP), "rule 8: Otherwise") == "Otherwise"
    assert public_reason(R.Act(R.PILE), "a whim (random move)") is None  # a whim needs a choice
    assert public_reason(commit, "search: estimated win chance 38% over 58 deals") == "chosen by search"
    both = "rule 4: draw; search agrees over 70 deals"
    assert public_reason(R.Act(R.PILE), both) == "chosen by search"


def test_public_reason_reads_a_rule_said_in_the_tables_language() -> None:
    # the rule's label comes translated from ai.rules when the table speaks Russian or French
    assert public_reason(R.Act(R.PILE), "правило 7: second pick", "plain") == "plain"
    assert public_reason(R.Act(R.STOP), "règle 8\u00a0: Sinon") == "Sinon"
    assert public_reason(R.Act(R.PILE), "правило 4: взять") is None
    assert public_reason(R.Act(R.BRIBE, (G, G)), "règle 12\u00a0: pot-de-vin, obtenu 2 (1–4)") is None


def _first_public_line(state: R.ProhisState, decision: Decision[R.Act]) -> str:
    _, events = GAME.step(state, decision.action)
    return next(e.text for e in events if e.private_to is None)


@settings(max_examples=8, deadline=None)
@given(st.integers(3, 5), st.integers(0, 10**6), st.sampled_from(["normal", "easy", "hard"]))
def test_what_the_table_reads_does_not_depend_on_a_bots_hidden_cards(
    players: int, seed: int, level: str
) -> None:
    """Deal a bot other hidden cards (as another seat sees the table, anything it has not seen may differ):
    whenever the bot's move reads the same to the table, so does its reason."""
    rng = random.Random(seed)
    state = R.initial_state(R.ProhisConfig(players=players), seed)
    compared = 0
    while state.phase != R.Phase.OVER and compared < 25:
        seat = R.to_move(state)
        watcher = (seat + 1) % players
        other = GAME.determinize(observe(state, watcher), rng)
        lines = []
        for s in (state, other):
            bot = GAME.make_player(level, seat, s.config, iterations=4)
            decision = bot.decide(observe(s, seat), R.legal_actions(s), random.Random(1))
            lines.append((_first_public_line(s, decision), decision.reason))
        if lines[0][0] == lines[1][0]:
            assert lines[0][1] == lines[1][1], lines
            compared += 1
        state = R.apply(state, rng.choice(R.legal_actions(state)))


def test_bot_moves_at_the_table_show_no_convoy_make_up(capsys: pytest.CaptureFixture[str]) -> None:
    """Through a whole game of bots: no line names a rule that makes up a convoy or a risk figure."""
    config = R.ProhisConfig(players=4, names=("Ann", "Bot2", "Bot3", "Bot4"))
    state = R.initial_state(config, 8)
    players = [GAME.make_player("normal", s, config) for s in range(4)]
    texts: list[str] = []
    while not GAME.is_over(state):
        seat = R.to_move(state)
        decision = players[seat].decide(observe(state, seat), R.legal_actions(state), random.Random(0))
        texts.append(decision.reason or "")
        state = GAME.apply(state, decision.action)
    joined = "\n".join(texts)
    for leak in (
        "safe load",
        "lieutenant run",
        "dump contraband",
        "full hand",
        "outranked",
        "bribe",
        "rolled",
    ):
        assert leak not in joined
    # a public rule is still said, in plain words: no rule number, no die
    assert "an illegal good is worth 4,000 once it reaches the warehouse" in joined
    assert "rule " not in joined


def test_hard_second_pick_and_judging_are_instant() -> None:
    """One search per turn: a second display pick (public: the display) and a verdict (a die) search nothing."""
    state = play(dealt(((G, G, C, I), (C, I), (C, I)), display=(X, L, G, G)), "take x")
    assert state.phase == R.Phase.SECOND
    bot = GAME.make_player("hard", 0, state.config, iterations=50)
    decision = bot.decide(observe(state, 0), R.legal_actions(state), random.Random(1))
    assert format_action(state, decision.action) == "take l" and bot.last_iterations == 0
    silent = play(table(((X, X, G), (C,), (G,))), "convoy x x", "inspect c", "no bribe")
    judge = GAME.make_player("hard", 1, silent.config, iterations=50)
    judge.decide(observe(silent, 1), R.legal_actions(silent), random.Random(1))
    assert judge.last_iterations == 0


def test_a_hint_asks_the_card_only_for_its_own_decisions() -> None:
    """The card has a chain for each decision a player makes; turning over a card is none: no hint there."""
    from ai.protocol import IllegalError

    state = table(((G, G, X, C, I), (C, I), (C, I)))
    assert GAME.hint(state, 0, "", 1.0).action in R.legal_actions(state)
    with pytest.raises(IllegalError, match="no hint here"):
        GAME.hint(dataclasses.replace(state, phase=R.Phase.REVEAL), 0, "", 1.0)


def near_the_end(state: R.ProhisState) -> R.ProhisState:
    """All but 2 cards per player of the pile stored in seat 0's warehouse (the card's "near the end")."""
    keep = 2 * state.n
    stored = R.add(state.warehouses[0], state.pile[keep:])
    return dataclasses.replace(state, pile=state.pile[:keep], warehouses=(stored, *state.warehouses[1:]))


def test_hard_inspects_more_often_near_the_end() -> None:
    """Near the end the card dumps its contraband: ``hard`` inspects a convoy sent without a bribe on 5 faces
    of 6 then, on the card's die table's faces before (a lieutenant, 2 cards: 4 faces)."""

    def inspections(state: R.ProhisState) -> int:
        state = play(state, "convoy g g", "inspect l", "no bribe")
        bot = GAME.make_player("hard", 1, state.config, iterations=5)
        legal = R.legal_actions(state)
        picks = [bot.decide(observe(state, 1), legal, random.Random(i)).action.verb for i in range(600)]
        return picks.count(R.INSPECT)

    hands = ((G, G, G), (L, C, I), (G,))
    early, late = inspections(dealt(hands)), inspections(near_the_end(dealt(hands)))
    assert 340 < early < 460 and 450 < late < 550  # 4/6 and 5/6 of 600


def test_hard_keeps_its_controllers_until_the_end_then_the_lowest_that_outranks() -> None:
    """``hard`` keeps its controllers (no search) while the draw pile holds more than 2 cards per player, then
    puts forward the lowest controller that outranks those forward, else it stays out: as the card now does."""

    early = play(dealt(((G, G, G), (L, C, I), (G, C, I))), "convoy g g")
    bot = GAME.make_player("hard", 1, early.config, iterations=50)
    decision = bot.decide(observe(early, 1), R.legal_actions(early), random.Random(1))
    assert format_action(early, decision.action) == "no" and bot.last_iterations == 0
    assert move(early) == "no"  # the card too
    state = play(near_the_end(dealt(((G, G, G), (L, C, I), (G, C, I)))), "convoy g g")
    decision = bot.decide(observe(state, 1), R.legal_actions(state), random.Random(1))
    assert format_action(state, decision.action) == "inspect l" and bot.last_iterations == 0
    assert move(state) == "inspect l"
    outranked = play(near_the_end(dealt(((G, G, G), (C, I), (L, C, I)))), "convoy g g", "inspect i")
    bot = GAME.make_player("hard", 2, outranked.config, iterations=5)
    decision = bot.decide(observe(outranked, 2), R.legal_actions(outranked), random.Random(1))
    assert format_action(outranked, decision.action) == "no"
    captain = play(near_the_end(dealt(((G, G, G), (C, I), (L, C, I)))), "convoy g g", "inspect c")
    bot = GAME.make_player("hard", 2, captain.config, iterations=5)
    decision = bot.decide(observe(captain, 2), R.legal_actions(captain), random.Random(1))
    assert format_action(captain, decision.action) == "inspect i"


def test_a_hint_at_a_real_deck_checks_the_typed_hand_against_the_count() -> None:
    """At a real deck the tool knows only how many cards a person holds: the typed hand must be that many."""
    from ai.prohis.components import UNKNOWN
    from ai.protocol import HandNeeded, IllegalError

    state = table(((UNKNOWN,), (C, I), (C, I)), untracked=(0,))
    with pytest.raises(HandNeeded):
        GAME.hint(state, 0, "", 1.0)
    with pytest.raises(IllegalError, match=r"^you hold 1 card, not 2$"):
        GAME.hint(state, 0, "g g", 1.0)
    two = table(((UNKNOWN, UNKNOWN), (C, I), (C, I)), untracked=(0,))
    with pytest.raises(IllegalError, match=r"^you hold 2 cards, not 1$"):
        GAME.hint(two, 0, "g", 1.0)
    typed = dataclasses.replace(two, hands=(R.counts_of((G, X)), *two.hands[1:]))
    assert GAME.hint(two, 0, "g x", 1.0) == GAME.hint(typed, 0, "", 1.0)


def test_a_hint_says_a_legal_good_is_kept_back_only_when_one_is() -> None:
    """With three legal goods the safe convoy sends all three: its reason does not promise one kept back."""
    all_three = GAME.hint(table(((G, G, G, X, X, X, C, I), (C, I), (C, I))), 0, "", 1.0)
    assert all_three.action == R.Act("convoy", (G, G, G)) and "kept back" not in all_three.reason
    one_left = GAME.hint(table(((G, G, G, G, X, X, C, I), (C, I), (C, I))), 0, "", 1.0)
    assert one_left.action == R.Act("convoy", (G, G, G)) and "one is kept back" in one_left.reason


def _tallied(state: R.ProhisState, seat: int, **counts: int) -> R.ProhisState:
    """``state`` with ``seat``'s public record set to ``counts`` (the names of ``ai.prohis.state``'s counts)."""
    from ai.prohis import state as S

    record = list(S.NO_RECORD)
    for name, n in counts.items():
        record[getattr(S, name.upper())] = n
    return R.replace(
        state, record=tuple(tuple(record) if s == seat else r for s, r in enumerate(state.record))
    )


def test_a_watchful_player_gets_no_contraband_before_the_end() -> None:
    hand = (X, X, L, G, G, G, C, I)
    state = table((hand, (C, I), (C, I)))
    watched = _tallied(state, 1, stepped_early=3, inspected=3, refused=1)
    assert (move(watched), rule(watched)) == ("convoy g g g", "rule 1a: watched table")
    once = _tallied(state, 1, stepped_early=3, inspected=2, declined=1)  # it lets one in three pass
    assert rule(once) != "rule 1a: watched table"


def test_a_suspect_smuggler_is_stepped_up_to_before_the_end_and_judged_on_five_faces() -> None:
    state = play(table(((X, X, G, G), (C, I), (C, I))), "convoy g x")
    assert rule(state) == "rule 9: before the end"
    suspect = _tallied(state, 0, caught=2, cleared=1)
    assert (move(suspect), rule(suspect)) == ("inspect c", "rule 10: step up")
    cleared = _tallied(state, 0, caught=2, cleared=2)
    assert rule(cleared) == "rule 9: before the end"
    from ai.prohis.bots.card import judge_faces
    from ai.prohis.record import LATE_FACES

    judged = play(suspect, "inspect c", "no", "no bribe")
    assert judged.phase == R.Phase.JUDGE and judged.inspector == 1
    assert judge_faces(observe(judged, 1)) == LATE_FACES
    assert judge_faces(observe(play(cleared, "inspect c", "no", "no bribe"), 1)) < LATE_FACES
