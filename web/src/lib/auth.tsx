import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { loginPath, type Platform } from '@/config/paths';
import { defaultRole, hasMinimumRole, hasPermission, toRole, type Permission, type Role } from '@/lib/permissions';
import { getClient } from '@/lib/supabase';
import { AccessDenied } from '@/components/ui/access-denied';
import { Spinner } from '@/components/ui/spinner';

export type AuthUser = { id: string; email: string; name: string; role: Role };

export type SignUpResult = { error: null } | { error: { message: string; alreadyRegistered: boolean } };

type AuthState = {
  platform: Platform;
  session: Session | null;
  user: AuthUser | null;
  role: Role;
  loading: boolean;
  roleLoading: boolean;
  signIn: (email: string, password: string) => Promise<boolean>;
  signUp: (email: string, password: string, fullName: string) => Promise<SignUpResult>;
  signOut: () => Promise<void>;
};

type Profile = { full_name: string | null; role: Role };

const contexts: Record<Platform, React.Context<AuthState | null>> = {
  partner: createContext<AuthState | null>(null),
  ticketing: createContext<AuthState | null>(null),
};

async function loadProfile(platform: Platform, userId: string): Promise<Profile> {
  const client = getClient(platform);
  const [profile, role] = await Promise.all([
    client.from('profiles').select('id, email, full_name').eq('id', userId).maybeSingle(),
    client.from('user_roles').select('role').eq('user_id', userId).order('role', { ascending: false }).limit(1),
  ]);
  return {
    full_name: (profile.data?.full_name as string | null | undefined) ?? null,
    role: toRole(role.data?.[0]?.role),
  };
}

function PlatformAuthProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  const client = getClient(platform);
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [profile, setProfile] = useState<{ userId: string; value: Profile } | null>(null);
  const userId = session?.user.id ?? null;

  useEffect(() => {
    let active = true;
    client.auth.getSession().then(({ data }) => {
      if (!active) return;
      setSession(data.session);
      setLoading(false);
    });
    const { data } = client.auth.onAuthStateChange((_event, next) => {
      setSession(next);
      setLoading(false);
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [client]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    loadProfile(platform, userId)
      .catch(() => ({ full_name: null, role: defaultRole }))
      .then((value) => {
        if (active) setProfile({ userId, value });
      });
    return () => {
      active = false;
    };
  }, [platform, userId]);

  const value = useMemo<AuthState>(() => {
    const loaded = profile && profile.userId === userId ? profile.value : null;
    const role = loaded?.role ?? defaultRole;
    const authUser = session?.user;
    const email = authUser?.email ?? '';
    const metadataName = authUser?.user_metadata?.full_name as string | undefined;
    return {
      platform,
      session,
      user: authUser ? { id: authUser.id, email, name: loaded?.full_name || metadataName || email, role } : null,
      role,
      loading,
      roleLoading: Boolean(userId) && !loaded,
      async signIn(emailAddress, password) {
        const { data, error } = await client.auth.signInWithPassword({ email: emailAddress, password });
        if (error) {
          if (error.code === 'invalid_credentials') return false;
          throw error;
        }
        return Boolean(data.session);
      },
      async signUp(emailAddress, password, fullName) {
        const { data, error } = await client.auth.signUp({
          email: emailAddress,
          password,
          options: { emailRedirectTo: `${window.location.origin}/`, data: { full_name: fullName } },
        });
        if (error) {
          const alreadyRegistered = error.code === 'user_already_exists' || /already registered/i.test(error.message);
          return { error: { message: error.message, alreadyRegistered } };
        }
        // With email confirmation on, a repeat sign-up answers with an obfuscated user that has no identities.
        if (data.user && data.user.identities?.length === 0) {
          return { error: { message: 'User already registered', alreadyRegistered: true } };
        }
        return { error: null };
      },
      async signOut() {
        const { error } = await client.auth.signOut();
        if (error) throw error;
      },
    };
  }, [client, platform, session, loading, profile, userId]);

  const Context = contexts[platform];
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  return (
    <PlatformAuthProvider platform="partner">
      <PlatformAuthProvider platform="ticketing">{children}</PlatformAuthProvider>
    </PlatformAuthProvider>
  );
}

export function useAuth(platform: Platform): AuthState {
  const state = useContext(contexts[platform]);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}

type GuardProps = {
  platform: Platform;
  minimumRole?: Role;
  permission?: Permission;
  children: ReactNode;
};

export function RoleGuard({ platform, minimumRole, permission, children }: GuardProps) {
  const { role, loading, roleLoading } = useAuth(platform);
  if (loading || roleLoading) return <Spinner label="Loading..." />;
  if (minimumRole && !hasMinimumRole(role, minimumRole)) {
    return <AccessDenied requiredRole={minimumRole} currentRole={role} />;
  }
  if (permission && !hasPermission(role, permission)) return <AccessDenied />;
  return <>{children}</>;
}

export function ProtectedRoute({ platform, minimumRole, permission, children }: GuardProps) {
  const { session, loading } = useAuth(platform);
  const location = useLocation();
  if (loading) return <Spinner label="Loading..." />;
  if (!session) return <Navigate to={loginPath(platform)} state={{ from: location }} replace />;
  return (
    <RoleGuard platform={platform} minimumRole={minimumRole} permission={permission}>
      {children}
    </RoleGuard>
  );
}
