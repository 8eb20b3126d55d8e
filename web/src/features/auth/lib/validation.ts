import { isValidEmail } from '@/lib/email';
import { minimumPasswordLength, passwordStrength } from './password-strength';

export type LoginValues = { email: string; password: string };
export type SignUpValues = LoginValues & { fullName: string };

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Email is required';
  if (!isValidEmail(email)) return 'Please enter a valid email address';
  return undefined;
}

function passwordError(password: string): string | undefined {
  if (!password) return 'Password is required';
  if (password.length < minimumPasswordLength) return 'Password must be at least 6 characters';
  return undefined;
}

function compact<T>(errors: FieldErrors<T>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<T>;
}

export function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  return compact<LoginValues>({ email: emailError(values.email), password: passwordError(values.password) });
}

export function validateSignUp(values: SignUpValues): FieldErrors<SignUpValues> {
  const password =
    passwordError(values.password) ??
    (passwordStrength(values.password) === 'weak' ? 'Please choose a stronger password' : undefined);
  return compact<SignUpValues>({
    fullName: values.fullName.trim().length < 2 ? 'Full name must be at least 2 characters' : undefined,
    email: emailError(values.email),
    password,
  });
}
