"""A move shown in the words a person at a Russian or French table types (``ai.words.as_typed``: ``passe``,
``да``, ``1 encore``) reads back as the same move, in every game: what a hint says can be typed as it is."""

from __future__ import annotations

import random

import pytest

from ai import games
from ai.protocol import InputError
from ai.words import as_typed, language


@pytest.mark.parametrize("name", games.names())
def test_every_legal_move_in_the_tables_words_reads_back_as_itself(name: str) -> None:
    game = games.get(name)
    unread: list[tuple[str, str, str]] = []
    words = 0
    for seed in range(3):
        state = game.initial_state(game.default_config(), seed)
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over(state):
                break
            legal = list(game.legal_actions(state))
            for action in legal:
                move = game.format_action(state, action)
                for lang in ("ru", "fr"):
                    with language(lang):
                        shown = as_typed(move)
                        if shown == move:
                            continue
                        words += 1
                        try:
                            same = game.parse_action(state, shown) == action
                        except InputError:
                            same = False
                    if not same:
                        unread.append((lang, move, shown))
            state = game.apply(state, rng.choice(legal))
    assert unread == []
    if name != "prudh":  # squares and compass letters only: nothing to say in other words
        assert words > 0


def test_english_and_the_notation_stay_as_they_are() -> None:
    with language("en"):
        assert as_typed("2 more") == "2 more"
    with language("fr"):
        assert as_typed("b3 t") == "b3 t" and as_typed("c3-d4") == "c3-d4"
        assert as_typed("2 more") == "2 encore"
    with language("ru"):
        assert as_typed("yes") == "да"
