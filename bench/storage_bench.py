"""Storage throughput: one object uploaded and downloaded through /storage/v1, against the disk's own speed.

Prints MB/s for: writing the same bytes straight to the disk (write + fsync, the ceiling of an upload), an upload
(POST, raw body, streamed), an authenticated download (GET, streamed), and the gateway process's memory growth.

    .venv/bin/python bench/storage_bench.py --megabytes 200 --rounds 3

Uses an embedded PostgreSQL in a temporary folder and one gateway process; the client runs in this process.

Recorded on the 2-core development machine (200 MiB, 3 rounds): disk 191 MiB/s, upload 155 MiB/s (81% of the
disk; md5 and fsync included), download 441 MiB/s (page cache), gateway peak RSS 88 MiB (81 MiB after start).
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

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gateway import embedded, migrate  # noqa: E402
from gateway.keys import JwtKeys  # noqa: E402
from gateway.project import Project  # noqa: E402
from gateway.settings import PROJECT_ROOT, Settings  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--megabytes", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    data_dir = Path(tempfile.mkdtemp(prefix="storage-bench-"))
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
            block = os.urandom(BLOCK)
            baseline = rss_mb(process.pid)
            disk, up, down = [], [], []
            for round_ in range(args.rounds):
                disk.append(disk_speed(settings.storage_root, args.megabytes, block))
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
        print(f"object size {args.megabytes} MiB, {args.rounds} rounds (median MiB/s)")
        print(f"  disk write+fsync  {statistics.median(disk):8.0f}")
        print(f"  upload            {statistics.median(up):8.0f}")
        print(f"  download          {statistics.median(down):8.0f}")
        print(f"  gateway peak RSS  {peak:8.0f} MiB (after start: {baseline:.0f} MiB)")
    finally:
        process.terminate()
        process.join()
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
