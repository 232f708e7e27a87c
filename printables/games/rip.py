"""RIP (Rest in Peace)'s printables: rule reference, player aids, the score pad and the ``normal`` bot's card
(its own chains, one per decision, drawn by ``printables.rulecard``; the side panel lists the psychic cards).

The decks, tokens, instant-win counts, round numbers and psychic cards are read from ``ai.rip.components``.
"""

from __future__ import annotations

from ai.rip import components as r
from printables.flow import Block, Bullets, Heading, Para, Ruling, Space, Table
from printables.i18n import tr, trn
from printables.pdf import GREY, new_document
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

TITLE = "RIP"

#: The bot card's first lines: how to follow it, and that its rules read the bot's hidden cards (so the card
#: says who may look at them).
INTRO = (
    "At each decision, follow its rules from the top; the first that applies decides. They read the bot's "
    "own hand and deck: whoever runs it sees them (at a table of two, its cards lie face up)."
)
PLAYERS: tuple[int, int, int] | None = (2, 2, 2)
FULL = "RIP (Rest in Peace)"


def names() -> tuple[str, str]:
    return tr(r.SEAT_NAMES[r.GREEN]), tr(r.SEAT_NAMES[r.BLUE])


def token_name(kind: str, n: int) -> str:
    """ "4 manors", "3 castles" (Russian: "4 усадьбы", "6 усадеб")."""
    name = r.TOKEN_NAMES[kind]
    return trn("{n} " + name, "{n} " + name + "s", n)


def deck_table() -> Table:
    rows = tuple(
        (str(v), str(n), tr("even (bat)") if v in r.EVEN else tr("odd (serpent)"))
        for v, n in r.DECK_COUNTS.items()
    )
    return Table(
        (tr("ghost value"), tr("cards per deck"), tr("symbol")),
        (*rows, (tr("all"), str(r.DECK_SIZE), "")),
        (1.2, 1.3, 1.5),
        ("center", "center", "left"),
    )


def instant_text() -> str:
    return tr(" or ").join(token_name(k, n) for k, n in r.INSTANT_WIN.items())


def tokens_text() -> str:
    return tr(" and ").join(token_name(k, n) for k, n in r.TOKEN_COUNTS.items())


def level(card: object) -> str:
    return tr(str(getattr(card, "level_name", "")))


def psychic_table(named: bool = True) -> Table:
    """The psychic cards we know, by number; ``named``: with the names we gave them (marked as ours)."""
    known = r.card_catalogue().values()
    first, last = r.UNKNOWN_IDS[0], r.UNKNOWN_IDS[-1]
    unknown = tr("Not known to us: read them from your own leaflet.")
    if named:
        rows = tuple((str(card.id), level(card), tr(card.name), tr(card.text)) for card in known)
        rows += ((f"{first}–{last}", tr("levels 2–4"), "–", unknown),)
        return Table(
            (tr("no."), tr("level"), tr("our name*"), tr("effect")),
            rows,
            (1.0, 1.15, 1.5, 4.4),
            ("center", "left", "left", "left"),
        )
    short = (*((str(card.id), tr(card.text)) for card in known), (f"{first}–{last}", unknown))
    return Table((), short, (0.7, 5.3), ("center", "left"))


def turn_text() -> str:
    return tr(
        "Play any number of cards — **none** is allowed — ghost cards from your hand and psychic cards you own, "
        "on your side. Psychic effects apply at once; played cards stay face up."
    )


def end_of_turn_text() -> str:
    return tr(
        "Then compare: if your total strength is **strictly greater** than your opponent's, the turn passes. "
        "Otherwise (equal or lower) you leave the mansion and lose the round — so the first player of a round "
        "who plays nothing loses at once (0 against 0)."
    )


def end_of_round_steps() -> tuple[str, ...]:
    return (
        tr("The winner takes the round's mansion token."),
        tr("Instant win? ({what}).", what=instant_text()),
        tr("The loser takes the round's psychic card face up: they own it for later rounds."),
        tr("Both draw {n} (what remains if a deck runs low; no reshuffle).", n=r.DRAW_PER_ROUND),
        tr(
            "The loser may place one card from hand, or one psychic card they own, face down by the round-10 card."
        ),
        tr("The winner starts the next round."),
    )


def round10_text() -> str:
    return tr(
        "**Round 10** (after round {n} with no winner): no turns. Both reveal their face-down cards; the higher "
        "total (psychic effects included) takes the round-10 token. No instant win then: the round-10 winner "
        "wins. Tie: more tokens wins; still tied: a draw.",
        n=r.ROUNDS,
    )


