"""Prohis's printables: rule reference, player aids, the score pad and, once the ``normal`` bot is a list of
priority rules, its card.

The card types (count, inspection rank, values in the warehouse and in hand), the cards removed for smaller
tables, hand and display sizes are read from the engine through ``printables.engines.prohis``.
"""

from __future__ import annotations

from ai.text import plural
from printables import i18n
from printables.engines import prohis as e
from printables.flow import Block, Bullets, Heading, Para, Ruling, Space, Table
from printables.i18n import tr
from printables.pdf import GREY, Pen, new_document
from printables.registry import Builder, Options
from printables.rulecard import automa_page, normal_rules, table_rulings
from printables.sheet import (
    Card,
    Column,
    Grid,
    card_grid,
    draw_grid,
    head_height,
    note_box,
    pad_head,
    pads,
    rule_sheet,
)

TITLE = "Prohis"

#: The bot card's first lines: how to follow it, that its rules read the bot's hidden cards (so the card says
#: who may look at them), and the die it rolls.
INTRO = (
    "At each decision, follow its rules from the top; the first that applies decides; a die is six-sided. "
    "They read the bot's own hand and the bribes offered to it: whoever runs it sees them (with no one "
    "else to run it, its hand lies face up)."
)


def _players() -> tuple[int, int, int]:
    low, high = e.player_range()
    return (low, high, 4 if low <= 4 <= high else low)


PLAYERS: tuple[int, int, int] | None = _players()


def money(v: int) -> str:
    """ "4,000" in English, "4 000" (a no-break space) in Russian and French; a real minus sign."""
    sep = "," if i18n.current() == "en" else "\u00a0"
    return f"{v:,}".replace(",", sep).replace("-", "−")


def cards_table() -> Table:
    rows = tuple(
        (
            t.name,
            str(t.count),
            plural(t.inspects, "card") if t.inspects else "–",
            money(t.warehouse),
            money(t.hand),
        )
        for t in e.card_types()
    )
    return Table(
        ("card", "count", "inspects", "in warehouse", "in hand"),
        rows,
        (1.7, 0.8, 1.0, 1.6, 1.1),
        ("left", "center", "center", "right", "right"),
    )


def turn_items() -> tuple[str, ...]:
    lo, hi = e.CONVOY_SIZE
    return (
        f"**Draw** (only with fewer than {e.HAND_LIMIT} cards in hand): two display cards; or one display card "
        "and the top of the pile; or one display card; or the top of the pile. A display card taken is replaced "
        "at once (the second pick may take the new card).",
        f"**Convoy:** put {lo}–{hi} hand cards face down (any cards, controllers included); see the inspection.",
        "**Pass:** once the draw pile is empty, or when nothing else is possible.",
    )


def inspection_items() -> tuple[str, ...]:
    return (
        "Each opponent may commit one controller from hand. None: the convoy goes to your warehouse unseen. "
        "Otherwise the highest rank inspects (equal ranks: the nearest clockwise from you); the others take "
        "theirs back.",
        "You may offer one bribe of one or more hand cards, seen only by the inspector. Accepted: the bribe goes "
        "to his warehouse, his controller back to his hand, your convoy to your warehouse. Refused: the bribe "
        "returns to your hand and he must inspect. No bribe: he may decline; his controller then goes to his own "
        "warehouse and the convoy passes.",
        "Inspection: he turns over convoy cards one at a time, up to his controller's rank. An illegal good: "
        "stop — he takes the convoy and his controller into his warehouse. A controller: stop — the convoy "
        "passes. Only legal goods: it passes. When it passes you also take his controller into your hand.",
    )


def end_text() -> str:
    return (
        "The turn in which the last card leaves the draw pile starts the final round: every player, that player "
        "included, has one more turn, that player last; empty display slots stay empty. If every player passes "
        "in turn, the game ends at once. Score with the table; highest total wins; a tie is a shared win."
    )


def rules_blocks() -> list[Block]:
    low, high = e.player_range()
    return [
        Para(
            "Smugglers run convoys of legal and illegal goods past each other's controllers, bluff and bribe. "
            f"The richest smuggler wins. For {low}–{high} players."
        ),
        Heading("Components and values"),
        cards_table(),
        Para(
            "Count: the cards in the box (setup removes some for smaller tables). Values: what each card is worth "
            "at the end, in your warehouse or in your hand. The Inspector is called Major in the English edition."
        ),
        Heading("Setup"),
        Bullets(
            (
                e.removed_text(),
                e.controllers_text(),
                f"Shuffle the goods and Lieutenants; deal {e.DEAL} to each player (hand: {e.DEAL + e.START_CONTROLLERS}"
                f" cards). The rest is the draw pile; turn its top {e.DISPLAY} face up as the display.",
                "Random first player; play goes clockwise.",
            ),
            numbered=True,
        ),
        Heading("A turn: exactly one of"),
        Bullets(turn_items()),
        Heading("Inspection", 2),
        Bullets(inspection_items(), numbered=True),
        Heading("End and scoring"),
        Para(end_text()),
        Para(
            "Hands, convoys, bribes and warehouses are hidden; the display and every card turned over are public."
        ),
        Heading("Our rulings"),
        Ruling(
            "between controllers of equal rank, the one nearest clockwise from the active player inspects (at "
            "a real table: whoever was first)."
        ),
        Ruling("an inspector who declines without a bribe puts his controller into his own warehouse."),
        Ruling(
            "passing is allowed once the draw pile is empty or when no other action is possible (a table may "
            "agree: any time)."
        ),
        Ruling(
            "the French summary's values “illegal 1,000” and “Inspector 3,000 in the warehouse” are copying "
            "mistakes; the table uses the published values."
        ),
        *(Ruling(t) for t in table_rulings(*e.modules())),
        Space(),
        Para(
            "Sources: a French rules summary of Prohis corrected from the published rules, and our "
            "own reading of it; the table is printed from the program's own data.",
            color=GREY,
        ),
    ]


