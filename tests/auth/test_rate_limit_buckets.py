"""auth.take_rate_limit_token, the one statement behind every auth rate limit, called directly: the burst, the
refill for the time since the last hit (moved by backdating the row), capped at the burst; no gateway."""

from __future__ import annotations

import uuid

import psycopg
import pytest

PER_MINUTE = 1 / 60


@pytest.fixture
def key() -> str:
    """A client address of its own per test: the buckets' table is shared by the module's database."""
    return f"caller-{uuid.uuid4().hex[:12]}"


def take(db: psycopg.Connection, key: str, bucket: str = "verify", per_second: float = PER_MINUTE,
         burst: int = 2) -> bool:
    return db.execute("select auth.take_rate_limit_token(%s, %s, %s, %s)",
                      (bucket, key, per_second, burst)).fetchone()[0]


def idle(db: psycopg.Connection, key: str, seconds: float) -> None:
    db.execute("update auth.rate_limit_buckets set updated_at = updated_at - make_interval(secs => %s)"
               " where key = %s", (seconds, key))


def test_a_burst_then_refused(db, key):
    assert [take(db, key) for _ in range(3)] == [True, True, False]


def test_each_key_and_each_bucket_counts_alone(db, key):
    assert [take(db, key) for _ in range(3)] == [True, True, False]
    assert take(db, key + "-other") and take(db, key, bucket="email")


def test_the_bucket_refills_for_the_time_since_the_last_hit(db, key):
    assert [take(db, key) for _ in range(3)] == [True, True, False]
    idle(db, key, 50)
    assert not take(db, key), "5/6 of a token is not a whole one"
    idle(db, key, 15)  # a refused hit keeps what had refilled: 5/6 + 1/4 of a token now
    assert [take(db, key) for _ in range(2)] == [True, False]


def test_an_idle_bucket_refills_to_its_burst_and_no_further(db, key):
    assert [take(db, key) for _ in range(2)] == [True, True]
    idle(db, key, 3600)  # 60 tokens' worth of time
    assert [take(db, key) for _ in range(3)] == [True, True, False]


def test_a_burst_of_zero_refuses_everything(db, key):
    assert [take(db, key, burst=0) for _ in range(2)] == [False, False]
