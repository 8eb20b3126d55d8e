-- Every mail the gateway sends is recorded here; without SMTP this is the development mailbox.
create schema if not exists mail;
revoke all on schema mail from public;

create table mail.outbox (
    id uuid primary key default gen_random_uuid(),
    to_address text not null,
    from_address text not null,
    subject text not null,
    text_body text not null,
    html_body text,
    kind text not null default 'other',
    status text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'captured')),
    error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
);
create index outbox_to_created_idx on mail.outbox (lower(to_address), created_at desc);
comment on table mail.outbox is 'Mail sent by the gateway (auth mails, function mails); shown on the development mailbox page.';
