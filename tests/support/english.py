"""Words only English uses: a line of a Russian or French screen holding one was not translated (the table's
proof, tests/test_languages.py, and the command line's)."""

from __future__ import annotations

import re

#: Words only English uses (none is French or Russian, none is a name or a notation): a line holding one was
#: not translated. Game terms kept in every language (Granny, Propuh, RIP) are not here.
ENGLISH = frozenset(
    [
        "the",
        "and",
        "your",
        "you",
        "with",
        "from",
        "this",
        "that",
        "what",
        "which",
        "when",
        "where",
        "who",
        "turn",
        "turns",
        "plays",
        "played",
        "takes",
        "took",
        "card",
        "cards",
        "game",
        "games",
        "round",
        "rounds",
        "hand",
        "hands",
        "wins",
        "won",
        "must",
        "cannot",
        "can't",
        "will",
        "would",
        "has",
        "have",
        "had",
        "not",
        "are",
        "was",
        "were",
        "its",
        "their",
        "them",
        "they",
        "for",
        "into",
        "onto",
        "there",
        "here",
        "each",
        "every",
        "undo",
        "hint",
        "help",
        "board",
        "quit",
        "move",
        "moves",
        "player",
        "players",
        "now",
        "then",
        "only",
        "draw",
        "draws",
        "deck",
        "winner",
        "yes",
        "left",
        "goes",
        "puts",
        "put",
        "next",
        "last",
        "first",
    ]
)


def english_words(line: str) -> list[str]:
    """The words of ``line`` that only English uses."""
    return [w for w in re.findall(r"[A-Za-z']+", line) if w.lower() in ENGLISH]
