"""Where an extension the database lacks can be had: the table of docs/extensions.md, for the one line that stops a
migration (and `gateway check`'s warning) to name the way out."""

from __future__ import annotations

import re

# Extensions the embedded PostgreSQL does not have, and where they are.
NOT_EMBEDDED = {
    **dict.fromkeys(("xml2", "sslinfo"), "PostgreSQL's contrib built with libxml/OpenSSL (Debian's postgresql-15)"),
    **dict.fromkeys(("adminpack", "old_snapshot"), "PostgreSQL 16 and older"),
    **dict.fromkeys(("postgis", "postgis_topology", "postgis_raster"), "Debian: apt-get install postgresql-15-postgis-3"),
    "pgrouting": "Debian: apt-get install postgresql-15-pgrouting",
    **{name: f"Debian: apt-get install postgresql-15-{package}" for name, package in (
        ("hypopg", "hypopg"), ("pgaudit", "pgaudit"), ("pg_repack", "repack"), ("rum", "rum"),
        ("plpgsql_check", "plpgsql-check"), ("pg_partman", "partman"), ("orafce", "orafce"))},
    **{name: f"Debian: apt-get install postgresql-{package}-15" for name, package in (
        ("plperl", "plperl"), ("plpython3u", "plpython3"), ("pltcl", "pltcl"))},
    "wrappers": "Supabase's own image only (its Rust foreign data wrappers, packaged nowhere else)",
    "pg_tle": "Supabase's image and AWS's builds (Trusted Language Extensions, packaged in no Debian release)",
    "pgroonga": "Supabase's image, or the Groonga project's own apt repository (not in Debian)",
}
ELSEWHERE = {"vector": "the embedded PostgreSQL; on Debian, postgresql-15-pgvector from apt.postgresql.org",
             "pgtap": "the embedded PostgreSQL (the gateway installs it); Debian: apt-get install postgresql-15-pgtap"}
_UNAVAILABLE = re.compile(r'extension "([^"]+)" is not available')


def where_available(name: str) -> str:
    place = NOT_EMBEDDED.get(name) or ELSEWHERE.get(name)
    where = f"it is in {place}" if place else "the gateway knows no PostgreSQL that has it"
    return f"{where} (docs/extensions.md); set DATABASE_URL to a PostgreSQL that has it"


def unavailable_extension(message: str) -> str | None:
    """The name in PostgreSQL's `extension "x" is not available`."""
    match = _UNAVAILABLE.search(message)
    return match.group(1) if match else None


def line_creating(name: str, sql: str) -> int | None:
    """The line of `create extension [if not exists] name`: PostgreSQL gives no position for this error."""
    match = re.search(rf'create\s+extension\s+(?:if\s+not\s+exists\s+)?"?{re.escape(name)}\b', sql, re.I)
    return sql.count("\n", 0, match.start()) + 1 if match else None
