"""`gateway serve` as a user runs it, twice on one database with two workers each: pg_cron's jobs run once per due
time, and pg_net's requests are made, by one runner for the database."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import psycopg
import pytest

from tests.support.live import free_port
from tests.support.serve import ServeProcess, db_url, run_cli
from tests.support.waits import eventually

# Each run claims its two-second slot: a second run for the same due time would fail on the primary key.
MIGRATION = """\
create extension if not exists pg_net with schema extensions;
create extension if not exists pg_cron with schema pg_catalog;
create table public.slots (slot bigint primary key);
select cron.schedule('claim-slot', '2 seconds',
                     'insert into public.slots values (floor(extract(epoch from now()) / 2))');
"""
SECOND_JWT_SECRET = "background-test-only-jwt-secret-0123456789abcdef"


@pytest.fixture()
def data_dir():
    """Outside pytest's temp root, which a concurrent pytest session may lock to mode 0700 (see test_cli.py)."""
    path = Path(tempfile.mkdtemp(prefix="gateway-background-test-"))
    yield path / "data"
    shutil.rmtree(path, ignore_errors=True)


def test_two_serve_processes_of_two_workers_run_one_runner(data_dir: Path) -> None:
    folder = data_dir.parent / "cron-app"
    folder.mkdir()
    assert run_cli("init", cwd=folder).returncode == 0
    (folder / "supabase" / "migrations" / "20260101000000_jobs.sql").write_text(MIGRATION)
    first_port, second_port = free_port(), free_port()
    with ServeProcess(data_dir, first_port, cwd=folder, API_WORKERS=2) as first:
        first.wait_healthy()
        with ServeProcess(data_dir.parent / "second", second_port, cwd=folder, API_WORKERS=2,
                          DATABASE_URL=db_url(data_dir), JWT_SECRET=SECOND_JWT_SECRET) as second:
            second.wait_healthy()
            with psycopg.connect(db_url(data_dir), autocommit=True) as db:
                db.execute("delete from cron.job_run_details")
                runs = eventually(lambda: (done := db.execute(
                    "select status, return_message from cron.job_run_details where end_time is not null").fetchall())
                    and len(done) >= 4 and done, "four runs of the job", timeout=40)
                assert set(runs) == {("succeeded", "INSERT 0 1")}
                holders = db.execute("select objid, count(*) from pg_locks where locktype = 'advisory'"
                                     " and classid = 7461 and granted group by objid order by objid").fetchall()
                assert holders == [(1, 1), (2, 1)]
                # The CLI's name for the API, from the database: this gateway's own health check.
                request_id = db.execute(f"select net.http_get('http://host.docker.internal:{first_port}/health')"
                                        ).fetchone()[0]
                answer = eventually(lambda: db.execute("select status_code, content from net._http_response"
                                                       " where id = %s", (request_id,)).fetchone(), "the answer")
                assert answer == (200, '{"status":"ok"}')
            second.stop()
        first.stop()
