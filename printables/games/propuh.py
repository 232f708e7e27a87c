"""Propuh's printables: rule reference, player aids, the solo log and the automaton's flowchart card.

Every number and list printed here comes from ``ai.propuh`` (the deck, the token maxima, the goals, the
difficulty cards, the clockwise order and the automaton's own rule list): nothing is retyped.
"""

from __future__ import annotations

import math

from ai.propuh import components as c
from ai.propuh.bots.automaton import automaton_rules
from printables import flow, fonts, measure
from printables.flow import Block, Bullets, Heading, Para, Ruling, Space, Table
from printables.flowchart import Scale, title_units
from printables.i18n import tr
from printables.pdf import GREY, INK, MARGIN, Pen, new_document
from printables.registry import Builder, Options
from printables.rulecard import Decision, Step, automa_page
from printables.sheet import (
    Card,
    Column,
    Grid,
    card_grid,
    draw_grid,
    footer,
    head_height,
    header,
    note_box,
    rule_sheet,
    write_line,
)

TITLE = "Propuh"
PLAYERS: tuple[int, int, int] | None = None  # the pad is the solo log

_NO_TOKENS = ((0, 0, 0), (0, 0, 0))


def granny_goals() -> list[str]:
    return [tr(g) for g in c.granny_goals(_NO_TOKENS)]


def propuh_goals() -> list[str]:
    return [tr(g) for g in c.propuh_goals(_NO_TOKENS)]


def loc_name(loc: c.Loc) -> str:
    """ "Table/Door", "Stove": the location as printed on both sides of the board."""
    if loc.propuh_title == loc.title:
        return tr(loc.title)
    return f"{tr(loc.title)}/{tr(loc.propuh_title)}"


def clockwise_text() -> str:
    order = [*c.LOCS, c.LOCS[0]]
    return " → ".join(tr(loc.title) for loc in order)


def deck_table() -> Table:
    rows = tuple(
        (loc_name(loc), *(str(n) for n in c.DECK_COUNTS[loc]), str(sum(c.DECK_COUNTS[loc]))) for loc in c.LOCS
    )
    total = (
        tr("all suits"),
        *(str(sum(c.DECK_COUNTS[loc][v - 1] for loc in c.LOCS)) for v in c.VALUES),
        str(c.DECK_SIZE),
    )
    header = (tr("suit (value →)"), *(str(v) for v in c.VALUES), tr("cards"))
    return Table(header, (*rows, total), (4.2, 1, 1, 1, 1, 1.6), ("left", *("center",) * 5))


def maxima_table() -> Table:
    rows = tuple(
        (loc_name(loc), str(c.MAXIMA[c.GRANNY][loc]), str(c.MAXIMA[c.PROPUH][loc])) for loc in c.LOCS
    )
    return Table(
        (tr("location"), tr("Granny max"), tr("Propuh max")),
        rows,
        (1.6, 1.4, 1.4),
        ("left", "center", "center"),
    )


def maxima_text() -> str:
    """ "Table/Door 2/3, Stove 3/1, Bed/Window 2/3": each location's Granny and Propuh maxima, in a line (the
    rule sheet; the automa card has the table)."""
    return ", ".join(f"{loc_name(loc)} {c.MAXIMA[c.GRANNY][loc]}/{c.MAXIMA[c.PROPUH][loc]}" for loc in c.LOCS)


def difficulty_lines() -> tuple[str, ...]:
    lines = []
    for level, tokens in c.DIFFICULTY_TOKENS.items():
        placed = [
            tr("{n} on the {location}", n=n, location=tr(loc.propuh_title))
            for loc, n in zip(c.LOCS, tokens, strict=True)
            if n
        ]
        what = ", ".join(placed) if placed else tr("no Propuh token")
        lines.append(tr("**Difficulty {level}:** {what}.", level=level, what=what))
    cards = ", ".join(f"{tr(loc.propuh_title)} +{n}" for loc, n in c.DIFFICULTY_CARDS)
    lines.append(
        tr(
            "**Random:** shuffle the {n} difficulty cards ({cards}), draw 1–3 of them (2 if you do not choose; 4 as "
            "an option) "
            "and place their Propuh tokens on an empty board.",
            n=len(c.DIFFICULTY_CARDS),
            cards=cards,
        )
    )
    return tuple(lines)


