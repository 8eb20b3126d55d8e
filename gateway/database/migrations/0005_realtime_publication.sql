-- Realtime follows the `supabase_realtime` publication, as on Supabase: a table's changes are captured while the
-- publication publishes it (explicitly, FOR TABLES IN SCHEMA or FOR ALL TABLES) and for the operations its
-- `publish` option names. An event trigger keeps the capture triggers in step with the publication after every
-- CREATE/ALTER/DROP PUBLICATION, and after CREATE/ALTER TABLE when the publication covers tables not yet made.
-- The publication becomes the registry, so realtime.published_tables goes.

do $$
begin
    if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
        create publication supabase_realtime;
    end if;
end
$$;

-- The tables the publication publishes now. Never the realtime schema: its own tables (the outbox above all)
-- would capture their own writes.
create function realtime.published_relations() returns setof regclass
language sql stable set search_path = '' as $$
    select c.oid::regclass
      from pg_catalog.pg_publication_tables pt
      join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
      join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
     where pt.pubname = 'supabase_realtime' and pt.schemaname <> 'realtime'
$$;
comment on function realtime.published_relations() is
    'The tables whose changes Realtime captures: those of the supabase_realtime publication.';

-- Capture triggers exactly on the published tables, firing for the published operations (tgtype: ROW = 1,
-- INSERT = 4, DELETE = 8, UPDATE = 16; AFTER is 0). Triggers cloned onto partitions follow their parent's.
create function realtime.sync_capture() returns void
language plpgsql security definer set search_path = '' as $$
declare
    wanted int;
    stale regclass;
    missing regclass;
    events text;
begin
    select 1 | (case when p.pubinsert then 4 else 0 end) | (case when p.pubdelete then 8 else 0 end)
             | (case when p.pubupdate then 16 else 0 end)
      into wanted
      from pg_catalog.pg_publication p
     where p.pubname = 'supabase_realtime';
    if wanted = 1 then
        wanted := null;  -- publish = 'truncate' or '': no row change is published
    end if;
    for stale in
        select t.tgrelid::regclass
          from pg_catalog.pg_trigger t
         where t.tgname = 'realtime_capture' and t.tgparentid = 0
           and t.tgfoid = 'realtime.capture_change()'::pg_catalog.regprocedure
           and (wanted is null or t.tgtype <> wanted
                or t.tgrelid not in (select r from realtime.published_relations() as r))
    loop
        execute format('drop trigger realtime_capture on %s', stale);
    end loop;
    if wanted is null then
        return;
    end if;
    events := concat_ws(' or ', case when wanted & 4 <> 0 then 'insert' end,
                        case when wanted & 16 <> 0 then 'update' end, case when wanted & 8 <> 0 then 'delete' end);
    for missing in
        select r from realtime.published_relations() as r
         where not exists (select 1 from pg_catalog.pg_trigger t
                            where t.tgrelid = r and t.tgname = 'realtime_capture')
    loop
        execute format('create trigger realtime_capture after %s on %s'
                       ' for each row execute function realtime.capture_change()', events, missing);
    end loop;
end
$$;
revoke all on function realtime.sync_capture() from public;
comment on function realtime.sync_capture() is
    'Put the change-capture trigger on exactly the tables and operations the supabase_realtime publication publishes.';

create function realtime.follow_publication() returns event_trigger
language plpgsql set search_path = '' as $$
begin
    -- A new or moved table only matters to a publication that takes tables by schema or all of them.
    if tg_tag like '% PUBLICATION'
       or exists (select 1 from pg_catalog.pg_publication p
                   where p.pubname = 'supabase_realtime'
                     and (p.puballtables
                          or exists (select 1 from pg_catalog.pg_publication_namespace pn where pn.pnpubid = p.oid))) then
        perform realtime.sync_capture();
    end if;
end
$$;

-- Event triggers need a superuser. A managed server whose migrating role is not one still migrates; its
-- publication changes then take effect when realtime.sync_capture() runs (after every migrate, so at each start).
do $$
begin
    if (select rolsuper from pg_roles where rolname = current_user) then
        create event trigger realtime_follow_publication on ddl_command_end
            when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION',
                         'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE')
            execute function realtime.follow_publication();
    else
        raise notice 'not a superuser: realtime follows supabase_realtime at gateway start, not on every change';
    end if;
end
$$;

create or replace function realtime.add_table(rel regclass) returns void
language plpgsql set search_path = '' as $$
begin
    if rel not in (select r from realtime.published_relations() as r) then
        execute format('alter publication supabase_realtime add table %s', rel);
    end if;
end
$$;
comment on function realtime.add_table(regclass) is
    'Publish a table''s changes: "alter publication supabase_realtime add table", unless it is published already.';

create or replace function realtime.remove_table(rel regclass) returns void
language plpgsql set search_path = '' as $$
begin
    if rel in (select r from realtime.published_relations() as r) then
        execute format('alter publication supabase_realtime drop table %s', rel);
    end if;
end
$$;
comment on function realtime.remove_table(regclass) is
    'Stop publishing a table''s changes: "alter publication supabase_realtime drop table".';

-- Databases where realtime.add_table kept its own list: those tables join the publication.
select realtime.add_table(relid) from realtime.published_tables;
drop table realtime.published_tables;
select realtime.sync_capture();
