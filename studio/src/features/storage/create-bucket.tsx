import { useState, type FormEvent } from 'react';
import { admin } from '@/lib/clients';
import { ErrorNote } from '@/components/ui';

export function CreateBucket({ onCreated }: { onCreated: (name: string) => void }) {
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [sizeLimit, setSizeLimit] = useState('');
  const [mimeTypes, setMimeTypes] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    const { error } = await admin.storage.createBucket(name, {
      public: isPublic,
      fileSizeLimit: sizeLimit || undefined,
      allowedMimeTypes: mimeTypes ? mimeTypes.split(',').map((type) => type.trim()) : undefined,
    });
    setError(error ? error.message : null);
    if (!error) {
      onCreated(name);
      setName('');
    }
  }

  return (
    <form className="toolbar" onSubmit={create} aria-label="Create a bucket">
      <label>Bucket name<input required value={name} onChange={(e) => setName(e.target.value)} /></label>
      <label>Size limit<input value={sizeLimit} placeholder="e.g. 5MB" onChange={(e) => setSizeLimit(e.target.value)} /></label>
      <label>Allowed types<input value={mimeTypes} placeholder="image/*, application/pdf" onChange={(e) => setMimeTypes(e.target.value)} /></label>
      <label className="check"><input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} /> Public</label>
      <button type="submit" className="primary">Create bucket</button>
      {error && <ErrorNote>{error}</ErrorNote>}
    </form>
  );
}
