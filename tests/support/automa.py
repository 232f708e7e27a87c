"""The config of a table whose seat 0 is a game's paper automa (the others people), as the table makes it."""

from __future__ import annotations

from typing import Any


def automa_config(engine: Any) -> Any:
    """``engine``'s default config with seat 0 played by its ``automa`` level (``seat_levels`` marks it)."""
    config = engine.default_config()
    seats = engine.num_players(engine.initial_state(config, 0))
    return engine.seat_levels(config, ["automa"] + [None] * (seats - 1))
