"""RIP (Rest in Peace)'s printables: rule reference, player aids, the score pad and the ``normal`` bot's card
(its own chains, one per decision, drawn by ``printables.rulecard``; the side panel lists the psychic cards).

The decks, tokens, instant-win counts, round numbers and psychic cards are read from ``ai.rip.components``.
"""

from __future__ import annotations

from ai.rip import components as r
from printables.flow import Block, Bullets, Heading, Para, Ruling, Table
from printables.i18n import tr, trn
from printables.pdf import new_document
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

TITLE = "RIP"

#: The automa card's first line: how to follow it.
INTRO = (
    "At each decision, read its rules from the top: the first that applies decides. They read only the table, "
    "the card it turns over and one six-sided die; nobody looks at its cards."
)
PLAYERS: tuple[int, int, int] | None = (2, 2, 2)
#: The rule sheet's footer, both sides.
SHEET_FOOT = (
    "companion · RIP · rule reference · from the RIP rulebook (Blue Cocker) and the program's own data"
)
FULL = "RIP (Rest in Peace)"


def names() -> tuple[str, str]:
    return tr(r.SEAT_NAMES[r.GREEN]), tr(r.SEAT_NAMES[r.BLUE])


def token_name(kind: str, n: int) -> str:
    """ "4 manors", "3 castles" (Russian: "4 усадьбы", "6 усадеб")."""
    if r.TOKEN_NAMES[kind] == "castle":
        return trn("{n} castle", "{n} castles", n)
    return trn("{n} manor", "{n} manors", n)


def deck_table() -> Table:
    """The ghost values across, the cards of each per deck below: a table three rows high."""
    values = tuple(r.DECK_COUNTS)
    return Table(
        (tr("ghost value"), *(str(v) for v in values), tr("all")),
        ((tr("cards per deck"), *(str(n) for n in r.DECK_COUNTS.values()), str(r.DECK_SIZE)),),
        (2.2, *(0.6 for _ in values), 0.8),
        ("left", *("center" for _ in values), "center"),
    )


