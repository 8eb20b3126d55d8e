import { Link } from 'react-router-dom';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import type { VendorSummary } from '../data/vendors';

export function VendorCard({ vendor }: { vendor: VendorSummary }) {
  return (
    <Card className="flex h-full flex-col">
      <p className="text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
        {vendor.category}
      </p>
      <h3 className="mt-2 text-2xl font-bold">{vendor.name}</h3>
      <p className="mt-3 flex-1 text-sm text-slate-600 dark:text-slate-300">{vendor.summary}</p>
      <ul className="mt-4 space-y-1.5 text-sm">
        {vendor.highlights.map((highlight) => (
          <li key={highlight} className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-brand-700 dark:text-brand-400" />
            {highlight}
          </li>
        ))}
      </ul>
      <Link
        to={vendor.path}
        className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline dark:text-brand-400"
        aria-label={`Learn more about ${vendor.name}`}
      >
        Learn more <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </Card>
  );
}

export function FeaturedVendorGrid({ vendors }: { vendors: VendorSummary[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {vendors.map((vendor) => (
        <VendorCard key={vendor.slug} vendor={vendor} />
      ))}
    </div>
  );
}
