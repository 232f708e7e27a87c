"""The language of a document: English, Russian or French, from the tool's gettext catalogues.

The printables write their text in English and pass every sentence through :func:`tr`; the translations are
data, read from :mod:`printables.catalogues` (one catalogue per language, shared with the rest of the tool).
The message id is the English text itself, so text read from an engine (a bot's rule, a goal, a psychic card)
is translated by the same catalogue, and a sentence with numbers is a template: ``tr("Deal {n} cards.", n=2)``.

The words are those printed on each edition's components (``/work/shared/glossary.md``): RIP in Russian
(особняк, усадьба, замок, карта экстрасенса…), Prohis in French (entrepôt, convoi, pot-de-vin, Capitaine…);
Granny and Propuh keep their printed names.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import os
import re
from collections.abc import Callable, Hashable, Iterator
from typing import TypeVar

from printables.catalogues import LANGS, has, translations

__all__ = ["LANGS", "has"]

#: Per language, the texts :func:`tr` produced: :func:`text` leaves them alone (already translated).
_outputs: dict[str, set[str]] = {lang: set() for lang in LANGS}
_current: list[str] = ["en"]
#: While :func:`collecting` is active, every message id asked for is added here (to write the template).
_seen: list[set[str]] = []
#: Per language, each message without values and its text (:func:`tr` asks the catalogue and typesets once).
_plain: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}


def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, the ids are the text)."""
    return translations(lang)


def current() -> str:
    return _current[-1]


@contextlib.contextmanager
def language(lang: str) -> Iterator[None]:
    """Write in ``lang`` inside the ``with`` block."""
    catalogue(lang)
    _current.append(lang)
    try:
        yield
    finally:
        _current.pop()


@contextlib.contextmanager
def collecting() -> Iterator[set[str]]:
    """Collect the message ids asked for inside the ``with`` block."""
    seen: set[str] = set()
    _seen.append(seen)
    try:
        yield seen
    finally:
        _seen.remove(seen)


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
        key = (_current[-1], *args)
        try:
            return memo[key]
        except KeyError:
            pass
        except TypeError:
            return fn(*args)
        value = memo[key] = fn(*args)
        return value

    return call


def tr(message: str, **values: object) -> str:
    """``message`` in the current language, its ``{names}`` filled from ``values``."""
    for seen in _seen:
        seen.add(message)
    lang = current()
    if not values:
        done = _plain[lang].get(message)
        if done is not None:
            return done
    out = catalogue(lang).gettext(message) if message else message
    if values:
        out = out.format(**values)
    out = typeset(lang, out)
    if values or out != message:  # a text made here, not a message id: :func:`text` leaves it alone
        _outputs[lang].add(out)
    if not values:
        _plain[lang][message] = out
    return out


#: A group of three digits after a space (``5 000``), and in French a ``;`` with its space before it (``a ; b``,
#: also ``a; b`` from a list an engine joined), a ``:`` after a space, and the insides of « »; an entity
#: (``&amp;``) is matched first and left alone.
_GROUP = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")
_FRENCH = re.compile(r"&#?\w+;|[ \u00a0]?;(?= )| :|« | »")


def typeset(lang: str, text: str) -> str:
    """``text`` with no-break spaces where a line must not break in ``lang``: inside a number written in groups
    of three (a number cut at the end of a line is read as two: "Inspecteur 5⏎000") and, in French, before
    ``;`` and ``:`` and inside « » (no line opens with ``;`` or ``»``); a ``;`` with no space before it gets
    one."""
    if lang == "en":
        return text
    text = _GROUP.sub("\u00a0", text)
    if lang == "fr":
        text = _FRENCH.sub(
            lambda m: m.group(0) if m.group(0)[0] == "&" else _NBSP_AT[m.group(0).strip()], text
        )
    return text


_NBSP_AT = {";": "\u00a0;", ":": "\u00a0:", "«": "«\u00a0", "»": "\u00a0»"}


def trn(singular: str, plural: str, n: int, **values: object) -> str:
    """``singular`` or ``plural`` by ``n`` (and by the language's plural rule), ``{n}`` and ``values``
    filled in: ``trn("{n} manor", "{n} manors", 4)``."""
    for seen in _seen:
        seen.add(singular)
    lang = current()
    out = typeset(lang, catalogue(lang).ngettext(singular, plural, n).format(n=n, **values))
    _outputs[lang].add(out)  # always made here (``{n}`` filled in)
    return out


def text(message: str) -> str:
    """A text about to be laid out or drawn, in the current language: translated unless :func:`tr` made it
    (a sentence built from a template), or it holds no letter (a number, a value)."""
    if message in _outputs[current()] or not any(map(str.isalpha, message)):
        return message
    return tr(message)


def default_language(environ: dict[str, str] | None = None) -> str:
    """The language of the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), English otherwise."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            for part in value.split(":"):
                code = part.split("_")[0].split(".")[0].lower()
                if code in LANGS:
                    return code
            return "en"
    return "en"
