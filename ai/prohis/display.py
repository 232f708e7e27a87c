"""What the screen shows of a Prohis game: a label for the history, the setup to lay out, the board as data and
as a rich renderable, and the status line.
"""

from __future__ import annotations

from typing import Any

from ai.lines import fit
from ai.prohis import rules
from ai.prohis.components import (
    AUTOMA_LEVELS,
    CAPTAIN,
    DEALT,
    DISPLAY,
    ILLEGAL,
    INSPECTOR,
    KINDS,
    LEGAL,
    LETTERS,
    LIEUTENANT,
    NAMES,
    UNKNOWN,
    amount,
    card_name,
    points_text,
    shuffled_counts,
    values,
)
from ai.prohis.rules import Phase, ProhisConfig, ProhisState
from ai.protocol import (
    CHANCE,
    Event,
)
from ai.words import current, listing, ptr, tr, trn


def describe(config: ProhisConfig) -> str:
    """The players, the options on, and always which card values are counted (the winner can differ)."""
    names = ", ".join(config.name(s) for s in range(config.players))
    # no square brackets: the text is printed through rich, which would take them for markup
    return (
        trn("{n} player ({names})", "{n} players ({names})", config.players, names=names)
        + "".join(f", {o}" for o in options(config))
        + (f", {values_text(config.seed_values)}")
    )


def variant(config: ProhisConfig) -> str:
    """The options on, and the French summary's card values where those are counted, for the history list."""
    return ", ".join([*options(config), *([tr("the French summary's values")] if config.seed_values else [])])


def options(config: ProhisConfig) -> list[str]:
    return [
        label
        for label, on in (
            (tr("physical deck"), config.physical),
            (tr("pass any time"), config.pass_any_time),
        )
        if on
    ] + ([_automas(config)] if config.blind else [])


def _automas(config: ProhisConfig) -> str:
    """Who the paper automa plays and its handicap: "Bot2 the automa (difficulty 2: −6,000 at the end)"."""
    names = listing([config.name(seat) for seat in config.blind])
    handicap = AUTOMA_LEVELS[config.automa_level]
    bonus = points_text(handicap.bonus, sign=True).replace("-", "−")
    parts = [tr("{points} at the end", points=bonus)] if handicap.bonus else []
    if handicap.lieutenant:
        parts.append(tr("a lieutenant in its office"))
    return tr(
        "{names} the automa (difficulty {level}: {handicap})",
        names=names,
        level=config.automa_level,
        handicap=", ".join(parts),
    )


def values_text(seed_values: bool) -> str:
    """Which card values are counted, by the two that differ: ``published values (in a warehouse: illegal 4,000,
    inspector 5,000)`` or the French summary's (``--seed-values``)."""
    stored = values(seed_values).warehouse
    figures = tr(
        "in a warehouse: illegal {illegal}, inspector {inspector}",
        illegal=points_text(stored[ILLEGAL]),
        inspector=points_text(stored[INSPECTOR]),
    )
    if seed_values:
        return tr("the French summary's seed values ({figures})", figures=figures)
    return tr("published values ({figures})", figures=figures)


