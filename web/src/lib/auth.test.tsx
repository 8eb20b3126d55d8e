import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider, ProtectedRoute, RoleGuard } from './auth';

type FakeState = { session: { user: { id: string; email: string; user_metadata: object } } | null; role: string | null };

const state: FakeState = { session: null, role: null };

function query(result: unknown) {
  const chain = {
    select: () => chain,
    eq: () => chain,
    order: () => chain,
    limit: () => Promise.resolve(result),
    maybeSingle: () => Promise.resolve(result),
  };
  return chain;
}

const fakeClient = {
  auth: {
    getSession: () => Promise.resolve({ data: { session: state.session } }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
  },
  from: (table: string) =>
    table === 'user_roles'
      ? query({ data: state.role ? [{ role: state.role }] : [], error: null })
      : query({ data: { id: 'u1', email: 'a@b.ae', full_name: 'Aisha' }, error: null }),
};

vi.mock('@/lib/supabase', () => ({ getClient: () => fakeClient }));

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page{location.search} from {from}</p>;
}

function renderAt(path: string, element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route path={path} element={element} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

const signedIn = { user: { id: 'u1', email: 'a@b.ae', user_metadata: {} } };

describe('ProtectedRoute', () => {
  beforeEach(() => {
    state.session = null;
    state.role = null;
  });

  it('sends a signed-out user to the platform login, remembering the page', async () => {
    renderAt(
      '/partner-portal',
      <ProtectedRoute platform="partner">
        <p>portal</p>
      </ProtectedRoute>,
    );
    expect(await screen.findByText('login page?platform=partner from /partner-portal')).toBeInTheDocument();
    expect(screen.queryByText('portal')).not.toBeInTheDocument();
  });

  it('shows the required and current role to a user below the minimum role', async () => {
    state.session = signedIn;
    state.role = 'power-user';
    renderAt(
      '/partner-admin',
      <ProtectedRoute platform="partner" minimumRole="super-admin">
        <p>admin</p>
      </ProtectedRoute>,
    );
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('Required role: super-admin')).toBeInTheDocument();
    expect(screen.getByText('Your role: power-user')).toBeInTheDocument();
    expect(screen.queryByText('admin')).not.toBeInTheDocument();
  });

  it('lets a user with the role through', async () => {
    state.session = signedIn;
    state.role = 'super-admin';
    renderAt(
      '/partner-admin',
      <ProtectedRoute platform="partner" minimumRole="super-admin">
        <p>admin</p>
      </ProtectedRoute>,
    );
    expect(await screen.findByText('admin')).toBeInTheDocument();
  });
});

describe('RoleGuard with a permission', () => {
  it('treats a user without a role row as read-user and denies manage-users', async () => {
    state.session = signedIn;
    state.role = null;
    renderAt(
      '/users',
      <RoleGuard platform="ticketing" permission="manage-users">
        <p>users</p>
      </RoleGuard>,
    );
    expect(await screen.findByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.queryByText('users')).not.toBeInTheDocument();
  });

  it('allows view-reports to a read-user', async () => {
    state.session = signedIn;
    state.role = null;
    renderAt(
      '/reports',
      <RoleGuard platform="ticketing" permission="view-reports">
        <p>reports</p>
      </RoleGuard>,
    );
    expect(await screen.findByText('reports')).toBeInTheDocument();
  });
});
