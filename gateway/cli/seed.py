"""Seed a project's database once: its demo accounts (confirmed, bcrypt as GoTrue stores them), then its seed files.

Recorded in `supabase_migrations.seed_files`, as the Supabase CLI records seeds, so it never runs twice.
"""

from __future__ import annotations

import hashlib
import json

import bcrypt
import psycopg
from psycopg import sql as sql_text

from gateway.database.migrate import record_seed, statement_failure
from gateway.database.roles import project_role
from gateway.database.transactions import one
from gateway.project.folder import DemoAccount, Project


def hash_password(password: str) -> str:
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=10)).decode()


def seed(url: str, project: Project) -> str:
    """Create the demo accounts and run the seed files in one transaction: all of it or nothing; returns what was
    seeded, in words.

    Raises MigrationError naming the seed file and line PostgreSQL refused."""
    with psycopg.connect(url, autocommit=True) as conn, conn.transaction():
        conn.execute("select set_config('search_path', '\"$user\", public, extensions', true)")
        for account in project.demo_accounts:
            _create_account(conn, account)
        role = project_role(conn)
        if role:  # the seed files as the project's owner role, as the CLI runs them as `postgres`
            conn.execute(sql_text.SQL("set local role {}").format(sql_text.Identifier(role)))
        for path in project.seed_files:
            sql = path.read_text()
            if sql.strip():
                try:
                    conn.execute(sql)
                except psycopg.Error as exc:
                    raise statement_failure(_relative(project, path), exc, sql) from None
            record_seed(conn, _relative(project, path), hashlib.sha256(sql.encode()).hexdigest())
        # Seeded, even with no seed file: kept in the gateway's ledger, not as a fake file in the CLI's.
        conn.execute("insert into gateway_meta.migrations (name, kind, checksum) values ('seed', 'seed', '')"
                     " on conflict (name) do nothing")
    return _seeded(project)


def _seeded(project: Project) -> str:
    files = ", ".join(project.shown(path) for path in project.seed_files)
    accounts = len(project.demo_accounts)
    with_accounts = f" and {accounts} demo account{'s' if accounts != 1 else ''}" if accounts else ""
    if files:
        return f"Seeded from {files}{with_accounts}."
    return f"Seeded {with_accounts.removeprefix(' and ')}." if accounts else "Seeded: no seed files."


def _create_account(conn: psycopg.Connection, account: DemoAccount) -> None:
    user_id = one(conn.execute(
        "insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data,"
        " raw_user_meta_data) values (%s, %s, now(), %s, %s) returning id",
        (
            account.email,
            hash_password(account.password),
            json.dumps({"provider": "email", "providers": ["email"]}),
            json.dumps({"full_name": account.full_name} if account.full_name else {}),
        ),
    ).fetchone())[0]
    conn.execute(
        "insert into auth.identities (provider_id, user_id, identity_data, provider) values (%s, %s, %s, 'email')",
        (str(user_id), user_id, json.dumps({"sub": str(user_id), "email": account.email, "email_verified": True})),
    )


def _relative(project: Project, path) -> str:
    try:
        return str(path.relative_to(project.root / "supabase"))
    except ValueError:
        return project.shown(path)
