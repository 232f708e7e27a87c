"""Prudh's printables: rule reference, player aids, the match score pad and, once the ``normal`` bot is a list
of priority rules, its card.

The board, the pieces, the directions, the edge variants and the scoring options are read from
``ai.prudh.components``; the worked example's results are computed by the engine itself.
"""

from __future__ import annotations

from ai.prudh import components as b
from printables import fonts
from printables.flow import Block, Bullets, Figure, Heading, Para, Ruling, Space, Table
from printables.pdf import GREY, INK, Pen, new_document
from printables.registry import Builder, Options
from printables.rulecard import automa_page, normal_rules, table_rulings
from printables.sheet import (
    NOTE_TEXT,
    Card,
    Column,
    Grid,
    card_grid,
    draw_grid,
    head_height,
    note_box,
    note_height,
    pad_head,
    pads,
    rule_sheet,
)

TITLE = "Prudh"
PLAYERS: tuple[int, int, int] | None = (2, 2, 2)
PIECE = (0.85, 0.68, 0.45)  # natural wood
MATCH_GAMES = 8  # lines on the pad; a match is as long as the players like


def dark_name() -> str:
    return b.SEAT_NAMES[b.DARK]


def light_name() -> str:
    return b.SEAT_NAMES[b.LIGHT]


def directions(indices: tuple[int, ...]) -> str:
    return ", ".join(b.DIRECTIONS[i][1] for i in indices)


def draw_board(pen: Pen, x: float, top: float, width: float) -> None:
    """The empty board at setup: a1 dark, one piece on every square, files and ranks labelled."""
    cell = (width - 12) / b.SIZE
    left = x + 12
    for rank in range(b.SIZE):
        for file in range(b.SIZE):
            dark = (file + rank) % 2 == 0
            y = top - (b.SIZE - rank) * cell
            pen.rect(
                left + file * cell,
                y,
                cell,
                cell,
                stroke=INK,
                fill=(0.45, 0.42, 0.4) if dark else (0.96, 0.94, 0.9),
                width=0.4,
            )
            # the pieces are identical (a stack belongs to the owner of its square): one colour on both squares
            pen.circle(left + (file + 0.5) * cell, y + cell / 2, cell * 0.22, PIECE, INK)
    for i in range(b.SIZE):
        pen.text(
            left + i * cell, top - b.SIZE * cell - 9, b.FILES[i], fonts.REGULAR, 9.5, cell, "center", GREY
        )
        pen.text(
            x, top - (b.SIZE - i) * cell + cell / 2 - 2.5, b.RANKS[i], fonts.REGULAR, 9.5, 10, "center", GREY
        )


def board_figure(width: float = 120) -> Figure:
    return Figure(width - 12 + 12, width, draw_board)


def variants_table() -> Table:
    rows = tuple((b.VARIANT_TITLES[v], *b.EDGE_RULES[v]) for v in b.VARIANTS)
    return Table(("variant", "last drop captured", "last drop did not capture"), rows, (1.1, 2.6, 1.8))


def variant_options() -> list[Para]:
    """The handling options under the variants' table: the position they leave is the rule's."""
    return [Para(f"**{b.VARIANT_TITLES[v]}:** {text}.") for v, text in b.EDGE_OPTIONS.items()]


def worked_example() -> Table | None:
    """The spec's example, played by the engine: a 4-stack of the first seat's on c1 runs east over 2, an empty
    square and 3 of the other seat's. ``None`` if the engine cannot play it (yet)."""
    try:
        from ai.prudh import rules

        sq = {name: i for i, name in enumerate(b.SQUARE_NAMES)} if hasattr(b, "SQUARE_NAMES") else {}
        c1, d1, f1 = (sq[n] for n in ("c1", "d1", "f1"))
        east = next(i for i, d in enumerate(b.DIRECTIONS) if d[0] == "e")
        heights = [0] * b.SQUARES
        heights[c1], heights[d1], heights[f1] = 4, 2, 3
        rows = []
        for v in b.VARIANTS:
            state = rules.from_position(rules.PrudhConfig(variant=v), heights, b.OWNER[c1])
            after, done = rules.outcome(state, rules.Move(c1, east))
            rows.append(
                (b.VARIANT_TITLES[v], f"+{done.points}", str(after[c1]), str(after[f1]), str(done.pit))
            )
        return Table(
            ("variant", "scores", "c1 after", "f1 after", "pit"),
            tuple(rows),
            (1.3, 1, 1, 1, 0.8),
            ("left", "center", "center", "center", "center"),
        )
    except Exception:
        return None


