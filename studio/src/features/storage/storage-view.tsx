import { useState } from 'react';
import { admin } from '@/lib/clients';
import { useAsync } from '@/lib/use-async';
import { Empty, ErrorNote, Loading } from '@/components/ui';
import { CreateBucket } from './create-bucket';
import { ObjectsBrowser } from './objects-browser';

export function StorageView() {
  const buckets = useAsync(async () => {
    const { data, error } = await admin.storage.listBuckets();
    if (error) throw error;
    return data;
  }, 'buckets');
  const [chosen, setChosen] = useState<string | null>(null);
  if (buckets.error) return <ErrorNote>{buckets.error}</ErrorNote>;
  if (!buckets.data) return <Loading what="buckets" />;
  const bucket = buckets.data.find((b) => b.id === chosen) ?? buckets.data[0];
  return (
    <div className="split">
      <nav aria-label="Buckets" className="list">
        <ul>
          {buckets.data.map((b) => (
            <li key={b.id}>
              <button type="button" aria-current={b === bucket ? 'true' : undefined} onClick={() => setChosen(b.id)}>
                <span>{b.name}</span>
                <small className="muted">{b.public ? 'public' : 'private'}</small>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="detail">
        <CreateBucket onCreated={(name) => { setChosen(name); buckets.reload(); }} />
        {bucket ? <ObjectsBrowser key={bucket.id} bucket={bucket} />
          : <><h1>Storage</h1><Empty>No buckets yet: create one above.</Empty></>}
      </div>
    </div>
  );
}
