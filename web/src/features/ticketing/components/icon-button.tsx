import type { LucideIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';

type IconButtonTone = 'neutral' | 'danger';

const tones: Record<IconButtonTone, string> = {
  neutral: 'rounded p-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-navy-800',
  danger: 'rounded p-1.5 text-red-600 hover:bg-red-50 dark:hover:bg-red-950',
};

type IconButtonProps = {
  label: string;
  Icon: LucideIcon;
  onClick: () => void;
  tone?: IconButtonTone;
  title?: string;
  className?: string;
};

const touchTarget = 'inline-flex items-center justify-center max-sm:min-w-11';

/** A row action shown as an icon only; `label` is its accessible name. */
export function IconButton({ label, Icon, onClick, tone = 'neutral', title, className }: IconButtonProps) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={title} className={cn(touchTarget, tones[tone], className)}>
      <Icon aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}
