import { cn } from '@/components/ui/cn';
import { passwordStrength, strengthHints, type PasswordStrength } from '../lib/password-strength';

const filled: Record<PasswordStrength, number> = { weak: 1, medium: 2, strong: 3 };
const colour: Record<PasswordStrength, string> = {
  weak: 'bg-red-500',
  medium: 'bg-yellow-500',
  strong: 'bg-green-500',
};
const textColour: Record<PasswordStrength, string> = {
  weak: 'text-red-600 dark:text-red-400',
  medium: 'text-yellow-700 dark:text-yellow-400',
  strong: 'text-green-700 dark:text-green-400',
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div className="space-y-1" data-strength={strength}>
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3].map((segment) => (
          <span
            key={segment}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              segment <= filled[strength] ? colour[strength] : 'bg-slate-200 dark:bg-slate-700',
            )}
          />
        ))}
      </div>
      <p className={cn('text-xs', textColour[strength])} aria-live="polite">
        {strengthHints[strength]}
      </p>
    </div>
  );
}
