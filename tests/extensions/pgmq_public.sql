-- The pgmq_public schema as a Supabase project's migration has it (`db pull` writes what the dashboard's "Expose
-- Queues via PostgREST" creates): wrappers of pgmq's functions that the Data API can call.
create schema if not exists pgmq_public;
grant usage on schema pgmq_public to postgres, anon, authenticated, service_role;

create or replace function pgmq_public.send(queue_name text, message jsonb, sleep_seconds integer default 0)
returns setof bigint language plpgsql set search_path = '' as $$
begin
  return query select * from pgmq.send(queue_name := queue_name, msg := message, delay := sleep_seconds);
end $$;

create or replace function pgmq_public.send_batch(queue_name text, messages jsonb[], sleep_seconds integer default 0)
returns setof bigint language plpgsql set search_path = '' as $$
begin
  return query select * from pgmq.send_batch(queue_name := queue_name, msgs := messages, delay := sleep_seconds);
end $$;

create or replace function pgmq_public.read(queue_name text, sleep_seconds integer, n integer)
returns setof pgmq.message_record language plpgsql set search_path = '' as $$
begin
  return query select * from pgmq.read(queue_name := queue_name, vt := sleep_seconds, qty := n);
end $$;

create or replace function pgmq_public.pop(queue_name text)
returns setof pgmq.message_record language plpgsql set search_path = '' as $$
begin
  return query select * from pgmq.pop(queue_name := queue_name);
end $$;

create or replace function pgmq_public.archive(queue_name text, message_id bigint)
returns boolean language plpgsql set search_path = '' as $$
begin
  return pgmq.archive(queue_name := queue_name, msg_id := message_id);
end $$;

create or replace function pgmq_public.delete(queue_name text, message_id bigint)
returns boolean language plpgsql set search_path = '' as $$
begin
  return pgmq.delete(queue_name := queue_name, msg_id := message_id);
end $$;

grant execute on all functions in schema pgmq_public to postgres, service_role, anon, authenticated;
grant usage on schema pgmq to postgres, service_role;
grant all privileges on all tables in schema pgmq to postgres, service_role;
grant usage, select, update on all sequences in schema pgmq to service_role;
alter default privileges in schema pgmq grant all privileges on tables to postgres, service_role;
alter default privileges in schema pgmq grant usage, select, update on sequences to service_role;
