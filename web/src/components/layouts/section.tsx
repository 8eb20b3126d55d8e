import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

type SectionProps = {
  title?: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
};

export function Section({ title, intro, children, className, id }: SectionProps) {
  return (
    <section id={id} className={cn('py-16 sm:py-20', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {title && <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>}
        {intro && <div className="mt-3 max-w-3xl text-slate-600 dark:text-slate-300">{intro}</div>}
        <div className={cn(title || intro ? 'mt-10' : undefined)}>{children}</div>
      </div>
    </section>
  );
}
