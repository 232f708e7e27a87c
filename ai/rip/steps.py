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
from ai.text import NUMBER_WORDS, listing


def _name(seat: int) -> str:
    return SEAT_NAMES[seat]


def _physical(state: RipState, seat: int) -> bool:
    return seat in state.config.physical


def _real(state: RipState, seat: int) -> bool:
    """Whether ``seat`` is the automa with a real deck (its cards face down, turned over by the table)."""
    return state.config.automa_physical and seat in state.config.automa


def _turned_pile(what: int, seat: int) -> str:
    return f"{_name(seat)}'s hand pile" if what == TURN_PILE else f"{_name(seat)}'s deck"


def _seat(player: object) -> int:
    return 0 if str(player).lower() == "green" else 1


def _pile(seat: int) -> str:
    return f"{_name(seat)}'s sorted cards"


def card_words(card: Card | str) -> str:
    """``a 5`` / ``psychic card 8`` from a card or its short form."""
    text = str(card)
    return f"psychic card {text[1:]}" if text.startswith("p") else f"a {text}"


def _listed(values: Sequence[int], article: str = "the") -> str:
    """``the 2``, ``the 2 and the 5``, ``the 2, 3 and 5``."""
    if len(values) == 1:
        return f"{article} {values[0]}"
    if len(values) == 2:
        return f"{article} {values[0]} and {article} {values[1]}"
    return f"{article} {listing(map(str, values))}"


def mansion(k: int) -> str:
    return "the round-10 card" if k > ROUNDS else f"mansion {k}"


def _ghost_in(state: RipState, seat: int, value: int, k: int) -> str:
    """The step that puts a ghost card ``value`` of ``seat`` on its side of mansion ``k``."""
    where = f"{_name(seat)}'s side of {mansion(k)}"
    if _physical(state, seat):
        return f"{_name(seat)}: your {value} goes face up on {where}."
    if _real(state, seat):
        return f"Put the turned-over {value} face up on {where}."
    return f"Take a {value} from {_pile(seat)} and put it face up on {where}."


def _play_steps(state: RipState, event: Event, fetched: list[int]) -> tuple[str, ...]:
    data = event.data
    seat = _seat(data.get("player"))
    k = state.round
    card = str(data.get("card"))
    if not card.startswith("p"):
        return (_ghost_in(state, seat, int(card), k),)
    number = int(card[1:])
    where = f"{_name(seat)}'s side of {mansion(k)}"
    if _physical(state, seat):
        steps = [f"{_name(seat)}: your psychic card {number} goes face up on {where}."]
    else:
        steps = [f"Move {_name(seat)}'s psychic card {number} face up onto {where}."]
    effect = state.cards[number]
    arg = data.get("arg")
    if effect.has("fetch") and arg is not None:
        value = int(str(arg))
        fetched.append(value)
        where = f"{_name(seat)}'s side of {mansion(k)}"
        if _physical(state, seat):
            steps.append(
                f"{_name(seat)}: take a {value} out of your deck, put it on {where}; shuffle your deck."
            )
        else:
            steps.append(f"Take a {value} from {_pile(seat)} and put it face up on {where}.")
    if effect.has("peek") and _real(state, 1 - seat):
        looked = _name(1 - seat)
        steps.append(
            f"{_name(seat)}: look at {looked}'s hand pile, then shuffle it and put it back face down."
        )
    if effect.has("discard") and arg is not None:
        other = 1 - seat
        steps.append(
            f"Take {_name(other)}'s {_short(str(arg))} off {mansion(k)} and lay it aside face up, out of the game."
        )
    return tuple(steps)


def _short(card: str) -> str:
    return f"psychic card {card[1:]}" if card.startswith("p") else card


def _down_steps(state: RipState, action: Action, event: Event) -> tuple[str, ...]:
    seat = _seat(event.data.get("player"))
    card = event.data.get("card", "secret")
    if "card" in event.data and card is None:
        return ("Nothing to move: no card goes face down.",)
    if card is not None and str(card).startswith("p"):
        if _physical(state, seat):
            return (f"{_name(seat)}: put your psychic card {str(card)[1:]} face down by the round-10 card.",)
        return (f"Put {_name(seat)}'s psychic card {str(card)[1:]} face down by the round-10 card.",)
    if _real(state, seat):
        return (f"Put the top card of {_name(seat)}'s hand pile face down by the round-10 card, unseen.",)
    if _physical(state, seat):
        if isinstance(action, Down) and action.hidden:
            return (
                f"{_name(seat)}: put a card of your choice from your hand face down by the round-10 card (you "
                f"name it in round 10).",
            )
        return (f"{_name(seat)}: put the card you named face down by the round-10 card.",)
    return (
        f"Put a coin (or any spare card back) by the round-10 card for {_name(seat)}'s face-down card; "
        f"the card itself stays among {_pile(seat)} until round 10.",
    )


