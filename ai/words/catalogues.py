"""The tool's translations: one gettext catalogue per language, compiled with Babel and shipped with the package.

The catalogues are ``ai/words/locale/<lang>/LC_MESSAGES/messages.po`` (Babel's default domain), the files to
edit; ``python -m ai.words.compile`` compiles each into the ``messages.mo`` beside it, as ``msgfmt`` (or
``pybabel compile``) would: fuzzy and untranslated entries left out. Both ship as package data; a run reads the
``.mo`` as a standard ``gettext`` catalogue whose entries are decoded when first asked for (:mod:`ai.words.mo`;
no Babel, no parsing), and a test fails when a ``.mo`` is not what its ``.po`` compiles to. Without a ``.mo`` (a
catalogue being edited) the ``.po`` is compiled in memory. The message id is the English text itself, so English
needs no catalogue.

Nothing here is about documents or the table: the printables and the table read the same catalogues
(``translations(lang)`` is a standard :class:`gettext.NullTranslations`). A leaf: it imports nothing of the tool.
"""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import gettext

    from babel.messages.catalog import Catalog

#: The languages the tool writes in; the first is the language of the message ids.
LANGS = ("en", "ru", "fr")
DOMAIN = "messages"
LOCALE_DIR = Path(__file__).with_name("locale")


def check(lang: str) -> None:
    """``ValueError`` naming the choices for a language the tool does not write."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose {', '.join(LANGS)}")


def po_path(lang: str) -> Path:
    """The catalogue of ``lang`` (a language with one: not English)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    """The compiled catalogue of ``lang``, beside its ``.po``."""
    return po_path(lang).with_suffix(".mo")


def compiled(lang: str) -> bytes:
    """The ``.mo`` that ``lang``'s ``.po`` compiles to (fuzzy entries are left out, as msgfmt leaves them)."""
    from babel.messages.mofile import write_mo

    mo = io.BytesIO()
    write_mo(mo, read(lang))
    return mo.getvalue()


def read(lang: str) -> Catalog:
    """The catalogue of ``lang`` as Babel reads it (every entry, fuzzy ones included, with their flags)."""
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, the ids are the text)."""
    import gettext  # not at import: an English table never reads a catalogue

    from ai.words.mo import Catalogue

    check(lang)
    if lang == LANGS[0]:
        return gettext.NullTranslations()
    mo = mo_path(lang)
    if mo.exists():
        with mo.open("rb") as file:
            return Catalogue(file)
    return Catalogue(io.BytesIO(compiled(lang)))


def has(lang: str, message: str) -> bool:
    """Whether ``lang``'s compiled catalogue translates ``message`` (a plural by its singular)."""
    table: dict[object, str] = getattr(translations(lang), "_catalog", {})
    return message in table or (message, 0) in table
