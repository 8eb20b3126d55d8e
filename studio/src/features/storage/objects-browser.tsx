import { useState, type DragEvent } from 'react';
import { admin } from '@/lib/clients';
import { useAsync } from '@/lib/use-async';
import { Empty, ErrorNote, Loading } from '@/components/ui';

const SIGNED_URL_SECONDS = 3600;

type Bucket = NonNullable<Awaited<ReturnType<typeof admin.storage.listBuckets>>['data']>[number];

/** A bucket's folder: its files and sub-folders, upload (picked or dropped), download, signed link and delete. */
export function ObjectsBrowser({ bucket }: { bucket: Bucket }) {
  const [folder, setFolder] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ name: string; url: string } | null>(null);
  const files = admin.storage.from(bucket.id);
  const listing = useAsync(async () => {
    const { data, error } = await files.list(folder, { limit: 1000, sortBy: { column: 'name', order: 'asc' } });
    if (error) throw error;
    return data;
  }, `${bucket.id}/${folder}`);
  const path = (name: string) => (folder ? `${folder}/${name}` : name);

  async function upload(chosen: FileList | null) {
    setError(null);
    for (const file of Array.from(chosen ?? [])) {
      setNotice(`Uploading ${file.name}…`);
      const { error } = await files.upload(path(file.name), file, { upsert: true, contentType: file.type || undefined });
      if (error) {
        setError(`${file.name}: ${error.message}`);
        break;
      }
    }
    setNotice(null);
    listing.reload();
  }

  async function signedUrl(name: string): Promise<string | null> {
    const { data, error } = await files.createSignedUrl(path(name), SIGNED_URL_SECONDS);
    setError(error ? error.message : null);
    return data?.signedUrl ?? null;
  }

  async function copyLink(name: string) {
    const url = await signedUrl(name);
    if (url) {
      await navigator.clipboard.writeText(url).catch(() => undefined);
      setNotice(`Signed link for ${name} (valid 1 hour): ${url}`);
    }
  }

  async function download(name: string) {
    const url = await signedUrl(name);
    if (url) window.location.assign(`${url}&download=${encodeURIComponent(name)}`);
  }

  async function move(name: string) {
    const target = window.prompt(`Move ${path(name)} to (a path in ${bucket.name}):`, path(name));
    if (!target || target === path(name)) return;
    const { error } = await files.move(path(name), target);
    setError(error ? error.message : null);
    setNotice(error ? null : `Moved ${path(name)} to ${target}.`);
    listing.reload();
  }

  async function show(name: string) {
    const url = await signedUrl(name);
    if (url) setPreview({ name, url });
  }

  async function remove(name: string) {
    if (!window.confirm(`Delete ${path(name)}?`)) return;
    const { error } = await files.remove([path(name)]);
    setError(error ? error.message : null);
    listing.reload();
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    void upload(event.dataTransfer.files);
  }

  const entries = listing.data ?? [];
  return (
    <section aria-label={`Files of ${bucket.name}`}>
      <h1>{bucket.name}{folder ? ` / ${folder}` : ''}</h1>
      <p className="badges">
        <span className="badge">{bucket.public ? 'public' : 'private'}</span>
        {bucket.file_size_limit ? <span className="badge">up to {bucket.file_size_limit} bytes</span> : null}
        {bucket.allowed_mime_types?.length ? <span className="badge">{bucket.allowed_mime_types.join(', ')}</span> : null}
      </p>
      <div className="dropzone" onDragOver={(e) => e.preventDefault()} onDrop={drop}>
        <label>Upload files (or drop them here)
          <input type="file" multiple onChange={(e) => upload(e.target.files)} />
        </label>
        {folder && <button type="button" onClick={() => setFolder(folder.split('/').slice(0, -1).join('/'))}>Up one folder</button>}
      </div>
      {notice && <p className="muted" aria-live="polite">{notice}</p>}
      {preview && (
        <figure className="preview">
          <img src={preview.url} alt={`Preview of ${preview.name}`} />
          <figcaption>{preview.name} <button type="button" onClick={() => setPreview(null)}>Close preview</button></figcaption>
        </figure>
      )}
      {error && <ErrorNote>{error}</ErrorNote>}
      {listing.error && <ErrorNote>{listing.error}</ErrorNote>}
      {!listing.data && <Loading what="files" />}
      {listing.data && (entries.length === 0 ? <Empty>This folder is empty.</Empty> : (
        <div className="grid-wrap" tabIndex={0}>
          <table className="grid" aria-label="Files">
            <thead><tr><th>Name</th><th>Type</th><th>Size</th><th>Updated</th><th><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {entries.map((entry) => entry.id === null ? (
                <tr key={entry.name}>
                  <td><button type="button" className="link" onClick={() => setFolder(path(entry.name))}>{entry.name}/</button></td>
                  <td>folder</td><td /><td /><td />
                </tr>
              ) : (
                <tr key={entry.name}>
                  <td>{String(entry.metadata?.mimetype ?? '').startsWith('image/')
                    ? <button type="button" className="link" onClick={() => show(entry.name)}>{entry.name}</button>
                    : entry.name}</td>
                  <td>{entry.metadata?.mimetype}</td>
                  <td>{entry.metadata?.size}</td>
                  <td>{entry.updated_at ? new Date(entry.updated_at).toLocaleString() : ''}</td>
                  <td className="row-actions">
                    <button type="button" onClick={() => download(entry.name)}>Download <span className="sr-only">{entry.name}</span></button>
                    <button type="button" onClick={() => copyLink(entry.name)}>Signed link <span className="sr-only">{entry.name}</span></button>
                    <button type="button" onClick={() => move(entry.name)}>Move <span className="sr-only">{entry.name}</span></button>
                    <button type="button" className="danger" onClick={() => remove(entry.name)}>Delete <span className="sr-only">{entry.name}</span></button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
