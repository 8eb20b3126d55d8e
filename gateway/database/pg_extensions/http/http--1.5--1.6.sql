\echo Use "alter extension http update to '1.6'" to load this file. \quit

alter domain @extschema@.http_method drop constraint if exists http_method_check;
create function @extschema@.text_to_bytea(data text) returns bytea
    language c immutable strict as 'MODULE_PATHNAME', 'text_to_bytea';
create function @extschema@.bytea_to_text(data bytea) returns text
    language c immutable strict as 'MODULE_PATHNAME', 'bytea_to_text';
