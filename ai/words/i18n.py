"""Every sentence the tool says or prints, in the language of the table: English, Russian or French.

A message is written in English as one whole sentence with named fields and passed through :func:`tr`:
``tr("{name} plays {card}.", name=…, card=…)``. The English text is its id in the catalogues
(:mod:`ai.words.catalogues`), so English needs none, and a sentence is never glued from translated pieces (word
order differs: "карту {card} играет {name}"). A field that is itself a word (a location, a card, a family) is
passed translated: ``place=tr("Stove")``. Counts go through :func:`trn` (Russian has three plural forms) and
lists through :func:`listing`. The words are those printed on each edition's components
(``/work/shared/glossary.md``): RIP in Russian (особняк, усадьба, замок…), Prohis in French (entrepôt, convoi…).

The language is a context, not an argument: the command line sets it once (``--lang``, ``COMPANION_LANG``, the
locale: :func:`chosen_language`) with :func:`language`, and everything below speaks in it. A program's facts
(``--json`` fields, saved games) never go through here: they stay English.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar

from ai.words.catalogues import LANGS, check, has, translations

__all__ = [
    "LANGS",
    "Said",
    "as_typed",
    "chosen_language",
    "collecting",
    "current",
    "default_language",
    "english",
    "language",
    "listing",
    "made",
    "number",
    "ptr",
    "quoted",
    "said",
    "tr",
    "trn",
    "typed_forms",
    "typeset",
    "untranslated",
]

_language: ContextVar[str] = ContextVar("language", default=LANGS[0])
#: While :func:`collecting` is active, every message id asked for is added here (to write the template).
_seen: list[set[str]] = []
#: While :func:`untranslated` is active, every message id asked for in a language whose catalogue lacks it.
_missing: list[set[str]] = []
#: Per language, the texts :func:`tr` made from a template or translated (:func:`made`).
_outputs: dict[str, set[str]] = {lang: set() for lang in LANGS}
#: Per language, each message without values and its text (asked once of the catalogue, typeset once).
_plain: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}


def current() -> str:
    """The language the tool speaks here: ``en``, ``ru`` or ``fr``."""
    return _language.get()


@contextlib.contextmanager
def language(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block (``ValueError`` for a language the tool does not speak)."""
    check(lang)
    token = _language.set(lang)
    try:
        yield
    finally:
        _language.reset(token)


def _asked(message: str, lang: str) -> None:
    for seen in _seen:
        seen.add(message)
    if _missing and lang != LANGS[0] and not has(lang, message):
        for missing in _missing:
            missing.add(message)


class Said(str):
    """A text said in Russian or French that can be said again in English (:func:`english`): a program's facts
    stay English (``--json``'s fields, a saved game's record) while the screen speaks the table's language."""

    again: Callable[[], str]


def said(text: str, again: Callable[[], str]) -> Said:
    """``text``, made in the table's language, with the way to make it again (``again``, called in English by
    :func:`english`): for a text made without :func:`tr`, as a number written in the language's groups."""
    out = Said(text)
    out.again = again
    return out


def english(text: str) -> str:
    """``text`` as English says it: a :class:`Said` made again in English, its fields too; any other text as it
    is (English already, or a name, or notation)."""
    if not isinstance(text, Said):
        return text
    token = _language.set(LANGS[0])
    try:
        return str(text.again())
    finally:
        _language.reset(token)


def _english_values(values: dict[str, object]) -> dict[str, object]:
    return {k: english(v) if isinstance(v, Said) else v for k, v in values.items()}


def _in_english(out: str) -> str:
    """A sentence made here in English: remembered while ids are collected, so that the one collecting does not
    count it as an id."""
    if _seen:
        _outputs[LANGS[0]].add(out)
    return out


def _made(lang: str, out: str, again: Callable[[], str]) -> Said:
    """A sentence made here in ``lang`` (filled, then typeset), with the way to make it again in English; remembered
    as made, so that it is not translated again."""
    made = said(typeset(lang, out), again)
    _outputs[lang].add(made)
    return made


