-- pg_cron: jobs in cron.job, their runs in cron.job_run_details. The gateway's runner, holding the advisory lock
-- (7461, 2) of this database, runs each due job as its owner (set role to cron.job.username) in UTC unless
-- cron.timezone says otherwise. A job's rows are its owner's: row-level security lets each role see and change its
-- own only, as the original's policies do.

create schema cron;

create sequence cron.jobid_seq;
create table cron.job (
    jobid bigint primary key default nextval('cron.jobid_seq'),
    schedule text not null,
    command text not null,
    nodename text not null default 'localhost',
    nodeport int not null default current_setting('port')::int,
    database text not null default current_database(),
    username text not null default current_user,
    active boolean not null default true,
    jobname text,
    constraint jobname_username_uniq unique (jobname, username)
);

create sequence cron.runid_seq;
create table cron.job_run_details (
    jobid bigint,
    runid bigint primary key default nextval('cron.runid_seq'),
    job_pid integer,
    database text,
    username text,
    command text,
    status text,
    return_message text,
    start_time timestamptz,
    end_time timestamptz
);

alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

-- The schedule functions run as their caller, so what a role may do to cron.job is what its policy allows.
grant select, insert, update, delete on cron.job to public;
grant select, delete on cron.job_run_details to public;
grant select, usage on sequence cron.jobid_seq to public;
grant select on sequence cron.runid_seq to public;

select pg_catalog.pg_extension_config_dump('cron.job', '');
select pg_catalog.pg_extension_config_dump('cron.jobid_seq', '');
select pg_catalog.pg_extension_config_dump('cron.job_run_details', '');
select pg_catalog.pg_extension_config_dump('cron.runid_seq', '');

-- A field's value: a number within its bounds, or one of its names (months, week days).
create function cron._field_value(token text, low int, high int, names text[]) returns int
language sql immutable as $$
    select case when token ~ '^[0-9]{1,4}$' then (select v from (select token::int as v) as n where v between low and high)
                else low + array_position(names, token) - 1 end
$$;

-- A field of Vixie cron: a list of *, n or n-m, each with an optional /step; null when it is not one.
create function cron._parse_field(field text, low int, high int, names text[] default null) returns int[]
language plpgsql immutable as $$
declare
    part text;
    m text[];
    first int;
    last int;
    step int;
    result int[] := '{}';
begin
    foreach part in array string_to_array(field, ',') loop
        m := regexp_match(part, '^(\*|[0-9]+|[a-z]+)(?:-([0-9]+|[a-z]+))?(?:/([0-9]{1,4}))?$');
        if m is null or (m[1] = '*' and m[2] is not null) or (m[1] <> '*' and m[2] is null and m[3] is not null) then
            return null;
        end if;
        if m[1] = '*' then
            first := low;
            last := high;
        else
            first := cron._field_value(m[1], low, high, names);
            last := case when m[2] is null then first else cron._field_value(m[2], low, high, names) end;
        end if;
        step := coalesce(m[3]::int, 1);
        if first is null or last is null or first > last or step < 1 then
            return null;
        end if;
        result := result || array(select generate_series(first, last, step));
    end loop;
    return result;
end
$$;

-- A schedule as the original accepts it: five fields (with $ for the last day of the month and the @ shorthands),
-- or '[1-59] seconds'. `valid` is false for anything else.
create function cron._parse_schedule(
    schedule text,
    out valid bool, out seconds int, out at_start bool, out minutes int[], out hours int[], out days int[],
    out months int[], out weekdays int[], out last_day bool, out day_or_weekday bool
) language plpgsql immutable as $$
declare
    spec text := lower(btrim(schedule));
    m text[];
    fields text[];
begin
    valid := false;
    at_start := false;
    last_day := false;
    day_or_weekday := false;
    m := regexp_match(spec, '^\+?([0-9]{1,9})\s*seconds?$');
    if m is not null then
        seconds := m[1]::int;
        valid := seconds between 1 and 59;
        return;
    end if;
    if spec in ('@reboot', '@restart') then
        valid := true;
        at_start := true;
        return;
    end if;
    spec := case spec when '@yearly' then '0 0 1 1 *' when '@annually' then '0 0 1 1 *' when '@monthly' then '0 0 1 * *'
                      when '@weekly' then '0 0 * * 0' when '@daily' then '0 0 * * *' when '@midnight' then '0 0 * * *'
                      when '@hourly' then '0 * * * *' else spec end;
    fields := regexp_split_to_array(spec, '\s+');
    if cardinality(fields) <> 5 then
        return;
    end if;
    minutes := cron._parse_field(fields[1], 0, 59);
    hours := cron._parse_field(fields[2], 0, 23);
    if fields[3] = '$' then
        last_day := true;
        days := '{}';
    else
        days := cron._parse_field(fields[3], 1, 31);
    end if;
    months := cron._parse_field(fields[4], 1, 12, '{jan,feb,mar,apr,may,jun,jul,aug,sep,oct,nov,dec}');
    weekdays := array(select distinct d % 7 from unnest(cron._parse_field(fields[5], 0, 7, '{sun,mon,tue,wed,thu,fri,sat}')) as d
                      order by 1);
    if minutes is null or hours is null or days is null or months is null
       or cron._parse_field(fields[5], 0, 7, '{sun,mon,tue,wed,thu,fri,sat}') is null then
        return;
    end if;
    -- Vixie's rule: when both day fields are restricted, either matching is enough.
    day_or_weekday := left(fields[3], 1) <> '*' and left(fields[5], 1) <> '*';
    valid := true;
