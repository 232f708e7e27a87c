"""The words of the tool in English, Russian and French: one catalogue per language (:mod:`ai.words.catalogues`)
and the functions every package speaks through (:mod:`ai.words.i18n`). A leaf: it imports nothing of the tool."""

from ai.words.i18n import (
    LANGS,
    Said,
    chosen_language,
    collecting,
    current,
    default_language,
    english,
    language,
    listing,
    made,
    ptr,
    quoted,
    said,
    tr,
    trn,
    typed_forms,
    typeset,
    untranslated,
)

__all__ = [
    "LANGS",
    "Said",
    "chosen_language",
    "collecting",
    "current",
    "default_language",
    "english",
    "language",
    "listing",
    "made",
    "ptr",
    "quoted",
    "said",
    "tr",
    "trn",
    "typed_forms",
    "typeset",
    "untranslated",
]
