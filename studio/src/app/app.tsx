import { useEffect, useState } from 'react';
import { DatabaseView } from '@/features/database';
import { LogsView } from '@/features/logs';
import { PoliciesView } from '@/features/policies';
import { RealtimeView } from '@/features/realtime';
import { SqlView } from '@/features/sql';
import { StorageView } from '@/features/storage';
import { TablesView } from '@/features/tables';
import { UsersView } from '@/features/users';

const VIEWS = {
  tables: { label: 'Tables', View: TablesView },
  sql: { label: 'SQL editor', View: SqlView },
  policies: { label: 'Policies', View: PoliciesView },
  users: { label: 'Users', View: UsersView },
  storage: { label: 'Storage', View: StorageView },
  realtime: { label: 'Realtime', View: RealtimeView },
  logs: { label: 'Logs', View: LogsView },
  database: { label: 'Database', View: DatabaseView },
} as const;
type ViewName = keyof typeof VIEWS;

function fromHash(): ViewName {
  const name = window.location.hash.replace('#/', '');
  return name in VIEWS ? (name as ViewName) : 'tables';
}

export function App() {
  const [view, setView] = useState<ViewName>(fromHash);
  const [theme, setTheme] = useState(document.documentElement.dataset.theme ?? 'light');
  useEffect(() => {
    const follow = () => setView(fromHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  function toggleTheme() {
    const next = theme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    localStorage.setItem('studio-theme', next);
    setTheme(next);
  }

  const { View } = VIEWS[view];
  return (
    <div className="shell">
      <header className="top">
        <span className="brand">Gateway Studio</span>
        <nav aria-label="Studio">
          {Object.entries(VIEWS).map(([name, { label }]) => (
            <a key={name} href={`#/${name}`} aria-current={name === view ? 'page' : undefined}>{label}</a>
          ))}
        </nav>
        <button type="button" onClick={toggleTheme} aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}>
          {theme === 'dark' ? 'Light' : 'Dark'} theme
        </button>
        <form method="post" action="/_/api/session/end"><button type="submit">Sign out</button></form>
      </header>
      <main className="content"><View /></main>
    </div>
  );
}
