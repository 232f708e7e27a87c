"""What follows the plays: an unresolved card settled (its owner's token placed), the automatic steps until
someone decides, the end of a round (the figurine's removal, the goals, the tired rule, the deal) and the end
of the game with its breakdown."""

from __future__ import annotations

from ai.propuh import steps
from ai.propuh.cards import (
    DEAL_PER_ROUND,
    GRANNY,
    LOCS,
    MAXIMA,
    PROPUH,
    ROLE_NAMES,
    granny_goals,
    propuh_goals,
)
from ai.propuh.state import (
    Phase,
    Tokens,
    Unresolved,
)
from ai.propuh.work import Work, tokens_data


def settle(w: Work, prior: Unresolved, why: str) -> None:
    """Discard an unresolved card and place its owner's token at its location (unless that is full)."""
    owner, loc = prior.owner, prior.loc
    most = MAXIMA[owner][loc]
    placed = w.tokens[owner][loc] < most
    if placed:
        w.tokens[owner][loc] += 1
    name = ROLE_NAMES[owner]
    where = steps.side(loc, owner)
    count = f"{w.tokens[owner][loc]}/{most}"
    outcome = (
        f"a {name} token on the {where} ({count})" if placed else f"no token: the {where} is full ({count})"
    )
    table = (steps.discard((owner, prior.card)),) + ((steps.token(owner, loc),) if placed else ())
    w.emit(
        "token",
        f"{name}'s {prior.card.long} on the {where} {why}: {outcome}.",
        table,
        player=name.lower(),
        card=str(prior.card),
        location=loc.title.lower(),
        placed=placed,
    )
    w.emit_tokens()


def advance(w: Work) -> None:
    """Run the automatic steps until someone must decide or type a card."""
    while w.phase == Phase.PLAY:
        if w.plays >= 4:
            end_round(w)
            continue
        seat = w.plays % 2
        if seat == PROPUH and w.config.solo:
            if w.drawn is not None:
                return
            if w.deck_size == 0:
                end_round(w)
            elif w.config.physical:
                w.phase = Phase.DRAW
            else:
                card = w.deck.pop(0)
                w.deck_size -= 1
                w.drawn = card
                w.seen[card.kind] += 1
                w.emit("draw", f"Propuh draws {card.long}.", player="propuh", card=str(card))
            return
        if w.hand_count(seat) == 0:
            end_round(w)
            continue
        return


def end_round(w: Work) -> None:
    if w.unresolved is not None:
        prior, w.unresolved = w.unresolved, None
        settle(w, prior, "is left at the end of the round")
    w.plays = 4
    if w.tokens[PROPUH][w.figurine] > 0:
        w.phase = Phase.REMOVE
        return
    finish_round(w)


def remove_token(w: Work, yes: bool) -> None:
    loc = w.figurine
    if yes:
        w.tokens[PROPUH][loc] -= 1
        w.emit(
            "remove",
            f"The figurine removes a Propuh token from the {loc.propuh_title}.",
            (steps.remove_token(loc),),
            location=loc.title.lower(),
        )
        w.emit_tokens()
    else:
        w.emit(
            "keep",
            f"Granny leaves the Propuh token on the {loc.propuh_title}.",
            location=loc.title.lower(),
        )
    w.phase = Phase.PLAY
    finish_round(w)
    advance(w)


def finish_round(w: Work) -> None:
    """Check the goals and the tired rule; if nobody has won, deal and start the next round."""
    tokens = w.frozen_tokens()
    propuh_done = all(propuh_goals(tokens).values())
    if propuh_done and all(granny_goals(tokens).values()):
        finish(w, PROPUH, "both completed their goals in the same round, so Propuh wins")
    elif propuh_done:
        finish(w, PROPUH, "Propuh opened the door and the window")
    elif all(granny_goals(tokens).values()):
        finish(w, GRANNY, "Granny completed all her goals")
    elif w.deck_left() == 0 and w.hand_count(GRANNY) == 0 and w.hand_count(PROPUH) == 0:
        finish(w, PROPUH, "Granny is tired: every card is discarded")
    if w.winner is not None:
        return
    deal_round(w)
    w.round += 1
    w.plays = 0
    w.figurine_moved = False
    w.emit("round", f"Round {w.round} begins.", round=w.round)
    w.phase = Phase.DEAL if w.pending else Phase.PLAY


def deal_round(w: Work) -> None:
    """The end-of-round deal (spec step 8), a seat's cards together, Granny's first."""
    counts = [0, 0]
    if w.config.solo:
        if w.deck_left() == 1:
            text, table = steps.last_card_kept(w.config.physical)
            w.emit("deal", text, table, counts={"granny": 0, "propuh": 0})
            return
        if w.deck_left() >= DEAL_PER_ROUND:
            counts[GRANNY] = DEAL_PER_ROUND
    else:
        left = w.deck_left()
        for _ in range(DEAL_PER_ROUND):
            for seat in (GRANNY, PROPUH):
                if left > 0:
                    counts[seat] += 1
                    left -= 1
    before = [list(hand) for hand in w.hands]
    for seat in (GRANNY, PROPUH):
        for _ in range(counts[seat]):
            w.deal_one(seat)
    text, table = steps.deal(counts, w.config.physical, w.deck_left())
    w.emit("deal", text, table, counts={ROLE_NAMES[s].lower(): counts[s] for s in (GRANNY, PROPUH)})
    if not w.config.physical and w.events is not None:
        for seat in (GRANNY, PROPUH):
            new = list(w.hands[seat])
            for card in before[seat]:
                new.remove(card)
            if new:
                w.events.append(steps.dealt(seat, new))


def finish(w: Work, winner: int, reason: str) -> None:
    w.winner = winner
    w.reason = reason
    w.phase = Phase.OVER
    w.pending = []
    name = ROLE_NAMES[winner]
    tokens = w.frozen_tokens()
    goals = {GRANNY: granny_goals(tokens), PROPUH: propuh_goals(tokens)}
    w.emit(
        "end",
        "\n".join((f"{name} wins: {reason}.", *end_lines(tokens))),
        winner=name.lower(),
        winners=[name.lower()],
        reason=reason,
        round=w.round,
        # no points in Propuh: a side's score is how many of its goals are complete
        scores={ROLE_NAMES[s].lower(): sum(goals[s].values()) for s in (GRANNY, PROPUH)},
        breakdown={
            ROLE_NAMES[s].lower(): {
                "goals": goals[s],
                "tokens": tokens_data(tokens)[ROLE_NAMES[s].lower()],
            }
            for s in (GRANNY, PROPUH)
        },
    )


def end_lines(tokens: Tokens) -> tuple[str, ...]:
    """Each side's breakdown at the end, a line for its goals and one for its tokens (issue 14: the last board
    shown predates the final tokens)."""
    goals = {GRANNY: granny_goals(tokens), PROPUH: propuh_goals(tokens)}
    lines = []
    for seat, colour in ((GRANNY, "green"), (PROPUH, "red")):
        done = [goal.split(" (")[0] for goal, ok in goals[seat].items() if ok]
        names = f": {', '.join(done)}" if done else ""
        lines.append(f"{ROLE_NAMES[seat]}: {len(done)} of {len(goals[seat])} goals done{names}.")
        where = (loc.title if seat == GRANNY else loc.propuh_title for loc in LOCS)
        counts = " · ".join(f"{title} {tokens[seat][loc]}" for title, loc in zip(where, LOCS, strict=True))
        lines.append(f"  {colour} tokens: {counts}")
    return tuple(lines)
