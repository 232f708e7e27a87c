"""Every game's folder has the same layout, so that a person who knows one game's folder knows all five: the
same modules under the same names, the bots in ``bots/``, and no second implementation of a rule beside the
engine (``fast_*``, ``work``, ``policy``, ``search_view``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.games import MODULES, get

AI = Path(__file__).resolve().parent.parent / "ai"
GAMES = ("propuh", "rip", "potra_bash", "prudh", "prohis")
#: The modules of every game (see docs/layout.md).
EVERY_GAME = {
    "__init__",
    "components",
    "state",
    "engine",
    "rules",
    "notation",
    "steps",
    "score",
    "display",
    "game",
    "bots/__init__",
    "bots/card",
    "bots/hard",
    "bots/exploiters",
}
#: A game of hidden cards has an observation (what a seat may know) and a searching bot that plays out on the
#: engine; Prudh, of perfect information and searched by alpha-beta, has neither.
HIDDEN_CARDS = {"observation", "bots/playout"}
#: What one game has that the others do not, each a concept of that game alone.
OWN = {
    "propuh": {"bots/automaton", "bots/foresight"},  # the official solo automaton; Granny's solo look-ahead
    "rip": {
        "effects",
        "secret",
        "record",
        "bots/automa",
    },  # psychic effects; a person's secret cards; what the table saw; the paper automa
    "potra_bash": {"bots/automa"},  # the paper automa (a face-down hand pile)
    "prudh": {"perft", "record"},  # move counts (the move generator's regression data); what the table saw
    "prohis": {
        "odds",
        "record",
        "bots/automa",
    },  # the normal card's die odds; what the table saw; the paper automa
}


def modules(game: str) -> set[str]:
    folder = AI / game
    return {str(p.relative_to(folder).with_suffix("")) for p in folder.rglob("*.py")}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_folder_has_the_same_modules(game: str) -> None:
    expected = EVERY_GAME | OWN[game] | (set() if game == "prudh" else HIDDEN_CARDS)
    assert modules(game) == expected


@pytest.mark.parametrize("name", list(MODULES))
def test_every_game_has_the_same_entry_points(name: str) -> None:
    game = get(name)
    levels = __import__(MODULES[name].rsplit(".", 1)[0] + ".bots", fromlist=["LEVELS"]).LEVELS
    for seat in range(len(game.info.seat_names) or 1):
        assert list(game.bots(seat)) == [level.name for level in levels if level.plays(seat)]
        assert {"random", "easy", "normal", "hard"} <= set(game.bots(seat))