def setup_events(state: ProhisState) -> list[Event]:
    """What to lay out before the first turn; in dealer mode each person's dealt cards, privately."""
    config = state.config
    n = state.n
    counts = shuffled_counts(n)
    deck = ", ".join(_cards_of_kind(counts[k], k) for k in KINDS if counts[k])
    away = tr(" (18 legal, 10 illegal and 2 lieutenants stay in the box)") if n <= 4 else ""
    first = config.name(state.active)
    people = [config.name(s) for s in config.untracked]
    automas = [config.name(s) for s in config.blind]
    if config.physical:
        text = tr("A real deck: {deck}{away}. {first} starts.", deck=deck, away=away, first=first)
        typed_bots = len(people) + len(automas) < n  # bots whose hands are real and typed (not an automa's)
        if typed_bots:  # ruling: a bot's cards are typed in view of the table, so say what that costs
            text += tr(
                " The bots' cards are typed as they come, so their hands, convoys and bribes are open at this"
                " table; play without --physical to keep them secret."
            )
        # an automa's controllers lie face up and its dealt cards are never typed (its own line says so)
        table: tuple[str, ...] = (
            tr(
                "Each player takes 1 captain and 1 inspector (a bot's two lie face down by its seat, as its "
                "hand); the other captains and inspectors stay in the box."
            )
            if typed_bots
            else tr(
                "Each player takes 1 captain and 1 inspector; the other captains and inspectors stay in the box."
            ),
            tr("Shuffle {deck} face down as the pile{away}.", deck=deck, away=away),
            tr(
                "Deal {dealt} cards from the pile to each player; then turn up {display} as the display, slots 1 "
                "to {display} from the left. The tool then asks for the cards each bot was dealt (they stay face "
                "down in its hand) and for the display's cards.",
                dealt=DEALT,
                display=DISPLAY,
            )
            if typed_bots
            else tr(
                "Deal {dealt} cards from the pile to each player; then turn up {display} as the display, slots 1 "
                "to {display} from the left. The tool then asks for the display's cards.",
                dealt=DEALT,
                display=DISPLAY,
            ),
        )
        if automas:  # the paper automa's set-up (companion print automa prohis)
            lieutenant = state.office[config.blind[0]][LIEUTENANT]
            if lieutenant:
                office = tr(
                    "{names}: the paper automa. Its captain and inspector and the lieutenant of its difficulty, "
                    "taken from the pile before shuffling, lie face up beside it (its office); its {dealt} cards "
                    "lie face down as its stock, which nobody looks at and the tool never asks for: it says when "
                    "to move its top cards, and asks for a card only when one is turned over.",
                    names=listing(automas),
                    dealt=DEALT,
                )
            else:
                office = tr(
                    "{names}: the paper automa. Its captain and inspector lie face up beside it (its office); its "
                    "{dealt} cards lie face down as its stock, which nobody looks at and the tool never asks for: "
                    "it says when to move its top cards, and asks for a card only when one is turned over.",
                    names=listing(automas),
                    dealt=DEALT,
                )
            table += (office,)
    else:
        text = tr(
            "The tool has shuffled {deck}{away} and dealt {dealt} to each player (each also has 1 captain and 1 "
            "inspector). Display: {display}. {first} starts.",
            deck=deck,
            away=away,
            dealt=DEALT,
            display=_display_text(state),
            first=first,
        )
        box = (
            (
                tr(
                    "Leave 18 legal, 10 illegal, 2 lieutenants and the spare captains and inspectors in the box."
                ),
            )
            if n <= 4
            else (tr("Leave the spare captains and inspectors in the box."),)
            if n < 6
            else ()
        )
        table = (
            *box,
            # all of them: the tool deals ("the rest" would read as what was left after a deal at the table)
            tr(
                "Sort the cards in play by type into a face-up supply ({deck}, {n} captains and {n} inspectors): "
                "the tool keeps the pile, so there is none at the table.",
                deck=deck,
                n=n,
            ),
            tr(
                "Lay out the display from the supply, slots 1 to {slots} from the left: {display}.",
                slots=DISPLAY,
                display=_display_text(state),
            ),
        )
        table += (tr("Nothing to deal: the tool keeps every hand.") + _hands_shown(people),)
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
                    tr("{name}'s hand: {cards}.", name=name, cards=rules.cards_text(cards)),
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
        return tr(" {name}'s hand is shown next; type hand to see it again later.", name=people[0])
    return tr(
        " {names}: each of you sees your hand next, alone; type hand to see it again later.",
        names=listing(people),
    )


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
    return tr(
        "{name} offers you: {cards} (accept or refuse).", name=state.config.name(state.active), cards=offer
    )


def render(state: ProhisState, seat: int | None = None) -> Any:
    """A rich renderable of the table as seen from ``seat`` (its own cards shown) or by everyone."""
    from rich.text import Text

    from ai.grid import Board, Grid

    name = state.config.name
    title = tr("Prohis · turn {n}", n=state.turn + 1)
    if state.phase == Phase.OVER:
        title += tr(" · game over")
    elif state.phase == Phase.COUNT:
        title += tr(" · the final count")
    elif state.final_left is not None:
        title += trn(" · final round ({n} turn left)", " · final round ({n} turns left)", state.final_left)
    rows = []
    for s in range(state.n):
        marker = " ◀" if s == state.active and state.phase not in (Phase.OVER, Phase.COUNT) else ""
        seen = ", ".join(amount(n, k) for k, n in enumerate(state.public[s]) if n)
        rows.append([name(s) + marker, str(_held(state, s)), str(sum(state.warehouses[s])), seen])
    hand = ptr("prohis", "hand")
    headings = (ptr("prohis", "player"), hand, ptr("prohis", "warehouse"), tr("seen in warehouse"))
    table = Grid(headings, rows, title=title, justify={hand: "right"})
    lines: list[Any] = [table]
    pile = len(state.pile)
    lines.append(
        Text(
            trn(
                "Display: {display} · pile: {n} card",
                "Display: {display} · pile: {n} cards",
                pile,
                display=_display_text(state),
            )
        )
    )
    if state.convoy:
        turned = ", ".join(
            tr("card {n} {card}", n=p + 1, card=card_name(state.convoy[p]))
            for p in state.order[: state.turned]
        )
        forward = ", ".join(f"{name(s)} {card_name(c)}" for s, c in enumerate(state.commits) if c is not None)
        size = len(state.convoy)
        line = trn(
            "{name}'s convoy: {n} card face down",
            "{name}'s convoy: {n} cards face down",
            size,
            name=name(state.active),
        )
        if forward:
            line += tr(" · controllers: {controllers}", controllers=forward)
        if turned:
            line += tr(" · turned: {cards}", cards=turned)
        lines.append(Text(line))
    if seat is not None:
        lines.extend(Text(line) for line in own_lines(state, seat))
    if state.phase == Phase.OVER:
        lines.append(Text(rules.result_of(state).reason, style="bold"))
    return Board(*lines)


