"""What the table has seen each seat do (``ProhisState.record``), and what ``hard`` reads from it.

Every count is public: each judgement is said aloud ("inspects", "lets the convoy pass", "refuses the bribe",
"accepts the bribe"), and so is what an inspection finds (a convoy seized, or passed). Two chances start from the
``normal`` card's die (``odds.inspect_faces``: the stakes) as a prior worth ``PRIOR`` of the seat's own counts and
are pulled towards what the seat has been seen doing:

- ``judge_chance``: how ``hard`` models another seat judging a convoy in its play-outs (``ai.prohis.bots.playout``);
  a seat that always inspects is expected to inspect, one that always lets convoys pass, to let them pass;
- ``inspect_chance``: how ``hard`` itself judges a seat's convoy: the more often that seat's inspected convoys
  were caught rather than cleared, the more often it inspects (a smuggler who always sends contraband is
  inspected); a clean record never lowers the card's chance (it can be built to dump contraband at the end).
  A catch weighs twice a clean inspection (``CATCH_WEIGHT``): the card's smugglers send contraband whenever
  they hold some, and a seat that always inspects them beat the card (29.3% of 1,000 games).

Why: a seat that steps up to every convoy and always inspects won 29.3% of 500 games against three
``hard`` (fair share 25%). ``hard``'s play-outs judged for it by the card, which inspects a convoy with its
inspector on 2 faces of 6, and ``hard`` judged by the card's die itself, whatever a smuggler had been caught with.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.habits import PRIOR, shrunk
from ai.prohis.state import ACCEPTED, CAUGHT, CLEARED, DECLINED, INSPECTED, REFUSED

#: "Near the end": the draw pile holds at most this many cards per player (or the final round has begun).
LATE_PER_PLAYER = 2


def near_the_end(pile_size: int, players: int, final_left: int | None) -> bool:
    """The final round, or at most ``LATE_PER_PLAYER`` cards per player in the draw pile: when the card dumps
    its contraband and steps up (``card.late``), and which of a seat's counts a choice goes to."""
    return final_left is not None or pile_size <= LATE_PER_PLAYER * players


#: What a catch weighs against a clean inspection in ``inspect_chance``: against letting the convoy pass, a catch
#: gains the inspector the convoy (two illegal goods: 8,000) and costs the smuggler it, a clean inspection costs
#: him his controller (3,000 in hand, 5,000 had he declined) and hands it to the smuggler: about twice as much.
CATCH_WEIGHT = 2


#: ``hard``'s die faces (of six) for judging a convoy near the end (the card's ``late``: the draw pile at most 2
#: cards per player, or the final round), whatever the convoy's size, controller or bribe. The card dumps its
#: contraband then (rule 1), so a convoy sent then holds illegal goods more often than the card's die table
#: (set for a smuggler who mixes) allows for. Never six: a clean load still passes one time in six. As a
#: fixed policy (controllers kept until the end), one seat against three ``normal``: the card's faces 49.9%
#: [48.1, 51.7], five faces 68.0% [66.3, 69.6] of 3,000 games (README, Prohis); sending clean loads near the
#: end against three such seats won 9.2% of 1,500.
LATE_FACES = 5


def pulled(faces: int, yes: float, no: float) -> float:
    """The card's chance (``faces`` of 6) as a prior worth ``PRIOR`` counts, with ``yes`` and ``no`` seen
    (``ai.habits.shrunk``)."""
    return shrunk(faces / 6, yes, no, PRIOR)


def judge_chance(faces: int, record: Sequence[int]) -> float:
    """The chance a seat with this ``record`` inspects (or refuses a bribe) where the card would on ``faces``:
    pulled towards how often it inspected or refused among all its judgements."""
    return pulled(faces, record[INSPECTED] + record[REFUSED], record[DECLINED] + record[ACCEPTED])


def inspect_chance(faces: int, record: Sequence[int]) -> float:
    """The chance ``hard`` inspects (or refuses the bribe for) a convoy of a seat with this ``record`` where the
    card would on ``faces``: pulled up towards how often that seat's inspected convoys were caught, each catch
    weighing ``CATCH_WEIGHT`` (caught half the time, it is inspected two times in three); never below the card's
    chance: a clean record is no reason to look less (``honest``, clean loads until the end and then its
    contraband, won 29.7% of 500 games when a clean record let its convoys through)."""
    caught = CATCH_WEIGHT * record[CAUGHT]
    return max(faces / 6, pulled(faces, caught, record[CLEARED]))
