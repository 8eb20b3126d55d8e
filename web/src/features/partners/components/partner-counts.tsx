import { useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { countPartners } from '../lib/admin-filters';
import type { Partner } from '../types';

export function PartnerCounts({ partners }: { partners: Partner[] }) {
  const counts = useMemo(() => countPartners(partners), [partners]);
  const counters = [
    { label: 'Total', value: counts.total, tone: 'text-slate-900 dark:text-white' },
    { label: 'Pending', value: counts.pending, tone: 'text-yellow-700 dark:text-yellow-400' },
    { label: 'Approved', value: counts.approved, tone: 'text-green-700 dark:text-green-400' },
    { label: 'Rejected', value: counts.rejected, tone: 'text-red-600 dark:text-red-400' },
    { label: 'Suspended', value: counts.suspended, tone: 'text-slate-500 dark:text-slate-400' },
  ];
  return (
    <ul aria-label="Partner counts" className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {counters.map((counter) => (
        <li key={counter.label}>
          <Card className="p-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">{counter.label}</p>
            <p className={`text-2xl font-bold ${counter.tone}`} data-testid={`count-${counter.label.toLowerCase()}`}>
              {counter.value}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
