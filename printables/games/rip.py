"""RIP (Rest in Peace)'s printables: rule reference, player aids, the score pad and, once the ``normal`` bot is
a list of priority rules, its card.

The decks, tokens, instant-win counts, round numbers and psychic cards are read from ``ai.rip.cards``.
"""

from __future__ import annotations

from ai.rip import cards as r
from printables import fonts
from printables.flow import Block, Bullets, Heading, Para, Ruling, Space, Table
from printables.pdf import GREY, new_document
from printables.registry import Builder, Options
from printables.rulecard import automa_page, docstring_rulings, normal_rules
from printables.sheet import Card, Column, Grid, card_grid, draw_grid, note_box, pads, rule_sheet, write_line

TITLE = "RIP"
PLAYERS: tuple[int, int, int] | None = (2, 2, 2)
FULL = "RIP (Rest in Peace)"


def names() -> tuple[str, str]:
    return r.SEAT_NAMES[r.GREEN], r.SEAT_NAMES[r.BLUE]


def deck_table() -> Table:
    rows = tuple(
        (str(v), str(n), "even (bat)" if v in r.EVEN else "odd (serpent)") for v, n in r.DECK_COUNTS.items()
    )
    return Table(
        ("ghost value", "cards per deck", "symbol"),
        (*rows, ("all", str(r.DECK_SIZE), "")),
        (1.2, 1.3, 1.5),
        ("center", "center", "left"),
    )


def instant_text() -> str:
    return " or ".join(f"{n} {r.TOKEN_NAMES[k]}s" for k, n in r.INSTANT_WIN.items())


def tokens_text() -> str:
    return " and ".join(f"{n} {r.TOKEN_NAMES[k]}s" for k, n in r.TOKEN_COUNTS.items())


def psychic_table() -> Table:
    rows = tuple(
        (str(card.id), card.level_name, card.name, card.text) for card in r.card_catalogue().values()
    )
    first, last = r.UNKNOWN_IDS[0], r.UNKNOWN_IDS[-1]
    rows += ((f"{first}–{last}", "levels 2–4", "unknown", "Add them from your own leaflet (a TOML file)."),)
    return Table(
        ("no.", "level", "name", "effect"), rows, (1.0, 1.15, 1.5, 4.4), ("center", "left", "left", "left")
    )


def turn_text() -> str:
    return (
        "Play any number of cards — **none** is allowed — ghost cards from your hand and psychic cards you own, "
        "on your side. Psychic effects apply at once; played cards stay face up."
    )


def end_of_turn_text() -> str:
    return (
        "Then compare: if your total strength is **strictly greater** than your opponent's, the turn passes. "
        "Otherwise (equal or lower) you leave the mansion and lose the round — so the first player of a round "
        "who plays nothing loses at once (0 against 0)."
    )


def end_of_round_steps() -> tuple[str, ...]:
    return (
        "The winner takes the round's mansion token.",
        f"Instant win? ({instant_text()}).",
        "The loser takes the round's psychic card face up: they own it for later rounds.",
        f"Both draw {r.DRAW_PER_ROUND} (what remains if a deck runs low; no reshuffle).",
        "The loser may place one card from hand, or one psychic card they own, face down by the round-10 card.",
        "The winner starts the next round.",
    )


