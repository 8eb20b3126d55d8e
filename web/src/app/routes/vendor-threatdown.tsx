import { ExternalLink, Gauge, Layers, Mail, ShieldCheck, Zap } from 'lucide-react';
import { paths } from '@/config/paths';
import { company } from '@/config/company';
import { Section } from '@/components/layouts/section';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { VendorHero } from '@/features/vendors/components/vendor-hero';
import { FeatureGrid } from '@/features/vendors/components/feature-grid';
import { VendorCta } from '@/features/vendors/components/vendor-cta';
import { ThreatdownSolutions } from '@/features/vendors/components/threatdown-solutions';

// The datasheets and reports live in ThreatDown's resource library, which has no stable per-document address,
// so each entry says it opens the library rather than promising a PDF download.
const resourceLibrary = 'https://www.threatdown.com/resources/';

const downloads = [
  { title: 'ThreatDown Endpoint Protection Datasheet', kind: 'Datasheet' },
  { title: 'ThreatDown EDR Datasheet', kind: 'Datasheet' },
  { title: 'ThreatDown MDR Service Overview', kind: 'Datasheet' },
  { title: 'State of Malware Report', kind: 'Report' },
];

const features = [
  { Icon: ShieldCheck, title: '99.9% detection rate', text: 'Independent testing confirms protection against known and unknown threats.' },
  { Icon: Zap, title: 'Deploys in minutes', text: 'A single lightweight agent and cloud console with no on-premises servers.' },
  { Icon: Gauge, title: 'Built for lean teams', text: 'Automated remediation and MDR options reduce the load on small IT teams.' },
  { Icon: Layers, title: 'One platform', text: 'Protection, EDR, vulnerability and patch management, and MDR in one bundle.' },
];

export function VendorThreatdownRoute() {
  return (
    <>
      <VendorHero
        category="Endpoint Protection"
        title="ThreatDown: powerfully simple endpoint security"
        actions={
          <>
            <ButtonLink to={paths.contact} size="lg">
              Request a Quote
            </ButtonLink>
            <a
              href={`mailto:${company.salesEmail}?subject=ThreatDown%20enquiry`}
              className={buttonClasses('outline', 'lg', 'border-white/40 text-white hover:bg-white/10 dark:text-white')}
            >
              <Mail aria-hidden="true" className="h-4 w-4" />
              Talk to Expert
            </a>
          </>
        }
      >
        From the makers of Malwarebytes, ThreatDown delivers award-winning prevention, detection and response that
        small and mid-sized security teams across the GCC can run with confidence.
      </VendorHero>
      <Section title="Why ThreatDown">
        <FeatureGrid features={features} columns={4} />
      </Section>
      <Section
        title="Solutions"
        intro="Hover over a solution to see what it delivers."
        className="bg-slate-50 dark:bg-navy-900/40"
      >
        <ThreatdownSolutions />
      </Section>
      <Section title="Reports and datasheets" intro="Find the latest product documentation and research in the ThreatDown resource library.">
        <ul className="grid gap-4 md:grid-cols-2">
          {downloads.map((item) => (
            <li key={item.title}>
              <Card className="flex items-center justify-between gap-4">
                <div>
                  <p className="font-semibold">{item.title}</p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{item.kind} in the ThreatDown resource library</p>
                </div>
                <a
                  href={resourceLibrary}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('outline', 'sm')}
                  aria-label={`Find ${item.title} in the ThreatDown resource library (opens in a new tab)`}
                >
                  <ExternalLink aria-hidden="true" className="h-4 w-4" />
                  Resource Library
                </a>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <VendorCta
        title="Protect your endpoints with ThreatDown"
        text="Our certified engineers will size, deploy and tune ThreatDown for your environment."
        action="Get Started"
      />
    </>
  );
}
