-- Which of a contact message's two mails went out, so a retry after a mail failure sends only the missing one.
alter table public.contact_messages
    add column inbox_notified_at timestamptz,
    add column acknowledged_at timestamptz;

comment on column public.contact_messages.inbox_notified_at is 'When the message was mailed to the company inbox.';
comment on column public.contact_messages.acknowledged_at is 'When the sender was sent the acknowledgement.';
