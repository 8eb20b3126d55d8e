"""Object bytes in an S3-compatible service (STORAGE_BACKEND=s3), through aiobotocore (botocore's S3 client on
asyncio): one object `objects/<version>` per object version, in the bucket STORAGE_S3_BUCKET.

An upload streams as a multipart upload of PART_BYTES parts (a single PutObject when it is smaller), one part sent
while the next arrives, so at most two parts per upload are in memory; S3 makes the object visible only when the
upload completes, and a failed or aborted upload is aborted (the service drops its parts), so it leaves nothing. The MD5 of the bytes is computed on the way
(a multipart ETag is not one), so the object's `eTag` is the same on both backends. A resumable upload's partial is
one object per received chunk, `uploads/<id>/<offset>`, joined into the version when the last byte arrives.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any, BinaryIO

import anyio
from aiobotocore.session import get_session
from botocore.config import Config
from botocore.exceptions import ClientError

from gateway.storage.store import Keep, Stored, limited

PART_BYTES = 8 * 1024 * 1024
READ_BLOCK_BYTES = 256 * 1024
_MISSING = {"404", "NoSuchKey", "NotFound"}


@dataclass(frozen=True)
class S3Settings:
    endpoint: str | None
    bucket: str
    region: str
    access_key_id: str | None = field(repr=False)  # the repr ends up in logs
    secret_access_key: str | None = field(repr=False)
    force_path_style: bool


def _code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code"))


def _missing(error: ClientError) -> bool:
    return _code(error) in _MISSING


class S3Blob:
    def __init__(self, client: Any, bucket: str, key: str, size: int) -> None:
        self.client, self.bucket, self.key, self.size = client, bucket, key, size

    async def _body(self, start: int, length: int) -> Any:
        try:
            answer = await self.client.get_object(Bucket=self.bucket, Key=self.key,
                                                  Range=f"bytes={start}-{start + length - 1}")
        except ClientError as error:
            if _missing(error):
                raise FileNotFoundError(self.key) from None
            raise
        return answer["Body"]

    async def stream(self, start: int, length: int) -> AsyncIterator[bytes]:
        if length <= 0:
            return
        body = await self._body(start, length)
        try:
            async for block in body.iter_chunks(READ_BLOCK_BYTES):
                yield block
        finally:
            body.close()

    async def whole(self) -> BinaryIO:
        buffer = io.BytesIO()
        async for block in self.stream(0, self.size):
            buffer.write(block)
        buffer.seek(0)
        return buffer

    def close(self) -> None:
        pass  # nothing is open until a stream starts


class S3Store:
    def __init__(self, settings: S3Settings) -> None:
        self.settings = settings
        self.bucket = settings.bucket
        self._stack = AsyncExitStack()
        self.client: Any = None

    async def prepare(self) -> None:
        config = Config(
            signature_version="s3v4",
            s3={"addressing_style": "path" if self.settings.force_path_style else "auto"},
            # Checksums only where S3 requires them: several S3-compatible services refuse the newer defaults.
            request_checksum_calculation="when_required",
            response_checksum_validation="when_required",
            retries={"max_attempts": 3, "mode": "standard"},
            max_pool_connections=50,
        )
        self.client = await self._stack.enter_async_context(get_session().create_client(
            "s3", endpoint_url=self.settings.endpoint, region_name=self.settings.region,
            aws_access_key_id=self.settings.access_key_id, aws_secret_access_key=self.settings.secret_access_key,
            config=config))
        try:
            await self.client.head_bucket(Bucket=self.bucket)
        except ClientError as error:
            if not _missing(error):
                raise
            await self._create_bucket()

    async def _create_bucket(self) -> None:
        """Replicas, and each replica's workers, start together: another one may create the bucket between this
        one's look and its create, which is as good as creating it."""
        try:
            await self.client.create_bucket(Bucket=self.bucket)
        except ClientError as error:
            if _code(error) != "BucketAlreadyOwnedByYou":
                raise

    async def close(self) -> None:
        await self._stack.aclose()

    @staticmethod
    def key_for(version: str) -> str:
        return f"objects/{version}"

    @staticmethod
    def partial_prefix(upload_id: str) -> str:
        return f"uploads/{upload_id}/"

    async def put(self, version: str, chunks: AsyncIterator[bytes], max_bytes: int) -> Stored:
        return await self._put(self.key_for(version), limited(chunks, max_bytes), None)

    async def _put(self, key: str, chunks: AsyncIterator[bytes], keep: Keep | None) -> Stored:
        digest = hashlib.md5(usedforsecurity=False)
        size = 0
        buffer = bytearray()
        upload_id: str | None = None
        parts: list[dict] = []
        # One part is sent while the next arrives: at most two parts per upload in memory.
        sending: asyncio.Task | None = None
        try:
            async for chunk in chunks:
                size += len(chunk)
                buffer += chunk
                if len(buffer) >= PART_BYTES:
                    if upload_id is None:
                        created = await self.client.create_multipart_upload(Bucket=self.bucket, Key=key)
                        upload_id = created["UploadId"]
                    if sending is not None:
                        await sending
                    sending = asyncio.ensure_future(self._part(key, upload_id, parts, digest, bytes(buffer), keep))
                    buffer.clear()
            if sending is not None:
                await sending
            if upload_id is None:
                data = bytes(buffer)
                await anyio.to_thread.run_sync(digest.update, data)
                if keep is not None:
                    await keep()
                await self.client.put_object(Bucket=self.bucket, Key=key, Body=data)
            else:
                if buffer:
                    await self._part(key, upload_id, parts, digest, bytes(buffer), keep)
                await self.client.complete_multipart_upload(Bucket=self.bucket, Key=key, UploadId=upload_id,
                                                            MultipartUpload={"Parts": parts})
        except BaseException:
            with anyio.CancelScope(shield=True):
                if sending is not None and not sending.done():
                    sending.cancel()
                    await asyncio.gather(sending, return_exceptions=True)
            if upload_id is not None:
                with anyio.CancelScope(shield=True):
                    await self.client.abort_multipart_upload(Bucket=self.bucket, Key=key, UploadId=upload_id)
            raise
        return Stored(size=size, md5=digest.hexdigest())

    async def _part(self, key: str, upload_id: str, parts: list[dict], digest: Any, data: bytes,
                    keep: Keep | None) -> None:
        await anyio.to_thread.run_sync(digest.update, data)
        if keep is not None:
            await keep()
        number = len(parts) + 1
        answer = await self.client.upload_part(Bucket=self.bucket, Key=key, UploadId=upload_id, PartNumber=number,
                                               Body=data)
        parts.append({"PartNumber": number, "ETag": answer["ETag"]})

    async def open(self, version: str) -> S3Blob:
        key = self.key_for(version)
        try:
            head = await self.client.head_object(Bucket=self.bucket, Key=key)
        except ClientError as error:
            if _missing(error):
                raise FileNotFoundError(version) from None
            raise
        return S3Blob(self.client, self.bucket, key, int(head["ContentLength"]))

    async def copy(self, source: str, target: str) -> None:
        try:
            await self.client.copy_object(Bucket=self.bucket, Key=self.key_for(target),
                                          CopySource={"Bucket": self.bucket, "Key": self.key_for(source)})
        except ClientError as error:
            if _missing(error):
                raise FileNotFoundError(source) from None
            raise

    async def remove(self, versions: list[str]) -> None:
        await self._delete([self.key_for(version) for version in versions])

    async def _delete(self, keys: list[str]) -> None:
        for start in range(0, len(keys), 1000):
            batch = [{"Key": key} for key in keys[start:start + 1000]]
            await self.client.delete_objects(Bucket=self.bucket, Delete={"Objects": batch, "Quiet": True})

    async def _partials(self, upload_id: str) -> list[tuple[int, str, int]]:
        """(offset, key, size) of the partial's chunks, in order of offset."""
        found = []
        paginator = self.client.get_paginator("list_objects_v2")
        async for page in paginator.paginate(Bucket=self.bucket, Prefix=self.partial_prefix(upload_id)):
            for item in page.get("Contents", []):
                offset = item["Key"].rsplit("/", 1)[-1]
                if offset.isdigit():
                    found.append((int(offset), item["Key"], int(item["Size"])))
        return sorted(found)

    async def start_partial(self, upload_id: str) -> None:
        pass  # its first chunk creates it

    async def append_partial(self, upload_id: str, offset: int, chunks: AsyncIterator[bytes], keep: Keep) -> int:
        stored = await self._put(f"{self.partial_prefix(upload_id)}{offset:020d}", chunks, keep)
        return offset + stored.size

    async def finish_partial(self, upload_id: str) -> Stored:
        pieces = await self._partials(upload_id)
        stored = await self._put(self.key_for(upload_id), self._joined(pieces), None)
        await self._delete([key for _, key, _ in pieces])
        return stored

    async def _joined(self, pieces: list[tuple[int, str, int]]) -> AsyncIterator[bytes]:
        """The chunks that follow each other from offset 0 (a chunk stored twice at one offset was replaced;
        one left at an offset the upload never reached again is skipped)."""
        position = 0
        for offset, key, size in pieces:
            if offset != position or size == 0:
                continue
            async for block in S3Blob(self.client, self.bucket, key, size).stream(0, size):
                yield block
            position += size

    async def discard_partial(self, upload_id: str) -> None:
        await self._delete([key for _, key, _ in await self._partials(upload_id)])
