"""Prohis's bot levels, in order, for every seat."""

from __future__ import annotations

from ai.levels import Level
from ai.prohis.bots.card import TablePlayer, smuggler
from ai.prohis.bots.hard import hard
from ai.prohis.state import ProhisConfig
from ai.protocol import RandomPlayer

LEVELS: tuple[Level[ProhisConfig], ...] = (
    Level("random", "picks any legal move", lambda r: RandomPlayer()),
    Level(
        "easy",
        "the normal bot's card with a 25% chance of a random move",
        lambda r: TablePlayer(smuggler(noise=0.25, name="easy")),
    ),
    Level(
        "normal",
        "the paper bot card (companion print automa prohis): contraband with a lieutenant, the highest "
        "controller forward, bribes and inspections on a die roll, contraband dumped before the end",
        lambda r: TablePlayer(smuggler(noise=0.0, name="normal")),
    ),
    Level(
        "hard",
        "information-set search (ISMCTS) over deals of the unseen cards, bounded by --think",
        hard,
    ),
)
