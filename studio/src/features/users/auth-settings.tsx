import { apiUrl, config } from '@/lib/config';
import { useAsync } from '@/lib/use-async';
import { ErrorNote } from '@/components/ui';

type AuthSettings = { external: Record<string, boolean> } & Record<string, unknown>;

/** The auth settings as the gateway's auth service publishes them (GoTrue's /settings). */
export function AuthSettingsPanel() {
  const settings = useAsync(async () => {
    const response = await fetch(`${apiUrl}/auth/v1/settings`, { headers: { apikey: config.anonKey } });
    if (!response.ok) throw new Error(`The auth service answered ${response.status}.`);
    return (await response.json()) as AuthSettings;
  }, 'auth-settings');
  if (settings.error) return <ErrorNote>{settings.error}</ErrorNote>;
  if (!settings.data) return null;
  const { external, ...rest } = settings.data;
  const providers = Object.entries(external).filter(([, on]) => on).map(([name]) => name);
  return (
    <details className="policy">
      <summary>Auth settings</summary>
      <dl className="facts" aria-label="Auth settings">
        <div><dt>Sign-in methods</dt><dd>{providers.join(', ')}</dd></div>
        {Object.entries(rest).map(([name, value]) => (
          <div key={name}><dt>{name}</dt><dd>{String(value === '' ? '—' : value)}</dd></div>
        ))}
      </dl>
    </details>
  );
}
