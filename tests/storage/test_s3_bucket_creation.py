"""The S3 backend creates its bucket on first start. compose's replicas, and each replica's workers, start together
against one fresh bucket: every one of them must come up, whichever created it."""

from __future__ import annotations

import uuid

import anyio

from gateway.storage.s3 import S3Settings, S3Store
from tests.storage.backends import ACCESS_KEY, SECRET_KEY, S3Server

WORKERS = 8  # two replicas of API_WORKERS=2 were enough to lose one; more make the race certain


async def _prepare_together(settings: S3Settings) -> list[str]:
    stores = [S3Store(settings) for _ in range(WORKERS)]
    failures: list[str] = []

    async def prepare(store: S3Store) -> None:
        try:
            await store.prepare()
        except Exception as error:  # noqa: BLE001 - each worker's failure is the finding
            failures.append(repr(error))

    try:
        async with anyio.create_task_group() as workers:
            for store in stores:
                workers.start_soon(prepare, store)
    finally:
        for store in stores:
            await store.close()
    return failures


def test_workers_starting_together_all_prepare_one_new_bucket(s3_server: S3Server):
    settings = S3Settings(s3_server.endpoint, f"gw-{uuid.uuid4().hex[:12]}", "us-east-1", ACCESS_KEY, SECRET_KEY,
                          True)
    assert anyio.run(_prepare_together, settings) == []
