"""Storage throughput: one object uploaded and downloaded through /storage/v1, against the backend's own speed.

Prints MB/s for: writing the same bytes straight to the backend (the ceiling of an upload: write + fsync to the
disk, or with `--backend s3` a multipart upload to the S3 server by the same client the gateway uses, without the
gateway), an upload (POST, raw body, streamed), an authenticated download (GET, streamed), and the gateway
process's memory growth. `--backend s3` starts a SeaweedFS server (the tests' S3 server) in the temporary folder.

    .venv/bin/python bench/storage_bench.py --megabytes 200 --rounds 3 [--backend s3]

Uses an embedded PostgreSQL in a temporary folder and one gateway process; the client runs in this process.

Recorded on the 2-core development machine (200 MiB, 3 rounds): disk 191 MiB/s, upload 155 MiB/s (81% of the
disk; md5 and fsync included), download 441 MiB/s (page cache), gateway peak RSS 88 MiB (81 MiB after start).
With `--backend s3`, on the same machine while other work kept its load average near 20 (so only the ratios
mean much; the file backend measured 247 / 52 / 283 MiB/s then): S3 put without the gateway 23 MiB/s, upload
21 MiB/s (91%), download 190 MiB/s, gateway peak RSS 159 MiB (119 MiB after start, the S3 client loaded).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import anyio
import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gateway.database import embedded, migrate  # noqa: E402
from gateway.jwt_keys import JwtKeys  # noqa: E402
from gateway.project.folder import Project  # noqa: E402
from gateway.settings import PROJECT_ROOT, Settings  # noqa: E402
from gateway.storage.routes import object_store  # noqa: E402
from gateway.storage.store import new_version  # noqa: E402

SECRET = "bench-only-jwt-secret-0123456789abcdef0123456789"
BLOCK = 1024 * 1024


def serve(settings: Settings) -> None:
    import uvicorn

    from gateway.app import create_app

    uvicorn.run(create_app(settings), host="127.0.0.1", port=settings.api_port, log_level="warning")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def disk_speed(folder: Path, megabytes: int, block: bytes) -> float:
    path = folder / "disk-probe"
    started = time.perf_counter()
    with open(path, "wb") as out:
        for _ in range(megabytes):
            out.write(block)
        out.flush()
        os.fsync(out.fileno())
    elapsed = time.perf_counter() - started
    path.unlink()
    return megabytes / elapsed


def s3_speed(settings: Settings, megabytes: int, block: bytes) -> float:
    async def put() -> float:
        store = object_store(settings)
        await store.prepare()

        async def blocks():
            for _ in range(megabytes):
                yield block
        try:
            version = new_version()
            started = time.perf_counter()
            await store.put(version, blocks(), megabytes * BLOCK)
            elapsed = time.perf_counter() - started
            await store.remove([version])
            return megabytes / elapsed
        finally:
            await store.close()
    return anyio.run(put)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--megabytes", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--backend", choices=["file", "s3"], default="file")
    args = parser.parse_args()
    data_dir = Path(tempfile.mkdtemp(prefix="storage-bench-"))
    s3_servers = None
    server = embedded.start(data_dir / "pg")
    migrate.apply_pending(server.url, Project.load(PROJECT_ROOT))
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    settings = replace(Settings(database_url=server.url, data_dir=data_dir, jwt_secret=SECRET,
                                storage_file_size_limit=(args.megabytes + 1) * BLOCK),
                       api_port=port, api_external_url=url, site_url=url)
    ceiling, ceiling_name = lambda: disk_speed(settings.storage_root, args.megabytes, block), "disk write+fsync"
    if args.backend == "s3":
        from tests.storage.backends import start_seaweedfs

        (data_dir / "s3").mkdir()
        s3_servers = start_seaweedfs(data_dir / "s3")
        settings = next(s3_servers).settings_for(settings)
        ceiling, ceiling_name = lambda: s3_speed(settings, args.megabytes, block), "S3 put, no gateway"
    block = os.urandom(BLOCK)
    process = multiprocessing.get_context("spawn").Process(target=serve, args=(settings,), daemon=True)
    process.start()
    key = JwtKeys(SECRET).service_role_key
    headers = {"apikey": key, "Authorization": f"Bearer {key}"}
    try:
        with httpx.Client(base_url=f"{url}/storage/v1", headers=headers, timeout=600) as client:
            for _ in range(100):
                try:
                    client.post("/bucket", json={"name": "bench"})
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            baseline = rss_mb(process.pid)
            disk, up, down = [], [], []
            for round_ in range(args.rounds):
                disk.append(ceiling())
                started = time.perf_counter()
                answer = client.post(f"/object/bench/round-{round_}.bin", content=(block for _ in range(args.megabytes)),
                                     headers={"content-type": "application/octet-stream"})
                answer.raise_for_status()
                up.append(args.megabytes / (time.perf_counter() - started))
                started = time.perf_counter()
                with client.stream("GET", f"/object/bench/round-{round_}.bin") as response:
                    received = sum(len(chunk) for chunk in response.iter_bytes())
                assert received == args.megabytes * BLOCK
                down.append(args.megabytes / (time.perf_counter() - started))
            peak = rss_mb(process.pid)
        print(f"object size {args.megabytes} MiB, {args.rounds} rounds, {args.backend} backend (median MiB/s)")
        print(f"  {ceiling_name:<18}{statistics.median(disk):8.0f}")
        print(f"  upload            {statistics.median(up):8.0f}")
        print(f"  download          {statistics.median(down):8.0f}")
        print(f"  gateway peak RSS  {peak:8.0f} MiB (after start: {baseline:.0f} MiB)")
    finally:
        process.terminate()
        process.join()
        server.stop()
        if s3_servers is not None:
            s3_servers.close()
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
