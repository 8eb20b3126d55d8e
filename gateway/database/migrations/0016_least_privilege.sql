-- Least privilege, as on Supabase: request traffic logs in as `authenticator` (NOINHERIT: no rights of its own
-- until the request's transaction switches to anon, authenticated or service_role), the auth service as
-- `supabase_auth_admin` (rights on `auth`, plus writing its mails to the outbox in the same transaction).
-- Role attributes can be changed by a superuser only; elsewhere the operator creates the roles (README).
do $$
begin
    if (select rolsuper from pg_roles where rolname = current_user) then
        alter role authenticator login noinherit nosuperuser nocreatedb nocreaterole nobypassrls noreplication;
        alter role supabase_auth_admin login noinherit nosuperuser nocreatedb nocreaterole nobypassrls noreplication;
    end if;
end
$$;

alter default privileges in schema auth grant all on tables to supabase_auth_admin;
alter default privileges in schema auth grant all on sequences to supabase_auth_admin;
alter default privileges in schema auth grant execute on routines to supabase_auth_admin;
grant execute on all routines in schema auth to supabase_auth_admin;

grant usage on schema mail to supabase_auth_admin;
grant insert on mail.outbox to supabase_auth_admin;
grant select (id) on mail.outbox to supabase_auth_admin;
