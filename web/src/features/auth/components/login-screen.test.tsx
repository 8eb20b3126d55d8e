import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastProvider } from '@/components/ui/toast';
import { LoginScreen } from './login-screen';

const auth = {
  session: null as object | null,
  loading: false,
  signIn: vi.fn(),
  signUp: vi.fn(),
};
const platforms: string[] = [];

vi.mock('@/lib/auth', () => ({
  useAuth: (platform: string) => {
    platforms.push(platform);
    return auth;
  },
}));

function renderLogin(entry: string | { pathname: string; search?: string; state?: unknown } = '/login') {
  const tree = () => (
    <MemoryRouter initialEntries={[entry]}>
      <ToastProvider>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/dashboard" element={<p>dashboard page</p>} />
          <Route path="/partner-profile" element={<p>profile page</p>} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>
  );
  const view = render(tree());
  return { rerender: () => view.rerender(tree()) };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginScreen', () => {
  beforeEach(() => {
    auth.session = null;
    auth.signIn.mockReset();
    auth.signUp.mockReset();
    platforms.length = 0;
  });

  it('is the ticketing login by default and the partner login for partner pages', () => {
    renderLogin();
    expect(screen.getByText('Secure Ticketing System')).toBeInTheDocument();
    expect(screen.getByText('Access your dashboard to manage tickets and reports')).toBeInTheDocument();
    expect(platforms.every((platform) => platform === 'ticketing')).toBe(true);
  });

  it('uses the partner client when the user came from a partner page', () => {
    renderLogin({ pathname: '/login', state: { from: { pathname: '/partner-portal' } } });
    expect(platforms.every((platform) => platform === 'partner')).toBe(true);
  });

  it('redirects a signed-in user to the page they came from', () => {
    auth.session = { user: { id: 'u1' } };
    renderLogin({ pathname: '/login', state: { from: { pathname: '/partner-profile' } } });
    expect(screen.getByText('profile page')).toBeInTheDocument();
  });

  it('stays on the login page when a page that just failed sent the user here with the same session', () => {
    auth.session = { user: { id: 'u1' }, access_token: 'held' };
    renderLogin({
      pathname: '/login',
      search: '?platform=partner',
      state: { from: { pathname: '/partner-profile' }, afterFailure: true },
    });
    expect(screen.queryByText('profile page')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('goes back to the failed page once the user signs in again', () => {
    auth.session = { user: { id: 'u1' }, access_token: 'held' };
    const { rerender } = renderLogin({
      pathname: '/login',
      state: { from: { pathname: '/partner-profile' }, afterFailure: true },
    });
    auth.session = { user: { id: 'u1' }, access_token: 'fresh' };
    rerender();
    expect(screen.getByText('profile page')).toBeInTheDocument();
  });

  it('redirects a signed-in user without a remembered page to /dashboard', () => {
    auth.session = { user: { id: 'u1' } };
    renderLogin();
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('shows the sign-in validation messages', () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('disables the form while signing in and reports a failed sign-in', async () => {
    let resolve: (value: boolean) => void = () => undefined;
    auth.signIn.mockReturnValue(new Promise<boolean>((done) => (resolve = done)));
    renderLogin();
    fill('Email', 'ops@example.ae');
    fill('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    resolve(false);
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeInTheDocument();
    expect(auth.signIn).toHaveBeenCalledWith('ops@example.ae', 'secret1');
  });

  it('shows the message of a sign-in exception', async () => {
    auth.signIn.mockRejectedValue(new Error('Email not confirmed'));
    renderLogin();
    fill('Email', 'ops@example.ae');
    fill('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email not confirmed')).toBeInTheDocument();
  });

  it('validates the sign-up form and rejects a weak password', () => {
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
    fill('Full Name', 'A');
    fill('Email', 'new@example.ae');
    fill('Password', 'abcdefgh');
    expect(screen.getByText('Weak password - add uppercase, numbers, and symbols')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Full name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please choose a stronger password')).toBeInTheDocument();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('returns to Sign In with the email prefilled after a sign-up', async () => {
    auth.signUp.mockResolvedValue({ error: null });
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
    fill('Full Name', ' Aisha Rahman ');
    fill('Email', 'aisha@example.ae');
    fill('Password', 'Str0ng!Pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('Account created successfully! Please check your email to confirm your account.'),
    ).toBeInTheDocument();
    expect(auth.signUp).toHaveBeenCalledWith('aisha@example.ae', 'Str0ng!Pass', 'Aisha Rahman');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('aisha@example.ae');
  });

  it('sends an already registered email to Sign In', async () => {
    auth.signUp.mockResolvedValue({ error: { message: 'User already registered', alreadyRegistered: true } });
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
    fill('Full Name', 'Aisha Rahman');
    fill('Email', 'aisha@example.ae');
    fill('Password', 'Str0ng!Pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('This email is already registered. Please login instead.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('aisha@example.ae');
  });

  it('shows other sign-up errors, or the fallback text', async () => {
    auth.signUp.mockResolvedValue({ error: { message: '', alreadyRegistered: false } });
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
    fill('Full Name', 'Aisha Rahman');
    fill('Email', 'aisha@example.ae');
    fill('Password', 'Str0ng!Pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Signup failed. Please try again.')).toBeInTheDocument();
  });
});
