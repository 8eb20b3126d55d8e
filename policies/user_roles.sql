-- user_roles: users read their own roles; only super-admins (and the service role) grant or revoke them.

alter table public.user_roles enable row level security;

drop policy if exists "Users can read their own roles" on public.user_roles;
create policy "Users can read their own roles" on public.user_roles
    for select to authenticated using (user_id = (select auth.uid()));

drop policy if exists "Super-admins can read every role" on public.user_roles;
create policy "Super-admins can read every role" on public.user_roles
    for select to authenticated using ((select private.is_super_admin()));

drop policy if exists "Only super-admins can grant roles" on public.user_roles;
create policy "Only super-admins can grant roles" on public.user_roles
    for insert to authenticated with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can change roles" on public.user_roles;
create policy "Only super-admins can change roles" on public.user_roles
    for update to authenticated
    using ((select private.is_super_admin())) with check ((select private.is_super_admin()));

drop policy if exists "Only super-admins can revoke roles" on public.user_roles;
create policy "Only super-admins can revoke roles" on public.user_roles
    for delete to authenticated using ((select private.is_super_admin()));
