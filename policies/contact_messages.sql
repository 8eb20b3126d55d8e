-- contact_messages: written by the send-contact-email function under the service role (which bypasses RLS);
-- read by super-admins only. No insert policy: API clients cannot write here directly.

alter table public.contact_messages enable row level security;

drop policy if exists "Super-admins can read contact messages" on public.contact_messages;
create policy "Super-admins can read contact messages" on public.contact_messages
    for select to authenticated using ((select private.is_super_admin()));
