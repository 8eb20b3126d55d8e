-- GoTrue's own migration ledger, auth.schema_migrations, which `db pull` output of a hosted project names (for
-- example `revoke select on table "auth"."schema_migrations" from "postgres"`). The gateway's auth schema is
-- versioned with the platform's migrations, so the table stays empty.
create table auth.schema_migrations (
    version varchar(255) primary key
);
comment on table auth.schema_migrations is 'Auth: Manages updates to the auth system.';
grant select on auth.schema_migrations to postgres;
