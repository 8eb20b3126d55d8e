-- Mail is delivered after the transaction that wrote it commits, by a worker in each gateway process: a row is
-- claimed (`for update skip locked`, so several processes never send one mail twice), sent without holding a
-- database connection, then marked. `sending` is a claim with a lease: a process that died mid-send leaves a row
-- whose lease runs out and is tried again.
alter table mail.outbox drop constraint outbox_status_check;
alter table mail.outbox add constraint outbox_status_check
    check (status in ('queued', 'sending', 'sent', 'failed', 'captured'));
alter table mail.outbox
    add column attempts integer not null default 0,
    add column next_attempt_at timestamptz not null default now(),
    add column last_attempt_at timestamptz;
create index outbox_due_idx on mail.outbox (next_attempt_at) where status in ('queued', 'sending');
comment on column mail.outbox.status is
    'captured: no SMTP configured (the development mailbox); queued: waiting for (another) attempt; sending: claimed '
    'by a delivery worker until next_attempt_at; sent; failed: gave up after the last attempt (see error).';
