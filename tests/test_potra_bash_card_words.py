"""The Russian Bash automa card says "draw" with the word the rules and the screen use for it ("добирает"): its
"берёт карту" / "взятая карта" read as taking a card from the field, which goes to the scoring pile, not onto
the hand pile."""

from __future__ import annotations

import pytest

from printables.pdf import recording
from printables.registry import Options, game_docs


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_russian_bash_automa_card_draws_with_the_rules_word(paper: str) -> None:
    with recording() as pens:
        game_docs("potra-bash").documents["automa"](Options(paper, players=None, pages=1, lang="ru"))
    text = " ".join(" ".join(d.text for d in pen.log) for pen in pens)
    text = " ".join(text.split())
    assert "он добирает карту" in text
    assert "добранная карта" in text
    assert "берёт карту" not in text and "взятая карта" not in text
