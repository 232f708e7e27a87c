"""Prohis's printables: rule reference, player aids, the score pad and the paper automa's card.

The card types (count, inspection rank, values in the warehouse and in hand), the cards removed for smaller
tables, hand and display sizes are read from the engine through ``printables.engines.prohis``; the automa's
terms, rules and difficulties from ``ai.prohis.bots.automa``. With ``Options.seed_values`` every document
prints the French summary's values, and its title says so.
"""

from __future__ import annotations

from ai.text import plural
from printables import i18n
from printables.engines import prohis as e
from printables.flow import Block, Bullets, Heading, Para, Ruling, Space, Table
from printables.i18n import tr
from printables.pdf import GREY, Pen, new_document
from printables.registry import Builder, Options
from printables.rulecard import automa_page, table_rulings
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

#: The automa card's first lines: how to follow it, and that it holds no secret.
INTRO = (
    "It holds no secret: nobody looks at its stock, and its rules read only the table, the card a bribe "
    "offers it and a six-sided die. At each decision, follow its rules from the top; the first that applies "
    "decides."
)


def titled(title: str, seed_values: bool) -> str:
    """A title, saying so when the document prints the French summary's values."""
    return tr("{title} (French summary's values)", title=tr(title)) if seed_values else title


def _titled(title: str, options: Options) -> str:
    return titled(title, options.seed_values)


def _meta(title: str, options: Options) -> str:
    """A PDF's title and subject (English, not drawn), saying so with the French summary's values."""
    return f"{title} (French summary's values)" if options.seed_values else title


def _players() -> tuple[int, int, int]:
    low, high = e.player_range()
    return (low, high, 4 if low <= 4 <= high else low)


PLAYERS: tuple[int, int, int] | None = _players()


def money(v: int) -> str:
    """ "4,000" in English, "4 000" (a no-break space) in Russian and French; a real minus sign."""
    sep = "," if i18n.current() == "en" else "\u00a0"
    return f"{v:,}".replace(",", sep).replace("-", "−")