def rules_blocks() -> list[Block]:
    green, blue = names()
    starters = len(r.STARTER_IDS)
    blocks: list[Block] = [
        Para(
            tr(
                "Two ghost families duel for mansions. Each round both lay ghosts on their side of one mansion; "
                "the first who cannot (or will not) outdo the other leaves, and the other takes the mansion."
            )
        ),
        Heading(tr("Components")),
        Para(
            tr(
                "Two identical ghost decks, {green} and {blue}, of {n} cards each:",
                green=green,
                blue=blue,
                n=r.DECK_SIZE,
            ),
            keep=True,
        ),
        deck_table(),
        Para(
            tr(
                "Psychic cards: {starters} starter cards and advanced cards of levels 1–4 (below). Mansion "
                "tokens: {tokens}. One round-10 card (a marker).",
                starters=starters,
                tokens=tokens_text(),
            )
        ),
        Heading(tr("Setup")),
        Bullets(
            (
                tr(
                    "Shuffle the psychic cards and lay {n} face up in a line for rounds 1–{rounds}; the round-10 "
                    "card goes last.",
                    n=r.LINE_LENGTH,
                    rounds=r.ROUNDS,
                ),
                tr("Shuffle the mansion tokens face down and put one, face up, on each card of the line."),
                tr(
                    "Each player shuffles their own deck and draws {n}. Choose the first player at random.",
                    n=r.HAND_SIZE,
                ),
                tr(
                    "**Tutorial** (first game): only the {starters} starter cards, face down, the first {open} "
                    "turned up; after each round turn up the next.",
                    starters=starters,
                    open=r.TUTORIAL_OPEN,
                ),
            ),
            numbered=True,
        ),
        Heading(tr("A round (rounds 1–{n})", n=r.ROUNDS)),
        Para(tr("Round k is fought for the token on the k-th card. Players alternate turns.")),
        Para(turn_text()),
        Para(end_of_turn_text()),
        Heading(tr("End of a round"), 2),
        Bullets(end_of_round_steps(), numbered=True),
        Heading(tr("End of the game")),
        Bullets(
            (
                tr("**Instant win** as soon as a player has {what}.", what=instant_text()),
                round10_text(),
            )
        ),
        Heading(tr("Psychic cards")),
        Para(
            tr(
                "An effect on a group of cards covers matching cards played before and after it this round, "
                "only its owner's unless it says otherwise, and lasts for the round. Face-down psychic cards act "
                "only in round 10. Filters test printed ghost values."
            ),
            keep=True,
        ),
        # the footnote above its table, held with it: below it, it could go alone to the top of page 2
        Para(
            tr("*The names are ours, to talk about the cards; the cards are known by their number."),
            keep=True,
        ),
        psychic_table(),
        Heading(tr("Our rulings")),
        Ruling(tr("the end-of-round order above (token, instant win, psychic card, draw, face-down card).")),
        Ruling(tr("card 10 raises the named value on both sides (a table may agree: own side only).")),
        Ruling(tr("a psychic card that “counts as a ghost of N” is a ghost of value N for every filter.")),
        Ruling(tr("the numbering 10–14 of the level-1 cards is our assumption.")),
        *(Ruling(text) for text in table_rulings(r)),
        Space(),
        Para(
            tr(
                "Sources: the RIP rulebook (Blue Cocker) and our own reading of it; the tables are printed from "
                "the program's own data."
            ),
            color=GREY,
        ),
    ]
    return blocks


def build_rules(options: Options) -> bytes:
    doc = new_document(options.paper, tr("{game} — rule reference", game=FULL), tr("RIP rule reference"))
    rule_sheet(
        doc,
        FULL,
        tr("rule reference · our own words · our rulings marked"),
        tr("companion · RIP · rule reference"),
        rules_blocks(),
    )
    return doc.finish()


def turn_blocks() -> tuple[Block, ...]:
    """A turn, the end of a round and winning: on the player aid and the automa sheet alike."""
    return (
        Para(turn_text()),
        Para(end_of_turn_text()),
        Heading(tr("End of a round"), 2),
        Bullets(end_of_round_steps(), numbered=True),
        Heading(tr("Winning"), 2),
        Para(tr("**Instant win:** {what}.", what=instant_text())),
        Para(round10_text()),
    )


def aid_card() -> Card:
    """A whole game on one card (printed twice per page): the turn, the end of a round, winning, the psychic
    cards we know."""
    return Card(
        tr("RIP: your turn"),
        (
            *turn_blocks()[:4],
            # a table without a header row, its heading kept with two rows: cut between the columns, it goes on
            # by number (the aid was at 7.5 pt in French on Letter, the whole table kept in the right column)
            Heading(tr("Psychic cards"), 2),
            psychic_table(named=False),
            *turn_blocks()[4:],
        ),
        "RIP",
        columns=2,
    )


