import { CheckCircle2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import type { Service } from '../data/services';

const gridColumns = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' } as const;

export function ServiceCards({ items, columns = 3 }: { items: Service[]; columns?: 3 | 4 }) {
  return (
    <div className={`grid gap-6 md:grid-cols-2 ${gridColumns[columns]}`}>
      {items.map(({ id, title, description, Icon, points }) => (
        <Card key={id} className="flex flex-col">
          <Icon aria-hidden="true" className="h-9 w-9 text-brand-700 dark:text-brand-400" />
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>
          <ul className="mt-4 space-y-1.5 text-sm">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" />
                {point}
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}
