"""Bucket operations, as the caller: the policies on storage.buckets decide."""

from __future__ import annotations

from starlette.requests import Request

from gateway.claims import Caller
from gateway.storage import errors
from gateway.storage.access import Access, owner_of, privileged, transaction_of
from gateway.storage.names import check_allowed_mime_types, new_bucket_name, parse_size
from gateway.storage.objects import fetch_dicts, jsonable, owner_columns

# getBucket's columns in supabase/storage (src/http/routes/bucket/getBucket.ts): no `type`, unlike the list.
BUCKET_COLUMNS = "id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types"
LIST_COLUMNS = "id, name, public, owner, created_at, updated_at, file_size_limit, allowed_mime_types, type"
SORT_COLUMNS = {"id", "name", "created_at", "updated_at"}


def limits(body: dict, max_file_size: int) -> dict:
    """The limit columns a create/update body sets (a key left out is left alone)."""
    values: dict = {}
    if "file_size_limit" in body:
        size = parse_size(body["file_size_limit"])
        if size is not None and size > max_file_size:
            raise errors.entity_too_large()
        values["file_size_limit"] = size
    if "allowed_mime_types" in body:
        types = body["allowed_mime_types"]
        if types is not None:
            if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
                raise errors.invalid_request("allowed_mime_types must be an array of strings")
            types = [t for t in types if t]
            check_allowed_mime_types(types)
        values["allowed_mime_types"] = types
    return values


async def list_buckets(access: Access, request: Request, caller: Caller, params) -> list[dict]:
    sql = f"select {LIST_COLUMNS} from storage.buckets"
    args: list = []
    if params.get("search"):
        sql += " where name ilike %s"
        args.append("%" + params["search"].replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
    column = params.get("sortColumn") if params.get("sortColumn") in SORT_COLUMNS else "name"
    order = "desc" if params.get("sortOrder") == "desc" else "asc"
    sql += f" order by {column} {order}"
    for key in ("limit", "offset"):
        value = params.get(key)
        if value is not None:
            if not value.isdigit():
                raise errors.invalid_request(f"querystring/{key} must be integer")
            sql += f" {key} %s"
            args.append(int(value))
    async with access.as_caller(request, caller, "storage.bucket.list") as conn:
        return [jsonable(row) for row in await fetch_dicts(conn, sql, args)]


async def get_bucket(access: Access, request: Request, caller: Caller, bucket_id: str) -> dict:
    async with access.as_caller(request, caller, "storage.bucket.get") as conn:
        rows = await fetch_dicts(
            conn, f"select {BUCKET_COLUMNS} from storage.buckets where id = %s", (bucket_id,))
    if not rows:
        raise errors.no_such_bucket()
    return jsonable(rows[0])


async def create_bucket(access: Access, request: Request, caller: Caller, body: dict, max_file_size: int) -> str:
    name = body.get("name")
    if not isinstance(name, str):
        raise errors.invalid_request("body must have required property 'name'")
    bucket_id = body.get("id") or name
    new_bucket_name(name)
    new_bucket_name(bucket_id)
    if body.get("type") not in (None, "STANDARD"):
        raise errors.StorageError(409, "FeatureNotEnabled",
                                  "The feature iceberg_catalog is not enabled for this resource")
    values = {"id": bucket_id, "name": name, "public": bool(body.get("public") or False),
              **limits(body, max_file_size)}
    values["owner"], values["owner_id"] = owner_columns(owner_of(caller))
    columns = ", ".join(values)
    async with access.as_caller(request, caller, "storage.bucket.create") as conn:
        await conn.execute(f"insert into storage.buckets ({columns}) values ({', '.join(['%s'] * len(values))})",
                           list(values.values()))
    return name


async def update_bucket(access: Access, request: Request, caller: Caller, bucket_id: str, body: dict,
                        max_file_size: int) -> None:
    values = limits(body, max_file_size)
    if body.get("public") is not None:
        values["public"] = bool(body["public"])
    if not values:
        raise errors.no_content()
    assignments = ", ".join(f"{column} = %s" for column in values)
    async with access.as_caller(request, caller, "storage.bucket.update") as conn:
        cur = await conn.execute(f"update storage.buckets set {assignments}, updated_at = now() where id = %s",
                                 [*values.values(), bucket_id])
        if not cur.rowcount:
            raise errors.no_such_bucket()


async def empty_bucket(access: Access, request: Request, caller: Caller, bucket_id: str) -> None:
    """A caller who can see the bucket empties it, as supabase/storage's queued admin job does."""
    async with access.as_caller(request, caller, "storage.bucket.empty", deleting=True) as conn:
        cur = await conn.execute("select 1 from storage.buckets where id = %s", (bucket_id,))
        if await cur.fetchone() is None:
            raise errors.no_such_bucket()
        await privileged(conn)
        await conn.execute("delete from storage.objects where bucket_id = %s", (bucket_id,))
        transaction = await transaction_of(conn)
    await access.release_by(transaction)


async def delete_bucket(access: Access, request: Request, caller: Caller, bucket_id: str) -> None:
    """Refused while the bucket holds any object, seen by the caller or not (the objects' foreign key decides)."""
    try:
        async with access.as_caller(request, caller, "storage.bucket.delete", deleting=True) as conn:
            cur = await conn.execute("delete from storage.buckets where id = %s", (bucket_id,))
            if not cur.rowcount:
                raise errors.no_such_bucket()
    except errors.StorageError as error:
        if error.code == "ResourceReferenced":
            raise errors.StorageError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty") \
                from None
        raise
