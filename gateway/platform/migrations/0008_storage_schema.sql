-- Supabase's `storage` schema as supabase/storage's tenant migrations leave it: buckets, objects, the path helpers
-- policies call, RLS on both tables and Supabase's grants. A project's SQL that creates buckets and storage
-- policies (`insert into storage.buckets ...`, `create policy ... on storage.objects`) then runs unchanged.
-- Only the schema: the gateway does not serve the Storage HTTP API. Written to run again over a database that
-- already has it (one restored from a Supabase dump), as supabase/storage's own migrations are.
do $$
begin
    if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
        create role supabase_storage_admin nologin noinherit createrole;
    end if;
end
$$;
grant supabase_storage_admin to current_user;

create schema if not exists storage authorization supabase_storage_admin;
comment on schema storage is 'Storage: buckets and the metadata of their objects (the Storage API''s own schema).';
grant usage on schema storage to anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
    grant all on tables to anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
    grant all on functions to anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
    grant all on sequences to anon, authenticated, service_role;

do $$
begin
    if to_regtype('storage.buckettype') is null then
        create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
    end if;
end
$$;

create table if not exists storage.buckets (
    id text primary key,
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
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
    id uuid primary key default gen_random_uuid(),
    bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
    name text,
    owner uuid,
    created_at timestamptz default now(),
    updated_at timestamptz default now(),
    last_accessed_at timestamptz default now(),
    metadata jsonb,
    path_tokens text[] generated always as (string_to_array(name, '/')) stored,
    version text,
    owner_id text,
    user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
    _parts text[];
begin
    select string_to_array(name, '/') into _parts;
    return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
    _parts text[];
begin
    select string_to_array(name, '/') into _parts;
    return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
    _parts text[];
    _filename text;
begin
    select string_to_array(name, '/') into _parts;
    select _parts[array_length(_parts, 1)] into _filename;
    return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
    new.updated_at = now();
    return new;
end
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
    for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql as $$
begin
    if length(new.name) > 100 then
        raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
    end if;
    return new;
end
$$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
    for each row execute function storage.enforce_bucket_name_length();

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter type storage.buckettype owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
alter function storage.update_updated_at_column() owner to supabase_storage_admin;
alter function storage.enforce_bucket_name_length() owner to supabase_storage_admin;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to current_user with grant option;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
    to anon, authenticated, service_role;