def strength_text() -> str:
    return tr(
        "A card is **trump** on the location of its own suit. Exactly one trump: the trump is stronger. Both or "
        "neither trump: the higher value is stronger. Equal values: neither is stronger."
    )


def automaton_list() -> tuple[str, ...]:
    return tuple(f"**{tr(r.name).capitalize()}.** {tr(arrows(r.text))}" for r in automaton_rules().rules)


def arrows(text: str) -> str:
    """The engine writes ``->``; print a real arrow."""
    return text.replace("->", "→")


def resolve_items() -> tuple[str, ...]:
    return (
        tr("on its location and strictly stronger (a **counter**): both are discarded, no token;"),
        tr(
            "on its location but not stronger: the unresolved card is discarded and its owner places a token "
            "there; the new card becomes unresolved;"
        ),
        tr(
            "on another location: the unresolved card is discarded and its owner places a token on its "
            "location; the new card becomes unresolved."
        ),
    )


def unresolved_text() -> str:
    """What "its" of the ``resolve_items`` is: the aid and the automa card say it before "on its location"."""
    return tr(
        "A card may go on any location. At most one card is **unresolved** on the board: the opponent's last "
        "card. The next card played resolves it:"
    )


def round_items() -> tuple[str, ...]:
    return (
        tr("Granny may move the figurine to any location."),
        tr("Granny plays, Propuh plays, Granny plays, Propuh plays (each card resolves the one before)."),
        tr("The Propuh card left on the board is discarded and places a Propuh token."),
        tr("The figurine removes one Propuh token at its location (Granny may decline)."),
        tr(
            "Deal {n} cards to each player (an empty deck: go on with the hands; solo: to Granny only, never a "
            "single last card).",
            n=c.DEAL_PER_ROUND,
        ),
        tr("Check the goals, then the tired rule."),
    )


def rules_blocks() -> list[Block]:
    granny = "; ".join(granny_goals())
    propuh = "; ".join(propuh_goals())
    return [
        Para(
            tr(
                "Granny tidies her house for the family dinner; Propuh, the draught, wants the door and the "
                "window open. Cards are played on three locations; tokens mark progress; goals are checked at "
                "the end of each round."
            )
        ),
        Heading(tr("Components")),
        Para(
            tr("{n} cards, each a suit (one of the three locations) and a value 1–4:", n=c.DECK_SIZE),
            keep=True,
        ),
        deck_table(),
        Para(
            tr(
                "{n} Granny (green) and {n} Propuh (red) tokens, the Granny figurine. Each location holds at "
                "most the tokens printed on its board (Granny/Propuh: {maxima}); a token over the maximum is "
                "not placed.",
                n=c.TOKENS_PER_ROLE,
                maxima=maxima_text(),
            )
        ),
        Para(tr("Clockwise order of the locations: **{order}**.", order=clockwise_text())),
        Heading(tr("Goals (checked at the end of a round)")),
        Bullets((tr("**Granny:** {goals}.", goals=granny), tr("**Propuh:** {goals}.", goals=propuh))),
        Para(
            tr(
                "Both complete at the same check: Propuh wins. **Granny is tired:** if no one has won and every "
                "card is discarded (none in the deck or any hand), Propuh wins."
            )
        ),
        Heading(tr("Card strength")),
        Para(strength_text()),
        Heading(tr("Playing a card")),
        Para(unresolved_text(), keep=True),
        Bullets(resolve_items()),
        Heading(tr("Two players: a round")),
        Para(
            tr(
                "Setup: shuffle, choose roles at random, deal {n} cards each, the figurine on the Stove. Granny "
                "starts every round.",
                n=c.TWO_PLAYER_HAND,
            ),
            keep=True,
        ),
        Bullets(round_items(), numbered=True),
        Para(tr("The game lasts at most {n} rounds.", n=c.MAX_ROUNDS)),
        Heading(tr("Solo: you are Granny")),
        Para(
            tr(
                "Remove {removed} random cards face down (they count as discarded); deal {hand} cards to "
                "yourself and none to Propuh. Place Propuh's starting tokens:",
                removed=c.SOLO_REMOVED,
                hand=c.SOLO_FIRST_HAND,
            ),
            keep=True,
        ),
        Bullets(difficulty_lines()),
        Para(
            tr(
                "Play as in two players, but whenever Propuh must play, turn over the top card of the deck and "
                "place it by the first of these rules that applies (see the automa card):"
            ),
            keep=True,
        ),
        Bullets(automaton_list(), numbered=True),
        Para(
            tr(
                "At the end of a round only Granny is dealt {n} cards; a single last card is not dealt. If the "
                "deck is empty when Propuh must draw, the round ends.",
                n=c.DEAL_PER_ROUND,
            )
        ),
        Heading(tr("Our rulings")),
        Ruling(
            tr(
                "the figurine removes its Propuh token by default; since the rulebook says Granny "
                "“may”, she can decline."
            )
        ),
        Ruling(tr("the figurine moves at most once per round, before Granny's first card.")),
        Ruling(tr("a card left unresolved at the end of a round is discarded and places its owner's token.")),
        Ruling(
            tr("in two players the deal alternates one card at a time, Granny first, while the deck lasts.")
        ),
        *(Ruling(tr(note[0].lower() + note[1:])) for note in automaton_rules().notes),
        Ruling(
            tr(
                "rule 2(b)'s “limit” is the Propuh maximum printed on the board; a table may agree to "
                "drop it, as the online version does."
            )
        ),
        Space(),
        Para(
            tr(
                "Sources: the Propuh rulebook (Interhuman) and our own reading of it; the tables are printed "
                "from the program's own data."
            ),
            color=GREY,
        ),
    ]


