"""pg_cron's scheduler, in the gateway: every second, the jobs of cron.job that are due are run, each as its owner
(set role to cron.job.username) on a connection of its own, with the run recorded in cron.job_run_details as the
original records it (starting, running, then succeeded or failed with the command's status or error). A job still
running when it is due again runs once more when it ends, never twice at once. Left alone where the real pg_cron
is installed: it runs its own jobs."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

import psycopg
from psycopg import sql
from psycopg.conninfo import make_conninfo
from psycopg.pq import ExecStatus
from psycopg_pool import AsyncConnectionPool

from gateway.background.cron_schedule import Schedule
from gateway.database.health import one_line

log = logging.getLogger("gateway.background.cron")
LOCK = 2
# At most this many seconds are caught up after a stall: a job due in them runs once.
CATCH_UP_SECONDS = 60

JOBS = """
    select j.jobid, j.command, j.database, j.username, s.seconds, s.at_start, s.minutes, s.hours, s.days, s.months,
           s.weekdays, s.last_day, s.day_or_weekday, coalesce(nullif(current_setting('cron.timezone', true), ''), 'GMT')
    from cron.job j, cron._parse_schedule(j.schedule) s
    where j.active and s.valid
"""
# Ours, not the real extension (whose own worker runs its jobs).
OURS = "select to_regprocedure('cron._parse_schedule(text)') is not null"
INTERRUPTED = """
    update cron.job_run_details set status = 'failed', return_message = 'server restarted'
    where status in ('starting', 'running')
"""
START = """
    insert into cron.job_run_details (jobid, database, username, command, status)
    values (%s, %s, %s, %s, 'starting') returning runid
"""
RUNNING = "update cron.job_run_details set job_pid = %s, status = 'running', start_time = now() where runid = %s"
ENDED = "update cron.job_run_details set status = %s, return_message = %s, end_time = now() where runid = %s"


@dataclass(frozen=True)
class Job:
    id: int
    command: str
    database: str
    username: str
    schedule: Schedule
    timezone: str


class CronRunner:
    def __init__(self, pool: AsyncConnectionPool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.running: dict[int, asyncio.Task[None]] = {}
        self.again: set[int] = set()

    async def run(self, conn: psycopg.AsyncConnection) -> None:
        """While elected: a tick each second, reading the jobs on `conn`, which holds the lock, so that a runner
        whose connection is gone (and with it the lock) starts no more runs; the runs record through the pool."""
        started = False
        last = int(time.time())
        try:
            while True:
                await asyncio.sleep(1 - time.time() % 1)
                now = int(time.time())
                jobs = await _jobs(conn, interrupted=not started)
                for job in jobs or ():
                    if (job.schedule.at_start and not started
                            or _due_between(job, max(last, now - CATCH_UP_SECONDS), now)):
                        self._start(job)
                started = started or jobs is not None
                last = now
        finally:
            for task in self.running.values():
                task.cancel()
            await asyncio.gather(*self.running.values(), return_exceptions=True)

    def _start(self, job: Job) -> None:
        if job.id in self.running:
            self.again.add(job.id)
            return
        self.running[job.id] = asyncio.create_task(self._runs(job), name=f"cron job {job.id}")

    async def _runs(self, job: Job) -> None:
        try:
            while True:
                await self._run(job)
                if job.id not in self.again:
                    return
                self.again.discard(job.id)
        except Exception as exc:
            # The run could not be recorded (the database went away); the next due time runs it again.
            log.warning("pg_cron job %s did not run: %s", job.id, one_line(exc))
        finally:
            self.running.pop(job.id, None)

    async def _run(self, job: Job) -> None:
        async with self.pool.connection() as db:
            started = await (await db.execute(START, (job.id, job.database, job.username, job.command))).fetchone()
        assert started is not None
        run_id = started[0]
        try:
            status, message = "succeeded", await self._execute(job, run_id)
        except psycopg.Error as exc:
            status, message = "failed", f"ERROR:  {exc.diag.message_primary or one_line(exc)}"
        except OSError as exc:
            status, message = "failed", one_line(exc)
        async with self.pool.connection() as db:
            await db.execute(ENDED, (status, message, run_id))

    async def _execute(self, job: Job, run_id: int) -> str:
        """Runs the command as the original's worker sends it (one simple query, so several statements are one
        implicit transaction), and returns what the original records: `N rows` for a query, else its status."""
        async with await psycopg.AsyncConnection.connect(make_conninfo(self.url, dbname=job.database), autocommit=True,
                                                         application_name="pg_cron") as conn:
            async with self.pool.connection() as db:
                await db.execute(RUNNING, (conn.info.backend_pid, run_id))
            await conn.execute(sql.SQL("set role {}").format(sql.Identifier(job.username)))
            cur = await conn.execute(job.command.encode())
            while cur.nextset():
                pass
            result = cur.pgresult
            if result is not None and result.status == ExecStatus.TUPLES_OK:
                return f"{cur.rowcount} row" if cur.rowcount == 1 else f"{cur.rowcount} rows"
            return cur.statusmessage or ""


async def _jobs(db: psycopg.AsyncConnection, interrupted: bool) -> list[Job] | None:
    """The active jobs, or None while the database has no pg_cron of ours; the first time, the runs a runner that
    died left unfinished are recorded as failed, as the original does at start."""
    row = await (await db.execute(OURS)).fetchone()
    if not (row and row[0]):
        return None
    if interrupted:
        await db.execute(INTERRUPTED)
    rows = await (await db.execute(JOBS)).fetchall()
    return [Job(row[0], row[1], row[2], row[3], Schedule.parsed(*row[4:13]), row[13]) for row in rows]


def _due_between(job: Job, after: int, until: int) -> bool:
    """Whether a run of `job` falls in the seconds (after, until]."""
    zone = ZoneInfo(job.timezone)
    return any(job.schedule.due(datetime.fromtimestamp(second, zone)) for second in range(after + 1, until + 1))
