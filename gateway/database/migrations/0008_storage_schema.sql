-- Storage: the `storage` schema as supabase/storage's tenant migrations leave it (0001-0061, the standard buckets
-- and objects; not its S3-multipart, analytics/iceberg and vector tables, which this gateway does not serve), so
-- policies written for Supabase work unchanged. The gateway's Storage API (gateway/storage) runs every operation
-- as the caller's role with the caller's claims, so RLS on these tables decides; service_role bypasses it.
-- Bytes live outside the database, one immutable file per object version; gateway_meta.storage_released_versions
-- lists versions no row references any more, so their files are removed after the change commits.

create schema if not exists storage;
comment on schema storage is 'Storage: buckets and object metadata; the bytes are files the gateway keeps.';
grant usage on schema storage to anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to anon, authenticated, service_role;

do $$
begin
    if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                   where n.nspname = 'storage' and t.typname = 'buckettype') then
        create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
    end if;
end
$$;

create table storage.buckets (
    id text not null primary key,
    name text not null,
    owner uuid,
    created_at timestamptz default now(),
    updated_at timestamptz default now(),
    public boolean default false,
    avif_autodetection boolean default false,
    file_size_limit bigint,
    allowed_mime_types text[],
    owner_id text,
    type storage.buckettype not null default 'STANDARD'
);
create unique index bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table storage.objects (
    id uuid not null default gen_random_uuid() primary key,
    bucket_id text,
    name text,
    owner uuid,
    created_at timestamptz default now(),
    updated_at timestamptz default now(),
    last_accessed_at timestamptz default now(),
    metadata jsonb,
    path_tokens text[] generated always as (string_to_array(name, '/')) stored,
    version text,
    owner_id text,
    user_metadata jsonb,
    constraint "objects_bucketId_fkey" foreign key (bucket_id) references storage.buckets (id)
);
create unique index bucketid_objname on storage.objects using btree (bucket_id, name);
create index name_prefix_search on storage.objects (name text_pattern_ops);
create index idx_objects_bucket_id_name on storage.objects (bucket_id, (name collate "C"));
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create function storage.foldername(name text) returns text[]
language plpgsql immutable as $function$
declare
    _parts text[];
begin
    select string_to_array(name, '/') into _parts;
    return _parts[1 : array_length(_parts, 1) - 1];
end
$function$;

create function storage.filename(name text) returns text
language plpgsql immutable as $function$
declare
    _parts text[];
begin
    select string_to_array(name, '/') into _parts;
    return _parts[array_length(_parts, 1)];
end
$function$;

create function storage.extension(name text) returns text
language plpgsql immutable as $function$
declare
    _parts text[];
    _filename text;
begin
    select string_to_array(name, '/') into _parts;
    select _parts[array_length(_parts, 1)] into _filename;
    return reverse(split_part(reverse(_filename), '.', 1));
end
$function$;

-- The listing `list()` of storage-js calls: the folders (id null) and files one level below `prefix`, as the
-- caller sees them (security invoker: RLS applies).
create function storage.search(
    prefix text,
    bucketname text,
    limits int default 100,
    levels int default 1,
    offsets int default 0,
    search text default '',
    sortcolumn text default 'name',
    sortorder text default 'asc'
) returns table (
    name text,
    id uuid,
    updated_at timestamptz,
    created_at timestamptz,
    last_accessed_at timestamptz,
    metadata jsonb
)
language plpgsql stable as $function$
declare
    v_order_by text;
    v_sort_order text;
begin
    v_order_by := case when sortcolumn in ('name', 'updated_at', 'created_at', 'last_accessed_at')
                       then sortcolumn else 'name' end;
    v_sort_order := case when sortorder = 'desc' then 'desc' else 'asc' end;
    v_order_by := v_order_by || ' ' || v_sort_order;

    return query execute
        'with folders as (
           select path_tokens[$1] as folder
           from storage.objects
             where objects.name ilike $2 || $3 || ''%''
               and bucket_id = $4
               and array_length(objects.path_tokens, 1) <> $1
           group by folder
           order by folder ' || v_sort_order || '
     )
     (select folder as "name",
            null::uuid as id,
            null::timestamptz as updated_at,
            null::timestamptz as created_at,
            null::timestamptz as last_accessed_at,
            null::jsonb as metadata from folders)
     union all
     (select path_tokens[$1] as "name",
            id,
            updated_at,
            created_at,
            last_accessed_at,
            metadata
     from storage.objects
     where objects.name ilike $2 || $3 || ''%''
       and bucket_id = $4
       and array_length(objects.path_tokens, 1) = $1
     order by ' || v_order_by || ')
     limit $5
     offset $6' using levels, prefix, search, bucketname, limits, offsets;
end
$function$;

