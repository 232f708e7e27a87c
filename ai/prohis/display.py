"""What the screen shows of a Prohis game: a label for the history, the setup to lay out, the board as data and
as a rich renderable, and the status line.
"""

from __future__ import annotations

from typing import Any

from ai.prohis import rules
from ai.prohis.components import (
    AUTOMA_LEVELS,
    DEALT,
    DISPLAY,
    ILLEGAL,
    INSPECTOR,
    KINDS,
    LETTERS,
    LIEUTENANT,
    NAMES,
    PLURALS,
    UNKNOWN,
    amount,
    shuffled_counts,
    values,
)
from ai.prohis.rules import Phase, ProhisConfig, ProhisState
from ai.protocol import (
    CHANCE,
    Event,
)
from ai.text import listing, plural


def describe(config: ProhisConfig) -> str:
    """The players, the options on, and always which card values are counted (the winner can differ)."""
    names = ", ".join(config.name(s) for s in range(config.players))
    # no square brackets: the text is printed through rich, which would take them for markup
    return (
        f"{config.players} players ({names})"
        + "".join(f", {o}" for o in options(config))
        + (f", {values_text(config.seed_values)}")
    )


def variant(config: ProhisConfig) -> str:
    """The options on, and the French summary's card values where those are counted, for the history list."""
    return ", ".join([*options(config), *(["the French summary's values"] if config.seed_values else [])])


def options(config: ProhisConfig) -> list[str]:
    return [
        label
        for label, on in (
            ("physical deck", config.physical),
            ("pass any time", config.pass_any_time),
        )
        if on
    ] + ([_automas(config)] if config.blind else [])


def _automas(config: ProhisConfig) -> str:
    """Who the paper automa plays and its handicap: "Bot2 the automa (difficulty 2: −6,000 at the end)"."""
    names = listing([config.name(seat) for seat in config.blind])
    handicap = AUTOMA_LEVELS[config.automa_level]
    parts = [f"{handicap.bonus:+,} at the end".replace("-", "−")] if handicap.bonus else []
    if handicap.lieutenant:
        parts.append("a lieutenant in its office")
    return f"{names} the automa (difficulty {config.automa_level}: {', '.join(parts)})"


def values_text(seed_values: bool) -> str:
    """Which card values are counted, by the two that differ: ``published values (in a warehouse: illegal 4,000,
    inspector 5,000)`` or the French summary's (``--seed-values``)."""
    stored = values(seed_values).warehouse
    figures = f"in a warehouse: illegal {stored[ILLEGAL]:,}, inspector {stored[INSPECTOR]:,}"
    if seed_values:
        return f"the French summary's seed values ({figures})"
    return f"published values ({figures})"


