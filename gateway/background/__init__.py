"""The work Supabase's database does in background workers (pg_net's HTTP calls, pg_cron's scheduler), done by the
gateway: each kind of work is one runner per database, elected among the processes serving it (election.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from psycopg_pool import AsyncConnectionPool

from gateway.background.cron_runner import LOCK as CRON_LOCK
from gateway.background.cron_runner import CronRunner
from gateway.background.election import run_elected
from gateway.background.pg_net_runner import LOCK as PG_NET_LOCK
from gateway.background.pg_net_runner import PgNetRunner
from gateway.database.notifications import NotificationListener
from gateway.settings import Settings

WILDCARD_HOSTS = {"0.0.0.0", "::", ""}


@dataclass
class BackgroundWork:
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    @classmethod
    def start(cls, settings: Settings, pool: AsyncConnectionPool, listener: NotificationListener) -> BackgroundWork:
        """Started before `listener` is: it subscribes pg_net's runner to it."""
        url = settings.bound_database_url
        pg_net = PgNetRunner(pool, own_api_url(settings), settings.api_port)
        listener.subscribe(pg_net)
        cron = CronRunner(pool, url)
        return cls([asyncio.create_task(run_elected(url, PG_NET_LOCK, "pg_net", pg_net.run), name="pg_net runner"),
                    asyncio.create_task(run_elected(url, CRON_LOCK, "pg_cron", cron.run), name="pg_cron runner")])

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def own_api_url(settings: Settings) -> str:
    """This gateway's API as a process on this machine reaches it."""
    host = "127.0.0.1" if settings.api_host in WILDCARD_HOSTS else settings.api_host
    return f"http://{host}:{settings.api_port}"