def tr(message: str, **values: object) -> str:
    """``message`` in the current language, its ``{names}`` filled from ``values``."""
    lang = _language.get()
    if _seen or _missing:
        _asked(message, lang)
    if lang == LANGS[0]:
        return _in_english(message.format(**values)) if values else message
    if not values:
        done = _plain[lang].get(message)
        if done is not None:
            return done
    out = translations(lang).gettext(message) if message else message
    if values:
        out = out.format(**values)
    out = said(typeset(lang, out), lambda: tr(message, **_english_values(values)))
    if values or out != message:
        _outputs[lang].add(out)
    if not values:
        _plain[lang][message] = out
    return out


def trn(singular: str, plural: str, n: int, **values: object) -> str:
    """``singular`` or ``plural`` by ``n`` and the language's plural rule, ``{n}`` and ``values`` filled in:
    ``trn("{n} manor", "{n} manors", 4)``."""
    lang = _language.get()
    if _seen or _missing:
        _asked(singular, lang)
    if lang == LANGS[0]:
        return _in_english((singular if n == 1 else plural).format(n=n, **values))
    return _made(
        lang,
        translations(lang).ngettext(singular, plural, n).format(n=n, **values),
        lambda: trn(singular, plural, n, **_english_values(values)),
    )


def ptr(context: str, message: str, **values: object) -> str:
    """``message`` in the current language under ``context`` (gettext's ``pgettext``), its ``{names}`` filled from
    ``values`` as :func:`tr` fills them: the same English words may translate differently as a thing typed
    (``input``) and as a thing shown, or where the language declines a name (``undone``: Russian names the seat
    in parentheses, as its name cannot take the case the sentence needs)."""
    lang = _language.get()
    key = f"{context}\x04{message}"
    if _seen or _missing:
        _asked(key, lang)
    if lang == LANGS[0]:
        return _in_english(message.format(**values)) if values else message
    out = translations(lang).pgettext(context, message)
    if not values:
        return said(out, lambda: message)
    return _made(lang, out.format(**values), lambda: ptr(context, message, **_english_values(values)))


def typed_forms(word: str) -> tuple[str, ...]:
    """What a person at a table of the current language may type for the English input word ``word`` (a
    location, a command), besides ``word`` itself: the catalogue's entry under the ``input`` context, its
    forms separated by ``|`` (``"печь|печка"``), in lower case. English adds none."""
    if _language.get() == LANGS[0] and not _seen and not _missing:
        return ()
    forms = ptr("input", word)
    if forms == word:
        return ()
    return tuple(form.strip().lower() for form in forms.split("|") if form.strip())


def as_typed(move: str) -> str:
    """``move``, in the notation (``pass``, ``2 more``, ``yes``), as a person at a table of the current language
    types it: each English word with long forms in the catalogue's ``input`` entries in its first form
    (``passe``, ``2 encore``, ``да``); cards, squares and numbers as they are. English is ``move`` itself; a
    program's facts take it back with :func:`english`."""
    lang = _language.get()
    if lang == LANGS[0]:
        return move
    words = []
    for word in move.split(" "):
        forms = typed_forms(word) if word.isalpha() and has(lang, f"input\x04{word}") else ()
        words.append(forms[0] if forms else word)
    return said(" ".join(words), lambda: move)


