\echo Use "create extension http" to load this file. \quit

create domain @extschema@.http_method as text;
create domain @extschema@.content_type as text check (value ~ '^\S+\/\S+');

create type @extschema@.http_header as (field varchar, value varchar);
create type @extschema@.http_response as (
    status integer,
    content_type varchar,
    headers @extschema@.http_header[],
    content varchar
);
create type @extschema@.http_request as (
    method @extschema@.http_method,
    uri varchar,
    headers @extschema@.http_header[],
    content_type varchar,
    content varchar
);

create function @extschema@.http(request @extschema@.http_request) returns @extschema@.http_response
    language c as 'MODULE_PATHNAME', 'http_request';

create function @extschema@.http_set_curlopt(curlopt varchar, value varchar) returns boolean
    language c as 'MODULE_PATHNAME', 'http_set_curlopt';
create function @extschema@.http_reset_curlopt() returns boolean
    language c as 'MODULE_PATHNAME', 'http_reset_curlopt';
create function @extschema@.http_list_curlopt() returns table (curlopt text, value text)
    language c as 'MODULE_PATHNAME', 'http_list_curlopt';

create function @extschema@.urlencode(string varchar) returns text
    language c immutable strict as 'MODULE_PATHNAME', 'urlencode';
create function @extschema@.urlencode(string bytea) returns text
    language c immutable strict as 'MODULE_PATHNAME', 'urlencode';
create function @extschema@.urlencode(data jsonb) returns text
    language c immutable strict as 'MODULE_PATHNAME', 'urlencode_jsonb';

create function @extschema@.text_to_bytea(data text) returns bytea
    language c immutable strict as 'MODULE_PATHNAME', 'text_to_bytea';
create function @extschema@.bytea_to_text(data bytea) returns text
    language c immutable strict as 'MODULE_PATHNAME', 'bytea_to_text';

create function @extschema@.http_header(field varchar, value varchar) returns @extschema@.http_header
    language sql as $$ select row(field, value)::@extschema@.http_header $$;

create function @extschema@.http_get(uri varchar) returns @extschema@.http_response
    language sql as $$ select @extschema@.http(row('GET', uri, null, null, null)::@extschema@.http_request) $$;
-- The data's keys and values go into the query string.
create function @extschema@.http_get(uri varchar, data jsonb) returns @extschema@.http_response
    language sql as $$
        select @extschema@.http(row('GET', uri || '?' || @extschema@.urlencode(data), null, null, null)
                                ::@extschema@.http_request) $$;
create function @extschema@.http_post(uri varchar, content varchar, content_type varchar)
    returns @extschema@.http_response
    language sql as $$ select @extschema@.http(row('POST', uri, null, content_type, content)::@extschema@.http_request) $$;
-- The data's keys and values go into a form body.
create function @extschema@.http_post(uri varchar, data jsonb) returns @extschema@.http_response
    language sql as $$
        select @extschema@.http(row('POST', uri, null, 'application/x-www-form-urlencoded',
                                    @extschema@.urlencode(data))::@extschema@.http_request) $$;
create function @extschema@.http_put(uri varchar, content varchar, content_type varchar)
    returns @extschema@.http_response
    language sql as $$ select @extschema@.http(row('PUT', uri, null, content_type, content)::@extschema@.http_request) $$;
create function @extschema@.http_patch(uri varchar, content varchar, content_type varchar)
    returns @extschema@.http_response
    language sql as $$ select @extschema@.http(row('PATCH', uri, null, content_type, content)::@extschema@.http_request) $$;
create function @extschema@.http_delete(uri varchar) returns @extschema@.http_response
    language sql as $$ select @extschema@.http(row('DELETE', uri, null, null, null)::@extschema@.http_request) $$;
create function @extschema@.http_delete(uri varchar, content varchar, content_type varchar)
    returns @extschema@.http_response
    language sql as $$ select @extschema@.http(row('DELETE', uri, null, content_type, content)::@extschema@.http_request) $$;
create function @extschema@.http_head(uri varchar) returns @extschema@.http_response
    language sql as $$ select @extschema@.http(row('HEAD', uri, null, null, null)::@extschema@.http_request) $$;
