import type { ReactNode } from 'react';
import { BackToVendors } from './back-to-vendors';

type VendorHeroProps = { category: string; title: string; children: ReactNode; actions?: ReactNode };

export function VendorHero({ category, title, children, actions }: VendorHeroProps) {
  return (
    <section className="bg-gradient-to-br from-navy-950 via-navy-900 to-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <BackToVendors />
        <p className="mt-8 text-sm font-semibold uppercase tracking-widest text-brand-300">{category}</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">{title}</h1>
        <div className="mt-5 max-w-3xl text-lg text-slate-200">{children}</div>
        {actions && <div className="mt-8 flex flex-wrap gap-3">{actions}</div>}
      </div>
    </section>
  );
}