end
$$;

create function cron._check_schedule(schedule text) returns void language plpgsql immutable as $$
begin
    if not (cron._parse_schedule(schedule)).valid then
        raise exception using errcode = 'invalid_parameter_value', message = format('invalid schedule: %s', schedule),
            hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
    end if;
end
$$;

create function cron._is_superuser() returns bool language sql stable as $$
    select rolsuper from pg_roles where rolname = current_user
$$;

-- Another role may run a job only if it exists, logs in and may connect to the job's database.
create function cron._check_runner(username text, database text) returns void language plpgsql stable as $$
begin
    if not exists (select 1 from pg_roles where rolname = username) then
        raise exception 'role "%" does not exist', username;
    end if;
    if not (select rolcanlogin from pg_roles where rolname = username) then
        raise exception 'role "%" can not log in', username
            using detail = 'Jobs may only be run by roles that have the LOGIN attribute.';
    end if;
    if not exists (select 1 from pg_database where datname = database) then
        raise exception 'database "%" does not exist', database using errcode = 'invalid_catalog_name';
    end if;
    if not has_database_privilege(username, database, 'CONNECT') then
        raise exception 'User % does not have CONNECT privilege on %', username, database;
    end if;
end
$$;

-- A job with a name replaces its owner's job of that name, as the original's upsert does.
create function cron._schedule(job_name text, schedule text, command text, database text, username text,
                               active boolean) returns bigint language plpgsql as $$
declare
    job_id bigint;
begin
    if schedule is null then
        raise exception 'schedule can not be NULL';
    end if;
    if command is null then
        raise exception 'command can not be NULL';
    end if;
    perform cron._check_schedule(schedule);
    insert into cron.job (schedule, command, database, username, active, jobname)
    values (schedule, command, database, username, active, job_name)
    on conflict on constraint jobname_username_uniq
    do update set schedule = excluded.schedule, command = excluded.command, database = excluded.database
    returning jobid into job_id;
    return job_id;
end
$$;

create function cron.schedule(schedule text, command text) returns bigint language sql strict as $$
    select cron._schedule(null, schedule, command, current_database(), current_user, true)
$$;
comment on function cron.schedule(text, text) is 'schedule a pg_cron job';

create function cron.schedule(job_name text, schedule text, command text) returns bigint language plpgsql as $$
begin
    if job_name is null then
        raise exception 'job_name can not be NULL';
    end if;
    return cron._schedule(job_name, schedule, command, current_database(), current_user, true);
end
$$;
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';

create function cron.schedule_in_database(job_name text, schedule text, command text, database text,
                                          username text default null, active boolean default 'true')
returns bigint language plpgsql as $$
begin
    if job_name is null then
        raise exception 'job_name can not be NULL';
    end if;
    if username is not null and not cron._is_superuser() then
        raise exception 'must be superuser to create a job for another role';
    end if;
    perform cron._check_runner(coalesce(username, current_user::text), database);
    return cron._schedule(job_name, schedule, command, database, coalesce(username, current_user::text), active);
end
$$;
comment on function cron.schedule_in_database(text, text, text, text, text, boolean) is 'schedule a pg_cron job';
revoke all on function cron.schedule_in_database(text, text, text, text, text, boolean) from public;

create function cron.unschedule(job_id bigint) returns bool language plpgsql strict as $$
begin
    delete from cron.job where jobid = job_id;
    if not found then
        raise exception 'could not find valid entry for job %', job_id;
    end if;
    return true;
end
$$;
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';

create function cron.unschedule(job_name text) returns bool language plpgsql strict as $$
begin
    delete from cron.job where jobname = job_name and username = current_user;
    if not found then
        raise exception 'could not find valid entry for job ''%''', job_name;
    end if;
    return true;
end
$$;
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';

create function cron.alter_job(job_id bigint, schedule text default null, command text default null,
                               database text default null, username text default null, active boolean default null)
returns void language plpgsql as $$
begin
    if job_id is null then
        raise exception 'job_id can not be NULL';
    end if;
    if username is not null and not cron._is_superuser() then
        raise exception 'must be superuser to alter username';
    end if;
    if schedule is null and command is null and database is null and username is null and active is null then
        raise exception 'no updates specified'
            using hint = 'You must specify at least one job attribute to change when calling alter_job';
    end if;
    if username is not null or database is not null then
        perform cron._check_runner(coalesce(username, current_user::text), coalesce(database, current_database()));
    end if;
    if schedule is not null then
        perform cron._check_schedule(schedule);
    end if;
    update cron.job as j
    set schedule = coalesce(alter_job.schedule, j.schedule), command = coalesce(alter_job.command, j.command),
        database = coalesce(alter_job.database, j.database), username = coalesce(alter_job.username, j.username),
        active = coalesce(alter_job.active, j.active)
    where j.jobid = job_id and (cron._is_superuser() or j.username = current_user);
    if not found then
        raise exception 'Job % does not exist or you don''t own it', job_id;
    end if;
end
$$;
comment on function cron.alter_job(bigint, text, text, text, text, boolean)
    is 'Alter the job identified by job_id. Any option left as NULL will not be modified.';
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;