def setup_events(state: ProhisState) -> list[Event]:
    """What to lay out before the first turn; in dealer mode each person's dealt cards, privately."""
    config = state.config
    n = state.n
    counts = shuffled_counts(n)
    deck = ", ".join(f"{counts[k]} {PLURALS[k]}" for k in KINDS if counts[k])
    away = " (18 legal, 10 illegal and 2 lieutenants stay in the box)" if n <= 4 else ""
    first = config.name(state.active)
    people = [config.name(s) for s in config.untracked]
    automas = [config.name(s) for s in config.blind]
    if config.physical:
        text = f"A real deck: {deck}{away}. {first} starts."
        if (
            len(people) + len(automas) < n
        ):  # ruling: a bot's cards are typed in view of the table, so say what that costs
            text += (
                " The bots' cards are typed as they come, so their hands, convoys and bribes are open at this"
                " table; play without --physical to keep them secret."
            )
        table: tuple[str, ...] = (
            "Each player takes 1 captain and 1 inspector (a bot's two lie face down by its seat, as its "
            "hand); the other captains and inspectors stay in the box.",
            f"Shuffle {deck} face down as the pile{away}.",
            f"Deal {DEALT} cards from the pile to each player; then turn up {DISPLAY} as the display, slots 1 to "
            f"{DISPLAY} from the left. The tool then asks for the cards each bot was dealt (they stay face down "
            "in its hand) and for the display's cards.",
        )
        if automas:  # the paper automa's set-up (companion print automa prohis)
            lieutenant = state.office[config.blind[0]][LIEUTENANT]
            extra = (
                " and the lieutenant of its difficulty, taken from the pile before shuffling"
                if lieutenant
                else ""
            )
            table += (
                f"{listing(automas)}: the paper automa. Its captain and inspector{extra} lie face up beside it "
                f"(its office); its {DEALT} cards lie face down as its stock, which nobody looks at and the tool "
                "never asks for: it says when to move its top cards, and asks for a card only when one is "
                "turned over.",
            )
    else:
        text = (
            f"The tool has shuffled {deck}{away} and dealt {DEALT} to each player (each also has 1 captain and 1 "
            f"inspector). Display: {_display_text(state)}. {first} starts."
        )
        box = (
            ("Leave 18 legal, 10 illegal, 2 lieutenants and the spare captains and inspectors in the box.",)
            if n <= 4
            else ("Leave the spare captains and inspectors in the box.",)
            if n < 6
            else ()
        )
        table = (
            *box,
            # all of them: the tool deals ("the rest" would read as what was left after a deal at the table)
            f"Sort the cards in play by type into a face-up supply ({deck}, {n} captains and {n} inspectors): "
            "the tool keeps the pile, so there is none at the table.",
            f"Lay out the display from the supply, slots 1 to {DISPLAY} from the left: {_display_text(state)}.",
        )
        table += ("Nothing to deal: the tool keeps every hand." + _hands_shown(people),)
    names = [config.name(s) for s in range(n)]
    events = [Event("setup", text, {"players": n, "names": names, "first": first}, table=table)]
    if not config.physical:
        # the first player's hand last: it stays on their screen for their first turn (one gate, not two)
        for seat in sorted(config.untracked, key=lambda s: s == state.active):
            name = config.name(seat)
            cards = rules.cards_of(state.hands[seat])
            events.append(
                Event(
                    "hand",
                    f"{name}'s hand: {rules.cards_text(cards)}.",
                    {"player": name, "hand": [LETTERS[c] for c in cards]},
                    private_to=seat,
                )
            )
    return events


def _hands_shown(people: list[str]) -> str:
    """Dealer mode: each person's hand is shown right after the setup (behind a gate when several people play);
    ``hand`` shows it again later."""
    if not people:
        return ""
    if len(people) == 1:
        return f" {people[0]}'s hand is shown next; type hand to see it again later."
    names = ", ".join(people[:-1]) + f" and {people[-1]}"
    return f" {names}: each of you sees your hand next, alone; type hand to see it again later."


def board_data(state: ProhisState, seat: int | None = None) -> dict[str, Any]:
    """The table as data; with ``seat``, that seat's own cards too (never another's)."""
    name = state.config.name
    mover = rules.to_move(state)
    own = {}
    if seat is not None:
        own = {
            "hand": _letters(state.hands[seat]),
            "warehouse": _letters(state.warehouses[seat]),
        }
    turned = [{"position": p + 1, "card": NAMES[state.convoy[p]]} for p in state.order[: state.turned]]
    return own | {
        "phase": state.phase.name.lower(),
        "turn": state.turn,
        "active": name(state.active),
        "to_move": name(mover) if mover >= 0 else ("chance" if mover == CHANCE else None),
        "display": [None if c is None else NAMES[c] for c in state.display],
        "pile": len(state.pile),
        "final_round": state.final_left,
        "hands": {name(s): _held(state, s) for s in range(state.n)},
        "warehouses": {name(s): sum(state.warehouses[s]) for s in range(state.n)},
        "convoy": len(state.convoy),
        "turned": turned,
        "controllers": {name(s): NAMES[c] for s, c in enumerate(state.commits) if c is not None},
        "inspector": name(state.inspector) if state.inspector >= 0 else None,
    }


def offer_text(state: ProhisState, seat: int) -> str | None:
    """The bribe offered to ``seat``, the inspector, whose cards it was shown, while it chooses; else ``None``."""
    offered = state.phase == Phase.JUDGE and sum(state.bribe) > 0 and state.bribe[UNKNOWN] == 0
    if seat != state.inspector or not offered:
        return None
    offer = rules.cards_text(rules.cards_of(state.bribe))
    return f"{state.config.name(state.active)} offers you: {offer} (accept or refuse)."


