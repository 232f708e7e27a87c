"""Prohis actions as integers, for the fast path (``ai.prohis.fast``): ``ACTS[code]`` is the public ``Act``,
``code_of(act)`` the way back; the legal lists that depend only on a hand or the display, cached in the order
``rules.legal_actions`` lists them."""

from __future__ import annotations

from ai.prohis.cards import CONTROLLERS, CONVOY_MAX, CONVOY_MIN, KINDS
from ai.prohis.rules import (
    ACCEPT,
    BRIBE,
    COMMIT,
    CONVOY,
    DECLINE,
    INSPECT,
    NO_BRIBE,
    NO_COMMIT,
    PASS,
    PILE,
    REFUSE,
    STOP,
    TAKE,
    Act,
    sub_multisets,
)

#: The verbs, as small integers (``VERB[code]``).
V_TAKE, V_PILE, V_STOP, V_PASS, V_CONVOY, V_COMMIT, V_NO_COMMIT = range(7)
V_BRIBE, V_NO_BRIBE, V_ACCEPT, V_REFUSE, V_INSPECT, V_DECLINE = range(7, 13)
_VERB_OF = {
    TAKE: V_TAKE,
    PILE: V_PILE,
    STOP: V_STOP,
    PASS: V_PASS,
    CONVOY: V_CONVOY,
    COMMIT: V_COMMIT,
    NO_COMMIT: V_NO_COMMIT,
    BRIBE: V_BRIBE,
    NO_BRIBE: V_NO_BRIBE,
    ACCEPT: V_ACCEPT,
    REFUSE: V_REFUSE,
    INSPECT: V_INSPECT,
    DECLINE: V_DECLINE,
}

#: ``ACTS[code]``: the public action; ``VERB[code]``, ``CARDS[code]``: its verb and cards. Convoys and bribes get
#: their codes when first met (``code_of``).
ACTS: list[Act] = []
VERB: list[int] = []
CARDS: list[tuple[int, ...]] = []
_CODES: dict[Act, int] = {}


def code_of(act: Act) -> int:
    """The integer for a public action (given one the first time it is met)."""
    code = _CODES.get(act)
    if code is None:
        code = _CODES[act] = len(ACTS)
        ACTS.append(act)
        VERB.append(_VERB_OF[act.verb])
        CARDS.append(act.cards)
    return code


TAKES = tuple(code_of(Act(TAKE, (kind,))) for kind in KINDS)
PILE_CODE = code_of(Act(PILE))
STOP_CODE = code_of(Act(STOP))
PASS_CODE = code_of(Act(PASS))
NO_COMMIT_CODE = code_of(Act(NO_COMMIT))
COMMITS = {kind: code_of(Act(COMMIT, (kind,))) for kind in CONTROLLERS}
NO_BRIBE_CODE = code_of(Act(NO_BRIBE))
ACCEPT_CODE = code_of(Act(ACCEPT))
REFUSE_CODE = code_of(Act(REFUSE))
INSPECT_CODE = code_of(Act(INSPECT))
DECLINE_CODE = code_of(Act(DECLINE))
JUDGE_OFFERED = (ACCEPT_CODE, REFUSE_CODE)
JUDGE_NONE = (INSPECT_CODE, DECLINE_CODE)


def to_action(code: int) -> Act:
    return ACTS[code]


# caches of the legal lists, keyed by what they depend on (hands repeat across play-outs)
_CONVOYS: dict[tuple[int, ...], tuple[int, ...]] = {}
_BRIBES: dict[tuple[int, ...], tuple[int, ...]] = {}
_DRAWS: dict[tuple[int, bool], tuple[int, ...]] = {}


def convoy_codes(hand: list[int]) -> tuple[int, ...]:
    """The convoys ``hand`` can send, in ``rules.legal_actions``'s order."""
    key = tuple(hand)
    out = _CONVOYS.get(key)
    if out is None:
        out = _CONVOYS[key] = tuple(
            code_of(Act(CONVOY, cards)) for cards in sub_multisets((*key, 0), CONVOY_MIN, CONVOY_MAX)
        )
    return out


def bribe_codes(hand: list[int]) -> tuple[int, ...]:
    """``NO_BRIBE`` and every bribe ``hand`` can offer, in ``rules.legal_actions``'s order."""
    key = tuple(hand)
    out = _BRIBES.get(key)
    if out is None:
        bribes = sub_multisets((*key, 0), 1, sum(key))
        out = _BRIBES[key] = (NO_BRIBE_CODE, *(code_of(Act(BRIBE, cards)) for cards in bribes))
    return out


def draw_codes(display: list[int], pile: bool) -> tuple[int, ...]:
    """The display cards to take (one per type, in type order) and the pile's top if it has cards."""
    mask = 0
    for card in display:
        if card >= 0:
            mask |= 1 << card
    key = (mask, pile)
    out = _DRAWS.get(key)
    if out is None:
        takes = [TAKES[k] for k in KINDS if mask >> k & 1]
        out = _DRAWS[key] = (*takes, PILE_CODE) if pile else tuple(takes)
    return out
