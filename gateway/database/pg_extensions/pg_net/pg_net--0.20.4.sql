-- pg_net: requests queued in net.http_request_queue, answered into net._http_response by the gateway's runner, which
-- holds the advisory lock (7461, 1) of this database while it runs and LISTENs on pg_net_request.

create schema if not exists net;

create domain net.http_method as text check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

create unlogged table net.http_request_queue (
    id bigserial,
    method net.http_method not null,
    url text not null,
    headers jsonb,
    body bytea,
    timeout_milliseconds int not null
);

create unlogged table net._http_response (
    id bigint,
    status_code integer,
    content_type text,
    headers jsonb,
    content text,
    timed_out bool,
    error_msg text,
    created timestamptz not null default now()
);
create index on net._http_response (created);

create function net.wake() returns void language sql as $$
    select pg_notify('pg_net_request', '')
$$;

create function net._wake_on_queue() returns trigger language plpgsql as $$
begin
    perform net.wake();
    return null;
end
$$;

create trigger wake_runner after insert on net.http_request_queue
    for each statement execute function net._wake_on_queue();

create function net.check_worker_is_up() returns void language plpgsql as $$
begin
    if not exists (select 1 from pg_locks
                   where locktype = 'advisory' and classid = 7461 and objid = 1 and objsubid = 2 and granted
                     and database = (select oid from pg_database where datname = current_database())) then
        raise exception using
            message = 'the pg_net background worker is not up',
            detail = 'no gateway is serving this database, so queued requests wait until one does',
            hint = 'start the gateway (gateway serve) on this database';
    end if;
end
$$;
comment on function net.check_worker_is_up() is 'raises an exception if the pg_net background worker is not up, otherwise it doesn''t return anything';

create function net.wait_until_running() returns void language plpgsql as $$
begin
    loop
        begin
            perform net.check_worker_is_up();
            return;
        exception when raise_exception then
            perform pg_sleep(0.05);
        end;
    end loop;
end
$$;
comment on function net.wait_until_running() is 'waits until the worker is running';

-- The runner reconnects at once and takes the queue up again.
create function net.worker_restart() returns bool language sql as $$
    select coalesce(bool_or(pg_terminate_backend(pid)), false)
    from pg_locks
    where locktype = 'advisory' and classid = 7461 and objid = 1 and objsubid = 2 and granted
      and database = (select oid from pg_database where datname = current_database())
$$;

-- Percent-encodes every byte but the unreserved characters of RFC 3986, as curl_easy_escape does.
create function net._urlencode_string(string varchar) returns text language sql immutable as $$
    select case when string is null then null else coalesce(string_agg(
        case when b < 128 and chr(b) ~ '[A-Za-z0-9._~-]' then chr(b) else '%' || upper(lpad(to_hex(b), 2, '0')) end,
        '' order by i), '') end
    from (select i, get_byte(bytes, i) as b
          from (select convert_to(string, 'UTF8') as bytes) as input,
               generate_series(0, length(convert_to(string, 'UTF8')) - 1) as i) as each_byte
$$;

create function net._encode_url_with_params_array(url text, params_array text[]) returns text language sql immutable as $$
    select case
        when url is null or params_array is null then null
        when cardinality(params_array) = 0 then url
        else split_part(url, '#', 1)
             || case when split_part(url, '#', 1) like '%?%' then '&' else '?' end
             || array_to_string(params_array, '&')
    end
$$;

create function net._await_response(request_id bigint) returns bool language plpgsql as $$
begin
    while not exists (select 1 from net._http_response where id = request_id) loop
        perform pg_sleep(0.05);
    end loop;
    return true;
end
$$;

-- Queues one request; the three public functions differ only in what they check and send.
create function net._queue(method text, url text, params jsonb, headers jsonb, body bytea, timeout_milliseconds int)
returns bigint language sql as $$
    insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
    select method,
           net._encode_url_with_params_array(url, coalesce(array_agg(net._urlencode_string(key) || '=' ||
                                                                     net._urlencode_string(value)), '{}')),
           headers, body, timeout_milliseconds
    from jsonb_each_text(params)
    returning id
$$;

create function net.http_get(
    url text,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{}'::jsonb,
    timeout_milliseconds int default 5000
) returns bigint language sql as $$
    select net._queue('GET', url, params, headers, null, timeout_milliseconds)
$$;

create function net.http_post(
    url text,
    body jsonb default '{}'::jsonb,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
    timeout_milliseconds int default 5000
) returns bigint language plpgsql as $$
declare
    content_type text;
begin
    select value into content_type
    from jsonb_each_text(coalesce(headers, '{}'::jsonb))
    where lower(key) = 'content-type'
    limit 1;
    if content_type is null then
        headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
    elsif content_type <> 'application/json' then
        raise exception 'Content-Type header must be "application/json"';
    end if;
    return net._queue('POST', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds);
end
$$;

create function net.http_delete(
    url text,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{}'::jsonb,
    timeout_milliseconds int default 5000,
    body jsonb default null
) returns bigint language sql as $$
    select net._queue('DELETE', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
$$;

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');

create type net.http_response as (
    status_code integer,
    headers jsonb,
    body text
);

create type net.http_response_result as (
    status net.request_status,
    message text,
    response net.http_response
);

create function net._http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result language plpgsql as $$
declare
    rec net._http_response;
begin
    if not async then
        perform net._await_response(request_id);
    end if;

    select * into rec from net._http_response where id = request_id;

    if rec is null or rec.error_msg is not null then
        return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
    end if;
    return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end
$$;

create function net.http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result language plpgsql as $$
begin
    raise notice 'The net.http_collect_response function is deprecated.';
    return net._http_collect_response(request_id, async);
end
$$;

grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
