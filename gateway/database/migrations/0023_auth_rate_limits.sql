-- The auth rate limits' token buckets, shared by every gateway process and replica on this database (in-process
-- buckets let N workers allow N times the limit). UNLOGGED: a hit writes no WAL, and after a crash the buckets
-- start full again, which is what a restarted GoTrue does too.
create unlogged table auth.rate_limit_buckets (
    bucket text not null,
    key text not null,
    tokens double precision not null,
    refused boolean not null,
    updated_at timestamptz not null,
    primary key (bucket, key)
);
create index rate_limit_buckets_updated_at_idx on auth.rate_limit_buckets (updated_at);
comment on table auth.rate_limit_buckets is
    'Auth rate limits: tokens left per bucket (token, verify, email, anonymous, mfa) and client address.';
grant all on auth.rate_limit_buckets to supabase_auth_admin;

-- One hit, as one atomic upsert: refill the bucket for the time since its last hit (at most `burst` tokens), then
-- take a token if there is a whole one. Concurrent hits on a key queue on its row, so none is counted twice.
-- Returns whether the hit is allowed.
create function auth.take_rate_limit_token(p_bucket text, p_key text, p_per_second double precision, p_burst integer)
returns boolean
language sql volatile as $$
    insert into auth.rate_limit_buckets as b (bucket, key, tokens, refused, updated_at)
    values (p_bucket, p_key, greatest(p_burst - 1, 0), p_burst < 1, clock_timestamp())
    on conflict (bucket, key) do update set (tokens, refused, updated_at) = (
        select case when available >= 1 then available - 1 else available end, available < 1, at
        from (select clock_timestamp() as at) clock,
             lateral (select least(p_burst::double precision,
                                   b.tokens + greatest(extract(epoch from at - b.updated_at), 0) * p_per_second)
                             as available) refill
    )
    returning not b.refused;
$$;
revoke execute on function auth.take_rate_limit_token(text, text, double precision, integer) from public;
grant execute on function auth.take_rate_limit_token(text, text, double precision, integer) to supabase_auth_admin;
