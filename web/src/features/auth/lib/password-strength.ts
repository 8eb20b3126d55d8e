export type PasswordStrength = 'weak' | 'medium' | 'strong';

export const minimumPasswordLength = 6;

export const strengthHints: Record<PasswordStrength, string> = {
  weak: 'Weak password - add uppercase, numbers, and symbols',
  medium: 'Medium strength - consider adding more complexity',
  strong: 'Strong password',
};

export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= 8) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[^a-zA-Z0-9]/.test(password)) score += 1;
  return score;
}

export function passwordStrength(password: string): PasswordStrength {
  if (password.length < minimumPasswordLength) return 'weak';
  const score = passwordScore(password);
  if (score < 2) return 'weak';
  if (score === 2) return 'medium';
  return 'strong';
}
