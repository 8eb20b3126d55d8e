"""GoTrue's admin paging: ?page=&per_page= in, X-Total-Count and Link (next, last) headers out."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gateway.auth.errors import AuthError, validation_failed

DEFAULT_PER_PAGE = 50
MAX_PER_PAGE = 1000
UINT64_MAX = 2**64 - 1


@dataclass(frozen=True)
class Page:
    number: int
    size: int

    @classmethod
    def from_query(cls, query: Any) -> Page:
        return cls(_positive_int(query.get("page"), 1),
                   min(_positive_int(query.get("per_page"), DEFAULT_PER_PAGE), MAX_PER_PAGE))

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.size

    def headers(self, path: str, total: int) -> dict[str, str]:
        last = max(1, -(-total // self.size))
        links = []
        if self.number < last:
            links.append(f'<{path}?page={self.number + 1}&per_page={self.size}>; rel="next"')
        links.append(f'<{path}?page={last}&per_page={self.size}>; rel="last"')
        return {"X-Total-Count": str(total), "Link": ", ".join(links)}


def _positive_int(value: str | None, default: int) -> int:
    """Go's strconv.ParseUint, as GoTrue parses the numbers, and its error in GoTrue's message; 0 means the default."""
    if not value:
        return default
    if not value.isascii() or not value.isdigit():
        raise _bad_number(value, "invalid syntax")
    if int(value) > UINT64_MAX:
        raise _bad_number(value, "value out of range")
    return int(value) or default


def _bad_number(value: str, reason: str) -> AuthError:
    quoted = json.dumps(value, ensure_ascii=False)
    return validation_failed(f"Bad Pagination Parameters: strconv.ParseUint: parsing {quoted}: {reason}")
