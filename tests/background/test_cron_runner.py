"""pg_cron's jobs run by the gateway: as their owner, each due time once however many gateways serve the database,
with every run recorded in cron.job_run_details."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import psycopg
import pytest

from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway
from tests.support.waits import eventually


@pytest.fixture(scope="module")
def cron(db: psycopg.Connection) -> psycopg.Connection:
    db.execute("create extension pg_cron with schema pg_catalog")
    db.execute("do $$ begin if not exists (select 1 from pg_roles where rolname = 'cron_owner') then"
               " create role cron_owner login; end if; end $$")  # roles outlive a test database on a shared server
    db.execute("grant usage on schema cron to cron_owner")
    db.execute("create table public.slots (slot bigint primary key, by_role text not null default current_user)")
    db.execute("grant insert on public.slots to cron_owner")
    return db


@pytest.fixture(scope="module")
def gateways(cron: psycopg.Connection, database_url: str, tmp_path_factory) -> Iterator[list[LiveGateway]]:
    """Two gateways on the module's database; the first one started holds pg_cron's lock."""
    with ExitStack() as stack:
        first = stack.enter_context(run_gateway(make_settings(database_url, tmp_path_factory.mktemp("cron0"))))
        eventually(lambda: runner_pid(cron), "the first gateway's pg_cron runner")
        second = stack.enter_context(run_gateway(make_settings(database_url, tmp_path_factory.mktemp("cron1"))))
        yield [first, second]


def runs(db: psycopg.Connection, job_id: int) -> list[tuple]:
    return db.execute("select status, return_message, job_pid, username, start_time <= end_time from"
                      " cron.job_run_details where jobid = %s and status in ('succeeded', 'failed') order by runid",
                      (job_id,)).fetchall()


def this_database(db: psycopg.Connection) -> int:
    """Its oid: advisory locks are per database, and other databases of the server have runners of their own."""
    return db.execute("select oid from pg_database where datname = current_database()").fetchone()[0]


def runner_pid(db: psycopg.Connection) -> int | None:
    """The backend holding this database's pg_cron lock."""
    row = db.execute("select pid from pg_locks where locktype = 'advisory' and classid = 7461 and objid = 2"
                     " and granted and database = %s", (this_database(db),)).fetchone()
    return row and row[0]


def schedule_as_owner(db: psycopg.Connection, name: str, schedule: str, command: str) -> int:
    with db.transaction():
        db.execute("set local role cron_owner")
        return db.execute("select cron.schedule(%s, %s, %s)", (name, schedule, command)).fetchone()[0]


def test_two_gateways_run_each_due_time_once_as_the_jobs_owner(gateways, cron: psycopg.Connection) -> None:
    # Each run claims its two-second slot: a second run for the same due time would fail on the primary key.
    job_id = schedule_as_owner(cron, "slots", "2 seconds",
                               "insert into public.slots (slot) values (floor(extract(epoch from now()) / 2))")
    done = eventually(lambda: len(runs(cron, job_id)) >= 4 and runs(cron, job_id), "four runs of the job", timeout=30)
    assert {run[0] for run in done} == {"succeeded"}
    assert {run[1] for run in done} == {"INSERT 0 1"}
    assert all(run[2] is not None and run[3] == "cron_owner" and run[4] for run in done)
    assert cron.execute("select distinct by_role from public.slots").fetchall() == [("cron_owner",)]
    # One runner per database, whichever process won the election.
    holders = cron.execute("select count(*) from pg_locks where locktype = 'advisory' and classid = 7461"
                           " and objid = 2 and granted and database = %s", (this_database(cron),)).fetchone()
    assert holders == (1,)
    cron.execute("select cron.unschedule(%s)", (job_id,))


def test_another_gateway_takes_over_when_the_runner_goes(gateways, cron: psycopg.Connection) -> None:
    first_runner = runner_pid(cron)
    assert cron.execute("select application_name from pg_stat_activity where pid = %s", (first_runner,)
                        ).fetchone() == ("gateway pg_cron",)
    job_id = schedule_as_owner(cron, "after-failover", "1 second", "select 1")
    eventually(lambda: runs(cron, job_id), "a first run")
    gateways[0].server.should_exit = True
    eventually(lambda: runner_pid(cron) not in (None, first_runner), "the second gateway's runner to take over")
    cron.execute("delete from cron.job_run_details where jobid = %s", (job_id,))
    later = eventually(lambda: len(runs(cron, job_id)) >= 3 and runs(cron, job_id), "runs after one gateway stopped",
                       timeout=30)
    assert {run[:2] for run in later} == {("succeeded", "1 row")}
    cron.execute("select cron.unschedule(%s)", (job_id,))


def test_a_failing_command_is_recorded_as_failed(gateways, cron: psycopg.Connection) -> None:
    job_id = schedule_as_owner(cron, "fails", "1 second", "select 1/0")
    failed = eventually(lambda: runs(cron, job_id), "a failed run")[0]
    assert failed[:2] == ("failed", "ERROR:  division by zero")
    cron.execute("select cron.unschedule(%s)", (job_id,))


def test_an_inactive_job_does_not_run(gateways, cron: psycopg.Connection) -> None:
    with cron.transaction():
        cron.execute("set local role cron_owner")
        job_id = cron.execute("select cron.schedule('resting', '1 second', 'select 1')").fetchone()[0]
        cron.execute("reset role")
        cron.execute("select cron.alter_job(%s, active := false)", (job_id,))
    marker = schedule_as_owner(cron, "marker", "1 second", "select 2")
    eventually(lambda: len(runs(cron, marker)) >= 2, "two runs of another job")
    assert runs(cron, job_id) == []