def _round10_steps(before: RipState, after: RipState) -> tuple[str, ...]:
    steps = ["Turn up every card by the round-10 card."]
    for seat in (0, 1):
        if _physical(before, seat) or _real(before, seat):  # a real automa's were turned over and typed
            continue
        ghosts = sorted(c.n for c in after.sides[seat].down if not c.psychic)
        if ghosts:
            them, coin = ("them", "coins") if len(ghosts) > 1 else ("it", "coin")
            steps.append(
                f"Take {_listed(ghosts, 'a')} from {_pile(seat)} and put {them} in place of {_name(seat)}'s "
                f"{coin} by the round-10 card."
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
        return (f"{_name(winner)} takes the {data.get('token')} token from {mansion(int(data['round']))}.",)
    if kind == "psychic":
        seat = _seat(data.get("player"))
        return (
            f"{_name(seat)} takes psychic card {data.get('card')} from {mansion(before.round)} and keeps it "
            f"face up in front of {_name(seat)}.",
        )
    if kind == "draw":
        seat = _seat(data.get("player"))
        if "cards" in data and _physical(before, seat):
            return (
                f"{_name(seat)}: the cards you drew ({' '.join(map(str, data['cards']))}) stay in your hand.",
            )
        if _real(before, seat):
            n = int(data.get("count", 1))
            cards = "card" if n == 1 else f"{n} cards"
            return (
                f"Put the top {cards} of {_name(seat)}'s deck face down on top of its hand pile, unseen.",
            )
        return (f"Nothing to take for {_name(seat)}: the tool keeps {_name(seat)}'s hand and deck.",)
    if kind == "turn_over":
        assert after.turning is not None
        what, seat = after.turning
        if what == TURN_BANKED:
            cards, them = ("card", "it") if event.data.get("count") == 1 else ("cards", "them")
            return (
                f"Turn over {_name(seat)}'s face-down ghost {cards} by the round-10 card; type {them} when asked.",
            )
        return (f"Turn over the top card of {_turned_pile(what, seat)}; type it when asked.",)
    if kind == "reveal_line":
        return (
            f"Take psychic card {data.get('card')} from the starter cards set aside and lay it face up at "
            f"{mansion(int(data['round']))}, under its token.",
        )
    if kind == "down" and event.private_to is None:
        return _down_steps(before, action, event)
    if kind == "reveal":
        seat = _seat(data.get("player"))
        cards = "card" if len(data.get("cards", ())) == 1 else "cards"
        return (f"{_name(seat)}: turn your secret face-down {cards} by the round-10 card face up.",)
    if kind == "round10":
        steps = list(_round10_steps(before, after))
        won = after.won[-1] if after.won else -1
        if len(after.won) > ROUNDS and won >= 0:
            token = TOKEN_NAMES[before.tokens[ROUNDS]]
            steps.append(f"{_name(won)} takes the {token} token from the round-10 card.")
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
    where: str
    physical: bool
    values: tuple[int, ...]

    def text(self) -> str:
        if self.physical:
            return f"{_name(self.seat)}: take your {_counted(self.values, 'your')} {self.where} back into your hand."
        return f"Put {_counted(self.values)} {self.where} back among {_pile(self.seat)}."


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
            steps.append(f"Turn {_name(seat)}'s cards by the round-10 card face down again.")
        else:
            steps.append(f"Put the turned card back face down on top of {_turned_pile(what, seat)}.")
    if before.turning is not None and isinstance(action, Draw):  # the cards turned over, typed
        what, seat = before.turning
        if what == TURN_BANKED:
            steps.append(
                f"Leave {_name(seat)}'s cards by the round-10 card turned over: type them again when asked; turn "
                "the others face down again."
            )
        else:
            value = action.values[0]
            steps.append(
                f"Put {_name(seat)}'s {value} from {mansion(k)} back on top of {_turned_pile(what, seat)}, still "
                "turned over: type it again when asked."
            )
    elif after.round10 is not None and before.round10 is None:
        steps.append("Turn the cards by the round-10 card face down again.")
        for seat in (0, 1):
            ghosts = [c.n for c in after.sides[seat].down if not c.psychic]
            if ghosts and not _physical(before, seat) and not _real(before, seat):
                coins = "the coin stays" if len(ghosts) == 1 else "the coins stay"
                steps.append(
                    f"Put {_listed(sorted(ghosts))} back among {_pile(seat)}; {coins} by the round-10 card."
                )
    for seat in (0, 1):
        gone = len(before.sides[seat].deck) - len(after.sides[seat].deck)
        if _real(before, seat) and isinstance(action, Turn) and gone > 0:
            cards = "card" if gone == 1 else f"{gone} cards"
            steps.append(f"Put the top {cards} of {_name(seat)}'s hand pile back on top of its deck, unseen.")
    for i in range(len(before.won), len(after.won)):
        winner = after.won[i]
        if winner >= 0 and len(after.sides[winner].tokens) > len(before.sides[winner].tokens):
            token = TOKEN_NAMES[after.tokens[i]]
            steps.append(f"Take the {token} token back from {_name(winner)} and put it on {mansion(i + 1)}.")
    if after.revealed > before.revealed and before.config.tutorial:
        for r in range(before.revealed + 1, min(after.revealed, LINE_LENGTH) + 1):
            steps.append(
                f"Take psychic card {after.line[r - 1]} from under the token at {mansion(r)} and put it back "
                "aside with the starter cards to come."
            )
    for seat in (0, 1):
        b, a = before.sides[seat], after.sides[seat]
        for n in _removed(b.owned, a.owned):
            steps.append(f"Put psychic card {n} back on {mansion(k)} (from {_name(seat)}'s cards in front).")
        for card in _removed(b.down, a.down) if not isinstance(action, Reveal) else ():
            assert isinstance(card, Card)
            if card.psychic:
                steps.append(
                    f"Take psychic card {card.n} from the round-10 card back face up in front of {_name(seat)}."
                )
            elif _physical(before, seat):
                steps.append(
                    f"{_name(seat)}: take your face-down card by the round-10 card back into your hand."
                )
            elif _real(before, seat):
                steps.append(
                    f"Put {_name(seat)}'s face-down card by the round-10 card back on top of its hand pile, unseen."
                )
            else:
                steps.append(f"Take away the coin that marks {_name(seat)}'s face-down card.")
        if a.hidden_down > b.hidden_down:
            steps.append(f"{_name(seat)}: take your face-down card by the round-10 card back into your hand.")
        if isinstance(action, Reveal) and a.hidden_down < b.hidden_down:
            steps.append(f"{_name(seat)}: turn your secret card by the round-10 card face down again.")
        for card in _removed(b.discarded, a.discarded):
            steps.append(
                f"Put {_name(seat)}'s {_short(str(card))} from the discards back face up on {_name(seat)}'s side "
                f"of {mansion(k)}."
            )
    if isinstance(action, Draw) and before.turning is None:
        seat = 0 if before.sides[0].pending else 1
        values = action.values
        drawn = (
            _counted(values)
            if len(values) < 3
            else f"the {len(values)} cards you drew ({' '.join(map(str, values))})"
        )
        steps.append(f"{_name(seat)}: put {drawn} back on top of your deck.")
    steps.extend(_undo_plays(before, action, after))
    return steps  # empty when nothing moved (a turn ended ahead, no card put face down)


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
    where = f"from {_name(seat)}'s side of {mansion(k)}"
    for card in reversed(_removed(was, now)):
        assert isinstance(card, Card)
        if card.psychic:
            steps.append(f"Take psychic card {card.n} {where} back face up in front of {_name(seat)}.")
        elif card.n in fetched and _physical(before, seat):
            # the person's fetched card goes back into the deck; a bot's joins the others among its sorted cards
            fetched.remove(card.n)
            steps.append(f"{_name(seat)}: put your {card.n} {where} back into your deck and shuffle it.")
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
    parts = [str(v) if n == 1 else f"{words.get(n, str(n))} {v}s" for v, n in sorted(counts.items())]
    if article == "your":
        return listing(parts)
    return listing([f"the {part}" for part in parts])
