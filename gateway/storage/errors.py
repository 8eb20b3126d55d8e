"""Errors in Storage's own shape: `{"statusCode", "error", "message"}`.

As supabase/storage renders them: the body carries the real status as a string, while the HTTP status is 400
for every client error and 500 for server errors (a few answers, named below, keep their own status).
"""

from __future__ import annotations

import psycopg
from starlette.responses import JSONResponse, PlainTextResponse


class StorageError(Exception):
    def __init__(self, status: int, code: str, message: str, error: str | None = None,
                 http_status: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.error = error or code
        self.message = message
        self.http_status = http_status or (500 if status == 500 else 400)

    def response(self) -> JSONResponse:
        return JSONResponse({"statusCode": str(self.status), "code": self.code, "error": self.error,
                             "message": self.message}, status_code=self.http_status)

    def plain(self) -> PlainTextResponse:
        """As supabase/storage answers a resumable upload (its TUS server's way): the message as text, with the
        real status."""
        return PlainTextResponse(self.message, status_code=self.status if 400 <= self.status < 600 else 500,
                                 headers={"Tus-Resumable": "1.0.0"})


def no_such_bucket() -> StorageError:
    return StorageError(404, "NoSuchBucket", "Bucket not found", error="Bucket not found")


def no_such_key() -> StorageError:
    return StorageError(404, "NoSuchKey", "Object not found", error="not_found")


def invalid_key(key: str) -> StorageError:
    return StorageError(400, "InvalidKey", f"Invalid key: {key}")


def invalid_bucket_name(name: str) -> StorageError:
    return StorageError(400, "InvalidBucketName", "Bucket name invalid", error="Invalid Input")


def invalid_request(message: str) -> StorageError:
    return StorageError(400, "InvalidRequest", message)


def invalid_mime_type(mime: str) -> StorageError:
    return StorageError(415, "InvalidMimeType", f"mime type {mime} is not supported", error="invalid_mime_type")


def entity_too_large(entity: str = "object", limit: str = "the maximum allowed size") -> StorageError:
    return StorageError(413, "EntityTooLarge", f"The {entity} exceeded {limit}", error="Payload too large")


def access_denied(message: str = "Access denied") -> StorageError:
    return StorageError(403, "AccessDenied", message, error="Unauthorized")


def duplicate() -> StorageError:
    return StorageError(409, "ResourceAlreadyExists", "The resource already exists", error="Duplicate")


def invalid_jwt(message: str) -> StorageError:
    return StorageError(400, "InvalidJWT", message)


def invalid_signature(message: str = "Invalid signature") -> StorageError:
    return StorageError(400, "InvalidSignature", message)


def invalid_range() -> StorageError:
    return StorageError(400, "InvalidRange", "invalid range provided", error="invalid_range")


def no_content() -> StorageError:
    return StorageError(400, "InvalidRequest", "No content provided")


def image_processing(message: str) -> StorageError:
    return StorageError(400, "InvalidRequest", message)


def missing_parameter(name: str) -> StorageError:
    return StorageError(400, "MissingParameter", f"Missing Required Parameter {name}")


def internal() -> StorageError:
    return StorageError(500, "InternalError", "Internal server error")


def from_database(exc: psycopg.Error) -> StorageError:
    """supabase/storage's DBError.fromDBError: the SQLSTATE decides."""
    state = exc.sqlstate or ""
    message = (exc.diag.message_primary if exc.diag else None) or str(exc)
    if state == "42501":
        return access_denied("new row violates row-level security policy" if "row-level security" in message
                             else message)
    if state == "23505":
        return duplicate()
    if state == "23503":
        if "still referenced" in ((exc.diag.message_detail if exc.diag else None) or ""):
            return StorageError(409, "ResourceReferenced",
                                "The resource could not be updated or removed due to a foreign key constraint")
        return StorageError(404, "NoSuchBucket", "Bucket not found", error="Bucket not found")
    if state == "55P03":
        return StorageError(423, "ResourceLocked", "The resource is locked")
    if state == "57014":
        return StorageError(544, "DatabaseTimeout", "The connection to the database timed out", http_status=544)
    if state == "22P02":
        return StorageError(400, "InvalidParameter", message or "Invalid value format or type conversion failed")
    return StorageError(500, "DatabaseError", f"database error, code: {state}")
