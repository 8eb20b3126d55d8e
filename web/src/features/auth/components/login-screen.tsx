import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { LockKeyhole } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { afterLoginPath, cameAfterFailure, loginPlatform, readFrom } from '../lib/login-target';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

const headings = {
  ticketing: { title: 'Secure Ticketing System', subtitle: 'Access your dashboard to manage tickets and reports' },
  partner: { title: 'Partner Portal', subtitle: 'Sign in to manage your partnership with GulfSec Distribution' },
} as const;

export function LoginScreen() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const from = readFrom(location.state);
  const platform = loginPlatform(searchParams.get('platform'), from);
  const { session, loading } = useAuth(platform);
  const [tab, setTab] = useState('signin');
  const [email, setEmail] = useState('');
  // A page that just failed with the session held on arrival is only retried after a new sign-in (a new token).
  const [arrival] = useState(() => ({ afterFailure: cameAfterFailure(location.state), token: session?.access_token }));
  const heldSinceFailure = arrival.afterFailure && session?.access_token === arrival.token;

  if (loading) return <Spinner label="Loading..." />;
  if (session && !heldSinceFailure) return <Navigate to={afterLoginPath(platform, from)} replace />;

  function backToSignIn(registeredEmail: string) {
    setEmail(registeredEmail);
    setTab('signin');
  }

  const heading = headings[platform];
  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 py-16 dark:bg-navy-950">
      <Card className="w-full max-w-md">
        <div className="mb-6 text-center">
          <LockKeyhole aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700 dark:text-brand-400" />
          <h1 className="mt-3 text-2xl font-bold">{heading.title}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{heading.subtitle}</p>
        </div>
        <Tabs
          label="Sign in or create an account"
          value={tab}
          onChange={setTab}
          items={[
            {
              id: 'signin',
              label: 'Sign In',
              content: <SignInForm platform={platform} email={email} onEmailChange={setEmail} />,
            },
            { id: 'signup', label: 'Create Account', content: <SignUpForm platform={platform} onDone={backToSignIn} /> },
          ]}
        />
      </Card>
    </section>
  );
}