def build_rules(options: Options) -> bytes:
    doc = new_document(options.paper, tr("Propuh — rule reference"), tr("Propuh rule reference"))
    rule_sheet(
        doc,
        "Propuh",
        tr("rule reference · our own words · our rulings marked"),
        tr("companion · Propuh · rule reference"),
        rules_blocks(),
    )
    return doc.finish()


# -- the player aid -----------------------------------------------------------------------------------------


def aid_card() -> Card:
    """Everything a player looks up during a game, on one card (printed twice per page)."""
    return Card(
        tr("Propuh: a round"),
        (
            Bullets(round_items(), numbered=True),
            Heading(tr("Playing a card"), 2),
            Para(unresolved_text(), keep=True),
            Bullets(resolve_items()),
            Heading(tr("Card strength"), 2),
            Para(strength_text()),
            Heading(tr("Token maxima"), 2),
            maxima_table(),
            Para(tr("A token over the maximum is not placed. Clockwise: {order}.", order=clockwise_text())),
            Heading(tr("Goals"), 2),
            Bullets(
                (
                    tr("**Granny:** {goals}.", goals="; ".join(granny_goals())),
                    tr("**Propuh:** {goals}.", goals="; ".join(propuh_goals())),
                )
            ),
            Para(
                tr(
                    "Both at once: Propuh wins. All cards discarded and no winner: Granny is tired, Propuh "
                    "wins. At most {n} rounds.",
                    n=c.MAX_ROUNDS,
                )
            ),
            Heading(tr("Solo: Propuh's starting tokens"), 2),
            Bullets(difficulty_lines()),
            # a solo player's deal: the round above deals 2 cards to each player, and Propuh has no hand
            Para(
                tr(
                    "Solo: Propuh has no hand; whenever he plays, turn over the top card and follow the automa card."
                )
            ),
        ),
        "Propuh",
        columns=2,
    )


def build_aid(options: Options) -> bytes:
    doc = new_document(options.paper, tr("Propuh — player aids"), tr("Propuh player aids"))
    card_grid(doc, [aid_card()], 1, 2, tr("companion · Propuh · player aid, one per player"), options.pages)
    return doc.finish()


