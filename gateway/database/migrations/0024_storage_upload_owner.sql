-- Who opened each resumable upload (the subject of the JWT, or of the signed upload token; null for a caller
-- without one), so that the uploads a user holds open, and the bytes they declare, can be capped per user.

alter table gateway_meta.storage_uploads add column owner text;
create index storage_uploads_owner on gateway_meta.storage_uploads (owner) where upload_offset < upload_length;
comment on column gateway_meta.storage_uploads.owner is
    'The uploader''s subject (JWT `sub`), null for a caller without one; open uploads are capped per owner.';
