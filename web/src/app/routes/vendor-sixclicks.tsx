import {
  Bot,
  Building2,
  CheckCircle2,
  ClipboardCheck,
  FileText,
  Gauge,
  Layers,
  Library,
  ShieldCheck,
  Sparkles,
  Workflow,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { Section } from '@/components/layouts/section';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { VendorHero } from '@/features/vendors/components/vendor-hero';
import { FeatureGrid } from '@/features/vendors/components/feature-grid';

const frameworks = ['ISO 27001', 'SOC 2', 'NIST', 'GDPR', 'HIPAA', 'PCI DSS', 'SOX', 'CMMC', 'NIS2'];

const capabilities = [
  { Icon: ClipboardCheck, title: 'Audit & assessment', text: 'Run control assessments and audits with evidence collected in one place.' },
  { Icon: Gauge, title: 'Risk management', text: 'Identify, score and treat risks with registers linked to controls and assets.' },
  { Icon: Library, title: 'Content library', text: 'Pre-built frameworks, policies and control sets mapped across standards.' },
  { Icon: Workflow, title: 'Workflow automation', text: 'Automate tasks, reminders and approvals across teams and business units.' },
  { Icon: FileText, title: 'Policy management', text: 'Author, approve and publish policies with attestation tracking.' },
  { Icon: Layers, title: 'Hub & spoke', text: 'Manage many entities, subsidiaries or clients from one central tenant.' },
];

const solutions = [
  {
    Icon: Building2,
    title: 'For enterprises',
    features: ['Multi-entity governance', 'Board-ready reporting', 'Third-party risk management', 'Continuous control monitoring'],
  },
  {
    Icon: ShieldCheck,
    title: 'For government',
    features: ['National framework mappings', 'Data residency options', 'Agency-wide assurance', 'Incident and issue tracking'],
  },
  {
    Icon: Sparkles,
    title: 'For advisors & MSPs',
    features: ['Client portfolio view', 'Reusable assessment templates', 'White-label reporting', 'Automated evidence requests'],
  },
];

const reasons = [
  'Support for 100+ frameworks, including FedRAMP, TISAX and DORA alongside regional standards',
  'AI that cuts assessment and mapping effort dramatically',
  'One platform for compliance, risk, audit and policy',
  'Local implementation and support from GulfSec Distribution',
];

export function VendorSixclicksRoute() {
  return (
    <>
      <VendorHero
        category="AI-powered GRC"
        title="6clicks: AI-powered governance, risk and compliance"
        actions={
          <>
            <Button size="lg">Start Free Trial</Button>
            <Button size="lg" variant="outline" className="border-white/40 text-white hover:bg-white/10 dark:text-white">
              Visit Site
            </Button>
          </>
        }
      >
        Simplify compliance across multiple standards, automate risk management and give your board a live view of
        cyber posture, with an AI engine built for GRC.
      </VendorHero>
      <Section title="Supported frameworks" intro="6clicks supports 100+ frameworks out of the box, including:">
        <ul className="flex flex-wrap gap-3">
          {frameworks.map((framework) => (
            <li
              key={framework}
              className="rounded-full border border-brand-300 bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 dark:border-brand-700 dark:bg-brand-900/40 dark:text-brand-200"
            >
              {framework}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Capabilities" className="bg-slate-50 dark:bg-navy-900/40">
        <FeatureGrid features={capabilities} />
      </Section>
      <Section>
        <div className="grid items-center gap-10 md:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-400">AI assistant</p>
            <h2 className="mt-2 text-2xl font-bold sm:text-3xl">Meet Hailey, your GRC co-pilot</h2>
            <p className="mt-4 text-slate-600 dark:text-slate-300">
              Hailey maps controls between frameworks, drafts policies, answers assessment questions and highlights
              gaps, turning weeks of manual effort into hours while keeping experts in control of every decision.
            </p>
          </div>
          <Card className="flex items-start gap-4">
            <Bot aria-hidden="true" className="h-10 w-10 shrink-0 text-brand-700 dark:text-brand-400" />
            <ul className="space-y-2 text-sm">
              {['Automated control mapping', 'Policy drafting and review', 'Assessment auto-responses', 'Gap and risk insights'].map(
                (item) => (
                  <li key={item} className="flex items-center gap-2">
                    <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-brand-700 dark:text-brand-400" />
                    {item}
                  </li>
                ),
              )}
            </ul>
          </Card>
        </div>
      </Section>
      <Section title="Solutions" className="bg-slate-50 dark:bg-navy-900/40">
        <div className="grid gap-6 md:grid-cols-3">
          {solutions.map(({ Icon, title, features }) => (
            <Card key={title}>
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
              <h3 className="mt-4 text-lg font-bold">{title}</h3>
              <ul className="mt-3 space-y-1.5 text-sm">
                {features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" />
                    {feature}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </Section>
      <Section title="Why choose 6clicks">
        <ul className="grid gap-4 md:grid-cols-2">
          {reasons.map((reason) => (
            <li key={reason} className="flex items-start gap-3">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-400" />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </Section>
      <section className="bg-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 lg:px-8">
          <h2 className="text-2xl font-bold sm:text-3xl">Ready to transform your GRC programme?</h2>
          <p className="mx-auto mt-2 max-w-2xl text-brand-50">
            See how 6clicks can streamline compliance for your organisation.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.contact} variant="secondary" size="lg">
              Contact Sales
            </ButtonLink>
            <Button size="lg" variant="outline" className="border-white/40 text-white hover:bg-white/10 dark:text-white">
              Schedule Demo
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