# -- the solo log ---------------------------------------------------------------------------------------------


def build_scorepad(options: Options) -> bytes:
    doc = new_document(options.paper, tr("Propuh — solo log"), tr("Propuh solo log"))
    pen = doc.pen
    width = pen.width - 2 * MARGIN
    for page in range(options.pages):
        if page:
            pen.new_page()
        top = header(pen, tr("Propuh solo log"), tr("one line per game · you are Granny"))
        write_line(pen, tr("Player:"), MARGIN, top - 6, width * 0.55)
        how_h = 118.0
        tally_w = width * 0.36
        table_top = top - 22
        bottom = MARGIN + 6 + how_h + 10
        columns = (
            Column("#", 0.45),
            Column(tr("date"), 1.3),
            Column(tr("difficulty"), 1.9),
            Column(tr("result: won / lost, and how"), 2.6),
            Column(tr("round reached (1–{n})", n=c.MAX_ROUNDS), 1.1),
            Column(tr("notes"), 2.0),
        )
        rows = int((table_top - bottom - head_height(columns, width)) // 19)
        grid = Grid(
            columns,
            tuple(str(n + 1 + page * rows) for n in range(rows)),
            19.0,
        )
        draw_grid(pen, grid, MARGIN, table_top, width)
        how = [
            Para(
                tr(
                    "**Granny wins** at the end of a round when all her goals hold: {goals}.",
                    goals="; ".join(granny_goals()),
                )
            ),
            Para(
                tr(
                    "**Propuh wins** at the end of a round when both his goals hold: {goals} (even if Granny's "
                    "hold too), or when Granny is tired: no winner and every card discarded (the {n} set aside "
                    "count).",
                    goals="; ".join(propuh_goals()),
                    n=c.SOLO_REMOVED,
                )
            ),
            Para(
                tr(
                    "**Round reached:** the round the game ended in; a solo game ends after round {n} at the "
                    "latest.",
                    n=c.MAX_ROUNDS,
                )
            ),
        ]
        note_box(pen, tr("How to fill it in"), how, MARGIN, MARGIN + 6 + how_h, width - tally_w - 10, how_h)
        tally = Grid(
            (
                Column(tr("difficulty"), 1.4),
                Column(tr("games"), 1),
                Column(tr("won"), 1),
                Column(tr("rate"), 1),
            ),
            (*(tr(d) for d in c.DIFFICULTIES), tr("all")),
            (how_h - 22) / (len(c.DIFFICULTIES) + 1),
            bold_rows=(len(c.DIFFICULTIES),),
        )
        draw_grid(pen, tally, MARGIN + width - tally_w, MARGIN + 6 + how_h, tally_w)
        footer(pen, tr("companion · Propuh · solo log"))
    return doc.finish()


# -- the automa card ------------------------------------------------------------------------------------------


def clockwise_figure(pen: Pen, x: float, top: float, width: float, scale: Scale) -> float:
    """The three locations on a circle with arrows in the engine's clockwise order, in the card's type scale
    (its title a heading, the locations at the body size, the other side's names small); returns the
    height."""
    title = title_units(tr("Clockwise order"), scale, width)
    flow.draw_units(pen, x, top, title)
    top -= flow.height(title) - flow.leading(scale.heading)
    names = {loc: tr(loc.title) for loc in c.LOCS}
    others = {loc: f"= {tr(loc.propuh_title)}" if loc.propuh_title != loc.title else "" for loc in c.LOCS}
    node_w = 8 + max(
        max(measure.text_width(names[loc], fonts.BOLD, scale.body) for loc in c.LOCS),
        max(measure.text_width(others[loc], fonts.REGULAR, scale.small) for loc in c.LOCS),
    )
    node_h = scale.body + scale.small + 10
    # the nodes' centres on a circle that keeps the side nodes inside the width
    radius = min((width - node_w) / 2 / math.cos(math.radians(30)), 64.0)
    cx, cy = x + width / 2, top - scale.heading * 1.3 - 8 - node_h / 2 - radius
    centres = {}
    for i, loc in enumerate(c.LOCS):
        angle = math.radians(90 - 120 * i)  # clockwise from the top
        centres[loc] = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))

    def edge(ux: float, uy: float) -> float:
        """Distance from a node's centre to its border along (ux, uy), plus a little air."""
        return min(node_w / 2 / abs(ux) if ux else 1e9, node_h / 2 / abs(uy) if uy else 1e9) + 3

    for loc in c.LOCS:
        nxt = loc.clockwise()
        (x1, y1), (x2, y2) = centres[loc], centres[nxt]
        d = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        pen.arrow(
            x1 + ux * edge(ux, uy),
            y1 + uy * edge(ux, uy),
            x2 - ux * edge(ux, uy),
            y2 - uy * edge(ux, uy),
            1.2,
        )
    for loc, (px, py) in centres.items():
        pen.rect(
            px - node_w / 2, py - node_h / 2, node_w, node_h, stroke=INK, fill=(0.97, 0.95, 0.93), radius=6
        )
        first = py + (scale.small + 2) / 2 if others[loc] else py
        pen.text(
            px - node_w / 2, first - scale.body * 0.35, names[loc], fonts.BOLD, scale.body, node_w, "center"
        )
        if others[loc]:
            below = first - scale.body * 0.35 - scale.small - 3
            pen.text(px - node_w / 2, below, others[loc], fonts.REGULAR, scale.small, node_w, "center", GREY)
    lowest = min(py for _, py in centres.values())
    return top - (lowest - node_h / 2) + 4


