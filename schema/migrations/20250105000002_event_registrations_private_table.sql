-- Reading event registrations must be refused with 42501 for everyone but super-admins, even while the table is
-- empty (the site shows its Access Denied card on that code). Row-level security quals run once per row, so an
-- empty table could only answer []. The rows therefore move to a private schema, and policies/event_registrations.sql
-- puts a security-invoker view in their place whose check is a one-time filter, evaluated once per statement.
create schema if not exists private;
comment on schema private is 'Tables the API reaches only through views in public.';
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

alter table public.event_registrations set schema private;
grant select, insert, update, delete on private.event_registrations to authenticated, service_role;
grant insert on private.event_registrations to anon;