def build_aid(options: Options) -> bytes:
    doc = new_document(options.paper, tr("{game} — player aids", game=FULL), tr("RIP player aids"))
    card_grid(doc, [aid_card()], 1, 2, tr("companion · RIP · player aid, one per player"), options.pages)
    return doc.finish()


def draw_pad(pen: object, x: float, top: float, width: float, height: float) -> None:
    from printables.pdf import Pen

    assert isinstance(pen, Pen)
    green, blue = names()
    grid_top = pad_head(pen, tr("RIP score pad"), (green, blue), x, top, width)
    grid_w = width * 0.77
    family = [
        Column(tr("won ✓"), 0.75),
        Column(tr("manors"), 1),
        Column(tr("castles"), 1),
        Column(tr("face-down total"), 1.15),
    ]
    last = r.ROUNDS  # the round-10 row
    per_family = len(family)
    face_down = [3 + per_family * f + per_family - 1 for f in range(2)]
    # rounds 1–9 have no face-down total; round 10 has no psychic card of its own (the round-10 card is a marker)
    shaded = {(k, c) for k in range(last) for c in face_down} | {(last, 1)}
    columns = (
        Column(tr("round"), 1.35),
        Column(tr("psychic card no."), 1.1),
        Column(tr("token ({manor}/{castle})", manor=tr(r.MANOR), castle=tr(r.CASTLE)), 1.0),
        *(Column(c.label, c.weight, green) for c in family),
        *(Column(c.label, c.weight, blue) for c in family),
    )
    grid = Grid(
        columns,
        (*(str(k) for k in range(1, last + 1)), tr("{n}: face-down", n=last + 1)),
        (height - (top - grid_top) - 6 - head_height(columns, grid_w)) / (last + 1),
        bold_rows=(last,),
        shaded=frozenset(shaded),
    )
    draw_grid(pen, grid, x, grid_top, grid_w)
    how = [
        Para(
            tr(
                "Each round: write the card's number and token, tick the winner and update the winner's manors "
                "and castles."
            )
        ),
        Para(tr("**Instant win** at once with {what}.", what=instant_text())),
        Para(
            tr(
                "**Round 10** (no winner after round {n}): write the round-10 token and each family's "
                "**face-down total**, psychic effects included{changes}. The higher takes the token; no instant "
                "win then: the round-10 winner wins. Tie: more tokens; then a draw.",
                n=r.ROUNDS,
                changes=round10_changes(),
            )
        ),
    ]
    note_box(
        pen, tr("How to score"), how, x + grid_w + 8, grid_top, width - grid_w - 8, height - (top - grid_top)
    )


def round10_changes() -> str:
    """Cards whose ghost value changes in round 10, from the card data, e.g. " (card 13 counts 2 there)"."""
    changes = [
        tr("card {n} counts {value}", n=c.id, value=c.ghost.value + c.ghost.round10)
        for c in r.KNOWN_CARDS
        if c.ghost is not None and c.ghost.round10
    ]
    return tr(" ({changes} there)", changes=", ".join(changes)) if changes else ""


def build_scorepad(options: Options) -> bytes:
    doc = new_document(options.paper, tr("{game} — score pad", game=FULL), tr("RIP score pad"))
    pads(doc, options.pages, 2, draw_pad, tr("companion · RIP · score pad · two games per page"))
    return doc.finish()


def automa_side() -> list[Block]:
    """The card's side panel: the psychic cards' effects by number, and how a game is won (the rules of a turn
    are on the player aid)."""
    return [
        Heading(tr("Psychic cards"), 2),
        psychic_table(named=False),
        Heading(tr("Winning"), 2),
        Para(tr("**Instant win:** {what}.", what=instant_text())),
        Para(round10_text()),
    ]


def build_automa(options: Options) -> bytes:
    rule_list = normal_rules("rip")
    doc = new_document(options.paper, tr("{game} — the normal bot's card", game=FULL), tr("RIP normal bot"))
    automa_page(
        doc,
        tr("RIP: the normal bot"),
        tr("its priority rules, grouped by decision"),
        tr("companion · RIP · bot card"),
        rule_list,
        side=automa_side(),
        intro=tr(INTRO),
    )
    return doc.finish()


def documents() -> dict[str, Builder]:
    docs: dict[str, Builder] = {"rules": build_rules, "aid": build_aid, "scorepad": build_scorepad}
    if normal_rules("rip") is not None:
        docs["automa"] = build_automa
    return docs
