"""pg_cron's SQL interface: the original's documented examples and errors."""

from __future__ import annotations

import psycopg
import pytest

JOB_COLUMNS = ["jobid", "schedule", "command", "nodename", "nodeport", "database", "username", "active", "jobname"]
RUN_COLUMNS = ["jobid", "runid", "job_pid", "database", "username", "command", "status", "return_message",
               "start_time", "end_time"]
VALID = ["30 3 * * 6", "0 10 * * *", "* * * * *", "*/5 1-5,7 1,15 jan-mar mon-fri", "0 12 $ * *", "59 23 31 12 7",
         "30 seconds", "1 second", "59 seconds", "@daily", "@hourly", "@reboot", " 0 0 * * * "]
INVALID = ["", "* * * *", "* * * * * *", "60 * * * *", "* 24 * * *", "* * 0 * *", "* * * 13 *", "* * * * 8",
           "0 seconds", "60 seconds", "5 minutes", "*/0 * * * *", "5-1 * * * *", "5/10 * * * *", "* * $5 * *",
           "@often", "0 0 * foo *"]


@pytest.fixture(scope="module")
def cron(db: psycopg.Connection) -> psycopg.Connection:
    db.execute("create extension if not exists pg_cron with schema pg_catalog")
    return db


def columns(db: psycopg.Connection, table: str) -> list[str]:
    return [row[0] for row in db.execute(
        "select column_name from information_schema.columns where table_schema = 'cron' and table_name = %s"
        " order by ordinal_position", (table,))]


def test_created_as_db_pull_writes_it_with_the_originals_tables(cron: psycopg.Connection) -> None:
    assert cron.execute("select extversion from pg_extension where extname = 'pg_cron'").fetchone() == ("1.6",)
    assert columns(cron, "job") == JOB_COLUMNS
    assert columns(cron, "job_run_details") == RUN_COLUMNS


@pytest.mark.parametrize("schedule", VALID)
def test_schedules_the_original_accepts(cron: psycopg.Connection, schedule: str) -> None:
    job_id = cron.execute("select cron.schedule(%s, 'select 1')", (schedule,)).fetchone()[0]
    assert cron.execute("select schedule, command, active, database = current_database(), username = current_user"
                        " from cron.job where jobid = %s", (job_id,)).fetchone() == (schedule, "select 1", True, True,
                                                                                     True)
    cron.execute("select cron.unschedule(%s)", (job_id,))


@pytest.mark.parametrize("schedule", INVALID)
def test_schedules_the_original_refuses(cron: psycopg.Connection, schedule: str) -> None:
    with pytest.raises(psycopg.errors.InvalidParameterValue) as refused:
        cron.execute("select cron.schedule(%s, 'select 1')", (schedule,))
    assert str(refused.value).splitlines()[0] == f"invalid schedule: {schedule}"
    assert refused.value.diag.message_hint == "Use cron format (e.g. 5 4 * * *), or interval format '[1-59] seconds'"


def test_parsed_fields(cron: psycopg.Connection) -> None:
    parsed = cron.execute("select minutes, hours, days, months, weekdays, last_day, day_or_weekday"
                          " from cron._parse_schedule('*/20 1-3,9 $ jan,jun sun,7')").fetchone()
    assert parsed == ([0, 20, 40], [1, 2, 3, 9], [], [1, 6], [0], True, True)


def test_a_named_job_is_replaced_by_its_name(cron: psycopg.Connection) -> None:
    first = cron.execute("select cron.schedule('nightly-vacuum', '0 3 * * *', 'VACUUM')").fetchone()[0]
    again = cron.execute("select cron.schedule('nightly-vacuum', '0 4 * * *', 'VACUUM ANALYZE')").fetchone()[0]
    assert again == first
    assert cron.execute("select schedule, command from cron.job where jobname = 'nightly-vacuum'").fetchall() == [
        ("0 4 * * *", "VACUUM ANALYZE")]
    assert cron.execute("select cron.unschedule('nightly-vacuum')").fetchone() == (True,)
    with pytest.raises(psycopg.errors.RaiseException, match="could not find valid entry for job 'nightly-vacuum'"):
        cron.execute("select cron.unschedule('nightly-vacuum')")
    with pytest.raises(psycopg.errors.RaiseException, match="could not find valid entry for job 123456"):
        cron.execute("select cron.unschedule(123456)")


