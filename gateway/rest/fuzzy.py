"""The fuzzy matching PostgREST's hints use (Haskell's Data.FuzzySet, after fuzzyset.js): n-gram cosine similarity
over grams of 3 characters (then of 2 when nothing scores enough), the best candidates rescored by Levenshtein
distance, the best at or above a minimum."""

from __future__ import annotations

import math
import re
from collections import Counter

_NON_WORD = re.compile(r"[^a-zA-Z0-9\u00C0-\u00FF, ]+")
_LEVENSHTEIN_POOL = 50


def _grams(value: str, size: int) -> Counter[str]:
    simplified = "-" + _NON_WORD.sub("", value.lower()) + "-"
    simplified += "-" * max(0, size - len(simplified))
    return Counter(simplified[i:i + size] for i in range(len(simplified) - size + 1))


def _levenshtein(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, left in enumerate(a, 1):
        current = [i]
        for j, right in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (left != right)))
        previous = current
    return previous[-1]


def _norm(counts: Counter[str]) -> float:
    return math.sqrt(sum(n * n for n in counts.values()))


def matches(value: str, choices: list[str], min_score: float = 0.33) -> list[tuple[float, str]]:
    """The choices scoring at least `min_score` against `value`, best first (Data.FuzzySet's get: a choice equal
    to the value, case aside, is the only answer)."""
    exact = next((choice for choice in choices if choice.lower() == value.lower()), None)
    if exact is not None:
        return [(1.0, exact)]
    for size in (3, 2):
        wanted = _grams(value, size)
        wanted_norm = _norm(wanted)
        scored = []
        for choice in dict.fromkeys(choices):
            grams = _grams(choice, size)
            shared = sum(n * grams[g] for g, n in wanted.items() if g in grams)
            if shared:
                scored.append((shared / (wanted_norm * _norm(grams)), choice))
        scored.sort(key=lambda pair: -pair[0])
        lowered = value.lower()
        rescored = [(1 - _levenshtein(lowered, choice.lower()) / max(len(lowered), len(choice)), choice)
                    for _, choice in scored[:_LEVENSHTEIN_POOL]]
        rescored.sort(key=lambda pair: -pair[0])
        found = [pair for pair in rescored if pair[0] >= min_score]
        if found:
            return found
    return []


def best_match(value: str, choices: list[str], min_score: float = 0.33) -> str | None:
    """The closest of `choices` to `value`, or None when none scores at least `min_score`."""
    found = matches(value, choices, min_score)
    return found[0][1] if found else None
