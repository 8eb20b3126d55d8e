import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import type { BannerTone } from '../lib/partner-status';

const tones: Record<BannerTone, { classes: string; Icon: typeof Info }> = {
  info: {
    classes: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
    Icon: Info,
  },
  success: {
    classes: 'border-green-200 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
    Icon: CheckCircle2,
  },
  error: {
    classes: 'border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    Icon: XCircle,
  },
  warning: {
    classes:
      'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
    Icon: AlertTriangle,
  },
};

export function StatusBanner({ tone, message }: { tone: BannerTone; message: string }) {
  const { classes, Icon } = tones[tone];
  return (
    <div role="status" data-tone={tone} className={cn('flex gap-3 rounded-lg border p-4', classes)}>
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
