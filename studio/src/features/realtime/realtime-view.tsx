import { useEffect, useState } from 'react';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { fetchCatalog, tokenFor } from '@/lib/admin-api';
import { clientAs } from '@/lib/clients';
import { useAsync } from '@/lib/use-async';
import { Empty, ErrorNote, Loading } from '@/components/ui';
import { RolePicker, type Identity } from '@/features/sql';

const KEPT = 200;

type Seen = { at: string; kind: string; detail: unknown };
type Joined = { channel: RealtimeChannel; what: string };

/** Joins a table's postgres_changes, or a broadcast channel, as a chosen caller and lists what arrives. */
export function RealtimeView() {
  const catalog = useAsync(fetchCatalog, 'catalog');
  const [identity, setIdentity] = useState<Identity>({ role: 'anon' });
  const [table, setTable] = useState('');
  const [topic, setTopic] = useState('');
  const [joined, setJoined] = useState<Joined | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [events, setEvents] = useState<Seen[]>([]);

  useEffect(() => () => {
    void joined?.channel.unsubscribe();
  }, [joined]);

  if (catalog.error) return <ErrorNote>{catalog.error}</ErrorNote>;
  if (!catalog.data) return <Loading what="tables" />;
  const tables = catalog.data.relations.filter((r) => r.kind === 'table');
  const chosen = table || (tables[0] ? `${tables[0].schema}.${tables[0].name}` : '');

  const seen = (kind: string, detail: unknown) =>
    setEvents((kept) => [{ at: new Date().toLocaleTimeString(), kind, detail }, ...kept].slice(0, KEPT));

  async function join() {
    setError(null);
    setEvents([]);
    try {
      const token = await tokenFor(identity.role as 'anon', identity.userId);
      const client = clientAs(token, 'public');
      client.realtime.setAuth(token);
      const [schema, name] = chosen.split('.');
      const what = topic ? `broadcast on ${topic}` : `changes of ${chosen}`;
      const channel = topic
        ? client.channel(topic).on('broadcast', { event: '*' }, (message) => seen(`broadcast ${message.event}`, message.payload))
        : client.channel(`studio:${chosen}`).on('postgres_changes', { event: '*', schema, table: name },
          (change) => seen(change.eventType, change.eventType === 'DELETE' ? change.old : change.new));
      channel.subscribe((state, failure) => {
        setStatus(state);
        if (failure) setError(failure.message);
      });
      setJoined({ channel, what: `${what} as ${identity.role}` });
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <div className="page">
      <h1>Realtime inspector</h1>
      <form className="toolbar" onSubmit={(e) => { e.preventDefault(); void join(); }}>
        <RolePicker value={identity} onChange={setIdentity} />
        <label>Table
          <select value={chosen} onChange={(e) => setTable(e.target.value)} disabled={!!topic}>
            {tables.map((t) => <option key={`${t.schema}.${t.name}`} value={`${t.schema}.${t.name}`}>{t.schema}.{t.name}</option>)}
          </select>
        </label>
        <label>Or a broadcast channel
          <input value={topic} placeholder="room-1" onChange={(e) => setTopic(e.target.value)} />
        </label>
        <button type="submit" className="primary">{joined ? 'Join again' : 'Join'}</button>
        {joined && <button type="button" onClick={() => { setJoined(null); setStatus(null); }}>Leave</button>}
      </form>
      {joined && <p role="status">{joined.what}: {status ?? 'joining…'}</p>}
      {error && <ErrorNote>{error}</ErrorNote>}
      {events.length === 0 ? <Empty>{joined ? 'Waiting for events…' : 'Join a table or a channel to watch its events.'}</Empty> : (
        <ol className="events" aria-label="Events">
          {events.map((event, index) => (
            <li key={events.length - index}>
              <span className="muted">{event.at}</span> <strong>{event.kind}</strong>
              <pre><code>{JSON.stringify(event.detail, null, 2)}</code></pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
