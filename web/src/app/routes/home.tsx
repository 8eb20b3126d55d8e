import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { paths } from '@/config/paths';
import { Section } from '@/components/layouts/section';
import { HomeHero } from '@/features/home/components/home-hero';
import { Offerings } from '@/features/home/components/offerings';
import { StatsBand } from '@/features/home/components/stats-band';
import { PartnerCall } from '@/features/home/components/partner-call';
import { featuredVendors } from '@/features/vendors/data/vendors';
import { FeaturedVendorGrid } from '@/features/vendors/components/vendor-card';
import { services } from '@/features/services/data/services';
import { ServiceCards } from '@/features/services/components/service-cards';
import { articles } from '@/features/articles/data/articles';
import { ArticleGrid } from '@/features/articles/components/article-card';

const coreServiceIds = ['security-assessment', 'deployment-integration', 'managed-security', 'incident-response'];

function MoreLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="mt-8 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline dark:text-brand-400">
      {children} <ArrowRight aria-hidden="true" className="h-4 w-4" />
    </Link>
  );
}

export function HomeRoute() {
  return (
    <>
      <HomeHero />
      <Section
        title="What we offer"
        intro="More than a box-mover: we add engineering, enablement and local presence to every solution we distribute."
      >
        <Offerings />
      </Section>
      <Section
        title="Featured vendors"
        intro="Proven technologies from partners we trust, supported locally in the GCC."
        className="bg-slate-50 dark:bg-navy-900/40"
      >
        <FeaturedVendorGrid vendors={featuredVendors} />
        <MoreLink to={paths.vendors}>View all vendors</MoreLink>
      </Section>
      <Section title="Core services" intro="Expert services that turn great technology into real protection.">
        <ServiceCards columns={4} items={services.filter((service) => coreServiceIds.includes(service.id))} />
        <MoreLink to={paths.services}>Explore our services</MoreLink>
      </Section>
      <Section title="Our mission" className="bg-slate-50 dark:bg-navy-900/40">
        <div className="grid gap-8 md:grid-cols-2">
          <p className="text-lg text-slate-700 dark:text-slate-200">
            Our mission is to make enterprise-grade cybersecurity accessible to every organisation in the Gulf, from
            fast-growing SMEs to critical national infrastructure, by pairing the world&apos;s most effective security
            technologies with the regional expertise needed to deploy and run them well.
          </p>
          <p className="text-slate-600 dark:text-slate-300">
            We work exclusively through a network of trusted resellers, integrators and managed service providers,
            investing in their skills so that customers across the UAE, Saudi Arabia, Qatar, Kuwait, Bahrain and Oman
            receive consistent, high-quality protection.
          </p>
        </div>
      </Section>
      <StatsBand />
      <Section title="Latest articles" intro="Insights from our security specialists.">
        <ArticleGrid items={articles.slice(0, 3)} />
        <MoreLink to={paths.resources}>Browse all resources</MoreLink>
      </Section>
      <PartnerCall />
    </>
  );
}
