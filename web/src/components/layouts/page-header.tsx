import type { ReactNode } from 'react';

type PageHeaderProps = { eyebrow?: string; title: string; children?: ReactNode };

export function PageHeader({ eyebrow, title, children }: PageHeaderProps) {
  return (
    <section className="bg-gradient-to-br from-navy-950 via-navy-900 to-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-5 max-w-3xl text-lg text-slate-200">{children}</div>}
      </div>
    </section>
  );
}
