"""Potra Bash's bot levels, in order, for every seat."""

from __future__ import annotations

from ai.levels import Level
from ai.potra_bash.bots.card import rule_bot
from ai.potra_bash.bots.hard import hard
from ai.potra_bash.state import PotraConfig
from ai.protocol import RandomPlayer

LEVELS: tuple[Level[PotraConfig], ...] = (
    Level("random", "plays and takes any legal card", lambda r: RandomPlayer()),
    Level(
        "easy",
        "the priority rules with a 25% chance of a random move",
        lambda r: rule_bot(noise=0.25, name="easy"),
    ),
    Level(
        "normal",
        "the printed bot card: best card for its pile, no set of 3s or 4s, the centre card taken "
        "with a lead, minus cards dumped",
        lambda r: rule_bot(noise=0.0, name="normal"),
    ),
    Level(
        "hard",
        "information-set search (ISMCTS) over deals of the unseen cards, greedy play-outs; bounded by --think",
        hard,
    ),
)