def turn_items() -> tuple[str, ...]:
    return (
        f"**Slide:** from one of your squares holding a stack, diagonally ({directions(b.DIAGONALS)}): the whole "
        "stack moves over empty squares onto the first occupied square and merges with it. No occupied square "
        "on that diagonal: no slide.",
        f"**Run:** from one of your squares with a stack of N ≥ 2, orthogonally ({directions(b.ORTHOGONALS)}): "
        "drop one piece on each of the next k = min(N, squares to the edge) squares, in order.",
    )


def drop_items() -> tuple[str, ...]:
    return (
        "an empty square (either colour): the piece stays;",
        "your own stack: the piece joins it;",
        "an enemy stack of height h < N (the **original** height): **capture** — the h pieces and the dropped "
        f"piece are removed; you score {b.CAPTURE_POINTS['all'].split(':')[0]};",
        "an enemy stack of height h ≥ N: the piece joins it (it stays the enemy's).",
    )


def end_text() -> str:
    return (
        "The game ends when the player to move has no legal move. The last mover adds their **tallest stack "
        f"standing on their own colour** (and, under {b.VARIANT_TITLES['tomio']}, {b.PIT_POINTS} per piece in "
        "the pit). Higher score wins; **a tie goes to the player who moved second**."
    )


def rules_blocks() -> list[Block]:
    n = b.SIZE
    blocks: list[Block] = [
        Para(
            "A traditional two-player game of stacking and capturing on a chequered board. Each player owns "
            "the squares of one colour, and a stack belongs to whoever owns the square it stands on."
        ),
        Heading("Board and setup"),
        Para(
            f"A {n}×{n} board, files {b.FILES[0]}–{b.FILES[-1]} left to right, ranks {b.RANKS[0]}–{b.RANKS[-1]} "
            f"bottom to top; **a1 is dark**. {b.PIECES} identical pieces, one on every square. {dark_name()} owns "
            f"the dark squares, {light_name()} the light ones. A diagonal step keeps the colour, an orthogonal "
            "step changes it."
        ),
        board_figure(),
        Para(
            "Choose the first player at random for the first game of a match; after that the first player "
            "alternates. Only who moves first matters, not the colour."
        ),
        Heading("A turn: a slide or a run"),
        Bullets(turn_items()),
        Para("Each drop of a run is resolved at once:"),
        Bullets(drop_items()),
        Para(
            "A run is legal only if it captures at least one stack; its length is forced. If N > k, the extra "
            "pieces follow the edge variant chosen at the start:"
        ),
        variants_table(),
        *variant_options(),
    ]
    example = worked_example()
    if example is not None:
        blocks += [
            Para(
                "Example, computed by the program: a 4-stack on c1 runs east; the opponent has 2 on d1, e1 is "
                "empty, the opponent has 3 on f1.",
                keep=True,
            ),
            example,
        ]
    blocks += [
        Heading("End and scoring"),
        Para(end_text()),
        Para(f"Pieces are conserved: {b.PIECES} = on the board + removed + in the pit."),
        Heading("Our rulings"),
        Ruling(
            f"a capture scores {b.CAPTURE_POINTS['all']} (a table may agree on {b.CAPTURE_POINTS['stack']})."
        ),
        Ruling("under Traditional and Tika, a run whose last drop did not capture sends its extras back."),
        *(Ruling(t) for t in table_rulings(b, _rules_module())),
        Space(),
        Para(
            "Sources: Prudh beta rules 1.5 (Crab Fragment Labs) and our own reading of it; the tables are printed "
            "from the program's own data.",
            color=GREY,
        ),
    ]
    return blocks


def _rules_module() -> object:
    try:
        from ai.prudh import rules

        return rules
    except Exception:
        return None


def build_rules(options: Options) -> bytes:
    doc = new_document(options.paper, "Prudh — rule reference", "Prudh rule reference")
    rule_sheet(
        doc,
        "Prudh",
        "rule reference · our own words · our rulings marked",
        "companion · Prudh · rule reference",
        rules_blocks(),
    )
    return doc.finish()