def listing(items: Iterable[str]) -> str:
    """Items in a sentence, the last two joined by the language's "and": ``Ann, Ben and Cy``, ``Ann, Ben и Cy``,
    ``Ann, Ben et Cy``."""
    words = list(items)
    if len(words) < 2:
        return words[0] if words else ""
    joined = tr("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])
    if isinstance(joined, Said):
        return said(joined, lambda: listing([english(w) for w in words]))
    return joined


def quoted(text: str) -> str:
    """What a person typed, quoted back inside a sentence as the language quotes: ``'b3 x'`` in English (its
    ``repr``), «b3 x» in Russian, « b3 x » in French."""
    lang = _language.get()
    if lang == LANGS[0]:
        return repr(text)
    return f"«\u00a0{text}\u00a0»" if lang == "fr" else f"«{text}»"


def made(text: str, lang: str | None = None) -> bool:
    """Whether :func:`tr` made ``text`` in ``lang`` (the current language by default): a translated or filled
    sentence, not to be translated again."""
    return text in _outputs[lang or _language.get()]


#: A group of three digits after a space (``5 000``), and in French a ``;`` with its space before it (``a ; b``,
#: also ``a; b`` from a list an engine joined), a ``:``, ``?`` or ``!`` after a space, and the insides of « »; an entity
#: (``&amp;``) is matched first and left alone.
_GROUP = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")
_FRENCH = re.compile(r"&#?\w+;|[ \u00a0]?;(?= )| :| \?| !|« | »")
#: French «de» and «que» before a name or a card that starts with a vowel (a field: «Ann», «Inspecteur»),
#: elided: «d'Ann», «qu'Ann».
_ELIDED = re.compile(r"\b([Dd]|[Qq]u)e (?=[AEIOUÉÈÊÂÎÔ][a-zà-ÿ])")
#: A percentage as Python writes it (``67.6%``, ``95 %``): French writes ``67,6 %`` (a comma, a no-break space).
_PERCENT = re.compile(r"(\d)(?:\.(\d+))?[ \u00a0]?%")
_NBSP_AT = {";": "\u00a0;", ":": "\u00a0:", "?": "\u00a0?", "!": "\u00a0!", "«": "«\u00a0", "»": "\u00a0»"}


def typeset(lang: str, text: str) -> str:
    """``text`` with no-break spaces where a line must not break in ``lang``: inside a number written in groups
    of three (a number cut at the end of a line is read as two: "Inspecteur 5⏎000") and, in French, before
    ``;``, ``:``, ``?`` and ``!`` and inside « » (no line opens with ``;``, ``?`` or ``»``); a ``;`` with no
    space before it gets one; a percentage gets its decimal comma (Russian ``67,6%``, French ``67,6 %``), and
    «de» and «que» before a capitalised word that starts with a vowel (a name given as a field) are elided
    (``d'Ann``, ``qu'Ann``)."""
    if lang == LANGS[0]:
        return text
    text = _GROUP.sub("\u00a0", text)
    sign = "\u00a0%" if lang == "fr" else "%"
    text = _PERCENT.sub(lambda m: m[1] + ("," + m[2] if m[2] else "") + sign, text)
    if lang == "fr":
        text = _ELIDED.sub(r"\1'", text)
        text = _FRENCH.sub(
            lambda m: m.group(0) if m.group(0)[0] == "&" else _NBSP_AT[m.group(0).strip()], text
        )
    return text


def number(text: str) -> str:
    """Numbers written as Python writes them (``2,361.5``, ``67.6%``) as the table's language writes them:
    ``2 361,5`` and ``67,6%`` in Russian, ``2 361,5`` and ``67,6 %`` in French (where ``2,361`` would read as two
    and a bit): for a table's cell, which is not a sentence :func:`tr` typesets. Said again in English
    (:func:`english`), it is ``text``."""
    lang = _language.get()
    if lang == LANGS[0]:
        return text
    return said(typeset(lang, text.replace(",", "\u00a0").replace(".", ",")), lambda: text)


@contextlib.contextmanager
def collecting() -> Iterator[set[str]]:
    """Collect the message ids asked for inside the ``with`` block."""
    seen: set[str] = set()
    _seen.append(seen)
    try:
        yield seen
    finally:
        _seen.remove(seen)


@contextlib.contextmanager
def untranslated() -> Iterator[set[str]]:
    """Collect the message ids asked for inside the ``with`` block in a language whose catalogue has no entry
    for them (a context's id as ``context\\x04message``): what a table in that language would read in English."""
    missing: set[str] = set()
    _missing.append(missing)
    try:
        yield missing
    finally:
        _missing.remove(missing)


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), English otherwise."""
    env: Mapping[str, str] = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            for part in value.split(":"):
                code = part.split("_")[0].split(".")[0].lower()
                if code in LANGS:
                    return code
            return LANGS[0]
    return LANGS[0]


def chosen_language(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The table's language: ``flag`` (``--lang``), else ``COMPANION_LANG``, else the locale's; ``ValueError``
    naming the choices for one the tool does not speak."""
    env: Mapping[str, str] = os.environ if environ is None else environ
    lang = (flag or env.get("COMPANION_LANG", "") or default_language(env)).strip().lower()
    check(lang)
    return lang
