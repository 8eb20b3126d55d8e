import { Award, Globe2, HeartHandshake, Lightbulb, MapPin, Users } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/layouts/page-header';
import { Section } from '@/components/layouts/section';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const values = [
  { Icon: HeartHandshake, title: 'Partner first', text: 'We never compete with our channel. Our success is measured by the growth of our partners.' },
  { Icon: Award, title: 'Technical excellence', text: 'Certified engineers on every vendor we carry, with hands-on labs for proofs of concept.' },
  { Icon: Lightbulb, title: 'Honest advice', text: 'We recommend what fits the risk and the budget, not what carries the biggest margin.' },
  { Icon: Globe2, title: 'Regional focus', text: 'Built in Dubai for the GCC, with an understanding of local regulation, culture and procurement.' },
];

const milestones = [
  { year: '2016', text: 'Founded in Dubai with a focus on endpoint security for UAE businesses.' },
  { year: '2019', text: 'Expanded into Saudi Arabia and Qatar and launched the partner enablement programme.' },
  { year: '2022', text: 'Added threat intelligence and open-source XDR to the portfolio.' },
  { year: '2024', text: 'Introduced GRC and compliance automation for regulated sectors across the GCC.' },
];

export function AboutRoute() {
  return (
    <>
      <PageHeader eyebrow="About us" title="The GCC's value-added cybersecurity distributor">
        GulfSec Distribution connects leading security vendors with the resellers, integrators and managed service
        providers who protect organisations across the Gulf.
      </PageHeader>
      <Section title="Who we are">
        <div className="grid gap-8 md:grid-cols-2">
          <div className="space-y-4 text-slate-700 dark:text-slate-300">
            <p>
              Headquartered in Dubai&apos;s Business Bay, GulfSec Distribution is a specialist value-added distributor
              serving the six GCC states. We select a focused portfolio of security technologies, then invest in
              the people, labs and processes that help our partners sell, deploy and support them successfully.
            </p>
            <p>
              Our team combines decades of experience in security operations, pre-sales engineering and channel
              management. We speak our customers&apos; languages, understand their regulators and work in their time
              zone.
            </p>
          </div>
          <div className="grid grid-cols-2 gap-4">
            <Card className="text-center">
              <Users aria-hidden="true" className="mx-auto h-8 w-8 text-brand-700 dark:text-brand-400" />
              <p className="mt-2 text-3xl font-bold">100+</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">Protected businesses</p>
            </Card>
            <Card className="text-center">
              <MapPin aria-hidden="true" className="mx-auto h-8 w-8 text-brand-700 dark:text-brand-400" />
              <p className="mt-2 text-3xl font-bold">6</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">GCC markets served</p>
            </Card>
            <Card className="col-span-2 text-center">
              <p className="text-3xl font-bold">24/7</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">Monitoring and emergency response</p>
            </Card>
          </div>
        </div>
      </Section>
      <Section title="Our values" className="bg-slate-50 dark:bg-navy-900/40">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map(({ Icon, title, text }) => (
            <Card key={title}>
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
              <h3 className="mt-4 font-bold">{title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text}</p>
            </Card>
          ))}
        </div>
      </Section>
      <Section title="Our journey">
        <ol className="relative space-y-8 border-l-2 border-brand-200 pl-6 dark:border-brand-800">
          {milestones.map((milestone) => (
            <li key={milestone.year}>
              <p className="font-bold text-brand-700 dark:text-brand-400">{milestone.year}</p>
              <p className="text-slate-700 dark:text-slate-300">{milestone.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 flex flex-wrap gap-3">
          <ButtonLink to={paths.partnerRegistration} size="lg">
            Become a Partner
          </ButtonLink>
          <ButtonLink to={paths.contact} size="lg" variant="outline">
            Contact Us
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
