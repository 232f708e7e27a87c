"""The language of a document: what the printables add to :mod:`ai.words` (the catalogues and ``tr`` the whole
tool speaks through): :func:`text`, a text about to be drawn, translated unless it already was, and
:func:`remembered`, a layout computation kept per language."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import TypeVar

from ai.words import LANGS, collecting, current, default_language, language, made, tr, trn, typeset
from ai.words.catalogues import has
from ai.words.i18n import _seen

__all__ = [
    "LANGS",
    "collecting",
    "current",
    "default_language",
    "has",
    "language",
    "remembered",
    "text",
    "tr",
    "trn",
    "typeset",
]

_R = TypeVar("_R")


def remembered(fn: Callable[..., _R]) -> Callable[..., _R]:
    """``fn`` remembered per language: for a function whose result depends only on its positional arguments
    and the current language (it passes texts through :func:`tr`), asked the same again and again by the
    layout searches. Callers share the result and must not change it. An argument that cannot be a key (a
    list) is not remembered; nothing is while :func:`collecting` is active, so every message id is asked
    for there."""
    memo: dict[tuple[Hashable, ...], _R] = {}

    @functools.wraps(fn)
    def call(*args: Hashable) -> _R:
        if _seen:
            return fn(*args)
        key = (current(), *args)
        try:
            return memo[key]
        except KeyError:
            pass
        except TypeError:
            return fn(*args)
        value = memo[key] = fn(*args)
        return value

    return call


def text(message: str) -> str:
    """A text about to be laid out or drawn, in the current language: translated unless :func:`tr` made it
    (a sentence built from a template), or it holds no letter (a number, a value). A text the catalogue
    translates is translated even when :func:`tr` once made the same text: a table says a person's input back
    as it was typed ("no bribe"), and a document that prints that phrase as a rule's action still speaks the
    document's language."""
    if not any(map(str.isalpha, message)):
        return message
    if made(message) and not has(current(), message):
        return message
    return tr(message)