def aid_card() -> Card:
    """The whole game on one card (printed twice per page)."""
    return Card(
        "Prudh",
        (
            Heading("A turn: a slide or a run", 2),
            Bullets(turn_items()),
            Heading("Each drop of a run", 2),
            Bullets(drop_items()),
            Para("A run must capture at least one stack; its length is forced."),
            board_figure(96),
            Heading("Edge variants (N > k)", 2),
            variants_table(),
            *variant_options(),
            Heading("End and scoring", 2),
            Para(end_text()),
        ),
        "Prudh",
        columns=2,
    )


def build_aid(options: Options) -> bytes:
    doc = new_document(options.paper, "Prudh — player aids", "Prudh player aids")
    card_grid(doc, [aid_card()], 1, 2, "companion · Prudh · player aid, one per player", options.pages)
    return doc.finish()


def draw_pad(pen: Pen, x: float, top: float, width: float, height: float) -> None:
    grid_top = pad_head(pen, "Prudh match", ("Player A", "Player B"), x, top, width)
    per_player = [
        Column("captures", 1),
        Column("last-move bonus", 1.05),
        Column("pit", 0.7),
        Column("total", 0.9),
    ]
    columns = (
        Column("game", 0.7),
        Column("first player (A\u00a0/\u00a0B)", 1.1),
        Column("variant", 1.2),
        *(Column(c.label, c.weight, "Player A") for c in per_player),
        *(Column(c.label, c.weight, "Player B") for c in per_player),
        Column("winner", 0.9),
    )
    variants = ", ".join(b.VARIANT_TITLES[v] for v in b.VARIANTS)
    every, stack = (b.CAPTURE_POINTS[k].split(":")[0] for k in ("all", "stack"))
    how = [
        Para(
            # every piece a capture removes is named: "h + 1 each" alone scores a Traditional edge capture short
            f"**Captures:** 1 for each piece a capture removes: the captured stack and the capturing piece "
            f"({every}), under {b.VARIANT_TITLES['traditional']} every piece landing on the edge capture "
            f"(a scoring option: the captured stack only, {stack}). "
            "**Last-move bonus:** the last mover's tallest stack on their own colour. "
            f"**Pit** ({b.VARIANT_TITLES['tomio']} only): {b.PIT_POINTS} per piece, for the last mover. "
            "Higher total wins; a tie goes to the player who moved second. The first player alternates from game "
            f"to game. Variants: {variants}."
        ),
        # Ruling: the rulebook has the first player alternate over games but says nothing of who wins a match
        Para(
            "**Match** (our ruling): each player's totals added up; the higher sum wins the match, a tie the "
            "player who won more games; still tied: a draw."
        ),
    ]
    # the rows take what the header and the box (its text at NOTE_TEXT at least) leave
    note = note_height("How to score", how, width, NOTE_TEXT)
    grid = Grid(
        columns,
        (*(str(g) for g in range(1, MATCH_GAMES + 1)), "match"),
        (height - (top - grid_top) - 6 - head_height(columns, width) - note) / (MATCH_GAMES + 1),
        bold_rows=(MATCH_GAMES,),
    )
    bottom = draw_grid(pen, grid, x, grid_top, width)
    note_box(pen, "How to score", how, x, bottom - 6, width, bottom - 6 - (top - height))


def build_scorepad(options: Options) -> bytes:
    doc = new_document(options.paper, "Prudh — match score pad", "Prudh score pad")
    pads(doc, options.pages, 2, draw_pad, "companion · Prudh · score pad · two matches per page")
    return doc.finish()


def build_automa(options: Options) -> bytes:
    rule_list = normal_rules("prudh")
    doc = new_document(options.paper, "Prudh — the normal bot's card", "Prudh normal bot")
    automa_page(
        doc,
        "Prudh: the normal bot",
        "its priority rules",
        "companion · Prudh · bot card",
        rule_list,
        (),
        [
            Heading("A turn", 2),
            Bullets(turn_items()),
            Heading("Each drop of a run", 2),
            Bullets(drop_items()),
            Heading("Edge variants (N > k)", 2),
            variants_table(),
            *variant_options(),
            Para(end_text()),
        ],
        intro="On the bot's turn, follow the rules from the top; the first that applies decides.",
    )
    return doc.finish()


def documents() -> dict[str, Builder]:
    docs: dict[str, Builder] = {"rules": build_rules, "aid": build_aid, "scorepad": build_scorepad}
    if normal_rules("prudh") is not None:
        docs["automa"] = build_automa
    return docs
