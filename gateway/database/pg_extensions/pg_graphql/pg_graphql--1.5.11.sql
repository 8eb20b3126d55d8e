\echo Use "CREATE EXTENSION pg_graphql" to load this file. \quit

-- pg_graphql's entry point, so that projects creating the extension (and graphql_public.graphql, which calls it)
-- work; it resolves no query yet and says so in a GraphQL response's own shape.
create function graphql.resolve(query text, variables jsonb = '{}', "operationName" text = null,
                                extensions jsonb = null)
    returns jsonb language sql stable as $$
    select jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
        'message', 'GraphQL is not served by this gateway yet: pg_graphql''s schema is installed, '
                   'but graphql.resolve answers no queries')))
$$;

-- As Supabase's image grants when pg_graphql is created.
do $$
declare
    grantee text;
begin
    foreach grantee in array array['postgres', 'anon', 'authenticated', 'service_role'] loop
        if exists (select 1 from pg_roles where rolname = grantee) then
            execute format('grant usage on schema graphql to %I', grantee);
            execute format('grant execute on function graphql.resolve(text, jsonb, text, jsonb) to %I', grantee);
        end if;
    end loop;
end
$$;
