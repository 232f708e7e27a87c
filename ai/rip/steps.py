"""What the hands at a RIP table do: the steps after each event, and the steps that take an action back.

The physical table: the line of nine psychic cards and the round-10 card, each with its token ("mansion 3" is
the line's 3rd card); each family's cards played in round k lie face up on its side of mansion k and stay
there. A person keeps their family's real deck and hand (``config.physical``). A bot's family is run by the
tool: its 21 ghost cards lie aside sorted by value ("Blue's sorted cards") and leave that pile only when the
bot plays them; its hand and deck have no physical counterpart. A bot's face-down ghost card stays among its
sorted cards until round 10, marked by a coin by the round-10 card.

Steps are built from public facts only: a bot's face-down ghost card is never named before round 10.

The paper automa with a real deck (``config.automa_physical``): its 21 cards lie face down, its hand pile and its
deck, and nobody looks at them; the table turns over the card it plays (the top of its hand pile), card 2's card
(the top of its deck) and, in round 10, its face-down cards, and types each. Its draws go face down onto its hand
pile, and its banked card face down by the round-10 card, unseen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ai.protocol import Event
from ai.rip.components import LINE_LENGTH, ROUNDS, SEAT_NAMES, TOKEN_NAMES
from ai.rip.rules import Action, Card, Down, Draw, Psychic, Reveal, RipState, Turn
from ai.rip.state import TURN_BANKED, TURN_PILE
from ai.text import NUMBER_WORDS
from ai.words import listing, ptr, tr, trn


def _name(seat: int) -> str:
    return tr(SEAT_NAMES[seat])


def _of(seat: int) -> str:
    """The family's name where a sentence says whose (``Green's`` in English, the genitive in Russian)."""
    return ptr("of", SEAT_NAMES[seat])


def _in_front_of(seat: int) -> str:
    """The family's name after "in front of" (``Green``; the instrumental in Russian, «перед Зелёным»)."""
    return ptr("in front of", SEAT_NAMES[seat])


def _on_side(seat: int, k: int) -> str:
    """``on Green's side of mansion 3``."""
    if k > ROUNDS:
        return tr("on {of}'s side of the round-10 card", of=_of(seat))
    return tr("on {of}'s side of mansion {k}", of=_of(seat), k=k)


def _onto_side(seat: int, k: int) -> str:
    """``onto Green's side of mansion 3``."""
    return tr("onto {of}'s side of mansion {k}", of=_of(seat), k=k)


def _from_side(seat: int, k: int) -> str:
    """``from Green's side of mansion 3``."""
    return tr("from {of}'s side of mansion {k}", of=_of(seat), k=k)


def _token(kind: str) -> str:
    """``the manor token``."""
    return tr("the castle token") if TOKEN_NAMES[kind] == "castle" else tr("the manor token")


def _physical(state: RipState, seat: int) -> bool:
    return seat in state.config.physical


def _real(state: RipState, seat: int) -> bool:
    """Whether ``seat`` is the automa with a real deck (its cards face down, turned over by the table)."""
    return state.config.automa_physical and seat in state.config.automa


def _turned_pile(what: int, seat: int) -> str:
    return tr("{of}'s hand pile", of=_of(seat)) if what == TURN_PILE else tr("{of}'s deck", of=_of(seat))


def _seat(player: object) -> int:
    return 0 if str(player).lower() == "green" else 1


def _pile(seat: int) -> str:
    return tr("{of}'s sorted cards", of=_of(seat))


def _listed(values: Sequence[int]) -> str:
    """``the 2``, ``the 2 and the 5``, ``the 2, 3 and 5``."""
    if len(values) == 1:
        return tr("the {value}", value=values[0])
    if len(values) == 2:
        return tr("the {value} and the {other}", value=values[0], other=values[1])
    return tr("the {values}", values=listing(map(str, values)))


def _a_listed(values: Sequence[int]) -> str:
    """``a 2``, ``a 2 and a 5``, ``a 2, 3 and 5``."""
    if len(values) == 1:
        return tr("a {value}", value=values[0])
    if len(values) == 2:
        return tr("a {value} and a {other}", value=values[0], other=values[1])
    return tr("a {values}", values=listing(map(str, values)))


def _ghost_in(state: RipState, seat: int, value: int, k: int) -> str:
    """The step that puts a ghost card ``value`` of ``seat`` on its side of mansion ``k``."""
    on = _on_side(seat, k)
    if _physical(state, seat):
        return tr("{name}: your {value} goes face up {on}.", name=_name(seat), value=value, on=on)
    if _real(state, seat):
        return tr("Put the turned-over {value} face up {on}.", value=value, on=on)
    return tr("Take a {value} from {pile} and put it face up {on}.", value=value, pile=_pile(seat), on=on)