def own_lines(state: ProhisState, seat: int) -> list[str]:
    """What ``seat``'s own view adds to the table's: its hand where the tool holds it, the bribe offered to it
    while it chooses (``hand`` shows it again, after resuming too), and a person's own warehouse (all of it in
    dealer mode; at a physical table what the tool saw go in: cards turned over, seized, bribes)."""
    lines = []
    if state.tracked(seat):
        lines.append(tr("Your hand: {cards}", cards=rules.cards_text(rules.cards_of(state.hands[seat]))))
    offer = offer_text(state, seat)
    if offer:
        lines.append(offer)
    stored = state.warehouses[seat]
    if state.person(seat) and sum(stored) > stored[UNKNOWN]:
        seen = rules.cards_text(rules.cards_of((*stored[:UNKNOWN], 0)))
        hidden = stored[UNKNOWN]
        if hidden:
            lines.append(
                trn(
                    "Your warehouse: {cards}, and {n} card the tool did not see",
                    "Your warehouse: {cards}, and {n} cards the tool did not see",
                    hidden,
                    cards=seen,
                )
            )
        else:
            lines.append(tr("Your warehouse: {cards}", cards=seen))
    return lines


def status(state: ProhisState, seat: int | None = None) -> str:
    """One line for the screen between boards (public facts, and ``seat``'s own hand)."""
    name = state.config.name
    first = (
        tr("the final count") if state.phase == Phase.COUNT else tr("{name}'s turn", name=name(state.active))
    )
    if (
        current() != "en"
    ):  # the line opens with it ("ход Ann" reads "Ход Ann" there); English as it always was
        first = first[:1].upper() + first[1:]
    parts = [[first], [tr("pile {n}", n=len(state.pile))]]
    if state.convoy:
        parts.append([tr("convoy of {n}", n=len(state.convoy))])
    stored = [f"{name(s)} {sum(state.warehouses[s])}" for s in range(state.n)]
    parts.append([tr("warehouses: {warehouses}", warehouses=stored[0]), *stored[1:]])
    if seat is not None and state.tracked(seat):
        counts = state.hands[seat]
        held = [amount(n, kind) for kind, n in enumerate(counts) if n] or [ptr("prohis", "nothing")]
        parts.append([tr("your hand: {cards}", cards=held[0]), *held[1:]])
    # broken at 80 columns only between items, never inside a count ("Bot4 9", "3 legal"): a part's items
    # end in ",", a part's last item in " ·"
    items = [
        item + ("," if i < len(part) - 1 else " ·" if p < len(parts) - 1 else "")
        for p, part in enumerate(parts)
        for i, item in enumerate(part)
    ]
    return fit(items, indent="  ")


def _cards_of_kind(n: int, kind: int) -> str:
    """``40 legal goods``, ``6 lieutenants``: a part of the deck."""
    if kind == LEGAL:
        return trn("{n} legal good", "{n} legal goods", n)
    if kind == ILLEGAL:
        return trn("{n} illegal good", "{n} illegal goods", n)
    if kind == LIEUTENANT:
        return trn("{n} lieutenants", "{n} lieutenants", n)
    if kind == CAPTAIN:
        return trn("{n} captains", "{n} captains", n)
    return trn("{n} inspectors", "{n} inspectors", n)


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
        ("?" if slot in waiting else "—") if c is None else card_name(c)
        for slot, c in enumerate(state.display)
    )
