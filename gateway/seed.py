"""Demo data for development: sign-in accounts (bcrypt, as GoTrue stores them) and `schema/seed.sql`."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

import bcrypt
import psycopg

from gateway.migrate import SEED_FILE, record_seed


@dataclass(frozen=True)
class DemoAccount:
    email: str
    password: str
    full_name: str
    what: str


DEMO_ACCOUNTS = (
    DemoAccount("admin@gulfsec.example", "Admin#Demo2025", "Layla Haddad", "super-admin"),
    DemoAccount("power@gulfsec.example", "Power#Demo2025", "Omar Khalil", "power-user"),
    DemoAccount("reader@gulfsec.example", "Reader#Demo2025", "Sara Nasser", "read-user of Desert Falcon Logistics"),
    DemoAccount("partner@gulfsec.example", "Partner#Demo2025", "Karim Mansour", "approved partner (Oasis Secure IT)"),
)


def hash_password(password: str) -> str:
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=10)).decode()


def seed(url: str) -> None:
    """Insert the demo accounts and run seed.sql in one transaction, recorded so it never runs twice."""
    sql = SEED_FILE.read_text()
    with psycopg.connect(url, autocommit=True) as conn, conn.transaction():
        for account in DEMO_ACCOUNTS:
            user_id = conn.execute(
                "insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data,"
                " raw_user_meta_data, last_sign_in_at) values (%s, %s, now(), %s, %s, null) returning id",
                (
                    account.email,
                    hash_password(account.password),
                    json.dumps({"provider": "email", "providers": ["email"]}),
                    json.dumps({"full_name": account.full_name}),
                ),
            ).fetchone()[0]
            conn.execute(
                "insert into auth.identities (provider_id, user_id, identity_data, provider)"
                " values (%s, %s, %s, 'email')",
                (str(user_id), user_id, json.dumps({"sub": str(user_id), "email": account.email,
                                                     "email_verified": True})),
            )
        conn.execute(sql)
        record_seed(conn, hashlib.sha256(sql.encode()).hexdigest())