def rules_blocks() -> list[Block]:
    green, blue = names()
    starters = len(r.STARTER_IDS)
    blocks: list[Block] = [
        Para(
            "Two ghost families duel for mansions. Each round both lay ghosts on their side of one mansion; "
            "the first who cannot (or will not) outdo the other leaves, and the other takes the mansion."
        ),
        Heading("Components"),
        Para(f"Two identical ghost decks, {green} and {blue}, of {r.DECK_SIZE} cards each:"),
        deck_table(),
        Para(
            f"Psychic cards: {starters} starter cards and advanced cards of levels 1–4 (below). Mansion tokens: "
            f"{tokens_text()}. One round-10 card (a marker)."
        ),
        Heading("Setup"),
        Bullets(
            (
                f"Shuffle the psychic cards and lay {r.LINE_LENGTH} face up in a line for rounds 1–{r.ROUNDS}; "
                "the round-10 card goes last.",
                "Shuffle the mansion tokens face down and put one, face up, on each card of the line.",
                f"Each player shuffles their own deck and draws {r.HAND_SIZE}. Choose the first player at random.",
                f"**Tutorial** (first game): only the {starters} starter cards, face down, the first "
                f"{r.TUTORIAL_OPEN} turned up; after each round turn up the next.",
            ),
            numbered=True,
        ),
        Heading(f"A round (rounds 1–{r.ROUNDS})"),
        Para("Round k is fought for the token on the k-th card. Players alternate turns."),
        Para(turn_text()),
        Para(end_of_turn_text()),
        Heading("End of a round", 2),
        Bullets(end_of_round_steps(), numbered=True),
        Heading("End of the game"),
        Bullets(
            (
                f"**Instant win** as soon as a player has {instant_text()}.",
                f"After round {r.ROUNDS} with no winner: **round 10** has no turns. Both reveal their face-down "
                "cards; the higher total (psychic effects included) takes the round-10 token.",
                "If that gives nobody an instant win, the round-10 winner wins. Round-10 tie: more tokens wins; "
                "still tied: a draw.",
            )
        ),
        Heading("Psychic cards"),
        Para(
            "An effect on a group of cards covers matching cards played before and after it this round, only "
            "its owner's unless it says otherwise, and lasts for the round. Face-down psychic cards act only in "
            "round 10. Filters test printed ghost values."
        ),
        psychic_table(),
        Heading("Our rulings"),
        Ruling("the end-of-round order above (token, instant win, psychic card, draw, face-down card)."),
        Ruling("card 10 raises the named value on both sides (option: own side only)."),
        Ruling("a psychic card that “counts as a ghost of N” is a ghost of value N for every filter."),
        Ruling("the numbering 10–14 of the level-1 cards is our assumption."),
        *(Ruling(text[0].lower() + text[1:]) for text in docstring_rulings(r)),
        Space(),
        Para(
            "Sources: the RIP rulebook (Blue Cocker) and our specification; the tables are printed from the "
            "program's own data.",
            0.85,
            GREY,
        ),
    ]
    return blocks


def build_rules(options: Options) -> bytes:
    doc = new_document(options.paper, f"{FULL} — rule reference", "RIP rule reference")
    rule_sheet(
        doc,
        FULL,
        "rule reference · our own words · our rulings marked",
        "companion · RIP · rule reference",
        rules_blocks(),
    )
    return doc.finish()


def aid_cards() -> list[Card]:
    starters = [c for c in r.KNOWN_CARDS if c.id in r.STARTER_IDS]
    return [
        Card("Your turn", (Para(turn_text()), Para(end_of_turn_text())), "RIP"),
        Card("End of a round", (Bullets(end_of_round_steps(), numbered=True),), "RIP"),
        Card(
            "Winning",
            (
                Para(f"**Instant win:** {instant_text()}."),
                Para(
                    f"**Round 10** (after round {r.ROUNDS}): reveal the face-down cards; the higher total takes "
                    "the round-10 token. No instant win: the round-10 winner wins. Tie: more tokens; then a draw."
                ),
                deck_table(),
            ),
            "RIP",
        ),
        Card(
            "Starter psychic cards",
            (
                Table(
                    ("no.", "effect"),
                    tuple((str(c.id), c.text) for c in starters),
                    (0.6, 5.4),
                    ("center", "left"),
                ),
            ),
            "RIP",
        ),
    ]


def build_aid(options: Options) -> bytes:
    doc = new_document(options.paper, f"{FULL} — player aids", "RIP player aids")
    card_grid(doc, aid_cards(), 2, 2, "companion · RIP · player aids", options.pages)
    return doc.finish()