def cards_table(seed_values: bool = False) -> Table:
    rows = tuple(
        (
            t.name,
            str(t.count),
            plural(t.inspects, "card") if t.inspects else "–",
            money(t.warehouse),
            money(t.hand),
        )
        for t in e.card_types(seed_values)
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


def values_ruling(seed_values: bool) -> str:
    if seed_values:
        return (
            "this sheet uses the French summary's values “illegal 1,000” and “Inspector 3,000 in the "
            "warehouse”, as chosen; the published rules (and the program by default) say 4,000 and 5,000."
        )
    return (
        "the French summary's values “illegal 1,000” and “Inspector 3,000 in the warehouse” are copying "
        "mistakes; the table uses the published values."
    )


def rules_blocks(seed_values: bool = False) -> list[Block]:
    low, high = e.player_range()
    return [
        Para(
            "Smugglers run convoys of legal and illegal goods past each other's controllers, bluff and bribe. "
            f"The richest smuggler wins. For {low}–{high} players."
        ),
        Heading("Components and values"),
        cards_table(seed_values),
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
        Ruling(values_ruling(seed_values)),
        *(Ruling(t) for t in table_rulings(*e.modules())),
        Space(),
        Para(
            "Sources: a French rules summary of Prohis corrected from the published rules, and our "
            "own reading of it; the table is printed from the program's own data.",
            color=GREY,
        ),
    ]


def build_rules(options: Options) -> bytes:
    doc = new_document(
        options.paper, _titled("Prohis — rule reference", options), _meta("Prohis rule reference", options)
    )
    rule_sheet(
        doc,
        _titled(TITLE, options),
        "rule reference · our own words · our rulings marked",
        _titled("companion · Prohis · rule reference", options),
        rules_blocks(options.seed_values),
    )
    return doc.finish()


def aid_card(seed_values: bool = False) -> Card:
    """A whole turn on one card, one per player: the actions, the inspection, the values, the end."""
    return Card(
        titled("Prohis: your turn", seed_values),
        (
            Heading("Exactly one of", 2),
            Bullets(turn_items()),
            Heading("A convoy is inspected", 2),
            Bullets(inspection_items(), numbered=True),
            Heading("Values at the end", 2),
            cards_table(seed_values),
            Para(e.box_counts_text()),
            Heading("The end", 2),
            Para(end_text()),
        ),
        TITLE,
        columns=2,
    )


def build_aid(options: Options) -> bytes:
    doc = new_document(
        options.paper, _titled("Prohis — player aids", options), _meta("Prohis player aids", options)
    )
    foot = _titled("companion · Prohis · player aid, one per player", options)
    card_grid(doc, [aid_card(options.seed_values)], 1, 2, foot, options.pages)
    return doc.finish()


#: The pad's last row: an automa adds its handicap there.
TOTAL = "total (an automa: with its handicap)"


class PadDrawer:
    def __init__(self, players: int, seed_values: bool = False) -> None:
        self.players = players
        self.seed_values = seed_values

    def __call__(self, pen: Pen, x: float, top: float, width: float, height: float) -> None:
        names = [f"player {p + 1}" for p in range(self.players)]
        grid_top = pad_head(pen, titled("Prohis scores", self.seed_values), names, x, top, width)
        cols = [Column("", 2.9), Column("worth", 0.9)]  # a card's $ (Russian: цена, not a value)
        for p in range(self.players):
            group = f"player {p + 1}"
            cols += [Column("cards", 0.8, group), Column("$", 1.1, group)]
        rows: list[str] = []
        values: list[str] = []
        for t in e.card_types(self.seed_values):
            if t.warehouse:
                rows.append(f"{t.name}, warehouse")
                values.append(money(t.warehouse))
            if t.hand:
                rows.append(f"{t.name}, in hand")
                values.append(money(t.hand))
        # an automa's total adds its difficulty's points (the automa card)
        cells = (*zip(rows, values, strict=True), (TOTAL, ""))
        total = len(rows)
        shaded = frozenset((total, 2 + 2 * p) for p in range(self.players))
        row_h = min(24.0, (height - (top - grid_top) - head_height(cols, width, 7.5) - 56) / (total + 1))
        grid = Grid(tuple(cols), (*rows, TOTAL), row_h, bold_rows=(total,), cells=cells, shaded=shaded)
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
    doc = new_document(
        options.paper, _titled("Prohis — score pad", options), _meta("Prohis score pad", options)
    )
    foot = _titled(f"companion · Prohis · score pad for {players} players", options)
    pads(doc, options.pages, 2, PadDrawer(players, options.seed_values), foot)
    return doc.finish()


def setup_items() -> tuple[str, ...]:
    """The automa's set-up and handling, on the back of its card."""
    return (
        "Set up as usual for the number of players, counting each automa as a player. Solo: you and two "
        "automas.",
        f"Deal each automa its {e.DEAL} cards face down as its stock: nobody looks at them. Its Captain and "
        "Inspector lie face up beside it: its office, with the Lieutenant its difficulty may give it, taken from "
        "the goods before shuffling.",
        "A display card it takes: a Lieutenant goes to its office; anything else onto its stock, then shuffle "
        "its stock. A card from the draw pile goes onto its stock unseen. A controller it wins or gets back "
        "goes to its office.",
        "Its convoys and its warehouse lie face down, unseen. A refused bribe goes back onto its stock: shuffle "
        "it.",
        "A bribe offered to it is read only by the player who offers it: they add up its worth, another player "
        "rolls the die (alone: they roll it), and they say “accepted” or “refused”. Its bribe to you is seen by "
        "you alone; its bribe to another automa is turned face up to be read.",
        "At the end its warehouse scores as a warehouse, its stock and office as a hand, and it adds its "
        "handicap.",
    )


def levels_items() -> tuple[str, ...]:
    """The difficulty levels as the card's last notes: what each adds at set-up and at the end."""
    out = []
    for level, bonus, lieutenant in e.automa_levels():
        name = tr("Level {n} (default)", n=level) if level == 2 else tr("Level {n}", n=level)
        parts = [tr("a Lieutenant in its office at set-up")] if lieutenant else []
        if bonus:
            parts.append(tr("{points} at the end", points=("+" if bonus > 0 else "") + money(bonus)))
        out.append(
            tr("**{name}:** {what}.", name=name, what="; ".join(parts) if parts else tr("no handicap"))
        )
    return tuple(out)


def build_automa(options: Options) -> bytes:
    from ai.prohis.bots.automa import automa_rules, terms
    from ai.prohis.state import ProhisConfig

    config = ProhisConfig(seed_values=options.seed_values)
    doc = new_document(
        options.paper, _titled("Prohis — the automa's card", options), _meta("Prohis automa", options)
    )
    automa_page(
        doc,
        _titled("Prohis: the automa", options),
        "a smuggler that holds no secret: its rules, grouped by decision",
        _titled("companion · Prohis · automa card", options),
        automa_rules(config),
        intro=INTRO,
        notes_title="Set-up, handling and difficulty",
        notes=(*setup_items(), *levels_items()),
        terms=terms(config),
    )
    return doc.finish()


def documents() -> dict[str, Builder]:
    return {"rules": build_rules, "aid": build_aid, "scorepad": build_scorepad, "automa": build_automa}
