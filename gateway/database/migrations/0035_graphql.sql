-- GraphQL as in Supabase's image: pg_graphql installed in every database (a project's `create extension if not
-- exists pg_graphql` is a no-op) and the `graphql_public` schema whose `graphql` function the API calls.
-- graphql_public.graphql looks graphql.resolve up when called, so it keeps working when a project drops or
-- creates the extension, answering as the image's placeholder does while it is absent.
create schema if not exists graphql_public;

do $$
begin
    if exists (select 1 from pg_available_extensions where name = 'pg_graphql') then
        create extension if not exists pg_graphql;
    else
        raise notice 'extension pg_graphql is not available on this server';
    end if;
end
$$;

create or replace function graphql_public.graphql("operationName" text default null, query text default null,
                                                  variables jsonb default null, extensions jsonb default null)
    returns jsonb language plpgsql as $$
declare
    answer jsonb;
begin
    if to_regprocedure('graphql.resolve(text, jsonb, text, jsonb)') is null then
        return jsonb_build_object('errors', jsonb_build_array(jsonb_build_object(
            'message', 'pg_graphql extension is not enabled.')));
    end if;
    execute 'select graphql.resolve(query := $1, variables := coalesce($2, ''{}''), "operationName" := $3, '
            'extensions := $4)'
        into answer using query, variables, "operationName", extensions;
    return answer;
end
$$;

grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
grant execute on function graphql_public.graphql(text, text, jsonb, jsonb) to postgres, anon, authenticated,
    service_role;
alter default privileges in schema graphql_public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on sequences to postgres, anon, authenticated, service_role;