def draw_pad(pen: object, x: float, top: float, width: float, height: float) -> None:
    from printables.pdf import Pen

    assert isinstance(pen, Pen)
    green, blue = names()
    pen.text(x, top - 12, "RIP score pad", fonts.BOLD, 12, width * 0.3)
    write_line(pen, f"{green}:", x + width * 0.3, top - 12, width * 0.22)
    write_line(pen, f"{blue}:", x + width * 0.55, top - 12, width * 0.22)
    write_line(pen, "Date:", x + width * 0.8, top - 12, width * 0.2)
    grid_w = width * 0.74
    family = [
        Column("won ✓", 0.75),
        Column("manors", 1),
        Column("castles", 1),
        Column("face-down total", 1.15),
    ]
    last = r.ROUNDS  # the round-10 row
    per_family = len(family)
    face_down = [3 + per_family * f + per_family - 1 for f in range(2)]
    # rounds 1–9 have no face-down total; round 10 has no psychic card of its own (the round-10 card is a marker)
    shaded = {(k, c) for k in range(last) for c in face_down} | {(last, 1)}
    grid = Grid(
        (
            Column("round", 1.1),
            Column("psychic card no.", 1.1),
            Column(f"token ({r.MANOR}/{r.CASTLE})", 1.0),
            *(Column(c.label, c.weight, green) for c in family),
            *(Column(c.label, c.weight, blue) for c in family),
        ),
        (*(str(k) for k in range(1, last + 1)), f"{last + 1}: face-down"),
        (height - 30 - 38) / (last + 1),
        bold_rows=(last,),
        shaded=frozenset(shaded),
    )
    draw_grid(pen, grid, x, top - 24, grid_w)
    how = [
        Para(
            "Each round: write the card's number and token, tick the winner and update the winner's manors "
            "and castles."
        ),
        Para(f"**Instant win** at once with {instant_text()}."),
        Para(
            f"**Round 10** (no winner after round {r.ROUNDS}): write the round-10 token and each family's "
            f"**face-down total**, psychic effects included{round10_changes()}. The higher takes the token; "
            "no instant win then: the round-10 winner wins. Tie: more tokens; then a draw."
        ),
    ]
    note_box(pen, "How to score", how, x + grid_w + 8, top - 24, width - grid_w - 8, height - 24)


def round10_changes() -> str:
    """Cards whose ghost value changes in round 10, from the card data, e.g. " (card 13: −2 there)"."""
    changes = [
        f"card {c.id}: {c.ghost.round10:+d}".replace("-", "−")
        for c in r.KNOWN_CARDS
        if c.ghost is not None and c.ghost.round10
    ]
    return f" ({', '.join(changes)} there)" if changes else ""


def build_scorepad(options: Options) -> bytes:
    doc = new_document(options.paper, f"{FULL} — score pad", "RIP score pad")
    pads(doc, options.pages, 2, draw_pad, "companion · RIP · score pad · two games per page")
    return doc.finish()


def build_automa(options: Options) -> bytes:
    rule_list = normal_rules("rip")
    doc = new_document(options.paper, f"{FULL} — the normal bot's card", "RIP normal bot")
    automa_page(
        doc,
        "RIP: the normal bot",
        "its priority rules, exactly as the program plays them",
        "companion · RIP · bot card",
        rule_list,
        [
            Heading("Your turn", 2),
            Para(turn_text()),
            Para(end_of_turn_text()),
            Heading("End of a round", 2),
            Bullets(end_of_round_steps(), numbered=True),
            Heading("Winning", 2),
            Para(f"**Instant win:** {instant_text()}. After round {r.ROUNDS}: round 10 decides."),
        ],
        intro="On the bot's turn, follow the rules from the top; the first that applies decides.",
    )
    return doc.finish()


def documents() -> dict[str, Builder]:
    docs: dict[str, Builder] = {"rules": build_rules, "aid": build_aid, "scorepad": build_scorepad}
    if normal_rules("rip") is not None:
        docs["automa"] = build_automa
    return docs
