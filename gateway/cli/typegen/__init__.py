"""`gateway gen types`: the exposed schemas as TypeScript (what `supabase gen types typescript` prints, for
`createClient<Database>()`) or as Python TypedDicts, read from PostgreSQL's catalog."""

from __future__ import annotations

import psycopg

from gateway.cli.typegen.catalog import read_catalog
from gateway.cli.typegen.python import python
from gateway.cli.typegen.typescript import typescript


def generate(url: str, schemas: list[str], lang: str) -> str:
    with psycopg.connect(url) as conn:
        catalog = read_catalog(conn, schemas)
    return typescript(catalog) if lang == "typescript" else python(catalog)