def _play_steps(state: RipState, event: Event, fetched: list[int]) -> tuple[str, ...]:
    data = event.data
    seat = _seat(data.get("player"))
    k = state.round
    card = str(data.get("card"))
    if not card.startswith("p"):
        return (_ghost_in(state, seat, int(card), k),)
    number = int(card[1:])
    if _physical(state, seat):
        steps = [
            tr(
                "{name}: your psychic card {number} goes face up {on}.",
                name=_name(seat),
                number=number,
                on=_on_side(seat, k),
            )
        ]
    else:
        steps = [
            tr(
                "Move {of}'s psychic card {number} face up {onto}.",
                of=_of(seat),
                number=number,
                onto=_onto_side(seat, k),
            )
        ]
    effect = state.cards[number]
    arg = data.get("arg")
    if effect.has("fetch") and arg is not None:
        value = int(str(arg))
        fetched.append(value)
        on = _on_side(seat, k)
        if _physical(state, seat):
            steps.append(
                tr(
                    "{name}: take a {value} out of your deck, put it {on}; shuffle your deck.",
                    name=_name(seat),
                    value=value,
                    on=on,
                )
            )
        else:
            steps.append(
                tr(
                    "Take a {value} from {pile} and put it face up {on}.",
                    value=value,
                    pile=_pile(seat),
                    on=on,
                )
            )
    if effect.has("peek") and _real(state, 1 - seat):
        steps.append(
            tr(
                "{name}: look at {of}'s hand pile, then shuffle it and put it back face down.",
                name=_name(seat),
                of=_of(1 - seat),
            )
        )
    if effect.has("discard") and arg is not None:
        other = 1 - seat
        steps.append(
            tr(
                "Take {of}'s {card} off mansion {k} and lay it aside face up, out of the game.",
                of=_of(other),
                card=_short(str(arg)),
                k=k,
            )
        )
    return tuple(steps)


def _short(card: str) -> str:
    return tr("psychic card {number}", number=card[1:]) if card.startswith("p") else card


def _down_steps(state: RipState, action: Action, event: Event) -> tuple[str, ...]:
    seat = _seat(event.data.get("player"))
    card = event.data.get("card", "secret")
    if "card" in event.data and card is None:
        return (tr("Nothing to move: no card goes face down."),)
    if card is not None and str(card).startswith("p"):
        number = str(card)[1:]
        if _physical(state, seat):
            return (
                tr(
                    "{name}: put your psychic card {number} face down by the round-10 card.",
                    name=_name(seat),
                    number=number,
                ),
            )
        return (
            tr(
                "Put {of}'s psychic card {number} face down by the round-10 card.",
                of=_of(seat),
                number=number,
            ),
        )
    if _real(state, seat):
        return (
            tr("Put the top card of {of}'s hand pile face down by the round-10 card, unseen.", of=_of(seat)),
        )
    if _physical(state, seat):
        if isinstance(action, Down) and action.hidden:
            return (
                tr(
                    "{name}: put a card of your choice from your hand face down by the round-10 card (you name "
                    "it in round 10).",
                    name=_name(seat),
                ),
            )
        return (tr("{name}: put the card you named face down by the round-10 card.", name=_name(seat)),)
    return (
        tr(
            "Put a coin (or any spare card back) by the round-10 card for {of}'s face-down card; the card "
            "itself stays among {pile} until round 10.",
            of=_of(seat),
            pile=_pile(seat),
        ),
    )


def _round10_steps(before: RipState, after: RipState) -> tuple[str, ...]:
    steps = [tr("Turn up every card by the round-10 card.")]
    for seat in (0, 1):
        if _physical(before, seat) or _real(before, seat):  # a real automa's were turned over and typed
            continue
        ghosts = sorted(c.n for c in after.sides[seat].down if not c.psychic)
        if len(ghosts) == 1:
            steps.append(
                tr(
                    "Take {cards} from {pile} and put it in place of {of}'s coin by the round-10 card.",
                    cards=_a_listed(ghosts),
                    pile=_pile(seat),
                    of=_of(seat),
                )
            )
        elif ghosts:
            steps.append(
                tr(
                    "Take {cards} from {pile} and put them in place of {of}'s coins by the round-10 card.",
                    cards=_a_listed(ghosts),
                    pile=_pile(seat),
                    of=_of(seat),
                )
            )
    return tuple(steps)


