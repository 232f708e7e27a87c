"""Propuh's official solo automaton: three rules in priority order (spec: shared/rules/propuh.md). The same
rule list places Propuh's card at the table, in Granny's look-ahead and in the search's play-outs (on the
engine), and is printed as the automa card.

1. Counter: beat Granny's unresolved card on its location if the drawn card is strictly stronger there.
2. Trump: otherwise play on the card's own location, unless (a) Granny's card lies there or (b) Propuh's tokens
   there have reached that location's maximum.
3. Clockwise: otherwise play on the next location clockwise from Granny's card.

Rulings (each an option of ``PropuhConfig``, default first):
- 2(b) uses the printed Propuh maxima (3/1/3); ``ignore_limit`` drops 2(b), as the online implementation does.
- Rule 3 is literal even when it lands on the location 2(b) blocked; ``skip_blocked`` moves one further.
- With no unresolved Granny card (Granny's card was spent countering), rule 1 is skipped and rule 3 counts from
  the trump location; ``no_granny_from="last"`` counts from where Granny's last card was played instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.propuh.components import CLOCKWISE_TEXT, GRANNY, LOCS, MAXIMA, PROPUH, Card, Loc, at, onto, stronger
from ai.propuh.observation import SeatView
from ai.propuh.state import PLAYS, Action, PropuhConfig, Unresolved
from ai.rules import Rule, RuleList, RulePlayer
from ai.words import tr, trn


def _drawn(obs: SeatView) -> Card:
    if obs.drawn is None:
        raise ValueError("the automaton places the card drawn for Propuh; none is drawn")
    return obs.drawn


def _granny(obs: SeatView) -> Unresolved | None:
    u = obs.unresolved
    return u if u is not None and u.owner == GRANNY else None


def _at_limit(obs: SeatView, loc: Loc) -> bool:
    return not obs.config.ignore_limit and obs.tokens[PROPUH][loc] >= MAXIMA[PROPUH][loc]


def _play(obs: SeatView, loc: Loc, legal: Sequence[Action]) -> Action:
    action = PLAYS[_drawn(obs).kind][loc]
    if action not in legal:
        raise ValueError(f"the automaton chose {action}, which is not legal here")
    return action


def _counter(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    granny = _granny(obs)
    if granny is not None and stronger(_drawn(obs), granny.card, granny.loc):
        return _play(obs, granny.loc, legal)
    return None


def _blocked(obs: SeatView) -> str:
    """Which part of rule 2 blocks the trump: ``a`` (Granny's card lies there), ``b`` (the token maximum), or
    ``""``. A letter, not a sentence: the search asks it at every move of its play-outs."""
    trump = _drawn(obs).suit
    granny = _granny(obs)
    if granny is not None and granny.loc == trump:
        return "a"
    return "b" if _at_limit(obs, trump) else ""


def _trump_blocked(obs: SeatView) -> str | None:
    """Why rule 2 does not apply, for the table."""
    blocked = _blocked(obs)
    trump = _drawn(obs).suit
    if blocked == "a":
        return tr("2a: Granny's card is on the {where}", where=at(trump))
    if blocked == "b":
        return trn(
            "2b: the {where} holds {n} Propuh token, its maximum",
            "2b: the {where} holds {n} Propuh tokens, its maximum",
            obs.tokens[PROPUH][trump],
            where=at(trump, PROPUH),
        )
    return None


def _trump(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    if _blocked(obs):
        return None
    return _play(obs, _drawn(obs).suit, legal)


def _literal_target(obs: SeatView) -> Loc:
    """Where rule 3 lands before the ``skip_blocked`` ruling: the next location clockwise from its base."""
    granny = _granny(obs)
    if granny is not None:
        return granny.loc.clockwise()
    if obs.config.no_granny_from == "last" and obs.last_granny_loc is not None:
        return obs.last_granny_loc.clockwise()
    return _drawn(obs).suit.clockwise()


def clockwise_target(obs: SeatView) -> Loc:
    """Where rule 3 plays, with the configured rulings."""
    loc = _literal_target(obs)
    if obs.config.skip_blocked and loc == _drawn(obs).suit and _at_limit(obs, loc):
        loc = loc.clockwise()
    return loc


def _clockwise(obs: SeatView, legal: Sequence[Action]) -> Action | None:
    return _play(obs, clockwise_target(obs), legal)


def _clockwise_detail(obs: SeatView) -> str | None:
    why = _trump_blocked(obs)
    if _granny(obs) is None:
        if obs.config.no_granny_from == "last":
            why = tr("{why}; no Granny card, so clockwise from the last Granny card", why=why)
        else:
            why = tr("{why}; no Granny card, so clockwise from the trump location", why=why)
    literal = _literal_target(obs)
    if clockwise_target(obs) != literal:  # the table counts clockwise itself: say why the card goes further
        why = tr(
            "{why}; skip-blocked: rule 3 would land on the {where}, so one location further",
            why=why,
            where=onto(literal, PROPUH),
        )
    return why


def automaton_rules(config: PropuhConfig | None = None) -> RuleList[SeatView, Action]:
    """The automaton's rule list for ``config``'s options; the same list plays, explains and prints."""
    config = config or PropuhConfig()
    maxima = ", ".join(f"{loc.propuh_title} {MAXIMA[PROPUH][loc]}" for loc in LOCS)
    limit = (
        "" if config.ignore_limit else f" or (b) Propuh's tokens there have reached the maximum ({maxima})"
    )
    notes = []
    if config.ignore_limit:
        notes.append("Option ignore-limit: the token maximum never blocks rule 2.")
    if config.skip_blocked:
        notes.append(
            "Option skip-blocked: if rule 3 lands on the location rule 2(b) blocked, go one further."
        )
    else:
        notes.append("Rule 3 is literal, even when it lands on the location rule 2(b) blocked.")
    if config.no_granny_from == "last":
        notes.append("No Granny card on the board: count clockwise from where Granny's last card was played.")
    else:
        notes.append(
            "No Granny card on the board: skip rule 1; if rule 2 is blocked, count from the trump location."
        )
    return RuleList(
        title="Propuh solo automaton",
        rules=(
            Rule(
                "1",
                "counter",
                "If the drawn card is strictly stronger than Granny's card on that card's location, play it there.",
                _counter,
            ),
            Rule(
                "2",
                "trump",
                "Otherwise play it on the location of its own suit, unless (a) Granny's card lies there"
                + limit
                + ".",
                _trump,
            ),
            Rule(
                "3",
                "clockwise",
                f"Otherwise play it on the next location clockwise ({CLOCKWISE_TEXT}) from Granny's card.",
                _clockwise,
                _clockwise_detail,
            ),
        ),
        notes=tuple(notes),
    )


def automaton(config: PropuhConfig | None = None) -> RulePlayer[SeatView, Action]:
    return RulePlayer("automaton", automaton_rules(config))
