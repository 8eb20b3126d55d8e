import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message';
import type { Platform } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { validateLogin, type FieldErrors, type LoginValues } from '../lib/validation';

type SignInFormProps = { platform: Platform; email: string; onEmailChange: (email: string) => void };

export function SignInForm({ platform, email, onEmailChange }: SignInFormProps) {
  const { signIn } = useAuth(platform);
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const ok = await signIn(email.trim(), password);
      if (ok) {
        toast({ description: 'Login successful! Redirecting...', variant: 'success' });
      } else {
        toast({ description: 'Invalid email or password. Please try again.', variant: 'destructive' });
      }
    } catch (error) {
      const message = errorMessage(error, 'Login failed. Please try again.');
      toast({ description: message, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="signin-email" label="Email" error={errors.email}>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          disabled={submitting}
          invalid={Boolean(errors.email)}
          placeholder="you@company.com"
        />
      </Field>
      <Field id="signin-password" label="Password" error={errors.password}>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={submitting}
          invalid={Boolean(errors.password)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
