-- Version 1.5, which Supabase's image had before 1.6 and `db pull` output of older projects names: installed as
-- 1.6 and brought back to 1.5's interface (no bytea helpers, the six methods only).
\echo Use "create extension http version '1.5'" to load this file. \quit

drop function @extschema@.text_to_bytea(text);
drop function @extschema@.bytea_to_text(bytea);
alter domain @extschema@.http_method add constraint http_method_check
    check (value ilike any (array['get', 'post', 'put', 'delete', 'patch', 'head']));
