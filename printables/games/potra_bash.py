"""Potra Bash's printables: rule reference, player aids, the score pad and the Bash automa's card (its own
chains: ``ai.potra_bash.bots.automa.automa_rules``, one per decision, printed as the ``automa`` level plays
them).

Card values, copies, the cards removed for three players, hand size and the scoring (with its worked examples,
computed by the engine's own scoring function) are read from the engine; see ``ENGINE`` below.
"""

from __future__ import annotations

from printables.engines import potra_bash as e
from printables.flow import Block, Bullets, Heading, Para, Ruling, Space, Table
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

TITLE = "Potra Bash"

#: The automa card's first lines: how to run it, and that nobody sees its cards.
INTRO = (
    "The automa holds no hand anyone sees: its cards lie face down in its hand pile. At each of its "
    "decisions, read the chain from the top; the first rule that applies decides."
)


def _players() -> tuple[int, int, int]:
    low, high = e.player_range()
    return (low, high, 4 if low <= 4 <= high else low)


PLAYERS: tuple[int, int, int] | None = _players()


def sign(v: int) -> str:
    return str(v).replace("-", "−")


def deck_table() -> Table:
    counts = e.player_range()
    head = ("value", *(f"{n} players" for n in range(counts[0], counts[1] + 1)))
    rows = tuple(
        (sign(v), *(str(e.copies(v, n)) for n in range(counts[0], counts[1] + 1))) for v in e.values()
    )
    total = (
        "cards",
        *(str(sum(e.copies(v, n) for v in e.values())) for n in range(counts[0], counts[1] + 1)),
    )
    return Table(head, (*rows, total), (1, *(1,) * (counts[1] - counts[0] + 1)), ("center",) * 10)


def examples() -> Table:
    rows = []
    for pile in e.EXAMPLES:
        kept, total = e.score(pile)
        rows.append((", ".join(sign(v) for v in pile), ", ".join(sign(v) for v in kept) or "–", sign(total)))
    return Table(
        ("scoring pile", "left after discards", "score"),
        tuple(rows),
        (2.6, 2, 0.8),
        ("left", "left", "center"),
    )


def lap_items() -> tuple[str, ...]:
    return (
        "**Lap 1:** each player must play one card face up in front of themselves, then draws 1.",
        "**Laps 2 and 3:** play one card and draw 1, or pass (no draw). A player who passed in lap 2 may play "
        "in lap 3.",
        "An empty deck: a player who plays does not draw; the round goes on, and it is the game's last.",
    )


def acquisition_items() -> tuple[str, ...]:
    return (
        "The highest sum of the cards in front of a player takes the **centre card** (even a negative one). "
        "Tie: among the tied, the one whose latest play came last.",
        "Then, from the player left of the centre-card winner, clockwise round and round, each takes one card "
        "from the field until it is empty: **someone else's card while one remains**, only then your own. Free "
        "choice among those.",
        "Acquired cards go face down to your scoring pile (you may look); they never return to hand.",
    )


def next_round_text() -> str:
    return (
        "Turn the top card of the deck face up as the new centre card; the starting player moves one seat "
        "clockwise; hands are kept. When the deck runs out, the current round is finished, then the game ends."
    )


def scoring_text() -> str:
    one = sign(e.TIE_VALUE)
    return (
        f"Cards in hand score nothing. For every value other than {one}, each complete set of "
        f"{e.SET_SIZE} equal cards is discarded; add up the rest. Highest score wins; tie: most {one}s; still "
        "tied: a draw between them."
    )


def rules_blocks() -> list[Block]:
    low, high = e.player_range()
    blocks: list[Block] = [
        Para(
            "Read when the others will play and which cards you will end up taking: every card played is "
            "shared out, and triples of the same value are worth nothing."
        ),
        Heading("Components"),
        Para(
            f"{low}–{high} players. The deck by player count (for {low} players the removed cards stay unseen):"
        ),
        deck_table(),
        Heading("Setup"),
        Para(
            f"Shuffle; deal {e.HAND_SIZE} secret cards to each player; turn the top card face up in the centre; "
            "choose the starting player at random."
        ),
        Heading("A round: three laps"),
        Para("Each lap goes clockwise from the round's starting player, strictly in turn order."),
        Bullets(lap_items()),
        Heading("Acquisition", 2),
        Bullets(acquisition_items(), numbered=True),
        Heading("Next round"),
        Para(next_round_text()),
        Heading("End and scoring"),  # when the game ends is said once, under "Next round"
        Para(scoring_text()),
        examples(),
        Heading("Our rulings"),
        Ruling(
            "the next round (the rulebook's section 7.2 is blank) is set up as above; a table may agree that "
            "it starts with the centre-card winner, or with the player to their left."
        ),
        Ruling(
            "every complete set of three is discarded (six −2s discard both sets, seven keep one); a table may "
            "agree to discard at most one set per value."
        ),
        *(Ruling(t) for t in table_rulings(*e.modules())),
        Space(),
        Para(
            "Sources: the Potra Bash rules sheet (Lunchtime Games) and our own reading of it; the tables and the "
            "examples are computed from the program's own data.",
            color=GREY,
        ),
    ]
    return blocks


