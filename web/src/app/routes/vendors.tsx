import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/layouts/page-header';
import { Section } from '@/components/layouts/section';
import { Card } from '@/components/ui/card';
import { featuredVendors } from '@/features/vendors/data/vendors';
import { FeaturedVendorGrid } from '@/features/vendors/components/vendor-card';

export function VendorsRoute() {
  return (
    <>
      <PageHeader eyebrow="Vendors" title="Technology partners we stand behind">
        A focused portfolio covering endpoint protection, threat intelligence, detection and response, and
        compliance, each backed by certified local engineers.
      </PageHeader>
      <Section title="Featured vendors">
        <FeaturedVendorGrid vendors={featuredVendors} />
      </Section>
      <Section className="bg-slate-50 dark:bg-navy-900/40" title="Also in our portfolio">
        <Card className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
              AI-powered GRC
            </p>
            <h3 className="mt-1 text-xl font-bold">6clicks</h3>
            <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
              Governance, risk and compliance automation with support for 100+ frameworks and an AI assistant that
              accelerates assessments.
            </p>
          </div>
          <Link
            to={paths.vendorSixclicks}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline dark:text-brand-400"
            aria-label="Learn more about 6clicks"
          >
            Learn more <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </Card>
      </Section>
    </>
  );
}
