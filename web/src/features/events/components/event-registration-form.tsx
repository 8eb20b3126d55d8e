import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { registerForEvent } from '../api/register-for-event';
import { sendEventConfirmation } from '../api/send-event-confirmation';
import { eventLimiter, limiterCleanupIntervalMs } from '../lib/attempt-limiter';
import {
  emptyEventValues,
  eventErrorMessage,
  eventMaxLengths,
  eventSuccessMessage,
  invalidFormMessage,
  rateLimitMessage,
  toEventInsert,
  validateEvent,
  type EventErrors,
  type EventValues,
} from '../lib/event-rules';

const fields: Array<{ name: keyof EventValues; label: string; type: string; autoComplete: string }> = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'companyName', label: 'Company Name', type: 'text', autoComplete: 'organization' },
];

type EventRegistrationFormProps = { onRegistered: (email: string, mailSent: boolean) => void };

export function EventRegistrationForm({ onRegistered }: EventRegistrationFormProps) {
  const { toast } = useToast();
  const [values, setValues] = useState<EventValues>(emptyEventValues);
  const [errors, setErrors] = useState<EventErrors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => eventLimiter.cleanup(Date.now()), limiterCleanupIntervalMs);
    return () => window.clearInterval(timer);
  }, []);

  function update(name: keyof EventValues, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateEvent(values);
    setErrors(found);
    const firstInvalid = fields.find((field) => found[field.name]);
    if (firstInvalid) {
      document.getElementById(`event-${firstInvalid.name}`)?.focus();
      toast({ description: invalidFormMessage, variant: 'destructive' });
      return;
    }
    const insert = toEventInsert(values);
    const limit = eventLimiter.attempt(insert.email, Date.now());
    if (!limit.allowed) {
      toast({ description: rateLimitMessage(limit.retryAfterSeconds), variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      await registerForEvent(insert);
    } catch (error) {
      toast({ description: eventErrorMessage((error as { message?: string }).message), variant: 'destructive' });
      setSubmitting(false);
      return;
    }
    const mailSent = await sendEventConfirmation({
      firstName: insert.first_name,
      lastName: insert.last_name,
      email: insert.email,
      companyName: insert.company_name,
    });
    toast({ description: eventSuccessMessage, variant: 'success' });
    setSubmitting(false);
    setValues(emptyEventValues);
    onRegistered(insert.email, mailSent);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Event registration" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name} className={field.name === 'companyName' ? 'sm:col-span-2' : undefined}>
            <Field id={`event-${field.name}`} label={`${field.label} *`} error={errors[field.name]}>
              <Input
                id={`event-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required
                maxLength={eventMaxLengths[field.name]}
                value={values[field.name]}
                onChange={(event) => update(field.name, event.target.value)}
                disabled={submitting}
                invalid={Boolean(errors[field.name])}
              />
            </Field>
          </div>
        ))}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Register Now'}
      </Button>
    </form>
  );
}