def annotate(before: RipState, action: Action, events: list[Event], after: RipState) -> list[Event]:
    """``events`` of ``action`` (applied to ``before``) with their table steps."""
    out: list[Event] = []
    fetched: list[int] = []
    for event in events:
        steps = _event_steps(before, action, event, after, fetched)
        out.append(replace(event, table=steps) if steps else event)
    return out


def _event_steps(
    before: RipState, action: Action, event: Event, after: RipState, fetched: list[int]
) -> tuple[str, ...]:
    kind = event.kind
    data = event.data
    if kind == "play":
        return _play_steps(before, event, fetched)
    if kind == "round":
        winner = _seat(data.get("winner"))
        kind = "C" if data.get("token") == "castle" else "M"
        return (
            tr(
                "{name} takes {token} from mansion {k}.",
                name=_name(winner),
                token=_token(kind),
                k=int(data["round"]),
            ),
        )
    if kind == "psychic":
        seat = _seat(data.get("player"))
        return (
            tr(
                "{name} takes psychic card {number} from mansion {k} and keeps it face up in front of {them}.",
                name=_name(seat),
                number=data.get("card"),
                k=before.round,
                them=_in_front_of(seat),
            ),
        )
    if kind == "draw":
        seat = _seat(data.get("player"))
        if "cards" in data and _physical(before, seat):
            return (
                tr(
                    "{name}: the cards you drew ({cards}) stay in your hand.",
                    name=_name(seat),
                    cards=" ".join(map(str, data["cards"])),
                ),
            )
        if _real(before, seat):
            n = int(data.get("count", 1))
            return (
                trn(
                    "Put the top card of {of}'s deck face down on top of its hand pile, unseen.",
                    "Put the top {n} cards of {of}'s deck face down on top of its hand pile, unseen.",
                    n,
                    of=_of(seat),
                ),
            )
        return (
            tr(
                "Nothing to take for {to}: the tool keeps {of}'s hand and deck.",
                to=ptr("for", SEAT_NAMES[seat]),
                of=_of(seat),
            ),
        )
    if kind == "turn_over":
        assert after.turning is not None
        what, seat = after.turning
        if what == TURN_BANKED:
            if event.data.get("count") == 1:
                return (
                    tr(
                        "Turn over {of}'s face-down ghost card by the round-10 card; type it when asked.",
                        of=_of(seat),
                    ),
                )
            return (
                tr(
                    "Turn over {of}'s face-down ghost cards by the round-10 card; type them when asked.",
                    of=_of(seat),
                ),
            )
        return (tr("Turn over the top card of {pile}; type it when asked.", pile=_turned_pile(what, seat)),)
    if kind == "reveal_line":
        return (
            tr(
                "Take psychic card {number} from the starter cards set aside and lay it face up at mansion {k}, "
                "under its token.",
                number=data.get("card"),
                k=int(data["round"]),
            ),
        )
    if kind == "down" and event.private_to is None:
        return _down_steps(before, action, event)
    if kind == "reveal":
        seat = _seat(data.get("player"))
        if len(data.get("cards", ())) == 1:
            return (
                tr("{name}: turn your secret face-down card by the round-10 card face up.", name=_name(seat)),
            )
        return (
            tr("{name}: turn your secret face-down cards by the round-10 card face up.", name=_name(seat)),
        )
    if kind == "round10":
        steps = list(_round10_steps(before, after))
        won = after.won[-1] if after.won else -1
        if len(after.won) > ROUNDS and won >= 0:
            token = _token(before.tokens[ROUNDS])
            steps.append(tr("{name} takes {token} from the round-10 card.", name=_name(won), token=token))
        return tuple(steps)
    return ()


# -- undo ----------------------------------------------------------------------------------------------------


def _removed(before: Sequence[object], after: Sequence[object]) -> list[object]:
    """What ``after`` has that ``before`` has not (as multisets), in ``after``'s order."""
    left = Counter(before)
    out = []
    for x in after:
        if left[x]:
            left[x] -= 1
        else:
            out.append(x)
    return out


@dataclass(frozen=True)
class _GhostsBack:
    """Ghost cards of one family that go back the same way: into the person's hand, or among the bot's sorted
    cards. The cards of a turn played one by one go back in one step, each value named once."""

    seat: int
    where: str  # from the side of the mansion they lie on (``_from_side``)
    physical: bool
    values: tuple[int, ...]

    def text(self) -> str:
        if self.physical:
            return tr(
                "{name}: take your {cards} {where} back into your hand.",
                name=_name(self.seat),
                cards=_counted(self.values, "your"),
                where=self.where,
            )
        return tr(
            "Put {cards} {where} back among {pile}.",
            cards=_counted(self.values),
            where=self.where,
            pile=_pile(self.seat),
        )


_Back = str | _GhostsBack


