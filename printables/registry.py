"""Which documents each game has, and building them.

A game's printables live in ``printables/games/<game>.py`` and read everything they print from the game's
engine (``ai/<game>/``). A game whose engine is not there yet has no documents: it is "not available yet",
and nothing is retyped in its place.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass

from printables import i18n

#: Game name -> (printables module, engine package).
GAMES: dict[str, tuple[str, str]] = {
    "propuh": ("printables.games.propuh", "ai.propuh"),
    "rip": ("printables.games.rip", "ai.rip"),
    "potra-bash": ("printables.games.potra_bash", "ai.potra_bash"),
    "prudh": ("printables.games.prudh", "ai.prudh"),
    "prohis": ("printables.games.prohis", "ai.prohis"),
}
#: Document kinds, in the order ``all`` prints them.
KINDS = ("rules", "aid", "scorepad", "automa")
KIND_TITLES = {
    "rules": "rule reference",
    "aid": "player aids",
    "scorepad": "score pad",
    "automa": "automa card",
}


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    players: int | None = None
    pages: int = 1
    lang: str = "en"
    #: Prohis: print the French summary's values (``companion print --seed-values``).
    seed_values: bool = False


#: The games whose documents read ``Options.seed_values``.
SEED_VALUE_GAMES = ("prohis",)


Builder = Callable[[Options], bytes]


class NotAvailable(Exception):
    """The game's engine (or the data its printables need) is not there yet."""


@dataclass(frozen=True)
class GameDocs:
    name: str
    title: str
    documents: dict[str, Builder]
    players: tuple[int, int, int] | None  # min, max, default for the score pad; None: no player count

    def players_for(self, requested: int | None) -> int | None:
        """The player count a pad is drawn for; ``ValueError`` if the game cannot take ``requested``."""
        if self.players is None:
            if requested is not None:
                raise ValueError(f"the {self.title} score pad has no player count")
            return None
        low, high, default = self.players
        if requested is None:
            return default
        if not low <= requested <= high:
            span = str(low) if low == high else f"{low}–{high}"
            raise ValueError(f"{self.title} is for {span} players, not {requested}")
        return requested


def engine_fault(exc: BaseException) -> bool:
    """Whether ``exc`` comes from a game engine (``ai/``) rather than from the printables: a missing engine
    module or name, or an error raised inside the engine's code."""
    if isinstance(exc, ImportError) and (exc.name or "").startswith("ai."):
        return True
    if isinstance(exc, SyntaxError):
        return f"{os.sep}ai{os.sep}" in (exc.filename or "")
    tb = exc.__traceback__
    last = ""
    while tb is not None:
        last = tb.tb_frame.f_code.co_filename
        tb = tb.tb_next
    return f"{os.sep}ai{os.sep}" in last


def game_docs(name: str) -> GameDocs:
    """The documents of ``name``; ``KeyError`` for an unknown game, ``NotAvailable`` if not built yet."""
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}; choose from {', '.join(GAMES)} or all")
    module_name, engine = GAMES[name]
    if importlib.util.find_spec(engine) is None or importlib.util.find_spec(module_name) is None:
        raise NotAvailable(f"{name}: not available yet (its engine is not built)")
    try:
        module = importlib.import_module(module_name)
        documents = module.documents() if hasattr(module, "documents") else module.DOCUMENTS
    except Exception as exc:
        if not engine_fault(exc):
            raise  # a bug in the printables themselves: loud
        # an engine being built may not import yet: say so, never a traceback
        raise NotAvailable(f"{name}: not available yet ({type(exc).__name__}: {exc})") from exc
    return GameDocs(name, module.TITLE, {k: in_language(b) for k, b in documents.items()}, module.PLAYERS)


def in_language(builder: Builder) -> Builder:
    """``builder`` writing in the language of its options."""

    def build(options: Options) -> bytes:
        with i18n.language(options.lang):
            return builder(options)

    build.__doc__ = builder.__doc__
    return build


def filename(game: str, kind: str, paper: str, lang: str = "en", seed_values: bool = False) -> str:
    """ "propuh-rules-a4.pdf"; another language than English adds its code: "propuh-rules-a4-ru.pdf"; Prohis
    with the French summary's values says so: "prohis-rules-seed-values-a4.pdf"."""
    if seed_values and game in SEED_VALUE_GAMES:
        kind = f"{kind}-seed-values"
    return f"{game}-{kind}-{paper}.pdf" if lang == "en" else f"{game}-{kind}-{paper}-{lang}.pdf"
