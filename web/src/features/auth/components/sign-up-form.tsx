import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message';
import type { Platform } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { validateSignUp, type FieldErrors, type SignUpValues } from '../lib/validation';
import { PasswordStrengthMeter } from './password-strength-meter';

type SignUpFormProps = { platform: Platform; onDone: (email: string) => void };

export function SignUpForm({ platform, onDone }: SignUpFormProps) {
  const { signUp } = useAuth(platform);
  const { toast } = useToast();
  const [values, setValues] = useState<SignUpValues>({ fullName: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<SignUpValues>>({});
  const [submitting, setSubmitting] = useState(false);

  function update(field: keyof SignUpValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const email = values.email.trim();
    try {
      const { error } = await signUp(email, values.password, values.fullName.trim());
      if (!error) {
        toast({
          description: 'Account created successfully! Please check your email to confirm your account.',
          variant: 'success',
        });
        onDone(email);
      } else if (error.alreadyRegistered) {
        toast({ description: 'This email is already registered. Please login instead.', variant: 'destructive' });
        onDone(email);
      } else {
        toast({ description: errorMessage(error, 'Signup failed. Please try again.'), variant: 'destructive' });
      }
    } catch (error) {
      const message = errorMessage(error, 'Signup failed. Please try again.');
      toast({ description: message, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="signup-name" label="Full Name" error={errors.fullName}>
        <Input
          id="signup-name"
          autoComplete="name"
          value={values.fullName}
          onChange={(event) => update('fullName', event.target.value)}
          disabled={submitting}
          invalid={Boolean(errors.fullName)}
        />
      </Field>
      <Field id="signup-email" label="Email" error={errors.email}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          disabled={submitting}
          invalid={Boolean(errors.email)}
          placeholder="you@company.com"
        />
      </Field>
      <Field
        id="signup-password"
        label="Password"
        error={errors.password}
        hint={<PasswordStrengthMeter password={values.password} />}
      >
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
          disabled={submitting}
          invalid={Boolean(errors.password)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