def build_rules(options: Options) -> bytes:
    doc = new_document(options.paper, "Prohis — rule reference", "Prohis rule reference")
    rule_sheet(
        doc,
        TITLE,
        "rule reference · our own words · our rulings marked",
        "companion · Prohis · rule reference",
        rules_blocks(),
    )
    return doc.finish()


def aid_card() -> Card:
    """A whole turn on one card, one per player: the actions, the inspection, the values, the end."""
    return Card(
        "Prohis: your turn",
        (
            Heading("Exactly one of", 2),
            Bullets(turn_items()),
            Heading("A convoy is inspected", 2),
            Bullets(inspection_items(), numbered=True),
            Heading("Values at the end", 2),
            cards_table(),
            Para(e.box_counts_text()),
            Heading("The end", 2),
            Para(end_text()),
        ),
        TITLE,
        columns=2,
    )


def build_aid(options: Options) -> bytes:
    doc = new_document(options.paper, "Prohis — player aids", "Prohis player aids")
    card_grid(doc, [aid_card()], 1, 2, "companion · Prohis · player aid, one per player", options.pages)
    return doc.finish()


class PadDrawer:
    def __init__(self, players: int) -> None:
        self.players = players

    def __call__(self, pen: Pen, x: float, top: float, width: float, height: float) -> None:
        names = [f"player {p + 1}" for p in range(self.players)]
        grid_top = pad_head(pen, "Prohis scores", names, x, top, width)
        cols = [Column("", 2.9), Column("worth", 0.9)]  # a card's $ (Russian: цена, not a value)
        for p in range(self.players):
            group = f"player {p + 1}"
            cols += [Column("cards", 0.8, group), Column("$", 1.1, group)]
        rows: list[str] = []
        values: list[str] = []
        for t in e.card_types():
            if t.warehouse:
                rows.append(f"{t.name}, warehouse")
                values.append(money(t.warehouse))
            if t.hand:
                rows.append(f"{t.name}, in hand")
                values.append(money(t.hand))
        cells = (*zip(rows, values, strict=True), ("total", ""))
        total = len(rows)
        shaded = frozenset((total, 2 + 2 * p) for p in range(self.players))
        row_h = min(24.0, (height - (top - grid_top) - head_height(cols, width, 7.5) - 56) / (total + 1))
        grid = Grid(tuple(cols), (*rows, "total"), row_h, bold_rows=(total,), cells=cells, shaded=shaded)
        bottom = draw_grid(pen, grid, x, grid_top, width, 7.5)
        how = [
            Para(
                "For each line count the cards and multiply by the value; cards not listed score nothing. "
                "Total = sum of the $ column. Highest total wins; a tie is a shared win."
            )
        ]
        note_box(pen, "How to score", how, x, bottom - 6, width, bottom - 6 - (top - height))


def build_scorepad(options: Options) -> bytes:
    players = options.players or _players()[2]
    doc = new_document(options.paper, "Prohis — score pad", "Prohis score pad")
    pads(doc, options.pages, 2, PadDrawer(players), f"companion · Prohis · score pad for {players} players")
    return doc.finish()


def die_table() -> Table:
    """The bot's die table for judging a convoy: per controller and bribe worth, the faces on which it
    inspects (or refuses the bribe) for a convoy of 2, 3 and 4 cards."""
    rows = []
    for row in e.die_table():
        if row.low == 0 and row.high is None:
            bribe = tr("any")
        elif row.low == 0:
            bribe = tr("none, or up to {v}", v=money(row.high or 0))
        elif row.high is None:
            bribe = tr("{v} or more", v=money(row.low))
        else:
            bribe = money(row.low) if row.low == row.high else f"{money(row.low)}–{money(row.high)}"
        rows.append((e.name(row.controller), bribe, *(f"1–{k}" if k > 1 else "1" for k in row.faces)))
    header = (tr("controller"), tr("bribe"), *(tr("convoy of {n} cards", n=n) for n in e.CONVOY_SIZES))
    return Table(header, tuple(rows), (1.3, 1.6, 1, 1, 1), ("left", "left", "center", "center", "center"))


def build_automa(options: Options) -> bytes:
    rule_list = normal_rules("prohis")
    assert rule_list is not None  # documents() offers the card only then
    doc = new_document(options.paper, "Prohis — the normal bot's card", "Prohis normal bot")
    automa_page(
        doc,
        "Prohis: the normal bot",
        "its priority rules, grouped by decision",
        "companion · Prohis · bot card",
        rule_list,
        side=[
            Heading(tr("Die table: inspect on 1–k"), 2),
            die_table(),
        ],
        intro=INTRO,
    )
    return doc.finish()


def documents() -> dict[str, Builder]:
    docs: dict[str, Builder] = {"rules": build_rules, "aid": build_aid, "scorepad": build_scorepad}
    if normal_rules("prohis") is not None:
        docs["automa"] = build_automa
    return docs
