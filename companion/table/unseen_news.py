"""Who has not yet seen what the tool showed for their eyes only, kept in the saved game.

With several people at one screen, a person's private news (a dealt hand, a drawn card) waits behind their
gate. If the session stops before they pass it — ``quit``, Ctrl-C or Ctrl-D at a gate, or a killed window —
the news was never shown, and nothing on the table shows it either. The names are saved with the game before
the gates open and taken off as each person sees their news, so that the stop line and ``resume`` name every
one of them, and how each sees it (``hand NAME``, behind their gate): every one of several people dealt at once, after ``quit`` at the first
gate or a killed window too.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Sequence

from ai.words import listing, tr
from companion.errors import StoreError
from companion.saves.store import Store
from companion.screen.terminal import Stop

#: The key in a game's options: the names whose private news was not shown yet (absent: none).
UNSEEN = "unseen"


class UnseenNews:
    """The people of one game whose private news is still behind a gate (``names``), as saved."""

    def __init__(self, store: Store, game_id: int, saved: object, keep: bool) -> None:
        self.store, self.game_id = store, game_id
        #: Whether gates really wait (a terminal shared by people); in a transcript everything is shown at once.
        self.keep = keep
        self.names: list[str] = [str(name) for name in saved] if isinstance(saved, list) else []
        self._left: Counter[str] = Counter()

    def before(self, labels: Sequence[str]) -> None:
        """The private news about to be shown behind gates, one label per event, in order."""
        self._left = Counter(labels)
        self._save([*self.names, *(name for name in dict.fromkeys(labels) if name not in self.names)])

    def shown(self, label: str, stopped: BaseException | None = None) -> None:
        """One of ``label``'s events went through its gate; ``stopped``: the session stopped there instead. A
        stop at the eyes-only gate (``Stop.unseen``) leaves the news unseen; at "Press Enter to hide", after it
        was shown, it was seen."""
        if isinstance(stopped, Stop) and stopped.unseen == label:
            return
        self._left[label] -= 1
        if self._left[label] <= 0 and label in self.names:
            self._save([name for name in self.names if name != label])

    def after(self) -> None:
        """Every gate of the batch passed (or the batch taken back by ``undo``): nobody waits."""
        self._left.clear()
        self._save([])

    def told(self) -> None:
        """Said on resuming: the names are forgotten (each person knows to type ``hand``), in the file too."""
        self._save([], saved=True)

    def _save(self, names: list[str], saved: bool = False) -> None:
        """``names`` from now on; written to the file when gates wait, or (``saved``) to clear what it holds."""
        if names == self.names:
            return
        self.names = names
        if not (self.keep or saved):
            return
        with contextlib.suppress(StoreError):  # a full disk: the stop line still names them from memory
            self.store.set_option(self.game_id, UNSEEN, names or None)

    def sentence(self, after_resuming: bool) -> str:
        """These names said, e.g. ``Ann and Ben have not seen what was for their eyes yet: after resuming, type
        hand Ann, hand Ben`` (``after_resuming``: said as the game stops; else as it is resumed)."""
        return unseen_sentence(self.names, after_resuming)


def unseen_sentence(names: Sequence[str], after_resuming: bool) -> str:
    """``names`` (one or more) who have not seen their news, and the ``hand NAME`` each types to see it
    (``after_resuming``: said as the game stops, "yet: after resuming, type"; else said on resuming, after "When
    the game stopped,": "had not seen"); "" for nobody."""
    if not names:
        return ""
    hands = ", ".join(tr("hand {name}", name=name) for name in names)
    if len(names) == 1:
        if after_resuming:
            return tr(
                "{name} has not seen what was for {name}'s eyes yet: after resuming, type {hands}",
                name=names[0],
                hands=hands,
            )
        return tr("{name} had not seen what was for {name}'s eyes: type {hands}", name=names[0], hands=hands)
    if after_resuming:
        return tr(
            "{names} have not seen what was for their eyes yet: after resuming, type {hands}",
            names=listing(names),
            hands=hands,
        )
    return tr("{names} had not seen what was for their eyes: type {hands}", names=listing(names), hands=hands)
