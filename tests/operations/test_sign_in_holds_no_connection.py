"""A password sign-in checks the password (bcrypt, tens of milliseconds of CPU, seconds on a busy machine) outside
any transaction, as GoTrue does: bench/load.py's sign-ins waited for a CPU while holding one of the auth pool's
connections in an open transaction, so every other auth request of the process queued behind the hashing."""

from __future__ import annotations

import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import bcrypt
import httpx

from tests.auth.helpers import VERSIONED
from tests.conftest import make_settings
from tests.support.live import run_gateway

PASSWORD = "correct horse"
SLOW_COST = 13  # 8 times GoTrue's 10: long enough to look at the server while it runs


def waiting_auth_transactions(db) -> int:
    """Auth connections idle inside a transaction for longer than a statement's gap (the hash takes seconds)."""
    return db.execute("select count(*) from pg_stat_activity where usename = 'supabase_auth_admin'"
                      " and state like 'idle in transaction%'"
                      " and state_change < clock_timestamp() - interval '300 milliseconds'").fetchone()[0]


def test_the_password_check_holds_no_open_transaction(database_url, tmp_path, db):
    settings = make_settings(database_url, tmp_path, db_pool_size=2)
    email = f"slow-hash-{uuid.uuid4().hex[:8]}@example.com"
    with run_gateway(settings) as gateway:
        admin = {"apikey": gateway.service_key, "Authorization": f"Bearer {gateway.service_key}"}
        created = httpx.post(f"{gateway.url}/auth/v1/admin/users", headers=admin, timeout=30,
                             json={"email": email, "password": PASSWORD, "email_confirm": True})
        assert created.status_code == 200, created.text
        slow_hash = bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(rounds=SLOW_COST)).decode()
        db.execute("update auth.users set encrypted_password = %s where email = %s", (slow_hash, email))

        def sign_in() -> int:
            return httpx.post(f"{gateway.url}/auth/v1/token", params={"grant_type": "password"},
                              headers={**gateway.headers(), **VERSIONED}, timeout=60,
                              json={"email": email, "password": PASSWORD}).status_code

        with ThreadPoolExecutor(2) as pool:
            sign_ins = [pool.submit(sign_in) for _ in range(2)]
            most_open = 0
            while not all(future.done() for future in sign_ins):
                most_open = max(most_open, waiting_auth_transactions(db))
                time.sleep(0.02)
        assert [future.result() for future in sign_ins] == [200, 200]
    assert most_open == 0, f"{most_open} auth connections sat in a transaction while bcrypt ran"
