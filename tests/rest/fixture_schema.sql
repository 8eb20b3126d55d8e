-- The REST tests' own tables, policies and functions (the product tables' policies belong to another area).
create table public.fx_companies (id int primary key, name text not null, country text);
create table public.fx_people (
    id int primary key, company_id int references public.fx_companies (id), name text not null, email text
);
create table public.fx_tickets (
    id serial primary key,
    title text not null,
    status text not null default 'open',
    priority int,
    company_id int not null references public.fx_companies (id),
    assigned_to int,
    created_by int,
    tags text[] not null default '{}',
    data jsonb,
    search tsvector generated always as (to_tsvector('english', title)) stored,
    constraint fx_tickets_assigned_to_fkey foreign key (assigned_to) references public.fx_people (id),
    constraint fx_tickets_created_by_fkey foreign key (created_by) references public.fx_people (id)
);
create table public.fx_labels (id int primary key, name text not null unique);
create table public.fx_ticket_labels (
    ticket_id int references public.fx_tickets (id) on delete cascade,
    label_id int references public.fx_labels (id),
    primary key (ticket_id, label_id)
);
create table public.fx_notes (
    id serial primary key,
    owner uuid not null default auth.uid(),
    body text not null,
    shared boolean not null default false
);
alter table public.fx_notes enable row level security;
create policy "Anyone reads shared notes, owners read their own" on public.fx_notes
    for select using (shared or owner = auth.uid());
create policy "Owners add notes" on public.fx_notes for insert to authenticated with check (owner = auth.uid());
create policy "Owners change notes" on public.fx_notes for update to authenticated
    using (owner = auth.uid()) with check (owner = auth.uid());
create policy "Owners remove notes" on public.fx_notes for delete to authenticated using (owner = auth.uid());

create table public.fx_inbox (id serial primary key, message text not null);
alter table public.fx_inbox enable row level security;
create policy "Anyone may write to the inbox" on public.fx_inbox for insert with check (true);

create table public.fx_hidden (id int primary key, secret text);
revoke all on public.fx_hidden from anon, authenticated;

insert into public.fx_companies values (1, 'Acme', 'US'), (2, 'Globex', 'UK'), (3, 'Initech', null);
insert into public.fx_people values
    (1, 1, 'Ann', 'ann@acme.test'), (2, 1, 'Bob', 'bob@acme.test'), (3, 2, 'Cyd', 'cyd@globex.test');
insert into public.fx_tickets (title, status, priority, company_id, assigned_to, created_by, tags, data) values
    ('Printer on fire', 'open', 3, 1, 1, 2, '{hardware,urgent}', '{"floor": 2, "room": {"name": "lab"}}'),
    ('Password reset', 'closed', 1, 1, 2, 1, '{account}', '{"floor": 1}'),
    ('VPN down', 'open', 2, 2, 3, 3, '{network}', null),
    ('New laptop', 'in-progress', null, 2, null, 3, '{}', null),
    ('Coffee machine', 'open', 1, 1, null, null, '{hardware}', '{"floor": 3}');
insert into public.fx_labels values (1, 'bug'), (2, 'hardware'), (3, 'network');
insert into public.fx_ticket_labels values (1, 1), (1, 2), (3, 3), (5, 2);

create function public.fx_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function public.fx_tickets_by_status(st text) returns setof public.fx_tickets
    language sql stable as $$ select * from public.fx_tickets where status = st order by id $$;
create function public.fx_echo(x text) returns text language sql immutable as $$ select 'text:' || x $$;
create function public.fx_echo(x int) returns text language sql immutable as $$ select 'int:' || x $$;
create function public.fx_company_summary(cid int) returns table (name text, tickets bigint) language sql stable as
    $$ select c.name, count(t.id) from public.fx_companies c left join public.fx_tickets t on t.company_id = c.id
       where c.id = cid group by c.name $$;
create function public.fx_company(cid int) returns public.fx_companies language sql stable as
    $$ select * from public.fx_companies where id = cid $$;
create function public.fx_noop() returns void language sql as $$ select $$;
create function public.fx_tags_of(tags text[]) returns int language sql immutable as $$ select cardinality(tags) $$;
create function public.fx_whoami() returns text language sql stable as $$ select auth.uid()::text $$;
create function public.fx_fail() returns int language plpgsql as $$
begin raise exception 'deliberate failure' using hint = 'as planned'; end $$;
create function public.fx_title_upper(public.fx_tickets) returns text language sql stable as $$ select upper($1.title) $$;
create function public.fx_labels_of(public.fx_tickets) returns setof public.fx_labels language sql stable as
    $$ select l.* from public.fx_labels l join public.fx_ticket_labels tl on tl.label_id = l.id where tl.ticket_id = $1.id $$;
create function public.fx_secret() returns int language sql as $$ select 42 $$;
revoke execute on function public.fx_secret() from public, anon, authenticated;
create function public.fx_body(json) returns json language sql immutable as $$ select $1 $$;
create view public.fx_open_tickets as
    select id, title, company_id, assigned_to from public.fx_tickets where status = 'open';
notify pgrst, 'reload schema';
