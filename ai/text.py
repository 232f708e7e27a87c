"""Words the games' messages share."""

from __future__ import annotations

import difflib
import itertools
import math
import re
from collections.abc import Iterable

from ai.words import tr

#: Number words a person may type for a card's value (suggested as the digit).
NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}


def plural(n: int, noun: str) -> str:
    """A count and its noun in English: ``1 card``, ``2 cards``, ``0 cards`` (nouns that take an ``s``); a
    message for the table counts with ``ai.words.trn``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def listing(items: Iterable[str]) -> str:
    """``Ann, Ben and Cy``: names in an English sentence, the last two joined by "and"; a message for the table
    lists with ``ai.words.listing``."""
    words = list(items)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def empty_item(text: str) -> str | None:
    """A score line's list of cards with an empty item (``1,1,,3``, ``1,3,``: a card left out or a comma too
    many): the words refusing it, else ``None``."""
    items = text.replace(";", ",").split(",")
    if len(items) > 1 and any(not item.strip() for item in items):
        return tr("an empty card between commas in {text!r}; type each card once", text=text.strip())
    return None


#: The Latin letters a Cyrillic one may stand for when a Russian keyboard types the notation's letters: by sound
#: (``т`` for t) or by look (``с`` for c).
_LATIN = {
    "а": "a", "б": "b", "в": "vb", "г": "g", "д": "d", "е": "e", "ё": "e", "з": "z", "и": "i", "к": "k",
    "л": "l", "м": "m", "н": "nh", "о": "o", "п": "p", "р": "rp", "с": "sc", "т": "t", "у": "uy", "ф": "f",
    "х": "hx",
}  # fmt: skip


def latin_word(word: str, vocabulary: Iterable[str]) -> str | None:
    """The word of ``vocabulary`` that ``word``, typed in Cyrillic letters, spells in the notation's Latin ones
    (``т`` → ``t``, ``с3`` → ``c3``), if any: not a typo but the keyboard's other alphabet, so short words count."""
    lowered = word.lower()
    if not any(c in _LATIN for c in lowered) or any(not c.isascii() and c not in _LATIN for c in lowered):
        return None
    options = [_LATIN.get(c, c) for c in lowered]
    if math.prod(map(len, options)) > 64:  # the notation's words are short; a long Russian word is not one
        return None
    known = set(vocabulary)
    for letters in itertools.product(*options):
        if "".join(letters) in known:
            return "".join(letters)
    return None


def _ranked(word: str, vocabulary: Iterable[str], cutoff: float) -> list[tuple[str, tuple[float, bool]]]:
    """The words of ``vocabulary`` at least ``cutoff`` alike to ``word`` (difflib's ratio), each with its rank,
    the closest first: the more alike, then, among words equally alike, one with the same letters (two letters
    swapped: ``drwa`` is a slip of the hand on ``draw``, not on ``drew``)."""
    words = list(vocabulary)
    close = difflib.get_close_matches(word, words, n=len(words) or 1, cutoff=cutoff)
    matcher = difflib.SequenceMatcher(None, "", word)
    letters = sorted(word)
    ranked = []
    for candidate in close:
        matcher.set_seq1(candidate)
        ranked.append((candidate, (-matcher.ratio(), sorted(candidate) != letters)))
    return sorted(ranked, key=lambda pair: pair[1])


def close_words(word: str, vocabulary: Iterable[str], cutoff: float = 0.6, most: int = 1) -> list[str]:
    """The words of ``vocabulary`` at least ``cutoff`` alike to ``word``, the closest first (``_ranked``), ``most``
    of them at the most: the one measure of a typo's distance in every game and command."""
    return [candidate for candidate, _ in _ranked(word, vocabulary, cutoff)[:most]]


def closest_words(word: str, vocabulary: Iterable[str], cutoff: float = 0.6, most: int = 3) -> list[str]:
    """The words of ``close_words`` as close as the closest: ``northeest`` is as close to northeast as to
    northwest, so a suggestion names both and never picks one."""
    ranked = _ranked(word, vocabulary, cutoff)[:most]
    return [candidate for candidate, rank in ranked if rank == ranked[0][1]]


def close_word(
    word: str, vocabulary: Iterable[str], numbers: bool = False, cutoff: float = 0.6, short: bool = False
) -> str | None:
    """The word of ``vocabulary`` a typo most likely meant (``pss`` → ``pass``), if any is close: at least
    ``cutoff`` alike (difflib's ratio; a higher one where a wrong suggestion costs more, as for a person's name
    taken for a bot's level). A number word is no typo (``three`` is not ``the``, a filler word near it): with
    ``numbers`` (a value is typed as a digit) it is the digit it names (``three`` → ``3``), else nothing is
    suggested. Words of one or two letters are suggested only with ``short`` (a choice such as ``me``): in a
    game's notation they are abbreviations, which any typo is close to. A word in Cyrillic letters with no close
    word is the word of ``vocabulary`` it spells in Latin ones, if any (:func:`latin_word`): a typo of the table's
    own words comes first (``пасс`` is ``пас``, not ``pass``)."""
    if word.lower() in NUMBER_WORDS:
        return NUMBER_WORDS[word.lower()] if numbers else None
    vocabulary = list(vocabulary)
    once = re.sub(r"(.)\1+", r"\1", word.lower())
    if once != word.lower() and once in vocabulary:
        return once  # a key struck twice: ``tt`` for ``t``, ``оот`` for ``от``, ``dee`` for ``de``
    words = [w for w in vocabulary if short or len(w) > 2]
    if numbers:  # a misspelt number word is a number too: `stove thre` means three, not "the"
        words += list(NUMBER_WORDS)
    close = close_words(word.lower(), words, cutoff)
    if not close:
        return latin_word(word, vocabulary)
    return NUMBER_WORDS.get(close[0], close[0]) if numbers else close[0]
