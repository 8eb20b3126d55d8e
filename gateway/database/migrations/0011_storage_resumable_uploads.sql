-- Resumable (TUS) uploads in flight: one row per upload, so any gateway process can take the next chunk.
-- The bytes received so far are the file tmp/<id> under FILE_STORAGE_BACKEND_PATH; at completion that file
-- becomes the object version <id> and the row is deleted. Only the gateway itself reads this table.

create table gateway_meta.storage_uploads (
    id text primary key,
    bucket_id text not null,
    name text not null,
    upsert boolean not null,
    upload_length bigint not null check (upload_length >= 0),
    upload_offset bigint not null default 0 check (upload_offset between 0 and upload_length),
    content_type text not null,
    cache_control text not null,
    user_metadata jsonb,
    lease text,
    lease_expires timestamptz,
    created_at timestamptz not null default now()
);
comment on table gateway_meta.storage_uploads is
    'Resumable uploads in flight; `lease` marks the one request appending to an upload (until lease_expires).';
revoke all on gateway_meta.storage_uploads from public, anon, authenticated, service_role;
