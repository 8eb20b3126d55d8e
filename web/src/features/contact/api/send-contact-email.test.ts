import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { sendContactEmail } from './send-contact-email';

const invoke = vi.fn();

vi.mock('@/lib/supabase', () => ({ partnerClient: { functions: { invoke: (...args: unknown[]) => invoke(...args) } } }));

const body = {
  name: 'Omar Haddad',
  email: 'omar@example.ae',
  company: '',
  phone: '',
  service: 'Other',
  message: 'Hello',
};

describe('sendContactEmail', () => {
  beforeEach(() => invoke.mockReset());

  it('invokes send-contact-email with the form as body', async () => {
    invoke.mockResolvedValue({ data: { success: true }, error: null });
    await expect(sendContactEmail(body)).resolves.toBe('sent');
    expect(invoke).toHaveBeenCalledWith('send-contact-email', { body });
  });

  it('reports a 429 as rate limited', async () => {
    invoke.mockResolvedValue({ data: null, error: new FunctionsHttpError(new Response('{}', { status: 429 })) });
    await expect(sendContactEmail(body)).resolves.toBe('rate-limited');
  });

  it('reports any other failure as failed', async () => {
    invoke.mockResolvedValue({ data: null, error: new FunctionsHttpError(new Response('{}', { status: 500 })) });
    await expect(sendContactEmail(body)).resolves.toBe('failed');
    invoke.mockResolvedValue({ data: null, error: new FunctionsFetchError('offline') });
    await expect(sendContactEmail(body)).resolves.toBe('failed');
  });
});
