import { paths } from '@/config/paths';
import { PageHeader } from '@/components/layouts/page-header';
import { Section } from '@/components/layouts/section';
import { ButtonLink } from '@/components/ui/button';
import { services } from '@/features/services/data/services';
import { SecurityFramework } from '@/features/services/components/security-framework';
import { ServiceCards } from '@/features/services/components/service-cards';

export function ServicesRoute() {
  return (
    <>
      <PageHeader eyebrow="Services" title="A layered framework for cyber resilience">
        From the first assessment to round-the-clock monitoring, our services wrap around nine core security
        capabilities to protect what matters most to your organisation.
      </PageHeader>
      <Section
        title="The GulfSec Security Framework"
        intro="Three layers: the resilience of your business at the centre, the capabilities that protect it in the inner ring, and the services that deliver them in the outer ring."
      >
        <SecurityFramework />
      </Section>
      <Section title="Our Services" className="bg-slate-50 dark:bg-navy-900/40">
        <ServiceCards items={services} />
        <div className="mt-10 flex flex-wrap gap-3">
          <ButtonLink to={paths.contact} size="lg">
            Discuss Your Requirements
          </ButtonLink>
          <ButtonLink to={paths.budgetCalculator} variant="outline" size="lg">
            Estimate Your Budget
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
