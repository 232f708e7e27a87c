"""The tool's translations: one gettext catalogue per language, read with Babel and compiled once per process.

The catalogues are ``printables/locale/<lang>/LC_MESSAGES/messages.po`` (Babel's default domain), the only files
to edit; they ship as package data and are compiled in memory when first asked for, as ``msgfmt`` (or
``pybabel compile``) would compile them: fuzzy and untranslated entries left out. No compiled ``.mo`` is kept
beside them to fall out of step. The message id is the English text itself, so English needs no catalogue.

Nothing here is about documents: any package of the tool may load the same catalogues (``translations(lang)``
is a standard :class:`gettext.NullTranslations`).
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


def read(lang: str) -> Catalog:
    """The catalogue of ``lang`` as Babel reads it (every entry, fuzzy ones included, with their flags)."""
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, the ids are the text)."""
    check(lang)
    if lang == LANGS[0]:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    mo = io.BytesIO()
    write_mo(mo, read(lang))  # fuzzy entries are left out, as msgfmt leaves them
    mo.seek(0)
    return gettext.GNUTranslations(mo)


def has(lang: str, message: str) -> bool:
    """Whether ``lang``'s compiled catalogue translates ``message`` (a plural by its singular)."""
    table: dict[object, str] = getattr(translations(lang), "_catalog", {})
    return message in table or (message, 0) in table