def test_nulls_are_refused_by_name(cron: psycopg.Connection) -> None:
    for call, message in (("cron.schedule(null, '* * * * *', 'select 1')", "job_name can not be NULL"),
                          ("cron.schedule('n', null, 'select 1')", "schedule can not be NULL"),
                          ("cron.schedule('n', '* * * * *', null)", "command can not be NULL"),
                          ("cron.alter_job(null, '* * * * *')", "job_id can not be NULL")):
        with pytest.raises(psycopg.errors.RaiseException, match=message):
            cron.execute(f"select {call}")
    assert cron.execute("select cron.schedule(null, 'select 1')").fetchone() == (None,)


def test_alter_job(cron: psycopg.Connection) -> None:
    job_id = cron.execute("select cron.schedule('altered', '* * * * *', 'select 1')").fetchone()[0]
    cron.execute("select cron.alter_job(%s, schedule := '*/5 * * * *', active := false)", (job_id,))
    assert cron.execute("select schedule, command, active from cron.job where jobid = %s", (job_id,)).fetchone() == (
        "*/5 * * * *", "select 1", False)
    cron.execute("select cron.alter_job(job_id := %s, command := 'select 2')", (job_id,))
    assert cron.execute("select command from cron.job where jobid = %s", (job_id,)).fetchone() == ("select 2",)
    with pytest.raises(psycopg.errors.RaiseException, match="no updates specified"):
        cron.execute("select cron.alter_job(%s)", (job_id,))
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="invalid schedule: often"):
        cron.execute("select cron.alter_job(%s, schedule := 'often')", (job_id,))
    with pytest.raises(psycopg.errors.RaiseException, match="Job 999999 does not exist or you don't own it"):
        cron.execute("select cron.alter_job(999999, command := 'select 3')")
    with pytest.raises(psycopg.errors.RaiseException, match='role "nobody_here" does not exist'):
        cron.execute("select cron.alter_job(%s, username := 'nobody_here')", (job_id,))
    cron.execute("select cron.unschedule(%s)", (job_id,))


def test_schedule_in_database(cron: psycopg.Connection) -> None:
    job_id = cron.execute("select cron.schedule_in_database('elsewhere', '0 * * * *', 'select 1', current_database(),"
                          " 'authenticator', false)").fetchone()[0]
    assert cron.execute("select username, active from cron.job where jobid = %s", (job_id,)).fetchone() == (
        "authenticator", False)
    with pytest.raises(psycopg.errors.InvalidCatalogName, match='database "no_such_db" does not exist'):
        cron.execute("select cron.schedule_in_database('x', '* * * * *', 'select 1', 'no_such_db')")
    with pytest.raises(psycopg.errors.RaiseException, match='role "anon" can not log in'):
        cron.execute("select cron.schedule_in_database('x', '* * * * *', 'select 1', current_database(), 'anon')")


def test_each_role_sees_and_changes_only_its_own_jobs(cron: psycopg.Connection) -> None:
    cron.execute("do $$ begin if not exists (select 1 from pg_roles where rolname = 'cron_tenant') then"
               " create role cron_tenant login; end if; end $$")  # roles outlive a test database on a shared server
    cron.execute("grant usage on schema cron to cron_tenant")
    mine = cron.execute("select cron.schedule('admins', '* * * * *', 'select 1')").fetchone()[0]
    with cron.transaction():
        cron.execute("set local role cron_tenant")
        theirs = cron.execute("select cron.schedule('tenants', '* * * * *', 'select 1')").fetchone()[0]
        assert cron.execute("select jobid, username from cron.job").fetchall() == [(theirs, "cron_tenant")]
        with pytest.raises(psycopg.errors.RaiseException, match=f"could not find valid entry for job {mine}"):
            cron.execute("select cron.unschedule(%s)", (mine,))
    with cron.transaction():
        cron.execute("set local role cron_tenant")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            cron.execute("select cron.alter_job(%s, command := 'select 2')", (theirs,))
    with cron.transaction():
        cron.execute("set local role cron_tenant")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            cron.execute("insert into cron.job (schedule, command, username) values ('* * * * *', 'x', 'postgres')")


def test_dropped_and_created_again(db: psycopg.Connection) -> None:
    db.execute("drop extension pg_cron")
    assert db.execute("select to_regnamespace('cron')").fetchone() == (None,)
    db.execute("create extension pg_cron")
    assert db.execute("select count(*) from cron.job").fetchone() == (0,)
