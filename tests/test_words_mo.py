"""A compiled catalogue read as its entries are asked for (``ai.words.mo``) says what the standard library's
``gettext`` says of the same file: every key, every translation, plural forms by the header's rule, contexts."""

from __future__ import annotations

import gettext
import io
import struct

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.words import catalogues
from ai.words.mo import Catalogue


def _agree(data: bytes, ids: list[tuple[str | None, str | tuple[str, str]]]) -> None:
    theirs = gettext.GNUTranslations(io.BytesIO(data))
    ours = Catalogue(io.BytesIO(data))
    assert ours._info == theirs._info  # type: ignore[attr-defined]
    for context, message in ids:
        if isinstance(message, tuple):
            for n in (0, 1, 2, 5, 11, 21, 101):
                if context is None:
                    assert ours.ngettext(*message, n) == theirs.ngettext(*message, n)
                else:
                    assert ours.npgettext(context, *message, n) == theirs.npgettext(context, *message, n)
            joined = "\0".join(message)  # the file's own key of a plural entry is not a key of the catalogue
            assert ours._catalog.get(joined) == theirs._catalog.get(joined)  # type: ignore[attr-defined]
            message = message[0]
        if context is None:
            assert ours.gettext(message) == theirs.gettext(message)
        else:
            assert ours.pgettext(context, message) == theirs.pgettext(context, message)
    # every key alone, then all of them at once
    fresh = Catalogue(io.BytesIO(data))
    expected: dict[object, str] = theirs._catalog  # type: ignore[attr-defined]
    assert {key: fresh._catalog[key] for key in expected} == expected  # type: ignore[attr-defined]
    assert dict(ours._catalog) == expected  # type: ignore[attr-defined]
    assert len(ours._catalog) == len(expected)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", catalogues.LANGS[1:])
def test_a_shipped_catalogue_reads_as_gettext_reads_it(lang: str) -> None:
    data = catalogues.mo_path(lang).read_bytes()
    catalog = catalogues.read(lang)
    ids = [(m.context, m.id if isinstance(m.id, str) else (m.id[0], m.id[1])) for m in catalog if m.id]
    assert len(ids) > 1000
    _agree(
        data, [*ids, (None, "no such message"), (None, ("no such one", "no such ones")), ("input", "nothing")]
    )


def _big_endian(data: bytes) -> bytes:
    """The same ``.mo`` in the other byte order (as written on a big-endian machine)."""
    entries = struct.unpack_from("<I", data, 8)[0]
    words = 7 + 4 * entries
    return struct.pack(f">{words}I", *struct.unpack_from(f"<{words}I", data)) + data[4 * words :]


_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)


@given(
    entries=st.dictionaries(
        st.tuples(st.sampled_from([None, "input", "seat"]), _text, st.booleans()),
        st.tuples(_text, _text, _text),
        max_size=12,
    ),
    other_order=st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_any_catalogue_reads_as_gettext_reads_it(
    entries: dict[tuple[str | None, str, bool], tuple[str, str, str]], other_order: bool
) -> None:
    catalog = Catalog(locale="ru", domain="messages")  # its header gives Russian's three plural forms
    ids: list[tuple[str | None, str | tuple[str, str]]] = []
    for (context, message, plural), forms in entries.items():
        if plural:
            catalog.add((message, message + "s"), forms, context=context)
            ids.append((context, (message, message + "s")))
        else:
            catalog.add(message, forms[0], context=context)
            ids.append((context, message))
    out = io.BytesIO()
    write_mo(out, catalog)
    data = out.getvalue()
    _agree(_big_endian(data) if other_order else data, ids)
