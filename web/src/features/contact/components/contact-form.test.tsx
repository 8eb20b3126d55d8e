import { fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider } from '@/components/ui/toast';
import { lastSubmissionStorageKey } from '../lib/contact-rules';
import { ContactForm } from './contact-form';

const send = vi.fn();

vi.mock('../api/send-contact-email', () => ({ sendContactEmail: (...args: unknown[]) => send(...args) }));

function fillAndSend(values: { name?: string; email?: string; message?: string }) {
  render(
    <ToastProvider>
      <ContactForm />
    </ToastProvider>,
  );
  fireEvent.change(screen.getByLabelText('Name *'), { target: { value: values.name ?? '' } });
  fireEvent.change(screen.getByLabelText('Email *'), { target: { value: values.email ?? '' } });
  fireEvent.change(screen.getByLabelText('Message *'), { target: { value: values.message ?? '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
}

const valid = { name: ' Omar ', email: ' Omar@Example.AE ', message: 'Please call me.' };

describe('ContactForm', () => {
  beforeEach(() => {
    send.mockReset();
    localStorage.clear();
  });

  it('refuses an incomplete form without calling the function', async () => {
    fillAndSend({ name: 'Omar' });
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the cleaned form, confirms and starts the cooldown', async () => {
    send.mockResolvedValue('sent');
    fillAndSend(valid);
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({
      name: 'Omar',
      email: 'omar@example.ae',
      company: '',
      phone: '',
      service: '',
      message: 'Please call me.',
    });
    expect(Number(localStorage.getItem(lastSubmissionStorageKey))).toBeGreaterThan(0);
  });

  it('refuses a second message within 60 seconds', async () => {
    localStorage.setItem(lastSubmissionStorageKey, String(Date.now() - 15_000));
    fillAndSend(valid);
    expect(await screen.findByText('Please Wait')).toBeInTheDocument();
    expect(screen.getByText('Please wait 45 seconds before sending another message')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('reports a 429 as Too Many Requests', async () => {
    send.mockResolvedValue('rate-limited');
    fillAndSend(valid);
    expect(await screen.findByText('Too Many Requests')).toBeInTheDocument();
    expect(screen.getByText('Please wait before sending another message')).toBeInTheDocument();
    expect(localStorage.getItem(lastSubmissionStorageKey)).toBeNull();
  });

  it('reports any other failure', async () => {
    send.mockResolvedValue('failed');
    fillAndSend(valid);
    expect(await screen.findByText('Failed to send message. Please try again later or contact us directly.')).toBeInTheDocument();
  });
});
