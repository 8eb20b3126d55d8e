-- profiles: a user reads and updates their own (the name only: the email follows the account); super-admins
-- read all. Rows are created by the sign-up trigger.

alter table public.profiles enable row level security;

revoke insert, update, delete, truncate on public.profiles from anon, authenticated;
grant update (full_name) on public.profiles to authenticated;

drop policy if exists "Users can read their own profile" on public.profiles;
create policy "Users can read their own profile" on public.profiles
    for select to authenticated using (id = (select auth.uid()));

drop policy if exists "Super-admins can read every profile" on public.profiles;
create policy "Super-admins can read every profile" on public.profiles
    for select to authenticated using ((select private.is_super_admin()));

drop policy if exists "Users can update their own profile" on public.profiles;
create policy "Users can update their own profile" on public.profiles
    for update to authenticated
    using (id = (select auth.uid())) with check (id = (select auth.uid()));
