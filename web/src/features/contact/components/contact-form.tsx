import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { sendContactEmail } from '../api/send-contact-email';
import {
  contactLimits,
  contactServices,
  cooldownProblem,
  cooldownSecondsLeft,
  lastSubmissionStorageKey,
  sanitizeContact,
  validateContact,
  type ContactForm as ContactValues,
} from '../lib/contact-rules';

const sendFailed = {
  title: 'Error',
  description: 'Failed to send message. Please try again later or contact us directly.',
  variant: 'destructive',
} as const;

const emptyForm: ContactValues = { name: '', email: '', company: '', phone: '', service: '', message: '' };

function readLastSubmission(): number | null {
  const stored = Number(localStorage.getItem(lastSubmissionStorageKey));
  return stored > 0 ? stored : null;
}

export function ContactForm() {
  const { toast } = useToast();
  const [values, setValues] = useState<ContactValues>(emptyForm);
  const [sending, setSending] = useState(false);

  function update(field: keyof ContactValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const secondsLeft = cooldownSecondsLeft(readLastSubmission(), Date.now());
    const problem = secondsLeft > 0 ? cooldownProblem(secondsLeft) : validateContact(values);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      const outcome = await sendContactEmail(sanitizeContact(values));
      if (outcome === 'sent') {
        localStorage.setItem(lastSubmissionStorageKey, String(Date.now()));
        toast({ title: 'Message Sent!', description: "We'll get back to you within 24 hours.", variant: 'success' });
        setValues(emptyForm);
      } else if (outcome === 'rate-limited') {
        toast({
          title: 'Too Many Requests',
          description: 'Please wait before sending another message',
          variant: 'destructive',
        });
      } else {
        toast(sendFailed);
      }
    } catch {
      toast(sendFailed);
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name *">
          <Input
            id="contact-name"
            autoComplete="name"
            value={values.name}
            onChange={(event) => update('name', event.target.value)}
            disabled={sending}
            required
          />
        </Field>
        <Field id="contact-email" label="Email *">
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
            disabled={sending}
            required
          />
        </Field>
        <Field id="contact-company" label="Company">
          <Input
            id="contact-company"
            autoComplete="organization"
            value={values.company}
            onChange={(event) => update('company', event.target.value)}
            disabled={sending}
          />
        </Field>
        <Field id="contact-phone" label="Phone">
          <Input
            id="contact-phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(event) => update('phone', event.target.value)}
            disabled={sending}
          />
        </Field>
      </div>
      <Field id="contact-service" label="Service of Interest">
        <Select
          id="contact-service"
          value={values.service}
          onChange={(event) => update('service', event.target.value)}
          disabled={sending}
        >
          <option value="">Select a service</option>
          {contactServices.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="contact-message"
        label="Message *"
        hint={
          <p className="text-right text-xs text-slate-500 dark:text-slate-400">
            {values.message.length}/{contactLimits.message}
          </p>
        }
      >
        <Textarea
          id="contact-message"
          rows={6}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          disabled={sending}
          required
        />
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
