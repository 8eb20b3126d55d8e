import { cn } from '@/components/ui/cn';
import { adminBadgeClasses, normaliseStatus } from '../lib/partner-status';

export function StatusBadge({ status }: { status: string }) {
  const value = normaliseStatus(status);
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', adminBadgeClasses[value])}>
      {value}
    </span>
  );
}
