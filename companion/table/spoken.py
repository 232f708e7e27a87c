"""The language a game is played in, kept in the saved game.

A game saves the language of the table that starts it (``lang`` in its options) and is continued in it: a
Russian game resumed on a machine whose locale speaks English goes on in Russian, and the command shown to
continue it is the plain one. A resume line that names a language (``--lang fr``) speaks that one, and the
game goes on in it from then on (saved again): the command the stopped table is shown then continues it in the
language the table last spoke. A game saved without a language (before the tool kept it) speaks the command
line's, as every command not tied to one game does (``--lang``, ``COMPANION_LANG``, the locale).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ai.words import LANGS, current
from companion.saves.store import SessionRecord, Store

#: The key in a game's options: the language the game is played in (absent: saved before it was kept).
LANG = "lang"


def with_language(options: dict[str, Any] | None) -> dict[str, Any]:
    """A new game's options with the table's language."""
    return {**(options or {}), LANG: current()}


def saved_language(record: SessionRecord) -> str | None:
    """The language saved with the game; ``None`` for none, or for one this companion does not speak."""
    lang = record.options.get(LANG)
    return lang if isinstance(lang, str) and lang in LANGS else None


def continued_in(record: SessionRecord, named: bool) -> str:
    """The language a saved game is continued in: the one the command line ``named`` (``--lang``), else the
    game's own, else the command line's (``COMPANION_LANG``, the locale)."""
    saved = saved_language(record)
    return current() if named or saved is None else saved


def goes_on_in_this(store: Store, record: SessionRecord) -> SessionRecord:
    """The game goes on in the language spoken now (a resume line named it): saved with the game when another
    or none was, and the record as it now is."""
    lang = current()
    if saved_language(record) == lang:
        return record
    store.set_option(record.id, LANG, lang)
    return replace(record, options={**record.options, LANG: lang})
