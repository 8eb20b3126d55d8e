import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

export function StatCard({ label, value, Icon, hint }: { label: string; value: string | number; Icon: LucideIcon; hint?: string }) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</p>
        <Icon aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-400" />
      </div>
      <p className="mt-2 text-2xl font-bold" data-stat={label}>
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </Card>
  );
}