def render(state: ProhisState, seat: int | None = None) -> Any:
    """A rich renderable of the table as seen from ``seat`` (its own cards shown) or by everyone."""
    from rich.console import Group
    from rich.text import Text

    from ai.grid import Grid

    name = state.config.name
    title = f"Prohis · turn {state.turn + 1}"
    if state.phase == Phase.OVER:
        title += " · game over"
    elif state.phase == Phase.COUNT:
        title += " · the final count"
    elif state.final_left is not None:
        title += f" · final round ({plural(state.final_left, 'turn')} left)"
    rows = []
    for s in range(state.n):
        marker = " ◀" if s == state.active and state.phase < Phase.OVER else ""
        seen = ", ".join(amount(n, k) for k, n in enumerate(state.public[s]) if n)
        rows.append([name(s) + marker, str(_held(state, s)), str(sum(state.warehouses[s])), seen])
    headings = ("player", "hand", "warehouse", "seen in warehouse")
    table = Grid(headings, rows, title=title, justify={"hand": "right"})
    lines: list[Any] = [table]
    lines.append(Text(f"Display: {_display_text(state)} · pile: {plural(len(state.pile), 'card')}"))
    if state.convoy:
        turned = ", ".join(f"card {p + 1} {NAMES[state.convoy[p]]}" for p in state.order[: state.turned])
        forward = ", ".join(f"{name(s)} {NAMES[c]}" for s, c in enumerate(state.commits) if c is not None)
        line = f"{name(state.active)}'s convoy: {plural(len(state.convoy), 'card')} face down"
        if forward:
            line += f" · controllers: {forward}"
        if turned:
            line += f" · turned: {turned}"
        lines.append(Text(line))
    if seat is not None and state.tracked(seat):
        lines.append(Text(f"Your hand: {rules.cards_text(rules.cards_of(state.hands[seat]))}"))
    offer = offer_text(state, seat) if seat is not None else None
    if offer:  # while they choose (``hand`` shows it again, after resuming too)
        lines.append(Text(offer))
    if (
        seat is not None
        and state.person(seat)
        and sum(state.warehouses[seat]) > state.warehouses[seat][UNKNOWN]
    ):
        # a person's own warehouse: all of it in dealer mode; at a physical table what the tool saw go in
        # (cards turned over, seized, bribes)
        stored = state.warehouses[seat]
        seen = rules.cards_text(rules.cards_of((*stored[:UNKNOWN], 0)))
        hidden = stored[UNKNOWN]
        rest = f", and {plural(hidden, 'card')} the tool did not see" if hidden else ""
        lines.append(Text(f"Your warehouse: {seen}{rest}"))
    if state.phase == Phase.OVER:
        lines.append(Text(rules.result_of(state).reason, style="bold"))
    return Group(*lines)


def status(state: ProhisState, seat: int | None = None) -> str:
    """One line for the screen between boards (public facts, and ``seat``'s own hand)."""
    name = state.config.name
    first = "the final count" if state.phase == Phase.COUNT else f"{name(state.active)}'s turn"
    parts = [first, f"pile {len(state.pile)}"]
    if state.convoy:
        parts.append(f"convoy of {len(state.convoy)}")
    stored = ", ".join(f"{name(s)} {sum(state.warehouses[s])}" for s in range(state.n))
    parts.append(f"warehouses: {stored}")
    if seat is not None and state.tracked(seat):
        parts.append(f"your hand: {rules.cards_text(rules.cards_of(state.hands[seat]))}")
    return " · ".join(parts)


def _letters(counts: rules.Counts) -> list[str]:
    return [LETTERS[c] for c in rules.cards_of(counts)]


def _held(state: ProhisState, seat: int) -> int:
    """The cards in ``seat``'s hand at the table: with a real pile, also those dealt or drawn and not typed yet."""
    return state.hand_size(seat) + state.pending.count(seat)


def _display_text(state: ProhisState) -> str:
    """The display, slot 1 first: ``?`` for a card turned up from the real pile and not typed yet, ``—`` for an
    empty slot."""
    waiting = {-1 - t for t in state.pending if t < 0}
    return ", ".join(
        ("?" if slot in waiting else "—") if c is None else NAMES[c] for slot, c in enumerate(state.display)
    )
