"""Bucket and object names: supabase/storage's rules (S3-safe characters), plus its file backend's refusal of
`.`/`..` segments. Names never reach the filesystem (files are named by version), so these are the API's rules."""

from __future__ import annotations

import re

from gateway.storage import errors

_VALID_KEY = re.compile(r"^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$")
_VALID_BUCKET = re.compile(r"^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$")
EMPTY_FOLDER_PLACEHOLDER = ".emptyFolderPlaceholder"


def is_valid_key(key: str) -> bool:
    if not key or not _VALID_KEY.match(key) or key.startswith("/"):
        return False
    return not any(segment in (".", "..") for segment in key.split("/"))


def object_key(key: str | None) -> str:
    if not key or not is_valid_key(key):
        raise errors.invalid_key(key or "")
    return key


def bucket_id(name: str | None) -> str:
    if not name or len(name) > 100 or not _VALID_BUCKET.match(name):
        raise errors.invalid_bucket_name(name or "")
    return name


def new_bucket_name(name: str | None) -> str:
    if name is None or name.strip() != name:
        raise errors.invalid_bucket_name(name or "")
    return bucket_id(name)


def is_empty_folder(key: str) -> bool:
    return key.endswith(EMPTY_FOLDER_PLACEHOLDER)


def parse_size(value: int | float | str | None) -> int | None:
    """A bucket's file_size_limit: bytes, or '20GB' / '20MB' / '30KB' / '3B' (decimal units, as Supabase)."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise errors.invalid_request("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B")
    if isinstance(value, (int, float)):
        return int(value)
    match = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)", value.strip(), re.IGNORECASE)
    if not match:
        raise errors.invalid_request("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B")
    number = float(f"{float(match.group(1)):.3g}")
    return int(number * {"GB": 1e9, "MB": 1e6, "KB": 1e3, "B": 1}[match.group(2).upper()])


_MIME = re.compile(r"^([a-zA-Z0-9\-+.]+)/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9\-]+)?$|\*$")


def check_allowed_mime_types(types: list[str]) -> None:
    for mime in types:
        if len(mime) > 1000 or not _MIME.search(mime):
            raise errors.invalid_mime_type(mime)


def mime_allowed(mime: str, allowed: list[str] | None) -> bool:
    """supabase/storage's validateMimeType: `type/sub` or `type/*` entries, compared as Supabase compares them
    (a `;charset=` parameter is part of the subtype there, so `text/plain;charset=UTF-8` is not `text/plain`)."""
    if not allowed:
        return True
    parts = mime.split("/")
    if len(parts) < 2:
        return False
    kind, sub = parts[0], parts[1]
    for entry in allowed:
        entry_parts = entry.split("/")
        if len(entry_parts) < 2:
            continue
        if entry_parts[0] == kind and entry_parts[1] in ("*", sub):
            return True
    return False
