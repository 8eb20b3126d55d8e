import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';

type VendorCtaProps = { title: string; text: string; action?: string; extra?: ReactNode };

export function VendorCta({ title, text, action = 'Contact Our Team', extra }: VendorCtaProps) {
  return (
    <section className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>
          <p className="mt-2 max-w-2xl text-brand-50">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={paths.contact} variant="secondary" size="lg">
            {action}
          </ButtonLink>
          {extra}
        </div>
      </div>
    </section>
  );
}
