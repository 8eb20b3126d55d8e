"""The string order of postgres-meta's generator (`Intl.Collator("en")`, Unicode's collation) for the names it
sorts: punctuation before digits before letters, letters compared without case first, lower case before upper."""

from __future__ import annotations

# The root collation's order of the ASCII punctuation and symbols, all of which sort before digits and letters.
PUNCTUATION = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"


def collation_key(text: str) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    primary = tuple(_primary(char) for char in text)
    tertiary = tuple(int(char.isupper()) for char in text)
    return primary, tertiary


def _primary(char: str) -> tuple[int, int]:
    if char in PUNCTUATION:
        return 0, PUNCTUATION.index(char)
    if char.isdigit():
        return 1, ord(char)
    return 2, ord(char.lower())