def undo_steps(before: RipState, action: Action, after: RipState) -> list[str]:
    """What the hands do to take ``action`` back (from ``after`` to ``before``), the latest change first; empty
    when the action moved nothing."""
    return undo_span_steps([before, after], [action])


def undo_span_steps(states: Sequence[RipState], actions: Sequence[Action]) -> list[str]:
    """The steps that take ``actions`` back together (``actions[i]`` turned ``states[i]`` into
    ``states[i + 1]``), latest first: the ghost cards that go back the same way in one step."""
    items = [
        item
        for i in reversed(range(len(actions)))
        for item in _undo_items(states[i], actions[i], states[i + 1])
    ]
    merged: list[_Back] = []
    for item in items:
        if isinstance(item, _GhostsBack):
            same = next(
                (j for j, m in enumerate(merged) if isinstance(m, _GhostsBack) and m.where == item.where),
                None,
            )
            if same is not None:
                first = merged[same]
                assert isinstance(first, _GhostsBack)
                merged[same] = replace(first, values=(*first.values, *item.values))
                continue
        merged.append(item)
    return [item if isinstance(item, str) else item.text() for item in merged]


def _undo_items(before: RipState, action: Action, after: RipState) -> list[_Back]:
    """``undo_steps`` of one action, its ghost cards going back as one item."""
    steps: list[_Back] = []
    k = before.round
    if (
        after.turning is not None and after.turning != before.turning
    ):  # the table was asked to turn cards over
        what, seat = after.turning
        if what == TURN_BANKED:
            steps.append(tr("Turn {of}'s cards by the round-10 card face down again.", of=_of(seat)))
        else:
            steps.append(
                tr("Put the turned card back face down on top of {pile}.", pile=_turned_pile(what, seat))
            )
    if before.turning is not None and isinstance(action, Draw):  # the cards turned over, typed
        what, seat = before.turning
        if what == TURN_BANKED:
            steps.append(
                tr(
                    "Leave {of}'s cards by the round-10 card turned over: type them again when asked; turn the "
                    "others face down again.",
                    of=_of(seat),
                )
            )
        else:
            steps.append(
                tr(
                    "Put {of}'s {value} from mansion {k} back on top of {pile}, still turned over: type it again "
                    "when asked.",
                    of=_of(seat),
                    value=action.values[0],
                    k=k,
                    pile=_turned_pile(what, seat),
                )
            )
    elif after.round10 is not None and before.round10 is None:
        steps.append(tr("Turn the cards by the round-10 card face down again."))
        for seat in (0, 1):
            ghosts = [c.n for c in after.sides[seat].down if not c.psychic]
            if ghosts and not _physical(before, seat) and not _real(before, seat):
                cards, pile = _listed(sorted(ghosts)), _pile(seat)
                if len(ghosts) == 1:
                    steps.append(
                        tr(
                            "Put {cards} back among {pile}; the coin stays by the round-10 card.",
                            cards=cards,
                            pile=pile,
                        )
                    )
                else:
                    steps.append(
                        tr(
                            "Put {cards} back among {pile}; the coins stay by the round-10 card.",
                            cards=cards,
                            pile=pile,
                        )
                    )
    for seat in (0, 1):
        gone = len(before.sides[seat].deck) - len(after.sides[seat].deck)
        if _real(before, seat) and isinstance(action, Turn) and gone > 0:
            steps.append(
                trn(
                    "Put the top card of {of}'s hand pile back on top of its deck, unseen.",
                    "Put the top {n} cards of {of}'s hand pile back on top of its deck, unseen.",
                    gone,
                    of=_of(seat),
                )
            )
    for i in range(len(before.won), len(after.won)):
        winner = after.won[i]
        if winner >= 0 and len(after.sides[winner].tokens) > len(before.sides[winner].tokens):
            token, of = _token(after.tokens[i]), ptr("from", SEAT_NAMES[winner])
            if i + 1 > ROUNDS:
                steps.append(
                    tr("Take {token} back from {of} and put it on the round-10 card.", token=token, of=of)
                )
            else:
                steps.append(
                    tr("Take {token} back from {of} and put it on mansion {k}.", token=token, of=of, k=i + 1)
                )
    if after.revealed > before.revealed and before.config.tutorial:
        for r in range(before.revealed + 1, min(after.revealed, LINE_LENGTH) + 1):
            steps.append(
                tr(
                    "Take psychic card {number} from under the token at mansion {k} and put it back aside with "
                    "the starter cards to come.",
                    number=after.line[r - 1],
                    k=r,
                )
            )
    for seat in (0, 1):
        b, a = before.sides[seat], after.sides[seat]
        for n in _removed(b.owned, a.owned):
            steps.append(
                tr(
                    "Put psychic card {number} back on mansion {k} (from the cards in front of {them}).",
                    number=n,
                    k=k,
                    them=_in_front_of(seat),
                )
            )
        for card in _removed(b.down, a.down) if not isinstance(action, Reveal) else ():
            assert isinstance(card, Card)
            if card.psychic:
                steps.append(
                    tr(
                        "Take psychic card {number} from the round-10 card back face up in front of {them}.",
                        number=card.n,
                        them=_in_front_of(seat),
                    )
                )
            elif _physical(before, seat):
                steps.append(_face_down_back(seat))
            elif _real(before, seat):
                steps.append(
                    tr(
                        "Put {of}'s face-down card by the round-10 card back on top of its hand pile, unseen.",
                        of=_of(seat),
                    )
                )
            else:
                steps.append(tr("Take away the coin that marks {of}'s face-down card.", of=_of(seat)))
        if a.hidden_down > b.hidden_down:
            steps.append(_face_down_back(seat))
        if isinstance(action, Reveal) and a.hidden_down < b.hidden_down:
            steps.append(
                tr("{name}: turn your secret card by the round-10 card face down again.", name=_name(seat))
            )
        for card in _removed(b.discarded, a.discarded):
            steps.append(
                tr(
                    "Put {of}'s {card} from the discards back face up {on}.",
                    of=_of(seat),
                    card=_short(str(card)),
                    on=_on_side(seat, k),
                )
            )
    if isinstance(action, Draw) and before.turning is None:
        seat = 0 if before.sides[0].pending else 1
        values = action.values
        drawn = (
            _counted(values)
            if len(values) < 3
            else tr("the {n} cards you drew ({cards})", n=len(values), cards=" ".join(map(str, values)))
        )
        steps.append(tr("{name}: put {cards} back on top of your deck.", name=_name(seat), cards=drawn))
    steps.extend(_undo_plays(before, action, after))
    return steps  # empty when nothing moved (a turn ended ahead, no card put face down)


