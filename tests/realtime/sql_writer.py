"""Run one SQL statement for a Node test (`python sql_writer.py <database_url> <sql> [params...]`) and print
the first column of the first row, so Node tests can change rows the way another client would."""

from __future__ import annotations

import sys

import psycopg


def main(argv: list[str]) -> None:
    url, statement, *params = argv
    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(statement, params)
        row = cursor.fetchone() if cursor.description else None
    print(row[0] if row else "")


if __name__ == "__main__":
    main(sys.argv[1:])