create function storage.list_objects_with_delimiter(
    bucket_id text, prefix_param text, delimiter_param text, max_keys integer default 100,
    start_after text default '', next_token text default ''
) returns table (name text, id uuid, metadata jsonb, updated_at timestamptz)
language plpgsql as $function$
begin
    return query execute
        'select distinct on (name collate "C") * from (
            select
                case
                    when position($2 in substring(name from length($1) + 1)) > 0 then
                        substring(name from 1 for length($1) + position($2 in substring(name from length($1) + 1)))
                    else name
                end as name, id, metadata, updated_at
            from storage.objects
            where bucket_id = $5
              and name ilike $1 || ''%''
              and case when $6 != '''' then name collate "C" > $6 else true end
              and case
                    when $4 != '''' then
                        case
                            when position($2 in substring(name from length($1) + 1)) > 0 then
                                substring(name from 1 for length($1) + position($2 in substring(name from length($1) + 1))) collate "C" > $4
                            else name collate "C" > $4
                        end
                    else true
                  end
            order by name collate "C" asc) as e order by name collate "C" limit $3'
        using prefix_param, delimiter_param, max_keys, next_token, bucket_id, start_after;
end
$function$;

create function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language plpgsql stable as $function$
begin
    return query
        select sum((metadata ->> 'size')::bigint)::bigint as size, obj.bucket_id
        from storage.objects as obj
        group by obj.bucket_id;
end
$function$;

create function storage.can_insert_object(bucketid text, name text, owner uuid, metadata jsonb) returns void
language plpgsql as $function$
begin
    insert into storage.objects (bucket_id, name, owner, metadata) values (bucketid, name, owner, metadata);
    -- hack to rollback the successful insert
    raise sqlstate 'PT200' using message = 'ROLLBACK', detail = 'rollback successful insert';
end
$function$;

-- The operation a request performs ('storage.object.upload', ...), set by the API for operation-aware policies.
create function storage.operation() returns text
language plpgsql stable as $function$
begin
    return current_setting('storage.operation', true);
end
$function$;

create function storage.allow_only_operation(expected_operation text) returns boolean
language sql stable as $function$
  with current_operation as (
    select storage.operation() as raw_operation
  ),
  normalized as (
    select
      case when raw_operation like 'storage.%' then substr(raw_operation, 9) else raw_operation end as current_operation,
      case when expected_operation like 'storage.%' then substr(expected_operation, 9) else expected_operation end
        as requested_operation
    from current_operation
  )
  select case
    when requested_operation is null or requested_operation = '' then false
    else coalesce(current_operation = requested_operation, false)
  end
  from normalized;
$function$;

create function storage.allow_any_operation(expected_operations text[]) returns boolean
language sql stable as $function$
  with current_operation as (
    select storage.operation() as raw_operation
  ),
  normalized as (
    select case when raw_operation like 'storage.%' then substr(raw_operation, 9) else raw_operation end
      as current_operation
    from current_operation
  )
  select exists (
    select 1
    from normalized n
    cross join lateral unnest(expected_operations) as expected_operation
    where expected_operation is not null
      and expected_operation <> ''
      and n.current_operation = case
        when expected_operation like 'storage.%' then substr(expected_operation, 9)
        else expected_operation
      end
  );
$function$;

create function storage.update_updated_at_column() returns trigger
language plpgsql as $function$
begin
    new.updated_at = now();
    return new;
end
$function$;
create trigger update_objects_updated_at before update on storage.objects
    for each row execute function storage.update_updated_at_column();

create function storage.enforce_bucket_name_length() returns trigger
language plpgsql as $function$
begin
    if length(new.name) > 100 then
        raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
    end if;
    return new;
end
$function$;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
    for each row execute function storage.enforce_bucket_name_length();

-- As on Supabase: rows are deleted through the Storage API (which sets storage.allow_delete_query), so a stray
-- DELETE in SQL cannot orphan files.
create function storage.protect_delete() returns trigger
language plpgsql as $function$
begin
    if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
        raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
            using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
    end if;
    return null;
end
$function$;
create trigger protect_buckets_delete before delete on storage.buckets
    for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
    for each statement execute function storage.protect_delete();

-- The gateway's own bookkeeping, apart from Supabase's schema: an object version whose row was deleted or now
-- names another version is listed here in the same transaction; its file is removed once that commits.
create schema if not exists gateway_meta;
create table gateway_meta.storage_released_versions (
    version text primary key,
    released_by xid8 not null default pg_current_xact_id(),
    released_at timestamptz not null default now()
);
create index storage_released_versions_by_idx on gateway_meta.storage_released_versions (released_by);
comment on table gateway_meta.storage_released_versions is
    'Object versions no storage.objects row references; the gateway deletes their files and then the entry.';

create function gateway_meta.storage_release_version() returns trigger
language plpgsql security definer set search_path = '' as $function$
begin
    if old.version is not null and (tg_op = 'DELETE' or new.version is distinct from old.version) then
        insert into gateway_meta.storage_released_versions (version) values (old.version) on conflict do nothing;
    end if;
    return null;
end
$function$;
revoke all on function gateway_meta.storage_release_version() from public;
create trigger zz_gateway_release_version after update or delete on storage.objects
    for each row execute function gateway_meta.storage_release_version();
