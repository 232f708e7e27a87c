"""RIP's two places are two words in every language, as on the components: a mansion (the place a round is
fought for: "demeure", "особняк") is never called by the word of the manor token ("manoir", "усадьба"), which
the same card uses for the token's kind (a castle round's automa "quitte le manoir" read as nonsense)."""

from __future__ import annotations

import re

import pytest

from ai.words import catalogues

MANOR = {"fr": "manoir", "ru": "усадьб"}


@pytest.mark.parametrize("lang", sorted(MANOR))
def test_a_rip_mansion_is_never_called_a_manor(lang: str) -> None:
    wrong = [
        m.id
        for m in catalogues.read(lang)
        if isinstance(m.id, str)
        and isinstance(m.string, str)
        and re.search(r"\bmansion", m.id, re.IGNORECASE)
        and not re.search(r"\bmanor", m.id, re.IGNORECASE)
        and MANOR[lang] in m.string.lower()
    ]
    assert wrong == []
