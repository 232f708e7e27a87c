"""A compiled catalogue (a ``.mo`` file) whose translations are decoded when first asked for.

:class:`Catalogue` is a standard :class:`gettext.GNUTranslations` (``gettext``, ``ngettext``, ``pgettext``, the
header's plural rule and charset, ``_catalog`` as a mapping of the same keys and values), but reading it makes
only an index of its message ids, as bytes, in one pass of the standard library's own loops; an entry's
translation is decoded the first time it is asked for. A table asks for a few dozen of a catalogue's thousands
of entries before its first prompt: decoding them all there would be most of what a language adds to the start.
A file in the other byte order is read as the standard library reads it.
"""

from __future__ import annotations

import gettext
import io
import struct
from collections.abc import Iterator, Mapping
from itertools import count
from operator import add
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gettext import _TranslationsReader

__all__ = ["Catalogue"]

#: The start of a ``.mo`` file: magic, version, number of entries, offsets of the ids' and translations' tables.
_HEAD = struct.Struct("=5I")


class Catalogue(gettext.GNUTranslations):
    """The translations of one compiled catalogue, read from its bytes as they are asked for."""

    def _parse(self, fp: _TranslationsReader) -> None:
        data = fp.read()
        head = _HEAD.unpack_from(data) if len(data) >= _HEAD.size else (0,) * 5
        magic, version, entries, ids_at, strings_at = head
        if magic != self.LE_MAGIC or version >> 16 not in self.VERSIONS or not entries:
            super()._parse(io.BytesIO(data))  # the other byte order (or not a catalogue: its error)
            return
        ids = _table(data, ids_at, entries)
        strings = _table(data, strings_at, entries)
        if max(map(add, *ids)) >= len(data) or max(map(add, *strings)) >= len(data):
            raise OSError(0, "File is corrupt", getattr(fp, "name", ""))
        index = dict(zip(map(data.__getitem__, map(slice, ids[1], map(add, *ids))), count()))
        header = index.get(b"")
        # the charset and the plural rule (or the default one), as the standard library reads a header
        super()._parse(io.BytesIO(_header_only(b"" if header is None else _string(data, strings, header))))
        self._catalog = _Entries(data, index, strings, getattr(self, "_charset", None) or "ascii")


def _table(data: bytes, at: int, entries: int) -> tuple[memoryview, memoryview]:
    """A table of the file: its strings' lengths and their offsets (native order, as the magic was read)."""
    table = memoryview(data)[at : at + 8 * entries].cast("I")
    return table[0::2], table[1::2]


def _string(data: bytes, table: tuple[memoryview, memoryview], entry: int) -> bytes:
    length, offset = table[0][entry], table[1][entry]
    return data[offset : offset + length]


def _header_only(header: bytes) -> bytes:
    """A ``.mo`` file holding only the header entry (its id empty, its translation ``header``)."""
    ids_at, strings_at, ids = 28, 36, 44
    return (
        struct.pack("<7I", gettext.GNUTranslations.LE_MAGIC, 0, 1, ids_at, strings_at, 0, 0)
        + struct.pack("<4I", 0, ids, len(header), ids + 1)
        + b"\0"
        + header
        + b"\0"
    )


class _Entries(Mapping[object, str]):
    """A catalogue's entries under the keys :class:`gettext.GNUTranslations` gives them (an id; ``(id, form)``
    for a plural entry; a context's id as ``context\\x04id``), each translation decoded once, when first asked."""

    def __init__(
        self, data: bytes, index: dict[bytes, int], strings: tuple[memoryview, memoryview], charset: str
    ) -> None:
        self._data, self._index, self._strings, self._charset = data, index, strings, charset
        self._read: dict[object, str] = {}
        self._plurals: dict[str, int] | None = None

    def __getitem__(self, key: object) -> str:
        read = self._read.get(key)
        if read is not None:
            return read
        if isinstance(key, str) and "\0" not in key:
            entry = self._index.get(key.encode(self._charset))
            if entry is None:
                raise KeyError(key)
            said = self._decoded(entry)
        elif isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str) and isinstance(key[1], int):
            entry = self._plural_entries().get(key[0])
            forms = self._decoded(entry).split("\0") if entry is not None else []
            if not 0 <= key[1] < len(forms):
                raise KeyError(key)
            said = forms[key[1]]
        else:
            raise KeyError(key)
        self._read[key] = said
        return said

    def __iter__(self) -> Iterator[object]:
        for raw, entry in self._index.items():
            if b"\0" in raw:
                forms = self._decoded(entry).count("\0") + 1
                singular = raw.split(b"\0")[0].decode(self._charset)
                yield from ((singular, form) for form in range(forms))
            else:
                yield raw.decode(self._charset)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def _decoded(self, entry: int) -> str:
        return _string(self._data, self._strings, entry).decode(self._charset)

    def _plural_entries(self) -> dict[str, int]:
        """Each plural entry by its singular id (made at the first plural asked for: a few of the entries)."""
        if self._plurals is None:
            self._plurals = {
                raw.split(b"\0")[0].decode(self._charset): entry
                for raw, entry in self._index.items()
                if b"\0" in raw
            }
        return self._plurals