def build_rules(options: Options) -> bytes:
    doc = new_document(options.paper, "Potra Bash — rule reference", "Potra Bash rule reference")
    rule_sheet(
        doc,
        TITLE,
        "rule reference · our own words · our rulings marked",
        "companion · Potra Bash · rule reference",
        rules_blocks(),
    )
    return doc.finish()


def aid_card() -> Card:
    """A whole round on one card, one per player: the laps, the acquisition, the next round, the scoring."""
    return Card(
        "Potra Bash: a round",
        (
            Bullets(lap_items()),
            Heading("Acquisition", 2),
            Bullets(acquisition_items(), numbered=True),
            Heading("Next round", 2),
            Para(next_round_text()),
            Heading("Scoring", 2),
            Para(scoring_text()),
            examples(),
        ),
        TITLE,
        columns=2,
    )


def build_aid(options: Options) -> bytes:
    doc = new_document(options.paper, "Potra Bash — player aids", "Potra Bash player aids")
    card_grid(doc, [aid_card()], 1, 2, "companion · Potra Bash · player aid, one per player", options.pages)
    return doc.finish()


def handicaps() -> str:
    """The automa's points by difficulty, as the pad's note says them (``difficulty 2: +1``)."""
    return ", ".join(f"difficulty {level}: +{points}" for level, points in e.AUTOMA_HANDICAP.items())


class PadDrawer:
    def __init__(self, players: int) -> None:
        self.players = players

    def __call__(self, pen: Pen, x: float, top: float, width: float, height: float) -> None:
        names = [f"player {p + 1}" for p in range(self.players)]
        grid_top = pad_head(pen, "Potra Bash scores", names, x, top, width)
        values = list(e.values())
        cols = [Column("", 1.5)]
        for p in range(self.players):
            group = f"player {p + 1}"
            cols += [
                Column("cards", 0.9, group),
                Column("sets out", 1.2, group),
                Column("points", 0.9, group),
            ]
        rows = (
            *(f"value {sign(v)}" for v in values),
            "automa's handicap",
            "total",
            f"{sign(e.TIE_VALUE)}s (tie-break)",
        )
        handicap, total, ones = len(values), len(values) + 1, len(values) + 2
        shaded = {(values.index(v), 2 + 3 * p) for v in e.NO_SET_VALUES for p in range(self.players)}
        for p in range(self.players):
            shaded |= {(total, 1 + 3 * p), (total, 2 + 3 * p), (ones, 2 + 3 * p), (ones, 3 + 3 * p)}
            shaded |= {(handicap, 1 + 3 * p), (handicap, 2 + 3 * p)}
        row_h = min(24.0, (height - (top - grid_top) - head_height(cols, width, 7.5) - 62) / len(rows))
        grid = Grid(tuple(cols), rows, row_h, bold_rows=(total,), shaded=frozenset(shaded))
        bottom = draw_grid(pen, grid, x, grid_top, width, 7.5)
        how = [
            Para(
                f"For each value write how many cards of it are in your scoring pile, how many sets of {e.SET_SIZE} "
                f"are discarded (none for {sign(e.TIE_VALUE)}s) and the points: value × (cards − {e.SET_SIZE} × sets). "
                f"An automa adds its handicap: {handicaps()}. Total = sum of the points; hand cards score "
                f"nothing. Highest total wins; tie: most {sign(e.TIE_VALUE)}s; still tied: a draw."
            )
        ]
        note_box(pen, "How to score", how, x, bottom - 6, width, bottom - 6 - (top - height))


def build_scorepad(options: Options) -> bytes:
    players = options.players or _players()[2]
    doc = new_document(options.paper, "Potra Bash — score pad", "Potra Bash score pad")
    pads(
        doc, options.pages, 2, PadDrawer(players), f"companion · Potra Bash · score pad for {players} players"
    )
    return doc.finish()


def difficulty_table() -> Table:
    """The automa's handicap by difficulty, from the engine's table, each written as the pad's "How to score" writes
    it (+0 too)."""
    rows = tuple(
        (f"{level} (default)" if level == e.AUTOMA_LEVEL else str(level), f"+{points}")
        for level, points in e.AUTOMA_HANDICAP.items()
    )
    return Table(("difficulty", "points at the end"), rows, (1.2, 1.5), ("center", "center"))


def build_automa(options: Options) -> bytes:
    """The Bash automa: terms and chains on the front, its set-up and difficulty beside them."""
    config = e.default_config()
    doc = new_document(options.paper, "Potra Bash — the Bash automa", "Potra Bash automa")
    automa_page(
        doc,
        "Potra Bash: the Bash automa",
        "a paper opponent with no hand: it turns its top card",
        "companion · Potra Bash · automa card · the same rules the program plays",
        e.automa_rules(config),
        side=[
            Heading("Set-up", 2),
            Bullets(e.automa_setup(config)),
            Heading("Difficulty", 2),
            difficulty_table(),
            Heading("A round", 2),
            Bullets(lap_items()),
        ],
        intro=INTRO,
        terms=e.automa_terms(config),
    )
    return doc.finish()


def documents() -> dict[str, Builder]:
    return {"rules": build_rules, "aid": build_aid, "scorepad": build_scorepad, "automa": build_automa}
