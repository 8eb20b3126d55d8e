import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastProvider } from '@/components/ui/toast';
import { registerForEvent } from '../api/register-for-event';
import { sendEventConfirmation } from '../api/send-event-confirmation';
import { EventRegistrationForm } from './event-registration-form';

vi.mock('../api/register-for-event', () => ({ registerForEvent: vi.fn() }));
vi.mock('../api/send-event-confirmation', () => ({ sendEventConfirmation: vi.fn() }));

function renderForm(onRegistered = vi.fn()) {
  render(
    <ToastProvider>
      <EventRegistrationForm onRegistered={onRegistered} />
    </ToastProvider>,
  );
  return onRegistered;
}

function fill(email: string) {
  fireEvent.change(screen.getByLabelText('First Name *'), { target: { value: 'Mariam' } });
  fireEvent.change(screen.getByLabelText('Last Name *'), { target: { value: 'Qasimi' } });
  fireEvent.change(screen.getByLabelText('Email *'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '+971 50 123 4567' } });
  fireEvent.change(screen.getByLabelText('Company Name *'), { target: { value: 'Pearl Bay Bank' } });
}

describe('EventRegistrationForm', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows per-field errors, focuses the first, and clears an error when its field is edited', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(screen.getByText('Please fix the errors in the form.')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name *')).toHaveFocus();
    expect(screen.getByText('First name must be at least 2 characters')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('First Name *'), { target: { value: 'M' } });
    expect(screen.queryByText('First name must be at least 2 characters')).not.toBeInTheDocument();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeInTheDocument();
  });

  it('registers, then asks for the confirmation mail with the normalised values', async () => {
    vi.mocked(registerForEvent).mockResolvedValueOnce();
    vi.mocked(sendEventConfirmation).mockResolvedValueOnce(true);
    const onRegistered = renderForm();
    fill(' Mariam@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Register Now' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('mariam@example.com', true));
    expect(sendEventConfirmation).toHaveBeenCalledWith({
      firstName: 'Mariam',
      lastName: 'Qasimi',
      email: 'mariam@example.com',
      companyName: 'Pearl Bay Bank',
    });
  });

  it('maps a duplicate to its message and stops a sixth attempt within the minute', async () => {
    vi.mocked(registerForEvent).mockRejectedValue({ message: 'duplicate key value violates unique constraint' });
    renderForm();
    fill('limit@example.com');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Register Now' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled());
    }
    expect(screen.getAllByText('This email has already been registered for this event')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(screen.getByText(/^Please wait \d+ seconds before submitting again$/)).toBeInTheDocument();
    expect(registerForEvent).toHaveBeenCalledTimes(5);
  });
});
