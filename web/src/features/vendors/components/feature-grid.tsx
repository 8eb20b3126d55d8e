import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

export type Feature = { Icon: LucideIcon; title: string; text: string };

export function FeatureGrid({ features, columns = 3 }: { features: Feature[]; columns?: 2 | 3 | 4 }) {
  const grid = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-3', 4: 'md:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <div className={`grid gap-6 ${grid}`}>
      {features.map(({ Icon, title, text }) => (
        <Card key={title}>
          <Icon aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text}</p>
        </Card>
      ))}
    </div>
  );
}