def _face_down_back(seat: int) -> str:
    return tr("{name}: take your face-down card by the round-10 card back into your hand.", name=_name(seat))


def _undo_plays(before: RipState, action: Action, after: RipState) -> list[_Back]:
    """The cards this action put into play, back where they came from (the last played first)."""
    if not isinstance(action, Turn):
        return []
    seat = before.mover
    k = before.round
    fetched = [
        item.arg.n
        for item in action.items
        if isinstance(item, Psychic) and item.arg is not None and not item.arg.psychic
        and before.cards[item.number].has("fetch")
    ]  # fmt: skip
    b, a = before.sides[seat], after.sides[seat]
    was = [*b.played, *(x.card for x in b.table)]
    now = [*a.played, *(x.card for x in a.table), *a.discarded[len(b.discarded) :]]
    steps: list[_Back] = []
    ghosts: list[int] = []  # back into the hand or among the sorted cards: one step for them all
    where = _from_side(seat, k)
    for card in reversed(_removed(was, now)):
        assert isinstance(card, Card)
        if card.psychic:
            steps.append(
                tr(
                    "Take psychic card {number} {where} back face up in front of {them}.",
                    number=card.n,
                    where=where,
                    them=_in_front_of(seat),
                )
            )
        elif card.n in fetched and _physical(before, seat):
            # the person's fetched card goes back into the deck; a bot's joins the others among its sorted cards
            fetched.remove(card.n)
            steps.append(
                tr(
                    "{name}: put your {value} {where} back into your deck and shuffle it.",
                    name=_name(seat),
                    value=card.n,
                    where=where,
                )
            )
        else:
            ghosts.append(card.n)
    if ghosts:
        steps.append(_GhostsBack(seat, where, _physical(before, seat), tuple(ghosts)))
    return steps


def _counted(values: Sequence[int], article: str = "the") -> str:
    """Ghost cards by value, each value named once: ``the 3``, ``the two 1s and
    the 3``; after ``your`` the article is not repeated (``your 2 and 6``)."""
    counts = Counter(values)
    words = {int(digit): word for word, digit in NUMBER_WORDS.items()}

    def part(value: int, n: int) -> str:
        if n == 1:
            return str(value) if article == "your" else tr("the {value}", value=value)
        count = tr(words[n]) if n in words else str(n)
        if article == "your":
            return trn("{count} {value}s", "{count} {value}s", n, count=count, value=value)
        return trn("the {count} {value}s", "the {count} {value}s", n, count=count, value=value)

    return listing([part(v, n) for v, n in sorted(counts.items())])
