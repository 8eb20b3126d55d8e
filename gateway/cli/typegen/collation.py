"""The string order of postgres-meta's generator (`Intl.Collator("en")`, Unicode's collation) for the names it
sorts: punctuation before digits before letters, letters compared without accents and case first, then without
case, lower case before upper last."""

from __future__ import annotations

import unicodedata

# The root collation's order of the ASCII punctuation and symbols, all of which sort before digits and letters.
PUNCTUATION = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"


def collation_key(text: str) -> tuple[tuple[tuple[int, int], ...], tuple[str, ...], tuple[int, ...]]:
    letters: list[str] = []
    accents: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char) and letters:
            accents[-1] += char
        else:
            letters.append(char)
            accents.append("")
    return (tuple(_primary(char) for char in letters), tuple(accents),
            tuple(int(char.isupper()) for char in letters))


def _primary(char: str) -> tuple[int, int]:
    if char in PUNCTUATION:
        return 0, PUNCTUATION.index(char)
    if char.isdigit():
        return 1, ord(char)
    return 2, ord(char.lower())