def symbols_text() -> str:
    """Which values are even (bat) and odd (serpent), from the deck's data."""
    return tr(
        "{even} are even (bat); {odd} are odd (serpent).",
        even=", ".join(str(v) for v in r.DECK_COUNTS if v in r.EVEN),
        odd=", ".join(str(v) for v in r.DECK_COUNTS if v not in r.EVEN),
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
    unknown = tr("Not known to us: leave them in the box.")
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


def known_ids() -> tuple[int, int]:
    """The first and last psychic card we know (the engine deals these: ``RipConfig.pool``)."""
    known = sorted(r.card_catalogue())
    return known[0], known[-1]


def box_text() -> str:
    """Which psychic cards a game uses and which stay in the box, from the cards the engine knows."""
    first, last = known_ids()
    return tr(
        "Use psychic cards {first}–{last} only: leave {unknown_first}–{unknown_last} in the box (their text is "
        "not known to us) unless you added them from your leaflet with a card file.",
        first=first,
        last=last,
        unknown_first=r.UNKNOWN_IDS[0],
        unknown_last=r.UNKNOWN_IDS[-1],
    )


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
                "{symbols} {components}",
                symbols=symbols_text(),
                components=tr(
                    "Psychic cards: {starters} starter cards and advanced cards of levels 1–4 (below). Mansion "
                    "tokens: {tokens}. One round-10 card (a marker).",
                    starters=starters,
                    tokens=tokens_text(),
                ),
            )
        ),
        Heading(tr("Setup")),
        Bullets(
            (
                box_text(),
                tr(
                    "Shuffle those psychic cards and lay {n} face up in a line for rounds 1–{rounds}; the "
                    "round-10 card goes last.",
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
        psychic_table(named=False),
    ]
    return blocks


def back_blocks() -> list[Block]:
    """The sheet's back, after a page break: our rulings, and the solo opponent in brief."""
    return [
        Heading(tr("Our rulings")),
        Ruling(tr("the end-of-round order above (token, instant win, psychic card, draw, face-down card).")),
        Ruling(tr("a psychic card that “counts as a ghost of N” is a ghost of value N for every filter.")),
        Ruling(tr("the numbering 10–14 of the level-1 cards is our assumption.")),
        Ruling(tr("card 10 raises the named value on both sides (a table may agree: own side only).")),
        *(Ruling(text) for text in table_rulings(r)),
        Heading(tr("Solo: the Ghost automa")),
        Para(
            tr(
                "Alone with the box, play against the Ghost automa: it holds no hand and runs from its card, "
                "turning the top card of a face-down pile; the program plays the same opponent."
            )
        ),
        Heading(tr("Its set-up"), 2),
        Bullets(automa_setup(), numbered=True),
        Heading(tr("Difficulty"), 2),
        level_table(),
    ]


def automa_setup() -> tuple[str, ...]:
    """The automa's set-up, in order, formatted from the engine's data."""
    first, last = known_ids()
    return (
        box_text(),
        tr("Have an ordinary six-sided die at hand: the box has none, and rule 6 rolls it."),
        tr(
            "It shuffles its ghost deck face down and takes {n} cards face down as its hand pile; nobody looks "
            "at them. The cards it draws go onto the pile unseen.",
            n=r.HAND_SIZE,
        ),
        tr(
            "Its handicap, from the table: psychic cards at random, face up, from cards {first}–{last} not in "
            "the line; extra cards from its deck onto its hand pile; banked cards from the top of its deck, face "
            "down by the round-10 card, unseen.",
            first=first,
            last=last,
        ),
        tr("Choose the first player at random."),
    )


def level_table() -> Table:
    """The difficulty levels and their handicaps (``ai.rip.components.AUTOMA_LEVELS``)."""
    from ai.rip.bots.automa import DEFAULT_LEVEL, LEVELS

    rows = tuple(
        (
            tr("{n} (default)", n=n) if n == DEFAULT_LEVEL else str(n),
            str(h.psychic),
            str(h.hand),
            str(h.banked),
        )
        for n, h in LEVELS.items()
    )
    return Table(
        (tr("level"), tr("psychic cards"), tr("extra pile cards"), tr("banked cards")),
        rows,
        (1.3, 1.2, 1.2, 1.2),
        ("left", "center", "center", "center"),
    )


def build_rules(options: Options) -> bytes:
    doc = new_document(options.paper, tr("{game} — rule reference", game=FULL), tr("RIP rule reference"))
    foot = tr(SHEET_FOOT)
    rule_sheet(doc, FULL, tr("rule reference · our own words · our rulings marked"), foot, rules_blocks())
    back = tr("the back: our rulings, and the solo opponent")
    rule_sheet(doc, FULL, back, foot, back_blocks(), back=True)
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


def automa_back() -> list[Block]:
    """The automa card's side: its set-up and the difficulty table (the terms and rules are on the front)."""
    return [
        Heading(tr("Its set-up"), 2),
        Bullets(automa_setup(), numbered=True),
        Heading(tr("Difficulty"), 2),
        Para(tr("Choose a level; the rules are the same at every level.")),
        level_table(),
    ]


def automa_text() -> list[str]:
    """Exactly the English strings the automa card draws from the engine's list: terms, chain titles, rule
    sentences and actions, notes (the phrase book's test reads these)."""
    from ai.rip.bots.automa import TERMS, automa_rules

    rule_list = automa_rules()
    out = [f"{name}: {meaning}" for name, meaning in TERMS]
    for chain in rule_list.chains:
        out.append(chain.title)
        for rule in chain.rules:
            out += [rule.text, rule.action]
    return [*out, *rule_list.notes]


def build_automa(options: Options) -> bytes:
    from ai.rip.bots.automa import TERMS, automa_rules

    doc = new_document(options.paper, tr("{game} — the Ghost automa", game=FULL), tr("RIP Ghost automa"))
    automa_page(
        doc,
        tr("RIP: the Ghost automa"),
        tr("a solo opponent: no hand, the top card of a face-down pile, one die"),
        tr("companion · RIP · automa card · the same rules the program plays"),
        automa_rules(),
        side=automa_back(),
        intro=tr(INTRO),
        terms=TERMS,
    )
    return doc.finish()


def documents() -> dict[str, Builder]:
    return {"rules": build_rules, "aid": build_aid, "scorepad": build_scorepad, "automa": build_automa}