def automa_side() -> list[Block]:
    return [
        Heading("Token maxima", 2),
        maxima_table(),
        Para(
            "Rule 2(b) blocks a location once Propuh's tokens there reach its Propuh maximum; a token over the "
            "maximum is not placed."
        ),
        Heading("Card strength", 2),
        Para(strength_text()),
        Heading("A round", 2),
        # the round's first steps say when Propuh plays, not only "whenever Propuh must play"
        Bullets(round_items()[:2], numbered=True),
        Heading("Playing a card", 2),
        Para(unresolved_text(), keep=True),
        Bullets(resolve_items()),
        Heading("Solo setup", 2),
        Para(
            f"Remove {c.SOLO_REMOVED} cards face down, deal yourself {c.SOLO_FIRST_HAND}, the figurine on the Stove."
        ),
        Bullets(difficulty_lines()),
        Heading("End of a round", 2),
        Para(
            "Propuh's last card places its token; the figurine removes one Propuh token at its location (Granny "
            "may decline); "
            f"deal Granny {c.DEAL_PER_ROUND} (never a single last card); check the goals. The deck empty when "
            "Propuh must draw: "
            f"the round ends. No winner and every card discarded: Granny is tired, Propuh wins. At most "
            f"{c.MAX_ROUNDS} rounds."
        ),
    ]


def automa_decisions() -> tuple[Decision, ...]:
    return (
        Decision(
            tr("Where Propuh's card goes"),
            (
                Step("1", tr("on the location of Granny's card: a counter")),
                Step("2", tr("on the location of its own suit")),
                Step("3", tr("on the next location clockwise from Granny's card")),
            ),
        ),
    )


def build_automa(options: Options) -> bytes:
    doc = new_document(options.paper, tr("Propuh — solo automa card"), tr("Propuh solo automaton"))
    rule_list = automaton_rules()
    automa_page(
        doc,
        tr(rule_list.title),
        tr("Propuh plays itself: turn over the top card and follow the arrows"),
        tr("companion · Propuh · automa card · the same rules the program plays"),
        rule_list,
        automa_decisions(),
        automa_side(),
        intro=tr(
            "Whenever Propuh must play, turn over the top card of the deck. The first rule that applies "
            "places it; “Granny's card” is Granny's unresolved card on the board."
        ),
        figure=clockwise_figure,
        notes_title="Rulings on this card",
    )
    return doc.finish()


DOCUMENTS: dict[str, Builder] = {
    "rules": build_rules,
    "aid": build_aid,
    "scorepad": build_scorepad,
    "automa": build_automa,
}
